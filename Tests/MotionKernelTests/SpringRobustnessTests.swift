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
        let T = try sp.settlingDuration(epsilon: eps, from: 0, to: 1, velocity: 0)
        // y0 = −1, v0 = 0: peaks e^{−λjπ/s} at t = jπ/s; the crossing is within π/s after the
        // last one above ε, so T ∈ (−ln ε/λ − π/s, −ln ε/λ + π/s).
        let logEps = -1074 * logl(2)
        let tEnv = Double(-logEps / 5)
        #expect(abs(T - tEnv) < Double.pi / sp.s, "T = \(T), envelope time \(tEnv)")
        checkCrossing(sp, y0: -1, v0: 0, logEps: logEps, T: T)
        // The velocity-aware measure is at least as long.
        let Tv = try sp.settlingDuration(epsilon: eps, velocityEpsilon: eps, from: 0, to: 1, velocity: 0)
        #expect(Tv >= T)
    }

    @Test("initial velocity 1e308 and displacement 1e300: no overflow, the true crossing")
    func hugeStates() throws {
        let sp = try Spring<Double>(mass: 1, stiffness: 100, damping: 10)
        for (y0, v0, eps) in [(-1.0, 1e308, 1e-3), (1e300, -1e300, 1e-3), (-1.0, 1e308, Double.leastNonzeroMagnitude)] {
            let T = try sp.settlingDuration(epsilon: eps, from: y0, to: 0, velocity: v0)
            #expect(T.isFinite && T > 0)
            checkCrossing(sp, y0: y0, v0: v0, logEps: logl(Float80(eps)), T: T)
        }
        let Tv = try sp.settlingDuration(epsilon: 1e-3, velocityEpsilon: 1e-3, from: 0, to: 1, velocity: 1e308)
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
        } catch let e as MotionKernelError { #expect(e.field == "epsilon") }
    }

    @Test("Float: a settling time beyond Float's range is a named error, never ∞")
    func floatOverflow() throws {
        // ζ = 1e-40 (Float subnormal): λ = 1e-39, T ≈ 6.9e39 > Float.greatestFiniteMagnitude.
        let sp = try Spring<Float>(stiffness: 100, damping: Float(2e-39))
        do {
            _ = try sp.settlingDuration(epsilon: 1e-3)
            Issue.record("expected an error")
        } catch let e as MotionKernelError { #expect(e.field == "epsilon") }
    }

    static func decayedSprings() throws -> [Spring<Double>] {
        [try Spring(stiffness: 100, dampingRatio: 0.5), try Spring(stiffness: 100, dampingRatio: 1),
         try Spring(stiffness: 100, dampingRatio: 1 + 1e-12), try Spring(stiffness: 100, dampingRatio: 30),
         try Spring(stiffness: 1e-6, dampingRatio: 0.01), try Spring(mass: 1e-300, stiffness: 1, damping: 1e-150)]
    }

    @Test("state at t = 1e10 … greatestFiniteMagnitude (and +∞) is the decayed limit: exactly `to`, velocity 0")
    func hugeTimes() throws {
        let times = [1e10, 1e100, 1e305, 1e308, Double.greatestFiniteMagnitude, .infinity]
        for sp in try Self.decayedSprings() {
            // e^{−ρt} ≤ e^{−ρ·1e10}: ρ ≥ 1e-6·… for these springs, so ρ·1e10 ≥ 2e3 and every
            // term underflows; the sum to + 0 is `to` exactly.
            for t in times {
                let st = sp.state(at: t, from: -3, to: 2, velocity: 40)
                #expect(st.value == 2 && st.velocity == 0, "ζ \(sp.dampingRatio) t \(t): \(st)")
                let p = sp.propagator(t)
                #expect(p.p11 == 0 && p.p12 == 0 && p.p21 == 0 && p.p22 == 0)
            }
        }
        let f = try Spring<Float>(stiffness: 100, dampingRatio: 0.5)
        for t in [Float(1e10), 1e30, .greatestFiniteMagnitude, .infinity] {
            let st = f.state(at: t, from: -3, to: 2, velocity: 40)
            #expect(st.value == 2 && st.velocity == 0, "Float t \(t): \(st)")
        }
    }

    @Test("nearly undamped springs at huge times: finite, within the energy bound; exact phase at 1e10")
    func hugeTimesUndamped() throws {
        // Energy ½(v² + ω₀²y²) never grows: |y| ≤ √(y0² + (v0/ω0)²).
        for sp in [try Spring<Double>(stiffness: 100, damping: 0), try Spring<Double>(stiffness: 100, dampingRatio: .leastNonzeroMagnitude)] {
            for t in [1e10, 1e100, 1e305, 1e308, Double.greatestFiniteMagnitude] {
                let st = sp.state(at: t, from: 1, to: 0, velocity: 0)
                #if arch(x86_64)
                #expect(st.value.isFinite && abs(st.value) <= 1 + 4 * Double.ulpOfOne, "t \(t): \(st)")
                #endif
            }
            // t = 1e10, ω = 10: the phase 1e11 rad is exact in Double; c = cos(1e11) from the C
            // library (≤ 1 ulp), e^{−λt} = 1 exactly, then the signed-log round trip
            // exp(ln c): relative error ≤ u(2 + |ln c|) + 2u, so absolute ≤ |c|(4 + |ln c|)u ≤
            // (4 + 1/e)u < 3·ulpOfOne (ulpOfOne = 2u), against cos(1e11) itself within 1 ulp.
            let st = sp.state(at: 1e10, from: 1, to: 0, velocity: 0)
            #expect(abs(st.value - Double.cos(1e11)) <= 3 * Double.ulpOfOne)
        }
    }
}

