/// Bulk transform kernels over packed row-major buffers: N transforms are an N×16 buffer
/// (each row m11, m12, …, m44 in `CATransform3D` layout), P points are P×d rows.
///
/// Every bulk result equals the corresponding scalar `Transform3D` computation to rounding
/// (the tests hold them to 1e-6 in `Float`, 1e-12 in `Double`); the Float builder is the C
/// kernel `mk_kernel_transform_f32` (run-time ISA dispatch, `KernelDispatch`), which computes
/// sines and cosines with its own vector polynomial (within ~2 ulp of the C library): the same
/// bits at every level, streamed or not (the tests hold it bit for bit to a Swift twin of its
/// operations). Work is split over
/// `Parallel.threadCount` threads for large inputs; every object's numbers depend on its own
/// inputs only, so they are the same bytes whatever the thread count and however a caller
/// splits the rows. Outputs passed `inout` are reused when they already have the right size
/// (no allocation), otherwise replaced.
///
/// **SIMD loops, not GEMM.** Applying one 4×4 to P points is a product with inner dimension
/// 4, where BLAS writes its output at a fraction of memory bandwidth
/// (measured by the `transform.gemm.apply` benchmark workload), so the hot path is a `SIMD4` loop and `BLAS.gemm` is kept out of it.
///
/// **Shape.** A caseless enum of stateless static entry points; arguments in the bulk
/// APIs' order (inputs, grid, options, output buffers, execution controls), as described
/// at ``SplineBatch``.
public enum TransformBatch {
    /// Objects per parallel work block (and per non-finite-input check).
    @usableFromInline static let blockSize = 4096

    /// A read-only pointer that may be nil (an absent channel, or an empty input) and may
    /// cross into `Parallel.forEachChunk` bodies. Writable outputs use the module's
    /// `SendablePointer`.
    @usableFromInline
    struct OptionalConstPointer<P>: @unchecked Sendable {
        @usableFromInline let base: UnsafePointer<P>?
        @inlinable init(_ base: UnsafePointer<P>?) { self.base = base }
        /// The same address viewed as another element type of the same size (used to route a
        /// generic `T` that is `Float` to the Float kernel).
        @inlinable init<Q>(_ other: OptionalConstPointer<Q>) {
            self.base = other.base.map { UnsafeRawPointer($0).assumingMemoryBound(to: P.self) }
        }
    }

    /// Runs `body(range)` over blocks of `blockSize` items in parallel and reports whether any
    /// block's body returned true (the "bad input seen" flag).
    @inlinable
    static func forEachBlock(count: Int, _ body: @escaping @Sendable (Range<Int>) -> Bool) -> Bool {
        let blocks = (count + blockSize - 1) / blockSize
        guard blocks > 0 else { return false }
        let flags = UnsafeMutablePointer<Bool>.allocate(capacity: blocks)
        flags.initialize(repeating: false, count: blocks)
        defer { flags.deallocate() }
        let f = SendablePointer(flags)
        Parallel.forEachChunk(count: blocks, minChunk: 4) { blockRange in
            for b in blockRange {
                let lo = b * blockSize, hi = min(count, lo + blockSize)
                f.base[b] = body(lo..<hi)
            }
        }
        for b in 0..<blocks where flags[b] { return true }
        return false
    }

    /// Makes `out` hold exactly `count` elements, reusing its storage when it already does.
    @inlinable
    static func prepare<T: MotionScalar>(_ out: inout [T], count: Int) {
        if out.count != count { out = [T](repeating: 0, count: count) }
    }

    // MARK: Build

