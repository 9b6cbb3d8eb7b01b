/// A decimal text read as the nearest `Double` (ties to even), exactly, in Swift: what the C
/// library's `strtod` does for decimal text, for the WebAssembly build, which has no C library
/// (there it stands behind `Double(String)`, so JSON and CSS numbers read the same bits as
/// natively). The tests compare it with `strtod` on random and halfway values.
///
/// The value D·10^E (D the digits as an integer) is compared exactly: D·10^E itself when E ≥ 0,
/// else the quotient of D·2^s by 10^(−E) with its remainder, from which the 53 (or, below
/// 2⁻¹⁰²², fewer) bits are rounded. Beyond 800 significant digits the rest only counts as
/// "non-zero" (a halfway point between two doubles has at most 767 significant digits, so that
/// decides every rounding).
package enum DecimalParse {
    /// The `Double` nearest to `text`: an optional sign, then `inf`, `infinity` or `nan` (any
    /// case), or digits with an optional point and an optional exponent (`e`/`E`, optional sign,
    /// digits); at least one digit in the mantissa. Out-of-range values give ±∞ or ±0.
    /// - Returns: nil unless all of `text` is such a number.
    package static func double<C: Collection>(_ text: C) -> Double? where C.Element == UInt8 {
        var i = text.startIndex
        var negative = false
        if i != text.endIndex, text[i] == 0x2B || text[i] == 0x2D {
            negative = text[i] == 0x2D
            i = text.index(after: i)
        }
        let rest = text[i...]
        let lower = rest.map { $0 | 0x20 }
        if lower.elementsEqual("inf".utf8) || lower.elementsEqual("infinity".utf8) { return negative ? -.infinity : .infinity }
        if lower.elementsEqual("nan".utf8) { return negative ? -.nan : .nan }
        var digits: [UInt8] = []
        var exponent = 0  // of the last digit kept
        var sawDigit = false, sawPoint = false, dropped = false
        while i != text.endIndex {
            let c = text[i]
            if c >= 0x30 && c <= 0x39 {
                sawDigit = true
                if sawPoint { exponent -= 1 }
                if digits.isEmpty && c == 0x30 {
                    // a leading zero: no digit kept
                } else if digits.count < 800 {
                    digits.append(c - 0x30)
                } else {
                    if c != 0x30 { dropped = true }
                    exponent += 1
                }
            } else if c == 0x2E && !sawPoint {
                sawPoint = true
            } else {
                break
            }
            i = text.index(after: i)
        }
        guard sawDigit else { return nil }
        if i != text.endIndex {
            guard text[i] | 0x20 == 0x65 else { return nil }
            i = text.index(after: i)
            var negativeExponent = false
            if i != text.endIndex, text[i] == 0x2B || text[i] == 0x2D {
                negativeExponent = text[i] == 0x2D
                i = text.index(after: i)
            }
            var e = 0, expDigits = false
            while i != text.endIndex, text[i] >= 0x30 && text[i] <= 0x39 {
                // Saturates: beyond 10⁹ every value is 0 or ∞.
                e = e >= 100_000_000 ? 1_000_000_000 : e * 10 + Int(text[i] - 0x30)
                expDigits = true
                i = text.index(after: i)
            }
            guard expDigits, i == text.endIndex else { return nil }
            exponent += negativeExponent ? -e : e
        }
        // A dropped non-zero digit: one more digit 1 below the kept ones (see the type's notes).
        if dropped {
            digits.append(1)
            exponent -= 1
        }
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        let magnitude = value(digits: digits, exponent: exponent)
        return negative ? -magnitude : magnitude
    }

    /// digits·10^exponent (digits without leading or trailing zeros) rounded to a `Double`.
    static func value(digits: [UInt8], exponent: Int) -> Double {
        guard !digits.isEmpty else { return 0 }
        let leading = digits.count + exponent  // the value is in [10^(leading−1), 10^leading)
        if leading > 310 { return .infinity }
        if leading < -324 { return 0 }
        var d = DecimalText.BigDigits(0)
        var k = 0
        while k < digits.count {
            // Nine digits at a time.
            let end = min(k + 9, digits.count)
            var chunk: UInt32 = 0, scale: UInt32 = 1
            for j in k..<end {
                chunk = chunk * 10 + UInt32(digits[j])
                scale *= 10
            }
            d.multiply(by: scale)
            d.add(chunk)
            k = end
        }
        if exponent >= 0 {
            for _ in 0..<exponent { d.multiply(by: 10) }
            let (top, shift, sticky) = d.top64()
            return rounded(top, binaryExponent: shift, sticky: sticky)
        }
        var v = DecimalText.BigDigits(1)
        for _ in 0..<(-exponent) { v.multiply(by: 10) }
        // q = ⌊d·2^s / v⌋ with 2⁶² < q < 2⁶⁴.
        let s = 63 + v.bitWidth - d.bitWidth
        if s >= 0 { d.shiftLeft(s) } else { v.shiftLeft(-s) }
        let (q, remainderIsZero) = d.quotient64(dividingBy: v)
        return rounded(q, binaryExponent: -s, sticky: !remainderIsZero)
    }

    /// (q + a fraction in [0, 1), non-zero when `sticky`)·2^binaryExponent rounded to a `Double`
    /// (to nearest, ties to even), q ≠ 0.
    static func rounded(_ q: UInt64, binaryExponent: Int, sticky: Bool) -> Double {
        let width = 64 - q.leadingZeroBitCount
        let lead = width - 1 + binaryExponent  // the exponent of q's top bit
        if lead > 1023 { return .infinity }
        // Bits the result can hold: 53, fewer below 2⁻¹⁰²².
        let bits = lead >= -1022 ? 53 : 53 - (-1022 - lead)
        let drop = width - bits
        if drop <= 0 {
            return Double(sign: .plus, exponent: binaryExponent, significand: Double(q))
        }
        if drop > 64 { return 0 }
        let keep = drop == 64 ? 0 : q >> UInt64(drop)
        let rem = drop == 64 ? q : q & ((1 << UInt64(drop)) - 1)
        let half: UInt64 = 1 << UInt64(drop - 1)
        let up = rem > half || (rem == half && (sticky || keep & 1 == 1))
        return Double(sign: .plus, exponent: binaryExponent + drop, significand: Double(keep + (up ? 1 : 0)))
    }
}

