import Foundation
import Testing
@testable import MotionPresets

/// The animator's UIViewPropertyAnimator semantics, with hand-worked fractions: on the default
/// linear timeline p = p₀ ± (t − t₀)/D; eased and spring continuations against the independent
/// references in PresetTestSupport.
@Suite("Animator")
struct AnimatorTests {
    /// flyAway, the interactive example: D = 2 s.
    func flyAway() throws -> Animator { try Animator(animation: try Preset.flyAway()) }

    /// flyAway, started at 0 s.
    func started() throws -> Animator {
        var a = try flyAway()
        try a.start(at: 0)
        return a
    }

    @Test("start runs 0 → 1 in D; completion makes it inactive at the exact end state")
    func runToEnd() throws {
        var a = try flyAway()
        #expect(a.state == .inactive && !a.isRunning && a.fractionComplete == 0)
        try a.start(at: 1)
        let mid = try a.sample(at: 1.5)
        #expect(mid.state == .active && mid.isRunning && close(mid.fractionComplete, 0.25) && close(mid.fractionVelocity, 0.5))
        #expect(mid.states == a.animation.states(at: 0.5))
        let end = try a.sample(at: 3)
        #expect(end.state == .inactive && !end.isRunning && end.fractionComplete == 1)
        #expect(end.states == a.animation.states(at: 2))
        let later = try a.sample(at: 10)
        #expect(later.fractionComplete == 1 && later.state == .inactive)
    }

    @Test("pause holds the fraction; start resumes with the remaining time")
    func pauseResume() throws {
        var a = try started()
        try a.pause(at: 0.5)
        #expect(a.state == .active && !a.isRunning && close(a.fractionComplete, 0.25))
        #expect(close(try a.sample(at: 4).fractionComplete, 0.25))
        try a.start(at: 4)
        #expect(close(try a.sample(at: 5).fractionComplete, 0.75))
        #expect(try a.sample(at: 5.5).fractionComplete == 1 && (try a.sample(at: 5.5).state) == .inactive)
        #expect(close(try a.sample(at: 5.4999).fractionComplete, 0.99995, 1e-9))
    }

