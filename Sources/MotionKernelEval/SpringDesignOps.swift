import MotionKernel

/// Eval-protocol handler for inverse spring design: `spring.design`.
///
/// `design` picks one of five request shapes (`overshoot`, `settling`, `decay`, `fitSamples`,
/// `fitCurve`); `settling` covers two designs, told apart by whether `overshoot` or
/// `dampingRatio` is given. See docs/eval-protocol.md, section `spring.design`.
package enum SpringDesignOps {
    #if !hasFeature(Embedded)
    static let handlers: [String: EvalHandler] = ["spring.design": design]
    #endif

    /// The designs and the fields each accepts (besides `id`, `op`, `precision`, `design`).
    static let designFields: [(name: String, fields: [String])] = [
        ("overshoot", ["overshoot", "peakTime", "mass"]),
        (
            "settling",
            ["settlingDuration", "epsilon", "overshoot", "dampingRatio", "bound", "from", "to", "velocity", "relativeVelocity", "mass"]
        ),
        ("decay", ["period", "decayRatio", "mass"]),
        ("fitSamples", ["times", "values", "from", "to", "velocity", "mass"]),
        ("fitCurve", ["timing", "duration", "velocity", "mass"]),
    ]

    static let design: EvalHandler = { (f, ctx) throws(MotionKernelError) in
        guard let name = try f.string("design") else {
            throw MotionKernelError.missingField(f.path("design"))
                .withReason("is required: one of \(designFields.map { "\"\($0.name)\"" }.joined(separator: ", "))")
        }
        guard let entry = designFields.first(where: { UTF8Text.equal($0.name, name) }) else {
            throw MotionKernelError.invalidValue(
                f.path("design"), "expected one of \(designFields.map { "\"\($0.name)\"" }.joined(separator: ", ")), got \"\(name)\"")
        }
        try f.rejectUnknown(["id", "op", "precision", "design"] + entry.fields)
        guard ctx.precision == .double else {
            throw MotionKernelError.unsupported(f.path("precision"), "spring.design computes in double precision only")
        }
        let mass = try f.number("mass", default: 1)
        func n(_ key: String) throws(MotionKernelError) -> Double { try f.requireNumber(key) }
        do throws(MotionKernelError) {
            switch UTF8Name(name) {
            case "overshoot":
                return designResult(try Spring<Double>.design(overshoot: n("overshoot"), peakTime: n("peakTime"), mass: mass))
            case "decay":
                return designResult(try Spring<Double>.design(period: n("period"), decayRatio: n("decayRatio"), mass: mass))
            case "settling":
                return try settling(f, mass: mass)
            case "fitSamples":
                let times = try f.requireNumbers("times")
                let values = try f.requireNumbers("values")
                let fit = try Spring<Double>.fit(
                    times: times, values: values, mass: mass, from: try fixedOrFit(f, "from", default: nil),
                    to: try fixedOrFit(f, "to", default: nil), initialVelocity: try fixedOrFit(f, "velocity", default: 0))
                return fitResult(fit)
            default:
                let timing = try parseTimingSpec(f.require("timing"), path: f.path("timing"))
                let fit = try Spring<Double>.fit(
                    curve: timing, duration: n("duration"), initialVelocity: try fixedOrFit(f, "velocity", default: 0), mass: mass)
                return fitResult(fit)
            }
        } catch let e where e.isField("initialVelocity") || e.isField("curve") {
            // The library's names for the protocol's fields.
            let field = e.isField("curve") ? "timing" : (f.has("relativeVelocity") ? "relativeVelocity" : "velocity")
            throw MotionKernelError(code: e.code, field: f.path(field), reason: e.reason)
        }
    }

    /// `settling`: with `overshoot` the overshoot + settling time design (from rest); with
    /// `dampingRatio` the least stiff / stiffest spring meeting the deadline (`bound`).
    static func settling(_ f: Fields, mass: Double) throws(MotionKernelError) -> JSONValue {
        let duration = try f.requireNumber("settlingDuration")
        let eps = try f.requireNumber("epsilon")
        switch (f.has("overshoot"), f.has("dampingRatio")) {
        case (true, true):
            throw MotionKernelError.invalidValue(f.path("dampingRatio"), "give either overshoot or dampingRatio, not both")
        case (false, false):
            throw MotionKernelError.missingField(f.path("dampingRatio")).withReason("is required (or overshoot) with design \"settling\"")
        case (true, false):
            for key in ["velocity", "relativeVelocity", "bound"] where f.has(key) {
                throw MotionKernelError.invalidValue(
                    f.path(key), "is not accepted with overshoot: the overshoot design is the step response from rest (use dampingRatio)")
            }
            let from = try f.number("from", default: 0), to = try f.number("to", default: 1)
            return designResult(
                try Spring<Double>.design(overshoot: f.requireNumber("overshoot"), settlingDuration: duration, epsilon: eps, from: from, to: to, mass: mass))
        case (false, true):
            var bound = SpringSettlingBound.leastStiff
            if let b = try f.string("bound") {
                guard let parsed = SpringSettlingBound.byRawValueUTF8(b) else {
                    throw MotionKernelError.invalidValue(f.path("bound"), "expected \"leastStiff\" or \"stiffest\", got \"\(b)\"")
                }
                bound = parsed
            }
            let ic: (from: Double, to: Double, velocity: Double) = try SpringOps.initialConditions(f)
            return designResult(
                try Spring<Double>.design(
                    dampingRatio: f.requireNumber("dampingRatio"), settlingDuration: duration, epsilon: eps, bound: bound,
                    from: ic.from, to: ic.to, initialVelocity: ic.velocity, mass: mass))
        }
    }

    /// A number (fixed), the string `"fit"` (nil: fitted), or absent (`default`).
    static func fixedOrFit(_ f: Fields, _ key: String, default d: Double?) throws(MotionKernelError) -> Double? {
        guard let v = f.value(key) else { return d }
        if case .string(let s) = v {
            guard UTF8Text.matches(s, "fit") else { throw MotionKernelError.invalidValue(f.path(key), "expected a number or \"fit\", got \"\(s)\"") }
            return nil
        }
        return try Fields.number(v, f.path(key))
    }

    /// The protocol's spring result form (the fields of `spring.convert`).
    static func springObject(_ s: Spring<Double>) -> JSONValue {
        .object(
            JSONObject([
                ("mass", .number(s.mass)), ("stiffness", .number(s.stiffness)), ("damping", .number(s.damping)),
                ("dampingRatio", .number(s.dampingRatio)), ("response", .number(s.response)),
                ("duration", .number(s.duration)), ("bounce", .number(s.bounce)), ("tension", .number(s.tension)),
                ("friction", .number(s.friction)), ("undampedPeriod", .number(s.undampedPeriod)),
            ]))
    }

    static func designResult(_ d: SpringDesign) -> JSONValue {
        var checks = JSONObject()
        for c in d.checks {
            checks[c.target.rawValue] = .object(
                JSONObject([("requested", .number(c.requested)), ("achieved", .number(c.achieved)), ("errorBound", .number(c.errorBound))]))
        }
        var o = JSONObject([("spring", springObject(d.spring)), ("checks", .object(checks))])
        if let b = d.stiffnessBracket { o["stiffnessBracket"] = .array([.number(b.lowerBound), .number(b.upperBound)]) }
        return .object(o)
    }

    static func fitResult(_ r: SpringFit) -> JSONValue {
        .object(
            JSONObject([
                ("spring", springObject(r.spring)), ("from", .number(r.from)), ("to", .number(r.to)),
                ("velocity", .number(r.initialVelocity)), ("rmsResidual", .number(r.rmsResidual)),
                ("maxResidual", .number(r.maxResidual)), ("iterations", .number(Double(r.iterations))),
            ]))
    }
}
