/// Inverse design: springs from the quantities a designer specifies (overshoot, peak time,
/// settling time, period and decay), each with the achieved value of every target and a
/// certified bound on its distance from the request.
///
/// All designs compute in `Double` (design is an offline step; convert the result with
/// ``Spring/converted(to:)``). Targets refer to the step response: the motion from `from` to
/// `to` released at rest, unless an initial velocity is a parameter of the design.
public struct SpringDesign: Sendable, Hashable {
    /// A quantity a spring can be designed for.
    public enum Target: String, Sendable, Hashable, CaseIterable {
        /// The step response's first overshoot as a fraction of the distance: e^(−πζ/√(1 − ζ²)).
        case overshoot
        /// Seconds from release to the first overshoot peak: π / ω_d, ω_d = ω₀√(1 − ζ²).
        case peakTime
        /// The exact settling duration for the design's epsilon (as `Spring.settlingDuration(epsilon:…)`).
        case settlingDuration
        /// The damped period 2π / ω_d, seconds.
        case period
        /// The ratio of consecutive same-sign peaks, one damped period apart: e^(−λ·period).
        case decayRatio
    }

    /// One target of a design: what was asked, what the spring does, and how far apart they
    /// can be.
    public struct Check: Sendable, Hashable {
        /// The designed quantity.
        public let target: Target
        /// The requested value.
        public let requested: Double
        /// The value of the returned spring, as computed in `Double`.
        public let achieved: Double
        /// A certified bound on |exact value for the returned spring − requested|: the
        /// computed difference plus a bound on the rounding error of `achieved` (closed
        /// forms), or the bracket-derived bound of a root-finder (settling designs).
        public let errorBound: Double
    }

    /// The designed spring.
    public let spring: Spring<Double>
    /// One check per target of the design, in the design's argument order.
    public let checks: [Check]
    /// For settling designs: the final bracket [k₋, k₊] of the stiffness search. k₊ is the
    /// returned stiffness (it settles by the deadline); k₋ does not. Nil for closed forms.
    public let stiffnessBracket: ClosedRange<Double>?

    /// The check of `target`, or nil when the design did not target it.
    public subscript(target: Target) -> Check? { checks.first { $0.target == target } }
}

/// Which end of the set of stiffnesses meeting a settling deadline
/// ``Spring/design(dampingRatio:settlingDuration:epsilon:bound:from:to:initialVelocity:mass:)``
/// returns.
///
/// With S(k) the exact settling duration at stiffness k (fixed damping ratio, mass and
/// motion), the feasible set is F = {k : S(k) ≤ T}. From rest S(k) = S(m)·√(m/k) is strictly
/// decreasing, F is a half-line and both ends coincide. With an initial velocity S is not
/// monotone (an overshoot peak that grows or shrinks through ε makes S jump by part of a
/// period), so F may be a union of intervals; as k → ∞, S(k) → 0, so its last interval is
/// unbounded.
public enum SpringSettlingBound: String, Sendable, Hashable, CaseIterable {
    /// The least stiff spring that settles by T: inf F, the softest spring meeting the
    /// deadline (it may be followed by stiffer springs that miss it).
    case leastStiff
    /// The stiffest spring that still takes the whole deadline: sup{k : S(k) > T}, so every
    /// stiffer spring settles by T (the start of F's last interval).
    case stiffest
}

extension Spring where T == Double {
    /// Unit roundoff of Double, u = 2⁻⁵³.
    static var designRoundoff: Double { Double.ulpOfOne / 2 }

