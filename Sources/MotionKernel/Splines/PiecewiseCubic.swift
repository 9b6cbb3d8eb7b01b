/// A piecewise cubic polynomial over strictly increasing breakpoints, with one or more
/// channels: the common representation behind every spline kind in MotionKernel.
///
/// On segment `i` (`x[i] ≤ t < x[i+1]`) channel `c` is
/// `p(t) = a0 + a1·s + a2·s² + a3·s³` with `s = t − x[i]` (SciPy's `PPoly` local form).
/// The segment of a time follows SciPy's `PPoly` exactly: the right end `t = x[K−1]` belongs to
/// the last segment, an interior knot belongs to the segment on its right (this matters for
/// the second derivative of C¹ splines), and outside `[x[0], x[K−1]]` the end segments'
/// polynomials continue (`.extend`, SciPy's `extrapolate=True`) or time wraps with period
/// `x[K−1] − x[0]` (`.periodic`, SciPy's `extrapolate='periodic'`).
///
/// Times are in the same unit as the breakpoints; derivatives are with respect to that unit.
public struct PiecewiseCubic<T: MotionScalar>: Sendable, Equatable {
    /// How times outside `[x[0], x[K−1]]` are evaluated.
    public enum Extrapolation: String, Sendable, Hashable, CaseIterable {
        /// The first and last polynomial pieces continue beyond the ends.
        case extend
        /// Time wraps into `[x[0], x[K−1])` with period `x[K−1] − x[0]` (numpy's remainder).
        case periodic
    }

    /// The breakpoints `x[0] < x[1] < … < x[K−1]`, K ≥ 2.
    public let breakpoints: [T]
    /// The number of channels C ≥ 1 (1 for a scalar spline, 2 or 3 for points, …).
    public let channelCount: Int
    /// The rule outside the breakpoints.
    public let extrapolation: Extrapolation
    /// `(K−1) × 4 × C` coefficients: segment-major, then power (0…3), then channel.
    @usableFromInline let coefficients: [T]

    /// The number of polynomial pieces, K − 1.
    @inlinable public var segmentCount: Int { breakpoints.count - 1 }

    /// The cubic Hermite spline with the given values and first derivatives at the knots
    /// (SciPy's `CubicHermiteSpline`).
    ///
    /// - Parameters:
    ///   - x: K ≥ 2 finite, strictly increasing knots.
    ///   - values: K × C row-major values (knot `i`, channel `c` at `i·C + c`).
    ///   - slopes: K × C row-major first derivatives with respect to x.
    ///   - channels: C ≥ 1.
    ///   - extrapolation: `.extend` (default) or `.periodic`.
    /// - Throws: `invalidValue` naming `x`, `y`, `slopes` or `channels` for too few, unsorted,
    ///   repeated or non-finite knots, or buffers of the wrong size or with non-finite numbers.
    /// - Complexity: O(K · C).
    public init(
        x: [T], values: [T], slopes: [T], channels: Int = 1, extrapolation: Extrapolation = .extend
    ) throws(MotionKernelError) {
        try SplineInput.validate(x: x, values: values, channels: channels, minimum: 2)
        guard slopes.count == values.count else {
            throw MotionKernelError.invalidValue("slopes", "expected \(values.count) numbers, got \(slopes.count)")
        }
        for (j, s) in slopes.enumerated() where !s.isFinite {
            throw MotionKernelError.invalidValue("slopes[\(j)]", "expected a finite number, got \(s)")
        }
        self.init(unchecked: x, values: values, knotSlopes: slopes, channels: channels, extrapolation: extrapolation)
    }

    /// Hermite construction from per-knot slopes (inputs already validated).
    @usableFromInline
    init(unchecked x: [T], values y: [T], knotSlopes d: [T], channels: Int, extrapolation: Extrapolation) {
        let c = channels
        self.init(unchecked: x, values: y, channels: c, extrapolation: extrapolation) { i, j in
            (d[i * c + j], d[(i + 1) * c + j])
        }
    }

    /// Hermite construction where each segment has its own start and end slope (the slopes at
    /// a knot may differ from the left and from the right). `slopes(i, c)` returns the slopes
    /// of channel `c` at the start and end of segment `i`.
    @usableFromInline
    init(
        unchecked x: [T], values y: [T], channels: Int, extrapolation: Extrapolation,
        slopes: (Int, Int) -> (T, T)
    ) {
        let c = channels
        let segments = x.count - 1
        var coef = [T](repeating: 0, count: segments * 4 * c)
        for i in 0..<segments {
            let h = x[i + 1] - x[i]
            let base = i * 4 * c
            for j in 0..<c {
                let y0 = y[i * c + j], y1 = y[(i + 1) * c + j]
                let (d0, d1) = slopes(i, j)
                // SciPy's CubicHermiteSpline coefficients, in its order of operations.
                let slope = (y1 - y0) / h
                let t = (d0 + d1 - 2 * slope) / h
                coef[base + j] = y0
                coef[base + c + j] = d0
                coef[base + 2 * c + j] = (slope - d0) / h - t
                coef[base + 3 * c + j] = t / h
            }
        }
        self.breakpoints = x
        self.channelCount = c
        self.extrapolation = extrapolation
        self.coefficients = coef
    }

