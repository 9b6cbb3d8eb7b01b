import Testing
@testable import MotionKernel

@Suite("PchipSpline")
struct PchipSplineTests {
    @Test("knot slopes worked by hand: harmonic mean inside, three-point ends with both corrections")
    func handWorked() throws {
        // x = [0, 1, 3], y = [0, 1, 1.5]: h = [1, 2], m = [1, 0.25].
        // Interior: w1 = 2·2 + 1 = 5, w2 = 2 + 2·1 = 4, 1/d = (5/1 + 4/0.25)/9 = 21/9 → d = 3/7.
        // Left end: ((2·1 + 2)·1 − 1·0.25)/3 = 1.25. Right end: ((2·2 + 1)·0.25 − 2·1)/3 = −0.25,
        // whose sign differs from m = 0.25 → 0.
        for s in [try PchipSpline(x: [0.0, 1, 3], y: [0, 1, 1.5])] {
            #expect(try near(s.derivative(at: 0, order: 1), 1.25, rel: 1e-15))
            #expect(try near(s.derivative(at: 1, order: 1), 3.0 / 7, rel: 1e-15))
            #expect(try s.derivative(at: 3, order: 1) == 0)
        }
        let f = try PchipSpline<Float>(x: [0, 1, 3], y: [0, 1, 1.5])
        #expect(try near(f.derivative(at: 1, order: 1), 3.0 / 7, rel: 1e-6))
        // x = [0, 1, 2], y = [0, 1, −4]: m = [1, −5]; left end d = (3·1 + 5)/2 = 4, same sign as
        // m0 but m0, m1 differ in sign and |d| > 3|m0| → 3·m0 = 3. The interior slope is 0.
        let g = try PchipSpline(x: [0.0, 1, 2], y: [0, 1, -4])
        #expect(try g.derivative(at: 0, order: 1) == 3)
        #expect(try g.derivative(at: 1, order: 1) == 0)
    }

    @Test("interpolates, is C¹, and stays monotone on monotone data (Float and Double)")
    func monotone() throws {
        var rng = SplitMix64(seed: 31)
        for trial in 0..<30 {
            let k = 3 + trial % 12
            let x = randomKnots(&rng, k)
            var y = [rng.uniform(-1, 1)]
            for i in 1..<k { y.append(y[i - 1] + (i % 4 == 0 ? 0 : rng.logUniform(1e-3, 10))) }  // flat steps too
            let s = try PchipSpline(x: x, y: y)
            let f = try PchipSpline(x: x.map { Float($0) }, y: y.map { Float($0) })
            for i in 0..<k { #expect(near(s.value(at: x[i]), y[i], rel: 1e-14)) }
            for i in 1..<(k - 1) {
                #expect(near(leftLimit(s.curve, knot: i, order: 0), y[i], rel: 1e-12, scale: 1))
                #expect(near(leftLimit(s.curve, knot: i, order: 1), rightLimit(s.curve, knot: i, order: 1).doubleValue, rel: 1e-12, scale: 1))
            }
            var prev = -Double.infinity, prevF = -Float.infinity
            for j in 0...2000 {
                let t = x[0] + (x[k - 1] - x[0]) * Double(j) / 2000
                let v = s.value(at: t)
                #expect(v >= prev - 1e-12 * max(1, abs(v)))
                #expect(try s.derivative(at: t, order: 1) >= -1e-12)
                prev = v
                let vf = f.value(at: Float(t))
                #expect(vf >= prevF - 4e-6 * max(1, abs(vf)))
                prevF = vf
            }
        }
    }

    @Test("reproduces lines; two knots give the line; extrapolation continues the end pieces")
    func lines() throws {
        let x = [0.0, 0.5, 2, 2.25, 7]
        let s = try PchipSpline(x: x, y: x.map { 3 * $0 - 1 })
        for t in [-3.0, 0.1, 1.7, 2.2, 5, 9] { #expect(near(s.value(at: t), 3 * t - 1, rel: 1e-13, scale: 10)) }
        let two = try PchipSpline(x: [1.0, 2], y: [5, 3])
        #expect(try two.value(at: 4) == -1 && two.derivative(at: 0, order: 2) == 0)
    }

    @Test("multi-channel equals per-channel; errors name the field")
    func channelsAndErrors() throws {
        let x = [0.0, 1, 2.5, 4]
        let v = [0.0, 1, 2, -1, 2.5, 0, 3, 4]
        let multi = try PchipSpline(x: x, values: v, channels: 2)
        for j in 0..<2 {
            let single = try PchipSpline(x: x, y: (0..<4).map { v[$0 * 2 + j] })
            for t in [-1.0, 0.3, 2.5, 3.9, 6] { #expect(try multi.value(at: t, channel: j) == single.value(at: t)) }
        }
        #expect(throws: MotionKernelError.invalidValue("x", "expected at least 2 knots, got 1")) {
            _ = try PchipSpline(x: [1.0], y: [1])
        }
        do {
            _ = try PchipSpline(x: [0.0, 2, 1], y: [1, 2, 3])
            Issue.record("no error")
        } catch let e { #expect(e.field == "x[2]" && e.code == .invalidValue) }
    }
}
