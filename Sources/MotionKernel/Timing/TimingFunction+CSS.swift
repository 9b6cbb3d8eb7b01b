import Foundation

/// CSS `<easing-function>` text: parsing (``TimingFunction/init(css:field:)``) and serialisation
/// (``TimingFunction/cssText``), as CSS Easing Level 2 and CSS Syntax Level 3 specify.
extension TimingFunction {
    /// Parses a CSS `<easing-function>`.
    ///
    /// Accepted: the keywords `linear`, `ease`, `ease-in`, `ease-out`, `ease-in-out`,
    /// `step-start` (= `steps(1, start)`), `step-end` (= `steps(1)`); `cubic-bezier(x1, y1, x2,
    /// y2)` with x1, x2 in [0, 1]; `steps(n[, <step-position>])` with an integer n ≥ 1 (≥ 2 for
    /// `jump-none`); `linear(<linear-stop>#)` with at least two stops, each a `<number>` and zero
    /// to two `<percentage>`s on one side of it.
    ///
    /// The syntax is CSS's: keywords and function names are ASCII case-insensitive (escapes such as
    /// `\65 ase` are decoded), whitespace (space, tab, line feed, carriage return, form feed) may
    /// surround every argument and comma, comments `/* … */` separate tokens like whitespace does,
    /// and numbers follow the CSS `<number>` token grammar (`+.5`, `1e-3`; `1.` and `5px` are not
    /// numbers). Math functions `calc()`, `min()`, `max()` and `clamp()` with `+ - * /` and
    /// parentheses are evaluated wherever a number or percentage is expected; like CSS they may
    /// leave the argument's range and are then clamped (x to [0, 1], n to its minimum), whereas a
    /// literal out of range is an error. A non-finite result (`calc(0/0)`, `calc(1e308 * 10)`) is
    /// an error. Other math functions (`round()`, `sign()`, …) and units are not supported.
    ///
    /// - Parameters:
    ///   - css: the text.
    ///   - field: the field path reported in errors (default `css`).
    /// - Throws: `MotionKernelError.invalidValue(field, …)` whose reason names what was
    ///   expected and the offset (in Unicode scalars, from 0) of the token at fault.
    public init(css: String, field: String = "css") throws {
        var parser = CSSEasingParser(css, field: field)
        self = try parser.parse()
    }

    /// The canonical CSS serialisation, as browsers (and the WPT syntax tests) give it:
    /// `linear`; the keywords `ease`, `ease-in`, `ease-out` and `ease-in-out` for their control
    /// points, else `cubic-bezier(x1, y1, x2, y2)`; `steps(n)` for the end positions, else
    /// `steps(n, position)` (`start` and `jump-start` kept as they are); `linear(…)` with every
    /// point as `output input%`. Numbers have at most 6 significant digits, as browsers
    /// serialise them (``exactCSSText`` keeps every digit).
    ///
    /// A spring serialises as a `linear()` polyline within 0.001 of its curve on [0, 1]
    /// (``SpringCurve/keyframes(tolerance:)``); beyond u = 1 the `linear()` extends its last
    /// segment while the spring keeps settling.
    public var cssText: String { cssText(digits: CSSNumber.browserDigits) }

    /// The same as ``cssText`` but with the shortest digits that parse back to exactly the same
    /// numbers, so that `TimingFunction(css: f.exactCSSText) == f` for every function but a
    /// spring (which becomes its `linear()` approximation).
    public var exactCSSText: String { cssText(digits: nil) }

    func cssText(digits: Int?) -> String {
        switch self {
        case .linear: return "linear"
        case .cubicBezier(let c):
            if c == .ease { return "ease" }
            if c == .cssEaseIn { return "ease-in" }
            if c == .cssEaseOut { return "ease-out" }
            if c == .cssEaseInOut { return "ease-in-out" }
            let parts = [c.x1, c.y1, c.x2, c.y2].map { CSSNumber.format($0, digits: digits) }
            return "cubic-bezier(" + parts.joined(separator: ", ") + ")"
        case .steps(let s):
            switch s.position {
            case .end: return "steps(\(s.steps))"
            case .jumpEnd where digits != nil: return "steps(\(s.steps))"
            default: return "steps(\(s.steps), \(s.position.rawValue))"
            }
        case .linearFunction(let l): return l.cssText(digits: digits)
        case .spring(let c):
            let points = ((try? c.keyframes(tolerance: 0.001)) ?? []).map {
                LinearEasing.Point(input: c.duration > 0 ? $0.time / c.duration : 0, output: $0.value)
            }
            guard let l = try? LinearEasing(points: points) else { return "linear" }
            return l.cssText(digits: digits)
        }
    }
}

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

