import MotionKernel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a handler knows besides its request.
public struct EvalContext: Sendable {
    /// Arithmetic precision the request asked for (`"precision": "float"`); Double by default.
    public enum Precision: String, Sendable {
        /// Evaluate in `Double` (the default).
        case double
        /// Evaluate in `Float` (results are still written as JSON numbers).
        case float
    }
    /// The precision of this request.
    public var precision: Precision = .double
    /// A context for a request evaluated in `precision`.
    public init(precision: Precision = .double) { self.precision = precision }
}

/// One op of the eval protocol: takes the request's fields, returns the `result`.
public typealias EvalHandler = @Sendable (Fields, EvalContext) throws -> JSONValue

/// The `motionkernel eval` protocol (`docs/eval-protocol.md`): one JSON request per line in,
/// one JSON answer per line out. `answer(line:)` is pure, so tests and fuzzers drive it
/// directly; `run` wires it to standard input and output.
public enum Eval {
    /// The longest request line `eval` reads, in bytes, without its newline: 64 MiB. A longer
    /// line is answered with one `invalidValue` error (id null) and skipped without being held
    /// in memory; the stream goes on with the next line.
    public static let maxLineBytes = 64 << 20

    /// Reads request lines from file descriptor `fd` in bounded chunks and passes each answer
    /// line (with its newline) to `write`, in order.
    ///
    /// - Parameters:
    ///   - fd: where requests come from (0 for standard input).
    ///   - maxLineBytes: the longest line accepted (``maxLineBytes`` outside tests).
    ///   - chunkSize: bytes per `read(2)`.
    ///   - write: writes one answer line (UTF-8, newline included); false stops the stream
    ///     (a closed output pipe).
    /// - Returns: the exit status: 0 at end of input; 1 when reading fails (the OS reason is
    ///   printed as `Error: cannot read standard input: …`) or when `write` fails.
    static func run(input fd: Int32, maxLineBytes: Int, chunkSize: Int = 1 << 16, write: ([UInt8]) -> Bool) -> Int32 {
        precondition(maxLineBytes >= 0 && chunkSize > 0)
        var line: [UInt8] = []
        var overlong = false
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        func emit(_ answer: [UInt8]?) -> Bool {
            guard var answer else { return true }
            answer.append(0x0A)
            return write(answer)
        }
        func finishLine() -> Bool {
            let ok: Bool
            if overlong {
                ok = emit(overlongAnswer(limit: maxLineBytes))
            } else {
                ok = emit(answerBytes(line))
            }
            overlong = false
            // Keep a small buffer for the next line; give a big one back.
            if line.capacity > 1 << 20 { line = [] } else { line.removeAll(keepingCapacity: true) }
            return ok
        }
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, chunkSize) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                Terminal.err("Error: cannot read standard input: \(reason)\n")
                return MotionKernelCommand.Status.failure
            }
            if n == 0 { break }
            var start = 0
            while start < n {
                let newline = chunk[start..<n].firstIndex(of: 0x0A)
                let end = newline ?? n
                if !overlong {
                    if line.count + (end - start) > maxLineBytes {
                        overlong = true
                        line = []
                    } else {
                        line.append(contentsOf: chunk[start..<end])
                    }
                }
                guard let newline else { break }
                if !finishLine() { return MotionKernelCommand.Status.failure }
                start = newline + 1
            }
        }
        if overlong || !line.isEmpty {
            if !finishLine() { return MotionKernelCommand.Status.failure }
        }
        return MotionKernelCommand.Status.ok
    }

    /// The answer line (without newline) for one request line, or nil for an empty line.
    public static func answer(line: String) -> String? {
        answer(bytes: Array(line.utf8))
    }

    /// The answer line (without newline) for one request line given as UTF-8 bytes (invalid
    /// UTF-8 inside strings is replaced by U+FFFD), or nil for a blank line.
    public static func answer(bytes: [UInt8]) -> String? {
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
        let parsed: (value: JSONValue, ranges: [String: Range<Int>])
        do {
            parsed = try JSONParser.parseWithRanges(bytes)
        } catch {
            return fail(idText: "null", code: "parse", message: error.description)
        }
        guard case .object(let object) = parsed.value else {
            return fail(idText: "null", code: "parse", message: "expected a JSON object, got \(parsed.value.typeName)")
        }
        // Echo the id exactly as written (big integers and long decimals survive).
        var idText = "null"
        if let r = parsed.ranges["id"] { idText = String(decoding: bytes[r], as: UTF8.self) }

        let fields = Fields(object)
        do {
            guard let opValue = object["op"] else { throw MotionKernelError.missingField("op") }
            guard case .string(let op) = opValue else {
                throw MotionKernelError.invalidValue("op", "expected a string, got \(opValue.typeName)")
            }
            var context = EvalContext()
            if let p = try fields.string("precision") {
                guard let precision = EvalContext.Precision(rawValue: p) else {
                    throw MotionKernelError.invalidValue("precision", "expected \"double\" or \"float\", got \"\(p)\"")
                }
                context.precision = precision
            }
            guard let handler = handlers[op] else {
                if protocolOps.contains(op) {
                    throw MotionKernelError.unsupported("op", "\"\(op)\" is not implemented in this build yet")
                }
                return fail(
                    idText: idText, code: "unknownOp",
                    message: "op: unknown op \"\(op)\"; expected one of \(protocolOps.joined(separator: ", "))")
            }
            let result = try handler(fields, context)
            if let bad = JSONWriter.firstNonFinite(result) {
                throw MotionKernelError.invalidValue(
                    "", "the computation produced a non-finite number at \(bad); the inputs are outside the range this op can evaluate")
            }
            var w = JSONByteWriter()
            w.append("{\"id\":" + idText + ",\"ok\":true,\"result\":")
            w.write(result)
            w.bytes.append(UInt8(ascii: "}"))
            return w.bytes
        } catch let e as MotionKernelError {
            return fail(idText: idText, code: e.code.rawValue, message: e.message)
        } catch {
            return fail(idText: idText, code: "invalidValue", message: "\(error)")
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
