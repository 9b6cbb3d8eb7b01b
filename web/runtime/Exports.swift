// The WebAssembly module's C entry points (Embedded Swift; compiled by Tools/wasm with the
// sources in web/embedded-sources.txt, never by the Swift package). Numbers cross as f64 or f32,
// texts through a buffer in linear memory (`mk_text_buffer`, UTF-8, `mk_text_length` bytes).
import MotionKernel
import MotionKernelEval
import MotionKernelWasmRuntime

/// The last text an entry point wrote (an answer, a `linear()` text, an error message).
nonisolated(unsafe) var textOut: [UInt8] = []

/// Replaces the text buffer's content.
/// - Returns: the length in bytes.
func setText(_ s: String) -> Int32 {
    textOut = Array(s.utf8)
    return Int32(truncatingIfNeeded: textOut.count)
}

/// The address of the last text written.
@_cdecl("mk_text_buffer")
public func mkTextBuffer() -> UnsafeMutablePointer<UInt8>? {
    textOut.withUnsafeMutableBufferPointer { $0.baseAddress }
}

/// The length in bytes of the last text written.
@_cdecl("mk_text_length")
public func mkTextLength() -> Int32 { Int32(truncatingIfNeeded: textOut.count) }

/// Room for an input text of `length` bytes (one eval-protocol request, UTF-8), to fill before
/// `mk_eval` reads it. The JavaScript module refuses texts over the command line's request
/// limit before calling this, so `length` is at most 64 MiB; a negative length gives an empty
/// buffer.
/// - Returns: its address.
@_cdecl("mk_text_input")
public func mkTextInput(_ length: Int32) -> UnsafeMutablePointer<UInt8>? {
    textIn = [UInt8](repeating: 0, count: max(0, Int(length)))
    return textIn.withUnsafeMutableBufferPointer { $0.baseAddress }
}

/// The input text (`mk_text_input`).
nonisolated(unsafe) var textIn: [UInt8] = []

/// One eval-protocol request (the input text, `mk_text_input`: a JSON object, as one line of
/// `motionkernel eval`) answered into the text buffer, exactly as the command line answers it.
/// - Returns: the answer's length in bytes (0 for a blank request, which has no answer).
@_cdecl("mk_eval")
public func mkEval() -> Int32 {
    guard let answer = Eval.answerBytes(textIn) else {
        textOut = []
        return 0
    }
    textOut = answer
    return Int32(truncatingIfNeeded: answer.count)
}

/// The longest request `mk_eval` reads, in bytes: the command line's line limit (64 MiB).
@_cdecl("mk_eval_limit")
public func mkEvalLimit() -> Int32 { Int32(Eval.maxLineBytes) }

/// The answer to a request longer than ``mkEvalLimit()`` (one `invalidValue` error, id null),
/// into the text buffer, without the request ever entering linear memory.
/// - Returns: its length in bytes.
@_cdecl("mk_eval_overlong")
public func mkEvalOverlong() -> Int32 {
    textOut = Eval.overlongAnswer(limit: Eval.maxLineBytes)
    return Int32(truncatingIfNeeded: textOut.count)
}

/// One spring parameter for the batch: `count` values at `base` (one per spring), or the single
/// value at `base` for every spring when `count` is 1, or `fallback` when `base` is null.
struct BatchColumn<T: MotionScalar> {
    let base: UnsafePointer<T>?
    let perSpring: Bool
    let fallback: T
    let name: String

    subscript(_ i: Int) -> T { base.map { perSpring ? $0[i] : $0[0] } ?? fallback }
}

