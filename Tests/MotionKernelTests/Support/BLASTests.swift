import Testing
@testable import MotionKernel

/// A naive triple loop in Double: the reference for both BLAS and the Swift path.
private func naive(
    transA: BLAS.Transpose, transB: BLAS.Transpose, m: Int, n: Int, k: Int, alpha: Double,
    a: [Double], lda: Int, b: [Double], ldb: Int, beta: Double, c: [Double], ldc: Int
) -> [Double] {
    var out = c
    for i in 0..<m {
        for j in 0..<n {
            var s = 0.0
            for p in 0..<k {
                let aip = transA == .none ? a[i * lda + p] : a[p * lda + i]
                let bpj = transB == .none ? b[p * ldb + j] : b[j * ldb + p]
                s += aip * bpj
            }
            out[i * ldc + j] = alpha * s + (beta == 0 ? 0 : beta * c[i * ldc + j])
        }
    }
    return out
}

/// |α|·Σₚ|aᵢₚ||bₚⱼ| + |β||cᵢⱼ| per entry of C (entries outside the m×n block are 0): the
/// scale of the rounding error of any evaluation of the entry.
private func naiveAbs(_ cs: Case) -> [Double] {
    var out = [Double](repeating: 0, count: cs.c.count)
    for i in 0..<cs.m {
        for j in 0..<cs.n {
            var s = 0.0
            for p in 0..<cs.k {
                let aip = cs.transA == .none ? cs.a[i * cs.lda + p] : cs.a[p * cs.lda + i]
                let bpj = cs.transB == .none ? cs.b[p * cs.ldb + j] : cs.b[j * cs.ldb + p]
                s += abs(aip * bpj)
            }
            out[i * cs.ldc + j] = abs(cs.alpha) * s + abs(cs.beta) * abs(cs.c[i * cs.ldc + j])
        }
    }
    return out
}

private struct Case {
    var m, n, k: Int
    var transA, transB: BLAS.Transpose
    var lda, ldb, ldc: Int
    var alpha, beta: Double
    var a, b, c: [Double]
}

private func randomCase(_ rng: inout SplitMix64, index: Int) -> Case {
    // Every tenth shape is skinny (T×4 · 4×N), as spring and transform products are.
    let skinny = index % 10 == 0
    let m = Int.random(in: 1...(skinny ? 300 : 70), using: &rng)
    let n = Int.random(in: 1...(skinny ? 300 : 70), using: &rng)
    let k = skinny ? 4 : Int.random(in: 1...40, using: &rng)
    let transA: BLAS.Transpose = Bool.random(using: &rng) ? .none : .transpose
    let transB: BLAS.Transpose = Bool.random(using: &rng) ? .none : .transpose
    let aCols = transA == .none ? k : m, aRows = transA == .none ? m : k
    let bCols = transB == .none ? n : k, bRows = transB == .none ? k : n
    let lda = aCols + Int.random(in: 0...3, using: &rng)
    let ldb = bCols + Int.random(in: 0...3, using: &rng)
    let ldc = n + Int.random(in: 0...3, using: &rng)
    let alpha = [1.0, -0.5, 2.25][index % 3]
    let beta = [0.0, 1.0, 0.75][(index / 3) % 3]
    let a = (0..<(aRows * lda)).map { _ in rng.uniform(-1, 1) }
    let b = (0..<(bRows * ldb)).map { _ in rng.uniform(-1, 1) }
    let c = (0..<(m * ldc)).map { _ in rng.uniform(-1, 1) }
    return Case(
        m: m, n: n, k: k, transA: transA, transB: transB, lda: lda, ldb: ldb, ldc: ldc,
        alpha: alpha, beta: beta, a: a, b: b, c: c)
}

private func run<T: MotionScalar>(_ t: T.Type, _ cs: Case, path: BLAS.Path) throws -> [Double] {
    let a = cs.a.map { T($0) }, b = cs.b.map { T($0) }
    var c = cs.c.map { T($0) }
    try a.withUnsafeBufferPointer { a in
        try b.withUnsafeBufferPointer { b in
            try c.withUnsafeMutableBufferPointer { c in
                try BLAS.gemm(
                    transA: cs.transA, transB: cs.transB, m: cs.m, n: cs.n, k: cs.k,
                    alpha: T(cs.alpha), a: a, lda: cs.lda, b: b, ldb: cs.ldb,
                    beta: T(cs.beta), c: c, ldc: cs.ldc, path: path)
            }
        }
    }
    return c.map { $0.doubleValue }
}

