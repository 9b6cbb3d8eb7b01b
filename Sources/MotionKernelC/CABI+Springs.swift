import MotionKernel
import MotionKernelEval
import MotionPresets

// Typed C entry points for what the eval protocol's `spring.settle`, `spring.convert` and
// `preset.sample` answer (`include/motionkernel.h`, section "Settling, conversion, presets"):
// the same Swift code as the eval handlers, with numbers in and out instead of JSON, so the
// results are bit for bit eval's and the errors name the same fields.

/// A read-only pointer that may cross into `Parallel.forEachChunk` bodies (nil for an absent
/// optional column).
private struct SharedInput<T>: @unchecked Sendable {
    let p: UnsafePointer<T>?
    /// Item `i`, or `fallback` when the column is absent.
    subscript(i: Int, or fallback: T) -> T { p.map { $0[i] } ?? fallback }
}

// MARK: settling

/// The error of the lowest row among those recorded by concurrent chunks (each chunk records
/// its first failing row and stops), so the error reported does not depend on the thread count.
private final class FirstError: @unchecked Sendable {
    private let lock = Lock()
    private var row = Int.max
    private var first: MotionKernelError?

    /// Keeps `error` if `row` precedes every row recorded so far.
    func record(row i: Int, _ error: MotionKernelError) {
        lock.withLock {
            if i < row {
                row = i
                first = error
            }
        }
    }

    /// The error of the lowest row recorded, if any.
    var error: MotionKernelError? { lock.withLock { first } }
}

/// The columns of `mk_spring_settle_f64`, checked and shared across threads.
private struct SettleColumns: Sendable {
    let mass: SharedInput<Double>, stiffness: SharedInput<Double>, damping: SharedInput<Double>
    let from: SharedInput<Double>, to: SharedInput<Double>, velocity: SharedInput<Double>, epsilon: SharedInput<Double>
    /// Whether `damping` holds damping ratios ζ (the stiffness/dampingRatio parameter set).
    let isRatio: Bool
    /// 1 (one epsilon for every spring) or the spring count.
    let epsilonCount: Int
    /// The one epsilon of every spring, read before any output is written (so `out` may be the
    /// epsilon's own buffer); nil when there is one per spring.
    let sharedEpsilon: Double?

    /// The settling duration of spring `i`, by eval's `spring.settle` handler's steps: the spring
    /// from its parameter set (`SpringSpec.spring`), the check `epsilon > 0`, then
    /// `Spring.settlingDuration`, and eval's check of the answer for a non-finite number.
    /// - Throws: eval's error with its field (`stiffness`, `epsilon`, `from`, `damping`, or ""
    ///   for a non-finite result) indexed by the row: `stiffness[i]`, `epsilon[i]`, `[i]`.
    func settle(_ i: Int) throws -> Double {
        do {
            // SpringSpec.spring's two initialisers for these sets, called directly (every key is
            // present, so its lookups could only return these values), and settlingDuration
            // without its conversion to Double (these springs convert to themselves).
            let s = try Spring<Double>.settlingSpring(
                stiffness: stiffness[i, or: 0], damping: damping[i, or: 0], isRatio: isRatio, mass: mass[i, or: 1])
            let eps = sharedEpsilon ?? epsilon[i, or: 0]
            guard eps > 0 else { throw MotionKernelError.invalidValue("epsilon", "expected a number > 0, got \(eps)") }
            let t = try s.settlingDurationOfSettlingSpring(
                epsilon: eps, from: from[i, or: 0], to: to[i, or: 1], initialVelocity: velocity[i, or: 0])
            guard t.isFinite else { throw Eval.nonFiniteResult(at: "result.settlingDuration") }
            return t + 0
        } catch let e as MotionKernelError {
            throw MotionKernelError(code: e.code, field: "\(e.field)[\(i)]", reason: e.reason)
        }
    }
}

