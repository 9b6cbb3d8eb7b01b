extension TransformBatch {
    // MARK: One transform, many points

    /// Applies one transform to P homogeneous points: `points` is P×4 (x, y, z, w rows), `out`
    /// receives the P×4 rows (x, y, z, w) · M, without a perspective divide.
    ///
    /// The kernel is a `SIMD4` loop (4 broadcasts and 4 multiply-adds per point), not GEMM:
    /// see the type's summary.
    /// - Throws: `invalidValue` naming `points` when its length is not a multiple of 4, or
    ///   `transform` when the transform has a non-finite entry.
    /// - Complexity: O(P), memory-bound.
    @inlinable
    public static func applyHomogeneous<T: MotionScalar>(_ transform: Transform3D<T>, points: [T], into out: inout [T]) throws {
        guard points.count % 4 == 0 else {
            throw MotionKernelError.invalidValue("points", "expected P×4 numbers (x, y, z, w rows), got \(points.count)")
        }
        guard transform.isFinite else { throw MotionKernelError.invalidValue("transform", "expected 16 finite numbers") }
        prepare(&out, count: points.count)
        let p = points.count / 4
        points.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                let s = OptionalConstPointer(src.baseAddress), d = SendablePointer(dst.baseAddress!)
                Parallel.forEachChunk(count: p, minChunk: 65536) { range in
                    applyHomogeneousKernel(transform, range, s.base!, d.base)
                }
            }
        }
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
    public static func applyHomogeneousGEMM<T: MotionScalar>(_ transform: Transform3D<T>, points: [T], into out: inout [T]) throws {
        guard points.count % 4 == 0 else { throw MotionKernelError.invalidValue("points", "expected P×4 numbers") }
        prepare(&out, count: points.count)
        let m = transform.rowMajor
        try points.withUnsafeBufferPointer { a in
            try m.withUnsafeBufferPointer { b in
                try out.withUnsafeMutableBufferPointer { c in
                    try BLAS.gemm(m: points.count / 4, n: 4, k: 4, a: a, lda: 4, b: b, ldb: 4, c: c, ldc: 4, path: .blas)
                }
            }
        }
    }

    /// Applies one transform to P points of dimension 2 (x, y with z = 0) or 3 (x, y, z), with
    /// the perspective divide: each output row is (x′/w′, y′/w′[, z′/w′]). Without perspective
    /// (m14 = m24 = m34 = 0, m44 = 1) no divide is done.
    /// - Parameters:
    ///   - transform: the 4×4 matrix (row-vector convention), finite.
    ///   - points: P × `dimension` row-major coordinates.
    ///   - dimension: 2 or 3, the length of each point row in `points` and `out`.
    ///   - out: receives P × `dimension` transformed coordinates (reused when already that size).
    /// - Throws: `invalidValue` naming `dimension` (not 2 or 3), `points` (length not a multiple
    ///   of `dimension`), `points[i]` when point i maps to infinity (w′ = 0) or overflows (the
    ///   contents of `out` are then unspecified), or `transform` for a non-finite entry.
    @inlinable
    public static func apply<T: MotionScalar>(_ transform: Transform3D<T>, points: [T], dimension: Int, into out: inout [T]) throws {
        guard dimension == 2 || dimension == 3 else {
            throw MotionKernelError.invalidValue("dimension", "expected 2 or 3, got \(dimension)")
        }
        guard points.count % dimension == 0 else {
            throw MotionKernelError.invalidValue("points", "expected P×\(dimension) numbers, got \(points.count)")
        }
        guard transform.isFinite else { throw MotionKernelError.invalidValue("transform", "expected 16 finite numbers") }
        prepare(&out, count: points.count)
        let p = points.count / dimension
        let bad = points.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                let s = OptionalConstPointer(src.baseAddress), d = SendablePointer(dst.baseAddress!)
                return forEachBlock(count: p) { range in
                    dimension == 3 ? applyKernel3(transform, range, s.base!, d.base) : applyKernel2(transform, range, s.base!, d.base)
                }
            }
        }
        if bad { try reportBadPoint(transform, points: points, dimension: dimension, offset: 0, field: "points") }
    }

    /// Finds the first point that maps to infinity and throws naming it.
    @inlinable
    static func reportBadPoint<T: MotionScalar>(
        _ m: Transform3D<T>, points: [T], dimension: Int, offset: Int, field: String, count: Int? = nil
    ) throws {
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

    /// 3D points with divide; returns true if some w′ was 0 or a result was not finite.
    @inlinable
    static func applyKernel3<T: MotionScalar>(
        _ m: Transform3D<T>, _ range: Range<Int>, _ src: UnsafePointer<T>, _ dst: UnsafeMutablePointer<T>
    ) -> Bool {
        var poison: T = 0
        if !m.hasPerspective {
            for i in range {
                let x = src[3 * i], y = src[3 * i + 1], z = src[3 * i + 2]
                let a = x * m.m11 + y * m.m21 + z * m.m31 + m.m41
                let b = x * m.m12 + y * m.m22 + z * m.m32 + m.m42
                let c = x * m.m13 + y * m.m23 + z * m.m33 + m.m43
                dst[3 * i] = a; dst[3 * i + 1] = b; dst[3 * i + 2] = c
                poison += (a - a) + (b - b) + (c - c)
            }
        } else {
            for i in range {
                let x = src[3 * i], y = src[3 * i + 1], z = src[3 * i + 2]
                let w = x * m.m14 + y * m.m24 + z * m.m34 + m.m44
                let r = 1 / w
                let a = (x * m.m11 + y * m.m21 + z * m.m31 + m.m41) * r
                let b = (x * m.m12 + y * m.m22 + z * m.m32 + m.m42) * r
                let c = (x * m.m13 + y * m.m23 + z * m.m33 + m.m43) * r
                dst[3 * i] = a; dst[3 * i + 1] = b; dst[3 * i + 2] = c
                poison += (a - a) + (b - b) + (c - c)
            }
        }
        return !poison.isFinite || poison != 0
    }

    /// 2D points (z = 0) with divide; returns true if some w′ was 0 or a result was not finite.
    @inlinable
    static func applyKernel2<T: MotionScalar>(
        _ m: Transform3D<T>, _ range: Range<Int>, _ src: UnsafePointer<T>, _ dst: UnsafeMutablePointer<T>
    ) -> Bool {
        var poison: T = 0
        if !m.hasPerspective {
            for i in range {
                let x = src[2 * i], y = src[2 * i + 1]
                let a = x * m.m11 + y * m.m21 + m.m41
                let b = x * m.m12 + y * m.m22 + m.m42
                dst[2 * i] = a; dst[2 * i + 1] = b
                poison += (a - a) + (b - b)
            }
        } else {
            for i in range {
                let x = src[2 * i], y = src[2 * i + 1]
                let r = 1 / (x * m.m14 + y * m.m24 + m.m44)
                let a = (x * m.m11 + y * m.m21 + m.m41) * r
                let b = (x * m.m12 + y * m.m22 + m.m42) * r
                dst[2 * i] = a; dst[2 * i + 1] = b
                poison += (a - a) + (b - b)
            }
        }
        return !poison.isFinite || poison != 0
    }

    // MARK: Per-object transforms, per-object point sets

    /// Applies transform k (row k of the N×16 `transforms`) to the points of object k, rows
    /// `pointOffsets[k] ..< pointOffsets[k + 1]` of `points` (P×`dimension`), with the
    /// perspective divide. `pointOffsets` has N + 1 non-decreasing entries from 0 to P.
    /// - Throws: `invalidValue` naming `transforms` (length not a multiple of 16, or a
    ///   non-finite entry), `pointOffsets` (wrong length, decreasing, or not ending at P),
    ///   `dimension`, `points`, or `points[i]` for a point that maps to infinity.
    /// - Complexity: O(N + P).
    @inlinable
    public static func apply<T: MotionScalar>(
        transforms: [T], pointOffsets: [Int], points: [T], dimension: Int, into out: inout [T]
    ) throws {
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
        if let i = transforms.firstIndex(where: { !$0.isFinite }) {
            throw MotionKernelError.invalidValue("transforms[\(i)]", "expected a finite number")
        }
        prepare(&out, count: points.count)
        let bad = transforms.withUnsafeBufferPointer { tp in
            pointOffsets.withUnsafeBufferPointer { op in
                points.withUnsafeBufferPointer { src in
                    out.withUnsafeMutableBufferPointer { dst in
                        let t = OptionalConstPointer(tp.baseAddress), o = OptionalConstPointer(op.baseAddress)
                        let s = OptionalConstPointer(src.baseAddress), d = SendablePointer(dst.baseAddress!)
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
                                f.base[k] = dimension == 3 ? applyKernel3(m, 0..<(hi - lo), sp, dp) : applyKernel2(m, 0..<(hi - lo), sp, dp)
                            }
                        }
                        return (0..<n).first { flags[$0] }
                    }
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
}
