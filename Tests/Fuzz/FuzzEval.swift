// libFuzzer entry point over the eval line handler (and so the JSON parser). Built and run by
// Tools/fuzz; not part of the package's targets. Each input is split into lines; every answer
// must be one JSON object with a known error code or only finite numbers — anything else traps,
// which libFuzzer reports as a finding.
import MotionKernelEval

@_cdecl("LLVMFuzzerTestOneInput")
public func motionKernelFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
        guard let answer = Eval.answer(line: String(line)) else { continue }
        guard case .object(let o)? = try? JSONParser.parse(answer), case .bool(let ok)? = o["ok"] else {
            fatalError("answer is not a JSON object with ok: \(answer)")
        }
        if ok {
            if let bad = JSONWriter.firstNonFinite(o["result"] ?? .null) { fatalError("non-finite at \(bad): \(answer)") }
        } else {
            guard case .object(let e)? = o["error"], case .string(let code)? = e["code"],
                ["parse", "unknownOp", "missingField", "invalidValue", "unsupported"].contains(code)
            else {
                fatalError("unknown error shape: \(answer)")
            }
        }
    }
    return 0
}