/// `mk_spring_settle_f64`'s work: counts and pointers checked before anything is read, every
/// input finite (column by column, in the order stiffness, damping, mass, from, to, velocity,
/// epsilon), then the springs settled on up to `threads` threads; the error reported is the
/// first row's in row order, whatever the thread count.
private func springSettle(
    _ n: Int, _ mass: UnsafePointer<Double>?, _ stiffness: UnsafePointer<Double>?, _ damping: UnsafePointer<Double>?,
    _ dampingIsRatio: Int32, _ from: UnsafePointer<Double>?, _ to: UnsafePointer<Double>?, _ velocity: UnsafePointer<Double>?,
    _ epsilon: UnsafePointer<Double>?, _ epsilonCount: Int, _ out: UnsafeMutablePointer<Double>?, _ threads: Int32
) throws {
    guard n >= 0 else { throw MotionKernelError.invalidValue("count", "expected >= 0, got \(n)") }
    guard n <= abiMaxOutputNumbers else {
        throw MotionKernelError.invalidValue("count", "\(n) springs exceed the limit of \(abiMaxOutputNumbers)")
    }
    guard threads >= 1 && threads <= 64 else { throw MotionKernelError.invalidValue("threads", "expected 1…64, got \(threads)") }
    guard dampingIsRatio == 0 || dampingIsRatio == 1 else {
        throw MotionKernelError.invalidValue("damping_is_ratio", "expected 0 (damping) or 1 (damping ratio), got \(dampingIsRatio)")
    }
    guard epsilonCount == 1 || epsilonCount == n else {
        throw MotionKernelError.invalidValue("epsilon", "has \(epsilonCount) items; expected 1 or \(n) (one per spring)")
    }
    if n == 0 { return }
    let isRatio = dampingIsRatio == 1
    let dampingKey = isRatio ? "dampingRatio" : "damping"
    // Argument by argument (no arrays: the one-spring call stays free of allocations).
    func present(_ p: UnsafePointer<Double>?, _ name: String, _ count: Int) throws {
        if p == nil { throw MotionKernelError.invalidValue(name, "null pointer for \(count) numbers") }
    }
    try present(stiffness, "stiffness", n)
    try present(damping, dampingKey, n)
    try present(from, "from", n)
    try present(to, "to", n)
    try present(epsilon, "epsilon", epsilonCount)
    guard let out else { throw MotionKernelError.invalidValue("out", "null output buffer") }
    func finite(_ p: UnsafePointer<Double>?, _ name: String, _ count: Int) throws {
        guard let p else { return }
        let column = UnsafeBufferPointer(start: p, count: count)
        if !allFinite(column), let i = column.firstIndex(where: { !$0.isFinite }) {
            throw MotionKernelError.invalidValue("\(name)[\(i)]", "expected a finite number, got \(column[i])")
        }
    }
    try finite(stiffness, "stiffness", n)
    try finite(damping, dampingKey, n)
    try finite(mass, "mass", n)
    try finite(from, "from", n)
    try finite(to, "to", n)
    try finite(velocity, "velocity", n)
    try finite(epsilon, "epsilon", epsilonCount)
    let c = SettleColumns(
        mass: SharedInput(p: mass), stiffness: SharedInput(p: stiffness), damping: SharedInput(p: damping), from: SharedInput(p: from),
        to: SharedInput(p: to), velocity: SharedInput(p: velocity), epsilon: SharedInput(p: epsilon), isRatio: isRatio,
        epsilonCount: epsilonCount, sharedEpsilon: epsilonCount == 1 ? epsilon?[0] : nil)
    if threads == 1 || n < 512 {
        // One thread: the rows in order, the first error thrown as it comes.
        for i in 0..<n { out[i] = try c.settle(i) }
        return
    }
    let result = SendablePointer(out)
    let first = FirstError()
    Parallel.forEachChunk(count: n, threads: Int(threads), minChunk: 256) { range in
        for i in range {
            do {
                result.base[i] = try c.settle(i)
            } catch {
                first.record(row: i, error as? MotionKernelError ?? MotionKernelError.invalidValue("[\(i)]", "\(error)"))
                return
            }
        }
    }
    if let e = first.error { throw e }
}

/// `mk_spring_settle_f64` (see the header): the settling durations of `n` springs, each as
/// eval's `spring.settle` computes it.
@_cdecl("mk_spring_settle_f64")
public func mk_spring_settle_f64(
    _ n: Int, _ mass: UnsafePointer<Double>?, _ stiffness: UnsafePointer<Double>?, _ damping: UnsafePointer<Double>?,
    _ dampingIsRatio: Int32, _ from: UnsafePointer<Double>?, _ to: UnsafePointer<Double>?, _ velocity: UnsafePointer<Double>?,
    _ epsilon: UnsafePointer<Double>?, _ epsilonCount: Int, _ out: UnsafeMutablePointer<Double>?, _ threads: Int32,
    _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) { try springSettle(n, mass, stiffness, damping, dampingIsRatio, from, to, velocity, epsilon, epsilonCount, out, threads) }
}

