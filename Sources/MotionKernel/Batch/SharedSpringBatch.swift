internal import CMotionKernelSIMD

/// Many objects driven by ONE spring (shared parameters), each with its own from, to and
/// initial velocity.
///
/// With shared parameters the samples are linear in the initial state:
/// x_i(t_j) = to_i + φ11(t_j)·y0_i + φ12(t_j)·v0_i, so the whole N×T block is the product of
/// [1, y0, v0] (N×3) with the propagator rows [1; φ11; φ12] (3×T). The inner dimension is 3,
/// where the project's benchmarks (`motionkernel bench`) show a streaming loop
/// beating SGEMM, so `.automatic` takes the loop; `.gemm` routes the same product through
/// the BLAS door for comparison, one object row and at most `gemmColumnBlock` times per
/// call, so that every call has a shape fixed by the grid alone, too small for BLAS to
/// thread: each path's bits depend neither on the thread count nor on how the objects are
/// split into calls.
///
/// Accepted ranges (checked before any work), as for `SpringBatch`: with y₀ = from − to,
/// ω₀ = √(k/m), A = √(y₀² + (v₀/ω₀)²) and B = √(v₀² + ω₀²y₀²), each object needs
/// |to| + 2A ≤ T.greatestFiniteMagnitude / 4, and 2B ≤ T.greatestFiniteMagnitude / 4 when
/// velocities are sampled. A non-finite sample that still arises is an error, never a result.
///
/// **Shape.** A caseless enum of stateless static entry points; arguments in the bulk
/// APIs' order (inputs, grid, options, output buffers, execution controls), as described
/// at ``SplineBatch``.
public enum SharedSpringBatch {
    /// The implementation used.
    public enum Path: Sendable {
        /// The implementation the package picks: today always ``loop`` (the faster one at an
        /// inner dimension of 3).
        case automatic
        /// A streaming loop: three fused multiply-adds per sample, no BLAS call.
        case loop
        /// The same N×3 · 3×T product through BLAS SGEMM/DGEMM, one object row and at most
        /// `gemmColumnBlock` times per call (kept for comparison).
        case gemm
    }

    /// Samples N = from.count objects on `spring` at `grid` into new arrays (N × T row-major):
    /// the array-returning form of the buffer-writing
    /// `sample(spring:from:to:initialVelocity:grid:values:velocities:path:threads:)`.
    /// - Returns: the values, and the velocities when `withVelocities`.
    /// - Throws: as the buffer form, and `invalidValue` naming `times` when N·T exceeds `limit`.
    public static func sample<T: MotionScalar>(
        spring: Spring<T>, from: [T], to: [T], initialVelocity velocity: [T]? = nil, grid: TimeGrid<T>,
        withVelocities: Bool = false, path: Path = .automatic, limit: Int = 100_000_000
    ) throws(MotionKernelError) -> (values: [T], velocities: [T]?) {
        let n = try MotionKernelError.checkedCount([from.count, grid.count], limit: limit, "times")
        return try sampledArrays(count: n, withVelocities: withVelocities) { (vb, vv) throws(MotionKernelError) in
            try sample(spring: spring, from: from, to: to, initialVelocity: velocity, grid: grid, values: vb, velocities: vv, path: path)
        }
    }

