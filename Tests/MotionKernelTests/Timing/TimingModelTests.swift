import Testing
@testable import MotionKernel

/// Reference values worked by hand from W3C Web Animations Level 1 §4 (active duration, phases,
/// active time, overall / simple iteration progress, current iteration, directed and transformed
/// progress), several of them the web-platform-tests cases for these procedures.
@Suite("TimingModel")
struct TimingModelTests {
    func near(_ a: Double?, _ b: Double?, _ tol: Double = 1e-12) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x?, y?): return x == y || abs(x - y) <= tol
        default: return false
        }
    }

    func check(
        _ m: TimingModel, _ t: Double, _ phase: TimingSample.Phase, active: Double?, iteration: Double?,
        progress: Double?, backwards: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let s = m.sample(localTime: t, playingBackwards: backwards)
        #expect(s.phase == phase, "phase at \(t)", sourceLocation: sourceLocation)
        #expect(near(s.activeTime, active), "active time at \(t): \(String(describing: s.activeTime))", sourceLocation: sourceLocation)
        #expect(near(s.currentIteration, iteration), "iteration at \(t): \(String(describing: s.currentIteration))", sourceLocation: sourceLocation)
        #expect(near(s.progress, progress), "progress at \(t): \(String(describing: s.progress))", sourceLocation: sourceLocation)
    }

    @Test("one iteration: phases and fills at the boundaries")
    func basic() throws {
        let none = try TimingModel(duration: 1)
        check(none, -0.5, .before, active: nil, iteration: nil, progress: nil)
        check(none, 0, .active, active: 0, iteration: 0, progress: 0)
        check(none, 0.25, .active, active: 0.25, iteration: 0, progress: 0.25)
        check(none, 1, .after, active: nil, iteration: nil, progress: nil)
        let both = try TimingModel(duration: 1, fill: .both)
        check(both, -0.5, .before, active: 0, iteration: 0, progress: 0)
        // The end of the final iteration: simple progress 0 → 1, iteration floor(1) − 1 = 0.
        check(both, 1, .after, active: 1, iteration: 0, progress: 1)
        check(both, 7, .after, active: 1, iteration: 0, progress: 1)
        // Played backwards, the boundary times belong to the active interval's side they face.
        check(both, 0, .before, active: 0, iteration: 0, progress: 0, backwards: true)
        check(both, 1, .active, active: 1, iteration: 0, progress: 1, backwards: true)
        let backwardsOnly = try TimingModel(duration: 1, fill: .backwards)
        check(backwardsOnly, 2, .after, active: nil, iteration: nil, progress: nil)
        let forwardsOnly = try TimingModel(duration: 1, delay: 1, fill: .forwards)
        check(forwardsOnly, 0.5, .before, active: nil, iteration: nil, progress: nil)
        #expect(forwardsOnly.activeDuration == 1 && forwardsOnly.endTime == 2)
    }

    @Test("delays: positive, negative start delay, negative end delays (WPT active-time cases)")
    func delays() throws {
        check(try TimingModel(duration: 1000, delay: 500), 1000, .active, active: 500, iteration: 0, progress: 0.5)
        check(try TimingModel(duration: 1000, delay: -500), 0, .active, active: 500, iteration: 0, progress: 0.5)
        // Negative delay: before phase never happens at t ≥ 0; with backwards fill at t < 0 the
        // active time is max(t − delay, 0).
        check(
            try TimingModel(duration: 1000, delay: -500, fill: .backwards), -100, .before, active: 400,
            iteration: 0, progress: 0.4)
        // iterations 2.3 from 500: end time 2800, active duration 2300.
        let plain = try TimingModel(duration: 1000, delay: 500, iterations: 2.3, fill: .forwards)
        check(plain, 2800, .after, active: 2300, iteration: 2, progress: 0.3)
        let e1 = try TimingModel(duration: 1000, delay: 500, endDelay: -800, iterations: 2.3, fill: .forwards)
        #expect(e1.endTime == 2000)
        check(e1, 2000, .after, active: 1500, iteration: 1, progress: 0.5)
        check(e1, 1999, .active, active: 1499, iteration: 1, progress: 0.499)
        let e2 = try TimingModel(duration: 1000, delay: 500, endDelay: -2500, iterations: 2.3, fill: .forwards)
        check(e2, 300, .after, active: 0, iteration: 0, progress: 0)
        let e3 = try TimingModel(duration: 1000, delay: 500, endDelay: -4000, iterations: 2.3, fill: .forwards)
        #expect(e3.endTime == 0)
        check(e3, 0, .after, active: 0, iteration: 0, progress: 0)
        check(e3, -1, .before, active: nil, iteration: nil, progress: nil)
        let pos = try TimingModel(duration: 1000, delay: 500, endDelay: 4000, iterations: 2.3, fill: .forwards)
        check(pos, 6800, .after, active: 2300, iteration: 2, progress: 0.3)
        check(pos, 3000, .after, active: 2300, iteration: 2, progress: 0.3)
    }

    @Test("zero duration and zero iterations")
    func zeros() throws {
        // duration 0: at t = 0 the effect is already after (forwards); overall progress = iterations.
        let z = try TimingModel(duration: 0, iterations: 1, fill: .both)
        check(z, -1, .before, active: 0, iteration: 0, progress: 0)
        check(z, 0, .after, active: 0, iteration: 0, progress: 1)
        let z3 = try TimingModel(duration: 0, iterations: 3, fill: .both)
        check(z3, 0, .after, active: 0, iteration: 2, progress: 1)
        let zStart = try TimingModel(duration: 0, iterations: 2, iterationStart: 0.5, fill: .both)
        check(zStart, -1, .before, active: 0, iteration: 0, progress: 0.5)
        check(zStart, 1, .after, active: 0, iteration: 2, progress: 0.5)
        // iterations 0: active duration 0 and simple progress stays 0 (no end-of-iteration rule).
        let i0 = try TimingModel(duration: 1, iterations: 0, fill: .both)
        #expect(i0.activeDuration == 0)
        check(i0, 0, .after, active: 0, iteration: 0, progress: 0)
        let i0s = try TimingModel(duration: 1, iterations: 0, iterationStart: 2.5, fill: .both)
        check(i0s, 3, .after, active: 0, iteration: 2, progress: 0.5)
        let i0z = try TimingModel(duration: 0, iterations: 0, fill: .both)
        check(i0z, 0, .after, active: 0, iteration: 0, progress: 0)
    }

    @Test("infinite iterations and durations")
    func infinities() throws {
        // WPT: duration 0, iterations ∞, fill forwards, finished → iteration ∞, progress 1.
        let zi = try TimingModel(duration: 0, iterations: .infinity, fill: .forwards)
        #expect(zi.activeDuration == 0)
        check(zi, 0, .after, active: 0, iteration: .infinity, progress: 1)
        let zis = try TimingModel(
            duration: 0, iterations: .infinity, iterationStart: 0.25,
            direction: .alternate, fill: .forwards)
        // iteration ∞ counts as forwards: simple progress = iterationStart mod 1.
        check(zis, 0, .after, active: 0, iteration: .infinity, progress: 0.25)
        let inf = try TimingModel(duration: 2, iterations: .infinity)
        #expect(inf.activeDuration == .infinity && inf.endTime == .infinity)
        check(inf, 1e6 + 0.5, .active, active: 1e6 + 0.5, iteration: 500_000, progress: 0.25)
        let infD = try TimingModel(duration: .infinity, iterations: 1, fill: .both)
        check(infD, 1e9, .active, active: 1e9, iteration: 0, progress: 0)
        let infD0 = try TimingModel(duration: .infinity, iterations: 0, iterationStart: 1.5, fill: .both)
        check(infD0, 0, .after, active: 0, iteration: 1, progress: 0.5)
    }

    @Test("directions: reverse, alternate, alternate-reverse")
    func directions() throws {
        let r = try TimingModel(duration: 1, iterations: 2, direction: .reverse, fill: .both)
        check(r, 0.25, .active, active: 0.25, iteration: 0, progress: 0.75)
        check(r, 2, .after, active: 2, iteration: 1, progress: 0)
        let a = try TimingModel(duration: 1, iterations: 2, direction: .alternate, fill: .both)
        check(a, 0.25, .active, active: 0.25, iteration: 0, progress: 0.25)
        check(a, 1, .active, active: 1, iteration: 1, progress: 1)
        check(a, 1.25, .active, active: 1.25, iteration: 1, progress: 0.75)
        check(a, 2, .after, active: 2, iteration: 1, progress: 0)
        let ar = try TimingModel(duration: 1, iterations: 2, direction: .alternateReverse, fill: .both)
        check(ar, 0.25, .active, active: 0.25, iteration: 0, progress: 0.75)
        check(ar, 1.25, .active, active: 1.25, iteration: 1, progress: 0.25)
        check(ar, 2, .after, active: 2, iteration: 1, progress: 1)
        check(ar, -1, .before, active: 0, iteration: 0, progress: 1)
        // iterationStart moves the start inside the cycle; the end rule only fires at whole ends.
        let s = try TimingModel(duration: 1, iterations: 1, iterationStart: 0.5, fill: .forwards)
        check(s, 0, .active, active: 0, iteration: 0, progress: 0.5)
        check(s, 0.5, .active, active: 0.5, iteration: 1, progress: 0)
        check(s, 1, .after, active: 1, iteration: 1, progress: 0.5)
    }

    @Test("the before flag reaches steps() easing")
    func beforeFlag() throws {
        let jumpStart = TimingFunction.steps(try StepsEasing(2, position: .jumpStart))
        // Before phase, going forwards: flag set → jump-start at 0 has not jumped yet.
        let m = try TimingModel(duration: 1, delay: 1, fill: .both, easing: jumpStart)
        check(m, 0.5, .before, active: 0, iteration: 0, progress: 0)
        #expect(m.sample(localTime: 0.5).beforeFlag)
        // Active phase at the same directed progress: no flag → 1/2.
        check(m, 1, .active, active: 0, iteration: 0, progress: 0.5)
        // After phase going backwards (reverse): directed progress 0 with the flag → 0.
        let rev = try TimingModel(duration: 1, direction: .reverse, fill: .forwards, easing: jumpStart)
        check(rev, 1, .after, active: 1, iteration: 0, progress: 0)
        #expect(rev.sample(localTime: 1).beforeFlag)
        // Before phase going backwards (reverse): flag clear; directed progress 1 → 1.
        let revB = try TimingModel(duration: 1, delay: 1, direction: .reverse, fill: .both, easing: jumpStart)
        check(revB, 0, .before, active: 0, iteration: 0, progress: 1)
        #expect(!revB.sample(localTime: 0).beforeFlag)
        // After phase going forwards: flag clear, jump-end at 1 → 1.
        let end = try TimingModel(duration: 1, fill: .forwards, easing: .steps(try StepsEasing(2, position: .jumpEnd)))
        check(end, 1, .after, active: 1, iteration: 0, progress: 1)
        // Zero duration, jump-both in the before phase: step ⌊0⌋ + 1 (jump-both) − 1 (flag) = 0,
        // so 0 (the specification's order; this was 1/3 when the +1 came after the clamp, which
        // WPT transformed-progress.html contradicts).
        let zb = try TimingModel(duration: 0, delay: 1, fill: .both, easing: .steps(try StepsEasing(2, position: .jumpBoth)))
        check(zb, 0, .before, active: 0, iteration: 0, progress: 0)
    }

    @Test("easing applies to directed progress")
    func easing() throws {
        let m = try TimingModel(duration: 2, iterations: 2, direction: .alternate, easing: .cubicBezier(.easeIn))
        let ref = BezierReference(x1: 0.42, y1: 0, x2: 1, y2: 1)
        #expect(abs(m.sample(localTime: 0.5).progress! - ref.y(0.25)) <= 1e-9)
        #expect(abs(m.sample(localTime: 2.5).progress! - ref.y(0.75)) <= 1e-9)
    }

    @Test("unresolved local time is idle; validation names the field")
    func idleAndValidation() throws {
        let s = try TimingModel(duration: 1).sample(localTime: .nan)
        #expect(s.phase == .idle && s.progress == nil && s.activeTime == nil)
        func field(_ f: () throws -> TimingModel) -> String? {
            do { _ = try f(); return nil } catch let e as MotionKernelError { return e.field } catch { return "?" }
        }
        #expect(field { try TimingModel(duration: -1) } == "duration")
        #expect(field { try TimingModel(duration: .nan) } == "duration")
        #expect(field { try TimingModel(delay: .infinity) } == "delay")
        #expect(field { try TimingModel(endDelay: -.infinity) } == "endDelay")
        #expect(field { try TimingModel(iterations: -0.5) } == "iterations")
        #expect(field { try TimingModel(iterationStart: -0.1) } == "iterationStart")
        #expect(field { try TimingModel(iterationStart: .infinity) } == "iterationStart")
        #expect(field { try TimingModel(duration: .infinity, iterations: .infinity) } == nil)
    }
}
