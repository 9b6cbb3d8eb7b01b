import Testing

@testable import MotionKernel

/// Designs at extreme masses: the motion depends on k/m and c/m only, so scaling the mass (with
/// stiffness and damping) must leave every design and every check unchanged, and every check
/// must hold for the closed-form motion of the returned spring.
@Suite("Spring designs at every mass")
struct SpringDesignScaleTests {
    static let u = Double.ulpOfOne / 2
    /// Masses that are powers of two (≈ 1e±200, 1e±100): the library's scaling is then exact,
    /// so the checks must be bit for bit those of mass 1.
    static let binaryMasses: [Double] = [-664, -332, 332, 664].map { Double(sign: .plus, exponent: $0, significand: 1) }
    static let decimalMasses: [Double] = [1e-200, 1e-100, 1e100, 1e200]

    /// ζ and ω₀ of `s` from the oracle's k/m and c/(2m) in `DesignWide` (no k·m formed).
    static func wideZetaOmega(_ s: Spring<Double>) -> (zeta: DesignWide, omega0: DesignWide) {
        let o = DesignOracle(s)
        let w0 = o.w2.squareRoot()
        return (o.lambda / w0, w0)
    }

    /// The overshoot e^(−πζ/√(1 − ζ²)) and peak time π/(ω₀√(1 − ζ²)) of `s` in `DesignWide`, with
    /// a bound on their error relative to the exact values for the stored k, c, m: the inputs
    /// k/m, c/(2m) carry 1 rounding each (u_w), ζ and ω₀ ≤ 3u_w, √(1 − ζ²) ≤ (3u_w·ζ²/(1 − ζ²) + 3u_w),
    /// the exponent a = πζ/√(1 − ζ²) ≤ 10u_w relative plus that, and exp adds 2u_w: the overshoot's
    /// relative error is ≤ a·(relative error of a) + 2u_w, the peak time's ≤ the sum of its factors'.
    static func wideOscillation(_ s: Spring<Double>) -> (overshoot: Double, osErr: Double, peakTime: Double, tpErr: Double) {
        let uw = Double(DesignWide.ulpOfOne) / 2
        let (zeta, w0) = wideZetaOmega(s)
        let r = (1 - zeta * zeta).squareRoot()
        let a = DesignWide.pi * zeta / r
        let z = Double(zeta)
        let rErr = 3 * uw * z * z / (1 - z * z) + 3 * uw
        let os = wideExp(-a)
        let osRel = Double(a) * (10 * uw + rErr) + 2 * uw
        let tp = DesignWide.pi / (w0 * r)
        let tpRel = 3 * uw + rErr + 4 * uw
        // Rounding the wide values to Double adds u relative.
        return (Double(os), Double(os) * (osRel + u), Double(tp), Double(tp) * (tpRel + u))
    }

    @Test("overshoot and peak time: the same checks at every mass, and true for the returned spring")
    func overshootDesign() throws {
        let base = try Spring<Double>.design(overshoot: 0.1, peakTime: 0.3)
        for m in Self.binaryMasses + Self.decimalMasses {
            let d = try Spring<Double>.design(overshoot: 0.1, peakTime: 0.3, mass: m)
            #expect(d.spring.mass == m)
            let w = Self.wideOscillation(d.spring)
            for (target, requested, truth, truthErr) in [
                (SpringDesign.Target.overshoot, 0.1, w.overshoot, w.osErr), (.peakTime, 0.3, w.peakTime, w.tpErr),
            ] {
                let c = try #require(d[target]), c1 = try #require(base[target])
                // Certified: the exact value of the returned spring is within errorBound.
                #expect(abs(truth - requested) <= c.errorBound + truthErr, "\(target) mass \(m)")
                // Tight: the closed forms' rounding bounds are below 1e-13 relative here.
                #expect(c.errorBound <= 1e-13 * requested, "\(target) mass \(m): \(c.errorBound)")
                if Self.binaryMasses.contains(m) {
                    #expect(c.achieved == c1.achieved && c.errorBound == c1.errorBound, "\(target) mass \(m)")
                } else {
                    // Two certified values of quantities whose exact values differ only by the
                    // rounding of k = m·ω₀², c = 2mζω₀ (≤ 4u relative in k/m and c/m, which moves
                    // ζ, ω₀ by ≤ 4u and the checks by far less than their bounds' sum).
                    #expect(abs(c.achieved - c1.achieved) <= c.errorBound + c1.errorBound, "\(target) mass \(m)")
                }
            }
            // The designed ζ and ω₀ are the mass-1 ones: the stored k, c, m round ζ, ω₀ by ≤ 4u
            // (k = m·ω₀² two roundings, c = 2mζω₀ two), the oracle adds ≤ 3u_w ≤ 3u.
            let z = Self.wideZetaOmega(d.spring), z1 = Self.wideZetaOmega(base.spring)
            #expect(abs(Double(z.zeta - z1.zeta)) <= 16 * Self.u * Double(z1.zeta), "mass \(m)")
            #expect(abs(Double(z.omega0 - z1.omega0)) <= 16 * Self.u * Double(z1.omega0), "mass \(m)")
        }
    }

