/// Exact settling: the smallest T with |x(t) − target| ≤ ε for every t ≥ T.
///
/// Not an envelope bound and not a sampled scan. Between consecutive extrema of the closed
/// form the displacement is monotone, and the extrema are known in closed form: for ζ < 1 at
/// s·t = θ₀ + jπ with peaks decaying by e^{−λπ/s} per half period, for ζ ≥ 1 at most one, at
/// t = atanh(μ v₀/K)/μ (K = ω₀² y₀ + λ v₀; the limit v₀/K at ζ = 1). The last extremum whose
/// |displacement| exceeds ε is computed directly (no search over half periods, so any number
/// of them), and T is the unique crossing of ε on the monotone piece that follows it,
/// bisected to adjacent Doubles. Every comparison is made on logarithms of the scaled state
/// (signed-log propagator entries), so ε down to the least subnormal, states up to the
/// largest Double, and settling times up to the end of the Double range are handled without
/// under- or overflow; a settling time beyond the range of the result type is an error.
extension Spring {
    /// The settling duration (seconds) of the motion from `from` to `to` with
    /// `initialVelocity` (units/s) for tolerance `epsilon` (absolute, units of `to`).
    ///
    /// - Returns: the smallest T ≥ 0 such that |x(t) − to| ≤ ε for all t ≥ T.
    /// - Throws: `invalidValue` naming `epsilon` (not > 0 or non-finite, or so small for this
    ///   spring that T exceeds the range of T — e.g. a nearly undamped spring), `from` when
    ///   from − to overflows, or `damping` when the spring is undamped and the motion ever
    ///   leaves the ε band (it never settles).
    public func settlingDuration(epsilon: T, from: T = 0, to: T = 1, initialVelocity: T = 0) throws -> T {
        try MotionKernelError.requirePositive(epsilon, "epsilon")
        try MotionKernelError.requireFiniteMotion(from: from, to: to, initialVelocity: initialVelocity)
        let d = try converted(to: Double.self)
        let y0 = from.doubleValue - to.doubleValue
        guard y0.isFinite else { throw MotionKernelError.invalidValue("from", "from − to overflows") }
        let t = try d.settleTime(y0: y0, v0: initialVelocity.doubleValue, epsilon: epsilon.doubleValue)
        return try Spring.representable(t)
    }

    /// `t` in T, or `invalidValue` naming `epsilon` when it overflows T.
    static func representable(_ t: Double) throws -> T {
        let r = T(t)
        guard r.isFinite else {
            throw MotionKernelError.invalidValue("epsilon", "too small for this spring: the settling time \(t) s exceeds the range of \(T.self)")
        }
        return r
    }

    /// Like `settlingDuration(epsilon:from:to:initialVelocity:)`, but also waits until the speed
    /// stays within `velocityEpsilon` (units/s): the larger of the two settling times (the
    /// velocity obeys the same equation, so the same exact method applies to it).
    /// - Throws: as `settlingDuration`, naming `velocityEpsilon` for a bad tolerance.
    public func settlingDuration(epsilon: T, velocityEpsilon: T, from: T = 0, to: T = 1, initialVelocity: T = 0) throws -> T {
        try MotionKernelError.requirePositive(velocityEpsilon, "velocityEpsilon")
        let tx = try settlingDuration(epsilon: epsilon, from: from, to: to, initialVelocity: initialVelocity)
        let d = try converted(to: Double.self)
        let y0 = from.doubleValue - to.doubleValue, v0 = initialVelocity.doubleValue
        let mag = max(abs(y0), abs(v0))
        if mag == 0 { return tx }
        // The velocity's initial state (v0, a0) scaled by 2^−(k+2) so that the acceleration
        // a0 = −(2λv0 + ω0²y0) cannot overflow; the scale goes into the log tolerance.
        let k = mag.exponent + 1
        let sc = Double(sign: .plus, exponent: -k, significand: 1)
        let ys = y0 * sc, vs = v0 * sc
        let a4 = -(0.5 * d.lambda * vs + 0.25 * d.omega0Squared * ys)
        let logEps = Double.log(velocityEpsilon.doubleValue) - Double(k + 2) * Double.log(2.0)
        let tv = try d.settleTime(y0: 0.25 * vs, v0: a4, logEpsilon: logEps)
        return max(tx, try Spring.representable(tv))
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
        in duration: T, dampingRatio: T, mass: T = 1, epsilon: T, from: T = 0, to: T = 1, initialVelocity: T = 0
    ) throws -> Spring {
        try MotionKernelError.requirePositive(duration, "duration")
        try MotionKernelError.requirePositive(dampingRatio, "dampingRatio")
        try MotionKernelError.requirePositive(mass, "mass")
        try MotionKernelError.requirePositive(epsilon, "epsilon")
        try MotionKernelError.requireFiniteMotion(from: from, to: to, initialVelocity: initialVelocity)
        let target = duration.doubleValue
        let y0 = from.doubleValue - to.doubleValue, v0 = initialVelocity.doubleValue, eps = epsilon.doubleValue
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
        try settleTime(y0: y0, v0: v0, logEpsilon: Double.log(eps))
    }

