/// Many channels of one spline kind sharing their key times, sampled at shared times, by the
/// faster of two exact-equivalent paths:
/// - **direct**: each channel's piecewise cubic evaluated by Horner's rule. The segment and
///   local time of every sample time are found once (O(N) for sorted times) and shared by all
///   channels; channel-major output runs, per channel, over the runs of times in one segment
///   with four coefficients held in registers (a vectorised loop bound by the output stores).
///   For Float and Double the loops run as C kernels (`mk_spline_*`, run-time ISA dispatch,
///   `KernelDispatch`) with the same operations in the same order, so the same bits; the
///   time-major one sweeps the times per block of channels whose coefficients stay in L1, and
///   outputs beyond the cache are written in whole 64-byte lines with non-temporal stores.
/// - **gemm**: `SplineBasis` (N × K, built once) times the K × C values: one BLAS GEMM
///   (`2·K` flops per output number).
///
/// `Path.automatic` picks by ``automaticPath(keys:channels:times:)``: the crossover measured on
/// the project's machines, preparation included (see that function). Both paths agree to rounding (1e-12 relative in
/// Double, 1e-5 in Float, tested).
///
/// **Shape.** A struct holding validated or precomputed state reused across calls;
/// arguments in the bulk APIs' order (inputs, grid, options, output buffers, execution
/// controls), as described at ``SplineBatch``.
public struct SplineChannels<T: MotionScalar>: Sendable {
    /// Which implementation samples.
    public typealias Path = SplineChannelsPath

    /// The spline kind.
    public let kind: SplineBasis<T>.Kind
    /// The shared key times (K).
    public let keyTimes: [T]
    /// The number of channels C.
    public let channels: Int
    /// The number of sample times N.
    public let timeCount: Int
    /// The derivative order sampled (0, 1 or 2).
    public let derivative: Int
    /// The path in use (`automatic` resolved to `gemm` or `direct`).
    public let path: Path

    @usableFromInline let values: [T]
    @usableFromInline let basis: SplineBasis<T>?
    /// Direct path: per time, the segment and local time.
    @usableFromInline let segmentOfTime: [Int]
    @usableFromInline let localTime: [T]
    /// Direct path: runs of consecutive times in one segment (segment, start, end).
    @usableFromInline let runs: [(segment: Int, start: Int, end: Int)]
    /// Direct path: Horner coefficients of the sampled derivative, segment-major
    /// ((K−1) × 4 × C, for time-major output) and channel-major (C × (K−1) × 4).
    @usableFromInline let segmentMajor: [T]
    @usableFromInline let channelMajor: [T]

    /// The measured crossover: `.gemm` or `.direct` for K keys, C channels, N sample times,
    /// counting what a caller pays once per set of channels: preparation plus one sampling.
    ///
    /// Cost model (ns, per channel), fitted to `motionkernel bench --filter spline` (release,
    /// `-target-cpu haswell`, `OPENBLAS_CORETYPE=Haswell`, 1 thread, 2-core Zen3 under a load
    /// average of ~9 from concurrent builds; ratios within one run):
    /// - direct: building the C splines' coefficients ≈ 44·K, then ≈ 1.1 per output number
    ///   (Horner; store-bound; `spline.sweep.*.direct`: 6–7·10⁸ numbers/s time-major and
    ///   ~1.3·10⁹ channel-major at K = 16, flat in K);
    /// - gemm: the basis (O(N·K), shared by all channels) ≈ 0, then ≈ 0.14·K per output
    ///   (`spline.sweep.*.gemm`: 4.3·10⁸ at K = 16, 1.2·10⁸ at K = 64, 4·10⁷ at K = 128).
    ///
    /// So GEMM wins when N·0.14·K < 44·K + 1.1·N: always for K ≤ 8, for N below ≈ 800 at
    /// K = 16, ≈ 380 at K = 64; direct wins for more sample times (`spline.setup.*`: GEMM 7–10×
    /// faster at K = 16, N ≤ 64; `benchmarks.md`'s K = 16, N = 1,000 resolves to direct, whose
    /// kernel alone is 1.2–2× the GEMM's). K ≤ 4 always goes direct: the BLAS door answers such
    /// thin products with its portable loop, 100× slower here. C does not move the crossover
    /// (both costs are linear in C).
    public static func automaticPath(keys: Int, channels: Int, times: Int) -> Path {
        if keys <= 4 { return .direct }
        let k = Double(keys), n = Double(times)
        return n * 0.14 * k < 44 * k + 1.1 * n ? .gemm : .direct
    }

