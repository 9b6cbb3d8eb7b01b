import Testing
import MotionKernel
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// `timing.sample` and `timingModel.sample` through `Eval.answer(line:)`. Expected values come
/// from the CSS Easing / Web Animations definitions worked by hand, or from the control points
/// the protocol names (the curve evaluation itself is tested in MotionKernelTests).
@Suite("timing ops")
struct TimingOpsTests {
    func run(_ line: String) throws -> (ok: Bool, code: String?, result: JSONValue?, text: String) { try opRun(line) }

    func numbers(_ v: JSONValue?) -> [Double] {
        guard case .array(let a)? = v else { return [] }
        return a.compactMap { if case .number(let d) = $0 { return d } else { return nil } }
    }

    @Test("every name maps to its control points")
    func names() throws {
        let expected: [(String, [Double])] = [
            ("easeIn", [0.42, 0, 1, 1]), ("easeOut", [0, 0, 0.58, 1]), ("easeInEaseOut", [0.42, 0, 0.58, 1]),
            ("default", [0.25, 0.1, 0.25, 1]), ("ease", [0.25, 0.1, 0.25, 1]), ("ease-in", [0.42, 0, 1, 1]),
            ("ease-out", [0, 0, 0.58, 1]), ("ease-in-out", [0.42, 0, 0.58, 1]),
        ]
        let xs = [-0.5, 0, 0.1, 0.3, 0.5, 0.7, 0.9, 1, 1.5]
        for (name, p) in expected {
            let r = try run(#"{"id":1,"op":"timing.sample","timing":"\#(name)","at":[-0.5,0,0.1,0.3,0.5,0.7,0.9,1,1.5]}"#)
            #expect(r.ok, "\(name): \(r.text)")
            let c = try CubicBezier(p[0], p[1], p[2], p[3])
            #expect(numbers(r.result) == xs.map { c.value(at: $0) }, "\(name)")
        }
        let lin = try run(#"{"op":"timing.sample","timing":"linear","at":[-2,0.25,3]}"#)
        #expect(numbers(lin.result) == [-2, 0.25, 3])
    }

    @Test("cubic Béziers extend along their end tangents; ends are exact")
    func bezier() throws {
        // ease: slope y1/x1 = 0.4 below 0; flat (x2 < 1, y2 = 1) above 1.
        let r = try run(#"{"op":"timing.sample","timing":{"cubicBezier":[0.25,0.1,0.25,1]},"at":[-1,0,1,2]}"#)
        #expect(numbers(r.result) == [-0.4, 0, 1, 1])
        // ease-in-out is point-symmetric about (0.5, 0.5).
        let s = try run(#"{"op":"timing.sample","timing":"ease-in-out","at":[0.5,0.2,0.8]}"#)
        let v = numbers(s.result)
        #expect(abs(v[0] - 0.5) <= 1e-12 && abs(v[1] + v[2] - 1) <= 1e-12)
        // Vertical tangent at P0 is flattened outside [0, 1].
        let d = try run(#"{"op":"timing.sample","timing":{"cubicBezier":[0,0.5,0.5,1]},"at":[-1]}"#)
        #expect(numbers(d.result) == [0])
    }

    @Test("steps with positions; default position is end")
    func steps() throws {
        let a = try run(#"{"op":"timing.sample","timing":{"steps":4},"at":[0,0.25,0.5,0.99,1]}"#)
        #expect(numbers(a.result) == [0, 0.25, 0.5, 0.75, 1])
        let b = try run(#"{"op":"timing.sample","timing":{"steps":4,"position":"jump-none"},"at":[0,0.25,0.75,1]}"#)
        #expect(numbers(b.result) == [0, 1.0 / 3, 1, 1])
        let c = try run(#"{"op":"timing.sample","timing":{"steps":4,"position":"jump-both"},"at":[0,0.5,1,-0.5]}"#)
        #expect(numbers(c.result) == [0.2, 0.6, 1, -0.2])
        let d = try run(#"{"op":"timing.sample","timing":{"steps":2,"position":"start"},"at":[0,0.5]}"#)
        #expect(numbers(d.result) == [0.5, 1])
    }

    @Test("float precision rounds to Float")
    func float() throws {
        let r = try run(#"{"op":"timing.sample","precision":"float","timing":"ease","at":[0.3,0.6]}"#)
        for v in numbers(r.result) { #expect(Double(Float(v)) == v) }
        #expect(numbers(r.result).count == 2)
    }

    @Test("errors name the field")
    func errors() throws {
        let cases: [(String, String, String)] = [
            (#"{"op":"timing.sample","timing":{"cubicBezier":[1.5,0,1,1]},"at":[0]}"#, "invalidValue", "timing.cubicBezier[0]"),
            (#"{"op":"timing.sample","timing":{"cubicBezier":[0.5,0,-1,1]},"at":[0]}"#, "invalidValue", "timing.cubicBezier[2]"),
            (#"{"op":"timing.sample","timing":{"cubicBezier":[0.5,0,1]},"at":[0]}"#, "invalidValue", "timing.cubicBezier"),
            (#"{"op":"timing.sample","timing":{"cubicBezier":[0.5,"a",1,1]},"at":[0]}"#, "invalidValue", "timing.cubicBezier[1]"),
            (#"{"op":"timing.sample","timing":"bounce","at":[0]}"#, "invalidValue", "ease-in-out"),
            (#"{"op":"timing.sample","timing":{"steps":0},"at":[0]}"#, "invalidValue", "timing.steps"),
            (#"{"op":"timing.sample","timing":{"steps":1,"position":"jump-none"},"at":[0]}"#, "invalidValue", "timing.steps"),
            (#"{"op":"timing.sample","timing":{"steps":2.5},"at":[0]}"#, "invalidValue", "timing.steps"),
            (#"{"op":"timing.sample","timing":{"steps":2,"position":"middle"},"at":[0]}"#, "invalidValue", "timing.position"),
            (#"{"op":"timing.sample","timing":{"steps":2,"jump":"start"},"at":[0]}"#, "invalidValue", "timing.jump"),
            (#"{"op":"timing.sample","timing":{"steps":2,"cubicBezier":[0,0,1,1]},"at":[0]}"#, "invalidValue", "timing"),
            (#"{"op":"timing.sample","timing":{},"at":[0]}"#, "invalidValue", "timing"),
            (#"{"op":"timing.sample","timing":7,"at":[0]}"#, "invalidValue", "timing"),
            (#"{"op":"timing.sample","timing":{"spring":{"stiffness":100,"damping":0}},"at":[0]}"#, "invalidValue", "timing.spring.damping"),
            (#"{"op":"timing.sample","timing":{"spring":{"stiffness":100}},"at":[0]}"#, "missingField", "timing.spring.damping"),
            (#"{"op":"timing.sample","timing":"ease","at":[0,"x"]}"#, "invalidValue", "at[1]"),
            (#"{"op":"timing.sample","timing":"ease"}"#, "missingField", "at"),
            (#"{"op":"timing.sample","at":[0]}"#, "missingField", "timing"),
            (#"{"op":"timing.sample","timing":"ease","at":[0],"times":[1]}"#, "invalidValue", "times"),
            (#"{"op":"timingModel.sample","timing":{"duration":-1},"at":[0]}"#, "invalidValue", "timing.duration"),
            (#"{"op":"timingModel.sample","timing":{"duration":"infinity"},"at":[0]}"#, "invalidValue", "timing.duration"),
            (#"{"op":"timingModel.sample","timing":{"iterations":-1},"at":[0]}"#, "invalidValue", "timing.iterations"),
            (#"{"op":"timingModel.sample","timing":{"iterationStart":-1},"at":[0]}"#, "invalidValue", "timing.iterationStart"),
            (#"{"op":"timingModel.sample","timing":{"delay":"Infinity"},"at":[0]}"#, "invalidValue", "timing.delay"),
            (#"{"op":"timingModel.sample","timing":{"direction":"sideways"},"at":[0]}"#, "invalidValue", "alternate-reverse"),
            (#"{"op":"timingModel.sample","timing":{"fill":"auto"},"at":[0]}"#, "invalidValue", "timing.fill"),
            (#"{"op":"timingModel.sample","timing":{"easing":{"steps":0}},"at":[0]}"#, "invalidValue", "timing.easing.steps"),
            (#"{"op":"timingModel.sample","timing":{"durration":1},"at":[0]}"#, "invalidValue", "timing.durration"),
            (#"{"op":"timingModel.sample","at":[0]}"#, "missingField", "timing"),
        ]
        for (line, code, needle) in cases {
            let r = try run(line)
            #expect(!r.ok && r.code == code, "\(line) → \(r.text)")
            #expect(r.text.contains(needle), "\(line) → \(r.text)")
        }
    }

    func samples(_ v: JSONValue?) -> [JSONObject] {
        guard case .array(let a)? = v else { return [] }
        return a.compactMap { if case .object(let o) = $0 { return o } else { return nil } }
    }

    @Test("timingModel.sample: defaults, fills, phases")
    func model() throws {
        // Defaults: duration 0, fill none → at 0 the effect is after and does not apply.
        let d = try run(#"{"op":"timingModel.sample","timing":{},"at":[-1,0]}"#)
        let ds = samples(d.result)
        #expect(ds.count == 2)
        #expect(ds[0]["phase"] == .string("before") && ds[0]["progress"] == .null && ds[0]["activeTime"] == .null)
        #expect(ds[1]["phase"] == .string("after") && ds[1]["currentIteration"] == .null)
        // Key order is the protocol's.
        #expect(ds[0].keys == ["phase", "activeTime", "currentIteration", "progress"])

        let a = try run(
            #"{"op":"timingModel.sample","timing":{"duration":1000,"delay":500,"iterations":2.5,"direction":"alternate","fill":"both"},"at":[0,1000,1750,3000,4000]}"#
        )
        let s = samples(a.result)
        #expect(s[0]["phase"] == .string("before") && s[0]["activeTime"] == .number(0) && s[0]["progress"] == .number(0))
        #expect(s[1]["phase"] == .string("active") && s[1]["progress"] == .number(0.5) && s[1]["currentIteration"] == .number(0))
        // 1750: active time 1250 → iteration 1 (reverse) at 0.25 → 0.75.
        #expect(s[2]["currentIteration"] == .number(1) && s[2]["progress"] == .number(0.75))
        // End: active duration 2500 → overall 2.5 → iteration 2 forwards at 0.5.
        #expect(s[3]["phase"] == .string("after") && s[3]["activeTime"] == .number(2500))
        #expect(s[3]["currentIteration"] == .number(2) && s[3]["progress"] == .number(0.5))
        #expect(s[4] == s[3])
    }

    @Test("timingModel.sample: infinite iterations, Infinity strings, the before flag")
    func infinityAndBeforeFlag() throws {
        let z = try run(#"{"op":"timingModel.sample","timing":{"duration":0,"iterations":"Infinity","fill":"forwards"},"at":[0]}"#)
        let zs = samples(z.result)
        #expect(zs[0]["currentIteration"] == .string("Infinity") && zs[0]["progress"] == .number(1))
        let i = try run(#"{"op":"timingModel.sample","timing":{"duration":"Infinity","fill":"both"},"at":[1e6]}"#)
        #expect(samples(i.result)[0]["progress"] == .number(0))
        // steps(2, jump-start) with a delay and backwards fill: before phase has the flag → 0.
        let b = try run(
            #"{"op":"timingModel.sample","timing":{"duration":1,"delay":1,"fill":"both","easing":{"steps":2,"position":"jump-start"}},"at":[0.5,1,1.5,2]}"#)
        let bs = samples(b.result)
        #expect(bs.map { $0["progress"] } == [.number(0), .number(0.5), .number(1), .number(1)])
        // Reverse direction: after phase has the flag: directed progress 0 → jump-start gives 0.
        let r = try run(
            #"{"op":"timingModel.sample","timing":{"duration":1,"direction":"reverse","fill":"forwards","easing":{"steps":2,"position":"jump-start"}},"at":[2]}"#
        )
        #expect(samples(r.result)[0]["progress"] == .number(0))
        // A Bézier easing on the model.
        let e = try run(#"{"op":"timingModel.sample","timing":{"duration":2,"easing":"ease"},"at":[1]}"#)
        #expect(samples(e.result)[0]["progress"] == .number(CubicBezier.ease.value(at: 0.5)))
    }

    @Test("CSS easing strings: keywords keep CSS's control points, CA names keep Core Animation's")
    func cssStrings() throws {
        // step-start = steps(1, start); linear() interpolates between its points.
        let a = try run(#"{"op":"timing.sample","timing":"step-start","at":[0,0.5]}"#)
        #expect(numbers(a.result) == [1, 1])
        let b = try run(#"{"op":"timing.sample","timing":"linear(0, 0.25 50%, 1)","at":[-1,0.25,0.5,0.75,2]}"#)
        #expect(numbers(b.result) == [-0.5, 0.125, 0.25, 0.625, 2.5])
        let c = try run(#"{"op":"timing.sample","timing":"CUBIC-BEZIER(0.42, 0, 1, 1)","at":[0.5]}"#)
        #expect(numbers(c.result) == [CubicBezier.cssEaseIn.value(at: 0.5)])
        let d = try run(#"{"op":"timing.sample","timing":"steps(4, jump-none)","at":[0.25,0.5]}"#)
        #expect(numbers(d.result) == [1.0 / 3, 2.0 / 3])
        for (name, curve) in [("easeIn", CubicBezier.easeIn), ("default", .default), ("ease-in-out", .cssEaseInOut), ("EASE", .ease)] {
            let r = try run(#"{"op":"timing.sample","timing":"\#(name)","at":[0.3]}"#)
            #expect(numbers(r.result) == [curve.value(at: 0.3)], "\(name)")
        }
        // The model's easing and keyframe timing functions take CSS strings too.
        let m = try run(#"{"op":"timingModel.sample","timing":{"duration":1,"easing":"steps(2, jump-both)","fill":"both"},"at":[0.5]}"#)
        #expect(samples(m.result)[0]["progress"] == .number(2.0 / 3))
        // Invalid CSS names the field and the offset.
        let e = try run(#"{"op":"timing.sample","timing":"cubic-bezier(0, 0, 2, 1)","at":[0]}"#)
        #expect(!e.ok && e.code == "invalidValue" && e.text.contains("timing") && e.text.contains("at offset 19"), "\(e.text)")
        let k = try run(#"{"op":"timingModel.sample","timing":{"easing":"linear(1)"},"at":[0]}"#)
        #expect(!k.ok && k.text.contains("timing.easing"), "\(k.text)")
    }

    @Test("timingModel.sample playbackRate: negative moves the boundaries and sets the before flag")
    func playbackRate() throws {
        // web-animations/timing-model/animation-effects/phases-and-states.html, "Phase calculation
        // for a simple animation effect with negative playback rate": duration 1, rate −1.
        let p = try run(#"{"op":"timingModel.sample","timing":{"duration":1},"playbackRate":-1,"at":[-1,0,1,2]}"#)
        #expect(samples(p.result).map { $0["phase"] } == [.string("before"), .string("before"), .string("active"), .string("after")])
        let f = try run(#"{"op":"timingModel.sample","timing":{"duration":1},"at":[-1,0,1,2]}"#)
        #expect(samples(f.result).map { $0["phase"] } == [.string("before"), .string("active"), .string("after"), .string("after")])
        // steps(1, start) with fill both: at local time 0 playing backwards the effect is in the
        // before phase going forwards, so the before flag holds the jump: ⌊0⌋ + 1 − 1 = 0; at 1
        // it is active with progress 1 (the end of the iteration) → 1.
        let s = try run(
            #"{"op":"timingModel.sample","timing":{"duration":1,"fill":"both","easing":"steps(1, start)"},"playbackRate":-2.5,"at":[0,1]}"#)
        #expect(samples(s.result).map { $0["progress"] } == [.number(0), .number(1)])
        #expect(samples(s.result).map { $0["phase"] } == [.string("before"), .string("active")])
        // Reverse direction, after phase going forwards (rate > 0): flag set → 0; played
        // backwards at the same time the effect is active, no flag: directed progress 0 → 1.
        let r = try run(
            #"{"op":"timingModel.sample","timing":{"duration":1,"direction":"reverse","fill":"both","easing":"steps(1, start)"},"playbackRate":-1,"at":[1]}"#)
        #expect(samples(r.result)[0]["phase"] == .string("active") && samples(r.result)[0]["progress"] == .number(1))
        // Rate 0 and positive rates play forwards.
        let z = try run(#"{"op":"timingModel.sample","timing":{"duration":1},"playbackRate":0,"at":[0]}"#)
        #expect(samples(z.result)[0]["phase"] == .string("active"))
        for bad in [#""playbackRate":"fast""#, #""playbackRate":1e999"#] {
            let e = try run(#"{"op":"timingModel.sample","timing":{"duration":1},\#(bad),"at":[0]}"#)
            #expect(!e.ok && e.code == "invalidValue" && e.text.contains("playbackRate"), "\(bad) → \(e.text)")
        }
    }

    @Test("spring timing: u maps to the spring from 0 to 1 at t = u · settlingDuration(0.001)")
    func springTiming() throws {
        let settle = try result(#"{"op":"spring.settle","spring":{"stiffness":100,"dampingRatio":0.5},"epsilon":0.001}"#)
        let D = num(settle, "settlingDuration")
        let r = try run(#"{"op":"timing.sample","timing":{"spring":{"stiffness":100,"dampingRatio":0.5}},"at":[0,0.25,1,1.5]}"#)
        #expect(r.ok)
        guard case .array(let a)? = r.result else { Issue.record("no array"); return }
        let got = a.map { if case .number(let d) = $0 { return d } else { return Double.nan } }
        // Closed form of the under-damped spring from 0 to 1 at rest: 1 − e^{−λt}(cos ωd t + λ/ωd sin ωd t).
        let w0 = 10.0, lam = 5.0, wd = (w0 * w0 - lam * lam).squareRoot()
        for (i, u) in [0.0, 0.25, 1, 1.5].enumerated() {
            let t = u * D
            let x = 1 - Double.exp(-lam * t) * (Double.cos(wd * t) + lam / wd * Double.sin(wd * t))
            #expect(abs(got[i] - x) < 1e-12, "u \(u)")
        }
        #expect(abs(abs(got[2] - 1) - 0.001) < 1e-12)
    }
}
