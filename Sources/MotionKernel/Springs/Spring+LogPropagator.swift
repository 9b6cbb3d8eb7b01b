#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A real number as sign · e^log (sign 0 for an exact zero, log −∞), for products and sums
/// far outside the floating-point range (decayed spring states, tiny tolerances).
@usableFromInline
struct SignedLog: Sendable {
    /// −1, 0 or 1.
    @usableFromInline var sign: Double
    /// ln |value| (−∞ for 0).
    @usableFromInline var log: Double

    @usableFromInline init(sign: Double, log: Double) {
        self.sign = log == -.infinity ? 0 : sign
        self.log = sign == 0 ? -.infinity : log
    }

    /// The signed log of a finite `x`.
    @usableFromInline init(_ x: Double) {
        self.init(sign: x > 0 ? 1 : (x < 0 ? -1 : 0), log: Double.log(abs(x)))
    }

    static var zero: SignedLog { SignedLog(sign: 0, log: -.infinity) }

    /// The value as a Double (rounded; 0 below the subnormals, ±∞ above the range).
    @usableFromInline var value: Double { sign == 0 ? 0 : sign * Double.exp(log) }

    @usableFromInline static func * (a: SignedLog, b: SignedLog) -> SignedLog {
        if a.sign == 0 || b.sign == 0 { return .zero }
        return SignedLog(sign: a.sign * b.sign, log: a.log + b.log)
    }

    /// Scales by e^(−d) (d finite).
    func decayed(_ d: Double) -> SignedLog { sign == 0 ? self : SignedLog(sign: sign, log: log - d) }

    /// a + b, with the larger magnitude factored out (relative error a few ulps of the larger
    /// term, as for a direct sum).
    @usableFromInline static func sum(_ a: SignedLog, _ b: SignedLog) -> SignedLog {
        if a.sign == 0 { return b }
        if b.sign == 0 { return a }
        let m = max(a.log, b.log)
        // exp(0) is exactly 1: the larger term's factor without the call (m finite, so its
        // difference is 0, not NaN).
        let fa = a.log == m && m.isFinite ? 1 : Double.exp(a.log - m)
        let fb = b.log == m && m.isFinite ? 1 : Double.exp(b.log - m)
        let r = a.sign * fa + b.sign * fb
        if r == 0 { return .zero }
        return SignedLog(sign: r > 0 ? 1 : -1, log: m + Double.log(abs(r)))
    }
}

/// Φ(t) as signed logarithms, in Double for every scalar type: Φ = e^{−ρt}·F with F at most
/// polynomial in t, each entry's log formed from the logs of its factors, so no product
/// overflows or underflows and no ∞·0 arises.
@usableFromInline
struct SpringLogPropagator: Sendable {
    let lam: Double, q: Double, s: Double, w2: Double, rho: Double
    /// ln s and ln s + ln 2 where `init(settling:needsLogS:)` computed them (the same operations
    /// `entries` would run per call), NaN where `entries` computes them per call.
    let logS: Double, logTwoMu: Double

    @usableFromInline init<T: MotionScalar>(_ sp: Spring<T>) {
        lam = sp.lambda.doubleValue
        q = sp.q.doubleValue
        s = sp.s.doubleValue
        w2 = sp.omega0Squared.doubleValue
        rho = sp.rho.doubleValue
        logS = .nan
        logTwoMu = .nan
    }

    /// The propagator of `sp` for many evaluations: ln s + ln 2 (the over-damped entries'
    /// scale) computed once when q < 0, and ln s (the under-damped (1,2) entry's scale) when
    /// `needsLogS` — the values, bit for bit, that each call would compute.
    init(settling sp: Spring<Double>, needsLogS: Bool) {
        lam = sp.lambda
        q = sp.q
        s = sp.s
        w2 = sp.omega0Squared
        rho = sp.rho
        if q < 0 {
            logS = Double.log(s)
            logTwoMu = logS + Self.ln2
        } else {
            logS = needsLogS && q > 0 ? Double.log(s) : .nan
            logTwoMu = .nan
        }
    }