    // MARK: Locating a time

    /// The time at which the polynomial pieces are evaluated: `t` itself, or `t` wrapped into
    /// `[x[0], x[K−1])` for periodic extrapolation (numpy's `%`, as SciPy does).
    @inlinable
    public func reducedTime(_ t: T) -> T {
        guard extrapolation == .periodic else { return t }
        let x0 = breakpoints[0]
        let period = breakpoints[breakpoints.count - 1] - x0
        var r = (t - x0).truncatingRemainder(dividingBy: period)
        if r < 0 { r += period }
        return x0 + r
    }

    /// The segment whose polynomial evaluates (already reduced) time `t`: `i` with
    /// `x[i] ≤ t < x[i+1]`, the last segment for `t ≥ x[K−1]`, the first for `t < x[0]`.
    /// `hint` (a previous answer) makes sorted sweeps O(1) per time.
    /// - Complexity: O(1) when `t` lies in the hinted segment or the next; else O(log K).
    @inlinable
    public func segmentIndex(for t: T, hint: Int = 0) -> Int {
        let x = breakpoints
        let last = x.count - 2
        if !(t >= x[0]) { return 0 }
        if t >= x[last + 1] { return last }
        if hint >= 0 && hint <= last && t >= x[hint] {
            if t < x[hint + 1] { return hint }
            if hint + 1 <= last && t < x[hint + 2] { return hint + 1 }
        }
        var lo = 0, hi = last
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if t < x[mid] { hi = mid - 1 } else { lo = mid }
        }
        return lo
    }

    // MARK: Evaluation

    /// The value of channel 0 at time `t` (extrapolated outside the knots). Every curve has at
    /// least one channel, so this cannot fail.
    @inlinable
    public func value(at t: T) -> T {
        evaluate(at: t, order: 0, channel: 0)
    }

    /// The value of channel `channel` at time `t` (extrapolated outside the knots).
    /// - Throws: `invalidValue` naming `channel` unless `0 ≤ channel < channelCount`.
    @inlinable
    public func value(at t: T, channel: Int) throws(MotionKernelError) -> T {
        try derivative(at: t, order: 0, channel: channel)
    }

    /// The `order`-th derivative (0 = value, 1, 2, 3; higher orders are 0) of channel
    /// `channel` at time `t`, with respect to the knots' unit.
    /// - Throws: `invalidValue` naming `order` when it is negative, or `channel` unless
    ///   `0 ≤ channel < channelCount`.
    @inlinable
    public func derivative(at t: T, order: Int, channel: Int = 0) throws(MotionKernelError) -> T {
        try Self.checkOrder(order)
        guard channel >= 0 && channel < channelCount else {
            throw MotionKernelError.invalidValue(
                "channel", "expected 0...\(channelCount - 1) (the curve has \(channelCount) channel(s)), got \(channel)")
        }
        return evaluate(at: t, order: order, channel: channel)
    }

    /// Every channel's value at time `t`.
    @inlinable
    public func values(at t: T) -> [T] {
        var out = [T](repeating: 0, count: channelCount)
        [t].withUnsafeBufferPointer { tp in
            out.withUnsafeMutableBufferPointer { op in
                sampleKernel(times: tp, order: 0, output: op.baseAddress!, rowStride: channelCount)
            }
        }
        return out
    }

    /// All channels' `order`-th derivative at time `t`.
    /// - Throws: `invalidValue` naming `order` when it is negative.
    @inlinable
    public func values(at t: T, derivative order: Int) throws(MotionKernelError) -> [T] {
        try Self.checkOrder(order)
        var out = [T](repeating: 0, count: channelCount)
        try sample(at: [t], derivative: order, into: &out)
        return out
    }

    /// Samples every channel's value at `times` (any order; sorted times are found in O(1)
    /// each): a `times.count × C` row-major result.
    /// - Complexity: O(T · C) for sorted times, plus O(T log K) otherwise.
    @inlinable
    public func sample(at times: [T]) -> [T] {
        var out = [T](repeating: 0, count: times.count * channelCount)
        times.withUnsafeBufferPointer { tp in
            out.withUnsafeMutableBufferPointer { op in
                guard let base = op.baseAddress else { return }
                sampleKernel(times: tp, order: 0, output: base, rowStride: channelCount)
            }
        }
        return out
    }

    /// Samples every channel's `order`-th derivative at `times`: a `times.count × C`
    /// row-major result.
    /// - Throws: `invalidValue` naming `order` when it is negative.
    /// - Complexity: O(T · C) for sorted times, plus O(T log K) otherwise.
    @inlinable
    public func sample(at times: [T], derivative order: Int) throws(MotionKernelError) -> [T] {
        var out = [T](repeating: 0, count: times.count * channelCount)
        try sample(at: times, derivative: order, into: &out)
        return out
    }

    /// Samples every channel at `times` into `output` (`times.count × C`, row-major), as a
    /// caller with a preallocated buffer would.
    /// - Throws: `invalidValue` naming `order` when it is negative, or `output` unless
    ///   `output.count == times.count × channelCount`.
    @inlinable
    public func sample(at times: [T], derivative order: Int = 0, into output: inout [T]) throws(MotionKernelError) {
        try Self.checkOrder(order)
        let (expected, overflow) = times.count.multipliedReportingOverflow(by: channelCount)
        guard !overflow, output.count == expected else {
            throw MotionKernelError.invalidValue(
                "output", "expected \(times.count) × \(channelCount) numbers, got \(output.count)")
        }
        times.withUnsafeBufferPointer { tp in
            output.withUnsafeMutableBufferPointer { op in
                guard let base = op.baseAddress else { return }
                sampleKernel(times: tp, order: order, output: base, rowStride: channelCount)
            }
        }
    }

    /// Throws unless `order ≥ 0`.
    @inlinable
    static func checkOrder(_ order: Int) throws(MotionKernelError) {
        guard order >= 0 else {
            throw MotionKernelError.invalidValue("order", "expected a derivative order >= 0, got \(order)")
        }
    }

    /// One channel's `order`-th derivative at `t`, unchecked: callers guarantee `order ≥ 0`
    /// (negative orders would read as 0 anyway) and `0 ≤ channel < channelCount`.
    @inlinable
    func evaluate(at t: T, order: Int, channel: Int) -> T {
        let tr = reducedTime(t)
        let i = segmentIndex(for: tr)
        let s = tr - breakpoints[i]
        let c = channelCount
        let base = i * 4 * c + channel
        return Self.polynomial(
            coefficients[base], coefficients[base + c], coefficients[base + 2 * c], coefficients[base + 3 * c],
            s: s, order: order)
    }

    /// The bulk kernel: row `k` of the output (at `output + k·rowStride`) receives every
    /// channel at `times[k]`. The hint carried from one time to the next makes a sorted sweep
    /// O(1) per time.
    @inlinable
    func sampleKernel(
        times tp: UnsafeBufferPointer<T>, order: Int, output: UnsafeMutablePointer<T>, rowStride: Int
    ) {
        let c = channelCount
        coefficients.withUnsafeBufferPointer { cp in
            var hint = 0
            for k in 0..<tp.count {
                let tr = reducedTime(tp[k])
                let i = segmentIndex(for: tr, hint: hint)
                hint = i
                let s = tr - breakpoints[i]
                Self.evaluateRow(
                    cp.baseAddress! + i * 4 * c, channels: c, s: s, order: order,
                    into: output + k * rowStride)
            }
        }
    }

    /// One segment's polynomials (coefficient rows at `a`) for all channels into `o`.
    @inlinable @inline(__always)
    static func evaluateRow(
        _ a: UnsafePointer<T>, channels c: Int, s: T, order: Int, into o: UnsafeMutablePointer<T>
    ) {
        let a0 = a, a1 = a + c, a2 = a + 2 * c, a3 = a + 3 * c
        switch order {
        case 0:
            for j in 0..<c { o[j] = ((a3[j] * s + a2[j]) * s + a1[j]) * s + a0[j] }
        case 1:
            let s3 = 3 * s
            for j in 0..<c { o[j] = (a3[j] * s3 + 2 * a2[j]) * s + a1[j] }
        case 2:
            let s6 = 6 * s
            for j in 0..<c { o[j] = a3[j] * s6 + 2 * a2[j] }
        case 3:
            for j in 0..<c { o[j] = 6 * a3[j] }
        default:
            for j in 0..<c { o[j] = 0 }
        }
    }

    /// `d^order/ds^order (a0 + a1 s + a2 s² + a3 s³)`, rounded exactly as `evaluateRow` rounds
    /// (so pointwise and bulk evaluation agree to the bit).
    @inlinable @inline(__always)
    static func polynomial(_ a0: T, _ a1: T, _ a2: T, _ a3: T, s: T, order: Int) -> T {
        switch order {
        case 0: return ((a3 * s + a2) * s + a1) * s + a0
        case 1: return (a3 * (3 * s) + 2 * a2) * s + a1
        case 2: return a3 * (6 * s) + 2 * a2
        case 3: return 6 * a3
        default: return 0
        }
    }
}
