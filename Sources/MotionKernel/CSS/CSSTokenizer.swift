/// A CSS token (CSS Syntax Level 3 §4), as the easing and transform parsers read them.
///
/// A token carries no text of its own: ``CSSTokenizer/text(of:)`` cuts it from the source when an
/// error message needs it, so reading a long value allocates nothing per token (names and units
/// of up to 15 bytes are stored inline by `String`).
struct CSSToken {
    enum Kind: Equatable {
        /// An `<ident-token>`, escapes decoded.
        case ident(String)
        /// A `<function-token>`: its name, escapes decoded (the `(` is part of the token).
        case function(String)
        /// An `<at-keyword-token>` (`@name`).
        case atKeyword(String)
        /// A `<hash-token>` (`#name`).
        case hash(String)
        /// A `<string-token>`, escapes decoded.
        case string(String)
        /// A `<bad-string-token>` (a newline inside a string).
        case badString
        /// A `<number-token>`; `isInteger` when its type flag is "integer" (no fraction, no
        /// exponent).
        case number(Double, isInteger: Bool)
        /// A `<percentage-token>`: its value in percent, and the fraction (value / 100) read from
        /// the decimal text in one correctly rounded step.
        case percentage(Double, fraction: Double)
        /// A `<dimension-token>`: the value and the unit, escapes decoded.
        case dimension(Double, String)
        case whitespace
        case comma
        case colon
        case semicolon
        case openParen
        case closeParen
        case openBracket
        case closeBracket
        case openBrace
        case closeBrace
        /// `<!--` or `-->`.
        case cdoOrCdc
        case delim(Unicode.Scalar)
        case end
    }
    var kind: Kind
    /// Offset of the token's first scalar in the source, in Unicode scalars from 0.
    var offset: Int
    /// The token's bytes in the source's UTF-8.
    var start: Int
    var end: Int
}

/// Tests of a token's kind by pattern, for the parsers that the WebAssembly module compiles:
/// the synthesised `==` of ``CSSToken/Kind`` compares the String payloads of other kinds with
/// `String`'s `==` (Unicode normalisation), these compare nothing but the case.
extension CSSToken.Kind {
    /// The end of the text.
    var isEnd: Bool { if case .end = self { true } else { false } }
    /// A `<whitespace-token>`.
    var isWhitespace: Bool { if case .whitespace = self { true } else { false } }
    /// A `<comma-token>`.
    var isComma: Bool { if case .comma = self { true } else { false } }
    /// A `<)-token>`.
    var isCloseParen: Bool { if case .closeParen = self { true } else { false } }
    /// A `<delim-token>` of scalar `c`.
    func isDelim(_ c: Unicode.Scalar) -> Bool { if case .delim(let d) = self { d == c } else { false } }
}

/// The CSS Syntax Level 3 tokenizer ("consume a token", §4.3) over the UTF-8 of a value.
///
/// The input preprocessing of §3.3 is applied as the text is read: CR LF, CR and FF are newlines
/// and U+0000 is U+FFFD. Comments produce no token (one that runs to the end of the text ends
/// there, as the specification says; ``unterminatedComment`` records where it began). Escapes
/// (`\72`, `\72 `, `\(`) are decoded in identifiers, function names, units, hashes, at-keywords and
/// strings; an escaped newline is not an escape, an escape at the end of the text is U+FFFD, and so
/// are hex escapes of 0, of a surrogate or beyond U+10FFFF. Numbers follow "consume a number"
/// (sign, digits, fraction, exponent; `1.` and `1e` end before the `.` or `e`). `url(` is read as a
/// function token (no value here takes URLs). Names are kept as written; ``lower(_:)`` is CSS's
/// ASCII case-insensitive comparison form.
///
/// Work and memory are linear in the text: one pass over a copy of its UTF-8, no allocation per
/// token beyond names longer than 15 bytes.
struct CSSTokenizer {
    let bytes: [UInt8]
    /// Next byte to read.
    private(set) var position = 0
    /// Unicode scalars before `position`.
    private(set) var offset = 0
    /// Where the first comment that runs to the end of the text began (scalar offset), if any.
    private(set) var unterminatedComment: Int?

