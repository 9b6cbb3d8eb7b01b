#if canImport(Foundation) && !MOTIONKERNEL_NO_FOUNDATION
import Foundation
#endif

/// SwiftUI's `Spring` evaluation API, over any ``MotionVectorArithmetic`` value.
///
/// Semantics (SwiftUI's documentation: "the value of the spring at a given time given a target
/// amount of change"): the spring animates a *displacement* that starts at zero with
/// `initialVelocity` (units of the value per second) and moves towards `target`; the value at
/// time t is target + y(t), with y(0) = −target, y′(0) = initialVelocity, and
/// [y(t), y′(t)] = Φ(t)·[y(0), y′(0)] the exact closed form (``propagator(_:)``).
///
/// Every function here is the closed form: `update(value:velocity:target:deltaTime:)` advances
/// the state by Φ(Δt) exactly (no integrator step), so n steps of Δt equal one step of nΔt up
/// to rounding. Vector values are combined only with `+`, `-` and `scale(by:)` by the
/// propagator entries (converted to `Double`), lane for lane, so a `SIMD2<Double>` gives, per
/// component, the bits the `Double` spring gives.
///
/// Departures from SwiftUI, where SwiftUI has no error channel: these functions `throw` a
/// ``MotionKernelError`` (so SwiftUI code needs an added `try`) for a negative or non-finite
/// time, a non-finite vector, or a result that overflows, instead of returning NaN or ∞.
extension Spring {
    /// Φ(t)'s entries in `Double` for a validated time, or an error naming `field`.
    @inlinable
    func swiftUIPropagator(_ t: T, _ field: String) throws(MotionKernelError) -> (Double, Double, Double, Double) {
        try MotionKernelError.requireNonNegative(t, field)
        let p = propagator(t)
        let e = (p.p11.doubleValue, p.p12.doubleValue, p.p21.doubleValue, p.p22.doubleValue)
        guard e.0.isFinite, e.1.isFinite, e.2.isFinite, e.3.isFinite else {
            throw MotionKernelError.invalidValue(field, "the spring's state at t = \(t) has no finite value (phase beyond the floating-point range)")
        }
        return e
    }

    /// Throws `invalidValue` naming `field` unless every component of `v` is finite.
    @inlinable
    static func requireFiniteVector<V: MotionVectorArithmetic>(_ v: V, _ field: @autoclosure () -> String) throws(MotionKernelError) {
        guard v.isFiniteVector else { throw MotionKernelError.invalidValue(field(), "expected finite components") }
    }

    /// The start of the motion towards `target` — y(0) = −target — and Φ(time)'s entries, after
    /// checking `target`, `initialVelocity` and `time` in that order (the inputs of
    /// `value(target:initialVelocity:time:)` and `velocity(target:initialVelocity:time:)`).
    @inlinable
    func swiftUIStart<V: MotionVectorArithmetic>(
        target: V, initialVelocity: V, time: T
    ) throws(MotionKernelError) -> (y0: V, p: (Double, Double, Double, Double)) {
        try Spring.requireFiniteVector(target, "target")
        try Spring.requireFiniteVector(initialVelocity, "initialVelocity")
        let p = try swiftUIPropagator(time, "time")
        return (V.zero - target, p)
    }

    /// A result checked finite (else `invalidValue` naming `field`: the inputs are too large).
    @inlinable
    static func finiteResult<V: MotionVectorArithmetic>(_ v: V, _ field: String) throws(MotionKernelError) -> V {
        guard v.isFiniteVector else {
            throw MotionKernelError.invalidValue(field, "the result overflows the value type; the inputs are too large")
        }
        return v
    }

