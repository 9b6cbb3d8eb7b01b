/// C's `printf` text of one `Double` for `%.Nf` and `%.Ng`, computed exactly in Swift, with no C
/// library (so WebAssembly, which has none, writes the same text as every native build).
///
/// Every finite `Double` is m·2^e with integers m < 2⁵³ and −1074 ≤ e ≤ 971, so its decimal
/// expansion is finite: m·2^e itself when e ≥ 0, and m·5^(−e) / 10^(−e) when e < 0 (at most
/// 767 significant digits). `DecimalText` computes that expansion with a small big-integer
/// routine and rounds it in decimal, to nearest with ties to even, as glibc's and Apple's
/// `printf` round the exact binary value in the default rounding mode. The tests compare it with
/// `vsnprintf` on random and boundary values.
package enum DecimalText {
    /// `%.<digits>f`: fixed notation with `digits` digits after the point (`0.100000`);
    /// `nan`, `-nan`, `inf`, `-inf` as C writes them; the sign of −0 and of negative values that
    /// round to zero kept (`-0.00`).
    /// - Parameters:
    ///   - x: the number.
    ///   - digits: digits after the point, clamped to 0…1100.
    /// - Returns: the text, ASCII.
    package static func fixed(_ x: Double, digits: Int) -> String {
        if let special = nonFinite(x) { return special }
        let n = min(max(digits, 0), 1100)
        let d = Expansion(abs(x))
        var r = d.rounded(atPlace: -n)
        if r.count < n + 1 { r = [UInt8](repeating: 0, count: n + 1 - r.count) + r }
        var out = x.sign == .minus ? "-" : ""
        out += text(r[0..<(r.count - n)])
        if n > 0 { out += "." + text(r[(r.count - n)...]) }
        return out
    }

    /// `%.<significant>g`: `significant` significant digits (0 counts as 1) in `%e` or `%f`
    /// form, as C chooses (an exponent X with P > X ≥ −4 takes `%f`), trailing zeros and a
    /// trailing point removed; the exponent has a sign and at least two digits (`1e-05`).
    /// - Parameters:
    ///   - x: the number.
    ///   - significant: the precision P, clamped to 1…1100.
    /// - Returns: the text, ASCII.
    package static func general(_ x: Double, significant: Int) -> String {
        if let special = nonFinite(x) { return special }
        let p = min(max(significant, 1), 1100)
        let sign = x.sign == .minus ? "-" : ""
        guard x != 0 else { return sign + "0" }
        let d = Expansion(abs(x))
        // The exponent of the leading digit after rounding to P significant digits.
        var r = d.rounded(atPlace: d.leadingPlace - p + 1)
        var exponent = d.leadingPlace
        if r.count > p {
            exponent += 1
            r.removeLast()
        }
        if p > exponent && exponent >= -4 {
            return sign + trimmed(fixed(abs(x), digits: p - 1 - exponent))
        }
        var mantissa = text(r[0..<1])
        if p > 1 { mantissa += "." + text(r[1...]) }
        mantissa = trimmed(mantissa)
        let e = abs(exponent)
        return sign + mantissa + (exponent < 0 ? "e-" : "e+") + (e < 10 ? "0" : "") + String(e)
    }

    /// C's text for NaN and the infinities, nil for a finite `x`.
    static func nonFinite(_ x: Double) -> String? {
        if x.isNaN { return x.sign == .minus ? "-nan" : "nan" }
        if x.isInfinite { return x < 0 ? "-inf" : "inf" }
        return nil
    }

    /// Decimal digits (values 0…9) as ASCII.
    static func text<C: Collection>(_ digits: C) -> String where C.Element == UInt8 {
        String(decoding: digits.map { $0 + 0x30 }, as: UTF8.self)
    }

    /// `s` without trailing zeros after a point, and without the point if nothing follows it.
    static func trimmed(_ s: String) -> String {
        guard s.utf8.contains(0x2E) else { return s }
        var bytes = Array(s.utf8)
        while bytes.last == 0x30 { bytes.removeLast() }
        if bytes.last == 0x2E { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The exact decimal expansion of a finite, non-negative `Double`: `digits` (most significant
    /// first, no leading or trailing zeros; empty for 0) times 10^`scale`.
    struct Expansion {
        var digits: [UInt8]
        var scale: Int

        init(_ x: Double) {
            guard x != 0 else {
                digits = []
                scale = 0
                return
            }
            // x = m·2^e with an integer m.
            let m = x.significandBitPattern | (x.isNormal ? 1 << 52 : 0)
            let e = x.isNormal ? Int(x.exponentBitPattern) - 1075 : -1074
            var big = BigDigits(m)
            if e >= 0 {
                big.shiftLeft(e)
                scale = 0
            } else {
                // m·2^e = m·5^(−e) / 10^(−e); 5¹³ is the largest power of 5 below 2³².
                var k = -e
                while k >= 13 {
                    big.multiply(by: 1_220_703_125)
                    k -= 13
                }
                var rest: UInt32 = 1
                for _ in 0..<k { rest *= 5 }
                big.multiply(by: rest)
                scale = e
            }
            digits = big.decimalDigits()
            while digits.last == 0 {
                digits.removeLast()
                scale += 1
            }
        }

        /// The power of ten of the leading digit (x ≠ 0).
        var leadingPlace: Int { digits.count - 1 + scale }

        /// The value divided by 10^`place`, rounded to an integer (to nearest, ties to even), as
        /// decimal digits without leading zeros (empty for 0).
        func rounded(atPlace place: Int) -> [UInt8] {
            guard !digits.isEmpty else { return [] }
            // Digits kept: those of place ≥ `place`.
            let keep = leadingPlace - place + 1
            if keep >= digits.count { return digits + [UInt8](repeating: 0, count: keep - digits.count) }
            if keep < 0 { return [] }
            var kept = Array(digits[0..<keep])
            let next = digits[keep]
            let more = keep + 1 < digits.count  // trailing zeros are stripped: anything after is non-zero
            let odd = (kept.last ?? 0) % 2 == 1
            if next > 5 || (next == 5 && (more || odd)) {
                var i = kept.count - 1
                while i >= 0 && kept[i] == 9 {
                    kept[i] = 0
                    i -= 1
                }
                if i >= 0 { kept[i] += 1 } else { kept.insert(1, at: 0) }
            }
            while kept.first == 0 { kept.removeFirst() }
            return kept
        }
    }

    /// A non-negative integer in base 2³² (least significant limb first): just what the
    /// expansion needs.
    struct BigDigits {
        var limbs: [UInt32]

        init(_ value: UInt64) {
            limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
            normalize()
        }

        mutating func normalize() {
            while limbs.last == 0 { limbs.removeLast() }
        }

        mutating func multiply(by factor: UInt32) {
            var carry: UInt64 = 0
            for i in limbs.indices {
                let p = UInt64(limbs[i]) * UInt64(factor) + carry
                limbs[i] = UInt32(truncatingIfNeeded: p)
                carry = p >> 32
            }
            if carry != 0 { limbs.append(UInt32(carry)) }
        }

        mutating func shiftLeft(_ bits: Int) {
            let words = bits / 32, b = UInt32(bits % 32)
            if b != 0 {
                var carry: UInt32 = 0
                for i in limbs.indices {
                    let v = limbs[i]
                    limbs[i] = (v << b) | carry
                    carry = v >> (32 - b)
                }
                if carry != 0 { limbs.append(carry) }
            }
            limbs.insert(contentsOf: [UInt32](repeating: 0, count: words), at: 0)
        }

        /// Divides by `divisor` in place.
        /// - Returns: the remainder.
        mutating func divide(by divisor: UInt32) -> UInt32 {
            var rem: UInt64 = 0
            for i in limbs.indices.reversed() {
                let cur = (rem << 32) | UInt64(limbs[i])
                limbs[i] = UInt32(cur / UInt64(divisor))
                rem = cur % UInt64(divisor)
            }
            normalize()
            return UInt32(rem)
        }

        /// The decimal digits, most significant first (empty for 0).
        func decimalDigits() -> [UInt8] {
            var n = self
            var chunks: [UInt32] = []
            while !n.limbs.isEmpty { chunks.append(n.divide(by: 1_000_000_000)) }
            var out: [UInt8] = []
            for (k, chunk) in chunks.reversed().enumerated() {
                var c = chunk
                var nine = [UInt8](repeating: 0, count: 9)
                for j in stride(from: 8, through: 0, by: -1) {
                    nine[j] = UInt8(c % 10)
                    c /= 10
                }
                if k == 0 {
                    out.append(contentsOf: nine.drop { $0 == 0 })
                } else {
                    out.append(contentsOf: nine)
                }
            }
            return out
        }
    }
}
