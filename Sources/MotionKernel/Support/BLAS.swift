// The one door to BLAS. This is the only file that imports CBLAS (OpenBLAS on Linux) or
// Accelerate (Apple platforms). Everything else calls `BLAS.gemm`.
#if canImport(Accelerate)
import Accelerate
#elseif canImport(CBLAS)
import CBLAS
#endif

/// Internal façade over the system BLAS with shape validation and a pure-Swift path for
/// products too thin for BLAS to win (with an inner dimension K ≤ 4, SGEMM writes its output
/// at a fraction of memory bandwidth). BLAS always runs single-threaded (`setThreadCount`).
@usableFromInline
enum BLAS {
    /// Whether an operand is used as stored or transposed.
    @usableFromInline
    enum Transpose: Sendable { case none, transpose }

    /// Which implementation `gemm` runs.
    @usableFromInline
    enum Path: Sendable {
        /// BLAS for dense products, the Swift loop for thin or tiny ones.
        case automatic
        /// Always the system BLAS.
        case blas
        /// Always the portable Swift loop.
        case swift
    }

    /// The inner dimension at or below which the Swift loop is used automatically.
    @usableFromInline static let thinInnerDimension = 4
    /// The m·n·k at or below which the Swift loop is used automatically (call overhead dominates).
    @usableFromInline static let tinyProduct = 4096

    /// The name of the BLAS implementation linked in.
    static var implementationName: String {
        #if canImport(Accelerate)
        return "Accelerate"
        #elseif canImport(CBLAS)
        return "OpenBLAS"
        #else
        return "none (portable Swift loops)"
        #endif
    }

    /// The kernel family OpenBLAS chose for this CPU (e.g. "Haswell", "Prescott"); the
    /// implementation name elsewhere.
    static var coreName: String {
        #if !canImport(Accelerate) && canImport(CBLAS)
        if let p = openblas_get_corename() { return String(cString: p) }
        return "unknown"
        #else
        return implementationName
        #endif
    }

    /// The number of threads BLAS products use (1 where it cannot be queried). Reading it
    /// applies `singleThreaded` first, as every product does, so it reports what a product
    /// would use whichever code ran before (1 unless something outside MotionKernel changed
    /// OpenBLAS's setting since).
    static var threadCount: Int {
        #if !canImport(Accelerate) && canImport(CBLAS)
        _ = singleThreaded
        return Int(openblas_get_num_threads())
        #else
        return 1
        #endif
    }

    /// Keeps BLAS single-threaded, whatever `n` is (OpenBLAS only; a no-op elsewhere).
    ///
    /// Bulk kernels parallelise over fixed blocks themselves (`Parallel`), and OpenBLAS's own
    /// threading splits a product at thread-count-dependent edges, where its edge kernels
    /// round differently: results would change with the thread count. So BLAS always runs on
    /// the calling thread and `n` (the process's `Parallel.threadCount`) is not passed on.
    /// Call it before the kernels run, never concurrently with them.
    static func setThreadCount(_ n: Int) {
        _ = n
        #if !canImport(Accelerate) && canImport(CBLAS)
        openblas_set_num_threads(1)
        #endif
    }

    /// Runs once before the first product: OpenBLAS starts with one thread per core (or
    /// `OPENBLAS_NUM_THREADS`), which `setThreadCount` explains we never want.
    static let singleThreaded: Void = setThreadCount(1)

    /// The number of elements a row-major `rows × cols` operand with leading dimension `ld`
    /// spans in memory, or nil if `ld < cols`.
    @usableFromInline
    static func span(rows: Int, cols: Int, ld: Int) -> Int? {
        guard rows >= 0, cols >= 0, ld >= max(1, cols) else { return nil }
        if rows == 0 || cols == 0 { return 0 }
        let (a, o1) = (rows - 1).multipliedReportingOverflow(by: ld)
        let (b, o2) = a.addingReportingOverflow(cols)
        return o1 || o2 ? nil : b
    }