    /// The value at `time` (seconds ≥ 0) of the displacement that starts at zero with
    /// `initialVelocity` (units/s) and moves towards `target`: target + Φ11(t)·(−target) +
    /// Φ12(t)·initialVelocity. Equal to 0 at time 0, → target as time grows (damped springs).
    /// - Throws: `invalidValue` naming `time` (negative or non-finite), `target` or
    ///   `initialVelocity` (a non-finite component), or `target` when the result overflows.
    @inlinable
    public func value<V: MotionVectorArithmetic>(target: V, initialVelocity: V = .zero, time: T) throws(MotionKernelError) -> V {
        let (y0, p) = try swiftUIStart(target: target, initialVelocity: initialVelocity, time: time)
        return try Spring.finiteResult(target + (y0.scaled(by: p.0) + initialVelocity.scaled(by: p.1)), "target")
    }

    /// SwiftUI's `position(target:initialVelocity:time:)` (the spelling of SwiftUI's `Spring`
    /// overview): the same as ``value(target:initialVelocity:time:)``.
    /// - Throws: as `value(target:initialVelocity:time:)`.
    @inlinable
    public func position<V: MotionVectorArithmetic>(target: V, initialVelocity: V = .zero, time: T) throws(MotionKernelError) -> V {
        try value(target: target, initialVelocity: initialVelocity, time: time)
    }

    /// The velocity (units/s) at `time` of the motion of ``value(target:initialVelocity:time:)``:
    /// Φ21(t)·(−target) + Φ22(t)·initialVelocity.
    /// - Throws: as `value(target:initialVelocity:time:)`.
    @inlinable
    public func velocity<V: MotionVectorArithmetic>(target: V, initialVelocity: V = .zero, time: T) throws(MotionKernelError) -> V {
        let (y0, p) = try swiftUIStart(target: target, initialVelocity: initialVelocity, time: time)
        return try Spring.finiteResult(y0.scaled(by: p.2) + initialVelocity.scaled(by: p.3), "target")
    }

    /// The value at `time` of the motion from `fromValue` to `toValue` with `initialVelocity`:
    /// fromValue + value(target: toValue − fromValue, …).
    /// - Throws: as `value(target:initialVelocity:time:)`, naming `fromValue`/`toValue`.
    @inlinable
    public func value<V: MotionVectorArithmetic>(fromValue: V, toValue: V, initialVelocity: V = .zero, time: T) throws(MotionKernelError) -> V {
        try Spring.requireFiniteVector(fromValue, "fromValue")
        try Spring.requireFiniteVector(toValue, "toValue")
        return try Spring.finiteResult(fromValue + value(target: toValue - fromValue, initialVelocity: initialVelocity, time: time), "toValue")
    }

    /// The velocity at `time` of the motion from `fromValue` to `toValue` with `initialVelocity`.
    /// - Throws: as `velocity(target:initialVelocity:time:)`, naming `fromValue`/`toValue`.
    @inlinable
    public func velocity<V: MotionVectorArithmetic>(fromValue: V, toValue: V, initialVelocity: V = .zero, time: T) throws(MotionKernelError) -> V {
        try Spring.requireFiniteVector(fromValue, "fromValue")
        try Spring.requireFiniteVector(toValue, "toValue")
        return try velocity(target: toValue - fromValue, initialVelocity: initialVelocity, time: time)
    }

    /// Advances `value` and `velocity` (units/s) by `deltaTime` seconds towards `target`, exactly:
    /// with y = value − target, [y, velocity] ← Φ(Δt)·[y, velocity], value ← target + y.
    ///
    /// No integrator: steps compose (Φ(a)Φ(b) = Φ(a + b)), so many small steps agree with one
    /// large step up to rounding. On error the inout values are left unchanged.
    /// - Throws: `invalidValue` naming `deltaTime` (negative or non-finite), `value`, `velocity`
    ///   or `target` (a non-finite component), or `value` when the new state overflows.
    @inlinable
    public func update<V: MotionVectorArithmetic>(value: inout V, velocity: inout V, target: V, deltaTime: T) throws(MotionKernelError) {
        try Spring.requireFiniteVector(value, "value")
        try Spring.requireFiniteVector(velocity, "velocity")
        try Spring.requireFiniteVector(target, "target")
        let p = try swiftUIPropagator(deltaTime, "deltaTime")
        let y = value - target
        let newValue = try Spring.finiteResult(target + (y.scaled(by: p.0) + velocity.scaled(by: p.1)), "value")
        let newVelocity = try Spring.finiteResult(y.scaled(by: p.2) + velocity.scaled(by: p.3), "value")
        value = newValue
        velocity = newVelocity
    }

