import Testing

@testable import MotionKernel

/// `UTF8Text` against `String`'s own operations on ASCII text, where the two must agree
/// exactly, and on the non-ASCII spellings where they must differ (bytes, not canonical
/// equivalence).
@Suite("UTF-8 text")
struct UTF8TextTests {
    /// ASCII strings: the empty one, prefixes of each other, case pairs, the protocol's names,
    /// and random strings over a small alphabet (so that equal strings and common prefixes
    /// occur often).
    static func asciiStrings() -> [String] {
        var s = ["", "a", "ab", "abc", "abd", "b", "B", "A", "Ab", "aB", "id", "op", "Infinity", "infinity", "-0", "0", "fit", "K", "k", "[", ".", "("]
        var rng = SplitMix64(seed: 0x07F8_7E47)
        let alphabet = Array("aAbz-.0 ~".utf8)
        for _ in 0..<120 {
            let n = Int(rng.next() % 5)
            s.append(String(decoding: (0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }, as: UTF8.self))
        }
        return s
    }

    @Test("equal, precedes and containsUTF8 are String's ==, < and contains on ASCII")
    func asciiAgrees() {
        let s = Self.asciiStrings()
        for a in s {
            for b in s {
                #expect(UTF8Text.equal(a, b) == (a == b), "\(a) == \(b)")
                #expect(UTF8Text.precedes(a, b) == (a < b), "\(a) < \(b)")
            }
            #expect(s.containsUTF8(a))
            #expect(Array(s.prefix(8)).containsUTF8(a) == s.prefix(8).contains(a), "\(a)")
        }
    }

    @Test("matches a literal by its bytes")
    func matchesLiteral() {
        for a in Self.asciiStrings() {
            #expect(UTF8Text.matches(a, "Infinity") == (a == "Infinity"), "\(a)")
            #expect(UTF8Text.matches(a, "") == a.isEmpty, "\(a)")
            #expect(UTF8Text.matches(a, "ab") == (a == "ab"), "\(a)")
        }
    }

    @Test("sortedUnique is Set(names).sorted() on ASCII")
    func sortedUniqueAgrees() {
        let s = Self.asciiStrings()
        for n in [0, 1, 2, 5, 17, s.count] {
            let names = Array(s.prefix(n)) + Array(s.prefix(n / 2))  // with repeats
            #expect(UTF8Text.sortedUnique(names) == Set(names).sorted(), "\(n)")
        }
    }

    @Test("outside ASCII: bytes, not canonical equivalence")
    func nonASCII() {
        // String's == identifies canonically equivalent spellings; UTF8Text does not.
        #expect("\u{212A}" == "K" && !UTF8Text.equal("\u{212A}", "K"))
        #expect("\u{E9}" == "e\u{301}" && !UTF8Text.equal("\u{E9}", "e\u{301}"))
        #expect(!UTF8Text.matches("\u{212A}", "K"))
        #expect(UTF8Text.equal("\u{E9}", "\u{E9}"))
        #expect(!["K"].containsUTF8("\u{212A}"))
        // Byte order: U+00E9 (C3 A9) after "e" + U+0301 (65 CC 81) and after "z" (7A).
        #expect(UTF8Text.precedes("e\u{301}", "\u{E9}") && UTF8Text.precedes("z", "\u{E9}"))
        #expect(UTF8Text.sortedUnique(["K", "\u{212A}", "K"]).map { Array($0.utf8) } == [[0x4B], [0xE2, 0x84, 0xAA]])
    }

    @Test("byRawValueUTF8 is init(rawValue:) for every raw value and for non-names")
    func rawValues() {
        let others = ["", "x", "End", "END", "jump", "Normal", "both ", "\u{212A}", "stiffest\u{301}"]
        func check<E: CaseIterable & RawRepresentable & Equatable>(_: E.Type) where E.RawValue == String {
            for name in E.allCases.map({ $0.rawValue }) + others {
                #expect(E.byRawValueUTF8(name) == E(rawValue: name), "\(E.self) \(name)")
            }
            for e in E.allCases { #expect(E.byRawValueUTF8(e.rawValue) == e) }
        }
        check(SpringSettlingBound.self)
        check(TimingModel.Direction.self)
        check(TimingModel.Fill.self)
        check(StepsEasing.Position.self)
    }

    @Test("UTF8Name switches by bytes; isField names the field by bytes")
    func nameSwitch() {
        func pick(_ s: String) -> Int {
            switch UTF8Name(s) {
            case "calc": 1
            case "min": 2
            case "": 3
            default: 0
            }
        }
        #expect(pick("calc") == 1 && pick("min") == 2 && pick("") == 3)
        #expect(pick("Calc") == 0 && pick("calc ") == 0 && pick("mi") == 0 && pick("min\u{301}") == 0)
        let e = MotionKernelError.invalidValue("damping", "x")
        #expect(e.isField("damping") && !e.isField("dampin") && !e.isField("damping.x"))
        #expect(!MotionKernelError.invalidValue("\u{212A}", "x").isField("K"))
    }
}
