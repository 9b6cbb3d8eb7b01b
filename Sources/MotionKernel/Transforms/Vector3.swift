/// A 3-component vector of `Float` or `Double`: a point, a translation, a scale or a rotation
/// axis in the transform API.
///
/// Coordinates follow Core Animation and CSS: x to the right, y down on screen (y-down view
/// coordinates), z toward the viewer.
public struct Vector3<T: MotionScalar>: Sendable, Hashable {
    /// The x component.
    public var x: T
    /// The y component.
    public var y: T
    /// The z component.
    public var z: T

    /// Creates a vector from its components.
    @inlinable
    public init(x: T, y: T, z: T) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// Creates a vector from its components, unlabeled: `Vector3(1, 2, 3)`.
    @inlinable
    public init(_ x: T, _ y: T, _ z: T) {
        self.init(x: x, y: y, z: z)
    }

    /// (0, 0, 0).
    @inlinable
    public static var zero: Vector3 { Vector3(0, 0, 0) }

    /// The dot product x·x′ + y·y′ + z·z′.
    @inlinable
    public func dot(_ other: Vector3) -> T { x * other.x + y * other.y + z * other.z }

    /// The cross product self × other (right-handed).
    @inlinable
    public func cross(_ other: Vector3) -> Vector3 {
        Vector3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
    }

    /// The Euclidean length, computed without undue overflow or underflow (a plain square
    /// root of the sum of squares when that sum is a normal number, `hypot` otherwise).
    @inlinable
    public var length: T {
        let s = x * x + y * y + z * z
        if s.isNormal { return s.squareRoot() }
        return T.hypot(T.hypot(x, y), z)
    }

    /// Whether all three components are finite.
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    /// Componentwise `(1 − t)·a + t·b`: exactly `a` at t = 0 and exactly `b` at t = 1; t may lie
    /// outside [0, 1] (extrapolation). A component on which `a` and `b` agree keeps that value
    /// exactly at every t (see `lerpComponent`).
    @inlinable
    public static func lerp(_ a: Vector3, _ b: Vector3, _ t: T) -> Vector3 {
        Vector3(lerpComponent(a.x, b.x, t), lerpComponent(a.y, b.y, t), lerpComponent(a.z, b.z, t))
    }
}

/// `(1 − t)·a + t·b`, and exactly `a` when `a == b`: in floating point (1 − t) + t is not 1 for
/// large |t| (t = 10²⁰ gives 0), so without the check `scale(0)` → `scale(1)` would lose its
/// z scale of 1 when extrapolated. Exactly `a` at t = 0 and `b` at t = 1.
@inlinable
func lerpComponent<T: MotionScalar>(_ a: T, _ b: T, _ t: T) -> T {
    a == b ? a : (1 - t) * a + t * b
}