    /// Samples N = from.count objects on `spring` at `grid` into `values` (N × T row-major)
    /// and, when given, `velocities`.
    /// - Throws: `invalidValue` naming `to`/`velocity` (length mismatch or non-finite; errors keep
    ///   the batch protocol's field name `velocity` for `initialVelocity`), `from`,
    ///   `times…`, or a buffer too small; `to[i]`, `from[i]`, `velocity[i]` or `stiffness`
    ///   (before any work) for a motion outside the accepted range; `times[j]` when the
    ///   propagator at a time has no finite value (an undamped spring at t = +∞); `from[i]`
    ///   when a sample came out non-finite anyway (the buffers' contents are then unspecified).
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public static func sample<T: MotionScalar>(
        spring: Spring<T>, from: [T], to: [T], initialVelocity velocity: [T]? = nil, grid: TimeGrid<T>,
        values: UnsafeMutableBufferPointer<T>, velocities: UnsafeMutableBufferPointer<T>? = nil,
        path: Path = .automatic, threads: Int = Parallel.threadCount
    ) throws(MotionKernelError) {
        try grid.validate()
        let n = from.count
        guard to.count == n else { throw MotionKernelError.invalidValue("to", "has \(to.count) items; expected \(n)") }
        if let velocity, velocity.count != n { throw MotionKernelError.invalidValue("velocity", "has \(velocity.count) items; expected \(n)") }
        // The per-object checks run on `threads` threads; the first object that fails (in index
        // order) is then checked again serially, so the error is the serial loop's.
        let firstNonFinite = FirstIndex()
        Parallel.forEachChunk(count: n, threads: threads, minChunk: 8192) { r in
            for i in r where !(from[i].isFinite && to[i].isFinite && (velocity?[i].isFinite ?? true)) {
                firstNonFinite.record(i)
                return
            }
        }
        if let i = firstNonFinite.value {
            try MotionKernelError.requireFinite(from[i], "from[\(i)]")
            try MotionKernelError.requireFinite(to[i], "to[\(i)]")
            if let velocity { try MotionKernelError.requireFinite(velocity[i], "velocity[\(i)]") }
        }
        let tCount = grid.count
        let needed = try MotionKernelError.checkedCount([n, tCount], limit: Int.max, "values")
        guard values.count >= needed else { throw MotionKernelError.invalidValue("values", "buffer too small: \(values.count) < \(needed)") }
        if let velocities, velocities.count < needed { throw MotionKernelError.invalidValue("velocities", "buffer too small") }
        if needed == 0 { return }
        // Propagator rows in Double, once per time.
        let sd = try spring.converted(to: Double.self)
        let limit = T.greatestFiniteMagnitude.doubleValue / 4
        let w = sd.omega0, margin = limit * (1 - 0x1p-40), withVelocities = velocities != nil
        // Fast acceptance with plain square roots, well inside the limit (the same decision as
        // `SpringBatch.bounds`' hypot, whose result differs by an ulp at most), on `threads`
        // threads; from the first object it does not accept, the serial loop below decides each
        // object exactly (and names the first that fails).
        @Sendable func accepted(_ i: Int) -> Bool {
            let v = velocity?[i].doubleValue ?? 0
            let y = from[i].doubleValue - to[i].doubleValue, q = v / w, wy = w * y
            return max(abs(y), abs(q), abs(v), abs(wy)) < 0x1p500 && abs(to[i].doubleValue) + 2 * (y * y + q * q).squareRoot() <= margin
                && (!withVelocities || 2 * (v * v + wy * wy).squareRoot() <= margin)
        }
        let firstSlow = FirstIndex()
        Parallel.forEachChunk(count: n, threads: threads, minChunk: 8192) { r in
            for i in r where !accepted(i) {
                firstSlow.record(i)
                return
            }
        }
        for i in (firstSlow.value ?? n)..<n {
            let v = velocity?[i].doubleValue ?? 0
            if accepted(i) { continue }
            let vb = try SpringBatch<T>.bounds(sd, from: from[i].doubleValue, to: to[i].doubleValue, velocity: v, index: i, limit: limit)
            if velocities != nil && !(vb <= limit) {
                let field = abs(sd.omega0 * (from[i].doubleValue - to[i].doubleValue)) >= abs(v) ? "stiffness" : "velocity[\(i)]"
                throw MotionKernelError.invalidValue(field, "object \(i)'s velocities (up to \(vb / 2)) exceed the accepted range \(limit) of the scalar type")
            }
        }
        var a = [T](repeating: 0, count: tCount), b = a, c = a, d = a
        for j in 0..<tCount {
            let p = sd.propagator(grid[j].doubleValue)
            a[j] = T(p.p11); b[j] = T(p.p12); c[j] = T(p.p21); d[j] = T(p.p22)
            guard a[j].isFinite, b[j].isFinite, c[j].isFinite, d[j].isFinite else {
                throw MotionKernelError.invalidValue("times[\(j)]", "the spring's state at t = \(grid[j]) has no finite value")
            }
        }
        var y0 = [T](repeating: 0, count: n)
        y0.withUnsafeMutableBufferPointer { yb in
            let yp = SendablePointer(yb.baseAddress!)
            Parallel.forEachChunk(count: n, threads: threads, minChunk: 8192) { r in
                for i in r { yp.base[i] = from[i] - to[i] }
            }
        }
        let v0 = velocity ?? [T](repeating: 0, count: n)

        if path == .gemm {
            // Row i: [to_i, y0_i, v0_i] (1×3) · [1; a; b] (3×T), in column blocks of at most
            // `gemmColumnBlock` (the shapes depend on the grid only).
            var rhs = [T](repeating: 1, count: 3 * tCount)
            for j in 0..<tCount { rhs[tCount + j] = a[j]; rhs[2 * tCount + j] = b[j] }
            try gemmRows(n: n, tCount: tCount, lhs: { i in (to[i], y0[i], v0[i]) }, rhs: rhs, out: values)
            if let velocities {
                for j in 0..<tCount { rhs[j] = 0; rhs[tCount + j] = c[j]; rhs[2 * tCount + j] = d[j] }
                try gemmRows(n: n, tCount: tCount, lhs: { i in (0, y0[i], v0[i]) }, rhs: rhs, out: velocities)
            }
            try checkFinite(n: n, tCount: tCount, values: values, velocities: velocities)
            return
        }
        if T.self == Float.self || T.self == Double.self {
            try kernelRows(to: to, y0: y0, v0: v0, a: a, b: b, c: c, d: d, tCount: tCount, values: values, velocities: velocities, threads: threads)
            return
        }
        let out = SendablePointer(values.baseAddress!)
        let vout = velocities.map { SendablePointer($0.baseAddress!) }
        a.withUnsafeBufferPointer { ab in
            b.withUnsafeBufferPointer { bb in
                c.withUnsafeBufferPointer { cb in
                    d.withUnsafeBufferPointer { db in
                        let (pa, pb, pc, pd) = (
                            SendableConstPointer(ab.baseAddress!), SendableConstPointer(bb.baseAddress!),
                            SendableConstPointer(cb.baseAddress!), SendableConstPointer(db.baseAddress!)
                        )
                        let toC = to, y0C = y0, v0C = v0
                        Parallel.forEachChunk(count: n, threads: threads, minChunk: max(1, 16384 / max(tCount, 1))) { rows in
                            for i in rows {
                                sharedRow(to: toC[i], y0: y0C[i], v0: v0C[i], a: pa.base, b: pb.base, out: out.base + i * tCount, count: tCount)
                                if let vout {
                                    sharedRow(to: 0, y0: y0C[i], v0: v0C[i], a: pc.base, b: pd.base, out: vout.base + i * tCount, count: tCount)
                                }
                            }
                        }
                    }
                }
            }
        }
        try checkFinite(n: n, tCount: tCount, values: values, velocities: velocities)
    }

