import Foundation
import MotionKernel
import Testing

// Code written as against SwiftUI's `Spring` (no generic arguments anywhere), with only `try`
// added. Facts from Apple's SwiftUI documentation (developer.apple.com/documentation/swiftui/spring):
// the overview's `Spring(duration: 0.5, bounce: 0.3)` has (mass, stiffness, damping) ≈
// (1.0, 157.9, 17.6) and `Spring(mass: 1, stiffness: 100, damping: 10)` has (duration, bounce)
// ≈ (0.63, 0.5); presets smooth/snappy/bouncy are duration 0.5 with bounce 0/0.15/0.3, and
// `settlingDuration` uses target 1, initial velocity 0, epsilon 0.001.

func unitPosition(time: TimeInterval) throws -> Double {
    let spring = try Spring(duration: 0.5, bounce: 0.3)
    return try spring.position(target: 1.0, time: time)
}

func genericValue<V: VectorArithmetic>(_ spring: Spring<Double>, _ target: V, _ time: TimeInterval) throws -> V {
    try spring.value(target: target, time: time)
}

@Suite("SwiftUI-style spellings compile and infer Spring<Double>")
struct SpringSwiftUIStyleTests {
    @Test("initialisers, presets and evaluation as SwiftUI code writes them")
    func spellings() throws {
        let a = Spring()
        let b = Spring.smooth
        let c: Spring = .snappy
        let d: Spring = .bouncy
        let e = try Spring(duration: 0.5, bounce: 0.3)
        let f = try Spring(duration: 0.4)
        let g = try Spring(mass: 1, stiffness: 100, damping: 10)
        let h = try Spring(mass: 2, stiffness: 100, damping: 100, allowOverDamping: true)
        let i = try Spring(response: 0.5, dampingRatio: 0.8)
        let j = try Spring(settlingDuration: 1, dampingRatio: 0.7)
        let k = try Spring(settlingDuration: 1, dampingRatio: 0.7, epsilon: 0.01)
        let l = try Spring.smooth(duration: 0.3)
        let m = try Spring.snappy(extraBounce: 0.1)
        let n = try Spring.bouncy(duration: 0.7, extraBounce: -0.1)
        let o = try Spring.smooth()
        let all: [Spring<Double>] = [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o]
        #expect(all.count == 15)
        #expect(a == b && a == o)

        let spring = try Spring(duration: 0.5, bounce: 0.3)
        let (mass, stiffness, damping) = (spring.mass, spring.stiffness, spring.damping)
        #expect(mass == 1 && abs(stiffness - 157.9) < 0.05 && abs(damping - 17.6) < 0.05)
        let spring2 = try Spring(mass: 1, stiffness: 100, damping: 10)
        let (duration, bounce) = (spring2.duration, spring2.bounce)
        #expect(abs(duration - 0.63) < 0.005 && abs(bounce - 0.5) < 1e-12)

        var value = 0.0
        var velocity = 0.0
        try spring.update(value: &value, velocity: &velocity, target: 1.0, deltaTime: 1.0 / 60)
        let x = try spring.value(target: 1.0, initialVelocity: 0, time: 1.0 / 60)
        let v = try spring.velocity(target: 1.0, time: 1.0 / 60)
        #expect(value == x && velocity == v)
        let fz = try spring.force(target: 1.0, position: 0.0, velocity: 0.0)
        #expect(fz == spring.stiffness)
        let settle: TimeInterval = try spring.settlingDuration
        let settle2 = try spring.settlingDuration(target: 1.0, initialVelocity: 0, epsilon: 0.001)
        #expect(settle == settle2 && settle > 0)
        #expect(try unitPosition(time: 0) == 0)
        #if !MOTIONKERNEL_NO_FOUNDATION
        let p = try genericValue(spring, CGPoint(x: 3, y: 4), 0.2)
        #expect(p.x == (try spring.value(target: 3.0, time: 0.2)))
        #endif
        let s2 = try spring.value(target: SIMD2<Double>(1, 2), initialVelocity: .zero, time: 0.3)
        #expect(s2.x == (try spring.value(target: 1.0, time: 0.3)))
    }
}
