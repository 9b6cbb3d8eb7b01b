import MotionKernel
import MotionKernelEval

// Typed C entry points for what the eval protocol's `decay.sample`, `velocity.estimate` and
// `rubberBand` answer (`include/motionkernel.h`, section "Released gestures"), vectorised over
// releases and rows: the same Swift models, parsed by eval's own reader of the `decay` object,
// so results are bit for bit eval's and errors name the same fields.

/// `mk_decay_sample_f64` (see the header).
@_cdecl("mk_decay_sample_f64")
public func mk_decay_sample_f64(
    _ model: UnsafePointer<UInt8>?, _ modelLength: Int, _ paramCount: Int, _ paramNames: UnsafePointer<UInt8>?,
    _ paramNameLengths: UnsafePointer<Int>?, _ paramValues: UnsafePointer<Double>?, _ snapTo: UnsafePointer<Double>?, _ snapCount: Int,
    _ n: Int, _ from: UnsafePointer<Double>?, _ velocity: UnsafePointer<Double>?, _ times: UnsafePointer<Double>?, _ tCount: Int,
    _ values: UnsafeMutablePointer<Double>?, _ velocities: UnsafeMutablePointer<Double>?, _ resting: UnsafeMutablePointer<Double>?,
    _ durations: UnsafeMutablePointer<Double>?, _ extra: UnsafeMutablePointer<Double>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    decaySample(
        perRelease: false, model, modelLength, paramCount, paramNames, paramNameLengths, paramValues, snapTo, snapCount, n, from, velocity,
        times, tCount, values, velocities, resting, durations, extra, err)
}

/// `mk_decay_sample_rows_f64` (see the header): parameters per release.
@_cdecl("mk_decay_sample_rows_f64")
public func mk_decay_sample_rows_f64(
    _ model: UnsafePointer<UInt8>?, _ modelLength: Int, _ paramCount: Int, _ paramNames: UnsafePointer<UInt8>?,
    _ paramNameLengths: UnsafePointer<Int>?, _ paramValues: UnsafePointer<Double>?, _ snapTo: UnsafePointer<Double>?, _ snapCount: Int,
    _ n: Int, _ from: UnsafePointer<Double>?, _ velocity: UnsafePointer<Double>?, _ times: UnsafePointer<Double>?, _ tCount: Int,
    _ values: UnsafeMutablePointer<Double>?, _ velocities: UnsafeMutablePointer<Double>?, _ resting: UnsafeMutablePointer<Double>?,
    _ durations: UnsafeMutablePointer<Double>?, _ extra: UnsafeMutablePointer<Double>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    decaySample(
        perRelease: true, model, modelLength, paramCount, paramNames, paramNameLengths, paramValues, snapTo, snapCount, n, from, velocity,
        times, tCount, values, velocities, resting, durations, extra, err)
}

