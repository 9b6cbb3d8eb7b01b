internal import CMotionKernelSIMD

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Streaming (non-temporal) stores for bulk outputs larger than the cache: the safe Swift
/// façade over the `CMotionKernelSIMD` C target.
///
/// A kernel whose output exceeds ``threshold`` computes each block into a small scratch buffer
/// that stays in L1 (``scratchBytes``; the transform build uses its own 16 KB) and copies it
/// out with aligned non-temporal stores (`vmovntps`/`vmovntpd`, 64 bytes on AVX-512F CPUs, 32
/// on AVX2 ones; one `sfence` per block of work), which write memory without first reading
/// each line into the cache. Below the threshold, and on
/// CPUs without AVX2 (arm64 included), kernels keep their plain-store code path.
///
/// The numbers written are the same bytes whichever store kind runs: the scratch block is
/// computed by the same code from the same inputs, and a copy moves bits.
///
/// **Threshold.** The default is min(last-level cache, 16 MiB) (``defaultThreshold``): on the
/// project's Zen 5 machines plain stores are 2.7× faster up to 16 MB and non-temporal ones
/// 1.6–2× faster beyond the cache; on its Intel Xeon guest the crossover is near 16 MB although
/// the OS reports the host socket's 300 MiB L3 (shared by many guests), hence the cap. The
/// environment variable `MOTIONKERNEL_STREAM_THRESHOLD` (a byte count, read once per process)
/// overrides it: `0` streams every non-empty output, a very large value never streams;
/// anything but a non-negative decimal integer is ignored.
///
/// Every detected fact is a `let` global, computed once and never mutated; the test and
/// benchmark switches are task-local values.
@usableFromInline
enum StreamingStores {
    /// How a kernel writes its output.
    @usableFromInline
    enum Kind: Sendable, Equatable {
        /// The kernel's own plain stores straight into the output (no scratch).
        case plain
        /// Blocks computed into an L1 scratch, then copied out with that level's stores.
        case streamed(KernelISA)
    }

    /// Bytes of the per-thread scratch block (a multiple of 64; fits in L1 with room to spare).
    @usableFromInline static let scratchBytes = 8192

    /// The cap on the default threshold, in bytes (see the type's discussion).
    static let thresholdCap = 16 << 20

    /// The best streaming instruction set of this CPU, detected at run time.
    static let bestISA: KernelISA = .best

    /// The last-level cache in bytes as the OS reports it (0 when unknown).
    static let cacheBytes = Int(mk_store_llc_bytes())

    /// min(last-level cache, 16 MiB), or 16 MiB when the cache size is unknown.
    static let defaultThreshold = cacheBytes > 0 ? min(cacheBytes, thresholdCap) : thresholdCap

    /// `MOTIONKERNEL_STREAM_THRESHOLD` parsed as a byte count, or nil when unset or invalid.
    static let environmentThreshold: Int? = parseThreshold(getenv("MOTIONKERNEL_STREAM_THRESHOLD").map { String(cString: $0) })

    /// A threshold for the current task only (tests and benchmarks), over the environment's.
    @TaskLocal static var thresholdOverride: Int?

    /// Test switch: stream at this level (`.portable` forces the memcpy fallback through the
    /// scratch path) instead of the detected one.
    @TaskLocal static var forcedISA: KernelISA?

    /// Outputs of more than this many bytes are streamed: the task's override, else the
    /// environment's, else ``defaultThreshold``.
    static var threshold: Int { thresholdOverride ?? environmentThreshold ?? defaultThreshold }

    /// Parses a threshold value: a non-negative decimal integer of bytes, else nil.
    static func parseThreshold(_ text: String?) -> Int? {
        guard let text, let v = Int(text.trimmingWhitespace()), v >= 0 else { return nil }
        return v
    }

    /// The policy: stream an output of `outputBytes` when it exceeds `threshold` and `isa`
    /// has non-temporal stores; otherwise plain stores.
    static func policy(outputBytes: Int, threshold: Int, isa: KernelISA) -> Kind {
        outputBytes > threshold && isa != .portable ? .streamed(isa) : .plain
    }

    /// The store kind for an output of `outputBytes` in the current task (read it on the
    /// calling thread: task-local switches do not reach `Parallel` worker threads).
    @usableFromInline
    static func kind(outputBytes: Int) -> Kind {
        if let forced = forcedISA { return outputBytes > threshold ? .streamed(forced) : .plain }
        return policy(outputBytes: outputBytes, threshold: threshold, isa: bestISA)
    }

    /// Runs `body` with the threshold `bytes` (and, when given, the forced level) for the
    /// current task only.
    static func withThreshold<R, E: Error>(_ bytes: Int, isa: KernelISA? = nil, _ body: () throws(E) -> R) throws(E) -> R {
        try $thresholdOverride.withValue(bytes) { () throws(E) -> R in
            try $forcedISA.withValue(isa ?? forcedISA, typed: body)
        }
    }

