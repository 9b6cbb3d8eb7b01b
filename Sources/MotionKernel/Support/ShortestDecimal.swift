/// Shortest round-trip decimal text of `Float` and `Double`, written as ASCII bytes into a
/// caller's buffer: no `String`, no allocation.
///
/// **Digits.** For a finite nonzero x of type T (`Float` or `Double`), the digits are the
/// decimal d·10^e with the fewest significant digits that rounds (to nearest, ties to even)
/// back to x in T itself, and the closest to x among those (the even one on an exact tie).
/// A `Float` gets its own shortest digits (0.1 as a `Float` is `0.1`), never those of the
/// `Double` it widens to.
///
/// The digits come from the Schubfach algorithm (R. Giulietti, "The Schubfach way to render
/// doubles", 2020/2021): with c·2^q = x and k = ⌊log₁₀ 2^q⌋ (⌊log₁₀ ¾·2^q⌋ at the irregular
/// spacing just above a power of two), x·10^−k and the two ends of x's rounding interval are
/// approximated by round-to-odd products with g ≈ 10^−k·2^−r from a 128-bit (`Double`) or
/// 64-bit (`Float`) table; the interval then holds one multiple of ten (fewer digits) or
/// s = ⌊x·10^−k⌋ or s + 1 or both. Integers below 2^53 (2^24) take a direct path.
///
/// **Layout.** The layout of Swift's `description`, with integral values below 10¹⁵ in
/// magnitude written as integers (the number form of the eval protocol and of the batch
/// command's CSV and JSON):
/// - zero: `0` or `-0`;
/// - integral and |x| < 10¹⁵: the digits then zeros, no point (`120`, `-35`; for a `Float`,
///   `123456790`, the shortest digits of the `Float` 123456792);
/// - otherwise, when 10⁻⁴ ≤ |x| ≤ 2^53 (`Double`) or 2^24 (`Float`): a decimal with at least
///   one digit after the point (`0.0001`, `1.5`, `1000000000000000.0`);
/// - otherwise exponential, the exponent signed and of at least two digits (`1e-05`,
///   `1.5e+20`, `5e-324`, `3.4028235e+38`).
///
/// For `Double` this is byte for byte what `JSONWriter` and Swift's `description` write;
/// every text parses back (`Float(_:)`, `Double(_:)`, `strtof`, `strtod`, a JSON parser
/// reading into the same type) to the same bits.
package enum ShortestDecimal {
    /// The most bytes `write(_:to:)` writes for a `Float` (`-999999900000000`, minus the `Float` just below 10¹⁵: 16).
    package static let maxFloatLength = 16
    /// The most bytes `write(_:to:)` writes for a `Double` (`-2.2250738585072014e-308`: 24).
    package static let maxDoubleLength = 24

    /// Writes the shortest round-trip text of `x` at `p` (room for ``maxFloatLength`` bytes);
    /// returns the number of bytes written: 0, and nothing written, when `x` is not finite.
    @inline(__always)
    package static func write(_ x: Float, to p: UnsafeMutablePointer<UInt8>) -> Int { write(format: x, to: p) }

    /// Writes the shortest round-trip text of `x` at `p` (room for ``maxDoubleLength`` bytes);
    /// returns the number of bytes written: 0, and nothing written, when `x` is not finite.
    @inline(__always)
    package static func write(_ x: Double, to p: UnsafeMutablePointer<UInt8>) -> Int { write(format: x, to: p) }

    /// The shortest digits of |x|: |x| is the `Float` nearest d·10^e, d without trailing
    /// zeros (the closest such d·10^e to |x|). Zero and non-finite x give (0, 0).
    package static func digits(_ x: Float) -> (significand: UInt32, exponent: Int) { trimmedDigits(x) }

    /// The shortest digits of |x|: |x| is the `Double` nearest d·10^e, d without trailing
    /// zeros (the closest such d·10^e to |x|). Zero and non-finite x give (0, 0).
    package static func digits(_ x: Double) -> (significand: UInt64, exponent: Int) { trimmedDigits(x) }

    /// `write(_:to:)` for either format.
    @inline(__always)
    static func write<F: Format>(format x: F, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let bits = x.bitPattern
        let magnitude = bits & F.magnitudeMask
        guard magnitude < F.infinityBits else { return 0 }
        let (d, e) = magnitude == 0 ? (0, 0) : digits(magnitude: magnitude, of: F.self)
        // The decimal layout up to 2^24 (`Float`) or 2^53 (`Double`): Swift's rule.
        return layout(
            d: UInt64(truncatingIfNeeded: d), e: e, negative: bits & ~F.magnitudeMask != 0, decimalAllowed: magnitude <= F.integerLimitBits, to: p)
    }

    /// `digits(_:)` for either format.
    @inline(__always)
    static func trimmedDigits<F: Format>(_ x: F) -> (significand: F.RawSignificand, exponent: Int) {
        let magnitude = x.bitPattern & F.magnitudeMask
        guard magnitude != 0, magnitude < F.infinityBits else { return (0, 0) }
        var (d, e) = digits(magnitude: magnitude, of: F.self)
        while d % 10 == 0 {
            d /= 10
            e += 1
        }
        return (d, e)
    }

    /// `Float` and `Double` as the Schubfach core sees them: the bit layout (the bit pattern
    /// is `RawSignificand`-wide: `UInt32`, `UInt64`) and the product with the table's g.
    protocol Format: BinaryFloatingPoint where RawSignificand: FixedWidthInteger {
        /// The bits, sign included.
        var bitPattern: RawSignificand { get }
        /// g(−k) from the table with the mask of the product bits below the result that count
        /// (all of them where the table is exact).
        associatedtype Multiplier
        /// The multiplier for decimal exponent `k`.
        static func schubfachMultiplier(k: Int) -> Multiplier
        /// ⌊g·cp / 2^64⌋ (`Float`, one word) or ⌊g·cp / 2^128⌋ (`Double`, two words), with
        /// its lowest bit set when the dropped bits that count are not all zero (round to odd).
        static func schubfachRoundToOdd(_ g: Multiplier, _ cp: UInt64) -> UInt64
    }

    // MARK: Schubfach

    /// ⌊q·log₁₀ 2⌋ for |q| ≤ 1500 (checked against exact powers over −1200 ≤ q < 1100 when written).
    @inline(__always) static func floorLog10Pow2(_ q: Int) -> Int { Int((Int64(q) &* 661_971_961_083) >> 41) }
    /// ⌊log₁₀(¾·2^q)⌋ for |q| ≤ 1500.
    @inline(__always) static func floorLog10ThreeQuartersPow2(_ q: Int) -> Int { Int((Int64(q) &* 661_971_961_083 &- 274_743_187_321) >> 41) }
    /// ⌊e·log₂ 10⌋ for |e| ≤ 400.
    @inline(__always) static func floorLog2Pow10(_ e: Int) -> Int { Int((Int64(e) &* 913_124_641_741) >> 38) }

    /// Digits of a finite nonzero magnitude (bits without the sign) of format `F`: d·10^e, d
    /// possibly with trailing zeros.
    @inline(__always)
    static func digits<F: Format>(magnitude bits: F.RawSignificand, of _: F.Type) -> (F.RawSignificand, Int) {
        let biased = Int(truncatingIfNeeded: bits &>> F.significandBitCount)
        let fraction = bits & F.significandMask
        let c: F.RawSignificand
        let q: Int
        if biased == 0 {
            c = fraction
            q = F.leastExponent
        } else {
            c = fraction | F.hiddenBit
            q = biased + F.leastExponent - 1
            // An integer below 2^24 (`Float`) or 2^53 (`Double`): its own digits.
            if q <= 0 && q >= -F.significandBitCount {
                let f = c &>> -q
                if f &<< -q == c { return (f, 0) }
            }
        }
        let out = UInt64(truncatingIfNeeded: c & 1)
        let cb = UInt64(truncatingIfNeeded: c) << 2
        let cbr = cb + 2
        let cbl: UInt64
        let k: Int
        if fraction != 0 || biased <= 1 {
            cbl = cb - 2
            k = floorLog10Pow2(q)
        } else {
            // The gap below a power of two is half the gap above it.
            cbl = cb - 1
            k = floorLog10ThreeQuartersPow2(q)
        }
        let h = q + floorLog2Pow10(-k) + 1
        let g = F.schubfachMultiplier(k: k)
        let vb = F.schubfachRoundToOdd(g, cb << UInt64(h))
        let vbl = F.schubfachRoundToOdd(g, cbl << UInt64(h))
        let vbr = F.schubfachRoundToOdd(g, cbr << UInt64(h))
        return (F.RawSignificand(truncatingIfNeeded: choose(vb: vb, vbl: vbl, vbr: vbr, out: out)), k)
    }

    /// Schubfach's choice from 4·x·10^−k (`vb`) and the interval's ends (`vbl`, `vbr`), all
    /// rounded to odd; `out` is 1 when the ends are excluded (odd significand): the multiple
    /// of ten inside the interval when there is exactly one (fewer digits), else s = ⌊x·10^−k⌋
    /// or s + 1, whichever is inside, the closer when both are (the even one on a tie). The
    /// one-digit-fewer step runs from s ≥ 10 (not 100, as for an output of two digits at
    /// least), so that tiny subnormals get their shortest digits too.
    @inline(__always)
    static func choose(vb: UInt64, vbl: UInt64, vbr: UInt64, out: UInt64) -> UInt64 {
        let s = vb >> 2
        if s >= 10 {
            let sp10 = (s / 10) &* 10
            let tp10 = sp10 &+ 10
            let upin = vbl &+ out <= sp10 << 2
            let wpin = (tp10 << 2) &+ out <= vbr
            if upin != wpin { return upin ? sp10 : tp10 }
        }
        let t = s &+ 1
        let uin = vbl &+ out <= s << 2
        let win = (t << 2) &+ out <= vbr
        if uin != win { return uin ? s : t }
        let cmp = Int64(bitPattern: vb &- ((s &+ t) << 1))
        return cmp < 0 || (cmp == 0 && s & 1 == 0) ? s : t
    }

    // MARK: Text

    /// Writes ±d·10^e (d = 0 for zero) at `p` in the layout described above; returns the
    /// number of bytes.
    @inline(__always)
    static func layout(d: UInt64, e: Int, negative: Bool, decimalAllowed: Bool, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var i = 0
        if negative {
            p[0] = UInt8(ascii: "-")
            i = 1
        }
        if d == 0 {
            p[i] = UInt8(ascii: "0")
            return i + 1
        }
        var d = d
        var e = e
        while d % 10 == 0 {
            d /= 10
            e += 1
        }
        let n = digitCount(d)
        // The decimal exponent of the first digit.
        let top = e + n - 1
        if e >= 0 && top <= 14 {
            writeDigits(d, count: n, to: p + i)
            i += n
            for _ in 0..<e {
                p[i] = UInt8(ascii: "0")
                i += 1
            }
            return i
        }
        if top >= -4 && decimalAllowed {
            if top < 0 {
                p[i] = UInt8(ascii: "0")
                p[i + 1] = UInt8(ascii: ".")
                i += 2
                for _ in 0..<(-top - 1) {
                    p[i] = UInt8(ascii: "0")
                    i += 1
                }
                writeDigits(d, count: n, to: p + i)
                return i + n
            }
            if n > top + 1 {
                // The digits one place to the right, then the integer part back left of the point.
                writeDigits(d, count: n, to: p + i + 1)
                for j in 0...top { p[i + j] = p[i + j + 1] }
                p[i + top + 1] = UInt8(ascii: ".")
                return i + n + 1
            }
            writeDigits(d, count: n, to: p + i)
            i += n
            for _ in 0..<(top + 1 - n) {
                p[i] = UInt8(ascii: "0")
                i += 1
            }
            p[i] = UInt8(ascii: ".")
            p[i + 1] = UInt8(ascii: "0")
            return i + 2
        }
        // d[.ddd]e±XX
        writeDigits(d, count: n, to: p + i + 1)
        p[i] = p[i + 1]
        if n > 1 {
            p[i + 1] = UInt8(ascii: ".")
            i += n + 1
        } else {
            i += 1
        }
        p[i] = UInt8(ascii: "e")
        p[i + 1] = top < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
        i += 2
        var m = top < 0 ? -top : top
        if m >= 100 {
            p[i] = UInt8(truncatingIfNeeded: 0x30 + m / 100)
            m %= 100
            i += 1
        }
        UnsafeMutableRawPointer(p + i).storeBytes(of: pair(m), as: UInt16.self)
        return i + 2
    }

    /// The number of decimal digits of d > 0.
    @inline(__always)
    static func digitCount(_ d: UInt64) -> Int {
        let guess = ((64 - d.leadingZeroBitCount) &* 1233) >> 12
        return guess + (d >= Tables.powersOf10[guess] ? 1 : 0)
    }

    /// The two ASCII digits of 0 ≤ r < 100 as they lie in memory (little-endian: tens first).
    @inline(__always)
    static func pair(_ r: Int) -> UInt16 {
        let tens = (r &* 103) >> 10  // r / 10 for 0 ≤ r < 100
        return UInt16(truncatingIfNeeded: 0x3030 &+ tens &+ ((r &- tens &* 10) << 8))
    }

    /// Writes the `count` digits of d > 0 at p (in 32-bit arithmetic when d fits).
    @inline(__always)
    static func writeDigits(_ d: UInt64, count: Int, to p: UnsafeMutablePointer<UInt8>) {
        if d < 1 << 32 {
            writeDigits(UInt32(truncatingIfNeeded: d), end: count, to: p)
        } else {
            writeDigits(d, end: count, to: p)
        }
    }

    /// Writes the digits of v > 0 at p, the last one at `end − 1`, two at a time.
    @inline(__always)
    static func writeDigits<U: FixedWidthInteger & UnsignedInteger>(_ v: U, end: Int, to p: UnsafeMutablePointer<UInt8>) {
        var v = v
        var end = end
        while v >= 100 {
            let q = v / 100
            UnsafeMutableRawPointer(p + end - 2).storeBytes(of: pair(Int(v &- q &* 100)), as: UInt16.self)
            end -= 2
            v = q
        }
        if v >= 10 {
            UnsafeMutableRawPointer(p + end - 2).storeBytes(of: pair(Int(v)), as: UInt16.self)
        } else {
            p[end - 1] = UInt8(truncatingIfNeeded: 0x30 &+ v)
        }
    }

    /// The tables. g(e) = ⌊10^e·2^−r⌋ + 1 with r = ⌊e·log₂ 10⌋ − 127 (`double`, two words, high
    /// first) or ⌊e·log₂ 10⌋ − 63 (`float`), so that g has its top bit set; 10^e·2^−r itself
    /// when that is an integer (0 ≤ e ≤ 55 for `double`, 0 ≤ e ≤ 27 for `float`). Computed
    /// with exact rational arithmetic; every entry is reached by the tests' powers of two of
    /// every binary exponent, whose texts must match Swift's `description`.
    enum Tables {
        static let powersOf10: [UInt64] = [
            1, 10, 100, 1000, 10000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000, 100_000_000_000,
            1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000, 10_000_000_000_000_000,
            100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
        ]
        /// g(e) for e = −292 … 324: the high word at 2·(e + 292), the low word next.
        static let double: [UInt64] = [
            0xFF77_B1FC_BEBC_DC4F, 0x25E8_E89C_13BB_0F7B,  // -292
            0x9FAA_CF3D_F736_09B1, 0x77B1_9161_8C54_E9AD,  // -291
            0xC795_830D_7503_8C1D, 0xD59D_F5B9_EF6A_2418,  // -290
            0xF97A_E3D0_D244_6F25, 0x4B05_7328_6B44_AD1E,  // -289
            0x9BEC_CE62_836A_C577, 0x4EE3_67F9_430A_EC33,  // -288
            0xC2E8_01FB_2445_76D5, 0x229C_41F7_93CD_A740,  // -287
            0xF3A2_0279_ED56_D48A, 0x6B43_5275_78C1_1110,  // -286
            0x9845_418C_3456_44D6, 0x830A_1389_6B78_AAAA,  // -285
            0xBE56_91EF_416B_D60C, 0x23CC_986B_C656_D554,  // -284
            0xEDEC_366B_11C6_CB8F, 0x2CBF_BE86_B7EC_8AA9,  // -283
            0x94B3_A202_EB1C_3F39, 0x7BF7_D714_32F3_D6AA,  // -282
            0xB9E0_8A83_A5E3_4F07, 0xDAF5_CCD9_3FB0_CC54,  // -281
            0xE858_AD24_8F5C_22C9, 0xD1B3_400F_8F9C_FF69,  // -280
            0x9137_6C36_D999_95BE, 0x2310_0809_B9C2_1FA2,  // -279
            0xB585_4744_8FFF_FB2D, 0xABD4_0A0C_2832_A78B,  // -278
            0xE2E6_9915_B3FF_F9F9, 0x16C9_0C8F_323F_516D,  // -277
            0x8DD0_1FAD_907F_FC3B, 0xAE3D_A7D9_7F67_92E4,  // -276
            0xB144_2798_F49F_FB4A, 0x99CD_11CF_DF41_779D,  // -275
            0xDD95_317F_31C7_FA1D, 0x4040_5643_D711_D584,  // -274
            0x8A7D_3EEF_7F1C_FC52, 0x4828_35EA_666B_2573,  // -273
            0xAD1C_8EAB_5EE4_3B66, 0xDA32_4365_0005_EED0,  // -272
            0xD863_B256_369D_4A40, 0x90BE_D43E_4007_6A83,  // -271
            0x873E_4F75_E222_4E68, 0x5A77_44A6_E804_A292,  // -270
            0xA90D_E353_5AAA_E202, 0x7115_15D0_A205_CB37,  // -269
            0xD351_5C28_3155_9A83, 0x0D5A_5B44_CA87_3E04,  // -268
            0x8412_D999_1ED5_8091, 0xE858_790A_FE94_86C3,  // -267
            0xA517_8FFF_668A_E0B6, 0x626E_974D_BE39_A873,  // -266
            0xCE5D_73FF_402D_98E3, 0xFB0A_3D21_2DC8_1290,  // -265
            0x80FA_687F_881C_7F8E, 0x7CE6_6634_BC9D_0B9A,  // -264
            0xA139_029F_6A23_9F72, 0x1C1F_FFC1_EBC4_4E81,  // -263
            0xC987_4347_44AC_874E, 0xA327_FFB2_66B5_6221,  // -262
            0xFBE9_1419_15D7_A922, 0x4BF1_FF9F_0062_BAA9,  // -261
            0x9D71_AC8F_ADA6_C9B5, 0x6F77_3FC3_603D_B4AA,  // -260
            0xC4CE_17B3_9910_7C22, 0xCB55_0FB4_384D_21D4,  // -259
            0xF601_9DA0_7F54_9B2B, 0x7E2A_53A1_4660_6A49,  // -258
            0x99C1_0284_4F94_E0FB, 0x2EDA_7444_CBFC_426E,  // -257
            0xC031_4325_637A_1939, 0xFA91_1155_FEFB_5309,  // -256
            0xF03D_93EE_BC58_9F88, 0x7935_55AB_7EBA_27CB,  // -255
            0x9626_7C75_35B7_63B5, 0x4BC1_558B_2F34_58DF,  // -254
            0xBBB0_1B92_8325_3CA2, 0x9EB1_AAED_FB01_6F17,  // -253
            0xEA9C_2277_23EE_8BCB, 0x465E_15A9_79C1_CADD,  // -252
            0x92A1_958A_7675_175F, 0x0BFA_CD89_EC19_1ECA,  // -251
            0xB749_FAED_1412_5D36, 0xCEF9_80EC_671F_667C,  // -250
            0xE51C_79A8_5916_F484, 0x82B7_E127_80E7_401B,  // -249
            0x8F31_CC09_37AE_58D2, 0xD1B2_ECB8_B090_8811,  // -248
            0xB2FE_3F0B_8599_EF07, 0x861F_A7E6_DCB4_AA16,  // -247
            0xDFBD_CECE_6700_6AC9, 0x67A7_91E0_93E1_D49B,  // -246
            0x8BD6_A141_0060_42BD, 0xE0C8_BB2C_5C6D_24E1,  // -245
            0xAECC_4991_4078_536D, 0x58FA_E9F7_7388_6E19,  // -244
            0xDA7F_5BF5_9096_6848, 0xAF39_A475_506A_899F,  // -243
            0x888F_9979_7A5E_012D, 0x6D84_06C9_5242_9604,  // -242
            0xAAB3_7FD7_D8F5_8178, 0xC8E5_087B_A6D3_3B84,  // -241
            0xD560_5FCD_CF32_E1D6, 0xFB1E_4A9A_9088_0A65,  // -240
            0x855C_3BE0_A17F_CD26, 0x5CF2_EEA0_9A55_0680,  // -239
            0xA6B3_4AD8_C9DF_C06F, 0xF42F_AA48_C0EA_481F,  // -238
            0xD060_1D8E_FC57_B08B, 0xF13B_94DA_F124_DA27,  // -237
            0x823C_1279_5DB6_CE57, 0x76C5_3D08_D6B7_0859,  // -236
            0xA2CB_1717_B524_81ED, 0x5476_8C4B_0C64_CA6F,  // -235
            0xCB7D_DCDD_A26D_A268, 0xA994_2F5D_CF7D_FD0A,  // -234
            0xFE5D_5415_0B09_0B02, 0xD3F9_3B35_435D_7C4D,  // -233
            0x9EFA_548D_26E5_A6E1, 0xC47B_C501_4A1A_6DB0,  // -232
            0xC6B8_E9B0_709F_109A, 0x359A_B641_9CA1_091C,  // -231
            0xF867_241C_8CC6_D4C0, 0xC301_63D2_03C9_4B63,  // -230
            0x9B40_7691_D7FC_44F8, 0x79E0_DE63_425D_CF1E,  // -229
            0xC210_9436_4DFB_5636, 0x9859_15FC_12F5_42E5,  // -228
            0xF294_B943_E17A_2BC4, 0x3E6F_5B7B_17B2_939E,  // -227
            0x979C_F3CA_6CEC_5B5A, 0xA705_992C_EECF_9C43,  // -226
            0xBD84_30BD_0827_7231, 0x50C6_FF78_2A83_8354,  // -225
            0xECE5_3CEC_4A31_4EBD, 0xA4F8_BF56_3524_6429,  // -224
            0x940F_4613_AE5E_D136, 0x871B_7795_E136_BE9A,  // -223
            0xB913_1798_99F6_8584, 0x28E2_557B_5984_6E40,  // -222
            0xE757_DD7E_C074_26E5, 0x331A_EADA_2FE5_89D0,  // -221
            0x9096_EA6F_3848_984F, 0x3FF0_D2C8_5DEF_7622,  // -220
            0xB4BC_A50B_065A_BE63, 0x0FED_077A_756B_53AA,  // -219
            0xE1EB_CE4D_C7F1_6DFB, 0xD3E8_4959_12C6_2895,  // -218
            0x8D33_60F0_9CF6_E4BD, 0x6471_2DD7_ABBB_D95D,  // -217
            0xB080_392C_C434_9DEC, 0xBD8D_794D_96AA_CFB4,  // -216
            0xDCA0_4777_F541_C567, 0xECF0_D7A0_FC55_83A1,  // -215
            0x89E4_2CAA_F949_1B60, 0xF416_86C4_9DB5_7245,  // -214
            0xAC5D_37D5_B79B_6239, 0x311C_2875_C522_CED6,  // -213
            0xD774_85CB_2582_3AC7, 0x7D63_3293_366B_828C,  // -212
            0x86A8_D39E_F771_64BC, 0xAE5D_FF9C_0203_3198,  // -211
            0xA853_0886_B54D_BDEB, 0xD9F5_7F83_0283_FDFD,  // -210
            0xD267_CAA8_62A1_2D66, 0xD072_DF63_C324_FD7C,  // -209
            0x8380_DEA9_3DA4_BC60, 0x4247_CB9E_59F7_1E6E,  // -208
            0xA461_1653_8D0D_EB78, 0x52D9_BE85_F074_E609,  // -207
            0xCD79_5BE8_7051_6656, 0x6790_2E27_6C92_1F8C,  // -206
            0x806B_D971_4632_DFF6, 0x00BA_1CD8_A3DB_53B7,  // -205
            0xA086_CFCD_97BF_97F3, 0x80E8_A40E_CCD2_28A5,  // -204
            0xC8A8_83C0_FDAF_7DF0, 0x6122_CD12_8006_B2CE,  // -203
            0xFAD2_A4B1_3D1B_5D6C, 0x796B_8057_2008_5F82,  // -202
            0x9CC3_A6EE_C631_1A63, 0xCBE3_3036_7405_3BB1,  // -201
            0xC3F4_90AA_77BD_60FC, 0xBEDB_FC44_1106_8A9D,  // -200
            0xF4F1_B4D5_15AC_B93B, 0xEE92_FB55_1548_2D45,  // -199
            0x9917_1105_2D8B_F3C5, 0x751B_DD15_2D4D_1C4B,  // -198
            0xBF5C_D546_78EE_F0B6, 0xD262_D45A_78A0_635E,  // -197
            0xEF34_0A98_172A_ACE4, 0x86FB_8971_16C8_7C35,  // -196
            0x9580_869F_0E7A_AC0E, 0xD45D_35E6_AE3D_4DA1,  // -195
            0xBAE0_A846_D219_5712, 0x8974_8360_59CC_A10A,  // -194
            0xE998_D258_869F_ACD7, 0x2BD1_A438_703F_C94C,  // -193
            0x91FF_8377_5423_CC06, 0x7B63_06A3_4627_DDD0,  // -192
            0xB67F_6455_292C_BF08, 0x1A3B_C84C_17B1_D543,  // -191
            0xE41F_3D6A_7377_EECA, 0x20CA_BA5F_1D9E_4A94,  // -190
            0x8E93_8662_882A_F53E, 0x547E_B47B_7282_EE9D,  // -189
            0xB238_67FB_2A35_B28D, 0xE99E_619A_4F23_AA44,  // -188
            0xDEC6_81F9_F4C3_1F31, 0x6405_FA00_E2EC_94D5,  // -187
            0x8B3C_113C_38F9_F37E, 0xDE83_BC40_8DD3_DD05,  // -186
            0xAE0B_158B_4738_705E, 0x9624_AB50_B148_D446,  // -185
            0xD98D_DAEE_1906_8C76, 0x3BAD_D624_DD9B_0958,  // -184
            0x87F8_A8D4_CFA4_17C9, 0xE54C_A5D7_0A80_E5D7,  // -183
            0xA9F6_D30A_038D_1DBC, 0x5E9F_CF4C_CD21_1F4D,  // -182
            0xD474_87CC_8470_652B, 0x7647_C320_0069_6720,  // -181
            0x84C8_D4DF_D2C6_3F3B, 0x29EC_D9F4_0041_E074,  // -180
            0xA5FB_0A17_C777_CF09, 0xF468_1071_0052_5891,  // -179
            0xCF79_CC9D_B955_C2CC, 0x7182_148D_4066_EEB5,  // -178
            0x81AC_1FE2_93D5_99BF, 0xC6F1_4CD8_4840_5531,  // -177
            0xA217_27DB_38CB_002F, 0xB8AD_A00E_5A50_6A7D,  // -176
            0xCA9C_F1D2_06FD_C03B, 0xA6D9_0811_F0E4_851D,  // -175
            0xFD44_2E46_88BD_304A, 0x908F_4A16_6D1D_A664,  // -174
            0x9E4A_9CEC_1576_3E2E, 0x9A59_8E4E_0432_87FF,  // -173
            0xC5DD_4427_1AD3_CDBA, 0x40EF_F1E1_853F_29FE,  // -172
            0xF754_9530_E188_C128, 0xD12B_EE59_E68E_F47D,  // -171
            0x9A94_DD3E_8CF5_78B9, 0x82BB_74F8_3019_58CF,  // -170
            0xC13A_148E_3032_D6E7, 0xE36A_5236_3C1F_AF02,  // -169
            0xF188_99B1_BC3F_8CA1, 0xDC44_E6C3_CB27_9AC2,  // -168
            0x96F5_600F_15A7_B7E5, 0x29AB_103A_5EF8_C0BA,  // -167
            0xBCB2_B812_DB11_A5DE, 0x7415_D448_F6B6_F0E8,  // -166
            0xEBDF_6617_91D6_0F56, 0x111B_495B_3464_AD22,  // -165
            0x936B_9FCE_BB25_C995, 0xCAB1_0DD9_00BE_EC35,  // -164
            0xB846_87C2_69EF_3BFB, 0x3D5D_514F_40EE_A743,  // -163
            0xE658_29B3_046B_0AFA, 0x0CB4_A5A3_112A_5113,  // -162
            0x8FF7_1A0F_E2C2_E6DC, 0x47F0_E785_EABA_72AC,  // -161
            0xB3F4_E093_DB73_A093, 0x59ED_2167_6569_0F57,  // -160
            0xE0F2_18B8_D250_88B8, 0x3068_69C1_3EC3_532D,  // -159
            0x8C97_4F73_8372_5573, 0x1E41_4218_C73A_13FC,  // -158
            0xAFBD_2350_644E_EACF, 0xE5D1_929E_F908_98FB,  // -157
            0xDBAC_6C24_7D62_A583, 0xDF45_F746_B74A_BF3A,  // -156
            0x894B_C396_CE5D_A772, 0x6B8B_BA8C_328E_B784,  // -155
            0xAB9E_B47C_81F5_114F, 0x066E_A92F_3F32_6565,  // -154
            0xD686_619B_A272_55A2, 0xC80A_537B_0EFE_FEBE,  // -153
            0x8613_FD01_4587_7585, 0xBD06_742C_E95F_5F37,  // -152
            0xA798_FC41_96E9_52E7, 0x2C48_1138_23B7_3705,  // -151
            0xD17F_3B51_FCA3_A7A0, 0xF75A_1586_2CA5_04C6,  // -150
            0x82EF_8513_3DE6_48C4, 0x9A98_4D73_DBE7_22FC,  // -149
            0xA3AB_6658_0D5F_DAF5, 0xC13E_60D0_D2E0_EBBB,  // -148
            0xCC96_3FEE_10B7_D1B3, 0x318D_F905_0799_26A9,  // -147
            0xFFBB_CFE9_94E5_C61F, 0xFDF1_7746_497F_7053,  // -146
            0x9FD5_61F1_FD0F_9BD3, 0xFEB6_EA8B_EDEF_A634,  // -145
            0xC7CA_BA6E_7C53_82C8, 0xFE64_A52E_E96B_8FC1,  // -144
            0xF9BD_690A_1B68_637B, 0x3DFD_CE7A_A3C6_73B1,  // -143
            0x9C16_61A6_5121_3E2D, 0x06BE_A10C_A65C_084F,  // -142
            0xC31B_FA0F_E569_8DB8, 0x486E_494F_CFF3_0A63,  // -141
            0xF3E2_F893_DEC3_F126, 0x5A89_DBA3_C3EF_CCFB,  // -140
            0x986D_DB5C_6B3A_76B7, 0xF896_2946_5A75_E01D,  // -139
            0xBE89_5233_8609_1465, 0xF6BB_B397_F113_5824,  // -138
            0xEE2B_A6C0_678B_597F, 0x746A_A07D_ED58_2E2D,  // -137
            0x94DB_4838_40B7_17EF, 0xA8C2_A44E_B457_1CDD,  // -136
            0xBA12_1A46_50E4_DDEB, 0x92F3_4D62_616C_E414,  // -135
            0xE896_A0D7_E51E_1566, 0x77B0_20BA_F9C8_1D18,  // -134
            0x915E_2486_EF32_CD60, 0x0ACE_1474_DC1D_122F,  // -133
            0xB5B5_ADA8_AAFF_80B8, 0x0D81_9992_1324_56BB,  // -132
            0xE323_1912_D5BF_60E6, 0x10E1_FFF6_97ED_6C6A,  // -131
            0x8DF5_EFAB_C597_9C8F, 0xCA8D_3FFA_1EF4_63C2,  // -130
            0xB173_6B96_B6FD_83B3, 0xBD30_8FF8_A6B1_7CB3,  // -129
            0xDDD0_467C_64BC_E4A0, 0xAC7C_B3F6_D05D_DBDF,  // -128
            0x8AA2_2C0D_BEF6_0EE4, 0x6BCD_F07A_423A_A96C,  // -127
            0xAD4A_B711_2EB3_929D, 0x86C1_6C98_D2C9_53C7,  // -126
            0xD89D_64D5_7A60_7744, 0xE871_C7BF_077B_A8B8,  // -125
            0x8762_5F05_6C7C_4A8B, 0x1147_1CD7_64AD_4973,  // -124
            0xA93A_F6C6_C79B_5D2D, 0xD598_E40D_3DD8_9BD0,  // -123
            0xD389_B478_7982_3479, 0x4AFF_1D10_8D4E_C2C4,  // -122
            0x8436_10CB_4BF1_60CB, 0xCEDF_722A_5851_39BB,  // -121
            0xA543_94FE_1EED_B8FE, 0xC297_4EB4_EE65_8829,  // -120
            0xCE94_7A3D_A6A9_273E, 0x733D_2262_29FE_EA33,  // -119
            0x811C_CC66_8829_B887, 0x0806_357D_5A3F_5260,  // -118
            0xA163_FF80_2A34_26A8, 0xCA07_C2DC_B0CF_26F8,  // -117
            0xC9BC_FF60_34C1_3052, 0xFC89_B393_DD02_F0B6,  // -116
            0xFC2C_3F38_41F1_7C67, 0xBBAC_2078_D443_ACE3,  // -115
            0x9D9B_A783_2936_EDC0, 0xD54B_944B_84AA_4C0E,  // -114
            0xC502_9163_F384_A931, 0x0A9E_795E_65D4_DF12,  // -113
            0xF643_35BC_F065_D37D, 0x4D46_17B5_FF4A_16D6,  // -112
            0x99EA_0196_163F_A42E, 0x504B_CED1_BF8E_4E46,  // -111
            0xC064_81FB_9BCF_8D39, 0xE45E_C286_2F71_E1D7,  // -110
            0xF07D_A27A_82C3_7088, 0x5D76_7327_BB4E_5A4D,  // -109
            0x964E_858C_91BA_2655, 0x3A6A_07F8_D510_F870,  // -108
            0xBBE2_26EF_B628_AFEA, 0x8904_89F7_0A55_368C,  // -107
            0xEADA_B0AB_A3B2_DBE5, 0x2B45_AC74_CCEA_842F,  // -106
            0x92C8_AE6B_464F_C96F, 0x3B0B_8BC9_0012_929E,  // -105
            0xB77A_DA06_17E3_BBCB, 0x09CE_6EBB_4017_3745,  // -104
            0xE559_9087_9DDC_AABD, 0xCC42_0A6A_101D_0516,  // -103
            0x8F57_FA54_C2A9_EAB6, 0x9FA9_4682_4A12_232E,  // -102
            0xB32D_F8E9_F354_6564, 0x4793_9822_DC96_ABFA,  // -101
            0xDFF9_7724_7029_7EBD, 0x5978_7E2B_93BC_56F8,  // -100
            0x8BFB_EA76_C619_EF36, 0x57EB_4EDB_3C55_B65B,  // -99
            0xAEFA_E514_77A0_6B03, 0xEDE6_2292_0B6B_23F2,  // -98
            0xDAB9_9E59_9588_85C4, 0xE95F_AB36_8E45_ECEE,  // -97
            0x88B4_02F7_FD75_539B, 0x11DB_CB02_18EB_B415,  // -96
            0xAAE1_03B5_FCD2_A881, 0xD652_BDC2_9F26_A11A,  // -95
            0xD599_44A3_7C07_52A2, 0x4BE7_6D33_46F0_4960,  // -94
            0x857F_CAE6_2D84_93A5, 0x6F70_A440_0C56_2DDC,  // -93
            0xA6DF_BD9F_B8E5_B88E, 0xCB4C_CD50_0F6B_B953,  // -92
            0xD097_AD07_A71F_26B2, 0x7E20_00A4_1346_A7A8,  // -91
            0x825E_CC24_C873_782F, 0x8ED4_0066_8C0C_28C9,  // -90
            0xA2F6_7F2D_FA90_563B, 0x7289_0080_2F0F_32FB,  // -89
            0xCBB4_1EF9_7934_6BCA, 0x4F2B_40A0_3AD2_FFBA,  // -88
            0xFEA1_26B7_D781_86BC, 0xE2F6_10C8_4987_BFA9,  // -87
            0x9F24_B832_E6B0_F436, 0x0DD9_CA7D_2DF4_D7CA,  // -86
            0xC6ED_E63F_A05D_3143, 0x9150_3D1C_7972_0DBC,  // -85
            0xF8A9_5FCF_8874_7D94, 0x75A4_4C63_97CE_912B,  // -84
            0x9B69_DBE1_B548_CE7C, 0xC986_AFBE_3EE1_1ABB,  // -83
            0xC244_52DA_229B_021B, 0xFBE8_5BAD_CE99_6169,  // -82
            0xF2D5_6790_AB41_C2A2, 0xFAE2_7299_423F_B9C4,  // -81
            0x97C5_60BA_6B09_19A5, 0xDCCD_879F_C967_D41B,  // -80
            0xBDB6_B8E9_05CB_600F, 0x5400_E987_BBC1_C921,  // -79
            0xED24_6723_473E_3813, 0x2901_23E9_AAB2_3B69,  // -78
            0x9436_C076_0C86_E30B, 0xF9A0_B672_0AAF_6522,  // -77
            0xB944_7093_8FA8_9BCE, 0xF808_E40E_8D5B_3E6A,  // -76
            0xE795_8CB8_7392_C2C2, 0xB60B_1D12_30B2_0E05,  // -75
            0x90BD_77F3_483B_B9B9, 0xB1C6_F22B_5E6F_48C3,  // -74
            0xB4EC_D5F0_1A4A_A828, 0x1E38_AEB6_360B_1AF4,  // -73
            0xE228_0B6C_20DD_5232, 0x25C6_DA63_C38D_E1B1,  // -72
            0x8D59_0723_948A_535F, 0x579C_487E_5A38_AD0F,  // -71
            0xB0AF_48EC_79AC_E837, 0x2D83_5A9D_F0C6_D852,  // -70
            0xDCDB_1B27_9818_2244, 0xF8E4_3145_6CF8_8E66,  // -69
            0x8A08_F0F8_BF0F_156B, 0x1B8E_9ECB_641B_5900,  // -68
            0xAC8B_2D36_EED2_DAC5, 0xE272_467E_3D22_2F40,  // -67
            0xD7AD_F884_AA87_9177, 0x5B0E_D81D_CC6A_BB10,  // -66
            0x86CC_BB52_EA94_BAEA, 0x98E9_4712_9FC2_B4EA,  // -65
            0xA87F_EA27_A539_E9A5, 0x3F23_98D7_47B3_6225,  // -64
            0xD29F_E4B1_8E88_640E, 0x8EEC_7F0D_19A0_3AAE,  // -63
            0x83A3_EEEE_F915_3E89, 0x1953_CF68_3004_24AD,  // -62
            0xA48C_EAAA_B75A_8E2B, 0x5FA8_C342_3C05_2DD8,  // -61
            0xCDB0_2555_6531_31B6, 0x3792_F412_CB06_794E,  // -60
            0x808E_1755_5F3E_BF11, 0xE2BB_D88B_BEE4_0BD1,  // -59
            0xA0B1_9D2A_B70E_6ED6, 0x5B6A_CEAE_AE9D_0EC5,  // -58
            0xC8DE_0475_64D2_0A8B, 0xF245_825A_5A44_5276,  // -57
            0xFB15_8592_BE06_8D2E, 0xEED6_E2F0_F0D5_6713,  // -56
            0x9CED_737B_B6C4_183D, 0x5546_4DD6_9685_606C,  // -55
            0xC428_D05A_A475_1E4C, 0xAA97_E14C_3C26_B887,  // -54
            0xF533_0471_4D92_65DF, 0xD53D_D99F_4B30_66A9,  // -53
            0x993F_E2C6_D07B_7FAB, 0xE546_A803_8EFE_402A,  // -52
            0xBF8F_DB78_849A_5F96, 0xDE98_5204_72BD_D034,  // -51
            0xEF73_D256_A5C0_F77C, 0x963E_6685_8F6D_4441,  // -50
            0x95A8_6376_2798_9AAD, 0xDDE7_0013_79A4_4AA9,  // -49
            0xBB12_7C53_B17E_C159, 0x5560_C018_580D_5D53,  // -48
            0xE9D7_1B68_9DDE_71AF, 0xAAB8_F01E_6E10_B4A7,  // -47
            0x9226_7121_62AB_070D, 0xCAB3_9613_04CA_70E9,  // -46
            0xB6B0_0D69_BB55_C8D1, 0x3D60_7B97_C5FD_0D23,  // -45
            0xE45C_10C4_2A2B_3B05, 0x8CB8_9A7D_B77C_506B,  // -44
            0x8EB9_8A7A_9A5B_04E3, 0x77F3_608E_92AD_B243,  // -43
            0xB267_ED19_40F1_C61C, 0x55F0_38B2_3759_1ED4,  // -42
            0xDF01_E85F_912E_37A3, 0x6B6C_46DE_C52F_6689,  // -41
            0x8B61_313B_BABC_E2C6, 0x2323_AC4B_3B3D_A016,  // -40
            0xAE39_7D8A_A96C_1B77, 0xABEC_975E_0A0D_081B,  // -39
            0xD9C7_DCED_53C7_2255, 0x96E7_BD35_8C90_4A22,  // -38
            0x881C_EA14_545C_7575, 0x7E50_D641_77DA_2E55,  // -37
            0xAA24_2499_6973_92D2, 0xDDE5_0BD1_D5D0_B9EA,  // -36
            0xD4AD_2DBF_C3D0_7787, 0x955E_4EC6_4B44_E865,  // -35
            0x84EC_3C97_DA62_4AB4, 0xBD5A_F13B_EF0B_113F,  // -34
            0xA627_4BBD_D0FA_DD61, 0xECB1_AD8A_EACD_D58F,  // -33
            0xCFB1_1EAD_4539_94BA, 0x67DE_18ED_A581_4AF3,  // -32
            0x81CE_B32C_4B43_FCF4, 0x80EA_CF94_8770_CED8,  // -31
            0xA242_5FF7_5E14_FC31, 0xA125_8379_A94D_028E,  // -30
            0xCAD2_F7F5_359A_3B3E, 0x096E_E458_13A0_4331,  // -29
            0xFD87_B5F2_8300_CA0D, 0x8BCA_9D6E_1888_53FD,  // -28
            0x9E74_D1B7_91E0_7E48, 0x775E_A264_CF55_347E,  // -27
            0xC612_0625_7658_9DDA, 0x9536_4AFE_032A_819E,  // -26
            0xF796_87AE_D3EE_C551, 0x3A83_DDBD_83F5_2205,  // -25
            0x9ABE_14CD_4475_3B52, 0xC492_6A96_7279_3543,  // -24
            0xC16D_9A00_9592_8A27, 0x75B7_053C_0F17_8294,  // -23
            0xF1C9_0080_BAF7_2CB1, 0x5324_C68B_12DD_6339,  // -22
            0x971D_A050_74DA_7BEE, 0xD3F6_FC16_EBCA_5E04,  // -21
            0xBCE5_0864_9211_1AEA, 0x88F4_BB1C_A6BC_F585,  // -20
            0xEC1E_4A7D_B695_61A5, 0x2B31_E9E3_D06C_32E6,  // -19
            0x9392_EE8E_921D_5D07, 0x3AFF_322E_6243_9FD0,  // -18
            0xB877_AA32_36A4_B449, 0x09BE_FEB9_FAD4_87C3,  // -17
            0xE695_94BE_C44D_E15B, 0x4C2E_BE68_7989_A9B4,  // -16
            0x901D_7CF7_3AB0_ACD9, 0x0F9D_3701_4BF6_0A11,  // -15
            0xB424_DC35_095C_D80F, 0x5384_84C1_9EF3_8C95,  // -14
            0xE12E_1342_4BB4_0E13, 0x2865_A5F2_06B0_6FBA,  // -13
            0x8CBC_CC09_6F50_88CB, 0xF93F_87B7_442E_45D4,  // -12
            0xAFEB_FF0B_CB24_AAFE, 0xF78F_69A5_1539_D749,  // -11
            0xDBE6_FECE_BDED_D5BE, 0xB573_440E_5A88_4D1C,  // -10
            0x8970_5F41_36B4_A597, 0x3168_0A88_F895_3031,  // -9
            0xABCC_7711_8461_CEFC, 0xFDC2_0D2B_36BA_7C3E,  // -8
            0xD6BF_94D5_E57A_42BC, 0x3D32_9076_0469_1B4D,  // -7
            0x8637_BD05_AF6C_69B5, 0xA63F_9A49_C2C1_B110,  // -6
            0xA7C5_AC47_1B47_8423, 0x0FCF_80DC_3372_1D54,  // -5
            0xD1B7_1758_E219_652B, 0xD3C3_6113_404E_A4A9,  // -4
            0x8312_6E97_8D4F_DF3B, 0x645A_1CAC_0831_26EA,  // -3
            0xA3D7_0A3D_70A3_D70A, 0x3D70_A3D7_0A3D_70A4,  // -2
            0xCCCC_CCCC_CCCC_CCCC, 0xCCCC_CCCC_CCCC_CCCD,  // -1
            0x8000_0000_0000_0000, 0x0000_0000_0000_0000,  // 0
            0xA000_0000_0000_0000, 0x0000_0000_0000_0000,  // 1
            0xC800_0000_0000_0000, 0x0000_0000_0000_0000,  // 2
            0xFA00_0000_0000_0000, 0x0000_0000_0000_0000,  // 3
            0x9C40_0000_0000_0000, 0x0000_0000_0000_0000,  // 4
            0xC350_0000_0000_0000, 0x0000_0000_0000_0000,  // 5
            0xF424_0000_0000_0000, 0x0000_0000_0000_0000,  // 6
            0x9896_8000_0000_0000, 0x0000_0000_0000_0000,  // 7
            0xBEBC_2000_0000_0000, 0x0000_0000_0000_0000,  // 8
            0xEE6B_2800_0000_0000, 0x0000_0000_0000_0000,  // 9
            0x9502_F900_0000_0000, 0x0000_0000_0000_0000,  // 10
            0xBA43_B740_0000_0000, 0x0000_0000_0000_0000,  // 11
            0xE8D4_A510_0000_0000, 0x0000_0000_0000_0000,  // 12
            0x9184_E72A_0000_0000, 0x0000_0000_0000_0000,  // 13
            0xB5E6_20F4_8000_0000, 0x0000_0000_0000_0000,  // 14
            0xE35F_A931_A000_0000, 0x0000_0000_0000_0000,  // 15
            0x8E1B_C9BF_0400_0000, 0x0000_0000_0000_0000,  // 16
            0xB1A2_BC2E_C500_0000, 0x0000_0000_0000_0000,  // 17
            0xDE0B_6B3A_7640_0000, 0x0000_0000_0000_0000,  // 18
            0x8AC7_2304_89E8_0000, 0x0000_0000_0000_0000,  // 19
            0xAD78_EBC5_AC62_0000, 0x0000_0000_0000_0000,  // 20
            0xD8D7_26B7_177A_8000, 0x0000_0000_0000_0000,  // 21
            0x8786_7832_6EAC_9000, 0x0000_0000_0000_0000,  // 22
            0xA968_163F_0A57_B400, 0x0000_0000_0000_0000,  // 23
            0xD3C2_1BCE_CCED_A100, 0x0000_0000_0000_0000,  // 24
            0x8459_5161_4014_84A0, 0x0000_0000_0000_0000,  // 25
            0xA56F_A5B9_9019_A5C8, 0x0000_0000_0000_0000,  // 26
            0xCECB_8F27_F420_0F3A, 0x0000_0000_0000_0000,  // 27
            0x813F_3978_F894_0984, 0x4000_0000_0000_0000,  // 28
            0xA18F_07D7_36B9_0BE5, 0x5000_0000_0000_0000,  // 29
            0xC9F2_C9CD_0467_4EDE, 0xA400_0000_0000_0000,  // 30
            0xFC6F_7C40_4581_2296, 0x4D00_0000_0000_0000,  // 31
            0x9DC5_ADA8_2B70_B59D, 0xF020_0000_0000_0000,  // 32
            0xC537_1912_364C_E305, 0x6C28_0000_0000_0000,  // 33
            0xF684_DF56_C3E0_1BC6, 0xC732_0000_0000_0000,  // 34
            0x9A13_0B96_3A6C_115C, 0x3C7F_4000_0000_0000,  // 35
            0xC097_CE7B_C907_15B3, 0x4B9F_1000_0000_0000,  // 36
            0xF0BD_C21A_BB48_DB20, 0x1E86_D400_0000_0000,  // 37
            0x9676_9950_B50D_88F4, 0x1314_4480_0000_0000,  // 38
            0xBC14_3FA4_E250_EB31, 0x17D9_55A0_0000_0000,  // 39
            0xEB19_4F8E_1AE5_25FD, 0x5DCF_AB08_0000_0000,  // 40
            0x92EF_D1B8_D0CF_37BE, 0x5AA1_CAE5_0000_0000,  // 41
            0xB7AB_C627_0503_05AD, 0xF14A_3D9E_4000_0000,  // 42
            0xE596_B7B0_C643_C719, 0x6D9C_CD05_D000_0000,  // 43
            0x8F7E_32CE_7BEA_5C6F, 0xE482_0023_A200_0000,  // 44
            0xB35D_BF82_1AE4_F38B, 0xDDA2_802C_8A80_0000,  // 45
            0xE035_2F62_A19E_306E, 0xD50B_2037_AD20_0000,  // 46
            0x8C21_3D9D_A502_DE45, 0x4526_F422_CC34_0000,  // 47
            0xAF29_8D05_0E43_95D6, 0x9670_B12B_7F41_0000,  // 48
            0xDAF3_F046_51D4_7B4C, 0x3C0C_DD76_5F11_4000,  // 49
            0x88D8_762B_F324_CD0F, 0xA588_0A69_FB6A_C800,  // 50
            0xAB0E_93B6_EFEE_0053, 0x8EEA_0D04_7A45_7A00,  // 51
            0xD5D2_38A4_ABE9_8068, 0x72A4_9045_98D6_D880,  // 52
            0x85A3_6366_EB71_F041, 0x47A6_DA2B_7F86_4750,  // 53
            0xA70C_3C40_A64E_6C51, 0x9990_90B6_5F67_D924,  // 54
            0xD0CF_4B50_CFE2_0765, 0xFFF4_B4E3_F741_CF6D,  // 55
            0x8281_8F12_81ED_449F, 0xBFF8_F10E_7A89_21A5,  // 56
            0xA321_F2D7_2268_95C7, 0xAFF7_2D52_192B_6A0E,  // 57
            0xCBEA_6F8C_EB02_BB39, 0x9BF4_F8A6_9F76_4491,  // 58
            0xFEE5_0B70_25C3_6A08, 0x02F2_36D0_4753_D5B5,  // 59
            0x9F4F_2726_179A_2245, 0x01D7_6242_2C94_6591,  // 60
            0xC722_F0EF_9D80_AAD6, 0x424D_3AD2_B7B9_7EF6,  // 61
            0xF8EB_AD2B_84E0_D58B, 0xD2E0_8987_65A7_DEB3,  // 62
            0x9B93_4C3B_330C_8577, 0x63CC_55F4_9F88_EB30,  // 63
            0xC278_1F49_FFCF_A6D5, 0x3CBF_6B71_C76B_25FC,  // 64
            0xF316_271C_7FC3_908A, 0x8BEF_464E_3945_EF7B,  // 65
            0x97ED_D871_CFDA_3A56, 0x9775_8BF0_E3CB_B5AD,  // 66
            0xBDE9_4E8E_43D0_C8EC, 0x3D52_EEED_1CBE_A318,  // 67
            0xED63_A231_D4C4_FB27, 0x4CA7_AAA8_63EE_4BDE,  // 68
            0x945E_455F_24FB_1CF8, 0x8FE8_CAA9_3E74_EF6B,  // 69
            0xB975_D6B6_EE39_E436, 0xB3E2_FD53_8E12_2B45,  // 70
            0xE7D3_4C64_A9C8_5D44, 0x60DB_BCA8_7196_B617,  // 71
            0x90E4_0FBE_EA1D_3A4A, 0xBC89_55E9_46FE_31CE,  // 72
            0xB51D_13AE_A4A4_88DD, 0x6BAB_AB63_98BD_BE42,  // 73
            0xE264_589A_4DCD_AB14, 0xC696_963C_7EED_2DD2,  // 74
            0x8D7E_B760_70A0_8AEC, 0xFC1E_1DE5_CF54_3CA3,  // 75
            0xB0DE_6538_8CC8_ADA8, 0x3B25_A55F_4329_4BCC,  // 76
            0xDD15_FE86_AFFA_D912, 0x49EF_0EB7_13F3_9EBF,  // 77
            0x8A2D_BF14_2DFC_C7AB, 0x6E35_6932_6C78_4338,  // 78
            0xACB9_2ED9_397B_F996, 0x49C2_C37F_0796_5405,  // 79
            0xD7E7_7A8F_87DA_F7FB, 0xDC33_745E_C97B_E907,  // 80
            0x86F0_AC99_B4E8_DAFD, 0x69A0_28BB_3DED_71A4,  // 81
            0xA8AC_D7C0_2223_11BC, 0xC408_32EA_0D68_CE0D,  // 82
            0xD2D8_0DB0_2AAB_D62B, 0xF50A_3FA4_90C3_0191,  // 83
            0x83C7_088E_1AAB_65DB, 0x7926_67C6_DA79_E0FB,  // 84
            0xA4B8_CAB1_A156_3F52, 0x5770_01B8_9118_5939,  // 85
            0xCDE6_FD5E_09AB_CF26, 0xED4C_0226_B55E_6F87,  // 86
            0x80B0_5E5A_C60B_6178, 0x544F_8158_315B_05B5,  // 87
            0xA0DC_75F1_778E_39D6, 0x6963_61AE_3DB1_C722,  // 88
            0xC913_936D_D571_C84C, 0x03BC_3A19_CD1E_38EA,  // 89
            0xFB58_7849_4ACE_3A5F, 0x04AB_48A0_4065_C724,  // 90
            0x9D17_4B2D_CEC0_E47B, 0x62EB_0D64_283F_9C77,  // 91
            0xC45D_1DF9_4271_1D9A, 0x3BA5_D0BD_324F_8395,  // 92
            0xF574_6577_930D_6500, 0xCA8F_44EC_7EE3_647A,  // 93
            0x9968_BF6A_BBE8_5F20, 0x7E99_8B13_CF4E_1ECC,  // 94
            0xBFC2_EF45_6AE2_76E8, 0x9E3F_EDD8_C321_A67F,  // 95
            0xEFB3_AB16_C59B_14A2, 0xC5CF_E94E_F3EA_101F,  // 96
            0x95D0_4AEE_3B80_ECE5, 0xBBA1_F1D1_5872_4A13,  // 97
            0xBB44_5DA9_CA61_281F, 0x2A8A_6E45_AE8E_DC98,  // 98
            0xEA15_7514_3CF9_7226, 0xF52D_09D7_1A32_93BE,  // 99
            0x924D_692C_A61B_E758, 0x593C_2626_705F_9C57,  // 100
            0xB6E0_C377_CFA2_E12E, 0x6F8B_2FB0_0C77_836D,  // 101
            0xE498_F455_C38B_997A, 0x0B6D_FB9C_0F95_6448,  // 102
            0x8EDF_98B5_9A37_3FEC, 0x4724_BD41_89BD_5EAD,  // 103
            0xB297_7EE3_00C5_0FE7, 0x58ED_EC91_EC2C_B658,  // 104
            0xDF3D_5E9B_C0F6_53E1, 0x2F29_67B6_6737_E3EE,  // 105
            0x8B86_5B21_5899_F46C, 0xBD79_E0D2_0082_EE75,  // 106
            0xAE67_F1E9_AEC0_7187, 0xECD8_5906_80A3_AA12,  // 107
            0xDA01_EE64_1A70_8DE9, 0xE80E_6F48_20CC_9496,  // 108
            0x8841_34FE_9086_58B2, 0x3109_058D_147F_DCDE,  // 109
            0xAA51_823E_34A7_EEDE, 0xBD4B_46F0_599F_D416,  // 110
            0xD4E5_E2CD_C1D1_EA96, 0x6C9E_18AC_7007_C91B,  // 111
            0x850F_ADC0_9923_329E, 0x03E2_CF6B_C604_DDB1,  // 112
            0xA653_9930_BF6B_FF45, 0x84DB_8346_B786_151D,  // 113
            0xCFE8_7F7C_EF46_FF16, 0xE612_6418_6567_9A64,  // 114
            0x81F1_4FAE_158C_5F6E, 0x4FCB_7E8F_3F60_C07F,  // 115
            0xA26D_A399_9AEF_7749, 0xE3BE_5E33_0F38_F09E,  // 116
            0xCB09_0C80_01AB_551C, 0x5CAD_F5BF_D307_2CC6,  // 117
            0xFDCB_4FA0_0216_2A63, 0x73D9_732F_C7C8_F7F7,  // 118
            0x9E9F_11C4_014D_DA7E, 0x2867_E7FD_DCDD_9AFB,  // 119
            0xC646_D635_01A1_511D, 0xB281_E1FD_5415_01B9,  // 120
            0xF7D8_8BC2_4209_A565, 0x1F22_5A7C_A91A_4227,  // 121
            0x9AE7_5759_6946_075F, 0x3375_788D_E9B0_6959,  // 122
            0xC1A1_2D2F_C397_8937, 0x0052_D6B1_641C_83AF,  // 123
            0xF209_787B_B47D_6B84, 0xC067_8C5D_BD23_A49B,  // 124
            0x9745_EB4D_50CE_6332, 0xF840_B7BA_9636_46E1,  // 125
            0xBD17_6620_A501_FBFF, 0xB650_E5A9_3BC3_D899,  // 126
            0xEC5D_3FA8_CE42_7AFF, 0xA3E5_1F13_8AB4_CEBF,  // 127
            0x93BA_47C9_80E9_8CDF, 0xC66F_336C_36B1_0138,  // 128
            0xB8A8_D9BB_E123_F017, 0xB80B_0047_445D_4185,  // 129
            0xE6D3_102A_D96C_EC1D, 0xA60D_C059_1574_91E6,  // 130
            0x9043_EA1A_C7E4_1392, 0x87C8_9837_AD68_DB30,  // 131
            0xB454_E4A1_79DD_1877, 0x29BA_BE45_98C3_11FC,  // 132
            0xE16A_1DC9_D854_5E94, 0xF429_6DD6_FEF3_D67B,  // 133
            0x8CE2_529E_2734_BB1D, 0x1899_E4A6_5F58_660D,  // 134
            0xB01A_E745_B101_E9E4, 0x5EC0_5DCF_F72E_7F90,  // 135
            0xDC21_A117_1D42_645D, 0x7670_7543_F4FA_1F74,  // 136
            0x8995_04AE_7249_7EBA, 0x6A06_494A_791C_53A9,  // 137
            0xABFA_45DA_0EDB_DE69, 0x0487_DB9D_1763_6893,  // 138
            0xD6F8_D750_9292_D603, 0x45A9_D284_5D3C_42B7,  // 139
            0x865B_8692_5B9B_C5C2, 0x0B8A_2392_BA45_A9B3,  // 140
            0xA7F2_6836_F282_B732, 0x8E6C_AC77_68D7_141F,  // 141
            0xD1EF_0244_AF23_64FF, 0x3207_D795_430C_D927,  // 142
            0x8335_616A_ED76_1F1F, 0x7F44_E6BD_49E8_07B9,  // 143
            0xA402_B9C5_A8D3_A6E7, 0x5F16_206C_9C62_09A7,  // 144
            0xCD03_6837_1308_90A1, 0x36DB_A887_C37A_8C10,  // 145
            0x8022_2122_6BE5_5A64, 0xC249_4954_DA2C_978A,  // 146
            0xA02A_A96B_06DE_B0FD, 0xF2DB_9BAA_10B7_BD6D,  // 147
            0xC835_53C5_C896_5D3D, 0x6F92_8294_94E5_ACC8,  // 148
            0xFA42_A8B7_3ABB_F48C, 0xCB77_2339_BA1F_17FA,  // 149
            0x9C69_A972_84B5_78D7, 0xFF2A_7604_1453_6EFC,  // 150
            0xC384_13CF_25E2_D70D, 0xFEF5_1385_1968_4ABB,  // 151
            0xF465_18C2_EF5B_8CD1, 0x7EB2_5866_5FC2_5D6A,  // 152
            0x98BF_2F79_D599_3802, 0xEF2F_773F_FBD9_7A62,  // 153
            0xBEEE_FB58_4AFF_8603, 0xAAFB_550F_FACF_D8FB,  // 154
            0xEEAA_BA2E_5DBF_6784, 0x95BA_2A53_F983_CF39,  // 155
            0x952A_B45C_FA97_A0B2, 0xDD94_5A74_7BF2_6184,  // 156
            0xBA75_6174_393D_88DF, 0x94F9_7111_9AEE_F9E5,  // 157
            0xE912_B9D1_478C_EB17, 0x7A37_CD56_01AA_B85E,  // 158
            0x91AB_B422_CCB8_12EE, 0xAC62_E055_C10A_B33B,  // 159
            0xB616_A12B_7FE6_17AA, 0x577B_986B_314D_600A,  // 160
            0xE39C_4976_5FDF_9D94, 0xED5A_7E85_FDA0_B80C,  // 161
            0x8E41_ADE9_FBEB_C27D, 0x1458_8F13_BE84_7308,  // 162
            0xB1D2_1964_7AE6_B31C, 0x596E_B2D8_AE25_8FC9,  // 163
            0xDE46_9FBD_99A0_5FE3, 0x6FCA_5F8E_D9AE_F3BC,  // 164
            0x8AEC_23D6_8004_3BEE, 0x25DE_7BB9_480D_5855,  // 165
            0xADA7_2CCC_2005_4AE9, 0xAF56_1AA7_9A10_AE6B,  // 166
            0xD910_F7FF_2806_9DA4, 0x1B2B_A151_8094_DA05,  // 167
            0x87AA_9AFF_7904_2286, 0x90FB_44D2_F05D_0843,  // 168
            0xA995_41BF_5745_2B28, 0x353A_1607_AC74_4A54,  // 169
            0xD3FA_922F_2D16_75F2, 0x4288_9B89_9791_5CE9,  // 170
            0x847C_9B5D_7C2E_09B7, 0x6995_6135_FEBA_DA12,  // 171
            0xA59B_C234_DB39_8C25, 0x43FA_B983_7E69_9096,  // 172
            0xCF02_B2C2_1207_EF2E, 0x94F9_67E4_5E03_F4BC,  // 173
            0x8161_AFB9_4B44_F57D, 0x1D1B_E0EE_BAC2_78F6,  // 174
            0xA1BA_1BA7_9E16_32DC, 0x6462_D92A_6973_1733,  // 175
            0xCA28_A291_859B_BF93, 0x7D7B_8F75_03CF_DCFF,  // 176
            0xFCB2_CB35_E702_AF78, 0x5CDA_7352_44C3_D43F,  // 177
            0x9DEF_BF01_B061_ADAB, 0x3A08_8813_6AFA_64A8,  // 178
            0xC56B_AEC2_1C7A_1916, 0x088A_AA18_45B8_FDD1,  // 179
            0xF6C6_9A72_A398_9F5B, 0x8AAD_549E_5727_3D46,  // 180
            0x9A3C_2087_A63F_6399, 0x36AC_54E2_F678_864C,  // 181
            0xC0CB_28A9_8FCF_3C7F, 0x8457_6A1B_B416_A7DE,  // 182
            0xF0FD_F2D3_F3C3_0B9F, 0x656D_44A2_A11C_51D6,  // 183
            0x969E_B7C4_7859_E743, 0x9F64_4AE5_A4B1_B326,  // 184
            0xBC46_65B5_9670_6114, 0x873D_5D9F_0DDE_1FEF,  // 185
            0xEB57_FF22_FC0C_7959, 0xA90C_B506_D155_A7EB,  // 186
            0x9316_FF75_DD87_CBD8, 0x09A7_F124_42D5_88F3,  // 187
            0xB7DC_BF53_54E9_BECE, 0x0C11_ED6D_538A_EB30,  // 188
            0xE5D3_EF28_2A24_2E81, 0x8F16_68C8_A86D_A5FB,  // 189
            0x8FA4_7579_1A56_9D10, 0xF96E_017D_6944_87BD,  // 190
            0xB38D_92D7_60EC_4455, 0x37C9_81DC_C395_A9AD,  // 191
            0xE070_F78D_3927_556A, 0x85BB_E253_F47B_1418,  // 192
            0x8C46_9AB8_43B8_9562, 0x9395_6D74_78CC_EC8F,  // 193
            0xAF58_4166_54A6_BABB, 0x387A_C8D1_9700_27B3,  // 194
            0xDB2E_51BF_E9D0_696A, 0x0699_7B05_FCC0_319F,  // 195
            0x88FC_F317_F222_41E2, 0x441F_ECE3_BDF8_1F04,  // 196
            0xAB3C_2FDD_EEAA_D25A, 0xD527_E81C_AD76_26C4,  // 197
            0xD60B_3BD5_6A55_86F1, 0x8A71_E223_D8D3_B075,  // 198
            0x85C7_0565_6275_7456, 0xF687_2D56_6784_4E4A,  // 199
            0xA738_C6BE_BB12_D16C, 0xB428_F8AC_0165_61DC,  // 200
            0xD106_F86E_69D7_85C7, 0xE133_36D7_01BE_BA53,  // 201
            0x82A4_5B45_0226_B39C, 0xECC0_0246_6117_3474,  // 202
            0xA34D_7216_42B0_6084, 0x27F0_02D7_F95D_0191,  // 203
            0xCC20_CE9B_D35C_78A5, 0x31EC_038D_F7B4_41F5,  // 204
            0xFF29_0242_C833_96CE, 0x7E67_0471_75A1_5272,  // 205
            0x9F79_A169_BD20_3E41, 0x0F00_62C6_E984_D387,  // 206
            0xC758_09C4_2C68_4DD1, 0x52C0_7B78_A3E6_0869,  // 207
            0xF92E_0C35_3782_6145, 0xA770_9A56_CCDF_8A83,  // 208
            0x9BBC_C7A1_42B1_7CCB, 0x88A6_6076_400B_B692,  // 209
            0xC2AB_F989_935D_DBFE, 0x6ACF_F893_D00E_A436,  // 210
            0xF356_F7EB_F835_52FE, 0x0583_F6B8_C412_4D44,  // 211
            0x9816_5AF3_7B21_53DE, 0xC372_7A33_7A8B_704B,  // 212
            0xBE1B_F1B0_59E9_A8D6, 0x744F_18C0_592E_4C5D,  // 213
            0xEDA2_EE1C_7064_130C, 0x1162_DEF0_6F79_DF74,  // 214
            0x9485_D4D1_C63E_8BE7, 0x8ADD_CB56_45AC_2BA9,  // 215
            0xB9A7_4A06_37CE_2EE1, 0x6D95_3E2B_D717_3693,  // 216
            0xE811_1C87_C5C1_BA99, 0xC8FA_8DB6_CCDD_0438,  // 217
            0x910A_B1D4_DB99_14A0, 0x1D9C_9892_400A_22A3,  // 218
            0xB54D_5E4A_127F_59C8, 0x2503_BEB6_D00C_AB4C,  // 219
            0xE2A0_B5DC_971F_303A, 0x2E44_AE64_840F_D61E,  // 220
            0x8DA4_71A9_DE73_7E24, 0x5CEA_ECFE_D289_E5D3,  // 221
            0xB10D_8E14_5610_5DAD, 0x7425_A83E_872C_5F48,  // 222
            0xDD50_F199_6B94_7518, 0xD12F_124E_28F7_771A,  // 223
            0x8A52_96FF_E33C_C92F, 0x82BD_6B70_D99A_AA70,  // 224
            0xACE7_3CBF_DC0B_FB7B, 0x636C_C64D_1001_550C,  // 225
            0xD821_0BEF_D30E_FA5A, 0x3C47_F7E0_5401_AA4F,  // 226
            0x8714_A775_E3E9_5C78, 0x65AC_FAEC_3481_0A72,  // 227
            0xA8D9_D153_5CE3_B396, 0x7F18_39A7_41A1_4D0E,  // 228
            0xD310_45A8_341C_A07C, 0x1EDE_4811_1209_A051,  // 229
            0x83EA_2B89_2091_E44D, 0x934A_ED0A_AB46_0433,  // 230
            0xA4E4_B66B_68B6_5D60, 0xF81D_A84D_5617_8540,  // 231
            0xCE1D_E406_42E3_F4B9, 0x3625_1260_AB9D_668F,  // 232
            0x80D2_AE83_E9CE_78F3, 0xC1D7_2B7C_6B42_601A,  // 233
            0xA107_5A24_E442_1730, 0xB24C_F65B_8612_F820,  // 234
            0xC949_30AE_1D52_9CFC, 0xDEE0_33F2_6797_B628,  // 235
            0xFB9B_7CD9_A4A7_443C, 0x1698_40EF_017D_A3B2,  // 236
            0x9D41_2E08_06E8_8AA5, 0x8E1F_2895_60EE_864F,  // 237
            0xC491_798A_08A2_AD4E, 0xF1A6_F2BA_B92A_27E3,  // 238
            0xF5B5_D7EC_8ACB_58A2, 0xAE10_AF69_6774_B1DC,  // 239
            0x9991_A6F3_D6BF_1765, 0xACCA_6DA1_E0A8_EF2A,  // 240
            0xBFF6_10B0_CC6E_DD3F, 0x17FD_090A_58D3_2AF4,  // 241
            0xEFF3_94DC_FF8A_948E, 0xDDFC_4B4C_EF07_F5B1,  // 242
            0x95F8_3D0A_1FB6_9CD9, 0x4ABD_AF10_1564_F98F,  // 243
            0xBB76_4C4C_A7A4_440F, 0x9D6D_1AD4_1ABE_37F2,  // 244
            0xEA53_DF5F_D18D_5513, 0x84C8_6189_216D_C5EE,  // 245
            0x9274_6B9B_E2F8_552C, 0x32FD_3CF5_B4E4_9BB5,  // 246
            0xB711_8682_DBB6_6A77, 0x3FBC_8C33_221D_C2A2,  // 247
            0xE4D5_E823_92A4_0515, 0x0FAB_AF3F_EAA5_334B,  // 248
            0x8F05_B116_3BA6_832D, 0x29CB_4D87_F2A7_400F,  // 249
            0xB2C7_1D5B_CA90_23F8, 0x743E_20E9_EF51_1013,  // 250
            0xDF78_E4B2_BD34_2CF6, 0x914D_A924_6B25_5417,  // 251
            0x8BAB_8EEF_B640_9C1A, 0x1AD0_89B6_C2F7_548F,  // 252
            0xAE96_72AB_A3D0_C320, 0xA184_AC24_73B5_29B2,  // 253
            0xDA3C_0F56_8CC4_F3E8, 0xC9E5_D72D_90A2_741F,  // 254
            0x8865_8996_17FB_1871, 0x7E2F_A67C_7A65_8893,  // 255
            0xAA7E_EBFB_9DF9_DE8D, 0xDDBB_901B_98FE_EAB8,  // 256
            0xD51E_A6FA_8578_5631, 0x552A_7422_7F3E_A566,  // 257
            0x8533_285C_936B_35DE, 0xD53A_8895_8F87_2760,  // 258
            0xA67F_F273_B846_0356, 0x8A89_2ABA_F368_F138,  // 259
            0xD01F_EF10_A657_842C, 0x2D2B_7569_B043_2D86,  // 260
            0x8213_F56A_67F6_B29B, 0x9C3B_2962_0E29_FC74,  // 261
            0xA298_F2C5_01F4_5F42, 0x8349_F3BA_91B4_7B90,  // 262
            0xCB3F_2F76_4271_7713, 0x241C_70A9_3621_9A74,  // 263
            0xFE0E_FB53_D30D_D4D7, 0xED23_8CD3_83AA_0111,  // 264
            0x9EC9_5D14_63E8_A506, 0xF436_3804_324A_40AB,  // 265
            0xC67B_B459_7CE2_CE48, 0xB143_C605_3EDC_D0D6,  // 266
            0xF81A_A16F_DC1B_81DA, 0xDD94_B786_8E94_050B,  // 267
            0x9B10_A4E5_E991_3128, 0xCA7C_F2B4_191C_8327,  // 268
            0xC1D4_CE1F_63F5_7D72, 0xFD1C_2F61_1F63_A3F1,  // 269
            0xF24A_01A7_3CF2_DCCF, 0xBC63_3B39_673C_8CED,  // 270
            0x976E_4108_8617_CA01, 0xD5BE_0503_E085_D814,  // 271
            0xBD49_D14A_A79D_BC82, 0x4B2D_8644_D8A7_4E19,  // 272
            0xEC9C_459D_5185_2BA2, 0xDDF8_E7D6_0ED1_219F,  // 273
            0x93E1_AB82_52F3_3B45, 0xCABB_90E5_C942_B504,  // 274
            0xB8DA_1662_E7B0_0A17, 0x3D6A_751F_3B93_6244,  // 275
            0xE710_9BFB_A19C_0C9D, 0x0CC5_1267_0A78_3AD5,  // 276
            0x906A_617D_4501_87E2, 0x27FB_2B80_668B_24C6,  // 277
            0xB484_F9DC_9641_E9DA, 0xB1F9_F660_802D_EDF7,  // 278
            0xE1A6_3853_BBD2_6451, 0x5E78_73F8_A039_6974,  // 279
            0x8D07_E334_5563_7EB2, 0xDB0B_487B_6423_E1E9,  // 280
            0xB049_DC01_6ABC_5E5F, 0x91CE_1A9A_3D2C_DA63,  // 281
            0xDC5C_5301_C56B_75F7, 0x7641_A140_CC78_10FC,  // 282
            0x89B9_B3E1_1B63_29BA, 0xA9E9_04C8_7FCB_0A9E,  // 283
            0xAC28_20D9_623B_F429, 0x5463_45FA_9FBD_CD45,  // 284
            0xD732_290F_BACA_F133, 0xA97C_1779_47AD_4096,  // 285
            0x867F_59A9_D4BE_D6C0, 0x49ED_8EAB_CCCC_485E,  // 286
            0xA81F_3014_49EE_8C70, 0x5C68_F256_BFFF_5A75,  // 287
            0xD226_FC19_5C6A_2F8C, 0x7383_2EEC_6FFF_3112,  // 288
            0x8358_5D8F_D9C2_5DB7, 0xC831_FD53_C5FF_7EAC,  // 289
            0xA42E_74F3_D032_F525, 0xBA3E_7CA8_B77F_5E56,  // 290
            0xCD3A_1230_C43F_B26F, 0x28CE_1BD2_E55F_35EC,  // 291
            0x8044_4B5E_7AA7_CF85, 0x7980_D163_CF5B_81B4,  // 292
            0xA055_5E36_1951_C366, 0xD7E1_05BC_C332_6220,  // 293
            0xC86A_B5C3_9FA6_3440, 0x8DD9_472B_F3FE_FAA8,  // 294
            0xFA85_6334_878F_C150, 0xB14F_98F6_F0FE_B952,  // 295
            0x9C93_5E00_D4B9_D8D2, 0x6ED1_BF9A_569F_33D4,  // 296
            0xC3B8_3581_09E8_4F07, 0x0A86_2F80_EC47_00C9,  // 297
            0xF4A6_42E1_4C62_62C8, 0xCD27_BB61_2758_C0FB,  // 298
            0x98E7_E9CC_CFBD_7DBD, 0x8038_D51C_B897_789D,  // 299
            0xBF21_E440_03AC_DD2C, 0xE047_0A63_E6BD_56C4,  // 300
            0xEEEA_5D50_0498_1478, 0x1858_CCFC_E06C_AC75,  // 301
            0x9552_7A52_02DF_0CCB, 0x0F37_801E_0C43_EBC9,  // 302
            0xBAA7_18E6_8396_CFFD, 0xD305_6025_8F54_E6BB,  // 303
            0xE950_DF20_247C_83FD, 0x47C6_B82E_F32A_206A,  // 304
            0x91D2_8B74_16CD_D27E, 0x4CDC_331D_57FA_5442,  // 305
            0xB647_2E51_1C81_471D, 0xE013_3FE4_ADF8_E953,  // 306
            0xE3D8_F9E5_63A1_98E5, 0x5818_0FDD_D977_23A7,  // 307
            0x8E67_9C2F_5E44_FF8F, 0x570F_09EA_A7EA_7649,  // 308
            0xB201_833B_35D6_3F73, 0x2CD2_CC65_51E5_13DB,  // 309
            0xDE81_E40A_034B_CF4F, 0xF807_7F7E_A65E_58D2,  // 310
            0x8B11_2E86_420F_6191, 0xFB04_AFAF_27FA_F783,  // 311
            0xADD5_7A27_D293_39F6, 0x79C5_DB9A_F1F9_B564,  // 312
            0xD94A_D8B1_C738_0874, 0x1837_5281_AE78_22BD,  // 313
            0x87CE_C76F_1C83_0548, 0x8F22_9391_0D0B_15B6,  // 314
            0xA9C2_794A_E3A3_C69A, 0xB2EB_3875_504D_DB23,  // 315
            0xD433_179D_9C8C_B841, 0x5FA6_0692_A461_51EC,  // 316
            0x849F_EEC2_81D7_F328, 0xDBC7_C41B_A6BC_D334,  // 317
            0xA5C7_EA73_224D_EFF3, 0x12B9_B522_906C_0801,  // 318
            0xCF39_E50F_EAE1_6BEF, 0xD768_226B_3487_0A01,  // 319
            0x8184_2F29_F2CC_E375, 0xE6A1_1583_00D4_6641,  // 320
            0xA1E5_3AF4_6F80_1C53, 0x6049_5AE3_C109_7FD1,  // 321
            0xCA5E_89B1_8B60_2368, 0x385B_B19C_B14B_DFC5,  // 322
            0xFCF6_2C1D_EE38_2C42, 0x4672_9E03_DD9E_D7B6,  // 323
            0x9E19_DB92_B4E3_1BA9, 0x6C07_A2C2_6A83_46D2,  // 324
        ]
        /// g(e) for e = −31 … 45 at e + 31.
        static let float: [UInt64] = [
            0x81CE_B32C_4B43_FCF5,  // -31
            0xA242_5FF7_5E14_FC32,  // -30
            0xCAD2_F7F5_359A_3B3F,  // -29
            0xFD87_B5F2_8300_CA0E,  // -28
            0x9E74_D1B7_91E0_7E49,  // -27
            0xC612_0625_7658_9DDB,  // -26
            0xF796_87AE_D3EE_C552,  // -25
            0x9ABE_14CD_4475_3B53,  // -24
            0xC16D_9A00_9592_8A28,  // -23
            0xF1C9_0080_BAF7_2CB2,  // -22
            0x971D_A050_74DA_7BEF,  // -21
            0xBCE5_0864_9211_1AEB,  // -20
            0xEC1E_4A7D_B695_61A6,  // -19
            0x9392_EE8E_921D_5D08,  // -18
            0xB877_AA32_36A4_B44A,  // -17
            0xE695_94BE_C44D_E15C,  // -16
            0x901D_7CF7_3AB0_ACDA,  // -15
            0xB424_DC35_095C_D810,  // -14
            0xE12E_1342_4BB4_0E14,  // -13
            0x8CBC_CC09_6F50_88CC,  // -12
            0xAFEB_FF0B_CB24_AAFF,  // -11
            0xDBE6_FECE_BDED_D5BF,  // -10
            0x8970_5F41_36B4_A598,  // -9
            0xABCC_7711_8461_CEFD,  // -8
            0xD6BF_94D5_E57A_42BD,  // -7
            0x8637_BD05_AF6C_69B6,  // -6
            0xA7C5_AC47_1B47_8424,  // -5
            0xD1B7_1758_E219_652C,  // -4
            0x8312_6E97_8D4F_DF3C,  // -3
            0xA3D7_0A3D_70A3_D70B,  // -2
            0xCCCC_CCCC_CCCC_CCCD,  // -1
            0x8000_0000_0000_0000,  // 0
            0xA000_0000_0000_0000,  // 1
            0xC800_0000_0000_0000,  // 2
            0xFA00_0000_0000_0000,  // 3
            0x9C40_0000_0000_0000,  // 4
            0xC350_0000_0000_0000,  // 5
            0xF424_0000_0000_0000,  // 6
            0x9896_8000_0000_0000,  // 7
            0xBEBC_2000_0000_0000,  // 8
            0xEE6B_2800_0000_0000,  // 9
            0x9502_F900_0000_0000,  // 10
            0xBA43_B740_0000_0000,  // 11
            0xE8D4_A510_0000_0000,  // 12
            0x9184_E72A_0000_0000,  // 13
            0xB5E6_20F4_8000_0000,  // 14
            0xE35F_A931_A000_0000,  // 15
            0x8E1B_C9BF_0400_0000,  // 16
            0xB1A2_BC2E_C500_0000,  // 17
            0xDE0B_6B3A_7640_0000,  // 18
            0x8AC7_2304_89E8_0000,  // 19
            0xAD78_EBC5_AC62_0000,  // 20
            0xD8D7_26B7_177A_8000,  // 21
            0x8786_7832_6EAC_9000,  // 22
            0xA968_163F_0A57_B400,  // 23
            0xD3C2_1BCE_CCED_A100,  // 24
            0x8459_5161_4014_84A0,  // 25
            0xA56F_A5B9_9019_A5C8,  // 26
            0xCECB_8F27_F420_0F3A,  // 27
            0x813F_3978_F894_0985,  // 28
            0xA18F_07D7_36B9_0BE6,  // 29
            0xC9F2_C9CD_0467_4EDF,  // 30
            0xFC6F_7C40_4581_2297,  // 31
            0x9DC5_ADA8_2B70_B59E,  // 32
            0xC537_1912_364C_E306,  // 33
            0xF684_DF56_C3E0_1BC7,  // 34
            0x9A13_0B96_3A6C_115D,  // 35
            0xC097_CE7B_C907_15B4,  // 36
            0xF0BD_C21A_BB48_DB21,  // 37
            0x9676_9950_B50D_88F5,  // 38
            0xBC14_3FA4_E250_EB32,  // 39
            0xEB19_4F8E_1AE5_25FE,  // 40
            0x92EF_D1B8_D0CF_37BF,  // 41
            0xB7AB_C627_0503_05AE,  // 42
            0xE596_B7B0_C643_C71A,  // 43
            0x8F7E_32CE_7BEA_5C70,  // 44
            0xB35D_BF82_1AE4_F38C,  // 45
        ]
    }
}

