/// One function of a CSS-style transform list (`translate3d`, `scale3d`, `rotate3d`, `skew`,
/// `skewX`, `skewY`, `perspective`, `matrix3d`), in radians and the caller's length unit.
///
/// The cases are the 3D primitives plus the skews, which CSS keeps apart: `skewX(a)` has the
/// matrix of `skew(a, 0)` but only interpolates with another `skewX`. Which CSS function an
/// operation was written as (`translateX` vs `translate3d`, …) is carried by
/// `TransformFunction`, which pairs an operation with its `CSSTransformFunction` name.
public enum TransformOperation<T: MotionScalar>: Sendable, Hashable {
    /// CSS `translate3d(x, y, z)` / `CATransform3DMakeTranslation`.
    case translate(x: T, y: T, z: T)
    /// CSS `scale3d(x, y, z)` / `CATransform3DMakeScale`.
    case scale(x: T, y: T, z: T)
    /// CSS `rotate3d(axis, angle)` / `CATransform3DMakeRotation(angle, axis)`; angle in
    /// radians (positive about +z is clockwise on a y-down screen). A zero axis is the identity.
    case rotate(angle: T, axis: Vector3<T>)
    /// CSS `skew(ax, ay)`: m21 = tan(ax), m12 = tan(ay); radians.
    case skew(ax: T, ay: T)
    /// CSS `skewX(a)`: m21 = tan(a); radians. Same matrix as `skew(a, 0)`, but a different
    /// function for interpolation.
    case skewX(T)
    /// CSS `skewY(a)`: m12 = tan(a); radians. Same matrix as `skew(0, a)`, but a different
    /// function for interpolation.
    case skewY(T)
    /// CSS `perspective(d)`: m34 = −1/d; d > 0, `+infinity` for `perspective(none)`.
    case perspective(T)
    /// CSS `matrix3d(m11, …, m44)`, any 4×4 transform.
    case matrix(Transform3D<T>)

    /// The operation's matrix (see `Transform3D`'s elementary initialisers).
    @inlinable
    public var matrix: Transform3D<T> {
        switch self {
        case let .translate(x, y, z): return Transform3D(translation: Vector3(x, y, z))
        case let .scale(x, y, z): return Transform3D(scale: Vector3(x, y, z))
        case let .rotate(angle, axis): return Transform3D(rotation: angle, axis: axis)
        case let .skew(ax, ay): return Transform3D(skewX: ax, skewY: ay)
        case let .skewX(a): return Transform3D(skewX: a, skewY: 0)
        case let .skewY(a): return Transform3D(skewX: 0, skewY: a)
        case let .perspective(d): return Transform3D(perspective: d)
        case let .matrix(m): return m
        }
    }

    /// The identity function of the same kind (CSS "identity transform function"):
    /// translate(0, 0, 0), scale(1, 1, 1), rotate(0) about the same axis, skew(0, 0),
    /// skewX(0), skewY(0), perspective(none), the identity matrix.
    @inlinable
    public var identityOfSameKind: TransformOperation {
        switch self {
        case .translate: return .translate(x: 0, y: 0, z: 0)
        case .scale: return .scale(x: 1, y: 1, z: 1)
        case let .rotate(_, axis): return .rotate(angle: 0, axis: axis)
        case .skew: return .skew(ax: 0, ay: 0)
        case .skewX: return .skewX(0)
        case .skewY: return .skewY(0)
        case .perspective: return .perspective(.infinity)
        case .matrix: return .matrix(.identity)
        }
    }

    /// Whether two operations are the same function kind (so that CSS interpolates them
    /// pairwise). Every rotation matches every rotation; `skew`, `skewX` and `skewY` each match
    /// only themselves.
    @inlinable
    public func hasSameKind(as other: TransformOperation) -> Bool {
        switch (self, other) {
        case (.translate, .translate), (.scale, .scale), (.rotate, .rotate), (.skew, .skew),
            (.skewX, .skewX), (.skewY, .skewY), (.perspective, .perspective), (.matrix, .matrix):
            return true
        default:
            return false
        }
    }

    /// Throws unless every parameter is finite and a perspective distance is > 0 (or +∞).
    /// - Parameter path: the field path used in the error (e.g. `operations[2]`).
    /// - Throws: `invalidValue` naming `path.<parameter>`.
    @inlinable
    public func validate(path: String = "") throws(MotionKernelError) {
        func p(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }
        switch self {
        case let .translate(x, y, z), let .scale(x, y, z):
            try MotionKernelError.requireFinite(x, p("x"))
            try MotionKernelError.requireFinite(y, p("y"))
            try MotionKernelError.requireFinite(z, p("z"))
        case let .rotate(angle, axis):
            try MotionKernelError.requireFinite(angle, p("angle"))
            try MotionKernelError.requireFinite(axis.x, p("axis.x"))
            try MotionKernelError.requireFinite(axis.y, p("axis.y"))
            try MotionKernelError.requireFinite(axis.z, p("axis.z"))
        case let .skew(ax, ay):
            try MotionKernelError.requireFinite(ax, p("ax"))
            try MotionKernelError.requireFinite(ay, p("ay"))
        case let .skewX(a):
            try MotionKernelError.requireFinite(a, p("skewX"))
        case let .skewY(a):
            try MotionKernelError.requireFinite(a, p("skewY"))
        case let .perspective(d):
            guard d > 0, !d.isNaN else {
                throw MotionKernelError.invalidValue(p("perspective"), "expected a distance > 0, got \(d)")
            }
        case let .matrix(m):
            guard m.isFinite else { throw MotionKernelError.invalidValue(p("matrix"), "expected 16 finite numbers") }
        }
    }

    /// The same operation in another precision (rounded to nearest).
    @inlinable
    public init<U: MotionScalar>(_ other: TransformOperation<U>) {
        func c(_ u: U) -> T { T(u.doubleValue) }
        switch other {
        case let .translate(x, y, z): self = .translate(x: c(x), y: c(y), z: c(z))
        case let .scale(x, y, z): self = .scale(x: c(x), y: c(y), z: c(z))
        case let .rotate(a, axis): self = .rotate(angle: c(a), axis: Vector3(c(axis.x), c(axis.y), c(axis.z)))
        case let .skew(ax, ay): self = .skew(ax: c(ax), ay: c(ay))
        case let .skewX(a): self = .skewX(c(a))
        case let .skewY(a): self = .skewY(c(a))
        case let .perspective(d): self = .perspective(c(d))
        case let .matrix(m): self = .matrix(Transform3D(m))
        }
    }
}
