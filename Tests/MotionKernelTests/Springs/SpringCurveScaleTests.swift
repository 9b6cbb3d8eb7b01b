import Testing

@testable import MotionKernel

/// `SpringCurve`'s chords and CSS `linear()` at extreme scales of the spring: the curve depends
/// only on ζ and the time scale ω₀, so a spring scaled in k and c (ζ fixed) must give the same
/// easing, and the certificate must hold against the true normalized spring.
@Suite("Spring curve at every scale")
struct SpringCurveScaleTests {
    static let u = Double.ulpOfOne / 2

    /// The normalized step response x(τ) = 1 + y(τ), y(0) = −1, y′(0) = v, of
    /// y″ + 2ζy′ + y = 0 in closed form (independent of the library), with a bound on its own
    /// rounding error: each term is amp·e^(…)·(cos, sin or 1) with the arguments rounded
    /// (relative u·|argument|, so absolute u·(ζ + ω)·τ after multiplying by τ) and at most
    /// 12 further roundings of libm (≤ 2u each) and arithmetic, on terms of total size `amp`.
    static func closedForm(zeta: Double, v: Double, tau: Double) -> (x: Double, err: Double) {
        let y0 = -1.0
        if zeta < 1 {
            let wd = ((1 - zeta) * (1 + zeta)).squareRoot()
            let e = Double.exp(-zeta * tau)
            let b = (v + zeta * y0) / wd
            let y = e * (y0 * Double.cos(wd * tau) + b * Double.sin(wd * tau))
            let amp = e * (abs(y0) + abs(b))
            return (1 + y, u * (24 + 4 * (zeta + wd) * tau) * (1 + amp) * (1 + abs(b)))
        } else if zeta == 1 {
            let e = Double.exp(-tau)
            let y = (y0 + (v + y0) * tau) * e
            return (1 + y, u * (24 + 4 * tau) * (1 + (abs(y0) + abs(v + y0) * tau) * e))
        } else {
            let mu = ((zeta - 1) * (zeta + 1)).squareRoot()
            let r1 = -zeta + mu, r2 = -zeta - mu
            let a = (v - r2 * y0) / (r1 - r2), b = y0 - a
            let e1 = Double.exp(r1 * tau), e2 = Double.exp(r2 * tau)
            let y = a * e1 + b * e2
            return (1 + y, u * (24 + 4 * (zeta + mu) * tau) * (1 + abs(a) * e1 + abs(b) * e2) * (1 + abs(a) + abs(b)))
        }
    }

    /// The piecewise-linear interpolant of the stops at progress p, and a bound on its rounding
    /// (a difference, a quotient, a product and a sum on values ≤ max|V|: ≤ 8u·max|V|).
    static func interpolant(_ stops: [SpringCSSLinear.Stop], _ p: Double) -> (value: Double, err: Double) {
        var i = 0
        while i + 2 < stops.count && stops[i + 1].input <= p { i += 1 }
        let a = stops[i], b = stops[i + 1]
        let w = (p - a.input) / (b.input - a.input)
        let maxV = max(abs(a.output), abs(b.output), 1)
        return (a.output + (b.output - a.output) * w, 8 * u * maxV)
    }

    /// Checks `r` against the true normalized spring at 4001 progress points: |L(p) − x(p·D_τ)|
    /// must be within maxError plus the rounding of L, of the closed form and of τ = p·D_τ
    /// (2u·τ times the largest speed √(1 + v²), the energy bound).
    static func expectCertified(
        _ r: SpringCSSLinear, zeta: Double, v: Double, unitDuration dTau: Double, dTauRelErr: Double, zetaRelErr: Double,
        _ label: String
    ) {
        let speed = (1 + v * v).squareRoot()
        var worst = 0.0
        for j in 0...4000 {
            let p = Double(j) / 4000
            let tau = p * dTau
            let cf = closedForm(zeta: zeta, v: v, tau: tau)
            let lin = interpolant(r.stops, p)
            // The reference's inputs: τ (relative 2u + dTauRelErr) moves x by ≤ speed·Δτ; ζ
            // (relative zetaRelErr) by ≤ Δζ·speed·τ² (Duhamel with |φ₁₂(τ)| ≤ τ).
            let inputs = speed * tau * (2 * u + dTauRelErr) + zetaRelErr * zeta * speed * tau * tau
            let slack = lin.err + cf.err + inputs
            worst = max(worst, abs(lin.value - cf.x) - slack)
        }
        #expect(worst <= r.maxError, "\(label): excess \(worst) over the certificate \(r.maxError)")
    }

