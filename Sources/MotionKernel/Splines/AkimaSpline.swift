/// Akima's piecewise cubic interpolant (C¹, little overshoot), with SciPy
/// `Akima1DInterpolator`'s definitions for `method="akima"` and `method="makima"`.
///
/// With secant slopes δ extended by two linear extrapolations at each end
/// (`δ[−1] = 2δ[0] − δ[1]`, `δ[−2] = 2δ[−1] − δ[0]`, likewise on the right), the slope at knot
/// i is `(f1·δ[i−1] + f2·δ[i]) / (f1 + f2)` with `f1 = |δ[i+1] − δ[i]|`,
/// `f2 = |δ[i−1] − δ[i−2]|` (akima) or `f1 = |δ[i+1] − δ[i]| + |δ[i+1] + δ[i]|/2`,
/// `f2 = |δ[i−1] − δ[i−2]| + |δ[i−1] + δ[i−2]|/2` (makima). Where `f1 + f2` is not above
/// 1e-9 times its largest value — taken over all knots **and all channels**, exactly as SciPy
/// does for multi-dimensional `y` — the slope is `(δ[i+1] + δ[i−2]) / 2` (SciPy's fill value).
/// Two knots give the line.
///
/// Extrapolation: SciPy's `Akima1DInterpolator` returns NaN outside the knots by default
/// (`extrapolate=False`); MotionKernel never returns NaN for valid input and continues the end
/// pieces instead, as SciPy does with `extrapolate=True`.
public struct AkimaSpline<T: MotionScalar>: PiecewiseCubicSpline, Equatable {
    /// Which weights Akima's slope uses.
    public enum Method: String, Sendable, Hashable, CaseIterable {
        /// Akima's original (1970) weights.
        case akima
        /// The modified Akima weights (Moler & Ionita, 2019): no overshoot on flat runs.
        case makima
    }

    /// The weights this spline was built with.
    public let method: Method
    /// The piecewise cubic it evaluates.
    public let curve: PiecewiseCubic<T>

    /// A scalar Akima spline through `(x[i], y[i])`.
    /// - Parameters:
    ///   - x: K ≥ 2 finite, strictly increasing knots.
    ///   - y: K finite values.
    ///   - method: `.akima` (default, as SciPy) or `.makima`.
    /// - Throws: `invalidValue` naming `x`/`x[i]` (too few, unsorted, repeated, non-finite) or
    ///   `y`/`y[i]` (length mismatch, non-finite).
    /// - Complexity: O(K).
    public init(x: [T], y: [T], method: Method = .akima) throws(MotionKernelError) {
        try self.init(x: x, values: y, channels: 1, method: method)
    }

    /// A multi-channel Akima spline: `values` is K × C row-major. Channels share only the
    /// degeneracy threshold (see the type's documentation).
    /// - Throws: as `init(x:y:method:)`; also `channels` < 1.
    /// - Complexity: O(K · C).
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public init(x: [T], values: [T], channels: Int, method: Method = .akima) throws(MotionKernelError) {
        try SplineInput.validate(x: x, values: values, channels: channels, minimum: 2)
        self.method = method
        let d = Self.knotSlopes(x: x, y: values, channels: channels, method: method)
        curve = PiecewiseCubic(unchecked: x, values: values, knotSlopes: d, channels: channels, extrapolation: .extend)
    }

    @usableFromInline
    static func knotSlopes(x: [T], y: [T], channels c: Int, method: Method) -> [T] {
        let n = x.count
        var t = [T](repeating: 0, count: n * c)
        if n == 2 {
            for j in 0..<c {
                let mk = (y[c + j] - y[j]) / (x[1] - x[0])
                t[j] = mk
                t[c + j] = mk
            }
            return t
        }
        // m[k] for k in 0..<(n+3): m[k+2] = δ[k].
        var m = [T](repeating: 0, count: (n + 3) * c)
        for k in 0..<(n - 1) {
            let h = x[k + 1] - x[k]
            for j in 0..<c { m[(k + 2) * c + j] = (y[(k + 1) * c + j] - y[k * c + j]) / h }
        }
        for j in 0..<c {
            m[1 * c + j] = 2 * m[2 * c + j] - m[3 * c + j]
            m[0 * c + j] = 2 * m[1 * c + j] - m[2 * c + j]
            m[(n + 1) * c + j] = 2 * m[n * c + j] - m[(n - 1) * c + j]
            m[(n + 2) * c + j] = 2 * m[(n + 1) * c + j] - m[n * c + j]
        }
        var f1 = [T](repeating: 0, count: n * c), f2 = f1
        var fmax = -T.infinity
        for i in 0..<n {
            for j in 0..<c {
                let m0 = m[i * c + j], m1 = m[(i + 1) * c + j]
                let m2 = m[(i + 2) * c + j], m3 = m[(i + 3) * c + j]
                var a = abs(m3 - m2), b = abs(m1 - m0)
                if method == .makima {
                    a += abs(m3 + m2) / 2
                    b += abs(m1 + m0) / 2
                }
                f1[i * c + j] = a
                f2[i * c + j] = b
                fmax = max(fmax, a + b)
            }
        }
        let cutoff = T(1e-9) * fmax
        for i in 0..<n {
            for j in 0..<c {
                let m0 = m[i * c + j], m1 = m[(i + 1) * c + j]
                let m2 = m[(i + 2) * c + j], m3 = m[(i + 3) * c + j]
                let a = f1[i * c + j], b = f2[i * c + j]
                let f12 = a + b
                if f12 > cutoff {
                    t[i * c + j] = m1 + (b / f12) * (m2 - m1)
                } else {
                    t[i * c + j] = (m3 + m0) / 2
                }
            }
        }
        return t
    }
}
