/// Which implementation samples.
public enum SplineChannelsPath: String, Sendable, Hashable, CaseIterable {
    /// The measured faster one for the shape (``SplineChannels/automaticPath(keys:channels:times:)``).
    case automatic
    /// The basis GEMM through BLAS.
    case gemm
    /// Per-channel Horner evaluation.
    case direct
}
