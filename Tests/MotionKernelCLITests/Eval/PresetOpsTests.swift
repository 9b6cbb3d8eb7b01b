import Foundation
import Testing
import MotionKernel
import MotionPresets
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// `preset.sample`, `presets.list`, `animator.sample` through `Eval.answer(line:)`, and the
/// `preset.objects` batch kind. Expected numbers are worked by hand from the presets'
/// definitions (the presets themselves are tested in MotionPresetsTests).
@Suite("preset ops")
struct PresetOpsTests {
    func run(_ line: String) throws -> (ok: Bool, code: String?, result: JSONValue?, text: String) { try opRun(line) }

    func member(_ v: JSONValue?, _ key: String) -> JSONValue? {
        guard case .object(let o)? = v else { return nil }
        return o[key]
    }

    func num(_ v: JSONValue?) -> Double? {
        if case .number(let d)? = v { return d }
        return nil
    }

    func nums(_ v: JSONValue?) -> [Double] {
        guard case .array(let a)? = v else { return [] }
        return a.compactMap { if case .number(let d) = $0 { return d } else { return nil } }
    }

    func frames(_ r: JSONValue?) -> [JSONValue] {
        guard case .array(let a)? = member(r, "frames") else { return [] }
        return a
    }

    func layer(_ frame: JSONValue, _ name: String) -> (transform: [Double], opacity: Double?) {
        let l = member(member(frame, "layers"), name)
        return (nums(member(l, "transform")), num(member(l, "opacity")))
    }

    func rotation(_ r: Double) -> [Double] { [cos(r), sin(r), 0, 0, -sin(r), cos(r), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] }

