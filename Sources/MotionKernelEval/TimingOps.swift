import MotionKernel

/// Eval-protocol handlers for timing: `timing.sample` and `timingModel.sample`
/// (`docs/eval-protocol.md`).
package enum TimingOps {
    #if !hasFeature(Embedded)
    static let handlers: [String: EvalHandler] = [
        "timing.sample": timingSample,
        "timingModel.sample": timingModelSample,
    ]
    #endif

    /// TimingSpec names: Core Animation's (`CAMediaTimingFunctionName`) and CSS's keywords.
    static let namedTimings: [(name: String, timing: TimingFunction)] = [
        ("linear", .linear),
        ("easeIn", .cubicBezier(.easeIn)),
        ("easeOut", .cubicBezier(.easeOut)),
        ("easeInEaseOut", .cubicBezier(.easeInEaseOut)),
        ("default", .cubicBezier(.default)),
        ("ease", .cubicBezier(.ease)),
        ("ease-in", .cubicBezier(.cssEaseIn)),
        ("ease-out", .cubicBezier(.cssEaseOut)),
        ("ease-in-out", .cubicBezier(.cssEaseInOut)),
    ]

    /// `timing.sample`: `timing` (TimingSpec), `at` (input progress, any real) → output progress.
    static let timingSample: EvalHandler = { (f, context) throws(MotionKernelError) in
        try f.rejectUnknown(["id", "op", "precision", "timing", "at"])
        let timing = try parseTimingSpec(f.require("timing"), path: f.path("timing"))
        var at = try f.requireNumbers("at")
        try Fields.checkOutput([at.count], f.path("at"))
        if context.precision == .float { at = at.map { Double(Float($0)) } }
        var out = timing.values(at: at)
        if context.precision == .float { out = out.map { Double(Float($0)) } }
        return .numbers(out.map { $0 + 0 })
    }

    /// `timingModel.sample`: `timing` (Web Animations timing), `at` (local times = the
    /// animation's current times), `playbackRate` (finite, default 1; negative plays the
    /// animation backwards, which moves the exact boundary times between phases) → samples.
    static let timingModelSample: EvalHandler = { (f, context) throws(MotionKernelError) in
        try f.rejectUnknown(["id", "op", "precision", "timing", "at", "playbackRate"])
        let model = try parseTimingModel(f.requireObject("timing"))
        let backwards = try f.number("playbackRate", default: 1) < 0
        // The output size (four numbers per time) is checked before any item is converted.
        if let a = try f.array("at") { try Fields.checkOutput([a.count, 4], f.path("at")) }
        let at = try f.requireNumbers("at")
        let float = context.precision == .float
        func number(_ v: Double?) -> JSONValue {
            guard let v else { return .null }
            return .number(float ? Double(Float(v)) + 0 : v + 0)
        }
        var results: [JSONValue] = []
        results.reserveCapacity(at.count)
        for t in at {
            let s = model.sample(localTime: float ? Double(Float(t)) : t, playingBackwards: backwards)
            var o = JSONObject()
            o["phase"] = .string(s.phase.rawValue)
            o["activeTime"] = number(s.activeTime)
            if let i = s.currentIteration, i.isInfinite {
                o["currentIteration"] = .string("Infinity")
            } else {
                o["currentIteration"] = number(s.currentIteration)
            }
            o["progress"] = number(s.progress)
            results.append(.object(o))
        }
        return .array(results)
    }

    /// Reads a `timingModel.sample` `timing` object (defaults as in the Web Animations API).
    static func parseTimingModel(_ t: Fields) throws(MotionKernelError) -> TimingModel {
        try t.rejectUnknown(["duration", "delay", "endDelay", "iterations", "iterationStart", "direction", "fill", "easing"])
        let duration = try t.numberOrInfinity("duration") ?? 0
        let delay = try t.number("delay") ?? 0
        let endDelay = try t.number("endDelay") ?? 0
        let iterations = try t.numberOrInfinity("iterations") ?? 1
        let iterationStart = try t.number("iterationStart") ?? 0
        let direction = try choice(t, "direction", TimingModel.Direction.self) ?? .normal
        let fill = try choice(t, "fill", TimingModel.Fill.self) ?? .none
        let easing = try t.value("easing").map { a0 throws(MotionKernelError) in try parseTimingSpec(a0, path: t.path("easing")) } ?? .linear
        do {
            return try TimingModel(
                duration: duration, delay: delay, endDelay: endDelay, iterations: iterations,
                iterationStart: iterationStart, direction: direction, fill: fill, easing: easing)
        } catch let e {
            throw e.prefixed(t.path)
        }
    }

    /// The case of `E` named by string field `key`, or nil when absent.
    /// - Throws: `invalidValue` at `key` listing the valid names.
    static func choice<E: CaseIterable & RawRepresentable>(_ t: Fields, _ key: String, _: E.Type) throws(MotionKernelError) -> E? where E.RawValue == String {
        try t.string(key).map { name throws(MotionKernelError) in
            guard let e = E.byRawValueUTF8(name) else {
                throw MotionKernelError.invalidValue(
                    t.path(key), "unknown \(key) \"\(name)\"; expected one of \(E.allCases.map { $0.rawValue }.joined(separator: ", "))")
            }
            return e
        }
    }
}