extension LinearEasing {
    /// CSS text with `digits` significant digits (nil: exact round-trip digits).
    func cssText(digits: Int?) -> String {
        let parts = points.map { p in
            CSSNumber.format(p.output, digits: digits) + " " + CSSNumber.percent(p.input, digits: digits) + "%"
        }
        return "linear(" + parts.joined(separator: ", ") + ")"
    }
}

/// A CSS token (CSS Syntax Level 3 §4), for the subset of the grammar easing functions use.
struct CSSToken {
    enum Kind: Equatable {
        case ident(String)
        case function(String)
        /// A `<number-token>`; `isInteger` when its text has no fraction and no exponent.
        case number(Double, isInteger: Bool)
        /// A `<percentage-token>`: its value in percent, and the fraction (value / 100) read from
        /// the decimal text in one correctly rounded step.
        case percentage(Double, fraction: Double)
        case dimension(Double, String)
        case comma
        case openParen
        case closeParen
        case whitespace
        case delim(Unicode.Scalar)
        /// Anything else (strings, brackets, …): never valid in an easing function.
        case other
        case end
    }
    var kind: Kind
    /// Offset of the first scalar, in Unicode scalars.
    var offset: Int
    /// The source text of the token.
    var text: String
}

/// CSS Syntax Level 3 tokenizer (consume a token) over Unicode scalars.
struct CSSTokenizer {
    let s: [Unicode.Scalar]
    var i = 0

    init(_ text: String) { s = Array(text.unicodeScalars) }

