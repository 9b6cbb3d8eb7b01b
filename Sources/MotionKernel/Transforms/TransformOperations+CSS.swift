extension TransformOperations {
    /// Parses a CSS `transform` value: `none` or a `<transform-list>` (CSS Transforms Levels 1
    /// and 2).
    ///
    /// - Functions: `matrix(6)`, `matrix3d(16)`, `translate(x, y?)`, `translateX`/`Y`/`Z`,
    ///   `translate3d(x, y, z)`, `scale(x, y?)` (y defaults to x), `scaleX`/`Y`/`Z`,
    ///   `scale3d(x, y, z)` (numbers or percentages, 50% = 0.5), `rotate(a)`,
    ///   `rotateX`/`Y`/`Z(a)`, `rotate3d(x, y, z, a)`, `skew(ax, ay?)`, `skewX(a)`,
    ///   `skewY(a)`, `perspective(d | none)`. Names, units and `none` are ASCII
    ///   case-insensitive; functions are separated by optional whitespace (no commas), their
    ///   arguments by commas with optional whitespace; comments separate tokens (one that runs
    ///   to the end of the text is an error). The text is read as CSS Syntax Level 3 tokens,
    ///   the same tokenizer as `TimingFunction(css:)`: escapes in names and units are decoded
    ///   (`r\6f tate(45deg)` is `rotate(45deg)`), numbers follow the `<number-token>` grammar.
    /// - Angles: `deg`, `rad`, `grad`, `turn`, or a unitless `0`; stored in radians.
    /// - Lengths: `px`, or a unitless `0`; stored in px. Other CSS length units (`em`, `rem`,
    ///   `vw`, `cm`, …) and percentages in translations need a font or a reference box this
    ///   library does not have: they are `unsupported`. So are math functions (`calc()`, …)
    ///   and `var()`.
    /// - `perspective(d)`: d ≥ 0; CSS treats distances below 1px as 1px, and so does the
    ///   stored operation (so `perspective(0)` serialises as `perspective(1px)`).
    ///   `perspective(none)` is an infinite distance.
    ///
    /// Each function keeps the name it was written with (`functions[i].name`).
    /// - Parameters:
    ///   - css: the value text.
    ///   - path: the field path used in errors.
    /// - Throws: `invalidValue` naming `path`, with the offset (in Unicode scalars from 0) of
    ///   the problem in the reason, for text outside the grammar or a number out of range (in
    ///   Double, or in T for a function whose parameters overflow T);
    ///   `unsupported` naming `path` (with the offset) for the units and functions above.
    @inlinable
    public init(css: String, path: String = "css") throws(MotionKernelError) {
        var parser = CSSTransformParser(css, path: path)
        let parsed = try parser.parse()
        var out: [TransformFunction<T>] = []
        out.reserveCapacity(parsed.count)
        for (i, f) in parsed.enumerated() {
            // Re-validated in T: a Double value may overflow Float.
            do {
                var g = try TransformFunction<T>(f.name, TransformOperation<T>(f.operation), path: path)
                g.writtenAngles = f.writtenAngles
                out.append(g)
            } catch let e {
                throw MotionKernelError.invalidValue(
                    path, "\(f.name.rawValue)() at offset \(parser.starts[i]) does not fit in this precision (\(e.reason))")
            }
        }
        self.init(uncheckedFunctions: out)
    }

    /// The list as CSS text: `none` for the empty list, else each function by its name with
    /// lengths in `px`, angles in `rad`, and numbers printed so that they read back as the same
    /// value in this precision (`init(css:)` round-trips, except that `perspective()` prints
    /// its clamped distance).
    public var cssText: String {
        if functions.isEmpty { return "none" }
        return functions.map(\.cssText).joined(separator: " ")
    }
}

