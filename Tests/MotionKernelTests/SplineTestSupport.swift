import Testing
@testable import MotionKernel

/// Dense Gaussian elimination with partial pivoting (the independent reference for the
/// banded solvers and the spline systems). `a` is n × n row-major.
func denseSolve(_ a: [Double], _ b: [Double], n: Int) -> [Double]? {
    var a = a, b = b
    for col in 0..<n {
        var p = col
        for r in (col + 1)..<max(col + 1, n) where abs(a[r * n + col]) > abs(a[p * n + col]) { p = r }
        if a[p * n + col] == 0 { return nil }
        if p != col {
            for j in 0..<n { a.swapAt(col * n + j, p * n + j) }
            b.swapAt(col, p)
        }
        for r in (col + 1)..<max(col + 1, n) {
            let f = a[r * n + col] / a[col * n + col]
            if f == 0 { continue }
            for j in col..<n { a[r * n + j] -= f * a[col * n + j] }
            b[r] -= f * b[col]
        }
    }
    var x = [Double](repeating: 0, count: n)
    for i in stride(from: n - 1, through: 0, by: -1) {
        var s = b[i]
        for j in (i + 1)..<max(i + 1, n) { s -= a[i * n + j] * x[j] }
        x[i] = s / a[i * n + i]
    }
    return x
}

/// Random strictly increasing knots with spacings spread over two decades.
func randomKnots(_ rng: inout SplitMix64, _ n: Int) -> [Double] {
    var x = [rng.uniform(-3, 3)]
    for _ in 1..<n { x.append(x[x.count - 1] + rng.logUniform(0.1, 10)) }
    return x
}

/// The limit from the left at knot `i` (i ≥ 1) of the `order`-th derivative: segment i − 1's
/// polynomial evaluated at its right end.
func leftLimit<T: MotionScalar>(_ p: PiecewiseCubic<T>, knot i: Int, order: Int, channel: Int = 0) -> T {
    let c = p.channelCount
    let seg = i - 1
    let s = p.breakpoints[i] - p.breakpoints[seg]
    let base = seg * 4 * c + channel
    let k = p.coefficients
    return PiecewiseCubic<T>.polynomial(k[base], k[base + c], k[base + 2 * c], k[base + 3 * c], s: s, order: order)
}

/// The limit from the right at knot `i` (i ≤ K − 2): segment i's polynomial at its start.
func rightLimit<T: MotionScalar>(_ p: PiecewiseCubic<T>, knot i: Int, order: Int, channel: Int = 0) -> T {
    let c = p.channelCount
    let base = i * 4 * c + channel
    let k = p.coefficients
    return PiecewiseCubic<T>.polynomial(k[base], k[base + c], k[base + 2 * c], k[base + 3 * c], s: 0, order: order)
}

/// |a − b| ≤ tol · max(scale, |b|).
func near<T: MotionScalar>(_ a: T, _ b: Double, rel tol: Double, scale: Double = 1) -> Bool {
    abs(a.doubleValue - b) <= tol * max(scale, abs(b))
}
