import Testing
@testable import MotionKernel

@Suite("KochanekBartelsSpline")
struct KochanekBartelsSplineTests {
    @Test("zero parameters: Catmull–Rom (uniform x), centred-difference slopes, lines reproduced")
    func zeroParameters() throws {
        let x = [0.0, 1, 2, 3, 4], y = [0.0, 2, 1, 3, -1]
        let kb = try KochanekBartelsSpline(x: x, y: y)
        let cr = try CatmullRomSpline(x: x, y: y, alpha: 0)
        for t in stride(from: -0.5, through: 4.5, by: 0.1) {
            #expect(near(kb.value(at: t), cr.value(at: t).doubleValue, rel: 1e-14, scale: 5))
        }
        // Uneven x: slope at a knot = (y[i+1] − y[i−1]) / (x[i+1] − x[i−1]); C¹.
        let xu = [0.0, 0.5, 2, 2.5, 6]
        let u = try KochanekBartelsSpline(x: xu, y: y)
        for i in 1..<4 {
            let expected = (y[i + 1] - y[i - 1]) / (xu[i + 1] - xu[i - 1])
            #expect(try near(u.derivative(at: xu[i], order: 1), expected, rel: 1e-14))
            #expect(near(leftLimit(u.curve, knot: i, order: 1), expected, rel: 1e-14))
        }
        let line = try KochanekBartelsSpline<Float>(x: xu.map { Float($0) }, y: xu.map { Float(1 - 2 * $0) })
        for t in [-1.0, 0.2, 1.3, 4, 7] { #expect(near(line.value(at: Float(t)), 1 - 2 * t, rel: 1e-6, scale: 10)) }
    }

    @Test("tension, continuity and bias shape the tangents as the paper's formulas, worked by hand")
    func handWorked() throws {
        // Knot 1 of x = [0, 1, 3], y = [0, 2, 3]: A = 2, B = 1, spacings 1 and 2 (sum 3).
        // t = 0.5, c = −0.5, b = 0.25:
        //   incoming = 0.5·[(1.5)(1.25)·2 + (0.5)(0.75)·1] / 3 = 0.5·(3.75 + 0.375) / 3 = 0.6875
        //   outgoing = 0.5·[(0.5)(1.25)·2 + (1.5)(0.75)·1] / 3 = 0.5·(1.25 + 1.125) / 3 = 0.395833…
        let s = try KochanekBartelsSpline(
            x: [0.0, 1, 3], values: [0, 2, 3], channels: 1, tension: [0, 0.5, 0], continuity: [0, -0.5, 0], bias: [0, 0.25, 0])
        #expect(near(leftLimit(s.curve, knot: 1, order: 1), 0.6875, rel: 1e-15))
        #expect(near(rightLimit(s.curve, knot: 1, order: 1), 2.375 / 6, rel: 1e-15))
        // Tension 1 flattens every tangent; continuity 0 keeps C¹ whatever t and b are.
        let tight = try KochanekBartelsSpline(x: [0.0, 1, 3, 4], y: [0, 2, 3, 1], tension: 1)
        for xi in [0.0, 1, 3] { #expect(try tight.derivative(at: xi, order: 1) == 0) }
        let smooth = try KochanekBartelsSpline(x: [0.0, 1, 3, 4], y: [0, 2, 3, 1], tension: -0.3, bias: 0.7)
        for i in 1...2 {
            #expect(near(leftLimit(smooth.curve, knot: i, order: 1), rightLimit(smooth.curve, knot: i, order: 1).doubleValue, rel: 1e-14))
        }
    }

    @Test("per-key parameter arrays of the wrong length or non-finite are errors")
    func errors() {
        do {
            _ = try KochanekBartelsSpline(x: [0.0, 1, 2], values: [0, 1, 2], channels: 1, tension: [0, 1])
            Issue.record("no error")
        } catch let e { #expect(e.field == "tension") }
        do {
            _ = try KochanekBartelsSpline(x: [0.0, 1, 2], values: [0, 1, 2], channels: 1, bias: [0, .nan, 1])
            Issue.record("no error")
        } catch let e { #expect(e.field == "bias[1]") }
    }
}
