import Foundation
import Testing
@testable import MotionPresets

/// Each preset pinned to its definition: values at the key instants (worked by hand, eased
/// values from an independent bisection Bézier, the spring from its textbook closed form),
/// continuity between frames, and the exact end state.
@Suite("Presets")
struct PresetTests {
    /// The largest change of any matrix entry or opacity between consecutive frames.
    func maxStep(_ frames: [Frame]) -> Double {
        var m = 0.0
        for (a, b) in zip(frames, frames.dropFirst()) {
            for (sa, sb) in zip(a.states, b.states) {
                let d = zip(sa.transform.rowMajor, sb.transform.rowMajor).map { abs($0 - $1) }.max() ?? 0
                m = max(m, d, abs(sa.opacity - sb.opacity))
            }
        }
        return m
    }

    @Test("shake: −20, 20, −20, 20, −10, 10, −5, 5, 0 evenly over 0.6 s, linear")
    func shake() throws {
        let a = try Preset.shake()
        #expect(a.duration == 0.6 && a.layers == ["view"])
        let keys: [Double] = [-20, 20, -20, 20, -10, 10, -5, 5, 0]
        for (i, v) in keys.enumerated() {
            let t = 0.6 * Double(i) / 8
            #expect(close(a.states(at: t)[0].translationX, v, 1e-12), "key \(i)")
            if i < 8 {
                // Linear: the midpoint of each segment is the mean of its keys.
                #expect(close(a.states(at: t + 0.0375)[0].translationX, (v + keys[i + 1]) / 2, 1e-9), "mid \(i)")
            }
        }
        let frames = try a.frames(fps: 1000)
        // Continuity: the steepest segment moves 40 pt per 0.075 s; a 1 ms frame ≤ 0.5334 pt.
        #expect(maxStep(frames) <= 40 / 0.075 / 1000 + 1e-9)
        #expect(frames.last!.time == 0.6 && frames.last!.states[0].transform.isIdentity)
        #expect(close(frames[0].states[0].transform.rowMajor, Reference.matrix(tx: -20)))
        // The amplitude option scales the keys.
        let small = try PresetRegistry.named("shake").make(options: ["amplitude": 10])
        #expect(close(small.states(at: 0.075)[0].translationX, 10))
    }

