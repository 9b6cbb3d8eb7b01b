import MotionKernel
import MotionKernelEval

// Typed entry points for curves (`include/motionkernel.h`, section "Curves"): eval's
// `spline.sample` and `keyframes.sample`, and TimingSpec objects, over plain arrays and small
// structs instead of JSON. The numbers come from the same code as eval (`SplineOps.evaluate`,
// `KeyframeOps.Spec.track`, `parseTimingSpec`), so results are bit for bit eval's (a zero result
// is +0, as eval's answer reads back), and errors name the same fields (`spline.x[3]`, `at[2]`,
// `timing.cubicBezier[0]`, `keyframes.timingFunctions[1].position`).

/// Byte layout of `mk_spline_end` and `mk_timing_spec` (natural C alignment; P = pointer size).
enum CCurveLayout {
    static let pointer = MemoryLayout<UnsafeRawPointer>.size
    /// `mk_spline_end`: name, name_length, order, value, value_count, per_channel.
    static let endName = 0, endNameLength = pointer, endOrder = 2 * pointer
    static let endValue = 2 * pointer + 8, endValueCount = 3 * pointer + 8, endPerChannel = 4 * pointer + 8
    static let endStride = (4 * pointer + 12 + 7) & ~7
    /// `mk_timing_spec`: kind, fields, text, text_length, numbers[13].
    static let specKind = 0, specFields = 4, specText = 8, specTextLength = 8 + pointer
    static let specNumbers = (8 + 2 * pointer + 7) & ~7
    static let specStride = specNumbers + 13 * 8
}

/// `mk_timing_spec.kind` codes.
enum CTimingKind {
    static let text: Int32 = 0, cubicBezier: Int32 = 1, steps: Int32 = 2, spring: Int32 = 3
}

/// The SpringSpec keys of `mk_timing_spec` (kind spring) in the order of `numbers` and of the
/// bits of `fields`; bit 12 and `numbers[12]` are `initialVelocity`.
let cSpringKeys = [
    "mass", "stiffness", "damping", "dampingRatio", "response", "duration", "bounce", "tension", "friction",
    "bounciness", "speed", "visualDuration",
]

/// The `count` numbers at `p`, checked finite: a bad one is `invalidValue` naming `field[i]`,
/// or `field[i][j]` for rows of `channels` numbers when `rows` (eval's names for vector items).
private func finiteArray(_ p: UnsafePointer<Double>?, _ count: Int, _ field: String, rows: Bool = false, channels: Int = 1) throws -> [Double] {
    let a = try array(p, count, field)
    // A few numbers are checked one by one; many by the vectorized `allFinite` first.
    let finite = a.count < 64 ? a.allSatisfy(\.isFinite) : a.withUnsafeBufferPointer({ allFinite($0) })
    if !finite, let i = a.firstIndex(where: { !$0.isFinite }) {
        let name = rows ? "\(field)[\(i / channels)][\(i % channels)]" : "\(field)[\(i)]"
        throw MotionKernelError.invalidValue(name, "expected a finite number, got \(a[i])")
    }
    return a
}

/// Writes `result` to `out` (`count` numbers, nothing for 0), a zero as +0 as eval's answer
/// reads back (`-0` in JSON is the integer 0).
/// - Throws: eval's refusal of a non-finite result (field "", the number's place in eval's answer:
///   `result[i]`, or `result[i][j]` for rows of `channels` numbers when `rows`), before anything
///   is written; `invalidValue` naming `out` when it is null.
private func writeResult(_ result: [Double], to out: UnsafeMutablePointer<Double>?, count: Int, rows: Bool, channels: Int) throws {
    if count == 0 { return }
    if !result.withUnsafeBufferPointer({ allFinite($0) }), let i = result.firstIndex(where: { !$0.isFinite }) {
        let place = rows ? "result[\(i / channels)][\(i % channels)]" : "result[\(i)]"
        throw Eval.nonFiniteResult(at: place)
    }
    guard let out else { throw MotionKernelError.invalidValue("out", "null output buffer") }
    for i in 0..<count { out[i] = result[i] + 0 }
}

