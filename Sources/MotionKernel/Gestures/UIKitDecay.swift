/// UIScrollView's deceleration after a flick: the velocity falls by the factor
/// `decelerationRate` every millisecond, v(t) = v₀·r^(1000t).
///
/// Source: Apple's UIKit documentation of `UIScrollView.DecelerationRate` (`.normal` 0.998,
/// `.fast` 0.99: the rate per millisecond) and the WWDC 2018 session "Designing Fluid
/// Interfaces" (the projection of where a flick comes to rest).
///
/// With k = 1000·ln r (per second): x(t) = x₀ + v₀·(e^{kt} − 1)/k.
/// - ``restingValue`` is the curve's exact limit x₀ − v₀/(1000·ln r).
/// - ``projectedValue`` is the WWDC18 projection x₀ + (v₀/1000)·r/(1 − r), the sum of the
///   per-millisecond steps; it differs from the limit by 0.1 % (0.998) to 0.5 % (0.99) of the
///   distance.
/// - ``duration`` is the first time after which |x − restingValue| ≤ `restDelta`:
///   ln(restDelta·|k|/|v₀|)/k, or 0 when the motion starts within `restDelta` of its rest.
public struct UIKitDecay: DecayMotion, Hashable {
    /// `UIScrollView.DecelerationRate.normal`: 0.998 per millisecond.
    public static let normalRate = 0.998
    /// `UIScrollView.DecelerationRate.fast`: 0.99 per millisecond.
    public static let fastRate = 0.99

    /// The value at release (units).
    public let from: Double
    /// The velocity at release (units per second).
    public let initialVelocity: Double
    /// The velocity's factor per millisecond, in (0, 1).
    public let decelerationRate: Double
    /// The distance from ``restingValue`` within which the motion counts as ended (units, > 0).
    public let restDelta: Double
    @usableFromInline let curve: ExponentialDecayCurve

    /// A flick released at `from` with `velocity` (units/s).
    /// - Throws: `invalidValue` naming `from` or `velocity` (non-finite), `decelerationRate`
    ///   (not in (0, 1)) or `restDelta` (not finite and > 0).
    public init(from: Double, velocity: Double, decelerationRate: Double = UIKitDecay.normalRate, restDelta: Double = 0.5) throws(MotionKernelError) {
        try MotionKernelError.requireFiniteRelease(from: from, velocity: velocity)
        try MotionKernelError.requireFinite(decelerationRate, "decelerationRate")
        guard decelerationRate > 0 && decelerationRate < 1 else {
            throw MotionKernelError.invalidValue("decelerationRate", "expected a number in (0, 1), got \(decelerationRate)")
        }
        try MotionKernelError.requirePositive(restDelta, "restDelta")
        self.from = from
        self.initialVelocity = velocity
        self.decelerationRate = decelerationRate
        self.restDelta = restDelta
        self.curve = ExponentialDecayCurve(k: 1000 * Double.log(decelerationRate), from: from, velocity: velocity)
    }

    /// The value at `t` seconds after the release (x₀ before it).
    public func value(at t: Double) -> Double { curve.value(at: t) }
    /// The velocity (units/s) at `t` seconds after the release (v₀ before it).
    public func velocity(at t: Double) -> Double { curve.velocity(at: t) }
    /// The exact limit x₀ − v₀/(1000·ln r).
    public var restingValue: Double { curve.limit }
    /// WWDC18's projection x₀ + (v₀/1000)·r/(1 − r).
    public var projectedValue: Double { from + (initialVelocity / 1000) * decelerationRate / (1 - decelerationRate) }
    /// The first time after which |x − ``restingValue``| ≤ ``restDelta`` (seconds).
    public var duration: Double { curve.timeWithin(restDelta) }
}

extension UIKitDecay: ExponentialDecayForm {
    package func released(from: Double, velocity: Double) throws(MotionKernelError) -> UIKitDecay {
        try UIKitDecay(releasing: self, from: from, velocity: velocity)
    }

