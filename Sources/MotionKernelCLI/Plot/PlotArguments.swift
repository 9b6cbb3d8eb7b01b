import MotionKernel
import MotionKernelEval

/// Why a plot was not drawn: a usage error (exit 64) or a bad value (exit 1).
struct PlotFailure: Error, Equatable {
    enum Kind: Equatable { case usage, invalid }
    var kind: Kind
    var message: String
    /// The usage line printed after a usage error.
    var usage: String = ""

    static func usage(_ message: String, _ usage: String) -> PlotFailure { PlotFailure(kind: .usage, message: message, usage: usage) }
    static func invalid(_ message: String) -> PlotFailure { PlotFailure(kind: .invalid, message: message) }

    /// A library or field error reported under the option that carried it:
    /// `--spring: spring.stiffness: expected a number > 0`.
    static func invalid(_ flag: String, _ error: MotionKernelError) -> PlotFailure {
        .invalid("\(flag): \(error.message)")
    }

    var status: Int32 {
        switch kind {
        case .usage: return MotionKernelCommand.Status.usage
        case .invalid: return MotionKernelCommand.Status.failure
        }
    }
}

/// The options of one `plot` subcommand: `--name value` pairs (each at most once) and
/// positional words, checked against the options the subcommand accepts.
struct PlotArguments {
    /// Options every plot accepts.
    static let common: Set<String> = ["--out", "--title", "--width", "--height"]

    var options: [String: String]
    /// The values of repeatable options, in order.
    var repeated: [String: [String]]
    var positional: [String]
    let usage: String

    /// Options in `repeatable` may be given several times (their values go to ``repeated``).
    /// - Throws: a usage failure for an unknown option, a repeated one, a missing value or
    ///   more than `maxPositional` positional words (``Arguments``).
    init(_ args: [String], allowed: Set<String>, repeatable: Set<String> = [], maxPositional: Int, usage: String) throws(PlotFailure) {
        self.usage = usage
        do {
            let a = try Arguments(args, options: allowed.union(PlotArguments.common), repeatable: repeatable, maxPositional: maxPositional)
            options = a.values
            repeated = a.repeated
            positional = a.positional
        } catch {
            throw .usage(error.message, usage)
        }
    }

    /// A required option's text.
    func require(_ flag: String) throws(PlotFailure) -> String {
        guard let v = options[flag] else { throw .usage("\(flag) is required", usage) }
        return v
    }

    /// A finite number, or nil when the option is absent.
    /// - Throws: an invalid-value failure naming the option.
    func number(_ flag: String) throws(PlotFailure) -> Double? {
        guard let text = options[flag] else { return nil }
        guard let v = Double(text.trimmingBlanks()), v.isFinite else {
            throw .invalid("\(flag): expected a finite number, got \"\(text)\"")
        }
        return v
    }

    /// A number in `range`, or nil when absent.
    func number(_ flag: String, in range: ClosedRange<Double>, what: String) throws(PlotFailure) -> Double? {
        guard let v = try number(flag) else { return nil }
        guard range.contains(v) else { throw .invalid("\(flag): expected \(what), got \(PlotFormat.significant(v, 6))") }
        return v
    }

    /// The value of option `flag` (required), a JSON object read by the eval protocol's parser
    /// `parse` as the object `name` (`what` describes it in the error for another value).
    /// - Throws: a usage failure when the option is absent; invalid failures naming the option
    ///   and field (`--spring: spring.stiffness: …`).
    func object<R>(_ flag: String, name: String, what: String, _ parse: (Fields) throws -> R) throws(PlotFailure) -> R {
        let text = try require(flag)
        guard let v = try json(flag) else { throw .usage("\(flag) is required", usage) }
        guard case .object(let o) = v else {
            throw .invalid("\(flag): \(name): expected an object (\(what)), got \(v.typeName) from '\(text)'")
        }
        do { return try parse(Fields(o, path: name)) } catch let e as MotionKernelError {
            throw .invalid(flag, e)
        } catch { throw .invalid("\(flag): \(error)") }
    }

    /// A JSON argument: the text itself, `@FILE` for a file's contents, or text starting with a
    /// letter standing for a JSON string, so `--timing ease-in` and `--timing 'steps(2, start)'`
    /// work unquoted.
    /// - Throws: an invalid-value failure naming the option when the file cannot be read or the
    ///   text is not JSON.
    func json(_ flag: String) throws(PlotFailure) -> JSONValue? {
        guard var text = options[flag] else { return nil }
        if text.hasPrefix("@") {
            let path = String(text.dropFirst())
            do {
                text = String(decoding: try SafeFile.readAll(path: path, what: "file", limit: Eval.maxLineBytes), as: UTF8.self)
            } catch {
                throw .invalid("\(flag): \(error.description)")
            }
        }
        do {
            return try JSONParser.parse(text)
        } catch {
            // Text that starts with a letter is never JSON: it stands for a JSON string (a name
            // such as `ease-in`, or CSS such as `steps(2, start)`), and the option's own parser
            // says what is wrong with it.
            let word = text.trimmingBlanks(newlines: true)
            if let first = word.unicodeScalars.first, first.isLetterOrMark {
                return .string(word)
            }
            throw .invalid("\(flag): \(error)")
        }
    }

    /// `--width` and `--height`, the displayed size in pixels (200…10000; default 800 × 500;
    /// see ``Chart/layoutScale``), and `--title`; an equal-aspect chart is fitted again.
    func applyFrame(to stack: inout ChartStack) throws(PlotFailure) {
        if let w = try number("--width", in: 200...10_000, what: "a width in pixels from 200 to 10000") { stack.width = w }
        if let h = try number("--height", in: 200...10_000, what: "a height in pixels from 200 to 10000") { stack.height = h }
        if let t = options["--title"] { stack.title = t }
    }

    /// The same options for a ``Chart``.
    func applyFrame(to chart: inout Chart) throws(PlotFailure) {
        if let w = try number("--width", in: 200...10_000, what: "a width in pixels from 200 to 10000") { chart.width = w }
        if let h = try number("--height", in: 200...10_000, what: "a height in pixels from 200 to 10000") { chart.height = h }
        if let t = options["--title"] { chart.title = t }
        // An equal-aspect chart is fitted again to its new size.
        if let ranges = chart.equalAspect { chart.fitEqualAspect(x: ranges.x, y: ranges.y) }
    }
}
