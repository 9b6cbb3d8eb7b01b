import MotionKernel
import MotionKernelEval

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Bulk kernels of the C ABI, in Float (`_f32`) and Double (`_f64`). Every buffer is a plain
// C array of the stated length; outputs are written in place and nothing is retained after
// the call returns.

/// Samples N springs at T times: `values` (and `velocities` when non-null) receive N×T numbers,
/// row i = spring i. `mass` and `velocity` may be null (all 1, all 0). `threads` ≥ 1 threads
/// for this call only; the results do not depend on it.
/// `uniform` (start, step) replaces `times` by the grid start + j·step (the exact-propagator path).
private func springBatch<T: MotionScalar>(
    _ n: Int, _ mass: UnsafePointer<T>?, _ stiffness: UnsafePointer<T>?, _ damping: UnsafePointer<T>?,
    _ from: UnsafePointer<T>?, _ to: UnsafePointer<T>?, _ velocity: UnsafePointer<T>?,
    _ times: UnsafePointer<T>?, uniform: (start: T, step: T)? = nil, _ tCount: Int, _ values: UnsafeMutablePointer<T>?,
    _ velocities: UnsafeMutablePointer<T>?, _ threads: Int32
) throws {
    guard n >= 0 else { throw MotionKernelError.invalidValue("count", "expected >= 0, got \(n)") }
    guard tCount >= 0 else { throw MotionKernelError.invalidValue("times", "negative count \(tCount)") }
    guard threads >= 1 && threads <= 64 else { throw MotionKernelError.invalidValue("threads", "expected 1…64, got \(threads)") }
    let total = try MotionKernelError.checkedCount([n, tCount], limit: abiMaxOutputNumbers, "times")
    let batch = try SpringBatch<T>(
        mass: mass == nil ? nil : try array(mass, n, "mass"), stiffness: try array(stiffness, n, "stiffness"),
        damping: try array(damping, n, "damping"), from: try array(from, n, "from"), to: try array(to, n, "to"),
        initialVelocity: velocity == nil ? nil : try array(velocity, n, "velocity"))
    let grid: TimeGrid<T>
    if let uniform {
        grid = .uniform(start: uniform.start, step: uniform.step, count: tCount)
    } else {
        grid = .times(try array(times, tCount, "times"))
    }
    try grid.validate()
    if total == 0 { return }
    guard let values else { throw MotionKernelError.invalidValue("values", "null output buffer") }
    try checkDisjoint(values, "values", velocities, "velocities", count: total)
    try batch.sample(
        grid, values: UnsafeMutableBufferPointer(start: values, count: total),
        velocities: velocities.map { UnsafeMutableBufferPointer(start: $0, count: total) }, threads: Int(threads))
}

/// `mk_spring_batch_f64` (see the header).
@_cdecl("mk_spring_batch_f64")
public func mk_spring_batch_f64(
    _ n: Int, _ mass: UnsafePointer<Double>?, _ stiffness: UnsafePointer<Double>?, _ damping: UnsafePointer<Double>?,
    _ from: UnsafePointer<Double>?, _ to: UnsafePointer<Double>?, _ velocity: UnsafePointer<Double>?,
    _ times: UnsafePointer<Double>?, _ tCount: Int, _ values: UnsafeMutablePointer<Double>?,
    _ velocities: UnsafeMutablePointer<Double>?, _ threads: Int32, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) { try springBatch(n, mass, stiffness, damping, from, to, velocity, times, tCount, values, velocities, threads) }
}

/// `mk_spring_batch_f32` (see the header).
@_cdecl("mk_spring_batch_f32")
public func mk_spring_batch_f32(
    _ n: Int, _ mass: UnsafePointer<Float>?, _ stiffness: UnsafePointer<Float>?, _ damping: UnsafePointer<Float>?,
    _ from: UnsafePointer<Float>?, _ to: UnsafePointer<Float>?, _ velocity: UnsafePointer<Float>?,
    _ times: UnsafePointer<Float>?, _ tCount: Int, _ values: UnsafeMutablePointer<Float>?,
    _ velocities: UnsafeMutablePointer<Float>?, _ threads: Int32, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) { try springBatch(n, mass, stiffness, damping, from, to, velocity, times, tCount, values, velocities, threads) }
}