    /// A spring whose step response overshoots by `overshoot` (a fraction of the distance) at
    /// `peakTime` seconds: ζ = −ln OS / √(π² + ln² OS), ω_d = π / peakTime, ω₀ = ω_d/√(1 − ζ²),
    /// k = m ω₀², c = 2 m ζ ω₀.
    ///
    /// - Parameters:
    ///   - overshoot: in (0, 1): 0.1 is a 10 % overshoot.
    ///   - peakTime: seconds from release to the first peak, > 0.
    ///   - mass: m > 0 (default 1).
    /// - Returns: the spring with checks for `overshoot` and `peakTime`.
    /// - Throws: `invalidValue` naming `overshoot`, `peakTime` (also when the stiffness
    ///   overflows or underflows) or `mass`.
    public static func design(overshoot: Double, peakTime: Double, mass: Double = 1) throws(MotionKernelError) -> SpringDesign {
        let zeta = try dampingRatio(overshoot: overshoot)
        try MotionKernelError.requirePositive(peakTime, "peakTime")
        try MotionKernelError.requirePositive(mass, "mass")
        let wd = Double.pi / peakTime
        let w0 = wd / ((1 - zeta) * (1 + zeta)).squareRoot()
        let spring = try designedSpring(omega0: w0, zeta: zeta, mass: mass, field: "peakTime")
        let a = achievedOscillation(spring)
        return SpringDesign(
            spring: spring,
            checks: [
                .init(target: .overshoot, requested: overshoot, achieved: a.overshoot, errorBound: abs(a.overshoot - overshoot) + a.overshootError),
                .init(target: .peakTime, requested: peakTime, achieved: a.peakTime, errorBound: abs(a.peakTime - peakTime) + a.peakTimeError),
            ],
            stiffnessBracket: nil)
    }

    /// A spring whose damped oscillation has period `period` and whose peaks shrink by
    /// `decayRatio` per period: λ = −ln(decayRatio) / period, ω_d = 2π / period,
    /// ω₀ = √(ω_d² + λ²), k = m ω₀², c = 2 m λ.
    ///
    /// - Parameters:
    ///   - period: the damped period in seconds (> 0).
    ///   - decayRatio: in (0, 1): the ratio of a peak to the same-sign peak one period earlier.
    ///   - mass: m > 0 (default 1).
    /// - Returns: the spring with checks for `period` and `decayRatio`.
    /// - Throws: `invalidValue` naming `period`, `decayRatio` or `mass`.
    public static func design(period: Double, decayRatio: Double, mass: Double = 1) throws(MotionKernelError) -> SpringDesign {
        try MotionKernelError.requirePositive(period, "period")
        try MotionKernelError.requireFinite(decayRatio, "decayRatio")
        guard decayRatio > 0, decayRatio < 1 else {
            throw MotionKernelError.invalidValue("decayRatio", "expected a ratio in (0, 1) (1 never decays, 0 never oscillates), got \(decayRatio)")
        }
        try MotionKernelError.requirePositive(mass, "mass")
        let lambda = -Double.log(decayRatio) / period
        let wd = 2 * Double.pi / period
        let w0 = Double.hypot(wd, lambda)
        let spring = try designedSpring(omega0: w0, zeta: lambda / w0, mass: mass, field: "period")
        let a = achievedOscillation(spring)
        let p = 2 * a.peakTime, pErr = 2 * a.peakTimeError
        // decayRatio = OS²: |Δ(OS²)| ≤ 2·OS·ΔOS + ΔOS², plus the rounding of the square (u).
        let dr = a.overshoot * a.overshoot
        let drErr = 2 * a.overshoot * a.overshootError + a.overshootError * a.overshootError + dr * designRoundoff
        return SpringDesign(
            spring: spring,
            checks: [
                .init(target: .period, requested: period, achieved: p, errorBound: abs(p - period) + pErr),
                .init(target: .decayRatio, requested: decayRatio, achieved: dr, errorBound: abs(dr - decayRatio) + drErr),
            ],
            stiffnessBracket: nil)
    }

    /// A spring whose step response overshoots by `overshoot` and settles (exactly, within
    /// `epsilon` of `to` for good) after `settlingDuration` seconds.
    ///
    /// ζ comes from the overshoot (as ``design(overshoot:peakTime:mass:)``); from rest the
    /// settling duration is S(k) = S₁/√(k/m) with S₁ the settling duration at ω₀ = 1, so the
    /// stiffness is bracketed around m(S₁/T)² and bisected (on log k, to adjacent Doubles or
    /// 2⁻⁴⁴ relative) between a stiffness that settles after T and one that settles by T.
    /// - Parameters:
    ///   - overshoot: in (0, 1).
    ///   - settlingDuration: T > 0 seconds.
    ///   - epsilon: the settling band, absolute (units of `to`), > 0 and < |to − from|.
    ///   - from: start value (default 0).
    ///   - to: target (default 1).
    ///   - mass: m > 0 (default 1).
    /// - Returns: the spring with checks for `overshoot` and `settlingDuration` (its bound is
    ///   S(k₋) − S(k₊) over the final bracket: no stiffness between the ends does better) and
    ///   the bracket.
    /// - Throws: `invalidValue` naming `overshoot`, `settlingDuration`, `epsilon`, `from`,
    ///   `to` or `mass`.
    public static func design(
        overshoot: Double, settlingDuration: Double, epsilon: Double, from: Double = 0, to: Double = 1, mass: Double = 1
    ) throws(MotionKernelError) -> SpringDesign {
        let zeta = try dampingRatio(overshoot: overshoot)
        let crossing = try settlingCrossing(
            dampingRatio: zeta, settlingDuration: settlingDuration, epsilon: epsilon, from: from, to: to,
            initialVelocity: 0, mass: mass, bound: .leastStiff, scalingFromRest: true)
        let a = achievedOscillation(crossing.spring)
        return SpringDesign(
            spring: crossing.spring,
            checks: [
                .init(target: .overshoot, requested: overshoot, achieved: a.overshoot, errorBound: abs(a.overshoot - overshoot) + a.overshootError),
                crossing.check,
            ],
            stiffnessBracket: crossing.bracket)
    }

