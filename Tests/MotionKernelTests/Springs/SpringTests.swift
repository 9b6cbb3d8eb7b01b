import Testing
@testable import MotionKernel

/// Fine-step RK4 of y'' = −2λ y' − ω0² y: an oracle independent of the closed form.
func rk4(lambda: Double, omega2: Double, y0: Double, v0: Double, t: Double, steps: Int) -> (Double, Double) {
    var y = y0, v = v0
    let h = t / Double(steps)
    func f(_ y: Double, _ v: Double) -> (Double, Double) { (v, -2 * lambda * v - omega2 * y) }
    for _ in 0..<steps {
        let k1 = f(y, v)
        let k2 = f(y + h / 2 * k1.0, v + h / 2 * k1.1)
        let k3 = f(y + h / 2 * k2.0, v + h / 2 * k2.1)
        let k4 = f(y + h * k3.0, v + h * k3.1)
        y += h / 6 * (k1.0 + 2 * k2.0 + 2 * k3.0 + k4.0)
        v += h / 6 * (k1.1 + 2 * k2.1 + 2 * k3.1 + k4.1)
    }
    return (y, v)
}

@Suite("Spring parameterizations")
struct SpringParameterTests {
    @Test("duration 0.5, bounce 0.3 → k = (4π)², c = 4π·0.7/0.5")
    func durationBounce() throws {
        let s = try Spring<Double>(duration: 0.5, bounce: 0.3)
        #expect(close(s.stiffness, 16 * Double.pi * Double.pi, rel: 1e-14))  // 157.91…
        #expect(close(s.damping, 4 * Double.pi * 0.7 / 0.5, rel: 1e-14))  // 17.59…
        #expect(abs(s.stiffness - 157.91367) < 1e-4 && abs(s.damping - 17.59292) < 1e-4)
        #expect(close(s.bounce, 0.3, rel: 1e-14))
        #expect(close(s.duration, 0.5, rel: 1e-14))
    }

    @Test("mass 1, k 100, c 10 → duration 2π/10, bounce 0.5")
    func physicalReadBack() throws {
        let s = try Spring<Double>(mass: 1, stiffness: 100, damping: 10)
        #expect(close(s.duration, 2 * Double.pi / 10, rel: 1e-15))
        #expect(close(s.bounce, 0.5, rel: 1e-15))
        #expect(close(s.dampingRatio, 0.5, rel: 1e-15))
        #expect(close(s.undampedPeriod, 0.6283185307179586, rel: 1e-15))
    }

    @Test("negative bounce is over-damped: ζ = 1/(1 + bounce) and reads back", arguments: [-0.9, -0.5, -0.1, 0.0, 0.2, 0.99, 1.0])
    func bounceRoundTrip(bounce: Double) throws {
        let s = try Spring<Double>(duration: 0.8, bounce: bounce)
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        #expect(close(s.dampingRatio, zeta, rel: 1e-14))
        #expect(abs(s.bounce - bounce) < 1e-14)
        #expect(close(s.response, 0.8, rel: 1e-14))
        #expect(s.regime == (zeta < 1 ? .underdamped : zeta == 1 ? .criticallyDamped : .overdamped))
    }

