import Testing
import MotionKernel
@testable import MotionKernelCLI
@testable import MotionKernelEval

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

    @Test("boundary [start, end] with values: SciPy's bc_type pairs, mixed orders, per-channel values, named ends")
    func endValues() throws {
        // The protocol passes the pair to CubicSpline unchanged: the answer equals the Swift API's
        // (whose SciPy agreement is tested in CubicSplineTests) to the JSON round trip, exact.
        let x = [0.0, 0.5, 1.25, 2], y = [1.0, -1, 0.5, 2]
        let swift = try CubicSpline(
            x: x, y: y, boundary: .ends(start: .firstDerivative([2]), end: .secondDerivative([-1])))
        let times = [-0.5, 0.25, 1, 2.5]
        for d in 0...2 {
            let line =
                #"{"op":"spline.sample","spline":{"kind":"cubic","boundary":[[1,2.0],[2,-1.0]],"x":[0,0.5,1.25,2],"y":[1,-1,0.5,2]},"at":[-0.5,0.25,1,2.5],"derivative":\#(d)}"#
            #expect(opNumbers(try opAnswer(line).result) == (try swift.sample(at: times, derivative: d)), "derivative \(d)")
        }
        // Vector items: one number for every channel, or one per channel; named ends mix in.
        let v = [0.0, 1, 1, 0, 2, 2, 3, -1]
        let vector = try CubicSpline(
            x: x, values: v, channels: 2, boundary: .ends(start: .firstDerivative([0.5, -2]), end: .notAKnot))
        let a = try opAnswer(
            #"{"op":"spline.sample","spline":{"kind":"cubic","boundary":[[1,[0.5,-2]],"notAKnot"],"x":[0,0.5,1.25,2],"y":[[0,1],[1,0],[2,2],[3,-1]]},"at":[0.25]}"#
        )
        guard case .array(let rows)? = a.result else { Issue.record("not an array"); return }
        #expect(opNumbers(rows[0]) == vector.sample(at: [0.25]))
        let broadcast = try CubicSpline(
            x: x, values: v, channels: 2, boundary: .ends(start: .secondDerivative([0]), end: .firstDerivative([1.5])))
        let b = try opAnswer(
            #"{"op":"spline.sample","spline":{"kind":"cubic","boundary":["natural",[1,1.5]],"x":[0,0.5,1.25,2],"y":[[0,1],[1,0],[2,2],[3,-1]]},"at":[1.5]}"#)
        guard case .array(let rowsB)? = b.result else { Issue.record("not an array"); return }
        #expect(opNumbers(rowsB[0]) == broadcast.sample(at: [1.5]))
        // Zero values are the named conditions, bit for bit.
        let named = try opAnswer(#"{"op":"spline.sample","spline":{"kind":"cubic","boundary":"clamped","x":[0,1,3],"y":[1,2,0]},"at":[0.5,2,4]}"#)
        let pair = try opAnswer(#"{"op":"spline.sample","spline":{"kind":"cubic","boundary":["clamped",[1,0]],"x":[0,1,3],"y":[1,2,0]},"at":[0.5,2,4]}"#)
        #expect(opNumbers(named.result) == opNumbers(pair.result) && opNumbers(named.result).count == 3)
    }

    @Test("boundary [start, end] errors name the item: order, value shape, periodic, Float overflow")
    func endValueErrors() throws {
        func line(_ boundary: String, y: String = "[1,2,0]", precision: String = "double") -> String {
            #"{"op":"spline.sample","precision":"\#(precision)","spline":{"kind":"cubic","boundary":\#(boundary),"x":[0,1,3],"y":\#(y)},"at":[0]}"#
        }
        let y2 = "[[1,1],[2,2],[0,0]]"  // two channels
        // The field each request's error names, and the requests.
        let cases: [(String, [String])] = [
            ("spline.boundary[0][0]", [line("[[3,1],[1,0]]"), line("[[1.5,1],[1,0]]")]),
            ("spline.boundary[1][0]", [line("[[1,1],[0,0]]")]),
            ("spline.boundary[0][1]", [line("[[1,\"a\"],[1,0]]"), line("[[1,[1,2]],[1,0]]"), line("[[1,1e39],[1,0]]", precision: "float")]),
            ("spline.boundary[1][1]", [line("[[1,1],[2,[1,2,3]]]", y: y2)]),
            ("spline.boundary[1][1][1]", [line("[[1,1],[2,[1,null]]]", y: y2), line("[[1,1],[1,[0,1e39]]]", y: y2, precision: "float")]),
            ("spline.boundary[0]", [line("[[1,1,2],[1,0]]"), line("[\"periodic\",\"periodic\"]")]),
            ("spline.boundary[1]", [line("[\"natural\",\"free\"]"), line("[[1,1],7]")]),
            ("spline.boundary", [line("[[1,1]]"), line("3")]),
        ]
        for (field, lines) in cases {
            for l in lines {
                let a = try opAnswer(l)
                #expect(!a.ok && a.code == "invalidValue", "\(l)")
                #expect(opMessage(l).hasPrefix(field + ":"), "\(l) → \(opMessage(l))")
            }
        }
        #expect(try opAnswer(line("[[1,1e39],[1,0]]")).ok)  // finite in Double
    }

    // Batch spline jobs read `boundary` with the same parser (SplineJobs): the shapes once more,
    // and the path rule for values that make the spline affine in its values.
    @Test("batch spline.channels: boundary pairs with per-channel values take the direct path; gemm refuses them")
    func batchEndValues() throws {
        func spec(_ boundary: String, path: String = "automatic") -> String {
            #"""
            {"jobs": [{"name": "s", "kind": "spline.channels", "channels": 2,
              "spline": {"kind": "cubic", "boundary": \#(boundary)}, "x": [0, 1, 3],
              "values": [[0, 1, 0], [2, 4, 6]], "times": [0, 0.5, 2, 4], "path": "\#(path)"}]}
            """#
        }
        let job = try #require(try BatchSpec.parse(spec("[[1, [1, -1]], [2, 0.5]]")).first)
        var out = [Double](repeating: .nan, count: 2 * 4)
        try out.withUnsafeMutableBufferPointer { try job.evaluate(0..<2, into: [$0]) }
        let ref = try CubicSpline(
            x: [0, 1, 3], values: [0, 2, 1, 4, 0, 6], channels: 2,
            boundary: .ends(start: .firstDerivative([1, -1]), end: .secondDerivative([0.5]))
        ).sample(at: [0, 0.5, 2, 4])
        // The direct path evaluates the same PiecewiseCubic: the same numbers, transposed.
        for c in 0..<2 { for t in 0..<4 { #expect(out[c * 4 + t] == ref[t * 2 + c]) } }
        func field(_ text: String) -> String {
            do { _ = try BatchSpec.parse(text) } catch let e as MotionKernelError { return e.field } catch { return "?" }
            return "no error"
        }
        #expect(field(spec("[[1, 1], [1, 0]]", path: "gemm")).hasSuffix("path"))
        #expect(field(spec("[[1, 0], [2, 0]]", path: "gemm")) == "no error")  // zero values stay linear
        #expect(field(spec("[[1, [1, 2, 3]], [1, 0]]")).hasSuffix("spline.boundary[0][1]"))
        #expect(field(spec("[[4, 1], [1, 0]]")).hasSuffix("spline.boundary[0][0]"))
    }
}