extension TransformFunction {
    /// The function as CSS text (lengths in px, angles in rad; see `TransformOperations.cssText`).
    public var cssText: String {
        func n(_ v: T) -> String { CSSNumber.text(v) }
        func px(_ v: T) -> String { "\(n(v))px" }
        func rad(_ v: T) -> String { "\(n(v))rad" }
        /// The components a translation or scale writes: x and y for `translate` and `scale`, the
        /// one of its axis for `translateX` … `scaleZ`, all three for the `3d` forms.
        func written(_ x: T, _ y: T, _ z: T) -> [T] {
            switch name {
            case .translate, .scale: return [x, y]
            case .translateX, .scaleX: return [x]
            case .translateY, .scaleY: return [y]
            case .translateZ, .scaleZ: return [z]
            default: return [x, y, z]
            }
        }
        let args: [String]
        switch operation {
        case let .translate(x, y, z): args = written(x, y, z).map(px)
        case let .scale(x, y, z): args = written(x, y, z).map(n)
        case let .rotate(angle, axis):
            switch name {
            case .rotate, .rotateX, .rotateY, .rotateZ: args = [rad(angle)]
            default: args = [n(axis.x), n(axis.y), n(axis.z), rad(angle)]
            }
        case let .skew(ax, ay): args = [rad(ax), rad(ay)]
        case let .skewX(a), let .skewY(a): args = [rad(a)]
        case let .perspective(d): args = [d.isFinite ? px(d) : "none"]
        case let .matrix(m):
            args = name == .matrix ? [m.m11, m.m12, m.m21, m.m22, m.m41, m.m42].map(n) : m.rowMajor.map(n)
        }
        return "\(name.rawValue)(\(args.joined(separator: ", ")))"
    }
}

extension Transform3D {
    /// The CSS serialisation of the matrix: `matrix(a, b, c, d, e, f)` = (m11, m12, m21, m22,
    /// m41, m42) when it is 2D (`isAffine`), else `matrix3d(m11, …, m44)`; numbers printed so
    /// that they read back as the same value in this precision.
    public var cssText: String {
        if isAffine { return "matrix(\([m11, m12, m21, m22, m41, m42].map { CSSNumber.text($0) }.joined(separator: ", ")))" }
        return "matrix3d(\(rowMajor.map { CSSNumber.text($0) }.joined(separator: ", ")))"
    }
}

/// A recursive-descent reader of CSS `transform` values into Double functions (see
/// `TransformOperations.init(css:path:)`), over the CSS token stream.
@usableFromInline
struct CSSTransformParser {
    var s: CSSTokenStream
    @usableFromInline let path: String
    /// The offset of each parsed function's name.
    @usableFromInline var starts: [Int] = []

    @usableFromInline
    init(_ css: String, path: String) {
        s = CSSTokenStream(css)
        self.path = path
    }

    /// One argument token.
    enum Component {
        case number(Double)
        case percentage(Double)
        case dimension(Double, String)
        case ident(String)
    }

    func invalid(_ reason: String, at offset: Int) -> MotionKernelError {
        .invalidValue(path, "\(reason) at offset \(offset)")
    }

    func unsupported(_ reason: String, at offset: Int) -> MotionKernelError {
        .unsupported(path, "\(reason) at offset \(offset)")
    }

    /// A comment that runs to the end of the text is an error here (CSS would end it there).
    func checkComments() throws(MotionKernelError) {
        if let start = s.tokenizer.unterminatedComment { throw invalid("unterminated comment", at: start) }
    }

    @usableFromInline
    mutating func parse() throws(MotionKernelError) -> [TransformFunction<Double>] {
        s.skipWhitespace()
        guard s.current.kind != .end else {
            try checkComments()
            throw invalid("expected none or a transform function", at: s.current.offset)
        }
        var out: [TransformFunction<Double>] = []
        var deferred: MotionKernelError?
        while true {
            s.skipWhitespace()
            if s.current.kind == .end { break }
            let t = s.advance()
            let start = t.offset
            let name: String
            switch t.kind {
            case .comma: throw invalid("transform functions are separated by whitespace, not commas", at: start)
            case .ident(let raw):
                let ident = CSSTokenizer.lower(raw)
                guard ident == "none" else { throw invalid("expected '(' after \(ident)", at: s.current.offset) }
                guard out.isEmpty, deferred == nil else { throw invalid("none cannot be combined with transform functions", at: start) }
                s.skipWhitespace()
                guard s.current.kind == .end else { throw invalid("none cannot be combined with transform functions", at: s.current.offset) }
                try checkComments()
                return []
            case .function(let raw): name = CSSTokenizer.lower(raw)
            default: throw invalid("expected a transform function name", at: start)
            }
            guard let fn = CSSTransformFunction.allCases.first(where: { CSSTokenizer.lower($0.rawValue) == name }) else {
                throw invalid("unknown transform function \(name)()", at: start)
            }
            let args = try arguments()
            starts.append(start)
            do {
                out.append(try function(fn, args, at: start))
            } catch let e where e.code == .unsupported {
                // A syntax error later in the text is reported first: keep reading.
                if deferred == nil { deferred = e }
                out.append(TransformFunction(.matrix(.identity)))
            }
        }
        try checkComments()
        guard !out.isEmpty else { throw invalid("expected none or a transform function", at: 0) }
        if let deferred { throw deferred }
        return out
    }

