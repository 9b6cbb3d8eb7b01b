import Testing
@_spi(Benchmarks) @testable import MotionKernel

@Suite("TransformBatch: bulk paths equal scalar paths")
struct TransformBatchTests {
    func channels<T: MotionScalar>(_ n: Int, _ rng: inout SplitMix64, _: T.Type) -> TransformChannels<T> {
        func col(_ lo: Double, _ hi: Double) -> [T] { (0..<n).map { _ in T(rng.uniform(lo, hi)) } }
        return TransformChannels(
            count: n, translationX: col(-500, 500), translationY: col(-500, 500), translationZ: nil,
            rotation: col(-10, 10), scale: col(0.2, 3), scaleX: nil, scaleY: col(-2, 2))
    }

    /// `trig` bounds |sin/cos error| of the batch path plus that of the scalar path (see `buildMatches`).
    func build<T: MotionScalar>(_: T.Type, trig: Double) throws {
        var rng = SplitMix64(seed: 0xB1D)
        let n = 3 * TransformBatch.blockSize + 17
        let ch = channels(n, &rng, T.self)
        var out = [T](repeating: .nan, count: 16 * n)
        try TransformBatch.build(ch, into: &out)
        for i in stride(from: 0, to: n, by: 7) {
            // Scalar reference: the CSS list translate(tx, ty) rotate(θ) scale(s, s·sy).
            let s = ch.scale![i], sy = ch.scaleY![i]
            let ops = try TransformOperations<T>([
                .translate(x: ch.translationX![i], y: ch.translationY![i], z: 0),
                .rotate(angle: ch.rotation![i], axis: Vector3(0, 0, 1)),
                .scale(x: s, y: s * sy, z: 1),
            ])
            let ref = ops.matrix
            let got = Transform3D<T>(unsafeRowMajor: Array(out[(16 * i)..<(16 * i + 16)]))
            // Entries are cosθ·a or ±sinθ·a with a ∈ {s, s·sy} (translations and constants are copied
            // exactly). Each path: its sin/cos error (`trig`) times |a|, plus ≤ 2 roundings (a, then the
            // product): γ₂·|a|. Two paths: |Δ| ≤ A·(trig + 2γ₂), A = max(|s|, |s·sy|).
            let a = max(abs(s.doubleValue), abs((s * sy).doubleValue))
            #expect(maxDiff(got, ref) <= a * (trig + 2 * gamma(2, T.self)), "object \(i)")
            #expect(maxDiff(got, ch.transform(at: i)) <= a * (trig + 2 * gamma(2, T.self)))
        }
        // Absent channels are identity values.
        #expect(try TransformBatch.build(TransformChannels<T>(count: 2)) == Transform3D<T>.identity.rowMajor + Transform3D<T>.identity.rowMajor)
    }

    @Test("build from SoA channels equals the scalar CSS composition")
    func buildMatches() throws {
        // Float: the 8-wide sinCos (≤ 2e-7 absolute for |θ| ≤ 100, `sinCos` below) plus the 1-ulp
        // libm sinf/cosf (≤ ε_F = 1.2e-7). Double: two 1-ulp libm results, ≤ 2·ε_D.
        try Parallel.withThreadCount(2) {
            try build(Float.self, trig: 2e-7 + Double(Float.ulpOfOne))
            try build(Double.self, trig: 2 * Double.ulpOfOne)
        }
    }

    @Test("the 8-wide Float sine/cosine agrees with the Double C library, huge angles fall back")
    func sinCos() throws {
        var rng = SplitMix64(seed: 0x5C05)
        for limit in [4.0, 100, 8192] {
            for _ in 0..<2000 {
                let x = SIMD8<Float>((0..<8).map { _ in Float(rng.uniform(-limit, limit)) })
                let (s, c) = TransformBatch.sinCos8(x)
                for k in 0..<8 {
                    let tol = limit <= 100 ? 2e-7 : 1e-6
                    #expect(abs(Double(s[k]) - Double.sin(Double(x[k]))) <= tol, "sin \(x[k])")
                    #expect(abs(Double(c[k]) - Double.cos(Double(x[k]))) <= tol, "cos \(x[k])")
                }
            }
        }
        // Quadrant boundaries and exact values.
        let (s, c) = TransformBatch.sinCos8(SIMD8<Float>(0, .pi / 2, .pi, -.pi / 2, 3 * .pi / 2, -.pi, 1e-30, -0.0))
        #expect(s[0] == 0 && c[0] == 1 && abs(s[1] - 1) < 1e-7 && abs(c[2] + 1) < 1e-7 && abs(s[3] + 1) < 1e-7 && abs(s[4] + 1) < 1e-7)
        #expect(s[6] == 1e-30 && c[7] == 1)
        // A vector holding an angle beyond the reduction range goes through the C library.
        let angles: [Float] = [1e6, -3e7, 0.5, 2, 3, 4, 5, 6, 7]
        let out = try TransformBatch.build(TransformChannels<Float>(count: angles.count, rotation: angles))
        for (i, a) in angles.enumerated() {
            #expect(abs(Double(out[16 * i]) - Double(Float.cos(a))) <= 1e-7 && abs(Double(out[16 * i + 1]) - Double(Float.sin(a))) <= 1e-7)
        }
    }