extension DecimalText.BigDigits {
    /// Adds a small value in place.
    mutating func add(_ value: UInt32) {
        var carry = UInt64(value)
        var i = 0
        while carry != 0 {
            if i == limbs.count { limbs.append(0) }
            let s = UInt64(limbs[i]) + carry
            limbs[i] = UInt32(truncatingIfNeeded: s)
            carry = s >> 32
            i += 1
        }
    }

    /// The number of significant bits (0 for zero).
    var bitWidth: Int { limbs.isEmpty ? 0 : 32 * limbs.count - limbs[limbs.count - 1].leadingZeroBitCount }

    /// The top 64 bits (the value is top·2^shift + a remainder), and whether any bit below them is set.
    func top64() -> (top: UInt64, shift: Int, sticky: Bool) {
        let w = bitWidth
        if w <= 64 {
            var v: UInt64 = 0
            for (i, l) in limbs.enumerated() { v |= UInt64(l) << UInt64(32 * i) }
            return (v, 0, false)
        }
        let shift = w - 64
        var v: UInt64 = 0
        for b in 0..<64 where bit(shift + b) { v |= 1 << UInt64(b) }
        var sticky = false
        for b in 0..<shift where bit(b) {
            sticky = true
            break
        }
        return (v, shift, sticky)
    }

    /// Bit `i` (0 = least significant).
    func bit(_ i: Int) -> Bool {
        let w = i / 32
        return w < limbs.count && (limbs[w] >> UInt32(i % 32)) & 1 == 1
    }

    /// ⌊self / divisor⌋ when it is below 2⁶⁴, by shift and subtract, and whether the remainder is 0.
    func quotient64(dividingBy divisor: DecimalText.BigDigits) -> (UInt64, Bool) {
        var r = self
        var q: UInt64 = 0
        let top = bitWidth - divisor.bitWidth
        guard top >= 0 else { return (0, r.limbs.isEmpty) }
        for t in stride(from: min(top, 63), through: 0, by: -1) {
            var shifted = divisor
            shifted.shiftLeft(t)
            if !r.isLess(than: shifted) {
                r.subtract(shifted)
                q |= 1 << UInt64(t)
            }
        }
        return (q, r.limbs.isEmpty)
    }

    /// self < other.
    func isLess(than other: DecimalText.BigDigits) -> Bool {
        if limbs.count != other.limbs.count { return limbs.count < other.limbs.count }
        for i in limbs.indices.reversed() where limbs[i] != other.limbs[i] { return limbs[i] < other.limbs[i] }
        return false
    }

    /// self −= other (other ≤ self).
    mutating func subtract(_ other: DecimalText.BigDigits) {
        var borrow: Int64 = 0
        for i in limbs.indices {
            var d = Int64(limbs[i]) - borrow - (i < other.limbs.count ? Int64(other.limbs[i]) : 0)
            borrow = 0
            if d < 0 {
                d += 1 << 32
                borrow = 1
            }
            limbs[i] = UInt32(d)
        }
        normalize()
    }
}
