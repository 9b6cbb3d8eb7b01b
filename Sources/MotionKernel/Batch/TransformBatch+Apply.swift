extension TransformBatch {
    // MARK: One transform, many points

    /// Applies one transform to P homogeneous points: `points` is P×4 (x, y, z, w rows), the
    /// first P×4 elements of `output` receive the rows (x, y, z, w) · M, without a perspective
    /// divide (the buffer-writing core; the array forms call it).
    ///
    /// The kernel is a `SIMD4` loop (4 broadcasts and 4 multiply-adds per point), not GEMM:
    /// see the type's summary.
    /// - Throws: `invalidValue` naming `points` when its length is not a multiple of 4,
    ///   `transform` when the transform has a non-finite entry, or `output` when it holds fewer
    ///   than P×4 elements.
    /// - Complexity: O(P), memory-bound.
    @inlinable
    public static func applyHomogeneous<T: MotionScalar>(
        _ transform: Transform3D<T>, points: [T], into output: UnsafeMutableBufferPointer<T>
    ) throws(MotionKernelError) {
        try checkHomogeneous(transform, points: points)
        try requireOutput(output, count: points.count)
        if points.isEmpty { return }
        let p = points.count / 4
        points.withUnsafeBufferPointer { src in
            let s = OptionalConstPointer(src.baseAddress), d = SendablePointer(output.baseAddress!)
            Parallel.forEachChunk(count: p, minChunk: 65536) { range in
                applyHomogeneousKernel(transform, range, s.base!, d.base)
            }
        }
    }

    /// `applyHomogeneous(_:points:into:)` into an array `out` (reused when it already has P×4
    /// elements, otherwise replaced).
    /// - Throws: as the buffer form (never `output`).
    @inlinable
    public static func applyHomogeneous<T: MotionScalar>(_ transform: Transform3D<T>, points: [T], into out: inout [T]) throws(MotionKernelError) {
        try checkHomogeneous(transform, points: points)
        prepare(&out, count: points.count)
        try out.withUnsafeMutableBufferPointer { o throws(MotionKernelError) in try applyHomogeneous(transform, points: points, into: o) }
    }

    /// `applyHomogeneous(_:points:into:)` into a new P×4 array.
    /// - Throws: as the buffer form (never `output`).
    @inlinable
    public static func applyHomogeneous<T: MotionScalar>(_ transform: Transform3D<T>, points: [T]) throws(MotionKernelError) -> [T] {
        var out: [T] = []
        try applyHomogeneous(transform, points: points, into: &out)
        return out
    }

    /// Throws `invalidValue` naming `points` (length not a multiple of 4) or `transform`
    /// (a non-finite entry).
    @inlinable
    static func checkHomogeneous<T: MotionScalar>(_ transform: Transform3D<T>, points: [T]) throws(MotionKernelError) {
        guard points.count % 4 == 0 else {
            throw MotionKernelError.invalidValue("points", "expected P×4 numbers (x, y, z, w rows), got \(points.count)")
        }
        guard transform.isFinite else { throw MotionKernelError.invalidValue("transform", "expected 16 finite numbers") }
    }

    /// The SIMD4 loop: dispatches to the concrete `Float` / `Double` kernel.
    @inlinable
    static func applyHomogeneousKernel<T: MotionScalar>(
        _ m: Transform3D<T>, _ range: Range<Int>, _ src: UnsafePointer<T>, _ dst: UnsafeMutablePointer<T>
    ) {
        if T.self == Float.self {
            simd4Apply(Transform3D<Float>(m), range, UnsafeRawPointer(src), UnsafeMutableRawPointer(dst), Float.self)
        } else if T.self == Double.self {
            simd4Apply(Transform3D<Double>(m), range, UnsafeRawPointer(src), UnsafeMutableRawPointer(dst), Double.self)
        } else {
            for i in range {
                let q = m.applyHomogeneous(to: Vector4(src[4 * i], src[4 * i + 1], src[4 * i + 2], src[4 * i + 3]))
                dst[4 * i] = q.x; dst[4 * i + 1] = q.y; dst[4 * i + 2] = q.z; dst[4 * i + 3] = q.w
            }
        }
    }

    /// out[i] = x·row1 + y·row2 + z·row3 + w·row4 with `SIMD4` rows of M.
    @inlinable
    static func simd4Apply<S: MotionScalar & SIMDScalar>(
        _ m: Transform3D<S>, _ range: Range<Int>, _ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, _: S.Type
    ) {
        let r0 = SIMD4<S>(m.m11, m.m12, m.m13, m.m14), r1 = SIMD4<S>(m.m21, m.m22, m.m23, m.m24)
        let r2 = SIMD4<S>(m.m31, m.m32, m.m33, m.m34), r3 = SIMD4<S>(m.m41, m.m42, m.m43, m.m44)
        let stride = MemoryLayout<SIMD4<S>>.stride
        for i in range {
            let p = src.loadUnaligned(fromByteOffset: i * stride, as: SIMD4<S>.self)
            var o: SIMD4<S> = r0 * p[0]
            o += r1 * p[1]
            o += r2 * p[2]
            o += r3 * p[3]
            dst.storeBytes(of: o, toByteOffset: i * stride, as: SIMD4<S>.self)
        }
    }

    /// The same product as `applyHomogeneous` through `BLAS.gemm` (P×4 · 4×4): kept only to
    /// measure the crossover (`transform.gemm.apply` benchmark) and out of every hot path.
    /// - Throws: `invalidValue` naming `points` when its length is not a multiple of 4.
    @_spi(Benchmarks) @inlinable
    public static func applyHomogeneousGEMM<T: MotionScalar>(_ transform: Transform3D<T>, points: [T], into out: inout [T]) throws(MotionKernelError) {
        guard points.count % 4 == 0 else { throw MotionKernelError.invalidValue("points", "expected P×4 numbers") }
        prepare(&out, count: points.count)
        let m = transform.rowMajor
        try points.withUnsafeBufferPointer { a throws(MotionKernelError) in
            try m.withUnsafeBufferPointer { b throws(MotionKernelError) in
                try out.withUnsafeMutableBufferPointer { c throws(MotionKernelError) in
                    try BLAS.gemm(m: points.count / 4, n: 4, k: 4, a: a, lda: 4, b: b, ldb: 4, c: c, ldc: 4, path: .blas)
                }
            }
        }
    }

    /// Applies one transform to P points of dimension 2 (x, y with z = 0) or 3 (x, y, z), with
    /// the perspective divide: each output row is (x′/w′, y′/w′[, z′/w′]). Without perspective
    /// (m14 = m24 = m34 = 0, m44 = 1) no divide is done. The buffer-writing core; the array
    /// forms call it.
    /// - Parameters:
    ///   - transform: the 4×4 matrix (row-vector convention), finite.
    ///   - points: P × `dimension` row-major coordinates.
    ///   - dimension: 2 or 3, the length of each point row in `points` and `output`.
    ///   - output: its first P × `dimension` elements receive the transformed coordinates.
    /// - Throws: `invalidValue` naming `dimension` (not 2 or 3), `points` (length not a multiple
    ///   of `dimension`), `transform` for a non-finite entry, `output` when it holds fewer than
    ///   P × `dimension` elements, or `points[i]` when point i maps to infinity (w′ = 0) or
    ///   overflows (the contents of `output` are then unspecified).
    @inlinable
    public static func apply<T: MotionScalar>(
        _ transform: Transform3D<T>, points: [T], dimension: Int, into output: UnsafeMutableBufferPointer<T>
    ) throws(MotionKernelError) {
        try checkPoints(transform, points: points, dimension: dimension)
        try requireOutput(output, count: points.count)
        if points.isEmpty { return }
        let p = points.count / dimension
        let bad = points.withUnsafeBufferPointer { src in
            let s = OptionalConstPointer(src.baseAddress), d = SendablePointer(output.baseAddress!)
            return forEachBlock(count: p) { range in
                applyKernel(transform, range, s.base!, d.base, dimension: dimension)
            }
        }
        if bad { try reportBadPoint(transform, points: points, dimension: dimension, offset: 0, field: "points") }
    }

    /// `apply(_:points:dimension:into:)` into an array `out` (reused when it already has
    /// P × `dimension` elements, otherwise replaced).
    /// - Throws: as the buffer form (never `output`).
    @inlinable
    public static func apply<T: MotionScalar>(_ transform: Transform3D<T>, points: [T], dimension: Int, into out: inout [T]) throws(MotionKernelError) {
        try checkPoints(transform, points: points, dimension: dimension)
        prepare(&out, count: points.count)
        try out.withUnsafeMutableBufferPointer { o throws(MotionKernelError) in try apply(transform, points: points, dimension: dimension, into: o) }
    }

    /// `apply(_:points:dimension:into:)` into a new P × `dimension` array.
    /// - Throws: as the buffer form (never `output`).
    @inlinable
    public static func apply<T: MotionScalar>(_ transform: Transform3D<T>, points: [T], dimension: Int) throws(MotionKernelError) -> [T] {
        var out: [T] = []
        try apply(transform, points: points, dimension: dimension, into: &out)
        return out
    }

    /// Throws `invalidValue` naming `dimension` (not 2 or 3), `points` (length not a multiple of
    /// `dimension`) or `transform` (a non-finite entry).
    @inlinable
    static func checkPoints<T: MotionScalar>(_ transform: Transform3D<T>, points: [T], dimension: Int) throws(MotionKernelError) {
        guard dimension == 2 || dimension == 3 else {
            throw MotionKernelError.invalidValue("dimension", "expected 2 or 3, got \(dimension)")
        }
        guard points.count % dimension == 0 else {
            throw MotionKernelError.invalidValue("points", "expected P×\(dimension) numbers, got \(points.count)")
        }
        guard transform.isFinite else { throw MotionKernelError.invalidValue("transform", "expected 16 finite numbers") }
    }

    /// Finds the first point that maps to infinity and throws naming it.
    @inlinable
    static func reportBadPoint<T: MotionScalar>(
        _ m: Transform3D<T>, points: [T], dimension: Int, offset: Int, field: String, count: Int? = nil
    ) throws(MotionKernelError) {
        let n = count ?? (points.count / dimension)
        for i in 0..<n {
            let j = (offset + i) * dimension
            let z: T = dimension == 3 ? points[j + 2] : 0
            do { _ = try m.apply(to: Vector3(points[j], points[j + 1], z)) } catch {
                throw MotionKernelError.invalidValue("\(field)[\(offset + i)]", "maps to infinity (homogeneous w = 0) or overflows")
            }
        }
        throw MotionKernelError.invalidValue(field, "a point maps outside the representable range")
    }

    /// Points of `dimension` 3 (x, y, z) or 2 (x, y with z = 0) with the perspective divide
    /// (none without perspective); returns true if some w′ was 0 or a result was not finite.
    @inlinable
    static func applyKernel<T: MotionScalar>(
        _ m: Transform3D<T>, _ range: Range<Int>, _ src: UnsafePointer<T>, _ dst: UnsafeMutablePointer<T>, dimension: Int
    ) -> Bool {
        switch (dimension == 3, m.hasPerspective) {
        case (true, false):
            return applyRows(range, src, dst, 3) { x, y, z in
                (x * m.m11 + y * m.m21 + z * m.m31 + m.m41, x * m.m12 + y * m.m22 + z * m.m32 + m.m42, x * m.m13 + y * m.m23 + z * m.m33 + m.m43)
            }
        case (true, true):
            return applyRows(range, src, dst, 3) { x, y, z in
                let r = 1 / (x * m.m14 + y * m.m24 + z * m.m34 + m.m44)
                return (
                    (x * m.m11 + y * m.m21 + z * m.m31 + m.m41) * r, (x * m.m12 + y * m.m22 + z * m.m32 + m.m42) * r,
                    (x * m.m13 + y * m.m23 + z * m.m33 + m.m43) * r
                )
            }
        case (false, false):
            return applyRows(range, src, dst, 2) { x, y, _ in (x * m.m11 + y * m.m21 + m.m41, x * m.m12 + y * m.m22 + m.m42, 0) }
        case (false, true):
            return applyRows(range, src, dst, 2) { x, y, _ in
                let r = 1 / (x * m.m14 + y * m.m24 + m.m44)
                return ((x * m.m11 + y * m.m21 + m.m41) * r, (x * m.m12 + y * m.m22 + m.m42) * r, 0)
            }
        }
    }

    /// The point loop of `applyKernel`: `map(x, y, z)` (z = 0 when `d` is 2) gives the output
    /// row, of which the first `d` numbers are stored; returns true if one was not finite.
    @inlinable @inline(__always)
    static func applyRows<T: MotionScalar>(
        _ range: Range<Int>, _ src: UnsafePointer<T>, _ dst: UnsafeMutablePointer<T>, _ d: Int, _ map: (T, T, T) -> (T, T, T)
    ) -> Bool {
        var poison: T = 0
        for i in range {
            let p = src + d * i, o = dst + d * i
            let (a, b, c) = map(p[0], p[1], d == 3 ? p[2] : 0)
            o[0] = a; o[1] = b
            if d == 3 { o[2] = c }
            poison += (a - a) + (b - b) + (c - c)
        }
        return !poison.isFinite || poison != 0
    }

    // MARK: Per-object transforms, per-object point sets

    /// Applies transform k (row k of the N×16 `transforms`) to the points of object k, rows
    /// `pointOffsets[k] ..< pointOffsets[k + 1]` of `points` (P×`dimension`), with the
    /// perspective divide, into the first P×`dimension` elements of `output` (the
    /// buffer-writing core; the array forms call it). `pointOffsets` has N + 1 non-decreasing
    /// entries from 0 to P.
    /// - Throws: `invalidValue` naming `transforms` (length not a multiple of 16, or a
    ///   non-finite entry), `pointOffsets` (wrong length, decreasing, or not ending at P),
    ///   `dimension`, `points`, `output` (fewer than P×`dimension` elements), or `points[i]` for
    ///   a point that maps to infinity.
    /// - Complexity: O(N + P).
    @inlinable
    public static func apply<T: MotionScalar>(
        transforms: [T], pointOffsets: [Int], points: [T], dimension: Int, into output: UnsafeMutableBufferPointer<T>
    ) throws(MotionKernelError) {
        let n = try checkObjectPoints(transforms: transforms, pointOffsets: pointOffsets, points: points, dimension: dimension)
        let p = points.count / dimension
        if let i = transforms.firstIndex(where: { !$0.isFinite }) {
            throw MotionKernelError.invalidValue("transforms[\(i)]", "expected a finite number")
        }
        try requireOutput(output, count: points.count)
        if points.isEmpty { return }
        let bad = transforms.withUnsafeBufferPointer { tp in
            pointOffsets.withUnsafeBufferPointer { op in
                points.withUnsafeBufferPointer { src in
                    let t = OptionalConstPointer(tp.baseAddress), o = OptionalConstPointer(op.baseAddress)
                    let s = OptionalConstPointer(src.baseAddress), d = SendablePointer(output.baseAddress!)
                    let flags = UnsafeMutablePointer<Bool>.allocate(capacity: max(n, 1))
                    flags.initialize(repeating: false, count: max(n, 1))
                    defer { flags.deallocate() }
                    let f = SendablePointer(flags)
                    Parallel.forEachChunk(count: n, minChunk: max(1, n * 4096 / max(p, 1))) { range in
                        for k in range {
                            let m = Transform3D<T>(unsafeRowMajor: t.base! + 16 * k)
                            let lo = o.base![k], hi = o.base![k + 1]
                            guard lo < hi else { continue }
                            let sp = s.base! + lo * dimension, dp = d.base + lo * dimension
                            f.base[k] = applyKernel(m, 0..<(hi - lo), sp, dp, dimension: dimension)
                        }
                    }
                    return (0..<n).first { flags[$0] }
                }
            }
        }
        if let k = bad {
            let m = try Transform3D<T>(rowMajor: transforms[(16 * k)..<(16 * k + 16)])
            try reportBadPoint(
                m, points: points, dimension: dimension, offset: pointOffsets[k], field: "points",
                count: pointOffsets[k + 1] - pointOffsets[k])
        }
    }

    /// `apply(transforms:pointOffsets:points:dimension:into:)` into an array `out` (reused when
    /// it already has P×`dimension` elements, otherwise replaced).
    /// - Throws: as the buffer form (never `output`).
    @inlinable
    public static func apply<T: MotionScalar>(
        transforms: [T], pointOffsets: [Int], points: [T], dimension: Int, into out: inout [T]
    ) throws(MotionKernelError) {
        _ = try checkObjectPoints(transforms: transforms, pointOffsets: pointOffsets, points: points, dimension: dimension)
        prepare(&out, count: points.count)
        try out.withUnsafeMutableBufferPointer { o throws(MotionKernelError) in
            try apply(transforms: transforms, pointOffsets: pointOffsets, points: points, dimension: dimension, into: o)
        }
    }

    /// `apply(transforms:pointOffsets:points:dimension:into:)` into a new P×`dimension` array.
    /// - Throws: as the buffer form (never `output`).
    @inlinable
    public static func apply<T: MotionScalar>(transforms: [T], pointOffsets: [Int], points: [T], dimension: Int) throws(MotionKernelError) -> [T] {
        var out: [T] = []
        try apply(transforms: transforms, pointOffsets: pointOffsets, points: points, dimension: dimension, into: &out)
        return out
    }

    /// The shape checks of the per-object `apply` (all but finiteness); returns N.
    /// - Throws: `invalidValue` naming `dimension`, `transforms`, `points` or `pointOffsets`.
    @inlinable
    static func checkObjectPoints<T: MotionScalar>(transforms: [T], pointOffsets: [Int], points: [T], dimension: Int) throws(MotionKernelError) -> Int {
        guard dimension == 2 || dimension == 3 else {
            throw MotionKernelError.invalidValue("dimension", "expected 2 or 3, got \(dimension)")
        }
        guard transforms.count % 16 == 0 else {
            throw MotionKernelError.invalidValue("transforms", "expected N×16 numbers, got \(transforms.count)")
        }
        let n = transforms.count / 16
        guard points.count % dimension == 0 else {
            throw MotionKernelError.invalidValue("points", "expected P×\(dimension) numbers, got \(points.count)")
        }
        let p = points.count / dimension
        guard pointOffsets.count == n + 1 else {
            throw MotionKernelError.invalidValue("pointOffsets", "expected N + 1 = \(n + 1) offsets, got \(pointOffsets.count)")
        }
        guard pointOffsets.first == 0, pointOffsets.last == p else {
            throw MotionKernelError.invalidValue("pointOffsets", "must start at 0 and end at the point count \(p)")
        }
        for k in 0..<n where pointOffsets[k + 1] < pointOffsets[k] {
            throw MotionKernelError.invalidValue("pointOffsets[\(k + 1)]", "offsets must not decrease")
        }
        return n
    }
}