    /// The loop path for Float and Double: the C kernel `mk_shared_rows_*` (the same operations
    /// in the same order as `sharedRow`, so the same bits, at every ISA level), streaming its
    /// stores for outputs beyond the cache and checking finiteness in registers.
    static func kernelRows<T: MotionScalar>(
        to: [T], y0: [T], v0: [T], a: [T], b: [T], c: [T], d: [T], tCount: Int,
        values: UnsafeMutableBufferPointer<T>, velocities: UnsafeMutableBufferPointer<T>?, threads: Int
    ) throws(MotionKernelError) {
        let n = y0.count
        let stream: Int32 = StreamingStores.kind(outputBytes: n * tCount * MemoryLayout<T>.stride) == .plain ? 0 : 1
        let isa = KernelDispatch.level.rawValue
        let firstBad = FirstIndex()
        let out = SendablePointer(values.baseAddress!)
        let vout = velocities.map { SendablePointer($0.baseAddress!) }
        // The propagator rows with 16 zeros before and after: the kernel reads whole vectors up to
        // 16 elements outside a row (see mk_kernels.h).
        func padded(_ x: [T]) -> [T] { [T](repeating: 0, count: 16) + x + [T](repeating: 0, count: 16) }
        withBases([to, y0, v0, padded(a), padded(b), padded(c), padded(d)][...]) { bases in
            let ptrs = bases.enumerated().map { SendableConstPointer($0.offset >= 3 ? $0.element + 16 : $0.element) }
            Parallel.forEachChunk(count: n, threads: threads, minChunk: max(1, 16384 / max(tCount, 1))) { rows in
                let r0 = rows.lowerBound, m = rows.count
                @inline(__always) func at(_ k: Int, _ off: Int) -> UnsafeRawPointer { UnsafeRawPointer(ptrs[k].base + off) }
                var bad: Int64 = -1
                for (dest, withTo, ka, kb) in [(out, true, 3, 4)] + (vout.map { [($0, false, 5, 6)] } ?? []) {
                    let o = UnsafeMutableRawPointer(dest.base + r0 * tCount)
                    let r: Int64
                    if T.self == Float.self {
                        r = mk_shared_rows_f32(
                            withTo ? at(0, r0).assumingMemoryBound(to: Float.self) : nil, at(1, r0).assumingMemoryBound(to: Float.self),
                            at(2, r0).assumingMemoryBound(to: Float.self), at(ka, 0).assumingMemoryBound(to: Float.self),
                            at(kb, 0).assumingMemoryBound(to: Float.self), m, tCount, o.assumingMemoryBound(to: Float.self), isa, stream)
                    } else {
                        r = mk_shared_rows_f64(
                            withTo ? at(0, r0).assumingMemoryBound(to: Double.self) : nil, at(1, r0).assumingMemoryBound(to: Double.self),
                            at(2, r0).assumingMemoryBound(to: Double.self), at(ka, 0).assumingMemoryBound(to: Double.self),
                            at(kb, 0).assumingMemoryBound(to: Double.self), m, tCount, o.assumingMemoryBound(to: Double.self), isa, stream)
                    }
                    if r >= 0 && (bad < 0 || r < bad) { bad = r }
                }
                if bad >= 0 { firstBad.record(r0 + Int(bad)) }
            }
        }
        if let i = firstBad.value { throw nonFiniteSample(i) }
    }