    /// The least stiff or the stiffest spring (see ``SpringSettlingBound``) with damping ratio
    /// `dampingRatio` whose motion from `from` to `to` with `initialVelocity` settles within
    /// `epsilon` by `settlingDuration`.
    ///
    /// Search: log(k/m) is scanned from 10⁻¹² to 10¹⁵ (k from 10⁻¹²·`mass` to 10¹⁵·`mass`) on a
    /// grid of 48 points per decade (ratio 10^(1/48) ≈ 1.049) for the first (`leastStiff`) or
    /// last (`stiffest`) change between S(k) > T and S(k) ≤ T, and that bracket is bisected on
    /// log(k/m) to adjacent Doubles or 2⁻⁴⁴ relative width. The search uses springs of mass 1
    /// with ω₀² = k/m (the motion depends on k/m and c/m only), so the design and its checks are
    /// the same for every mass (bit for bit when the mass is a power of two), and k·m is never
    /// formed. The ends are therefore exact up to the bracket for
    /// the grid's view of F: a feasible window narrower than a grid step (a fraction of the
    /// 4.9 % step where S dips below T) can be stepped over by `leastStiff`. From rest S is
    /// monotone and both bounds give the unique crossing.
    /// - Parameters:
    ///   - dampingRatio: ζ > 0.
    ///   - settlingDuration: the deadline T > 0, seconds.
    ///   - epsilon: the settling band, absolute (units of `to`), > 0.
    ///   - bound: which end of the feasible set (default `leastStiff`).
    ///   - from: the start value (default 0).
    ///   - to: the target (default 1).
    ///   - initialVelocity: units per second (default 0).
    ///   - mass: m > 0 (default 1).
    /// - Returns: the spring k₊ with a `settlingDuration` check whose bound is S(k₋) − S(k₊)
    ///   (the bracket-derived bound: S(k₊) ≤ T < S(k₋)), and the bracket.
    /// - Throws: `invalidValue` naming `dampingRatio`, `settlingDuration` (no stiffness in
    ///   the range meets it, or every one does), `epsilon` (the motion starts settled),
    ///   `from`, `to`, `initialVelocity` or `mass`.
    public static func design(
        dampingRatio: Double, settlingDuration: Double, epsilon: Double, bound: SpringSettlingBound = .leastStiff,
        from: Double = 0, to: Double = 1, initialVelocity: Double = 0, mass: Double = 1
    ) throws(MotionKernelError) -> SpringDesign {
        let c = try settlingCrossing(
            dampingRatio: dampingRatio, settlingDuration: settlingDuration, epsilon: epsilon, from: from, to: to,
            initialVelocity: initialVelocity, mass: mass, bound: bound, scalingFromRest: false)
        return SpringDesign(spring: c.spring, checks: [c.check], stiffnessBracket: c.bracket)
    }

    // MARK: internals

    /// ζ for a step-response overshoot in (0, 1): −ln OS / √(π² + ln² OS).
    static func dampingRatio(overshoot: Double) throws(MotionKernelError) -> Double {
        try MotionKernelError.requireFinite(overshoot, "overshoot")
        guard overshoot > 0, overshoot < 1 else {
            throw MotionKernelError.invalidValue("overshoot", "expected a fraction of the distance in (0, 1), got \(overshoot)")
        }
        let l = Double.log(overshoot)
        let zeta = -l / Double.hypot(Double.pi, l)
        guard zeta > 0, zeta < 1 else {
            throw MotionKernelError.invalidValue("overshoot", "too close to 0 or 1: the damping ratio \(zeta) is not in (0, 1)")
        }
        return zeta
    }

