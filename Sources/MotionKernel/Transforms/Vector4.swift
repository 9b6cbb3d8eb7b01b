/// A 4-component vector of `Float` or `Double`: a homogeneous point (x, y, z, w) or the
/// perspective part of a `DecomposedTransform`.
public struct Vector4<T: MotionScalar>: Sendable, Hashable {
    /// The x component.
    public var x: T
    /// The y component.
    public var y: T
    /// The z component.
    public var z: T
    /// The w (homogeneous) component.
    public var w: T

    /// Creates a vector from its components.
    @inlinable
    public init(x: T, y: T, z: T, w: T) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// Creates a vector from its components, unlabeled: `Vector4(1, 2, 3, 1)`.
    @inlinable
    public init(_ x: T, _ y: T, _ z: T, _ w: T) {
        self.init(x: x, y: y, z: z, w: w)
    }

    /// Whether all four components are finite.
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite && w.isFinite }

    /// Componentwise `(1 − t)·a + t·b`: exactly `a` at t = 0 and exactly `b` at t = 1; a
    /// component on which `a` and `b` agree keeps that value exactly at every t.
    @inlinable
    public static func lerp(_ a: Vector4, _ b: Vector4, _ t: T) -> Vector4 {
        Vector4(lerpComponent(a.x, b.x, t), lerpComponent(a.y, b.y, t), lerpComponent(a.z, b.z, t), lerpComponent(a.w, b.w, t))
    }
}
