/// A 2D affine transform with Core Graphics' `CGAffineTransform` layout and semantics.
///
/// **Convention (row vectors).** The point (x, y) maps to
/// x′ = a·x + c·y + tx, y′ = b·x + d·y + ty, i.e. (x′, y′, 1) = (x, y, 1) · [[a, b, 0], [c, d, 0], [tx, ty, 1]].
/// Coordinates are y-down on screen (UIKit, CSS); a positive rotation angle turns +x toward +y
/// (`CGAffineTransform(rotationAngle:)`: a = cos θ, b = sin θ, c = −sin θ, d = cos θ), which
/// is clockwise on a y-down screen. Angles are in radians.
///
/// Order of operations matches Core Graphics: `t1.concatenating(t2)` applies `t1` first, then
/// `t2` (`CGAffineTransformConcat(t1, t2)` = t1·t2), while `t.translatedBy(x:y:)`,
/// `t.scaledBy(x:y:)` and `t.rotated(by:)` apply the new operation *first*, then `t`
/// (`CGAffineTransformTranslate(t, …)` = translation·t).
///
/// Generic over `Float` and `Double` so that bulk work can run in `Float`.
public struct AffineTransform2D<T: MotionScalar>: Sendable, Hashable {
    /// x′ gets a·x.
    public var a: T
    /// y′ gets b·x.
    public var b: T
    /// x′ gets c·y.
    public var c: T
    /// y′ gets d·y.
    public var d: T
    /// Translation in x.
    public var tx: T
    /// Translation in y.
    public var ty: T

    /// Creates a transform from its six entries (`CGAffineTransform(a:b:c:d:tx:ty:)`).
    @inlinable
    public init(a: T, b: T, c: T, d: T, tx: T, ty: T) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// `CGAffineTransformIdentity`: (1, 0, 0, 1, 0, 0).
    @inlinable
    public static var identity: AffineTransform2D { AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

    /// `CGAffineTransform(translationX:y:)`: (1, 0, 0, 1, tx, ty).
    @inlinable
    public init(translationX tx: T, y ty: T) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// `CGAffineTransform(scaleX:y:)`: (sx, 0, 0, sy, 0, 0).
    @inlinable
    public init(scaleX sx: T, y sy: T) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// `CGAffineTransform(rotationAngle:)`: (cos θ, sin θ, −sin θ, cos θ, 0, 0), θ in radians.
    @inlinable
    public init(rotationAngle angle: T) {
        let cs = T.cos(angle), sn = T.sin(angle)
        self.init(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// The six entries (a, b, c, d, tx, ty), the order of the eval protocol's `"affine"`.
    @inlinable
    public var values: [T] { [a, b, c, d, tx, ty] }

    /// `CGAffineTransformConcat(self, other)` = self·other: apply `self`, then `other`.
    @inlinable
    public func concatenating(_ t: AffineTransform2D) -> AffineTransform2D {
        AffineTransform2D(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d,
            c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// `CGAffineTransformTranslate(self, tx, ty)` = translation·self: translate first.
    @inlinable
    public func translatedBy(x: T, y: T) -> AffineTransform2D {
        AffineTransform2D(translationX: x, y: y).concatenating(self)
    }

    /// `CGAffineTransformScale(self, sx, sy)` = scale·self: scale first.
    @inlinable
    public func scaledBy(x: T, y: T) -> AffineTransform2D {
        AffineTransform2D(scaleX: x, y: y).concatenating(self)
    }

    /// `CGAffineTransformRotate(self, angle)` = rotation·self: rotate first.
    @inlinable
    public func rotated(by angle: T) -> AffineTransform2D {
        AffineTransform2D(rotationAngle: angle).concatenating(self)
    }

    /// The determinant a·d − b·c (the signed area scale).
    @inlinable
    public var determinant: T { a * d - b * c }

    /// `CGAffineTransformIsIdentity`.
    @inlinable
    public var isIdentity: Bool { self == .identity }

    /// Whether the transform can be inverted: a·d − b·c is finite, non-zero and not lost in
    /// rounding (|det| > 8·ε·(|a·d| + |b·c|)).
    @inlinable
    public var isInvertible: Bool {
        let ad = a * d, bc = b * c, det = ad - bc
        return det.isFinite && det != 0 && abs(det) > 8 * T.ulpOfOne * (abs(ad) + abs(bc))
    }

    /// `CGAffineTransformInvert`, except that a singular transform is an error (Core Graphics
    /// silently returns it unchanged).
    /// - Throws: `invalidValue` naming `transform` when a·d − b·c is 0 (or lost in rounding)
    ///   or the inverse overflows.
    @inlinable
    public func inverted() throws(MotionKernelError) -> AffineTransform2D {
        let det = a * d - b * c
        guard isInvertible else {
            throw MotionKernelError.invalidValue(
                "transform", "is singular (a·d − b·c = \(det)); it has no inverse")
        }
        let r = 1 / det
        let inv = AffineTransform2D(
            a: d * r, b: -b * r, c: -c * r, d: a * r,
            tx: (c * ty - d * tx) * r, ty: (b * tx - a * ty) * r)
        guard inv.a.isFinite, inv.b.isFinite, inv.c.isFinite, inv.d.isFinite, inv.tx.isFinite, inv.ty.isFinite else {
            throw MotionKernelError.invalidValue("transform", "has an inverse that overflows")
        }
        return inv
    }

    /// The image of (x, y): (a·x + c·y + tx, b·x + d·y + ty) (`CGPointApplyAffineTransform`).
    @inlinable
    public func apply(x: T, y: T) -> (x: T, y: T) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    /// The same transform in another precision (rounded to nearest).
    @inlinable
    public init<U: MotionScalar>(_ other: AffineTransform2D<U>) {
        self.init(
            a: T(other.a.doubleValue), b: T(other.b.doubleValue), c: T(other.c.doubleValue),
            d: T(other.d.doubleValue), tx: T(other.tx.doubleValue), ty: T(other.ty.doubleValue))
    }
}

extension Transform3D {
    /// `CATransform3DMakeAffineTransform`: m11 = a, m12 = b, m21 = c, m22 = d, m41 = tx,
    /// m42 = ty, the rest identity. Points of the z = 0 plane map exactly as the affine does.
    @inlinable
    public init(affine t: AffineTransform2D<T>) {
        self = .identity
        m11 = t.a; m12 = t.b; m21 = t.c; m22 = t.d; m41 = t.tx; m42 = t.ty
    }

    /// `CATransform3DGetAffineTransform`: (m11, m12, m21, m22, m41, m42). Lossy unless
    /// `isAffine` is true (z terms and perspective are dropped).
    @inlinable
    public var affineTransform: AffineTransform2D<T> {
        AffineTransform2D(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }
}
