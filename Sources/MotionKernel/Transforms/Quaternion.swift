/// A rotation quaternion (x, y, z, w) as CSS Transforms Level 2 uses it in matrix
/// decomposition and interpolation.
///
/// Convention: the rotation by `angle` radians about the unit axis (ax, ay, az) — CSS
/// `rotate3d(ax, ay, az, angle)`, `CATransform3DMakeRotation(angle, ax, ay, az)` — is the
/// quaternion (ax·sin(angle/2), ay·sin(angle/2), az·sin(angle/2), cos(angle/2)). So CSS
/// `rotate(θ)` (clockwise on a y-down screen for θ > 0) is (0, 0, sin(θ/2), cos(θ/2)).
/// q and −q describe the same rotation; decomposition returns the one with w ≥ 0.
public struct Quaternion<T: MotionScalar>: Sendable, Hashable {
    /// The x component of the vector part.
    public var x: T
    /// The y component of the vector part.
    public var y: T
    /// The z component of the vector part.
    public var z: T
    /// The scalar part.
    public var w: T

    /// Creates a quaternion from its components (not normalized).
    @inlinable
    public init(x: T, y: T, z: T, w: T) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// The identity rotation (0, 0, 0, 1).
    @inlinable
    public static var identity: Quaternion { Quaternion(x: 0, y: 0, z: 0, w: 1) }

    /// The rotation by `angle` radians about `axis` (normalized here; a zero axis gives the
    /// identity, as CSS does for `rotate3d(0, 0, 0, a)`).
    @inlinable
    public init(angle: T, axis: Vector3<T>) {
        let len = axis.length
        guard len > 0, len.isFinite else {
            self = .identity
            return
        }
        let s = T.sin(angle / 2) / len
        self.init(x: axis.x * s, y: axis.y * s, z: axis.z * s, w: T.cos(angle / 2))
    }

    /// The four-dimensional dot product.
    @inlinable
    public func dot(_ other: Quaternion) -> T { x * other.x + y * other.y + z * other.z + w * other.w }

    /// The Euclidean norm √(x² + y² + z² + w²).
    @inlinable
    public var norm: T { (x * x + y * y + z * z + w * w).squareRoot() }

    /// Spherical linear interpolation exactly as CSS Transforms Level 2 specifies it.
    ///
    /// `product = dot(a, b)` clamped to [−1, 1`]; if |product| = 1 the result is `a`;
    /// otherwise with θ = acos(product) and w = sin(t·θ)/√(1 − product²) the result is
    /// `a·(cos(t·θ) − product·w) + b·w`. There is deliberately **no short-arc flip**: when
    /// the dot product is negative the path goes the long way round, as browsers do. For unit
    /// inputs the result stays on the unit sphere for every t (fractions outside [0, 1]
    /// extrapolate along the same great circle).
    /// - Parameters:
    ///   - a: the quaternion at t = 0 (unit length).
    ///   - b: the quaternion at t = 1 (unit length).
    ///   - t: the fraction, any finite real.
    @inlinable
    public static func slerp(_ a: Quaternion, _ b: Quaternion, _ t: T) -> Quaternion {
        var product = a.dot(b)
        product = min(product, 1)
        product = max(product, -1)
        if abs(product) == 1 { return a }
        let theta = T.acos(product)
        let w = T.sin(t * theta) / (1 - product * product).squareRoot()
        let sa = T.cos(t * theta) - product * w
        return Quaternion(
            x: a.x * sa + b.x * w, y: a.y * sa + b.y * w,
            z: a.z * sa + b.z * w, w: a.w * sa + b.w * w)
    }
}
