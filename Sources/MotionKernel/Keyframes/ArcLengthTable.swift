/// Arc length of a piecewise cubic curve (any dimension) and its inverse, for constant-speed
/// (paced) traversal.
///
/// Each segment of positive length is cut into `cellsPerSegment` equal cells in its local
/// time s; each cell's length ∫|c′(s)| ds is an 8-point Gauss–Legendre quadrature (exact for
/// polynomial integrands of degree ≤ 15; |c′| is the square root of a quartic, smooth except
/// where the speed vanishes). Lengths are measured on coefficients divided by their largest
/// magnitude, so no square overflows; only ratios of lengths are used.
///
/// Inversion: for a target length σ the cell is found by binary search over the cumulative
/// table (O(1) from a hint for sorted targets), then s solves `S(s) = σ` — S the cell's start
/// length plus the same quadrature over [cell start, s] — by Newton's method (S′ = speed),
/// falling back to bisection whenever a step leaves the bracket or the speed is zero; at most
/// 60 iterations, stopping at |S(s) − σ| ≤ 4 ulp · total or a bracket of 4 ulp.
@usableFromInline
struct ArcLengthTable: Sendable {
    static let cellsPerSegment = 8
    /// 8-point Gauss–Legendre nodes (positive half) and weights on [−1, 1].
    static let nodes: [Double] = [0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363]
    static let weights: [Double] = [0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763]

    let breakpoints: [Double]
    let dimension: Int
    /// Derivative coefficients per segment, scaled: (K − 1) × 3 × D (a1, 2a2, 3a3).
    let derivative: [Double]
    /// Cumulative lengths at cell boundaries: (K − 1) · cellsPerSegment + 1 entries.
    let cumulative: [Double]

    /// The total (scaled) length; 0 when the curve is a point.
    @usableFromInline var total: Double { cumulative[cumulative.count - 1] }

    /// - Parameters: breakpoints K ≥ 2 (non-decreasing), coefficients (K − 1) × 4 × D in
    ///   s = t − breakpoints[i] (PiecewiseCubic's layout), dimension D.
    init(breakpoints: [Double], coefficients: [Double], dimension d: Int) {
        let segments = breakpoints.count - 1
        var scale = 0.0
        for i in 0..<segments {
            for p in 1...3 { for c in 0..<d { scale = max(scale, abs(coefficients[i * 4 * d + p * d + c])) } }
        }
        let inv = scale > 0 ? 1 / scale : 0
        var der = [Double](repeating: 0, count: segments * 3 * d)
        for i in 0..<segments {
            for c in 0..<d {
                der[i * 3 * d + c] = coefficients[i * 4 * d + d + c] * inv
                der[i * 3 * d + d + c] = 2 * coefficients[i * 4 * d + 2 * d + c] * inv
                der[i * 3 * d + 2 * d + c] = 3 * coefficients[i * 4 * d + 3 * d + c] * inv
            }
        }
        self.breakpoints = breakpoints
        self.dimension = d
        self.derivative = der
        let n = Self.cellsPerSegment
        var cum = [Double](repeating: 0, count: segments * n + 1)
        var acc = 0.0
        for i in 0..<segments {
            let h = breakpoints[i + 1] - breakpoints[i]
            for m in 0..<n {
                if h > 0 {
                    acc += Self.integral(der, segment: i, dimension: d, from: h * Double(m) / Double(n), to: h * Double(m + 1) / Double(n))
                }
                cum[i * n + m + 1] = acc
            }
        }
        self.cumulative = cum
    }

    /// |c′(s)| on segment i (scaled).
    @inline(__always)
    static func speed(_ der: [Double], segment i: Int, dimension d: Int, s: Double) -> Double {
        let b = i * 3 * d
        var sq = 0.0
        for c in 0..<d {
            let v = (der[b + 2 * d + c] * s + der[b + d + c]) * s + der[b + c]
            sq += v * v
        }
        return sq.squareRoot()
    }

    /// 8-point Gauss–Legendre ∫_a^b |c′(s)| ds on segment i.
    static func integral(_ der: [Double], segment i: Int, dimension d: Int, from a: Double, to b: Double) -> Double {
        let mid = (a + b) / 2, half = (b - a) / 2
        var sum = 0.0
        for j in 0..<4 {
            let dx = half * nodes[j]
            sum += weights[j] * (speed(der, segment: i, dimension: d, s: mid - dx) + speed(der, segment: i, dimension: d, s: mid + dx))
        }
        return sum * half
    }

    /// The segment and local time s at which the arc length is `fraction` of the total
    /// (`fraction` in [0, 1); total > 0). `hint` carries the cell between calls.
    @usableFromInline func locate(fraction: Double, hint: inout Int) -> (segment: Int, s: Double) {
        let cum = cumulative
        let cells = cum.count - 1
        let sigma = min(max(fraction, 0), 1) * total
        // The largest cell j with cum[j] ≤ σ < cum[j + 1] (it has positive length).
        var j: Int
        if hint >= 0 && hint < cells && cum[hint] <= sigma && sigma < cum[hint + 1] {
            j = hint
        } else if hint + 1 < cells && cum[hint + 1] <= sigma && sigma < cum[hint + 2] {
            j = hint + 1
        } else {
            var lo = 0, hi = cells - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if sigma < cum[mid] { hi = mid - 1 } else { lo = mid }
            }
            j = lo
        }
        while j > 0 && cum[j + 1] <= cum[j] { j -= 1 }  // never a zero-length cell (σ = total only)
        hint = j
        let n = Self.cellsPerSegment
        let i = j / n, m = j % n
        let h = breakpoints[i + 1] - breakpoints[i]
        let a = h * Double(m) / Double(n), b = h * Double(m + 1) / Double(n)
        let cellLength = cum[j + 1] - cum[j]
        let target = sigma - cum[j]
        var lo = a, hi = b
        var s = cellLength > 0 ? a + (b - a) * (target / cellLength) : a
        let tol = 4 * Double.ulpOfOne * total
        for _ in 0..<60 {
            let f = Self.integral(derivative, segment: i, dimension: dimension, from: a, to: s) - target
            if abs(f) <= tol { break }
            if f > 0 { hi = s } else { lo = s }
            if hi - lo <= 4 * Double.ulpOfOne * max(abs(a), abs(b)) { break }
            let v = Self.speed(derivative, segment: i, dimension: dimension, s: s)
            let next = v > 0 ? s - f / v : .nan
            s = next > lo && next < hi ? next : (lo + hi) / 2
        }
        return (i, s)
    }
}
