import MotionKernel

/// The eval-protocol handler for CSS output from the core: `spring.cssLinear` (a spring as a CSS
/// `linear()` easing). `preset.export` is in ``PresetOps``.
package enum CSSOps {
    #if !hasFeature(Embedded)
    static let handlers: [String: EvalHandler] = [
        "spring.cssLinear": springCSSLinear
    ]
    #endif

    /// `spring.cssLinear`: `spring`, initial conditions, `tolerance`, `epsilon`? (0.001) →
    /// `{"css", "points", "maxError", "duration"}`.
    ///
    /// The easing is the normalized curve 0 → 1, so the initial velocity is given to it in
    /// distances per second: `relativeVelocity` as is, or `velocity / (to − from)`, and
    /// `epsilon` is a fraction of |to − from| (`spring.settle`'s is absolute). An `epsilon`
    /// that gives settling duration 0 is an error at `epsilon` (a `linear()` needs two stops).
    static let springCSSLinear: EvalHandler = { (f, _) throws(MotionKernelError) in
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
        do throws(MotionKernelError) {
            let curve = try SpringCurve(spring: spring, initialVelocity: v0, epsilon: epsilon)
            let r = try curve.cssLinear(tolerance: tolerance)
            return .object(
                JSONObject([
                    ("css", .string(r.css)), ("points", .number(Double(r.points))), ("maxError", .number(r.maxError)),
                    ("duration", .number(r.duration)),
                ]))
        } catch let e {
            switch UTF8Name(e.field) {
            case "damping": throw e.prefixed(f.path("spring"))
            case "initialVelocity":
                throw MotionKernelError(code: e.code, field: f.has("relativeVelocity") ? f.path("relativeVelocity") : f.path("velocity"), reason: e.reason)
            default: throw MotionKernelError(code: e.code, field: f.path(e.field), reason: e.reason)
            }
        }
    }
}
