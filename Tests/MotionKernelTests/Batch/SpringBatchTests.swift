import Testing
@testable import MotionKernel

@Suite("Spring batches")
struct SpringBatchTests {
    static func randomBatch<T: MotionScalar>(_: T.Type, n: Int, seed: UInt64) throws -> SpringBatch<T> {
        var rng = SplitMix64(seed: seed)
        var k = [T](), c = [T](), m = [T](), f = [T](), t = [T](), v = [T]()
        for i in 0..<n {
            let kk = rng.uniform(50, 500), mm = rng.uniform(0.5, 2)
            let zeta = i % 7 == 0 ? 1.0 : rng.uniform(0.1, 2.0)
            k.append(T(kk)); m.append(T(mm)); c.append(T(2 * zeta * (kk * mm).squareRoot()))
            f.append(T(rng.uniform(-100, 100))); t.append(T(rng.uniform(-100, 100))); v.append(T(rng.uniform(-500, 500)))
        }
        return try SpringBatch(mass: m, stiffness: k, damping: c, from: f, to: t, initialVelocity: v)
    }

    static func check<T: MotionScalar>(_: T.Type, grid: TimeGrid<T>, rel: Double, threads: Int) throws {
        let b = try randomBatch(T.self, n: 37, seed: 5)
        let r = try b.sample(grid, withVelocities: true)
        for i in 0..<b.count {
            let s = try b.spring(at: i).converted(to: Double.self)
            let scale = abs(b.from[i].doubleValue - b.to[i].doubleValue) + abs(b.initialVelocity[i].doubleValue) / s.angularFrequency + abs(b.to[i].doubleValue)
            for j in 0..<grid.count {
                let ref = s.state(
                    at: grid[j].doubleValue, from: b.from[i].doubleValue, to: b.to[i].doubleValue,
                    initialVelocity: b.initialVelocity[i].doubleValue)
                #expect(abs(r.values[i * grid.count + j].doubleValue - ref.value) <= rel * scale, "spring \(i) sample \(j)")
                #expect(abs(r.velocities![i * grid.count + j].doubleValue - ref.velocity) <= rel * scale * s.angularFrequency * 3, "velocity \(i) \(j)")
            }
        }
    }

    @Test("uniform grids (propagator path) equal the scalar closed form: 1e-12 Double, 1e-5 Float")
    func uniform() throws {
        try Self.check(Double.self, grid: .uniform(start: 0, step: 1.0 / 120, count: 700), rel: 1e-12, threads: 1)
        try Self.check(Float.self, grid: .uniform(start: 0, step: 1.0 / 120, count: 700), rel: 1e-5, threads: 1)
        try Self.check(Double.self, grid: .uniform(start: 0.37, step: 0.01, count: 30), rel: 1e-12, threads: 1)
    }

    /// A batch mixing the kernel's vector range (|q|Δt² ≤ 1 and λΔt ≤ ½) with springs that
    /// take the scalar propagator (stiff or heavily damped), in every lane position.
    static func mixedBatch<T: MotionScalar>(_: T.Type, n: Int, seed: UInt64) throws -> SpringBatch<T> {
        var rng = SplitMix64(seed: seed)
        var k = [T](), c = [T](), f = [T](), t = [T](), v = [T]()
        for i in 0..<n {
            let (kk, zeta): (Double, Double)
            switch i % 5 {
            case 0: (kk, zeta) = (rng.uniform(50, 500), 1)
            case 1: (kk, zeta) = (rng.uniform(1e5, 1e6), rng.uniform(0.05, 0.5))  // |q|Δt² > 1: under-damped closed form
            case 2: (kk, zeta) = (rng.uniform(1e4, 1e5), rng.uniform(3, 10))  // λΔt > ½ (or over-damped closed form)
            default: (kk, zeta) = (rng.uniform(1, 800), rng.uniform(0, 2.5))
            }
            k.append(T(kk)); c.append(T(2 * zeta * kk.squareRoot()))
            f.append(T(rng.uniform(-10, 10))); t.append(T(rng.uniform(-10, 10))); v.append(T(rng.uniform(-100, 100)))
        }
        return try SpringBatch(stiffness: k, damping: c, from: f, to: t, initialVelocity: v)
    }