    /// `prototype`'s rate and rest delta with its decay constant as computed (no logarithm).
    private init(releasing prototype: UIKitDecay, from: Double, velocity: Double) throws(MotionKernelError) {
        try MotionKernelError.requireFiniteRelease(from: from, velocity: velocity)
        self.from = from
        self.initialVelocity = velocity
        self.decelerationRate = prototype.decelerationRate
        self.restDelta = prototype.restDelta
        self.curve = ExponentialDecayCurve(k: prototype.curve.k, from: from, velocity: velocity)
    }

    package func releaseRows(_ rows: inout DecayReleaseRows) throws(DecayReleaseRows.Failure) {
        for i in 0..<rows.count {
            let m = try rows.release(i) { (x0, v0) throws(MotionKernelError) in try released(from: x0, velocity: v0) }
            rows.set(i, stop: .infinity, rest: (m.restingValue, 0))
        }
    }

    package var decayConstant: Double { curve.k }
    /// UIKit's curve never stops: +∞.
    package var stop: Double { .infinity }
    package var rest: (value: Double, velocity: Double) { (restingValue, 0) }
}

/// React Native's `Animated.decay`: x = x₀ + v/(1 − d)·(1 − e^{−(1 − d)·Δt}) with the velocity v
/// in units per millisecond, the elapsed time Δt in milliseconds and `deceleration` d (0.998
/// by default).
///
/// Source: `Libraries/Animated/animations/DecayAnimation.js` in facebook/react-native.
///
/// In seconds and units per second, with a = 1000·(1 − d): x(t) = x₀ + v₀·(1 − e^{−at})/a and
/// v(t) = v₀·e^{−at}.
/// - React Native ends the animation at the first frame whose value moved less than 0.1 units
///   since the previous frame. Taken continuously at 60 frames per second, ``duration`` is the
///   first time t ≥ 1/60 s at which |x(t) − x(t − 1/60)| < 0.1:
///   max(1/60, ln(|v₀|·(e^{a/60} − 1)/(0.1·a))/a). The first frame is the earliest React
///   Native compares.
/// - ``restingValue`` is the value there, x(``duration``): where React Native stops, short of
///   the limit x₀ + v₀/a (``limitValue``).
public struct ReactNativeDecay: DecayMotion, Hashable {
    /// React Native's default `deceleration`.
    public static let defaultDeceleration = 0.998
    /// The frame interval of React Native's stop rule (seconds).
    public static let frameInterval = 1.0 / 60
    /// The per-frame movement below which React Native ends the animation (units).
    public static let stopDistance = 0.1

    /// The value at release (units).
    public let from: Double
    /// The velocity at release (units per second).
    public let initialVelocity: Double
    /// The velocity's factor per millisecond, in (0, 1).
    public let deceleration: Double
    @usableFromInline let curve: ExponentialDecayCurve

    /// A decay released at `from` with `velocity` (units/s).
    /// - Throws: `invalidValue` naming `from` or `velocity` (non-finite) or `deceleration`
    ///   (not in (0, 1)).
    public init(from: Double, velocity: Double, deceleration: Double = ReactNativeDecay.defaultDeceleration) throws(MotionKernelError) {
        try MotionKernelError.requireFiniteRelease(from: from, velocity: velocity)
        try MotionKernelError.requireFinite(deceleration, "deceleration")
        guard deceleration > 0 && deceleration < 1 else {
            throw MotionKernelError.invalidValue("deceleration", "expected a number in (0, 1), got \(deceleration)")
        }
        self.from = from
        self.initialVelocity = velocity
        self.deceleration = deceleration
        self.curve = ExponentialDecayCurve(k: -1000 * (1 - deceleration), from: from, velocity: velocity)
    }

