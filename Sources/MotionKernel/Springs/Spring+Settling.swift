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
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public func settlingDuration(epsilon: T, from: T = 0, to: T = 1, initialVelocity: T = 0) throws(MotionKernelError) -> T {
        try MotionKernelError.requirePositive(epsilon, "epsilon")
        try MotionKernelError.requireFiniteMotion(from: from, to: to, initialVelocity: initialVelocity)
        let d = try converted(to: Double.self)
        let y0 = from.doubleValue - to.doubleValue
        guard y0.isFinite else { throw MotionKernelError.invalidValue("from", "from − to overflows") }
        let t = try d.settleTime(y0: y0, v0: initialVelocity.doubleValue, epsilon: epsilon.doubleValue)
        return try Spring.representable(t)
    }

    /// `t` in T, or `invalidValue` naming `epsilon` when it overflows T.
    static func representable(_ t: Double) throws(MotionKernelError) -> T {
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
    public func settlingDuration(epsilon: T, velocityEpsilon: T, from: T = 0, to: T = 1, initialVelocity: T = 0) throws(MotionKernelError) -> T {
        try MotionKernelError.requirePositive(velocityEpsilon, "velocityEpsilon")
        let tx = try settlingDuration(epsilon: epsilon, from: from, to: to, initialVelocity: initialVelocity)
        let d = try converted(to: Double.self)
        let y0 = from.doubleValue - to.doubleValue, v0 = initialVelocity.doubleValue
        let mag = max(abs(y0), abs(v0))
        if mag == 0 { return tx }
        // The velocity's initial state (v0, a0) scaled by 2^−(k+2) so that the acceleration
        // a0 = −(2λv0 + ω0²y0) cannot overflow; the scale goes into the log tolerance.
        let k = mag.exponent + 1
        let ys = Spring<Double>.scaled(y0, byPowerOfTwo: -k), vs = Spring<Double>.scaled(v0, byPowerOfTwo: -k)
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
    ) throws(MotionKernelError) -> Spring {
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
        func settle(_ logK: Double) throws(MotionKernelError) -> Double {
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
    /// `Spring(stiffness:dampingRatio:mass:)` (`isRatio`) or `Spring(mass:stiffness:damping:
    /// allowOverDamping: true)` (`damping` is then c), called from other modules on the Double
    /// specialisations directly (their generic entry points look the type up on every call):
    /// the same spring and the same errors.
    package static func settlingSpring(stiffness: Double, damping: Double, isRatio: Bool, mass: Double) throws(MotionKernelError) -> Spring<Double> {
        isRatio
            ? try Spring(stiffness: stiffness, dampingRatio: damping, mass: mass)
            : try Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true)
    }

    /// `settlingDuration(epsilon:from:to:initialVelocity:)` for a spring from
    /// `settlingSpring(stiffness:damping:isRatio:mass:)`: the same value and errors, without its
    /// `converted(to: Double.self)` — for these springs that rebuilds the spring from the same
    /// mass, stiffness and damping by the same initialiser (`allowOverDamping: true`), so it is
    /// the spring itself.
    package func settlingDurationOfSettlingSpring(epsilon: Double, from: Double, to: Double, initialVelocity: Double) throws(MotionKernelError) -> Double {
        try MotionKernelError.requirePositive(epsilon, "epsilon")
        try MotionKernelError.requireFiniteMotion(from: from, to: to, initialVelocity: initialVelocity)
        let y0 = from - to
        guard y0.isFinite else { throw MotionKernelError.invalidValue("from", "from − to overflows") }
        let t = try settleTime(y0: y0, v0: initialVelocity, epsilon: epsilon)
        return try Spring.representable(t)
    }

    /// The exact settling time of displacement y(t) with y(0) = y0, y′(0) = v0 (see above).
    func settleTime(y0: Double, v0: Double, epsilon eps: Double) throws(MotionKernelError) -> Double {
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
    func settleTime(y0: Double, v0: Double, logEpsilon: Double) throws(MotionKernelError) -> Double {
        try settleTime(y0: y0, v0: v0, logEpsilon: logEpsilon, certify: true).time
    }

    /// How `settleTime` found its result: in closed form (0, no crossing to search), by the
    /// certified replay of the bisection, or by the full bisection.
    enum SettlePath: Sendable { case direct, certified, bisection }

    /// `settleTime(y0:v0:logEpsilon:)` with the path it took; `certify: false` bisects every
    /// crossing in full (the reference the certified replay equals bit for bit).
    func settleTime(y0 y0In: Double, v0 v0In: Double, logEpsilon: Double, certify: Bool) throws(MotionKernelError) -> (time: Double, path: SettlePath) {
        let mag = max(abs(y0In), abs(v0In))
        if mag == 0 { return (0, .direct) }
        let k = mag.exponent + 1
        let y0 = Spring.scaled(y0In, byPowerOfTwo: -k)
        let v0 = Spring.scaled(v0In, byPowerOfTwo: -k)
        let L = logEpsilon - Double(k) * SpringLogPropagator.ln2
        // SignedLog(0) is .zero (its log −∞ makes the sign 0): the same without calling log(0).
        let ly0 = SignedLog(y0), lv0 = v0 == 0 ? SignedLog.zero : SignedLog(v0)
        let lp = SpringLogPropagator(settling: self, needsLogS: lv0.sign != 0)
        /// ln |y(t)| (scaled); −∞ for 0.
        func logY(_ t: Double) -> SignedLog {
            if lv0.sign == 0 {
                // sum(e.0·ly0, 0) is e.0·ly0: the (1,1) entry alone gives the same bits.
                guard let e11 = lp.entry11(t) else { return SignedLog(sign: 1, log: .infinity) }
                return e11 * ly0
            }
            guard let e = lp.entries11And12(t) else { return SignedLog(sign: 1, log: .infinity) }
            return SignedLog.sum(e.0 * ly0, e.1 * lv0)
        }
        func outside(_ t: Double) -> Bool { logY(t).log > L }
        func tooLong() -> MotionKernelError {
            MotionKernelError.invalidValue("epsilon", "too small for this spring: the settling time exceeds the Double range")
        }

        if damping == 0 {
            // Undamped: |y| oscillates with amplitude √(y0² + (v0/ω0)²) forever.
            let amplitude = Double.hypot(y0, v0 / omega0)
            if Double.log(amplitude) <= L { return (0, .direct) }
            throw MotionKernelError.invalidValue("damping", "an undamped spring (damping 0) never settles")
        }
        let K2 = 0.5 * omega0Squared * y0 + 0.5 * lambda * v0  // K/2, K = ω0² y0 + λ v0

        if q > 0 && !(s == 0) && dampingRatio < 1 {
            // Under-damped: v(t) ∝ v0 cos(st) − (K/s) sin(st); extrema at st = θ0 + jπ.
            // atan2(±0, x) is ±π for x < 0 and ±0 for x > 0 (exact cases of the C library's
            // atan2; π as Double.pi): from rest without the call.
            let vs = 0.5 * s * v0
            var theta0 = vs == 0 && K2 != 0 ? (K2 < 0 ? (vs.sign == .minus ? -Double.pi : Double.pi) : vs) : Double.atan2(vs, K2)
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
                let phaseOutside = { (tau: Double) -> Bool in
                    guard let e11 = lp.entry11(tau) else { return false }
                    return e11.sign > 0 && e11.log > rel
                }
                let end = Double.pi / s
                var path = SettlePath.bisection
                var tau: Double
                if certify, let known = phaseCrossingBounds(rel: rel, end: end, lp: lp) {
                    tau = bisect(from: 0, to: end, known: known, phaseOutside)
                    path = .certified
                } else {
                    tau = bisect(from: 0, to: end, phaseOutside)
                }
                let t = tj + tau
                guard t.isFinite else { throw tooLong() }
                return (t, path)
            }
            if ly0.log <= L { return (0, .direct) }
            return (bisect(from: 0, to: t0, outside), .bisection)
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
                } else {
                    // A heavily over-damped spring: μr < 1 exactly (1 − μr = (ω0²y0 + ρv0)/K with
                    // ρ = λ − μ > 0), but μr rounds to 1. atanh from that exact difference.
                    let oneMinusX = (omega0Squared * y0 + rho * v0) / (2 * K2)
                    if oneMinusX > 0 { te = 0.5 * (Double.log1p(1) - Double.log(oneMinusX)) / s }
                }
            }
        }
        var lastStart = 0.0
        if let te, te > 0, te.isFinite {
            if !outside(te) {
                // The only extremum is inside the band: settle on the monotone piece [0, te].
                if ly0.log <= L { return (0, .direct) }
                return (bisect(from: 0, to: te, outside), .bisection)
            }
            lastStart = te
        } else if ly0.log <= L {
            return (0, .direct)
        }
        // |y| decreases monotonically to 0 after lastStart: bracket by doubling (at most
        // ~2100 doublings reach the end of the Double range).
        var step = max(1 / omega0, 1e-300)
        // From rest (v0 = 0, so lastStart = 0) on an exponential piece, the doubling and the
        // bisection replay certified decisions (see `decayCrossingBounds`).
        let known = certify && v0 == 0 ? decayCrossingBounds(logY0: ly0.log, L: L, step: step, logY: { logY($0).log }) : nil
        let decide = { (t: Double) -> Bool in
            guard let known else { return outside(t) }
            return t <= known.lower ? true : (t >= known.upper ? false : outside(t))
        }
        var hi = lastStart + step
        while decide(hi) {
            step *= 2
            hi = lastStart + step
            guard hi.isFinite else { throw tooLong() }
        }
        if let known { return (bisect(from: lastStart, to: hi, known: known, outside), .certified) }
        return (bisect(from: lastStart, to: hi, outside), .bisection)
    }

    /// The boundary of a predicate that is true on [a, t*) and false on [t*, b]: bisects to
    /// adjacent Doubles and returns the first false side.
    ///
    /// With `known` bounds, a midpoint at or below `known.lower` is taken as true and one at or
    /// above `known.upper` as false without calling `outside`; when `outside` itself returns
    /// those values there (what the `…CrossingBounds` functions certify), the midpoints, the
    /// decisions and so the result are exactly those of the full bisection.
    private func bisect(
        from a: Double, to b: Double, known: (lower: Double, upper: Double) = (-.infinity, .infinity), _ outside: (Double) -> Bool
    ) -> Double {
        var lo = a, hi = b
        var steps = 0
        // Midpoints outside (lower, upper) are decided without `outside`; then the rest as
        // before: the same 2200 steps at most in all.
        known: if known.lower < known.upper {
            while steps < 2200 {
                // (Positive normal Doubles share a binade exactly when their bits above the
                // significand agree.)
                if lo >= 0x1p-960 && lo.bitPattern >> 52 == hi.bitPattern >> 52 {
                    // lo and hi in one binade [2^E, 2^(E+1)), both multiples of g = ulp(lo): every
                    // later midpoint lies in it too, and hi − lo is exact (Sterbenz), as is its
                    // half (≥ g/2, normal), so lo + 0.5·(hi − lo) is (lo + hi)/2 rounded once to
                    // the grid of g, ties to even. In units of g: M = ⌊k/2⌋, plus 1 where k =
                    // L + H is odd and ⌊k/2⌋ odd, and M·g ≤ lower ⇔ M ≤ ⌊lower/g⌋, M·g ≥ upper ⇔
                    // M ≥ ⌈upper/g⌉ (lower/g and upper/g are exact scalings; the bounds are
                    // clamped to [−1, 2⁵⁴], beyond every M < 2⁵³). The same midpoints and
                    // decisions as the loop below, in integers, selected without branches.
                    let g = lo.ulp
                    var L = Int64(lo / g), H = Int64(hi / g)
                    // The floor and the ceiling of the clamped quotients (rounding commutes with a
                    // clamp to integers) from their truncations, exact below 2⁵⁴: no library calls.
                    let cl = min(max(known.lower / g, -1), 0x1p54), cu = min(max(known.upper / g, -1), 0x1p54)
                    let tl = Int64(cl), tu = Int64(cu)
                    let Lw = Double(tl) > cl ? tl &- 1 : tl
                    let Up = Double(tu) < cu ? tu &+ 1 : tu
                    // Lw < M < Up as one unsigned comparison (no branch on which side M falls).
                    let zone = UInt64(max(Up &- Lw &- 1, 0))
                    // k = L + H carried from step to step: both successors (M + H where M becomes lo,
                    // L + M where it becomes hi) are formed beside the comparison and selected, so
                    // the chain from one midpoint to the next is M's rounding and one selection.
                    var k = L &+ H
                    while steps < 2200 {
                        // k/2 rounded to even: ⌊(k + bit 1 of k)/2⌋ (k ≥ 0).
                        let M = (k &+ ((k >> 1) & 1)) >> 1
                        if UInt64(bitPattern: M &- L &- 1) >= UInt64(bitPattern: H &- L &- 1) { return Double(H) * g }
                        if UInt64(bitPattern: M &- Lw &- 1) < zone { break }
                        // M ≤ Lw: M becomes lo; else M ≥ Up: M becomes hi.
                        let toLo = M <= Lw
                        let kLo = M &+ H, kHi = L &+ M
                        L = toLo ? M : L
                        H = toLo ? H : M
                        k = toLo ? kLo : kHi
                        steps += 1
                    }
                    lo = Double(L) * g
                    hi = Double(H) * g
                    break known
                }
                let mid = lo + 0.5 * (hi - lo)
                if mid <= lo || mid >= hi { return hi }
                if mid > known.lower && mid < known.upper { break known }
                if mid <= known.lower { lo = mid } else { hi = mid }
                steps += 1
            }
        }
        while steps < 2200 {
            let mid = lo + 0.5 * (hi - lo)
            if mid <= lo || mid >= hi { break }
            let isOutside = mid <= known.lower ? true : (mid >= known.upper ? false : outside(mid))
            if isOutside { lo = mid } else { hi = mid }
            steps += 1
        }
        return hi
    }
}

