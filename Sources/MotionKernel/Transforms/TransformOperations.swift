/// A transform function list read like the CSS `transform` property: the net matrix is the
/// product of the operations' matrices, and the **last** operation in the list is applied to a
/// point **first** (CSS post-multiplies column-vector matrices; in `Transform3D`'s row-vector
/// form the matrix is opₙ · … · op₂ · op₁). So `[translate(100, 0, 0), scale(2, 2, 1)]` maps
/// (1, 0) to (102, 0). The empty list is CSS `none`.
public struct TransformOperations<T: MotionScalar>: Sendable, Hashable {
    /// The operations, in CSS order.
    public let operations: [TransformOperation<T>]

    /// A validated list.
    /// - Throws: `invalidValue` naming `operations[i].<parameter>` for a non-finite parameter
    ///   or a perspective distance ≤ 0.
    @inlinable
    public init(_ operations: [TransformOperation<T>]) throws {
        for (i, op) in operations.enumerated() { try op.validate(path: "operations[\(i)]") }
        self.operations = operations
    }

    @inlinable
    init(unchecked operations: [TransformOperation<T>]) {
        self.operations = operations
    }

    /// CSS `none`: the empty list.
    @inlinable
    public static var none: TransformOperations { TransformOperations(unchecked: []) }

    /// Whether the list is empty (CSS `none`).
    @inlinable
    public var isNone: Bool { operations.isEmpty }

    /// The same list in another precision (rounded to nearest).
    @inlinable
    public init<U: MotionScalar>(_ other: TransformOperations<U>) {
        self.init(unchecked: other.operations.map { TransformOperation<T>($0) })
    }

    /// The net matrix opₙ · … · op₁ (row-vector form; the last operation applies first).
    @inlinable
    public var matrix: Transform3D<T> {
        var m = Transform3D<T>.identity
        for op in operations { m = op.matrix.concatenating(m) }
        return m
    }

    /// Interpolates two lists as CSS Transforms Levels 1 and 2 do.
    ///
    /// - Both `none`: `none`.
    /// - One `none`: it stands for the identity functions of the other list's kinds.
    /// - Same length, or one list a prefix of the other by kind, each position having the same
    ///   kind: the shorter list is padded with identity functions and each pair interpolates on
    ///   its own — translate, scale and skew parameters linearly; `rotate` angles linearly when
    ///   the normalized axes agree or one angle is 0 (the non-zero angle's axis is used, or
    ///   (0, 0, 1) when both are 0), otherwise by matrix interpolation of that pair;
    ///   `perspective` and `matrix` pairs by matrix interpolation
    ///   (`Transform3D.interpolate`). This keeps whole turns: none → rotate(2π) turns a full
    ///   circle.
    /// - Otherwise: matrix interpolation of the two net matrices (one `.matrix` operation).
    ///
    /// Parameters are `(1 − t)·a + t·b`, so fraction 0 gives `from`'s parameters and 1 gives
    /// `to`'s exactly; fractions outside [0, 1] extrapolate.
    /// - Throws: `invalidValue` naming `fraction` (not finite, or an interpolated parameter or
    ///   matrix overflows: the reason names `operations[i]`), `from.operations[i]` /
    ///   `to.operations[i]` (a matrix pair whose decomposition overflows), or `from` / `to`
    ///   (lists of different kinds whose net matrix overflows or cannot be decomposed without
    ///   overflow); see `Transform3D.interpolate(from:to:fraction:)`.
    @inlinable
    public static func interpolate(from: TransformOperations, to: TransformOperations, fraction t: T) throws -> TransformOperations {
        try MotionKernelError.requireFinite(t, "fraction")
        let a = from.operations, b = to.operations
        if a.isEmpty && b.isEmpty { return .none }
        let common = min(a.count, b.count)
        var matching = true
        for i in 0..<common where !a[i].hasSameKind(as: b[i]) {
            matching = false
            break
        }
        guard matching else {
            return TransformOperations(unchecked: [.matrix(try Transform3D.interpolate(from: from.matrix, to: to.matrix, fraction: t))])
        }
        var out: [TransformOperation<T>] = []
        out.reserveCapacity(max(a.count, b.count))
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? a[i] : b[i].identityOfSameKind
            let y = i < b.count ? b[i] : a[i].identityOfSameKind
            let r: TransformOperation<T>
            do {
                r = try interpolatePair(x, y, t)
            } catch let e as MotionKernelError {
                if e.field == "fraction" {
                    throw MotionKernelError.invalidValue("fraction", "operations[\(i)]: \(e.reason)")
                }
                throw MotionKernelError(code: e.code, field: "\(e.field).operations[\(i)]", reason: e.reason)
            }
            do { try r.validate() } catch {
                throw MotionKernelError.invalidValue("fraction", "operations[\(i)]: interpolating the parameters at \(t) overflows")
            }
            out.append(r)
        }
        return TransformOperations(unchecked: out)
    }

    /// One pair of operations of the same kind (see `interpolate`).
    /// - Throws: as `Transform3D.interpolate(from:to:fraction:)` for pairs interpolated as matrices.
    @inlinable
    static func interpolatePair(_ x: TransformOperation<T>, _ y: TransformOperation<T>, _ t: T) throws -> TransformOperation<T> {
        let s = 1 - t
        switch (x, y) {
        case let (.translate(x0, y0, z0), .translate(x1, y1, z1)):
            return .translate(x: s * x0 + t * x1, y: s * y0 + t * y1, z: s * z0 + t * z1)
        case let (.scale(x0, y0, z0), .scale(x1, y1, z1)):
            return .scale(x: s * x0 + t * x1, y: s * y0 + t * y1, z: s * z0 + t * z1)
        case let (.skew(a0, b0), .skew(a1, b1)):
            return .skew(ax: s * a0 + t * a1, ay: s * b0 + t * b1)
        case let (.rotate(angle0, axis0), .rotate(angle1, axis1)):
            let len0 = axis0.length, len1 = axis1.length
            // A rotation about a zero axis is not applied: it acts as angle 0.
            let a0 = len0 > 0 ? angle0 : 0, a1 = len1 > 0 ? angle1 : 0
            let n0 = len0 > 0 ? Vector3(axis0.x / len0, axis0.y / len0, axis0.z / len0) : Vector3<T>(0, 0, 1)
            let n1 = len1 > 0 ? Vector3(axis1.x / len1, axis1.y / len1, axis1.z / len1) : Vector3<T>(0, 0, 1)
            let sameAxis = 1 - n0.dot(n1) <= 16 * T.ulpOfOne
            if a0 != 0 && a1 != 0 && !sameAxis {
                return .matrix(try Transform3D.interpolate(from: x.matrix, to: y.matrix, fraction: t))
            }
            let axis: Vector3<T> = a0 != 0 ? n0 : (a1 != 0 ? n1 : Vector3(0, 0, 1))
            return .rotate(angle: s * a0 + t * a1, axis: axis)
        default:
            // perspective–perspective and matrix–matrix: matrix interpolation of the pair.
            return .matrix(try Transform3D.interpolate(from: x.matrix, to: y.matrix, fraction: t))
        }
    }
}