/// One spring at one time, parameters by value: `SpringBatch.sampleOne`, the `n` = 1,
/// `t_count` = 1 case of `springBatch` without its buffers. `out[0]` receives the value and, when
/// `withVelocity` is non-zero, `out[1]` the velocity (else 0).
private func springOne<T: MotionScalar>(
    _ mass: T, _ stiffness: T, _ damping: T, _ from: T, _ to: T, _ velocity: T, _ t: T, _ out: UnsafeMutablePointer<T>?,
    _ withVelocity: Int32
) throws {
    guard let out else { throw MotionKernelError.invalidValue("values", "null output buffer") }
    let s = try SpringBatch<T>.sampleOne(
        mass: mass, stiffness: stiffness, damping: damping, from: from, to: to, initialVelocity: velocity, at: t,
        withVelocity: withVelocity != 0)
    out[0] = s.value
    out[1] = s.velocity
}

/// `mk_spring_one_f64` (see the header).
@_cdecl("mk_spring_one_f64")
public func mk_spring_one_f64(
    _ mass: Double, _ stiffness: Double, _ damping: Double, _ from: Double, _ to: Double, _ velocity: Double,
    _ t: Double, _ out: UnsafeMutablePointer<Double>?, _ withVelocity: Int32, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) { try springOne(mass, stiffness, damping, from, to, velocity, t, out, withVelocity) }
}

/// `mk_spring_one_f32` (see the header).
@_cdecl("mk_spring_one_f32")
public func mk_spring_one_f32(
    _ mass: Float, _ stiffness: Float, _ damping: Float, _ from: Float, _ to: Float, _ velocity: Float,
    _ t: Float, _ out: UnsafeMutablePointer<Float>?, _ withVelocity: Int32, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) { try springOne(mass, stiffness, damping, from, to, velocity, t, out, withVelocity) }
}

/// One spring at one time from seven packed numbers `p` = mass, stiffness, damping, from, to,
/// velocity, t: `springOne` without the by-value arguments (fewer to convert per call from
/// bindings such as ctypes). `out` receives the value (and the velocity).
private func springPacked<T: MotionScalar>(_ p: UnsafePointer<T>?, _ out: UnsafeMutablePointer<T>?, withVelocity: Bool) throws {
    guard let p else { throw MotionKernelError.invalidValue("params", "null parameter buffer") }
    try springOne(p[0], p[1], p[2], p[3], p[4], p[5], p[6], out, withVelocity ? 1 : 0)
}

/// `mk_spring_value_f64` (see the header).
@_cdecl("mk_spring_value_f64")
public func mk_spring_value_f64(_ p: UnsafePointer<Double>?, _ out: UnsafeMutablePointer<Double>?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    guarded(err) { try springPacked(p, out, withVelocity: false) }
}

/// `mk_spring_value_f32` (see the header).
@_cdecl("mk_spring_value_f32")
public func mk_spring_value_f32(_ p: UnsafePointer<Float>?, _ out: UnsafeMutablePointer<Float>?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    guarded(err) { try springPacked(p, out, withVelocity: false) }
}

/// `mk_spring_state_f64` (see the header).
@_cdecl("mk_spring_state_f64")
public func mk_spring_state_f64(_ p: UnsafePointer<Double>?, _ out: UnsafeMutablePointer<Double>?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    guarded(err) { try springPacked(p, out, withVelocity: true) }
}

/// `mk_spring_state_f32` (see the header).
@_cdecl("mk_spring_state_f32")
public func mk_spring_state_f32(_ p: UnsafePointer<Float>?, _ out: UnsafeMutablePointer<Float>?, _ err: UnsafeMutableRawPointer?) -> Int32 {
    guarded(err) { try springPacked(p, out, withVelocity: true) }
}

/// `mk_spring_batch_uniform_f64` (see the header).
@_cdecl("mk_spring_batch_uniform_f64")
public func mk_spring_batch_uniform_f64(
    _ n: Int, _ mass: UnsafePointer<Double>?, _ stiffness: UnsafePointer<Double>?, _ damping: UnsafePointer<Double>?,
    _ from: UnsafePointer<Double>?, _ to: UnsafePointer<Double>?, _ velocity: UnsafePointer<Double>?,
    _ start: Double, _ step: Double, _ tCount: Int, _ values: UnsafeMutablePointer<Double>?,
    _ velocities: UnsafeMutablePointer<Double>?, _ threads: Int32, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) {
        try springBatch(n, mass, stiffness, damping, from, to, velocity, nil, uniform: (start, step), tCount, values, velocities, threads)
    }
}