/// Certified bounds for replaying a settling bisection without evaluating most midpoints.
///
/// The bisection's result depends only on the predicate it computes at its midpoints. Where
/// the exact function behind the predicate is monotone on the bracket, a point `lower` whose
/// computed value clears the threshold by more than twice a bound H on the evaluation error
/// proves that every midpoint at or below it computes "outside" (its exact value is at least
/// that at `lower`, so its computed value is beyond the threshold by more than H); likewise
/// `upper` for "inside". `bisect(from:to:known:_:)` then takes those midpoints' answers
/// without evaluating them and evaluates only inside (lower, upper): same midpoints, same
/// decisions, the same Double. The crossing itself is located first by Halley's method on a
/// closed form (any accuracy will do: only the certificates count). When a certificate fails
/// the callers bisect in full.
///
/// Error bounds use u = 2⁻⁵³ and the C library's documented accuracy: exp, expm1, log, log1p,
/// sin and cos within 1 ulp (≤ 2u relative, or 2u absolute for results of magnitude ≤ 1). The
/// bounds' own logarithms |ln x| are taken as `logBound(x)` ≥ |ln x|, from the binary exponent.
extension Spring where T == Double {
    /// `x`·2^`e` for the scalings of the settling code (e ∈ [−1025, 1075]), in two power-of-two
    /// factors so that neither overflows: 2^1073, which a subnormal magnitude needs, is not a
    /// Double. Exact wherever the result is a normal number, so for every e that a single
    /// factor could hold the result is the same as with that factor.
    @inline(__always)
    static func scaled(_ x: Double, byPowerOfTwo e: Int) -> Double {
        let half = e / 2
        return x * Double(sign: .plus, exponent: half, significand: 1) * Double(sign: .plus, exponent: e - half, significand: 1)
    }

