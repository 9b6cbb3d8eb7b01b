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
                    maxErr = max(maxErr, abs(lin - s.value(at: t, from: 0, to: 1, initialVelocity: 4)))
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
        let css = try c.cssLinear(tolerance: 1e-3).css
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

    /// The stops of a `linear()` string, parsed as a browser reads them (first stop 0%, last
    /// 100% when omitted; here every stop but the first carries its percentage).
    static func parse(_ css: String) -> [(p: Double, v: Double)] {
        let inner = css.dropFirst("linear(".count).dropLast()
        return inner.split(separator: ",").map { part in
            let f = part.split(separator: " ")
            return (f.count > 1 ? Double(f[1].dropLast())! / 100 : 0, Double(f[0])!)
        }
    }

    /// linear() evaluated as CSS Easing 2 defines it for p in [0, 1]: linear interpolation
    /// between the stops that bracket p.
    static func evaluate(_ stops: [(p: Double, v: Double)], _ p: Double) -> Double {
        var i = 1
        while i < stops.count - 1 && stops[i].p < p { i += 1 }
        let a = stops[i - 1], b = stops[i]
        return b.p == a.p ? b.v : a.v + (b.v - a.v) * (p - a.p) / (b.p - a.p)
    }

    @Test(
        "cssLinear: certified maxError <= tolerance and bounds the printed curve's distance to an independent RK4 solution",
        arguments: [(0.2, 0.0), (0.6, 4.0), (1.0, -2.0), (2.5, 0.0)])
    func cssLinearCertified(zeta: Double, v0: Double) throws {
        let s = try Spring<Double>(stiffness: 250, dampingRatio: zeta)
        let c = try SpringCurve(spring: s, initialVelocity: v0)
        for tol in [1e-2, 1e-3, 1e-4] {
            let r = try c.cssLinear(tolerance: tol)
            let stops = Self.parse(r.css)
            let parsed = try TimingFunction(css: r.css)
            #expect(r.maxError <= tol && r.maxError > 0)
            #expect(r.points == stops.count && r.stops.count == stops.count)
            #expect(r.duration == c.duration)
            #expect(stops.first!.p == 0 && stops.last!.p == 1)
            for i in 1..<stops.count { #expect(stops[i].p > stops[i - 1].p) }
            // RK4 on x″ = −2λx′ − ω₀²(x − 1) with step h, ω₀h ≤ 2e-3: local error ≤ (ω₀h)⁵/120 ·
            // |state| per step, so over n = D/h steps the global error stays below 1e-9 (the
            // motion is bounded by 3 here and damped).
            let n = 40_000
            let h = c.duration / Double(n)
            #expect(s.angularFrequency * h <= 2e-3)
            func f(_ x: Double, _ v: Double) -> (Double, Double) { (v, -2 * s.decayRate * v - s.stiffness * (x - 1)) }
            var x = 0.0, v = v0, maxSeen = 0.0
            for k in 0...n {
                if k % 20 == 0 {
                    let p = Double(k) / Double(n)
                    maxSeen = max(maxSeen, abs(Self.evaluate(stops, p) - x), abs(parsed.value(at: p) - x))
                }
                let k1 = f(x, v), k2 = f(x + h / 2 * k1.0, v + h / 2 * k1.1)
                let k3 = f(x + h / 2 * k2.0, v + h / 2 * k2.1), k4 = f(x + h * k3.0, v + h * k3.1)
                x += h / 6 * (k1.0 + 2 * k2.0 + 2 * k3.0 + k4.0)
                v += h / 6 * (k1.1 + 2 * k2.1 + 2 * k3.1 + k4.1)
            }
            #expect(maxSeen <= r.maxError + 1e-9, "ζ \(zeta) tol \(tol): seen \(maxSeen), certified \(r.maxError)")
        }
    }

    @Test("cssLinear rejects bad tolerances, naming the field")
    func cssLinearErrors() throws {
        let c = try SpringCurve(spring: try Spring<Double>(stiffness: 300, dampingRatio: 0.5))
        for bad in [0, -1, 2, 1e-7, .nan, .infinity] {
            #expect(throws: MotionKernelError.self) { try c.cssLinear(tolerance: bad) }
            do { _ = try c.cssLinear(tolerance: bad) } catch let e { #expect(e.field == "tolerance") }
        }
    }

    @Test("a curve over a given duration: accepted at or after the settling duration, rejected before")
    func givenDuration() throws {
        let s = try Spring<Double>.settling(in: 0.5, dampingRatio: 0.6, epsilon: 0.001, initialVelocity: 10)
        let c = try SpringCurve(spring: s, initialVelocity: 10, epsilon: 0.001, duration: 0.5)
        #expect(c.duration == 0.5)
        #expect(abs(c.value(at: 1) - 1) <= 0.001 + 1e-12)
        let r = try c.cssLinear(tolerance: 1e-3)
        #expect(r.duration == 0.5 && r.maxError <= 1e-3)
        #expect(throws: MotionKernelError.self) { try SpringCurve(spring: s, initialVelocity: 10, epsilon: 0.001, duration: 0.3) }
        #expect(throws: MotionKernelError.self) { try SpringCurve(spring: s, epsilon: 0.001, duration: -1) }
    }
}