    @Test("period and decay ratio: the same checks at every mass")
    func decayDesign() throws {
        let base = try Spring<Double>.design(period: 0.4, decayRatio: 0.2)
        for m in Self.binaryMasses + Self.decimalMasses {
            let d = try Spring<Double>.design(period: 0.4, decayRatio: 0.2, mass: m)
            let w = Self.wideOscillation(d.spring)
            let p = try #require(d[.period]), r = try #require(d[.decayRatio])
            // period = 2·t_peak, decay ratio = overshoot².
            #expect(abs(2 * w.peakTime - 0.4) <= p.errorBound + 2 * w.tpErr, "mass \(m)")
            #expect(abs(w.overshoot * w.overshoot - 0.2) <= r.errorBound + 3 * w.overshoot * w.osErr, "mass \(m)")
            #expect(p.errorBound <= 1e-13 && r.errorBound <= 1e-13, "mass \(m)")
            if Self.binaryMasses.contains(m) {
                #expect(p.achieved == base[.period]!.achieved && r.achieved == base[.decayRatio]!.achieved, "mass \(m)")
            }
        }
    }

    /// |y(S)| for the returned spring's motion from `from` to `to` at rest, from the oracle, and
    /// the bound within which it must equal ε when S is the exact settling time: the oracle's
    /// relative error on terms of size |y₀|(1 + λS) (see `DesignOracle`), plus the motion over
    /// S's own rounding (u·S times the speed, ≤ |y₀|·ω₀·(1 + 2ζ) by the energy bound), plus
    /// the settling solver's log-domain comparison ln|y| > ln ε (a few roundings on logarithms
    /// of size ≤ |ln ε| + 1: ≤ 64u·ε·(1 + |ln ε|)) for ε = 0.001.
    static func settledAt(_ s: Spring<Double>, _ t: Double, y0: Double) -> (y: Double, slack: Double) {
        let o = DesignOracle(s)
        let y = abs(Double(o.state(t, y0: y0, v0: 0).y))
        let w0 = Double(o.w2.squareRoot()), lambda = Double(o.lambda)
        let eps = 0.001
        let slack =
            DesignOracle.relativeError * abs(y0) * (1 + lambda * t) + 2 * u * t * abs(y0) * w0 * (1 + 2 * lambda / w0)
            + 64 * u * eps * (1 + abs(Double.log(eps)))
        return (y, slack)
    }

    @Test("settling with a damping ratio: mass 1e±200 designs the mass-1 spring scaled (k ≈ 645·m), not an error")
    func settlingDesign() throws {
        let base = try Spring<Double>.design(dampingRatio: 0.5, settlingDuration: 0.3, epsilon: 0.001)
        let b = try #require(base[.settlingDuration])
        for m in Self.binaryMasses + Self.decimalMasses {
            let d = try Spring<Double>.design(dampingRatio: 0.5, settlingDuration: 0.3, epsilon: 0.001, mass: m)
            let c = try #require(d[.settlingDuration])
            #expect(abs(c.achieved - 0.3) <= c.errorBound, "mass \(m)")
            // The achieved settling time is true: |y| = ε there (a crossing), per the oracle.
            let at = Self.settledAt(d.spring, c.achieved, y0: -1)
            #expect(abs(at.y - 0.001) <= at.slack, "mass \(m): |y(S)| = \(at.y)")
            let z = Self.wideZetaOmega(d.spring), z1 = Self.wideZetaOmega(base.spring)
            if Self.binaryMasses.contains(m) {
                #expect(c.achieved == b.achieved && c.errorBound == b.errorBound, "mass \(m)")
                #expect(d.spring.stiffness / m == base.spring.stiffness && d.spring.damping / m == base.spring.damping, "mass \(m)")
            } else {
                // Same search on k/m; the returned k, c round ω₀, ζ by ≤ 4u (see above).
                #expect(abs(Double(z.omega0 - z1.omega0)) <= 16 * Self.u * Double(z1.omega0), "mass \(m)")
            }
            #expect(abs(Double(z.zeta) - 0.5) <= 16 * Self.u, "mass \(m)")
        }
    }

    @Test("settling with an overshoot: the same design at every mass")
    func overshootSettlingDesign() throws {
        let base = try Spring<Double>.design(overshoot: 0.1, settlingDuration: 0.5, epsilon: 0.001)
        for m in Self.binaryMasses + Self.decimalMasses {
            let d = try Spring<Double>.design(overshoot: 0.1, settlingDuration: 0.5, epsilon: 0.001, mass: m)
            let s = try #require(d[.settlingDuration]), o = try #require(d[.overshoot])
            #expect(abs(s.achieved - 0.5) <= s.errorBound, "mass \(m)")
            let at = Self.settledAt(d.spring, s.achieved, y0: -1)
            #expect(abs(at.y - 0.001) <= at.slack, "mass \(m)")
            let w = Self.wideOscillation(d.spring)
            #expect(abs(w.overshoot - 0.1) <= o.errorBound + w.osErr, "mass \(m)")
            if Self.binaryMasses.contains(m) {
                #expect(s.achieved == base[.settlingDuration]!.achieved && o.achieved == base[.overshoot]!.achieved, "mass \(m)")
            }
        }
    }
}
