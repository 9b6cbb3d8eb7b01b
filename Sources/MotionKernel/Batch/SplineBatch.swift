/// Bulk sampling of channels that do **not** share key times (each with its own spline), the
/// fallback for `SplineBasis`: each spline sweeps the sample times once, carrying its segment
/// from one time to the next, so sorted times cost O(1) each to locate.
///
/// **Shape (shared by the bulk APIs).** Stateless bulk entry points are caseless enums of
/// static functions (`SplineBatch`, `KeyframeBatch`, `SharedSpringBatch`, `TransformBatch`);
/// reusable validated or precomputed state is a struct (`SpringBatch`, `SplineBasis`,
/// `KeyframeBasis`, `SplineChannels`). Arguments come in one order: inputs, then the sample
/// grid (times or progress), then options (derivative, layout, range), then the output
/// buffers (`into:`, `values:`), then execution controls (`path:`, `threads:`). Every type
/// writes through a core that takes its output as an `UnsafeMutableBufferPointer<T>`, with an
/// array-returning convenience beside it. Bad input throws `MotionKernelError` naming the field.
public enum SplineBatch {
    /// Samples every channel of every curve at `times`: the result is T × (ΣCᵢ) row-major,
    /// curve 0's channels first, then curve 1's, and so on.
    /// - Parameters:
    ///   - curves: the splines (`spline.curve`), any kinds and key times.
    ///   - times: sample times in any order (sorted is fastest).
    ///   - derivative: 0 (values), 1, 2, 3.
    /// - Throws: `invalidValue` naming `derivative` (negative) or `times` (output larger than
    ///   10⁹ numbers).
    /// - Complexity: O(T · ΣCᵢ) for sorted times.
    public static func sample<T: MotionScalar>(
        _ curves: [PiecewiseCubic<T>], at times: [T], derivative: Int = 0
    ) throws(MotionKernelError) -> [T] {
        let total = try sampleShape(curves, times: times, derivative: derivative).total
        var out = [T](repeating: 0, count: total)
        try out.withUnsafeMutableBufferPointer { o throws(MotionKernelError) in try sample(curves, at: times, derivative: derivative, into: o) }
        return out
    }

    /// As `sample(_:at:derivative:)`, into the first T × (ΣCᵢ) elements of `output` (the
    /// buffer-writing core; the array form calls it).
    /// - Throws: as `sample(_:at:derivative:)`; `output` when it holds fewer than T × (ΣCᵢ)
    ///   elements.
    public static func sample<T: MotionScalar>(
        _ curves: [PiecewiseCubic<T>], at times: [T], derivative: Int = 0, into output: UnsafeMutableBufferPointer<T>
    ) throws(MotionKernelError) {
        let (width, total) = try sampleShape(curves, times: times, derivative: derivative)
        guard output.count >= total else {
            throw MotionKernelError.invalidValue("output", "buffer holds \(output.count) elements, needs \(total)")
        }
        if total == 0 { return }
        times.withUnsafeBufferPointer { tp in
            var column = 0
            for c in curves {
                c.sampleKernel(times: tp, order: derivative, output: output.baseAddress! + column, rowStride: width)
                column += c.channelCount
            }
        }
    }

    /// The output's row width ΣCᵢ and size T × ΣCᵢ.
    /// - Throws: `invalidValue` naming `derivative` (negative), `curves` (too many channels) or
    ///   `times` (output larger than 10⁹ numbers).
    static func sampleShape<T: MotionScalar>(_ curves: [PiecewiseCubic<T>], times: [T], derivative: Int) throws(MotionKernelError) -> (width: Int, total: Int) {
        guard derivative >= 0 else {
            throw MotionKernelError.invalidValue("derivative", "expected an order >= 0, got \(derivative)")
        }
        var width = 0
        for c in curves {
            let (w, o) = width.addingReportingOverflow(c.channelCount)
            guard !o else { throw MotionKernelError.invalidValue("curves", "too many channels") }
            width = w
        }
        return (width, try MotionKernelError.checkedCount([times.count, width], limit: 1_000_000_000, "times"))
    }
}
