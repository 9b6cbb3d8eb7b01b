/// A Kochanek–Bartels (TCB) spline: cubic Hermite segments whose tangents are shaped by a
/// tension, continuity and bias per knot (Kochanek & Bartels, SIGGRAPH 1984), with the paper's
/// adjustment for unequal key spacing.
///
/// At knot i with neighbouring differences `A = P[i] − P[i−1]`, `B = P[i+1] − P[i]` and
/// spacings `Δx[i−1]`, `Δx[i]`, the slopes (per unit of x) arriving at and leaving the knot are
/// ```
/// incoming = (1−t)[(1−c)(1+b)·A + (1+c)(1−b)·B] / (Δx[i−1] + Δx[i])
/// outgoing = (1−t)[(1+c)(1+b)·A + (1−c)(1−b)·B] / (Δx[i−1] + Δx[i])
/// ```
/// (the paper's `TD`, `TS` scaled by `2Δx[i−1]/(Δx[i−1]+Δx[i])` and `2Δx[i]/(…)`, then divided
/// by the segment length). With t = c = b = 0 this is the Catmull–Rom slope
/// `(P[i+1] − P[i−1]) / (x[i+1] − x[i−1])`; the spline is C¹ wherever c = 0.
/// - **Ends**: a phantom key is reflected through each end (`P[−1] = 2P[0] − P[1]`,
///   `x[−1] = 2x[0] − x[1]`, likewise at the right), so with zero parameters the end slope is
///   the end chord's and lines are reproduced.
/// - Outside `[x[0], x[K−1]]` the end segments' polynomials continue. Channels are independent.
public struct KochanekBartelsSpline<T: MotionScalar>: PiecewiseCubicSpline, Equatable {
    /// The piecewise cubic it evaluates.
    public let curve: PiecewiseCubic<T>

    /// A scalar TCB spline with the same tension, continuity and bias at every knot.
    /// - Parameters:
    ///   - x: K ≥ 2 finite, strictly increasing times.
    ///   - y: K finite values.
    ///   - tension: 0 = Catmull–Rom, 1 = zero tangents (tight), −1 = slack. Any finite value.
    ///   - continuity: 0 = C¹; ±1 = corners / boxy. Any finite value.
    ///   - bias: 0 = balanced; 1 = overshoot into the next segment (tangent follows `A`),
    ///     −1 = undershoot (follows `B`). Any finite value.
    /// - Throws: `invalidValue` naming `x`/`x[i]`, `y`/`y[i]`, `tension`, `continuity`, `bias`.
    /// - Complexity: O(K).
    public init(x: [T], y: [T], tension: T = 0, continuity: T = 0, bias: T = 0) throws(MotionKernelError) {
        try self.init(x: x, values: y, channels: 1, tension: [tension], continuity: [continuity], bias: [bias])
    }

    /// A multi-channel TCB spline with per-knot parameters: each of `tension`, `continuity`,
    /// `bias` is empty (all 0), one number (for every knot), or K numbers (one per knot).
    /// - Throws: as `init(x:y:tension:continuity:bias:)`; also `channels` < 1 and parameter
    ///   arrays of another length (`tension` etc.) or with non-finite entries (`tension[i]`).
    /// - Complexity: O(K · C).
    public init(x: [T], values: [T], channels: Int, tension: [T] = [], continuity: [T] = [], bias: [T] = []) throws(MotionKernelError) {
        try SplineInput.validate(x: x, values: values, channels: channels, minimum: 2)
        let n = x.count, c = channels
        func expand(_ p: [T], _ name: String) throws(MotionKernelError) -> [T] {
            guard p.count == 0 || p.count == 1 || p.count == n else {
                throw MotionKernelError.invalidValue(name, "expected 0, 1 or \(n) numbers (one per key), got \(p.count)")
            }
            for (i, v) in p.enumerated() where !v.isFinite {
                throw MotionKernelError.invalidValue("\(name)[\(i)]", "expected a finite number, got \(v)")
            }
            if p.isEmpty { return [T](repeating: 0, count: n) }
            return p.count == 1 ? [T](repeating: p[0], count: n) : p
        }
        let tt = try expand(tension, "tension"), cc = try expand(continuity, "continuity"), bb = try expand(bias, "bias")
        // incoming[i], outgoing[i]: slopes at knot i (K × C each).
        var incoming = [T](repeating: 0, count: n * c), outgoing = incoming
        for i in 0..<n {
            let hPrev = i > 0 ? x[i] - x[i - 1] : x[1] - x[0]
            let hNext = i < n - 1 ? x[i + 1] - x[i] : x[n - 1] - x[n - 2]
            let t = tt[i], co = cc[i], b = bb[i]
            let inA = (1 - t) * (1 - co) * (1 + b), inB = (1 - t) * (1 + co) * (1 - b)
            let outA = (1 - t) * (1 + co) * (1 + b), outB = (1 - t) * (1 - co) * (1 - b)
            let span = hPrev + hNext
            for j in 0..<c {
                let p = values[i * c + j]
                let a: T, bd: T
                if i == 0 {
                    bd = values[c + j] - p
                    a = bd
                } else if i == n - 1 {
                    a = p - values[(i - 1) * c + j]
                    bd = a
                } else {
                    a = p - values[(i - 1) * c + j]
                    bd = values[(i + 1) * c + j] - p
                }
                incoming[i * c + j] = (inA * a + inB * bd) / span
                outgoing[i * c + j] = (outA * a + outB * bd) / span
            }
        }
        for v in incoming where !v.isFinite {
            throw MotionKernelError.invalidValue("y", "the tangents overflow; the values are too large")
        }
        for v in outgoing where !v.isFinite {
            throw MotionKernelError.invalidValue("y", "the tangents overflow; the values are too large")
        }
        curve = PiecewiseCubic(unchecked: x, values: values, channels: c, extrapolation: .extend) { i, j in
            (outgoing[i * c + j], incoming[(i + 1) * c + j])
        }
    }
}
