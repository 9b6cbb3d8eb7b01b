import Foundation
import MotionKernel
import Testing

@testable import MotionPresets

/// Releasing a scrubbed animator (`Animator.release`): the pointer velocity from the samples, its
/// UIKit projection computed here from the closed form x₀ − v/(1000·ln r), the end chosen from it,
/// and a spring that starts with the gesture's position and velocity (C¹).
@Suite("Animator release")
struct AnimatorReleaseTests {
    /// flyAway (D = 2 s), scrubbed to `fraction` at 0.1 s.
    func scrubbed(_ fraction: Double) throws -> Animator {
        var a = try Animator(animation: try Preset.flyAway())
        try a.pause(at: 0)
        try a.setFractionComplete(fraction, at: 0.1)
        return a
    }

    /// Pointer samples on the line x = x0 + v·τ, every 8 ms from `start` to `end` s.
    func line(_ x0: Double, _ v: Double, from start: Double = 0.01, to end: Double = 0.098) -> [(time: Double, position: Double)] {
        stride(from: start, through: end, by: 0.008).map { ($0, x0 + v * $0) }
    }

    let spring = try! Spring<Double>(stiffness: 300, dampingRatio: 0.8)

    @Test("a fling forward: velocity = pointer velocity / travel, the UIKit projection, a C¹ spring to 1")
    func flingForward() throws {
        var a = try scrubbed(0.3)
        let r = try a.release(at: 0.1, samples: line(100, 500), travel: 400, spring: spring)
        // lsq2 fits a line exactly: the error is the fit's rounding, far below 1e-9.
        #expect(abs(r.velocity - 1.25) <= 1e-9)
        #expect(r.fraction == 0.3)
        let projected = 0.3 - r.velocity / (1000 * Foundation.log(0.998))
        #expect(abs(r.projectedFraction - projected) <= 4 * 0x1p-52 * abs(projected))
        #expect(r.target == 1 && !a.isReversed && a.isRunning)
        // C¹ at release: the same fraction, the gesture's velocity.
        let s0 = try a.sample(at: 0.1)
        #expect(s0.fractionComplete == 0.3 && s0.fractionVelocity == r.velocity)
        // Just after: p(h) − p(0) − v·h is at most ½·max|p''|·h²; |p''| ≤ k·|p − 1| + c·|v| at
        // release (m = 1), and grows by less than a factor of 2 within h.
        let h = 1e-4
        let accel = 300 * 0.7 + 2 * 0.8 * 300.0.squareRoot() * 1.25
        let step = try a.sample(at: 0.1 + h).fractionComplete - 0.3
        #expect(abs(step - r.velocity * h) <= accel * h * h)
        // It completes at the end, inactive.
        let end = try a.sample(at: 5)
        #expect(end.fractionComplete == 1 && end.state == .inactive)
    }

    @Test("a slow drag backwards projects below 0.5: the animator reverses to 0")
    func reverse() throws {
        var a = try scrubbed(0.3)
        let r = try a.release(at: 0.1, samples: line(100, -200), travel: 400, spring: spring)
        #expect(abs(r.velocity + 0.5) <= 1e-9)
        #expect(r.projectedFraction < 0.5 && r.target == 0 && a.isReversed)
        #expect(try a.sample(at: 0.1).fractionVelocity == r.velocity)
        #expect(try a.sample(at: 5).fractionComplete == 0)
    }

    @Test("a pointer that stopped before the release (AOSP's 40 ms rule) gives velocity 0")
    func stoppedPointer() throws {
        var a = try scrubbed(0.7)
        let r = try a.release(at: 0.1, samples: line(100, 3000, from: 0.0, to: 0.05), travel: 400, spring: spring)
        #expect(r.velocity == 0 && r.projectedFraction == 0.7 && r.target == 1)
    }

    @Test("bad input names its field and leaves the animator as it was")
    func failures() throws {
        let a = try scrubbed(0.4)
        func field(_ body: (inout Animator) throws -> Void) -> String? {
            var b = a
            do {
                try body(&b)
                return nil
            } catch let e as MotionKernelError {
                #expect(b.fractionComplete == 0.4 && !b.isRunning)
                return e.field
            } catch { return "\(error)" }
        }
        #expect(field { try $0.release(at: 0.1, samples: [(0.09, 1)], travel: 400, spring: spring) } == "samples")
        #expect(field { try $0.release(at: 0.1, samples: line(0, 1), travel: 0, spring: spring) } == "travel")
        #expect(field { try $0.release(at: 0.1, samples: line(0, 1), travel: .nan, spring: spring) } == "travel")
        #expect(field { try $0.release(at: 0.1, samples: line(0, 1), travel: 1, spring: spring, decelerationRate: 1) } == "decelerationRate")
        #expect(field { try $0.release(at: 0.1, samples: line(0, 1), travel: 1, spring: try Spring(stiffness: 100, damping: 0)) } == "spring")
        #expect(field { try $0.release(at: 0.05, samples: line(0, 1), travel: 1, spring: spring) } == "at")
        // A velocity whose UIKit projection overflows (ln r ≈ −1.1e−16 divides it).
        #expect(
            field { try $0.release(at: 0.1, samples: line(0, 1e300), travel: 1e-3, spring: spring, decelerationRate: 0.9999999999999999) }
                == "samples")
        var stopped = a
        try stopped.stop(at: 0.2)
        #expect(throws: MotionKernelError.self) { try stopped.release(at: 0.3, samples: line(0, 1), travel: 1, spring: spring) }
    }
}
