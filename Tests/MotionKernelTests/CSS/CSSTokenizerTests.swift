import Testing
@testable import MotionKernel

/// The CSS Syntax Level 3 tokenizer shared by the easing and the transform parsers, against the
/// rules of the specification (§3.3 preprocessing, §4.3 consume a token), and both parsers
/// reading the same escapes and comments.
@Suite("CSS tokenizer")
struct CSSTokenizerTests {
    /// Every token's kind up to the end.
    func kinds(_ text: String) -> [CSSToken.Kind] {
        var t = CSSTokenizer(text)
        var out: [CSSToken.Kind] = []
        while true {
            let k = t.next().kind
            if k == .end { return out }
            out.append(k)
        }
    }

    @Test("escapes: hex with one optional trailing whitespace (CR LF counts as one), literal, at the end of the text")
    func escapes() {
        #expect(kinds("r\\6f tate(") == [.function("rotate")])
        #expect(kinds("r\\6ftate(") == [.function("rotate")])  // the hex digits end at "t"
        #expect(kinds("\\72\r\notate") == [.ident("rotate")])
        #expect(kinds("\\72\totate") == [.ident("rotate")])
        // Only one whitespace is part of the escape; the next is a token.
        #expect(kinds("\\72  x") == [.ident("r"), .whitespace, .ident("x")])
        #expect(kinds("\\000072x") == [.ident("rx")])  // six digits end the escape
        #expect(kinds("a\\(b") == [.ident("a(b")])
        // 0, surrogates and values beyond U+10FFFF are U+FFFD.
        #expect(kinds("\\0 a") == [.ident("\u{FFFD}a")])
        #expect(kinds("\\D800 a") == [.ident("\u{FFFD}a")])
        #expect(kinds("\\110000 a") == [.ident("\u{FFFD}a")])
        // A backslash before a newline is not an escape: a delim, then the rest.
        #expect(kinds("a\\\nb") == [.ident("a"), .delim("\\"), .whitespace, .ident("b")])
        // A backslash at the end of the text is an escape of U+FFFD.
        #expect(kinds("a\\") == [.ident("a\u{FFFD}")])
        #expect(kinds("\\") == [.ident("\u{FFFD}")])
    }

    @Test("preprocessing: U+0000 is U+FFFD, an ident code point")
    func nul() {
        #expect(kinds("a\u{0}b") == [.ident("a\u{FFFD}b")])
        #expect(kinds("\u{0}") == [.ident("\u{FFFD}")])
    }

    @Test("numbers: consume a number (sign, fraction, exponent), dimensions, percentages")
    func numbers() {
        #expect(kinds("+.5") == [.number(0.5, isInteger: false)])
        #expect(kinds("-12") == [.number(-12, isInteger: true)])
        #expect(kinds("1e3") == [.number(1000, isInteger: false)])
        #expect(kinds("1E+3") == [.number(1000, isInteger: false)])
        // "1." and "1e" end before the "." or "e".
        #expect(kinds("1.") == [.number(1, isInteger: true), .delim(".")])
        #expect(kinds("1em") == [.dimension(1, "em")])
        #expect(kinds("1e-x") == [.dimension(1, "e-x")])
        #expect(kinds("50%") == [.percentage(50, fraction: 0.5)])
        #expect(kinds("-1e-2%") == [.percentage(-0.01, fraction: -0.0001)])
        // An escape starts a unit: "4\35 deg" is 4 with the unit "5deg", "45\64 eg" is 45deg.
        #expect(kinds("4\\35 deg") == [.dimension(4, "5deg")])
        #expect(kinds("45\\64 eg") == [.dimension(45, "deg")])
        // The percentage's fraction is read from the text: exponents far out saturate.
        #expect(kinds("1e-999999999999999%") == [.percentage(0, fraction: 0)])
    }

    @Test("comments separate tokens without a token; one may run to the end; other tokens")
    func comments() {
        #expect(kinds("a/**/b") == [.ident("a"), .ident("b")])
        #expect(kinds("a /* x */ b") == [.ident("a"), .whitespace, .whitespace, .ident("b")])
        var t = CSSTokenizer("a /* open")
        _ = t.next()
        _ = t.next()
        #expect(t.next().kind == .end && t.unterminatedComment == 2)
        #expect(kinds("\"a\\62 \" 'c") == [.string("ab"), .whitespace, .string("c")])
        #expect(kinds("\"a\nb") == [.badString, .whitespace, .ident("b")])
        #expect(kinds("#x1 @m -->") == [.hash("x1"), .whitespace, .atKeyword("m"), .whitespace, .cdoOrCdc])
    }

