import Testing

@testable import MotionKernel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `DecimalParse` (exact, in Swift) against the C library's `strtod`, which it shares no code
/// with: the same bits for random texts, for the exact halfway points between neighbouring
/// doubles and for texts just above and below them, at every binade, subnormals included.
@Suite("decimal parse")
struct DecimalParseTests {
    static func c(_ s: String) -> Double { s.withCString { strtod($0, nil) } }

    static func check(_ s: String, _ failures: inout [String]) {
        let ours = DecimalParse.double(Array(s.utf8))
        let ref = c(s)
        guard let ours, ours.bitPattern == ref.bitPattern || (ours.isNaN && ref.isNaN) else {
            if failures.count < 10 { failures.append("\(s.prefix(60))…: \(String(describing: ours)) vs strtod \(ref)") }
            return
        }
    }

    /// The exact decimal text of (2m + 1)·2^(e − 1): the point halfway between m·2^e and
    /// (m + 1)·2^e.
    static func halfway(_ m: UInt64, _ e: Int) -> String {
        var big = DecimalText.BigDigits(2 * m + 1)
        let p = e - 1
        if p >= 0 {
            big.shiftLeft(p)
            return DecimalText.text(big.decimalDigits())
        }
        for _ in 0..<(-p) { big.multiply(by: 5) }
        let digits = big.decimalDigits()
        return DecimalText.text(digits) + "e-\(-p)"
    }

    @Test("random texts: digits, points and exponents of every size")
    func randomTexts() {
        var rng = SplitMix64(seed: 0xDEC_0DE)
        var failures: [String] = []
        for _ in 0..<20_000 {
            let n = 1 + Int(rng.next() % 40)
            var s = rng.next() % 2 == 0 ? "" : "-"
            for j in 0..<n {
                if j == Int(rng.next() % UInt64(n + 1)) && !s.contains(".") { s += "." }
                s += String(rng.next() % 10)
            }
            if rng.next() % 3 > 0 { s += "e\(Int(rng.next() % 700) - 350)" }
            Self.check(s, &failures)
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("halfway points and their neighbours at every binade")
    func halfwayPoints() {
        var rng = SplitMix64(seed: 0x0A1F_A1F)
        var failures: [String] = []
        for e in stride(from: -1074, through: 971, by: 5) {
            for _ in 0..<3 {
                let normal = e > -1074
                let m = normal ? (1 << 52) | (rng.next() >> 12) : rng.next() >> 12
                let h = Self.halfway(m, e)
                Self.check(h, &failures)
                // Just above: one more digit; just below: the last digit lowered.
                if let mark = h.firstIndex(of: "e") {
                    Self.check(String(h[..<mark]) + "0001" + String(h[mark...]).replacingLastExponent(by: 4), &failures)
                } else {
                    Self.check(h + ".0000000000001", &failures)
                }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("edges: zeros, infinities, NaN, long mantissas, huge exponents, bad text")
    func edges() {
        var failures: [String] = []
        let texts = [
            "0", "-0", "0.0", "00012.500", ".5", "5.", "1e308", "1.7976931348623157e308", "1.7976931348623159e308",
            "2e308", "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "1e-400",
            "1e999999999999", "1e-999999999999", "123456789012345678901234567890", "0." + String(repeating: "0", count: 400) + "1e400",
            String(repeating: "9", count: 1200), "1" + String(repeating: "0", count: 900) + "1e-900", "inf", "-Infinity", "NaN",
            "9007199254740993", "9007199254740993.0000000000000000000000000001", "0.1", "0.3", "3.14159",
        ]
        for s in texts { Self.check(s, &failures) }
        #expect(failures.isEmpty, "\(failures)")
        for bad in ["", "-", ".", "e5", "1e", "1e+", "1.2.3", "1x", "0x10", " 1", "1 ", "--1", "in", "nanx"] {
            #expect(DecimalParse.double(Array(bad.utf8)) == nil, "\(bad)")
        }
    }
}

extension String {
    /// "e-123" → "e-127" (the exponent made `more` more negative), for a text written with a
    /// negative exponent.
    fileprivate func replacingLastExponent(by more: Int) -> String {
        guard hasPrefix("e-"), let v = Int(dropFirst(2)) else { return self }
        return "e-\(v + more)"
    }
}
