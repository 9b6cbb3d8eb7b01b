import Foundation
import Testing

@testable import MotionKernel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Float and Double, for the checks both widths share: their bits compare exactly.
protocol BitPatternFloat: BinaryFloatingPoint, CustomStringConvertible {
    associatedtype BitPattern: Equatable & CustomStringConvertible
    var bitPattern: BitPattern { get }
}

extension Float: BitPatternFloat {}
extension Double: BitPatternFloat {}

/// `ShortestDecimal` against references it does not share code with: the C library's parser
/// (`strtof`, `strtod`: the text reads back to the same bits, and no decimal of one digit fewer
/// does) and Swift's own `description` (an independent shortest-and-closest implementation:
/// the same digits, and for non-integral values the same bytes).
@Suite("shortest decimal")
struct ShortestDecimalTests {
    /// A checker with its own scratch buffers; `failures` collects the first few problems.
    final class Checker {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
        var failures: [String] = []
        var checked = 0

        deinit { buffer.deallocate() }

        func fail(_ s: String) { if failures.count < 20 { failures.append(s) } }

        /// Parses the NUL-terminated text at `p` as a Float (C library).
        func parseFloat(_ p: UnsafeMutablePointer<UInt8>) -> Float {
            p.withMemoryRebound(to: CChar.self, capacity: 64) { strtof($0, nil) }
        }

        func parseDouble(_ p: UnsafeMutablePointer<UInt8>) -> Double {
            p.withMemoryRebound(to: CChar.self, capacity: 64) { strtod($0, nil) }
        }

        /// Writes "<m>e<e>" NUL-terminated into the scratch area after the number.
        func candidate(_ m: UInt64, _ e: Int) -> UnsafeMutablePointer<UInt8> {
            let p = buffer + 32
            let text = Array("\(m)e\(e)".utf8)
            for (i, b) in text.enumerated() { p[i] = b }
            p[text.count] = 0
            return p
        }

        func check(_ x: Float) {
            check(x, "Float", write: ShortestDecimal.write, parse: parseFloat) {
                let (d, e) = ShortestDecimal.digits($0)
                return (UInt64(d), e)
            }
        }

        func check(_ x: Double) {
            check(x, "Double", write: ShortestDecimal.write, parse: parseDouble) { ShortestDecimal.digits($0) }
        }

        /// The checks of one number of either width (`kind`), skipped unless finite: written at
        /// `buffer`, it reads back (`parse`) to the same bits, zero is "0" or "-0", its shortest
        /// digits are those of Swift's `description`, no shorter decimal reads back, and the
        /// layout is the documented one.
        func check<T: BitPatternFloat>(
            _ x: T, _ kind: String, write: (T, UnsafeMutablePointer<UInt8>) -> Int,
            parse: (UnsafeMutablePointer<UInt8>) -> T, digits: (T) -> (UInt64, Int)
        ) {
            guard x.isFinite else { return }
            checked += 1
            let n = write(x, buffer)
            let text = String(decoding: UnsafeBufferPointer(start: buffer, count: n), as: UTF8.self)
            buffer[n] = 0
            // Round trip, sign of zero included.
            if parse(buffer).bitPattern != x.bitPattern { fail("\(kind) \(x.bitPattern): '\(text)' reads back as \(parse(buffer))") }
            let (d, e) = digits(x)
            if x == 0 {
                if text != (x.sign == .minus ? "-0" : "0") { fail("\(kind) zero: '\(text)'") }
                return
            }
            // The digits of Swift's description (shortest, closest).
            if let ref = Self.digits(of: x.magnitude.description), ref.0 != d || ref.1 != e {
                fail("\(kind) \(x.bitPattern) (\(x)): digits \(d)e\(e), description \(ref.0)e\(ref.1)")
            }
            checkShortest(d, e, text: text) { parse($0).bitPattern == x.magnitude.bitPattern }
            checkLayout(x.description, text, integral: x == x.rounded(.towardZero) && x.magnitude < 1e15, d: d, e: e, negative: x < 0)
        }

        /// No decimal of fewer digits reads back: the multiples of 10^(e+1) either side of
        /// d·10^e (any shorter decimal inside the rounding interval would put one of them inside).
        func checkShortest(_ d: UInt64, _ e: Int, text: String, roundTrips: (UnsafeMutablePointer<UInt8>) -> Bool) {
            guard d >= 10 else { return }
            for m in [d / 10, d / 10 + 1] where roundTrips(candidate(m, e + 1)) {
                fail("'\(text)' is not shortest: \(m)e\(e + 1) reads back too")
            }
        }

        /// Integral values below 10¹⁵: the digits then zeros; everything else: `description`.
        func checkLayout(_ description: String, _ text: String, integral: Bool, d: UInt64, e: Int, negative: Bool) {
            let expected = integral ? (negative ? "-" : "") + "\(d)" + String(repeating: "0", count: max(e, 0)) : description
            if text != expected { fail("'\(text)', expected '\(expected)'") }
        }