    @Test("the kind tests agree with the kinds' == on every token")
    func kindTests() {
        let text = "a( 1, 2 ) + - * / calc(1 + 2)) , ,\u{212A} \"s\" #h @k 5% 3px ;:{}[] <!-- -->"
        var all = kinds(text) + [.end]
        all += [.delim("+"), .delim("\u{212A}"), .function("calc"), .ident("end")]
        var tested = (end: 0, whitespace: 0, comma: 0, closeParen: 0, delim: 0)
        for k in all {
            #expect(k.isEnd == (k == .end), "\(k)")
            #expect(k.isWhitespace == (k == .whitespace), "\(k)")
            #expect(k.isComma == (k == .comma), "\(k)")
            #expect(k.isCloseParen == (k == .closeParen), "\(k)")
            for c: Unicode.Scalar in ["+", "-", "*", "/", "K", "\u{212A}", "("] {
                #expect(k.isDelim(c) == (k == .delim(c)), "\(k) \(c)")
                if k.isDelim(c) { tested.delim += 1 }
            }
            if k.isEnd { tested.end += 1 }
            if k.isWhitespace { tested.whitespace += 1 }
            if k.isComma { tested.comma += 1 }
            if k.isCloseParen { tested.closeParen += 1 }
        }
        // Each test was true somewhere, so each comparison above could have failed both ways.
        #expect(tested.end == 1 && tested.whitespace > 0 && tested.comma > 0 && tested.closeParen > 0 && tested.delim > 0)
    }

    @Test("offsets count Unicode scalars of the source, escapes and all")
    func offsets() {
        var t = CSSTokenizer("\u{E9}\\41 (\u{1F600} 1")
        let a = t.next(), b = t.next(), c = t.next(), d = t.next()
        #expect(a.kind == .function("\u{E9}A") && a.offset == 0)
        #expect(b.kind == .ident("\u{1F600}") && b.offset == 6)
        #expect(c.kind == .whitespace && c.offset == 7)
        #expect(d.kind == .number(1, isInteger: true) && d.offset == 8)
        #expect(t.text(of: a) == "\u{E9}\\41 (")
    }

    /// The error code of a transform text that must not parse, nil when it parses.
    func code(_ css: String) -> MotionKernelError.Code? { errorCode { _ = try TransformOperations<Double>(css: css) } }

    /// The error code of an easing text that must not parse, nil when it parses.
    func easingCode(_ css: String) -> MotionKernelError.Code? { errorCode { _ = try TimingFunction(css: css) } }

    @Test("both parsers read escapes and comments the same way")
    func bothParsers() throws {
        typealias Ops = TransformOperations<Double>
        #expect(try Ops(css: "r\\6f tate(45deg)") == Ops(css: "rotate(45deg)"))
        #expect(try Ops(css: "\\74 ranslateX(5px)") == Ops(css: "translateX(5px)"))
        #expect(try Ops(css: "R\\4F TATE(45\\64 eg)") == Ops(css: "rotate(45deg)"))
        #expect(try Ops(css: "translateX(5\\70 x)") == Ops(css: "translateX(5px)"))
        #expect(try Ops(css: "perspective(\\6e one)") == Ops(css: "perspective(none)"))
        #expect(try Ops(css: "/**/scale(/**/2/**/,/**/3/**/)/**/rotate(1rad)") == Ops(css: "scale(2, 3) rotate(1rad)"))
        #expect(try TimingFunction(css: "line\\61r(0, 1)") == TimingFunction(css: "linear(0, 1)"))
        #expect(try TimingFunction(css: "\\6C inear(0, 1)") == TimingFunction(css: "linear(0, 1)"))
        #expect(try TimingFunction(css: "steps(2, \\6A ump-both)") == TimingFunction(css: "steps(2, jump-both)"))
        #expect(try TimingFunction(css: "cubic-bezier(/**/0/**/,/**/0,1,1/**/)") == TimingFunction(css: "cubic-bezier(0, 0, 1, 1)"))
        // Invalid in both: an escaped newline, an escape at the end, the unit "5deg".
        for s in ["rot\\\nate(1rad)", "rotate(1rad) \\", "rotate(1rad\\)", "rotate(4\\35 deg)", "rotate(1rad)\u{0}"] {
            #expect(code(s) == .invalidValue, "\(s)")
        }
        for s in ["lin\\\near(0, 1)", "ease\\", "linear(0, 1\\)", "linear(0, 1)\u{0}", "e\u{0}ase"] {
            #expect(easingCode(s) == .invalidValue, "\(s)")
        }
    }
}
