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

/// The kinds the batch spline tests (SplineBasis, SplineChannels) run over: every cubic
/// boundary, uniform Catmull–Rom and one Kochanek–Bartels spline.
let splineBasisKinds: [SplineBasis<Double>.Kind] =
    CubicSplineBoundary.allCases.map { .cubic($0) } + [
        .catmullRomUniform, .kochanekBartels(tension: 0.2, continuity: -0.1, bias: 0.3),
    ]

/// The same kind of spline for a Float basis.
func floatKind(_ kind: SplineBasis<Double>.Kind) -> SplineBasis<Float>.Kind {
    switch kind {
    case .cubic(let b): return .cubic(b)
    case .catmullRomUniform: return .catmullRomUniform
    case .kochanekBartels(let t, let c, let b): return .kochanekBartels(tension: t, continuity: c, bias: b)
    }
}

/// The reference path of a batch spline: the kind's own spline through `values` (K × `channels`,
/// row-major), evaluated per channel.
func directCurve<T: MotionScalar>(_ kind: SplineBasis<Double>.Kind, x: [T], values: [T], channels: Int) throws -> PiecewiseCubic<T> {
    switch kind {
    case .cubic(let b): return try CubicSpline(x: x, values: values, channels: channels, boundary: b).curve
    case .catmullRomUniform: return try CatmullRomSpline(x: x, points: values, dimension: channels, alpha: 0).curve
    case .kochanekBartels(let t, let c, let b):
        return try KochanekBartelsSpline(x: x, values: values, channels: channels, tension: [T(t)], continuity: [T(c)], bias: [T(b)]).curve
    }
}

/// Random spline data for `kind`: `k` knots (`randomKnots`), then k × `channels` values in
/// [−1, 1) (row-major), the last row equal to the first for periodic ends.
func randomSplineData(
    _ rng: inout SplitMix64, kind: SplineBasis<Double>.Kind, keys k: Int, channels c: Int
) -> (x: [Double], values: [Double]) {
    let x = randomKnots(&rng, k)
    var v = (0..<(k * c)).map { _ in rng.uniform(-1, 1) }
    if case .cubic(.periodic) = kind { for j in 0..<c { v[(k - 1) * c + j] = v[j] } }
    return (x, v)
}
