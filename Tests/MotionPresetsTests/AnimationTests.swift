import Foundation
import Testing
@testable import MotionPresets

/// Composition semantics worked by hand on linear tweens (v = from + (to − from)·t/d).
@Suite("Animation composition")
struct AnimationTests {
    func x(_ a: Animation, _ t: Double, layer: String = "view") -> Double { a.state(of: layer, at: t)!.translationX }

    @Test("a tween: linear values, holds before (base) and after (end)")
    func tween() throws {
        let a = try Animation.tween(.translationX, from: 10, to: 30, duration: 2)
        #expect(a.duration == 2 && a.layers == ["view"])
        #expect(x(a, -1) == 0)  // base: not started
        #expect(x(a, 0) == 10 && x(a, 0.5) == 15 && x(a, 1.5) == 25 && x(a, 2) == 30 && x(a, 9) == 30)
        #expect(throws: MotionKernelError.self) { try Animation.tween(.opacity, to: 1, duration: -1) }
        #expect(throws: MotionKernelError.self) { try Animation.tween(.opacity, from: .nan, to: 1, duration: 1) }
    }

    @Test("sequence: one after another; nil from chains from where the previous step ended")
    func sequence() throws {
        let a = Animation.sequence([
            try .tween(.translationX, from: 0, to: 10, duration: 1),
            try .tween(.translationX, to: 30, duration: 2),  // from the previous end, 10
            try .tween(.opacity, from: 1, to: 0, duration: 1),
        ])
        #expect(a.duration == 4)
        #expect(x(a, 0.5) == 5 && x(a, 1) == 10 && x(a, 2) == 20 && x(a, 3) == 30 && x(a, 3.5) == 30)
        // The opacity step has not started before 3 s: base opacity.
        #expect(a.state(of: "view", at: 2.9)!.opacity == 1)
        #expect(a.state(of: "view", at: 3.25)!.opacity == 0.75)
    }

    @Test("group: together, the duration is the longest; layers are merged in order")
    func group() throws {
        let a = Animation.group([
            try .tween(layer: "a", .translationX, from: 0, to: 10, duration: 1),
            try .tween(layer: "b", .opacity, from: 1, to: 0, duration: 4),
            try .tween(layer: "a", .translationY, from: 0, to: -8, duration: 2),
        ])
        #expect(a.duration == 4 && a.layers == ["a", "b"])
        let s = a.states(at: 1)
        #expect(s[0].translationX == 10 && s[0].translationY == -4 && s[1].opacity == 0.75)
        #expect(a.states(at: 3)[0].translationX == 10 && a.states(at: 3)[0].translationY == -8)
    }

    @Test("delay and speed")
    func delayAndSpeed() throws {
        let base = try Animation.tween(.translationX, from: 0, to: 8, duration: 2)
        let d = try base.delayed(by: 1)
        #expect(d.duration == 3 && x(d, 0.5) == 0 && x(d, 1) == 0 && x(d, 2) == 4 && x(d, 3) == 8)
        let f = try base.speed(4)
        #expect(f.duration == 0.5 && x(f, 0.25) == 4 && x(f, 0.5) == 8)
        #expect(throws: MotionKernelError.self) { try base.speed(0) }
        #expect(throws: MotionKernelError.self) { try base.delayed(by: -1) }
    }

    @Test("repeat with autoreverses: a triangle wave; whole counts end at the start, fractional part-way")
    func repeats() throws {
        let leg = try Animation.tween(.translationX, from: 0, to: 10, duration: 1)
        let r = try leg.repeated(count: 2, autoreverses: true)
        #expect(r.duration == 4)
        for (t, v) in [(0.0, 0.0), (0.5, 5), (1, 10), (1.5, 5), (2, 0), (2.25, 2.5), (3, 10), (3.75, 2.5), (4, 0), (5, 0)] {
            #expect(x(r, t) == v, "t = \(t)")
        }
        let half = try leg.repeated(count: 1.5, autoreverses: true)  // forward, backward, forward
        #expect(half.duration == 3 && x(half, 2.5) == 5 && x(half, 3) == 10)
        let plain = try leg.repeated(count: 2.5)
        #expect(plain.duration == 2.5 && x(plain, 1.5) == 5 && x(plain, 2.5) == 5)
        #expect(throws: MotionKernelError.self) { try leg.repeated(count: 0) }
    }

