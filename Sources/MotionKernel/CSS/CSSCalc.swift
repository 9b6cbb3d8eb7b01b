/// A calc() value: a number or a percentage (in percent).
struct CSSCalcValue {
    var value: Double
    var isPercent: Bool
}

/// The math functions of CSS Values Level 4 §10 over `<number>` and `<percentage>`: `calc()`,
/// `min()`, `max()`, `clamp()` with `+ - * /`, parentheses and the constants `e`, `pi`,
/// `infinity`, `-infinity` and `NaN` (ASCII case-insensitive).
///
/// `+` and `-` need whitespace on both sides; a number and a percentage cannot be added or
/// compared, two percentages not multiplied, nothing divided by a percentage. Nesting of math
/// functions and parentheses is bounded by ``maxDepth``, so no input can exhaust the stack. The
/// result may be non-finite (`calc(1 / 0)`, `calc(NaN)`); the caller decides what that means.
struct CSSCalcParser {
    /// The math functions, by their lowercase names.
    enum MathFunction {
        case calc, min, max, clamp

        /// The function named `name` (already ASCII-lowercased), by its bytes; nil for another name.
        init?(lowercased name: String) {
            switch UTF8Name(name) {
            case "calc": self = .calc
            case "min": self = .min
            case "max": self = .max
            case "clamp": self = .clamp
            default: return nil
            }
        }
    }

    /// The field path in errors.
    let field: String
    /// What is being parsed, for messages: "invalid \(subject): …".
    let subject: String
    /// Nesting depth of math functions and parentheses.
    var depth = 0
    static let maxDepth = 32

    init(field: String, subject: String) {
        self.field = field
        self.subject = subject
    }

    static func isMathFunction(_ name: String) -> Bool {
        MathFunction(lowercased: CSSTokenizer.lower(name)) != nil
    }

    func fail(_ expected: String, _ t: CSSToken, _ s: CSSTokenStream) -> MotionKernelError {
        .invalidValue(field, "invalid \(subject): expected \(expected) at offset \(t.offset), got \(s.describe(t))")
    }

    func error(_ reason: String) -> MotionKernelError { .invalidValue(field, "invalid \(subject): \(reason)") }

    /// Parses `calc(…)`, `min(…)`, `max(…)` or `clamp(…)`; the current token is the function.
    mutating func mathFunction(_ s: inout CSSTokenStream) throws(MotionKernelError) -> CSSCalcValue {
        try enter(s)
        defer { depth -= 1 }
        let t = s.advance()
        guard case .function(let rawName) = t.kind else { throw fail("a math function", t, s) }
        let name = CSSTokenizer.lower(rawName)
        let fn = MathFunction(lowercased: name) ?? .clamp
        s.skipWhitespace()
        var args: [CSSCalcValue] = [try sum(&s)]
        s.skipWhitespace()
        if fn != .calc {
            while s.current.kind.isComma {
                s.advance()
                s.skipWhitespace()
                args.append(try sum(&s))
                s.skipWhitespace()
            }
        }
        guard s.current.kind.isCloseParen else {
            throw fail(fn == .calc ? "\")\" or an operator" : "\",\", \")\" or an operator", s.current, s)
        }
        s.advance()
        guard args.allSatisfy({ $0.isPercent == args[0].isPercent }) else {
            throw error("\(name)() at offset \(t.offset) mixes numbers and percentages")
        }
        let isPercent = args[0].isPercent
        switch fn {
        case .calc: return args[0]
        case .min: return CSSCalcValue(value: args.map { $0.value }.reduce(.infinity) { Swift.min($0, $1) }, isPercent: isPercent)
        case .max: return CSSCalcValue(value: args.map { $0.value }.reduce(-.infinity) { Swift.max($0, $1) }, isPercent: isPercent)
        case .clamp:
            guard args.count == 3 else { throw error("clamp() at offset \(t.offset) expects 3 arguments, got \(args.count)") }
            // clamp(MIN, VAL, MAX) = max(MIN, min(VAL, MAX)).
            return CSSCalcValue(value: Swift.max(args[0].value, Swift.min(args[1].value, args[2].value)), isPercent: isPercent)
        }
    }