/// `mk_spring_settle_one_f64` (see the header): one spring from seven packed numbers
/// `p` = mass, stiffness, damping (or damping ratio), from, to, velocity, epsilon.
@_cdecl("mk_spring_settle_one_f64")
public func mk_spring_settle_one_f64(
    _ p: UnsafePointer<Double>?, _ dampingIsRatio: Int32, _ out: UnsafeMutablePointer<Double>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) {
        guard let p else { throw MotionKernelError.invalidValue("params", "null parameter buffer") }
        try springSettle(1, p, p + 1, p + 2, dampingIsRatio, p + 3, p + 4, p + 5, p + 6, 1, out, 1)
    }
}

// MARK: conversion

/// The keys of eval's SpringSpec in the order of the header's `MK_SPRING_KEY_*` bits: bit b of
/// `keys` says that `values[b]` is given for `springKeys[b]`.
private let springKeys = [
    "mass", "stiffness", "damping", "dampingRatio", "response", "duration", "bounce", "tension", "friction", "bounciness",
    "speed", "visualDuration",
]

/// The numbers of eval's `spring.convert` answer, in its order (the header's `out[0…9]`).
private func convertedNumbers(_ s: Spring<Double>) -> [(String, Double)] {
    [
        ("mass", s.mass), ("stiffness", s.stiffness), ("damping", s.damping), ("dampingRatio", s.dampingRatio),
        ("response", s.response), ("duration", s.duration), ("bounce", s.bounce), ("tension", s.tension),
        ("friction", s.friction), ("undampedPeriod", s.undampedPeriod),
    ]
}

/// `mk_spring_convert_f64` (see the header): the spring given by the keys in `keys` and their
/// `values`, read by eval's own `spring` parser (`SpringOps.parseSpring`: the field set chosen by
/// the keys present, errors named `spring.stiffness`), in every parameterisation.
@_cdecl("mk_spring_convert_f64")
public func mk_spring_convert_f64(
    _ keys: UInt32, _ values: UnsafePointer<Double>?, _ out: UnsafeMutablePointer<Double>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) {
        guard keys >> springKeys.count == 0 else {
            throw MotionKernelError.invalidValue(
                "keys", "unknown key bits \((keys >> springKeys.count) << springKeys.count); expected bits 0…\(springKeys.count - 1)")
        }
        guard keys == 0 || values != nil else { throw MotionKernelError.invalidValue("values", "null pointer for \(springKeys.count) numbers") }
        guard let out else { throw MotionKernelError.invalidValue("out", "null output buffer") }
        var spring = JSONObject()
        for (b, key) in springKeys.enumerated() where keys & (1 << b) != 0 {
            let v = values![b]
            guard v.isFinite else { throw MotionKernelError.invalidValue("spring.\(key)", "expected a finite number, got \(v)") }
            spring[key] = .number(v)
        }
        let s: Spring<Double> = try SpringOps.parseSpring(Fields(spring, path: "spring"))
        let numbers = convertedNumbers(s)
        if let (key, _) = numbers.first(where: { !$0.1.isFinite }) {
            throw Eval.nonFiniteResult(at: "result.\(key)")
        }
        for (i, (_, v)) in numbers.enumerated() { out[i] = v + 0 }
    }
}

// MARK: presets

/// A preset request as eval's `preset.sample` reads it, made from the C arguments.
private struct PresetRequest {
    let animation: Animation
    let fps: Double
    let frames: Int

    /// `preset` (`length` bytes of UTF-8) with `optionCount` options (names packed in
    /// `optionNames`, `optionNameLengths[i]` bytes each) at `fps`, built and checked by eval's
    /// steps: the preset and its options (`PresetOps.makePreset`), the frame count
    /// (`PresetOps.frameCount`) and eval's output limit, naming `preset`, `options.<name>`,
    /// `options` or `fps` as eval does.
    init(
        _ name: UnsafePointer<UInt8>?, _ length: Int, _ fps: Double, _ optionCount: Int, _ optionNames: UnsafePointer<UInt8>?,
        _ optionNameLengths: UnsafePointer<Int>?, _ optionValues: UnsafePointer<Double>?
    ) throws {
        let preset = try utf8Text(name, length, "preset")
        guard optionCount >= 0, optionCount <= 1_000_000 else {
            throw MotionKernelError.invalidValue("options", "\(UInt(bitPattern: optionCount)) options exceed the limit of 1000000")
        }
        var options = JSONObject()
        if optionCount > 0 {
            guard let optionNameLengths else { throw MotionKernelError.invalidValue("option_name_lengths", "null pointer for \(optionCount) numbers") }
            guard let optionValues else { throw MotionKernelError.invalidValue("option_values", "null pointer for \(optionCount) numbers") }
            var offset = 0
            for i in 0..<optionCount {
                let n = optionNameLengths[i]
                guard n >= 0, n <= Eval.maxLineBytes - offset else {
                    throw MotionKernelError.invalidValue("option_name_lengths[\(i)]", "the names exceed the limit of \(Eval.maxLineBytes) bytes")
                }
                let key = try utf8Text(optionNames.map { $0 + offset }, n, "options")
                offset += n
                let v = optionValues[i]
                guard v.isFinite else { throw MotionKernelError.invalidValue("options.\(key)", "expected a finite number, got \(v)") }
                options[key] = .number(v)
            }
        }
        guard fps.isFinite else { throw MotionKernelError.invalidValue("fps", "expected a finite number, got \(fps)") }
        let f = Fields(JSONObject([("preset", .string(preset)), ("options", .object(options))]))
        animation = try PresetOps.makePreset(f)
        self.fps = fps
        frames = try PresetOps.frameCount(duration: animation.duration, fps: fps, f, durationField: f.path("options"))
        try Fields.checkOutput([frames, 1 + animation.layers.count * PresetOps.numbersPerLayer], f.path("fps"))
    }