    /// The spring with ω₀, ζ and mass m, or `invalidValue` at `field` when it does not exist in
    /// Double.
    static func designedSpring(omega0 w0: Double, zeta: Double, mass: Double, field: String) throws(MotionKernelError) -> Spring<Double> {
        let k = mass * w0 * w0, c = 2 * mass * zeta * w0
        guard k.isFinite, k > 0, c.isFinite, c > 0, let s = Spring(validatedMass: mass, stiffness: k, damping: c) else {
            throw MotionKernelError.invalidValue(field, "gives stiffness \(k) and damping \(c), outside the range of Double")
        }
        return s
    }

    /// The overshoot e^(−πζ/√(1 − ζ²)) and peak time π/ω_d of an under-damped spring,
    /// recomputed from its stored k, c, m, with bounds on their rounding errors.
    ///
    /// ζ and ω₀ come from `SpringScale` (significands and binary exponents apart, so k·m and
    /// k/m are never formed and any mass works: the checks are the same, to rounding, for the
    /// spring scaled by any mass).
    ///
    /// Error analysis (relative errors δ, u = 2⁻⁵³, each correctly rounded operation
    /// contributes u, √ contributes u and halves its argument's δ, libm exp/log ≤ 2u):
    /// ζ = c / (2√(k m)): δζ ≤ 2.5u ≤ 3u. 1 ∓ ζ: δ ≤ 3uζ/(1 ∓ ζ) + u. d = (1 − ζ)(1 + ζ):
    /// δd ≤ δ(1−ζ) + δ(1+ζ) + u. r = √d: δr ≤ δd/2 + u. a = π ζ / r (π rounded: u):
    /// δa ≤ δζ + δr + 3u. OS = e^(−a): |ΔOS| ≤ OS·(a·δa + 2u). ω₀ = √(k/m): δ ≤ 1.5u ≤ 2u;
    /// ω_d = ω₀ r: δ ≤ 2u + δr + u; t_p = π/ω_d: δ ≤ δω_d + 2u. Each first-order bound is
    /// doubled to cover the second-order terms (valid while every δ is below 1/4; a ζ near 1
    /// makes δ(1 − ζ) and so the bounds large, never wrong).
    static func achievedOscillation(_ s: Spring<Double>) -> (overshoot: Double, overshootError: Double, peakTime: Double, peakTimeError: Double) {
        let u = designRoundoff
        let zeta = SpringScale.dampingRatio(mass: s.mass, stiffness: s.stiffness, damping: s.damping)
        let dz = 3 * u
        let om = 1 - zeta, op = 1 + zeta
        let dOm = 3 * u * zeta / om + u, dOp = 3 * u * zeta / op + u
        let d = om * op
        let dd = dOm + dOp + u
        let r = d.squareRoot()
        let dr = dd / 2 + u
        let a = Double.pi * zeta / r
        let da = dz + dr + 3 * u
        let os = Double.exp(-a)
        let osErr = 2 * os * (a * da + 2 * u)
        let wd = SpringScale.angularFrequency(mass: s.mass, stiffness: s.stiffness) * r
        let dwd = 2 * u + dr + u
        let tp = Double.pi / wd
        let tpErr = 2 * tp * (dwd + 2 * u)
        return (os, osErr, tp, tpErr)
    }

    /// The result of a settling search: the feasible end k₊ of the final bracket, its check
    /// and the bracket.
    struct SettlingCrossing {
        var spring: Spring<Double>
        var check: SpringDesign.Check
        var bracket: ClosedRange<Double>
    }