/// N springs × T times into `out` (row-major, `out[i·T + j]` = spring i at time j): each spring
/// (mass, stiffness, damping) moving from `from` to `to` with initial velocity `velocity`, in `T`.
/// Each parameter is an array of N (`perSpring` bit set in `perSpringMask`, bit order mass,
/// stiffness, damping, from, to, velocity), one value for all, or null for its default (mass 1,
/// from 0, to 1, velocity 0; stiffness and damping are required).
/// The spring is physical, over-damping kept (`allowOverDamping: true`), as everywhere in the
/// eval protocol and the batch APIs. `fastRow(i, spring, row, tMax)`, when given, writes row i of
/// the checked `spring` (`tMax` is the latest time, ≥ 0, which bounds every row's decay and
/// phase) and returns true, or returns false to leave the row to the scalar path (which then
/// also reports a non-finite value).
/// - Returns: 0, or −length of the error message in the text buffer (the field names the
///   parameter and the spring, `stiffness[3]`); nothing is returned to JavaScript on an error.
func springBatch<T: MotionScalar & MotionVectorArithmetic>(
    _ n: Int, _ tCount: Int, _ times: UnsafePointer<T>, _ columns: [BatchColumn<T>], _ out: UnsafeMutablePointer<T>,
    fastRow: ((Int, Spring<T>, UnsafeMutablePointer<T>, Double) -> Bool)? = nil
) -> Int32 where T.SpringScalar == T {
    func spring(_ i: Int) throws(MotionKernelError) -> Spring<T> {
        try Spring<T>(mass: columns[0][i], stiffness: columns[1][i], damping: columns[2][i], allowOverDamping: true)
    }
    func motion(_ i: Int, _ spring: Spring<T>) throws(MotionKernelError) -> SpringMotion<T> {
        try SpringMotion(spring: spring, from: columns[3][i], to: columns[4][i], initialVelocity: columns[5][i])
    }
    // Every spring is checked before any row is written (the first bad spring's error, in row
    // order), but none is kept: the row loop builds each again, which then cannot fail.
    for i in 0..<n {
        do throws(MotionKernelError) {
            _ = try motion(i, spring(i))
        } catch {
            let name = columns.first { UTF8Text.equal($0.name, error.field) }.map { "\($0.name)\($0.perSpring ? "[\(i)]" : "")" } ?? error.field
            return -setText(MotionKernelError(code: error.code, field: name, reason: error.reason).description)
        }
    }
    var tMax = 0.0
    for j in 0..<tCount {
        guard times[j].isFinite else {
            return -setText(MotionKernelError.invalidValue("times[\(j)]", "expected a finite number, got \(times[j].description)").description)
        }
        tMax = max(tMax, times[j].doubleValue)
    }
    for i in 0..<n {
        let m: SpringMotion<T>
        do throws(MotionKernelError) {
            let s = try spring(i)
            if let fastRow, fastRow(i, s, out + i * tCount, tMax) { continue }
            m = try motion(i, s)
        } catch {
            return -setText(error.description)  // checked above: not reached
        }
        for j in 0..<tCount {
            let x = m.state(at: times[j]).value
            guard x.isFinite else {
                return -setText(Eval.nonFiniteResult(at: "out[\(i * tCount + j)]").description)
            }
            out[i * tCount + j] = x
        }
    }
    return 0
}

/// The error answer of a batch entry point called with a negative spring or time count (the
/// JavaScript module never passes one), or nil when both counts are ≥ 0.
func countError(_ n: Int32, _ tCount: Int32) -> Int32? {
    if n < 0 { return -setText(MotionKernelError.invalidValue("n", "expected a count >= 0, got \(n)").description) }
    if tCount < 0 { return -setText(MotionKernelError.invalidValue("times", "expected a count >= 0, got \(tCount)").description) }
    return nil
}

/// The six parameter columns of a batch from the entry points' pointers (mass, stiffness,
/// damping, from, to, velocity; null for the default) and their per-spring bits.
func batchColumns<T: MotionScalar>(_ pointers: [UnsafePointer<T>?], _ perSpringMask: Int32) -> [BatchColumn<T>] {
    let names = ["mass", "stiffness", "damping", "from", "to", "velocity"]
    let fallback: [T] = [1, .nan, .nan, 0, 1, 0]
    return (0..<6).map { k in
        BatchColumn<T>(base: pointers[k], perSpring: perSpringMask & (1 << k) != 0, fallback: fallback[k], name: names[k])
    }
}