    /// Prepares sampling.
    /// - Parameters:
    ///   - keyTimes: K ≥ 2 finite, strictly increasing key times.
    ///   - values: K × C row-major (key i, channel c at `i·C + c`), finite.
    ///   - channels: C ≥ 1.
    ///   - kind: a kind linear in its values (`SplineBasis.Kind`).
    ///   - times: the N sample times (any order; sorted is fastest), extrapolated as the kind does.
    ///   - derivative: 0 (values), 1 or 2.
    ///   - path: default `.automatic` (always `.direct` for a cubic with nonzero end derivative
    ///     values, which `.gemm` refuses: `SplineBasis` needs a spline linear in its values).
    /// - Throws: the spline's errors (`x[i]`, `y`, `y[i][c]`, periodic ends, `boundary`), `invalidValue`
    ///   naming `times[i]` (non-finite), `derivative` (outside 0…2), `times` (N × C over 10⁹).
    /// - Complexity: O(K·C + N) for the direct path; O(K² + N·K) more for the GEMM path's basis.
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public init(
        keyTimes: [T], values: [T], channels: Int, kind: SplineBasis<T>.Kind, times: [T], derivative: Int = 0,
        path: Path = .automatic
    ) throws(MotionKernelError) {
        guard (0...2).contains(derivative) else {
            throw MotionKernelError.invalidValue("derivative", "expected 0, 1 or 2, got \(derivative)")
        }
        for (i, t) in times.enumerated() where !t.isFinite {
            throw MotionKernelError.invalidValue("times[\(i)]", "expected a finite number, got \(t)")
        }
        _ = try MotionKernelError.checkedCount([times.count, channels], limit: 1_000_000_000, "times")
        let k = keyTimes.count
        var resolved = path == .automatic ? Self.automaticPath(keys: k, channels: channels, times: times.count) : path
        // A cubic with nonzero end derivative values is affine in its values: it has no basis.
        if path == .automatic, case .cubic(let b) = kind, !b.isLinearInValues { resolved = .direct }
        self.kind = kind
        self.keyTimes = keyTimes
        self.channels = channels
        self.timeCount = times.count
        self.derivative = derivative
        self.path = resolved
        self.values = values
        if resolved == .gemm {
            // Validate without building C splines: the basis is all the GEMM needs.
            try SplineInput.validate(x: keyTimes, values: values, channels: channels, minimum: 2)
            if case .cubic(.periodic) = kind { try CubicSpline<T>.checkPeriodicEnds(values, knots: k, channels: channels) }
            let b = try SplineBasis(keyTimes: keyTimes, times: times, kind: kind, derivative: derivative)
            // |output| ≤ max row-sum of |basis| · max |value|: refuse what would overflow T.
            var rowSum = 0.0, maxValue = 0.0
            for r in 0..<b.rows {
                var sum = 0.0
                for j in 0..<k { sum += abs(b.matrix[r * k + j].doubleValue) }
                rowSum = max(rowSum, sum)
            }
            for v in values { maxValue = max(maxValue, abs(v.doubleValue)) }
            guard rowSum * maxValue < T.greatestFiniteMagnitude.doubleValue / 2 else {
                throw MotionKernelError.invalidValue("y", "the samples would overflow; the values are too large")
            }
            basis = b
            segmentOfTime = []; localTime = []; runs = []; segmentMajor = []; channelMajor = []
            return
        }
        let curve: PiecewiseCubic<T>
        switch kind {
        case .cubic(let b): curve = try CubicSpline(x: keyTimes, values: values, channels: channels, boundary: b).curve
        case .catmullRomUniform: curve = try CatmullRomSpline(x: keyTimes, points: values, dimension: channels, alpha: 0).curve
        case .kochanekBartels(let t, let c, let b):
            curve = try KochanekBartelsSpline(
                x: keyTimes, values: values, channels: channels,
                tension: [T(t)], continuity: [T(c)], bias: [T(b)]
            ).curve
        }
        basis = nil
        var seg = [Int](repeating: 0, count: times.count), loc = [T](repeating: 0, count: times.count)
        var runs: [(segment: Int, start: Int, end: Int)] = []
        var hint = 0
        for (j, t) in times.enumerated() {
            let tr = curve.reducedTime(t)
            let i = curve.segmentIndex(for: tr, hint: hint)
            hint = i
            seg[j] = i
            loc[j] = tr - keyTimes[i]
            if let last = runs.last, last.segment == i, last.end == j {
                runs[runs.count - 1].end = j + 1
            } else {
                runs.append((i, j, j + 1))
            }
        }
        segmentOfTime = seg
        localTime = loc
        self.runs = runs
        // Horner coefficients of the derivative: d/ds of a0 + a1 s + a2 s² + a3 s³.
        let c = channels, segments = k - 1
        let src = curve.coefficients
        var sm = [T](repeating: 0, count: segments * 4 * c)
        for i in 0..<segments {
            for ch in 0..<c {
                let a0 = src[i * 4 * c + ch], a1 = src[i * 4 * c + c + ch]
                let a2 = src[i * 4 * c + 2 * c + ch], a3 = src[i * 4 * c + 3 * c + ch]
                let b: (T, T, T, T)
                switch derivative {
                case 0: b = (a0, a1, a2, a3)
                case 1: b = (a1, 2 * a2, 3 * a3, 0)
                default: b = (2 * a2, 6 * a3, 0, 0)
                }
                sm[i * 4 * c + ch] = b.0
                sm[i * 4 * c + c + ch] = b.1
                sm[i * 4 * c + 2 * c + ch] = b.2
                sm[i * 4 * c + 3 * c + ch] = b.3
            }
        }
        var cm = [T](repeating: 0, count: segments * 4 * c)
        for ch in 0..<c {
            for i in 0..<segments {
                for p in 0..<4 { cm[(ch * segments + i) * 4 + p] = sm[i * 4 * c + p * c + ch] }
            }
        }
        segmentMajor = sm
        channelMajor = cm
    }