@Suite("Spring batches: accepted ranges and non-finite outputs")
struct SpringBatchRangeTests {
    @Test("extreme parameters are typed errors before work, naming the spring")
    func rejected() throws {
        func field(_ body: () throws -> Void) -> String? {
            do { try body(); return nil } catch let e as MotionKernelError { return e.field } catch { return "?" }
        }
        // from − to overflows; |to| beyond a quarter of the range.
        #expect(field { _ = try SpringBatch<Double>(stiffness: [100, 100], damping: [10, 10], from: [0, -1e308], to: [1, 1e308]) } == "from[1]")
        #expect(field { _ = try SpringBatch<Double>(stiffness: [100], damping: [10], from: [0], to: [1.7e308]) } == "to[0]")
        #expect(field { _ = try SpringBatch<Float>(stiffness: [100], damping: [10], from: [0], to: [3e38]) } == "to[0]")
        // A tiny ω₀ with a huge velocity: the amplitude v0/ω0 overflows.
        #expect(field { _ = try SpringBatch<Double>(stiffness: [1e-200], damping: [1e-100], from: [0], to: [0], velocity: [1e300]) } == "velocity[0]")
        // Huge stiffness with huge velocity: values fine, velocities (ω0·y0, v0) out of range.
        let b = try SpringBatch<Double>(stiffness: [100, 1e300], damping: [10, 1e150], from: [0, 0], to: [1, 1e300], velocity: [0, 1e300])
        let grid = TimeGrid<Double>.uniform(start: 0, step: 0.01, count: 9)
        var out = [Double](repeating: 0, count: 18), vel = out
        try out.withUnsafeMutableBufferPointer { try b.sample(grid, values: $0) }
        #expect(out.allSatisfy { $0.isFinite })
        #expect(field {
            try out.withUnsafeMutableBufferPointer { o in try vel.withUnsafeMutableBufferPointer { v in try b.sample(grid, values: o, velocities: v) } }
        } == "stiffness[1]")
        // Tiny mass: ω0 = 1e150 in Double; in Float the mass is not representable.
        #expect(field { _ = try SpringBatch<Float>(mass: [Float(1e-300)], stiffness: [1], damping: [1], from: [0], to: [1]) } == "mass[0]")
        // The shared batch checks the same bounds.
        #expect(field {
            try out.withUnsafeMutableBufferPointer { o in
                try SharedSpringBatch.sample(spring: try Spring<Double>(stiffness: 1e-200, damping: 1e-100), from: [0, 0], to: [0, 0],
                                             velocity: [0, 1e300], grid: .uniform(start: 0, step: 0.01, count: 9), values: o)
            }
        } == "velocity[1]")
    }

    @Test("accepted extremes give finite samples equal to the closed form; huge grid times give `to`")
    func acceptedExtremes() throws {
        let b = try SpringBatch<Double>(stiffness: [1e300, 100, 1e-6, 100], damping: [1e150, 10, 1e-4, 20],
                                        from: [-1e306, 1e306, 0, 1], to: [1e306, -1e306, 1e300, 0], velocity: [1e150, 0, 1, -1e5])
        for grid in [TimeGrid<Double>.uniform(start: 0, step: 0.05, count: 37), .times([0, 1e10, 1e305, .greatestFiniteMagnitude]),
                     .uniform(start: 1e300, step: 1e300, count: 5)] {
            let r = try b.sample(grid, withVelocities: false)
            for i in 0..<b.count {
                let sp = try b.spring(at: i)
                for j in 0..<grid.count {
                    let v = r.values[i * grid.count + j]
                    #expect(v.isFinite)
                    let ref = sp.state(at: grid[j], from: b.from[i], to: b.to[i], velocity: b.velocity[i]).value
                    // Double stepping vs the closed form: the batch's documented 1e-12 relative
                    // to the amplitude bound (see SpringBatchTests.check).
                    let scale = abs(b.to[i]) + 2 * Double.hypot(b.from[i] - b.to[i], b.velocity[i] / sp.angularFrequency)
                    #expect(abs(v - ref) <= 1e-12 * scale, "spring \(i) sample \(j): \(v) vs \(ref)")
                }
            }
        }
    }
}