    @Test("build validates channel lengths and finiteness, naming the field")
    func buildErrors() {
        var ch = TransformChannels<Double>(count: 3, translationX: [1, 2])
        #expect(throws: MotionKernelError.invalidValue("translationX", "has 2 values, expected count = 3")) {
            try TransformBatch.build(ch)
        }
        ch = TransformChannels<Double>(count: 3, rotation: [0, .infinity, 1])
        #expect(throws: MotionKernelError.invalidValue("rotation[1]", "expected a finite number, got inf")) {
            try TransformBatch.build(ch)
        }
        #expect(throws: MotionKernelError.self) { try TransformBatch.build(TransformChannels<Float>(count: -1)) }
    }

    func applyOne<T: MotionScalar>(_: T.Type) throws {
        var rng = SplitMix64(seed: 0xA99)
        let m = Transform3D<T>(randomTransform(&rng))
        let rows = m.rowMajor.map(\.doubleValue)
        let p = 20_001
        let pts4 = (0..<(4 * p)).map { i in T(i % 4 == 3 ? 1 : rng.uniform(-100, 100)) }
        var out: [T] = []
        try TransformBatch.applyHomogeneous(m, points: pts4, into: &out)
        var gemm: [T] = []
        try TransformBatch.applyHomogeneousGEMM(m, points: pts4, into: &gemm)
        for i in 0..<p {
            let x = (0..<4).map { pts4[4 * i + $0].doubleValue }
            let h = m.applyHomogeneous(to: Vector4(pts4[4 * i], pts4[4 * i + 1], pts4[4 * i + 2], pts4[4 * i + 3]))
            // Oracle: the same T operands in Double. Every path (scalar, SIMD4 loop, BLAS kernel of
            // any blocking / FMA use) is a length-4 dot product per entry: error ≤ γ₄(T)·Σ|xᵢ||mᵢⱼ|,
            // plus the Double oracle's own γ₄(Double)·Σ|xᵢ||mᵢⱼ|.
            let exact = denseApply(rows, x)
            for (j, r) in [h.x, h.y, h.z, h.w].enumerated() {
                let absSum = (0..<4).reduce(0.0) { $0 + abs(x[$1] * rows[$1 * 4 + j]) }
                let bound = dotErrorBound(k: 4, absSum: absSum, T.self) + dotErrorBound(k: 4, absSum: absSum, Double.self)
                #expect(abs(r.doubleValue - exact[j]) <= bound, "scalar point \(i)")
                #expect(abs(out[4 * i + j].doubleValue - exact[j]) <= bound, "SIMD point \(i)")
                #expect(abs(gemm[4 * i + j].doubleValue - exact[j]) <= bound, "GEMM point \(i)")
            }
        }
        // With the divide, 3D and 2D points: the batch path and the scalar path both against the oracle.
        for dim in [2, 3] {
            let pts = (0..<(dim * 5003)).map { _ in T(rng.uniform(-60, 60)) }
            var o: [T] = []
            try TransformBatch.apply(m, points: pts, dimension: dim, into: &o)
            for i in 0..<5003 {
                let pt = Array(pts[(dim * i)..<(dim * i + dim)])
                let q = try m.apply(to: Vector3(pt[0], pt[1], dim == 3 ? pt[2] : 0))
                expectDivided(m, pt, (0..<dim).map { o[dim * i + $0].doubleValue }, T.self)
                expectDivided(m, pt, [q.x, q.y, q.z].prefix(dim).map(\.doubleValue), T.self)
            }
        }
    }

    @Test("one transform applied to P points: SIMD loop, GEMM and scalar agree", arguments: Precision.allCases)
    func applyMatches(_ precision: Precision) throws {
        try applyOne(precision.type)
    }

    @Test("a point that maps to infinity is named")
    func applyErrors() {
        let m = Transform3D<Double>(perspective: 100)
        var out: [Double] = []
        #expect(throws: MotionKernelError.invalidValue("points[1]", "maps to infinity (homogeneous w = 0) or overflows")) {
            try TransformBatch.apply(m, points: [0, 0, 0, 1, 2, 100, 3, 3, 3], dimension: 3, into: &out)
        }
        #expect(throws: MotionKernelError.self) { try TransformBatch.apply(m, points: [1, 2, 3], dimension: 2, into: &out) }
        #expect(throws: MotionKernelError.self) { try TransformBatch.apply(m, points: [1, 2, 3], dimension: 4, into: &out) }
        #expect(throws: MotionKernelError.self) { try TransformBatch.applyHomogeneous(m, points: [1, 2, 3], into: &out) }
    }

    func perObject<T: MotionScalar>(_: T.Type) throws {
        var rng = SplitMix64(seed: 0x0B1)
        let n = 300
        var transforms: [T] = []
        var offsets = [0]
        for _ in 0..<n {
            transforms += Transform3D<T>(randomTransform(&rng)).rowMajor
            offsets.append(offsets.last! + Int.random(in: 0...40, using: &rng))
        }
        let pts = (0..<(3 * offsets.last!)).map { _ in T(rng.uniform(-50, 50)) }
        var out: [T] = []
        try TransformBatch.apply(transforms: transforms, pointOffsets: offsets, points: pts, dimension: 3, into: &out)
        for k in 0..<n {
            let m = try Transform3D<T>(rowMajor: transforms[(16 * k)..<(16 * k + 16)])
            for i in offsets[k]..<offsets[k + 1] {
                let pt = Array(pts[(3 * i)..<(3 * i + 3)])
                let q = try m.apply(to: Vector3(pt[0], pt[1], pt[2]))
                // Both paths against the Double oracle (bounds derived in `expectDivided`).
                expectDivided(m, pt, (0..<3).map { out[3 * i + $0].doubleValue }, T.self)
                expectDivided(m, pt, [q.x.doubleValue, q.y.doubleValue, q.z.doubleValue], T.self)
            }
        }
        #expect(throws: MotionKernelError.self) {
            try TransformBatch.apply(transforms: transforms, pointOffsets: [0, 1], points: pts, dimension: 3, into: &out)
        }
    }

    @Test("per-object transforms to per-object point sets equal the scalar path", arguments: Precision.allCases)
    func perObjectMatches(_ precision: Precision) throws {
        try perObject(precision.type)
    }

    func pairs<T: MotionScalar>(_: T.Type, tol: Double) throws {
        var rng = SplitMix64(seed: 0x1E2)
        let n = 2 * TransformBatch.blockSize + 5
        var a: [T] = [], b: [T] = []
        for i in 0..<n {
            a += Transform3D<T>(randomTransform(&rng)).rowMajor
            // Every 100th pair has a singular end (discrete interpolation).
            b += i % 100 == 0 ? Transform3D<T>(scale: Vector3(1, 0, 1)).rowMajor : Transform3D<T>(randomTransform(&rng)).rowMajor
        }
        for t in [0.0, 0.3, 1, 1.4] {
            var out: [T] = []
            try TransformBatch.interpolate(from: a, to: b, fraction: T(t), into: &out)
            for i in 0..<n {
                let x = try Transform3D<T>(rowMajor: a[(16 * i)..<(16 * i + 16)])
                let y = try Transform3D<T>(rowMajor: b[(16 * i)..<(16 * i + 16)])
                let r = try Transform3D.interpolate(from: x, to: y, fraction: T(t))
                let got = try Transform3D<T>(rowMajor: out[(16 * i)..<(16 * i + 16)])
                #expect(maxDiff(got, r) <= tol * magnitude(r))
            }
        }
        var out: [T] = []
        #expect(throws: MotionKernelError.self) { try TransformBatch.interpolate(from: a, to: [1], fraction: 0.5, into: &out) }
        var bad = a
        bad[20] = .nan
        #expect(throws: MotionKernelError.invalidValue("from[20]", "expected a finite number")) {
            try TransformBatch.interpolate(from: bad, to: b, fraction: 0.5, into: &out)
        }
    }

    @Test("interpolating N pairs equals Transform3D.interpolate per pair")
    func interpolateMatches() throws {
        try Parallel.withThreadCount(2) {
            try pairs(Float.self, tol: 1e-6)
            try pairs(Double.self, tol: 1e-12)
        }
    }
}
