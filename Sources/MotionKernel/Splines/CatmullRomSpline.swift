/// A Catmull–Rom spline through points of any dimension (scalars, 2D, 3D, …), with the
/// α-parameterisation of Barry and Goldman: knot spacing `Δu[i] = |P[i+1] − P[i]|^α` with α = 0
/// (uniform), 0.5 (centripetal: no cusps or self-intersections within a segment) or 1
/// (chordal); any α in [0, 1] is accepted. `|·|` is the Euclidean distance over all channels.
///
/// Each segment `[x[i], x[i+1]]` is the Barry–Goldman pyramid on the four points
/// P[i−1], P[i], P[i+1], P[i+2], evaluated at curve parameter `u = u[i] + Δu[i]·(t − x[i]) /
/// (x[i+1] − x[i])`: the curve reaches P[i] at time x[i], and time maps linearly onto each
/// segment's parameter. Equivalently it is the cubic Hermite segment with the tangents
/// `m[i] = (P[i] − P[i−1])/Δu[i−1] − (P[i+1] − P[i−1])/(Δu[i−1] + Δu[i]) + (P[i+1] − P[i])/Δu[i]`
/// (per unit u), which is how it is evaluated.
///
/// - The curve is C¹ in u. With respect to time it is C¹ wherever Δu[i]/Δx[i] is the same on
///   both sides of a knot: always for α = 0 with uniformly spaced x (the classic Catmull–Rom
///   spline), and for any α when x is chosen proportional to the knot parameter u.
/// - **Ends**: a phantom point is reflected through each end point (`P[−1] = 2P[0] − P[1]`,
///   `P[K] = 2P[K−1] − P[K−2]`), so the end tangent is the end chord. Lines are reproduced.
/// - **Coincident consecutive points** with α > 0 make `Δu = 0`; every 0/0 difference quotient
///   is taken as 0, so such a segment is constant and no NaN arises.
/// - Outside `[x[0], x[K−1]]` the end segments' polynomials continue.
public struct CatmullRomSpline<T: MotionScalar>: PiecewiseCubicSpline, Equatable {
    /// The parameterisation exponent α.
    public let alpha: T
    /// The piecewise cubic it evaluates.
    public let curve: PiecewiseCubic<T>

    /// A scalar Catmull–Rom spline through `(x[i], y[i])`.
    /// - Parameters:
    ///   - x: K ≥ 2 finite, strictly increasing times.
    ///   - y: K finite values.
    ///   - alpha: α in [0, 1]; default 0.5 (centripetal).
    /// - Throws: `invalidValue` naming `x`/`x[i]`, `y`/`y[i]` or `alpha`.
    /// - Complexity: O(K).
    public init(x: [T], y: [T], alpha: T = 0.5) throws(MotionKernelError) {
        try self.init(x: x, points: y, dimension: 1, alpha: alpha)
    }

    /// A Catmull–Rom spline through points: `points` is K × `dimension` row-major
    /// (point `i`, coordinate `c` at `i·dimension + c`).
    /// - Throws: as `init(x:y:alpha:)`; `channels` when `dimension` < 1.
    /// - Complexity: O(K · dimension).
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public init(x: [T], points: [T], dimension: Int, alpha: T = 0.5) throws(MotionKernelError) {
        try SplineInput.validate(x: x, values: points, channels: dimension, minimum: 2)
        guard alpha.isFinite, alpha >= 0, alpha <= 1 else {
            throw MotionKernelError.invalidValue("alpha", "expected a number in [0, 1], got \(alpha)")
        }
        self.alpha = alpha
        let n = x.count, c = dimension
        // Knot spacing Δu[i] between points i and i+1.
        var du = [T](repeating: 1, count: n - 1)
        if alpha != 0 {
            for i in 0..<(n - 1) {
                var sq: T = 0
                var scale: T = 0
                for j in 0..<c { scale = max(scale, abs(points[(i + 1) * c + j] - points[i * c + j])) }
                if scale > 0 {
                    for j in 0..<c {
                        let r = (points[(i + 1) * c + j] - points[i * c + j]) / scale
                        sq += r * r
                    }
                    let dist = scale * sq.squareRoot()
                    du[i] = alpha == 1 ? dist : T.pow(dist, alpha)
                } else {
                    du[i] = 0
                }
            }
        }
        @inline(__always) func q(_ v: T, _ d: T) -> T { d == 0 ? 0 : v / d }
        // Tangents per unit u at every knot, with reflected phantom points at the ends.
        var m = [T](repeating: 0, count: n * c)
        for i in 0..<n {
            for j in 0..<c {
                let p = points[i * c + j]
                if i == 0 {
                    m[j] = q(points[c + j] - p, du[0])
                } else if i == n - 1 {
                    m[i * c + j] = q(p - points[(i - 1) * c + j], du[n - 2])
                } else {
                    let pm = points[(i - 1) * c + j], pp = points[(i + 1) * c + j]
                    let a = du[i - 1], b = du[i]
                    m[i * c + j] = q(p - pm, a) - q(pp - pm, a + b) + q(pp - p, b)
                }
            }
        }
        // Per-segment slopes in time units: the tangent times Δu[i]/Δx[i].
        curve = PiecewiseCubic(unchecked: x, values: points, channels: c, extrapolation: .extend) { i, j in
            let scale = du[i] / (x[i + 1] - x[i])
            return (m[i * c + j] * scale, m[(i + 1) * c + j] * scale)
        }
    }
}
