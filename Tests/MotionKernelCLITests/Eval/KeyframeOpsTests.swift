import Testing
@testable import MotionKernelCLI
@testable import MotionKernelEval

@Suite("keyframes.sample")
struct KeyframeOpsTests {
    @Test("discrete: Apple's documented example, in Double and Float")
    func discrete() throws {
        for precision in ["double", "float"] {
            let line =
                #"{"id":"d","op":"keyframes.sample","precision":"\#(precision)","keyframes":{"values":[310,60,120,60],"keyTimes":[0,0.25,0.5,0.75,1],"calculationMode":"discrete"},"at":[0,0.3,0.5,0.8,1,7]}"#
            let a = try opAnswer(line)
            #expect(a.ok && a.id == .string("d"))
            #expect(opNumbers(a.result) == [310, 60, 120, 60, 60, 60])
        }
    }

    @Test("linear with key times and a timing function; progress clamped")
    func linear() throws {
        let a = try opAnswer(
            #"{"op":"keyframes.sample","keyframes":{"values":[0,10,20],"keyTimes":[0,0.2,1],"calculationMode":"linear","timingFunctions":["linear",{"steps":2}]},"at":[-1,0.1,0.2,0.5,0.7,1]}"#
        )
        // Second segment [0.2, 1] with steps(2, end): 10 until local 0.5 (p = 0.6), then 15.
        #expect(opNumbers(a.result) == [0, 5, 10, 10, 15, 20])
    }

    @Test("vector values give vector results; paced moves at constant speed")
    func pacedVectors() throws {
        let a = try opAnswer(#"{"op":"keyframes.sample","keyframes":{"values":[[0,0],[3,4],[3,10]],"calculationMode":"paced"},"at":[0.25,0.5]}"#)
        guard case .array(let rows)? = a.result else { Issue.record("not an array"); return }
        #expect(rows.count == 2)
        let r0 = opNumbers(rows[0]), r1 = opNumbers(rows[1])
        #expect(abs(r0[0] - 1.65) <= 1e-12 && abs(r0[1] - 2.2) <= 1e-12)
        #expect(abs(r1[0] - 3) <= 1e-12 && abs(r1[1] - 4.5) <= 1e-12)
        let c = try opAnswer(
            #"{"op":"keyframes.sample","keyframes":{"values":[[0,0],[1,1],[2,0]],"calculationMode":"cubicPaced","tensionValues":[0,0.5]},"at":[0,1]}"#)
        guard case .array(let ends)? = c.result else { Issue.record("not an array"); return }
        #expect(opNumbers(ends[0]) == [0, 0] && opNumbers(ends[1]) == [2, 0])
    }

    @Test("errors name the field with its JSON path")
    func errors() throws {
        let cases: [(String, String)] = [
            (#"{"op":"keyframes.sample","keyframes":{"values":[0,1],"calculationMode":"bouncy"},"at":[0]}"#, "keyframes.calculationMode"),
            (#"{"op":"keyframes.sample","keyframes":{"values":[0,1,2],"keyTimes":[0,0.7,0.5],"calculationMode":"linear"},"at":[0]}"#, "keyframes.keyTimes[2]"),
            (#"{"op":"keyframes.sample","keyframes":{"values":[0,1,2],"keyTimes":[0.1,0.7,1],"calculationMode":"cubic"},"at":[0]}"#, "keyframes.keyTimes[0]"),
            (#"{"op":"keyframes.sample","keyframes":{"values":[0,1,2],"keyTimes":[0,1],"calculationMode":"linear"},"at":[0]}"#, "keyframes.keyTimes"),
            (#"{"op":"keyframes.sample","keyframes":{"values":[0,"a"],"calculationMode":"linear"},"at":[0]}"#, "keyframes.values[1]"),
            (#"{"op":"keyframes.sample","keyframes":{"values":[[0,1],[2]],"calculationMode":"linear"},"at":[0]}"#, "keyframes.values[1]"),
            (
                #"{"op":"keyframes.sample","keyframes":{"values":[0,1,2],"calculationMode":"linear","timingFunctions":["linear"]},"at":[0]}"#,
                "keyframes.timingFunctions"
            ),
            (
                #"{"op":"keyframes.sample","keyframes":{"values":[0,1],"calculationMode":"linear","timingFunctions":[{"cubicBezier":[2,0,1,1]}]},"at":[0]}"#,
                "keyframes.timingFunctions[0].cubicBezier[0]"
            ),
            (#"{"op":"keyframes.sample","keyframes":{"values":[0,1],"calculationMode":"cubic","biasValues":[0,0,0]},"at":[0]}"#, "keyframes.biasValues"),
            (#"{"op":"keyframes.sample","keyframes":{"values":[0,1],"calculationMode":"linear","tension":[0]},"at":[0]}"#, "keyframes.tension"),
            (#"{"op":"keyframes.sample","keyframes":{"values":[0,1],"calculationMode":"linear"}}"#, "at"),
        ]
        for (line, path) in cases {
            let m = opMessage(line)
            #expect(m.hasPrefix(path + ":"), "\(line) → \(m)")
        }
        let big = try opAnswer(
            #"{"op":"keyframes.sample","keyframes":{"values":[[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]],"calculationMode":"linear"},"at":[\#(Array(repeating: "0", count: 600_000).joined(separator: ","))]}"#
        )
        #expect(!big.ok && big.code == "invalidValue")
    }

    @Test("an absent calculationMode is linear, Core Animation's default")
    func defaultMode() throws {
        let a = try opAnswer(#"{"op":"keyframes.sample","keyframes":{"values":[0,10,40]},"at":[0.25,0.75]}"#)
        #expect(a.ok)
        // Evenly spaced keys at 0, 0.5, 1: linear between them.
        #expect(opNumbers(a.result) == [5, 25])
    }
}
