/// Motion's `inertia` (motiondivision/motion, `packages/motion-dom/src/animation/generators/inertia.ts`,
/// and the spring generator `spring.ts` it hands off to): a decay towards a target projected
/// from the release velocity, optional bounds `min`/`max` that it springs back to, and an
/// optional list of snap points (the data form of `modifyTarget`).
///
/// Motion's rules, defaults and quirks (times here in seconds, Motion's in milliseconds):
/// - The amplitude is A = power·v₀ and the ideal target x₀ + A; with `snapTo`, the target is
///   the snap point nearest the ideal target (the first of equally near ones) and A = target − x₀.
/// - The decay is x(t) = target − A·e^{−t/τ}; its velocity A/τ·e^{−t/τ} starts at power·v₀/τ,
///   not at v₀ (Motion's own behaviour: 2.46·v₀ with the defaults).
/// - It ends when |A|·e^{−t/τ} ≤ `restDelta`, at τ·ln(|A|/restDelta), and then rests on the
///   target exactly (Motion snaps to it): x = target, v = 0.
/// - Out of bounds means below `min` or above `max` (equality is inside). A release out of
///   bounds springs at once (t = 0) from x₀ towards the nearest bound (the nearer of the two;
///   `max` on a tie) with velocity 0, as Motion's first check does.
/// - A decay that crosses a bound hands off to a spring with `bounceStiffness`,
///   `bounceDamping` and mass 1 towards that bound. Motion notices the crossing at the first
///   frame past the bound and starts the spring there, from the overshot value, with a 5 ms
///   backward-difference velocity. Here, on purpose, the crossing time is solved exactly,
///   ``boundaryTime`` = −τ·ln((target − bound)/A), and the spring starts at the bound with the
///   decay's exact velocity there, (target − bound)/τ: the motion is C¹ at the hand-off.
/// - The spring's rest thresholds are Motion's: `restDelta` as given to inertia, and
///   `restSpeed` as given or, by Motion's rule, 2 units/s, or 0.01 when the spring's own
///   distance |bound − start| is below 5 (always at an exact crossing, where it is 0). Motion
///   ends a spring at the first frame where |v| ≤ restSpeed and |x − bound| ≤ restDelta; that
///   frame depends on the frame times. ``duration`` is the frame-free form of the rule: the
///   first time after which both hold for ever (the exact settling time, ``Spring``'s
///   `settlingDuration(epsilon:velocityEpsilon:)`), an upper bound of every frame loop's stop.
///   After it the value is the bound (Motion snaps) and the velocity 0.
public struct MotionInertia: DecayMotion, Hashable {
    /// The value at release (units).
    public let from: Double
    /// The velocity at release (units per second).
    public let initialVelocity: Double
    /// Motion's `power` (0.8).
    public let power: Double
    /// Motion's `timeConstant` in seconds (0.325: Motion's 325 ms).
    public let timeConstant: Double
    /// Motion's `min` and `max` (nil: unbounded on that side).
    public let min: Double?, max: Double?
    /// The spring's stiffness and damping (Motion's `bounceStiffness` 500, `bounceDamping` 10).
    public let bounceStiffness: Double, bounceDamping: Double
    /// Motion's `restDelta` (0.5 units).
    public let restDelta: Double
    /// Motion's `restSpeed` as given (nil or 0: Motion's choice for the spring, as its
    /// `restSpeed ||= …` reads 0).
    public let restSpeed: Double?
    /// The decay's target (the ideal target x₀ + A, or the nearest snap point).
    public let target: Double
    /// The decay's amplitude A = target − x₀.
    public let amplitude: Double
    /// When the spring starts (seconds): 0 for a release out of bounds, the exact crossing time
    /// of a bound, or nil when the decay stays within bounds.
    public let boundaryTime: Double?
    /// The spring phase, when there is one: its spring, start value and velocity, and bound.
    @usableFromInline let bounce: Bounce?
    /// When Motion's rest conditions hold for ever after (seconds; see the type's notes).
    public let duration: Double

    /// The spring phase of a bounded inertia motion.
    @usableFromInline
    struct Bounce: Sendable, Hashable {
        @usableFromInline let spring: Spring<Double>
        @usableFromInline let start: Double
        @usableFromInline let velocity: Double
        @usableFromInline let bound: Double
        @usableFromInline let restSpeed: Double
    }