    @Test(
        "cssLinear: springs scaled by 2^±996 and 2^±498 in k (c scaled to keep ζ) give the unit-scale easing, certified against the closed form",
        arguments: [0.3, 1.0, 2.0])
    func scaledSprings(zeta: Double) throws {
        let unit = try SpringCurve(spring: Spring<Double>(mass: 1, stiffness: 1, damping: 2 * zeta, allowOverDamping: true), initialVelocity: 0)
        let unitCSS = try unit.cssLinear(tolerance: 1e-3)
        // ω₀ = 1 exactly: D_τ = D.
        Self.expectCertified(unitCSS, zeta: zeta, v: 0, unitDuration: unit.duration, dTauRelErr: 0, zetaRelErr: 0, "unit ζ \(zeta)")
        for e in [-996, -498, 498, 996] {
            // k = 2^e, c = 2ζ·2^(e/2): ω₀ = 2^(e/2) and ζ are exact.
            let k = Double(sign: .plus, exponent: e, significand: 1)
            let w0 = Double(sign: .plus, exponent: e / 2, significand: 1)
            let spring = try Spring<Double>(mass: 1, stiffness: k, damping: 2 * zeta * w0, allowOverDamping: true)
            // The initial velocity 0.5 distances per τ: 0.5·ω₀ per second.
            for v in [0.0, 0.5] {
                let curve = try SpringCurve(spring: spring, initialVelocity: v * w0)
                let r = try curve.cssLinear(tolerance: 1e-3)
                let dTau = r.duration * w0  // exact: a power-of-two product
                #expect(r.maxError <= 1e-3)
                #expect(r.stops.count >= 2)
                Self.expectCertified(r, zeta: zeta, v: v, unitDuration: dTau, dTauRelErr: 0, zetaRelErr: 0, "ζ \(zeta) k 2^\(e) v \(v)")
                guard v == 0 else { continue }
                // The same easing as at unit scale: both interpolants are within their
                // certificates of the same normalized curve, over D_τ that differ by ΔD_τ
                // (which moves the curve by at most speed·ΔD_τ, speed ≤ 1 from rest).
                let dDiff = abs(dTau - unit.duration)
                for j in 0...2000 {
                    let p = Double(j) / 2000
                    let a = Self.interpolant(r.stops, p), b = Self.interpolant(unitCSS.stops, p)
                    #expect(abs(a.value - b.value) <= r.maxError + unitCSS.maxError + a.err + b.err + dDiff, "ζ \(zeta) 2^\(e) p \(p)")
                }
                // In fact the stops are printed identically whenever D_τ is.
                if dTau == unit.duration { #expect(r.css == unitCSS.css, "ζ \(zeta) 2^\(e)") }
            }
        }
    }

    @Test("cssLinear: k = 1e±300, c = 1e±150 (ζ = 1/2 to rounding) is certified against the closed form; so are 1e±150, 1")
    func decimalScales() throws {
        for (k, c) in [(1e300, 1e150), (1e150, 1e75), (1.0, 1.0), (1e-150, 1e-75), (1e-300, 1e-150)] {
            let spring = try Spring<Double>(mass: 1, stiffness: k, damping: c, allowOverDamping: true)
            let r = try SpringCurve(spring: spring).cssLinear(tolerance: 1e-3)
            #expect(r.maxError <= 1e-3)
            // The reference's ζ = c/(2√k) and ω₀ = √k from logarithms (independent of the
            // library's scaling): ln has absolute error ≤ 2u·|ln x|, exp doubles nothing but adds
            // 2u relative to its argument's absolute error; for |ln k| ≤ 691 the relative errors
            // are ≤ 2u·(|ln c| + |ln k|/2 + 1) + 4u for ζ, 2u·|ln k|/2 + 4u for ω₀.
            let lk = Double.log(k), lc = Double.log(c)
            let zeta = Double.exp(lc - Double.log(2) - 0.5 * lk)
            let w0 = Double.exp(0.5 * lk)
            let zetaErr = 2 * Self.u * (abs(lc) + abs(lk) / 2 + 1) + 4 * Self.u
            let w0Err = 2 * Self.u * abs(lk) / 2 + 4 * Self.u
            Self.expectCertified(r, zeta: zeta, v: 0, unitDuration: r.duration * w0, dTauRelErr: w0Err + Self.u, zetaRelErr: zetaErr, "k \(k)")
        }
    }
}
