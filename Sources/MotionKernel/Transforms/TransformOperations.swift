/// A transform function list read like the CSS `transform` property: the net matrix is the
/// product of the operations' matrices, and the **last** operation in the list is applied to a
/// point **first** (CSS post-multiplies column-vector matrices; in `Transform3D`'s row-vector
/// form the matrix is opₙ · … · op₂ · op₁). So `[translate(100, 0, 0), scale(2, 2, 1)]` maps
/// (1, 0) to (102, 0). The empty list is CSS `none`.
///
/// Each entry is a `TransformFunction`: an operation and the CSS function it is written as.
/// Lists built from bare operations name each by its primitive (`translate3d`, `scale3d`,
/// `rotate3d`, `skew`, `skewX`, `skewY`, `perspective`, `matrix3d`); lists read from CSS
/// (`init(css:path:)`) keep the names written. Equality compares the names too:
/// `translateX(5px)` and `translate3d(5px, 0, 0)` have one matrix but are different lists.
public struct TransformOperations<T: MotionScalar>: Sendable, Hashable {
    /// The functions, in CSS order.
    public let functions: [TransformFunction<T>]

    /// The operations, in CSS order.
    @inlinable
    public var operations: [TransformOperation<T>] { functions.map(\.operation) }

    /// A validated list.
    /// - Throws: `invalidValue` naming `operations[i].<parameter>` for a non-finite parameter
    ///   or a perspective distance ≤ 0.
    @inlinable
    public init(_ operations: [TransformOperation<T>]) throws(MotionKernelError) {
        for (i, op) in operations.enumerated() { try op.validate(path: "operations[\(i)]") }
        self.functions = operations.map { TransformFunction($0) }
    }

    /// A validated list of named functions.
    /// - Throws: `invalidValue` naming `functions[i]…` for a non-finite parameter, a
    ///   perspective distance ≤ 0, or an operation its name cannot express (see
    ///   `TransformFunction.init(_:_:path:)`).
    @inlinable
    public init(functions: [TransformFunction<T>]) throws(MotionKernelError) {
        for (i, f) in functions.enumerated() {
            _ = try TransformFunction(f.name, f.operation, path: "functions[\(i)]")
        }
        self.functions = functions
    }

    @inlinable
    init(unchecked operations: [TransformOperation<T>]) {
        self.functions = operations.map { TransformFunction($0) }
    }

    @inlinable
    init(uncheckedFunctions functions: [TransformFunction<T>]) {
        self.functions = functions
    }

    /// CSS `none`: the empty list.
    @inlinable
    public static var none: TransformOperations { TransformOperations(uncheckedFunctions: []) }

    /// Whether the list is empty (CSS `none`).
    @inlinable
    public var isNone: Bool { functions.isEmpty }

    /// The same list in another precision (rounded to nearest).
    @inlinable
    public init<U: MotionScalar>(_ other: TransformOperations<U>) {
        self.init(uncheckedFunctions: other.functions.map { TransformFunction<T>($0) })
    }

    /// The net matrix opₙ · … · op₁ (row-vector form; the last operation applies first).
    @inlinable
    public var matrix: Transform3D<T> { Self.product(functions[...]) }

    /// The net matrix of a slice of functions.
    @inlinable
    static func product(_ fs: ArraySlice<TransformFunction<T>>) -> Transform3D<T> {
        var m = Transform3D<T>.identity
        for f in fs { m = f.matrix.concatenating(m) }
        return m
    }