// MARK: TimingSpec structs

/// The eval-protocol TimingSpec that the `mk_timing_spec` at `p` stands for, as a JSON value for
/// `parseTimingSpec` (which then checks it exactly as eval does).
/// - Throws: `invalidValue` at `path` for an unknown kind or bad text.
private func timingSpecValue(_ p: UnsafeRawPointer, path: String) throws -> JSONValue {
    let kind = p.loadUnaligned(fromByteOffset: CCurveLayout.specKind, as: Int32.self)
    let fields = p.loadUnaligned(fromByteOffset: CCurveLayout.specFields, as: UInt32.self)
    let text = p.loadUnaligned(fromByteOffset: CCurveLayout.specText, as: UnsafePointer<UInt8>?.self)
    let textLength = p.loadUnaligned(fromByteOffset: CCurveLayout.specTextLength, as: Int.self)
    func number(_ i: Int) -> JSONValue { .number(p.loadUnaligned(fromByteOffset: CCurveLayout.specNumbers + 8 * i, as: Double.self)) }
    switch kind {
    case CTimingKind.text:
        return .string(try utf8Text(text, textLength, path))
    case CTimingKind.cubicBezier:
        guard fields <= 4 else {
            throw MotionKernelError.invalidValue(path.isEmpty ? "cubicBezier" : "\(path).cubicBezier", "has \(fields) items, at most 4 allowed")
        }
        return .object(JSONObject([("cubicBezier", .array((0..<Int(fields)).map(number)))]))
    case CTimingKind.steps:
        var o: [(String, JSONValue)] = [("steps", number(0))]
        if let text { o.append(("position", .string(try utf8Text(text, textLength, path.isEmpty ? "position" : "\(path).position")))) }
        return .object(JSONObject(o))
    case CTimingKind.spring:
        var spring: [(String, JSONValue)] = []
        for (i, key) in cSpringKeys.enumerated() where fields & (1 << i) != 0 { spring.append((key, number(i))) }
        var o: [(String, JSONValue)] = [("spring", .object(JSONObject(spring)))]
        if fields & (1 << 12) != 0 { o.append(("initialVelocity", number(12))) }
        return .object(JSONObject(o))
    default:
        throw MotionKernelError.invalidValue(path, "unknown mk_timing_spec kind \(kind); expected 0 (text), 1 (cubicBezier), 2 (steps) or 3 (spring)")
    }
}

/// `mk_timing_spec_values`: the easing given by one `mk_timing_spec` at `n` finite input progress
/// values into `out`, checked by eval's TimingSpec parser with errors named from `timing`,
/// evaluated as `mk_timing_values_json` evaluates the same spec in JSON.
@_cdecl("mk_timing_spec_values")
public func mk_timing_spec_values(
    _ spec: UnsafeRawPointer?, _ x: UnsafePointer<Double>?, _ n: Int, _ out: UnsafeMutablePointer<Double>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) {
        guard let spec else { throw MotionKernelError.missingField("timing") }
        try timingValues(try parseTimingSpec(try timingSpecValue(spec, path: "timing"), path: "timing"), x, n, out)
    }
}

// MARK: splines

