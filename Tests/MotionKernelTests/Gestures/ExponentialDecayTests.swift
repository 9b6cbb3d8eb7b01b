import Foundation
import Testing

@testable import MotionKernel

/// The exponential decays (UIKit, React Native, Compose) and rubber banding against independent
/// evaluations: each anchor's own formula in its own units and arithmetic (pow instead of expm1,
/// milliseconds, Float), the discrete sums and frame loops the continuous rules stand for, and
/// identities. Tolerances are error bounds of the two evaluations (u = 2⁻⁵³ unless stated).
@Suite("Released gestures: exponential decays and rubber banding")
struct ExponentialDecayTests {
    let u = 0x1p-53

    @Test("UIKit: the closed form against v₀·(r^(1000t) − 1)/(1000 ln r) by pow, and the velocity by pow")
    func uikitCurve() throws {
        for r in [UIKitDecay.normalRate, UIKitDecay.fastRate, 0.5, 0.999_999] {
            for (x0, v0) in [(0.0, 1000.0), (120.0, -3500.0), (-7.5, 0.25), (1e6, 8e4)] {
                let d = try UIKitDecay(from: x0, velocity: v0, decelerationRate: r)
                let k = 1000 * log(r)
                for t in [0.0, 1e-6, 0.004, 0.1, 0.75, 3.0, 20.0] {
                    let p = pow(r, 1000 * t)
                    let refX = x0 + v0 * (p - 1) / k
                    let refV = v0 * p
                    // pow: ≤ 1 ulp plus the exponent's rounding (u·|kt| relative); the difference
                    // p − 1 then carries an absolute error ≤ (2 + |kt|)u·p + u, scaled by |v₀/k|.
                    let kt = abs(k * t)
                    let boundX = (12 + 4 * kt) * u * (abs(x0) + abs(v0 / k)) + 4 * u * abs(refX)
                    let boundV = (8 + 4 * kt) * u * abs(v0)
                    #expect(abs(d.value(at: t) - refX) <= boundX, "r \(r) x0 \(x0) v0 \(v0) t \(t)")
                    #expect(abs(d.velocity(at: t) - refV) <= boundV, "r \(r) x0 \(x0) v0 \(v0) t \(t)")
                }
                #expect(d.value(at: -1) == x0 && d.velocity(at: -1) == v0)
            }
        }
    }

    @Test("UIKit: the resting value is the limit, the projection is the sum of per-millisecond steps (0.1–0.5 % apart)")
    func uikitRest() throws {
        for (r, low, high) in [(UIKitDecay.normalRate, 0.0009, 0.0011), (UIKitDecay.fastRate, 0.0049, 0.0051)] {
            let d = try UIKitDecay(from: 10, velocity: 2000, decelerationRate: r)
            // The limit: x(t) for t far past the decay (e^{kt} below u).
            #expect(abs(d.value(at: 1e3) - d.restingValue) <= 8 * u * abs(d.restingValue))
            // The projection: the velocity per millisecond summed step by step, v₀/1000·(r + r² + …).
            var sum = 0.0, term = 2000.0 / 1000 * r
            while term > 1e-18 { sum += term; term *= r }
            let projected = 10 + sum
            // The loop's rounding: one ulp per term of n ≈ 37/(1 − r) terms, relative to the sum.
            let n = 37 / (1 - r)
            #expect(abs(d.projectedValue - projected) <= 2 * n * u * abs(projected))
            let relative = (d.restingValue - d.projectedValue) / (d.restingValue - 10)
            #expect(relative > low && relative < high, "r \(r): \(relative)")
        }
    }

    @Test("UIKit: the duration is where |x − rest| reaches restDelta, and 0 when the flick starts within it")
    func uikitDuration() throws {
        for (v0, delta) in [(2000.0, 0.5), (-150.0, 0.5), (5e4, 1e-3), (0.9, 0.5)] {
            let d = try UIKitDecay(from: 3, velocity: v0, restDelta: delta)
            let k = 1000 * log(UIKitDecay.normalRate)
            let reach = abs(v0 / k)
            if reach <= delta {
                #expect(d.duration == 0)
                continue
            }
            let t = d.duration
            // |x(T) − rest| = |v₀|e^{kT}/|k| = δ: the exponent kT = ln(δ/reach) carries ≤ 4u(1 + |kT|).
            let gap = reach * exp(k * t)
            #expect(abs(gap - delta) <= (8 + 8 * abs(k * t)) * u * delta)
            #expect(abs(d.value(at: t) - d.restingValue) <= delta * (1 + 1e-9) + 16 * u * (3 + reach))
        }
        #expect(try UIKitDecay(from: 0, velocity: 0).duration == 0)
    }