    /// The settling time of y(t) with y(0) = y0, y′(0) = v0 (any finite magnitudes) for the
    /// tolerance ε = e^logEpsilon (any real: tolerances below the subnormals or above the
    /// Double range are representable).
    ///
    /// All comparisons run in logarithms on the state scaled to |y0|, |v0| < 1 (the scale
    /// folded into the log tolerance), and the propagator entries come as signed logs
    /// (`SpringLogPropagator`), so neither a tiny ε nor a huge initial state under- or
    /// overflows. Under-damped: the peaks |y(t_j)| = |y(t_0)|·e^{−jλπ/s} are known in closed
    /// form, so the last peak above ε is computed (no scan), and the crossing after it is
    /// bisected on τ ∈ [0, π/s] with y(t_j + τ) = y(t_j)·φ11(τ) (the velocity is 0 at t_j).
    /// - Throws: `invalidValue` naming `damping` (undamped, never settles) or `epsilon` when
    ///   the settling time exceeds the Double range.
    func settleTime(y0 y0In: Double, v0 v0In: Double, logEpsilon: Double) throws -> Double {
        let mag = max(abs(y0In), abs(v0In))
        if mag == 0 { return 0 }
        let k = mag.exponent + 1
        let y0 = Double(sign: .plus, exponent: -k, significand: 1) * y0In
        let v0 = Double(sign: .plus, exponent: -k, significand: 1) * v0In
        let L = logEpsilon - Double(k) * Double.log(2.0)
        let lp = SpringLogPropagator(self)
        let ly0 = SignedLog(y0), lv0 = SignedLog(v0)
        /// ln |y(t)| (scaled); −∞ for 0.
        func logY(_ t: Double) -> SignedLog {
            guard let e = lp.entries(t) else { return SignedLog(sign: 1, log: .infinity) }
            return SignedLog.sum(e.0 * ly0, e.1 * lv0)
        }
        func outside(_ t: Double) -> Bool { logY(t).log > L }
        func tooLong() -> MotionKernelError {
            MotionKernelError.invalidValue("epsilon", "too small for this spring: the settling time exceeds the Double range")
        }

        if damping == 0 {
            // Undamped: |y| oscillates with amplitude √(y0² + (v0/ω0)²) forever.
            let amplitude = Double.hypot(y0, v0 / omega0)
            if Double.log(amplitude) <= L { return 0 }
            throw MotionKernelError.invalidValue("damping", "an undamped spring (damping 0) never settles")
        }
        let K2 = 0.5 * omega0Squared * y0 + 0.5 * lambda * v0  // K/2, K = ω0² y0 + λ v0

        if q > 0 && !(s == 0) && dampingRatio < 1 {
            // Under-damped: v(t) ∝ v0 cos(st) − (K/s) sin(st); extrema at st = θ0 + jπ.
            var theta0 = Double.atan2(0.5 * s * v0, K2)
            if theta0 < 0 { theta0 += Double.pi }
            if theta0 >= Double.pi { theta0 -= Double.pi }
            let t0 = theta0 / s
            let p0 = logY(t0)
            if p0.log > L {
                let decay = lambda * Double.pi / s  // log-decay per half period
                var j = ((p0.log - L) / decay).rounded(.down)
                guard j.isFinite else { throw tooLong() }
                j = max(j, 0)
                // Guard the rounded count (a step or two; beyond 2⁵³ the steps are below the
                // spacing of Doubles and T's rounding dominates, so the loops are bounded).
                var steps = 0
                while j > 0 && p0.log - j * decay <= L && steps < 8 { j -= 1; steps += 1 }
                steps = 0
                while p0.log - (j + 1) * decay > L && steps < 8 { j += 1; steps += 1 }
                let tj = (theta0 + j * Double.pi) / s
                guard tj.isFinite else { throw tooLong() }
                let logPeak = p0.log - j * decay
                // y(tj + τ) = y(tj)·φ11(τ): outside while φ11 > 0 and ln φ11 > L − ln peak.
                let rel = L - logPeak
                let tau = bisect(from: 0, to: Double.pi / s) { tau in
                    guard let e = lp.entries(tau) else { return false }
                    return e.0.sign > 0 && e.0.log > rel
                }
                let t = tj + tau
                guard t.isFinite else { throw tooLong() }
                return t
            }
            if ly0.log <= L { return 0 }
            return bisect(from: 0, to: t0, outside)
        }

        // ζ ≥ 1 (or numerically so): at most one extremum, at t_e = atanh(μ r)/μ, r = v0/K.
        var te: Double? = nil
        if v0 == 0 {
            te = 0
        } else if K2 != 0 {
            let r = 0.5 * v0 / K2
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
        if let te, te > 0, te.isFinite {
            if !outside(te) {
                // The only extremum is inside the band: settle on the monotone piece [0, te].
                if ly0.log <= L { return 0 }
                return bisect(from: 0, to: te, outside)
            }
            lastStart = te
        } else if ly0.log <= L {
            return 0
        }
        // |y| decreases monotonically to 0 after lastStart: bracket by doubling (at most
        // ~2100 doublings reach the end of the Double range).
        var step = max(1 / omega0, 1e-300)
        var hi = lastStart + step
        while outside(hi) {
            step *= 2
            hi = lastStart + step
            guard hi.isFinite else { throw tooLong() }
        }
        return bisect(from: lastStart, to: hi, outside)
    }

    /// The boundary of a predicate that is true on [a, t*) and false on [t*, b]: bisects to
    /// adjacent Doubles and returns the first false side.
    private func bisect(from a: Double, to b: Double, _ outside: (Double) -> Bool) -> Double {
        var lo = a, hi = b
        for _ in 0..<2200 {
            let mid = lo + 0.5 * (hi - lo)
            if mid <= lo || mid >= hi { break }
            if outside(mid) { lo = mid } else { hi = mid }
        }
        return hi
    }
}