    /// ln 2 as the C library's log computes it (once, not per call).
    static let ln2 = Double.log(2.0)

    /// Decay exponents ρt beyond this make every entry times any finite state 0: entry logs
    /// are below 3·ln(Double.greatestFiniteMagnitude) + ln t < 2900 and a state's log below 710.
    static var cutoff: Double { 1e5 }

    /// The entries of Φ(t), t ≥ 0 (may be +∞), or nil when no value exists: an undamped
    /// spring at t = +∞, or a phase s·t beyond every available floating-point range.
    @usableFromInline
    func entries(_ t: Double) -> (SignedLog, SignedLog, SignedLog, SignedLog)? { entries(t, all: true) }

    /// The (1,1) entry of Φ(t) alone: the same value, bit for bit, as `entries(t)?.0` (the
    /// same operations; the other entries' logarithms are skipped).
    func entry11(_ t: Double) -> SignedLog? { entries(t, all: false)?.0 }

    /// The first row of Φ(t) alone: the same values, bit for bit, as `entries(t)?.0` and `.1`.
    func entries11And12(_ t: Double) -> (SignedLog, SignedLog)? {
        guard let e = entries(t, all: false, row: true) else { return nil }
        return (e.0, e.1)
    }

    /// `entries(t)`, or with `all` false only its first entry (the others 0), or with `row` also
    /// the second (the last two 0).
    @inline(__always)
    private func entries(_ t: Double, all: Bool, row: Bool = false) -> (SignedLog, SignedLog, SignedLog, SignedLog)? {
        let one = SignedLog(1)
        if t == 0 { return (one, .zero, .zero, one) }
        if t == .infinity {
            guard rho > 0 else { return nil }
            return (.zero, .zero, .zero, .zero)
        }
        let qt2 = q * t * t
        if abs(qt2) <= 1 {
            let decay = lam == 0 ? 0 : lam * t
            if decay > Self.cutoff { return (.zero, .zero, .zero, .zero) }
            let (c, sn) = Self.series(-qt2)
            let S = sn * t
            let e11 = SignedLog(c + lam * S).decayed(decay)
            guard all || row else { return (e11, .zero, .zero, .zero) }
            let p12 = SignedLog(S)
            guard all else { return (e11, p12.decayed(decay), .zero, .zero) }
            return (
                e11, p12.decayed(decay),
                SignedLog(sign: -p12.sign, log: Double.log(w2) + p12.log).decayed(decay),
                SignedLog(c - lam * S).decayed(decay)
            )
        }
        if q > 0 {
            let decay = lam == 0 ? 0 : lam * t
            if decay > Self.cutoff { return (.zero, .zero, .zero, .zero) }
            guard let (c, sn) = Self.cosSin(s, t) else { return nil }
            // s·t > 1 here, so λ/s < λt ≤ cutoff.
            let ls = lam / s
            let e11 = SignedLog(c + ls * sn).decayed(decay)
            guard all || row else { return (e11, .zero, .zero, .zero) }
            let p12 = SignedLog(sign: sn > 0 ? 1 : (sn < 0 ? -1 : 0), log: Double.log(abs(sn)) - (logS.isNaN ? Double.log(s) : logS))
            guard all else { return (e11, p12.decayed(decay), .zero, .zero) }
            return (
                e11, p12.decayed(decay),
                SignedLog(sign: -p12.sign, log: Double.log(w2) + p12.log).decayed(decay),
                SignedLog(c - ls * sn).decayed(decay)
            )
        }
        // Over-damped, μt > 1: Φ = e^{r1 t}·F with r1 = −ρ, e^{(r2 − r1)t} = e^{−2μt} = w.
        let decay = rho * t
        if decay > Self.cutoff { return (.zero, .zero, .zero, .zero) }
        let mu = s, lm = lam + s
        let w = Double.exp(-2 * mu * t)
        let l2mu = logTwoMu.isNaN ? Double.log(mu) + Double.log(2.0) : logTwoMu
        // lm − ρw > 0 (ρ = ω₀²/lm < lm); the (2,2) factor lm·w − ρ changes sign.
        let e11 = SignedLog(lm - rho * w).decayed(l2mu + decay)
        guard all || row else { return (e11, .zero, .zero, .zero) }
        let em = -Double.expm1(-2 * mu * t)
        let p12 = SignedLog(sign: 1, log: Double.log(em) - l2mu)
        guard all else { return (e11, p12.decayed(decay), .zero, .zero) }
        return (
            e11, p12.decayed(decay),
            SignedLog(sign: -1, log: Double.log(w2) + p12.log).decayed(decay),
            SignedLog(lm * w - rho).decayed(l2mu + decay)
        )
    }

