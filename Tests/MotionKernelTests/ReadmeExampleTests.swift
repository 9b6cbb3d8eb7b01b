import Testing
import MotionKernel

/// The README's Swift example, compiled and checked (keep the two in step).
@Test("README example runs and its comments hold")
func readmeExample() throws {
    let n = 1000
    let k = [Float](repeating: 200, count: n), c = [Float](repeating: 20, count: n)
    let from = [Float](repeating: 0, count: n), to = [Float](repeating: 1, count: n), v = [Float](repeating: 0, count: n)

    let pop = try Spring<Double>.settling(in: 0.5, dampingRatio: 0.6, epsilon: 0.001, from: 0, to: 1, initialVelocity: 10)
    let (scale, speed) = pop.state(at: 0.1, from: 0, to: 1, initialVelocity: 10)

    let swiftUI = try Spring<Double>(duration: 0.5, bounce: 0.3)
    let settles = try swiftUI.settlingDuration(epsilon: 0.001)
    let css = try SpringCurve(spring: swiftUI).cssLinear(tolerance: 0.001).css
    let eased = CubicBezier.easeInEaseOut.value(at: 0.25)
    let material = try TimingFunction(css: "cubic-bezier(0.4, 0, 0.2, 1)")
    let moved = try TransformOperations<Double>(css: "translate(10px, 20px) rotate(45deg)").matrix

    let batch = try SpringBatch<Float>(stiffness: k, damping: c, from: from, to: to, initialVelocity: v)
    let frames = try batch.sample(.uniform(start: 0, step: 1.0 / 120, count: 120)).values

    #expect(scale > 0 && scale < 2 && speed.isFinite)
    #expect(abs(swiftUI.stiffness - 157.91) < 0.01 && abs(swiftUI.damping - 17.59) < 0.01)
    #expect(settles > 0 && settles < 2)
    #expect(css.hasPrefix("linear(0, ") && css.hasSuffix(" 100%)"))
    #expect(eased > 0 && eased < 0.25)  // ease-in-out is slower than linear before the midpoint
    #expect(frames.count == n * 120 && frames[0] == 0)
    #expect(material.cssText == "cubic-bezier(0.4, 0, 0.2, 1)" && material.value(at: 0.5) > 0.5)  // fast out
    #expect(moved.m41 == 10 && moved.m42 == 20)  // the translation, applied after the rotation
}
