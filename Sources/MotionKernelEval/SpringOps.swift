import MotionKernel

/// Eval-protocol handlers for springs: `spring.sample`, `spring.settle`, `spring.convert`.
package enum SpringOps {
    static let handlers: [String: EvalHandler] = [
        "spring.sample": sample,
        "spring.settle": settle,
        "spring.convert": convert,
    ]

    /// The SpringSpec field sets of the protocol, each with its required and optional keys.
    package static let fieldSets: [(name: String, required: [String], optional: [String])] = [
        ("physical", ["stiffness", "damping"], ["mass"]),
        ("stiffness/dampingRatio", ["stiffness", "dampingRatio"], ["mass"]),
        ("response/dampingRatio", ["response", "dampingRatio"], []),
        ("duration/bounce", ["duration"], ["bounce"]),
        ("tension/friction", ["tension", "friction"], []),
        ("bounciness/speed", ["bounciness", "speed"], []),
        ("visualDuration/bounce", ["visualDuration", "bounce"], []),
    ]

    /// Parses a SpringSpec object (exactly one field set; SwiftUI's `bounce` defaults to 0).
    /// - Throws: `missingField`/`invalidValue` with the full path (`spring.stiffness`).
    package static func parseSpring<T: MotionScalar>(_ f: Fields, as: T.Type = T.self) throws -> Spring<T> {
        let all = Set(fieldSets.flatMap { $0.required + $0.optional })
        try f.rejectUnknown(all)
        let present = Set(f.object.keys.filter { f.has($0) })
        // The set whose required keys are all present and which explains every present key.
        let matches = fieldSets.filter { set in
            set.required.allSatisfy(present.contains) && present.isSubset(of: Set(set.required + set.optional))
        }
        guard let set = matches.first else {
            // Name the closest set: the one sharing most keys, and what is missing or extra.
            let best = fieldSets.max { a, b in
                Set(a.required + a.optional).intersection(present).count < Set(b.required + b.optional).intersection(present).count
            }!
            if present.isEmpty {
                throw MotionKernelError.missingField(f.path("stiffness"))
                    .withReason(
                        "expected one field set: mass/stiffness/damping, stiffness/dampingRatio, response/dampingRatio, duration/bounce, tension/friction, bounciness/speed or visualDuration/bounce"
                    )
            }
            if let missing = best.required.first(where: { !present.contains($0) }),
                present.isSubset(of: Set(best.required + best.optional))
            {
                throw MotionKernelError.missingField(f.path(missing))
                    .withReason("is required with \(best.required.filter(present.contains).joined(separator: ", "))")
            }
            if present.contains("visualDuration"), let physical = ["mass", "stiffness", "damping"].first(where: present.contains) {
                // Motion itself would drop visualDuration and bounce here, silently.
                throw MotionKernelError.invalidValue(
                    f.path(physical),
                    "cannot be combined with visualDuration: Motion's visualDuration/bounce spring has mass 1, and Motion ignores visualDuration and bounce when \(physical) is set"
                )
            }
            let extra = present.subtracting(best.required + best.optional).sorted()
            throw MotionKernelError.invalidValue(
                f.path(extra.first ?? ""), "cannot be combined with \(present.subtracting(extra).sorted().joined(separator: ", ")); give exactly one field set")
        }
        func n(_ k: String) throws -> T { T(try f.requireNumber(k)) }
        do {
            switch set.name {
            case "physical":
                return try Spring(mass: T(try f.number("mass", default: 1)), stiffness: n("stiffness"), damping: n("damping"), allowOverDamping: true)
            case "stiffness/dampingRatio":
                return try Spring(stiffness: n("stiffness"), dampingRatio: n("dampingRatio"), mass: T(try f.number("mass", default: 1)))
            case "response/dampingRatio": return try Spring(response: n("response"), dampingRatio: n("dampingRatio"))
            case "duration/bounce": return try Spring(duration: n("duration"), bounce: T(try f.number("bounce", default: 0)))
            case "tension/friction": return try Spring(tension: n("tension"), friction: n("friction"))
            case "visualDuration/bounce": return try Spring.motion(visualDuration: n("visualDuration"), bounce: n("bounce"))
            default: return try Spring(bounciness: n("bounciness"), speed: n("speed"))
            }
        } catch let e as MotionKernelError where !e.field.contains(".") && !f.path.isEmpty {
            throw e.prefixed(f.path)
        }
    }

    /// Initial conditions: `from` (0), `to` (1), `velocity` or `relativeVelocity` (UIKit's
    /// `initialSpringVelocity`: multiples of `to − from` per second).
    package static func initialConditions<T: MotionScalar>(_ f: Fields, as: T.Type = T.self) throws -> (from: T, to: T, velocity: T) {
        let from = try f.number("from", default: 0), to = try f.number("to", default: 1)
        if f.has("velocity") && f.has("relativeVelocity") {
            throw MotionKernelError.invalidValue(f.path("relativeVelocity"), "give either velocity or relativeVelocity, not both")
        }
        var v = try f.number("velocity", default: 0)
        if let rel = try f.number("relativeVelocity") { v = rel * (to - from) }
        guard v.isFinite else { throw MotionKernelError.invalidValue(f.path("relativeVelocity"), "velocity overflows") }
        return (T(from), T(to), T(v))
    }

    static let sample: EvalHandler = { f, ctx in
        try f.rejectUnknown(["id", "op", "precision", "spring", "from", "to", "velocity", "relativeVelocity", "times"])
        let times = try f.requireNumbers("times", limit: maxOutputNumbers / 2)
        try Fields.checkOutput([times.count, 2], "times")
        for (j, t) in times.enumerated() where t < 0 {
            throw MotionKernelError.invalidValue("times[\(j)]", "expected a time >= 0 seconds, got \(t)")
        }
        func run<T: MotionScalar>(_: T.Type) throws -> JSONValue {
            let s: Spring<T> = try parseSpring(try f.requireObject("spring"))
            let ic: (from: T, to: T, velocity: T) = try initialConditions(f)
            // The displacement from − to must exist (else every state is ∞ − ∞).
            guard (ic.from - ic.to).isFinite else { throw MotionKernelError.invalidValue(f.path("from"), "from − to overflows") }
            var values = [JSONValue](), velocities = [JSONValue]()
            values.reserveCapacity(times.count)
            velocities.reserveCapacity(times.count)
            for (j, t) in times.enumerated() {
                let st = s.state(at: T(t), from: ic.from, to: ic.to, initialVelocity: ic.velocity)
                guard st.value.isFinite, st.velocity.isFinite else {
                    throw MotionKernelError.invalidValue("times[\(j)]", "the spring's state at t = \(t) s is not representable (\(st.value), \(st.velocity))")
                }
                values.append(.number(st.value.doubleValue))
                velocities.append(.number(st.velocity.doubleValue))
            }
            return .object(JSONObject([("value", .array(values)), ("velocity", .array(velocities))]))
        }
        return ctx.precision == .float ? try run(Float.self) : try run(Double.self)
    }

    static let settle: EvalHandler = { f, ctx in
        try f.rejectUnknown(["id", "op", "precision", "spring", "from", "to", "velocity", "relativeVelocity", "epsilon", "velocityEpsilon"])
        func run<T: MotionScalar>(_: T.Type) throws -> JSONValue {
            let s: Spring<T> = try parseSpring(try f.requireObject("spring"))
            let ic: (from: T, to: T, velocity: T) = try initialConditions(f)
            let eps = try f.requireNumber("epsilon")
            guard eps > 0 else { throw MotionKernelError.invalidValue("epsilon", "expected a number > 0, got \(eps)") }
            let t: T
            do {
                if let ve = try f.number("velocityEpsilon") {
                    guard ve > 0 else { throw MotionKernelError.invalidValue("velocityEpsilon", "expected a number > 0, got \(ve)") }
                    t = try s.settlingDuration(epsilon: T(eps), velocityEpsilon: T(ve), from: ic.from, to: ic.to, initialVelocity: ic.velocity)
                } else {
                    t = try s.settlingDuration(epsilon: T(eps), from: ic.from, to: ic.to, initialVelocity: ic.velocity)
                }
            } catch let e as MotionKernelError where e.field == "damping" {
                throw e.prefixed("spring")
            }
            return .object(JSONObject([("settlingDuration", .number(t.doubleValue))]))
        }
        return ctx.precision == .float ? try run(Float.self) : try run(Double.self)
    }

    static let convert: EvalHandler = { f, _ in
        try f.rejectUnknown(["id", "op", "precision", "spring"])
        let s: Spring<Double> = try parseSpring(try f.requireObject("spring"))
        return .object(
            JSONObject([
                ("mass", .number(s.mass)), ("stiffness", .number(s.stiffness)), ("damping", .number(s.damping)),
                ("dampingRatio", .number(s.dampingRatio)), ("response", .number(s.response)),
                ("duration", .number(s.duration)), ("bounce", .number(s.bounce)), ("tension", .number(s.tension)),
                ("friction", .number(s.friction)), ("undampedPeriod", .number(s.undampedPeriod)),
            ]))
    }
}

extension MotionKernelError {
    /// The same error with another reason.
    package func withReason(_ reason: String) -> MotionKernelError {
        var e = self
        e.reason = reason
        return e
    }
}
