/// A 4×4 transform factored as CSS Transforms Level 2 specifies ("Decomposing a 3D matrix",
/// the Graphics Gems II `unmatrix` with a quaternion instead of Euler angles): translation,
/// scale, skew, perspective and rotation.
///
/// In the row-vector layout of `Transform3D` (normalized so that m44 = 1) the factors
/// recompose as M = Scale · Skew · Rotation · Translation · Perspective, that is a point is
/// scaled first, then skewed (skew factors are shear coefficients, not angles:
/// row 2 += xy·row 1, row 3 += xz·row 1 + yz·row 2), rotated, translated, and projected. The
/// perspective factor is the identity with its last column replaced by `perspective`
/// (x, y, z, w); CSS `perspective(d)` alone decomposes to (0, 0, −1/d, 1).
///
/// The same decomposition is used for 2D matrices (browsers ship this single-shear form for
/// them too, rather than CSS Transforms Level 1's 2D method with a residual 2×2 matrix).
///
/// Interpolation (`interpolated(to:fraction:)`) is componentwise linear for translation,
/// scale, skew and perspective and the spec's quaternion slerp for rotation. Because the
/// rotation is a quaternion, matrix interpolation keeps no whole turns: rotate(0) → a
/// rotate(360°) matrix does not move, a rotate(270°) matrix is reached through −90°, and the
/// spec's slerp does not flip to the short arc when the quaternions' dot product is negative.
/// Operation lists (`TransformOperations`) keep whole turns.
public struct DecomposedTransform<T: MotionScalar>: Sendable, Hashable {
    /// Translation (m41, m42, m43 of the normalized matrix).
    public var translation: Vector3<T>
    /// Scale factors along the (sheared, rotated) axes; all three are negated when the
    /// matrix flips orientation (negative determinant), as the spec does.
    public var scale: Vector3<T>
    /// Shear factors (xy, xz, yz).
    public var skew: Vector3<T>
    /// The perspective column (x, y, z, w); (0, 0, 0, 1) without perspective.
    public var perspective: Vector4<T>
    /// The rotation (unit length, w ≥ 0 as the spec's formulas give; see `Quaternion`).
    public var quaternion: Quaternion<T>

