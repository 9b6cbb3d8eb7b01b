import MotionKernel

/// Eval-protocol handlers for splines: `spline.sample` (`docs/eval-protocol.md`).
package enum SplineOps {
    static let handlers: [String: EvalHandler] = ["spline.sample": sample]

    /// The most knots (`spline.x` items) `spline.sample` accepts, as in `batch` spline jobs:
    /// building a spline costs a few tridiagonal passes and four coefficients per knot and
    /// channel, so larger curves belong in `batch`.
    package static let maxKnots = 1_000_000

    /// The spline kinds `spline.sample` accepts, in the protocol's order.
    package static let kinds = ["cubic", "pchip", "akima", "makima", "catmullRom"]

    /// `spline.sample`: `spline` {kind, boundary? (a name or [start, end]), x, y, alpha?}, `at`, `derivative`? → an array
    /// shaped like `y`'s items (numbers, or arrays of C numbers).
    @Sendable
    static func sample(_ f: Fields, _ context: EvalContext) throws(MotionKernelError) -> JSONValue {
        try f.rejectUnknown(["id", "op", "precision", "spline", "at", "derivative"])
        let spec = try f.requireObject("spline")
        try spec.rejectUnknown(["kind", "boundary", "x", "y", "alpha"])
        guard let kind = try spec.string("kind") else { throw MotionKernelError.missingField(spec.path("kind")) }
        guard kinds.contains(kind) else {
            throw MotionKernelError.invalidValue(
                spec.path("kind"), "unknown spline kind \"\(kind)\"; expected one of \(kinds.joined(separator: ", "))")
        }
        if spec.has("boundary") && kind != "cubic" {
            throw MotionKernelError.invalidValue(spec.path("boundary"), "applies to kind \"cubic\" only")
        }
        var alpha = 0.5
        if let a = try spec.number("alpha") {
            guard kind == "catmullRom" else {
                throw MotionKernelError.invalidValue(spec.path("alpha"), "applies to kind \"catmullRom\" only")
            }
            guard a >= 0, a <= 1 else {
                throw MotionKernelError.invalidValue(spec.path("alpha"), "expected a number in [0, 1], got \(a)")
            }
            alpha = a
        }
        // Sizes first, before any item is converted.
        for key in ["x", "y"] {
            if let a = try spec.array(key), a.count > maxKnots {
                throw MotionKernelError.invalidValue(spec.path(key), "has \(a.count) items, at most \(maxKnots) knots allowed")
            }
        }
        if let a = try f.array("at") {
            let channels: Int
            if let y = try spec.array("y"), case .array(let row)? = y.first { channels = max(row.count, 1) } else { channels = 1 }
            try Fields.checkOutput([a.count, channels], f.path("at"))
        }
        let x = try spec.requireNumbers("x", limit: maxKnots)
        let (y, channels, vectorItems) = try values(spec)
        guard y.count == x.count * channels else {
            throw MotionKernelError.invalidValue(
                spec.path("y"), "expected \(x.count) items (one per x), got \(y.count / max(channels, 1))")
        }
        let boundary =
            try Self.boundary(spec, channels: channels, vectorItems: vectorItems, float: context.precision == .float)
            ?? .notAKnot
        let at = try f.requireNumbers("at")
        let derivative = try f.integer("derivative") ?? 0
        guard (0...2).contains(derivative) else {
            throw MotionKernelError.invalidValue(f.path("derivative"), "expected 0, 1 or 2, got \(derivative)")
        }
        try Fields.checkOutput([at.count, channels], f.path("at"))

        let out: [Double]
        do {
            switch context.precision {
            case .double:
                out = try evaluate(
                    Double.self, kind: kind, boundary: boundary, alpha: alpha, x: x, y: y,
                    channels: channels, at: at, derivative: derivative)
            case .float:
                out = try evaluate(
                    Float.self, kind: kind, boundary: boundary, alpha: alpha, x: x, y: y,
                    channels: channels, at: at, derivative: derivative)
            }
        } catch let e {
            throw e.prefixed(spec.path)
        }
        if !vectorItems { return .numbers(out) }
        var rows: [JSONValue] = []
        rows.reserveCapacity(at.count)
        for r in 0..<at.count { rows.append(.numbers(out[(r * channels)..<((r + 1) * channels)])) }
        return .array(rows)
    }

    /// The named end conditions, in the protocol's order.
    static let boundaryNames = CubicSplineBoundary.allCases.compactMap(\.name)

    /// `spline.boundary` (nil when absent): a name (`notAKnot`, `natural`, `clamped`,
    /// `periodic`), or `[start, end]` where each end is `"notAKnot"`, `"natural"`, `"clamped"`
    /// or `[order, value]` (SciPy's `bc_type=((order, value), (order, value))`): order 1 or 2,
    /// value a number (every channel) or, for vector `y` items, an array of C numbers (one per
    /// channel, SciPy's only form for vector `y`).
    /// - Parameter float: the spline is built in `Float`: values must be finite in `Float`.
    package static func boundary(_ spec: Fields, channels: Int, vectorItems: Bool, float: Bool) throws(MotionKernelError) -> CubicSplineBoundary? {
        guard let v = spec.value("boundary") else { return nil }
        let path = spec.path("boundary")
        switch v {
        case .string(let name):
            guard let b = CubicSplineBoundary(name: name) else {
                throw MotionKernelError.invalidValue(
                    path, "unknown boundary \"\(name)\"; expected one of \(boundaryNames.joined(separator: ", ")), or [start, end]")
            }
            return b
        case .array(let ends):
            guard ends.count == 2 else {
                throw MotionKernelError.invalidValue(path, "expected [start, end] (2 items), got \(ends.count) items")
            }
            let start = try end(ends[0], "\(path)[0]", channels: channels, vectorItems: vectorItems, float: float)
            let end = try end(ends[1], "\(path)[1]", channels: channels, vectorItems: vectorItems, float: float)
            return .ends(start: start, end: end)
        default:
            throw MotionKernelError.invalidValue(path, "expected a boundary name or [start, end], got \(v.typeName)")
        }
    }

    /// One end of `spline.boundary`: a name or `[order, value]` (see `boundary`).
    static func end(_ v: JSONValue, _ path: String, channels: Int, vectorItems: Bool, float: Bool) throws(MotionKernelError) -> CubicSplineEnd {
        switch v {
        case .string("notAKnot"): return .notAKnot
        case .string("natural"): return .secondDerivative([0])
        case .string("clamped"): return .firstDerivative([0])
        case .string("periodic"):
            throw MotionKernelError.invalidValue(
                path, "periodic applies to both ends and combines with nothing; use \"boundary\": \"periodic\"")
        case .string(let name):
            throw MotionKernelError.invalidValue(
                path, "unknown end condition \"\(name)\"; expected notAKnot, natural, clamped or [order, value]")
        case .array(let pair):
            guard pair.count == 2 else {
                throw MotionKernelError.invalidValue(path, "expected [order, value] (2 items), got \(pair.count) items")
            }
            let o = try Fields.number(pair[0], "\(path)[0]")
            guard o == 1 || o == 2 else {
                throw MotionKernelError.invalidValue("\(path)[0]", "expected the derivative order 1 or 2, got \(o)")
            }
            let values: [Double], perChannel: Bool
            switch pair[1] {
            case .array(let items):
                perChannel = true
                guard vectorItems else {
                    throw MotionKernelError.invalidValue(
                        "\(path)[1]", "the y items are numbers, so the value is a number, got an array")
                }
                guard items.count == channels else {
                    throw MotionKernelError.invalidValue(
                        "\(path)[1]", "expected \(channels) numbers (one per y channel), got \(items.count)")
                }
                values = try Fields.finiteNumbers(items, "\(path)[1]")
            default:
                perChannel = false
                values = [try Fields.number(pair[1], "\(path)[1]")]
            }
            if float {
                for (j, d) in values.enumerated() where !Float(d).isFinite {
                    let p = perChannel ? "\(path)[1][\(j)]" : "\(path)[1]"
                    throw MotionKernelError.invalidValue(p, "expected a number finite in Float, got \(d)")
                }
            }
            return o == 1 ? .firstDerivative(values) : .secondDerivative(values)
        default:
            throw MotionKernelError.invalidValue(path, "expected an end condition name or [order, value], got \(v.typeName)")
        }
    }

    /// `spline.y` as a K × C row-major buffer: all numbers (C = 1, scalar items) or all arrays
    /// of the same length C ≥ 1.
    static func values(_ spec: Fields) throws(MotionKernelError) -> (values: [Double], channels: Int, vectorItems: Bool) {
        let r = try spec.numberItems("y", allowEmpty: true)
        return (r.values, r.dimension, r.vectorItems)
    }

    /// `evaluate` in Double, specialized in this module as `spline.sample` runs it: the C ABI's
    /// `mk_spline_sample_f64` calls this, so its numbers are eval's bit for bit and as fast.
    package static func evaluateDouble(
        kind: String, boundary: CubicSplineBoundary, alpha: Double, x: [Double], y: [Double], channels: Int, at: [Double],
        derivative: Int
    ) throws(MotionKernelError) -> [Double] {
        try evaluate(Double.self, kind: kind, boundary: boundary, alpha: alpha, x: x, y: y, channels: channels, at: at, derivative: derivative)
    }

    /// Builds the spline in precision `T` and samples it.
    static func evaluate<T: MotionScalar>(
        _: T.Type, kind: String, boundary: CubicSplineBoundary, alpha: Double, x: [Double], y: [Double],
        channels: Int, at: [Double], derivative: Int
    ) throws(MotionKernelError) -> [Double] {
        let xt = x.map { T($0) }, yt = y.map { T($0) }
        let curve: PiecewiseCubic<T>
        switch kind {
        case "cubic":
            curve = try CubicSpline(x: xt, values: yt, channels: channels, boundary: boundary).curve
        case "pchip":
            curve = try PchipSpline(x: xt, values: yt, channels: channels).curve
        case "akima":
            curve = try AkimaSpline(x: xt, values: yt, channels: channels, method: .akima).curve
        case "makima":
            curve = try AkimaSpline(x: xt, values: yt, channels: channels, method: .makima).curve
        default:
            curve = try CatmullRomSpline(x: xt, points: yt, dimension: channels, alpha: T(alpha)).curve
        }
        return try curve.sample(at: at.map { T($0) }, derivative: derivative).map(\.doubleValue)
    }
}
