import Testing
@testable import MotionKernel
#if canImport(Glibc)
import Glibc
#endif

#if arch(x86_64)
/// ln |y(t)| of the under-damped closed form y = e^{−λt}(y0 cos st + ((v0 + λy0)/s) sin st),
/// in Float80 (64-bit significand, exponent range to 10^4932: no overflow or underflow here).
func refLogAbsY(lambda: Double, s: Double, y0: Double, v0: Double, t: Double) -> Float80 {
    let l = Float80(lambda), w = Float80(s), tt = Float80(t)
    let b = (Float80(v0) + l * Float80(y0)) / w
    let th = w * tt
    let f = Float80(y0) * cosl(th) + b * sinl(th)
    return -l * tt + logl(abs(f))
}
#endif

@Suite("Spring robustness: tiny tolerances, huge times and states")
struct SpringRobustnessTests {
    #if arch(x86_64)
    /// Checks that T is the last crossing: |y| > ε just before T and ≤ ε just after, from the
    /// Float80 closed form. δ = 1e-12·T: T is bisected to adjacent Doubles on τ with log-space
    /// comparisons whose error is a few ulps of |ln ε| + ln-amplitude (< 2000·2⁻⁵³ < 3e-13 in
    /// the log), and |d ln|y|/dt| ≥ λ on the decreasing piece, so T is within 3e-13/λ + ulp(T)
    /// of the crossing; the Float80 reference has error < 1e-15 in the log. Both are far
    /// inside δ·λ for the springs below (λ ≥ 5, T ≥ 1).
    func checkCrossing(_ sp: Spring<Double>, y0: Double, v0: Double, logEps: Float80, T: Double) {
        let d = 1e-12 * T
        let before = refLogAbsY(lambda: sp.decayRate, s: sp.s, y0: y0, v0: v0, t: T - d)
        let after = refLogAbsY(lambda: sp.decayRate, s: sp.s, y0: y0, v0: v0, t: T + d)
        #expect(before > logEps, "|y| > ε just before T = \(T)")
        #expect(after <= logEps, "|y| ≤ ε just after T = \(T)")
        // Settled afterwards, through the next peak (within π/s of T) and beyond.
        for k in 1...24 {
            let t = T + Double(k) * Double.pi / (8 * sp.s)
            #expect(refLogAbsY(lambda: sp.decayRate, s: sp.s, y0: y0, v0: v0, t: t) <= logEps, "t = T + \(k)π/8s")
        }
    }

    @Test("ε = 5e-324, k 100, c 10: the true last crossing near 148.9 s (envelope e^{−5t} = ε)")
    func tinyEpsilon() throws {
        let sp = try Spring<Double>(mass: 1, stiffness: 100, damping: 10)
        let eps = Double.leastNonzeroMagnitude
        let T = try sp.settlingDuration(epsilon: eps, from: 0, to: 1, initialVelocity: 0)
        // y0 = −1, v0 = 0: peaks e^{−λjπ/s} at t = jπ/s; the crossing is within π/s after the
        // last one above ε, so T ∈ (−ln ε/λ − π/s, −ln ε/λ + π/s).
        let logEps = -1074 * logl(2)
        let tEnv = Double(-logEps / 5)
        #expect(abs(T - tEnv) < Double.pi / sp.s, "T = \(T), envelope time \(tEnv)")
        checkCrossing(sp, y0: -1, v0: 0, logEps: logEps, T: T)
        // The velocity-aware measure is at least as long.
        let Tv = try sp.settlingDuration(epsilon: eps, velocityEpsilon: eps, from: 0, to: 1, initialVelocity: 0)
        #expect(Tv >= T)
    }

    @Test("initial velocity 1e308 and displacement 1e300: no overflow, the true crossing")
    func hugeStates() throws {
        let sp = try Spring<Double>(mass: 1, stiffness: 100, damping: 10)
        for (y0, v0, eps) in [(-1.0, 1e308, 1e-3), (1e300, -1e300, 1e-3), (-1.0, 1e308, Double.leastNonzeroMagnitude)] {
            let T = try sp.settlingDuration(epsilon: eps, from: y0, to: 0, initialVelocity: v0)
            #expect(T.isFinite && T > 0)
            checkCrossing(sp, y0: y0, v0: v0, logEps: logl(Float80(eps)), T: T)
        }
        let Tv = try sp.settlingDuration(epsilon: 1e-3, velocityEpsilon: 1e-3, from: 0, to: 1, initialVelocity: 1e308)
        #expect(Tv.isFinite)
    }
    #endif

    #if arch(x86_64)
    @Test("both sides of the direct/long-time switch (phase 2¹⁶ rad) match the Float80 closed form")
    func switchContinuity() throws {
        let sp = try Spring<Double>(stiffness: 100, dampingRatio: 1e-6)
        let l = Float80(sp.decayRate), w = Float80(sp.s)
        for t in [6553.0, 6553.5, 6553.65, 6553.7, 6554.0, 1e5, 1e7] {
            let tt = Float80(t)
            let ref = expl(-l * tt) * (cosl(w * tt) + l / w * sinl(w * tt))
            let y = sp.displacement(at: t, initialDisplacement: 1, initialVelocity: 0).displacement
            // Direct path (s·t ≤ 2¹⁶): the rounded phase s·t is off by ≤ u·s·t ≤ 2⁻³⁷ rad, so
            // |Δy| ≤ 2⁻³⁷ + 10u; the long-time path has the exact phase and a signed-log round
            // trip (≤ 10u·(1 + |ln|y||)). 1e-11 covers both at these amplitudes (|ln|y|| < 30).
            #expect(abs(Float80(y) - ref) <= 1e-11, "t \(t): \(y) vs \(ref)")
        }
    }
    #endif

