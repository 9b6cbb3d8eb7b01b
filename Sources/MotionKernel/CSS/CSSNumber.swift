/// CSS numbers: the one formatter of every number the package writes into CSS text (easing
/// functions, transform lists and matrices, the preset exports of MotionPresets) and the one
/// reader of a number's text (through ``CSSTokenizer``).
///
/// The digit policies (``Digits``) are what the callers legitimately need: exact round trips,
/// browser-style serialisation, and exports with a fixed resolution in CSS units. Every finite
/// value is written as a CSS `<number-token>` (CSS Syntax Level 3 §4.3.3: sign, digits, `.`
/// and digits, an exponent such as `1e-05` or `1.5e+20`), never as `-0`.
package enum CSSNumber {
    /// How many digits a number keeps.
    package enum Digits: Sendable, Hashable {
        /// The fewest digits that read back as the same value in its own type (`Float` or
        /// `Double`): the digits of `ShortestDecimal`, integral values up to 2⁵³ in magnitude as
        /// integers (`120`, `1000000000000000`), others in `ShortestDecimal`'s layout (`0.1`,
        /// `1e-05`, `1e+16`).
        case shortest
        /// At most `n` significant digits, correctly rounded from the binary value, trailing
        /// zeros dropped (C's `%.ng`): how browsers serialise numbers (n = 6: `11.1111`).
        case significant(Int)
        /// At most `n` digits after the point (n clamped to 0…17), rounded half away from zero
        /// on the binary value times 10ⁿ, trailing zeros dropped; from 10¹⁵ in magnitude (or
        /// where the rounding leaves that range) the value in `ShortestDecimal`'s layout
        /// (`1e+16`, `1000000000000000.0`). Exports with a fixed resolution in CSS units.
        case decimals(Int)
    }

    /// Browsers serialise numbers with 6 significant digits (`11.1111%`).
    static let browserDigits = 6

    /// `x` as CSS text with the given digits (see ``Digits``); never `-0`.
    ///
    /// A non-finite `x` has no `<number>` form: ``Digits/decimals(_:)`` writes the `calc()`
    /// keywords `NaN`, `infinity`, `-infinity` (CSS Values Level 4 §10.7.1), the other policies
    /// C's `nan`, `inf`, `-inf`. Callers validate their values finite first.
    package static func text(_ x: Double, _ digits: Digits = .shortest) -> String {
        switch digits {
        case .shortest: return shortest(x)
        case .significant(let n): return significant(x, n)
        case .decimals(let n): return decimals(x, n)
        }
    }

    /// `x` as CSS text with the fewest digits that read back as the same value in `T`
    /// (``Digits/shortest``: a `Float` gets its own shortest digits); never `-0`.
    package static func text<T: MotionScalar>(_ x: T) -> String { shortest(x) }

    /// The value of `text` when it is one CSS `<number-token>` and nothing else (as
    /// ``CSSTokenizer`` reads it), else nil.
    package static func value(of text: String) -> Double? {
        var t = CSSTokenizer(text)
        guard case .number(let v, _) = t.next().kind, t.next().kind.isEnd else { return nil }
        return v
    }

    /// The fraction that `text`, one CSS `<percentage-token>` (`12.5%`) and nothing else, stands
    /// for, as the easing parser reads it (the value divided by 100 in one rounding); else nil.
    static func fraction(ofPercentage text: String) -> Double? {
        var t = CSSTokenizer(text)
        guard case .percentage(_, let fraction) = t.next().kind, t.next().kind.isEnd else { return nil }
        return fraction
    }

    /// A fraction written as a percentage (without the `%`): `fraction · 100` with `digits`,
    /// except that ``Digits/shortest`` moves the point of the shortest decimal of `fraction`
    /// two places (the easing parser reads it back with the exponent lowered by 2, so the
    /// fraction is recovered exactly).
    static func percent(_ fraction: Double, _ digits: Digits) -> String {
        guard digits == .shortest, fraction != 0, fraction.isFinite else { return text(fraction * 100, digits) }
        // fraction = ±0.D × 10^e, D the shortest digits.
        // The text is built as ASCII bytes (no Character stepping of String).
        let (significand, exponent) = ShortestDecimal.digits(fraction)
        let d = Array(String(significand).utf8)  // ASCII digits, never empty
        var out: [UInt8] = fraction < 0 ? [UInt8(ascii: "-")] : []
        let e = exponent + d.count + 2  // percent
        if e > 21 || e < -5 {
            out.append(d[0])
            if d.count > 1 {
                out.append(UInt8(ascii: "."))
                out += d[1...]
            }
            return String(decoding: out, as: UTF8.self) + "e\(e - 1)"
        }
        if e <= 0 {
            out += [UInt8(ascii: "0"), UInt8(ascii: ".")]
            out += [UInt8](repeating: UInt8(ascii: "0"), count: -e)
            out += d
        } else if e >= d.count {
            out += d
            out += [UInt8](repeating: UInt8(ascii: "0"), count: e - d.count)
        } else {
            out += d[..<e]
            out.append(UInt8(ascii: "."))
            out += d[e...]
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: the policies

    static func shortest<T: MotionScalar>(_ x: T) -> String {
        let x = x + 0  // -0 is 0
        if x.isFinite, x == x.rounded(), abs(x) <= 9_007_199_254_740_992 { return String(Int64(x)) }
        return written(x)
    }

    static func significant(_ x: Double, _ n: Int) -> String {
        let x = x + 0
        if x == 0 { return "0" }
        let s = DecimalText.general(x, significant: n)
        return UTF8Text.matches(s, "-0") ? "0" : s
    }

    static func decimals(_ x: Double, _ n: Int) -> String {
        guard x.isFinite else { return x.isNaN ? "NaN" : (x > 0 ? "infinity" : "-infinity") }
        let digits = Swift.min(Swift.max(n, 0), 17)
        let scale = Double.pow(10, Double(digits))
        if abs(x) >= 1e15 { return written(x) }
        var r = (x * scale).rounded() / scale
        if r == 0 { r = 0 }
        if abs(r) >= 1e15 || !r.isFinite { return written(x) }
        let a = abs(r)
        let ip = a.rounded(.down)
        var frac = ((a - ip) * scale).rounded()
        var intPart = Int64(ip)
        if frac >= scale {
            frac -= scale
            intPart += 1
        }
        var fs = Array(String(Int64(frac)).utf8)  // ASCII digits
        if fs.count < digits { fs = [UInt8](repeating: UInt8(ascii: "0"), count: digits - fs.count) + fs }
        while fs.last == UInt8(ascii: "0") { fs.removeLast() }
        return (r < 0 ? "-" : "") + String(intPart) + (fs.isEmpty ? "" : "." + String(decoding: fs, as: UTF8.self))
    }

    /// `ShortestDecimal`'s text of `x` in its own type (Swift's `description`: `0.1`, `1e-05`,
    /// `1000000000000000.0`); Swift's `nan`, `inf`, `-inf` when not finite.
    static func written<T: MotionScalar>(_ x: T) -> String {
        guard x.isFinite else { return "\(x)" }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ShortestDecimal.maxDoubleLength) { buffer in
            let p = buffer.baseAddress!
            let n = (x as? Float).map { ShortestDecimal.write($0, to: p) } ?? ShortestDecimal.write(x.doubleValue, to: p)
            return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
        }
    }
}
