/// Bulk sampling of keyframe channels that do not share a basis (paced modes, or their own key
/// times): each track sweeps the progress values once, carrying its segment from one sample
/// to the next, so sorted progress costs O(1) per sample to locate.
///
/// **Shape.** A caseless enum of stateless static entry points; arguments in the bulk
/// APIs' order (inputs, grid, options, output buffers, execution controls), as described
/// at ``SplineBatch``.
public enum KeyframeBatch {
    /// Samples every track at `progress`: N × (Σ dimensions) row-major, track 0's channels
    /// first (`.timeMajor`), or its transpose (`.channelMajor`).
    /// - Throws: `invalidValue` naming `progress[i]` (non-finite) or `progress` (output over
    ///   10⁹ numbers).
    /// - Complexity: O(N · Σ dimensions) for sorted progress.
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public static func sample<T: MotionScalar>(
        _ tracks: [KeyframeTrack<T>], at progress: [T], layout: SampleLayout = .timeMajor
    ) throws(MotionKernelError) -> [T] {
        let width = tracks.reduce(0) { $0 + $1.dimension }
        let total = try MotionKernelError.checkedCount([progress.count, width], limit: 1_000_000_000, "progress")
        var out = [T](repeating: 0, count: total)
        try out.withUnsafeMutableBufferPointer { o throws(MotionKernelError) in
            try sample(tracks, at: progress, layout: layout, into: o)
        }
        return out
    }

    /// As `sample(_:at:layout:)`, into a caller buffer of N × (Σ dimensions) elements.
    /// - Throws: as `sample(_:at:layout:)`; `output` when the buffer is too small.
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public static func sample<T: MotionScalar>(
        _ tracks: [KeyframeTrack<T>], at progress: [T], layout: SampleLayout, into o: UnsafeMutableBufferPointer<T>
    ) throws(MotionKernelError) {
        let width = tracks.reduce(0) { $0 + $1.dimension }
        let total = try MotionKernelError.checkedCount([progress.count, width], limit: 1_000_000_000, "progress")
        guard o.count >= total else {
            throw MotionKernelError.invalidValue("output", "buffer holds \(o.count) elements, needs \(total)")
        }
        if total == 0 { return }
        switch layout {
        case .timeMajor:
            var column = 0
            for track in tracks {
                try track.sample(at: progress, into: UnsafeMutableBufferPointer(rebasing: o[column...]), rowStride: width)
                column += track.dimension
            }
        case .channelMajor:
            // Scalar tracks write their row directly; wider ones go through a scratch row.
            var row = 0
            let n = progress.count
            var scratch = [T]()
            for track in tracks {
                if track.dimension == 1 {
                    try track.sample(at: progress, into: UnsafeMutableBufferPointer(rebasing: o[(row * n)...]), rowStride: 1)
                } else {
                    scratch = try track.sample(at: progress)
                    let d = track.dimension
                    for r in 0..<n { for c in 0..<d { o[(row + c) * n + r] = scratch[r * d + c] } }
                }
                row += track.dimension
            }
        }
    }
}