    /// Builds the N transforms described by `channels` (see `TransformChannels`) into the first
    /// N×16 elements of `output`, row-major, with no temporaries (the buffer-writing core of
    /// `build`; the array forms call it).
    /// - Throws: `invalidValue` naming the channel if a present channel does not have
    ///   `channels.count` values, `count` when N is negative or N×16 overflows, `output` when it
    ///   holds fewer than N×16 elements, or `channel[i]` for a non-finite value (the contents of
    ///   `output` are then unspecified).
    /// - Complexity: O(N): one sine and cosine per object with a rotation channel.
    @inlinable
    public static func build<T: MotionScalar>(_ channels: TransformChannels<T>, into output: UnsafeMutableBufferPointer<T>) throws(MotionKernelError) {
        let n = channels.count
        let total = try buildCount(channels)
        try requireOutput(output, count: total)
        if total == 0 { return }
        // Decided on the calling thread (the policy's task-local switches stay there).
        let store = StreamingStores.kind(outputBytes: total * MemoryLayout<T>.stride)
        let cLevel = cKernelLevel()
        let op = SendablePointer(output.baseAddress!)
        let bad = withChannelPointers(channels) { tx, ty, tz, rot, s, sx, sy in
            forEachBlock(count: n) { range in
                if T.self == Float.self {
                    return buildKernelC(
                        range, tx: .init(tx), ty: .init(ty), tz: .init(tz), rot: .init(rot), s: .init(s),
                        sx: .init(sx), sy: .init(sy), out: UnsafeMutableRawPointer(op.base).assumingMemoryBound(to: Float.self),
                        level: cLevel, stream: store != .plain)
                }
                if case .streamed(let isa) = store {
                    return buildStreamed(range, tx: tx, ty: ty, tz: tz, rot: rot, s: s, sx: sx, sy: sy, out: op.base, isa: isa)
                }
                return buildKernel(range, tx: tx, ty: ty, tz: tz, rot: rot, s: s, sx: sx, sy: sy, out: op.base)
            }
        }
        if bad {
            for (name, v) in channels.present {
                if let i = v.firstIndex(where: { !$0.isFinite }) {
                    throw MotionKernelError.invalidValue("\(name)[\(i)]", "expected a finite number, got \(v[i])")
                }
            }
            throw MotionKernelError.invalidValue("scale", "the product of scale and scaleX or scaleY overflows")
        }
    }

    /// Builds the N transforms described by `channels` into `out`, an N×16 row-major array
    /// (reused when it already has N×16 elements, otherwise replaced).
    /// - Throws: as `build(_:into:)` with a buffer (never `output`).
    @inlinable
    public static func build<T: MotionScalar>(_ channels: TransformChannels<T>, into out: inout [T]) throws(MotionKernelError) {
        prepare(&out, count: try buildCount(channels))
        try out.withUnsafeMutableBufferPointer { o throws(MotionKernelError) in try build(channels, into: o) }
    }

    /// N×16 for `channels`, after checking that N×16 does not overflow and that every present
    /// channel has N values.
    /// - Throws: `invalidValue` naming `count` or the channel.
    @inlinable
    static func buildCount<T: MotionScalar>(_ channels: TransformChannels<T>) throws(MotionKernelError) -> Int {
        let n = channels.count
        let total = try MotionKernelError.checkedCount([n, 16], limit: Int.max, "count")
        for (name, v) in channels.present where v.count != n {
            throw MotionKernelError.invalidValue(name, "has \(v.count) values, expected count = \(n)")
        }
        return total
    }

    /// Throws `invalidValue` naming `output` when it holds fewer than `count` elements.
    @inlinable
    static func requireOutput<T>(_ output: UnsafeMutableBufferPointer<T>, count: Int) throws(MotionKernelError) {
        guard output.count >= count else {
            throw MotionKernelError.invalidValue("output", "buffer holds \(output.count) numbers; \(count) needed")
        }
    }

    /// Builds the N transforms described by `channels` into a new N×16 array.
    /// - Throws: as `build(_:into:)`.
    @inlinable
    public static func build<T: MotionScalar>(_ channels: TransformChannels<T>) throws(MotionKernelError) -> [T] {
        var out: [T] = []
        try build(channels, into: &out)
        return out
    }

    /// Bytes of the streamed build's scratch block: 16 KB (128 Double objects), which fits in
    /// L1. Measured on the AVX-512 Xeon
    /// (`transform.build.nt.128MB`, alternating runs): 16 KB blocks beat plain stores, 4–8 KB
    /// ones only matched them and 0.5–1 KB ones ran up to 2× slower (the per-block calls).
    @usableFromInline static let streamBlockBytes = 16384

