import Testing
@testable import MotionKernel

/// The Barry–Goldman pyramid evaluated directly (the independent reference), with reflected
/// phantom end points; `points` is K × dim.
private func pyramid(x: [Double], points: [Double], dim: Int, alpha: Double, t: Double) -> [Double] {
    let k = x.count
    func p(_ i: Int) -> [Double] {
        if i < 0 { return (0..<dim).map { 2 * points[$0] - points[dim + $0] } }
        if i >= k { return (0..<dim).map { 2 * points[(k - 1) * dim + $0] - points[(k - 2) * dim + $0] } }
        return (0..<dim).map { points[i * dim + $0] }
    }
    var seg = 0
    while seg < k - 2 && t >= x[seg + 1] { seg += 1 }
    let P = (seg - 1...seg + 2).map(p)
    var u = [0.0]
    for j in 0..<3 {
        let dist = zip(P[j + 1], P[j]).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
        u.append(u[j] + (alpha == 0 ? 1 : Double.pow(dist, alpha)))
    }
    let s = u[1] + (u[2] - u[1]) * (t - x[seg]) / (x[seg + 1] - x[seg])
    func lerp(_ a: [Double], _ b: [Double], _ ua: Double, _ ub: Double) -> [Double] {
        zip(a, b).map { ((ub - s) * $0 + (s - ua) * $1) / (ub - ua) }
    }
    let a1 = lerp(P[0], P[1], u[0], u[1]), a2 = lerp(P[1], P[2], u[1], u[2]), a3 = lerp(P[2], P[3], u[2], u[3])
    let b1 = lerp(a1, a2, u[0], u[2]), b2 = lerp(a2, a3, u[1], u[3])
    return lerp(b1, b2, u[1], u[2])
}

@Suite("CatmullRomSpline")
struct CatmullRomSplineTests {
    @Test("equals the Barry–Goldman pyramid on 2D and 3D points for α = 0, 0.5, 1", arguments: [0.0, 0.5, 1.0])
    func pyramidReference(alpha: Double) throws {
        var rng = SplitMix64(seed: 51)
        for trial in 0..<20 {
            let dim = 2 + trial % 2, k = 2 + trial % 9
            let x = randomKnots(&rng, k)
            let pts = (0..<(k * dim)).map { _ in rng.uniform(-4, 4) }
            let s = try CatmullRomSpline(x: x, points: pts, dimension: dim, alpha: alpha)
            let f = try CatmullRomSpline(x: x.map { Float($0) }, points: pts.map { Float($0) }, dimension: dim, alpha: Float(alpha))
            for _ in 0..<30 {
                let t = rng.uniform(x[0], x[k - 1])
                let ref = pyramid(x: x, points: pts, dim: dim, alpha: alpha, t: t)
                let got = s.values(at: t), gotF = f.values(at: Float(t))
                for c in 0..<dim {
                    #expect(near(got[c], ref[c], rel: 1e-10, scale: 4), "α \(alpha) t \(t)")
                    #expect(near(gotF[c], ref[c], rel: 1e-4, scale: 4))
                }
                // Derivative against a central difference of the pyramid.
                let h = 1e-6 * (x[k - 1] - x[0])
                if t - h > x[0] && t + h < x[k - 1] {
                    let up = pyramid(x: x, points: pts, dim: dim, alpha: alpha, t: t + h)
                    let dn = pyramid(x: x, points: pts, dim: dim, alpha: alpha, t: t - h)
                    let sameSegment = x.allSatisfy { !($0 > t - h && $0 < t + h) }
                    if sameSegment {
                        let d = try s.values(at: t, derivative: 1)
                        for c in 0..<dim { #expect(near(d[c], (up[c] - dn[c]) / (2 * h), rel: 1e-5, scale: 10)) }
                    }
                }
            }
            for i in 0..<k { #expect(s.values(at: x[i]).enumerated().allSatisfy { near($1, pts[i * dim + $0], rel: 1e-12, scale: 4) }) }
        }
    }

    @Test("C¹ in time when x follows the knot parameter, for every α")
    func continuity() throws {
        var rng = SplitMix64(seed: 52)
        for alpha in [0.0, 0.5, 1.0] {
            let k = 8, dim = 3
            let pts = (0..<(k * dim)).map { _ in rng.uniform(-4, 4) }
            var x = [0.0]
            for i in 0..<(k - 1) {
                let d = (0..<dim).map { pts[(i + 1) * dim + $0] - pts[i * dim + $0] }
                x.append(x[i] + (alpha == 0 ? 1 : Double.pow(d.map { $0 * $0 }.reduce(0, +).squareRoot(), alpha)))
            }
            let s = try CatmullRomSpline(x: x, points: pts, dimension: dim, alpha: alpha)
            for i in 1..<(k - 1) {
                for c in 0..<dim {
                    #expect(
                        near(
                            leftLimit(s.curve, knot: i, order: 1, channel: c), rightLimit(s.curve, knot: i, order: 1, channel: c).doubleValue, rel: 1e-11,
                            scale: 10))
                }
            }
        }
    }

    @Test("lines: uniform α = 0 on uniform x and chordal α = 1 on arc length reproduce them; ends follow the chord")
    func lines() throws {
        let x = (0..<6).map(Double.init)
        let s = try CatmullRomSpline(x: x, y: x.map { 2 * $0 - 3 }, alpha: 0)
        for t in [-1.0, 0.25, 2.5, 4.9, 6.5] { #expect(near(s.value(at: t), 2 * t - 3, rel: 1e-14, scale: 10)) }
        // Points along a 3D line at uneven steps; x = distance along it; α = 1.
        let dir = [0.6, 0.0, 0.8], steps = [0.0, 0.2, 1.7, 2.0, 5.5]
        let pts = steps.flatMap { d in dir.map { 1 + d * $0 } }
        let chordal = try CatmullRomSpline(x: steps, points: pts, dimension: 3, alpha: 1)
        for t in [0.1, 1.0, 1.9, 3.3, 5.0] {
            let v = chordal.values(at: t)
            for c in 0..<3 { #expect(near(v[c], 1 + t * dir[c], rel: 1e-13, scale: 10)) }
        }
        // End tangent = end chord per unit of the first segment.
        let e = try CatmullRomSpline(x: [0.0, 2, 3], y: [0, 1, 5], alpha: 0)
        #expect(try near(e.derivative(at: 0, order: 1), 0.5, rel: 1e-15))
        #expect(near(leftLimit(e.curve, knot: 2, order: 1), 4, rel: 1e-15))
    }

    @Test("coincident consecutive points with α > 0 give a constant segment, not NaN")
    func coincident() throws {
        let s = try CatmullRomSpline(x: [0.0, 1, 2, 3], points: [0, 0, 1, 1, 1, 1, 3, 0], dimension: 2, alpha: 0.5)
        for t in stride(from: -0.5, through: 3.5, by: 0.125) {
            for d in 0...2 { #expect(try s.values(at: t, derivative: d).allSatisfy { $0.isFinite }) }
        }
        #expect(s.values(at: 1.5) == [1, 1])
    }

    @Test("α outside [0, 1] and too few points are errors naming the field")
    func errors() {
        #expect(throws: MotionKernelError.self) { _ = try CatmullRomSpline(x: [0.0, 1], y: [0, 1], alpha: 1.5) }
        do {
            _ = try CatmullRomSpline(x: [0.0, 1], y: [0, 1], alpha: -0.1)
        } catch let e { #expect(e.field == "alpha") }
        do {
            _ = try CatmullRomSpline(x: [0.0], points: [0, 1], dimension: 2)
        } catch let e { #expect(e.field == "x") }
    }
}