    /// Creates a decomposition from its parts.
    @inlinable
    public init(
        translation: Vector3<T>, scale: Vector3<T>, skew: Vector3<T>,
        perspective: Vector4<T>, quaternion: Quaternion<T>
    ) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.quaternion = quaternion
    }

    /// The decomposition of the identity.
    @inlinable
    public static var identity: DecomposedTransform {
        DecomposedTransform(
            translation: .zero, scale: Vector3(1, 1, 1), skew: .zero,
            perspective: Vector4(0, 0, 0, 1), quaternion: .identity)
    }

    /// Decomposes `m` by the CSS Transforms Level 2 algorithm, or returns nil when the spec's
    /// algorithm "returns false": m44 = 0, the upper 3×3 part is singular (determinant 0 or
    /// lost in rounding), or the normalized matrix is not finite.
    ///
    /// One numerical deviation, invisible in the result: the quaternion is extracted from the
    /// orthonormal rotation with Shepperd's method (largest of trace and diagonal) instead of
    /// the spec's four square roots with sign fixes, which lose up to half the digits of small
    /// components and pick wrong signs at exactly 180°; it is then taken with w ≥ 0, which is
    /// the spec's choice.
    /// - Complexity: O(1), about 150 flops, 4 square roots.
    @inlinable
    public init?(_ matrix: Transform3D<T>) {
        guard case .decomposed(let d) = Self.decompose(matrix) else { return nil }
        self = d
    }

    /// Why a decomposition failed, or its result.
    @usableFromInline
    enum Outcome {
        case decomposed(DecomposedTransform)
        /// The spec's "returns false" for a singular matrix (m44 = 0, a singular 3×3 part or
        /// one lost in rounding): interpolation is then discrete.
        case singular
        /// An intermediate overflowed (or the matrix holds a non-finite entry): the matrix
        /// is outside the range the algorithm can evaluate in this precision.
        case overflow
    }

    /// The decomposition of `matrix`, or why there is none (see `init?(_:)`).
    @inlinable
    static func decompose(_ matrix: Transform3D<T>) -> Outcome {
        guard matrix.isFinite else { return .overflow }
        let w = matrix.m44
        guard w != 0 else { return .singular }
        let iw = 1 / w
        // Rows of the upper 3×3, the perspective column and the translation, normalized.
        var r0 = Vector3(matrix.m11 * iw, matrix.m12 * iw, matrix.m13 * iw)
        var r1 = Vector3(matrix.m21 * iw, matrix.m22 * iw, matrix.m23 * iw)
        var r2 = Vector3(matrix.m31 * iw, matrix.m32 * iw, matrix.m33 * iw)
        let pc = Vector3(matrix.m14 * iw, matrix.m24 * iw, matrix.m34 * iw)
        let t = Vector3(matrix.m41 * iw, matrix.m42 * iw, matrix.m43 * iw)
        guard r0.isFinite, r1.isFinite, r2.isFinite, pc.isFinite, t.isFinite else { return .overflow }

        // Singularity of the perspective matrix = singularity of the upper 3×3 block.
        let c12 = r1.cross(r2)
        let det = r0.dot(c12)
        let detScale = abs(r0.x * c12.x) + abs(r0.y * c12.y) + abs(r0.z * c12.z)
        guard c12.isFinite, det.isFinite, detScale.isFinite else { return .overflow }
        guard det != 0, abs(det) > 16 * T.ulpOfOne * detScale else { return .singular }

        // Perspective: solve A·p = pc (A = upper 3×3 with rows r0, r1, r2), p.w = 1 − t·p.
        var persp = Vector4<T>(0, 0, 0, 1)
        if pc.x != 0 || pc.y != 0 || pc.z != 0 {
            // A⁻¹ = adj(A)/det; the columns of adj(A) are r1×r2, r2×r0, r0×r1.
            let c20 = r2.cross(r0), c01 = r0.cross(r1)
            let idet = 1 / det
            let px = (c12.x * pc.x + c20.x * pc.y + c01.x * pc.z) * idet
            let py = (c12.y * pc.x + c20.y * pc.y + c01.y * pc.z) * idet
            let pz = (c12.z * pc.x + c20.z * pc.y + c01.z * pc.z) * idet
            persp = Vector4(px, py, pz, 1 - (t.x * px + t.y * py + t.z * pz))
            guard persp.isFinite else { return .overflow }
        }

        // Scale and shear by Gram–Schmidt on the rows.
        var scale = Vector3<T>(0, 0, 0)
        var skew = Vector3<T>(0, 0, 0)
        let n0 = normalizeRow(&r0)
        if let stop = n0.stop { return stop.outcome }
        scale.x = n0.length
        skew.x = r0.dot(r1)
        r1 = Vector3(r1.x - skew.x * r0.x, r1.y - skew.x * r0.y, r1.z - skew.x * r0.z)
        guard skew.x.isFinite, r1.isFinite else { return .overflow }
        let n1 = normalizeRow(&r1)
        if let stop = n1.stop { return stop.outcome }
        scale.y = n1.length
        skew.x *= n1.inverse
        skew.y = r0.dot(r2)
        r2 = Vector3(r2.x - skew.y * r0.x, r2.y - skew.y * r0.y, r2.z - skew.y * r0.z)
        skew.z = r1.dot(r2)
        r2 = Vector3(r2.x - skew.z * r1.x, r2.y - skew.z * r1.y, r2.z - skew.z * r1.z)
        guard skew.y.isFinite, skew.z.isFinite, r2.isFinite else { return .overflow }
        let n2 = normalizeRow(&r2)
        if let stop = n2.stop { return stop.outcome }
        scale.z = n2.length
        skew.y *= n2.inverse
        skew.z *= n2.inverse

        // A coordinate-system flip negates the scales and the rows.
        if r0.dot(r1.cross(r2)) < 0 {
            scale = Vector3(-scale.x, -scale.y, -scale.z)
            r0 = Vector3(-r0.x, -r0.y, -r0.z)
            r1 = Vector3(-r1.x, -r1.y, -r1.z)
            r2 = Vector3(-r2.x, -r2.y, -r2.z)
        }

        // Rotation rows R (row-vector form); the column-vector rotation matrix is Rᵀ.
        let trace = r0.x + r1.y + r2.z
        var q: Quaternion<T>
        if trace > 0 {
            let s = (1 + trace).squareRoot()
            let f = 1 / (2 * s)
            q = Quaternion(x: (r1.z - r2.y) * f, y: (r2.x - r0.z) * f, z: (r0.y - r1.x) * f, w: s / 2)
        } else if r0.x >= r1.y && r0.x >= r2.z {
            let s = max(1 + r0.x - r1.y - r2.z, 0).squareRoot()
            let f = 1 / (2 * s)
            q = Quaternion(x: s / 2, y: (r1.x + r0.y) * f, z: (r2.x + r0.z) * f, w: (r1.z - r2.y) * f)
        } else if r1.y >= r2.z {
            let s = max(1 - r0.x + r1.y - r2.z, 0).squareRoot()
            let f = 1 / (2 * s)
            q = Quaternion(x: (r1.x + r0.y) * f, y: s / 2, z: (r2.y + r1.z) * f, w: (r2.x - r0.z) * f)
        } else {
            let s = max(1 - r0.x - r1.y + r2.z, 0).squareRoot()
            let f = 1 / (2 * s)
            q = Quaternion(x: (r2.x + r0.z) * f, y: (r2.y + r1.z) * f, z: s / 2, w: (r0.y - r1.x) * f)
        }
        if q.w < 0 { q = Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w) }
        guard q.x.isFinite, q.y.isFinite, q.z.isFinite, q.w.isFinite, scale.isFinite, skew.isFinite else { return .overflow }

        return .decomposed(DecomposedTransform(translation: t, scale: scale, skew: skew, perspective: persp, quaternion: q))
    }

    /// Why a Gram–Schmidt row ends the decomposition: a payload-free `Outcome` (returning
    /// an optional `Outcome`, which holds a whole decomposition, from every row costs more than
    /// the row's arithmetic).
    @usableFromInline
    enum RowStop {
        case singular, overflow

        @inlinable
        var outcome: Outcome { self == .singular ? .singular : .overflow }
    }

    /// One Gram–Schmidt normalization: divides row `r` by its length (as r·(1/|r|)) and returns
    /// the length and 1/|r|, or, in `stop`, why the decomposition ends (an infinite length
    /// overflows, a zero one is singular; `r` is then unchanged).
    @inlinable @inline(__always)
    static func normalizeRow(_ r: inout Vector3<T>) -> (length: T, inverse: T, stop: RowStop?) {
        let length = r.length
        guard length.isFinite else { return (length, 0, .overflow) }
        guard length > 0 else { return (length, 0, .singular) }
        let inverse = 1 / length
        r = Vector3(r.x * inverse, r.y * inverse, r.z * inverse)
        return (length, inverse, nil)
    }

    /// Recomposes the matrix as CSS Transforms Level 2's "Recomposing to a 3D matrix" does:
    /// M = Scale · Skew · Rotation · Translation · Perspective in row-vector form. The rotation
    /// rows are (1 − 2(y²+z²), 2(xy+zw), 2(xz−yw)), (2(xy−zw), 1 − 2(x²+z²), 2(yz+xw)),
    /// (2(xz+yw), 2(yz−xw), 1 − 2(x²+y²)), the transpose of the column-vector matrix the spec
    /// prints, so that decomposition followed by recomposition is the identity map.
    /// - Complexity: O(1), about 80 flops.
    @inlinable
    public var matrix: Transform3D<T> {
        let q = quaternion
        let x: T = q.x, y: T = q.y, z: T = q.z, w: T = q.w
        let xx: T = x * x, yy: T = y * y, zz: T = z * z
        let xy: T = x * y, xz: T = x * z, yz: T = y * z
        let xw: T = x * w, yw: T = y * w, zw: T = z * w
        let rot0 = Vector3<T>(1 - 2 * (yy + zz), 2 * (xy + zw), 2 * (xz - yw))
        let rot1 = Vector3<T>(2 * (xy - zw), 1 - 2 * (xx + zz), 2 * (yz + xw))
        let rot2 = Vector3<T>(2 * (xz + yw), 2 * (yz - xw), 1 - 2 * (xx + yy))
        let k = skew, s = scale
        let a0 = Vector3<T>(s.x * rot0.x, s.x * rot0.y, s.x * rot0.z)
        let b1x: T = rot1.x + k.x * rot0.x, b1y: T = rot1.y + k.x * rot0.y, b1z: T = rot1.z + k.x * rot0.z
        let a1 = Vector3<T>(s.y * b1x, s.y * b1y, s.y * b1z)
        let b2x: T = rot2.x + k.y * rot0.x + k.z * rot1.x
        let b2y: T = rot2.y + k.y * rot0.y + k.z * rot1.y
        let b2z: T = rot2.z + k.y * rot0.z + k.z * rot1.z
        let a2 = Vector3<T>(s.z * b2x, s.z * b2y, s.z * b2z)
        let p = perspective, t = translation
        let p3 = Vector3(p.x, p.y, p.z)
        return Transform3D(
            m11: a0.x, m12: a0.y, m13: a0.z, m14: a0.dot(p3),
            m21: a1.x, m22: a1.y, m23: a1.z, m24: a1.dot(p3),
            m31: a2.x, m32: a2.y, m33: a2.z, m34: a2.dot(p3),
            m41: t.x, m42: t.y, m43: t.z, m44: t.dot(p3) + p.w)
    }

    /// Interpolates as CSS Transforms Level 2 does: translation, scale, skew and perspective
    /// componentwise `(1 − t)·a + t·b`, the quaternion by `Quaternion.slerp` (no short-arc
    /// flip). Exactly `self` at t = 0 and exactly `other` at t = 1; other fractions, including
    /// ones outside [0, 1], interpolate or extrapolate.
    @inlinable
    public func interpolated(to other: DecomposedTransform, fraction t: T) -> DecomposedTransform {
        if t == 0 { return self }
        if t == 1 { return other }
        return DecomposedTransform(
            translation: .lerp(translation, other.translation, t),
            scale: .lerp(scale, other.scale, t),
            skew: .lerp(skew, other.skew, t),
            perspective: .lerp(perspective, other.perspective, t),
            quaternion: .slerp(quaternion, other.quaternion, t))
    }
}