    /// An upper bound on |ln x| for a positive finite x: x = m·2^e with m ∈ [1, 2) has
    /// |ln x| ≤ (|e| + 1)·ln 2 < (|e| + 1)·0.6932 (the product's rounding is far inside the
    /// margin of 0.6932 over ln 2).
    static func logBound(_ x: Double) -> Double { Double(abs(x.exponent) + 1) * 0.6932 }

    /// The (lower, upper) pair for the under-damped crossing of φ11(τ) = e^{rel} on [0, `end`]
    /// (end = π/s rounded), or nil.
    ///
    /// The exact function is F(τ) = e^{−λτ}(cos sτ + (λ/s) sin sτ) with the spring's Double λ
    /// and s: F′ = −e^{−λτ}(s + λ²/s) sin sτ ≤ 0 on [0, π/s], so F falls from 1 to −e^{−λπ/s};
    /// on the sliver (π/s, end] it is < 0. The predicate at τ computes x̂ ≈ X = e^{λτ}F (the
    /// sum c + (λ/s)·sn, or its power series where qτ² ≤ 1), then fl(fl(log x̂) − fl(λτ)) > rel.
    /// - |x̂ − X| ≤ D = 7.5u(1 + λ/s). In the trigonometric branch cos and sin of the exact s·τ
    ///   are within 3.01u: the C library's 2u at the rounded product θ = fl(sτ) < 4 (τ ≤ end),
    ///   the first-order correction by its exact remainder |lo| ≤ 2⁻⁵² below 2⁻⁹⁹ and its sum u
    ///   (the angle-addition branch, |lo| ≥ 2⁻²⁷, is not reached); fl(λ/s) and the product by it
    ///   add 2u·λ/s, the sum u(1 + λ/s): 4.01u + 6.01u·λ/s in all. In the series
    ///   branch (z = −qτ², |z| ≤ 1, 12 terms, truncation below 10⁻²³) Horner's rule gives the
    ///   term of zⁿ at most 2n + 1 roundings, its coefficient one more ((2n)! and (2n+1)! are
    ///   exact up to n = 9; beyond, the terms are below 10⁻¹⁸) and zⁿ a relative 2nu (z is two
    ///   rounded products), so |ĉ − c| ≤ Σ (4n + 2)u/(2n)! < 5.5u and |ŝn − sn| ≤
    ///   Σ (4n + 2)u/(2n+1)! < 3.1u; S = fl(sn·τ) is then within 4.2u·τ, fl(λ·S) within
    ///   5.4u·λ/s (λτ ≤ (1 + 3u)λ/s where sτ ≤ 1), the sum adds u(1 + λ/s) and using √q where
    ///   the reference has s = fl(√q) another u(1 + λ/s): 7.5u + 7.4u·λ/s in all.
    /// - fl(log x̂) and the decay add at most 3u·|ln x̂| + 2u·λτ ≤ H = u(3.03·max(|rel| + 1,
    ///   ln(2 + λ/s)) + 2.02·λπ/s): 2u·|ln x̂| for the logarithm, u·λτ for fl(λτ) and u(|ln x̂| +
    ///   λτ) for the difference, with |ln x̂| ≤ max(|rel| + 1, ln(2 + λ/s)) wherever it matters
    ///   (x̂ ≤ 2 + λ/s; where ln x̂ < rel − 1 the predicate is false whatever the rounding) and
    ///   λτ ≤ λ·end; the factors' extra 1% covers the rounding of H itself and of end. At the
    ///   points τ ≤ lower < t (t the root located below) λτ ≤ λt, so there the same bound with
    ///   λt for λπ/s, H_lo = u(3.03·max(|rel| + 1, ln(2 + λ/s)) + 2.02·λt), holds as well.
    /// Hence, with G(τ) = F(τ) − D·e^{−λτ} and G⁺(τ) = F(τ) + D·e^{−λτ} (what X ∓ D give), the
    /// computed log ĝ at τ is above ln G(τ) − H where G(τ) > 0 and below ln G⁺(τ) + H where
    /// x̂ > 0 (H_lo for H at τ ≤ lower). With r′ = D·e^{−rel}:
    /// - Outside. At lower, F(lower) ≥ e^{ĝ−H_lo} − D_l, D_l = D·e^{−λ·lower}. On [0, lower]
    ///   G′(σ) = −e^{−λσ}((s + λ²/s) sin sσ − λD) ≤ 0 wherever sin sσ ≥ D/2 (≥ D(λ/s)/(1 + λ²/s²)):
    ///   for sσ ∈ [πD/4, π/2] as sin x ≥ 2x/π there, and beyond as sin sσ ≥ sin(s·lower) >
    ///   1/√(1 + λ²/s²) (F(lower) > 0); on [0, πD/(4s)] G′ ≥ −λD. So G(τ) ≥ G(lower) − E for
    ///   every τ ≤ lower, E = (π/4)(λ/s)D², and each computes "outside" when e^{ĝ−H_lo} − 2D_l −
    ///   E > e^{rel+H_lo} (F(lower) > 0 follows), which ĝ > rel + 2H_lo + 2r_l′ + E·e^{−rel}
    ///   ensures (ln(1 + y) ≤ y), r_l′ = D_l·e^{−rel}.
    /// - Inside. G⁺ decreases on [0, π/s] (F′ ≤ 0) and is below D·e^{−λτ} beyond (F < 0), so for
    ///   τ ≥ upper G⁺(τ) ≤ max(G⁺(upper), D_u), D_u = D·e^{−λ·upper} ≤ D·e^{−λt}; at upper,
    ///   F(upper) ≤ e^{ĝ+H} + D_u (≤ D_u where x̂ ≤ 0). Every τ ≥ upper computes "inside" when
    ///   e^{ĝ+H} + 2D_u ≤ e^{rel−H}, which ĝ ≤ rel − 2H − 2.21r_u′ ensures for r_u′ = D_u·e^{−rel}
    ///   ≤ 0.0501 (−ln(1 − x) ≤ x + x² for x = 2r_u′e^H ≤ 1/2), and where x̂ ≤ 0 when 2D_u ≤
    ///   e^{rel−H}, true for such r_u′ (as where ln x̂ < rel − 1 at upper: then F(upper) <
    ///   e^{rel−1} + D_u and e^{rel−1} + 2D_u ≤ e^{rel−H}).
    /// The certificates compare ĝ with the thresholds rel + (3H_lo + 2r_l + ls·D·r) and rel −
    /// (3H + 2.25r_u), where r = fl(D/fl(e^{rel})) ≤ 0.05 and r_l, r_u the same with D·B(λ·lower)
    /// and D·B(λt) for D, B(x) ≥ e^{−x} (`decayBound`): each at least its r′ less a relative
    /// 4.1u, and ls·D·r ≥ E·e^{−rel} (π/4 < 1 covers its roundings). The extra H_lo or H (at
    /// least 3.03u(|rel| + 1)) absorbs the thresholds' rounding (below u(|rel| + 0.5) plus 12u
    /// times H, within H's spare 1%) and the r's (2r_l′ − 2r_l ≤ 0.42u; 2.21r_u′ < 2.25r_u), and
    /// no exponential is evaluated.
    func phaseCrossingBounds(rel: Double, end: Double, lp: SpringLogPropagator) -> (lower: Double, upper: Double)? {
        let u = 0x1p-53
        let lam = lambda, sp = s
        let ls = lam / sp
        let target = Double.exp(rel)
        guard lam > 0, sp > 0, ls.isFinite, rel < 0, target > 0x1p-900 else { return nil }
        let D = 7.5 * u * (1 + ls)
        let logTerm = 3.03 * max(abs(rel) + 1, Self.logBound(2 + ls))
        let H = u * (logTerm + 2.02 * (lam * Double.pi / sp))
        // Halley on F(τ) − e^{rel} (F′ and F″ in closed form), from the undamped guess τ₀ =
        // acos(e^{rel})/s, where cos sτ₀ = e^{rel} and sin sτ₀ = √(1 − e^{2rel}) need no calls.
        // Within |sδ|, |λδ| ≤ 1/4 of the last point evaluated in full, e^{−λτ}, sin sτ and
        // cos sτ come from there by the angle-addition formulas and Taylor polynomials of
        // degree 12 to 14 in δ (truncation below 10⁻¹⁹); farther away they are evaluated in full.
        // The root only has to be accurate well below the certificates' widths, and the
        // certificates check it.
        let start = Double.acos(target) / sp
        var base = (t: start, decay: Double.exp(-lam * start), sn: (max(0, 1 - target * target)).squareRoot(), c: target)
        let root = Self.decreasingRoot(from: start, below: end) { t in
            let d = t - base.t
            let x = sp * d, y = -lam * d
            let decay: Double, sn: Double, c: Double
            if d == 0 {
                // The polynomials give exactly 1, 0 and 1 there: the base values themselves.
                (decay, sn, c) = (base.decay, base.sn, base.c)
            } else if abs(x) <= 0.25 && abs(y) <= 0.25 {
                let (cd, sd, ed) = Self.cosSinExpTaylor(x, y)
                decay = base.decay * ed
                sn = base.sn * cd + base.c * sd
                c = base.c * cd - base.sn * sd
            } else {
                decay = Double.exp(-lam * t)
                sn = Double.sin(sp * t)
                c = Double.cos(sp * t)
                base = (t, decay, sn, c)
            }
            let scale = -decay * (sp + lam * ls)
            return (decay * (c + ls * sn) - target, scale * sn, scale * (sp * c - lam * sn))
        }
        guard let (t, slope) = root else { return nil }
        // The certificates' thresholds on the computed log ĝ (see above), with r = D/target.
        let r = D / target
        guard r <= 0.05 else { return nil }
        let Hlo = u * (logTerm + 2.02 * (lam * t))
        // D·e^{−λτ} at t (≥ its value at every τ ≥ t) and r_u; the term ls·D·r (≥ E/e^{rel}).
        let Dt = D * Self.decayBound(lam * t)
        let ru = Dt / target, tail = ls * D * r
        let insideBelow = rel - (3 * H + 2.25 * ru)
        func certainlyOutside(_ tau: Double) -> Bool {
            // r_l = D·e^{−λ·lower}/e^{rel}, bounded at lower itself.
            let outsideAbove = rel + (3 * Hlo + 2 * (D * Self.decayBound(lam * tau) / target) + tail)
            guard let e = lp.entry11(tau), e.sign > 0 else { return false }
            return e.log > outsideAbove
        }
        func certainlyInside(_ tau: Double) -> Bool {
            guard let e = lp.entry11(tau) else { return false }
            return e.sign <= 0 || e.log < insideBelow
        }
        // The certificates need ln F(lower) ≳ rel + 3H_lo + 2r_l (and ln F(upper) ≲ rel − 3H −
        // 2.25r_u) plus the point's own error, far below its bound in practice: margins of a
        // tenth of 3H and a fifth of 2r.
        let widthLo = (target * 3.3 * Hlo + 2.4 * Dt) / -slope + t.ulp
        let widthHi = (target * 3.3 * H + 2.4 * Dt) / -slope + t.ulp
        for scale in [1.0, 32.0] {
            let lower = t - scale * widthLo, upper = t + scale * widthHi
            let lowOK = lower <= 0 || certainlyOutside(lower)
            let highOK = upper >= end || certainlyInside(upper)
            if lowOK && highOK { return (max(lower, 0), upper >= end ? .infinity : upper) }
        }
        return nil
    }

