import Testing

@testable import MotionKernel

/// Time lists that are uniform grids up to rounding (float32 `j/120`): the uniform kernel with
/// the Taylor correction of `NearUniformGrid`, and the closed form for springs too fast for it.
@Suite("Spring batches on near-uniform time lists")
struct SpringBatchNearUniformTests {
    /// float32 (or Double) times fl(j · fl(1/120)): not an exact grid in their own type.
    static func times<T: MotionScalar>(_: T.Type, count: Int, start: Double = 0) -> [T] {
        let h = T(1.0 / 120)
        return (0..<count).map { T(start) + T($0) * h }
    }

    @Test("float32 j/120 is a near-uniform grid; a shuffled or uneven list is not")
    func detection() {
        let f = Self.times(Float.self, count: 120)
        let g = NearUniformGrid(f)
        #expect(g != nil)
        // Its deviations are the list's own rounding: below an ulp of the largest time.
        #expect(g.map { $0.maxDeviation <= Double(Float(1).ulp) } == true)
        #expect(g.map { $0.maxDeviation > 0 } == true, "float32 j/120 is not exact")
        var uneven = f
        uneven[60] += 0.002
        #expect(NearUniformGrid(uneven) == nil)
        #expect(NearUniformGrid(Array(f.reversed())) == nil)
        #expect(NearUniformGrid(Array(f.prefix(7))) == nil)
    }

    @Test("values and velocities equal the closed form: 1e-12 Double, 1e-5 Float (the uniform path's accuracy)")
    func accuracy() throws {
        for n in [1, 3, 4, 5, 13] {
            for tc in [8, 9, 120, 121] {
                try SpringBatchTests.checkMixed(Double.self, n: n, grid: .times(Self.times(Double.self, count: tc)), rel: 1e-12)
                try SpringBatchTests.checkMixed(Float.self, n: n, grid: .times(Self.times(Float.self, count: tc)), rel: 1e-5)
            }
        }
        // Anchors (T > 256) and a start > 0.
        try SpringBatchTests.checkMixed(Float.self, n: 6, grid: .times(Self.times(Float.self, count: 600, start: 0.25)), rel: 1e-5)
        try SpringBatchTests.checkMixed(Double.self, n: 6, grid: .times(Self.times(Double.self, count: 600, start: 0.25)), rel: 1e-12)
        // Far from a grid: the closed form per sample.
        var rng = SplitMix64(seed: 3)
        let random = (0..<50).map { _ in Float(rng.uniform(0, 2)) }.sorted()
        try SpringBatchTests.checkMixed(Float.self, n: 5, grid: .times(random), rel: 1e-5)
    }

    /// The correction's bound (see `NearUniformGrid`): a spring takes it only when
    /// Ω·max|δ| ≤ 2⁻⁷ (Float), and the Taylor remainder is then ≤ (Ωδ)⁴/24·e^{Ωδ} < 2⁻³² of the
    /// amplitude; so against the closed form in Double each Float sample is off by at most its
    /// own rounding (half an ulp of |x| ≤ |to| + A) plus the kernel's Double error.
    @Test("Float samples are within rounding of the Double closed form at the listed times")
    func floatRounding() throws {
        let b = try SpringBatchTests.randomBatch(Float.self, n: 40, seed: 17)
        let ts = Self.times(Float.self, count: 120)
        let r = try b.sample(.times(ts))
        for i in 0..<b.count {
            let s = try b.spring(at: i).converted(to: Double.self)
            let (f, to, v) = (b.from[i].doubleValue, b.to[i].doubleValue, b.initialVelocity[i].doubleValue)
            let amp = ((f - to) * (f - to) + (v / s.angularFrequency) * (v / s.angularFrequency)).squareRoot()
            for j in 0..<ts.count {
                let ref = s.value(at: Double(ts[j]), from: f, to: to, initialVelocity: v)
                // Half an ulp of the output plus 2⁻³² A (remainder) plus 1e-12 A (Double kernel).
                let bound = Double(Float(abs(to) + amp).ulp) / 2 + amp * (0x1p-32 + 1e-12)
                #expect(abs(Double(r.values[i * ts.count + j]) - ref) <= bound, "spring \(i) sample \(j)")
            }
        }
    }

    @Test("bits do not depend on row position, shards or threads")
    func determinism() throws {
        let b = try SpringBatchTests.mixedBatch(Float.self, n: 2003, seed: 21)
        let ts = Self.times(Float.self, count: 90)
        let grid = TimeGrid<Float>.times(ts)
        var one = [Float](repeating: 0, count: 2003 * 90), two = one, shards = one
        try one.withUnsafeMutableBufferPointer { try b.sample(grid, values: $0, threads: 1) }
        try two.withUnsafeMutableBufferPointer { try b.sample(grid, values: $0, threads: 2) }
        #expect(one == two)
        try shards.withUnsafeMutableBufferPointer { buf in
            for (lo, hi) in [(0, 1), (1, 6), (6, 1001), (1001, 2003)] {
                try b.sample(grid, rows: lo..<hi, values: UnsafeMutableBufferPointer(rebasing: buf[(lo * 90)..<(hi * 90)]), threads: 1)
            }
        }
        #expect(one == shards)
    }

    @Test("the vector column path gives the Double spring's λ, q and ω₀² bit for bit, and falls back outside its ranges")
    func columns() throws {
        var rng = SplitMix64(seed: 8)
        var k = [Float](), c = [Float](), f = [Float](), t = [Float]()
        for i in 0..<103 {
            // Every fifth spring leaves the vector ranges (k > 2²⁰ or c = 0 with a tiny k).
            let kk = i % 5 == 0 ? 3e6 : (i % 5 == 1 ? 1e-7 : rng.uniform(1, 1e4))
            k.append(Float(kk)); c.append(i % 5 == 1 ? 0 : Float(rng.uniform(0, 200)))
            f.append(Float(rng.uniform(-5, 5))); t.append(Float(rng.uniform(-5, 5)))
        }
        let b = try SpringBatch<Float>(stiffness: k, damping: c, from: f, to: t)
        let n = b.count
        for i in 0..<n {
            let s = try #require(Spring<Double>(validatedMass: 1, stiffness: Double(k[i]), damping: Double(c[i])))
            #expect(b.kernelColumns[i] == s.lambda && b.kernelColumns[n + i] == s.q && b.kernelColumns[2 * n + i] == s.omega0Squared, "spring \(i)")
            #expect(b.kernelColumns[4 * n + i] == Double(f[i]) - Double(t[i]))
        }
        // A bad spring inside a vector group is still reported by its index.
        var bad = k
        bad[6] = -1
        #expect(throws: MotionKernelError.self) { _ = try SpringBatch<Float>(stiffness: bad, damping: c, from: f, to: t) }
        do {
            _ = try SpringBatch<Float>(stiffness: bad, damping: c, from: f, to: t)
        } catch let e {
            #expect(e.field == "stiffness[6]")
        }
    }
}
