import Testing
@testable import MotionKernel

/// Core Animation media timing mapped onto the timing model. Reference values are worked by
/// hand from CAMediaTiming's definitions: local time = (t − beginTime) × speed; autoreverse plays
/// each repeat forwards then backwards (2 × duration per repeat).
@Suite("MediaTiming")
struct MediaTimingTests {
    func near(_ a: Double?, _ b: Double?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x?, y?): return abs(x - y) <= 1e-12
        default: return false
        }
    }

    @Test("the bell wiggle: 0.1 s legs, autoreverse, repeat 4")
    func wiggle() throws {
        let w = try MediaTiming(duration: 0.1, repeatCount: 4, autoreverses: true)
        #expect(w.legs == 8)
        #expect(abs(w.activeDuration - 0.8) <= 1e-15)
        // Triangle wave 0 → 1 → 0 every 0.2 s, four times.
        for k in 0...16 {
            let t = Double(k) * 0.05
            let phaseInCycle = (Double(k).truncatingRemainder(dividingBy: 4)) / 4  // 0, 1/4, 1/2, 3/4
            let expected = phaseInCycle <= 0.5 ? 2 * phaseInCycle : 2 - 2 * phaseInCycle
            let s = w.sample(parentTime: t)
            if k < 16 {
                #expect(s.phase == .active, "t = \(t)")
                #expect(near(s.progress, expected), "t = \(t): \(String(describing: s.progress)) vs \(expected)")
            } else {
                // fillMode removed: nothing after 0.8 s.
                #expect(s.phase == .after && s.progress == nil)
            }
        }
        // Mid-leg values at a quarter of each leg.
        #expect(near(w.sample(parentTime: 0.025).progress, 0.25))
        #expect(near(w.sample(parentTime: 0.125).progress, 0.75))
        // The last leg (0.7…0.8 s) is the eighth, a backward one.
        #expect(near(w.sample(parentTime: 0.725).progress, 0.75))
        #expect(near(w.sample(parentTime: 0.775).progress, 0.25))
        // With fillMode forwards it ends where it started: back at 0.
        let f = try MediaTiming(duration: 0.1, repeatCount: 4, autoreverses: true, fillMode: .forwards)
        #expect(near(f.sample(parentTime: 0.8).progress, 0))
        #expect(near(f.sample(parentTime: 5).progress, 0))
        // Delayed by beginTime with backwards fill: holds the start.
        let b = try MediaTiming(beginTime: 1, duration: 0.1, repeatCount: 4, autoreverses: true, fillMode: .backwards)
        #expect(near(b.sample(parentTime: 0.5).progress, 0))
        #expect(near(b.sample(parentTime: 1.05).progress, 0.5))
        #expect(b.sample(parentTime: 1.9).progress == nil)
        // An eased wiggle retraces the curve on the way back: value at leg time u is f(1 − u).
        let e = try MediaTiming(duration: 0.1, repeatCount: 4, autoreverses: true, timingFunction: .cubicBezier(.easeInEaseOut))
        let ref = BezierReference(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        #expect(abs(e.sample(parentTime: 0.13).progress! - ref.y(0.7)) <= 1e-9)
        #expect(abs(e.sample(parentTime: 0.03).progress! - ref.y(0.3)) <= 1e-9)
    }

    @Test("duration 0 means 0.25 s; repeatDuration; fractional and infinite repeats")
    func repeats() throws {
        let d = try MediaTiming()
        #expect(d.effectiveDuration == 0.25 && d.activeDuration == 0.25)
        #expect(near(d.sample(parentTime: 0.125).progress, 0.5))
        let rd = try MediaTiming(duration: 0.1, repeatDuration: 0.25, fillMode: .forwards)
        #expect(abs(rd.legs - 2.5) <= 1e-15)
        #expect(near(rd.sample(parentTime: 1).progress, 0.5))
        let rc = try MediaTiming(duration: 1, repeatCount: 1.5, autoreverses: true, fillMode: .forwards)
        // 3 legs: forwards, backwards, forwards; ends at the end of the third leg → 1.
        #expect(near(rc.sample(parentTime: 2.5).progress, 0.5))
        #expect(near(rc.sample(parentTime: 3).progress, 1))
        let forever = try MediaTiming(duration: 1, repeatCount: Double(Float.greatestFiniteMagnitude))
        #expect(forever.legs == .infinity)
        #expect(near(forever.sample(parentTime: 1e6 + 0.25).progress, 0.25))
    }

    @Test("speed, timeOffset and beginTime")
    func timeMapping() throws {
        let fast = try MediaTiming(beginTime: 1, duration: 1, speed: 2)
        #expect(fast.activeLocalTime(parentTime: 1.25) == 0.5)
        #expect(near(fast.sample(parentTime: 1.25).progress, 0.5))
        #expect(fast.sample(parentTime: 1.5).phase == .after)
        // timeOffset 0.25 of a 1 s animation: starts a quarter in, wraps to 0 at 0.75 s, ends at 1 s.
        let off = try MediaTiming(duration: 1, timeOffset: 0.25, fillMode: .forwards)
        #expect(near(off.sample(parentTime: 0).progress, 0.25))
        #expect(near(off.sample(parentTime: 0.5).progress, 0.75))
        #expect(near(off.sample(parentTime: 0.75).progress, 0))
        #expect(near(off.sample(parentTime: 0.9).progress, 0.15))
        #expect(near(off.sample(parentTime: 1).progress, 0.25))
        // Negative offsets wrap the same way: −0.75 ≡ 0.25.
        let neg = try MediaTiming(duration: 1, timeOffset: -0.75)
        #expect(near(neg.sample(parentTime: 0).progress, 0.25))
        // Negative speed plays backwards from beginTime.
        let back = try MediaTiming(beginTime: 1, duration: 1, speed: -1)
        #expect(near(back.sample(parentTime: 0).progress, 1))
        #expect(near(back.sample(parentTime: 0.75).progress, 0.25))
        #expect(back.sample(parentTime: 1).phase == .before)
    }

    @Test("validation names the field")
    func validation() {
        func field(_ f: () throws -> MediaTiming) -> String? {
            do { _ = try f(); return nil } catch let e as MotionKernelError { return e.field } catch { return "?" }
        }
        #expect(field { try MediaTiming(beginTime: .nan) } == "beginTime")
        #expect(field { try MediaTiming(duration: -1) } == "duration")
        #expect(field { try MediaTiming(speed: .infinity) } == "speed")
        #expect(field { try MediaTiming(timeOffset: .infinity) } == "timeOffset")
        #expect(field { try MediaTiming(repeatCount: -1) } == "repeatCount")
        #expect(field { try MediaTiming(repeatDuration: .nan) } == "repeatDuration")
        #expect(field { try MediaTiming(repeatCount: 2, repeatDuration: 1) } == "repeatDuration")
        #expect(field { try MediaTiming(duration: 1, repeatCount: .infinity) } == nil)
    }
}