    func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }

    static func isWhitespace(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
    }
    static func isDigit(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return c.value >= 0x30 && c.value <= 0x39
    }
    static func isHex(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return isDigit(c) || (c.value >= 0x41 && c.value <= 0x46) || (c.value >= 0x61 && c.value <= 0x66)
    }
    static func isIdentStart(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        let v = c.value
        return (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || v == 0x5F || v >= 0x80
    }
    static func isIdentChar(_ c: Unicode.Scalar?) -> Bool {
        isIdentStart(c) || isDigit(c) || c == "-"
    }
    /// Two scalars at k start a valid escape.
    func validEscape(_ k: Int) -> Bool {
        at(k) == "\\" && at(k + 1) != nil && at(k + 1) != "\n" && at(k + 1) != "\r" && at(k + 1) != "\u{0C}"
    }
    /// Three scalars at k would start an ident sequence.
    func startsIdent(_ k: Int) -> Bool {
        if at(k) == "-" {
            return Self.isIdentStart(at(k + 1)) || at(k + 1) == "-" || validEscape(k + 1)
        }
        return Self.isIdentStart(at(k)) || validEscape(k)
    }
    /// Three scalars at k would start a number.
    func startsNumber(_ k: Int) -> Bool {
        if at(k) == "+" || at(k) == "-" {
            return Self.isDigit(at(k + 1)) || (at(k + 1) == "." && Self.isDigit(at(k + 2)))
        }
        if at(k) == "." { return Self.isDigit(at(k + 1)) }
        return Self.isDigit(at(k))
    }

    mutating func consumeEscape() -> Unicode.Scalar {
        // i is after the backslash.
        if Self.isHex(at(i)) {
            var v: UInt32 = 0
            var n = 0
            while n < 6, let c = at(i), Self.isHex(c) {
                v = v * 16 + UInt32(Int(String(c), radix: 16) ?? 0)
                i += 1
                n += 1
            }
            if at(i) == "\r" && at(i + 1) == "\n" {
                i += 2
            } else if Self.isWhitespace(at(i)) {
                i += 1
            }
            if v == 0 || (v >= 0xD800 && v <= 0xDFFF) || v > 0x10FFFF { return "\u{FFFD}" }
            return Unicode.Scalar(v) ?? "\u{FFFD}"
        }
        guard let c = at(i) else { return "\u{FFFD}" }
        i += 1
        return c
    }

    mutating func consumeIdentSequence() -> String {
        var out = String.UnicodeScalarView()
        while true {
            if Self.isIdentChar(at(i)) {
                out.append(s[i])
                i += 1
            } else if validEscape(i) {
                i += 1
                out.append(consumeEscape())
            } else {
                return String(out)
            }
        }
    }

    /// Consumes a number (CSS Syntax §4.3.12); returns its value, whether it is an integer, and
    /// the value divided by 100 (the decimal exponent lowered by 2, so one rounding).
    mutating func consumeNumber() -> (Double, Bool, Double) {
        let start = i
        var integer = true
        if at(i) == "+" || at(i) == "-" { i += 1 }
        while Self.isDigit(at(i)) { i += 1 }
        if at(i) == ".", Self.isDigit(at(i + 1)) {
            integer = false
            i += 2
            while Self.isDigit(at(i)) { i += 1 }
        }
        if at(i) == "e" || at(i) == "E" {
            if Self.isDigit(at(i + 1)) {
                integer = false
                i += 2
                while Self.isDigit(at(i)) { i += 1 }
            } else if at(i + 1) == "+" || at(i + 1) == "-", Self.isDigit(at(i + 2)) {
                integer = false
                i += 3
                while Self.isDigit(at(i)) { i += 1 }
            }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: s[start..<i])
        let string = String(text)
        let value = Double(string) ?? .nan
        // m·10^e / 100 = m·10^(e − 2): rewrite the exponent.
        var mantissa = string
        var exponent: Int? = 0
        if let e = string.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = String(string[..<e])
            exponent = Int(string[string.index(after: e)...].replacingOccurrences(of: "+", with: ""))
        }
        // Exponents beyond ±10⁶ give 0 or ∞ either way; dividing avoids overflowing the Int.
        var fraction = value / 100
        if let exponent, exponent > -1_000_000, exponent < 1_000_000, let f = Double("\(mantissa)e\(exponent - 2)") { fraction = f }
        return (value, integer, fraction)
    }

    mutating func next() -> CSSToken {
        // Comments produce no token.
        while at(i) == "/" && at(i + 1) == "*" {
            i += 2
            while i < s.count && !(at(i) == "*" && at(i + 1) == "/") { i += 1 }
            i = min(i + 2, s.count)
        }
        let start = i
        func token(_ kind: CSSToken.Kind) -> CSSToken {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: s[start..<i])
            return CSSToken(kind: kind, offset: start, text: String(text))
        }
        guard let c = at(i) else { return token(.end) }
        if Self.isWhitespace(c) {
            while Self.isWhitespace(at(i)) { i += 1 }
            return token(.whitespace)
        }
        if startsNumber(i) {
            let (v, integer, fraction) = consumeNumber()
            if startsIdent(i) {
                let unit = consumeIdentSequence()
                return token(.dimension(v, unit))
            }
            if at(i) == "%" {
                i += 1
                return token(.percentage(v, fraction: fraction))
            }
            return token(.number(v, isInteger: integer))
        }
        if startsIdent(i) {
            let name = consumeIdentSequence()
            if at(i) == "(" {
                i += 1
                return token(.function(name))
            }
            return token(.ident(name))
        }
        i += 1
        switch c {
        case ",": return token(.comma)
        case "(": return token(.openParen)
        case ")": return token(.closeParen)
        case "\"", "'", "[", "]", "{", "}", ";", ":", "@", "#": return token(.other)
        default: return token(.delim(c))
        }
    }
}

/// A calc() value: a number or a percentage.
struct CSSCalcValue {
    var value: Double
    var isPercent: Bool
}

/// Recursive-descent parser of an `<easing-function>`.
struct CSSEasingParser {
    var tokens: [CSSToken] = []
    var k = 0
    let field: String
    /// Nesting depth of math functions and parentheses (bounded, so no input can exhaust the stack).
    var depth = 0
    static let maxDepth = 32

    init(_ text: String, field: String) {
        self.field = field
        var t = CSSTokenizer(text)
        while true {
            let tok = t.next()
            tokens.append(tok)
            if tok.kind == .end { break }
        }
    }

    var current: CSSToken { tokens[k] }

    func describe(_ t: CSSToken) -> String {
        t.kind == .end ? "the end of the text" : "\"\(t.text)\""
    }

    func fail(_ expected: String, _ t: CSSToken? = nil) -> MotionKernelError {
        let t = t ?? current
        return .invalidValue(field, "invalid CSS easing function: expected \(expected) at offset \(t.offset), got \(describe(t))")
    }

    mutating func skipWhitespace() {
        while current.kind == .whitespace { k += 1 }
    }

    mutating func advance() -> CSSToken {
        let t = tokens[k]
        if t.kind != .end { k += 1 }
        return t
    }

