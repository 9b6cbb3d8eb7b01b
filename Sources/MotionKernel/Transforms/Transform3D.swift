/// A 4×4 homogeneous transform in Core Animation's `CATransform3D` layout.
///
/// **Convention (row vectors).** A point is the row (x, y, z, 1) multiplied on the left:
/// (x′, y′, z′, w′) = (x, y, z, 1) · M, so
/// x′ = x·m11 + y·m21 + z·m31 + m41, …, w′ = x·m14 + y·m24 + z·m34 + m44, and the visible point
/// is (x′/w′, y′/w′, z′/w′). Translation lives in m41…m43; perspective `d` is m34 = −1/d.
/// The 16 fields in the order m11, m12, …, m44 are also the argument order of CSS
/// `matrix3d()` (CSS lists its column-vector matrix column by column, which is the same thing).
///
/// Coordinates are y-down (as on screen in UIKit, AppKit-flipped views and CSS): a positive
/// rotation about z turns +x toward +y, i.e. clockwise on screen, exactly like CSS
/// `rotate(θ)` and `CATransform3DMakeRotation(θ, 0, 0, 1)` (m11 = cos θ, m12 = sin θ,
/// m21 = −sin θ, m22 = cos θ). Angles are in radians.
///
/// `a.concatenating(b)` is `CATransform3DConcat(a, b)` = a·b: apply `a`, then `b`.
public struct Transform3D<T: MotionScalar>: Sendable, Hashable {
    /// Row 1, column 1.
    public var m11: T
    /// Row 1, column 2.
    public var m12: T
    /// Row 1, column 3.
    public var m13: T
    /// Row 1, column 4 (perspective in x).
    public var m14: T
    /// Row 2, column 1.
    public var m21: T
    /// Row 2, column 2.
    public var m22: T
    /// Row 2, column 3.
    public var m23: T
    /// Row 2, column 4 (perspective in y).
    public var m24: T
    /// Row 3, column 1.
    public var m31: T
    /// Row 3, column 2.
    public var m32: T
    /// Row 3, column 3.
    public var m33: T
    /// Row 3, column 4 (perspective: −1/d).
    public var m34: T
    /// Row 4, column 1 (translation x).
    public var m41: T
    /// Row 4, column 2 (translation y).
    public var m42: T
    /// Row 4, column 3 (translation z).
    public var m43: T
    /// Row 4, column 4 (homogeneous scale, normally 1).
    public var m44: T