extension Transform3D {
    /// The CSS Transforms Level 2 decomposition, or nil when the matrix cannot be decomposed
    /// (see `DecomposedTransform.init?(_:)`).
    @inlinable
    public var decomposed: DecomposedTransform<T>? { DecomposedTransform(self) }

    /// Interpolates two matrices as CSS Transforms Level 2 "Interpolation of Matrices" does:
    /// decompose both, interpolate the parts (`DecomposedTransform.interpolated`), recompose.
    ///
    /// - At `fraction` 0 and 1 the ends are returned exactly.
    /// - If either matrix cannot be decomposed (non-invertible), the interpolation is discrete,
    ///   as the spec requires: `from` for fraction < 0.5, else `to`.
    /// - Fractions outside [0, 1] extrapolate (easing curves with overshoot produce them).
    /// - Whole turns are lost: a rotation is a quaternion here, so `rotate(0)` → the matrix
    ///   of `rotate(360°)` does not move, and rotations of 180° or more are reached the way the
    ///   spec's slerp (with w ≥ 0 quaternions, no short-arc flip) goes. Interpolate
    ///   `TransformOperations` to keep whole turns.
    /// - 2D matrices use the same single-shear decomposition.
    /// - Never a non-finite number as a result: a decomposition whose intermediates overflow
    ///   (e.g. translations near `greatestFiniteMagnitude` with a perspective part, or entries
    ///   whose squares overflow) is an error, not a "non-invertible" discrete step, and so is
    ///   an interpolated decomposition or recomposed matrix that overflows.
    /// - Throws: `invalidValue` naming `from` or `to` (a non-finite entry, or its decomposition
    ///   overflows), or `fraction` (not finite, or the interpolated parts or the recomposed
    ///   matrix at this fraction overflow).
    @inlinable
    public static func interpolate(from: Transform3D, to: Transform3D, fraction: T) throws(MotionKernelError) -> Transform3D {
        try MotionKernelError.requireFinite(fraction, "fraction")
        guard from.isFinite else { throw MotionKernelError.invalidValue("from", "expected 16 finite numbers") }
        guard to.isFinite else { throw MotionKernelError.invalidValue("to", "expected 16 finite numbers") }
        if fraction == 0 { return from }
        if fraction == 1 { return to }
        let da = DecomposedTransform.decompose(from), db = DecomposedTransform.decompose(to)
        if case .overflow = da {
            throw MotionKernelError.invalidValue("from", "decomposing this matrix overflows in this precision")
        }
        if case .overflow = db {
            throw MotionKernelError.invalidValue("to", "decomposing this matrix overflows in this precision")
        }
        guard case .decomposed(let a) = da, case .decomposed(let b) = db else {
            return fraction < 0.5 ? from : to
        }
        let d = a.interpolated(to: b, fraction: fraction)
        guard d.translation.isFinite, d.scale.isFinite, d.skew.isFinite, d.perspective.isFinite,
            d.quaternion.x.isFinite, d.quaternion.y.isFinite, d.quaternion.z.isFinite, d.quaternion.w.isFinite
        else {
            throw MotionKernelError.invalidValue("fraction", "interpolating the decompositions at \(fraction) overflows")
        }
        let m = d.matrix
        guard m.isFinite else {
            throw MotionKernelError.invalidValue("fraction", "the recomposed matrix at \(fraction) overflows")
        }
        return m
    }
}