    @Test("response/dampingRatio and stiffness/dampingRatio round-trip")
    func roundTrips() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let response = rng.logUniform(0.01, 10), zeta = rng.logUniform(1e-3, 1e3), mass = rng.logUniform(0.01, 100)
            let a = try Spring<Double>(response: response, dampingRatio: zeta)
            #expect(close(a.response, response, rel: 1e-13) && close(a.dampingRatio, zeta, rel: 1e-13))
            let k = rng.logUniform(1e-3, 1e6)
            let b = try Spring<Double>(stiffness: k, dampingRatio: zeta, mass: mass)
            #expect(close(b.dampingRatio, zeta, rel: 1e-13) && b.stiffness == k && b.mass == mass)
            #expect(close(b.undampedPeriod, 2 * Double.pi * (mass / k).squareRoot(), rel: 1e-13))
        }
    }

    @Test("Origami tension/friction follow Rebound's OrigamiValueConverter and read back")
    func origami() throws {
        let s = try Spring<Double>(tension: 40, friction: 7)
        #expect(close(s.stiffness, (40 - 30) * 3.62 + 194, rel: 1e-15))
        #expect(close(s.damping, (7 - 8) * 3 + 25, rel: 1e-15))
        #expect(close(s.tension, 40, rel: 1e-13) && close(s.friction, 7, rel: 1e-13))
        // 0 maps to 0: friction 0 is an undamped spring.
        #expect(try Spring<Double>(tension: 40, friction: 0).damping == 0)
        #expect(throws: MotionKernelError.self) { try Spring<Double>(tension: 0, friction: 7) }
    }

    @Test("Pop bounciness/speed: POPAnimationExtras constants, then the Origami formulas")
    func pop() throws {
        // Worked from the formulas: b = (4/1.7)/20·0.8, s = (12/1.7)/20, tension = 0.5 + 199.5 s,
        // friction = quadOut(b, noBounce(tension), 0.01); noBounce uses the third cubic (> 44).
        let b = (4.0 / 1.7) / 20 * 0.8, sN = (12.0 / 1.7) / 20
        let tension = 0.5 + sN * 199.5
        let nb = 0.00000045 * tension * tension * tension - 0.000332 * tension * tension + 0.1078 * tension + 5.84
        let u = 2 * b - b * b
        let friction = u * 0.01 + (1 - u) * nb
        let s = try Spring<Double>(bounciness: 4, speed: 12)
        #expect(close(s.stiffness, 3.62 * (tension - 30) + 194, rel: 1e-13))
        #expect(close(s.damping, 3 * (friction - 8) + 25, rel: 1e-13))
        #expect(abs(s.stiffness - 342.10058823529414) < 1e-9)
        #expect(abs(s.damping - 30.486979648244255) < 1e-9)
        #expect(throws: MotionKernelError.self) { try Spring<Double>(bounciness: 21, speed: 12) }
    }

    @Test("invalid parameters throw naming the field")
    func invalid() {
        func field(_ f: () throws -> Spring<Double>) -> String? {
            do { _ = try f(); return nil } catch let e as MotionKernelError { return e.field } catch { return "?" }
        }
        #expect(field { try Spring(mass: 0, stiffness: 1, damping: 1) } == "mass")
        #expect(field { try Spring(mass: 1, stiffness: -1, damping: 1) } == "stiffness")
        #expect(field { try Spring(mass: 1, stiffness: .nan, damping: 1) } == "stiffness")
        #expect(field { try Spring(mass: 1, stiffness: 1, damping: -1) } == "damping")
        #expect(field { try Spring(mass: 1, stiffness: 1, damping: .infinity) } == "damping")
        #expect(field { try Spring(duration: 0, bounce: 0) } == "duration")
        #expect(field { try Spring(duration: 1, bounce: -1) } == "bounce")
        #expect(field { try Spring(response: -1, dampingRatio: 1) } == "response")
        #expect(field { try Spring(stiffness: 1, dampingRatio: -0.1) } == "dampingRatio")
        #expect(field { try Spring(mass: 1e-300, stiffness: 1e300, damping: 1) } == "stiffness")
    }
}

