/// One spring-driven motion of a value of any ``MotionVectorArithmetic`` type (a scalar, a SIMD
/// vector, a `CGPoint`, …) with an explicit time origin, and C¹ retargeting.
///
/// The spring is a `Spring<V.SpringScalar>`: `Spring<Double>` for `Double`, `CGPoint` and SIMD of
/// `Double`; `Spring<Float>` for `Float` and SIMD of `Float`. Times are in that scalar type.
///
/// The target moves at a constant velocity `targetVelocity` (zero: a fixed target):
/// target(t) = target + targetVelocity·(t − startTime). For a moving target the spring
/// lags it by the constant offset c·w/k (w the target velocity), the particular solution of
/// m x″ + c x′ + k (x − target(t)) = 0; the homogeneous part is the closed form.
///
/// Retargeting keeps position and velocity exactly (C¹ at the switch): the new motion starts
/// from the old one's state at the switch time.
public struct SpringMotion<V: MotionVectorArithmetic> {
    /// The scalar type of the spring and of times.
    public typealias Scalar = V.SpringScalar

    /// The spring.
    public let spring: Spring<Scalar>
    /// Time origin (seconds) of this motion.
    public let startTime: Scalar
    /// Value at `startTime`.
    public let startValue: V
    /// Velocity (units/s) at `startTime`.
    public let initialVelocity: V
    /// Target position at `startTime`.
    public let target: V
    /// Target velocity (units/s); zero for a fixed target.
    public let targetVelocity: V

    /// A motion starting at `startTime` from `from` with `initialVelocity` towards `to` (moving
    /// at `targetVelocity` units/s).
    /// - Throws: `invalidValue` naming `from`, `to`, `initialVelocity`, `startTime` or
    ///   `targetVelocity` when non-finite.
    public init(spring: Spring<Scalar>, from: V, to: V, initialVelocity: V = .zero, startTime: Scalar = 0, targetVelocity: V = .zero) throws(MotionKernelError)
    {
        try Spring<Scalar>.requireFiniteVector(from, "from")
        try Spring<Scalar>.requireFiniteVector(to, "to")
        try Spring<Scalar>.requireFiniteVector(initialVelocity, "initialVelocity")
        try MotionKernelError.requireFinite(startTime, "startTime")
        try Spring<Scalar>.requireFiniteVector(targetVelocity, "targetVelocity")
        self.spring = spring
        self.startValue = from
        self.target = to
        self.initialVelocity = initialVelocity
        self.startTime = startTime
        self.targetVelocity = targetVelocity
    }

    /// The target's position at time `t`.
    @inlinable
    public func target(at t: Scalar) -> V { target + targetVelocity.scaled(by: (t - startTime).doubleValue) }

    /// Value and velocity at time `t` (seconds). Before `startTime` the motion has not begun:
    /// the start state is returned.
    @inlinable
    public func state(at t: Scalar) -> (value: V, velocity: V) {
        let tau = t - startTime
        if !(tau > 0) { return (startValue, initialVelocity) }
        let w = targetVelocity
        // Lag of the particular solution: c·w/k = (2λ/ω0²)·w.
        let offset = w == .zero ? V.zero : w.scaled(by: (2 * spring.lambda / spring.omega0Squared).doubleValue)
        let p = spring.propagator(tau)
        let y0 = startValue - target + offset
        let v0 = initialVelocity - w
        let y = y0.scaled(by: p.p11.doubleValue) + v0.scaled(by: p.p12.doubleValue)
        let v = y0.scaled(by: p.p21.doubleValue) + v0.scaled(by: p.p22.doubleValue)
        return (target + w.scaled(by: tau.doubleValue) - offset + y, w + v)
    }

    /// A new motion that continues this one's exact position and velocity at time `t`
    /// towards `newTarget` (moving at `targetVelocity`), on `spring` (this motion's spring
    /// when nil).
    /// - Throws: `invalidValue` naming `at`, `to` or `targetVelocity` when non-finite, or
    ///   `from`/`initialVelocity` when the state at `t` overflows.
    public func retargeted(at t: Scalar, to newTarget: V, targetVelocity: V = .zero, spring: Spring<Scalar>? = nil) throws(MotionKernelError) -> SpringMotion {
        try MotionKernelError.requireFinite(t, "at")
        try Spring<Scalar>.requireFiniteVector(newTarget, "to")
        let s = state(at: t)
        return try SpringMotion(
            spring: spring ?? self.spring, from: s.value, to: newTarget,
            initialVelocity: s.velocity, startTime: t, targetVelocity: targetVelocity)
    }

    /// Seconds after `startTime` until ‖x − target‖ ≤ epsilon forever (fixed targets only); as
    /// ``Spring/settlingDuration(fromValue:toValue:initialVelocity:epsilon:)`` (exact for scalars).
    /// - Throws: `unsupported` for a moving target; otherwise as `Spring.settlingDuration`.
    public func settlingDuration(epsilon: Scalar) throws(MotionKernelError) -> Scalar {
        guard targetVelocity == .zero else {
            throw MotionKernelError.unsupported("targetVelocity", "a moving target is never reached")
        }
        return try spring.settlingDuration(fromValue: startValue, toValue: target, initialVelocity: initialVelocity, epsilon: epsilon)
    }
}

extension SpringMotion: Sendable where V: Sendable {}
extension SpringMotion: Equatable {}
extension SpringMotion: Hashable where V: Hashable {}