    init(_ text: String) { bytes = Array(text.utf8) }

    /// The number of commas from the current position to the end of the text.
    var commasAhead: Int { bytes[position...].reduce(0) { $0 + ($1 == 0x2C ? 1 : 0) } }

    /// The source text of a token.
    func text(of token: CSSToken) -> String {
        String(decoding: bytes[token.start..<token.end], as: UTF8.self)
    }

    /// ASCII lowercase (CSS's case-insensitive matching of keywords, names and units).
    static func lower(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return s }
        return String(decoding: s.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
    }

    // MARK: code points

    /// The code point at byte `q` after preprocessing (NUL is U+FFFD) and its length in bytes;
    /// nil at the end.
    func scalar(at q: Int) -> (value: UInt32, length: Int)? {
        guard q < bytes.count else { return nil }
        let b0 = UInt32(bytes[q])
        if b0 < 0x80 { return (b0 == 0 ? 0xFFFD : b0, 1) }
        // The bytes come from a Swift String: well-formed UTF-8.
        func cont(_ k: Int) -> UInt32 { q + k < bytes.count ? UInt32(bytes[q + k] & 0x3F) : 0 }
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | cont(1), 2) }
        if b0 < 0xF0 { return ((b0 & 0x0F) << 12 | cont(1) << 6 | cont(2), 3) }
        return ((b0 & 0x07) << 18 | cont(1) << 12 | cont(2) << 6 | cont(3), 4)
    }

    /// The code point `n` scalars after the current one (0: the current one).
    func peek(_ n: Int = 0) -> UInt32? {
        // ASCII fast path: n bytes ahead are n scalars ahead when they are all ASCII.
        if n <= 3, position + n < bytes.count {
            let b = bytes[position + n]
            if b != 0 && b < 0x80 && (n == 0 || bytes[position] < 0x80) && (n < 2 || bytes[position + 1] < 0x80) {
                if n < 3 || bytes[position + 2] < 0x80 { return UInt32(b) }
            }
        }
        var q = position
        for _ in 0..<n {
            guard let c = scalar(at: q) else { return nil }
            q += c.length
        }
        return scalar(at: q)?.value
    }

    /// Moves past `n` code points.
    mutating func consume(_ n: Int = 1) {
        for _ in 0..<n {
            if position < bytes.count && bytes[position] < 0x80 {
                position += 1
                offset += 1
                continue
            }
            guard let c = scalar(at: position) else { return }
            position += c.length
            offset += 1
        }
    }

    static func isNewline(_ c: UInt32?) -> Bool { c == 0x0A || c == 0x0D || c == 0x0C }
    static func isWhitespace(_ c: UInt32?) -> Bool { isNewline(c) || c == 0x20 || c == 0x09 }
    static func isDigit(_ c: UInt32?) -> Bool { c.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
    static func hexValue(_ c: UInt32?) -> UInt32? {
        guard let c else { return nil }
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }
    /// An ident-start code point: a letter, `_`, or a non-ASCII code point.
    static func isIdentStart(_ c: UInt32?) -> Bool {
        guard let c else { return false }
        return (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c >= 0x80
    }
    static func isIdentChar(_ c: UInt32?) -> Bool { isIdentStart(c) || isDigit(c) || c == 0x2D }

    /// §4.3.8: the code points at n and n + 1 are `\` and anything but a newline (the end of the
    /// text included: it is consumed as U+FFFD).
    func startsEscape(_ n: Int = 0) -> Bool { peek(n) == 0x5C && !Self.isNewline(peek(n + 1)) }

    /// §4.3.9: the code points at n… would start an ident sequence.
    func startsIdent(_ n: Int = 0) -> Bool {
        let c = peek(n)
        if c == 0x2D { return Self.isIdentStart(peek(n + 1)) || peek(n + 1) == 0x2D || startsEscape(n + 1) }
        return Self.isIdentStart(c) || startsEscape(n)
    }

    /// §4.3.10: the code points at the current position would start a number.
    func startsNumber() -> Bool {
        let c = peek()
        if c == 0x2B || c == 0x2D {
            return Self.isDigit(peek(1)) || (peek(1) == 0x2E && Self.isDigit(peek(2)))
        }
        if c == 0x2E { return Self.isDigit(peek(1)) }
        return Self.isDigit(c)
    }

    // MARK: consuming

    /// §4.3.7 "consume an escaped code point"; the backslash is already consumed.
    mutating func consumeEscape() -> Unicode.Scalar {
        guard let c = peek() else { return "\u{FFFD}" }
        guard var v = Self.hexValue(c) else {
            consume()
            return Unicode.Scalar(c) ?? "\u{FFFD}"
        }
        consume()
        var digits = 1
        while digits < 6, let h = Self.hexValue(peek()) {
            v = v * 16 + h
            consume()
            digits += 1
        }
        if peek() == 0x0D && peek(1) == 0x0A {
            consume(2)
        } else if Self.isWhitespace(peek()) {
            consume()
        }
        if v == 0 || (v >= 0xD800 && v <= 0xDFFF) || v > 0x10FFFF { return "\u{FFFD}" }
        return Unicode.Scalar(v) ?? "\u{FFFD}"
    }

    /// §4.3.11 "consume an ident sequence".
    mutating func consumeIdentSequence() -> String {
        var out = String.UnicodeScalarView()
        while true {
            if let c = peek(), Self.isIdentChar(c) {
                out.append(Unicode.Scalar(c) ?? "\u{FFFD}")
                consume()
            } else if startsEscape() {
                consume()
                out.append(consumeEscape())
            } else {
                return String(out)
            }
        }
    }

    /// §4.3.12 "consume a number": the value, whether its type is integer, and the byte where its
    /// text starts.
    mutating func consumeNumber() -> (value: Double, isInteger: Bool, start: Int) {
        let start = position
        var integer = true
        if peek() == 0x2B || peek() == 0x2D { consume() }
        while Self.isDigit(peek()) { consume() }
        if peek() == 0x2E, Self.isDigit(peek(1)) {
            integer = false
            consume(2)
            while Self.isDigit(peek()) { consume() }
        }
        if peek() == 0x45 || peek() == 0x65 {
            if Self.isDigit(peek(1)) {
                integer = false
                consume(2)
                while Self.isDigit(peek()) { consume() }
            } else if peek(1) == 0x2B || peek(1) == 0x2D, Self.isDigit(peek(2)) {
                integer = false
                consume(3)
                while Self.isDigit(peek()) { consume() }
            }
        }
        // The text is ASCII; up to 15 bytes it is a String without a heap allocation.
        let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)) ?? .nan
        return (value, integer, start)
    }

    /// The number in `bytes[start..<end]` divided by 100 with one rounding: m·10^e / 100 is read
    /// as m·10^(e − 2).
    func hundredth(_ start: Int, _ end: Int) -> Double {
        var mantissaEnd = end
        var exponent = 0
        if let e = bytes[start..<end].firstIndex(where: { $0 == 0x45 || $0 == 0x65 }) {
            mantissaEnd = e
            var k = e + 1
            var negative = false
            if bytes[k] == 0x2B || bytes[k] == 0x2D {
                negative = bytes[k] == 0x2D
                k += 1
            }
            // Saturate at 10⁹ (beyond it the result is 0 or ∞ whatever the mantissa's length),
            // before the product could leave a 32-bit Int.
            while k < end {
                exponent = exponent >= 100_000_000 ? 1_000_000_000 : exponent * 10 + Int(bytes[k] - 0x30)
                k += 1
            }
            if negative { exponent = -exponent }
        }
        let text = String(decoding: bytes[start..<mantissaEnd], as: UTF8.self) + "e\(exponent - 2)"
        return Double(text) ?? .nan
    }

    /// §4.3.5 "consume a string token" after the opening quote.
    mutating func consumeString(_ quote: UInt32) -> CSSToken.Kind {
        var out = String.UnicodeScalarView()
        while true {
            guard let c = peek() else { return .string(String(out)) }
            if c == quote {
                consume()
                return .string(String(out))
            }
            if Self.isNewline(c) { return .badString }
            if c == 0x5C {
                if peek(1) == nil {
                    consume()
                } else if Self.isNewline(peek(1)) {
                    consume(peek(1) == 0x0D && peek(2) == 0x0A ? 3 : 2)
                } else {
                    consume()
                    out.append(consumeEscape())
                }
                continue
            }
            out.append(Unicode.Scalar(c) ?? "\u{FFFD}")
            consume()
        }
    }

    /// Skips comments (§4.3.2).
    mutating func consumeComments() {
        while peek() == 0x2F && peek(1) == 0x2A {
            let start = offset
            consume(2)
            while true {
                guard let c = peek() else {
                    if unterminatedComment == nil { unterminatedComment = start }
                    return
                }
                if c == 0x2A && peek(1) == 0x2F {
                    consume(2)
                    break
                }
                consume()
            }
        }
    }

    /// §4.3.1 "consume a token".
    mutating func next() -> CSSToken {
        consumeComments()
        let start = position, startOffset = offset
        func token(_ kind: CSSToken.Kind) -> CSSToken {
            CSSToken(kind: kind, offset: startOffset, start: start, end: position)
        }
        guard let c = peek() else { return token(.end) }
        if Self.isWhitespace(c) {
            while Self.isWhitespace(peek()) { consume() }
            return token(.whitespace)
        }
        if startsNumber() {
            let n = consumeNumber()
            if startsIdent() { return token(.dimension(n.value, consumeIdentSequence())) }
            if peek() == 0x25 {
                let fraction = hundredth(n.start, position)
                consume()
                return token(.percentage(n.value, fraction: fraction))
            }
            return token(.number(n.value, isInteger: n.isInteger))
        }
        if c == 0x2D, peek(1) == 0x2D, peek(2) == 0x3E {
            consume(3)
            return token(.cdoOrCdc)
        }
        if startsIdent() {
            let name = consumeIdentSequence()
            if peek() == 0x28 {
                consume()
                return token(.function(name))
            }
            return token(.ident(name))
        }
        switch c {
        case 0x22, 0x27:
            consume()
            return token(consumeString(c))
        case 0x23 where Self.isIdentChar(peek(1)) || startsEscape(1):
            consume()
            return token(.hash(consumeIdentSequence()))
        case 0x40 where startsIdent(1):
            consume()
            return token(.atKeyword(consumeIdentSequence()))
        case 0x3C where peek(1) == 0x21 && peek(2) == 0x2D && peek(3) == 0x2D:
            consume(4)
            return token(.cdoOrCdc)
        default: break
        }
        consume()
        switch c {
        case 0x2C: return token(.comma)
        case 0x3A: return token(.colon)
        case 0x3B: return token(.semicolon)
        case 0x28: return token(.openParen)
        case 0x29: return token(.closeParen)
        case 0x5B: return token(.openBracket)
        case 0x5D: return token(.closeBracket)
        case 0x7B: return token(.openBrace)
        case 0x7D: return token(.closeBrace)
        default: return token(.delim(Unicode.Scalar(c) ?? "\u{FFFD}"))
        }
    }
}

/// A token stream with one token of lookahead, for recursive-descent parsers: ``current`` is the
/// next unread token; a copy of the stream is a bookmark to return to.
struct CSSTokenStream {
    private(set) var tokenizer: CSSTokenizer
    private(set) var current: CSSToken

    init(_ text: String) {
        tokenizer = CSSTokenizer(text)
        current = tokenizer.next()
    }

    /// Returns the current token and moves to the next (the end token stays current).
    @discardableResult
    mutating func advance() -> CSSToken {
        let t = current
        if !t.kind.isEnd { current = tokenizer.next() }
        return t
    }

    mutating func skipWhitespace() {
        while current.kind.isWhitespace { current = tokenizer.next() }
    }

    /// The source text of a token.
    func text(of token: CSSToken) -> String { tokenizer.text(of: token) }

    /// `"text"` of a token, or "the end of the text".
    func describe(_ t: CSSToken) -> String {
        t.kind.isEnd ? "the end of the text" : "\"\(text(of: t))\""
    }
}