    /// The bracketed stiffness search shared by the settling designs (see
    /// ``design(dampingRatio:settlingDuration:epsilon:bound:from:to:initialVelocity:mass:)``).
    /// With `scalingFromRest` (initial velocity 0) the bracket starts at m(S₁/T)² instead of a
    /// scan.
    static func settlingCrossing(
        dampingRatio zeta: Double, settlingDuration target: Double, epsilon: Double, from: Double, to: Double,
        initialVelocity v0: Double, mass: Double, bound: SpringSettlingBound, scalingFromRest: Bool
    ) throws(MotionKernelError) -> SettlingCrossing {
        try MotionKernelError.requirePositive(zeta, "dampingRatio")
        try MotionKernelError.requirePositive(target, "settlingDuration")
        try MotionKernelError.requirePositive(epsilon, "epsilon")
        try MotionKernelError.requireFiniteMotion(from: from, to: to, initialVelocity: v0)
        try MotionKernelError.requirePositive(mass, "mass")
        let y0 = from - to
        guard y0.isFinite else { throw MotionKernelError.invalidValue("from", "from − to overflows") }
        if abs(y0) <= epsilon && v0 == 0 {
            throw MotionKernelError.invalidValue("epsilon", "the motion starts settled (|from − to| ≤ epsilon): every stiffness settles at 0")
        }
        // The search runs on log(k/m) = log ω₀² with springs of mass 1: the motion depends on
        // k/m and c/m only, so the mass never enters a product that could overflow and every
        // step is the same for every mass (exactly so for a power-of-two mass).
        /// The spring of mass 1 with ω₀² = e^logW2 and ratio ζ (nil when it does not exist).
        func unitSpring(_ logW2: Double) -> Spring<Double>? {
            try? Spring<Double>(stiffness: Double.exp(logW2), dampingRatio: zeta, mass: 1)
        }
        /// S at ω₀² = e^logW2 (∞ when the spring or its settling time does not exist).
        func settle(_ logW2: Double) -> Double {
            guard let sp = unitSpring(logW2), let t = try? sp.settleTime(y0: y0, v0: v0, epsilon: epsilon) else { return .infinity }
            return t
        }
        let lo = Double.log(1e-12), hi = Double.log(1e15)
        // A bracket (a, b) on log(k/m) with S(a) > T ≥ S(b), a < b.
        var a: Double, b: Double
        if scalingFromRest {
            // S(k) = S(m)·√(m/k): the crossing is at log(k/m) = 2 log(S(m)/T).
            let s1 = settle(0)
            guard s1.isFinite, s1 > 0 else {
                throw MotionKernelError.invalidValue("epsilon", "the settling duration of the designed damping ratio is not representable")
            }
            let guess = 2 * (Double.log(s1) - Double.log(target))
            guard guess.isFinite, guess > lo, guess < hi else {
                throw MotionKernelError.invalidValue("settlingDuration", "needs stiffness e^\(guess)·mass, outside [1e-12, 1e15]·mass")
            }
            a = guess - 1e-6
            b = guess + 1e-6
            var grow = 1e-6
            var tries = 0
            while !(settle(a) > target) || !(settle(b) <= target) {
                grow *= 4
                tries += 1
                a = max(lo, guess - grow)
                b = min(hi, guess + grow)
                guard tries < 40 else {
                    throw MotionKernelError.invalidValue("settlingDuration", "no stiffness in [1e-12, 1e15]·mass brackets \(target) s")
                }
            }
        } else {
            let steps = 27 * 48
            let h = (hi - lo) / Double(steps)
            func grid(_ i: Int) -> Double { i == steps ? hi : lo + Double(i) * h }
            // The scan asks "settled by T?" in O(1) (``settledBy``); the bracket it finds is
            // checked with the exact settling time below, and if that disagrees (a grid point
            // within rounding of the boundary) the scan is redone with the exact settling time.
            func scan(exact: Bool) -> [Bool] {
                (0...steps).map { i in
                    let logW2 = grid(i)
                    if !exact, let sp = unitSpring(logW2), let fast = sp.settledBy(target, y0: y0, v0: v0, epsilon: epsilon) {
                        return fast
                    }
                    return settle(logW2) <= target
                }
            }
            var feasible = scan(exact: false)
            func consistent(_ a: Int, _ b: Int) -> Bool { settle(grid(a)) > target && settle(grid(b)) <= target }
            if bound == .leastStiff, let first = feasible.firstIndex(of: true), first > 0, !consistent(first - 1, first) {
                feasible = scan(exact: true)
            } else if bound == .stiffest, let last = feasible.lastIndex(of: false), last < steps, !consistent(last, last + 1) {
                feasible = scan(exact: true)
            }
            switch bound {
            case .leastStiff:
                guard let first = feasible.firstIndex(of: true) else {
                    throw MotionKernelError.invalidValue("settlingDuration", "too short: no stiffness up to 1e15·mass settles by \(target) s")
                }
                guard first > 0 else {
                    throw MotionKernelError.invalidValue("settlingDuration", "too long: even stiffness 1e-12·mass settles by \(target) s")
                }
                a = grid(first - 1)
                b = grid(first)
            case .stiffest:
                guard let last = feasible.lastIndex(of: false) else {
                    throw MotionKernelError.invalidValue("settlingDuration", "too long: even stiffness 1e-12·mass settles by \(target) s")
                }
                guard last < steps else {
                    throw MotionKernelError.invalidValue("settlingDuration", "too short: even stiffness 1e15·mass settles after \(target) s")
                }
                a = grid(last)
                b = grid(last + 1)
            }
        }
        // Bisection: keep S(a) > T ≥ S(b) (200 halvings reach adjacent Doubles from any
        // bracket inside [log 1e-12, log 1e15]).
        for _ in 0..<200 {
            if b - a <= 0x1p-44 * max(1, abs(b)) { break }
            let mid = a + 0.5 * (b - a)
            if mid <= a || mid >= b { break }
            if settle(mid) > target { a = mid } else { b = mid }
        }
        // The returned spring: k = m·ω₀², c = 2ζ·m·ω₀ (no k·m), checked to exist in Double.
        let w2Minus = Double.exp(a), w2Plus = Double.exp(b)
        let kMinus = mass * w2Minus, kPlus = mass * w2Plus
        let cPlus = 2 * zeta * (mass * w2Plus.squareRoot())
        guard kPlus.isFinite, kPlus > 0, cPlus.isFinite, cPlus > 0, kMinus.isFinite, kMinus > 0,
            let spring = Spring<Double>(validatedMass: mass, stiffness: kPlus, damping: cPlus)
        else {
            throw MotionKernelError.invalidValue(
                "mass", "\(mass) gives stiffness \(kPlus) and damping \(cPlus) for k/m = \(w2Plus), outside the range of Double")
        }
        let sPlus = try spring.settleTime(y0: y0, v0: v0, epsilon: epsilon)
        let sMinus = settle(a)
        // S(k₊) ≤ T < S(k₋): the distance to T is at most the bracket's spread of S. (With a
        // mass that is not a power of two, k₊/m and c/m round apart from the searched ones, so
        // S(k₊) may exceed T by that rounding: the bound covers |T − S(k₊)| either way.)
        let err = sMinus.isFinite ? max(sMinus - sPlus, abs(target - sPlus)) : abs(target - sPlus)
        let check = SpringDesign.Check(target: .settlingDuration, requested: target, achieved: sPlus, errorBound: err)
        return SettlingCrossing(spring: spring, check: check, bracket: min(kMinus, kPlus)...kPlus)
    }