@Suite("Spring batches: bits independent of threads and row splits", .serialized)
struct SpringDeterminismTests {
    static func batch(n: Int, seed: UInt64) throws -> SpringBatch<Double> {
        var g = SplitMix64(seed: seed)
        var k = [Double](), c = [Double](), m = [Double](), f = [Double](), t = [Double](), v = [Double]()
        for i in 0..<n {
            let kk = g.logUniform(1, 1e4), mm = g.logUniform(0.1, 10)
            let special = [0.0, 1.0, 1e-9, 1 - 1e-12]
            let zeta = i % 11 < 4 ? special[i % 11] : g.uniform(0.01, 5)
            k.append(kk); m.append(mm); c.append(2 * zeta * (kk * mm).squareRoot())
            f.append(g.uniform(-100, 100)); t.append(g.uniform(-100, 100)); v.append(g.uniform(-500, 500))
        }
        return try SpringBatch(mass: m, stiffness: k, damping: c, from: f, to: t, velocity: v)
    }

    /// Bit patterns (Float → Double is exact and injective, so equal patterns ⇔ equal bits).
    func bits<T: MotionScalar>(_ x: [T]) -> [UInt64] { x.map { $0.doubleValue.bitPattern } }

    func rows<T: MotionScalar>(_ b: SpringBatch<T>, _ grid: TimeGrid<T>, _ r: Range<Int>, threads: Int) throws -> ([T], [T]) {
        var o = [T](repeating: 0, count: r.count * grid.count), w = o
        try o.withUnsafeMutableBufferPointer { ob in
            try w.withUnsafeMutableBufferPointer { wb in try b.sample(grid, rows: r, values: ob, velocities: wb, threads: threads) }
        }
        return (o, w)
    }

    func checkSplits<T: MotionScalar>(_ b: SpringBatch<T>, _ grid: TimeGrid<T>, threads: Int, rng: inout SplitMix64) throws {
        let n = b.count
        let whole = try rows(b, grid, 0..<n, threads: 1)
        var splits = [(Int, Int, Int)]()
        for a in 0...9 { for d in 1...9 { splits.append((a, min(n - 1, a + d), n)) } }
        for _ in 0..<6 {
            let a = Int.random(in: 0..<(n / 2), using: &rng), bb = Int.random(in: (a + 1)..<n, using: &rng)
            splits.append((a, bb, Int.random(in: (bb + 1)...n, using: &rng)))
        }
        let tc = grid.count
        for (a, bb, c) in splits where a < bb && bb < c {
            let p = try rows(b, grid, a..<bb, threads: threads), q = try rows(b, grid, bb..<c, threads: threads)
            let ref = (Array(whole.0[(a * tc)..<(c * tc)]), Array(whole.1[(a * tc)..<(c * tc)]))
            #expect(bits(p.0 + q.0) == bits(ref.0), "values, split \(a)..<\(bb)..<\(c), \(threads) threads")
            #expect(bits(p.1 + q.1) == bits(ref.1), "velocities, split \(a)..<\(bb)..<\(c), \(threads) threads")
        }
    }

