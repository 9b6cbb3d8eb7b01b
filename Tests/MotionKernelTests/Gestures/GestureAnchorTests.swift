import Foundation
import Testing

@testable import MotionKernel

/// The fling, inertia and velocity models against their anchors' own tests and definitions.
@Suite("Released gestures: Android fling, Motion inertia, AOSP VelocityTracker")
struct GestureAnchorTests {
    let u = 0x1p-53

    @Test("AOSP VelocityTracker: every single-pointer test of VelocityTracker_test.cpp within the anchor's own tolerance")
    func aospVelocityTracker() throws {
        #expect(aospVelocityCases.count >= 25)
        for c in aospVelocityCases {
            for (strategyName, axis, expected) in c.checks {
                let strategy = try #require(VelocityTracker.Strategy(rawValue: strategyName))
                let samples = c.samples.map { (time: $0.0, position: axis == "x" ? $0.1 : $0.2) }
                let v = try VelocityTracker.estimate(samples, strategy: strategy, releaseTime: c.releaseTime)
                let want = expected ?? 0
                // The anchor's check: |v − expected| ≤ relative·|expected|, 1e-6 when expected is 0.
                let bound = want == 0 ? 1e-6 : c.relative * abs(want)
                #expect(abs(v - want) <= bound, "\(c.test) (lines \(c.lines)) \(strategyName) \(axis): \(v) vs \(want)")
            }
        }
    }

    @Test("LSQ2 is the least-squares quadratic's slope at the newest sample: exact for quadratics, against normal equations")
    func leastSquaresIsTheQuadraticSlope() throws {
        // Samples of x(τ) = 3 + 40τ − 900τ² (τ relative to the newest, seconds): the fit is exact,
        // the velocity is 40 whatever the sampling.
        let times = [0.0, 0.008, 0.017, 0.031, 0.040, 0.052, 0.066]
        let newest = times.last!
        let samples = times.map { t -> (time: Double, position: Double) in
            let tau = t - newest
            return (1.5 + t, 3 + 40 * tau - 900 * tau * tau)
        }
        let v = try VelocityTracker.estimate(samples, strategy: .lsq2)
        // Normal equations' conditioning for τ ≈ 0.07 s: the sums of τ⁴ (≈ 10⁻⁵) against x (≈ 3)
        // leave about 10⁸·u of relative error in b.
        #expect(abs(v - 40) <= 1e-6 * 40)
        // Two samples: the line through them.
        let two = try VelocityTracker.estimate([(0.1, 5), (0.125, 7.5)], strategy: .lsq2)
        #expect(abs(two - 100) <= 4 * u * 100)
        #expect(try VelocityTracker.estimate([(0.1, 5), (0.125, 7.5)], strategy: .impulse) == two)
    }

    @Test("VelocityTracker rules: equal times keep the later sample, 40 ms gaps reset, the 100 ms horizon and 20-sample history")
    func velocityTrackerRules() throws {
        // The later of two equal timestamps replaces the earlier.
        let a = try VelocityTracker.estimate([(0, 0), (0.01, 1), (0.01, 2), (0.02, 4)], strategy: .impulse)
        let b = try VelocityTracker.estimate([(0, 0), (0.01, 2), (0.02, 4)], strategy: .impulse)
        #expect(a == b)
        // A gap over 40 ms discards what came before it.
        let c = try VelocityTracker.estimate([(0, 500), (0.01, 0), (0.06, 10), (0.07, 20), (0.08, 30)], strategy: .lsq2)
        let d = try VelocityTracker.estimate([(0.06, 10), (0.07, 20), (0.08, 30)], strategy: .lsq2)
        #expect(c == d)
        // A release more than 40 ms after the last sample: the pointer had stopped.
        #expect(try VelocityTracker.estimate([(0, 0), (0.01, 1), (0.02, 2)], strategy: .lsq2, releaseTime: 0.061) == 0)
        #expect(try VelocityTracker.estimate([(0, 0), (0.01, 1), (0.02, 2)], strategy: .lsq2, releaseTime: 0.06) != 0)
        // Samples older than 100 ms before the newest are outside the horizon (100 ms exactly is in).
        let line = (0...12).map { i -> (time: Double, position: Double) in (Double(i) * 0.01, Double(i) * Double(i)) }
        let within = Array(line[2...])  // ages 0…100 ms
        #expect(try VelocityTracker.estimate(line, strategy: .lsq2) == VelocityTracker.estimate(within, strategy: .lsq2))
        // At most 20 samples.
        let dense = (0...40).map { i -> (time: Double, position: Double) in (Double(i) * 0.002, sin(Double(i))) }
        #expect(try VelocityTracker.estimate(dense, strategy: .lsq2) == VelocityTracker.estimate(Array(dense[21...]), strategy: .lsq2))
        // Errors.
        for (samples, release, field) in [
            ([(0.0, 1.0)], nil, "samples"), ([(0.0, 1.0), (Double.nan, 2.0)], nil, "samples[1][0]"),
            ([(0.1, 1.0), (0.05, 2.0)], nil, "samples[1][0]"), ([(0.0, 1.0), (0.1, Double.infinity)], nil, "samples[1][1]"),
            ([(0.0, 1.0), (0.1, 2.0)], 0.05, "releaseTime"), ([(0.0, 1.0), (1e10, 2.0)], nil, "samples[1][0]"),
        ] as [([(Double, Double)], Double?, String)] {
            do {
                _ = try VelocityTracker.estimate(samples.map { (time: $0.0, position: $0.1) }, strategy: .lsq2, releaseTime: release)
                Issue.record("expected an error naming \(field)")
            } catch let e {
                #expect(e.field == field)
            }
        }
    }

