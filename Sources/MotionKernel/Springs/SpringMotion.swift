/// One spring-driven motion with an explicit time origin, and C¹ retargeting.
///
/// The target moves at a constant velocity `targetVelocity` (0: a fixed target):
/// target(t) = target + targetVelocity·(t − startTime). For a moving target the spring
/// lags it by the constant offset c·w/k (w the target velocity), the particular solution of
/// m x″ + c x′ + k (x − target(t)) = 0; the homogeneous part is the closed form.
///
/// Retargeting keeps position and velocity exactly (C¹ at the switch): the new motion starts
/// from the old one's state at the switch time.
public struct SpringMotion<T: MotionScalar>: Sendable, Hashable {
    /// The spring.
    public let spring: Spring<T>
    /// Time origin (seconds) of this motion.
    public let startTime: T
    /// Value at `startTime`.
    public let startValue: T
    /// Velocity (units/s) at `startTime`.
    public let startVelocity: T
    /// Target position at `startTime`.
    public let target: T
    /// Target velocity (units/s); 0 for a fixed target.
    public let targetVelocity: T

    /// A motion starting at `startTime` from `from` with `velocity` towards `to` (moving at
    /// `targetVelocity` units/s).
    /// - Throws: `invalidValue` naming `from`, `to`, `velocity`, `startTime` or
    ///   `targetVelocity` when non-finite.
    public init(spring: Spring<T>, from: T, to: T, velocity: T = 0, startTime: T = 0, targetVelocity: T = 0) throws {
        try MotionKernelError.requireFinite(from, "from")
        try MotionKernelError.requireFinite(to, "to")
        try MotionKernelError.requireFinite(velocity, "velocity")
        try MotionKernelError.requireFinite(startTime, "startTime")
        try MotionKernelError.requireFinite(targetVelocity, "targetVelocity")
        self.spring = spring
        self.startValue = from
        self.target = to
        self.startVelocity = velocity
        self.startTime = startTime
        self.targetVelocity = targetVelocity
    }

    /// The target's position at time `t`.
    @inlinable
    public func target(at t: T) -> T { target + targetVelocity * (t - startTime) }

    /// Value and velocity at time `t` (seconds). Before `startTime` the motion has not begun:
    /// the start state is returned.
    @inlinable
    public func state(at t: T) -> (value: T, velocity: T) {
        let tau = t - startTime
        if !(tau > 0) { return (startValue, startVelocity) }
        let w = targetVelocity
        // Lag of the particular solution: c·w/k = 2λ w / ω0².
        let offset = w == 0 ? 0 : 2 * spring.lambda * w / spring.omega0Squared
        let d = spring.displacement(
            at: tau, initialDisplacement: startValue - target + offset,
            initialVelocity: startVelocity - w)
        return (target + w * tau - offset + d.displacement, w + d.velocity)
    }

    /// A new motion that continues this one's exact position and velocity at time `t`
    /// towards `newTarget` (moving at `targetVelocity`), on `spring` (this motion's spring
    /// when nil).
    /// - Throws: `invalidValue` naming `at`, `to` or `targetVelocity` when non-finite.
    public func retargeted(at t: T, to newTarget: T, targetVelocity: T = 0, spring: Spring<T>? = nil) throws -> SpringMotion {
        try MotionKernelError.requireFinite(t, "at")
        let s = state(at: t)
        return try SpringMotion(
            spring: spring ?? self.spring, from: s.value, to: newTarget,
            velocity: s.velocity, startTime: t, targetVelocity: targetVelocity)
    }

    /// Seconds after `startTime` until |x − target| ≤ epsilon forever (fixed targets only).
    /// - Throws: `unsupported` for a moving target; otherwise as `Spring.settlingDuration`.
    public func settlingDuration(epsilon: T) throws -> T {
        guard targetVelocity == 0 else {
            throw MotionKernelError.unsupported("targetVelocity", "a moving target is never reached")
        }
        return try spring.settlingDuration(epsilon: epsilon, from: startValue, to: target, velocity: startVelocity)
    }
}