    @Test("ζ = 1e-300 settles after ≈ ln(1000)/λ s; ζ = 5e-324 (and Float overflow) is a named error")
    func nearlyUndamped() throws {
        let sp = try Spring<Double>(stiffness: 100, dampingRatio: 1e-300)
        let T = try sp.settlingDuration(epsilon: 1e-3)
        // Peaks e^{−λt} at spacing π/s (y0 = −1, v0 = 0): the last one above 1e-3 is within one
        // half period of ln(1000)/λ, λ = ζω₀ = 1e-299 (relative rounding of λ, s: a few ulps).
        let lam = sp.decayRate
        #expect(abs(T - Double.log(1000) / lam) <= Double.pi / sp.s + 1e-14 * T)
        do {
            _ = try Spring<Double>(stiffness: 100, dampingRatio: .leastNonzeroMagnitude).settlingDuration(epsilon: 1e-3)
            Issue.record("expected an error")
        } catch let e { #expect(e.field == "epsilon") }
    }

    @Test("Float: a settling time beyond Float's range is a named error, never ∞")
    func floatOverflow() throws {
        // ζ = 1e-40 (Float subnormal): λ = 1e-39, T ≈ 6.9e39 > Float.greatestFiniteMagnitude.
        let sp = try Spring<Float>(stiffness: 100, damping: Float(2e-39))
        do {
            _ = try sp.settlingDuration(epsilon: 1e-3)
            Issue.record("expected an error")
        } catch let e { #expect(e.field == "epsilon") }
    }

    static func decayedSprings() throws -> [Spring<Double>] {
        [
            try Spring(stiffness: 100, dampingRatio: 0.5), try Spring(stiffness: 100, dampingRatio: 1),
            try Spring(stiffness: 100, dampingRatio: 1 + 1e-12), try Spring(stiffness: 100, dampingRatio: 30),
            try Spring(stiffness: 1e-6, dampingRatio: 0.01), try Spring(mass: 1e-300, stiffness: 1, damping: 1e-150),
        ]
    }

    @Test("state at t = 1e10 … greatestFiniteMagnitude (and +∞) is the decayed limit: exactly `to`, velocity 0")
    func hugeTimes() throws {
        let times = [1e10, 1e100, 1e305, 1e308, Double.greatestFiniteMagnitude, .infinity]
        for sp in try Self.decayedSprings() {
            // e^{−ρt} ≤ e^{−ρ·1e10}: ρ ≥ 1e-6·… for these springs, so ρ·1e10 ≥ 2e3 and every
            // term underflows; the sum to + 0 is `to` exactly.
            for t in times {
                let st = sp.state(at: t, from: -3, to: 2, initialVelocity: 40)
                #expect(st.value == 2 && st.velocity == 0, "ζ \(sp.dampingRatio) t \(t): \(st)")
                let p = sp.propagator(t)
                #expect(p.p11 == 0 && p.p12 == 0 && p.p21 == 0 && p.p22 == 0)
            }
        }
        let f = try Spring<Float>(stiffness: 100, dampingRatio: 0.5)
        for t in [Float(1e10), 1e30, .greatestFiniteMagnitude, .infinity] {
            let st = f.state(at: t, from: -3, to: 2, initialVelocity: 40)
            #expect(st.value == 2 && st.velocity == 0, "Float t \(t): \(st)")
        }
    }

    @Test("nearly undamped springs at huge times: finite, within the energy bound; exact phase at 1e10")
    func hugeTimesUndamped() throws {
        // Energy ½(v² + ω₀²y²) never grows: |y| ≤ √(y0² + (v0/ω0)²).
        for sp in [try Spring<Double>(stiffness: 100, damping: 0), try Spring<Double>(stiffness: 100, dampingRatio: .leastNonzeroMagnitude)] {
            for t in [1e10, 1e100, 1e305, 1e308, Double.greatestFiniteMagnitude] {
                let st = sp.state(at: t, from: 1, to: 0, initialVelocity: 0)
                #if arch(x86_64)
                #expect(st.value.isFinite && abs(st.value) <= 1 + 4 * Double.ulpOfOne, "t \(t): \(st)")
                #endif
            }
            // t = 1e10, ω = 10: the phase 1e11 rad is exact in Double; c = cos(1e11) from the C
            // library (≤ 1 ulp), e^{−λt} = 1 exactly, then the signed-log round trip
            // exp(ln c): relative error ≤ u(2 + |ln c|) + 2u, so absolute ≤ |c|(4 + |ln c|)u ≤
            // (4 + 1/e)u < 3·ulpOfOne (ulpOfOne = 2u), against cos(1e11) itself within 1 ulp.
            let st = sp.state(at: 1e10, from: 1, to: 0, initialVelocity: 0)
            #expect(abs(st.value - Double.cos(1e11)) <= 3 * Double.ulpOfOne)
        }
    }
}
