/// The name of a CSS transform function (CSS Transforms Levels 1 and 2), which decides how two
/// functions interpolate.
///
/// CSS Transforms 2 calls `translate3d`, `scale3d`, `rotate3d`, `skew`, `skewX`, `skewY`,
/// `perspective` and `matrix3d` *primitives*; `translateX`/`Y`/`Z` and `translate` are derived
/// from `translate3d` (`translateX`/`Y` and `translate` have the 2D primitive `translate`),
/// likewise for `scale`, and `rotateX`/`Y`/`Z` and `rotate` derive from `rotate3d` (`rotate` and
/// `rotateZ` have the 2D primitive `rotate`). Two functions that share a primitive interpolate
/// pairwise; `skew`, `skewX` and `skewY` share none with each other.
public enum CSSTransformFunction: String, Sendable, Hashable, CaseIterable {
    /// `matrix(a, b, c, d, e, f)`: a 2D matrix.
    case matrix
    /// `matrix3d(m11, …, m44)`.
    case matrix3d
    /// `translate(x, y?)`.
    case translate
    /// `translateX(x)`.
    case translateX
    /// `translateY(y)`.
    case translateY
    /// `translateZ(z)`.
    case translateZ
    /// `translate3d(x, y, z)`.
    case translate3d
    /// `scale(x, y?)` (y defaults to x).
    case scale
    /// `scaleX(x)`.
    case scaleX
    /// `scaleY(y)`.
    case scaleY
    /// `scaleZ(z)`.
    case scaleZ
    /// `scale3d(x, y, z)`.
    case scale3d
    /// `rotate(a)`: about +z.
    case rotate
    /// `rotateX(a)`.
    case rotateX
    /// `rotateY(a)`.
    case rotateY
    /// `rotateZ(a)`.
    case rotateZ
    /// `rotate3d(x, y, z, a)`.
    case rotate3d
    /// `skew(ax, ay?)`.
    case skew
    /// `skewX(a)`.
    case skewX
    /// `skewY(a)`.
    case skewY
    /// `perspective(d | none)`.
    case perspective

    /// The family of functions that share a primitive (so interpolate pairwise).
    @usableFromInline
    enum Family: Sendable { case translate, scale, rotate, skew, skewX, skewY, perspective, matrix }

    @inlinable
    var family: Family {
        switch self {
        case .translate, .translateX, .translateY, .translateZ, .translate3d: return .translate
        case .scale, .scaleX, .scaleY, .scaleZ, .scale3d: return .scale
        case .rotate, .rotateX, .rotateY, .rotateZ, .rotate3d: return .rotate
        case .skew: return .skew
        case .skewX: return .skewX
        case .skewY: return .skewY
        case .perspective: return .perspective
        case .matrix, .matrix3d: return .matrix
        }
    }

    /// Whether the function is two-dimensional by its grammar (`translate`, `translateX`,
    /// `translateY`, `scale`, `scaleX`, `scaleY`, `rotate`, `rotateZ`, the skews, `matrix`).
    @inlinable
    public var is2D: Bool {
        switch self {
        case .translate, .translateX, .translateY, .scale, .scaleX, .scaleY, .rotate, .rotateZ,
            .skew, .skewX, .skewY, .matrix:
            return true
        default: return false
        }
    }

    /// Whether the two functions share a primitive, so that CSS interpolates them pairwise.
    @inlinable
    public func sharesPrimitive(with other: CSSTransformFunction) -> Bool { family == other.family }

    /// The function an interpolation of `self` with `other` is expressed in: the name itself
    /// when both are the same, otherwise their common 2D primitive when both are 2D
    /// (`translate`, `scale`, `rotate`, `matrix`), else the 3D primitive (`translate3d`,
    /// `scale3d`, `rotate3d`, `matrix3d`). Nil when they share no primitive.
    @inlinable
    public func commonPrimitive(with other: CSSTransformFunction) -> CSSTransformFunction? {
        if self == other { return self }
        guard sharesPrimitive(with: other) else { return nil }
        let flat = is2D && other.is2D
        switch family {
        case .translate: return flat ? .translate : .translate3d
        case .scale: return flat ? .scale : .scale3d
        case .rotate: return flat ? .rotate : .rotate3d
        case .matrix: return flat ? .matrix : .matrix3d
        default: return nil
        }
    }

    /// The name an operation gets when it is not written in CSS: its primitive
    /// (`translate3d`, `scale3d`, `rotate3d`, `skew`, `skewX`, `skewY`, `perspective`,
    /// `matrix3d`).
    @inlinable
    public static func primitive<T>(of operation: TransformOperation<T>) -> CSSTransformFunction {
        switch operation {
        case .translate: return .translate3d
        case .scale: return .scale3d
        case .rotate: return .rotate3d
        case .skew: return .skew
        case .skewX: return .skewX
        case .skewY: return .skewY
        case .perspective: return .perspective
        case .matrix: return .matrix3d
        }
    }
}

/// One CSS transform function: an operation together with the CSS function it was written as
/// (so that `translateX(5px)` and `translate3d(5px, 0, 0)`, the same matrix, interpolate and
/// serialise as CSS does).
public struct TransformFunction<T: MotionScalar>: Sendable, Hashable {
    /// The CSS function.
    public let name: CSSTransformFunction
    /// Its operation (parameters in radians and the caller's length unit).
    public let operation: TransformOperation<T>
    /// The angles as the CSS text wrote them (`rotate`'s angle, or `skew`'s two), when the
    /// function was read from CSS: ``matrix`` takes its sines, cosines and tangents from them,
    /// so that `rotate(1000000deg)` has the exact 280° entries. Not part of equality: it is the
    /// same angle as the operation's, only more precisely.
    @usableFromInline var writtenAngles: (WrittenAngle, WrittenAngle?)? = nil

