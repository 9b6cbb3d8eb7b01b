/// The sampling matrix of a spline kind that is linear in its values, for bulk evaluation of
/// many channels that share key times: `output (T × C) = basis (T × K) · values (K × C)`,
/// one GEMM through the BLAS door.
///
/// Row `r` of the basis holds, for sample time `times[r]`, the weights of the K key values:
/// column `j` is the spline through the unit vector `e_j`, evaluated (or differentiated) at
/// `times[r]`. It is built once per (key times, sample times, kind, derivative) in
/// O(K² + T·K) — one factorisation of the slope system solved for all K unit vectors at once,
/// then O(K) per row — always in `Double`, then rounded to `T`; reuse it for every batch of
/// channels with the same key and sample times.
///
/// PCHIP, Akima and Catmull–Rom with α > 0 are not linear in their values and have no basis;
/// evaluate them per channel (`PiecewiseCubic.sample`, or `SplineBatch.sample` for channels
/// with their own key times).
///
/// **Shape.** A struct holding validated or precomputed state reused across calls;
/// arguments in the bulk APIs' order (inputs, grid, options, output buffers, execution
/// controls), as described at ``SplineBatch``.
public struct SplineBasis<T: MotionScalar>: Sendable, Equatable {
    /// A spline kind whose samples are linear in the key values.
    public enum Kind: Sendable, Hashable {
        /// `CubicSpline` with these end conditions (periodic: times wrap, and `apply` checks
        /// that every channel's first and last values agree).
        case cubic(CubicSplineBoundary)
        /// `CatmullRomSpline` with α = 0 (uniform parameterisation).
        case catmullRomUniform
        /// `KochanekBartelsSpline` with the same tension, continuity and bias at every key.
        case kochanekBartels(tension: Double, continuity: Double, bias: Double)
    }

    /// The kind the basis samples.
    public let kind: Kind
    /// The key times (K).
    public let keyTimes: [T]
    /// The number of sample times, T (the basis' rows).
    public let rows: Int
    /// The derivative order the basis evaluates (0 = values).
    public let derivative: Int
    /// The T × K basis, row-major.
    public let matrix: [T]

    /// The number of key times, K (the basis' columns).
    @inlinable public var columns: Int { keyTimes.count }

    /// Builds the basis for `kind` at `times`.
    /// - Parameters:
    ///   - keyTimes: K ≥ 2 finite, strictly increasing key times.
    ///   - times: sample times in any order (outside the keys, as the kind extrapolates).
    ///   - kind: the spline kind.
    ///   - derivative: 0 (values), 1 or 2 (higher orders are accepted: 3 is piecewise
    ///     constant, above 3 is 0).
    /// - Throws: `invalidValue` naming `x`/`x[i]` for bad key times, `times`/`times[i]` for a
    ///   non-finite time, `derivative` when negative, `tension`/`continuity`/`bias` when not
    ///   finite, `times` when T × K exceeds 10⁹ numbers, `boundary` for cubic end conditions
    ///   with a nonzero derivative value (not linear in the values).
    /// - Complexity: O(K² + T·K) time and O(T·K) memory.
    public init(keyTimes: [T], times: [T], kind: Kind, derivative: Int = 0) throws(MotionKernelError) {
        guard derivative >= 0 else {
            throw MotionKernelError.invalidValue("derivative", "expected an order >= 0, got \(derivative)")
        }
        let k = keyTimes.count
        let xd = keyTimes.map(\.doubleValue)
        // Validates the key times (and the identity values, trivially).
        try SplineInput.validate(x: xd, values: [Double](repeating: 0, count: k), channels: 1, minimum: 2)
        for (i, t) in times.enumerated() where !t.isFinite {
            throw MotionKernelError.invalidValue("times[\(i)]", "expected a finite number, got \(t)")
        }
        _ = try MotionKernelError.checkedCount([times.count, k], limit: 1_000_000_000, "times")
        var identity = [Double](repeating: 0, count: k * k)
        for j in 0..<k { identity[j * k + j] = 1 }
        let curve: PiecewiseCubic<Double>
        switch kind {
        case .cubic(let boundary):
            // Nonzero end derivative values make the spline affine, not linear, in its values.
            guard boundary.isLinearInValues else {
                throw MotionKernelError.invalidValue(
                    "boundary", "derivative end conditions with nonzero values are not linear in the values; sample such splines per channel")
            }
            guard
                let s = CubicSpline<Double>.knotSlopes(
                    x: xd, y: identity, channels: k, boundary: boundary.homogeneous)
            else {
                throw MotionKernelError.invalidValue("x", "the spline's linear system is singular for these knots")
            }
            curve = PiecewiseCubic(
                unchecked: xd, values: identity, knotSlopes: s, channels: k,
                extrapolation: boundary == .periodic ? .periodic : .extend)
        case .catmullRomUniform:
            curve = try CatmullRomSpline(x: xd, points: identity, dimension: k, alpha: 0).curve
        case .kochanekBartels(let t, let c, let b):
            curve = try KochanekBartelsSpline(
                x: xd, values: identity, channels: k, tension: [t], continuity: [c], bias: [b]
            ).curve
        }
        let sampled = try curve.sample(at: times.map(\.doubleValue), derivative: derivative)
        self.kind = kind
        self.keyTimes = keyTimes
        self.rows = times.count
        self.derivative = derivative
        // Weights below T's normal range (far keys of a global spline decay geometrically) are
        // flushed to 0: subnormal operands slow GEMM down ~100× and contribute nothing.
        self.matrix = sampled.map { abs($0) < T.leastNormalMagnitude.doubleValue ? 0 : T($0) }
    }

