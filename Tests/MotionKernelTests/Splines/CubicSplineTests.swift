import Testing
@testable import MotionKernel

/// The spline by a dense solve of its defining conditions (interpolation, C¹ and C² at interior
/// knots, two end conditions) for the local coefficients a0…a3 of every segment: an
/// independent reference. Returns (K−1) × 4 coefficients.
private func denseSpline(x: [Double], y: [Double], boundary: CubicSplineBoundary) -> [Double]? {
    let k = x.count, n = 4 * (k - 1)
    var a = [Double](repeating: 0, count: n * n), b = [Double](repeating: 0, count: n)
    var row = 0
    func put(_ seg: Int, _ power: Int, _ v: Double) { a[row * n + seg * 4 + power] += v }
    func h(_ i: Int) -> Double { x[i + 1] - x[i] }
    for i in 0..<(k - 1) {
        put(i, 0, 1); b[row] = y[i]; row += 1
        for p in 0..<4 { put(i, p, Double.pow(h(i), Double(p))) }
        b[row] = y[i + 1]; row += 1
    }
    func d1End(_ seg: Int, _ sign: Double) { put(seg, 1, sign); put(seg, 2, sign * 2 * h(seg)); put(seg, 3, sign * 3 * h(seg) * h(seg)) }
    func d2End(_ seg: Int, _ sign: Double) { put(seg, 2, sign * 2); put(seg, 3, sign * 6 * h(seg)) }
    if k >= 3 {
        for i in 1..<(k - 1) {
            d1End(i - 1, 1); put(i, 1, -1); row += 1
            d2End(i - 1, 1); put(i, 2, -2); row += 1
        }
    }
    // One end condition (scalar values): SciPy's meaning, with 2 knots a not-a-knot end is
    // "first derivative = the chord slope".
    func end(_ e: CubicSplineEnd, start: Bool) {
        switch e {
        case .notAKnot where k == 2:
            if start { put(0, 1, 1) } else { d1End(0, 1) }
            b[row] = (y[1] - y[0]) / h(0)
        case .notAKnot:
            if start { put(0, 3, 1); put(1, 3, -1) } else { put(k - 3, 3, 1); put(k - 2, 3, -1) }
        case .firstDerivative(let v):
            if start { put(0, 1, 1) } else { d1End(k - 2, 1) }
            b[row] = v[0]
        case .secondDerivative(let v):
            if start { put(0, 2, 2) } else { d2End(k - 2, 1) }
            b[row] = v[0]
        }
        row += 1
    }
    switch boundary {
    case .natural:
        end(.secondDerivative([0]), start: true); end(.secondDerivative([0]), start: false)
    case .clamped:
        end(.firstDerivative([0]), start: true); end(.firstDerivative([0]), start: false)
    case .periodic:
        put(0, 1, 1); d1End(k - 2, -1); row += 1
        put(0, 2, 2); d2End(k - 2, -1); row += 1
    case .notAKnot:
        end(.notAKnot, start: true); end(.notAKnot, start: false)
    case .ends(let s, let e):
        end(s, start: true); end(e, start: false)
    }
    precondition(row == n)
    return denseSolve(a, b, n: n)
}

private func evalDense(_ c: [Double], x: [Double], t: Double, order: Int) -> Double {
    var i = 0
    while i < x.count - 2 && t >= x[i + 1] { i += 1 }
    let s = t - x[i]
    let a0 = c[4 * i], a1 = c[4 * i + 1], a2 = c[4 * i + 2], a3 = c[4 * i + 3]
    switch order {
    case 0: return a0 + s * (a1 + s * (a2 + s * a3))
    case 1: return a1 + s * (2 * a2 + 3 * a3 * s)
    default: return 2 * a2 + 6 * a3 * s
    }
}

