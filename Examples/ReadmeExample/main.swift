import MotionKernel

// SwiftUI's Spring(duration: 0.5, bounce: 0.3) as a physical spring: k = (2π/0.5)², c = 4π·0.7/0.5.
let spring = try Spring<Double>(duration: 0.5, bounce: 0.3)
let settles = try spring.settlingDuration(epsilon: 0.001)  // exact, not an envelope bound
let (x, v) = spring.state(at: 0.1, from: 0, to: 1)  // the closed form at t = 0.1 s

// UIKit's duration-constrained spring: damping ratio 0.6, within 0.001 of the target from 0.5 s on.
let pop = try Spring<Double>.settling(in: 0.5, dampingRatio: 0.6, epsilon: 0.001)

// SwiftUI's spelling: a displacement from 0 towards `target`, any vector type, exact per component.
let position = try Spring.bouncy.value(target: SIMD2<Double>(100, 40), time: 0.25)

let css = try SpringCurve(spring: spring).cssLinear(tolerance: 0.001).css  // "linear(0, …, 1 100%)"
let eased = CubicBezier.easeInEaseOut.value(at: 0.25)  // Core Animation's default curve
let material = try TimingFunction(css: "cubic-bezier(0.4, 0, 0.2, 1)")  // any CSS <easing-function>
let moved = try TransformOperations<Double>(css: "translate(10px, 20px) rotate(45deg)").matrix

// 10,000 springs (stiffness 50…500) × 120 frames into one row-major Float buffer,
// stepped by exact propagators: no transcendental function per sample.
let n = 10_000
let stiffness = (0..<n).map { Float(50 + 450 * Double($0) / Double(n - 1)) }
let batch = try SpringBatch<Float>(
    stiffness: stiffness, damping: [Float](repeating: 20, count: n),
    from: [Float](repeating: 0, count: n), to: [Float](repeating: 1, count: n))
let frames = try batch.sample(.uniform(start: 0, step: 1.0 / 120, count: 120)).values

print("stiffness \(spring.stiffness)")
print("damping \(spring.damping)")
print("settles \(settles)")
print("state \(x) \(v)")
print("pop.stiffness \(pop.stiffness)")
print("css \(css)")
print("eased \(eased)")
print("material \(material.value(at: 0.5))")
print("moved \(moved.m41) \(moved.m42)")
print("frames \(frames.count) \(frames[0])")
print("position \(position.x) \(position.y)")
