import Testing
@testable import MotionKernel

/// Akima's slope at each knot from the paper's formula, written independently:
/// t_i = (|m4 − m3|·m2 + |m2 − m1|·m3) / (|m4 − m3| + |m2 − m1|) with m1…m4 the secant slopes
/// δ[i−2], δ[i−1], δ[i], δ[i+1] (ends extended linearly), and the modified weights for makima.
private func paperSlopes(x: [Double], y: [Double], modified: Bool) -> [Double] {
    let n = x.count
    var d: [Double] = []
    for i in 0..<(n - 1) { d.append((y[i + 1] - y[i]) / (x[i + 1] - x[i])) }
    let l1 = 2 * d[0] - d[1], l2 = 2 * l1 - d[0]
    let r1 = 2 * d[n - 2] - d[n - 3], r2 = 2 * r1 - d[n - 2]
    d = [l2, l1] + d + [r1, r2]  // d[i + 2] = δ[i]
    return (0..<n).map { i in
        let m1 = d[i], m2 = d[i + 1], m3 = d[i + 2], m4 = d[i + 3]
        var w1 = abs(m4 - m3), w2 = abs(m2 - m1)
        if modified { w1 += abs(m4 + m3) / 2; w2 += abs(m2 + m1) / 2 }
        return w1 + w2 == 0 ? (m2 + m3) / 2 : (w1 * m2 + w2 * m3) / (w1 + w2)
    }
}

@Suite("AkimaSpline")
struct AkimaSplineTests {
    @Test("knot slopes follow Akima's (and the modified) formula; interpolation; C¹", arguments: AkimaSpline<Double>.Method.allCases)
    func slopes(method: AkimaSpline<Double>.Method) throws {
        var rng = SplitMix64(seed: 41)
        for trial in 0..<30 {
            let k = 3 + trial % 15
            let x = randomKnots(&rng, k)
            let y = (0..<k).map { _ in rng.uniform(-3, 3) }
            let s = try AkimaSpline(x: x, y: y, method: method)
            let f = try AkimaSpline(x: x.map { Float($0) }, y: y.map { Float($0) }, method: AkimaSpline<Float>.Method(rawValue: method.rawValue)!)
            let ref = paperSlopes(x: x, y: y, modified: method == .makima)
            for i in 0..<k {
                #expect(try near(s.derivative(at: x[i], order: 1), ref[i], rel: 1e-12, scale: 1))
                #expect(try near(f.derivative(at: Float(x[i]), order: 1), ref[i], rel: 1e-3, scale: 10))
                #expect(near(s.value(at: x[i]), y[i], rel: 1e-14))
            }
            for i in 1..<(k - 1) {
                #expect(near(leftLimit(s.curve, knot: i, order: 1), rightLimit(s.curve, knot: i, order: 1).doubleValue, rel: 1e-11, scale: 1))
            }
        }
    }

    @Test("flat runs: makima does not overshoot; akima takes the fill value where both weights vanish")
    func flatRuns() throws {
        let x = [1.0, 2, 3, 4, 5, 6, 7], y = [-1.0, -1, -1, 0, 1, 1, 1]
        let m = try AkimaSpline(x: x, y: y, method: .makima)
        for j in 0...600 {
            let t = 1 + 6 * Double(j) / 600
            let v = m.value(at: t)
            #expect(v >= -1 - 1e-12 && v <= 1 + 1e-12)
            if t <= 3 || t >= 5 { #expect(abs(abs(v) - 1) < 1e-12) }
        }
        // Akima at x = 3: δ[i−2…i+1] = 0, 0, 1, 1, so both weights |δ3 − δ2| and |δ1 − δ0| are 0
        // and the slope is the fill value (δ[i+1] + δ[i−2]) / 2 = 0.5 (Akima's overshoot). At
        // x = 4: δ = 0, 1, 1, 0, weights 1 and 1 → (1·1 + 1·1) / 2 = 1.
        let a = try AkimaSpline(x: x, y: y, method: .akima)
        #expect(try a.derivative(at: 3, order: 1) == 0.5)
        #expect(try a.derivative(at: 4, order: 1) == 1)
        #expect(a.value(at: 2.5) < -1)
    }

    @Test("reproduces lines (both methods), two knots give the line, ends extrapolate")
    func lines() throws {
        let x = [0.0, 0.3, 1, 4, 4.5, 8]
        for method in AkimaSpline<Double>.Method.allCases {
            let s = try AkimaSpline(x: x, y: x.map { 0.5 * $0 + 2 }, method: method)
            for t in [-2.0, 0.1, 2, 4.2, 7, 10] { #expect(near(s.value(at: t), 0.5 * t + 2, rel: 1e-14, scale: 10)) }
        }
        let two = try AkimaSpline(x: [0.0, 2], y: [1, 5])
        #expect(two.value(at: 3) == 7)
    }

    @Test("the degeneracy cutoff is 1e-9 × the largest weight over all channels, as in SciPy")
    func sharedCutoff() throws {
        // Channel 0 is tiny (weights ~1e-12), channel 1 is O(1): channel 0's weights fall under
        // the shared cutoff, so its slopes are SciPy's fill value (δ[i+1] + δ[i−2]) / 2.
        let x = [0.0, 1, 2, 3, 4]
        let y0 = [0.0, 1e-12, 0, 3e-12, 1e-12], y1 = [0.0, 2, -1, 1, 0]
        var v = [Double]()
        for i in 0..<5 { v += [y0[i], y1[i]] }
        let multi = try AkimaSpline(x: x, values: v, channels: 2)
        let alone = try AkimaSpline(x: x, y: y0)
        var d = (0..<4).map { y0[$0 + 1] - y0[$0] }
        let l1 = 2 * d[0] - d[1], l2 = 2 * l1 - d[0], r1 = 2 * d[3] - d[2], r2 = 2 * r1 - d[3]
        d = [l2, l1] + d + [r1, r2]
        for i in 0..<5 {
            #expect(try near(multi.derivative(at: x[i], order: 1, channel: 0), (d[i + 3] + d[i]) / 2, rel: 1e-12, scale: 1e-24))
            #expect(try near(alone.derivative(at: x[i], order: 1), paperSlopes(x: x, y: y0, modified: false)[i], rel: 1e-9, scale: 1e-24))
        }
        let single1 = try AkimaSpline(x: x, y: y1)
        #expect(try multi.value(at: 1.5, channel: 1) == single1.value(at: 1.5))
    }
}
