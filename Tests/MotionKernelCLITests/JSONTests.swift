import Testing
@testable import MotionKernelCLI

@Suite("JSON parser and writer")
struct JSONTests {
    @Test("booleans, numbers and null are distinct")
    func types() throws {
        let v = try JSONParser.parse(#"[true, 1, 0, false, null, 1.0]"#)
        #expect(v == .array([.bool(true), .number(1), .number(0), .bool(false), .null, .number(1)]))
    }

    @Test("numbers parse exactly; overflow becomes infinity, rejected by accessors")
    func numbers() throws {
        #expect(try JSONParser.parse("0.1") == .number(0.1))
        #expect(try JSONParser.parse("-2.5e-3") == .number(-0.0025))
        #expect(try JSONParser.parse("1E2") == .number(100))
        #expect(try JSONParser.parse("1e400") == .number(.infinity))
        let obj = try JSONParser.parse(#"{"x": 1e400}"#)
        guard case .object(let o) = obj else { Issue.record("not an object"); return }
        #expect(throws: (any Error).self) { try Fields(o).number("x") }
    }

    @Test("invalid JSON is rejected", arguments: [
        "", "not json", "{", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "+1", "1e", "NaN", "Infinity",
        "\"abc", "\"\\x\"", "\"\\ud800\"", "[1] 2", "{\"a\" 1}", "tru", "\"a\u{01}b\"", "{1:2}",
    ])
    func invalid(text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    }

    @Test("deep nesting is rejected without recursion overflow")
    func deepNesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
        let ok = String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
        #expect(throws: Never.self) { try JSONParser.parse(ok) }
    }

    @Test("strings: escapes and surrogate pairs")
    func strings() throws {
        #expect(try JSONParser.parse(#""a\"b\\c\/d\n\u00e9\ud83d\ude00""#) == .string("a\"b\\c/d\né😀"))
        let round = JSONWriter.string(.string("q\"\\\n\u{1}é"))
        #expect(round == #""q\"\\\n\u0001é""#)
        #expect(try JSONParser.parse(round) == .string("q\"\\\n\u{1}é"))
    }

    @Test("writer round-trips doubles")
    func writerRoundTrip() throws {
        var rng = EvalFuzzTests.RNG(s: 0x5EED)
        for _ in 0..<1000 {
            let d = Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF) * (rng.next() % 2 == 0 ? 1 : -1)
            guard d.isFinite else { continue }
            var s = ""
            JSONWriter.writeNumber(d, into: &s)
            #expect(try JSONParser.parse(s) == .number(d), "\(s)")
        }
        var s = ""
        JSONWriter.writeNumber(3, into: &s)
        #expect(s == "3")
    }
}