/// One end of a spline boundary (`mk_spline_end` at `p`) as eval's JSON form: a name, or
/// `[order, value]` with value a number or an array of numbers.
///
/// The value count is checked before the values are read (a count the y channels cannot take is
/// refused with eval's message, so no buffer is read or copied past what the call needs):
/// `channels` and `vectorItems` are the y items' as `splineSample` takes them.
private func splineEnd(_ p: UnsafeRawPointer, _ path: String, channels: Int, vectorItems: Bool) throws -> JSONValue {
    let name = p.loadUnaligned(fromByteOffset: CCurveLayout.endName, as: UnsafePointer<UInt8>?.self)
    if name != nil {
        return .string(try utf8Text(name, p.loadUnaligned(fromByteOffset: CCurveLayout.endNameLength, as: Int.self), path))
    }
    let order = p.loadUnaligned(fromByteOffset: CCurveLayout.endOrder, as: Double.self)
    let value = p.loadUnaligned(fromByteOffset: CCurveLayout.endValue, as: UnsafePointer<Double>?.self)
    let count = p.loadUnaligned(fromByteOffset: CCurveLayout.endValueCount, as: Int.self)
    if p.loadUnaligned(fromByteOffset: CCurveLayout.endPerChannel, as: Int32.self) != 0 {
        guard vectorItems else {
            throw MotionKernelError.invalidValue("\(path)[1]", "the y items are numbers, so the value is a number, got an array")
        }
        guard count == channels else {
            throw MotionKernelError.invalidValue(
                "\(path)[1]", "expected \(channels) numbers (one per y channel), got \(UInt(bitPattern: count))")
        }
        return .array([.number(order), .array(try finiteArray(value, count, "\(path)[1]").map(JSONValue.number))])
    }
    guard count == 1 else {
        throw MotionKernelError.invalidValue("\(path)[1]", "expected one number (value_count 1), got \(UInt(bitPattern: count))")
    }
    return .array([.number(order), .number(try finiteArray(value, 1, "\(path)[1]")[0])])
}

/// Throws eval's `invalidValue` at `field` when `count` (a C size_t) exceeds `SplineOps.maxKnots`.
private func checkKnots(_ count: Int, _ field: String) throws {
    guard UInt(bitPattern: count) <= UInt(SplineOps.maxKnots) else {
        throw MotionKernelError.invalidValue(field, "has \(UInt(bitPattern: count)) items, at most \(SplineOps.maxKnots) knots allowed")
    }
}

/// `spline.sample` over arrays: the checks of eval's handler in its order, then
/// `SplineOps.evaluate` in Double. `y` holds `yCount` items of `channels` numbers (`vectorItems`:
/// arrays, else numbers and `channels` 1). `boundary` is a name, or `ends` two `mk_spline_end`;
/// `alpha` nil is absent.
private func splineSample(
    _ kind: String, _ x: UnsafePointer<Double>?, _ n: Int, _ y: UnsafePointer<Double>?, _ yCount: Int, _ channels: Int,
    _ vectorItems: Bool, _ boundary: JSONValue?, _ alpha: Double?, _ derivative: Int32,
    _ at: UnsafePointer<Double>?, _ m: Int, _ out: UnsafeMutablePointer<Double>?
) throws {
    guard SplineOps.kinds.contains(kind) else {
        throw MotionKernelError.invalidValue(
            "spline.kind", "unknown spline kind \"\(kind)\"; expected one of \(SplineOps.kinds.joined(separator: ", "))")
    }
    if boundary != nil && kind != "cubic" {
        throw MotionKernelError.invalidValue("spline.boundary", "applies to kind \"cubic\" only")
    }
    if let a = alpha {
        guard kind == "catmullRom" else { throw MotionKernelError.invalidValue("spline.alpha", "applies to kind \"catmullRom\" only") }
        guard a >= 0, a <= 1 else { throw MotionKernelError.invalidValue("spline.alpha", "expected a number in [0, 1], got \(a)") }
    }
    try checkKnots(n, "spline.x")
    try checkKnots(yCount, "spline.y")
    // An empty y is eval's `[]`: one channel of numbers.
    let (c, vector) = yCount == 0 ? (1, false) : (channels, vectorItems)
    guard vector || c == 1 else { throw MotionKernelError.invalidValue("channels", "expected 1 for number items, got \(c)") }
    guard c >= 1 else { throw MotionKernelError.invalidValue("spline.y[0]", "expected a non-empty array of numbers") }
    try Fields.checkOutput([m, c], "at")
    // More y items than x: refused before either array is read (eval reads both first, so a
    // request with more than one error may be named differently; fewer items keep eval's order).
    let yNumbers = try MotionKernelError.checkedCount([yCount, c], limit: maxOutputNumbers, "spline.y")
    // The mismatch error is made only when thrown (its text costs more than a small spline's fit).
    func mismatch() -> MotionKernelError { MotionKernelError.invalidValue("spline.y", "expected \(n) items (one per x), got \(yCount)") }
    if yCount > n { throw mismatch() }
    let xs = try finiteArray(x, n, "spline.x")
    let ys = try finiteArray(y, yNumbers, "spline.y", rows: vector, channels: c)
    guard yCount == n else { throw mismatch() }
    var bc = CubicSplineBoundary.notAKnot
    if let boundary {
        let spec = Fields(JSONObject([("boundary", boundary)]), path: "spline")
        bc = try SplineOps.boundary(spec, channels: c, vectorItems: vector, float: false) ?? .notAKnot
    }
    let ats = try finiteArray(at, m, "at")
    guard (0...2).contains(derivative) else { throw MotionKernelError.invalidValue("derivative", "expected 0, 1 or 2, got \(derivative)") }
    let result: [Double]
    do {
        result = try SplineOps.evaluateDouble(
            kind: kind, boundary: bc, alpha: alpha ?? 0.5, x: xs, y: ys, channels: c, at: ats, derivative: Int(derivative))
    } catch let e {
        throw e.prefixed("spline")
    }
    try writeResult(result, to: out, count: m * c, rows: vector, channels: c)
}

