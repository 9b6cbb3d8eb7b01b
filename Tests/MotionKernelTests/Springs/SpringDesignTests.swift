import Testing
@testable import MotionKernel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if arch(x86_64) && !os(Windows)
/// The oracle's precision: x87 extended (64-bit significand) where it exists.
typealias DesignWide = Float80
func wideExp(_ x: DesignWide) -> DesignWide { expl(x) }
func wideSin(_ x: DesignWide) -> DesignWide { sinl(x) }
func wideCos(_ x: DesignWide) -> DesignWide { cosl(x) }
#else
typealias DesignWide = Double
func wideExp(_ x: DesignWide) -> DesignWide { Double.exp(x) }
func wideSin(_ x: DesignWide) -> DesignWide { Double.sin(x) }
func wideCos(_ x: DesignWide) -> DesignWide { Double.cos(x) }
#endif

/// An independent closed form of the spring m y″ + c y′ + k y = 0 (y = x − to) in `DesignWide`,
/// written from the textbook solution per regime (no code of the library):
/// y = e^(−λt)[y₀ C + (v₀ + λy₀) S], v = e^(−λt)[v₀ C − (ω₀²y₀ + λv₀) S], with C = cos st,
/// S = sin(st)/s (under-damped), cosh/sinh (over-damped), C = 1, S = t (critical).
struct DesignOracle {
    let lambda: DesignWide, w2: DesignWide, q: DesignWide
    init(_ s: Spring<Double>) {
        let m = DesignWide(s.mass)
        lambda = DesignWide(s.damping) / (2 * m)
        w2 = DesignWide(s.stiffness) / m
        q = w2 - lambda * lambda
    }
    func cs(_ t: DesignWide) -> (c: DesignWide, s: DesignWide) {
        if q > 0 {
            let s = q.squareRoot()
            return (wideCos(s * t), wideSin(s * t) / s)
        } else if q < 0 {
            let mu = (-q).squareRoot()
            let a = wideExp(mu * t), b = wideExp(-mu * t)
            return ((a + b) / 2, (a - b) / (2 * mu))
        }
        return (1, t)
    }
    func state(_ t: Double, y0: Double, v0: Double) -> (y: DesignWide, v: DesignWide) {
        let tt = DesignWide(t), y0 = DesignWide(y0), v0 = DesignWide(v0)
        let e = wideExp(-lambda * tt), (c, s) = cs(tt)
        return (e * (y0 * c + (v0 + lambda * y0) * s), e * (v0 * c - (w2 * y0 + lambda * v0) * s))
    }
    /// The oracle's evaluation error relative to the magnitude of its terms: fewer than 20
    /// roundings (libm ≤ 2 ulp each) on every path, times a growth factor ≤ 1 + λt + st ≤ 50 for
    /// the times used here: 1000·u_wide.
    static var relativeError: Double { 1000 * Double(DesignWide.ulpOfOne) / 2 }
}

/// The k-th zero (k = 1, 2, …) where the step response's velocity turns from + to − (a
/// maximum of x), found by a scan of 4000 steps over [0, span] and 200 bisections in
/// `DesignWide`.
func velocityRoot(_ o: DesignOracle, span: Double, crossing k: Int) -> Double? {
    let h = span / 4000
    var found = 0
    for i in 1...4000 where o.state(Double(i) * h, y0: -1, v0: 0).v <= 0 && o.state(Double(i - 1) * h, y0: -1, v0: 0).v > 0 {
        found += 1
        if found < k { continue }
        var a = Double(i - 1) * h, b = Double(i) * h
        for _ in 0..<200 {
            let m = a + (b - a) / 2
            if m <= a || m >= b { break }
            if o.state(m, y0: -1, v0: 0).v > 0 { a = m } else { b = m }
        }
        return b
    }
    return nil
}

@Suite("spring design")
struct SpringDesignTests {
    static let u = Double.ulpOfOne / 2

