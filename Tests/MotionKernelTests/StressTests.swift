import Testing
@testable import MotionKernel

/// Numerical stress across wide parameter ranges (issue "Reliability"): finite outputs and
/// accuracy against references from identities, for Float and Double; bulk ≡ scalar on the same
/// hostile inputs.
@Suite("numerical stress")
struct StressTests {
    @Test("splines are scale-invariant in x from 1e-9 to 1e9 (knots spanning 18 decades)")
    func splineScales() throws {
        var rng = SplitMix64(seed: 77)
        let k = 12
        var x = [0.0]
        for _ in 1..<k { x.append(x.last! + rng.uniform(0.2, 3)) }
        let y = (0..<k).map { _ in rng.uniform(-5, 5) }
        for boundary in [CubicSpline<Double>.Boundary.notAKnot, .natural, .clamped] {
            let unit = try CubicSpline<Double>(x: x, y: y, boundary: boundary)
            for s in [1e-9, 1e-3, 1e3, 1e9] {
                let scaled = try CubicSpline<Double>(x: x.map { $0 * s }, y: y, boundary: boundary)
                for q in stride(from: -0.5, through: x.last! + 0.5, by: 0.37) {
                    let a = unit.curve.value(at: q), b = scaled.curve.value(at: q * s)
                    #expect(b.isFinite)
                    #expect(abs(a - b) <= 1e-9 * max(1, abs(a)), "\(boundary) s \(s) t \(q)")
                    // First derivative scales by 1/s.
                    let da = try unit.curve.derivative(at: q, order: 1), db = try scaled.curve.derivative(at: q * s, order: 1)
                    #expect(abs(da - db * s) <= 1e-8 * max(1, abs(da)), "\(boundary) s \(s) t \(q)")
                }
                for (i, xi) in x.enumerated() { #expect(abs(scaled.curve.value(at: xi * s) - y[i]) <= 1e-12 * max(1, abs(y[i]))) }
            }
        }
        // Knots themselves spanning 1e-9 … 1e9 (geometric): interpolate, stay finite, Float too.
        let gx = (0...18).map { Double.pow(10, Double($0 - 9)) }
        let gy = gx.indices.map { Double.sin(Double($0)) }
        // Every knot but the last starts its own piece, so its value is stored exactly. The last
        // knot is the right end of a piece 9e8 wide: evaluating that cubic there cancels terms
        // of size ~|y″|h², as SciPy's PPoly does too, so only a conditioning-sized error holds.
        let g = try CubicSpline<Double>(x: gx, y: gy)
        for (i, xi) in gx.enumerated().dropLast() { #expect(abs(g.curve.value(at: xi) - gy[i]) <= 1e-15) }
        #expect(abs(g.curve.value(at: gx.last!) - gy.last!) <= 1e-3)
        for t in [1e-10, 3e-9, 0.5, 7e4, 2e9] { #expect(g.curve.value(at: t).isFinite) }
        let gf = try CubicSpline<Float>(x: gx.map(Float.init), y: gy.map(Float.init))
        for (i, xi) in gx.enumerated().dropLast() { #expect(abs(Double(gf.curve.value(at: Float(xi))) - gy[i]) <= 1e-7) }
        for t: Float in [1e-10, 3e-9, 0.5, 7e4, 1e9, 2e9] { #expect(gf.curve.value(at: t).isFinite) }
    }

    @Test("nearly singular transforms: a clear error or an inverse that really inverts")
    func nearlySingular() throws {
        var rng = SplitMix64(seed: 5)
        for e in [1e-2, 1e-6, 1e-10, 1e-14, 1e-17, 0] {
            for _ in 0..<20 {
                // Rows 1 and 2 nearly parallel: determinant ~ e.
                var m = (0..<16).map { _ in rng.uniform(-2, 2) }
                for j in 0..<4 { m[4 + j] = m[j] * 1.5 + e * rng.uniform(-1, 1) }
                m[3] = 0; m[7] = 0; m[11] = 0; m[15] = 1
                guard let t = try? Transform3D<Double>(rowMajor: m) else { Issue.record("rowMajor"); continue }
                do {
                    let inv = try t.inverted()
                    let p = t.concatenating(inv).rowMajor
                    // The residual grows with the condition number; it must stay honest (finite
                    // and small against 1/|det| scaled by ulp).
                    let cond = 1 / max(abs(t.determinant), 1e-300)
                    for (i, v) in p.enumerated() {
                        let ident: Double = i % 5 == 0 ? 1 : 0
                        #expect(v.isFinite)
                        #expect(abs(v - ident) <= 1e-12 * max(1, cond * 100), "e \(e)")
                    }
                } catch let err {
                    #expect(err.field == "transform" && e < 1e-9, "e \(e): \(err)")
                }
                // Interpolation never produces non-finite entries, singular ends included.
                let mid = try Transform3D<Double>.interpolate(from: .identity, to: t, fraction: 0.3).rowMajor
                #expect(mid.allSatisfy { $0.isFinite }, "e \(e)")
            }
        }
    }

    @Test("spring batches equal the scalar closed form on hostile parameters (ζ 1e-9…1e6, k 1e-6…1e9)")
    func springBulkStress() throws {
        var rng = SplitMix64(seed: 1234)
        let n = 300
        var k = [Double](), c = [Double](), m = [Double](), f = [Double](), t = [Double](), v = [Double]()
        for _ in 0..<n {
            let kk = rng.logUniform(1e-6, 1e9), mm = rng.logUniform(1e-2, 1e2), zeta = rng.logUniform(1e-9, 1e6)
            k.append(kk); m.append(mm); c.append(2 * zeta * (kk * mm).squareRoot())
            f.append(rng.uniform(-100, 100)); t.append(rng.uniform(-100, 100)); v.append(rng.uniform(-1e3, 1e3))
        }
        let grids: [TimeGrid<Double>] = [
            .uniform(start: 0, step: 1.0 / 60, count: 40), .uniform(start: 1e5, step: 10, count: 20),
            .times([0, 1e-6, 0.3, 1e3, 1e6]),
        ]
        for grid in grids {
            let b = try SpringBatch<Double>(mass: m, stiffness: k, damping: c, from: f, to: t, initialVelocity: v)
            let r = try b.sample(grid, withVelocities: true)
            let bf = try SpringBatch<Float>(
                mass: m.map(Float.init), stiffness: k.map(Float.init), damping: c.map(Float.init),
                from: f.map(Float.init), to: t.map(Float.init), initialVelocity: v.map(Float.init))
            let rf = try bf.sample(grid.converted(to: Float.self), withVelocities: true)
            #expect(r.values.allSatisfy { $0.isFinite } && r.velocities!.allSatisfy { $0.isFinite })
            #expect(rf.values.allSatisfy { $0.isFinite } && rf.velocities!.allSatisfy { $0.isFinite })
            for i in 0..<n {
                let s = try b.spring(at: i)
                let amp = abs(f[i] - t[i]) + abs(v[i]) * (m[i] / k[i]).squareRoot() + abs(t[i])
                for j in 0..<grid.count {
                    let ref = s.value(at: grid[j], from: f[i], to: t[i], initialVelocity: v[i])
                    // The phase ω·t of a lightly damped spring is itself only known to a few ulps
                    // of ω·t (1.3e9 rad for k = 7.6e8 at t = 1e5 s): both paths carry that error.
                    let phase = s.angularFrequency * grid[j]
                    let tol = amp * (1e-9 + 8 * Double.ulpOfOne * phase)
                    #expect(abs(r.values[i * grid.count + j] - ref) <= tol, "spring \(i) t \(grid[j]) k \(k[i]) zeta \(s.dampingRatio)")
                }
            }
        }
    }
}