        /// The significand without trailing zeros and the exponent of a decimal text such as
        /// `1.2345679e+08`, `0.00012` or `120.0`.
        static func digits(of text: String) -> (UInt64, Int)? {
            var mantissa = Substring(text)
            var exponent = 0
            if let i = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
                mantissa = text[..<i]
                guard let x = Int(text[text.index(after: i)...].replacingOccurrences(of: "+", with: "")) else { return nil }
                exponent = x
            }
            var digits = ""
            var afterPoint = 0
            var seenPoint = false
            for ch in mantissa {
                if ch == "." {
                    seenPoint = true
                } else {
                    digits.append(ch)
                    if seenPoint { afterPoint += 1 }
                }
            }
            guard var d = UInt64(digits) else { return nil }
            var e = exponent - afterPoint
            guard d > 0 else { return nil }
            while d % 10 == 0 {
                d /= 10
                e += 1
            }
            return (d, e)
        }
    }

    static func report(_ c: Checker) {
        for f in c.failures { Issue.record(Comment(rawValue: f)) }
    }

    /// Powers of two and their neighbours, the extremes, subnormals, the layout's thresholds.
    static func floatSpecials() -> [Float] {
        var xs: [Float] = [0, -0.0, 1, -1, 0.1, 0.3, 123_456_792, 16_777_216, 16_777_218, 8_388_607.5, 1e15, 1e-4, 1e-5]
        xs += [.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude, .ulpOfOne, .pi]
        for exponent in -149...127 {
            let p = Float(sign: .plus, exponent: exponent, significand: 1)
            xs += [p, p.nextUp, p.nextDown, -p]
        }
        for x: Float in [1e15, 1e-4, 16_777_216, 8_388_608] { xs += [x.nextUp, x.nextDown] }
        // The first and last subnormals, and a stride over all of them.
        for bits in UInt32(1)...2000 { xs += [Float(bitPattern: bits), Float(bitPattern: 0x80_0000 - bits)] }
        for bits in stride(from: UInt32(1), to: 0x80_0000, by: 997) { xs.append(Float(bitPattern: bits)) }
        // Integers, where the integral layout applies.
        for i in 0..<2000 { xs.append(Float(i * 7919)) }
        return xs
    }

    @Test("Float: round trip, shortest, Swift's digits, on specials, a seeded sample and every 4099th bit pattern")
    func floats() {
        let c = Checker()
        for x in Self.floatSpecials() {
            c.check(x)
            c.check(-x)
        }
        var rng = SplitMix64(seed: 0xF10A7)
        for _ in 0..<100_000 { c.check(Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()))) }
        // Values as outputs look: uniform in a range.
        for _ in 0..<50_000 { c.check(Float(rng.nextUnit(in: -1000, 1000))) }
        var bits: UInt64 = 0
        while bits < 1 << 32 {
            c.check(Float(bitPattern: UInt32(bits)))
            bits += 4099
        }
        #expect(c.checked > 1_200_000)
        Self.report(c)
        #expect(c.failures.isEmpty)
    }

    @Test("Double: round trip, shortest, Swift's bytes, on specials and a seeded sample")
    func doubles() {
        let c = Checker()
        var xs: [Double] = [0, -0.0, 1, 0.1, 0.3, 1e15, 1e16, 1e22, 1e23, 9_007_199_254_740_992, 123_456_789_012_345.6, 1e-4, 1e-5]
        xs += [.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude, .ulpOfOne, .pi, 2.2250738585072014e-308]
        for exponent in -1074...1023 {
            let p = Double(sign: .plus, exponent: exponent, significand: 1)
            xs += [p, p.nextUp, p.nextDown, 3 * p]
        }
        for x: Double in [1e15, 1e-4, 9_007_199_254_740_992, 4_503_599_627_370_496] { xs += [x.nextUp, x.nextDown] }
        for bits in UInt64(1)...2000 { xs += [Double(bitPattern: bits), Double(bitPattern: 0x10_0000_0000_0000 - bits)] }
        for i in 0..<2000 { xs += [Double(i * 7919), Double(i) / 8, Double(i) * 1e-3] }
        for x in xs {
            c.check(x)
            c.check(-x)
        }
        var rng = SplitMix64(seed: 0xD0B1E)
        for _ in 0..<150_000 { c.check(Double(bitPattern: rng.next())) }
        for _ in 0..<50_000 { c.check(rng.nextUnit(in: -1000, 1000)) }
        #expect(c.checked > 200_000)
        Self.report(c)
        #expect(c.failures.isEmpty)
    }

    @Test("non-finite numbers write nothing and return 0")
    func nonFinite() {
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 32)
        defer { p.deallocate() }
        p.initialize(repeating: 0xAA, count: 32)
        for x: Float in [.nan, .infinity, -.infinity, .signalingNaN] { #expect(ShortestDecimal.write(x, to: p) == 0) }
        for x: Double in [.nan, .infinity, -.infinity, .signalingNaN] { #expect(ShortestDecimal.write(x, to: p) == 0) }
        #expect((0..<32).allSatisfy { p[$0] == 0xAA })
    }

    @Test("the longest texts fit the declared maxima")
    func lengths() {
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
        defer { p.deallocate() }
        #expect(ShortestDecimal.write(-2.2250738585072014e-308, to: p) == ShortestDecimal.maxDoubleLength)
        #expect(ShortestDecimal.write(-Float(1e15).nextDown, to: p) == ShortestDecimal.maxFloatLength)  // -999999900000000
        var longestFloat = 0
        var bits: UInt64 = 0
        while bits < 1 << 32 {
            longestFloat = max(longestFloat, ShortestDecimal.write(Float(bitPattern: UInt32(bits)), to: p))
            bits += 65_537
        }
        #expect(longestFloat <= ShortestDecimal.maxFloatLength)
    }
}
