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
    public init(css: String, field: String = "css") throws(MotionKernelError) {
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
            let parts = [c.x1, c.y1, c.x2, c.y2].map { CSSNumber.text($0, CSSNumber.Digits(digits)) }
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

extension LinearEasing {
    /// CSS text with `digits` significant digits (nil: exact round-trip digits).
    func cssText(digits: Int?) -> String {
        let d = CSSNumber.Digits(digits)
        let parts = points.map { p in CSSNumber.text(p.output, d) + " " + CSSNumber.percent(p.input, d) + "%" }
        return "linear(" + parts.joined(separator: ", ") + ")"
    }
}

/// Recursive-descent parser of an `<easing-function>` over the CSS token stream.
struct CSSEasingParser {
    var s: CSSTokenStream
    let field: String
    var calc: CSSCalcParser

    init(_ text: String, field: String) {
        self.field = field
        s = CSSTokenStream(text)
        calc = CSSCalcParser(field: field, subject: "CSS easing function")
    }

    var current: CSSToken { s.current }

    func describe(_ t: CSSToken) -> String { s.describe(t) }

    func fail(_ expected: String, _ t: CSSToken? = nil) -> MotionKernelError {
        calc.fail(expected, t ?? current, s)
    }

    mutating func skipWhitespace() { s.skipWhitespace() }

    mutating func advance() -> CSSToken { s.advance() }

    static func lower(_ name: String) -> String { CSSTokenizer.lower(name) }

    mutating func parse() throws(MotionKernelError) -> TimingFunction {
        skipWhitespace()
        let t = advance()
        let result: TimingFunction
        switch t.kind {
        case .ident(let name):
            switch UTF8Name(Self.lower(name)) {
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
            switch UTF8Name(Self.lower(name)) {
            case "cubic-bezier": result = try cubicBezier()
            case "steps": result = try steps()
            case "linear": result = try linearFunction()
            default: throw fail("an easing function (cubic-bezier(), steps(), linear())", t)
            }
        default:
            throw fail("an easing keyword or function", t)
        }
        skipWhitespace()
        guard current.kind.isEnd else { throw fail("the end of the easing function") }
        return result
    }

    /// Consumes optional whitespace, a comma and optional whitespace.
    mutating func comma() throws(MotionKernelError) {
        skipWhitespace()
        guard current.kind.isComma else { throw fail("\",\"") }
        s.advance()
        skipWhitespace()
    }

    mutating func closeParen() throws(MotionKernelError) {
        skipWhitespace()
        guard current.kind.isCloseParen else { throw fail("\")\"") }
        s.advance()
    }

    /// A `<number>` or `<percentage>` (literal or math function). Returns the value (a
    /// percentage as a fraction: `50%` is 0.5), whether it is a percentage, whether it came from
    /// a math function, whether it is an integer literal, and the token it started at.
    mutating func numeric(_ expected: String) throws(MotionKernelError) -> (value: Double, isPercent: Bool, isCalc: Bool, isInteger: Bool, at: CSSToken) {
        let t = current
        switch t.kind {
        case .number(let v, let integer):
            s.advance()
            guard v.isFinite else { throw fail("a finite number", t) }
            return (v + 0, false, false, integer, t)
        case .percentage(let v, let fraction):
            s.advance()
            guard v.isFinite, fraction.isFinite else { throw fail("a finite percentage", t) }
            return (fraction + 0, true, false, false, t)
        case .function(let name) where CSSCalcParser.isMathFunction(name):
            let v = try calc.mathFunction(&s)
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

    /// A number argument (no percentage).
    mutating func number() throws(MotionKernelError) -> (value: Double, isCalc: Bool, isInteger: Bool, at: CSSToken) {
        let n = try numeric("a number")
        guard !n.isPercent else { throw fail("a number, not a percentage", n.at) }
        return (n.value, n.isCalc, n.isInteger, n.at)
    }

    mutating func cubicBezier() throws(MotionKernelError) -> TimingFunction {
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
        } catch let e {
            throw MotionKernelError.invalidValue(field, "invalid CSS easing function: cubic-bezier(): \(e.message)")
        }
    }

    mutating func steps() throws(MotionKernelError) -> TimingFunction {
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
        if current.kind.isComma {
            try comma()
            let t = advance()
            guard case .ident(let name) = t.kind, let p = StepsEasing.Position.byRawValueUTF8(Self.lower(name)) else {
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

    /// `linear(<linear-stop>#)`: each stop goes straight into the canonical points (no array
    /// per stop), so the work and memory are linear in the number of stops.
    mutating func linearFunction() throws(MotionKernelError) -> TimingFunction {
        var builder = LinearEasing.Builder()
        // One point per stop in the common case: reserve for every comma in the rest of the
        // text (memory proportional to text already held), so the array does not regrow.
        builder.reserveCapacity(s.tokenizer.commasAhead + 1)
        skipWhitespace()
        while true {
            // One stop: up to three components separated by whitespace, at most one number and
            // the percentages together before or after it.
            let startToken = current
            var parts = 0, numbers = 0
            var number: (value: Double, index: Int, at: CSSToken)?
            var inputs: (Double?, Double?) = (nil, nil)
            while true {
                let n = try numeric("a number or a percentage")
                if n.isPercent {
                    if inputs.0 == nil { inputs.0 = n.value } else if inputs.1 == nil { inputs.1 = n.value }
                } else {
                    numbers += 1
                    if number == nil { number = (n.value, parts, n.at) }
                }
                parts += 1
                skipWhitespace()
                if current.kind.isComma || current.kind.isCloseParen { break }
                if parts == 3 { throw fail("\",\" or \")\" after a linear() stop") }
            }
            guard numbers == 1, let number else {
                throw MotionKernelError.invalidValue(
                    field, "invalid CSS easing function: expected one number per linear() stop at offset \(startToken.offset), got \(numbers)")
            }
            // The percentages must be together, before or after the number.
            guard number.index == 0 || number.index == parts - 1 else {
                throw fail("the percentages of a linear() stop together, before or after its number", number.at)
            }
            let output = number.value
            builder.append(output, inputs.0, inputs.1)
            if current.kind.isCloseParen {
                s.advance()
                break
            }
            try comma()
        }
        guard builder.stopCount >= 2 else {
            throw MotionKernelError.invalidValue(
                field, "invalid CSS easing function: expected at least 2 linear() stops, got \(builder.stopCount)")
        }
        return .linearFunction(LinearEasing(uncheckedPoints: builder.finish()))
    }
}

extension CSSNumber.Digits {
    /// The easing texts' digits: `n` significant digits, or the shortest round-trip ones for nil.
    init(_ significant: Int?) { self = significant.map { .significant($0) } ?? .shortest }
}