    /// The Swift build of one block for outputs beyond the cache (Double and any type but Float,
    /// whose C kernel streams from registers instead): `streamBlockBytes` of objects at a
    /// time are built into a stack scratch by the plain kernels (inputs offset to the sub-block, so the
    /// same code sees the same numbers) and copied out with non-temporal stores. Returns true
    /// if any input was non-finite.
    @inlinable
    static func buildStreamed<T: MotionScalar>(
        _ range: Range<Int>, tx: OptionalConstPointer<T>, ty: OptionalConstPointer<T>, tz: OptionalConstPointer<T>,
        rot: OptionalConstPointer<T>, s: OptionalConstPointer<T>, sx: OptionalConstPointer<T>, sy: OptionalConstPointer<T>,
        out: UnsafeMutablePointer<T>, isa: KernelISA
    ) -> Bool {
        @inline(__always) func at(_ p: OptionalConstPointer<T>, _ i: Int) -> OptionalConstPointer<T> {
            OptionalConstPointer(p.base.map { $0 + i })
        }
        let streamBlock = streamBlockBytes / (16 * MemoryLayout<T>.stride)
        return withUnsafeTemporaryAllocation(of: T.self, capacity: 16 * streamBlock) { scratch -> Bool in
            let sp = scratch.baseAddress!
            var bad = false
            var lo = range.lowerBound
            while lo < range.upperBound {
                let m = min(streamBlock, range.upperBound - lo)
                let (tx, ty, tz, rot) = (at(tx, lo), at(ty, lo), at(tz, lo), at(rot, lo))
                let (s, sx, sy) = (at(s, lo), at(sx, lo), at(sy, lo))
                bad = buildKernel(0..<m, tx: tx, ty: ty, tz: tz, rot: rot, s: s, sx: sx, sy: sy, out: sp) || bad
                StreamingStores.copy(out + 16 * lo, sp, count: 16 * m, stride: MemoryLayout<T>.stride, isa: isa)
                lo += m
            }
            StreamingStores.fence()
            return bad
        }
    }

    /// Calls `body` with base pointers of the present channels (nil for absent ones).
    @inlinable
    static func withChannelPointers<T: MotionScalar, R>(
        _ c: TransformChannels<T>,
        _ body: (
            OptionalConstPointer<T>, OptionalConstPointer<T>, OptionalConstPointer<T>, OptionalConstPointer<T>,
            OptionalConstPointer<T>, OptionalConstPointer<T>, OptionalConstPointer<T>
        ) -> R
    ) -> R {
        func with(_ a: [T]?, _ f: (OptionalConstPointer<T>) -> R) -> R {
            guard let a else { return f(OptionalConstPointer(nil)) }
            return a.withUnsafeBufferPointer { f(OptionalConstPointer($0.baseAddress)) }
        }
        return with(c.translationX) { tx in
            with(c.translationY) { ty in
                with(c.translationZ) { tz in
                    with(c.rotation) { r in
                        with(c.scale) { s in
                            with(c.scaleX) { sx in
                                with(c.scaleY) { sy in
                                    body(tx, ty, tz, r, s, sx, sy)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The build loop over one block; returns true if any input was non-finite.
    @inlinable
    static func buildKernel<T: MotionScalar>(
        _ range: Range<Int>, tx: OptionalConstPointer<T>, ty: OptionalConstPointer<T>, tz: OptionalConstPointer<T>,
        rot: OptionalConstPointer<T>, s: OptionalConstPointer<T>, sx: OptionalConstPointer<T>, sy: OptionalConstPointer<T>,
        out: UnsafeMutablePointer<T>
    ) -> Bool {
        // Poison accumulator: x − x is NaN exactly when x is ±∞ or NaN.
        var poison: T = 0
        for i in range {
            let u = s.base.map { $0[i] } ?? 1
            let ax = u * (sx.base.map { $0[i] } ?? 1)
            let ay = u * (sy.base.map { $0[i] } ?? 1)
            var c: T = 1, sn: T = 0
            if let r = rot.base {
                let th = r[i]
                c = T.cos(th)
                sn = T.sin(th)
                poison += th - th
            }
            let x = tx.base.map { $0[i] } ?? 0, y = ty.base.map { $0[i] } ?? 0, z = tz.base.map { $0[i] } ?? 0
            poison += (x - x) + (y - y) + (z - z) + (ax - ax) + (ay - ay)
            let o = out + 16 * i
            o[0] = ax * c; o[1] = ax * sn; o[2] = 0; o[3] = 0
            o[4] = -ay * sn; o[5] = ay * c; o[6] = 0; o[7] = 0
            o[8] = 0; o[9] = 0; o[10] = 1; o[11] = 0
            o[12] = x; o[13] = y; o[14] = z; o[15] = 1
        }
        return !poison.isFinite || poison != 0
    }
}