    /// Samples every channel: N × C (`.timeMajor`) or C × N (`.channelMajor`).
    /// - Throws: as ``sample(channels:layout:into:)``.
    @inlinable
    public func sample(layout: SampleLayout = .timeMajor) throws(MotionKernelError) -> [T] {
        var out = [T](repeating: 0, count: timeCount * channels)
        try out.withUnsafeMutableBufferPointer { o throws(MotionKernelError) in try sample(channels: 0..<channels, layout: layout, into: o) }
        return out
    }

    /// Samples the channels in `range` into `output`: N × range.count (`.timeMajor`) or
    /// range.count × N (`.channelMajor`, the rows of the whole C × N output for those
    /// channels, so row ranges concatenate to the whole).
    /// - Throws: `invalidValue` naming `channels` (range outside 0..<C) or `output` (too
    ///   small); BLAS errors on the GEMM path.
    /// - Complexity: O(N · range.count) (direct) or O(N · K · range.count) flops (GEMM).
    @inlinable
    public func sample(channels range: Range<Int>, layout: SampleLayout, into output: UnsafeMutableBufferPointer<T>) throws(MotionKernelError) {
        guard range.lowerBound >= 0, range.upperBound <= channels else {
            throw MotionKernelError.invalidValue("channels", "range \(range) is outside 0..<\(channels)")
        }
        let need = range.count * timeCount
        guard output.count >= need else {
            throw MotionKernelError.invalidValue("output", "buffer holds \(output.count) elements, needs \(need)")
        }
        if need == 0 { return }
        if let basis {
            try BasisProduct.apply(
                matrix: basis.matrix, rows: timeCount, keys: keyTimes.count, values: values,
                channels: channels, channelRange: range, layout: layout, output: output)
            return
        }
        let o = output.baseAddress!
        let store = StreamingStores.kind(outputBytes: need * MemoryLayout<T>.stride)
        if directKernel(range, layout: layout, o, stream: store != .plain) { return }
        switch (layout, store) {
        case (.timeMajor, .plain): directTimeMajor(range, o)
        case (.channelMajor, .plain): directChannelMajor(range, o)
        case (.timeMajor, .streamed(let isa)): StreamingStores.withWriter(o, isa: isa) { directTimeMajor(range, &$0) }
        case (.channelMajor, .streamed(let isa)): StreamingStores.withWriter(o, isa: isa) { directChannelMajor(range, &$0) }
        }
    }

