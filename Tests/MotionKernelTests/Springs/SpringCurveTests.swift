import Testing
@testable import MotionKernel

@Suite("Spring as easing")
struct SpringCurveTests {
    @Test("keyframes deviate from the true curve by at most the tolerance (dense check)", arguments: [0.2, 0.6, 1.0, 2.5])
    func keyframesBound(zeta: Double) throws {
        let s = try Spring<Double>(stiffness: 250, dampingRatio: zeta)
        let c = try SpringCurve(spring: s, initialVelocity: 4)
        for tol in [1e-2, 1e-3, 1e-4] {
            let k = try c.keyframes(tolerance: tol)
            #expect(k.first!.time == 0 && k.first!.value == 0)
            #expect(abs(k.last!.time - c.duration) < 1e-12)
            var maxErr = 0.0
            for i in 1..<k.count {
                let (t0, x0) = k[i - 1], (t1, x1) = k[i]
                for q in 1..<50 {
                    let t = t0 + (t1 - t0) * Double(q) / 50
                    let lin = x0 + (x1 - x0) * Double(q) / 50
                    maxErr = max(maxErr, abs(lin - s.value(at: t, from: 0, to: 1, velocity: 4)))
                }
            }
            #expect(maxErr <= tol, "ζ \(zeta) tol \(tol): \(maxErr) with \(k.count) points")
            // Not grossly oversampled: the bound is within a small factor of the need.
            #expect(maxErr >= tol / 50 || k.count <= 3)
        }
    }

    @Test("CSS linear() string: parses back to stops within tolerance")
    func cssLinear() throws {
        let s = try Spring<Double>(stiffness: 300, dampingRatio: 0.5)
        let c = try SpringCurve(spring: s)
        let css = try c.cssLinear(tolerance: 1e-3)
        #expect(css.hasPrefix("linear(0, ") && css.hasSuffix(" 100%)"))
        let inner = css.dropFirst("linear(".count).dropLast()
        var stops: [(Double, Double)] = []
        for part in inner.split(separator: ",") {
            let f = part.split(separator: " ")
            let v = Double(f[0])!
            let p = f.count > 1 ? Double(f[1].dropLast())! / 100 : 0
            stops.append((p, v))
        }
        var maxErr = 0.0
        for i in 1..<stops.count {
            for q in 0...20 {
                let u = stops[i - 1].0 + (stops[i].0 - stops[i - 1].0) * Double(q) / 20
                let lin = stops[i - 1].1 + (stops[i].1 - stops[i - 1].1) * Double(q) / 20
                maxErr = max(maxErr, abs(lin - c.value(at: u)))
            }
        }
        #expect(maxErr <= 1e-3)
    }

    @Test("u maps to t = u·D: starts at 0, within epsilon of 1 at u = 1")
    func normalized() throws {
        let c = try SpringCurve(spring: try Spring<Double>(response: 0.5, dampingRatio: 0.8))
        #expect(c.value(at: 0) == 0 && c.value(at: -1) == 0)
        #expect(abs(c.value(at: 1) - 1) <= 0.001 + 1e-12)
    }
}