    @Test("Motion inertia: the golden keyframes of Motion's own tests (no bound crossed), frame by frame")
    func motionInertiaGolden() throws {
        #expect(motionInertiaCases.count >= 4)
        for c in motionInertiaCases {
            let snap = c.halveTarget ? [(c.origin + c.power * c.velocity) / 2] : nil
            let m = try MotionInertia(
                from: c.origin, velocity: c.velocity, power: c.power, timeConstant: c.timeConstantMs / 1000, min: c.min, max: c.max,
                restDelta: c.restDelta, snapTo: snap)
            // pregenerateKeyframes: the value at 0, 10, 20, … ms; the last is the first frame at or
            // past the rest time (Motion snaps it to the target).
            var frames: [Double] = []
            var k = 0
            while true {
                let t = Double(k) / 100
                frames.append(m.value(at: t))
                if t >= m.duration { break }
                k += 1
            }
            #expect(frames.count == c.keyframes.count, "\(c.test): \(frames.count) frames vs \(c.keyframes.count)")
            #expect(abs(Double(frames.count - 1) / 100 - c.durationSeconds) < 1e-12)
            // Motion computes target − A·e^{−t/τ} with t in ms: exp's and the products' rounding,
            // relative to the target's scale.
            let scale = abs(m.target) + abs(m.amplitude)
            for (got, want) in zip(frames, c.keyframes) {
                #expect(abs(got - want) <= 16 * u * scale, "\(c.test): \(got) vs \(want)")
            }
        }
    }