    @Test("drag-to-scrub: pause on began, fraction = start + dx/300 clamped, resume on ended")
    func dragToScrub() throws {
        var a = try started()
        // began at 0.5 s: pause; the pan starts from the current fraction.
        try a.pause(at: 0.5)
        let start = a.fractionComplete
        #expect(close(start, 0.25))
        // changed: dx = 60, −150, 300, 90 points.
        let drags: [(t: Double, dx: Double, expected: Double)] = [(0.6, 60, 0.45), (0.7, -150, 0), (0.8, 300, 1), (0.9, 90, 0.55)]
        for d in drags {
            try a.setFractionComplete(min(1, max(0, start + d.dx / 300)), at: d.t)
            #expect(close(a.fractionComplete, d.expected), "dx \(d.dx)")
            let s = try a.sample(at: d.t)
            #expect(s.state == .active && !s.isRunning)
            #expect(s.states == a.animation.states(at: d.expected * 2))
        }
        // ended at 1.0 s: resume; the remaining 45 % takes 0.9 s.
        try a.start(at: 1.0)
        #expect(close(try a.sample(at: 1.4).fractionComplete, 0.75))
        let done = try a.sample(at: 1.9)
        #expect(done.fractionComplete == 1 && done.state == .inactive && done.states == a.animation.states(at: 2))
        // The same flow as events, sampled at 10 fps.
        let b = try flyAway()
        let frames = try b.frames(
            events: [
                (0, .start), (0.5, .pause), (0.6, .scrub(0.45)), (0.7, .scrub(0)),
                (0.8, .scrub(1)), (0.9, .scrub(0.55)), (1.0, .start),
            ], until: 2, fps: 10)
        let expected: [Double] = [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.45, 0, 1, 0.55, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1, 1]
        #expect(frames.count == 21)
        for (f, e) in zip(frames, expected) { #expect(close(f.fractionComplete, e, 1e-12), "t \(f.time)") }
        #expect(frames.last!.state == .inactive && !frames.last!.isRunning)
    }

    @Test("isReversed while running turns around with the fraction continuous; completes at 0")
    func reverse() throws {
        var a = try started()
        try a.setReversed(true, at: 1)  // p = 0.5
        #expect(a.isReversed && close(a.fractionComplete, 0.5))
        let s = try a.sample(at: 1.5)
        #expect(close(s.fractionComplete, 0.25) && close(s.fractionVelocity, -0.5) && s.isRunning)
        let end = try a.sample(at: 2)
        #expect(end.fractionComplete == 0 && end.state == .inactive && end.states == a.animation.states(at: 0))
        // Reversed while paused: the next start runs back to 0.
        var b = try flyAway()
        try b.setFractionComplete(0.8, at: 0)
        try b.setReversed(true, at: 0)
        try b.start(at: 0)
        let b08 = try b.sample(at: 0.8), b16 = try b.sample(at: 1.6)
        #expect(close(b08.fractionComplete, 0.4) && b16.fractionComplete == 0)
    }

    @Test("continue with a cubic keeps the fraction: p = p₀ + (1 − p₀)·c(τ / (durationFactor·D))")
    func continueCubic() throws {
        var a = try flyAway()
        try a.setFractionComplete(0.4, at: 0)
        try a.continue(at: 1, timing: .cubicBezier(.easeInEaseOut), durationFactor: 0.5)  // 1 s
        for tau in [0.1, 0.25, 0.5, 0.8] {
            let s = try a.sample(at: 1 + tau)
            #expect(close(s.fractionComplete, 0.4 + 0.6 * Reference.ease(tau), 1e-9), "τ \(tau)")
        }
        #expect(try a.sample(at: 2).fractionComplete == 1 && (try a.sample(at: 2).state) == .inactive)
        // durationFactor 0: the remaining share of D, 0.6 · 2 s = 1.2 s.
        var b = try flyAway()
        try b.setFractionComplete(0.4, at: 0)
        try b.continue(at: 0, timing: .cubicBezier(.easeIn))
        #expect(close(try b.sample(at: 0.6).fractionComplete, 0.4 + 0.6 * Reference.bezier(0.42, 0, 1, 1, 0.5), 1e-9))
        #expect(try b.sample(at: 1.2).fractionComplete == 1)
        #expect(throws: MotionKernelError.self) { try b.continue(at: 2, durationFactor: -1) }
    }

    @Test("continue with a spring keeps position and velocity (C¹) and follows the spring's closed form")
    func continueSpring() throws {
        var a = try started()
        let before = try a.sample(at: 0.5)  // p = 0.25, v = 0.5 /s
        let spring = try Spring<Double>(stiffness: 100, dampingRatio: 0.5)
        let curve = try SpringCurve(spring: spring)
        try a.continue(at: 0.5, timing: .spring(curve))
        let after = try a.sample(at: 0.5)
        #expect(close(after.fractionComplete, before.fractionComplete) && close(after.fractionVelocity, before.fractionVelocity))
        // One-sided difference quotients on both sides agree with the velocity 0.5.
        let h = 1e-6
        let right = (try a.sample(at: 0.5 + h).fractionComplete - after.fractionComplete) / h
        #expect(abs(right - 0.5) < 1e-3)
        // The closed form from (0.25, 0.5) towards 1.
        for tau in [0.05, 0.2, 0.4, 0.7] {
            let ref = Reference.spring(stiffness: 100, dampingRatio: 0.5, from: 0.25, to: 1, v0: 0.5, t: tau)
            let s = try a.sample(at: 0.5 + tau)
            #expect(close(s.fractionComplete, ref.x, 1e-12) && close(s.fractionVelocity, ref.v, 1e-10), "τ \(tau)")
        }
        // It completes when settled within 0.001 and lands exactly on 1.
        let settle = try spring.settlingDuration(epsilon: 0.001, from: 0.25, to: 1, initialVelocity: 0.5)
        #expect(try a.sample(at: 0.5 + settle - 1e-6).isRunning)
        let done = try a.sample(at: 0.5 + settle)
        #expect(done.fractionComplete == 1 && done.state == .inactive)

        // Time-scaled by durationFactor: the curve's own duration becomes factor·D; velocity kept.
        var b = try started()
        let vb = try b.sample(at: 0.5)
        try b.continue(at: 0.5, timing: .spring(curve), durationFactor: 0.25)  // 0.5 s
        let ab = try b.sample(at: 0.5)
        #expect(close(ab.fractionVelocity, vb.fractionVelocity) && close(ab.fractionComplete, vb.fractionComplete))
        let scale = curve.duration / 0.5
        let refB = Reference.spring(stiffness: 100, dampingRatio: 0.5, from: 0.25, to: 1, v0: 0.5 / scale, t: 0.1 * scale)
        #expect(close(try b.sample(at: 0.6).fractionComplete, refB.x, 1e-12))
        // Reversing a spring run retargets it towards 0 with the velocity kept.
        try b.setReversed(true, at: 0.6)
        let rv = try b.sample(at: 0.6)
        #expect(close(rv.fractionVelocity, refB.v * scale, 1e-9) && close(rv.fractionComplete, refB.x, 1e-12))
        #expect(try b.sample(at: 20).fractionComplete == 0)
    }

    @Test("pausesOnCompletion keeps the animator active at the end so that it can be reversed")
    func pausesOnCompletion() throws {
        var a = try flyAway()
        a.pausesOnCompletion = true
        try a.start(at: 0)
        let end = try a.sample(at: 2.5)
        #expect(end.state == .active && !end.isRunning && end.fractionComplete == 1)
        try a.setReversed(true, at: 3)
        try a.start(at: 3)
        #expect(close(try a.sample(at: 3.5).fractionComplete, 0.75))
        let back = try a.sample(at: 5)
        #expect(back.fractionComplete == 0 && back.state == .active && !back.isRunning)
    }

    @Test("stop(false) → stopped until finish(at:); stop(true) → inactive; illegal calls name the field")
    func stopAndFinish() throws {
        var a = try started()
        try a.stop(at: 1)
        #expect(a.state == .stopped && !a.isRunning && close(a.fractionComplete, 0.5))
        let a3 = try a.sample(at: 3)
        #expect(close(a3.fractionComplete, 0.5) && a3.state == .stopped)
        func field(_ body: () throws -> Void) -> String? {
            do { try body(); return nil } catch let e as MotionKernelError { return e.field } catch { return nil }
        }
        #expect(field { try a.start(at: 1.1) } == "action")
        #expect(field { try a.setFractionComplete(0.3, at: 1.1) } == "action")
        var end = a, start = a, current = a
        try end.finish(at: 2, position: .end)
        try start.finish(at: 2, position: .start)
        try current.finish(at: 2, position: .current)
        #expect(end.fractionComplete == 1 && start.fractionComplete == 0 && close(current.fractionComplete, 0.5))
        #expect(end.state == .inactive && start.state == .inactive && current.state == .inactive)
        #expect(field { try end.finish(at: 3, position: .end) } == "action")
        var b = try started()
        try b.stop(at: 0.2, withoutFinishing: true)
        #expect(b.state == .inactive && close(b.fractionComplete, 0.1))
        // Scrubbing a running animator, out-of-range fractions, going back in time.
        var c = try started()
        #expect(field { try c.setFractionComplete(0.5, at: 0.1) } == "action")
        try c.pause(at: 0.2)
        #expect(field { try c.setFractionComplete(1.5, at: 0.3) } == "fraction")
        #expect(field { try c.pause(at: 0.1) } == "at")
        #expect(field { _ = try c.sample(at: 0.0) } == "at")
        // Events out of order name their index.
        let e = field { _ = try flyAway().frames(events: [(1, .start), (0.5, .pause)], until: 2, fps: 10) }
        #expect(e == "events[1].at")
        let e2 = field { _ = try flyAway().frames(events: [(0, .start), (0.5, .scrub(0.2))], until: 2, fps: 10) }
        #expect(e2 == "events[1].action")
    }

    @Test("scrubsLinearly false: the scrubbed value is the time share, the curve applies")
    func scrubThroughCurve() throws {
        var a = try Animator(animation: try Preset.spin(), timing: .cubicBezier(.easeInEaseOut))
        try a.setFractionComplete(0.25, at: 0)
        #expect(close(a.fractionComplete, 0.25))  // linear scrubbing (default)
        a.scrubsLinearly = false
        try a.setFractionComplete(0.25, at: 0)
        #expect(close(a.fractionComplete, Reference.ease(0.25), 1e-9))
        // Resuming continues the eased timeline from u = 0.25: after 0.2 s (a quarter of D), u = 0.5.
        try a.start(at: 0)
        #expect(close(try a.sample(at: 0.2).fractionComplete, 0.5, 1e-9))
        // With an eased animator timeline and linear scrubbing, resuming finds u with c(u) = p.
        var b = try Animator(animation: try Preset.spin(), timing: .cubicBezier(.easeInEaseOut))
        try b.setFractionComplete(Reference.ease(0.25), at: 0)
        try b.start(at: 0)
        #expect(close(try b.sample(at: 0.2).fractionComplete, 0.5, 1e-9))
        #expect(try b.sample(at: 0.7).fractionComplete == 1)
    }
}