extension ShortestDecimal.Format {
    /// The bits of |x|: all but the sign.
    @inline(__always) static var magnitudeMask: RawSignificand { RawSignificand.max >> 1 }
    /// The bits of +∞, the least magnitude that is not finite.
    @inline(__always) static var infinityBits: RawSignificand { infinity.bitPattern }
    /// The fraction field.
    @inline(__always) static var significandMask: RawSignificand { hiddenBit - 1 }
    /// The implicit leading bit of a normal number's significand.
    @inline(__always) static var hiddenBit: RawSignificand { 1 << significandBitCount }
    /// The exponent bias (127, 1023).
    @inline(__always) static var exponentBias: Int { (1 << (exponentBitCount - 1)) - 1 }
    /// q of the subnormals (x = c·2^q): 1 − bias − significandBitCount (−149, −1074).
    @inline(__always) static var leastExponent: Int { 1 - exponentBias - significandBitCount }
    /// The bits of 2^(significandBitCount + 1) (2^24, 2^53): the largest magnitude written as
    /// a decimal with a point rather than exponential.
    @inline(__always) static var integerLimitBits: RawSignificand { RawSignificand(exponentBias + significandBitCount + 1) << significandBitCount }
}

extension Float: ShortestDecimal.Format {
    /// g(−k) from the one-word table and the mask of the low word's bits that count: 10^−k
    /// is exact in the table for 0 ≤ −k ≤ 27 and every bit counts; otherwise g exceeds
    /// 10^−k·2^−r by less than one unit and the product the exact one by less than cp < 2^32,
    /// so the low half of the low word is noise.
    @inline(__always)
    static func schubfachMultiplier(k: Int) -> (g: UInt64, stickyMask: UInt64) {
        (ShortestDecimal.Tables.float[31 - k], UInt(bitPattern: -k) <= 27 ? .max : 0xFFFF_FFFF_0000_0000)
    }

