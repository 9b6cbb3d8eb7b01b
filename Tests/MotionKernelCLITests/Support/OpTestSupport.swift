import Testing
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// The decoded answer to one eval request line.
func opAnswer(_ line: String) throws -> (ok: Bool, id: JSONValue, code: String?, result: JSONValue?) {
    try decode(#require(Eval.answer(line: line)))
}

/// The decoded answer to one eval request line, with the answer's text.
func opRun(_ line: String) throws -> (ok: Bool, code: String?, result: JSONValue?, text: String) {
    let text = try #require(Eval.answer(line: line))
    let d = try decode(text)
    return (d.ok, d.code, d.result, text)
}

/// The numbers of a JSON array (non-numbers skipped).
func opNumbers(_ v: JSONValue?) -> [Double] {
    guard case .array(let a)? = v else { return [] }
    return a.compactMap { if case .number(let d) = $0 { return d } else { return nil } }
}

/// The error message of the answer to `line` ("" when it succeeded).
func opMessage(_ line: String) -> String {
    guard let a = Eval.answer(line: line), case .object(let o)? = try? JSONParser.parse(a),
        case .object(let e)? = o["error"], case .string(let m)? = e["message"]
    else { return "" }
    return m
}
