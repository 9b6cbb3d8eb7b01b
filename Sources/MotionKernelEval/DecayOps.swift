import MotionKernel

/// Eval-protocol handlers for released gestures: `decay.sample`, `velocity.estimate`,
/// `rubberBand` (docs/eval-protocol.md, "Released gestures").
package enum DecayOps {
    static let handlers: [String: EvalHandler] = [
        "decay.sample": sample,
        "velocity.estimate": velocityEstimate,
        "rubberBand": rubberBand,
    ]

    /// The models of a `decay` object, by `model`.
    package static let models = ["uikit", "reactNative", "compose", "androidFling", "motionInertia"]

    /// The parameters each model accepts (besides `model`).
    package static let parameters: [String: Set<String>] = [
        "uikit": ["decelerationRate", "restDelta"],
        "reactNative": ["deceleration"],
        "compose": ["frictionMultiplier", "absVelocityThreshold"],
        "androidFling": ["density", "friction"],
        "motionInertia": ["power", "timeConstant", "min", "max", "bounceStiffness", "bounceDamping", "restDelta", "restSpeed", "snapTo"],
    ]

    /// A `decay` object's model and parameters, checked: the release state (`from`,
    /// `velocity`) makes a motion of it (``motion(from:velocity:)``), so that many releases
    /// share one parse.
    package struct Spec: Sendable {
        /// The model's name (one of ``DecayOps/models``).
        package let model: String
        /// The object's path in the request (errors in the model's parameters are named in it).
        package let path: String
        let numbers: [String: Double]
        let rateName: String?
        let snap: SnapPoints?

        /// A spec from parts already read: `numbers` by the parameters' names (`uikit`'s
        /// named rate as `rateName`), checked when a motion is made.
        /// - Throws: `invalidValue` naming `snapTo` inside the object (empty, or a point not finite).
        package init(model: String, path: String, numbers: [String: Double], rateName: String?, snapTo: [Double]?) throws(MotionKernelError) {
            self.model = model
            self.path = path
            self.numbers = numbers
            self.rateName = rateName
            do throws(MotionKernelError) {
                self.snap = try snapTo.map { points throws(MotionKernelError) in try SnapPoints(points) }
            } catch let e {
                throw e.prefixed(path)
            }
        }

        /// The spec with the snap points already prepared.
        init(model: String, path: String, numbers: [String: Double], rateName: String?, snap: SnapPoints?) {
            self.model = model
            self.path = path
            self.numbers = numbers
            self.rateName = rateName
            self.snap = snap
        }

        /// The same spec with other numbers (a batch row's columns).
        package func with(numbers: [String: Double]) -> Spec {
            Spec(model: model, path: path, numbers: numbers, rateName: rateName, snap: snap)
        }

        /// The motion released at `from` with `velocity`, and its extra answer fields
        /// (`projectedValue` for `uikit`, `boundaryTime` for `motionInertia`).
        /// - Throws: the model's `invalidValue`, its parameters named inside the object
        ///   (`decay.restDelta`), `from` and `velocity` as they are.
        package func motion(from: Double, velocity: Double) throws(MotionKernelError) -> (motion: any DecayMotion, extra: [(String, JSONValue)]) {
            func n(_ key: String, _ d: Double) -> Double { numbers[key] ?? d }
            do {
                switch model {
                case "uikit":
                    let rate = rateName == "fast" ? UIKitDecay.fastRate : n("decelerationRate", UIKitDecay.normalRate)
                    let d = try UIKitDecay(from: from, velocity: velocity, decelerationRate: rate, restDelta: n("restDelta", 0.5))
                    return (d, [("projectedValue", .number(d.projectedValue))])
                case "reactNative":
                    return (try ReactNativeDecay(from: from, velocity: velocity, deceleration: n("deceleration", ReactNativeDecay.defaultDeceleration)), [])
                case "compose":
                    return (
                        try ComposeExponentialDecay(
                            from: from, velocity: velocity, frictionMultiplier: n("frictionMultiplier", 1), absVelocityThreshold: n("absVelocityThreshold", 0.1)
                        ), []
                    )
                case "androidFling":
                    return (
                        try AndroidFlingDecay(
                            from: from, velocity: velocity, density: n("density", 1), friction: n("friction", AndroidFlingDecay.defaultFriction)), []
                    )
                default:
                    let m = try MotionInertia(
                        from: from, velocity: velocity, power: n("power", 0.8), timeConstant: n("timeConstant", 0.325), min: numbers["min"],
                        max: numbers["max"], bounceStiffness: n("bounceStiffness", 500), bounceDamping: n("bounceDamping", 10),
                        restDelta: n("restDelta", 0.5), restSpeed: numbers["restSpeed"], snap: snap)
                    return (m, [("boundaryTime", m.boundaryTime.map { JSONValue.number($0) } ?? .null)])
                }
            } catch let e {
                guard parameters[model]!.contains(String(e.field.prefix { $0 != "[" })) else { throw e }
                // The model's own parameters are named inside the decay object (decay.restDelta).
                throw e.prefixed(path)
            }
        }
    }

    /// Reads a `decay` object: `model` and that model's parameters (numbers; `uikit`'s
    /// `decelerationRate` may also be `"normal"` or `"fast"`; `motionInertia`'s `snapTo` an
    /// array of numbers).
    /// - Throws: `missingField`/`invalidValue` naming the member's path (`decay.model`,
    ///   `decay.stiffness` for an unknown parameter, `decay.decelerationRate`).
    package static func parseSpec(_ f: Fields) throws(MotionKernelError) -> Spec {
        guard let model = try f.string("model") else { throw MotionKernelError.missingField(f.path("model")) }
        guard let allowed = parameters[model] else {
            throw MotionKernelError.invalidValue(f.path("model"), "unknown decay model \"\(model)\"; expected one of \(models.joined(separator: ", "))")
        }
        try f.rejectUnknown(allowed.union(["model"]))
        var numbers: [String: Double] = [:]
        var rateName: String? = nil
        for key in allowed.sorted() where key != "snapTo" {
            if model == "uikit" && key == "decelerationRate", case .string(let name)? = f.value(key) {
                guard name == "normal" || name == "fast" else {
                    throw MotionKernelError.invalidValue(f.path(key), "expected a number in (0, 1), \"normal\" or \"fast\", got \"\(name)\"")
                }
                rateName = name
                continue
            }
            if let v = try f.number(key) { numbers[key] = v }
        }
        let snap = model == "motionInertia" ? try f.numbers("snapTo", limit: 1_000_000) : nil
        return try Spec(model: model, path: f.path, numbers: numbers, rateName: rateName, snapTo: snap)
    }

    /// A parsed `decay` object with the release state: the model's motion and its extra answer
    /// fields (`projectedValue`, `boundaryTime`).
    package static func parseDecay(
        _ f: Fields, from: Double, velocity: Double
    ) throws(MotionKernelError) -> (motion: any DecayMotion, extra: [(String, JSONValue)]) {
        try parseSpec(f).motion(from: from, velocity: velocity)
    }

    static let sample: EvalHandler = { (f, ctx) throws(MotionKernelError) in
        try f.rejectUnknown(["id", "op", "precision", "decay", "from", "velocity", "times"])
        let times = try f.requireNumbers("times", limit: maxOutputNumbers / 2)
        try Fields.checkOutput([times.count, 2], "times")
        for (j, t) in times.enumerated() where t < 0 {
            throw MotionKernelError.invalidValue("times[\(j)]", "expected a time >= 0 seconds, got \(t)")
        }
        let from = try f.number("from", default: 0)
        let velocity = try f.requireNumber("velocity")
        let (motion, extra) = try parseDecay(try f.requireObject("decay"), from: from, velocity: velocity)
        let float = ctx.precision == .float
        func out(_ x: Double) -> Double { float ? Double(Float(x)) : x }
        var values = [JSONValue](), velocities = [JSONValue]()
        values.reserveCapacity(times.count)
        velocities.reserveCapacity(times.count)
        for (j, t) in times.enumerated() {
            let s = motion.state(at: t)
            let x = out(s.value) + 0, v = out(s.velocity) + 0  // +0: no -0 in answers
            guard x.isFinite, v.isFinite else {
                throw MotionKernelError.invalidValue("times[\(j)]", "the state at t = \(t) s is not representable (\(s.value), \(s.velocity))")
            }
            values.append(.number(x))
            velocities.append(.number(v))
        }
        var members: [(String, JSONValue)] = [
            ("values", .array(values)), ("velocities", .array(velocities)), ("restingValue", .number(out(motion.restingValue) + 0)),
            ("duration", .number(out(motion.duration) + 0)),
        ]
        for (k, v) in extra {
            if case .number(let d) = v { members.append((k, .number(out(d) + 0))) } else { members.append((k, v)) }
        }
        for (_, v) in members {
            if case .number(let d) = v, !d.isFinite { throw Eval.nonFiniteResult(at: "result") }
        }
        return .object(JSONObject(members))
    }

    static let velocityEstimate: EvalHandler = { (f, _) throws(MotionKernelError) in
        try f.rejectUnknown(["id", "op", "precision", "samples", "strategy", "releaseTime"])
        guard let items = try f.array("samples") else { throw MotionKernelError.missingField("samples") }
        guard items.count <= maxOutputNumbers / 2 else {
            throw MotionKernelError.invalidValue("samples", "has \(items.count) items, at most \(maxOutputNumbers / 2) allowed")
        }
        var samples: [(time: Double, position: Double)] = []
        samples.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard case .array(let pair) = item, pair.count == 2 else {
                throw MotionKernelError.invalidValue("samples[\(i)]", "expected [time, position], got \(item.typeName)")
            }
            samples.append((try Fields.number(pair[0], "samples[\(i)][0]"), try Fields.number(pair[1], "samples[\(i)][1]")))
        }
        let name = try f.string("strategy") ?? "lsq2"
        guard let strategy = VelocityTracker.Strategy(rawValue: name) else {
            throw MotionKernelError.invalidValue("strategy", "expected \"lsq2\" or \"impulse\", got \"\(name)\"")
        }
        let v = try VelocityTracker.estimate(samples, strategy: strategy, releaseTime: try f.number("releaseTime"))
        guard v.isFinite else { throw Eval.nonFiniteResult(at: "result.velocity") }
        return .object(JSONObject([("velocity", .number(v))]))
    }

    static let rubberBand: EvalHandler = { (f, _) throws(MotionKernelError) in
        try f.rejectUnknown(["id", "op", "precision", "offset", "dimension", "coefficient", "inverse"])
        let offset = try f.requireNumber("offset"), dimension = try f.requireNumber("dimension")
        let c = try f.number("coefficient", default: RubberBand.defaultCoefficient)
        let y =
            try f.bool("inverse") == true
            ? try RubberBand.inverse(offset: offset, dimension: dimension, coefficient: c)
            : try RubberBand.value(offset: offset, dimension: dimension, coefficient: c)
        return .object(JSONObject([("value", .number(y + 0))]))
    }
}