    /// The bytes of the layer names, each followed by a NUL.
    var nameBytes: Int { animation.layers.reduce(0) { $0 + $1.utf8.count + 1 } }
}

/// `mk_preset_frames_f64` (see the header): eval's `preset.sample` as columns, written when the
/// caller's capacities hold them; the sizes are written in either case.
@_cdecl("mk_preset_frames_f64")
public func mk_preset_frames_f64(
    _ name: UnsafePointer<UInt8>?, _ length: Int, _ fps: Double, _ optionCount: Int, _ optionNames: UnsafePointer<UInt8>?,
    _ optionNameLengths: UnsafePointer<Int>?, _ optionValues: UnsafePointer<Double>?, _ frameCapacity: Int, _ layerCapacity: Int,
    _ nameCapacity: Int, _ sizes: UnsafeMutablePointer<Int>?, _ duration: UnsafeMutablePointer<Double>?,
    _ time: UnsafeMutablePointer<Double>?, _ transforms: UnsafeMutablePointer<Double>?, _ opacities: UnsafeMutablePointer<Double>?,
    _ layerNames: UnsafeMutablePointer<UInt8>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) {
        for (field, capacity) in [("frame_capacity", frameCapacity), ("layer_capacity", layerCapacity), ("name_capacity", nameCapacity)]
        where capacity < 0 || capacity > abiMaxOutputNumbers {
            throw MotionKernelError.invalidValue(field, "\(UInt(bitPattern: capacity)) exceeds the limit of \(abiMaxOutputNumbers)")
        }
        guard let sizes else { throw MotionKernelError.invalidValue("sizes", "null output buffer") }
        let r = try PresetRequest(name, length, fps, optionCount, optionNames, optionNameLengths, optionValues)
        let layers = r.animation.layers
        let frameCount = r.frames, nameBytes = r.nameBytes
        guard frameCount <= frameCapacity, layers.count <= layerCapacity, nameBytes <= nameCapacity else {
            // A query (or buffers too small): the sizes only.
            sizes[0] = frameCount
            sizes[1] = layers.count
            sizes[2] = nameBytes
            return
        }
        guard let duration else { throw MotionKernelError.invalidValue("duration", "null output buffer") }
        guard let time else { throw MotionKernelError.invalidValue("time", "null output buffer") }
        guard layers.isEmpty || transforms != nil else { throw MotionKernelError.invalidValue("transforms", "null output buffer") }
        guard layers.isEmpty || opacities != nil else { throw MotionKernelError.invalidValue("opacities", "null output buffer") }
        guard let layerNames else { throw MotionKernelError.invalidValue("layer_names", "null output buffer") }
        let frames = try r.animation.frames(fps: r.fps)
        guard frames.count == frameCount else { throw MotionKernelError.invalidValue("fps", "the frame count changed while sampling") }
        // eval's numbers: each written as `v + 0` (no negative zero), layer l's frame f at l·F + f.
        duration.pointee = r.animation.duration + 0
        for (f, frame) in frames.enumerated() {
            time[f] = frame.time + 0
            for (l, state) in frame.states.enumerated() {
                let row = transforms! + (l * frameCount + f) * 16
                for (j, v) in state.transform.rowMajor.enumerated() { row[j] = v + 0 }
                opacities![l * frameCount + f] = state.opacity + 0
            }
        }
        var offset = 0
        for layer in layers {
            for b in layer.utf8 {
                layerNames[offset] = b
                offset += 1
            }
            layerNames[offset] = 0
            offset += 1
        }
        sizes[0] = frameCount
        sizes[1] = layers.count
        sizes[2] = nameBytes
    }
}