    /// The high word of g·cp, rounded to odd.
    @inline(__always)
    static func schubfachRoundToOdd(_ m: (g: UInt64, stickyMask: UInt64), _ cp: UInt64) -> UInt64 {
        let p = m.g.multipliedFullWidth(by: cp)
        return p.high | (p.low & m.stickyMask != 0 ? 1 : 0)
    }
}

extension Double: ShortestDecimal.Format {
    /// g(−k) from the two-word table (high word first) and the mask of the lowest word's bits
    /// that count: 10^−k is exact in the table for 0 ≤ −k ≤ 55 and every bit counts;
    /// otherwise g exceeds 10^−k·2^−r by less than one unit and the product the exact one by
    /// less than cp < 2^64, so the lowest word is noise, and an exact integer leaves the
    /// middle word zero.
    @inline(__always)
    static func schubfachMultiplier(k: Int) -> (high: UInt64, low: UInt64, stickyMask: UInt64) {
        let index = 2 * (292 - k)
        return (ShortestDecimal.Tables.double[index], ShortestDecimal.Tables.double[index + 1], UInt(bitPattern: -k) <= 55 ? .max : 0)
    }

    /// The top word of the three-word g·cp, rounded to odd.
    @inline(__always)
    static func schubfachRoundToOdd(_ m: (high: UInt64, low: UInt64, stickyMask: UInt64), _ cp: UInt64) -> UInt64 {
        let x = m.low.multipliedFullWidth(by: cp)
        let y = m.high.multipliedFullWidth(by: cp)
        let (middle, carry) = y.low.addingReportingOverflow(x.high)
        let top = y.high &+ (carry ? 1 : 0)
        return top | (middle | (x.low & m.stickyMask) != 0 ? 1 : 0)
    }
}
