import Foundation
import Testing
import MotionKernel
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// A deterministic in-suite fuzz of the eval line handler: valid requests for every op (the
/// libFuzzer seed corpus in Tests/Fuzz/corpus), mutated field by field and byte by byte.
/// Invariants: one answer per non-blank line, in order; failures carry a known code; successes
/// hold only finite numbers; nothing crashes.
@Suite("eval fuzz")
struct EvalFuzzTests {
    static let corpusURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/requests.jsonl")

    static func corpus() throws -> [String] {
        try String(contentsOf: corpusURL, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    static let hostileNumbers: [JSONValue] = [
        .number(0), .number(-0.0), .number(-1), .number(1e-300), .number(1e300), .number(-1e300), .number(.infinity),
        .number(Double.leastNonzeroMagnitude), .number(1e9), .number(-1e9), .number(0.5), .number(2), .number(1e6), .number(3.5e38),
        .bool(true), .null, .string("Infinity"), .string("x"), .array([]), .object(JSONObject()),
        .array([.number(1), .string("a")]), .number(1_000_000_000_000),
    ]

    static func mutate(_ v: JSONValue, _ rng: inout SplitMix64, depth: Int = 0) -> JSONValue {
        switch v {
        case .object(var o):
            guard !o.keys.isEmpty else { return v }
            let k = o.keys[Int(rng.next() % UInt64(o.keys.count))]
            switch rng.next() % 4 {
            case 0: o[k] = nil
            case 1: o[k] = hostileNumbers[Int(rng.next() % UInt64(hostileNumbers.count))]
            default: o[k] = mutate(o[k]!, &rng, depth: depth + 1)
            }
            if rng.next() % 8 == 0 { o["extra\(rng.next() % 3)"] = .number(1) }
            return .object(o)
        case .array(var a):
            if a.isEmpty { return .array([hostileNumbers[Int(rng.next() % UInt64(hostileNumbers.count))]]) }
            let i = Int(rng.next() % UInt64(a.count))
            switch rng.next() % 4 {
            case 0: a.remove(at: i)
            case 1: a[i] = hostileNumbers[Int(rng.next() % UInt64(hostileNumbers.count))]
            case 2: a.append(a[i])
            default: a[i] = mutate(a[i], &rng, depth: depth + 1)
            }
            return .array(a)
        default:
            return hostileNumbers[Int(rng.next() % UInt64(hostileNumbers.count))]
        }
    }

    static func checkAnswer(_ line: String, for request: String) throws {
        let a = try #require(Eval.answer(line: request), "no answer for \(request)")
        let parsed = try JSONParser.parse(a)
        guard case .object(let o) = parsed, case .bool(let ok)? = o["ok"] else {
            Issue.record("malformed answer \(a)")
            return
        }
        if ok {
            #expect(JSONWriter.firstNonFinite(o["result"] ?? .null) == nil, "\(a)")
            #expect(!a.contains("nan") && !a.contains("inf"), "\(a)")
        } else {
            guard case .object(let e)? = o["error"], case .string(let code)? = e["code"], case .string(let msg)? = e["message"] else {
                Issue.record("malformed error \(a)")
                return
            }
            #expect(["parse", "unknownOp", "missingField", "invalidValue", "unsupported"].contains(code), "\(a)")
            #expect(!msg.isEmpty)
        }
    }

    @Test("3,000 mutated requests: known codes, finite results, no crash")
    func mutatedRequests() throws {
        let seeds = try Self.corpus()
        #expect(seeds.count >= 20)
        var rng = SplitMix64(seed: 0xF00D)
        var checked = 0
        for round in 0..<3000 {
            let base = seeds[round % seeds.count]
            let v = try JSONParser.parse(base)
            var m = v
            for _ in 0..<(1 + Int(rng.next() % 3)) { m = Self.mutate(m, &rng) }
            var text = JSONWriter.string(m)
            // Overflowing literals (1e999) are valid JSON syntax that no Double holds.
            if round % 5 == 0 { text = text.replacingOccurrences(of: "1,", with: "1e999,") }
            try Self.checkAnswer("", for: text)
            checked += 1
        }
        #expect(checked == 3000)
    }

    @Test("byte-level damage: truncation, flipped bytes, garbage")
    func byteDamage() throws {
        let seeds = try Self.corpus()
        var rng = SplitMix64(seed: 0xBEEF)
        for round in 0..<1500 {
            var bytes = Array(seeds[round % seeds.count].utf8)
            switch rng.next() % 3 {
            case 0: bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count))))
            case 1:
                for _ in 0..<3 { bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next()) }
            default: bytes += (0..<8).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            }
            let line = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            try Self.checkAnswer("", for: line)
        }
    }

    @Test("every corpus request is answered in order with its id")
    func corpusIDs() throws {
        for (i, line) in try Self.corpus().enumerated() {
            let a = try #require(Eval.answer(line: line))
            #expect(a.hasPrefix("{\"id\":\(i + 1),"), "\(a)")
        }
    }
}