    /// An upper bound on e^{−x} for x = fl(λτ) ≥ 0 (λ, τ ≥ 0) that needs no exponential:
    /// 1/(1 + x + x²/2 + x³/6) ≥ e^{−x} (a partial sum of e^x's positive series), times
    /// 1 + 10⁻⁶, far beyond the relative 8u of the rounded coefficient 1/6 (below 1/6), the
    /// five roundings and x's own (the polynomial's logarithmic slope is below 3).
    static func decayBound(_ x: Double) -> Double { 1.000001 / (1 + x * (1 + x * (0.5 + x * (1.0 / 6)))) }

    /// cos x, sin x and e^y for |x|, |y| ≤ 1/4 by their Taylor polynomials of degree 12, 13
    /// and 14 (truncation below 10⁻¹⁹, relative).
    static func cosSinExpTaylor(_ x: Double, _ y: Double) -> (Double, Double, Double) {
        let x2 = x * x
        let c6 = -1.0 / 3_628_800 + x2 * (1.0 / 479_001_600)
        let c = 1 + x2 * (-1.0 / 2 + x2 * (1.0 / 24 + x2 * (-1.0 / 720 + x2 * (1.0 / 40320 + x2 * c6))))
        let s6 = -1.0 / 39_916_800 + x2 * (1.0 / 6_227_020_800)
        let sn = x * (1 + x2 * (-1.0 / 6 + x2 * (1.0 / 120 + x2 * (-1.0 / 5040 + x2 * (1.0 / 362_880 + x2 * s6)))))
        let e8 = 1.0 / 40320 + y * (1.0 / 362_880 + y * (1.0 / 3_628_800 + y * (1.0 / 39_916_800 + y * (1.0 / 479_001_600))))
        let e13 = e8 + y * y * y * y * y * (1.0 / 6_227_020_800 + y * (1.0 / 87_178_291_200))
        let e = 1 + y * (1 + y * (1.0 / 2 + y * (1.0 / 6 + y * (1.0 / 24 + y * (1.0 / 120 + y * (1.0 / 720 + y * (1.0 / 5040 + y * e13)))))))
        return (c, sn, e)
    }