/// Both decay entry points: `perRelease` reads `paramValues` as `paramCount` columns of n
/// numbers (parameter p of release i at p·n + i), else as one number per parameter.
private func decaySample(
    perRelease: Bool, _ model: UnsafePointer<UInt8>?, _ modelLength: Int, _ paramCount: Int, _ paramNames: UnsafePointer<UInt8>?,
    _ paramNameLengths: UnsafePointer<Int>?, _ paramValues: UnsafePointer<Double>?, _ snapTo: UnsafePointer<Double>?, _ snapCount: Int,
    _ n: Int, _ from: UnsafePointer<Double>?, _ velocity: UnsafePointer<Double>?, _ times: UnsafePointer<Double>?, _ tCount: Int,
    _ values: UnsafeMutablePointer<Double>?, _ velocities: UnsafeMutablePointer<Double>?, _ resting: UnsafeMutablePointer<Double>?,
    _ durations: UnsafeMutablePointer<Double>?, _ extra: UnsafeMutablePointer<Double>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) {
        guard n >= 0, n <= abiMaxOutputNumbers else {
            throw MotionKernelError.invalidValue("count", "\(UInt(bitPattern: n)) releases exceed the limit of \(abiMaxOutputNumbers)")
        }
        guard tCount >= 0, tCount <= abiMaxOutputNumbers else {
            throw MotionKernelError.invalidValue("times", "\(UInt(bitPattern: tCount)) times exceed the limit of \(abiMaxOutputNumbers)")
        }
        let total = try MotionKernelError.checkedCount([n, tCount], limit: abiMaxOutputNumbers, "count")
        // The decay object, as eval reads it.
        guard model != nil else { throw MotionKernelError.missingField("decay.model") }
        var object = JSONObject([("model", .string(try utf8Text(model, modelLength, "decay.model")))])
        guard paramCount >= 0, paramCount <= 64 else {
            throw MotionKernelError.invalidValue("decay", "\(UInt(bitPattern: paramCount)) parameters exceed the limit of 64")
        }
        // Per release, the columns' first numbers stand for the object (and an empty call reads none).
        var keys: [String] = []
        if paramCount > 0 {
            guard let paramNameLengths else { throw MotionKernelError.invalidValue("param_name_lengths", "null pointer for \(paramCount) numbers") }
            // Per release with no releases the columns hold no numbers (and may be NULL).
            let columnsEmpty = perRelease && n == 0
            guard paramValues != nil || columnsEmpty else {
                throw MotionKernelError.invalidValue("param_values", "null pointer for \(perRelease ? paramCount * n : paramCount) numbers")
            }
            var offset = 0
            for i in 0..<paramCount {
                let length = paramNameLengths[i]
                guard length >= 0, length <= 256 else {
                    throw MotionKernelError.invalidValue("param_name_lengths[\(i)]", "expected a name of at most 256 bytes, got \(UInt(bitPattern: length))")
                }
                let key = try utf8Text(paramNames.map { $0 + offset }, length, "decay")
                offset += length
                guard !keys.contains(key) else { throw MotionKernelError.invalidValue("decay.\(key)", "given twice") }
                keys.append(key)
                if columnsEmpty {
                    object[key] = .number(0)  // only its name is checked: there is no release to read
                    continue
                }
                let v = paramValues![perRelease ? i * n : i]
                guard v.isFinite else {
                    throw MotionKernelError.invalidValue(perRelease ? "decay.\(key)[0]" : "decay.\(key)", "expected a finite number, got \(v)")
                }
                object[key] = .number(v)
            }
        }
        if snapTo != nil || snapCount != 0 {
            guard snapCount >= 0, snapCount <= 1_000_000 else {
                throw MotionKernelError.invalidValue("decay.snapTo", "has \(UInt(bitPattern: snapCount)) items, at most 1000000 allowed")
            }
            guard let snapTo else { throw MotionKernelError.invalidValue("decay.snapTo", "null pointer for \(snapCount) numbers") }
            for i in 0..<snapCount where !snapTo[i].isFinite {
                throw MotionKernelError.invalidValue("decay.snapTo[\(i)]", "expected a finite number, got \(snapTo[i])")
            }
            object["snapTo"] = .numbers(UnsafeBufferPointer(start: snapTo, count: snapCount))
        }
        let spec = try DecayOps.parseSpec(Fields(object, path: "decay"))
        if n == 0 { return }
        guard let velocity else { throw MotionKernelError.invalidValue("velocity", "null pointer for \(n) numbers") }
        guard tCount == 0 || times != nil else { throw MotionKernelError.invalidValue("times", "null pointer for \(tCount) numbers") }
        for j in 0..<tCount {
            let t = times![j]
            guard t.isFinite, t >= 0 else { throw MotionKernelError.invalidValue("times[\(j)]", "expected a finite time >= 0 seconds, got \(t)") }
        }
        guard total == 0 || values != nil else { throw MotionKernelError.invalidValue("values", "null output buffer") }
        // Two passes: every release made and its states checked before anything is written (a
        // failed call writes nothing), then made again and written; no memory sized by n.
        // Per release: its own parameters (each finite), the object's names.
        if perRelease, paramCount > 0, let paramValues {
            for (p, key) in keys.enumerated() {
                for i in 0..<n where !paramValues[p * n + i].isFinite {
                    throw MotionKernelError.invalidValue("decay.\(key)[\(i)]", "expected a finite number, got \(paramValues[p * n + i])")
                }
            }
        }
        // The exponential models through the bulk kernels: the same bits, much faster.
        if snapTo == nil, snapCount == 0, tCount > 0, ExponentialRows.models.contains(spec.model),
            try ExponentialRows(
                model: spec.model, keys: keys, perRelease: perRelease, paramValues: paramValues, n: n, from: from, velocity: velocity,
                times: times, tCount: tCount
            ).run(
                values: values, velocities: velocities, resting: resting, durations: durations, extra: extra,
                named: { i in
                    // A row whose model throws: the general path's maker names the error.
                    var own = spec
                    if perRelease, paramCount > 0, let paramValues {
                        var numbers: [String: Double] = [:]
                        for (p, key) in keys.enumerated() { numbers[key] = paramValues[p * n + i] }
                        own = spec.with(numbers: numbers)
                    }
                    do {
                        _ = try own.motion(from: from?[i] ?? 0, velocity: velocity[i])
                    } catch let e as MotionKernelError where e.field == "from" || e.field == "velocity" || (perRelease && e.field.hasPrefix("decay.")) {
                        throw MotionKernelError(code: e.code, field: "\(e.field)[\(i)]", reason: e.reason)
                    }
                })
        {
            return
        }
        func release(_ i: Int) throws -> (motion: any DecayMotion, extra: Double) {
            var own = spec
            if perRelease, paramCount > 0, let paramValues {
                var numbers: [String: Double] = [:]
                for (p, key) in keys.enumerated() { numbers[key] = paramValues[p * n + i] }
                own = spec.with(numbers: numbers)
            }
            do {
                let (m, more) = try own.motion(from: from?[i] ?? 0, velocity: velocity[i])
                if case .number(let d)? = more.first?.1 { return (m, d) }
                return (m, .nan)
            } catch let e {
                guard e.field == "from" || e.field == "velocity" || (perRelease && e.field.hasPrefix("decay.")) else { throw e }
                throw MotionKernelError(code: e.code, field: "\(e.field)[\(i)]", reason: e.reason)
            }
        }
        for i in 0..<n {
            let (m, more) = try release(i)
            // eval's answer would hold these: a non-finite one is eval's error, nothing written.
            guard m.restingValue.isFinite, m.duration.isFinite, more.isNaN || more.isFinite else {
                throw Eval.nonFiniteResult(at: "result[\(i)]")
            }
            for j in 0..<tCount {
                let s = m.state(at: times![j])
                guard s.value.isFinite, s.velocity.isFinite else {
                    throw MotionKernelError.invalidValue("times[\(j)]", "release \(i)'s state at t = \(times![j]) s is not representable")
                }
            }
        }
        for i in 0..<n {
            let (m, more) = try release(i)
            for j in 0..<tCount {
                let s = m.state(at: times![j])
                values![i * tCount + j] = s.value + 0
                velocities?[i * tCount + j] = s.velocity + 0
            }
            resting?[i] = m.restingValue + 0
            durations?[i] = m.duration + 0
            extra?[i] = more + 0
        }
    }
}

