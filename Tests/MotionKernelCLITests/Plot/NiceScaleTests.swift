import Foundation
import Testing
import MotionKernel
@testable import MotionKernelCLI

@Suite("nice axis ticks")
struct NiceScaleTests {
    /// The checks every scale must pass for data [a, b].
    func check(_ a: Double, _ b: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let s = NiceScale(covering: a, b)
        let lo = min(a, b), hi = max(a, b)
        #expect(s.lo < s.hi, "\(a)…\(b)", sourceLocation: sourceLocation)
        #expect(s.lo <= lo && s.hi >= hi, "covers \(a)…\(b): \(s.lo)…\(s.hi)", sourceLocation: sourceLocation)
        #expect((4...9).contains(s.ticks.count), "\(a)…\(b): \(s.ticks)", sourceLocation: sourceLocation)
        // The step is 1, 2 or 5 times a power of ten.
        let e = (log10(s.step)).rounded(.down)
        var m = s.step / pow(10, e)
        if m >= 9.999_999 { m /= 10 }
        #expect([1.0, 2, 5].contains { abs(m - $0) < 1e-9 }, "step \(s.step)", sourceLocation: sourceLocation)
        // Ticks: increasing, spaced by the step, multiples of it, the first and last at the ends.
        for (t, u) in zip(s.ticks, s.ticks.dropFirst()) {
            // (Each tick is the Double nearest its decimal value: half an ulp each.)
            let rounding = max(t.ulp, u.ulp)
            #expect(abs((u - t) - s.step) <= 1e-12 * s.step + rounding, "spacing \(t) → \(u)", sourceLocation: sourceLocation)
        }
        for t in s.ticks {
            let k = t / s.step
            #expect(abs(k - k.rounded()) <= 1e-6, "\(t) is a multiple of \(s.step)", sourceLocation: sourceLocation)
        }
        // (Unless a whole step beyond the data overflows Double: then the axis ends at the data.)
        if s.lo > -Double.greatestFiniteMagnitude / 10 {
            #expect(s.ticks.first == s.lo, "\(s.ticks) starts at \(s.lo)", sourceLocation: sourceLocation)
        }
        if s.hi < Double.greatestFiniteMagnitude / 10 {
            #expect(s.ticks.last == s.hi, "\(s.ticks) ends at \(s.hi)", sourceLocation: sourceLocation)
        }
        // Not much wider than the data: one step on each side at most.
        if hi > lo && (hi - lo) > max(abs(lo), abs(hi)) * 1e-6 && hi - lo > 1e-289 {
            #expect(s.hi - s.lo <= (hi - lo) + 2 * s.step, sourceLocation: sourceLocation)
        }
        // Labels: distinct, and read back as the tick value.
        let labels = s.ticks.map(s.label)
        #expect(Set(labels).count == labels.count, "\(labels)", sourceLocation: sourceLocation)
        for (t, label) in zip(s.ticks, labels) {
            let v = Double(label)
            #expect(v != nil && abs(v! - t) <= 1e-9 * max(abs(t), s.step), "label \(label) for \(t)", sourceLocation: sourceLocation)
        }
    }