    /// Functions are equal when their names and operations are.
    @inlinable
    public static func == (a: TransformFunction, b: TransformFunction) -> Bool {
        a.name == b.name && a.operation == b.operation
    }

    /// Hashes the name and the operation (as `==` compares them).
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(operation)
    }

    /// The function's matrix: the operation's (`TransformOperation.matrix`), with the sines,
    /// cosines and tangents of angles read from CSS taken from the written angle, reduced
    /// exactly modulo a full turn in its unit (`deg`, `grad`, `turn`) before it is converted to
    /// radians, as Chromium does.
    @inlinable
    public var matrix: Transform3D<T> {
        guard let (a, b) = writtenAngles else { return operation.matrix }
        switch operation {
        case let .rotate(_, axis):
            let (s, c) = a.sinCos
            return Transform3D(rotationSin: T(s), cos: T(c), axis: axis)
        case .skew:
            var m = Transform3D<T>.identity
            m.m21 = T(a.tan)
            m.m12 = T(b?.tan ?? 0)
            return m
        case .skewX:
            var m = Transform3D<T>.identity
            m.m21 = T(a.tan)
            return m
        case .skewY:
            var m = Transform3D<T>.identity
            m.m12 = T(a.tan)
            return m
        default: return operation.matrix
        }
    }

    /// A validated function.
    /// - Parameters:
    ///   - name: the CSS function.
    ///   - operation: an operation the function can express: `.translate` for the translate
    ///     functions with the components the function does not have equal to 0 (`translateX`:
    ///     y = z = 0; `translate`: z = 0), `.scale` likewise with 1, `.rotate` for the rotate
    ///     functions with the axis along +x, +y or +z for `rotateX`, `rotateY`, `rotateZ` and
    ///     `rotate`, `.skew`/`.skewX`/`.skewY`/`.perspective` for their own names, `.matrix` for
    ///     `matrix3d`, and for `matrix` only an affine (2D) matrix.
    ///   - path: the field path used in errors.
    /// - Throws: `invalidValue` naming `path` when the operation does not fit the function, or
    ///   as `TransformOperation.validate(path:)` for its parameters.
    @inlinable
    public init(_ name: CSSTransformFunction, _ operation: TransformOperation<T>, path: String = "function") throws(MotionKernelError) {
        try operation.validate(path: path)
        guard Self.fits(name, operation) else {
            throw MotionKernelError.invalidValue(path, "\(operation) cannot be written as CSS \(name.rawValue)()")
        }
        self.name = name
        self.operation = operation
    }

    /// An operation under its primitive name (`CSSTransformFunction.primitive(of:)`), unchecked.
    @inlinable
    public init(_ operation: TransformOperation<T>) {
        self.name = CSSTransformFunction.primitive(of: operation)
        self.operation = operation
    }

    @inlinable
    init(unchecked name: CSSTransformFunction, _ operation: TransformOperation<T>) {
        self.name = name
        self.operation = operation
    }

    /// The same function in another precision (rounded to nearest).
    @inlinable
    public init<U: MotionScalar>(_ other: TransformFunction<U>) {
        self.init(unchecked: other.name, TransformOperation<T>(other.operation))
        writtenAngles = other.writtenAngles
    }

    /// Whether `name` can express `operation` (see `init(_:_:path:)`).
    @inlinable
    static func fits(_ name: CSSTransformFunction, _ op: TransformOperation<T>) -> Bool {
        switch (name, op) {
        case let (.translate, .translate(_, _, z)): return z == 0
        case let (.translateX, .translate(_, y, z)): return y == 0 && z == 0
        case let (.translateY, .translate(x, _, z)): return x == 0 && z == 0
        case let (.translateZ, .translate(x, y, _)): return x == 0 && y == 0
        case (.translate3d, .translate): return true
        case let (.scale, .scale(_, _, z)): return z == 1
        case let (.scaleX, .scale(_, y, z)): return y == 1 && z == 1
        case let (.scaleY, .scale(x, _, z)): return x == 1 && z == 1
        case let (.scaleZ, .scale(x, y, _)): return x == 1 && y == 1
        case (.scale3d, .scale): return true
        case let (.rotate, .rotate(_, a)), let (.rotateZ, .rotate(_, a)): return a.x == 0 && a.y == 0 && a.z > 0
        case let (.rotateX, .rotate(_, a)): return a.x > 0 && a.y == 0 && a.z == 0
        case let (.rotateY, .rotate(_, a)): return a.x == 0 && a.y > 0 && a.z == 0
        case (.rotate3d, .rotate), (.skew, .skew), (.skewX, .skewX), (.skewY, .skewY),
            (.perspective, .perspective), (.matrix3d, .matrix):
            return true
        case let (.matrix, .matrix(m)): return m.isAffine
        default: return false
        }
    }

    /// The identity function of the same name (CSS "identity transform function":
    /// `translateX(0)`, `scale(1)`, `rotate3d(x, y, z, 0)` about the same axis, `skewX(0)`,
    /// `perspective(none)`, the identity matrix, …).
    @inlinable
    public var identity: TransformFunction {
        TransformFunction(unchecked: name, operation.identityOfSameKind)
    }
}
