/// The sampling matrix of keyframe tracks that share their key times, calculation mode,
/// timing functions and tension/continuity/bias, for bulk sampling of many channels:
/// `output (N × C) = basis (N × K) · values (K × C)`, one GEMM through the BLAS door.
///
/// Linear, discrete and cubic tracks are linear in their values (the cubic mode's
/// Kochanek–Bartels tangents are linear combinations of neighbouring values), so row r of the
/// basis holds the weights of the K values at `progress[r]`: column j is the track through the
/// unit vector e_j. It is built once per (key times, progress, mode, timing functions, TCB) in
/// O(K² + N·K), in `Double`, then rounded to `T`; reuse it for every batch of channels.
///
/// Paced modes derive their key times from the values themselves, so they are not linear and
/// have no basis: sample those channels one by one (``KeyframeBatch``).
///
/// **Shape.** A struct holding validated or precomputed state reused across calls;
/// arguments in the bulk APIs' order (inputs, grid, options, output buffers, execution
/// controls), as described at ``SplineBatch``.
public struct KeyframeBasis<T: MotionScalar>: Sendable {
    /// The number of sample rows N.
    public let rows: Int
    /// The number of keyframe values K (the basis' columns).
    public let columns: Int
    /// The N × K basis, row-major.
    public let matrix: [T]

    /// Builds the basis.
    /// - Parameters:
    ///   - keys: the number of values K ≥ 1.
    ///   - keyTimes: as for ``KeyframeTrack/init(values:dimension:keyTimes:calculationMode:timingFunctions:tension:continuity:bias:)``
    ///     (the same for the five parameters below).
    ///   - calculationMode: linear, discrete or cubic (paced modes have no basis).
    ///   - timingFunctions: empty, or K − 1 per-segment timing functions.
    ///   - tension: at most K Kochanek–Bartels tensions (missing ones are 0).
    ///   - continuity: at most K continuities (missing ones are 0).
    ///   - bias: at most K biases (missing ones are 0).
    ///   - progress: the N sample progress values (clamped to [0, 1]).
    /// - Throws: `unsupported` naming `calculationMode` for paced modes; the track's errors
    ///   (`keyTimes[i]`, `timingFunctions`, …); `invalidValue` naming `keys` (< 1),
    ///   `progress[i]` (non-finite) or `progress` (N × K over 10⁹ numbers).
    /// - Complexity: O(K² + N·K) time and O(N·K) memory.
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public init(
        keys: Int, keyTimes: [T]? = nil, calculationMode: KeyframeCalculationMode = .linear,
        timingFunctions: [TimingFunction] = [], tension: [T] = [], continuity: [T] = [], bias: [T] = [],
        progress: [T]
    ) throws(MotionKernelError) {
        guard keys >= 1 else { throw MotionKernelError.invalidValue("keys", "expected at least 1 key, got \(keys)") }
        guard calculationMode != .paced && calculationMode != .cubicPaced else {
            throw MotionKernelError.unsupported(
                "calculationMode", "\(calculationMode.rawValue) tracks depend non-linearly on their values and have no basis; sample them per channel")
        }
        _ = try MotionKernelError.checkedCount([progress.count, keys], limit: 1_000_000_000, "progress")
        var identity = [Double](repeating: 0, count: keys * keys)
        for j in 0..<keys { identity[j * keys + j] = 1 }
        let track = try KeyframeTrack<Double>(
            values: identity, dimension: keys, keyTimes: keyTimes?.map(\.doubleValue), calculationMode: calculationMode,
            timingFunctions: timingFunctions, tension: tension.map(\.doubleValue),
            continuity: continuity.map(\.doubleValue), bias: bias.map(\.doubleValue))
        let sampled = try track.sample(at: progress.map(\.doubleValue))
        self.rows = progress.count
        self.columns = keys
        // Subnormal weights are flushed to 0 (they slow GEMM down and contribute nothing).
        self.matrix = sampled.map { abs($0) < T.leastNormalMagnitude.doubleValue ? 0 : T($0) }
    }

    /// Samples C channels: `values` is K × C row-major (key i, channel c at `i·C + c`).
    /// - Parameters:
    ///   - values: K × C row-major key values.
    ///   - channels: C ≥ 1.
    ///   - layout: `.timeMajor` (N × C) or `.channelMajor` (C × N).
    /// - Throws: `invalidValue` naming `channels` (< 1) or `values` (not K × C).
    /// - Complexity: O(N · K · C) flops in one GEMM.
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public func apply(values: [T], channels: Int, layout: SampleLayout = .timeMajor) throws(MotionKernelError) -> [T] {
        let n = try MotionKernelError.checkedCount([rows, max(channels, 0)], limit: 1_000_000_000, "channels")
        var out = [T](repeating: 0, count: n)
        try out.withUnsafeMutableBufferPointer { o throws(MotionKernelError) in
            try BasisProduct.apply(
                matrix: matrix, rows: rows, keys: columns, values: values, channels: channels,
                channelRange: 0..<max(channels, 0), layout: layout, output: o)
        }
        return out
    }

    /// Writes channels `range` of the product into `output`: N × range.count (`.timeMajor`) or
    /// range.count × N (`.channelMajor`: rows of the whole C × N result, so row ranges
    /// concatenate to the whole).
    /// - Throws: `invalidValue` naming `channels` (< 1, or a range outside 0..<C), `values`
    ///   (not K × C) or `output` (too small).
    /// - Complexity: O(N · K · range.count) flops in one GEMM.
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public func apply(
        values: [T], channels: Int, range: Range<Int>, layout: SampleLayout, into output: UnsafeMutableBufferPointer<T>
    ) throws(MotionKernelError) {
        let need = try MotionKernelError.checkedCount([rows, max(range.count, 0)], limit: Int.max, "channels")
        guard output.count >= need else {
            throw MotionKernelError.invalidValue("output", "buffer holds \(output.count) elements, needs \(need)")
        }
        try BasisProduct.apply(
            matrix: matrix, rows: rows, keys: columns, values: values, channels: channels,
            channelRange: range, layout: layout, output: output)
    }
}