    @Test("hand-worked ranges")
    func handWorked() {
        let cases: [(Double, Double, [Double])] = [
            (0, 1, [0, 0.2, 0.4, 0.6, 0.8, 1]),
            (0, 0.8, [0, 0.2, 0.4, 0.6, 0.8]),
            (-0.1, 1.1, [-0.2, 0, 0.2, 0.4, 0.6, 0.8, 1, 1.2]),
            (0, 100, [0, 20, 40, 60, 80, 100]),
            (0, 0, [-1, -0.5, 0, 0.5, 1]),
            (-3, 7, [-4, -2, 0, 2, 4, 6, 8]),
            (-30, -20, [-30, -28, -26, -24, -22, -20]),
            (1e-9, 3e-9, [1e-9, 1.5e-9, 2e-9, 2.5e-9, 3e-9]),
            (0, 3e12, [0, 5e11, 1e12, 1.5e12, 2e12, 2.5e12, 3e12]),
        ]
        for (a, b, expected) in cases {
            let s = NiceScale(covering: a, b)
            #expect(
                s.ticks.count == expected.count && zip(s.ticks, expected).allSatisfy { abs($0 - $1) <= 1e-12 * max(1, abs($1)) },
                "\(a)…\(b): \(s.ticks)")
            check(a, b)
        }
        #expect(NiceScale(covering: 0, 1).ticks.map(NiceScale(covering: 0, 1).label) == ["0", "0.2", "0.4", "0.6", "0.8", "1"])
        let tiny = NiceScale(covering: 1e-9, 3e-9)
        #expect(tiny.ticks.map(tiny.label) == ["1e-9", "1.5e-9", "2e-9", "2.5e-9", "3e-9"])
        let huge = NiceScale(covering: 0, 3e12)
        #expect(huge.label(1.5e12) == "1.5e12" && huge.label(0) == "0")
        let negative = NiceScale(covering: -30, -20)
        #expect(negative.label(-22) == "-22")
    }

    @Test("tiny, huge, negative, offset and zero-width ranges")
    func edges() {
        let ranges: [(Double, Double)] = [
            (5, 5), (-5, -5), (1e-300, 1e-300), (1e300, 1e300), (0, 1e-12), (-1e-12, 0), (1e-306, 3e-306),
            (1, 1 + 1e-15), (1e9, 1e9 + 1), (-1e6, 1e6), (0.1, 0.3), (3, 2), (-1e308, 1e308), (-1.7e308, 1.7e308),
            (0, 1.7e308), (123.456, 123.457), (-0.0, 0.0), (0.9999, 1.0001),
        ]
        for (a, b) in ranges { check(a, b) }
        // Non-finite input falls back to [0, 1].
        let fallback = NiceScale(covering: .nan, 1)
        #expect(fallback.lo == 0 && fallback.hi == 1)
        #expect(NiceScale(covering: -.infinity, .infinity).ticks.count == 6)
        // Subnormal ranges: approximate, but finite, ordered and covering.
        let d = Double.leastNonzeroMagnitude
        for (a, b) in [(2024 * d, 4048 * d), (0, d), (-2e15 * d, 2e15 * d)] {
            let s = NiceScale(covering: a, b)
            #expect(s.lo <= a && s.hi >= b && s.lo < s.hi && s.ticks.allSatisfy(\.isFinite) && !s.ticks.isEmpty)
            #expect(zip(s.ticks, s.ticks.dropFirst()).allSatisfy { $0 < $1 })
        }
    }

    @Test("random ranges across 600 orders of magnitude")
    func random() {
        var rng = SplitMix64(seed: 2024)
        for _ in 0..<3000 {
            let e = Double.random(in: -290...290, using: &rng)
            let a = (Bool.random(using: &rng) ? 1.0 : -1) * pow(10, e) * Double.random(in: 1...10, using: &rng)
            let width = pow(10, e + Double.random(in: -8...2, using: &rng))
            let b = Bool.random(using: &rng) ? a + width : (Double.random(in: 0...1, using: &rng) < 0.1 ? a : -a * Double.random(in: 0...1, using: &rng))
            guard b.isFinite else { continue }
            check(a, b)
        }
    }

    @Test("explicit ends with a given step: ticks at the step's multiples inside, clean decimals")
    func explicitEnds() {
        let s = NiceScale(lo: -0.37, hi: 0.71, mantissa: 2, exponent: -1)
        #expect(s.lo == -0.37 && s.hi == 0.71 && s.step == 0.2 && s.mantissa == 2)
        #expect(s.ticks == [-0.2, 0, 0.2, 0.4, 0.6])
        #expect(s.ticks.map(s.label) == ["-0.2", "0", "0.2", "0.4", "0.6"])
        let big = NiceScale(lo: 1234, hi: 9876, mantissa: 5, exponent: 3)
        #expect(big.ticks == [5000] && big.label(5000) == "5000")
        #expect(NiceScale(lo: 0.1, hi: 0.2, mantissa: 1, exponent: 0).ticks.isEmpty)
        #expect(NiceScale(covering: 0, 1).mantissa == 2 && NiceScale(covering: 0, 100).mantissa == 2)
    }

    @Test("significant-figure labels")
    func significant() {
        let cases: [(Double, String)] = [
            (0.7183, "0.718"), (12.34, "12.3"), (170, "170"), (0.9996, "1"), (999.6, "1000"), (1.234e-7, "1.23e-7"),
            (-2.5, "-2.5"), (0, "0"), (4.2e9, "4.2e9"), (9.9996e-5, "1e-4"), (0.000123, "0.000123"),
        ]
        for (v, s) in cases { #expect(PlotFormat.significant(v) == s, "\(v)") }
    }
}