    /// Comma-separated arguments up to and including ')'.
    mutating func arguments() throws(MotionKernelError) -> [(Component, Int)] {
        var args: [(Component, Int)] = []
        s.skipWhitespace()
        if s.current.kind == .closeParen {
            s.advance()
            return args
        }
        while true {
            s.skipWhitespace()
            let at = s.current.offset
            args.append((try component(), at))
            s.skipWhitespace()
            let t = s.advance()
            if t.kind == .closeParen { return args }
            guard t.kind == .comma else {
                if t.kind == .end { try checkComments() }
                throw invalid("expected ',' or ')'", at: t.offset)
            }
        }
    }

    /// A number, percentage, dimension or identifier.
    mutating func component() throws(MotionKernelError) -> Component {
        let t = s.advance()
        func finite(_ v: Double) throws(MotionKernelError) -> Double {
            guard v.isFinite else { throw invalid("the number in \(s.describe(t)) is out of range", at: t.offset) }
            return v
        }
        switch t.kind {
        case .ident(let name): return .ident(CSSTokenizer.lower(name))
        case .function(let name):
            throw unsupported("math functions and var() (\(CSSTokenizer.lower(name))()) are not supported", at: t.offset)
        case .number(let v, _): return .number(try finite(v))
        case .percentage(let v, _): return .percentage(try finite(v))
        case .dimension(let v, let unit): return .dimension(try finite(v), CSSTokenizer.lower(unit))
        default: throw invalid("expected a number", at: t.offset)
        }
    }

    static let otherLengthUnits: Set<String> = [
        "em", "rem", "ex", "rex", "cap", "rcap", "ch", "rch", "ic", "ric", "lh", "rlh", "vw", "vh", "vi", "vb",
        "vmin", "vmax", "svw", "svh", "lvw", "lvh", "dvw", "dvh", "cqw", "cqh", "cqi", "cqb", "cqmin", "cqmax",
        "cm", "mm", "q", "in", "pt", "pc",
    ]

    func length(_ a: (Component, Int), percent: Bool) throws(MotionKernelError) -> Double {
        switch a.0 {
        case .dimension(let v, "px"): return v
        case .number(0): return 0
        case .percentage:
            if percent { throw unsupported("percentages need a reference box; give lengths in px", at: a.1) }
            throw invalid("expected a length (a percentage is not allowed here)", at: a.1)
        case .dimension(_, let u) where Self.otherLengthUnits.contains(u):
            throw unsupported("only px lengths are supported, got \(u)", at: a.1)
        default: throw invalid("expected a length in px (or a unitless 0)", at: a.1)
        }
    }

    func angle(_ a: (Component, Int)) throws(MotionKernelError) -> Double {
        switch a.0 {
        case .dimension(let v, "deg"): return v * (Double.pi / 180)
        case .dimension(let v, "rad"): return v
        case .dimension(let v, "grad"): return v * (Double.pi / 200)
        case .dimension(let v, "turn"): return v * (2 * Double.pi)
        case .number(0): return 0
        default: throw invalid("expected an angle (deg, rad, grad, turn; a unitless number only for 0)", at: a.1)
        }
    }

    /// The angle as written (see `WrittenAngle`), for an argument `angle(_:)` accepted.
    func writtenAngle(_ a: (Component, Int)) -> WrittenAngle {
        if case .dimension(let v, let unit) = a.0, let w = WrittenAngle(v, unit: unit) { return w }
        return .degrees(0)
    }

    func number(_ a: (Component, Int), percent: Bool = false) throws(MotionKernelError) -> Double {
        switch a.0 {
        case .number(let v): return v
        case .percentage(let v) where percent: return v / 100
        default: throw invalid(percent ? "expected a number or a percentage" : "expected a number", at: a.1)
        }
    }

    /// `value` on the axis of a one-axis function (`translateX`, `scaleY`, `rotateZ`; `rotate` is
    /// about z) and `other` on the two other axes.
    static func along(_ fn: CSSTransformFunction, _ value: Double, else other: Double) -> Vector3<Double> {
        switch fn {
        case .translateX, .scaleX, .rotateX: return Vector3(value, other, other)
        case .translateY, .scaleY, .rotateY: return Vector3(other, value, other)
        default: return Vector3(other, other, value)
        }
    }