    /// Samples C channels: `values` is K × C row-major (key `i`, channel `c` at `i·C + c`);
    /// the result is T × C row-major (sample time `r`, channel `c` at `r·C + c`).
    /// - Throws: `invalidValue` naming `values` for a size other than K × C or (periodic
    ///   cubic) a channel whose first and last values differ; `channels` when < 1.
    /// - Complexity: O(T · K · C) flops in BLAS GEMMs over fixed blocks of 256 channels (on
    ///   `Parallel.threadCount` threads; the numbers do not depend on it).
    public func apply(values: [T], channels: Int) throws(MotionKernelError) -> [T] {
        let (count, overflow) = rows.multipliedReportingOverflow(by: max(channels, 0))
        guard !overflow else { throw MotionKernelError.invalidValue("channels", "output too large") }
        var out = [T](repeating: 0, count: count)
        try apply(values: values, channels: channels, into: &out)
        return out
    }

    /// As `apply(values:channels:)`, into a preallocated T × C array.
    /// - Throws: as `apply(values:channels:)`; `output` when its size is not T × C.
    public func apply(values: [T], channels: Int, into output: inout [T]) throws(MotionKernelError) {
        try output.withUnsafeMutableBufferPointer { o throws(MotionKernelError) in try apply(values: values, channels: channels, output: o, exact: true) }
    }

    /// As `apply(values:channels:)`, into the first T × C elements of `output` (the
    /// buffer-writing core; the array forms call it).
    /// - Throws: as `apply(values:channels:)`; `output` when it holds fewer than T × C elements.
    public func apply(values: [T], channels: Int, into output: UnsafeMutableBufferPointer<T>) throws(MotionKernelError) {
        try apply(values: values, channels: channels, output: output, exact: false)
    }

    /// The product into `output`, which must hold exactly T × C elements when `exact`, at least
    /// that many otherwise.
    /// - Throws: as `apply(values:channels:)`; `output` for a size that does not fit.
    func apply(values: [T], channels: Int, output: UnsafeMutableBufferPointer<T>, exact: Bool) throws(MotionKernelError) {
        let k = columns
        guard channels >= 1 else {
            throw MotionKernelError.invalidValue("channels", "expected at least 1 channel, got \(channels)")
        }
        guard values.count == k * channels else {
            throw MotionKernelError.invalidValue("values", "expected \(k) × \(channels) numbers, got \(values.count)")
        }
        if exact ? output.count != rows * channels : output.count < rows * channels {
            throw MotionKernelError.invalidValue("output", "expected \(rows) × \(channels) numbers, got \(output.count)")
        }
        if case .cubic(.periodic) = kind {
            do {
                try CubicSpline<T>.checkPeriodicEnds(values, knots: k, channels: channels)
            } catch let e {
                throw MotionKernelError.invalidValue("values", e.reason)
            }
        }
        if rows == 0 { return }
        // In fixed blocks of channels, so each number is the same whatever the thread count
        // (and the same as `SplineChannels`' GEMM path gives).
        try BasisProduct.apply(
            matrix: matrix, rows: rows, keys: k, values: values, channels: channels,
            channelRange: 0..<channels, layout: .timeMajor, output: output)
    }
}
