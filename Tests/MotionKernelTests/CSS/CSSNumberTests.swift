import Testing

@testable import MotionKernel

/// The one CSS number formatter (shortest, significant and fixed-decimal digits) and reader, against
/// decimal texts worked out by hand and the CSS `<number-token>` grammar (CSS Syntax Level 3 §4.3.3).
@Suite("CSS numbers")
struct CSSNumberTests {
    @Test("shortest: integers up to 2^53 without a fraction, no -0, a Float's own digits, exponents as CSS reads them")
    func shortest() {
        #expect(CSSNumber.text(-0.0) == "0" && CSSNumber.text(Float(-0.0)) == "0")
        #expect(CSSNumber.text(120.0) == "120" && CSSNumber.text(-35.0) == "-35")
        #expect(CSSNumber.text(1e15) == "1000000000000000")
        // 2^53 = 9007199254740992 is an integer; 2^53 + 2 is the next Double, 16 digits needed.
        #expect(CSSNumber.text(0x1p53) == "9007199254740992")
        #expect(CSSNumber.text(0x1p53 + 2) == "9.007199254740994e+15")
        #expect(CSSNumber.text(Float(0x1p24)) == "16777216")
        // 0.1 as a Float is written with its own shortest digits, not those of the Double it widens to.
        #expect(CSSNumber.text(Float(0.1)) == "0.1" && CSSNumber.text(0.1) == "0.1")
        #expect(CSSNumber.text(1e-5) == "1e-05" && CSSNumber.text(-1.5e20) == "-1.5e+20")
        #expect(CSSNumber.text(Double.leastNonzeroMagnitude) == "5e-324")
    }

    @Test("significant: at most n digits, correctly rounded (%g), trailing zeros dropped, no -0")
    func significant() {
        #expect(CSSNumber.text(100.0 / 9, .significant(6)) == "11.1111")
        #expect(CSSNumber.text(0.5, .significant(6)) == "0.5" && CSSNumber.text(-1e-300, .significant(6)) == "-1e-300")
        #expect(CSSNumber.text(-0.0, .significant(6)) == "0")
        // 0.1234565 as a Double lies below the decimal tie (0.12345649999999999…): it rounds down.
        #expect(CSSNumber.text(0.1234565, .significant(6)) == "0.123456")
    }

    @Test("percent: the shortest digits of the fraction with the point moved two places")
    func percent() {
        #expect(CSSNumber.percent(0.5, .shortest) == "50")
        #expect(CSSNumber.percent(0.123, .shortest) == "12.3")
        #expect(CSSNumber.percent(-1e-7, .shortest) == "-0.00001")
        #expect(CSSNumber.percent(1e20, .shortest) == "1e22" && CSSNumber.percent(0, .shortest) == "0")
        #expect(CSSNumber.percent(1.0 / 3, .significant(6)) == "33.3333")
    }

    @Test("value(of:) and fraction(ofPercentage:): one <number-token> or <percentage-token> and nothing else")
    func value() {
        #expect(CSSNumber.value(of: "1e3") == 1000 && CSSNumber.value(of: "-.5") == -0.5 && CSSNumber.value(of: "+1E+2") == 100)
        for text in ["1px", "50%", " 1", "1 ", "1.", "calc(1)", "", "e3"] {
            #expect(CSSNumber.value(of: text) == nil, "\(text)")
        }
        // 0.07 is the Double nearest 7/100; 7e-2 read directly is the same Double.
        #expect(CSSNumber.fraction(ofPercentage: "7%") == 0.07 && CSSNumber.fraction(ofPercentage: "12.5%") == 0.125)
        for text in ["7", "7 %", "7px", "7%%"] {
            #expect(CSSNumber.fraction(ofPercentage: text) == nil, "\(text)")
        }
    }
}
