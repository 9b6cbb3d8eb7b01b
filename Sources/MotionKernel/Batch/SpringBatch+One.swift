extension SpringBatch {
    /// One spring at one time: exactly what a one-row batch (`init(mass:stiffness:damping:from:to:initialVelocity:)`)
    /// sampled at `.times([t])` gives, with the same checks in the same order and the same error
    /// fields (`stiffness[0]`, `times[0]`, …), but without the batch's arrays. It is the per-call
    /// path of bindings (the C ABI's `mk_spring_one_*`).
    ///
    /// - Parameters:
    ///   - mass: m > 0.
    ///   - stiffness: k > 0.
    ///   - damping: c ≥ 0.
    ///   - from: the initial value x(0).
    ///   - to: the target.
    ///   - velocity: the initial velocity x′(0), units per second.
    ///   - t: the time in seconds, finite and ≥ 0.
    ///   - withVelocity: whether the velocity is wanted; as with `sample(_:values:velocities:)`,
    ///     only then are the velocities' range checked and the velocity returned (else 0).
    /// - Returns: the value x(t) and, when asked for, x′(t).
    /// - Throws: `invalidValue` / `missingField` naming `mass[0]`, `stiffness[0]`, `damping[0]`,
    ///   `from[0]`, `to[0]`, `velocity[0]` or `times[0]`, as the batch does.
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public static func sampleOne(
        mass: T, stiffness: T, damping: T, from: T, to: T, initialVelocity velocity: T, at t: T, withVelocity: Bool
    ) throws(MotionKernelError) -> (value: T, velocity: T) {
        // init: the spring and the finite initial conditions, then the Double spring and the
        // value bound (the same calls as `init`, for index 0).
        try check(mass: mass, stiffness: stiffness, damping: damping, from: from, to: to, velocity: velocity, index: 0)
        guard let sd = Spring<Double>(validatedMass: mass.doubleValue, stiffness: stiffness.doubleValue, damping: damping.doubleValue) else {
            throw MotionKernelError.invalidValue("stiffness[0]", "derived frequencies overflow in Double")
        }
        let limit = T.greatestFiniteMagnitude.doubleValue / 4
        let velocityBound = try bounds(sd, from: from.doubleValue, to: to.doubleValue, velocity: velocity.doubleValue, index: 0, limit: limit)
        // sample: the time, then (with velocities) their bound, then the closed form.
        guard t.isFinite, t >= 0 else {
            throw MotionKernelError.invalidValue("times[0]", "expected a finite time >= 0, got \(t)")
        }
        if withVelocity && !(velocityBound <= limit) {
            let y0 = from.doubleValue - to.doubleValue
            let field = abs(sd.omega0 * y0) >= abs(velocity.doubleValue) ? "stiffness" : "velocity"
            throw MotionKernelError.invalidValue(
                "\(field)[0]", "the motion's velocities (up to \(velocityBound / 2)) exceed the accepted range \(limit) of the batch's scalar type")
        }
        guard let sp = Spring<T>(validatedMass: mass, stiffness: stiffness, damping: damping) else {
            preconditionFailure("SpringBatch.sampleOne: the spring validated above")
        }
        let s = sp.state(at: t, from: from, to: to, initialVelocity: velocity)
        guard s.value.isFinite, !withVelocity || s.velocity.isFinite else {
            throw MotionKernelError.invalidValue("stiffness[0]", "spring 0 produced a non-finite sample on this grid")
        }
        return (s.value, withVelocity ? s.velocity : 0)
    }
}