/// `mk_spline_sample_f64` (see the header): eval's `spline.sample` in double over arrays.
@_cdecl("mk_spline_sample_f64")
public func mk_spline_sample_f64(
    _ kind: UnsafePointer<UInt8>?, _ kindLength: Int, _ x: UnsafePointer<Double>?, _ n: Int, _ y: UnsafePointer<Double>?,
    _ yCount: Int, _ channels: Int, _ vectorItems: Int32, _ boundary: UnsafePointer<UInt8>?, _ boundaryLength: Int,
    _ ends: UnsafeRawPointer?, _ alpha: UnsafePointer<Double>?, _ derivative: Int32, _ at: UnsafePointer<Double>?, _ m: Int,
    _ out: UnsafeMutablePointer<Double>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) {
        guard kind != nil else { throw MotionKernelError.missingField("spline.kind") }
        let name = try utf8Text(kind, kindLength, "spline.kind")
        var bc: JSONValue? = nil
        if boundary != nil, ends != nil {
            throw MotionKernelError.invalidValue("spline.boundary", "give a boundary name or two ends, not both")
        } else if boundary != nil {
            bc = .string(try utf8Text(boundary, boundaryLength, "spline.boundary"))
        } else if let ends {
            // An empty y is eval's `[]`: one channel of numbers (as splineSample reads it).
            let (c, vector) = yCount == 0 ? (1, false) : (channels, vectorItems != 0)
            bc = .array([
                try splineEnd(ends, "spline.boundary[0]", channels: c, vectorItems: vector),
                try splineEnd(ends + CCurveLayout.endStride, "spline.boundary[1]", channels: c, vectorItems: vector),
            ])
        }
        try splineSample(name, x, n, y, yCount, channels, vectorItems != 0, bc, alpha?.pointee, derivative, at, m, out)
    }
}

// MARK: keyframes

