import Foundation
import Testing

@testable import MotionKernel

/// Independent closed form of m y″ + c y′ + k y = 0 (y(0) = y0, y′(0) = v0), written from the
/// textbook solutions (not from Spring+State.swift): (y, y′) at t.
private func reference(k: Double, c: Double, m: Double, y0: Double, v0: Double, t: Double) -> (Double, Double) {
    let w = (k / m).squareRoot(), l = c / (2 * m)
    if l < w * (1 - 1e-6) {
        let s = (w * w - l * l).squareRoot()
        let a = y0, b = (v0 + l * y0) / s
        let e = exp(-l * t)
        let y = e * (a * cos(s * t) + b * sin(s * t))
        let dy = e * ((-l * a + s * b) * cos(s * t) + (-l * b - s * a) * sin(s * t))
        return (y, dy)
    } else if l > w * (1 + 1e-6) {
        let mu = (l * l - w * w).squareRoot()
        let r1 = -l + mu, r2 = -l - mu
        let a = (v0 - r2 * y0) / (r1 - r2), b = (r1 * y0 - v0) / (r1 - r2)
        return (a * exp(r1 * t) + b * exp(r2 * t), a * r1 * exp(r1 * t) + b * r2 * exp(r2 * t))
    }
    let b = v0 + l * y0
    let e = exp(-l * t)
    return ((y0 + b * t) * e, (b - l * (y0 + b * t)) * e)
}

@Suite("SwiftUI Spring API: semantics")
struct SpringSwiftUITests {
    static let springs: [(m: Double, k: Double, c: Double)] = [(1, 157.9, 17.6), (1, 100, 20), (2, 300, 90), (1, 50, 0.5), (0.5, 400, 3)]

    @Test("value/velocity: displacement from 0 towards target, against the textbook closed form")
    func closedForm() throws {
        for p in Self.springs {
            let s = try Spring(mass: p.m, stiffness: p.k, damping: p.c, allowOverDamping: true)
            for (target, v0) in [(1.0, 0.0), (-3.5, 2.0), (0.0, 7.0), (250.0, -40.0)] {
                #expect(try s.value(target: target, initialVelocity: v0, time: 0) == 0)
                #expect(try s.velocity(target: target, initialVelocity: v0, time: 0) == v0)
                for t in stride(from: 0.01, through: 2.0, by: 0.0731) {
                    let r = reference(k: p.k, c: p.c, m: p.m, y0: -target, v0: v0, t: t)
                    let x = try s.value(target: target, initialVelocity: v0, time: t)
                    let v = try s.velocity(target: target, initialVelocity: v0, time: t)
                    // Both sides are closed forms of the same solution in Double: a few dozen
                    // roundings (libm ≤ 1 ulp each) on terms bounded by the scale below.
                    let scale = abs(target) + abs(v0) / (p.k / p.m).squareRoot() + 1
                    #expect(abs(x - (target + r.0)) <= 1e-12 * scale, "k \(p.k) c \(p.c) t \(t)")
                    #expect(abs(v - r.1) <= 1e-12 * scale * (p.k / p.m).squareRoot() * 4, "k \(p.k) c \(p.c) t \(t)")
                }
            }
        }
    }