    /// The force on the spring's mass at `position` moving with `velocity` towards `target`:
    /// k·(target − position) − c·velocity (SwiftUI's convention; with the default mass 1 it is
    /// the acceleration, in units of the value per second²).
    /// - Throws: `invalidValue` naming `target`, `position` or `velocity` (a non-finite
    ///   component), or `position` when the force overflows.
    @inlinable
    public func force<V: MotionVectorArithmetic>(target: V, position: V, velocity: V) throws(MotionKernelError) -> V {
        try Spring.requireFiniteVector(target, "target")
        try Spring.requireFiniteVector(position, "position")
        try Spring.requireFiniteVector(velocity, "velocity")
        let f = (target - position).scaled(by: stiffness.doubleValue) - velocity.scaled(by: damping.doubleValue)
        return try Spring.finiteResult(f, "position")
    }

    /// The force for the motion from `fromValue` to `toValue` at `position` with `velocity`:
    /// `force(target: toValue, position: position, velocity: velocity)`.
    /// - Throws: as `force(target:position:velocity:)`, naming `fromValue`/`toValue`.
    @inlinable
    public func force<V: MotionVectorArithmetic>(fromValue: V, toValue: V, position: V, velocity: V) throws(MotionKernelError) -> V {
        try Spring.requireFiniteVector(fromValue, "fromValue")
        return try force(target: toValue, position: position, velocity: velocity)
    }

    /// SwiftUI's `settlingDuration`: the settling duration for target 1, initial velocity 0 and
    /// epsilon 0.001 (SwiftUI's documented convention), i.e. the smallest T with
    /// |x(t) − 1| ≤ 0.001 for every t ≥ T on the motion from 0 to 1 — equivalently a tolerance of
    /// 0.1 % of the distance for any target.
    ///
    /// SwiftUI calls it "estimated"; here it is exact (``settlingDuration(epsilon:from:to:initialVelocity:)``,
    /// no envelope approximation), so it is the true time after which the documented condition
    /// holds.
    /// - Throws: `invalidValue` naming `damping` for an undamped spring (it never settles), or
    ///   `epsilon` when the time exceeds the range of `T`.
    public var settlingDuration: T {
        get throws(MotionKernelError) { try settlingDuration(epsilon: T(0.001), from: 0, to: 1, initialVelocity: 0) }
    }

    /// SwiftUI's `settlingDuration(target:initialVelocity:epsilon:)` for a scalar: the exact
    /// smallest T with |x(t) − target| ≤ epsilon (absolute, units of the value, as in SwiftUI)
    /// for every t ≥ T, the motion starting at 0 with `initialVelocity`.
    /// - Throws: as ``settlingDuration(epsilon:from:to:initialVelocity:)``.
    public func settlingDuration(target: T, initialVelocity: T = 0, epsilon: T) throws(MotionKernelError) -> T {
        try settlingDuration(epsilon: epsilon, from: 0, to: target, initialVelocity: initialVelocity)
    }

