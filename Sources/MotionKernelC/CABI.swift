import MotionKernel
import MotionKernelEval

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The C ABI of MotionKernel (`include/motionkernel.h`). Every function returns a status code
// (0 ok, 1 invalidValue, 2 missingField, 3 unsupported) and, on failure, fills the caller's
// `mk_error` record: int32 code at byte 0, the field path (NUL-terminated, at most 255 bytes)
// at byte 4, the message (NUL-terminated, at most 1023 bytes) at byte 260. Nothing here reads
// or writes process-global state: thread counts are per call.

/// Status codes of the C ABI (`MK_OK`, `MK_INVALID_VALUE`, `MK_MISSING_FIELD`, `MK_UNSUPPORTED`).
enum CStatus {
    static let ok: Int32 = 0
    static func code(_ c: MotionKernelError.Code) -> Int32 {
        switch c {
        case .invalidValue: return 1
        case .missingField: return 2
        case .unsupported: return 3
        }
    }
}

/// Byte layout of `mk_error`.
enum CErrorLayout {
    static let fieldOffset = 4, fieldCapacity = 256
    static let messageOffset = 260, messageCapacity = 1024
}

/// Copies `s` into `capacity` bytes at `p` as a NUL-terminated string, truncated at a UTF-8
/// character boundary. A NUL inside `s` (a message quoting hostile text) is written as the six
/// characters `\u0000`, as eval's JSON answer escapes it, so the message is not cut there.
private func writeCString(_ s: String, to p: UnsafeMutableRawPointer, capacity: Int) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(s.utf8.count)
    for b in s.utf8 {
        if b == 0 { bytes += Array("\\u0000".utf8) } else { bytes.append(b) }
    }
    if bytes.count > capacity - 1 {
        var n = capacity - 1
        while n > 0 && (bytes[n] & 0xC0) == 0x80 { n -= 1 }
        bytes = Array(bytes[0..<n])
    }
    bytes.withUnsafeBytes { b in
        if let base = b.baseAddress, b.count > 0 { p.copyMemory(from: base, byteCount: b.count) }
    }
    p.storeBytes(of: 0, toByteOffset: bytes.count, as: UInt8.self)
}

/// Runs `body`, turning a thrown `MotionKernelError` into a status code and an `mk_error`.
func guarded(_ err: UnsafeMutableRawPointer?, _ body: () throws -> Void) -> Int32 {
    do {
        try body()
        return CStatus.ok
    } catch let e as MotionKernelError {
        let code = CStatus.code(e.code)
        if let err {
            err.storeBytes(of: code, as: Int32.self)
            writeCString(e.field, to: err + CErrorLayout.fieldOffset, capacity: CErrorLayout.fieldCapacity)
            writeCString(e.message, to: err + CErrorLayout.messageOffset, capacity: CErrorLayout.messageCapacity)
        }
        return code
    } catch {
        if let err {
            err.storeBytes(of: Int32(1), as: Int32.self)
            writeCString("", to: err + CErrorLayout.fieldOffset, capacity: CErrorLayout.fieldCapacity)
            writeCString("\(error)", to: err + CErrorLayout.messageOffset, capacity: CErrorLayout.messageCapacity)
        }
        return 1
    }
}

/// `count` elements at `p` as an array (an empty array for count 0, whatever `p` is). The count
/// is checked (0…``abiMaxOutputNumbers``) and the pointer (non-null) before anything is allocated.
func array<T>(_ p: UnsafePointer<T>?, _ count: Int, _ field: String) throws -> [T] {
    guard count >= 0 else { throw MotionKernelError.invalidValue(field, "negative count \(count)") }
    if count == 0 { return [] }
    guard count <= abiMaxOutputNumbers else {
        throw MotionKernelError.invalidValue(field, "\(count) numbers exceed the limit of \(abiMaxOutputNumbers)")
    }
    guard let p else { throw MotionKernelError.invalidValue(field, "null pointer for \(count) numbers") }
    return Array(UnsafeBufferPointer(start: p, count: count))
}

/// Throws `invalidValue` naming both fields when the `count` elements at `a` and at `b` share
/// any byte (two outputs written by one call must not alias: one would overwrite the other).
func checkDisjoint<T>(_ a: UnsafeMutablePointer<T>?, _ aField: String, _ b: UnsafeMutablePointer<T>?, _ bField: String, count: Int) throws {
    guard let a, let b, count > 0 else { return }
    let x = UInt(bitPattern: a), y = UInt(bitPattern: b)
    let distance = x >= y ? x - y : y - x
    // count ≤ 2⁴⁰ (checked before), so the byte size does not overflow.
    guard distance >= UInt(count) * UInt(MemoryLayout<T>.stride) else {
        throw MotionKernelError.invalidValue(bField, "overlaps \(aField) (two outputs of one call must not share memory)")
    }
}

/// The largest number of output numbers one call may produce (2⁴⁰).
let abiMaxOutputNumbers = 1 << 40

// MARK: version and eval

/// The ABI version (`MK_ABI_VERSION` in the header): 1.
@_cdecl("mk_abi_version")
public func mk_abi_version() -> Int32 { 1 }

/// The vector level of the C kernels that calls from this thread run at (`BuildInfo.kernelLevel`:
/// the best the CPU supports, capped by `MOTIONKERNEL_ISA`): `"portable"`, `"avx2"` or
/// `"avx512"`, a static NUL-terminated string that the caller must not free.
@_cdecl("mk_kernel_level")
public func mk_kernel_level() -> UnsafePointer<CChar> {
    UnsafeRawPointer(BuildInfo.kernelLevel.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// Answers one eval-protocol request (`docs/eval-protocol.md`): `request` holds `length` bytes
/// of UTF-8 JSON. The answer line (UTF-8 JSON, no newline, NUL-terminated) is returned through
/// `answer` and `answerLength`; release it with `mk_free`. A request longer than
/// `Eval.maxLineBytes` (64 MiB) gets the CLI's error answer for an overlong line without being
/// read or copied.
/// - Returns: 0, or 1 when the request is blank, an argument is null or `length` is beyond
///   `SSIZE_MAX`; on 1, `*answer` is NULL and `*answerLength` 0 (whichever are non-null).
@_cdecl("mk_eval")
public func mk_eval(
    _ request: UnsafePointer<UInt8>?, _ length: Int, _ answer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
    _ answerLength: UnsafeMutablePointer<Int>?
) -> Int32 {
    // Outputs first, so that every failure leaves them NULL and 0.
    answer?.pointee = nil
    answerLength?.pointee = 0
    guard let answer, let answerLength, length >= 0, length == 0 || request != nil else { return 1 }
    let reply: [UInt8]?
    if length > Eval.maxLineBytes {
        reply = Eval.overlongAnswer(limit: Eval.maxLineBytes)
    } else {
        reply = Eval.answerBytes(length == 0 ? [] : Array(UnsafeBufferPointer(start: request, count: length)))
    }
    guard let reply else { return 1 }
    guard let buffer = malloc(reply.count + 1)?.assumingMemoryBound(to: UInt8.self) else { return 1 }
    reply.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: $0.count) }
    buffer[reply.count] = 0
    answer.pointee = buffer
    answerLength.pointee = reply.count
    return 0
}

/// Releases a buffer returned by `mk_eval`.
@_cdecl("mk_free")
public func mk_free(_ p: UnsafeMutableRawPointer?) { free(p) }