    static func lower(_ s: String) -> String {
        String(
            String.UnicodeScalarView(
                s.unicodeScalars.map { c in
                    c.value >= 0x41 && c.value <= 0x5A ? Unicode.Scalar(c.value + 32) ?? c : c
                }))
    }

    mutating func parse() throws -> TimingFunction {
        skipWhitespace()
        let t = advance()
        let result: TimingFunction
        switch t.kind {
        case .ident(let name):
            switch Self.lower(name) {
            case "linear": result = .linear
            case "ease": result = .cubicBezier(.ease)
            case "ease-in": result = .cubicBezier(.cssEaseIn)
            case "ease-out": result = .cubicBezier(.cssEaseOut)
            case "ease-in-out": result = .cubicBezier(.cssEaseInOut)
            case "step-start": result = .steps(StepsEasing(uncheckedSteps: 1, position: .start))
            case "step-end": result = .steps(StepsEasing(uncheckedSteps: 1, position: .end))
            default:
                throw fail("an easing keyword (linear, ease, ease-in, ease-out, ease-in-out, step-start, step-end)", t)
            }
        case .function(let name):
            switch Self.lower(name) {
            case "cubic-bezier": result = try cubicBezier()
            case "steps": result = try steps()
            case "linear": result = try linearFunction()
            default: throw fail("an easing function (cubic-bezier(), steps(), linear())", t)
            }
        default:
            throw fail("an easing keyword or function", t)
        }
        skipWhitespace()
        guard current.kind == .end else { throw fail("the end of the easing function") }
        return result
    }

    /// Consumes optional whitespace, a comma and optional whitespace.
    mutating func comma() throws {
        skipWhitespace()
        guard current.kind == .comma else { throw fail("\",\"") }
        k += 1
        skipWhitespace()
    }

    mutating func closeParen() throws {
        skipWhitespace()
        guard current.kind == .closeParen else { throw fail("\")\"") }
        k += 1
    }

    /// A `<number>` or `<percentage>` (literal or math function). Returns the value (a
    /// percentage as a fraction: `50%` is 0.5), whether it is a percentage, whether it came from
    /// a math function, whether it is an integer literal, and the token it started at.
    mutating func numeric(_ expected: String) throws -> (value: Double, isPercent: Bool, isCalc: Bool, isInteger: Bool, at: CSSToken) {
        let t = current
        switch t.kind {
        case .number(let v, let integer):
            k += 1
            guard v.isFinite else { throw fail("a finite number", t) }
            return (v + 0, false, false, integer, t)
        case .percentage(let v, let fraction):
            k += 1
            guard v.isFinite, fraction.isFinite else { throw fail("a finite percentage", t) }
            return (fraction + 0, true, false, false, t)
        case .function(let name) where Self.isMathFunction(name):
            let v = try mathFunction()
            guard v.value.isFinite else {
                throw MotionKernelError.invalidValue(
                    field, "invalid CSS easing function: \(name)() at offset \(t.offset) gives \(v.value); expected a finite value")
            }
            let value = v.isPercent ? v.value / 100 : v.value
            guard value.isFinite else {
                throw MotionKernelError.invalidValue(field, "invalid CSS easing function: \(name)() at offset \(t.offset) overflows")
            }
            return (value + 0, v.isPercent, true, false, t)
        default:
            throw fail(expected, t)
        }
    }

    static func isMathFunction(_ name: String) -> Bool {
        ["calc", "min", "max", "clamp"].contains(lower(name))
    }

    /// A number argument (no percentage).
    mutating func number() throws -> (value: Double, isCalc: Bool, isInteger: Bool, at: CSSToken) {
        let n = try numeric("a number")
        guard !n.isPercent else { throw fail("a number, not a percentage", n.at) }
        return (n.value, n.isCalc, n.isInteger, n.at)
    }

    mutating func cubicBezier() throws -> TimingFunction {
        var p: [Double] = []
        for i in 0..<4 {
            if i == 0 { skipWhitespace() } else { try comma() }
            let n = try number()
            var v = n.value
            if i == 0 || i == 2 {
                if n.isCalc {
                    v = min(max(v, 0), 1)
                } else if v < 0 || v > 1 {
                    throw MotionKernelError.invalidValue(
                        field, "invalid CSS easing function: expected x\(i == 0 ? 1 : 2) in [0, 1] at offset \(n.at.offset), got \(describe(n.at))")
                }
            } else if abs(v) > 1e100 {
                throw MotionKernelError.invalidValue(
                    field, "invalid CSS easing function: expected y\(i == 1 ? 1 : 2) with |y| <= 1e100 at offset \(n.at.offset), got \(describe(n.at))")
            }
            p.append(v)
        }
        try closeParen()
        do {
            return .cubicBezier(try CubicBezier(p[0], p[1], p[2], p[3]))
        } catch let e as MotionKernelError {
            throw MotionKernelError.invalidValue(field, "invalid CSS easing function: cubic-bezier(): \(e.message)")
        }
    }