@Suite("CubicSpline")
struct CubicSplineTests {
    @Test("agrees with a dense solve of the spline conditions (Double 1e-9, Float 1e-3)", arguments: CubicSplineBoundary.allCases)
    func denseReference(boundary: CubicSplineBoundary) throws {
        var rng = SplitMix64(seed: 11)
        for trial in 0..<40 {
            let k = [4, 5, 6, 9, 16, 30][trial % 6]
            let x = randomKnots(&rng, k)
            var y = (0..<k).map { _ in rng.uniform(-5, 5) }
            if boundary == .periodic { y[k - 1] = y[0] }
            let ref = try #require(denseSpline(x: x, y: y, boundary: boundary))
            let sd = try CubicSpline(x: x, y: y, boundary: boundary)
            let sf = try CubicSpline(x: x.map { Float($0) }, y: y.map { Float($0) }, boundary: boundary)
            let span = x[k - 1] - x[0]
            for _ in 0..<50 {
                // Periodic splines wrap outside, so sample them inside only.
                let t = boundary == .periodic ? rng.uniform(x[0], x[k - 1]) : rng.uniform(x[0] - 0.2 * span, x[k - 1] + 0.2 * span)
                for order in 0...2 {
                    let e = evalDense(ref, x: x, t: t, order: order)
                    let scale = (0..<k).map { abs(evalDense(ref, x: x, t: x[$0], order: order)) }.max()! + 1
                    #expect(try near(sd.derivative(at: t, order: order), e, rel: 1e-9, scale: scale), "\(boundary) t=\(t) order \(order)")
                    if order == 0 {
                        #expect(try near(sf.derivative(at: Float(t), order: 0), e, rel: 1e-3, scale: scale))
                    }
                }
            }
        }
    }

    @Test("interpolates the knots and is C² at interior knots", arguments: CubicSplineBoundary.allCases)
    func interpolationAndContinuity(boundary: CubicSplineBoundary) throws {
        var rng = SplitMix64(seed: 12)
        for k in [3, 4, 7, 20] {
            let x = randomKnots(&rng, k)
            var y = (0..<k).map { _ in rng.uniform(-2, 2) }
            if boundary == .periodic { y[k - 1] = y[0] }
            let s = try CubicSpline(x: x, y: y, boundary: boundary)
            let f = try CubicSpline(x: x.map { Float($0) }, y: y.map { Float($0) }, boundary: boundary)
            for i in 0..<k {
                #expect(near(s.value(at: x[i]), y[i], rel: 1e-13))
                #expect(near(f.value(at: Float(x[i])), y[i], rel: 1e-5))
            }
            for i in 1..<(k - 1) {
                for order in 0...2 {
                    let l = leftLimit(s.curve, knot: i, order: order), r = rightLimit(s.curve, knot: i, order: order)
                    #expect(near(l, r, rel: 1e-10, scale: 10), "knot \(i) order \(order)")
                }
            }
        }
    }

    @Test("end conditions hold")
    func endConditions() throws {
        var rng = SplitMix64(seed: 13)
        for k in [2, 3, 5, 12] {
            let x = randomKnots(&rng, k)
            var y = (0..<k).map { _ in rng.uniform(-2, 2) }
            let last = x[k - 1]
            let nat = try CubicSpline(x: x, y: y, boundary: .natural)
            #expect(try abs(nat.derivative(at: x[0], order: 2)) < 1e-10)
            #expect(abs(leftLimit(nat.curve, knot: k - 1, order: 2)) < 1e-10)
            let cl = try CubicSpline(x: x, y: y, boundary: .clamped)
            #expect(try abs(cl.derivative(at: x[0], order: 1)) < 1e-12)
            #expect(try abs(cl.derivative(at: last, order: 1)) < 1e-12)
            y[k - 1] = y[0]
            let per = try CubicSpline(x: x, y: y, boundary: .periodic)
            for order in 0...2 {
                #expect(try near(leftLimit(per.curve, knot: k - 1, order: order), per.derivative(at: x[0], order: order).doubleValue, rel: 1e-10, scale: 10))
            }
            if k >= 5 {
                let nak = try CubicSpline(x: x, y: y, boundary: .notAKnot)
                #expect(near(leftLimit(nak.curve, knot: 1, order: 3), rightLimit(nak.curve, knot: 1, order: 3).doubleValue, rel: 1e-9, scale: 10))
                #expect(near(leftLimit(nak.curve, knot: k - 2, order: 3), rightLimit(nak.curve, knot: k - 2, order: 3).doubleValue, rel: 1e-9, scale: 10))
            }
        }
    }

