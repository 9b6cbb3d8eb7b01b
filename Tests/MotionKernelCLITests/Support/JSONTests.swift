import Testing
import MotionKernel
@testable import MotionKernelCLI
@testable import MotionKernelEval

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

    @Test(
        "invalid JSON is rejected",
        arguments: [
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
        var rng = SplitMix64(seed: 0x5EED)
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
        // The layout: integers below 10¹⁵ bare, -0 kept, Swift's description otherwise (decimal up to 2⁵³), null
        // for what JSON cannot carry.
        for (d, text) in [
            (-0.0, "-0"), (0.1, "0.1"), (1e15, "1000000000000000.0"), (1e16, "1e+16"), (.leastNonzeroMagnitude, "5e-324"), (.nan, "null"), (-.infinity, "null"),
        ] {
            var t = ""
            JSONWriter.writeNumber(d, into: &t)
            #expect(t == text)
        }
    }
}

/// The parser's fast number path and the pair-list objects.
@Suite("JSON numbers and objects")
struct JSONFastPathTests {
    @Test("number literals parse to Swift's correctly rounded Double(String) value, fast path or not")
    func numbers() throws {
        var rng = SplitMix64(seed: 0x4A50_4E21)
        var literals = [
            "0", "-0", "0.0", "-0.0", "1", "-1", "0.1", "0.3", "123456789012345678", "1234567890123456789",
            "12345678901234567890", "9007199254740993", "9007199254740992", "1e22", "1e23", "1e-22", "1e-23",
            "0.000000000000000000000000001", "4.9e-324", "2.2250738585072014e-308", "1.7976931348623157e308",
            "1e308", "1e309", "-1e400", "0e999999", "0.5e-0", "1E+2", "2.5E-3", "100000000000000000000000",
            "0.1000000000000000055511151231257827", "3.141592653589793", "1e-1000",
        ]
        for _ in 0..<2000 {
            // An integer part of 1…12 digits, an optional fraction of 1…12 digits: 2…24
            // significant digits, on both sides of the 19-digit fast-path bound.
            var s = rng.next() % 2 == 0 ? "-" : ""
            s += rng.next() % 4 == 0 ? "0" : String(1 + rng.next() % 9)
            if s.last != "0" { for _ in 0..<Int(rng.next() % 12) { s += String(rng.next() % 10) } }
            if rng.next() % 2 == 0 {
                s += "."
                for _ in 0...Int(rng.next() % 12) { s += String(rng.next() % 10) }
            }
            if rng.next() % 2 == 0 { s += "e" + String(Int(rng.next() % 61) - 30) }
            literals.append(s)
        }
        for text in literals {
            guard case .number(let d) = try JSONParser.parse(text) else {
                Issue.record("\(text) is not a number")
                continue
            }
            let reference = try #require(Double(text), "\(text)")
            #expect(d.bitPattern == reference.bitPattern, "\(text): \(d) vs \(reference)")
        }
    }

    @Test(
        "objects keep source order, a repeated key keeps its last value in its first place, above and below the index threshold",
        arguments: [3, JSONObject.indexThreshold - 1, JSONObject.indexThreshold, 100])
    func objects(count: Int) throws {
        var text = "{"
        for i in 0..<count { text += "\"k\(i)\":\(i)," }
        text += "\"k0\":-1}"
        guard case .object(var o) = try JSONParser.parse(text) else { Issue.record("not an object"); return }
        #expect(o.keys == (0..<count).map { "k\($0)" })
        #expect(o["k0"] == .number(-1))
        #expect(o["k\(count - 1)"] == .number(Double(count - 1)))
        #expect(o["missing"] == nil)
        o["k1"] = nil
        #expect(o.keys == ([0] + Array(2..<count)).map { "k\($0)" })
        #expect(o["k1"] == nil && o["k2"] == .number(2))
        o["new"] = .bool(true)
        #expect(o.keys.last == "new" && o["new"] == .bool(true) && o.count == count)
        #expect(o.members.count == count)
        #expect(JSONWriter.string(.object(o)).hasPrefix(#"{"k0":-1,"k2":2"#))
    }

    @Test("object equality is order-sensitive, as the written text is")
    func equality() throws {
        #expect(try JSONParser.parse(#"{"a":1,"b":2}"#) == JSONParser.parse(#"{"a":1,"b":2}"#))
        #expect(try JSONParser.parse(#"{"a":1,"b":2}"#) != JSONParser.parse(#"{"b":2,"a":1}"#))
        // Keys compare by their bytes, as lookups do: canonically equivalent keys differ.
        #expect(try JSONParser.parse(#"{"\u212A":1}"#) != JSONParser.parse(#"{"K":1}"#))
        #expect(try JSONParser.parse(#"{"\u00E9":1}"#) != JSONParser.parse(#"{"e\u0301":1}"#))
        #expect(try JSONParser.parse(#"{"\u00E9":1}"#) == JSONParser.parse(#"{"é":1}"#))
    }

    @Test("keys are told apart by their UTF-8 bytes, below and above the index threshold", arguments: [0, 40])
    func byteKeys(extra: Int) throws {
        var text = "{"
        for i in 0..<extra { text += "\"k\(i)\":\(i)," }
        text += #""\u212A":1,"K":2,"\u00E9":3,"e\u0301":4,"K":5}"#
        guard case .object(var o) = try JSONParser.parse(text) else { Issue.record("not an object"); return }
        // String's == would make each pair one member (canonical equivalence): four remain.
        #expect(o.count == extra + 4)
        #expect(o.keys.suffix(4).map { Array($0.utf8) } == [[0xE2, 0x84, 0xAA], [0x4B], [0xC3, 0xA9], [0x65, 0xCC, 0x81]])
        #expect(o["\u{212A}"] == .number(1) && o["K"] == .number(5))
        #expect(o["\u{E9}"] == .number(3) && o["e\u{301}"] == .number(4))
        if extra > 0 { #expect(o["k\(extra - 1)"] == .number(Double(extra - 1))) }
        o["K"] = nil
        #expect(o.count == extra + 3 && o["K"] == nil && o["\u{212A}"] == .number(1) && o["e\u{301}"] == .number(4))
    }

    @Test("a value is at most 16 bytes apart in an array (strings and objects boxed)")
    func layout() {
        #expect(MemoryLayout<JSONValue>.stride <= 16)
    }

    @Test("a non-finite number deep inside a result is found with its path")
    func nonFinite() {
        let v = JSONValue.object(JSONObject([("a", .array([.number(1), .object(JSONObject([("b", .array([.null, .number(.nan)]))]))]))]))
        #expect(JSONWriter.firstNonFinite(v) == "result.a[1].b[1]")
        #expect(JSONWriter.firstNonFinite(.array([.number(.infinity)])) == "result[0]")
        #expect(JSONWriter.firstNonFinite(.object(JSONObject([("x", .number(-.infinity))]))) == "result.x")
        #expect(JSONWriter.firstNonFinite(.numbers([1.0, 2.0])) == nil)
    }
}