    @Test("the final state is exact even when the step times do not add up in binary")
    func exactEnd() throws {
        // 0.1 + 0.2 + 0.3 ≠ 0.6 in Double; every step still ends exactly at its `to`.
        let a = Animation.sequence([
            try .tween(.translationX, from: 0, to: 1, duration: 0.1, timing: .cubicBezier(.easeInEaseOut)),
            try .tween(.rotation, from: 0, to: 0.7, duration: 0.2, timing: .cubicBezier(.easeIn)),
            try .tween(.translationX, to: 0.3, duration: 0.3, timing: .cubicBezier(.easeOut)),
        ])
        let end = a.states(at: a.duration)[0]
        #expect(end.translationX == 0.3 && end.rotation == 0.7)
        // At the boundary between steps the earlier step is at its end exactly.
        #expect(a.states(at: 0.1 + 0.2)[0].rotation == 0.7)
        let frames = try a.frames(fps: 60)
        #expect(frames.last!.time == a.duration && frames.last!.states[0] == end)
    }

    @Test("frame times: 0, 1/fps, … strictly before D, then D itself; fps validated")
    func frameTimes() throws {
        #expect(try FrameTimes.times(duration: 0.5, fps: 4) == [0, 0.25, 0.5])
        #expect(try FrameTimes.times(duration: 0.6, fps: 4) == [0, 0.25, 0.5, 0.6])
        #expect(try FrameTimes.times(duration: 0, fps: 60) == [0])
        // 0.6·10 frames: 0.1·k rounds; the last k/fps < 0.6 is k = 5 (0.5), and 0.6 itself.
        let t = try FrameTimes.times(duration: 0.6, fps: 10)
        #expect(t.count == 7 && t.last == 0.6 && t[5] == 0.5)
        for d in stride(from: 0.0, through: 3.0, by: 0.037) {
            for fps in [24.0, 30, 59.94, 60, 120, 1000] {
                let ts = try FrameTimes.times(duration: d, fps: fps)
                #expect(ts.count == (try FrameTimes.count(duration: d, fps: fps)))
                #expect(ts.last == d && ts.dropLast().allSatisfy { $0 < d })
                // Brute-force count: every k with k/fps < d.
                var k = 0
                while Double(k) / fps < d { k += 1 }
                #expect(ts.count == k + 1, "d \(d) fps \(fps)")
            }
        }
        for bad in [0.0, -1, 1000.5, .infinity, .nan] {
            #expect(throws: MotionKernelError.self) { try FrameTimes.count(duration: 1, fps: bad) }
        }
        #expect(throws: MotionKernelError.self) { try FrameTimes.count(duration: 1e9, fps: 1000) }
    }

    @Test("layer transforms compose translate · rotate · scale (CSS order)")
    func transform() throws {
        let s = LayerState(translationX: 3, translationY: -4, rotation: 0.3, scaleX: 2, scaleY: 0.5, opacity: 0.2)
        // sx, sy are powers of two and the CSS composition only adds exact zeros: each entry is one libm
        // cos/sin (≤ 1 ulp) scaled exactly, so the two sides differ by ≤ 2 ulp(2) = 8.9e-16 < 1e-15.
        #expect(close(s.transform.rowMajor, Reference.matrix(tx: 3, ty: -4, rotation: 0.3, sx: 2, sy: 0.5), 1e-15))
        // The point (1, 0) of the layer: scaled to (2, 0), rotated by 0.3, translated.
        let p = try s.transform.apply(to: Vector3(1, 0, 0))
        // The entries' ≤ 8.9e-16 plus one rounding of the sum (|x| ≤ 5) on each side: ≤ 1.8e-15 < 1e-14.
        #expect(close(p.x, 3 + 2 * cos(0.3), 1e-14) && close(p.y, -4 + 2 * sin(0.3), 1e-14))
        #expect(LayerState.identity.transform.isIdentity)
    }
}