/// `keyframes.sample` over arrays: `values` (k items of `dimension` numbers), `keyTimes` (nil:
/// absent), the mode and timing functions read by eval's `KeyframeOps.parse`, `at` clamped to
/// [0, 1], sampled by the same `KeyframeOps.Spec.track` in Double.
private func keyframesSample(
    _ values: UnsafePointer<Double>?, _ k: Int, _ dimension: Int, _ vectorItems: Bool, _ keyTimes: UnsafePointer<Double>?, _ keyTimeCount: Int,
    _ members: [(String, JSONValue)], _ at: UnsafePointer<Double>?, _ m: Int, _ out: UnsafeMutablePointer<Double>?
) throws {
    guard k != 0 else { throw MotionKernelError.invalidValue("keyframes.values", "expected at least one value") }
    guard vectorItems || dimension == 1 else { throw MotionKernelError.invalidValue("dimension", "expected 1 for number items, got \(dimension)") }
    guard dimension >= 1 else { throw MotionKernelError.invalidValue("keyframes.values[0]", "expected a non-empty array of numbers") }
    let total = try MotionKernelError.checkedCount([k, dimension], limit: maxOutputNumbers, "keyframes.values")
    let items = try finiteArray(values, total, "keyframes.values", rows: vectorItems, channels: dimension)
    var spec = try KeyframeOps.parse(Fields(JSONObject(members), path: "keyframes"), requireMode: false, valuesKey: nil)
    spec.values = items
    spec.dimension = dimension
    spec.vectorItems = vectorItems
    if keyTimes != nil || keyTimeCount != 0 {
        guard UInt(bitPattern: keyTimeCount) <= UInt(maxOutputNumbers) else {
            throw MotionKernelError.invalidValue("keyframes.keyTimes", "has \(UInt(bitPattern: keyTimeCount)) items, at most \(maxOutputNumbers) allowed")
        }
        // More key times than the track's count rule allows: refused before the buffer is read,
        // with the track's message (fewer are read first, as eval reads them).
        let discrete = spec.mode == .discrete
        guard keyTimeCount <= (discrete ? k + 1 : k) else {
            let expected = discrete ? "\(k + 1) (one more than the values, Core Animation's rule) or \(k)" : "\(k) (one per value)"
            throw MotionKernelError.invalidValue("keyframes.keyTimes", "expected \(expected) key times, got \(keyTimeCount)")
        }
        spec.keyTimes = try finiteArray(keyTimes, keyTimeCount, "keyframes.keyTimes")
    }
    try Fields.checkOutput([m, dimension], "at")
    let ats = try finiteArray(at, m, "at").map { min(max($0, 0), 1) }
    try writeResult(
        try spec.track(Double.self, path: "keyframes").sample(at: ats), to: out, count: m * dimension, rows: vectorItems, channels: dimension)
}

/// `mk_keyframes_sample_f64` (see the header): eval's `keyframes.sample` in double over arrays.
@_cdecl("mk_keyframes_sample_f64")
public func mk_keyframes_sample_f64(
    _ values: UnsafePointer<Double>?, _ k: Int, _ dimension: Int, _ vectorItems: Int32, _ keyTimes: UnsafePointer<Double>?,
    _ keyTimeCount: Int, _ mode: UnsafePointer<UInt8>?, _ modeLength: Int, _ timingFunctions: UnsafeRawPointer?,
    _ timingCount: Int, _ at: UnsafePointer<Double>?, _ m: Int, _ out: UnsafeMutablePointer<Double>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) {
        var members: [(String, JSONValue)] = []
        if mode != nil { members.append(("calculationMode", .string(try utf8Text(mode, modeLength, "keyframes.calculationMode")))) }
        if timingFunctions != nil || timingCount != 0 {
            guard timingCount >= 0, timingCount <= maxOutputNumbers else {
                throw MotionKernelError.invalidValue("keyframes.timingFunctions", "has \(UInt(bitPattern: timingCount)) items, too many")
            }
            guard let timingFunctions else {
                throw MotionKernelError.invalidValue("keyframes.timingFunctions", "null pointer for \(timingCount) items")
            }
            // More than the track's count rule allows (one per segment; the paced modes ignore
            // them): refused before the structs are read, with its message (fewer are read
            // first, as eval reads them).
            let modeName = members.first?.1
            let paced = modeName == .string("paced") || modeName == .string("cubicPaced")
            if !paced, k >= 1, timingCount > k - 1 {
                throw MotionKernelError.invalidValue(
                    "keyframes.timingFunctions", "expected \(k - 1) timing functions (one per segment between \(k) values), got \(timingCount)")
            }
            let specs = try (0..<timingCount).map { i in
                try timingSpecValue(timingFunctions + i * CCurveLayout.specStride, path: "keyframes.timingFunctions[\(i)]")
            }
            members.append(("timingFunctions", .array(specs)))
        }
        try keyframesSample(values, k, dimension, vectorItems != 0, keyTimes, keyTimeCount, members, at, m, out)
    }
}