/// `mk_spring_batch_uniform_f32` (see the header).
@_cdecl("mk_spring_batch_uniform_f32")
public func mk_spring_batch_uniform_f32(
    _ n: Int, _ mass: UnsafePointer<Float>?, _ stiffness: UnsafePointer<Float>?, _ damping: UnsafePointer<Float>?,
    _ from: UnsafePointer<Float>?, _ to: UnsafePointer<Float>?, _ velocity: UnsafePointer<Float>?,
    _ start: Float, _ step: Float, _ tCount: Int, _ values: UnsafeMutablePointer<Float>?,
    _ velocities: UnsafeMutablePointer<Float>?, _ threads: Int32, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) {
        try springBatch(n, mass, stiffness, damping, from, to, velocity, nil, uniform: (start, step), tCount, values, velocities, threads)
    }
}

/// `mk_spring_damping_f64` (see the header): the damping c = 2ζ√(km) of `n` springs given by
/// stiffness, damping ratio and mass (`SpringSpec.damping`, the conversion of eval's and batch's
/// stiffness/dampingRatio parameter set), unchecked: the spring functions check the result.
@_cdecl("mk_spring_damping_f64")
public func mk_spring_damping_f64(
    _ n: Int, _ stiffness: UnsafePointer<Double>?, _ dampingRatio: UnsafePointer<Double>?, _ mass: UnsafePointer<Double>?,
    _ out: UnsafeMutablePointer<Double>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) {
        guard n >= 0 else { throw MotionKernelError.invalidValue("count", "expected >= 0, got \(n)") }
        if n == 0 { return }
        guard let stiffness else { throw MotionKernelError.invalidValue("stiffness", "null pointer for \(n) numbers") }
        guard let dampingRatio else { throw MotionKernelError.invalidValue("damping_ratio", "null pointer for \(n) numbers") }
        guard let mass else { throw MotionKernelError.invalidValue("mass", "null pointer for \(n) numbers") }
        guard let out else { throw MotionKernelError.invalidValue("out", "null output buffer") }
        for i in 0..<n { out[i] = SpringSpec.damping(stiffness: stiffness[i], dampingRatio: dampingRatio[i], mass: mass[i]) }
    }
}

// MARK: transforms

/// Copies the `count` numbers of `result` to `out`, the caller's buffer (nothing for count 0).
/// - Throws: `invalidValue` at `out` for a null buffer.
private func copy<T>(_ result: [T], to out: UnsafeMutablePointer<T>?, count: Int) throws {
    if count == 0 { return }
    guard let out else { throw MotionKernelError.invalidValue("out", "null output buffer") }
    result.withUnsafeBufferPointer { out.update(from: $0.baseAddress!, count: count) }
}

/// Builds N matrices (N×16 row-major, CATransform3D layout) from translation x/y, rotation
/// (radians) and uniform scale columns; a null column takes its identity value.
private func transformBuild<T: MotionScalar>(
    _ n: Int, _ tx: UnsafePointer<T>?, _ ty: UnsafePointer<T>?, _ angle: UnsafePointer<T>?, _ scale: UnsafePointer<T>?,
    _ out: UnsafeMutablePointer<T>?
) throws {
    guard n >= 0 else { throw MotionKernelError.invalidValue("count", "expected >= 0, got \(n)") }
    let total = try MotionKernelError.checkedCount([n, 16], limit: abiMaxOutputNumbers, "count")
    let channels = TransformChannels<T>(
        count: n, translationX: tx == nil ? nil : try array(tx, n, "tx"), translationY: ty == nil ? nil : try array(ty, n, "ty"),
        rotation: angle == nil ? nil : try array(angle, n, "angle"), scale: scale == nil ? nil : try array(scale, n, "scale"))
    if total == 0 { return }
    // Straight into the caller's buffer (the inputs are copies, so out may alias them); with a
    // null buffer the inputs are still checked first, so their errors come before `out`'s.
    var scratch: [T] = []
    do {
        if let out {
            try TransformBatch.build(channels, into: UnsafeMutableBufferPointer(start: out, count: total))
        } else {
            try TransformBatch.build(channels, into: &scratch)
        }
    } catch let e {
        throw MotionKernelError(code: e.code, field: renameChannel(e.field), reason: e.reason)
    }
    if out == nil { throw MotionKernelError.invalidValue("out", "null output buffer") }
}

