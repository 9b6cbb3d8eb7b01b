import Testing
@testable import MotionKernel

@Suite("Spring closed form")
struct SpringStateTests {
    static let ratios: [Double] = [0, 1e-9, 0.1, 0.6, 0.999999, 1 - 1e-12, 1, 1 + 1e-12, 1.000001, 2, 50, 1e6]

    @Test("initial conditions hold exactly", arguments: ratios)
    func initial(zeta: Double) throws {
        let s = try Spring<Double>(stiffness: 200, dampingRatio: zeta)
        let st = s.state(at: 0, from: -3, to: 5, initialVelocity: 7)
        #expect(st.value == -3 && st.velocity == 7)
        let f = try Spring<Float>(stiffness: 200, dampingRatio: Float(zeta))
        let sf = f.state(at: 0, from: -3, to: 5, initialVelocity: 7)
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
            let a =
                (s.state(at: t + h, from: 1, to: 3, initialVelocity: -2).velocity - s.state(at: t - h, from: 1, to: 3, initialVelocity: -2).velocity) / (2 * h)
            let st = s.state(at: t, from: 1, to: 3, initialVelocity: -2)
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
            let a = below.state(at: t, from: 0, to: 1, initialVelocity: 3), b = at.state(at: t, from: 0, to: 1, initialVelocity: 3)
            let c = above.state(at: t, from: 0, to: 1, initialVelocity: 3)
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
