// The C function behind `Double(String)` in the Swift standard library, which wasm32 has no C
// library to provide: the text from `text` to its terminating zero read by `DecimalParse`
// (exact, the same bits as the C library's `strtod` natively).
import MotionKernel

/// `Double(String)`'s parser: reads the whole zero-terminated `text` into `result`.
/// - Returns: the address of the terminating zero when all of the text is a number, else nil
///   (the standard library then returns nil).
@_cdecl("_swift_stdlib_strtod_clocale")
public func mkStrtod(_ text: UnsafePointer<CChar>?, _ result: UnsafeMutablePointer<Double>?) -> UnsafePointer<CChar>? {
    guard let text, let result else { return nil }
    var n = 0
    while text[n] != 0 { n += 1 }
    let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
    guard let value = DecimalParse.double(UnsafeBufferPointer(start: bytes, count: n)) else { return nil }
    result.pointee = value
    return text + n
}