    /// Whether the motion y(0) = y0, y′(0) = v0 stays within ε of the target for every t ≥ T,
    /// in O(1): |y(T)| ≤ ε and |y| at the first extremum of the motion after T is ≤ ε (later
    /// extrema of a damped spring are smaller, and y is monotone between extrema). Nil when a
    /// state is not finite (the caller then uses the exact settling time).
    func settledBy(_ t: Double, y0: Double, v0: Double, epsilon: Double) -> Bool? {
        let st = displacement(at: t, initialDisplacement: y0, initialVelocity: v0)
        let y = st.displacement, v = st.velocity
        guard y.isFinite, v.isFinite, damping > 0 else { return nil }
        if abs(y) > epsilon { return false }
        if v == 0 { return true }
        // From (y, v): velocity e^(−λτ)[v C − K S], K = ω₀² y + λ v; zero at S/C = v/K.
        let k = omega0Squared * y + lambda * v
        guard k.isFinite else { return nil }
        var tau: Double? = nil
        if q > 0 && s > 0 && dampingRatio < 1 {
            var th = Double.atan2(s * v, k)
            if th < 0 { th += Double.pi }
            tau = th / s
        } else if k != 0 {
            let r = v / k
            if r > 0 {
                let x = s * r
                if x < 1 { tau = x == 0 ? r : 0.5 * Double.log1p(2 * x / (1 - x)) / s }
            }
        }
        guard let tau, tau.isFinite else { return true }
        let peak = displacement(at: tau, initialDisplacement: y, initialVelocity: v).displacement
        guard peak.isFinite else { return nil }
        return abs(peak) <= epsilon
    }
}
