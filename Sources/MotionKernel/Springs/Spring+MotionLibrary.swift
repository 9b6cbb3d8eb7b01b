extension Spring {
    /// Motion's (framer-motion's) spring from `{ visualDuration, bounce }`, converted as
    /// Motion's `getSpringOptions` does (motiondivision/motion,
    /// packages/motion-dom/src/animation/generators/spring.ts):
    ///
    ///     root      = 2π / (visualDuration · 1.2)
    ///     stiffness = root²
    ///     damping   = 2 · clamp(0.05, 1, 1 − bounce) · √stiffness
    ///     mass      = 1
    ///
    /// So ω₀ = 2π / (1.2 · visualDuration): the undamped period (SwiftUI's `response`) is
    /// 1.2 × visualDuration, and ζ = 1 − bounce clamped to [0.05, 1] (never over-damped).
    ///
    /// Motion uses this conversion only when no `stiffness`, `damping` or `mass` is given (any
    /// of them switches it to its physical parameters and drops `visualDuration` and
    /// `bounce`), so the mass is always 1. It is not Motion's `duration` + `bounce` spring
    /// (`findSpring`: the same clamped ζ, and ω₀ solved by 12 Newton steps from
    /// ζ/√(1 − ζ²)·e^(−ζω₀·duration) = 0.001, a settling time), nor SwiftUI's
    /// `Spring(duration:bounce:)` (``init(duration:bounce:)``: duration is the period 2π/ω₀,
    /// and a negative bounce over-damps).
    /// - Parameters:
    ///   - visualDuration: seconds (Motion's unit for it), finite and > 0. (Motion takes 0 as
    ///     "absent" and a negative value as its magnitude; both are rejected here.)
    ///   - bounce: Motion's documented range [0, 1]: 0 no bounce (ζ = 1), above 0.95 the
    ///     clamp holds ζ at 0.05. (Motion clamps a bounce outside [0, 1] silently, a negative
    ///     one to ζ = 1; here it is an error.)
    /// - Throws: `invalidValue` naming `visualDuration` (non-finite, ≤ 0, or so small that
    ///   the stiffness overflows) or `bounce` (non-finite or outside [0, 1]).
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public static func motion(visualDuration: T, bounce: T) throws(MotionKernelError) -> Spring<T> {
        try MotionKernelError.requirePositive(visualDuration, "visualDuration")
        try MotionKernelError.requireFinite(bounce, "bounce")
        guard bounce >= 0, bounce <= 1 else {
            throw MotionKernelError.invalidValue(
                "bounce",
                "expected Motion's range [0, 1], got \(bounce) (Motion would clamp the damping ratio 1 − bounce to [0.05, 1])"
            )
        }
        let root = (2 * T.pi) / (visualDuration * T(1.2))
        let stiffness = root * root
        guard stiffness.isFinite else {
            throw MotionKernelError.invalidValue("visualDuration", "too small: the stiffness overflows")
        }
        let zeta = min(max(1 - bounce, T(0.05)), 1)
        let damping = 2 * zeta * stiffness.squareRoot()
        do {
            return try Spring(mass: 1, stiffness: stiffness, damping: damping, allowOverDamping: true)
        } catch let e {
            throw MotionKernelError.invalidValue("visualDuration", e.reason)
        }
    }
}