    mutating func enter(_ s: CSSTokenStream) throws(MotionKernelError) {
        depth += 1
        guard depth <= Self.maxDepth else {
            throw error("math functions and parentheses nested deeper than \(Self.maxDepth) at offset \(s.current.offset)")
        }
    }

    /// The operator `a` or `b` after the whitespace at the current token (at least one whitespace
    /// token first when `spaced`), consumed with that whitespace; nil, with nothing consumed,
    /// when the next token is another.
    static func nextOperator(_ s: inout CSSTokenStream, _ a: Unicode.Scalar, _ b: Unicode.Scalar, spaced: Bool) -> CSSToken? {
        let save = s
        if spaced && !s.current.kind.isWhitespace { return nil }
        s.skipWhitespace()
        let op = s.current
        guard op.kind.isDelim(a) || op.kind.isDelim(b) else {
            s = save
            return nil
        }
        s.advance()
        return op
    }

    /// calc-sum: products joined by `+` or `-`, which need whitespace on both sides.
    mutating func sum(_ s: inout CSSTokenStream) throws(MotionKernelError) -> CSSCalcValue {
        var left = try product(&s)
        while let op = Self.nextOperator(&s, "+", "-", spaced: true) {
            guard s.current.kind.isWhitespace else { throw fail("whitespace after \"\(s.text(of: op))\"", s.current, s) }
            s.skipWhitespace()
            let right = try product(&s)
            guard left.isPercent == right.isPercent else {
                throw error("\"\(s.text(of: op))\" at offset \(op.offset) adds a number and a percentage")
            }
            left.value = op.kind.isDelim("+") ? left.value + right.value : left.value - right.value
        }
        return left
    }

    /// calc-product: values joined by `*` or `/`.
    mutating func product(_ s: inout CSSTokenStream) throws(MotionKernelError) -> CSSCalcValue {
        var left = try calcValue(&s)
        while let op = Self.nextOperator(&s, "*", "/", spaced: false) {
            s.skipWhitespace()
            let right = try calcValue(&s)
            if op.kind.isDelim("*") {
                guard !(left.isPercent && right.isPercent) else {
                    throw error("\"*\" at offset \(op.offset) multiplies two percentages")
                }
                left = CSSCalcValue(value: left.value * right.value, isPercent: left.isPercent || right.isPercent)
            } else {
                guard !right.isPercent else { throw error("\"/\" at offset \(op.offset) divides by a percentage") }
                left.value /= right.value
            }
        }
        return left
    }

    /// calc-value: a number, a percentage, a constant, `( sum )` or a nested math function.
    mutating func calcValue(_ s: inout CSSTokenStream) throws(MotionKernelError) -> CSSCalcValue {
        let t = s.current
        switch t.kind {
        case .number(let v, _):
            s.advance()
            return CSSCalcValue(value: v, isPercent: false)
        case .percentage(let v, _):
            s.advance()
            return CSSCalcValue(value: v, isPercent: true)
        case .ident(let name):
            let v: Double
            switch UTF8Name(CSSTokenizer.lower(name)) {
            case "e": v = 2.718281828459045  // e rounded to Double (C's M_E)
            case "pi": v = Double.pi
            case "infinity": v = .infinity
            case "-infinity": v = -.infinity
            case "nan": v = .nan
            default: throw fail("a number, a percentage or a constant (e, pi)", t, s)
            }
            s.advance()
            return CSSCalcValue(value: v, isPercent: false)
        case .openParen:
            try enter(s)
            defer { depth -= 1 }
            s.advance()
            s.skipWhitespace()
            let v = try sum(&s)
            s.skipWhitespace()
            guard s.current.kind.isCloseParen else { throw fail("\")\" or an operator", s.current, s) }
            s.advance()
            return v
        case .function(let name) where Self.isMathFunction(name):
            return try mathFunction(&s)
        case .dimension:
            throw fail("a number or a percentage (units are not supported in an easing function)", t, s)
        default:
            throw fail("a number, a percentage, \"(\" or calc(), min(), max(), clamp()", t, s)
        }
    }
}