    @Test("wiggle: key instants 1.0 … 2.0 s, eased legs, continuous return leg, total 2.0 s")
    func wiggle() throws {
        let a = try Preset.wiggle()
        #expect(close(a.duration, 2.0, 1e-12))
        let deg = Double.pi / 180
        func angle(_ t: Double) -> Double { a.states(at: t)[0].rotation }
        // Identity until the delay ends.
        for t in [0.0, 0.5, 0.99, 1.0] { #expect(angle(t) == 0) }
        // Key instants: −5° at 1.1; +5° at 1.2, 1.4, 1.6, 1.8; −5° at 1.3, 1.5, 1.7, 1.9; 0 at 2.0.
        #expect(close(angle(1.1), -5 * deg, 1e-12))
        for k in 0..<4 {
            #expect(close(angle(1.2 + 0.2 * Double(k)), 5 * deg, 1e-9), "peak \(k)")
            #expect(close(angle(1.3 + 0.2 * Double(k)), -5 * deg, 1e-9), "trough \(k)")
        }
        #expect(angle(a.duration) == 0 && a.states(at: a.duration)[0].transform.isIdentity)
        // Eased legs (ease-in-ease-out, symmetric: half-way at the middle of each leg).
        #expect(close(angle(1.05), -2.5 * deg, 1e-9))
        #expect(close(angle(1.15), 0, 1e-9))
        #expect(close(angle(1.95), -2.5 * deg, 1e-9))
        // A quarter into the first swing (forward, −5° → +5°) and into the first backward leg.
        #expect(close(angle(1.125), -5 * deg + 10 * deg * Reference.ease(0.25), 1e-9))
        #expect(close(angle(1.225), 5 * deg - 10 * deg * Reference.ease(0.25), 1e-9))
        // The return leg starts where the swings end (−5°), not at the model value +5°: at
        // 1.9 + 1 ms the angle is within a hair of −5°.
        #expect(abs(angle(1.901) - -5 * deg) < 0.01 * deg)
        let frames = try a.frames(fps: 1000)
        // Max speed of a 10° ease-in-out leg in 0.1 s: 10° · y′max / 0.1 s, y′max = ease slope at 0.5.
        let slope = (Reference.ease(0.5 + 1e-6) - Reference.ease(0.5 - 1e-6)) / 2e-6
        let maxAngleStep = 10 * deg * slope / 0.1 / 1000
        #expect(maxStep(frames) <= maxAngleStep * 1.01)
        // With other options: 2 swings, 10°, legs of 0.2 s, delay 0.5 → 0.5 + 6·0.2 = 1.7 s.
        let b = try Preset.wiggle(delay: 0.5, legDuration: 0.2, degrees: 10, swings: 2)
        #expect(close(b.duration, 1.7, 1e-12))
        #expect(close(b.states(at: 0.7)[0].rotation, -10 * deg, 1e-9) && close(b.states(at: 0.9)[0].rotation, 10 * deg, 1e-9))
        #expect(close(b.states(at: 1.5)[0].rotation, -10 * deg, 1e-9) && b.states(at: 1.7)[0].rotation == 0)
        #expect(close(try Preset.wiggle(swings: 0).duration, 1.2, 1e-12))
        #expect(throws: MotionKernelError.self) { try Preset.wiggle(swings: -1) }
    }

    @Test("pop: scale 0 → 1 on the least stiff ζ 0.6 spring (v0 = 10/s) settled by 0.5 s")
    func pop() throws {
        let spring = try Preset.popSpring()
        let k = spring.stiffness
        #expect(close(spring.dampingRatio, 0.6, 1e-12) && spring.mass == 1)
        // Definition: settled (|x − 1| ≤ 0.001) at every t ≥ 0.5 …
        func dev(_ k: Double, _ t: Double) -> Double {
            abs(Reference.spring(stiffness: k, dampingRatio: 0.6, from: 0, to: 1, v0: 10, t: t).x - 1)
        }
        var worst = 0.0
        for i in 0...20000 { worst = max(worst, dev(k, 0.5 + Double(i) * 1e-4)) }
        #expect(worst <= 0.001 * (1 + 1e-9))
        // … and the least stiff such spring: 0.1 % softer leaves the band after 0.5 s.
        var softerWorst = 0.0
        for i in 0...20000 { softerWorst = max(softerWorst, dev(k * 0.999, 0.5 + Double(i) * 1e-4)) }
        #expect(softerWorst > 0.001)
        // The preset follows the closed form, ends exactly at 1.
        let a = try Preset.pop()
        #expect(a.duration == 0.5)
        for t in stride(from: 0.0, to: 0.5, by: 0.01) {
            let sRef = Reference.spring(stiffness: k, dampingRatio: 0.6, from: 0, to: 1, v0: 10, t: t).x
            let st = a.states(at: t)[0]
            #expect(close(st.scaleX, sRef, 1e-12) && st.scaleY == st.scaleX, "t = \(t)")
        }
        #expect(a.states(at: 0)[0].scaleX == 0)
        let frames = try a.frames(fps: 240)
        #expect(frames.last!.time == 0.5 && frames.last!.states[0].transform.isIdentity)
        // Continuous: frames move at most max|v|·dt, plus the jump into the exact end (≤ ε).
        var vmax = 0.0
        for i in 0...5000 {
            vmax = max(vmax, abs(Reference.spring(stiffness: k, dampingRatio: 0.6, from: 0, to: 1, v0: 10, t: Double(i) * 1e-4).v))
        }
        #expect(maxStep(frames) <= vmax / 240 * 1.001 + 0.001)
        // UIKit-relative velocity scales with the distance: from 1 to 3 at v = 10 → 20 /s.
        let big = try Preset.pop(from: 1, to: 3)
        let kb = try Preset.popSpring(from: 1, to: 3).stiffness
        #expect(close(kb, k, 1e-6 * k))  // the same motion in units of the distance
        #expect(close(big.states(at: 0.1)[0].scaleX, Reference.spring(stiffness: kb, dampingRatio: 0.6, from: 1, to: 3, v0: 20, t: 0.1).x, 1e-12))
        #expect(throws: MotionKernelError.self) { try Preset.pop(from: 1, to: 1) }
    }

    @Test("spin: −3π/4 → 0 over 0.8 s, ease-in-ease-out")
    func spin() throws {
        let a = try Preset.spin()
        #expect(a.duration == 0.8)
        #expect(a.states(at: 0)[0].rotation == -3 * Double.pi / 4)
        #expect(close(a.states(at: 0.4)[0].rotation, -3 * Double.pi / 8, 1e-12))
        for t in [0.1, 0.2, 0.3, 0.5, 0.7] {
            #expect(close(a.states(at: t)[0].rotation, -3 * Double.pi / 4 * (1 - Reference.ease(t / 0.8)), 1e-9), "t = \(t)")
        }
        let frames = try a.frames(fps: 60)
        #expect(frames.count == 49 && frames.last!.time == 0.8 && frames.last!.states[0].transform.isIdentity)
        #expect(close(frames[0].states[0].transform.rowMajor, Reference.matrix(rotation: -3 * Double.pi / 4), 1e-15))
    }

    @Test("toolbarReveal / toolbarHide: translation from the bottom edge by the toolbar height; tab bar fades")
    func toolbar() throws {
        let r = try Preset.toolbarReveal(screenHeight: 800, toolbarHeight: 50)
        #expect(r.layers == ["toolbar", "tabBar"] && r.duration == 0.2)
        #expect(r.states(at: 0)[0].translationY == 800 && r.states(at: 0)[1].opacity == 1)
        #expect(close(r.states(at: 0.1)[0].translationY, 775, 1e-12) && close(r.states(at: 0.1)[1].opacity, 0.5, 1e-12))
        #expect(close(r.states(at: 0.05)[1].opacity, 1 - Reference.ease(0.25), 1e-9))
        let end = r.states(at: 0.2)
        #expect(end[0].translationY == 750 && end[1].opacity == 0)
        #expect(close(end[0].transform.rowMajor, Reference.matrix(ty: 750)))
        let h = try Preset.toolbarHide()
        #expect(h.states(at: 0)[0].translationY == 623 && h.states(at: 0)[1].opacity == 0)
        #expect(h.states(at: 0.2)[0].translationY == 667 && h.states(at: 0.2)[1].opacity == 1)
        // Hide is reveal played backwards.
        let rv = try Preset.toolbarReveal()
        for t in stride(from: 0.0, through: 0.2, by: 0.025) {
            #expect(close(h.states(at: t)[0].translationY, rv.states(at: 0.2 - t)[0].translationY, 1e-9))
        }
    }

    @Test("flyAway: the centre passes (0.8 w, 0.85 h) at 40 % progress and ends at (w + viewHeight, 0.6 h), rotated π/2")
    func flyAway() throws {
        let w = 375.0, h = 667.0, vh = 100.0
        let a = try Preset.flyAway()
        #expect(a.duration == 2.0)
        let x0 = 0.5 * w, y0 = 0.5 * h
        func centre(_ t: Double) -> (Double, Double, Double) {
            let s = a.states(at: t)[0]
            return (x0 + s.translationX, y0 + s.translationY, s.rotation)
        }
        #expect(a.states(at: 0)[0].transform.isIdentity)
        // Eased progress q = 0.4 at t = 2·ease⁻¹(0.4): the middle keyframe.
        let tMid = 2 * Reference.easeInverse(0.4)
        let mid = centre(tMid)
        #expect(close(mid.0, 0.8 * w, 1e-6) && close(mid.1, 0.85 * h, 1e-6) && close(mid.2, 0.4 * Double.pi / 2, 1e-9))
        let end = centre(2.0)
        #expect(close(end.0, w + vh) && close(end.1, 0.6 * h) && end.2 == Double.pi / 2)
        // Rotation follows the same eased progress.
        #expect(close(centre(0.5).2, Double.pi / 2 * Reference.ease(0.25), 1e-9))
        // Cubic keyframes are C¹ through the middle key: one-sided difference quotients agree.
        let e = 1e-5
        let l = centre(tMid - e), r = centre(tMid + e)
        let dl = ((mid.0 - l.0) / e, (mid.1 - l.1) / e), dr = ((r.0 - mid.0) / e, (r.1 - mid.1) / e)
        #expect(abs(dl.0 - dr.0) < 1e-2 * max(1, abs(dl.0)) && abs(dl.1 - dr.1) < 1e-2 * max(1, abs(dl.1)))
        let frames = try a.frames(fps: 120)
        #expect(frames.last!.time == 2.0)
        #expect(
            close(
                frames.last!.states[0].transform.rowMajor,
                Reference.matrix(tx: w + vh - x0, ty: 0.6 * h - y0, rotation: Double.pi / 2), 1e-12))
        // Continuity: no frame jumps more than a few points.
        var worst = 0.0
        for (p, q) in zip(frames, frames.dropFirst()) {
            worst = max(worst, abs(p.states[0].translationX - q.states[0].translationX), abs(p.states[0].translationY - q.states[0].translationY))
        }
        #expect(worst < 10)
        // Options: other bounds move the keys.
        let b = try Preset.flyAway(width: 1000, height: 500, viewHeight: 40)
        let bm = b.states(at: tMid)[0]
        #expect(close(500 + bm.translationX, 800, 1e-6) && close(250 + bm.translationY, 425, 1e-6))
        #expect(close(500 + b.states(at: 2)[0].translationX, 1040, 1e-9))
    }