    /// An inertia motion released at `from` with `velocity` (units/s).
    /// - Throws: `invalidValue` naming `from`, `velocity`, `power` (finite, ≥ 0),
    ///   `timeConstant`, `bounceStiffness`, `restDelta` (finite, > 0), `bounceDamping`,
    ///   `restSpeed` (finite, ≥ 0), `min`/`max` (finite; `min` ≤ `max`), `snapTo` (finite
    ///   numbers, at least one when given), or `epsilon` when the spring never settles within the
    ///   range of Double.
    public init(
        from: Double, velocity: Double, power: Double = 0.8, timeConstant: Double = 0.325, min: Double? = nil, max: Double? = nil,
        bounceStiffness: Double = 500, bounceDamping: Double = 10, restDelta: Double = 0.5, restSpeed: Double? = nil,
        snapTo: [Double]? = nil
    ) throws(MotionKernelError) {
        try self.init(
            from: from, velocity: velocity, power: power, timeConstant: timeConstant, min: min, max: max, bounceStiffness: bounceStiffness,
            bounceDamping: bounceDamping, restDelta: restDelta, restSpeed: restSpeed,
            snap: try snapTo.map { points throws(MotionKernelError) in try SnapPoints(points) })
    }

    /// As the public initialiser, with the snap points prepared once (many releases share them).
    package init(
        from: Double, velocity: Double, power: Double, timeConstant: Double, min: Double?, max: Double?,
        bounceStiffness: Double, bounceDamping: Double, restDelta: Double, restSpeed: Double?, snap: SnapPoints?
    ) throws(MotionKernelError) {
        try MotionKernelError.requireFiniteRelease(from: from, velocity: velocity)
        try MotionKernelError.requireNonNegative(power, "power")
        try MotionKernelError.requirePositive(timeConstant, "timeConstant")
        try MotionKernelError.requirePositive(bounceStiffness, "bounceStiffness")
        try MotionKernelError.requireNonNegative(bounceDamping, "bounceDamping")
        try MotionKernelError.requirePositive(restDelta, "restDelta")
        if let restSpeed { try MotionKernelError.requireNonNegative(restSpeed, "restSpeed") }
        if let min { try MotionKernelError.requireFinite(min, "min") }
        if let max { try MotionKernelError.requireFinite(max, "max") }
        if let min, let max, min > max {
            throw MotionKernelError.invalidValue("min", "expected min <= max, got min \(min) and max \(max)")
        }
        self.from = from
        self.initialVelocity = velocity
        self.power = power
        self.timeConstant = timeConstant
        self.min = min
        self.max = max
        self.bounceStiffness = bounceStiffness
        self.bounceDamping = bounceDamping
        self.restDelta = restDelta
        self.restSpeed = restSpeed
        var a = power * velocity
        guard a.isFinite else { throw MotionKernelError.invalidValue("velocity", "power·velocity overflows") }
        var target = from + a
        guard target.isFinite else { throw MotionKernelError.invalidValue("velocity", "from + power·velocity overflows") }
        if let snap {
            target = snap.nearest(to: target)
            a = target - from
            guard a.isFinite else { throw MotionKernelError.invalidValue("snapTo", "the snap point \(target) is beyond the range of Double from \(from)") }
        }
        self.target = target
        self.amplitude = a
        // The phase plan: out of bounds at release, a crossing, or the decay alone.
        func outside(_ v: Double) -> Bool { (min.map { v < $0 } ?? false) || (max.map { v > $0 } ?? false) }
        func nearest(_ v: Double) -> Double {
            switch (min, max) {
            case (let lo?, let hi?): return abs(lo - v) < abs(hi - v) ? lo : hi
            case (let lo?, nil): return lo
            case (nil, let hi?): return hi
            default: return v
            }
        }
        let decayEnd = abs(a) > restDelta ? timeConstant * Double.log(abs(a) / restDelta) : 0
        var start = 0.0, springFrom = from, springVelocity = 0.0, bound = from, crossing: Double? = nil
        if outside(from) {
            crossing = 0
            bound = nearest(from)
        } else if outside(target) {
            // The decay moves monotonically from x₀ to the target: it crosses the bound on that side.
            bound = a > 0 ? max! : min!
            // e^{−tb/τ} = (target − bound)/A = 1 − (bound − x₀)/A, by log1p for crossings near
            // the release; +0 for a release on the bound.
            start = -timeConstant * Double.log1p(-(bound - from) / a) + 0
            springFrom = bound
            springVelocity = (target - bound) / timeConstant
            guard springVelocity.isFinite else {
                throw MotionKernelError.invalidValue("velocity", "the decay's velocity at the bound, (target − bound)/timeConstant, overflows")
            }
            crossing = start
        }
        self.boundaryTime = crossing
        guard crossing != nil else {
            bounce = nil
            duration = decayEnd
            return
        }
        // Motion's `restSpeed ||= …`: 0 (or none) is its own choice.
        let speed = restSpeed.flatMap { $0 > 0 ? $0 : nil } ?? (abs(bound - springFrom) < 5 ? 0.01 : 2)
        let spring: Spring<Double>
        let settle: Double
        do {
            spring = try Spring<Double>(mass: 1, stiffness: bounceStiffness, damping: bounceDamping, allowOverDamping: true)
            if speed > 0 {
                settle = try spring.settlingDuration(epsilon: restDelta, velocityEpsilon: speed, from: springFrom, to: bound, initialVelocity: springVelocity)
            } else {
                settle = try spring.settlingDuration(epsilon: restDelta, from: springFrom, to: bound, initialVelocity: springVelocity)
            }
        } catch let e {
            // The spring's fields by inertia's names: an undamped bounce never settles.
            let names = ["damping": "bounceDamping", "stiffness": "bounceStiffness", "epsilon": "restDelta", "velocityEpsilon": "restSpeed"]
            throw MotionKernelError(code: e.code, field: names[e.field] ?? e.field, reason: e.reason)
        }
        bounce = Bounce(spring: spring, start: springFrom, velocity: springVelocity, bound: bound, restSpeed: speed)
        duration = start + settle
    }

