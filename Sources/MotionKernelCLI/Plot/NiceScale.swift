import Foundation

/// A linear axis scale with "nice" ticks: steps of 1, 2 or 5 times a power of ten, the axis
/// extended outwards to whole steps so that the first and last ticks are its ends.
///
/// The step is chosen among the 1-2-5 candidates near span/6 so that the axis has 5 to 8
/// ticks when one exists (the count closest to 6), else the nearest count (4 or 9 at worst).
/// Degenerate inputs are widened first: a zero-width range [v, v] becomes v ± 10 % (± 1 at
/// 0); a span below 1e-6 of the magnitude is widened to that (finer ticks would not be
/// distinguishable in their labels); non-finite bounds give [0, 1]. If extending to a whole
/// step would overflow, the axis ends at the data instead.
struct NiceScale: Sendable, Equatable {
    /// The axis ends (lo < hi).
    let lo: Double
    let hi: Double
    /// The tick spacing: m · 10^exponent with m ∈ {1, 2, 5}.
    let step: Double
    /// Decimal exponent of `step`.
    let exponent: Int
    /// Tick values, increasing, within [lo, hi].
    let ticks: [Double]

    /// A scale covering [min(a, b), max(a, b)].
    init(covering a: Double, _ b: Double) {
        var lo = min(a, b), hi = max(a, b)
        if !lo.isFinite || !hi.isFinite {
            lo = 0
            hi = 1
        }
        // Work on a tenth of the values when the span overflows; ticks scale back by 10
        // (which keeps the 1-2-5 mantissas).
        let factor: Double = (hi - lo).isFinite ? 1 : 10
        lo /= factor
        hi /= factor
        let magnitude = max(abs(lo), abs(hi))
        if hi - lo <= magnitude * 1e-6 {
            let mid = lo / 2 + hi / 2
            let half = mid == 0 ? 1 : max(abs(mid) * (hi == lo ? 0.1 : 0.5e-6), (hi - lo) / 2)
            lo = mid - half
            hi = mid + half
        }
        let span = hi - lo
        let raw = span / 6
        let e0 = Int(log10(raw).rounded(.down))
        // Preference: a count in 5...8, then the least axis beyond the data, then a count near 6.
        var best: (cost: Int, waste: Double, distance: Int, step: Double, mantissa: Double, exponent: Int)?
        for e in (e0 - 1)...(e0 + 1) {
            for m in [1.0, 2, 5] {
                let step = m * NiceScale.pow10(e)
                guard step > 0, step.isFinite else { continue }
                let intervals = (hi / step).rounded(.up) - (lo / step).rounded(.down)
                guard intervals.isFinite, intervals >= 1 else { continue }
                let count = Int(min(intervals, 1e6)) + 1
                let cost = count < 5 ? 5 - count : (count > 8 ? count - 8 : 0)
                let distance = abs(count - 6)
                // Fraction of the axis outside the data, in steps of 5 % so that near-ties go
                // to the count nearer 6.
                let waste = ((1 - span / (intervals * step)) * 20).rounded(.up)
                if let b = best, (b.cost, b.waste, b.distance) <= (cost, waste, distance) { continue }
                best = (cost, waste, distance, step, m, e)
            }
        }
        let step = best?.step ?? span, exponent = best?.exponent ?? e0, mantissa = best?.mantissa ?? 1
        // k · step as the Double nearest to the decimal k · m · 10^e (0.1 · 3 → 0.3, not
        // 0.30000000000000004), so that labels and comparisons see clean values.
        func multiple(_ k: Double) -> Double {
            exponent < 0 && exponent >= -22 ? (k * mantissa) / NiceScale.pow10(-exponent) : k * step
        }
        var axisLo = multiple((lo / step).rounded(.down))
        var axisHi = multiple((hi / step).rounded(.up))
        if !(axisLo * factor).isFinite { axisLo = lo }
        if !(axisHi * factor).isFinite { axisHi = hi }
        var ticks: [Double] = []
        let first = (axisLo / step).rounded(.up)
        var k = 0.0
        while ticks.count < 64 {
            let t = multiple(first + k)
            if t > axisHi + step * 1e-6 { break }
            if ticks.last.map({ t > $0 }) ?? true { ticks.append(t == 0 ? 0 : t) }
            k += 1
        }
        let scaledLo = axisLo * factor, scaledHi = axisHi * factor
        self.lo = scaledLo
        self.hi = scaledHi
        self.step = step * factor
        self.exponent = exponent + (factor == 1 ? 0 : 1)
        self.ticks = ticks.map { min(max($0 * factor, scaledLo), scaledHi) }
    }

    /// 10^e, exact for the small exponents and correctly rounded for the rest.
    static func pow10(_ e: Int) -> Double {
        e >= 0 && e <= 22 ? [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22][e]
            : (e < 0 && e >= -22 ? 1 / pow10(-e) : Foundation.pow(10, Double(e)))
    }

    /// The fraction of the axis at `v` (0 at `lo`, 1 at `hi`), computed without overflow.
    func fraction(_ v: Double) -> Double {
        let f = (v - lo) / (hi - lo)
        return f.isFinite ? f : (v / 2 - lo / 2) / (hi / 2 - lo / 2)
    }

    /// The label of tick value `v`: plain decimals with exactly the digits the step needs
    /// (`0.25` → step 0.05 gives `0.25`, step 0.5 gives `0.5`), or `m e E` scientific notation
    /// when the step is below 1e-4 or a tick reaches 1e7 (`2.5e-7`, `1.5e12`).
    func label(_ v: Double) -> String {
        if v == 0 { return "0" }
        let top = max(abs(lo), abs(hi))
        if exponent >= -4 && top < 1e7 {
            return SVGWriter.number(v, decimals: max(0, -exponent))
        }
        var e = Int(log10(abs(v)).rounded(.down))
        var mantissa = v / NiceScale.pow10(e)
        if abs(mantissa) >= 10 {
            e += 1
            mantissa = v / NiceScale.pow10(e)
        } else if abs(mantissa) < 1 {
            e -= 1
            mantissa = v / NiceScale.pow10(e)
        }
        // 9.9999999 shown with no decimals would read "10e-7": carry into the exponent.
        let decimals = min(9, max(0, e - exponent))
        if (abs(mantissa) * NiceScale.pow10(decimals)).rounded() >= 10 * NiceScale.pow10(decimals) {
            e += 1
            mantissa /= 10
        }
        return SVGWriter.number(mantissa, decimals: min(9, max(0, e - exponent))) + "e" + String(e)
    }
}