    @Test("preset.sample: frames at 0, 1/fps, … and D; one entry per layer; exact ends")
    func sample() throws {
        let r = try run(#"{"id":1,"op":"preset.sample","preset":"spin","fps":10}"#)
        #expect(r.ok, "\(r.text)")
        #expect(num(member(r.result, "duration")) == 0.8)
        let f = frames(r.result)
        #expect(f.count == 9)
        #expect(f.map { num(member($0, "time")) ?? -1 } == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8])
        let first = layer(f[0], "view"), last = layer(f[8], "view")
        #expect(first.transform.count == 16 && first.opacity == 1)
        #expect(zip(first.transform, rotation(-3 * Double.pi / 4)).allSatisfy { abs($0 - $1) < 1e-15 })
        #expect(last.transform == rotation(0))
        // Half-way (0.4 s) the symmetric ease is at half the angle.
        #expect(zip(layer(f[4], "view").transform, rotation(-3 * Double.pi / 8)).allSatisfy { abs($0 - $1) < 1e-12 })
        // Default fps 60; two-layer presets name their layers.
        let t = try run(#"{"op":"preset.sample","preset":"toolbarReveal","options":{"screenHeight":800,"toolbarHeight":50}}"#)
        let tf = frames(t.result)
        #expect(tf.count == 13)  // 0, 1/60, …, 11/60 and 0.2
        let end = tf[12]
        #expect(layer(end, "toolbar").transform[13] == 750 && layer(end, "tabBar").opacity == 0)
        #expect(layer(tf[0], "toolbar").transform[13] == 800 && layer(tf[0], "tabBar").opacity == 1)
        // Options change the numbers; float precision rounds them to Float.
        let s = try run(#"{"op":"preset.sample","preset":"shake","options":{"amplitude":10},"fps":5,"precision":"float"}"#)
        let sf = frames(s.result)
        #expect(layer(sf[0], "view").transform[12] == -10)
        #expect(sf.count == 4 && num(member(sf[1], "time")) == Double(Float(0.2)))
    }

    @Test("preset.sample errors name the field and list the valid choices")
    func errors() throws {
        let cases: [(String, String, String)] = [
            (#"{"op":"preset.sample","preset":"bounce"}"#, "invalidValue", "; expected one of shake, wiggle, pop, spin, toolbarReveal, toolbarHide, flyAway"),
            (#"{"op":"preset.sample"}"#, "missingField", "preset"),
            (
                #"{"op":"preset.sample","preset":"pop","options":{"stiffness":100}}"#, "invalidValue",
                "options.stiffness: unknown option of preset pop; expected one of duration, dampingRatio"
            ),
            (#"{"op":"preset.sample","preset":"pop","options":{"dampingRatio":0}}"#, "invalidValue", "options.dampingRatio: expected 0.01...10"),
            (#"{"op":"preset.sample","preset":"pop","options":{"to":"big"}}"#, "invalidValue", "options.to: expected a number"),
            (#"{"op":"preset.sample","preset":"wiggle","options":{"swings":1.5}}"#, "invalidValue", "options.swings: expected a whole number"),
            (#"{"op":"preset.sample","preset":"spin","fps":0}"#, "invalidValue", "fps"),
            (#"{"op":"preset.sample","preset":"spin","fps":1001}"#, "invalidValue", "fps: expected 0 < fps <= 1000"),
            (#"{"op":"preset.sample","preset":"spin","fps":"60"}"#, "invalidValue", "fps: expected a number"),
            (#"{"op":"preset.sample","preset":"spin","frames":3}"#, "invalidValue", "frames: unknown field"),
            // 3601 s at 1000 fps is 3.6 million frames of 18 numbers: over the 10⁷ limit.
            (#"{"op":"preset.sample","preset":"wiggle","options":{"delay":3600},"fps":1000}"#, "invalidValue", "fps: output of"),
        ]
        for (line, code, message) in cases {
            let r = try run(line)
            #expect(!r.ok && r.code == code, "\(line) → \(r.text)")
            #expect(r.text.contains(message), "\(line) → \(r.text)")
        }
    }

    @Test("presets.list: names, summaries, options with their defaults, layers")
    func list() throws {
        let r = try run(#"{"id":"l","op":"presets.list"}"#)
        guard case .array(let items)? = r.result else { Issue.record("not an array: \(r.text)"); return }
        #expect(items.count == 7)
        let names = items.compactMap { if case .string(let s)? = member($0, "name") { return s } else { return nil } }
        #expect(names == ["shake", "wiggle", "pop", "spin", "toolbarReveal", "toolbarHide", "flyAway"])
        let pop = items[2]
        #expect(num(member(member(pop, "options"), "dampingRatio")) == 0.6)
        #expect(num(member(member(pop, "options"), "initialVelocity")) == 10)
        #expect(num(member(member(pop, "options"), "duration")) == 0.5)
        #expect(num(member(member(items[6], "options"), "width")) == 375)
        #expect(num(member(member(items[3], "options"), "fromAngle")) == -3 * Double.pi / 4)
        if case .string(let s)? = member(pop, "summary") { #expect(!s.isEmpty) } else { Issue.record("no summary") }
        // The defaults fed back as options give the same frames as no options.
        for item in items {
            guard case .string(let name)? = member(item, "name"), case .object(let o)? = member(item, "options") else { continue }
            let withDefaults = try run(#"{"op":"preset.sample","preset":"\#(name)","fps":30,"options":\#(JSONWriter.string(.object(o)))}"#)
            let plain = try run(#"{"op":"preset.sample","preset":"\#(name)","fps":30}"#)
            #expect(withDefaults.ok && withDefaults.result == plain.result, "\(name)")
        }
    }

    @Test("animator.sample: the drag-to-scrub flow as events; fractionComplete, state, running per frame")
    func animator() throws {
        let line =
            #"{"op":"animator.sample","preset":"flyAway","fps":10,"until":2,"events":[{"at":0,"action":"start"},{"at":0.5,"action":"pause"},{"at":0.6,"action":"scrub","fraction":0.45},{"at":0.7,"action":"scrub","fraction":0},{"at":0.8,"action":"scrub","fraction":1},{"at":0.9,"action":"scrub","fraction":0.55},{"at":1.0,"action":"start"}]}"#
        let r = try run(line)
        #expect(r.ok, "\(r.text)")
        let f = frames(r.result)
        #expect(f.count == 21)
        let expected: [Double] = [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.45, 0, 1, 0.55, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1, 1]
        for (fr, e) in zip(f, expected) {
            #expect(abs((num(member(fr, "fractionComplete")) ?? -1) - e) < 1e-12)
        }
        func state(_ i: Int) -> String? { if case .string(let s)? = member(f[i], "state") { return s } else { return nil } }
        func running(_ i: Int) -> Bool? { if case .bool(let b)? = member(f[i], "running") { return b } else { return nil } }
        #expect(state(0) == "active" && running(0) == true)
        #expect(state(6) == "active" && running(6) == false)
        #expect(state(12) == "active" && running(12) == true)
        #expect(state(20) == "inactive" && running(20) == false)
        // The layers show the preset at fraction·D: at the end, flyAway's final transform.
        let preset = try Preset.flyAway()
        let endMatrix = preset.states(at: 2)[0].transform.rowMajor
        #expect(layer(f[20], "view").transform == endMatrix)
        #expect(layer(f[7], "view").transform == preset.states(at: 0)[0].transform.rowMajor)
    }

    @Test("animator.sample: continue with a spring or cubic timing, stop and finish")
    func animatorContinue() throws {
        let spring =
            #"{"op":"animator.sample","preset":"spin","fps":1000,"until":3,"events":[{"at":0,"action":"start"},{"at":0.4,"action":"continue","timing":{"spring":{"stiffness":200,"dampingRatio":0.7}}}]}"#
        let r = try run(spring)
        #expect(r.ok, "\(r.text)")
        let p = frames(r.result).map { num(member($0, "fractionComplete")) ?? -1 }
        // Before 0.4 s the linear timeline (D = 0.8): p = t/0.8; velocity 1.25 /s kept after.
        #expect(abs(p[200] - 0.25) < 1e-12 && abs(p[400] - 0.5) < 1e-12)
        // C¹ at the switch: the one-sided quotients differ only by the O(dt) curvature term
        // a·dt/2, with the spring's acceleration a = k·0.5 − c·1.25 ≈ 75 /s² at the switch.
        let dBefore = (p[400] - p[399]) / 0.001, dAfter = (p[401] - p[400]) / 0.001
        #expect(abs(dBefore - 1.25) < 1e-9 && abs(dAfter - 1.25) < 0.05)
        #expect(p.last == 1)
        let cubic =
            #"{"op":"animator.sample","preset":"spin","fps":10,"until":1,"events":[{"at":0,"action":"scrub","fraction":0.5},{"at":0,"action":"continue","timing":"linear","durationFactor":0.5}]}"#
        let c = frames(try run(cubic).result).map { num(member($0, "fractionComplete")) ?? -1 }
        #expect(zip(c, [0.5, 0.625, 0.75, 0.875, 1, 1, 1, 1, 1, 1, 1]).allSatisfy { abs($0 - $1) < 1e-12 })
        let stop =
            #"{"op":"animator.sample","preset":"spin","fps":10,"until":0.5,"events":[{"at":0,"action":"start"},{"at":0.2,"action":"stop"},{"at":0.4,"action":"finish","position":"end"}]}"#
        let sf = frames(try run(stop).result)
        let states = sf.compactMap { if case .string(let s)? = member($0, "state") { return s } else { return nil } }
        #expect(states == ["active", "active", "stopped", "stopped", "inactive", "inactive"])
        #expect(num(member(sf[3], "fractionComplete")) == 0.25 && num(member(sf[4], "fractionComplete")) == 1)
    }

    @Test("animator.sample errors name the event field")
    func animatorErrors() throws {
        let base = #""op":"animator.sample","preset":"spin","until":1,"#
        let cases: [(String, String)] = [
            (#"{\#(base)"events":[{"at":0,"action":"jump"}]}"#, "events[0].action: unknown action"),
            (#"{\#(base)"events":[{"at":0,"action":"scrub","fraction":2}]}"#, "events[0].fraction: expected 0...1"),
            (#"{\#(base)"events":[{"at":0,"action":"scrub"}]}"#, "events[0].fraction"),
            (#"{\#(base)"events":[{"at":0.5,"action":"start"},{"at":0.2,"action":"pause"}]}"#, "events[1].at"),
            (
                #"{\#(base)"events":[{"at":0,"action":"start"},{"at":0.2,"action":"scrub","fraction":0.1}]}"#,
                "events[1].action: scrubbing needs a paused animator"
            ),
            (#"{\#(base)"events":[{"at":0,"action":"continue","timing":"bouncy"}]}"#, "events[0].timing: unknown timing"),
            (#"{\#(base)"events":[{"at":0,"action":"continue","durationFactor":-1}]}"#, "events[0].durationFactor"),
            (#"{\#(base)"events":[{"at":0,"action":"finish","position":"end"}]}"#, "events[0].action: finish needs a stopped animator"),
            (#"{\#(base)"events":[{"at":0,"action":"start","speed":2}]}"#, "events[0].speed: unknown field"),
            (#"{"op":"animator.sample","preset":"spin","events":[]}"#, "until"),
            (#"{"op":"animator.sample","preset":"spin","until":1}"#, "events"),
            (#"{"op":"animator.sample","preset":"spin","fps":1000,"events":[],"until":100000}"#, "until: output of"),
        ]
        for (line, message) in cases {
            let r = try run(line)
            #expect(!r.ok && r.text.contains(message), "\(line) → \(r.text)")
        }
    }

    @Test("preset.objects batch kind: per-object option columns, frames row = preset at those options")
    func batch() throws {
        let spec =
            #"{"jobs":[{"name":"pops","kind":"preset.objects","preset":"pop","count":3,"options":{"to":[1,2,0.5],"dampingRatio":0.8},"times":[0,0.1,0.25,0.5,1]}]}"#
        let jobs = try BatchSpec.parse(spec)
        let job = try #require(jobs.first)
        #expect(job.rows == 3 && job.columns == 5 * 17 && job.outputs == ["frames"])
        var out = [Double](repeating: .nan, count: 3 * job.columns)
        try out.withUnsafeMutableBufferPointer { try job.evaluate(0..<3, into: [$0]) }
        for (i, to) in [1.0, 2, 0.5].enumerated() {
            let a = try Preset.pop(dampingRatio: 0.8, to: to)
            for (j, t) in [0, 0.1, 0.25, 0.5, 1].enumerated() {
                let s = a.states(at: t)[0]
                let row = Array(out[(i * job.columns + j * 17)..<(i * job.columns + j * 17 + 17)])
                #expect(row == s.transform.rowMajor + [s.opacity], "object \(i) t \(t)")
            }
            #expect(out[i * job.columns + 4 * 17] == to)  // m11 at 1 s: the exact end scale
        }
        func message(_ s: String) -> String {
            do { _ = try BatchSpec.parse(s); return "" } catch let e as MotionKernelError { return e.message } catch { return "\(error)" }
        }
        #expect(
            message(#"{"jobs":[{"kind":"preset.objects","preset":"pop","count":2,"options":{"k":1},"times":[0]}]}"#).hasPrefix(
                "jobs[0].options.k: unknown option"))
        #expect(
            message(#"{"jobs":[{"kind":"preset.objects","preset":"pop","count":2,"options":{"to":[1,5000]},"times":[0]}]}"#).hasPrefix("jobs[0].options.to[1]"))
        #expect(message(#"{"jobs":[{"kind":"preset.objects","preset":"nope","count":2,"times":[0]}]}"#).hasPrefix("jobs[0].preset"))
        #expect(message(#"{"jobs":[{"kind":"preset.objects","preset":"pop","count":2}]}"#).hasPrefix("jobs[0].times"))
    }
}
