import Foundation
import Testing

@testable import MotionKernel

/// Settling at the edges of the Double range: subnormal initial states (whose scaling by
/// 2^−(exponent+1) is not a single Double) and heavily over-damped springs whose extremum time
/// atanh(μr)/μ has μr rounding to 1.
@Suite("Exact settling at the Double range's edges")
struct SpringSettlingEdgeTests {
    @Test("subnormal initial states settle without a trap: at once when the band holds them")
    func subnormalStates() throws {
        let s = try Spring<Double>(mass: 1, stiffness: 500, damping: 10)
        let tiny = Double.leastNonzeroMagnitude
        for (y, v) in [(0.0, tiny), (tiny, 0.0), (-tiny, tiny * 0x1p40), (Double.leastNormalMagnitude, -tiny * 6000)] {
            #expect(try s.settlingDuration(epsilon: 0.5, from: y, to: 0, initialVelocity: v) == 0)
            #expect(try s.settlingDuration(epsilon: 0.5, velocityEpsilon: 0.01, from: y, to: 0, initialVelocity: v) == 0)
        }
        // A tolerance below the state: the crossing is still found (positive, finite).
        let t = try s.settlingDuration(epsilon: tiny * 2000, from: tiny * 1_000_000, to: 0)
        #expect(t > 0 && t.isFinite)
        // The crossing: |y(T)| = ε with y(T)/y0 = e^{−λT}(cos ωd·T + (λ/ωd)·sin ωd·T) and ε/y0 = 1/500
        // exactly (both are integer multiples of the least subnormal). The settling code answers T
        // within 1e-9 s, which moves y/y0 by at most |y′/y0|·1e-9 ≤ 30·1e-9 relative to 1/500.
        let lam = 5.0, wd = (500.0 - 25).squareRoot()
        let ratio = exp(-lam * t) * (cos(wd * t) + lam / wd * sin(wd * t))
        #expect(abs(abs(ratio) * 500 - 1) <= 1e-6)
    }

    @Test("heavily over-damped springs from y0 = 0 with a velocity: the slow exponential's crossing")
    func heavilyOverDamped() throws {
        for (k, c, v0, eps) in [(1e-15, 10.0, 1000.0, 0.5), (1e-14, 10.0, 1000.0, 0.5), (1e-9, 3e4, -20.0, 1e-6)] {
            let s = try Spring<Double>(mass: 1, stiffness: k, damping: c, allowOverDamping: true)
            let t = try s.settlingDuration(epsilon: eps, from: 0, to: 0, initialVelocity: v0)
            // y(t) = v0/(2μ)·(e^{−ρt} − e^{−(λ+μ)t}) with ρ = ω0²/(λ + μ): at T the fast term is
            // below e^{−c·T/2}·… ≈ 0, so T = ln(|v0|/(2μ·eps))/ρ. λ, μ, ρ and the logarithm each
            // carry a few u: relative 1e-12 is far outside their rounding.
            let lam = c / 2, mu = (lam * lam - k).squareRoot()
            let rho = k / (lam + mu)
            let expected = log(abs(v0) / (2 * mu * eps)) / rho
            #expect(abs(t - expected) <= 1e-12 * expected, "k \(k) c \(c): \(t) vs \(expected)")
        }
    }
}
