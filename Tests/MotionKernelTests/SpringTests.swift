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

@Suite("Spring closed form")
struct SpringStateTests {
    static let ratios: [Double] = [0, 1e-9, 0.1, 0.6, 0.999999, 1 - 1e-12, 1, 1 + 1e-12, 1.000001, 2, 50, 1e6]

    @Test("initial conditions hold exactly", arguments: ratios)
    func initial(zeta: Double) throws {
        let s = try Spring<Double>(stiffness: 200, dampingRatio: zeta)
        let st = s.state(at: 0, from: -3, to: 5, velocity: 7)
        #expect(st.value == -3 && st.velocity == 7)
        let f = try Spring<Float>(stiffness: 200, dampingRatio: Float(zeta))
        let sf = f.state(at: 0, from: -3, to: 5, velocity: 7)
        #expect(sf.value == -3 && sf.velocity == 7)
    }

    @Test("agrees with a fine-step RK4 oracle (Double and Float)", arguments: ratios)
    func rk4Oracle(zeta: Double) throws {
        let k = 150.0
        let s = try Spring<Double>(stiffness: k, dampingRatio: zeta)
        let f = try Spring<Float>(stiffness: Float(k), dampingRatio: Float(zeta))
        // The oracle needs steps well below the fastest time scale 1/(λ+μ).
        let fast = s.lambda + s.s + s.omega0
        for t in [0.05, 0.3, 1.1] {
            let steps = max(2000, Int(t * fast * 40))
            guard steps < 3_000_000 else { continue }
            let ref = rk4(lambda: s.lambda, omega2: s.omega0Squared, y0: -1, v0: 4, t: t, steps: steps)
            let got = s.displacement(at: t, initialDisplacement: -1, initialVelocity: 4)
            let scale = 1 + abs(4 / s.omega0)
            #expect(abs(got.displacement - ref.0) <= 1e-9 * scale, "ζ \(zeta) t \(t)")
            #expect(abs(got.velocity - ref.1) <= 1e-9 * scale * s.omega0 * (1 + zeta), "ζ \(zeta) t \(t)")
            let gf = f.displacement(at: Float(t), initialDisplacement: -1, initialVelocity: 4)
            #expect(abs(Double(gf.displacement) - ref.0) <= 2e-5 * scale, "Float ζ \(zeta) t \(t)")
        }
    }

    @Test("satisfies the ODE: m x″ + c x′ + k (x − to) = 0 (central differences of x′)", arguments: ratios)
    func odeResidual(zeta: Double) throws {
        let s = try Spring<Double>(stiffness: 80, dampingRatio: zeta, mass: 2)
        for t in [0.01, 0.2, 0.7, 2.5] {
            let h = 1e-6
            let a = (s.state(at: t + h, from: 1, to: 3, velocity: -2).velocity - s.state(at: t - h, from: 1, to: 3, velocity: -2).velocity) / (2 * h)
            let st = s.state(at: t, from: 1, to: 3, velocity: -2)
            let residual = s.mass * a + s.damping * st.velocity + s.stiffness * (st.value - 3)
            let scale = s.mass * abs(a) + s.damping * abs(st.velocity) + s.stiffness * abs(st.value - 3) + 1
            #expect(abs(residual) <= 1e-6 * scale, "ζ \(zeta) t \(t)")
        }
    }