    @Test("UIKit: rates outside (0, 1), non-finite numbers and a bad restDelta are errors naming the field")
    func uikitErrors() {
        for (r, field) in [
            (1.0, "decelerationRate"), (0.0, "decelerationRate"), (-0.5, "decelerationRate"), (1.2, "decelerationRate"),
            (Double.nan, "decelerationRate"),
        ] {
            #expect(throws: MotionKernelError.self) { try UIKitDecay(from: 0, velocity: 1, decelerationRate: r) }
            do { _ = try UIKitDecay(from: 0, velocity: 1, decelerationRate: r) } catch let e {
                #expect(e.field == field && e.code == .invalidValue)
            }
        }
        for (x0, v0, delta, field) in [
            (Double.infinity, 1.0, 0.5, "from"), (0.0, -.nan, 0.5, "velocity"), (0.0, 1.0, 0.0, "restDelta"),
            (0.0, 1.0, -1.0, "restDelta"),
        ] {
            do {
                _ = try UIKitDecay(from: x0, velocity: v0, restDelta: delta)
                Issue.record("expected an error naming \(field)")
            } catch let e {
                #expect(e.field == field)
            }
        }
    }

    @Test("React Native: its own formula in px/ms and ms, and the frame loop's stop at 60 fps against the continuous rule")
    func reactNative() throws {
        for dec in [ReactNativeDecay.defaultDeceleration, 0.99, 0.9995] {
            for (x0, v0) in [(0.0, 1500.0), (50.0, -800.0), (0.0, 30.0), (0.0, 5.0), (0.0, 0.0)] {
                let d = try ReactNativeDecay(from: x0, velocity: v0, deceleration: dec)
                let vms = v0 / 1000
                func rn(_ ms: Double) -> Double { x0 + (vms / (1 - dec)) * (1 - exp(-(1 - dec) * ms)) }
                for t in [0.0, 0.016, 0.25, 1.0, 4.0] {
                    // From the duration on, React Native has stopped: the value rests there.
                    if t >= d.duration {
                        #expect(d.value(at: t) == d.restingValue && d.velocity(at: t) == 0)
                        continue
                    }
                    let a = 1000 * (1 - dec)
                    // exp(−a t) vs expm1(−a t): absolute error ≤ (4 + 2at)u in the bracket, times |v₀|/a.
                    let bound = (12 + 4 * a * t) * u * (abs(x0) + abs(v0) / a) + 4 * u * abs(rn(1000 * t))
                    #expect(abs(d.value(at: t) - rn(1000 * t)) <= bound, "d \(dec) v0 \(v0) t \(t)")
                }
                // The loop: frames at n/60 s, stop at the first frame that moved < 0.1 since the last.
                let h = 1.0 / 60
                var last = x0, n = 1
                while n < 100_000 {
                    let x = rn(1000 * Double(n) * h)
                    if abs(last - x) < 0.1 { break }
                    last = x
                    n += 1
                }
                // The continuous rule's time T lies in the stopping frame's interval ((n−1)h, nh]
                // (or is the first frame itself), unless T falls within rounding of a frame.
                let T = d.duration
                #expect(T >= h)
                if n == 1 {
                    #expect(T == h)
                } else {
                    #expect(T > Double(n - 1) * h * (1 - 1e-12) && T <= Double(n) * h * (1 + 1e-12), "d \(dec) v0 \(v0): T \(T), frame \(n)")
                }
                #expect(d.restingValue == d.value(at: T))
            }
        }
    }