    /// SwiftUI's `settlingDuration(target:initialVelocity:epsilon:)` for any vector value: a time
    /// after which ‖x(t) − target‖ ≤ epsilon (Euclidean norm from `magnitudeSquared`, absolute)
    /// for every later t.
    ///
    /// Exact (the smallest such time) for scalar types (`Double`, `Float`, `CGFloat`), and when
    /// `initialVelocity` or `target` is zero: the displacement then stays on one line and its
    /// norm is a scalar spring motion. Otherwise an upper bound:
    /// ‖y(t)‖ ≤ |Φ11(t)|·‖target‖ + |Φ12(t)|·‖initialVelocity‖, and the later of the two scalar
    /// motions' settling times for epsilon/2 each.
    /// - Throws: `invalidValue` naming `target`/`initialVelocity` (non-finite, or a norm that
    ///   overflows), `epsilon`, or `damping` (an undamped spring never settles).
    public func settlingDuration<V: MotionVectorArithmetic>(target: V, initialVelocity: V = .zero, epsilon: T) throws(MotionKernelError) -> T {
        try Spring.requireFiniteVector(target, "target")
        try Spring.requireFiniteVector(initialVelocity, "initialVelocity")
        try MotionKernelError.requirePositive(epsilon, "epsilon")
        let a = target.magnitudeSquared.squareRoot(), b = initialVelocity.magnitudeSquared.squareRoot()
        guard a.isFinite else { throw MotionKernelError.invalidValue("target", "the norm overflows") }
        guard b.isFinite else { throw MotionKernelError.invalidValue("initialVelocity", "the norm overflows") }
        let d = try converted(to: Double.self)
        let eps = epsilon.doubleValue
        if let y = Spring.scalarValue(target), let v = Spring.scalarValue(initialVelocity) {
            // A scalar value type: the exact signed motion y(0) = −target, y′(0) = v.
            return try Spring.representable(try d.settleTime(y0: -y, v0: v, epsilon: eps))
        }
        if b == 0 { return try Spring.representable(try d.settleTime(y0: a, v0: 0, epsilon: eps)) }
        if a == 0 { return try Spring.representable(try d.settleTime(y0: 0, v0: b, epsilon: eps)) }
        let t1 = try d.settleTime(y0: a, v0: 0, epsilon: eps / 2)
        let t2 = try d.settleTime(y0: 0, v0: b, epsilon: eps / 2)
        return try Spring.representable(max(t1, t2))
    }

    /// `v` as a `Double` when `V` is a scalar type (`Double`, `Float`, `CGFloat`), else nil.
    static func scalarValue<V: MotionVectorArithmetic>(_ v: V) -> Double? {
        if let x = v as? Double { return x }
        if let x = v as? Float { return Double(x) }
        #if canImport(Foundation) && !MOTIONKERNEL_NO_FOUNDATION
        if let x = v as? CGFloat { return Double(x) }
        #endif
        return nil
    }

    /// The exact settling duration for the motion from `fromValue` to `toValue` with
    /// `initialVelocity`: `settlingDuration(target: toValue − fromValue, …)`.
    /// - Throws: as `settlingDuration(target:initialVelocity:epsilon:)`, naming `fromValue`/`toValue`.
    public func settlingDuration<V: MotionVectorArithmetic>(fromValue: V, toValue: V, initialVelocity: V = .zero, epsilon: T) throws(MotionKernelError) -> T {
        try Spring.requireFiniteVector(fromValue, "fromValue")
        try Spring.requireFiniteVector(toValue, "toValue")
        return try settlingDuration(target: toValue - fromValue, initialVelocity: initialVelocity, epsilon: epsilon)
    }

    /// SwiftUI's `Spring(settlingDuration:dampingRatio:epsilon:)`: the spring with mass 1 and
    /// damping ratio `dampingRatio` whose exact settling duration for the motion from 0 to 1 at
    /// rest, with tolerance `epsilon` (default 0.001, SwiftUI's), is `settlingDuration` — built
    /// by ``settling(in:dampingRatio:mass:epsilon:from:to:initialVelocity:)`` (the least stiff
    /// spring settling by then).
    ///
    /// SwiftUI solves an envelope estimate and clamps the inputs (damping ratio to (0, 1],
    /// duration to [0.01, 10] s); here the settling time is the exact one, and over-damped
    /// ratios (> 1) and any duration the stiffness range [1e-12, 1e15] reaches are accepted.
    /// - Throws: `invalidValue` naming `settlingDuration` (not finite and > 0, or out of reach),
    ///   `dampingRatio` (not finite and > 0) or `epsilon` (not finite, or not in (0, 1)).
    public init(settlingDuration: T, dampingRatio: T, epsilon: T = T(0.001)) throws(MotionKernelError) {
        try MotionKernelError.requirePositive(settlingDuration, "settlingDuration")
        try MotionKernelError.requirePositive(dampingRatio, "dampingRatio")
        try MotionKernelError.requirePositive(epsilon, "epsilon")
        guard epsilon < 1 else {
            throw MotionKernelError.invalidValue("epsilon", "expected a number in (0, 1) (the motion from 0 to 1 starts within it), got \(epsilon)")
        }
        do {
            self = try Spring.settling(in: settlingDuration, dampingRatio: dampingRatio, epsilon: epsilon, from: 0, to: 1)
        } catch let e where e.isField("duration") {
            throw MotionKernelError.invalidValue("settlingDuration", e.reason)
        }
    }
}