    @Test("continuous across ζ = 1 ± 1e-12")
    func continuityAtCritical() throws {
        let below = try Spring<Double>(stiffness: 300, dampingRatio: 1 - 1e-12)
        let at = try Spring<Double>(stiffness: 300, dampingRatio: 1)
        let above = try Spring<Double>(stiffness: 300, dampingRatio: 1 + 1e-12)
        for t in stride(from: 0.0, through: 3, by: 0.01) {
            let a = below.state(at: t, from: 0, to: 1, velocity: 3), b = at.state(at: t, from: 0, to: 1, velocity: 3)
            let c = above.state(at: t, from: 0, to: 1, velocity: 3)
            #expect(abs(a.value - b.value) < 1e-10 && abs(c.value - b.value) < 1e-10)
            #expect(abs(a.velocity - b.velocity) < 1e-9 && abs(c.velocity - b.velocity) < 1e-9)
            // Critical damping in closed form: y = (y0 + (v0 + ω y0) t) e^{−ω t}.
            let w = 300.0.squareRoot()
            let y = (-1 + (3 - w) * t) * Double.exp(-w * t)
            #expect(abs(b.value - (1 + y)) < 1e-13)
        }
        let fb = try Spring<Float>(stiffness: 300, dampingRatio: 1 - 1e-6), fa = try Spring<Float>(stiffness: 300, dampingRatio: 1 + 1e-6)
        for t in stride(from: Float(0), through: 3, by: 0.05) {
            #expect(abs(fb.value(at: t, from: 0, to: 1) - fa.value(at: t, from: 0, to: 1)) < 1e-5)
        }
    }

    @Test("extreme parameters stay finite and never gain energy (Float and Double)")
    func extremes() throws {
        var rng = SplitMix64(seed: 99)
        for _ in 0..<400 {
            let zeta = rng.logUniform(1e-9, 1e6), k = rng.logUniform(1e-6, 1e9), m = rng.logUniform(1e-3, 1e3)
            let y0 = rng.uniform(-100, 100), v0 = rng.uniform(-1000, 1000)
            let s = try Spring<Double>(stiffness: k, dampingRatio: zeta, mass: m)
            let f = try Spring<Float>(stiffness: Float(k), dampingRatio: Float(zeta), mass: Float(m))
            // Energy E = ½ k y² + ½ m v² never increases: |y(t)| ≤ √(y0² + m v0²/k).
            let bound = (y0 * y0 + m * v0 * v0 / k).squareRoot()
            for t in [0.0, 1e-6, 1e-3, 0.5, 10, 1e3, 1e6] {
                let d = s.displacement(at: t, initialDisplacement: y0, initialVelocity: v0)
                #expect(d.displacement.isFinite && d.velocity.isFinite)
                #expect(abs(d.displacement) <= bound * (1 + 1e-9) + 1e-300, "ζ \(zeta) k \(k) t \(t)")
                let e = 0.5 * k * d.displacement * d.displacement + 0.5 * m * d.velocity * d.velocity
                let e0 = 0.5 * k * y0 * y0 + 0.5 * m * v0 * v0
                #expect(e <= e0 * (1 + 1e-8) + 1e-300, "energy ζ \(zeta) k \(k) t \(t)")
                let df = f.displacement(at: Float(t), initialDisplacement: Float(y0), initialVelocity: Float(v0))
                #expect(df.displacement.isFinite && df.velocity.isFinite, "Float ζ \(zeta) k \(k) t \(t)")
            }
        }
    }

    @Test("heavily over-damped springs creep on the slow root −ω0²/(λ+μ) without cancellation")
    func slowRoot() throws {
        let s = try Spring<Double>(stiffness: 1, dampingRatio: 1e6)
        // Slow root r1 = −1/(λ + μ), λ = 1e6, μ = √(λ² − 1).
        let lam = 1e6, mu = (lam * lam - 1).squareRoot()
        let r1 = -1 / (lam + mu)
        for t in [1.0, 1e3, 1e5, 1e6] {
            // From rest, y = A e^{r1 t} + B e^{r2 t}, A = −r2/(r1 − r2) y0; the fast term is gone.
            let r2 = -(lam + mu)
            let expected = -r2 / (r1 - r2) * Double.exp(r1 * t)
            let got = s.displacement(at: t, initialDisplacement: 1, initialVelocity: 0)
            #expect(close(got.displacement, expected, rel: 1e-12))
            #expect(close(got.velocity, expected * r1, rel: 1e-9))
        }
    }
}