    @Test("Compose: Compose's own Float arithmetic agrees within Float rounding; duration and target where the speed meets the threshold")
    func compose() throws {
        for (mult, thr) in [(1.0, 0.1), (0.5, 2.0), (3.0, 0.1), (-2.0, -0.5), (0.0, 0.0)] {
            for (x0, v0) in [(0.0, 2500.0), (40.0, -900.0), (0.0, 0.05), (0.0, 0.0)] {
                let d = try ComposeExponentialDecay(from: x0, velocity: v0, frictionMultiplier: mult, absVelocityThreshold: thr)
                // FloatExponentialDecaySpec in Float, as Kotlin computes it.
                let f = Float(-4.2) * max(Float(0.0001), Float(mult))
                let threshold = max(Float(0.0000001), abs(Float(thr)))
                let xf = Float(x0), vf = Float(v0)
                for t in [0.0, 0.1, 0.5, 2.0] {
                    // Once finished (t ≥ duration), Compose's DecayAnimation answers the target and
                    // its end velocity clamped to ±threshold.
                    if t >= d.duration && t > 0 {
                        let end = d.velocity(at: d.duration * (1 - 1e-15))
                        let thr = max(1e-7, abs(thr))
                        #expect(d.value(at: t) == d.restingValue)
                        #expect(abs(d.velocity(at: t)) <= thr && abs(d.velocity(at: t) - min(max(end, -thr), thr)) <= 1e-9 * thr + 1e-12)
                        continue
                    }
                    let value = xf - vf / f + vf / f * Float(Foundation.exp(Double(f * Float(t))))
                    let velocity = vf * Float(Foundation.exp(Double(Float(t) * f)))
                    // Float arithmetic: the sum carries ≤ 8 u_f of |x₀| + 2|v₀/f| (the cancellation of
                    // the two v/f terms), and the inputs' rounding to Float.
                    let uf = Double(Float.ulpOfOne) / 2
                    let scale = abs(x0) + 2 * abs(v0 / Double(f))
                    #expect(abs(d.value(at: t) - Double(value)) <= 16 * uf * scale + 1e-30, "m \(mult) v0 \(v0) t \(t)")
                    #expect(abs(d.velocity(at: t) - Double(velocity)) <= (8 + 4 * abs(Double(f) * t)) * uf * abs(v0))
                }
                if abs(vf) <= threshold {
                    #expect(d.duration == 0 && d.restingValue == x0)
                } else {
                    // The speed at the duration is the threshold; the target is x there.
                    let T = d.duration
                    let thrD = max(1e-7, abs(thr))
                    #expect(abs(abs(d.velocity(at: T)) - thrD) <= (8 + 4 * abs(Double(f) * T)) * u * thrD)
                    #expect(abs(d.restingValue - d.value(at: T)) <= (16 + 8 * abs(Double(f) * T)) * u * (abs(x0) + 2 * abs(v0 / Double(f))))
                }
            }
        }
        #expect(throws: MotionKernelError.self) { try ComposeExponentialDecay(from: 0, velocity: 1, frictionMultiplier: .nan) }
    }

    @Test("Rubber band: (1 − 1/(x·c/d + 1))·d, odd, below d, slope c at 0, and its exact inverse")
    func rubberBand() throws {
        for d in [1.0, 320.0, 844.0, 1e-3, 1e12] {
            for c in [RubberBand.defaultCoefficient, 0.2, 1.0] {
                for x in [0.0, 1e-12, 0.5, 30.0, 320.0, 5000.0, 1e9, 1e300, Double.greatestFiniteMagnitude] {
                    let f = try RubberBand.value(offset: x, dimension: d, coefficient: c)
                    let literal = (1 - 1 / (x * c / d + 1)) * d
                    // The literal form cancels in 1 − 1/(…): absolute error ≤ 4u·d; ours ≤ 4u·f.
                    #expect(abs(f - literal) <= 8 * u * d || (!literal.isFinite && f == d), "d \(d) c \(c) x \(x)")
                    #expect(f <= d && f >= 0)
                    #expect(try RubberBand.value(offset: -x, dimension: d, coefficient: c) == -f)
                    if f < d {
                        let back = try RubberBand.inverse(offset: f, dimension: d, coefficient: c)
                        // The inverse's conditioning: dx/dy = d²/(c(d − y)²); f's rounding (≤ 4u·f) and
                        // the inverse's own (≤ 6u·x) bound the round trip.
                        let slope = d * d / (c * (d - f) * (d - f))
                        #expect(abs(back - x) <= 6 * u * x + slope * 4 * u * f + 1e-300, "d \(d) c \(c) x \(x)")
                    }
                }
                let h = 1e-9 * d
                #expect(abs(try RubberBand.value(offset: h, dimension: d, coefficient: c) / h - c) <= 2e-9 * c)
            }
        }
        // The published table (squareb.wordpress.com, "Analysis of Apple's rubber band scrolling",
        // 2013-01-06: C float, printed to two decimals) for d = 960, c = 0.55.
        for (x, printed) in [(5.0, 2.74), (10.0, 5.47), (100.0, 52.02), (400.0, 178.98), (960.0, 340.65)] {
            #expect(abs(try RubberBand.value(offset: x, dimension: 960) - printed) <= 0.005 + 1e-4, "x \(x)")
        }
        for (offset, d) in [(1.0, 1.0), (-2.0, 1.0), (Double.infinity, 1.0)] {
            do {
                _ = try RubberBand.inverse(offset: offset, dimension: d)
                Issue.record("expected an error naming offset")
            } catch let e {
                #expect(e.field == "offset")
            }
        }
        for (d, c, field) in [(0.0, 0.55, "dimension"), (-1.0, 0.55, "dimension"), (1.0, 0.0, "coefficient"), (1.0, .nan, "coefficient")] {
            do {
                _ = try RubberBand.value(offset: 1, dimension: d, coefficient: c)
                Issue.record("expected an error naming \(field)")
            } catch let e {
                #expect(e.field == field)
            }
        }
    }
}