    @Test(
        "overshoot + peak time: the closed forms round-trip through an independent root of the velocity",
        arguments: [0.005, 0.05, Double.exp(-Double.pi), 0.5, 0.9], [0.02, 0.3, 5.0])
    func overshootPeakTime(overshoot: Double, peakTime: Double) throws {
        for mass in [1.0, 2.5] {
            let d = try Spring<Double>.design(overshoot: overshoot, peakTime: peakTime, mass: mass)
            let o = DesignOracle(d.spring)
            let tp = try #require(velocityRoot(o, span: 3 * peakTime, crossing: 1))
            let os = Double(o.state(tp, y0: -1, v0: 0).y)
            // Oracle error: the root's velocity error over the slope |x″| = ω₀²e^(−λt) gives a
            // relative error ≤ relativeError in t_p; at the peak x is stationary, so the
            // overshoot only carries its own evaluation error (relative to the unit terms).
            let osCheck = try #require(d[.overshoot]), tpCheck = try #require(d[.peakTime])
            #expect(abs(os - overshoot) <= osCheck.errorBound + DesignOracle.relativeError + 4 * Self.u * overshoot)
            #expect(abs(tp - peakTime) <= tpCheck.errorBound + (DesignOracle.relativeError + 4 * Self.u) * peakTime)
            // The bounds of the analysis: (a·δa + 2u)·2 with δa ≤ 12u, a ≤ 5.3, plus the
            // design's own roundings: far below 1e-13 relative.
            #expect(osCheck.errorBound <= 1e-13 * overshoot)
            #expect(tpCheck.errorBound <= 1e-13 * peakTime)
            #expect(d.spring.mass == mass && d.stiffnessBracket == nil)
        }
    }

    @Test("overshoot e^−π is ζ = 1/√2; overshoot is independent of peak time and mass")
    func closedForm() throws {
        let d = try Spring<Double>.design(overshoot: Double.exp(-Double.pi), peakTime: 1)
        // ζ through log, hypot, a division (≤ 8u) and Spring's stored ratio (≤ 4u) from an
        // input e^−π rounded (δ ≤ u, which moves ln by u/π): 16u covers it.
        #expect(abs(d.spring.dampingRatio - 0.5.squareRoot()) <= 16 * Self.u)
        // ω_d = π: ω₀ = π/√(1 − ½) = π√2, k = 2π².
        #expect(abs(d.spring.stiffness - 2 * Double.pi * Double.pi) <= 32 * Self.u * d.spring.stiffness)
        let e = try Spring<Double>.design(overshoot: Double.exp(-Double.pi), peakTime: 7, mass: 3)
        #expect(abs(e.spring.dampingRatio - d.spring.dampingRatio) <= 16 * Self.u)
    }

    @Test("period + decay ratio: two successive maxima one period apart, shrinking by the ratio", arguments: [0.01, 0.2, 0.7, 0.99])
    func decay(ratio: Double) throws {
        for period in [0.05, 0.5, 3.0] {
            let d = try Spring<Double>.design(period: period, decayRatio: ratio)
            let o = DesignOracle(d.spring)
            let t1 = try #require(velocityRoot(o, span: 2.5 * period, crossing: 1))
            let t2 = try #require(velocityRoot(o, span: 2.5 * period, crossing: 2))
            let p1 = o.state(t1, y0: -1, v0: 0).y, p2 = o.state(t2, y0: -1, v0: 0).y
            let measured = Double(p2 / p1)
            let pCheck = try #require(d[.period]), rCheck = try #require(d[.decayRatio])
            // Each root carries ≤ relativeError·t relative error (t ≤ 2.5 periods); each peak
            // value its evaluation error relative to the unit terms, over |peak| ≥ ratio^(1/2)·ratio.
            let peakErr = 2 * DesignOracle.relativeError / Double(abs(p1)) * (1 + measured)
            #expect(abs((t2 - t1) - period) <= pCheck.errorBound + 6 * DesignOracle.relativeError * period + 4 * Self.u * period)
            #expect(abs(measured - ratio) <= rCheck.errorBound + peakErr + 4 * Self.u)
            #expect(pCheck.errorBound <= 1e-13 * period && rCheck.errorBound <= 1e-12 * ratio)
        }
    }