    /// Builds one function from its arguments.
    func function(_ fn: CSSTransformFunction, _ args: [(Component, Int)], at start: Int) throws(MotionKernelError) -> TransformFunction<Double> {
        func count(_ allowed: ClosedRange<Int>) throws(MotionKernelError) {
            guard allowed.contains(args.count) else {
                let n = allowed.count == 1 ? "\(allowed.lowerBound)" : "\(allowed.lowerBound) or \(allowed.upperBound)"
                throw invalid("\(fn.rawValue)() takes \(n) argument\(allowed.upperBound == 1 ? "" : "s"), got \(args.count)", at: start)
            }
        }
        let op: TransformOperation<Double>
        switch fn {
        case .matrix:
            try count(6...6)
            let v = try args.map { arg throws(MotionKernelError) in try number(arg) }
            var m = Transform3D<Double>.identity
            m.m11 = v[0]; m.m12 = v[1]; m.m21 = v[2]; m.m22 = v[3]; m.m41 = v[4]; m.m42 = v[5]
            op = .matrix(m)
        case .matrix3d:
            try count(16...16)
            op = .matrix(try Transform3D(rowMajor: args.map { arg throws(MotionKernelError) in try number(arg) }))
        case .translate:
            try count(1...2)
            op = .translate(x: try length(args[0], percent: true), y: args.count == 2 ? try length(args[1], percent: true) : 0, z: 0)
        case .translateX, .translateY, .translateZ:
            try count(1...1)
            // translateZ takes no percentage (there is no reference depth).
            let t = Self.along(fn, try length(args[0], percent: fn != .translateZ), else: 0)
            op = .translate(x: t.x, y: t.y, z: t.z)
        case .translate3d:
            try count(3...3)
            op = .translate(
                x: try length(args[0], percent: true), y: try length(args[1], percent: true), z: try length(args[2], percent: false))
        case .scale:
            try count(1...2)
            let x = try number(args[0], percent: true)
            op = .scale(x: x, y: args.count == 2 ? try number(args[1], percent: true) : x, z: 1)
        case .scaleX, .scaleY, .scaleZ:
            try count(1...1)
            let v = Self.along(fn, try number(args[0], percent: true), else: 1)
            op = .scale(x: v.x, y: v.y, z: v.z)
        case .scale3d:
            try count(3...3)
            op = .scale(x: try number(args[0], percent: true), y: try number(args[1], percent: true), z: try number(args[2], percent: true))
        case .rotate, .rotateX, .rotateY, .rotateZ:
            try count(1...1)
            op = .rotate(angle: try angle(args[0]), axis: Self.along(fn, 1, else: 0))
        case .rotate3d:
            try count(4...4)
            op = .rotate(angle: try angle(args[3]), axis: Vector3(try number(args[0]), try number(args[1]), try number(args[2])))
        case .skew:
            try count(1...2)
            op = .skew(ax: try angle(args[0]), ay: args.count == 2 ? try angle(args[1]) : 0)
        case .skewX:
            try count(1...1)
            op = .skewX(try angle(args[0]))
        case .skewY:
            try count(1...1)
            op = .skewY(try angle(args[0]))
        case .perspective:
            try count(1...1)
            if case .ident("none") = args[0].0 {
                op = .perspective(.infinity)
            } else {
                let d = try length(args[0], percent: false)
                guard d >= 0 else { throw invalid("perspective() needs a distance ≥ 0", at: args[0].1) }
                op = .perspective(max(d, 1))
            }
        }
        do {
            var f = try TransformFunction(fn, op, path: path)
            switch fn {
            case .rotate, .rotateZ, .rotateX, .rotateY, .skewX, .skewY:
                f.writtenAngles = (writtenAngle(args[0]), nil)
            case .rotate3d:
                f.writtenAngles = (writtenAngle(args[3]), nil)
            case .skew:
                f.writtenAngles = (writtenAngle(args[0]), args.count == 2 ? writtenAngle(args[1]) : nil)
            default: break
            }
            return f
        } catch let e {
            // Finite parameters whose product overflows (e.g. 1e300turn) land here.
            throw invalid("\(fn.rawValue)(): \(e.reason)", at: start)
        }
    }
}