    /// Copies `count` elements of `stride` bytes (4 or 8; other strides use `memcpy`) from
    /// `src` to `dst` with `isa`'s stores, unfenced (see ``fence()``). The buffers must not
    /// overlap.
    @usableFromInline
    static func copy(_ dst: UnsafeMutableRawPointer, _ src: UnsafeRawPointer, count: Int, stride: Int, isa: KernelISA) {
        guard count > 0 else { return }
        switch stride {
        case 4:
            mk_store_copy_f32(dst.assumingMemoryBound(to: Float.self), src.assumingMemoryBound(to: Float.self), count, isa.rawValue)
        case 8:
            mk_store_copy_f64(
                dst.assumingMemoryBound(to: Double.self), src.assumingMemoryBound(to: Double.self), count, isa.rawValue)
        default:
            dst.copyMemory(from: src, byteCount: count * stride)
        }
    }

    /// Orders the preceding non-temporal stores of this thread before its later stores
    /// (`sfence`): call once at the end of each block of work that used `copy`, before the
    /// thread finishes or the output is read.
    @usableFromInline
    static func fence() { mk_store_fence() }

    /// Runs `body` with a ``Writer`` onto `dest` (scratch on the stack), then flushes it and
    /// fences.
    @inlinable
    static func withWriter<T, R>(_ dest: UnsafeMutablePointer<T>, isa: KernelISA, _ body: (inout Writer<T>) -> R) -> R {
        let capacity = scratchBytes / MemoryLayout<T>.stride
        return withUnsafeTemporaryAllocation(of: T.self, capacity: capacity) { scratch in
            var w = Writer(dest: dest, scratch: scratch.baseAddress!, capacity: capacity, isa: isa)
            let r = body(&w)
            w.flush()
            fence()
            return r
        }
    }

    /// Writes a contiguous output in order through an L1 scratch block: `next` lends the next
    /// free scratch span, `advance` commits it; a full block is stream-copied to the output.
    /// The first block is shortened so that every later one starts 64-byte aligned.
    @usableFromInline
    struct Writer<T> {
        @usableFromInline let dest: UnsafeMutablePointer<T>
        @usableFromInline let scratch: UnsafeMutablePointer<T>
        @usableFromInline let capacity: Int
        @usableFromInline let isa: KernelISA
        /// Elements already copied to `dest`.
        @usableFromInline var written = 0
        /// Elements waiting in `scratch`.
        @usableFromInline var filled = 0
        /// Scratch elements in the current block.
        @usableFromInline var limit: Int

        @inlinable
        init(dest: UnsafeMutablePointer<T>, scratch: UnsafeMutablePointer<T>, capacity: Int, isa: KernelISA) {
            self.dest = dest
            self.scratch = scratch
            self.capacity = capacity
            self.isa = isa
            let stride = MemoryLayout<T>.stride
            let mis = Int(bitPattern: UInt(bitPattern: dest)) & 63
            limit = mis % stride == 0 && capacity * stride % 64 == 0 ? capacity - mis / stride : capacity
        }

        /// The next scratch span: its start and length (1…`want` when `want` ≥ 1).
        @inlinable
        func next(max want: Int) -> (UnsafeMutablePointer<T>, Int) {
            (scratch + filled, min(want, limit - filled))
        }

        /// Commits `count` elements written at the span `next` returned.
        @inlinable
        mutating func advance(_ count: Int) {
            filled += count
            if filled == limit { flush() }
        }

        /// Copies the waiting elements out.
        @inlinable
        mutating func flush() {
            StreamingStores.copy(dest + written, scratch, count: filled, stride: MemoryLayout<T>.stride, isa: isa)
            written += filled
            filled = 0
            limit = capacity
        }
    }
}

/// Benchmark switch over the streaming-store policy (see `StreamingStores`).
@_spi(Benchmarks)
public enum StreamingStoreOverride {
    /// Runs `body` with outputs of more than `bytes` bytes streamed, for the current task only
    /// (`0`: stream every non-empty output; `Int.max`: never stream), over the environment's
    /// `MOTIONKERNEL_STREAM_THRESHOLD` and the default.
    /// - Returns: what `body` returns; rethrows what it throws.
    public static func withThreshold<R, E: Error>(_ bytes: Int, _ body: () throws(E) -> R) throws(E) -> R {
        try StreamingStores.withThreshold(bytes, body)
    }

    /// The threshold in force in the current task, in bytes.
    public static var threshold: Int { StreamingStores.threshold }

    /// Whether this CPU has the non-temporal stores the policy uses (AVX2 or AVX-512F).
    public static var isAvailable: Bool { StreamingStores.bestISA != .portable }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    fileprivate func trimmingWhitespace() -> String {
        let ws: Set<Character> = [" ", "\t", "\n", "\r"]
        return String(drop(while: { ws.contains($0) }).reversed().drop(while: { ws.contains($0) }).reversed())
    }
}