    mutating func steps() throws -> TimingFunction {
        skipWhitespace()
        let n = try number()
        var count: Double
        if n.isCalc {
            count = (n.value + 0.5).rounded(.down)  // CSS rounds to the nearest integer, ties up
        } else {
            guard n.isInteger else { throw fail("an integer number of steps", n.at) }
            count = n.value
        }
        var position = StepsEasing.Position.end
        skipWhitespace()
        if current.kind == .comma {
            try comma()
            let t = advance()
            guard case .ident(let name) = t.kind, let p = StepsEasing.Position(rawValue: Self.lower(name)) else {
                throw fail("a step position (jump-start, jump-end, jump-none, jump-both, start, end)", t)
            }
            position = p
        }
        try closeParen()
        let minimum: Double = position == .jumpNone ? 2 : 1
        if count < minimum {
            guard n.isCalc else {
                throw MotionKernelError.invalidValue(
                    field,
                    "invalid CSS easing function: expected an integer >= \(Int(minimum)) steps for \(position.rawValue) at offset \(n.at.offset), got \(describe(n.at))"
                )
            }
            count = minimum
        }
        guard count <= Double(Int32.max) else {
            throw MotionKernelError.invalidValue(
                field, "invalid CSS easing function: expected at most \(Int32.max) steps at offset \(n.at.offset), got \(describe(n.at))")
        }
        return .steps(StepsEasing(uncheckedSteps: Int(count), position: position))
    }

    mutating func linearFunction() throws -> TimingFunction {
        var stops: [LinearEasing.Stop] = []
        skipWhitespace()
        while true {
            // One stop: up to three components separated by whitespace.
            let startToken = current
            var parts: [(value: Double, isPercent: Bool, at: CSSToken)] = []
            while true {
                let n = try numeric("a number or a percentage")
                parts.append((n.value, n.isPercent, n.at))
                skipWhitespace()
                if current.kind == .comma || current.kind == .closeParen { break }
                if parts.count == 3 { throw fail("\",\" or \")\" after a linear() stop") }
            }
            let numbers = parts.filter { !$0.isPercent }
            guard numbers.count == 1 else {
                throw MotionKernelError.invalidValue(
                    field, "invalid CSS easing function: expected one number per linear() stop at offset \(startToken.offset), got \(numbers.count)")
            }
            // The percentages must be together, before or after the number.
            let numberIndex = parts.firstIndex { !$0.isPercent } ?? 0
            guard numberIndex == 0 || numberIndex == parts.count - 1 else {
                throw fail("the percentages of a linear() stop together, before or after its number", parts[numberIndex].at)
            }
            stops.append(LinearEasing.Stop(numbers[0].value, at: parts.filter(\.isPercent).map(\.value)))
            if current.kind == .closeParen {
                k += 1
                break
            }
            try comma()
        }
        guard stops.count >= 2 else {
            throw MotionKernelError.invalidValue(field, "invalid CSS easing function: expected at least 2 linear() stops, got \(stops.count)")
        }
        do {
            return .linearFunction(try LinearEasing(stops: stops))
        } catch let e as MotionKernelError {
            throw MotionKernelError.invalidValue(field, "invalid CSS easing function: linear(): \(e.message)")
        }
    }

    // MARK: math functions (CSS Values Level 4 §10)

