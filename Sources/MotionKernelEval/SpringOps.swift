import MotionKernel

/// Eval-protocol handlers for springs: `spring.sample`, `spring.settle`, `spring.convert`.
package enum SpringOps {
    #if !hasFeature(Embedded)
    static let handlers: [String: EvalHandler] = [
        "spring.sample": sample,
        "spring.settle": settle,
        "spring.convert": convert,
    ]
    #endif

    /// Parses a SpringSpec object (exactly one field set; SwiftUI's `bounce` defaults to 0).
    /// - Throws: `missingField`/`invalidValue` with the full path (`spring.stiffness`).
    package static func parseSpring<T: MotionScalar>(_ f: Fields, as: T.Type = T.self) throws(MotionKernelError) -> Spring<T> {
        let set = try fieldSet(f)
        do {
            return try set.spring { key throws(MotionKernelError) in try f.number(key).map { T($0) } }
        } catch let e where !e.field.utf8.contains(UInt8(ascii: ".")) && !f.path.isEmpty {
            throw e.prefixed(f.path)
        }
    }

    /// The field set of SpringSpec object `f`, decided by which keys are present (not `null`),
    /// whatever their values: exactly one set must require all of them or accept them.
    /// - Throws: `invalidValue` for an unknown key or keys of several sets, `missingField` for
    ///   a set's missing required key (full paths, `spring.stiffness`).
    package static func fieldSet(_ f: Fields) throws(MotionKernelError) -> SpringSpec {
        try f.rejectUnknown(SpringSpec.allKeys)
        // The keys present, each once (an object's keys are distinct), all of them known keys.
        let present = f.object.keys.filter { f.has($0) }
        guard let set = SpringSpec.matching(present) else {
            // Name the closest set: the one sharing most keys (the first of those), and what is
            // missing or extra.
            func shared(_ s: SpringSpec) -> Int { s.keys.filter { present.containsUTF8($0) }.count }
            let best = SpringSpec.allCases.max { a, b in shared(a) < shared(b) }!
            if present.isEmpty {
                throw MotionKernelError.missingField(f.path("stiffness"))
                    .withReason(
                        "expected one field set: mass/stiffness/damping, stiffness/dampingRatio, response/dampingRatio, duration/bounce, tension/friction, bounciness/speed or visualDuration/bounce"
                    )
            }
            if let missing = best.required.first(where: { !present.containsUTF8($0) }), present.allSatisfy({ best.keys.containsUTF8($0) }) {
                throw MotionKernelError.missingField(f.path(missing))
                    .withReason("is required with \(best.required.filter { present.containsUTF8($0) }.joined(separator: ", "))")
            }
            if present.containsUTF8("visualDuration"), let physical = ["mass", "stiffness", "damping"].first(where: { present.containsUTF8($0) }) {
                // Motion itself would drop visualDuration and bounce here, silently.
                throw MotionKernelError.invalidValue(
                    f.path(physical),
                    "cannot be combined with visualDuration: Motion's visualDuration/bounce spring has mass 1, and Motion ignores visualDuration and bounce when \(physical) is set"
                )
            }
            let extra = UTF8Text.sortedUnique(present.filter { !best.keys.containsUTF8($0) })
            let kept = UTF8Text.sortedUnique(present.filter { best.keys.containsUTF8($0) })
            throw MotionKernelError.invalidValue(
                f.path(extra.first ?? ""), "cannot be combined with \(kept.joined(separator: ", ")); give exactly one field set")
        }
        return set
    }

    /// Initial conditions: `from` (0), `to` (1), `velocity` or `relativeVelocity` (UIKit's
    /// `initialSpringVelocity`: multiples of `to − from` per second).
    package static func initialConditions<T: MotionScalar>(_ f: Fields, as: T.Type = T.self) throws(MotionKernelError) -> (from: T, to: T, velocity: T) {
        let from = try f.number("from", default: 0), to = try f.number("to", default: 1)
        if f.has("velocity") && f.has("relativeVelocity") {
            throw MotionKernelError.invalidValue(f.path("relativeVelocity"), "give either velocity or relativeVelocity, not both")
        }
        var v = try f.number("velocity", default: 0)
        if let rel = try f.number("relativeVelocity") { v = rel * (to - from) }
        guard v.isFinite else { throw MotionKernelError.invalidValue(f.path("relativeVelocity"), "velocity overflows") }
        return (T(from), T(to), T(v))
    }

    static let sample: EvalHandler = { (f, ctx) throws(MotionKernelError) in
        try f.rejectUnknown(["id", "op", "precision", "spring", "from", "to", "velocity", "relativeVelocity", "times"])
        let times = try f.requireNumbers("times", limit: maxOutputNumbers / 2)
        try Fields.checkOutput([times.count, 2], "times")
        for (j, t) in times.enumerated() where t < 0 {
            throw MotionKernelError.invalidValue("times[\(j)]", "expected a time >= 0 seconds, got \(t)")
        }
        func run<T: MotionScalar>(_: T.Type) throws(MotionKernelError) -> JSONValue {
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

    static let settle: EvalHandler = { (f, ctx) throws(MotionKernelError) in
        try f.rejectUnknown(["id", "op", "precision", "spring", "from", "to", "velocity", "relativeVelocity", "epsilon", "velocityEpsilon"])
        func run<T: MotionScalar>(_: T.Type) throws(MotionKernelError) -> JSONValue {
            let s: Spring<T> = try parseSpring(try f.requireObject("spring"))
            let ic: (from: T, to: T, velocity: T) = try initialConditions(f)
            let eps = try f.requireNumber("epsilon")
            guard eps > 0 else { throw MotionKernelError.invalidValue("epsilon", "expected a number > 0, got \(eps)") }
            let t: T
            do throws(MotionKernelError) {
                if let ve = try f.number("velocityEpsilon") {
                    guard ve > 0 else { throw MotionKernelError.invalidValue("velocityEpsilon", "expected a number > 0, got \(ve)") }
                    t = try s.settlingDuration(epsilon: T(eps), velocityEpsilon: T(ve), from: ic.from, to: ic.to, initialVelocity: ic.velocity)
                } else {
                    t = try s.settlingDuration(epsilon: T(eps), from: ic.from, to: ic.to, initialVelocity: ic.velocity)
                }
            } catch let e where e.isField("damping") {
                throw e.prefixed("spring")
            }
            return .object(JSONObject([("settlingDuration", .number(t.doubleValue))]))
        }
        return ctx.precision == .float ? try run(Float.self) : try run(Double.self)
    }

    static let convert: EvalHandler = { (f, _) throws(MotionKernelError) in
        try f.rejectUnknown(["id", "op", "precision", "spring"])
        return SpringDesignOps.springObject(try parseSpring(try f.requireObject("spring")))
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
