import Testing
@testable import MotionKernelCLI

@Suite("spline.sample")
struct SplineOpsTests {
    @Test("cubic not-a-knot reproduces a cubic, with derivatives, inside and outside the knots")
    func cubic() throws {
        // y = t³ on 0, 1, 2, 3: not-a-knot reproduces it everywhere.
        let base = #""op":"spline.sample","spline":{"kind":"cubic","x":[0,1,2,3],"y":[0,1,8,27]},"at":[-1,0.5,2.5,4]"#
        let v = try opAnswer("{\"id\":1,\(base)}")
        #expect(v.ok && v.id == .number(1))
        for (got, want) in zip(opNumbers(v.result), [-1, 0.125, 15.625, 64]) { #expect(abs(got - want) <= 1e-12 * max(1, abs(want))) }
        let d1 = try opAnswer("{\(base),\"derivative\":1}")
        for (got, want) in zip(opNumbers(d1.result), [3, 0.75, 18.75, 48]) { #expect(abs(got - want) <= 1e-12 * max(1, abs(want))) }
        let d2 = try opAnswer("{\(base),\"derivative\":2,\"precision\":\"float\"}")
        for (got, want) in zip(opNumbers(d2.result), [-6.0, 3, 15, 24]) { #expect(abs(got - want) <= 1e-4 * max(1, abs(want))) }
    }

    @Test("vector items give vector results; every kind and boundary answers")
    func shapes() throws {
        let line = #"{"op":"spline.sample","spline":{"kind":"catmullRom","alpha":0,"x":[0,1,2],"y":[[0,0,0],[1,2,3],[2,4,6]]},"at":[0.5,1.5]}"#
        let a = try opAnswer(line)
        guard case .array(let rows)? = a.result else { Issue.record("not an array"); return }
        #expect(rows.count == 2)
        #expect(opNumbers(rows[0]) == [0.5, 1, 1.5] && opNumbers(rows[1]) == [1.5, 3, 4.5])
        for kind in ["pchip", "akima", "makima", "catmullRom"] {
            let r = try opAnswer(#"{"op":"spline.sample","spline":{"kind":"\#(kind)","x":[0,1,2,4],"y":[1,3,2,2]},"at":[-1,0,1.5,4,5]}"#)
            #expect(r.ok, "\(kind)")
            #expect(opNumbers(r.result).count == 5)
        }
        for b in ["notAKnot", "natural", "clamped", "periodic"] {
            let r = try opAnswer(#"{"op":"spline.sample","spline":{"kind":"cubic","boundary":"\#(b)","x":[0,1,2,4],"y":[1,3,2,1]},"at":[0.5]}"#)
            #expect(r.ok, "\(b)")
        }
        // PCHIP on monotone data: the hand-worked slope 3/7 at x = 1 (see PchipTests).
        let p = try opAnswer(#"{"op":"spline.sample","spline":{"kind":"pchip","x":[0,1,3],"y":[0,1,1.5]},"at":[1],"derivative":1}"#)
        #expect(abs(opNumbers(p.result)[0] - 3.0 / 7) < 1e-15)
    }

    @Test("errors name the field and use the protocol's codes")
    func errors() throws {
        let cases: [(String, String, String)] = [
            (#"{"op":"spline.sample","spline":{"kind":"cubic","x":[0,2,1],"y":[1,2,3]},"at":[0]}"#, "invalidValue", "spline.x[2]"),
            (#"{"op":"spline.sample","spline":{"kind":"cubic","x":[0,1,1],"y":[1,2,3]},"at":[0]}"#, "invalidValue", "spline.x[2]"),
            (#"{"op":"spline.sample","spline":{"kind":"cubic","x":[0],"y":[1]},"at":[0]}"#, "invalidValue", "spline.x"),
            (#"{"op":"spline.sample","spline":{"kind":"cubic","boundary":"periodic","x":[0,1,2],"y":[1,2,3]},"at":[0]}"#, "invalidValue", "spline.y"),
            (#"{"op":"spline.sample","spline":{"kind":"bezier","x":[0,1],"y":[1,2]},"at":[0]}"#, "invalidValue", "spline.kind"),
            (#"{"op":"spline.sample","spline":{"x":[0,1],"y":[1,2]},"at":[0]}"#, "missingField", "spline.kind"),
            (#"{"op":"spline.sample","spline":{"kind":"cubic","y":[1,2]},"at":[0]}"#, "missingField", "spline.x"),
            (#"{"op":"spline.sample","spline":{"kind":"cubic","x":[0,1],"y":[1,2]}}"#, "missingField", "at"),
            (#"{"op":"spline.sample","spline":{"kind":"pchip","boundary":"natural","x":[0,1],"y":[1,2]},"at":[0]}"#, "invalidValue", "spline.boundary"),
            (#"{"op":"spline.sample","spline":{"kind":"cubic","boundary":"free","x":[0,1],"y":[1,2]},"at":[0]}"#, "invalidValue", "spline.boundary"),
            (#"{"op":"spline.sample","spline":{"kind":"catmullRom","alpha":2,"x":[0,1],"y":[1,2]},"at":[0]}"#, "invalidValue", "spline.alpha"),
            (#"{"op":"spline.sample","spline":{"kind":"akima","alpha":0.5,"x":[0,1],"y":[1,2]},"at":[0]}"#, "invalidValue", "spline.alpha"),
            (#"{"op":"spline.sample","spline":{"kind":"cubic","x":[0,1,2],"y":[1,2]},"at":[0]}"#, "invalidValue", "spline.y"),
            (#"{"op":"spline.sample","spline":{"kind":"cubic","x":[0,1],"y":[[1,2],[3]]},"at":[0]}"#, "invalidValue", "spline.y[1]"),
            (#"{"op":"spline.sample","spline":{"kind":"cubic","x":[0,1],"y":[1,[3]]},"at":[0]}"#, "invalidValue", "spline.y[1]"),
            (#"{"op":"spline.sample","spline":{"kind":"cubic","x":[0,1],"y":[1,"a"]},"at":[0]}"#, "invalidValue", "spline.y[1]"),
            (#"{"op":"spline.sample","spline":{"kind":"cubic","x":[0,1],"y":[1,2]},"at":[0],"derivative":3}"#, "invalidValue", "derivative"),
            (#"{"op":"spline.sample","spline":{"kind":"cubic","x":[0,1],"y":[1,2]},"at":[0],"derivative":0.5}"#, "invalidValue", "derivative"),
            (#"{"op":"spline.sample","spline":{"kind":"cubic","x":[0,1],"y":[1,2],"z":1},"at":[0]}"#, "invalidValue", "spline.z"),
            (#"{"op":"spline.sample","spline":{"kind":"cubic","x":[0,1e-50],"y":[1,2]},"at":[0],"precision":"float"}"#, "invalidValue", "spline.x[1]"),
        ]
        for (line, code, field) in cases {
            let a = try opAnswer(line)
            #expect(!a.ok && a.code == code, "\(line)")
            #expect(opMessage(line).hasPrefix(field + ":"), "\(line) → \(opMessage(line))")
        }
        #expect(opMessage(#"{"op":"spline.sample","spline":{"kind":"nope","x":[0,1],"y":[1,2]},"at":[0]}"#).contains("cubic, pchip, akima, makima, catmullRom"))
    }

    @Test("more than 10,000,000 output numbers is invalidValue, not an attempt")
    func outputLimit() throws {
        let at = Array(repeating: "0", count: 2_000_001).joined(separator: ",")
        let line = #"{"op":"spline.sample","spline":{"kind":"cubic","x":[0,1],"y":[[1,2,3,4,5],[1,2,3,4,5]]},"at":["# + at + "]}"
        let a = try opAnswer(line)
        #expect(!a.ok && a.code == "invalidValue")
    }
}