/// `mk_velocity_estimate_f64` (see the header).
@_cdecl("mk_velocity_estimate_f64")
public func mk_velocity_estimate_f64(
    _ rows: Int, _ count: Int, _ t: UnsafePointer<Double>?, _ x: UnsafePointer<Double>?, _ strategy: UnsafePointer<UInt8>?,
    _ strategyLength: Int, _ releaseTimes: UnsafePointer<Double>?, _ out: UnsafeMutablePointer<Double>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) {
        guard rows >= 0, count >= 0 else { throw MotionKernelError.invalidValue("count", "expected sizes >= 0") }
        let total = try MotionKernelError.checkedCount([rows, count], limit: abiMaxOutputNumbers, "count")
        let name = strategy == nil ? "lsq2" : try utf8Text(strategy, strategyLength, "strategy")
        guard let s = VelocityTracker.Strategy(rawValue: name) else {
            throw MotionKernelError.invalidValue("strategy", "expected \"lsq2\" or \"impulse\", got \"\(name)\"")
        }
        if rows == 0 { return }
        guard count >= 2 else { throw MotionKernelError.invalidValue("samples", "expected at least 2 samples, got \(count)") }
        guard count < 2 || total == 0 || (t != nil && x != nil) else { throw MotionKernelError.invalidValue("samples", "null pointer for \(total) numbers") }
        guard let out else { throw MotionKernelError.invalidValue("out", "null output buffer") }
        var result = [Double](repeating: 0, count: rows)
        for r in 0..<rows {
            var samples: [(time: Double, position: Double)] = []
            samples.reserveCapacity(count)
            for i in 0..<count { samples.append((t![r * count + i], x![r * count + i])) }
            do {
                result[r] = try VelocityTracker.estimate(samples, strategy: s, releaseTime: releaseTimes?[r])
            } catch let e as MotionKernelError where rows > 1 {
                throw MotionKernelError(code: e.code, field: "[\(r)]." + e.field, reason: e.reason)
            }
            guard result[r].isFinite else { throw Eval.nonFiniteResult(at: rows > 1 ? "[\(r)]" : "result.velocity") }
        }
        for r in 0..<rows { out[r] = result[r] + 0 }
    }
}