    /// The value at `t` seconds after the release.
    public func value(at t: Double) -> Double { state(at: t).value }
    /// The velocity (units/s) at `t` seconds after the release.
    public func velocity(at t: Double) -> Double { state(at: t).velocity }

    /// Value and velocity at `t` seconds after the release.
    public func state(at t: Double) -> (value: Double, velocity: Double) {
        guard t > 0 else {
            // Before the release: the start state (Motion's decay velocity, or 0 out of bounds).
            return (from, bounce != nil && boundaryTime == 0 ? 0 : amplitude / timeConstant)
        }
        if t >= duration { return (restingValue, 0) }
        if let bounce, let tb = boundaryTime, t >= tb {
            return bounce.spring.state(at: t - tb, from: bounce.start, to: bounce.bound, initialVelocity: bounce.velocity)
        }
        let e = Double.exp(-t / timeConstant)
        return (target - amplitude * e, amplitude / timeConstant * e)
    }

    /// The bound the spring rests on, or the decay's target.
    public var restingValue: Double { bounce?.bound ?? target }

    /// The spring's `restSpeed` (Motion's choice when not given); nil without a spring phase.
    public var springRestSpeed: Double? { bounce?.restSpeed }
}

/// Snap points sorted once, for the nearest point to a target in O(log n): the first of equally
/// near points in the order given, as a linear scan finds it.
package struct SnapPoints: Sendable, Hashable {
    /// Distinct values in increasing order, each with the index of its first occurrence.
    let sorted: [(value: Double, index: Int)]

    package static func == (a: SnapPoints, b: SnapPoints) -> Bool { a.sorted.elementsEqual(b.sorted) { $0 == $1 } }
    package func hash(into h: inout Hasher) {
        for p in sorted {
            h.combine(p.value)
            h.combine(p.index)
        }
    }

    /// - Throws: `invalidValue` naming `snapTo` (empty) or `snapTo[i]` (not finite).
    package init(_ points: [Double]) throws(MotionKernelError) {
        guard !points.isEmpty else { throw MotionKernelError.invalidValue("snapTo", "expected at least one point") }
        for (i, p) in points.enumerated() { try MotionKernelError.requireFinite(p, "snapTo[\(i)]") }
        let order = points.indices.sorted { points[$0] < points[$1] || (points[$0] == points[$1] && $0 < $1) }
        var unique: [(value: Double, index: Int)] = []
        unique.reserveCapacity(points.count)
        for i in order where unique.last?.value != points[i] { unique.append((points[i], i)) }
        sorted = unique
    }

    /// The point nearest `x` (the first given among equally near ones).
    package func nearest(to x: Double) -> Double {
        var lo = 0, hi = sorted.count  // first index with value >= x
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid].value < x { lo = mid + 1 } else { hi = mid }
        }
        var best: (value: Double, index: Int)? = nil
        for j in [lo - 1, lo] where j >= 0 && j < sorted.count {
            let c = sorted[j]
            guard let b = best else {
                best = c
                continue
            }
            let dc = abs(c.value - x), db = abs(b.value - x)
            if dc < db || (dc == db && c.index < b.index) { best = c }
        }
        return best!.value
    }
}