    /// Row-major general matrix product: C (m×n) ← alpha · op(A) (m×k) · op(B) (k×n) + beta · C.
    ///
    /// `op(X)` is X or Xᵀ as `transA`/`transB` say; the stored A is m×k (or k×m when
    /// transposed) with row stride `lda`, likewise B and C. When `beta` is 0, C is not read
    /// (NaNs in it do not propagate), as in reference BLAS.
    /// - Throws: `invalidValue` for negative sizes, leading dimensions below the row length,
    ///   buffers too small for the shapes, or sizes that do not fit BLAS's 32-bit integers;
    ///   `unsupported` for a scalar type other than `Float`/`Double`.
    /// - Complexity: O(m·n·k).
    @usableFromInline
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    static func gemm<T: MotionScalar>(
        transA: Transpose = .none, transB: Transpose = .none,
        m: Int, n: Int, k: Int,
        alpha: T = 1,
        a: UnsafeBufferPointer<T>, lda: Int,
        b: UnsafeBufferPointer<T>, ldb: Int,
        beta: T = 0,
        c: UnsafeMutableBufferPointer<T>, ldc: Int,
        path: Path = .automatic
    ) throws(MotionKernelError) {
        guard m >= 0 else { throw MotionKernelError.invalidValue("m", "expected a size >= 0, got \(m)") }
        guard n >= 0 else { throw MotionKernelError.invalidValue("n", "expected a size >= 0, got \(n)") }
        guard k >= 0 else { throw MotionKernelError.invalidValue("k", "expected a size >= 0, got \(k)") }
        let (aRows, aCols) = transA == .none ? (m, k) : (k, m)
        let (bRows, bCols) = transB == .none ? (k, n) : (n, k)
        guard let aSpan = span(rows: aRows, cols: aCols, ld: lda) else {
            throw MotionKernelError.invalidValue("lda", "must be >= \(max(1, aCols)), got \(lda)")
        }
        guard let bSpan = span(rows: bRows, cols: bCols, ld: ldb) else {
            throw MotionKernelError.invalidValue("ldb", "must be >= \(max(1, bCols)), got \(ldb)")
        }
        guard let cSpan = span(rows: m, cols: n, ld: ldc) else {
            throw MotionKernelError.invalidValue("ldc", "must be >= \(max(1, n)), got \(ldc)")
        }
        guard a.count >= aSpan else {
            throw MotionKernelError.invalidValue("a", "buffer holds \(a.count) elements, shape needs \(aSpan)")
        }
        guard b.count >= bSpan else {
            throw MotionKernelError.invalidValue("b", "buffer holds \(b.count) elements, shape needs \(bSpan)")
        }
        guard c.count >= cSpan else {
            throw MotionKernelError.invalidValue("c", "buffer holds \(c.count) elements, shape needs \(cSpan)")
        }
        if m == 0 || n == 0 { return }

        var useSwift: Bool
        switch path {
        case .swift: useSwift = true
        case .blas: useSwift = false
        case .automatic:
            let (mn, o1) = m.multipliedReportingOverflow(by: n)
            let (mnk, o2) = mn.multipliedReportingOverflow(by: max(k, 1))
            useSwift = k <= thinInnerDimension || (!o1 && !o2 && mnk <= tinyProduct)
        }
        #if !canImport(Accelerate) && !canImport(CBLAS)
        useSwift = true
        #endif
        if useSwift || k == 0 {
            swiftGEMM(
                transA: transA, transB: transB, m: m, n: n, k: k, alpha: alpha,
                a: a.baseAddress!, lda: lda, b: b.baseAddress!, ldb: ldb,
                beta: beta, c: c.baseAddress!, ldc: ldc)
            return
        }
        guard let m32 = Int32(exactly: m), let n32 = Int32(exactly: n), let k32 = Int32(exactly: k),
            let lda32 = Int32(exactly: lda), let ldb32 = Int32(exactly: ldb), let ldc32 = Int32(exactly: ldc)
        else {
            throw MotionKernelError.invalidValue("m", "sizes \(m)×\(n)×\(k) do not fit BLAS's 32-bit integers")
        }
        #if canImport(Accelerate) || canImport(CBLAS)
        _ = BLAS.singleThreaded
        let ta = transA == .none ? CblasNoTrans : CblasTrans
        let tb = transB == .none ? CblasNoTrans : CblasTrans
        if T.self == Float.self {
            a.withMemoryRebound(to: Float.self) { a in
                b.withMemoryRebound(to: Float.self) { b in
                    c.withMemoryRebound(to: Float.self) { c in
                        cblas_sgemm(
                            CblasRowMajor, ta, tb, m32, n32, k32, Float(alpha.doubleValue),
                            a.baseAddress, lda32, b.baseAddress, ldb32,
                            Float(beta.doubleValue), c.baseAddress, ldc32)
                    }
                }
            }
        } else if T.self == Double.self {
            a.withMemoryRebound(to: Double.self) { a in
                b.withMemoryRebound(to: Double.self) { b in
                    c.withMemoryRebound(to: Double.self) { c in
                        cblas_dgemm(
                            CblasRowMajor, ta, tb, m32, n32, k32, alpha.doubleValue,
                            a.baseAddress, lda32, b.baseAddress, ldb32,
                            beta.doubleValue, c.baseAddress, ldc32)
                    }
                }
            }
        } else {
            throw MotionKernelError.unsupported("T", "BLAS products exist for Float and Double only")
        }
        #endif
    }

    /// The portable loop behind `gemm` (i–p–j order: unit stride over C and B rows when B is
    /// not transposed).
    @usableFromInline
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    static func swiftGEMM<T: MotionScalar>(
        transA: Transpose, transB: Transpose, m: Int, n: Int, k: Int, alpha: T,
        a: UnsafePointer<T>, lda: Int, b: UnsafePointer<T>, ldb: Int,
        beta: T, c: UnsafeMutablePointer<T>, ldc: Int
    ) {
        for i in 0..<m {
            let ci = c + i * ldc
            if beta == 0 {
                for j in 0..<n { ci[j] = 0 }
            } else if beta != 1 {
                for j in 0..<n { ci[j] *= beta }
            }
            for p in 0..<k {
                let aip = alpha * (transA == .none ? a[i * lda + p] : a[p * lda + i])
                if transB == .none {
                    let bp = b + p * ldb
                    for j in 0..<n { ci[j] += aip * bp[j] }
                } else {
                    for j in 0..<n { ci[j] += aip * b[j * ldb + p] }
                }
            }
        }
    }
}