    @Test("registry: names, defaults equal the Preset defaults, option validation names the option")
    func registry() throws {
        #expect(PresetRegistry.all.map(\.name) == ["shake", "wiggle", "pop", "spin", "toolbarReveal", "toolbarHide", "flyAway"])
        let pairs: [(String, Animation)] = [
            ("shake", try Preset.shake()), ("wiggle", try Preset.wiggle()), ("pop", try Preset.pop()), ("spin", try Preset.spin()),
            ("toolbarReveal", try Preset.toolbarReveal()), ("toolbarHide", try Preset.toolbarHide()), ("flyAway", try Preset.flyAway()),
        ]
        for (name, direct) in pairs {
            let d = try PresetRegistry.named(name)
            let viaRegistry = try d.make()
            #expect(viaRegistry.layers == d.layers && viaRegistry.duration == direct.duration, "\(name)")
            for t in try FrameTimes.times(duration: direct.duration, fps: 30) {
                #expect(viaRegistry.states(at: t) == direct.states(at: t), "\(name) t \(t)")
            }
        }
        func error(_ body: () throws -> Animation) -> MotionKernelError? {
            do { _ = try body(); return nil } catch let e as MotionKernelError { return e } catch { return nil }
        }
        let unknown = error { try PresetRegistry.named("pop").make(options: ["stiffness": 3]) }
        #expect(unknown?.field == "stiffness" && unknown?.reason.contains("dampingRatio") == true)
        #expect(error { try PresetRegistry.named("pop").make(options: ["dampingRatio": -1]) }?.field == "dampingRatio")
        #expect(error { try PresetRegistry.named("wiggle").make(options: ["swings": 2.5]) }?.field == "swings")
        #expect(error { try PresetRegistry.named("spin").make(options: ["duration": .infinity]) }?.field == "duration")
        #expect(error { try PresetRegistry.named("pop").make(options: ["from": 1]) }?.field == "to")
        #expect(throws: MotionKernelError.self) { try PresetRegistry.named("bounce") }
    }
}