    static func checkMixed<T: MotionScalar>(_: T.Type, n: Int, grid: TimeGrid<T>, rel: Double) throws {
        let b = try mixedBatch(T.self, n: n, seed: UInt64(n * 31 + grid.count))
        let r = try b.sample(grid, withVelocities: true)
        for i in 0..<b.count {
            let s = try b.spring(at: i).converted(to: Double.self)
            let (f, to, v) = (b.from[i].doubleValue, b.to[i].doubleValue, b.initialVelocity[i].doubleValue)
            let scale = abs(f - to) + abs(v) / s.angularFrequency + abs(to)
            for j in 0..<grid.count {
                let ref = s.state(at: grid[j].doubleValue, from: f, to: to, initialVelocity: v)
                #expect(abs(r.values[i * grid.count + j].doubleValue - ref.value) <= rel * scale, "n \(n) spring \(i) sample \(j)")
                #expect(
                    abs(r.velocities![i * grid.count + j].doubleValue - ref.velocity) <= rel * scale * (s.angularFrequency + 2 * s.decayRate) * 3,
                    "n \(n) velocity \(i) \(j)")
            }
        }
    }

    @Test("uniform kernel: N not a multiple of 4, T not a multiple of 8, T = 1, mixed regimes, velocities")
    func uniformShapes() throws {
        for n in [1, 2, 3, 4, 5, 7, 13] {
            for tc in [1, 7, 8, 9, 121] {
                try Self.checkMixed(Double.self, n: n, grid: .uniform(start: 0, step: 1.0 / 120, count: tc), rel: 1e-12)
                try Self.checkMixed(Float.self, n: n, grid: .uniform(start: 0, step: 1.0 / 120, count: tc), rel: 1e-5)
            }
        }
        // Anchors (T > 256) and a start time > 0; a zero step (every sample at t = start).
        try Self.checkMixed(Double.self, n: 6, grid: .uniform(start: 0.25, step: 1.0 / 240, count: 600), rel: 1e-12)
        try Self.checkMixed(Float.self, n: 6, grid: .uniform(start: 0.25, step: 1.0 / 240, count: 600), rel: 1e-5)
        try Self.checkMixed(Double.self, n: 5, grid: .uniform(start: 0.5, step: 0, count: 10), rel: 1e-12)
    }

    @Test("a spring's row does not depend on its position in the batch (bit for bit), Float and Double")
    func positionInvariance() throws {
        func rows<T: MotionScalar>(_ b: SpringBatch<T>, _ range: Range<Int>, tc: Int) throws -> ([T], [T]) {
            var v = [T](repeating: 0, count: range.count * tc), w = v
            try v.withUnsafeMutableBufferPointer { vb in
                try w.withUnsafeMutableBufferPointer { wb in
                    try b.sample(.uniform(start: 0, step: 1.0 / 120, count: tc), rows: range, values: vb, velocities: wb, threads: 1)
                }
            }
            return (v, w)
        }
        func check<T: MotionScalar>(_: T.Type) throws {
            let n = 23, tc = 45
            let b = try Self.mixedBatch(T.self, n: n, seed: 9)
            let whole = try rows(b, 0..<n, tc: tc)
            for lo in 1..<5 {
                for hi in [n - 3, n - 1, n] where hi > lo {
                    let part = try rows(b, lo..<hi, tc: tc)
                    #expect(part.0[...] == whole.0[(lo * tc)..<(hi * tc)], "\(T.self) rows \(lo)..<\(hi)")
                    #expect(part.1[...] == whole.1[(lo * tc)..<(hi * tc)], "\(T.self) velocities \(lo)..<\(hi)")
                }
            }
        }
        try check(Float.self)
        try check(Double.self)
    }

    @Test("arbitrary time lists equal the scalar closed form")
    func list() throws {
        try Self.check(Double.self, grid: .times([0.5, 0, 0.01, 3, 1.25]), rel: 1e-14, threads: 1)
        try Self.check(Float.self, grid: .times([0.5, 0, 0.01, 3, 1.25]), rel: 1e-6, threads: 1)
    }

    @Test("1 and 2 threads give identical bits; row ranges (shards) concatenate to the whole")
    func threadsAndShards() throws {
        let b = try Self.randomBatch(Float.self, n: 5000, seed: 11)
        let grid = TimeGrid<Float>.uniform(start: 0, step: 1.0 / 60, count: 60)
        var one = [Float](repeating: 0, count: 5000 * 60), two = one, shards = one
        try one.withUnsafeMutableBufferPointer { try b.sample(grid, values: $0, threads: 1) }
        try two.withUnsafeMutableBufferPointer { try b.sample(grid, values: $0, threads: 2) }
        #expect(one == two)
        try shards.withUnsafeMutableBufferPointer { buf in
            for k in 0..<3 {
                let lo = 5000 * k / 3, hi = 5000 * (k + 1) / 3
                let slice = UnsafeMutableBufferPointer(rebasing: buf[(lo * 60)..<(hi * 60)])
                try b.sample(grid, rows: lo..<hi, values: slice, threads: 1)
            }
        }
        #expect(one == shards)
    }

    @Test("shared-parameter batches: loop and GEMM paths equal the scalar closed form")
    func shared() throws {
        var rng = SplitMix64(seed: 3)
        let n = 300, tc = 50
        let s = try Spring<Double>(stiffness: 200, dampingRatio: 0.6)
        let from = (0..<n).map { _ in rng.uniform(-10, 10) }, to = (0..<n).map { _ in rng.uniform(-10, 10) }
        let vel = (0..<n).map { _ in rng.uniform(-50, 50) }
        let grid = TimeGrid<Double>.uniform(start: 0, step: 1.0 / 120, count: tc)
        for path in [SharedSpringBatch.Path.loop, .gemm] {
            var out = [Double](repeating: .nan, count: n * tc), vout = out
            try out.withUnsafeMutableBufferPointer { o in
                try vout.withUnsafeMutableBufferPointer { vo in
                    try SharedSpringBatch.sample(spring: s, from: from, to: to, initialVelocity: vel, grid: grid, values: o, velocities: vo, path: path)
                }
            }
            for i in 0..<n {
                for j in 0..<tc {
                    let ref = s.state(at: grid[j], from: from[i], to: to[i], initialVelocity: vel[i])
                    // |value| ≤ 20, |velocity| ≤ 200 here. The GEMM (k = 3) adds ≤ γ₃·Σ|L||R| ≲ 1e-14; the
                    // remainder covers both paths' exp/sin/cos (≤ 1 ulp each) of arguments ≤ ωt ≈ 6 rounded
                    // once (≤ 6·u rad) times the amplitude: ≲ 1e-13, well under 2e-11 (2e-9 for velocity).
                    #expect(abs(out[i * tc + j] - ref.value) < 1e-12 * 20)
                    #expect(abs(vout[i * tc + j] - ref.velocity) < 1e-11 * 200)
                }
            }
        }
        let sf = try Spring<Float>(stiffness: 200, dampingRatio: 0.6)
        var outF = [Float](repeating: 0, count: n * tc)
        try outF.withUnsafeMutableBufferPointer { o in
            try SharedSpringBatch.sample(
                spring: sf, from: from.map(Float.init), to: to.map(Float.init), initialVelocity: vel.map(Float.init),
                grid: .uniform(start: 0, step: 1.0 / 120, count: tc), values: o)
        }
        for i in 0..<n {
            for j in 0..<tc {
                let ref = s.state(at: grid[j], from: Double(Float(from[i])), to: Double(Float(to[i])), initialVelocity: Double(Float(vel[i])))
                // Float: γ₃(F)·Σ|L||R| ≲ 25·1.8e-7 ≈ 5e-6 for the product, the Float ω and ζ (relative u)
                // shift the phase ωt ≤ 6 by ≤ 6·u·… ≈ 4e-7 rad, times amplitude ≤ 25: ≈ 1e-5; the sum stays under 2e-4.
                #expect(abs(Double(outF[i * tc + j]) - ref.value) < 1e-5 * 20)
            }
        }
    }

    @Test("bad columns and grids are typed errors naming the field")
    func errors() throws {
        #expect(throws: MotionKernelError.invalidValue("damping", "has 1 items; expected 2 (as stiffness)")) {
            try SpringBatch<Double>(stiffness: [1, 2], damping: [1], from: [0, 0], to: [1, 1])
        }
        do {
            _ = try SpringBatch<Double>(stiffness: [1, -2], damping: [1, 1], from: [0, 0], to: [1, 1])
            Issue.record("expected an error")
        } catch let e {
            #expect(e.field == "stiffness[1]")
        }
        let b = try SpringBatch<Double>(stiffness: [1], damping: [1], from: [0], to: [1])
        #expect(throws: MotionKernelError.self) { try b.sample(.times([0, -1])) }
        #expect(throws: MotionKernelError.self) { try b.sample(.uniform(start: 0, step: .infinity, count: 3)) }
        #expect(throws: MotionKernelError.self) { try b.sample(.uniform(start: 0, step: 1, count: 200_000_000)) }
    }
}