    @Test("overshoot + settling time: the exact settling duration of the result is within its bracket bound")
    func overshootSettling() throws {
        for (os, t, eps) in [(0.1, 0.8, 0.001), (0.01, 0.3, 0.003), (0.6, 2.0, 1e-6)] {
            for (from, to) in [(0.0, 1.0), (5.0, -15.0)] {
                let d = try Spring<Double>.design(overshoot: os, settlingDuration: t, epsilon: eps * abs(to - from), from: from, to: to)
                // The library's exact settling time (tested on its own) as the oracle.
                let s = try d.spring.settleTime(y0: from - to, v0: 0, epsilon: eps * abs(to - from))
                let check = try #require(d[.settlingDuration])
                #expect(s <= t)
                #expect(t - s <= check.errorBound)
                // Bisection to 2⁻⁴⁴·|log k| in log k moves S = S₁/√k by ≤ S·2⁻⁴⁵·|log k|(1 + …).
                #expect(check.errorBound <= 1e-11 * t)
                let bracket = try #require(d.stiffnessBracket)
                #expect(bracket.upperBound == d.spring.stiffness)
                #expect(
                    try Spring<Double>(stiffness: bracket.lowerBound, dampingRatio: d.spring.dampingRatio).settleTime(
                        y0: from - to, v0: 0, epsilon: eps * abs(to - from)) > t)
                let o = DesignOracle(d.spring)
                let tp = try #require(velocityRoot(o, span: 3 * t, crossing: 1))
                let osBound = try #require(d[.overshoot]).errorBound
                #expect(abs(Double(o.state(tp, y0: -1, v0: 0).y) - os) <= osBound + DesignOracle.relativeError + 4 * Self.u)
            }
        }
    }

    @Test("from rest the least stiff and the stiffest spring coincide (S is monotone in k)")
    func boundsFromRest() throws {
        for zeta in [0.3, 1.0, 2.5] {
            let a = try Spring<Double>.design(dampingRatio: zeta, settlingDuration: 0.4, epsilon: 0.001, bound: .leastStiff)
            let b = try Spring<Double>.design(dampingRatio: zeta, settlingDuration: 0.4, epsilon: 0.001, bound: .stiffest)
            // Both brackets have log-width ≤ 2⁻⁴⁴·|log k| around the one crossing.
            #expect(abs(a.spring.stiffness - b.spring.stiffness) <= 1e-11 * a.spring.stiffness)
        }
    }

    @Test("with an initial velocity: both ends are crossings of the deadline and satisfy their definitions")
    func boundsWithVelocity() throws {
        for (zeta, v0, t) in [(0.6, 10.0, 0.5), (0.3, -8.0, 0.6), (0.15, 25.0, 1.0)] {
            let eps = 0.001
            func settle(_ k: Double) throws -> Double {
                try Spring<Double>(stiffness: k, dampingRatio: zeta).settleTime(y0: -1, v0: v0, epsilon: eps)
            }
            let least = try Spring<Double>.design(dampingRatio: zeta, settlingDuration: t, epsilon: eps, bound: .leastStiff, initialVelocity: v0)
            let most = try Spring<Double>.design(dampingRatio: zeta, settlingDuration: t, epsilon: eps, bound: .stiffest, initialVelocity: v0)
            for d in [least, most] {
                let br = try #require(d.stiffnessBracket)
                #expect(try settle(br.upperBound) <= t)
                #expect(try settle(br.lowerBound) > t)
                #expect(br.upperBound / br.lowerBound - 1 <= 1e-11)
                let c = try #require(d[.settlingDuration])
                #expect(c.achieved <= t && t - c.achieved <= c.errorBound)
            }
            #expect(least.spring.stiffness <= most.spring.stiffness)
            // Stiffest: every stiffer spring settles by T (400 points up to 10⁶·k, off the search grid).
            for i in 1...400 {
                let k = most.spring.stiffness * Double.exp(Double(i) / 400 * Double.log(1e6) + 1e-3)
                #expect(try settle(k) <= t, "k = \(k)")
            }
            // Least stiff: no softer spring on a grid of 400 points down to k/100 meets it.
            for i in 1...400 {
                let k = least.spring.stiffness * Double.exp(-Double(i) / 400 * Double.log(100) - 1e-3)
                #expect(try settle(k) > t, "k = \(k)")
            }
        }
    }

    @Test("the scan's O(1) test agrees with the exact settling time away from the boundary")
    func settledByAgrees() throws {
        var rng = SplitMix64(seed: 0x5E77)
        var checked = 0
        for _ in 0..<3000 {
            let sp = try Spring<Double>(stiffness: rng.logUniform(1e-2, 1e6), dampingRatio: rng.logUniform(0.02, 5))
            let v0 = rng.uniform(-50, 50), t = rng.logUniform(0.01, 10)
            let s = try sp.settleTime(y0: -1, v0: v0, epsilon: 1e-3)
            // Skip settling times within 1e-9 relative of T, where rounding decides either way.
            if abs(s - t) <= 1e-9 * t { continue }
            guard let fast = sp.settledBy(t, y0: -1, v0: v0, epsilon: 1e-3) else {
                Issue.record("no answer for k \(sp.stiffness) ζ \(sp.dampingRatio)")
                continue
            }
            #expect(fast == (s <= t), "k \(sp.stiffness) ζ \(sp.dampingRatio) v0 \(v0) T \(t) S \(s)")
            checked += 1
        }
        #expect(checked > 2900)
    }

    @Test("bad input: typed errors naming the field")
    func errors() {
        func field(_ body: () throws -> Any) -> String? {
            do { _ = try body() } catch let e as MotionKernelError { return e.field } catch { return "?" }
            return nil
        }
        #expect(field { try Spring<Double>.design(overshoot: 0, peakTime: 1) } == "overshoot")
        #expect(field { try Spring<Double>.design(overshoot: 1, peakTime: 1) } == "overshoot")
        #expect(field { try Spring<Double>.design(overshoot: .nan, peakTime: 1) } == "overshoot")
        #expect(field { try Spring<Double>.design(overshoot: 0.1, peakTime: -1) } == "peakTime")
        #expect(field { try Spring<Double>.design(overshoot: 0.1, peakTime: 1e-300) } == "peakTime")
        #expect(field { try Spring<Double>.design(overshoot: 0.1, peakTime: 1, mass: 0) } == "mass")
        #expect(field { try Spring<Double>.design(period: 1, decayRatio: 1) } == "decayRatio")
        #expect(field { try Spring<Double>.design(period: .infinity, decayRatio: 0.5) } == "period")
        #expect(field { try Spring<Double>.design(overshoot: 0.1, settlingDuration: 0, epsilon: 0.01) } == "settlingDuration")
        #expect(field { try Spring<Double>.design(overshoot: 0.1, settlingDuration: 1, epsilon: 2) } == "epsilon")
        #expect(field { try Spring<Double>.design(overshoot: 0.1, settlingDuration: 1e-30, epsilon: 0.01) } == "settlingDuration")
        #expect(field { try Spring<Double>.design(dampingRatio: 0, settlingDuration: 1, epsilon: 0.01) } == "dampingRatio")
        #expect(field { try Spring<Double>.design(dampingRatio: 0.5, settlingDuration: 1, epsilon: 0.01, initialVelocity: .nan) } == "initialVelocity")
        #expect(field { try Spring<Double>.design(dampingRatio: 0.5, settlingDuration: 1e-9, epsilon: 1e-3) } == "settlingDuration")
        #expect(field { try Spring<Double>.design(dampingRatio: 0.5, settlingDuration: 1e9, epsilon: 1e-3) } == "settlingDuration")
    }
}