/// `mk_rubber_band_f64` (see the header).
@_cdecl("mk_rubber_band_f64")
public func mk_rubber_band_f64(
    _ n: Int, _ offset: UnsafePointer<Double>?, _ dimension: Double, _ coefficient: Double, _ inverse: Int32,
    _ out: UnsafeMutablePointer<Double>?, _ err: UnsafeMutableRawPointer?
) -> Int32 {
    guarded(err) {
        guard n >= 0, n <= abiMaxOutputNumbers else {
            throw MotionKernelError.invalidValue("count", "\(UInt(bitPattern: n)) offsets exceed the limit of \(abiMaxOutputNumbers)")
        }
        guard inverse == 0 || inverse == 1 else { throw MotionKernelError.invalidValue("inverse", "expected 0 or 1, got \(inverse)") }
        // The shared parameters first (an empty call still checks them).
        try MotionKernelError.requirePositive(dimension, "dimension")
        try MotionKernelError.requirePositive(coefficient, "coefficient")
        if n == 0 { return }
        guard let offset else { throw MotionKernelError.invalidValue("offset", "null pointer for \(n) numbers") }
        guard let out else { throw MotionKernelError.invalidValue("out", "null output buffer") }
        var result = [Double](repeating: 0, count: n)
        for i in 0..<n {
            do {
                result[i] =
                    inverse == 1
                    ? try RubberBand.inverse(offset: offset[i], dimension: dimension, coefficient: coefficient)
                    : try RubberBand.value(offset: offset[i], dimension: dimension, coefficient: coefficient)
            } catch let e as MotionKernelError where n > 1 && e.field == "offset" {
                throw MotionKernelError(code: e.code, field: "offset[\(i)]", reason: e.reason)
            }
        }
        for i in 0..<n { out[i] = result[i] + 0 }
    }
}

/// `uikit`, `reactNative` and `compose` calls through the bulk rows (`SharedDecayRows` for
/// parameters shared by every release, `VariedDecayRows` for parameters per release): the bits
/// of each release's `state(at:)`, as the per-sample loop of `decaySample` writes them (−0 as +0).
/// Every release is made and checked before anything is written, as that loop does.
private struct ExponentialRows {
    /// The models this path runs.
    static let models: Set<String> = ["uikit", "reactNative", "compose"]

    let model: String
    let n: Int
    /// The caller's arrays (n numbers each; `from` nil for all 0), read while the call runs.
    let from: SendablePointer<Double>?, velocity: SendablePointer<Double>
    let times: [Double]
    let perRelease: Bool
    /// Parameter name → its numbers (one, or n per release), in the caller's array.
    let params: [String: SendablePointer<Double>]

    init(
        model: String, keys: [String], perRelease: Bool, paramValues: UnsafePointer<Double>?, n: Int, from: UnsafePointer<Double>?,
        velocity: UnsafePointer<Double>, times: UnsafePointer<Double>?, tCount: Int
    ) {
        self.model = model
        self.n = n
        self.perRelease = perRelease
        self.from = from.map { SendablePointer(UnsafeMutablePointer(mutating: $0)) }
        self.velocity = SendablePointer(UnsafeMutablePointer(mutating: velocity))
        self.times = tCount == 0 ? [] : Array(UnsafeBufferPointer(start: times, count: tCount))
        var params: [String: SendablePointer<Double>] = [:]
        for (p, key) in keys.enumerated() {
            params[key] = SendablePointer(UnsafeMutablePointer(mutating: paramValues! + (perRelease ? p * n : p)))
        }
        self.params = params
    }