/// Parses a TimingSpec: a name (`linear`, Core Animation's `easeIn`, `easeOut`, `easeInEaseOut`,
/// `default`, CSS's `ease`, `ease-in`, `ease-out`, `ease-in-out`), any other string as a CSS
/// `<easing-function>` (``TimingFunction/init(css:field:)``: `step-start`, `cubic-bezier(…)`,
/// `steps(…)`, `linear(…)`, case-insensitive keywords, …), `{"cubicBezier": [x1, y1, x2,
/// y2]}`, `{"steps": n, "position"?: …}` (position default `end`, as in CSS), or
/// `{"spring": SpringSpec, "initialVelocity"?: n}` (the spring from 0 to 1 over its settling
/// duration for ε = 0.001; `initialVelocity` in normalized units per second, default 0).
///
/// - Parameters:
///   - v: the JSON value.
///   - path: its path in the request, for error messages (`timing`, `timing.easing`, …).
/// - Throws: `MotionKernelError` naming the field (`timing.cubicBezier[0]`, `timing.position`, …).
package func parseTimingSpec(_ v: JSONValue, path: String) throws(MotionKernelError) -> TimingFunction {
    func sub(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
    switch v {
    case .string(let name):
        if let hit = TimingOps.namedTimings.first(where: { UTF8Text.equal($0.name, name) }) { return hit.timing }
        do {
            return try TimingFunction(css: name, field: path)
        } catch let e {
            // A bare word that is neither a name nor a CSS keyword: list what is accepted.
            guard !name.utf8.contains(UInt8(ascii: "(")) else { throw e }
            throw MotionKernelError.invalidValue(
                path,
                "unknown timing \"\(name)\"; expected one of \(TimingOps.namedTimings.map { $0.name }.joined(separator: ", ")), a CSS easing function (step-start, step-end, cubic-bezier(…), steps(…), linear(…)), or an object with cubicBezier, steps or spring (\(e.reason))"
            )
        }
    case .object(let o):
        let f = Fields(o, path: path)
        let shape = try f.exactlyOne(of: ["cubicBezier", "steps", "spring"])
        switch UTF8Name(shape) {
        case "spring":
            try f.rejectUnknown(["spring", "initialVelocity"])
            let spring: Spring<Double> = try SpringOps.parseSpring(try f.requireObject("spring"))
            let v0 = try f.number("initialVelocity", default: 0)
            do {
                return .spring(try SpringCurve(spring: spring, initialVelocity: v0, epsilon: 0.001))
            } catch let e {
                throw e.isField("damping") ? e.prefixed(sub("spring")) : e.prefixed(path)
            }
        case "cubicBezier":
            try f.rejectUnknown(["cubicBezier"])
            let p = try f.requireNumbers("cubicBezier", limit: 4)
            guard p.count == 4 else {
                throw MotionKernelError.invalidValue(sub("cubicBezier"), "expected 4 numbers [x1, y1, x2, y2], got \(p.count)")
            }
            do {
                return .cubicBezier(try CubicBezier(p[0], p[1], p[2], p[3]))
            } catch let e {
                let index =
                    switch UTF8Name(e.field) {
                    case "x1": 0
                    case "y1": 1
                    case "x2": 2
                    case "y2": 3
                    default: 0
                    }
                throw MotionKernelError(code: e.code, field: "\(sub("cubicBezier"))[\(index)]", reason: e.reason)
            }
        default:
            try f.rejectUnknown(["steps", "position"])
            guard let n = try f.integer("steps") else { throw MotionKernelError.missingField(sub("steps")) }
            var position = StepsEasing.Position.end
            if let name = try f.string("position") {
                guard let p = StepsEasing.Position.byRawValueUTF8(name) else {
                    throw MotionKernelError.invalidValue(
                        sub("position"),
                        "unknown step position \"\(name)\"; expected one of \(StepsEasing.Position.allCases.map { $0.rawValue }.joined(separator: ", "))")
                }
                position = p
            }
            do {
                return .steps(try StepsEasing(n, position: position))
            } catch let e {
                throw e.prefixed(path)
            }
        }
    default:
        throw MotionKernelError.invalidValue(path, "expected a timing name or an object, got \(v.typeName)")
    }
}