    @Test("Motion inertia with bounds: the exact crossing time and velocity, C¹ hand-off to the spring, and rest on the bound")
    func motionInertiaBounds() throws {
        // Motion's tests' inputs: origin 100, v ±200, power 1, τ 500 ms, bound 200 (max) or 0 (min).
        for (v, lo, hi, bound) in [(200.0, nil, 200.0, 200.0), (-200.0, 0.0, nil, 0.0), (900.0, -50.0, 400.0, 400.0)] as [(Double, Double?, Double?, Double)] {
            let m = try MotionInertia(from: 100, velocity: v, power: 1, timeConstant: 0.5, min: lo, max: hi)
            let tb = try #require(m.boundaryTime)
            // x(tb) = bound: target − A·e^{−tb/τ} = bound.
            let decayAt = m.target - m.amplitude * exp(-tb / 0.5)
            #expect(abs(decayAt - bound) <= 8 * u * (abs(m.target) + abs(m.amplitude)))
            // C¹: just before and after the hand-off the value and velocity agree.
            let before = m.state(at: tb * (1 - 1e-12)), after = m.state(at: tb)
            #expect(abs(before.value - after.value) <= 1e-9 * abs(m.amplitude) + 16 * u * abs(bound))
            #expect(abs(before.velocity - after.velocity) <= 1e-9 * abs(m.amplitude / 0.5))
            #expect(abs(after.velocity - (m.target - bound) / 0.5) <= 8 * u * abs(m.amplitude / 0.5))
            // The spring then returns to the bound; after the duration the value is the bound.
            #expect(m.restingValue == bound && m.value(at: m.duration) == bound && m.velocity(at: m.duration + 1) == 0)
            // Granular: the spring's distance is 0 at an exact crossing, so Motion's restSpeed is 0.01.
            #expect(m.springRestSpeed == 0.01)
            // Just before the duration both of Motion's rest conditions hold (settled for ever after it).
            let late = m.state(at: m.duration * (1 - 1e-9))
            #expect(abs(late.value - bound) <= 0.5 * (1 + 1e-6) && abs(late.velocity) <= 0.01 * (1 + 1e-6))
        }
        // Released out of bounds: the spring starts at once, with velocity 0 (Motion's check at t = 0).
        let out = try MotionInertia(from: 100, velocity: -200, power: 1, timeConstant: 0.5, min: 0, max: 0)
        #expect(out.boundaryTime == 0 && out.value(at: 0) == 100 && out.restingValue == 0)
        // Motion's nearest bound: a tie goes to max.
        let tie = try MotionInertia(from: 10, velocity: 0, min: -5, max: 5)
        #expect(tie.restingValue == 5)
        // Snap points: the nearest to the ideal target.
        let snapped = try MotionInertia(from: 0, velocity: 1000, snapTo: [0, 300, 700, 1000])
        #expect(snapped.target == 700 && snapped.amplitude == 700)
        // Errors name the field.
        for (field, make) in [
            ("min", { try MotionInertia(from: 0, velocity: 1, min: 5, max: 1) }),
            ("timeConstant", { try MotionInertia(from: 0, velocity: 1, timeConstant: 0) }),
            ("snapTo", { try MotionInertia(from: 0, velocity: 1, snapTo: []) }),
            ("velocity", { try MotionInertia(from: 0, velocity: .nan) }),
        ] as [(String, () throws -> MotionInertia)] {
            do {
                _ = try make()
                Issue.record("expected an error naming \(field)")
            } catch let e as MotionKernelError {
                #expect(e.field == field)
            }
        }
    }