    @Test("SpringBatch: splits at offsets 0…9 and random, threads 1, 2, 3, 7; uniform and listed grids; Float and Double")
    func springBatch() throws {
        defer { Parallel.setThreadCount(1) }
        var rng = SplitMix64(seed: 77)
        let small = try Self.batch(n: 41, seed: 1)
        let smallF = try SpringBatch<Float>(mass: small.mass.map(Float.init), stiffness: small.stiffness.map(Float.init),
                                            damping: small.damping.map(Float.init), from: small.from.map(Float.init),
                                            to: small.to.map(Float.init), velocity: small.velocity.map(Float.init))
        let grids: [TimeGrid<Double>] = [.uniform(start: 0, step: 1.0 / 60, count: 21), .uniform(start: 0.3, step: 0.01, count: 70),
                                         .times([0, 0.1, 0.7, 2, 30])]
        for threads in [1, 2, 3, 7] {
            Parallel.setThreadCount(threads)
            for g in grids {
                try checkSplits(small, g, threads: threads, rng: &rng)
                let gf: TimeGrid<Float>
                switch g {
                case .uniform(let s, let st, let c): gf = .uniform(start: Float(s), step: Float(st), count: c)
                case .times(let ts): gf = .times(ts.map(Float.init))
                }
                try checkSplits(smallF, gf, threads: threads, rng: &rng)
            }
            // Large enough that the rows really spread over the threads.
            let big = try Self.batch(n: 6000, seed: 2)
            // 64 samples: at least 128 groups of four per thread, so 6000 rows use them all.
            let grid = TimeGrid<Double>.uniform(start: 0, step: 1.0 / 60, count: 64)
            let whole = try rows(big, grid, 0..<6000, threads: 1)
            let mt = try rows(big, grid, 0..<6000, threads: Parallel.threadCount)
            let cut = Int.random(in: 1..<6000, using: &rng)
            let p = try rows(big, grid, 0..<cut, threads: threads), q = try rows(big, grid, cut..<6000, threads: threads)
            #expect(bits(mt.0) == bits(whole.0) && bits(mt.1) == bits(whole.1), "\(threads) threads")
            #expect(bits(p.0 + q.0) == bits(whole.0) && bits(p.1 + q.1) == bits(whole.1), "cut \(cut), \(threads) threads")
        }
    }

    @Test("SharedSpringBatch: loop and GEMM paths, splits at offsets 0…9 and random, threads 1, 2, 3, 7")
    func shared() throws {
        defer { Parallel.setThreadCount(1) }
        var rng = SplitMix64(seed: 9)
        let n = 3000
        let from = (0..<n).map { _ in rng.uniform(-10, 10) }, to = (0..<n).map { _ in rng.uniform(-10, 10) }
        let vel = (0..<n).map { _ in rng.uniform(-50, 50) }
        let sp = try Spring<Double>(stiffness: 200, dampingRatio: 0.6)
        // 64 samples: at least 256 rows per thread, so 3000 rows use them all.
        let grid = TimeGrid<Double>.uniform(start: 0, step: 1.0 / 120, count: 64)
        let tc = grid.count
        func run(_ r: Range<Int>, _ path: SharedSpringBatch.Path) throws -> ([Double], [Double]) {
            var o = [Double](repeating: 0, count: r.count * tc), w = o
            try o.withUnsafeMutableBufferPointer { ob in
                try w.withUnsafeMutableBufferPointer { wb in
                    try SharedSpringBatch.sample(spring: sp, from: Array(from[r]), to: Array(to[r]), velocity: Array(vel[r]), grid: grid,
                                                 values: ob, velocities: wb, path: path)
                }
            }
            return (o, w)
        }
        for path in [SharedSpringBatch.Path.loop, .gemm] {
            Parallel.setThreadCount(1)
            let whole = try run(0..<n, path)
            for threads in [1, 2, 3, 7] {
                Parallel.setThreadCount(threads)
                let all = try run(0..<n, path)
                #expect(bits(all.0) == bits(whole.0) && bits(all.1) == bits(whole.1), "\(path) \(threads) threads")
                var splits = [(Int, Int, Int)]()
                for a in 0...9 { splits.append((a, a + 1 + Int.random(in: 0..<9, using: &rng), 40 + a)) }
                for _ in 0..<3 {
                    let a = Int.random(in: 0..<1000, using: &rng), b = Int.random(in: (a + 1)..<n, using: &rng)
                    splits.append((a, b, Int.random(in: (b + 1)...n, using: &rng)))
                }
                for (a, b, c) in splits {
                    let p = try run(a..<b, path), q = try run(b..<c, path)
                    #expect(bits(p.0 + q.0) == bits(Array(whole.0[(a * tc)..<(c * tc)])), "\(path) \(a)..<\(b)..<\(c) \(threads) threads")
                    #expect(bits(p.1 + q.1) == bits(Array(whole.1[(a * tc)..<(c * tc)])), "\(path) velocities \(a)..<\(b)..<\(c)")
                }
            }
        }
    }
}