    @Test("not-a-knot reproduces cubics exactly; every boundary but clamped reproduces lines")
    func reproduction() throws {
        var rng = SplitMix64(seed: 14)
        func cubic(_ t: Double) -> Double { 0.5 - 1.25 * t + 0.75 * t * t - 0.125 * t * t * t }
        for k in [4, 6, 11] {
            let x = randomKnots(&rng, k)
            let s = try CubicSpline(x: x, y: x.map(cubic))
            let sf = try CubicSpline(x: x.map { Float($0) }, y: x.map { Float(cubic($0)) })
            for _ in 0..<40 {
                let t = rng.uniform(x[0] - 1, x[k - 1] + 1)
                let scale = abs(cubic(x[0] - 1)) + abs(cubic(x[k - 1] + 1)) + 1
                #expect(near(s.value(at: t), cubic(t), rel: 1e-10, scale: scale))
                #expect(near(sf.value(at: Float(t)), cubic(t), rel: 1e-4, scale: scale))
                #expect(try near(s.derivative(at: t, order: 3), -0.75, rel: 1e-7, scale: 1))
            }
            for boundary in [CubicSplineBoundary.notAKnot, .natural] {
                let line = try CubicSpline(x: x, y: x.map { 2 - 3 * $0 }, boundary: boundary)
                for _ in 0..<20 {
                    let t = rng.uniform(x[0] - 1, x[k - 1] + 1)
                    #expect(near(line.value(at: t), 2 - 3 * t, rel: 1e-11, scale: 100))
                    #expect(try near(line.derivative(at: t, order: 1), -3, rel: 1e-10))
                }
            }
            for boundary in CubicSplineBoundary.allCases {
                let constant = try CubicSpline(x: x, y: x.map { _ in 4.5 }, boundary: boundary)
                #expect(near(constant.value(at: rng.uniform(x[0] - 5, x[k - 1] + 5)), 4.5, rel: 1e-14))
            }
        }
    }

    @Test("SciPy's small cases: 2 knots give a line (a constant when periodic), 3 knots with not-a-knot the parabola")
    func smallCases() throws {
        let line = try CubicSpline(x: [1.0, 3.0], y: [2.0, 6.0])
        #expect(try line.value(at: 0) == 0 && line.value(at: 2) == 4 && line.derivative(at: 10, order: 2) == 0)
        let natural2 = try CubicSpline(x: [1.0, 3.0], y: [2.0, 6.0], boundary: .natural)
        #expect(near(natural2.value(at: 5), 10, rel: 1e-14))
        // Clamped with 2 knots: the Hermite cubic with zero end slopes; midpoint = the mean.
        let clamped2 = try CubicSpline(x: [0.0, 2.0], y: [0.0, 1.0], boundary: .clamped)
        #expect(near(clamped2.value(at: 1), 0.5, rel: 1e-15))
        #expect(near(clamped2.value(at: 0.5), 3 * 0.0625 - 2 * 0.015625, rel: 1e-15))  // 3u² − 2u³, u = 1/4
        let periodic2 = try CubicSpline(x: [0.0, 2.0], y: [1.5, 1.5], boundary: .periodic)
        #expect(try periodic2.value(at: 0.7) == 1.5 && periodic2.derivative(at: 0.7, order: 1) == 0)
        // Parabola through (0, 1), (1, 0), (3, 4): y = (t − 1)².
        let p = try CubicSpline(x: [0.0, 1.0, 3.0], y: [1.0, 0.0, 4.0])
        for t in [-2.0, 0.5, 2.0, 5.0] {
            #expect(near(p.value(at: t), (t - 1) * (t - 1), rel: 1e-13, scale: 10))
            #expect(try near(p.derivative(at: t, order: 2), 2, rel: 1e-13))
        }
    }