    /// The pairs (1/(2n)!, 1/(2n+1)!), n = 0…11: `SpringSeries`' coefficients, bit for bit.
    private static let seriesCoefficients:
        (
            SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>,
            SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>
        ) = {
            let e = SpringSeries.evenReciprocalFactorials, o = SpringSeries.oddReciprocalFactorials
            func p(_ n: Int) -> SIMD2<Double> { SIMD2(e[n], o[n]) }
            return (p(0), p(1), p(2), p(3), p(4), p(5), p(6), p(7), p(8), p(9), p(10), p(11))
        }()

    /// Σ zⁿ/(2n)! and Σ zⁿ/(2n+1)!, n = 0…11, by Horner's rule from n = 11 down: the same
    /// operations, in the same order, as the loop over `SpringSeries`' coefficients (both sums in
    /// the two lanes of one vector).
    @inline(__always)
    static func series(_ z: Double) -> (Double, Double) {
        let k = seriesCoefficients
        let zz = SIMD2(repeating: z)
        var v = k.11
        v = v * zz + k.10
        v = v * zz + k.9
        v = v * zz + k.8
        v = v * zz + k.7
        v = v * zz + k.6
        v = v * zz + k.5
        v = v * zz + k.4
        v = v * zz + k.3
        v = v * zz + k.2
        v = v * zz + k.1
        v = v * zz + k.0
        return (v.x, v.y)
    }

    /// cos(s·t) and sin(s·t) of the exact product s·t (s, t ≥ 0): the rounded product plus
    /// its exact remainder (fused multiply-add), each reduced by the C library, combined by
    /// the angle-addition formulas. Beyond the Double range the same in Float80 where it
    /// exists (x86); nil elsewhere.
    static func cosSin(_ s: Double, _ t: Double) -> (Double, Double)? {
        let th = s * t
        if th.isFinite {
            let lo = (-th).addingProduct(s, t)
            let c = Double.cos(th), sn = Double.sin(th)
            if lo == 0 { return (c, sn) }
            // cos lo and sin lo round to 1 and lo where |lo| < 2⁻²⁷ (lo²/2 < 2⁻⁵⁵, below half an
            // ulp of 1; |lo|³/6 below half an ulp of lo), the values the C library returns there
            // (glibc returns them without evaluating): the same sums without the two calls.
            if abs(lo) < 0x1p-27 { return (c - sn * lo, sn + c * lo) }
            let cl = Double.cos(lo), sl = Double.sin(lo)
            return (c * cl - sn * sl, sn * cl + c * sl)
        }
        #if arch(x86_64) && (os(Linux) || os(macOS))
        let s8 = Float80(s), t8 = Float80(t)
        let h = s8 * t8
        let l = (-h).addingProduct(s8, t8)
        let c = cosl(h), sn = sinl(h), cl = cosl(l), sl = sinl(l)
        return (Double(c * cl - sn * sl), Double(sn * cl + c * sl))
        #else
        return nil
        #endif
    }
}
