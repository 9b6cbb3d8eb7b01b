import Foundation

/// CSS number serialisation.
enum CSSNumber {
    /// Browsers serialise numbers with 6 significant digits (`11.1111%`).
    static let browserDigits = 6

    /// `v` with `digits` significant digits (trailing zeros dropped), or the shortest round-trip
    /// text when `digits` is nil; never `-0`.
    static func format(_ v: Double, digits: Int?) -> String {
        let v = v + 0
        if v == 0 { return "0" }
        if let digits {
            let s = String(format: "%.\(digits)g", v)
            return s == "-0" ? "0" : s
        }
        var s = "\(v)"
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }

    /// A fraction written as a percentage: `fraction · 100` formatted with `digits`, or with
    /// exact digits the shortest decimal of `fraction` with its point moved two places (the
    /// parser reads it back with the exponent lowered by 2, so the fraction is recovered exactly).
    static func percent(_ fraction: Double, digits: Int?) -> String {
        if digits != nil || fraction == 0 { return format(fraction * 100, digits: digits) }
        // The shortest round-trip text as sign, digits and exponent: value = ±0.D × 10^E.
        var text = "\(fraction)"
        var sign = ""
        if text.hasPrefix("-") {
            sign = "-"
            text.removeFirst()
        }
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...].replacingOccurrences(of: "+", with: "")) ?? 0
            text = String(text[..<e])
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(parts[0])
        let decimals = parts.count > 1 ? String(parts[1]) : ""
        var d = whole + decimals
        var e = exponent + whole.count
        while d.hasPrefix("0") {
            d.removeFirst()
            e -= 1
        }
        while d.hasSuffix("0") { d.removeLast() }
        if d.isEmpty { return "0" }
        e += 2  // percent
        if e > 21 || e < -5 {
            let rest = d.dropFirst()
            return sign + String(d.first ?? "0") + (rest.isEmpty ? "" : "." + rest) + "e\(e - 1)"
        }
        if e <= 0 { return sign + "0." + String(repeating: "0", count: -e) + d }
        if e >= d.count { return sign + d + String(repeating: "0", count: e - d.count) }
        let cut = d.index(d.startIndex, offsetBy: e)
        return sign + d[..<cut] + "." + d[cut...]
    }
}