    /// The value at `t` seconds after the release (x₀ before it; ``restingValue`` from
    /// ``duration`` on, where React Native stops updating).
    public func value(at t: Double) -> Double { t >= duration ? restingValue : curve.value(at: t) }
    /// The velocity (units/s) at `t` seconds after the release (v₀ before it; 0 from
    /// ``duration`` on).
    public func velocity(at t: Double) -> Double { t >= duration ? 0 : curve.velocity(at: t) }
    /// The curve's limit x₀ + v₀/(1000·(1 − d)), which React Native's stop rule never reaches.
    public var limitValue: Double { curve.limit }
    /// x(``duration``).
    public var restingValue: Double { curve.value(at: duration) }
    /// The first time t ≥ 1/60 s at which the value moved less than 0.1 units over the last 1/60 s.
    public var duration: Double {
        let h = Self.frameInterval
        let a = -curve.k
        // |x(t) − x(t − h)| = (|v₀|/a)·e^{−at}·(e^{ah} − 1) = 0.1 at t*.
        let moved = abs(initialVelocity) / a * Double.expm1(a * h)
        guard moved > Self.stopDistance else { return h }
        return max(h, Double.log(moved / Self.stopDistance) / a)
    }
}

extension ReactNativeDecay: ExponentialDecayForm {
    package func released(from: Double, velocity: Double) throws(MotionKernelError) -> ReactNativeDecay {
        try ReactNativeDecay(releasing: self, from: from, velocity: velocity)
    }

    /// `prototype`'s deceleration with its decay constant as computed.
    private init(releasing prototype: ReactNativeDecay, from: Double, velocity: Double) throws(MotionKernelError) {
        try MotionKernelError.requireFiniteRelease(from: from, velocity: velocity)
        self.from = from
        self.initialVelocity = velocity
        self.deceleration = prototype.deceleration
        self.curve = ExponentialDecayCurve(k: prototype.curve.k, from: from, velocity: velocity)
    }

    package func releaseRows(_ rows: inout DecayReleaseRows) throws(DecayReleaseRows.Failure) {
        for i in 0..<rows.count {
            let m = try rows.release(i) { (x0, v0) throws(MotionKernelError) in try released(from: x0, velocity: v0) }
            let d = m.duration
            rows.set(i, stop: d, rest: (m.curve.value(at: d), 0))
        }
    }

    package var decayConstant: Double { curve.k }
    package var stop: Double { duration }
    package var rest: (value: Double, velocity: Double) { (restingValue, 0) }
}

/// Jetpack Compose's `exponentialDecay(frictionMultiplier, absVelocityThreshold)`
/// (`FloatExponentialDecaySpec`): x(t) = x₀ + v₀·(e^{ft} − 1)/f, v(t) = v₀·e^{ft} with the
/// friction f = −4.2·max(0.0001, frictionMultiplier) per second.
///
/// Source: `compose/animation/animation-core/src/commonMain/kotlin/androidx/compose/animation/core/FloatDecayAnimationSpec.kt`
/// in androidx/androidx (`ExponentialDecayFriction` −4.2).
///
/// Compose's own rules, with its clamps: the threshold is max(10⁻⁷, |absVelocityThreshold|);
/// the motion ends when the speed reaches it, at ``duration`` = ln(threshold/|v₀|)/f (0 when
/// |v₀| ≤ threshold), and rests there: ``restingValue`` = x(``duration``), or x₀ when |v₀| ≤
/// threshold (Compose's `getTargetValue`). Compose truncates its duration to whole
/// milliseconds; here it is the exact real number.
public struct ComposeExponentialDecay: DecayMotion, Hashable {
    /// Compose's `ExponentialDecayFriction`.
    public static let friction = -4.2

    /// The value at release (units).
    public let from: Double
    /// The velocity at release (units per second).
    public let initialVelocity: Double
    /// The multiplier as given (Compose uses max(0.0001, it)).
    public let frictionMultiplier: Double
    /// The threshold as given (Compose uses max(10⁻⁷, |it|)).
    public let absVelocityThreshold: Double
    @usableFromInline let curve: ExponentialDecayCurve
    @usableFromInline let threshold: Double