/// ``springBatch`` in Double: see there for the arguments (each parameter a pointer, null for
/// its default, and its bit in `perSpringMask`). Each row by the SIMD128 kernel
/// (`mk_spring_simd.c`: the core's direct propagator with vector exp, sin and cos, within a few
/// ulps of the motion's scale of the scalar path), or by the scalar path for a row that needs
/// the core's long-time form.
@_cdecl("mk_spring_batch_f64")
public func mkSpringBatchF64(
    _ n: Int32, _ tCount: Int32, _ times: UnsafePointer<Double>, _ mass: UnsafePointer<Double>?, _ stiffness: UnsafePointer<Double>?,
    _ damping: UnsafePointer<Double>?, _ from: UnsafePointer<Double>?, _ to: UnsafePointer<Double>?, _ velocity: UnsafePointer<Double>?,
    _ perSpringMask: Int32, _ out: UnsafeMutablePointer<Double>
) -> Int32 {
    if let error = countError(n, tCount) { return error }
    let columns = batchColumns([mass, stiffness, damping, from, to, velocity], perSpringMask)
    return springBatch(Int(n), Int(tCount), times, columns, out) { i, spring, row, tMax in
        let k = spring.propagatorConstants
        return mk_spring_row_f64(k.lambda, k.q, k.s, k.omega0Squared, k.rho, columns[3][i], columns[4][i], columns[5][i], times, tCount, tMax, row) == 0
    }
}

/// ``springBatch`` in Float: each row by the SIMD128 kernel (`mk_spring_simd.c`, Float with the
/// phase reduced in Double, within 10⁻⁵ of the motion's scale), or by the scalar Float path for
/// a row whose phase exceeds the kernel's range or whose values are not all finite.
@_cdecl("mk_spring_batch_f32")
public func mkSpringBatchF32(
    _ n: Int32, _ tCount: Int32, _ times: UnsafePointer<Float>, _ mass: UnsafePointer<Float>?, _ stiffness: UnsafePointer<Float>?,
    _ damping: UnsafePointer<Float>?, _ from: UnsafePointer<Float>?, _ to: UnsafePointer<Float>?, _ velocity: UnsafePointer<Float>?,
    _ perSpringMask: Int32, _ out: UnsafeMutablePointer<Float>
) -> Int32 {
    if let error = countError(n, tCount) { return error }
    let columns = batchColumns([mass, stiffness, damping, from, to, velocity], perSpringMask)
    return springBatch(Int(n), Int(tCount), times, columns, out) { i, _, row, tMax in
        mk_spring_row_f32(
            columns[0][i].doubleValue, columns[1][i].doubleValue, columns[2][i].doubleValue, columns[3][i].doubleValue,
            columns[4][i].doubleValue, columns[5][i].doubleValue, times, tCount, tMax, row) == 0
    }
}

/// Seeds Swift's Hasher with 64 bits of entropy (`hi`, `lo`; the JavaScript module passes
/// `crypto.getRandomValues`) so that the JSON key index's layout is the instance's own: no key
/// list chosen offline collides in every instance. Called once, right after instantiation,
/// before any request (the Hasher reads its seed at the first hash; later calls change nothing).
/// - Returns: 0 when the seed will be used, 1 when the Hasher had already read its seed.
@_cdecl("mk_seed")
public func mkSeed(_ hi: UInt32, _ lo: UInt32) -> Int32 { mk_runtime_seed(hi, lo) }

/// `bytes` of linear memory, 16-byte aligned, for the caller's arrays (`mk_free` returns it).
/// - Returns: its address, or null when memory cannot grow that far.
@_cdecl("mk_alloc")
public func mkAlloc(_ bytes: Int32) -> UnsafeMutableRawPointer? {
    guard bytes >= 0 else { return nil }
    return malloc(Int(bytes))  // not UnsafeMutableRawPointer.allocate, which traps when memory is exhausted
}

/// Returns memory from ``mkAlloc(_:)``.
@_cdecl("mk_free")
public func mkFree(_ pointer: UnsafeMutableRawPointer?) { free(pointer) }