    /// `directTimeMajor(_:_:)` through a streaming writer (outputs beyond the cache): the same
    /// expression on the same numbers, written in output order into the writer's L1 scratch.
    @inlinable
    func directTimeMajor(_ range: Range<Int>, _ w: inout StreamingStores.Writer<T>) {
        let c = channels, n = range.count
        segmentMajor.withUnsafeBufferPointer { cp in
            segmentOfTime.withUnsafeBufferPointer { sg in
                localTime.withUnsafeBufferPointer { lt in
                    for r in 0..<timeCount {
                        let s = lt[r]
                        var j0 = 0
                        while j0 < n {
                            let (row, m) = w.next(max: n - j0)
                            let a0 = cp.baseAddress! + sg[r] * 4 * c + range.lowerBound + j0
                            let a1 = a0 + c, a2 = a0 + 2 * c, a3 = a0 + 3 * c
                            for j in 0..<m { row[j] = ((a3[j] * s + a2[j]) * s + a1[j]) * s + a0[j] }
                            w.advance(m)
                            j0 += m
                        }
                    }
                }
            }
        }
    }

    /// `directChannelMajor(_:_:)` through a streaming writer (outputs beyond the cache).
    @inlinable
    func directChannelMajor(_ range: Range<Int>, _ w: inout StreamingStores.Writer<T>) {
        let segments = keyTimes.count - 1
        channelMajor.withUnsafeBufferPointer { cp in
            localTime.withUnsafeBufferPointer { sp in
                for ch in range {
                    for run in runs {
                        let a = cp.baseAddress! + (ch * segments + run.segment) * 4
                        let a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3]
                        var j0 = run.start
                        while j0 < run.end {
                            let (out, m) = w.next(max: run.end - j0)
                            let t = sp.baseAddress! + j0
                            for j in 0..<m {
                                let s = t[j]
                                out[j] = ((a3 * s + a2) * s + a1) * s + a0
                            }
                            w.advance(m)
                            j0 += m
                        }
                    }
                }
            }
        }
    }

    /// Row r (time r) ← channels `range` at time r.
    @inlinable
    func directTimeMajor(_ range: Range<Int>, _ o: UnsafeMutablePointer<T>) {
        let c = channels, n = range.count
        segmentMajor.withUnsafeBufferPointer { cp in
            segmentOfTime.withUnsafeBufferPointer { sg in
                localTime.withUnsafeBufferPointer { lt in
                    for r in 0..<timeCount {
                        let a0 = cp.baseAddress! + sg[r] * 4 * c + range.lowerBound
                        let a1 = a0 + c, a2 = a0 + 2 * c, a3 = a0 + 3 * c
                        let s = lt[r]
                        let row = o + r * n
                        for j in 0..<n { row[j] = ((a3[j] * s + a2[j]) * s + a1[j]) * s + a0[j] }
                    }
                }
            }
        }
    }

    /// Row c (channel range.lowerBound + c) ← that channel at every time.
    @inlinable
    func directChannelMajor(_ range: Range<Int>, _ o: UnsafeMutablePointer<T>) {
        let segments = keyTimes.count - 1, n = timeCount
        channelMajor.withUnsafeBufferPointer { cp in
            localTime.withUnsafeBufferPointer { sp in
                for (row, ch) in range.enumerated() {
                    let out = o + row * n
                    for run in runs {
                        let a = cp.baseAddress! + (ch * segments + run.segment) * 4
                        let a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3]
                        for j in run.start..<run.end {
                            let s = sp[j]
                            out[j] = ((a3 * s + a2) * s + a1) * s + a0
                        }
                    }
                }
            }
        }
    }
}
