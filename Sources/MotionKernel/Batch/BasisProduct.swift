/// `basis (N × K) · values (K × C)` over a channel range, in either layout, through BLAS.
///
/// The product is always computed in the same absolute blocks of `blockChannels` channels
/// (block j is channels 256·j ..< min(256·(j + 1), C); a block cut by the range is computed
/// whole into scratch and the needed part copied), one single-threaded BLAS call per block,
/// the blocks spread over `Parallel.threadCount` threads. So every call BLAS sees has a shape
/// fixed by (N, K, C) and the block index alone, and a channel's numbers never depend on the
/// range asked for or on the thread count: BLAS rounds differently at different matrix edges
/// (and its own threading moves those edges), and shards of a batch must concatenate to the
/// whole bit for bit.
@usableFromInline
enum BasisProduct {
    @usableFromInline static let blockChannels = 256

    /// Writes channels `range` of the product: N × range.count (`.timeMajor`) or
    /// range.count × N (`.channelMajor`) into `output`.
    /// - Throws: `invalidValue` naming `channels` or `values` for inconsistent shapes, or
    ///   `output` when it is too small; BLAS errors.
    @usableFromInline
    static func apply<T: MotionScalar>(
        matrix: [T], rows: Int, keys: Int, values: [T], channels: Int, channelRange range: Range<Int>,
        layout: SampleLayout, output: UnsafeMutableBufferPointer<T>
    ) throws(MotionKernelError) {
        guard channels >= 1 else {
            throw MotionKernelError.invalidValue("channels", "expected at least 1 channel, got \(channels)")
        }
        guard values.count == keys * channels else {
            throw MotionKernelError.invalidValue("values", "expected \(keys) × \(channels) numbers, got \(values.count)")
        }
        guard range.lowerBound >= 0, range.upperBound <= channels else {
            throw MotionKernelError.invalidValue("channels", "range \(range) is outside 0..<\(channels)")
        }
        if range.isEmpty || rows == 0 { return }
        guard output.count >= range.count * rows else {
            throw MotionKernelError.invalidValue("output", "buffer holds \(output.count) elements, needs \(range.count * rows)")
        }
        let b = blockChannels
        let firstBlock = range.lowerBound / b, endBlock = (range.upperBound + b - 1) / b
        let blocks = endBlock - firstBlock
        // One slot per block for a BLAS error (none is expected once the shapes above hold).
        let errors = UnsafeMutablePointer<MotionKernelError?>.allocate(capacity: blocks)
        errors.initialize(repeating: nil, count: blocks)
        defer { errors.deinitialize(count: blocks); errors.deallocate() }
        let slots = SendablePointer(errors), out = SendablePointer(output.baseAddress!)
        // About 2·10⁵ multiply-adds per thread at least; the split never changes any number.
        let flopsPerBlock = max(1, b * rows * max(keys, 1))
        Parallel.forEachChunk(count: blocks, minChunk: max(1, 200_000 / flopsPerBlock)) { chunk in
            for j in chunk {
                do {
                    try block(
                        firstBlock + j, matrix: matrix, rows: rows, keys: keys, values: values, channels: channels,
                        range: range, layout: layout, output: out.base)
                } catch let e as MotionKernelError {
                    slots.base[j] = e
                } catch {
                    slots.base[j] = MotionKernelError.invalidValue("values", "\(error)")
                }
            }
        }
        for j in 0..<blocks { if let e = errors[j] { throw e } }
    }

    /// Block `index` (channels 256·index ..< min(256·(index + 1), C)), restricted to `range`.
    static func block<T: MotionScalar>(
        _ index: Int, matrix: [T], rows: Int, keys: Int, values: [T], channels: Int, range: Range<Int>,
        layout: SampleLayout, output: UnsafeMutablePointer<T>
    ) throws(MotionKernelError) {
        let b = blockChannels
        let lo = index * b, hi = min(lo + b, channels)
        let width = hi - lo
        let inner = max(lo, range.lowerBound)..<min(hi, range.upperBound)
        let n = range.count
        if inner == lo..<hi {
            // Whole block: straight into the output.
            let col = lo - range.lowerBound
            switch layout {
            case .timeMajor:
                try product(
                    matrix, rows, keys, values, channels, lo, width, layout,
                    UnsafeMutableBufferPointer(start: output + col, count: (rows - 1) * n + width), ld: n)
            case .channelMajor:
                try product(
                    matrix, rows, keys, values, channels, lo, width, layout,
                    UnsafeMutableBufferPointer(start: output + col * rows, count: width * rows), ld: rows)
            }
            return
        }
        var scratch = [T](repeating: 0, count: width * rows)
        try scratch.withUnsafeMutableBufferPointer { sp throws(MotionKernelError) in
            try product(
                matrix, rows, keys, values, channels, lo, width, layout, sp,
                ld: layout == .timeMajor ? width : rows)
            for ch in inner {
                let src = ch - lo, dst = ch - range.lowerBound
                switch layout {
                case .timeMajor:
                    for r in 0..<rows { output[r * n + dst] = sp[r * width + src] }
                case .channelMajor:
                    for r in 0..<rows { output[dst * rows + r] = sp[src * rows + r] }
                }
            }
        }
    }

    /// One block's GEMM: channels lo..<lo+width, output leading dimension `ld`.
    static func product<T: MotionScalar>(
        _ matrix: [T], _ rows: Int, _ keys: Int, _ values: [T], _ channels: Int, _ lo: Int, _ width: Int,
        _ layout: SampleLayout, _ out: UnsafeMutableBufferPointer<T>, ld: Int
    ) throws(MotionKernelError) {
        try matrix.withUnsafeBufferPointer { bp throws(MotionKernelError) in
            try values.withUnsafeBufferPointer { v throws(MotionKernelError) in
                let vr = UnsafeBufferPointer(rebasing: v[lo...])
                switch layout {
                case .timeMajor:
                    // (N × K) · (K × W), values' row stride C.
                    try BLAS.gemm(m: rows, n: width, k: keys, a: bp, lda: keys, b: vr, ldb: channels, c: out, ldc: ld)
                case .channelMajor:
                    // (W × K) · (K × N) = valuesᵀ · basisᵀ.
                    try BLAS.gemm(
                        transA: .transpose, transB: .transpose, m: width, n: rows, k: keys,
                        a: vr, lda: channels, b: bp, ldb: keys, c: out, ldc: ld)
                }
            }
        }
    }
}