    /// Runs `body` with the base addresses of `arrays` (each non-empty), valid for the call.
    static func withBases<T, R, E: Error>(_ arrays: ArraySlice<[T]>, _ bases: [UnsafePointer<T>] = [], _ body: ([UnsafePointer<T>]) throws(E) -> R) throws(E)
        -> R
    {
        guard let first = arrays.first else { return try body(bases) }
        return try first.withUnsafeBufferPointer { b throws(E) in try withBases(arrays.dropFirst(), bases + [b.baseAddress!], body) }
    }

    /// The widest column block of one BLAS call on the `.gemm` path: 1×3 · 3×4096 stays far
    /// below OpenBLAS's threading threshold (65536 multiply-adds at the least).
    static var gemmColumnBlock: Int { 4096 }

    /// out[i, j] = l0·rhs[j] + l1·rhs[T + j] + l2·rhs[2T + j] through BLAS, one row and one
    /// column block per call.
    static func gemmRows<T: MotionScalar>(
        n: Int, tCount: Int, lhs: (Int) -> (T, T, T), rhs: [T], out: UnsafeMutableBufferPointer<T>
    ) throws(MotionKernelError) {
        let w = gemmColumnBlock
        var blk = [T](repeating: 0, count: 3 * w)
        var row = [T](repeating: 0, count: w)
        var j0 = 0
        while j0 < tCount {
            let len = min(w, tCount - j0)
            for k in 0..<3 { for j in 0..<len { blk[k * len + j] = rhs[k * tCount + j0 + j] } }
            for i in 0..<n {
                let l = lhs(i)
                let lrow = [l.0, l.1, l.2]
                try lrow.withUnsafeBufferPointer { lb throws(MotionKernelError) in
                    try blk.withUnsafeBufferPointer { bb throws(MotionKernelError) in
                        try row.withUnsafeMutableBufferPointer { rb throws(MotionKernelError) in
                            try BLAS.gemm(
                                m: 1, n: len, k: 3, a: lb, lda: 3, b: UnsafeBufferPointer(rebasing: bb[0..<(3 * len)]), ldb: len,
                                c: rb, ldc: len, path: .blas)
                        }
                    }
                }
                for j in 0..<len { out[i * tCount + j0 + j] = row[j] }
            }
            j0 += len
        }
    }

    /// The error for object `i` having produced a non-finite sample (both paths report it alike).
    static func nonFiniteSample(_ i: Int) -> MotionKernelError {
        MotionKernelError.invalidValue("from[\(i)]", "object \(i) produced a non-finite sample on this grid")
    }

    /// Throws `invalidValue` naming `from[i]` for the first object with a non-finite sample.
    static func checkFinite<T: MotionScalar>(n: Int, tCount: Int, values: UnsafeMutableBufferPointer<T>, velocities: UnsafeMutableBufferPointer<T>?)
        throws(MotionKernelError)
    {
        for i in 0..<n {
            let row = i * tCount..<(i + 1) * tCount
            let ok = allFinite(UnsafeBufferPointer(rebasing: values[row])) && (velocities.map { allFinite(UnsafeBufferPointer(rebasing: $0[row])) } ?? true)
            if !ok { throw nonFiniteSample(i) }
        }
    }

    /// out[j] = to + a[j]·y0 + b[j]·v0 (a streaming, vectorisable loop).
    @inline(__always)
    static func sharedRow<T: MotionScalar>(to: T, y0: T, v0: T, a: UnsafePointer<T>, b: UnsafePointer<T>, out: UnsafeMutablePointer<T>, count: Int) {
        for j in 0..<count { out[j] = to + a[j] * y0 + b[j] * v0 }
    }
}