@Suite("Motion (framer-motion) visualDuration/bounce springs")
struct SpringMotionParameterTests {
    /// Motion's conversion (motiondivision/motion, packages/motion-dom/src/animation/generators/
    /// spring.ts, `getSpringOptions`), rewritten with independent arithmetic:
    /// ω₀ = 2π/(1.2 d) = 5π/(3d), k = ω₀² = 25π²/(9d²), c = 2ζ√k = 10πζ/(3d), ζ = 1 − b
    /// clamped to [0.05, 1]. Both sides start from the same π̂, d, b; the code rounds 1.2
    /// (≤ u), d·1.2̂, the quotient, the square, √, and two products (≤ 7 roundings); this side
    /// 5π̂, 3d, 9d², the quotients and products (≤ 6). Each is within γ₇ of its exact value,
    /// and the exact values agree up to the representation error of 1.2 (≤ u, doubled in k),
    /// so |code − here| ≤ γ₁₆·|here| covers all (any evaluation order or FMA).
    @Test(
        "stiffness, damping, mass and damping ratio follow Motion's formula (Float and Double)",
        arguments: [0.0, 0.25, 0.3, 0.5, 0.95, 0.97, 1.0])
    func formula(bounce: Double) throws {
        for d in [0.05, 0.3, 0.5, 1.0, 2.75] {
            let zeta = min(max(1 - bounce, 0.05), 1)
            let k = 25 * Double.pi * Double.pi / (9 * d * d)
            let c = 10 * Double.pi * zeta / (3 * d)
            let s = try Spring<Double>.motion(visualDuration: d, bounce: bounce)
            let tol = gamma(16, Double.self)
            #expect(s.mass == 1)
            #expect(abs(s.stiffness - k) <= tol * k, "d \(d) bounce \(bounce)")
            #expect(abs(s.damping - c) <= tol * c, "d \(d) bounce \(bounce)")
            // ζ = c / (2√(km)): 3 more roundings on each side of the damping bound.
            #expect(abs(s.dampingRatio - zeta) <= gamma(24, Double.self) * zeta)
            // The undamped period 2π/ω₀ is 1.2 × visualDuration.
            #expect(abs(s.undampedPeriod - 1.2 * d) <= gamma(24, Double.self) * 1.2 * d)
            // Float: the same bound at Float's unit roundoff (the inputs d, b, 1.2, π rounded to
            // Float add ≤ 4 roundings, and ζ = 1 − b one more relative to max(ζ, b) ≤ 20ζ).
            let f = try Spring<Float>.motion(visualDuration: Float(d), bounce: Float(bounce))
            #expect(abs(Double(f.stiffness) - k) <= gamma(24, Float.self) * k)
            #expect(abs(Double(f.damping) - c) <= gamma(24, Float.self) * 20 * c)
        }
    }

    @Test("Motion's duration semantics differ from SwiftUI's: visualDuration d is SwiftUI's response 1.2·d with ζ = 1 − bounce")
    func versusSwiftUI() throws {
        let m = try Spring<Double>.motion(visualDuration: 0.5, bounce: 0.25)
        let swiftUI = try Spring<Double>(duration: 0.6, bounce: 0.25)
        // Two paths to the same spring (≤ 7 roundings each): γ₁₆ relative.
        #expect(abs(m.stiffness - swiftUI.stiffness) <= gamma(16, Double.self) * swiftUI.stiffness)
        #expect(abs(m.damping - swiftUI.damping) <= gamma(16, Double.self) * swiftUI.damping)
        // Negative bounce: SwiftUI over-damps, Motion's clamp rejects it here (Motion: ζ = 1).
        #expect(try Spring<Double>(duration: 0.6, bounce: -0.5).dampingRatio > 1)
    }

    @Test("invalid visualDuration or bounce throws naming the field")
    func invalid() {
        func field(_ f: () throws -> Spring<Double>) -> String? {
            do { _ = try f(); return nil } catch let e as MotionKernelError { return e.field } catch { return "?" }
        }
        #expect(field { try .motion(visualDuration: 0, bounce: 0.3) } == "visualDuration")
        #expect(field { try .motion(visualDuration: -0.5, bounce: 0.3) } == "visualDuration")
        #expect(field { try .motion(visualDuration: .nan, bounce: 0.3) } == "visualDuration")
        #expect(field { try .motion(visualDuration: .infinity, bounce: 0.3) } == "visualDuration")
        #expect(field { try .motion(visualDuration: 1e-160, bounce: 0.3) } == "visualDuration")  // k overflows
        #expect(field { try .motion(visualDuration: 1e200, bounce: 0.3) } == "visualDuration")  // k underflows to 0
        #expect(field { try .motion(visualDuration: 0.3, bounce: -0.1) } == "bounce")
        #expect(field { try .motion(visualDuration: 0.3, bounce: 1.01) } == "bounce")
        #expect(field { try .motion(visualDuration: 0.3, bounce: .nan) } == "bounce")
        #expect(field { try .motion(visualDuration: 0.3, bounce: 1) } == nil)
    }
}