/// The C ABI's argument names for TransformChannels' field names (`rotation[3]` → `angle[3]`).
private func renameChannel(_ field: String) -> String {
    for (a, b) in [("translationX", "tx"), ("translationY", "ty"), ("rotation", "angle")] where field.hasPrefix(a) {
        return b + field.dropFirst(a.count)
    }
    return field
}

/// `mk_transform_build_f64` (see the header).
@_cdecl("mk_transform_build_f64")
public func mk_transform_build_f64(
    _ n: Int, _ tx: UnsafePointer<Double>?, _ ty: UnsafePointer<Double>?, _ angle: UnsafePointer<Double>?,
    _ scale: UnsafePointer<Double>?, _ out: UnsafeMutablePointer<Double>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) { try transformBuild(n, tx, ty, angle, scale, out) }
}

/// `mk_transform_build_f32` (see the header).
@_cdecl("mk_transform_build_f32")
public func mk_transform_build_f32(
    _ n: Int, _ tx: UnsafePointer<Float>?, _ ty: UnsafePointer<Float>?, _ angle: UnsafePointer<Float>?,
    _ scale: UnsafePointer<Float>?, _ out: UnsafeMutablePointer<Float>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) { try transformBuild(n, tx, ty, angle, scale, out) }
}

/// Applies one matrix (16 numbers, row-vector convention) to P points of `dimension` 2 or 3.
private func transformApply<T: MotionScalar>(
    _ matrix: UnsafePointer<T>?, _ points: UnsafePointer<T>?, _ p: Int, _ dimension: Int, _ out: UnsafeMutablePointer<T>?
) throws {
    guard p >= 0 else { throw MotionKernelError.invalidValue("points", "negative count \(p)") }
    guard dimension == 2 || dimension == 3 else { throw MotionKernelError.invalidValue("dimension", "expected 2 or 3, got \(dimension)") }
    let total = try MotionKernelError.checkedCount([p, dimension], limit: abiMaxOutputNumbers, "points")
    let m = try array(matrix, 16, "matrix")
    guard m.allSatisfy(\.isFinite) else { throw MotionKernelError.invalidValue("matrix", "expected 16 finite numbers") }
    let transform = m.withUnsafeBufferPointer { Transform3D<T>(unsafeRowMajor: $0.baseAddress!) }
    var result: [T] = []
    try TransformBatch.apply(transform, points: try array(points, total, "points"), dimension: dimension, into: &result)
    try copy(result, to: out, count: total)
}

/// `mk_transform_apply_f64` (see the header).
@_cdecl("mk_transform_apply_f64")
public func mk_transform_apply_f64(
    _ matrix: UnsafePointer<Double>?, _ points: UnsafePointer<Double>?, _ p: Int, _ dimension: Int,
    _ out: UnsafeMutablePointer<Double>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) { try transformApply(matrix, points, p, dimension, out) }
}

/// `mk_transform_apply_f32` (see the header).
@_cdecl("mk_transform_apply_f32")
public func mk_transform_apply_f32(
    _ matrix: UnsafePointer<Float>?, _ points: UnsafePointer<Float>?, _ p: Int, _ dimension: Int,
    _ out: UnsafeMutablePointer<Float>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) { try transformApply(matrix, points, p, dimension, out) }
}