/// SwiftUI's spellings that need a concrete scalar: with `T == Double` (SwiftUI's `Double` and
/// `TimeInterval`), `Spring()`, `Spring.smooth` and `let s: Spring = .bouncy` infer `Spring<Double>`.
extension Spring where T == Double {
    /// The default SwiftUI spring, `Spring(duration: 0.5, bounce: 0)` (= ``smooth``): critically
    /// damped, undamped period 0.5 s (stiffness (2π/0.5)² ≈ 157.9, damping ≈ 25.1, mass 1).
    public init() {
        self = Spring.swiftUIPreset(duration: 0.5, bounce: 0)
    }

    /// The spring of `init(duration:bounce:)` for constant, valid parameters.
    static func swiftUIPreset(duration: Double, bounce: Double) -> Spring<Double> {
        do {
            return try Spring(duration: duration, bounce: bounce)
        } catch {
            preconditionFailure("the preset spring (duration \(duration), bounce \(bounce)) is valid")
        }
    }

    /// SwiftUI's `smooth`: duration 0.5 s, bounce 0 (critically damped).
    public static var smooth: Spring<Double> { swiftUIPreset(duration: 0.5, bounce: 0) }
    /// SwiftUI's `snappy`: duration 0.5 s, bounce 0.15 (ζ = 0.85).
    public static var snappy: Spring<Double> { swiftUIPreset(duration: 0.5, bounce: 0.15) }
    /// SwiftUI's `bouncy`: duration 0.5 s, bounce 0.3 (ζ = 0.7).
    public static var bouncy: Spring<Double> { swiftUIPreset(duration: 0.5, bounce: 0.3) }

    /// The spring for a preset's base bounce plus `extraBounce`, errors naming the preset's labels.
    static func preset(duration: Double, base: Double, extraBounce: Double) throws(MotionKernelError) -> Spring<Double> {
        try MotionKernelError.requireFinite(extraBounce, "extraBounce")
        do {
            return try Spring(duration: duration, bounce: base + extraBounce)
        } catch let e where e.isField("bounce") {
            throw MotionKernelError.invalidValue(
                "extraBounce", "the bounce \(base) + \(extraBounce) must be in (-1, 1]: \(e.reason)")
        }
    }

    /// SwiftUI's `smooth(duration:extraBounce:)`: `Spring(duration: duration, bounce: 0 + extraBounce)`.
    /// - Throws: `invalidValue` naming `duration` (not finite and > 0) or `extraBounce` (the
    ///   bounce leaves (−1, 1]).
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) throws(MotionKernelError) -> Spring<Double> {
        try preset(duration: duration, base: 0, extraBounce: extraBounce)
    }

    /// SwiftUI's `snappy(duration:extraBounce:)`: `Spring(duration: duration, bounce: 0.15 + extraBounce)`.
    /// - Throws: as ``smooth(duration:extraBounce:)``.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) throws(MotionKernelError) -> Spring<Double> {
        try preset(duration: duration, base: 0.15, extraBounce: extraBounce)
    }

    /// SwiftUI's `bouncy(duration:extraBounce:)`: `Spring(duration: duration, bounce: 0.3 + extraBounce)`.
    /// - Throws: as ``smooth(duration:extraBounce:)``.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) throws(MotionKernelError) -> Spring<Double> {
        try preset(duration: duration, base: 0.3, extraBounce: extraBounce)
    }
}