    /// The root of a decreasing f on (0, `end`) with f(0⁺) > 0 by Halley's method from `start`
    /// (Newton's where Halley's correction factor is outside [1/2, 2]), safeguarded by the
    /// bracket it keeps (bisection, or doubling while its upper end is +∞); `f` returns
    /// (f, f′, f″). Nil unless a Halley step shrinks below 2⁻¹⁹ relative (a Newton step below
    /// 2⁻³⁰) within 60 steps: the iterate after it is then accurate far below the certificates'
    /// widths (an inaccurate root only makes a certificate fail).
    static func decreasingRoot(
        from start: Double, below end: Double, _ f: (Double) -> (Double, Double, Double)
    ) -> (t: Double, slope: Double)? {
        var lo = 0.0, hi = end, t = start
        for _ in 0..<60 {
            let (v, slope, curvature) = f(t)
            guard slope < 0 else { return nil }
            if v == 0 { return (t, slope) }
            if v > 0 { lo = t } else { hi = t }
            // Halley's step 2ff′/(2f′² − ff″), one division; its factor (2f′² − ff″)/(2f′²) in
            // (1/2, 2) compared without one.
            let s2 = slope * slope
            let den = 2 * s2 - v * curvature
            let halley = den > s2 && den < 4 * s2
            var next = t - (halley ? 2 * v * slope / den : v / slope)
            if abs(next - t) <= (halley ? 0x1p-19 : 0x1p-30) * t { return next.isFinite ? (next, slope) : nil }
            if !(next > lo && next < hi) { next = hi.isFinite ? lo + 0.5 * (hi - lo) : 2 * t }
            t = next
        }
        return nil
    }