    @Test("Android fling: the spline table by its defining bisection, distance and duration by the OverScroller formulas, velocity continuity")
    func androidFling() throws {
        let table = AndroidFlingSpline.positions
        #expect(table.count == 101 && table[100] == 1)
        // Monotone, from near 0 to 1 (the first entry is the bisection's tolerance above 0).
        for i in 1...100 { #expect(table[i] > table[i - 1]) }
        #expect(table[0] > 0 && table[0] < 1e-4)
        // Each entry is the distance cubic at an x whose time cubic is within 10⁻⁵ of i/100:
        // invert the time cubic in Double and compare (the distance cubic's slope is ≤ 3, plus
        // Float rounding of the tables).
        for i in stride(from: 0, to: 100, by: 7) {
            let alpha = Double(i) / 100
            var lo = 0.0, hi = 1.0
            for _ in 0..<200 {
                let x = (lo + hi) / 2
                let tx = 3 * x * (1 - x) * ((1 - x) * 0.175 + x * 0.35) + x * x * x
                if tx > alpha { hi = x } else { lo = x }
            }
            let x = lo
            let exact = 3 * x * (1 - x) * ((1 - x) * 0.5 + x) + x * x * x
            // dx/dα ≤ 1/min slope of the time cubic (≥ 0.525 on [0, 1]), so |Δx| ≤ 10⁻⁵/0.525 and the
            // distance cubic (slope ≤ 3) moves by ≤ 6·10⁻⁵; Float adds 10⁻⁶.
            #expect(abs(table[i] - exact) <= 6e-5, "i \(i): \(table[i]) vs \(exact)")
        }
        // Distance and duration: OverScroller's closed forms in Double.
        for density in [1.0, 2.625, 3.0] {
            for v in [100.0, 1000.0, -4000.0, 8000.0] {
                let f = try AndroidFlingDecay(from: 10, velocity: v, density: density)
                let physical = 9.80665 * 39.37 * 160 * density * 0.84
                let dd = log(0.78) / log(0.9)
                let l = log(0.35 * abs(v) / (0.015 * physical))
                let duration = exp(l / (dd - 1)), distance = 0.015 * physical * exp(dd / (dd - 1) * l)
                // The Float constants (D, P) against exact ones: relative ≤ 2⁻²⁴ each, amplified by
                // |l|·D/(D − 1)² in the exponents.
                let uf = 0x1p-24
                let amp = 4 * (1 + abs(l) * dd / ((dd - 1) * (dd - 1)))
                #expect(abs(f.duration - duration) <= amp * uf * duration)
                #expect(abs(f.distance - distance) <= amp * uf * distance)
                #expect(f.restingValue == 10 + (v < 0 ? -f.distance : f.distance))
                // Velocity at release: the spline's first slope, within 0.3 % of v₀ (the table's
                // Bézier fit; Compose's own behaviour), and the curve ends at rest.
                #expect(abs(f.velocity(at: 0) - v) <= 0.003 * abs(v))
                #expect(f.value(at: f.duration) == f.restingValue && f.velocity(at: f.duration) == 0)
                // The position integrates the velocity (piecewise linear: exact per segment).
                let t1 = 0.3 * f.duration, t2 = 0.33 * f.duration
                let mid = f.velocity(at: (t1 + t2) / 2)
                if Int(t1 / f.duration * 100) == Int(t2 / f.duration * 100) {
                    #expect(abs((f.value(at: t2) - f.value(at: t1)) - mid * (t2 - t1)) <= 1e-9 * f.distance)
                }
            }
        }
        #expect(try AndroidFlingDecay(from: 3, velocity: 0).duration == 0)
        #expect(try AndroidFlingDecay(from: 3, velocity: 0).value(at: 1) == 3)
        #expect(throws: MotionKernelError.self) { try AndroidFlingDecay(from: 0, velocity: 1, density: 0) }
    }

    @Test("hostile edges: times at the limits, overflowing fits, restSpeed 0, snap ties, crossings at the release")
    func hostileEdges() throws {
        // Times up to ±4·10⁹ s: their nanosecond difference fits in Int64; beyond is an error.
        #expect(try VelocityTracker.estimate([(-4e9, 0), (4e9, 1)], strategy: .lsq2).isFinite)
        for t in [9e9, -4.1e9] {
            do {
                _ = try VelocityTracker.estimate([(0, 0), (t, 1)], strategy: .impulse)
                Issue.record("expected an error for t = \(t)")
            } catch let e {
                #expect(e.field == "samples[1][0]" || e.field == "samples[1][0]")
            }
        }
        // A least-squares fit whose sums overflow is not a velocity of 0.
        let huge = try VelocityTracker.estimate([(0, 0), (1e-9, 1e300), (2e-9, -1e300)], strategy: .lsq2)
        #expect(!huge.isFinite)
        // Motion reads restSpeed 0 as unset.
        let zero = try MotionInertia(from: 0, velocity: 1000, max: 10, restSpeed: 0)
        let unset = try MotionInertia(from: 0, velocity: 1000, max: 10)
        #expect(zero.duration == unset.duration && zero.springRestSpeed == unset.springRestSpeed)
        // Snap ties: the first given of equally near points, as a linear scan picks it.
        #expect(try MotionInertia(from: 0, velocity: 125, power: 0.8, snapTo: [150, 50]).target == 150)
        #expect(try MotionInertia(from: 0, velocity: 125, power: 0.8, snapTo: [50, 150]).target == 50)
        let many = try MotionInertia(from: 0, velocity: 1000, snapTo: (0..<200_000).map { Double($0) * 0.01 })
        #expect(many.target == 800)
        // A crossing right after the release keeps its precision (log1p), and one at the release is +0.
        let near = try MotionInertia(from: 10 - 1e-9, velocity: 100, power: 1, timeConstant: 0.5, max: 10)
        let tb = try #require(near.boundaryTime)
        // −τ·ln(1 − x) = τ·(x + x²/2 + x³/3 + …) with x = δ/A, δ = 10⁻⁹ (as a Double
        // difference), A = 100: the series' remainder is below x⁴ relative; log1p and the products
        // round within 8u. A logarithm of the fraction 1 − x itself would be off by ~u/x = 10⁻⁵.
        let x = (10 - (10 - 1e-9)) / 100
        let series = 0.5 * (x + x * x / 2 + x * x * x / 3)
        #expect(abs(tb - series) <= 8 * u * series)
        let on = try MotionInertia(from: 10, velocity: 100, max: 10)
        #expect(on.boundaryTime == 0 && on.boundaryTime!.sign == .plus)
    }
}
