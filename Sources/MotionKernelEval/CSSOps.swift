import MotionKernel
import MotionPresets

/// Eval-protocol handlers for CSS output: `spring.cssLinear` (a spring as a CSS `linear()`
/// easing) and `preset.export` (a preset as CSS `@keyframes` or Web Animations keyframes).
package enum CSSOps {
    static let handlers: [String: EvalHandler] = [
        "spring.cssLinear": springCSSLinear,
        "preset.export": presetExport,
    ]

    /// `spring.cssLinear`: `spring`, initial conditions, `tolerance`, `epsilon`? (0.001) →
    /// `{"css", "points", "maxError", "duration"}`.
    ///
    /// The easing is the normalized curve 0 → 1, so the initial velocity is given to it in
    /// distances per second: `relativeVelocity` as is, or `velocity / (to − from)`, and
    /// `epsilon` is a fraction of |to − from| (`spring.settle`'s is absolute). An `epsilon`
    /// that gives settling duration 0 is an error at `epsilon` (a `linear()` needs two stops).
    static let springCSSLinear: EvalHandler = { f, _ in
        try f.rejectUnknown(["id", "op", "precision", "spring", "from", "to", "velocity", "relativeVelocity", "tolerance", "epsilon"])
        let spring: Spring<Double> = try SpringOps.parseSpring(try f.requireObject("spring"))
        let ic: (from: Double, to: Double, velocity: Double) = try SpringOps.initialConditions(f)
        let distance = ic.to - ic.from
        guard distance != 0, distance.isFinite else {
            throw MotionKernelError.invalidValue(f.path("to"), "expected to != from (the easing is normalized by to − from), got \(ic.to)")
        }
        let v0 = try f.number("relativeVelocity") ?? ic.velocity / distance
        guard v0.isFinite else { throw MotionKernelError.invalidValue(f.path("velocity"), "velocity / (to − from) overflows") }
        let tolerance = try f.requireNumber("tolerance")
        let epsilon = try f.number("epsilon", default: 0.001)
        do {
            let curve = try SpringCurve(spring: spring, initialVelocity: v0, epsilon: epsilon)
            let r = try curve.cssLinear(tolerance: tolerance)
            return .object(
                JSONObject([
                    ("css", .string(r.css)), ("points", .number(Double(r.points))), ("maxError", .number(r.maxError)),
                    ("duration", .number(r.duration)),
                ]))
        } catch let e as MotionKernelError {
            switch e.field {
            case "damping": throw e.prefixed(f.path("spring"))
            case "initialVelocity":
                throw MotionKernelError(code: e.code, field: f.has("relativeVelocity") ? f.path("relativeVelocity") : f.path("velocity"), reason: e.reason)
            default: throw MotionKernelError(code: e.code, field: f.path(e.field), reason: e.reason)
            }
        }
    }

    /// `preset.export`: `preset`, `options`?, `format` (`css` | `waapi`) → `{"css", "tolerance"}`
    /// or `{"layers": {name: {"keyframes", "options"}}, "tolerance"}`.
    static let presetExport: EvalHandler = { f, _ in
        try f.rejectUnknown(["id", "op", "precision", "preset", "options", "format"])
        guard let format = try f.string("format") else { throw MotionKernelError.missingField(f.path("format")) }
        guard format == "css" || format == "waapi" else {
            throw MotionKernelError.invalidValue(f.path("format"), "expected \"css\" or \"waapi\", got \"\(format)\"")
        }
        let animation = try PresetOps.makePreset(f)
        let export: CSSExport
        do { export = try animation.cssExport() } catch let e as MotionKernelError { throw e.prefixed(f.path("options")) }
        var o = JSONObject()
        if format == "css" {
            o["css"] = .string(export.cssText())
        } else {
            o["layers"] = waapiJSON(export)
        }
        o["tolerance"] = .number(export.tolerance)
        return .object(o)
    }

    /// The WAAPI form: `{layer: {"keyframes": [{"offset", "transform"?, "opacity"?, "easing"}], "options": {...}}}`.
    package static func waapiJSON(_ export: CSSExport) -> JSONValue {
        var layers = JSONObject()
        for l in export.layers {
            var kfs: [JSONValue] = []
            for k in l.keyframes {
                var o = JSONObject()
                o["offset"] = .number(k.offset)
                if let t = k.transform { o["transform"] = .string(t) }
                if let op = k.opacity { o["opacity"] = .number(op) }
                o["easing"] = .string(k.easing)
                kfs.append(.object(o))
            }
            let options = JSONObject([
                ("duration", .number(l.duration * 1000)), ("delay", .number(l.delay * 1000)), ("fill", .string("both")),
                ("easing", .string("linear")), ("iterations", .number(1)),
            ])
            layers[l.name] = .object(JSONObject([("keyframes", .array(kfs)), ("options", .object(options))]))
        }
        return .object(layers)
    }
}