    @Test("SIMD2<Double> and SIMD4<Float> give, per component, the scalar spring's bits")
    func simdBitForBit() throws {
        var rng = SplitMix64(seed: 0x5EED_5157)
        func r(_ a: Double, _ b: Double) -> Double { a + (b - a) * Double(rng.next() >> 11) / 9_007_199_254_740_992 }
        for _ in 0..<400 {
            let sd = try Spring<Double>(stiffness: r(1, 900), dampingRatio: r(0.05, 2.5))
            let sf = try Spring<Float>(stiffness: Float(r(1, 900)), dampingRatio: Float(r(0.05, 2.5)))
            let tgt = SIMD2<Double>(r(-100, 100), r(-100, 100)), v0 = SIMD2<Double>(r(-500, 500), r(-500, 500))
            let t = r(0, 3)
            let x = try sd.value(target: tgt, initialVelocity: v0, time: t)
            let v = try sd.velocity(target: tgt, initialVelocity: v0, time: t)
            for i in 0..<2 {
                #expect(x[i] == (try sd.value(target: tgt[i], initialVelocity: v0[i], time: t)))
                #expect(v[i] == (try sd.velocity(target: tgt[i], initialVelocity: v0[i], time: t)))
            }
            var pos = SIMD2<Double>(r(-9, 9), r(-9, 9)), vel = v0
            var p0 = pos[0], q0 = vel[0]
            try sd.update(value: &pos, velocity: &vel, target: tgt, deltaTime: t)
            try sd.update(value: &p0, velocity: &q0, target: tgt[0], deltaTime: t)
            #expect(pos[0] == p0 && vel[0] == q0)
            let tf = SIMD4<Float>(Float(r(-9, 9)), Float(r(-9, 9)), Float(r(-9, 9)), Float(r(-9, 9)))
            let xf = try sf.value(target: tf, initialVelocity: .zero, time: Float(t))
            for i in 0..<4 { #expect(xf[i] == (try sf.value(target: tf[i], time: Float(t)))) }
            #if !MOTIONKERNEL_NO_FOUNDATION
            let pt = try sd.value(target: CGPoint(x: tgt[0], y: tgt[1]), initialVelocity: CGPoint(x: v0[0], y: v0[1]), time: t)
            #expect(Double(pt.x) == x[0] && Double(pt.y) == x[1])
            #endif
        }
    }

    @Test("update: n exact steps of Δt equal one step of nΔt within the derived rounding bound")
    func updateComposes() throws {
        // ζ = 0.5. In scaled coordinates z = (y, v/ω₀) every entry of Φ(t) is bounded by
        // B = 1/√(1 − ζ²) for all t (|e^{−λt}(cos + (λ/s) sin)| ≤ √(1 + λ²/s²) = ω₀/s, likewise
        // the others), so ‖Φ̃(t)‖∞ ≤ 2B and ‖z(t)‖∞ ≤ 2B‖z₀‖∞ =: Z. One update rounds the
        // propagator entries (exp, sin, cos ≤ 1 ulp each, the series' Horner steps and the
        // products: at most 32u relative to B, generous), the two products and sum (3u), and the
        // subtraction value − target and addition target + y (u·(|target| + Z) each). Each step's
        // error e ≤ 2B·35u·Z + 2u(|target| + Z) is carried on by the exact flow Φ̃ (norm ≤ 2B),
        // so after n steps the error is ≤ (n + 1)·2B·e (the one big step adds one more e).
        let zeta = 0.5, k = 200.0
        let s = try Spring<Double>(stiffness: k, dampingRatio: zeta)
        let w = k.squareRoot(), u = Double.ulpOfOne / 2, bigB = 1 / (1 - zeta * zeta).squareRoot()
        for (x0, v0, target) in [(0.0, 0.0, 1.0), (3.0, -40.0, -2.0), (-10.0, 300.0, 5.0)] {
            let n = 600, dt = 1.0 / 600
            var x = x0, v = v0
            for _ in 0..<n { try s.update(value: &x, velocity: &v, target: target, deltaTime: dt) }
            var X = x0, V = v0
            try s.update(value: &X, velocity: &V, target: target, deltaTime: Double(n) * dt)
            let z = 2 * bigB * max(abs(x0 - target), abs(v0) / w)
            let e = 2 * bigB * 35 * u * z + 2 * u * (abs(target) + z)
            let bound = Double(n + 1) * 2 * bigB * e
            #expect(abs(x - X) <= bound, "x \(x) vs \(X), bound \(bound)")
            #expect(abs(v - V) / w <= bound, "v \(v) vs \(V), bound \(bound)")
            // And the state is the closed form (not an integrator): Euler would be off by ~1e-2.
            let r = reference(k: k, c: 2 * zeta * w, m: 1, y0: x0 - target, v0: v0, t: 1)
            #expect(abs(X - (target + r.0)) <= 1e-12 * (abs(target) + z + 1))
        }
    }

    @Test("defaults: Spring() is smooth; init(duration:bounce:) defaults 0.5 and 0; initialVelocity defaults to zero")
    func defaults() throws {
        let a = Spring(), b = try Spring<Double>(duration: 0.5, bounce: 0), c = Spring<Double>()
        #expect(a == b && a == c && a == Spring.smooth)
        #expect(a.dampingRatio == 1 || abs(a.dampingRatio - 1) <= 4 * Double.ulpOfOne)
        #expect(abs(a.response - 0.5) <= 4 * Double.ulpOfOne)
        #expect(try a.value(target: 2.0, time: 0.1) == (try a.value(target: 2.0, initialVelocity: 0, time: 0.1)))
        let m = try Spring(stiffness: 10.0, damping: 1.0)
        #expect(m.mass == 1)
    }

    @Test("allowOverDamping: false (default) clamps an over-damped spring to critical damping")
    func overDamping() throws {
        let clamped = try Spring(mass: 2, stiffness: 50, damping: 100)
        #expect(clamped.dampingRatio == 1 && clamped.regime == .criticallyDamped)
        #expect(clamped.mass == 2 && clamped.stiffness == 50)
        // Critical damping 2√(km) = 20: computed as 2m·√(k/m), a square root and two products.
        #expect(abs(clamped.damping - 20) <= 3 * Double.ulpOfOne * 20)
        let kept = try Spring(mass: 2, stiffness: 50, damping: 100, allowOverDamping: true)
        #expect(abs(kept.dampingRatio - 5) <= 4 * Double.ulpOfOne * 5 && kept.regime == .overdamped)
        // The clamped spring moves as the critical closed form y = (y0 + (v0 + ω y0) t) e^{−ωt}.
        let r = reference(k: 50, c: 20, m: 2, y0: -1, v0: 0, t: 0.4)
        #expect(abs(try clamped.value(target: 1.0, time: 0.4) - (1 + r.0)) <= 1e-13)
        // Under- and critically damped inputs are unaffected.
        for c in [0.0, 3.0, 19.0] {
            #expect(try Spring(mass: 2, stiffness: 50, damping: c) == (try Spring(mass: 2, stiffness: 50, damping: c, allowOverDamping: true)))
        }
    }

    @Test("settlingDuration: SwiftUI's convention (target 1, velocity 0, ε 0.001), checked against its definition")
    func settlingProperty() throws {
        for p in Self.springs {
            let s = try Spring(mass: p.m, stiffness: p.k, damping: p.c, allowOverDamping: true)
            let T = try s.settlingDuration
            #expect(T == (try s.settlingDuration(epsilon: 0.001, from: 0, to: 1, initialVelocity: 0)))
            let w = (p.k / p.m).squareRoot(), l = p.c / (2 * p.m)
            // After T: |x − 1| ≤ ε on a dense grid up to where the envelope bound takes over.
            // Envelope: |y(t)| ≤ e^{−λt}·(1 + λ/s) (under-damped, y0 = −1, v0 = 0), or ≤ e^{−ρt}·(1 + t·λ)… use
            // the generous e^{−ρt}·(2 + 2λt) with ρ the slowest decay rate, valid in every regime.
            let rho = l < w ? l : w * w / (l + (max(0, l * l - w * w)).squareRoot())
            let sPeriod = l < w ? 2 * Double.pi / (w * w - l * l).squareRoot() : 1 / rho
            var tEnd = T
            while exp(-rho * tEnd) * (2 + 2 * l * tEnd) > 0.001 * (l < w ? (1 - l * l / (w * w)).squareRoot() : 1) { tEnd += 0.25 * sPeriod }
            let steps = 4000
            for i in 0...steps {
                let t = T + (tEnd - T) * Double(i) / Double(steps)
                let y = reference(k: p.k, c: p.c, m: p.m, y0: -1, v0: 0, t: t).0
                #expect(abs(y) <= 0.001 * (1 + 1e-9), "k \(p.k) c \(p.c) t \(t)")
            }
            // Minimal: just before T the motion is outside the band (T is a crossing of ε).
            let yBefore = reference(k: p.k, c: p.c, m: p.m, y0: -1, v0: 0, t: T * (1 - 1e-6)).0
            #expect(abs(yBefore) > 0.001, "k \(p.k) c \(p.c)")
        }
        let undamped = try Spring<Double>(mass: 1, stiffness: 10, damping: 0)
        #expect(throws: MotionKernelError.self) { try undamped.settlingDuration }
    }

    @Test("vector settlingDuration: exact along one line, an upper bound otherwise")
    func vectorSettling() throws {
        let s = try Spring<Double>(stiffness: 120, dampingRatio: 0.6)
        let scalar = try s.settlingDuration(target: 5.0, epsilon: 0.01)
        let along = try s.settlingDuration(target: SIMD2<Double>(3, 4), epsilon: 0.01)
        #expect(abs(along - scalar) <= 1e-12 * scalar)
        let t = try s.settlingDuration(target: SIMD2<Double>(3, 4), initialVelocity: SIMD2<Double>(-20, 15), epsilon: 0.01)
        for i in 0...2000 {
            let tt = t + Double(i) * 0.001
            let x = try s.value(target: SIMD2<Double>(3, 4), initialVelocity: SIMD2<Double>(-20, 15), time: tt)
            #expect((x - SIMD2<Double>(3, 4)).magnitudeSquared.squareRoot() <= 0.01 * (1 + 1e-9))
        }
    }

    @Test("presets: SwiftUI's documented durations and bounces")
    func presets() throws {
        let cases: [(Spring<Double>, Double)] = [(.smooth, 0), (.snappy, 0.15), (.bouncy, 0.3)]
        for (s, b) in cases {
            #expect(s == (try Spring<Double>(duration: 0.5, bounce: b)))
            #expect(abs(s.bounce - b) <= 8 * Double.ulpOfOne && abs(s.duration - 0.5) <= 4 * Double.ulpOfOne)
            #expect(abs(s.dampingRatio - (1 - b)) <= 8 * Double.ulpOfOne)
        }
        #expect(try Spring.smooth(duration: 0.3, extraBounce: 0.2) == (try Spring<Double>(duration: 0.3, bounce: 0.2)))
        #expect(try Spring.snappy(duration: 0.3, extraBounce: 0.1) == (try Spring<Double>(duration: 0.3, bounce: 0.15 + 0.1)))
        #expect(try Spring.bouncy(extraBounce: -0.5) == (try Spring<Double>(duration: 0.5, bounce: 0.3 - 0.5)))
        func field(_ f: () throws -> Spring<Double>) -> String? {
            do { _ = try f() } catch let e as MotionKernelError { return e.field } catch {}
            return nil
        }
        #expect(field { try .bouncy(extraBounce: 0.8) } == "extraBounce")
        #expect(field { try .smooth(extraBounce: .nan) } == "extraBounce")
        #expect(field { try .snappy(duration: -1) } == "duration")
        #expect(field { try Spring(settlingDuration: 0, dampingRatio: 0.5) } == "settlingDuration")
        #expect(field { try Spring(settlingDuration: 1, dampingRatio: 0) } == "dampingRatio")
        #expect(field { try Spring(settlingDuration: 1, dampingRatio: 0.5, epsilon: 2) } == "epsilon")
    }

    @Test("init(settlingDuration:dampingRatio:epsilon:) settles by the given time")
    func settlingInit() throws {
        for (d, z) in [(1.0, 0.7), (0.4, 1.0), (2.0, 1.5)] {
            let s = try Spring<Double>(settlingDuration: d, dampingRatio: z)
            #expect(abs(s.dampingRatio - z) <= 1e-12 && s.mass == 1)
            let t = try s.settlingDuration
            #expect(t <= d * (1 + 1e-9) && t >= d * 0.9, "ζ \(z): \(t)")
        }
    }

    @Test("bad input is a typed error naming the field, never NaN")
    func errors() throws {
        let s = Spring.bouncy
        func field<V>(_ f: () throws -> V) -> String? {
            do { _ = try f() } catch let e as MotionKernelError { return e.field } catch {}
            return nil
        }
        #expect(field { try s.value(target: 1.0, time: -1) } == "time")
        #expect(field { try s.value(target: 1.0, time: .nan) } == "time")
        #expect(field { try s.value(target: Double.nan, time: 1) } == "target")
        #expect(field { try s.velocity(target: SIMD2<Double>(1, .infinity), time: 1) } == "target")
        #expect(field { try s.value(target: 1.0, initialVelocity: .infinity, time: 1) } == "initialVelocity")
        // A soft spring: Φ12(t) ≈ sin(st)/s ≈ 100 at st = π/2, so 1e308 units/s overflows.
        let soft = try Spring<Double>(stiffness: 1e-4, dampingRatio: 0.01)
        #expect(field { try soft.value(target: 1.0, initialVelocity: 1e308, time: 157) } == "target")
        var x = 0.0, v = Double.nan
        #expect(field { try s.update(value: &x, velocity: &v, target: 1, deltaTime: 0.1) } == "velocity")
        v = 0
        #expect(field { try s.update(value: &x, velocity: &v, target: 1, deltaTime: -0.1) } == "deltaTime")
        #expect(x == 0 && v == 0)
        #expect(field { try s.force(target: 1.0, position: .nan, velocity: 0) } == "position")
        #expect(try s.force(target: 2.0, position: 0.5, velocity: 3) == s.stiffness * 1.5 - s.damping * 3)
    }

    @Test("SpringMotion over SIMD2<Double>: per component the scalar motion, retargeting C¹")
    func vectorMotion() throws {
        let s = try Spring<Double>(stiffness: 170, dampingRatio: 0.7)
        let m = try SpringMotion(spring: s, from: SIMD2<Double>(0, 5), to: SIMD2<Double>(100, -20), initialVelocity: SIMD2<Double>(3, -4))
        let mx = try SpringMotion(spring: s, from: 0.0, to: 100.0, initialVelocity: 3.0)
        let r = try m.retargeted(at: 0.23, to: SIMD2<Double>(-40, 7))
        let rx = try mx.retargeted(at: 0.23, to: -40)
        for t in [0.0, 0.1, 0.23, 0.5, 1.7] {
            #expect(m.state(at: t).value[0] == mx.state(at: t).value && r.state(at: t).velocity[0] == rx.state(at: t).velocity)
        }
        let before = m.state(at: 0.23), after = r.state(at: 0.23)
        #expect(before.value == after.value && before.velocity == after.velocity)
        #expect(try m.settlingDuration(epsilon: 0.01) > 0)
    }
}
