import MotionKernel

/// What a handler knows besides its request.
package struct EvalContext: Sendable {
    /// Arithmetic precision the request asked for (`"precision": "float"`); Double by default.
    package enum Precision: String, Sendable, CaseIterable {
        /// Evaluate in `Double` (the default).
        case double
        /// Evaluate in `Float` (results are still written as JSON numbers).
        case float
    }
    /// The precision of this request.
    package var precision: Precision = .double
    /// A context for a request evaluated in `precision`.
    package init(precision: Precision = .double) { self.precision = precision }
}

/// One op of the eval protocol: takes the request's fields, returns the `result`.
package typealias EvalHandler = @Sendable (Fields, EvalContext) throws(MotionKernelError) -> JSONValue

/// The `motionkernel eval` protocol (`docs/eval-protocol.md`): one JSON request per line in,
/// one JSON answer per line out. `answer(line:)` is pure, so tests and fuzzers drive it
/// directly; the CLI's `Eval.run` wires it to standard input and output.
package enum Eval {
    /// The longest request line `eval` reads, in bytes, without its newline: 64 MiB. A longer
    /// line is answered with one `invalidValue` error (id null) and skipped without being held
    /// in memory; the stream goes on with the next line.
    package static let maxLineBytes = 64 << 20

    /// The error of an answer whose result holds a non-finite number at `place` (its path in the
    /// answer: `result[0]`, `result.settlingDuration`): field "", the inputs being outside the
    /// op's range. The C ABI's typed entry points report their results' through it too.
    package static func nonFiniteResult(at place: String) -> MotionKernelError {
        .invalidValue("", "the computation produced a non-finite number at \(place); the inputs are outside the range this op can evaluate")
    }

    /// The answer line (without newline) for one request line, or nil for an empty line.
    package static func answer(line: String) -> String? {
        answer(bytes: Array(line.utf8))
    }

    /// The answer line (without newline) for one request line given as UTF-8 bytes (invalid
    /// UTF-8 inside strings is replaced by U+FFFD), or nil for a blank line.
    package static func answer(bytes: [UInt8]) -> String? {
        answerBytes(bytes).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The answer to a request longer than `limit` bytes (``maxLineBytes`` outside tests): one
    /// `invalidValue` error with id null naming the limit, as `run` writes for an overlong line.
    package static func overlongAnswer(limit: Int) -> [UInt8] {
        Array(
            failure(
                idText: "null", code: "invalidValue",
                message: "the request line is longer than the limit of \(limit) bytes; it was skipped"
            ).utf8)
    }

    /// ``answer(bytes:)`` as UTF-8 bytes (a big answer is not copied into a `String`).
    package static func answerBytes(_ bytes: [UInt8]) -> [UInt8]? {
        func fail(idText: String, code: String, message: String) -> [UInt8] {
            Array(failure(idText: idText, code: code, message: message).utf8)
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) { return nil }
        let parsed: (value: JSONValue, idRange: Range<Int>?)
        do {
            parsed = try JSONParser.parseWithIDRange(bytes)
        } catch {
            return fail(idText: "null", code: "parse", message: error.description)
        }
        guard case .object(let object) = parsed.value else {
            return fail(idText: "null", code: "parse", message: "expected a JSON object, got \(parsed.value.typeName)")
        }
        // Echo the id exactly as written (big integers and long decimals survive).
        var idText = "null"
        if let r = parsed.idRange { idText = String(decoding: bytes[r], as: UTF8.self) }

        let fields = Fields(object)
        do throws(MotionKernelError) {
            guard let opValue = object["op"] else { throw MotionKernelError.missingField("op") }
            guard case .string(let op) = opValue else {
                throw MotionKernelError.invalidValue("op", "expected a string, got \(opValue.typeName)")
            }
            var context = EvalContext()
            if let p = try fields.string("precision") {
                guard let precision = EvalContext.Precision.byRawValueUTF8(p) else {
                    throw MotionKernelError.invalidValue("precision", "expected \"double\" or \"float\", got \"\(p)\"")
                }
                context.precision = precision
            }
            guard let handler = Eval.handler(for: op) else {
                if protocolOps.containsUTF8(op) {
                    throw MotionKernelError.unsupported("op", "\"\(op)\" is not implemented in this build yet")
                }
                return fail(
                    idText: idText, code: "unknownOp",
                    message: "op: unknown op \"\(op)\"; expected one of \(protocolOps.joined(separator: ", "))")
            }
            let result = try handler(fields, context)
            if let bad = JSONWriter.firstNonFinite(result) { throw nonFiniteResult(at: bad) }
            var w = JSONByteWriter()
            w.append("{\"id\":" + idText + ",\"ok\":true,\"result\":")
            w.write(result)
            w.bytes.append(UInt8(ascii: "}"))
            return w.bytes
        } catch {
            return fail(idText: idText, code: error.code.rawValue, message: error.message)
        }
    }

    static func failure(idText: String, code: String, message: String) -> String {
        var out = "{\"id\":" + idText + ",\"ok\":false,\"error\":{\"code\":"
        JSONWriter.writeString(code, into: &out)
        out += ",\"message\":"
        JSONWriter.writeString(message, into: &out)
        out += "}}"
        return out
    }
}