    /// Interpolates two lists as CSS Transforms Level 2 "Interpolation of Transform Lists" does.
    ///
    /// - Both `none`: `none`.
    /// - One `none`: it stands for the identity functions of the other list's functions.
    /// - Otherwise the longest prefix of positions whose functions share a primitive
    ///   (`CSSTransformFunction.sharesPrimitive(with:)`: the translates with each other, the
    ///   scales, the rotates, `perspective` with `perspective`, the matrices; `skew`, `skewX`
    ///   and `skewY` each only with themselves) interpolates function by function. If that
    ///   prefix covers the shorter list, the shorter list is padded with the identity functions
    ///   of the longer list's remaining functions and everything interpolates pairwise.
    ///   Otherwise the rest of each list is multiplied into one matrix and the two matrices
    ///   interpolate as matrices (`Transform3D.interpolate`), one `matrix`/`matrix3d` function
    ///   at the end of the result.
    /// - Pairs: translate, scale and skew parameters linearly (the result named as
    ///   `CSSTransformFunction.commonPrimitive(with:)` says: `translateX` with `translateY` is a
    ///   `translate`, with `translateZ` a `translate3d`); rotations by their angle when the
    ///   normalized axes agree or one angle is 0 (the non-zero angle's axis is used, or
    ///   (0, 0, 1) when both are 0), otherwise by matrix interpolation of the pair;
    ///   `perspective` and matrix pairs by matrix interpolation, as the spec says (for
    ///   perspective this interpolates −1/d linearly). Angles interpolate as numbers, so whole
    ///   turns are kept: none → rotate(2π) turns a full circle.
    /// - Matrices are decomposed by CSS Transforms 2's 3D algorithm also when both are 2D: it
    ///   then yields the single-shear 2D decomposition (rotation about z, one xy shear) that
    ///   Chromium uses for 2D matrices, not CSS Transforms 1's 2D decomposition.
    ///
    /// Parameters are `(1 − t)·a + t·b`, so fraction 0 gives `from`'s parameters and 1 gives
    /// `to`'s exactly; fractions outside [0, 1] extrapolate. A parameter both ends agree on keeps
    /// its value exactly at every fraction (the z scale 1 of `scale()`, the z 0 of
    /// `translate()`), as it must in CSS, where 2D functions interpolate as 2D functions.
    /// - Throws: `invalidValue` naming `fraction` (not finite, or an interpolated parameter or
    ///   matrix overflows: the reason names `operations[i]`), `from.operations[i]` /
    ///   `to.operations[i]` (a matrix pair whose decomposition overflows), or `from` / `to`
    ///   (remainders whose net matrix overflows or cannot be decomposed without overflow); see
    ///   `Transform3D.interpolate(from:to:fraction:)`.
    @inlinable
    public static func interpolate(from: TransformOperations, to: TransformOperations, fraction t: T) throws(MotionKernelError) -> TransformOperations {
        try MotionKernelError.requireFinite(t, "fraction")
        var a = from.functions, b = to.functions
        if a.isEmpty && b.isEmpty { return .none }
        if a.isEmpty { a = b.map(\.identity) }
        if b.isEmpty { b = a.map(\.identity) }
        let common = min(a.count, b.count)
        var prefix = 0
        while prefix < common && a[prefix].name.sharesPrimitive(with: b[prefix].name) { prefix += 1 }
        var out: [TransformFunction<T>] = []
        out.reserveCapacity(max(a.count, b.count))
        let pairs = prefix == common ? max(a.count, b.count) : prefix
        for i in 0..<pairs {
            let x = i < a.count ? a[i] : b[i].identity
            let y = i < b.count ? b[i] : a[i].identity
            let r: TransformFunction<T>
            do {
                r = try interpolateFunctions(x, y, t)
            } catch let e {
                if e.field == "fraction" {
                    throw MotionKernelError.invalidValue("fraction", "operations[\(i)]: \(e.reason)")
                }
                throw MotionKernelError(code: e.code, field: "\(e.field).operations[\(i)]", reason: e.reason)
            }
            do { try r.operation.validate() } catch {
                throw MotionKernelError.invalidValue("fraction", "operations[\(i)]: interpolating the parameters at \(t) overflows")
            }
            out.append(r)
        }
        if pairs < max(a.count, b.count) {
            let ma = product(a[prefix...]), mb = product(b[prefix...])
            guard ma.isFinite else { throw MotionKernelError.invalidValue("from", "the matrix of operations[\(prefix)...] overflows") }
            guard mb.isFinite else { throw MotionKernelError.invalidValue("to", "the matrix of operations[\(prefix)...] overflows") }
            out.append(matrixFunction(try Transform3D.interpolate(from: ma, to: mb, fraction: t)))
        }
        return TransformOperations(uncheckedFunctions: out)
    }

    /// A matrix result as a function: `matrix` when it is 2D, else `matrix3d`.
    @inlinable
    static func matrixFunction(_ m: Transform3D<T>) -> TransformFunction<T> {
        TransformFunction(unchecked: m.isAffine ? .matrix : .matrix3d, .matrix(m))
    }

    /// One pair of functions that share a primitive (see `interpolate`).
    /// - Throws: as `Transform3D.interpolate(from:to:fraction:)` for pairs interpolated as matrices.
    @inlinable
    static func interpolateFunctions(_ x: TransformFunction<T>, _ y: TransformFunction<T>, _ t: T) throws(MotionKernelError) -> TransformFunction<T> {
        let op = try interpolatePair(x.operation, y.operation, t)
        if case .matrix(let m) = op { return matrixFunction(m) }
        var name = x.name.commonPrimitive(with: y.name) ?? CSSTransformFunction.primitive(of: op)
        // A rotation whose axis was taken from the other end (one angle 0) may leave the
        // function it was written as (rotateX(0) → rotateY(a) is about y).
        if !TransformFunction.fits(name, op) { name = CSSTransformFunction.primitive(of: op) }
        var f = TransformFunction(unchecked: name, op)
        // Equal ends keep their angles (lerpComponent keeps them exactly), and so the angles
        // as written, reduced exactly (TransformFunction.matrix).
        if x.operation == y.operation { f.writtenAngles = x.writtenAngles ?? y.writtenAngles }
        return f
    }

    /// One pair of operations of the same kind (see `interpolate`).
    /// - Throws: as `Transform3D.interpolate(from:to:fraction:)` for pairs interpolated as matrices.
    @inlinable
    static func interpolatePair(_ x: TransformOperation<T>, _ y: TransformOperation<T>, _ t: T) throws(MotionKernelError) -> TransformOperation<T> {
        // (1 − t)·a + t·b, exactly a where both ends agree (a 2D function's z stays put).
        func l(_ a: T, _ b: T) -> T { lerpComponent(a, b, t) }
        switch (x, y) {
        case let (.translate(x0, y0, z0), .translate(x1, y1, z1)):
            return .translate(x: l(x0, x1), y: l(y0, y1), z: l(z0, z1))
        case let (.scale(x0, y0, z0), .scale(x1, y1, z1)):
            return .scale(x: l(x0, x1), y: l(y0, y1), z: l(z0, z1))
        case let (.skew(a0, b0), .skew(a1, b1)):
            return .skew(ax: l(a0, a1), ay: l(b0, b1))
        case let (.skewX(a0), .skewX(a1)):
            return .skewX(l(a0, a1))
        case let (.skewY(a0), .skewY(a1)):
            return .skewY(l(a0, a1))
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
            return .rotate(angle: l(a0, a1), axis: axis)
        default:
            // perspective–perspective and matrix–matrix: matrix interpolation of the pair.
            return .matrix(try Transform3D.interpolate(from: x.matrix, to: y.matrix, fraction: t))
        }
    }
}
