/// The piecewise cubic Hermite interpolating polynomial (PCHIP) of Fritsch and Carlson, with
/// SciPy `PchipInterpolator`'s definitions: C¹, shape preserving (monotone data give a
/// monotone interpolant; no overshoot at local extrema).
///
/// Knot slopes: 0 where the neighbouring secant slopes `m[k−1]`, `m[k]` differ in sign or
/// either is 0; otherwise the weighted harmonic mean
/// `1/d = ((2h[k]+h[k−1])/m[k−1] + (h[k]+2h[k−1])/m[k]) / (3h[k−1] + 3h[k])`.
/// End slopes use the one-sided three-point formula
/// `d = ((2h0 + h1)·m0 − h0·m1) / (h0 + h1)`, set to 0 when its sign differs from `m0`'s and
/// to `3·m0` when `m0`, `m1` differ in sign and `|d| > 3|m0|` (Moler, *Numerical Computing with
/// MATLAB*, `pchiptx`). Two knots give the line. Outside the knots the end pieces continue.
/// Channels are independent.
public struct PchipSpline<T: MotionScalar>: PiecewiseCubicSpline, Equatable {
    /// The piecewise cubic it evaluates.
    public let curve: PiecewiseCubic<T>

    /// A scalar PCHIP through `(x[i], y[i])`.
    /// - Parameters:
    ///   - x: K ≥ 2 finite, strictly increasing knots.
    ///   - y: K finite values.
    /// - Throws: `invalidValue` naming `x`/`x[i]` (too few, unsorted, repeated, non-finite) or
    ///   `y`/`y[i]` (length mismatch, non-finite).
    /// - Complexity: O(K).
    public init(x: [T], y: [T]) throws(MotionKernelError) {
        try self.init(x: x, values: y, channels: 1)
    }

    /// A multi-channel PCHIP: `values` is K × C row-major; each channel is interpolated
    /// independently.
    /// - Throws: as `init(x:y:)`; also `channels` < 1.
    /// - Complexity: O(K · C).
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public init(x: [T], values: [T], channels: Int) throws(MotionKernelError) {
        try SplineInput.validate(x: x, values: values, channels: channels, minimum: 2)
        let d = Self.knotSlopes(x: x, y: values, channels: channels)
        curve = PiecewiseCubic(unchecked: x, values: values, knotSlopes: d, channels: channels, extrapolation: .extend)
    }

    @inlinable @inline(__always)
    static func sign(_ v: T) -> Int { v > 0 ? 1 : (v < 0 ? -1 : 0) }

    /// The one-sided, shape-preserving end slope.
    @inlinable
    static func edgeSlope(h0: T, h1: T, m0: T, m1: T) -> T {
        let d = ((2 * h0 + h1) * m0 - h0 * m1) / (h0 + h1)
        if sign(d) != sign(m0) { return 0 }
        if sign(m0) != sign(m1) && abs(d) > 3 * abs(m0) { return 3 * m0 }
        return d
    }

    @usableFromInline
    static func knotSlopes(x: [T], y: [T], channels c: Int) -> [T] {
        let n = x.count
        var d = [T](repeating: 0, count: n * c)
        var h = [T](repeating: 0, count: n - 1)
        for k in 0..<(n - 1) { h[k] = x[k + 1] - x[k] }
        var m = [T](repeating: 0, count: (n - 1) * c)
        for k in 0..<(n - 1) {
            for j in 0..<c { m[k * c + j] = (y[(k + 1) * c + j] - y[k * c + j]) / h[k] }
        }
        if n == 2 {
            for j in 0..<c { d[j] = m[j]; d[c + j] = m[j] }
            return d
        }
        for k in 1..<(n - 1) {
            let w1 = 2 * h[k] + h[k - 1], w2 = h[k] + 2 * h[k - 1]
            for j in 0..<c {
                let mPrev = m[(k - 1) * c + j], mNext = m[k * c + j]
                if sign(mPrev) != sign(mNext) || mPrev == 0 || mNext == 0 {
                    d[k * c + j] = 0
                } else {
                    let whmean = (w1 / mPrev + w2 / mNext) / (w1 + w2)
                    let v = 1 / whmean
                    d[k * c + j] = v.isFinite ? v : 0
                }
            }
        }
        for j in 0..<c {
            d[j] = edgeSlope(h0: h[0], h1: h[1], m0: m[j], m1: m[c + j])
            d[(n - 1) * c + j] = edgeSlope(
                h0: h[n - 2], h1: h[n - 3], m0: m[(n - 2) * c + j], m1: m[(n - 3) * c + j])
        }
        return d
    }
}