/// Applies one matrix (16 numbers, row-vector convention) to P homogeneous points (x, y, z, w)
/// without a divide: the core's `TransformBatch.applyHomogeneous(_:points:into:)` writing the
/// P×4 rows (x, y, z, w)·M straight into `out`. The points are copied first (so `out` may alias
/// them); every point must be finite (`points[i]`, row i), and so must every result (`points[i]`
/// again: a product can overflow), so that no success carries a non-finite number.
private func transformApplyHomogeneous<T: MotionScalar>(
    _ matrix: UnsafePointer<T>?, _ points: UnsafePointer<T>?, _ p: Int, _ out: UnsafeMutablePointer<T>?
) throws {
    guard p >= 0 else { throw MotionKernelError.invalidValue("points", "negative count \(p)") }
    let total = try MotionKernelError.checkedCount([p, 4], limit: abiMaxOutputNumbers, "points")
    let entries = try array(matrix, 16, "matrix")
    guard let transform = try? Transform3D<T>(rowMajor: entries) else {
        throw MotionKernelError.invalidValue("matrix", "expected 16 finite numbers")
    }
    let rows = try array(points, total, "points")
    if let i = rows.firstIndex(where: { !$0.isFinite }) {
        throw MotionKernelError.invalidValue("points[\(i / 4)]", "expected finite numbers (x, y, z, w), got \(rows[i])")
    }
    if total == 0 { return }
    guard let out else { throw MotionKernelError.invalidValue("out", "null output buffer") }
    let output = UnsafeMutableBufferPointer(start: out, count: total)
    try TransformBatch.applyHomogeneous(transform, points: rows, into: output)
    if !allFinite(UnsafeBufferPointer(output)), let i = output.firstIndex(where: { !$0.isFinite }) {
        throw MotionKernelError.invalidValue("points[\(i / 4)]", "the product (x, y, z, w)·M overflows")
    }
}

/// `mk_transform_apply_homogeneous_f64` (see the header).
@_cdecl("mk_transform_apply_homogeneous_f64")
public func mk_transform_apply_homogeneous_f64(
    _ matrix: UnsafePointer<Double>?, _ points: UnsafePointer<Double>?, _ p: Int, _ out: UnsafeMutablePointer<Double>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) { try transformApplyHomogeneous(matrix, points, p, out) }
}

/// `mk_transform_apply_homogeneous_f32` (see the header).
@_cdecl("mk_transform_apply_homogeneous_f32")
public func mk_transform_apply_homogeneous_f32(
    _ matrix: UnsafePointer<Float>?, _ points: UnsafePointer<Float>?, _ p: Int, _ out: UnsafeMutablePointer<Float>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) { try transformApplyHomogeneous(matrix, points, p, out) }
}

/// Interpolates N pairs of matrices (N×16 each) at one fraction (CSS Transforms 2 matrix
/// interpolation).
private func transformInterpolate<T: MotionScalar>(
    _ from: UnsafePointer<T>?, _ to: UnsafePointer<T>?, _ n: Int, _ fraction: T, _ out: UnsafeMutablePointer<T>?
) throws {
    guard n >= 0 else { throw MotionKernelError.invalidValue("from", "negative count \(n)") }
    let total = try MotionKernelError.checkedCount([n, 16], limit: abiMaxOutputNumbers, "from")
    var result: [T] = []
    try TransformBatch.interpolate(from: try array(from, total, "from"), to: try array(to, total, "to"), fraction: fraction, into: &result)
    try copy(result, to: out, count: total)
}

/// `mk_transform_interpolate_f64` (see the header).
@_cdecl("mk_transform_interpolate_f64")
public func mk_transform_interpolate_f64(
    _ from: UnsafePointer<Double>?, _ to: UnsafePointer<Double>?, _ n: Int, _ fraction: Double,
    _ out: UnsafeMutablePointer<Double>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) { try transformInterpolate(from, to, n, fraction, out) }
}

/// `mk_transform_interpolate_f32` (see the header).
@_cdecl("mk_transform_interpolate_f32")
public func mk_transform_interpolate_f32(
    _ from: UnsafePointer<Float>?, _ to: UnsafePointer<Float>?, _ n: Int, _ fraction: Float,
    _ out: UnsafeMutablePointer<Float>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) { try transformInterpolate(from, to, n, fraction, out) }
}

// MARK: timing

/// Evaluates `timing` at the `n` numbers at `x` into `out`: the count is checked before the input
/// is copied, every input must be finite (`at[i]`) and so must every output (`at[i]` again: an
/// easing extrapolated far outside [0, 1] can overflow).
func timingValues(
    _ timing: TimingFunction, _ x: UnsafePointer<Double>?, _ n: Int, _ out: UnsafeMutablePointer<Double>?
) throws {
    let input = try array(x, n, "at")
    for (i, v) in input.enumerated() where !v.isFinite {
        throw MotionKernelError.invalidValue("at[\(i)]", "expected a finite number, got \(v)")
    }
    if n == 0 { return }
    guard out != nil else { throw MotionKernelError.invalidValue("out", "null output buffer") }
    let result = timing.values(at: input)
    if let i = result.firstIndex(where: { !$0.isFinite }) {
        throw MotionKernelError.invalidValue("at[\(i)]", "the easing's value at \(input[i]) is not a finite number")
    }
    try copy(result, to: out, count: n)
}

