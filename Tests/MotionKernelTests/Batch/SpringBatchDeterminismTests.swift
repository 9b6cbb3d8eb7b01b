import Testing
@testable import MotionKernel

@Suite("Spring batches: bits independent of threads and row splits", .serialized)
struct SpringBatchDeterminismTests {
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
        return try SpringBatch(mass: m, stiffness: k, damping: c, from: f, to: t, initialVelocity: v)
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
        var rng = SplitMix64(seed: 77)
        let small = try Self.batch(n: 41, seed: 1)
        let smallF = try SpringBatch<Float>(
            mass: small.mass.map(Float.init), stiffness: small.stiffness.map(Float.init),
            damping: small.damping.map(Float.init), from: small.from.map(Float.init),
            to: small.to.map(Float.init), initialVelocity: small.initialVelocity.map(Float.init))
        let grids: [TimeGrid<Double>] = [
            .uniform(start: 0, step: 1.0 / 60, count: 21), .uniform(start: 0.3, step: 0.01, count: 70),
            .times([0, 0.1, 0.7, 2, 30]),
        ]
        for threads in [1, 2, 3, 7] {
            try Parallel.withThreadCount(threads) {
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
    }

    @Test("SharedSpringBatch: loop and GEMM paths, splits at offsets 0…9 and random, threads 1, 2, 3, 7")
    func shared() throws {
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
                    try SharedSpringBatch.sample(
                        spring: sp, from: Array(from[r]), to: Array(to[r]), initialVelocity: Array(vel[r]), grid: grid,
                        values: ob, velocities: wb, path: path)
                }
            }
            return (o, w)
        }
        for path in [SharedSpringBatch.Path.loop, .gemm] {
            let whole = try Parallel.withThreadCount(1) { try run(0..<n, path) }
            for threads in [1, 2, 3, 7] {
                try Parallel.withThreadCount(threads) {
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
}
