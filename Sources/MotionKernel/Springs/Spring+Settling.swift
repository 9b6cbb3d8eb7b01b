/// Exact settling: the smallest T with |x(t) − target| ≤ ε for every t ≥ T.
///
/// Not an envelope bound and not a sampled scan. Between consecutive extrema of the closed
/// form the displacement is monotone, and the extrema are known in closed form: for ζ < 1 at
/// s·t = θ₀ + jπ with peaks decaying by e^{−λπ/s} per half period, for ζ ≥ 1 at most one, at
/// t = atanh(μ v₀/K)/μ (K = ω₀² y₀ + λ v₀; the limit v₀/K at ζ = 1). The last extremum whose
/// |displacement| exceeds ε is found directly; T is then the unique crossing of ε on the
/// monotone piece that follows it, bisected to the last bit of a Double (≤ 1e-9 s for any
/// T below ~4·10⁶ s; beyond that the spacing of Doubles is the limit).
extension Spring {
    /// The settling duration (seconds) of the motion from `from` to `to` with initial
    /// `velocity` (units/s) for tolerance `epsilon` (absolute, units of `to`).
    ///
    /// - Returns: the smallest T ≥ 0 such that |x(t) − to| ≤ ε for all t ≥ T.
    /// - Throws: `invalidValue` naming `epsilon` (not > 0 or non-finite) or `damping` when the
    ///   spring is undamped and the motion ever leaves the ε band (it never settles).
    public func settlingDuration(epsilon: T, from: T = 0, to: T = 1, velocity: T = 0) throws -> T {
        try MotionKernelError.requirePositive(epsilon, "epsilon")
        try MotionKernelError.requireFinite(from, "from")
        try MotionKernelError.requireFinite(to, "to")
        try MotionKernelError.requireFinite(velocity, "velocity")
        let d = try converted(to: Double.self)
        let t = try d.settleTime(y0: from.doubleValue - to.doubleValue, v0: velocity.doubleValue, epsilon: epsilon.doubleValue)
        return T(t)
    }

    /// Like `settlingDuration(epsilon:from:to:velocity:)`, but also waits until the speed
    /// stays within `velocityEpsilon` (units/s): the larger of the two settling times (the
    /// velocity obeys the same equation, so the same exact method applies to it).
    /// - Throws: as `settlingDuration`, naming `velocityEpsilon` for a bad tolerance.
    public func settlingDuration(epsilon: T, velocityEpsilon: T, from: T = 0, to: T = 1, velocity: T = 0) throws -> T {
        try MotionKernelError.requirePositive(velocityEpsilon, "velocityEpsilon")
        let tx = try settlingDuration(epsilon: epsilon, from: from, to: to, velocity: velocity)
        let d = try converted(to: Double.self)
        let y0 = from.doubleValue - to.doubleValue, v0 = velocity.doubleValue
        let a0 = d.acceleration(displacement: y0, velocity: v0)
        let tv = try d.settleTime(y0: v0, v0: a0, epsilon: velocityEpsilon.doubleValue)
        return max(tx, T(tv))
    }

    /// A spring with damping ratio `dampingRatio` (and `mass`) whose settling duration for the
    /// given motion and `epsilon` equals `duration` — how a duration-constrained UIKit-style
    /// spring (`usingSpringWithDamping:initialSpringVelocity:`) is built here.
    ///
    /// The result is the least stiff spring whose settling duration is ≤ `duration`, found by
    /// bisection on log k (settling time falls as k grows). Where the settling time is
    /// continuous in k it equals `duration` (to 1e-9 s). For under-damped springs it jumps by
    /// part of a period where an overshoot peak touches ε; if `duration` falls in such a gap
    /// the result is the jump point, which settles slightly before `duration`.
    /// - Throws: `invalidValue` naming `duration`, `dampingRatio` (must be > 0), `mass`,
    ///   `epsilon`, or `duration` again when no stiffness in [1e-12, 1e15] reaches it.
    public static func settling(
        in duration: T, dampingRatio: T, mass: T = 1, epsilon: T, from: T = 0, to: T = 1, velocity: T = 0
    ) throws -> Spring {
        try MotionKernelError.requirePositive(duration, "duration")
        try MotionKernelError.requirePositive(dampingRatio, "dampingRatio")
        try MotionKernelError.requirePositive(mass, "mass")
        try MotionKernelError.requirePositive(epsilon, "epsilon")
        try MotionKernelError.requireFinite(from, "from")
        try MotionKernelError.requireFinite(to, "to")
        try MotionKernelError.requireFinite(velocity, "velocity")
        let target = duration.doubleValue
        let y0 = from.doubleValue - to.doubleValue, v0 = velocity.doubleValue, eps = epsilon.doubleValue
        if abs(y0) <= eps && v0 == 0 {
            throw MotionKernelError.invalidValue("epsilon", "the motion starts settled (|from − to| ≤ epsilon): any stiffness settles at 0")
        }
        func settle(_ logK: Double) throws -> Double {
            let sp = try Spring<Double>(stiffness: Double.exp(logK), dampingRatio: dampingRatio.doubleValue, mass: mass.doubleValue)
            return try sp.settleTime(y0: y0, v0: v0, epsilon: eps)
        }
        var lo = Double.log(1e-12), hi = Double.log(1e15)
        guard try settle(lo) >= target else {
            throw MotionKernelError.invalidValue("duration", "too long: even stiffness 1e-12 settles sooner")
        }
        guard try settle(hi) <= target else {
            throw MotionKernelError.invalidValue("duration", "too short: even stiffness 1e15 settles later")
        }
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if mid <= lo || mid >= hi { break }
            if try settle(mid) > target { lo = mid } else { hi = mid }
        }
        return try Spring(stiffness: T(Double.exp(hi)), dampingRatio: dampingRatio, mass: mass)
    }
}