/// `length` bytes of UTF-8 at `p` as a string, exactly (a NUL is a character: a TimingSpec
/// string's grammar refuses it as eval does) — every text argument of the C ABI.
/// - Throws: `invalidValue` at `field` for a length beyond `Eval.maxLineBytes`, a null pointer
///   with a non-zero length, or bytes that are not UTF-8.
func utf8Text(_ p: UnsafePointer<UInt8>?, _ length: Int, _ field: String) throws -> String {
    guard length >= 0, length <= Eval.maxLineBytes else {
        throw MotionKernelError.invalidValue(field, "a length of \(UInt(bitPattern: length)) bytes exceeds the limit of \(Eval.maxLineBytes)")
    }
    if length == 0 { return "" }
    guard let p else { throw MotionKernelError.invalidValue(field, "null pointer for \(length) bytes") }
    guard let text = String(validating: UnsafeBufferPointer(start: p, count: length), as: UTF8.self) else {
        throw MotionKernelError.invalidValue(field, "expected UTF-8 text")
    }
    return text
}

/// `mk_timing_values`: evaluates the easing `spec` (NUL-terminated UTF-8: a Core Animation name
/// or a CSS `<easing-function>`) at `n` input progress values `x` (any finite reals) into `out`.
@_cdecl("mk_timing_values")
public func mk_timing_values(
    _ spec: UnsafePointer<CChar>?, _ x: UnsafePointer<Double>?, _ n: Int, _ out: UnsafeMutablePointer<Double>?,
    _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) {
        guard let spec else { throw MotionKernelError.missingField("timing") }
        let length = strlen(spec)
        let text = try spec.withMemoryRebound(to: UInt8.self, capacity: length) { try utf8Text($0, length, "timing") }
        // The eval protocol's reading of a TimingSpec string: Core Animation's names, then CSS.
        try timingValues(try parseTimingSpec(.string(text), path: "timing"), x, n, out)
    }
}

/// `mk_timing_values_n`: `mk_timing_values` with the string given by its length (`length` bytes
/// of UTF-8, NUL allowed and read as a character: the CSS grammar refuses it, as eval does).
@_cdecl("mk_timing_values_n")
public func mk_timing_values_n(
    _ spec: UnsafePointer<UInt8>?, _ length: Int, _ x: UnsafePointer<Double>?, _ n: Int, _ out: UnsafeMutablePointer<Double>?,
    _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) {
        try timingValues(try parseTimingSpec(.string(try utf8Text(spec, length, "timing")), path: "timing"), x, n, out)
    }
}

/// `mk_timing_values_json`: the easing given as an eval-protocol TimingSpec in JSON (`length`
/// bytes: a JSON string such as `"ease"` or an object such as `{"steps": 3, "position": "start"}`),
/// validated by the same parser as eval's `timing` field, errors named from `timing`.
@_cdecl("mk_timing_values_json")
public func mk_timing_values_json(
    _ spec: UnsafePointer<UInt8>?, _ length: Int, _ x: UnsafePointer<Double>?, _ n: Int, _ out: UnsafeMutablePointer<Double>?,
    _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) {
        guard length >= 0, length <= Eval.maxLineBytes else {
            throw MotionKernelError.invalidValue("timing", "a length of \(UInt(bitPattern: length)) bytes exceeds the limit of \(Eval.maxLineBytes)")
        }
        guard length == 0 || spec != nil else { throw MotionKernelError.invalidValue("timing", "null pointer for \(length) bytes") }
        let bytes = length == 0 ? [] : Array(UnsafeBufferPointer(start: spec, count: length))
        let value: JSONValue
        do {
            value = try JSONParser.parseWithIDRange(bytes).value
        } catch {
            throw MotionKernelError.invalidValue("timing", "not JSON: \(error)")
        }
        try timingValues(try parseTimingSpec(value, path: "timing"), x, n, out)
    }
}