    /// Creates a transform from its 16 entries (row-vector layout, see the type's summary).
    @inlinable
    public init(
        m11: T, m12: T, m13: T, m14: T,
        m21: T, m22: T, m23: T, m24: T,
        m31: T, m32: T, m33: T, m34: T,
        m41: T, m42: T, m43: T, m44: T
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// `CATransform3DIdentity`.
    @inlinable
    public static var identity: Transform3D {
        Transform3D(
            m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// Creates a transform from 16 numbers in the order m11, m12, …, m44 (the order of CSS
    /// `matrix3d()` arguments and of the eval protocol's `{"matrix": [...]}`).
    /// - Throws: `invalidValue` naming `matrix` if there are not exactly 16 numbers, or
    ///   `matrix[i]` for a non-finite entry.
    @inlinable
    public init<C: Collection>(rowMajor values: C) throws(MotionKernelError) where C.Element == T {
        guard values.count == 16 else {
            throw MotionKernelError.invalidValue("matrix", "expected 16 numbers (m11…m44), got \(values.count)")
        }
        let m = [T](values)
        for i in 0..<16 { try MotionKernelError.requireFinite(m[i], "matrix[\(i)]") }
        self.init(
            m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
            m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
    }

    /// Reads 16 numbers m11…m44 from `p` (no validation: kernels use it).
    @inlinable @inline(__always)
    public init(unsafeRowMajor p: UnsafePointer<T>) {
        self.init(
            m11: p[0], m12: p[1], m13: p[2], m14: p[3], m21: p[4], m22: p[5], m23: p[6], m24: p[7],
            m31: p[8], m32: p[9], m33: p[10], m34: p[11], m41: p[12], m42: p[13], m43: p[14], m44: p[15])
    }

    /// The 16 entries in the order m11, m12, …, m44.
    @inlinable
    public var rowMajor: [T] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// Writes the 16 entries m11…m44 to `p[0..<16]`.
    @inlinable @inline(__always)
    public func store(to p: UnsafeMutablePointer<T>) {
        p[0] = m11; p[1] = m12; p[2] = m13; p[3] = m14
        p[4] = m21; p[5] = m22; p[6] = m23; p[7] = m24
        p[8] = m31; p[9] = m32; p[10] = m33; p[11] = m34
        p[12] = m41; p[13] = m42; p[14] = m43; p[15] = m44
    }

    /// The same transform in another precision (rounded to nearest).
    @inlinable
    public init<U: MotionScalar>(_ other: Transform3D<U>) {
        self.init(
            m11: T(other.m11.doubleValue), m12: T(other.m12.doubleValue), m13: T(other.m13.doubleValue), m14: T(other.m14.doubleValue),
            m21: T(other.m21.doubleValue), m22: T(other.m22.doubleValue), m23: T(other.m23.doubleValue), m24: T(other.m24.doubleValue),
            m31: T(other.m31.doubleValue), m32: T(other.m32.doubleValue), m33: T(other.m33.doubleValue), m34: T(other.m34.doubleValue),
            m41: T(other.m41.doubleValue), m42: T(other.m42.doubleValue), m43: T(other.m43.doubleValue), m44: T(other.m44.doubleValue))
    }

    // MARK: Elementary transforms

    /// `CATransform3DMakeTranslation(tx, ty, tz)`: m41, m42, m43 = the translation.
    @inlinable
    public init(translation t: Vector3<T>) {
        self = .identity
        m41 = t.x; m42 = t.y; m43 = t.z
    }

    /// `CATransform3DMakeScale(sx, sy, sz)`: m11, m22, m33 = the scale factors.
    @inlinable
    public init(scale s: Vector3<T>) {
        self = .identity
        m11 = s.x; m22 = s.y; m33 = s.z
    }

    /// `CATransform3DMakeRotation(angle, x, y, z)` = CSS `rotate3d(x, y, z, angle)`.
    ///
    /// With the axis normalized to (x, y, z), c = cos angle, s = sin angle, C = 1 − c:
    /// m11 = c + x²C, m12 = xyC + zs, m13 = xzC − ys, m21 = xyC − zs, m22 = c + y²C,
    /// m23 = yzC + xs, m31 = xzC + ys, m32 = yzC − xs, m33 = c + z²C. About +z a positive angle
    /// turns +x toward +y (clockwise on a y-down screen).
    /// - Parameters:
    ///   - angle: radians, any finite value.
    ///   - axis: the rotation axis, any length; a zero axis gives the identity (CSS: "the
    ///     rotation is not applied").
    @inlinable
    public init(rotation angle: T, axis: Vector3<T>) {
        self.init(rotationSin: T.sin(angle), cos: T.cos(angle), axis: axis)
    }

    /// The rotation of `init(rotation:axis:)` given the angle's sine `s` and cosine `c`.
    @inlinable
    init(rotationSin s: T, cos c: T, axis: Vector3<T>) {
        self = .identity
        let len = axis.length
        guard len > 0, len.isFinite else { return }
        let x = axis.x / len, y = axis.y / len, z = axis.z / len
        let cc = 1 - c
        // The diagonal entry along the axis itself is exactly 1 (so rotate(θ) about z stays a
        // 2D transform, m33 = 1, as in Core Animation and CSS).
        let xx = x * x, yy = y * y, zz = z * z
        m11 = xx == 1 ? 1 : c + xx * cc; m12 = x * y * cc + z * s; m13 = x * z * cc - y * s
        m21 = x * y * cc - z * s; m22 = yy == 1 ? 1 : c + yy * cc; m23 = y * z * cc + x * s
        m31 = x * z * cc + y * s; m32 = y * z * cc - x * s; m33 = zz == 1 ? 1 : c + zz * cc
    }

    /// CSS `skew(ax, ay)`: m21 = tan(ax) (x is sheared by y), m12 = tan(ay) (y is sheared by x).
    /// - Parameters:
    ///   - ax: the x skew angle in radians.
    ///   - ay: the y skew angle in radians.
    @inlinable
    public init(skewX ax: T, skewY ay: T) {
        self = .identity
        m21 = T.tan(ax)
        m12 = T.tan(ay)
    }

    /// CSS `perspective(d)`: m34 = −1/d, so a point at depth z is scaled by d/(d − z).
    /// - Parameter distance: the distance d from the viewer to the z = 0 plane, > 0;
    ///   `+infinity` means `perspective(none)` (the identity).
    @inlinable
    public init(perspective distance: T) {
        self = .identity
        if distance.isFinite { m34 = -1 / distance }
    }

    // MARK: Algebra

    /// `CATransform3DConcat(self, other)` = self · other: the transform that applies `self`
    /// first, then `other`.
    /// - Complexity: 64 multiply-adds.
    @inlinable
    public func concatenating(_ b: Transform3D) -> Transform3D {
        let a = self
        return Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// `CATransform3DTranslate(self, tx, ty, tz)` = translation · self: translate first, then
    /// apply `self`.
    @inlinable
    public func translatedBy(x: T, y: T, z: T = 0) -> Transform3D {
        Transform3D(translation: Vector3(x, y, z)).concatenating(self)
    }

    /// `CATransform3DScale(self, sx, sy, sz)` = scale · self: scale first, then apply `self`.
    @inlinable
    public func scaledBy(x: T, y: T, z: T = 1) -> Transform3D {
        Transform3D(scale: Vector3(x, y, z)).concatenating(self)
    }

    /// `CATransform3DRotate(self, angle, x, y, z)` = rotation · self: rotate first, then apply
    /// `self`. A zero axis leaves `self` unchanged.
    @inlinable
    public func rotated(by angle: T, axis: Vector3<T>) -> Transform3D {
        Transform3D(rotation: angle, axis: axis).concatenating(self)
    }

    /// Whether this is exactly `CATransform3DIdentity`.
    @inlinable
    public var isIdentity: Bool { self == .identity }

    /// `CATransform3DIsAffine`: whether the transform is a 2D affine map of the z = 0 plane
    /// (m13 = m14 = m23 = m24 = m31 = m32 = m34 = m43 = 0 and m33 = m44 = 1).
    @inlinable
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m34 == 0 && m43 == 0
            && m33 == 1 && m44 == 1
    }

    /// Whether every entry is finite.
    @inlinable
    public var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite
            && m21.isFinite && m22.isFinite && m23.isFinite && m24.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite
            && m41.isFinite && m42.isFinite && m43.isFinite && m44.isFinite
    }

    /// Whether the transform has a perspective part (m14, m24, m34 not all 0, or m44 ≠ 1), so
    /// that applying it needs a divide.
    @inlinable
    public var hasPerspective: Bool { m14 != 0 || m24 != 0 || m34 != 0 || m44 != 1 }

    /// The determinant (Laplace expansion over 2×2 minors).
    @inlinable
    public var determinant: T { _inverseParts().det }

    /// The 2×2 minors of rows 1–2 and 3–4 and the determinant they give, with the sum of
    /// absolute values of the six terms (the scale of the cancellation in `det`).
    @inlinable
    func _inverseParts() -> (b: (T, T, T, T, T, T, T, T, T, T, T, T), det: T, scale: T) {
        let b00: T = m11 * m22 - m12 * m21, b01: T = m11 * m23 - m13 * m21, b02: T = m11 * m24 - m14 * m21
        let b03: T = m12 * m23 - m13 * m22, b04: T = m12 * m24 - m14 * m22, b05: T = m13 * m24 - m14 * m23
        let b06: T = m31 * m42 - m32 * m41, b07: T = m31 * m43 - m33 * m41, b08: T = m31 * m44 - m34 * m41
        let b09: T = m32 * m43 - m33 * m42, b10: T = m32 * m44 - m34 * m42, b11: T = m33 * m44 - m34 * m43
        let t0: T = b00 * b11, t1: T = b01 * b10, t2: T = b02 * b09
        let t3: T = b03 * b08, t4: T = b04 * b07, t5: T = b05 * b06
        let det: T = ((t0 - t1) + (t2 + t3)) + (t5 - t4)
        let scale: T = (abs(t0) + abs(t1)) + (abs(t2) + abs(t3)) + (abs(t4) + abs(t5))
        return ((b00, b01, b02, b03, b04, b05, b06, b07, b08, b09, b10, b11), det, scale)
    }

    /// Whether the transform can be inverted: its determinant is finite, non-zero and not
    /// lost in rounding (|det| > 64·ε·Σ|terms of the expansion|).
    @inlinable
    public var isInvertible: Bool {
        let p = _inverseParts()
        return p.det.isFinite && p.det != 0 && abs(p.det) > 64 * T.ulpOfOne * p.scale
    }

    /// `CATransform3DInvert`, except that a singular transform is an error instead of being
    /// returned unchanged.
    /// - Throws: `invalidValue` naming `transform` when the matrix is singular (determinant 0,
    ///   or so small relative to its terms that it is lost in rounding) or its inverse
    ///   overflows.
    @inlinable
    public func inverted() throws(MotionKernelError) -> Transform3D {
        let p = _inverseParts()
        guard p.det.isFinite, p.det != 0, abs(p.det) > 64 * T.ulpOfOne * p.scale else {
            throw MotionKernelError.invalidValue(
                "transform", "is singular (determinant \(p.det)); it has no inverse")
        }
        let (b00, b01, b02, b03, b04, b05, b06, b07, b08, b09, b10, b11) = p.b
        let r = 1 / p.det
        let i11: T = (m22 * b11 - m23 * b10 + m24 * b09) * r
        let i12: T = (m13 * b10 - m12 * b11 - m14 * b09) * r
        let i13: T = (m42 * b05 - m43 * b04 + m44 * b03) * r
        let i14: T = (m33 * b04 - m32 * b05 - m34 * b03) * r
        let i21: T = (m23 * b08 - m21 * b11 - m24 * b07) * r
        let i22: T = (m11 * b11 - m13 * b08 + m14 * b07) * r
        let i23: T = (m43 * b02 - m41 * b05 - m44 * b01) * r
        let i24: T = (m31 * b05 - m33 * b02 + m34 * b01) * r
        let i31: T = (m21 * b10 - m22 * b08 + m24 * b06) * r
        let i32: T = (m12 * b08 - m11 * b10 - m14 * b06) * r
        let i33: T = (m41 * b04 - m42 * b02 + m44 * b00) * r
        let i34: T = (m32 * b02 - m31 * b04 - m34 * b00) * r
        let i41: T = (m22 * b07 - m21 * b09 - m23 * b06) * r
        let i42: T = (m11 * b09 - m12 * b07 + m13 * b06) * r
        let i43: T = (m42 * b01 - m41 * b03 - m43 * b00) * r
        let i44: T = (m31 * b03 - m32 * b01 + m33 * b00) * r
        let inv = Transform3D(
            m11: i11, m12: i12, m13: i13, m14: i14, m21: i21, m22: i22, m23: i23, m24: i24, m31: i31, m32: i32, m33: i33, m34: i34, m41: i41, m42: i42,
            m43: i43, m44: i44)
        guard inv.isFinite else {
            throw MotionKernelError.invalidValue("transform", "has an inverse that overflows")
        }
        return inv
    }

    // MARK: Applying to points

    /// The homogeneous image (x, y, z, w) · M, without the perspective divide.
    @inlinable
    public func applyHomogeneous(to p: Vector4<T>) -> Vector4<T> {
        Vector4(
            p.x * m11 + p.y * m21 + p.z * m31 + p.w * m41,
            p.x * m12 + p.y * m22 + p.z * m32 + p.w * m42,
            p.x * m13 + p.y * m23 + p.z * m33 + p.w * m43,
            p.x * m14 + p.y * m24 + p.z * m34 + p.w * m44)
    }

    /// The image of the point (x, y, z) after the perspective divide:
    /// (x′/w′, y′/w′, z′/w′) with (x′, y′, z′, w′) = (x, y, z, 1) · M. Points with w′ < 0 lie
    /// behind the viewer; they are still divided (renderers clip them).
    /// - Throws: `invalidValue` naming `point` when w′ = 0 (the point maps to infinity) or the
    ///   result overflows.
    @inlinable
    public func apply(to point: Vector3<T>) throws(MotionKernelError) -> Vector3<T> {
        let h = applyHomogeneous(to: Vector4(point.x, point.y, point.z, 1))
        guard h.w != 0 else {
            throw MotionKernelError.invalidValue("point", "maps to infinity (homogeneous w = 0)")
        }
        let r = Vector3(h.x / h.w, h.y / h.w, h.z / h.w)
        guard r.isFinite else {
            throw MotionKernelError.invalidValue("point", "maps outside the representable range")
        }
        return r
    }
}