    /// Parses `calc(…)`, `min(…)`, `max(…)` or `clamp(…)`; the current token is the function.
    mutating func mathFunction() throws -> CSSCalcValue {
        try enter()
        defer { depth -= 1 }
        let t = advance()
        guard case .function(let rawName) = t.kind else { throw fail("a math function", t) }
        let name = Self.lower(rawName)
        skipWhitespace()
        var args: [CSSCalcValue] = [try sum()]
        skipWhitespace()
        if name != "calc" {
            while current.kind == .comma {
                k += 1
                skipWhitespace()
                args.append(try sum())
                skipWhitespace()
            }
        }
        guard current.kind == .closeParen else { throw fail(name == "calc" ? "\")\" or an operator" : "\",\", \")\" or an operator") }
        k += 1
        guard args.allSatisfy({ $0.isPercent == args[0].isPercent }) else {
            throw MotionKernelError.invalidValue(
                field, "invalid CSS easing function: \(name)() at offset \(t.offset) mixes numbers and percentages")
        }
        let isPercent = args[0].isPercent
        switch name {
        case "calc": return args[0]
        case "min": return CSSCalcValue(value: args.map(\.value).reduce(.infinity) { Swift.min($0, $1) }, isPercent: isPercent)
        case "max": return CSSCalcValue(value: args.map(\.value).reduce(-.infinity) { Swift.max($0, $1) }, isPercent: isPercent)
        default:
            guard args.count == 3 else {
                throw MotionKernelError.invalidValue(
                    field, "invalid CSS easing function: clamp() at offset \(t.offset) expects 3 arguments, got \(args.count)")
            }
            // clamp(MIN, VAL, MAX) = max(MIN, min(VAL, MAX)).
            return CSSCalcValue(value: Swift.max(args[0].value, Swift.min(args[1].value, args[2].value)), isPercent: isPercent)
        }
    }

    mutating func enter() throws {
        depth += 1
        guard depth <= Self.maxDepth else {
            throw MotionKernelError.invalidValue(
                field, "invalid CSS easing function: math functions and parentheses nested deeper than \(Self.maxDepth) at offset \(current.offset)")
        }
    }

    /// calc-sum: products joined by `+` or `-`, which need whitespace on both sides.
    mutating func sum() throws -> CSSCalcValue {
        var left = try product()
        while true {
            let save = k
            guard current.kind == .whitespace else { return left }
            skipWhitespace()
            let op = current
            guard op.kind == .delim("+") || op.kind == .delim("-") else {
                k = save
                return left
            }
            k += 1
            guard current.kind == .whitespace else { throw fail("whitespace after \"\(op.text)\"") }
            skipWhitespace()
            let right = try product()
            guard left.isPercent == right.isPercent else {
                throw MotionKernelError.invalidValue(
                    field, "invalid CSS easing function: \"\(op.text)\" at offset \(op.offset) adds a number and a percentage")
            }
            left.value = op.kind == .delim("+") ? left.value + right.value : left.value - right.value
        }
    }

    /// calc-product: values joined by `*` or `/`.
    mutating func product() throws -> CSSCalcValue {
        var left = try calcValue()
        while true {
            let save = k
            skipWhitespace()
            let op = current
            guard op.kind == .delim("*") || op.kind == .delim("/") else {
                k = save
                return left
            }
            k += 1
            skipWhitespace()
            let right = try calcValue()
            if op.kind == .delim("*") {
                guard !(left.isPercent && right.isPercent) else {
                    throw MotionKernelError.invalidValue(
                        field, "invalid CSS easing function: \"*\" at offset \(op.offset) multiplies two percentages")
                }
                left = CSSCalcValue(value: left.value * right.value, isPercent: left.isPercent || right.isPercent)
            } else {
                guard !right.isPercent else {
                    throw MotionKernelError.invalidValue(field, "invalid CSS easing function: \"/\" at offset \(op.offset) divides by a percentage")
                }
                left.value /= right.value
            }
        }
    }

    /// calc-value: a number, a percentage, a constant, `( sum )` or a nested math function.
    mutating func calcValue() throws -> CSSCalcValue {
        let t = current
        switch t.kind {
        case .number(let v, _):
            k += 1
            return CSSCalcValue(value: v, isPercent: false)
        case .percentage(let v, _):
            k += 1
            return CSSCalcValue(value: v, isPercent: true)
        case .ident(let name):
            let constants: [String: Double] = ["e": M_E, "pi": Double.pi, "infinity": .infinity, "-infinity": -.infinity, "nan": .nan]
            guard let v = constants[Self.lower(name)] else { throw fail("a number, a percentage or a constant (e, pi)", t) }
            k += 1
            return CSSCalcValue(value: v, isPercent: false)
        case .openParen:
            try enter()
            defer { depth -= 1 }
            k += 1
            skipWhitespace()
            let v = try sum()
            skipWhitespace()
            guard current.kind == .closeParen else { throw fail("\")\" or an operator") }
            k += 1
            return v
        case .function(let name) where Self.isMathFunction(name):
            return try mathFunction()
        case .dimension:
            throw fail("a number or a percentage (units are not supported in an easing function)", t)
        default:
            throw fail("a number, a percentage, \"(\" or calc(), min(), max(), clamp()", t)
        }
    }
}