extension Spring where T == Double {
    /// The exact settling time of displacement y(t) with y(0) = y0, y′(0) = v0 (see above).
    func settleTime(y0: Double, v0: Double, epsilon eps: Double) throws -> Double {
        if y0 == 0 && v0 == 0 { return 0 }
        func y(_ t: Double) -> Double { displacement(at: t, initialDisplacement: y0, initialVelocity: v0).displacement }
        let K = omega0Squared * y0 + lambda * v0

        if damping == 0 {
            // Undamped: |y| oscillates with amplitude √(y0² + (v0/ω0)²) forever.
            let amplitude = Double.hypot(y0, v0 / omega0)
            if amplitude <= eps { return 0 }
            throw MotionKernelError.invalidValue("damping", "an undamped spring (damping 0) never settles")
        }

        if q > 0 && !(s == 0) && dampingRatio < 1 {
            // Under-damped: v(t) ∝ v0 cos(st) − (K/s) sin(st); extrema at st = θ0 + jπ.
            var theta0 = Double.atan2(s * v0, K)
            if theta0 < 0 { theta0 += Double.pi }
            if theta0 >= Double.pi { theta0 -= Double.pi }
            let halfPeriod = Double.pi / s
            func tj(_ j: Double) -> Double { (theta0 + j * Double.pi) / s }
            let peak0 = abs(y(tj(0)))
            if peak0 > eps {
                let decay = lambda * halfPeriod  // log-decay per half period
                var j = (Double.log(peak0 / eps) / decay).rounded(.down)
                if !j.isFinite || j < 0 { j = 0 }
                // Guard the closed-form count against rounding with direct evaluations.
                var guardSteps = 0
                while j > 0 && abs(y(tj(j))) <= eps && guardSteps < 64 { j -= 1; guardSteps += 1 }
                guardSteps = 0
                while abs(y(tj(j + 1))) > eps && guardSteps < 64 { j += 1; guardSteps += 1 }
                return bisect(y, from: tj(j), to: tj(j + 1), eps: eps)
            }
            if abs(y0) <= eps { return 0 }
            return bisect(y, from: 0, to: tj(0), eps: eps)
        }

        // ζ ≥ 1 (or numerically so): at most one extremum, at t_e = atanh(μ r)/μ, r = v0/K.
        var te: Double? = nil
        if v0 == 0 {
            te = 0
        } else if K != 0 {
            let r = v0 / K
            if r > 0 {
                let x = s * r
                if x < 1 {
                    // atanh(x)/x → 1 as x → 0: continuous through ζ = 1.
                    let ratio = x == 0 ? 1 : 0.5 * Double.log1p(2 * x / (1 - x)) / x
                    te = r * ratio
                }
            }
        }
        var lastStart = 0.0
        if let te, te > 0 {
            if abs(y(te)) <= eps {
                // The only extremum is inside the band: settle on the monotone piece [0, te].
                if abs(y0) <= eps { return 0 }
                return bisect(y, from: 0, to: te, eps: eps)
            }
            lastStart = te
        } else if abs(y0) <= eps {
            return 0
        }
        // |y| decreases monotonically to 0 after lastStart: bracket by doubling.
        var step = max(1 / omega0, 1e-300)
        var hi = lastStart + step
        var count = 0
        while abs(y(hi)) > eps && count < 4000 {
            step *= 2
            hi = lastStart + step
            count += 1
        }
        let t = bisect(y, from: lastStart, to: hi, eps: eps)
        guard t.isFinite else {
            throw MotionKernelError.invalidValue("damping", "the settling time exceeds the representable range")
        }
        return t
    }

    /// The ε-crossing on a monotone piece [a, b] of y with |y(a)| > ε ≥ |y(b)|-side: bisects
    /// h(t) = sign(y(a))·y(t) − ε to adjacent Doubles and returns the settled side.
    private func bisect(_ y: (Double) -> Double, from a: Double, to b: Double, eps: Double) -> Double {
        let sigma: Double = y(a) >= 0 ? 1 : -1
        var lo = a, hi = b
        for _ in 0..<2200 {
            let mid = lo + 0.5 * (hi - lo)
            if mid <= lo || mid >= hi { break }
            if sigma * y(mid) - eps > 0 { lo = mid } else { hi = mid }
        }
        return hi
    }
}