    @Test("periodic splines extrapolate periodically; others continue their end pieces")
    func extrapolation() throws {
        var rng = SplitMix64(seed: 15)
        let x = randomKnots(&rng, 6)
        var y = (0..<6).map { _ in rng.uniform(-2, 2) }
        y[5] = y[0]
        let period = x[5] - x[0]
        let s = try CubicSpline(x: x, y: y, boundary: .periodic)
        for _ in 0..<30 {
            let t = rng.uniform(x[0], x[5])
            for m in [-3.0, -1.0, 1.0, 2.0] {
                #expect(near(s.value(at: t + m * period), s.value(at: t).doubleValue, rel: 1e-10, scale: 2))
            }
        }
        let n = try CubicSpline(x: x, y: y, boundary: .natural)
        let c = n.curve.coefficients, h = -1.5
        #expect(near(n.value(at: x[0] + h), c[0] + h * (c[1] + h * (c[2] + h * c[3])), rel: 1e-13, scale: 1))
    }

    @Test("multi-channel equals one scalar spline per channel")
    func channels() throws {
        var rng = SplitMix64(seed: 16)
        let k = 9, cCount = 3
        let x = randomKnots(&rng, k)
        var v = (0..<(k * cCount)).map { _ in rng.uniform(-1, 1) }
        for j in 0..<cCount { v[(k - 1) * cCount + j] = v[j] }
        for b in CubicSplineBoundary.allCases {
            let multi = try CubicSpline(x: x, values: v, channels: cCount, boundary: b)
            let times = (0..<25).map { _ in rng.uniform(x[0] - 2, x[k - 1] + 2) }
            let out = try multi.sample(at: times, derivative: 1)
            for j in 0..<cCount {
                let single = try CubicSpline(x: x, y: (0..<k).map { v[$0 * cCount + j] }, boundary: b)
                for (r, t) in times.enumerated() {
                    #expect(try near(out[r * cCount + j], single.derivative(at: t, order: 1).doubleValue, rel: 1e-13, scale: 1))
                }
            }
        }
    }

    @Test("clear errors name the field")
    func errors() {
        func field(_ body: () throws -> Void) -> String? {
            do { try body(); return nil } catch let e as MotionKernelError { return e.field } catch { return "?" }
        }
        #expect(field { _ = try CubicSpline(x: [0.0], y: [1.0]) } == "x")
        #expect(field { _ = try CubicSpline(x: [0.0, 2, 1], y: [1.0, 2, 3]) } == "x[2]")
        #expect(field { _ = try CubicSpline(x: [0.0, 1, 1], y: [1.0, 2, 3]) } == "x[2]")
        #expect(field { _ = try CubicSpline(x: [0.0, 1, 2], y: [1.0, 2]) } == "y")
        #expect(field { _ = try CubicSpline(x: [0.0, 1, 2], y: [1.0, .nan, 2]) } == "y[1]")
        #expect(field { _ = try CubicSpline(x: [0.0, .infinity], y: [1.0, 2]) } == "x[1]")
        #expect(field { _ = try CubicSpline(x: [0.0, 1, 2], y: [1.0, 2, 1.5], boundary: .periodic) } == "y")
        #expect(field { _ = try CubicSpline(x: [0.0, 1, 2], values: [1.0, 2, 3, 1.0, 1, 5], channels: 2, boundary: .periodic) } == "y[*][1]")
        #expect(field { _ = try CubicSpline<Float>(x: [0, 1], values: [], channels: 0) } == "channels")
        #expect(field { _ = try CubicSpline(x: [0.0, 1, 2], y: [1.0, 2, 1.0 + 1e-16], boundary: .periodic) } == nil)
    }
}