    /// Runs the call when the model is one of the three; false (nothing written) for other
    /// models, or when a release's states might not all be finite (the general loop then finds
    /// and names the failure).
    func run(
        values: UnsafeMutablePointer<Double>?, velocities: UnsafeMutablePointer<Double>?, resting: UnsafeMutablePointer<Double>?,
        durations: UnsafeMutablePointer<Double>?, extra: UnsafeMutablePointer<Double>?, named: (Int) throws -> Void
    ) throws -> Bool {
        let perRelease = perRelease, from = from, velocity = velocity
        // Each parameter's column (or its one number), looked up once.
        func column(_ key: String) -> SendablePointer<Double>? { params[key] }
        @Sendable func x0(_ i: Int) -> Double { from.map { $0.base[i] } ?? 0 }
        @Sendable func v0(_ i: Int) -> Double { velocity.base[i] }
        switch model {
        case "uikit":
            let rate = column("decelerationRate"), delta = column("restDelta")
            return try run(values, velocities, resting, durations, extra, named, projected: true) { i throws(MotionKernelError) in
                let j = perRelease ? i : 0
                return try UIKitDecay(
                    from: x0(i), velocity: v0(i), decelerationRate: rate.map { $0.base[j] } ?? UIKitDecay.normalRate,
                    restDelta: delta.map { $0.base[j] } ?? 0.5)
            }
        case "reactNative":
            let d = column("deceleration")
            return try run(values, velocities, resting, durations, extra, named, projected: false) { i throws(MotionKernelError) in
                try ReactNativeDecay(from: x0(i), velocity: v0(i), deceleration: d.map { $0.base[perRelease ? i : 0] } ?? ReactNativeDecay.defaultDeceleration)
            }
        case "compose":
            let f = column("frictionMultiplier"), th = column("absVelocityThreshold")
            return try run(values, velocities, resting, durations, extra, named, projected: false) { i throws(MotionKernelError) in
                let j = perRelease ? i : 0
                return try ComposeExponentialDecay(
                    from: x0(i), velocity: v0(i), frictionMultiplier: f.map { $0.base[j] } ?? 1, absVelocityThreshold: th.map { $0.base[j] } ?? 0.1)
            }
        default:
            return false
        }
    }

    private func run<M: ExponentialDecayForm>(
        _ values: UnsafeMutablePointer<Double>?, _ velocities: UnsafeMutablePointer<Double>?, _ resting: UnsafeMutablePointer<Double>?,
        _ durations: UnsafeMutablePointer<Double>?, _ extra: UnsafeMutablePointer<Double>?, _ named: (Int) throws -> Void,
        projected: Bool, _ make: @escaping @Sendable (Int) throws(MotionKernelError) -> M
    ) throws -> Bool {
        let tmax = times.max().map { Swift.max($0, 0) } ?? 0
        let limit = Double.greatestFiniteMagnitude / 2
        // Every release made and checked first (nothing written on an error), as the loop does.
        for i in 0..<n {
            let m: M
            do {
                m = try make(i)
            } catch {
                try named(i)
                throw MotionKernelError.invalidValue("velocity[\(i)]", "release \(i) is invalid")
            }
            let more = projected ? (m as? UIKitDecay)?.projectedValue ?? .nan : .nan
            guard m.restingValue.isFinite, m.duration.isFinite, more.isNaN || more.isFinite else {
                throw Eval.nonFiniteResult(at: "result[\(i)]")
            }
            // |x₀ + v₀·g| ≤ |x₀| + |v₀|·2·min(t, 1/|k|) (with room for the roundings), |v₀·h| ≤ |v₀|:
            // within the bound every state is finite; beyond it the general loop decides.
            let g = 2 * Swift.min(tmax, -1 / m.decayConstant)
            guard abs(m.from) + abs(m.initialVelocity) * g <= limit, abs(m.initialVelocity) <= limit, abs(m.rest.value) <= limit else {
                return false
            }
        }
        if perRelease {
            do {
                try VariedDecayRows(times: times).fill(count: n, make: make, values: values, velocities: velocities)
            } catch {
                throw MotionKernelError.invalidValue("times", "a release's state is not representable (\(error))")
            }
        } else {
            do {
                // The rows' initial states as arrays (n ≤ the n·T outputs being written).
                let x0 = (0..<n).map { i in from.map { $0.base[i] } ?? 0 }, v0 = (0..<n).map { velocity.base[$0] }
                try SharedDecayRows(prototype: try make(0), times: times).fill(from: x0, velocity: v0, values: values, velocities: velocities)
            } catch {
                throw MotionKernelError.invalidValue("times", "a release's state is not representable (\(error))")
            }
        }
        // −0 as +0, as the loop writes every number (x + 0).
        let total = n * times.count
        if let values { for k in 0..<total { values[k] += 0 } }
        if let velocities { for k in 0..<total { velocities[k] += 0 } }
        for i in 0..<n where resting != nil || durations != nil || extra != nil {
            let m = try make(i)
            resting?[i] = m.restingValue + 0
            durations?[i] = m.duration + 0
            extra?[i] = (projected ? (m as? UIKitDecay)?.projectedValue ?? .nan : .nan) + 0
        }
        return true
    }
}
