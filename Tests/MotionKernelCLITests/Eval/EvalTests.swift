import Testing
import MotionKernel
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// Decodes an answer line and returns (ok, id, error code).
func decode(_ line: String) throws -> (ok: Bool, id: JSONValue, code: String?, result: JSONValue?) {
    guard case .object(let o) = try JSONParser.parse(line) else { throw JSONParseError(offset: 0, reason: "not object") }
    guard case .bool(let ok) = o["ok"] else { throw JSONParseError(offset: 0, reason: "no ok") }
    var code: String?
    if case .object(let e) = o["error"], case .string(let c) = e["code"] { code = c }
    return (ok, o["id"] ?? .null, code, o["result"])
}

@Suite("eval envelope")
struct EvalTests {
    @Test("not JSON answers a parse error with id null")
    func notJSON() throws {
        let line = try #require(Eval.answer(line: "not json"))
        #expect(line.hasPrefix(#"{"id":null,"ok":false,"error":{"code":"parse","message":"#))
    }

    @Test("empty lines are skipped")
    func empty() {
        #expect(Eval.answer(line: "") == nil)
        #expect(Eval.answer(line: "   \t") == nil)
    }

    @Test("non-object JSON is a parse error")
    func nonObject() throws {
        let a = try decode(#require(Eval.answer(line: "[1,2]")))
        #expect(!a.ok && a.code == "parse" && a.id == .null)
    }

    @Test("the id is echoed verbatim, whatever JSON it is")
    func idEcho() throws {
        let line = try #require(Eval.answer(line: #"{"id": 123456789012345678901234567890, "op": "nope"}"#))
        #expect(line.hasPrefix(#"{"id":123456789012345678901234567890,"ok":false"#))
        let line2 = try #require(Eval.answer(line: #"{"op":"nope","id":{"a":[1,"x"]}}"#))
        #expect(line2.hasPrefix(#"{"id":{"a":[1,"x"]},"ok":false"#))
    }

    @Test("missing and mistyped op")
    func opErrors() throws {
        let a = try decode(#require(Eval.answer(line: #"{"id":1}"#)))
        #expect(a.code == "missingField" && a.id == .number(1))
        let b = try decode(#require(Eval.answer(line: #"{"id":2,"op":7}"#)))
        #expect(b.code == "invalidValue")
        let c = try decode(#require(Eval.answer(line: #"{"id":3,"op":"fly"}"#)))
        #expect(c.code == "unknownOp")
        let d = try decode(#require(Eval.answer(line: #"{"id":4,"op":"presets.list","precision":"half"}"#)))
        #expect(d.code == "invalidValue")
    }

    @Test("every protocol op is either implemented or answers unsupported, never unknownOp")
    func protocolOps() throws {
        for op in Eval.protocolOps {
            let a = try decode(#require(Eval.answer(line: #"{"id":0,"op":"\#(op)"}"#)))
            #expect(a.code != "unknownOp", "\(op)")
            if Eval.handler(for: op) == nil { #expect(a.code == "unsupported", "\(op)") }
        }
    }

    @Test("1,000 mixed good and bad lines get 1,000 answers in order")
    func mixedStream() throws {
        var rng = SplitMix64(seed: 0x5EED)
        var lines: [String] = []
        for i in 0..<1000 {
            switch rng.next() % 4 {
            case 0: lines.append(#"{"id":\#(i),"op":"no.such.op"}"#)
            case 1: lines.append(#"{"id":\#(i),"op":"spring.sample","spring":{"stiffness":100,"dampingRatio":0.5},"times":[0,0.1]}"#)
            case 2: lines.append(#"{"id":\#(i),"#)  // truncated: parse error, id unknown
            default: lines.append(#"{"id":\#(i)}"#)
            }
        }
        var answers: [(ok: Bool, id: JSONValue, code: String?, result: JSONValue?)] = []
        for l in lines { if let a = Eval.answer(line: l) { answers.append(try decode(a)) } }
        #expect(answers.count == 1000)
        for (i, a) in answers.enumerated() {
            if lines[i].hasSuffix(",") { #expect(a.id == .null && a.code == "parse") } else { #expect(a.id == .number(Double(i))) }
        }
    }
}

/// Names outside ASCII: keys, op names and enum-like values are told apart by their UTF-8 bytes
/// after JSON escapes are decoded. Messages are compared by their bytes too: String's `==`
/// would also accept a canonically equivalent spelling (U+212A KELVIN SIGN for `K`).
@Suite("eval non-ASCII names")
struct EvalNonASCIITests {
    /// Whether `message` has exactly the UTF-8 bytes of `expected`.
    func same(_ message: String, _ expected: String) -> Bool { Array(message.utf8) == Array(expected.utf8) }

    @Test("canonically equivalent keys: the first one in the request is named, as written")
    func equivalentKeys() {
        let expected = ": unknown field; expected one of at, id, op, precision, timing"
        let pairs: [(json: String, text: String, other: String)] = [
            (#"\u212A"#, "\u{212A}", "K"), ("K", "K", #"\u212A"#),
            ("\u{E9}", "\u{E9}", "e\u{301}"), (#"e\u0301"#, "e\u{301}", #"\u00E9"#),
        ]
        for p in pairs {
            let m = opMessage(#"{"op":"timing.sample","timing":"ease","at":[0],"\#(p.json)":1,"\#(p.other)":2}"#)
            #expect(same(m, p.text + expected), "\(p.text)")
        }
    }

    @Test("the id is the key with the bytes of id, escaped or not; the last one is echoed")
    func idKey() throws {
        let a = try #require(Eval.answer(line: #"{"i\u0064":7,"op":"nope"}"#))
        #expect(a.hasPrefix(#"{"id":7,"ok":false"#))
        let b = try #require(Eval.answer(line: #"{"id":1,"op":"nope","id":[2, 3]}"#))
        #expect(b.hasPrefix(#"{"id":[2, 3],"ok":false"#))
        let c = try #require(Eval.answer(line: #"{"id\u0301":1,"op":"nope"}"#))
        #expect(c.hasPrefix(#"{"id":null,"ok":false"#))
    }

    @Test("precision names by their bytes: init(rawValue:) on ASCII, no match for an equivalent spelling")
    func precisionNames() {
        typealias P = EvalContext.Precision
        for name in ["double", "float", "", "Double", "FLOAT", "half", "doubl", "doublee", "float\u{301}"] {
            #expect(P.byRawValueUTF8(name) == P(rawValue: name), "\(name)")
        }
        #expect(P.byRawValueUTF8("double") == .double && P.byRawValueUTF8("float") == .float)
    }

    @Test("op followed by a combining mark is not op")
    func opWithMark() throws {
        let a = try opRun(#"{"op\u0301":"timing.sample","timing":"ease","at":[0]}"#)
        #expect(!a.ok && a.code == "missingField")
        #expect(same(opMessage(#"{"op\u0301":"timing.sample","timing":"ease","at":[0]}"#), "op: is required"))
    }

    @Test("an escaped value that decodes to an ASCII name is that name")
    func escapedName() throws {
        let a = try opRun(#"{"op":"timing.sample","precision":"doub\u006Ce","timing":"linear","at":[0.25]}"#)
        #expect(a.ok && opNumbers(a.result) == [0.25])
    }

    @Test("KELVIN SIGN names no position, direction, bound, design or timing")
    func kelvinValues() {
        let cases: [(request: String, message: String)] = [
            (
                #"{"op":"timing.sample","timing":{"steps":2,"position":"\u212A"},"at":[0]}"#,
                "timing.position: unknown step position \"\u{212A}\"; expected one of jump-start, jump-end, jump-none, jump-both, start, end"
            ),
            (
                #"{"op":"timingModel.sample","timing":{"duration":1,"direction":"\u212A"},"at":[0]}"#,
                "timing.direction: unknown direction \"\u{212A}\"; expected one of normal, reverse, alternate, alternate-reverse"
            ),
            (
                #"{"op":"spring.design","design":"settling","dampingRatio":0.5,"settlingDuration":1,"epsilon":0.01,"bound":"\u212A"}"#,
                "bound: expected \"leastStiff\" or \"stiffest\", got \"\u{212A}\""
            ),
            (
                #"{"op":"spring.design","design":"\u212A"}"#,
                "design: expected one of \"overshoot\", \"settling\", \"decay\", \"fitSamples\", \"fitCurve\", got \"\u{212A}\""
            ),
        ]
        for c in cases { #expect(same(opMessage(c.request), c.message), "\(c.request)") }
        let m = opMessage(#"{"op":"timing.sample","timing":"\u212Aase","at":[0]}"#)
        #expect(Array(m.utf8).starts(with: Array("timing: unknown timing \"\u{212A}ase\"; expected one of linear, easeIn, ".utf8)), "\(m)")
    }

    @Test("a ( followed by a combining mark makes the name CSS: the CSS parser's error is answered")
    func parenWithMark() throws {
        // The tokenizer reads `x(` as a function token whatever follows, so its error stands.
        var cssError: MotionKernelError?
        do { _ = try TimingFunction(css: "x(\u{301}", field: "timing") } catch let e { cssError = e }
        let e = try #require(cssError)
        let m = opMessage(#"{"op":"timing.sample","timing":"x(\u0301","at":[0]}"#)
        #expect(same(m, e.message), "\(m)")
        #expect(!Array(m.utf8).starts(with: Array("timing: unknown timing".utf8)), "\(m)")
    }
}