    /// The (lower, upper) pair for the settling crossing from rest (v0 = 0) of a critically or
    /// over-damped spring (q ≤ 0): ln|y0·φ11(t)| = L on (0, T], T the doubling's largest
    /// bracket end, or nil. `logY` is the settling predicate's value (ln|y| scaled).
    ///
    /// φ11 is computed on two pieces: the power series where |q|t² ≤ 1 (exactly the φ11 of
    /// the equation with the spring's Double λ and q: e^{−λt}(cosh μt + (λ/μ) sinh μt),
    /// μ = √−q, whose derivative −(λ² + q)e^{−λt} sinh(μt)/μ is < 0 when λ² + q > 0), and the
    /// closed form P(t) = e^{−ρt}(lm − ρ e^{−2μt})/(2μ) beyond (Double ρ, lm = fl(λ + s), μ = s;
    /// P′ < 0 when e^{2μt} > (ρ + 2μ)/lm, true for μt ≥ 1 once ρ + 2μ < 7 lm). Each piece is
    /// monotone; the certificates are checked on the piece of the bound and, when the
    /// pieces' boundary lies between, on the boundary Double of the other piece too.
    ///
    /// The computed log V̂ = fl(fl(fl(log x̂) − d̂) + l̂y) (x̂ the factor, d̂ its rounded exponent,
    /// l̂y = fl(ln|y0|)) is within H₀ = u(10 + 4ρT + 3λTₛ + 4 ln(2 + 2λTₛ) + 4|ln lm| + 3|ln μ| +
    /// |ln|y0||) of its piece's exact value at every t ≤ T, Tₛ = min(T, the series piece's end)
    /// (the ln μ term only where q < 0). Each piece's exact value is taken with the constants the
    /// propagator computed once, l̂y and ℓ = fl(fl(ln μ) + fl(ln 2)) for ln|y0| and ln 2μ: their
    /// errors shift every point of a piece alike (the shifted piece is as monotone, and as
    /// concave, as before), so only each point's own roundings count. The errors: the two sums
    /// u(|ln x̂| + |d| + |ln|y0||) and u(|ln x̂| + |d|), the logarithm 2u·|ln x̂|, the exponent,
    /// and x̂'s relative error r (|ln x̂ − ln x| ≤ 1.01r):
    /// - series piece (z = |q|t² ∈ [0, 1], all terms positive): Horner's rule gives the term of
    ///   zⁿ at most 4n + 2 relative roundings (2n + 1 in the recurrence, one in the coefficient,
    ///   2n in zⁿ), so the sums' relative errors are below Σ(4n + 2)/(2n)! / cosh 1 < 3.6u and
    ///   Σ(4n + 2)/(2n+1)! / sinh 1 < 2.7u, S = fl(sn·t) and fl(λS) add u each and the sum of
    ///   positive terms u: r ≤ 6u; d̂ = fl(λt) within u·λt; x ≤ cosh 1 + λt·sinh 1, so
    ///   |ln x̂| ≤ ln(2 + 2λt). In all 4|ln x̂| + 3λt + |ln|y0|| + 6.1 units of u.
    /// - closed piece (μt > 1 − 2u, so ρw/(lm − ρw) < e⁻²/(1 − e⁻²) < 0.157 as ρ < lm): ŵ is
    ///   within a relative (2μt + 2)u (the exponent's rounding and exp's), fl(ρŵ) adds u, the
    ///   difference u; as ρw·2μt/(lm − ρw) ≤ 2μt·e^{−2μt}/(1 − e⁻²) < 0.426 (xe^{−x} ≤ 1/e), r ≤
    ///   0.426u + 0.157·3u + 1.01u < 1.91u; d̂ = fl(ℓ + fl(ρt)) within (|ln 2μ| + 2ρt + 0.01)u
    ///   of ℓ + ρt (|ℓ − ln 2μ| < 10⁻¹²); |d| ≤ |ln 2μ| + ρt + 0.01, |ln x̂| ≤ |ln lm| + 0.16 and
    ///   |ln 2μ| ≤ |ln μ| + 0.7. In all 4|ln lm| + 3|ln μ| + |ln|y0|| + 4ρt + 4.8 (no term in μt).
    /// The certificates use 2H with H = 1.25·H₀ + u|L|: the margin absorbs second-order terms
    /// and the rounding of H itself, u|L| the rounding of L ± 2H. Where the decay passes the
    /// propagator's cutoff the value is 0, which is inside.
    ///
    /// Below the boundary Double b the series piece's exact log is at least ln|y0| − λb
    /// (φ11 ≥ e^{−λt} there: the even sum is ≥ 1, the odd one ≥ 0), so where fl(l̂y − fl(λb)) >
    /// fl(L + 2H) every series point computes "outside" without the certificate at b: its value
    /// is within H of the exact one, and the extra H absorbs the three roundings (below u(2λb +
    /// |ln|y0|| + |L| + 3H), as H ≥ u(1.25(10 + 3λb + |ln|y0||) + |L|) where b < T); λb is then
    /// below |L| + 710, far from the cutoff.
    ///
    /// H₀ grows with T, at most at the rate u(4ρ + 7λ) ≤ u(4ρ + μ + 7λ). Where one piece holds every point
    /// from lower on (the boundary below 0.95t, or its next Double at or beyond T) and lower > 0,
    /// H is first taken at 1.05t ≥ upper instead of T: that covers the points up to upper, and
    /// beyond it the piece's exact log is concave (a·e^{r₁t} + b·e^{r₂t} with ab < 0, or
    /// −λt + ln(1 + λt)), so it falls at least at the rate of its secant between lower and
    /// upper, which the two certificates make steeper than 2H/(upper − lower) ≥ 1.3u(4ρ + μ +
    /// 7λ) (checked): each later point's log plus its error stays below the value at upper plus
    /// H, below L. When that fails, H at T as above.
    func decayCrossingBounds(logY0 ly0: Double, L: Double, step: Double, logY: (Double) -> Double) -> (lower: Double, upper: Double)? {
        let u = 0x1p-53
        let lam = lambda, mu = s, rho = self.rho, lm = lambda + s
        guard q <= 0, lam > 0, rho > 0, ly0 > L, lam * lam + q > 4 * u * lam * lam else { return nil }
        if q < 0 { guard mu > 0, rho < lm, rho + 2 * mu < 7 * lm else { return nil } }
        // Halley on g(t) = −ρt + ln(1 + ρ·r(t)) + ln|y0| − L, r = (1 − e^{−2μt})/(2μ) (t at
        // μ = 0): ln φ11 with lm − ρ = 2μ, decreasing and convex.
        func g(_ t: Double) -> (Double, Double, Double) {
            // r′ = e^{−2μt} as 1 + expm1(−2μt): absolute error ~u, harmless where it is tiny
            // (the term ρr′/(1 + ρr) is then negligible beside ρ).
            let em = mu == 0 ? 0 : Double.expm1(-2 * mu * t)
            let r = mu == 0 ? t : -em / (2 * mu)
            let dr = 1 + em
            let q1 = rho * dr / (1 + rho * r)
            return (-rho * t + Double.log1p(rho * r) + ly0 - L, -rho + q1, -2 * mu * dr * rho / (1 + rho * r) - q1 * q1)
        }
        let asymptote = mu == 0 ? 0 : Double.log1p(rho / (2 * mu))
        guard let (t, slope) = Self.decreasingRoot(from: max((asymptote + ly0 - L) / rho, step), below: .infinity, g) else { return nil }
        let T = 2.2 * max(step, t)
        // The last Double of the series piece (|q|t² ≤ 1 as the propagator computes it).
        var boundary = Double.infinity
        if q < 0 {
            boundary = (1 / -q).squareRoot()
            while abs(q * boundary * boundary) > 1 { boundary = boundary.nextDown }
            while abs(q * boundary.nextUp * boundary.nextUp) <= 1 { boundary = boundary.nextUp }
        }
        /// H for the points up to `Tx` (≥ each point's error; it grows with Tx).
        func bound(_ Tx: Double) -> Double {
            let Ts = min(Tx, boundary)
            var h = 10 + 4 * rho * Tx + 3 * lam * Ts + 4 * Self.logBound(2 + 2 * lam * Ts) + 4 * Self.logBound(lm) + abs(ly0)
            if q < 0 { h += 3 * Self.logBound(mu) }
            return u * (1.25 * h + abs(L))
        }
        /// The certificates with `H`; `tight` for H at 1.05t (one piece from lower on, see above).
        func certify(_ H: Double, tight: Bool) -> (lower: Double, upper: Double)? {
            guard H.isFinite, H < 1e-6 else { return nil }
            func certainlyOutside(_ x: Double) -> Bool { logY(x) > L + 2 * H }
            func certainlyInside(_ x: Double) -> Bool { logY(x) < L - 2 * H }
            // The certificates need a distance of 2H plus the point's own error (far below H).
            let width = 2.25 * H / -slope + t.ulp
            for scale in [1.0, 32.0] {
                let lower = t - scale * width, upper = t + scale * width
                guard upper <= 1.05 * t else { return nil }
                if tight { guard lower > 0, 2 * H >= 1.3 * u * (4 * rho + mu + 7 * lam) * (upper - lower) else { return nil } }
                let lowOK =
                    lower <= 0
                    || (certainlyOutside(lower) && (boundary >= lower || ly0 - lam * boundary > L + 2 * H || certainlyOutside(boundary)))
                let highOK = certainlyInside(upper) && (boundary < upper || boundary.nextUp >= T || certainlyInside(boundary.nextUp))
                if lowOK && highOK { return (max(lower, 0), upper) }
            }
            return nil
        }
        if boundary < 0.95 * t || boundary.nextUp >= T, let known = certify(bound(1.05 * t), tight: true) { return known }
        return certify(bound(T), tight: false)
    }
}
