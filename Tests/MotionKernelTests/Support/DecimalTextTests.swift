import Testing

@testable import MotionKernel

/// `DecimalText` (exact, in Swift) against the C library's `vsnprintf` (`CFormat`), an
/// implementation it shares no code with: the same bytes for `%.Nf` and `%.Ng`.
@Suite("decimal text")
struct DecimalTextTests {
    /// The values every check runs: exact ties at several places, powers of two and ten and
    /// their neighbours, the ends of the range, and random bit patterns.
    static func values() -> [Double] {
        var v: [Double] = [
            0, 0.5, 1.5, 2.5, 0.125, 0.375, 1e-5, 9.9999995e-5, 0.0001, 1e21, 1e22, 1e23,
            123456.5, 999999.5, 9.5, 99.95, 0.045, 1 / 3, 2 / 3, .pi, 1e300, 2.2250738585072014e-308,
            .greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude, 4503599627370496.5, 9_007_199_254_740_992.0.nextUp,
        ]
        for e in stride(from: -1074, through: 1023, by: 7) {
            let p = Double(sign: .plus, exponent: e, significand: 1)
            v += [p, p.nextUp, p.nextDown]
        }
        for e in -30...30 {
            let p = Double("1e\(e)")!
            v += [p, p.nextUp, p.nextDown, 5 * p, 5 * p.nextUp]
        }
        var rng = SplitMix64(seed: 0x00DE_C1AA)
        for _ in 0..<1200 {
            let bits = rng.next()
            let x = Double(bitPattern: bits)
            if x.isFinite { v.append(x) }
            // Values of the sizes motion prints (cssLinear stops, percentages).
            v.append((Double(rng.next() >> 11) / 9_007_199_254_740_992 - 0.5) * [2, 200, 2e5][Int(bits % 3)])
        }
        return v.flatMap { [$0, -$0] }
    }

    @Test("%.Nf equals vsnprintf for N in 0…20")
    func fixedMatchesC() {
        var failures = 0
        for x in Self.values() {
            for n in [0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 17, 20] {
                let ours = DecimalText.fixed(x, digits: n)
                let c = CFormat.format(x, precision: n, .f)
                if ours != c {
                    failures += 1
                    if failures < 10 { Issue.record("%.\(n)f of \(x): \(ours) vs C \(c)") }
                }
            }
        }
        #expect(failures == 0)
    }

    @Test("%.Pg equals vsnprintf for P in 1…17")
    func generalMatchesC() {
        var failures = 0
        for x in Self.values() {
            for p in [1, 2, 3, 4, 6, 9, 12, 15, 16, 17] {
                let ours = DecimalText.general(x, significant: p)
                let c = CFormat.format(x, precision: p, .g)
                if ours != c {
                    failures += 1
                    if failures < 10 { Issue.record("%.\(p)g of \(x): \(ours) vs C \(c)") }
                }
            }
        }
        #expect(failures == 0)
    }

    @Test("precision 0, non-finite values and the largest exact expansions")
    func edges() {
        for x in [Double.nan, -Double.nan, .infinity, -.infinity] {
            #expect(DecimalText.fixed(x, digits: 3) == CFormat.format(x, precision: 3, .f))
            #expect(DecimalText.general(x, significant: 6) == CFormat.format(x, precision: 6, .g))
        }
        for x in [0.0, -0.0, 0.5, 1e-300, 1.7976931348623157e308] {
            #expect(DecimalText.general(x, significant: 0) == CFormat.format(x, precision: 0, .g))
        }
        // The full expansions: 767 significant digits for the largest subnormal, 309 integer
        // digits for the largest finite value.
        let sub = Double.leastNormalMagnitude.nextDown
        #expect(DecimalText.fixed(sub, digits: 1100) == CFormat.format(sub, precision: 1100, .f))
        #expect(DecimalText.fixed(.greatestFiniteMagnitude, digits: 0) == CFormat.format(.greatestFiniteMagnitude, precision: 0, .f))
    }
}