@Suite("BLAS door")
struct BLASTests {
    @Test("gemm equals the naive product on 200 random shapes", arguments: [BLAS.Path.blas, .swift, .automatic])
    func randomShapes(path: BLAS.Path) throws {
        var rng = SplitMix64(seed: 0xB1A5)
        for index in 0..<200 {
            let cs = randomCase(&rng, index: index)
            // Inputs are exact in Float, so Float and Double see the same operands.
            var rounded = cs
            rounded.a = cs.a.map { Double(Float($0)) }
            rounded.b = cs.b.map { Double(Float($0)) }
            rounded.c = cs.c.map { Double(Float($0)) }
            let ref = naive(
                transA: cs.transA, transB: cs.transB, m: cs.m, n: cs.n, k: cs.k, alpha: cs.alpha,
                a: rounded.a, lda: cs.lda, b: rounded.b, ldb: cs.ldb, beta: cs.beta, c: rounded.c, ldc: cs.ldc)
            let d = try run(Double.self, rounded, path: path)
            let f = try run(Float.self, rounded, path: path)
            let absRef = naiveAbs(rounded)
            for i in 0..<cs.m {
                for j in 0..<cs.n {
                    let idx = i * cs.ldc + j
                    // C = α·Σₚ aᵢₚbₚⱼ + β·c: every term passes through ≤ k + 2 roundings (product, α,
                    // k − 1 additions, the β term's add), in any order / blocking / FMA use, so
                    // |error| ≤ γ_{k+2}·(|α|Σ|a||b| + |β||c|); the Double reference adds its own γ_{k+2}(Double).
                    let refErr = gamma(cs.k + 2, Double.self) * absRef[idx]
                    #expect(
                        abs(d[idx] - ref[idx]) <= gamma(cs.k + 2, Double.self) * absRef[idx] + refErr,
                        "Double case \(index) [\(i),\(j)]")
                    #expect(
                        abs(f[idx] - ref[idx]) <= gamma(cs.k + 2, Float.self) * absRef[idx] + refErr,
                        "Float case \(index) [\(i),\(j)]")
                }
            }
        }
    }

    @Test("beta = 0 ignores NaN already in C")
    func betaZeroIgnoresC() throws {
        let a: [Double] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]
        for path in [BLAS.Path.blas, .swift] {
            var c = [Double](repeating: .nan, count: 16)
            try a.withUnsafeBufferPointer { a in
                try c.withUnsafeMutableBufferPointer { c in
                    try BLAS.gemm(m: 4, n: 4, k: 4, a: a, lda: 4, b: a, ldb: 4, c: c, ldc: 4, path: path)
                }
            }
            // (A·A)[0][0] = 1·1 + 2·5 + 3·9 + 4·13 = 90
            #expect(c[0] == 90)
            #expect(c.allSatisfy { $0.isFinite })
        }
    }

    @Test("shape errors name the field")
    func shapeErrors() {
        let a = [Double](repeating: 1, count: 6)
        var c = [Double](repeating: 0, count: 4)
        func attempt(m: Int, n: Int, k: Int, lda: Int, ldb: Int, ldc: Int) -> MotionKernelError? {
            do {
                try a.withUnsafeBufferPointer { a in
                    try c.withUnsafeMutableBufferPointer { c in
                        try BLAS.gemm(m: m, n: n, k: k, a: a, lda: lda, b: a, ldb: ldb, c: c, ldc: ldc)
                    }
                }
                return nil
            } catch let e as MotionKernelError { return e } catch { return nil }
        }
        #expect(attempt(m: -1, n: 2, k: 3, lda: 3, ldb: 2, ldc: 2)?.field == "m")
        #expect(attempt(m: 2, n: 2, k: 3, lda: 2, ldb: 2, ldc: 2)?.field == "lda")
        #expect(attempt(m: 2, n: 2, k: 3, lda: 3, ldb: 2, ldc: 1)?.field == "ldc")
        #expect(attempt(m: 3, n: 2, k: 3, lda: 3, ldb: 2, ldc: 2)?.field == "a")
        #expect(attempt(m: 2, n: 2, k: 3, lda: 3, ldb: 2, ldc: 2) == nil)
    }

    @Test("a BLAS implementation is linked")
    func implementation() {
        #expect(BLAS.implementationName == "OpenBLAS" || BLAS.implementationName == "Accelerate")
        #expect(BLAS.threadCount >= 1)
    }
}
