#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A linear axis scale with "nice" ticks: steps of 1, 2 or 5 times a power of ten, the axis
/// extended outwards to whole steps so that the first and last ticks are its ends.
///
/// The step is chosen among the 1-2-5 candidates near span/6 so that the axis has 5 to 8
/// ticks when one exists (the count closest to 6), else the nearest count (4 or 9 at worst).
/// Degenerate inputs are widened first: a zero-width range [v, v] becomes v ± 10 % (± 1 at
/// 0); a span below 1e-6 of the magnitude is widened to that (finer ticks would not be
/// distinguishable in their labels); non-finite bounds give [0, 1]. If extending to a whole
/// step would overflow, the axis ends at the data instead. Subnormal ranges (below 1e-307) get
/// approximate ticks: 10^e itself is not representable there.
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
        // Near the top of Double, work on a tenth of the values (room to widen and to round
        // outwards); ticks scale back by 10, which keeps the 1-2-5 mantissas.
        let factor: Double = max(abs(lo), abs(hi)) > 1e300 ? 10 : 1
        lo /= factor
        hi /= factor
        let magnitude = max(abs(lo), abs(hi))
        let minSpan = max(magnitude * 1e-6, 1e-290)
        if hi - lo < minSpan {
            let mid = lo / 2 + hi / 2
            let half = hi == lo ? (mid == 0 ? 1 : max(abs(mid) * 0.1, minSpan / 2)) : minSpan / 2
            lo = mid - half
            hi = mid + half
        }
        let span = hi - lo
        let e0 = Int(log10(span / 6).rounded(.down))

        // k · step as the Double nearest to the decimal k · m · 10^e (0.1 · 3 → 0.3, not
        // 0.30000000000000004), so that labels and comparisons see clean values.
        func multiple(_ k: Double, _ m: Double, _ e: Int) -> Double {
            e < 0 && e >= -22 ? (k * m) / NiceScale.pow10(-e) : k * (m * NiceScale.pow10(e))
        }
        // The tick indices for a step: whole steps around the data, except where a step
        // beyond the data would overflow once scaled back (the axis then ends at the data).
        func indices(_ m: Double, _ e: Int) -> (lo: Double, hi: Double, clippedLo: Bool, clippedHi: Bool)? {
            let step = m * NiceScale.pow10(e)
            guard step > 0, step.isFinite else { return nil }
            var kLo = (lo / step).rounded(.down), kHi = (hi / step).rounded(.up)
            let clippedLo = !(multiple(kLo, m, e) * factor).isFinite, clippedHi = !(multiple(kHi, m, e) * factor).isFinite
            if clippedLo { kLo += 1 }
            if clippedHi { kHi -= 1 }
            guard kHi > kLo, kHi - kLo < 1000 else { return nil }
            return (kLo, kHi, clippedLo, clippedHi)
        }

        // Preference: a count in 5...8, then the least axis beyond the data, then a count near 6.
        var best: (cost: Int, waste: Double, distance: Int, m: Double, e: Int)?
        for e in (e0 - 1)...(e0 + 1) {
            for m in [1.0, 2, 5] {
                guard let k = indices(m, e) else { continue }
                let count = Int(k.hi - k.lo) + 1
                let cost = count < 5 ? 5 - count : (count > 8 ? count - 8 : 0)
                let distance = abs(count - 6)
                let axisLo = k.clippedLo ? lo : multiple(k.lo, m, e), axisHi = k.clippedHi ? hi : multiple(k.hi, m, e)
                // Fraction of the axis outside the data, in steps of 5 % so that near-ties go
                // to the count nearer 6.
                let waste = ((1 - span / (axisHi - axisLo)) * 20).rounded(.up)
                if let b = best, (b.cost, b.waste, b.distance) <= (cost, waste, distance) { continue }
                best = (cost, waste, distance, m, e)
            }
        }
        let m = best?.m ?? 1, e = best?.e ?? e0
        let k = indices(m, e) ?? (0, 1, false, false)
        let axisLo = k.clippedLo ? lo : multiple(k.lo, m, e), axisHi = k.clippedHi ? hi : multiple(k.hi, m, e)
        let ticks = stride(from: k.lo, through: k.hi, by: 1).map { multiple($0, m, e) + 0 }
        let scaledLo = axisLo * factor, scaledHi = axisHi * factor
        self.lo = scaledLo
        self.hi = scaledHi
        self.step = m * NiceScale.pow10(e) * factor
        self.exponent = e + (factor == 1 ? 0 : 1)
        self.ticks = ticks.map { min(max($0 * factor, scaledLo), scaledHi) }
    }

    /// A scale with the given ends (lo < hi, finite) and ticks every `mantissa` · 10^`exponent`
    /// (mantissa 1, 2 or 5): at the multiples of the step inside [lo, hi] (possibly none).
    /// Used for equal-aspect plots, whose axis ends are set by the picture's proportions.
    init(lo: Double, hi: Double, mantissa m: Double, exponent e: Int) {
        self.lo = lo
        self.hi = hi
        self.step = m * NiceScale.pow10(e)
        self.exponent = e
        // k · m · 10^e as the Double nearest the decimal (as in the main initializer).
        func multiple(_ k: Double) -> Double { e < 0 && e >= -22 ? (k * m) / NiceScale.pow10(-e) : k * (m * NiceScale.pow10(e)) }
        let kLo = (lo / step).rounded(.up), kHi = (hi / step).rounded(.down)
        if kLo.isFinite, kHi.isFinite, kHi >= kLo, kHi - kLo < 1000 {
            ticks = stride(from: kLo, through: kHi, by: 1).map { multiple($0) + 0 }.filter { $0 >= lo && $0 <= hi }
        } else {
            ticks = []
        }
    }

    /// The 1-2-5 mantissa of `step` (1, 2 or 5).
    var mantissa: Double { (step / NiceScale.pow10(exponent)).rounded() }

    /// 10^e, exact for the small exponents and correctly rounded for the rest.
    static func pow10(_ e: Int) -> Double {
        e >= 0 && e <= 22
            ? [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22][e]
            : (e < 0 && e >= -22 ? 1 / pow10(-e) : pow(10, Double(e)))
    }

    /// The fraction of the axis at `v` (0 at `lo`, 1 at `hi`), computed without overflow.
    func fraction(_ v: Double) -> Double {
        let f = (v - lo) / (hi - lo)
        return f.isFinite ? f : (v / 2 - lo / 2) / (hi / 2 - lo / 2)
    }

    /// The label of tick value `v`: plain decimals with exactly the digits the step needs
    /// (`0.25` → step 0.05 gives `0.25`, step 0.5 gives `0.5`), or `m e E` scientific notation
    /// when the axis stays below 1e-4, reaches 1e7, or its step is below 1e-9 (`2.5e-7`,
    /// `1.5e12`).
    func label(_ v: Double) -> String {
        if v == 0 { return "0" }
        let top = max(abs(lo), abs(hi))
        if top >= 1e-4 && top < 1e7 && exponent >= -9 {
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
