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
        let r = a.sign * Double.exp(a.log - m) + b.sign * Double.exp(b.log - m)
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

    @usableFromInline init<T: MotionScalar>(_ sp: Spring<T>) {
        lam = sp.lambda.doubleValue
        q = sp.q.doubleValue
        s = sp.s.doubleValue
        w2 = sp.omega0Squared.doubleValue
        rho = sp.rho.doubleValue
    }

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

    /// `entries(t)`, or with `all` false only its first entry (the others 0).
    @inline(__always)
    private func entries(_ t: Double, all: Bool) -> (SignedLog, SignedLog, SignedLog, SignedLog)? {
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
            var c = SpringSeries.evenReciprocalFactorials[11]
            var sn = SpringSeries.oddReciprocalFactorials[11]
            let z = -qt2
            for n in stride(from: 10, through: 0, by: -1) {
                c = c * z + SpringSeries.evenReciprocalFactorials[n]
                sn = sn * z + SpringSeries.oddReciprocalFactorials[n]
            }
            let S = sn * t
            let e11 = SignedLog(c + lam * S).decayed(decay)
            guard all else { return (e11, .zero, .zero, .zero) }
            let p12 = SignedLog(S)
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
            guard all else { return (e11, .zero, .zero, .zero) }
            let p12 = SignedLog(sign: sn > 0 ? 1 : (sn < 0 ? -1 : 0), log: Double.log(abs(sn)) - Double.log(s))
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
        let w = Double.exp(-2 * mu * t), em = -Double.expm1(-2 * mu * t)
        let l2mu = Double.log(mu) + Double.log(2.0)
        // lm − ρw > 0 (ρ = ω₀²/lm < lm); the (2,2) factor lm·w − ρ changes sign.
        let e11 = SignedLog(lm - rho * w).decayed(l2mu + decay)
        guard all else { return (e11, .zero, .zero, .zero) }
        let p12 = SignedLog(sign: 1, log: Double.log(em) - l2mu)
        return (
            e11, p12.decayed(decay),
            SignedLog(sign: -1, log: Double.log(w2) + p12.log).decayed(decay),
            SignedLog(lm * w - rho).decayed(l2mu + decay)
        )
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