    /// A decay released at `from` with `velocity` (units/s).
    /// - Throws: `invalidValue` naming `from`, `velocity`, `frictionMultiplier` or
    ///   `absVelocityThreshold` when non-finite (Compose's clamps apply to finite values).
    public init(from: Double, velocity: Double, frictionMultiplier: Double = 1, absVelocityThreshold: Double = 0.1) throws(MotionKernelError) {
        try MotionKernelError.requireFiniteRelease(from: from, velocity: velocity)
        try MotionKernelError.requireFinite(frictionMultiplier, "frictionMultiplier")
        try MotionKernelError.requireFinite(absVelocityThreshold, "absVelocityThreshold")
        self.from = from
        self.initialVelocity = velocity
        self.frictionMultiplier = frictionMultiplier
        self.absVelocityThreshold = absVelocityThreshold
        self.threshold = max(1e-7, abs(absVelocityThreshold))
        self.curve = ExponentialDecayCurve(k: Self.friction * max(0.0001, frictionMultiplier), from: from, velocity: velocity)
    }

    /// The value at `t` seconds after the release (x₀ before it; ``restingValue`` from
    /// ``duration`` on, as Compose's `DecayAnimation` answers once finished).
    public func value(at t: Double) -> Double { t >= duration && t > 0 ? restingValue : curve.value(at: t) }
    /// The velocity (units/s) at `t` seconds after the release (v₀ before it; from ``duration``
    /// on, the velocity there clamped to ±threshold, Compose's end velocity).
    public func velocity(at t: Double) -> Double {
        let d = duration
        guard t >= d && t > 0 else { return curve.velocity(at: t) }
        return endVelocity(duration: d)
    }

    /// The velocity at `d` = ``duration`` clamped to ±threshold (Compose's end velocity).
    @usableFromInline
    func endVelocity(duration d: Double) -> Double {
        Swift.min(Swift.max(curve.velocity(at: d), -threshold), threshold)
    }
    /// Where the speed reaches the threshold, x₀ + v₀·(threshold/|v₀| − 1)/f, or x₀ when
    /// |v₀| ≤ threshold.
    public var restingValue: Double {
        let speed = abs(initialVelocity)
        guard speed > threshold else { return from }
        // x(T) with e^{fT} = threshold/|v₀|: x₀ + v₀·(threshold/|v₀| − 1)/f.
        return from + initialVelocity * ((threshold / speed - 1) / curve.k)
    }
    /// ln(threshold/|v₀|)/f, or 0 when |v₀| ≤ threshold.
    public var duration: Double {
        let speed = abs(initialVelocity)
        guard speed > threshold else { return 0 }
        return Double.log(threshold / speed) / curve.k
    }
}

extension ComposeExponentialDecay: ExponentialDecayForm {
    package func released(from: Double, velocity: Double) throws(MotionKernelError) -> ComposeExponentialDecay {
        try ComposeExponentialDecay(releasing: self, from: from, velocity: velocity)
    }

    /// `prototype`'s friction and threshold with its decay constant as computed.
    private init(releasing prototype: ComposeExponentialDecay, from: Double, velocity: Double) throws(MotionKernelError) {
        try MotionKernelError.requireFiniteRelease(from: from, velocity: velocity)
        self.from = from
        self.initialVelocity = velocity
        self.frictionMultiplier = prototype.frictionMultiplier
        self.absVelocityThreshold = prototype.absVelocityThreshold
        self.threshold = prototype.threshold
        self.curve = ExponentialDecayCurve(k: prototype.curve.k, from: from, velocity: velocity)
    }

    package func releaseRows(_ rows: inout DecayReleaseRows) throws(DecayReleaseRows.Failure) {
        for i in 0..<rows.count {
            let m = try rows.release(i) { (x0, v0) throws(MotionKernelError) in try released(from: x0, velocity: v0) }
            // rest = (restingValue, velocity(at: max(d, ε))): from max(d, ε) ≥ d and > 0 on,
            // the velocity is the clamped end velocity.
            let d = m.duration
            rows.set(i, stop: d > 0 ? d : .leastNonzeroMagnitude, rest: (m.restingValue, rows.needsRestVelocity ? m.endVelocity(duration: d) : 0))
        }
    }

    package var decayConstant: Double { curve.k }
    /// From the duration on (and after 0: at 0 the curve's own start), Compose's finished state.
    package var stop: Double { duration > 0 ? duration : .leastNonzeroMagnitude }
    package var rest: (value: Double, velocity: Double) { (restingValue, velocity(at: Swift.max(duration, .leastNonzeroMagnitude))) }
}
