import MotionKernel

extension Animator {
    /// Where a released drag sends an interactive animator (``Animator/release(at:samples:travel:spring:decelerationRate:strategy:)``).
    public struct Release: Sendable, Hashable {
        /// The gesture's velocity at release in fraction per second (the pointer's velocity,
        /// units per second, divided by the travel that spans the whole fraction range); the
        /// spring starts with it.
        public let velocity: Double
        /// The fraction at release.
        public let fraction: Double
        /// Where UIKit's deceleration would bring the fraction: the resting value of
        /// `UIKitDecay` from ``fraction`` at ``velocity`` (not clamped to [0, 1]).
        public let projectedFraction: Double
        /// The end the animator now runs to: 1 (it finishes) when ``projectedFraction`` ≥ 0.5,
        /// else 0 (it reverses).
        public let target: Double
    }

    /// Ends an interactive drag: the pattern of a pan gesture's `.ended` handler that scrubbed
    /// this animator. The pointer's velocity is estimated from `samples` (time in seconds,
    /// position in the gesture's units; AOSP `VelocityTracker`'s `strategy`, with its
    /// assume-stopped rule at `t`), turned into fraction per second by `travel` (the gesture
    /// distance, signed, that spans fraction 0 → 1), and projected with UIKit's deceleration
    /// (`decelerationRate`, per millisecond); the animator then runs to 1 when the projection
    /// reaches 0.5 or more, else reverses to 0, on `spring` (in fraction units, real time),
    /// starting from the current fraction with the gesture's velocity: position and velocity are
    /// continuous at release (C¹). It completes when the spring settles within 0.001 of the end,
    /// as ``continue(at:timing:durationFactor:)`` on a spring does.
    /// - Returns: the velocity, projection and end chosen.
    /// - Throws: `invalidValue` naming `at` (earlier than the last call or not finite), `action`
    ///   (a stopped animator), `samples` (fewer than 2, unsorted or not finite, or a velocity whose
    ///   projection overflows), `travel` (0 or not finite), `decelerationRate` (not in (0, 1)), or `spring` (undamped: it never
    ///   settles); the animator is unchanged by a throw after `at`'s check.
    @discardableResult
    public mutating func release(
        at t: Double, samples: [(time: Double, position: Double)], travel: Double, spring: Spring<Double>,
        decelerationRate: Double = UIKitDecay.normalRate, strategy: VelocityTracker.Strategy = .lsq2
    ) throws(MotionKernelError) -> Release {
        try advance(to: t)
        guard state != .stopped else { throw MotionKernelError.invalidValue("action", "a stopped animator cannot be released; finish it first") }
        try MotionKernelError.requireFinite(travel, "travel")
        guard travel != 0 else { throw MotionKernelError.invalidValue("travel", "expected a nonzero distance for the whole fraction range, got 0") }
        let pointer = try VelocityTracker.estimate(samples, strategy: strategy, releaseTime: t)
        let p = progress(at: t)
        let v = pointer / travel
        guard v.isFinite else { throw MotionKernelError.invalidValue("travel", "the velocity \(pointer)/\(travel) overflows") }
        let projected = try UIKitDecay(from: p, velocity: v, decelerationRate: decelerationRate).restingValue
        guard projected.isFinite else {
            throw MotionKernelError.invalidValue("samples", "the gesture's \(v) per second projects the fraction beyond the range of Double")
        }
        let end: Double = projected >= 0.5 ? 1 : 0
        let m: SpringMotion<Double>
        let settle: Double
        do {
            m = try SpringMotion(spring: spring, from: p, to: end, initialVelocity: v)
            settle = try springSettle(m)
        } catch let e {
            throw MotionKernelError.invalidValue("spring", e.reason)
        }
        isReversed = end == 0
        state = .active
        motion = .spring(t0: t, motion: m, scale: 1, end: t + settle)
        try settleIfDone(at: t)
        return Release(velocity: v, fraction: p, projectedFraction: projected, target: end)
    }
}
