import Foundation
import MotionKernel

/// One job of a batch spec, ready to evaluate any row range into caller buffers.
///
/// Every output is a row-major `rows × columns` array in `precision`; `evaluate(range, outs)`
/// writes `range.count × columns` elements to each pointer of `outs` (one per output, typed
/// `Float` or `Double`). Row ranges are independent, so shards and chunks concatenate exactly.
struct BatchJob {
    var name: String
    var kind: String
    var precision: EvalContext.Precision
    var rows: Int
    var columns: Int
    /// Names of the outputs (`value`, `velocity`, …); each becomes `<name>.<output>.npy`.
    var outputs: [String]
    /// What the axes mean, for the summary (e.g. ["spring", "time"]).
    var axes: [String]
    var evaluate: (Range<Int>, [UnsafeMutableRawPointer]) throws -> Void
}

/// Parses batch specs: `{"jobs": [job, …]}`. Each job has `name`, `kind` and kind-specific
/// fields; per-item columns take a number (broadcast), an array of `count` numbers, or a seeded
/// generator `{"uniform": [lo, hi]}` / `{"linspace": [lo, hi]}` (seed: the job's `seed`).
enum BatchSpec {
    /// The most numbers one job may produce per output (4 GiB of Double).
    static let maxNumbersPerOutput = 500_000_000

    typealias JobParser = @Sendable (Fields) throws -> BatchJob

    /// Every job kind, by area (each area's `*Jobs.swift` contributes its kinds).
    static let kinds: [String: JobParser] = {
        var all: [String: JobParser] = ["spring.batch": springBatch, "spring.shared": springShared]
        for group in [SplineJobs.kinds, TransformJobs.kinds, PresetJobs.kinds] {
            all.merge(group) { a, _ in a }
        }
        return all
    }()

    /// The built-in default spec that `make run` evaluates.
    static let defaultSpec = #"""
    {"jobs": [
      {"name": "springs", "kind": "spring.batch", "precision": "float", "count": 100000, "seed": 1,
       "spring": {"stiffness": {"uniform": [50, 500]}, "dampingRatio": {"uniform": [0.1, 2.0]}},
       "from": {"uniform": [-1, 1]}, "to": 0, "velocity": {"uniform": [-5, 5]},
       "times": {"start": 0, "step": 0.008333333333333333, "count": 120},
       "outputs": ["value", "velocity"]},
      {"name": "pop", "kind": "spring.shared", "precision": "float", "count": 100000, "seed": 2,
       "spring": {"stiffness": 200, "dampingRatio": 0.6},
       "from": 0, "to": {"uniform": [0.5, 1.5]}, "relativeVelocity": 10,
       "times": {"fps": 120, "duration": 1}},
      {"name": "cells", "kind": "transform.build", "precision": "float", "count": 100000, "seed": 3,
       "translationX": {"linspace": [0, 390]}, "translationY": {"uniform": [0, 844]},
       "rotation": {"uniform": [-0.0873, 0.0873]}, "scale": {"uniform": [0.9, 1.1]}},
      {"name": "paths", "kind": "spline.channels", "precision": "float", "channels": 10000, "seed": 4,
       "spline": {"kind": "cubic", "boundary": "natural"}, "x": {"linspace": [0, 1], "count": 16},
       "values": {"uniform": [-100, 100]}, "times": {"fps": 120, "duration": 1}},
      {"name": "bells", "kind": "preset.objects", "precision": "float", "preset": "wiggle", "count": 1000, "seed": 5,
       "options": {"delay": {"uniform": [0, 1]}}, "times": {"fps": 60, "duration": 3}}
    ]}
    """#

    /// Parses a whole spec; fails before any work with the field path of the first problem.
    static func parse(_ text: String) throws -> [BatchJob] {
        let value: JSONValue
        do { value = try JSONParser.parse(text) } catch {
            throw MotionKernelError.invalidValue("spec", error.description)
        }
        guard case .object(let o) = value else { throw MotionKernelError.invalidValue("spec", "expected a JSON object with \"jobs\"") }
        let top = Fields(o)
        guard let jobs = try top.array("jobs") else { throw MotionKernelError.missingField("jobs") }
        guard !jobs.isEmpty else { throw MotionKernelError.invalidValue("jobs", "expected at least one job") }
        var names = Set<String>()
        return try jobs.enumerated().map { (i, j) in
            guard case .object(let jo) = j else { throw MotionKernelError.invalidValue("jobs[\(i)]", "expected an object") }
            let f = Fields(jo, path: "jobs[\(i)]")
            guard let kind = try f.string("kind") else { throw MotionKernelError.missingField(f.path("kind")) }
            guard let parser = kinds[kind] else {
                throw MotionKernelError.invalidValue(f.path("kind"), "unknown kind \"\(kind)\"; expected one of \(kinds.keys.sorted().joined(separator: ", "))")
            }
            let name = try f.string("name") ?? "job\(i)"
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw MotionKernelError.invalidValue(f.path("name"), "use letters, digits, - and _ only")
            }
            guard names.insert(name).inserted else { throw MotionKernelError.invalidValue(f.path("name"), "\"\(name)\" is used twice") }
            var job = try parser(f)
            job.name = name
            for _ in job.outputs {
                _ = try MotionKernelError.checkedCount([job.rows, job.columns], limit: maxNumbersPerOutput, f.path("count"))
            }
            return job
        }
    }

    // MARK: shared field readers

    static func precision(_ f: Fields) throws -> EvalContext.Precision {
        guard let p = try f.string("precision") else { return .double }
        guard let v = EvalContext.Precision(rawValue: p) else {
            throw MotionKernelError.invalidValue(f.path("precision"), "expected \"double\" or \"float\", got \"\(p)\"")
        }
        return v
    }

    static func count(_ f: Fields) throws -> Int {
        guard let n = try f.integer("count") else { throw MotionKernelError.missingField(f.path("count")) }
        guard n >= 1, n <= maxNumbersPerOutput else { throw MotionKernelError.invalidValue(f.path("count"), "expected 1...\(maxNumbersPerOutput), got \(n)") }
        return n
    }

    /// A per-item column of `n` numbers (see the type's doc), or `defaultValue` when absent.
    static func column(_ f: Fields, _ key: String, count n: Int, seed: UInt64, defaultValue: Double? = nil) throws -> [Double]? {
        let path = f.path(key)
        guard let v = f.value(key) else { return defaultValue.map { [Double](repeating: $0, count: n) } }
        switch v {
        case .number:
            return [Double](repeating: try Fields.number(v, path), count: n)
        case .array(let a):
            guard a.count == n else { throw MotionKernelError.invalidValue(path, "has \(a.count) items; expected count = \(n)") }
            return try a.enumerated().map { try Fields.number($1, "\(path)[\($0)]") }
        case .object(let o):
            let g = Fields(o, path: path)
            if let r = try g.numbers("uniform", limit: 2) {
                guard r.count == 2, r[0] <= r[1] else { throw MotionKernelError.invalidValue(g.path("uniform"), "expected [lo, hi] with lo <= hi") }
                // A stream per column: the key's hash keeps columns independent of their order.
                var rng = SplitMix(seed: seed ^ stableHash(key))
                return (0..<n).map { _ in r[0] + (r[1] - r[0]) * rng.nextUnit() }
            }
            if let r = try g.numbers("linspace", limit: 2) {
                guard r.count == 2 else { throw MotionKernelError.invalidValue(g.path("linspace"), "expected [first, last]") }
                return (0..<n).map { n == 1 ? r[0] : r[0] + (r[1] - r[0]) * Double($0) / Double(n - 1) }
            }
            throw MotionKernelError.invalidValue(path, "expected a number, an array, {\"uniform\": [lo, hi]} or {\"linspace\": [first, last]}")
        default:
            throw MotionKernelError.invalidValue(path, "expected a number, an array or a generator object, got \(v.typeName)")
        }
    }

    /// Sample times: `{"start", "step", "count"}`, `{"fps", "duration"}` (times 0, 1/fps, … ≤
    /// duration, and duration itself), or an explicit array.
    static func times(_ f: Fields) throws -> TimeGrid<Double> {
        let path = f.path("times")
        guard let v = f.value("times") else { throw MotionKernelError.missingField(path) }
        if case .array = v {
            let ts = try f.requireNumbers("times", limit: maxNumbersPerOutput)
            let g = TimeGrid<Double>.times(ts)
            do { try g.validate() } catch let e as MotionKernelError { throw e.prefixed(f.path) }
            return g
        }
        guard let t = try f.object("times") else { throw MotionKernelError.invalidValue(path, "expected an array or an object") }
        let grid: TimeGrid<Double>
        if t.has("fps") {
            let fps = try t.requireNumber("fps"), duration = try t.requireNumber("duration")
            guard fps > 0, fps <= 10_000 else { throw MotionKernelError.invalidValue(t.path("fps"), "expected 0 < fps <= 10000, got \(fps)") }
            guard duration >= 0, duration * fps < Double(maxNumbersPerOutput) else {
                throw MotionKernelError.invalidValue(t.path("duration"), "expected 0 <= duration with duration·fps < \(maxNumbersPerOutput)")
            }
            let n = Int((duration * fps).rounded(.down)) + 1
            grid = .uniform(start: 0, step: 1 / fps, count: n)
        } else {
            let start = try t.number("start", default: 0), step = try t.requireNumber("step")
            guard let n = try t.integer("count") else { throw MotionKernelError.missingField(t.path("count")) }
            guard n >= 1, n <= maxNumbersPerOutput else { throw MotionKernelError.invalidValue(t.path("count"), "expected 1...\(maxNumbersPerOutput)") }
            grid = .uniform(start: start, step: step, count: n)
        }
        do { try grid.validate() } catch let e as MotionKernelError { throw e.prefixed(f.path) }
        return grid
    }

    static func outputs(_ f: Fields, allowed: [String], defaults: [String]) throws -> [String] {
        guard let a = try f.array("outputs") else { return defaults }
        let names = try a.enumerated().map { (i, v) -> String in
            guard case .string(let s) = v, allowed.contains(s) else {
                throw MotionKernelError.invalidValue("\(f.path("outputs"))[\(i)]", "expected one of \(allowed.joined(separator: ", "))")
            }
            return s
        }
        guard !names.isEmpty, Set(names).count == names.count else {
            throw MotionKernelError.invalidValue(f.path("outputs"), "expected distinct names from \(allowed.joined(separator: ", "))")
        }
        return names
    }

    // MARK: spring jobs

    /// Per-spring initial conditions: columns `from` (0), `to` (1), and `velocity` (0) or
    /// `relativeVelocity` (multiples of to − from per second).
    static func initialConditions(_ f: Fields, count n: Int, seed: UInt64) throws -> (from: [Double], to: [Double], velocity: [Double]) {
        let from = try column(f, "from", count: n, seed: seed, defaultValue: 0) ?? []
        let to = try column(f, "to", count: n, seed: seed, defaultValue: 1) ?? []
        if f.has("velocity") && f.has("relativeVelocity") {
            throw MotionKernelError.invalidValue(f.path("relativeVelocity"), "give either velocity or relativeVelocity")
        }
        var vel = try column(f, "velocity", count: n, seed: seed, defaultValue: 0) ?? []
        if let rel = try column(f, "relativeVelocity", count: n, seed: seed) {
            for i in 0..<n { vel[i] = rel[i] * (to[i] - from[i]) }
        }
        return (from, to, vel)
    }

    /// `spring.batch`: N springs with per-spring parameters (`spring` holds one SpringSpec
    /// field set whose fields are columns), initial conditions `from`, `to`, `velocity` or
    /// `relativeVelocity` (columns), `times`; outputs `value` and/or `velocity` (N × T).
    static func springBatch(_ f: Fields) throws -> BatchJob {
        let n = try count(f), seed = UInt64(try f.integer("seed") ?? 1)
        let precision = try precision(f)
        let specF = try f.requireObject("spring")
        var cols: [String: [Double]] = [:]
        for key in specF.object.keys where specF.has(key) {
            cols[key] = try column(specF, key, count: n, seed: seed)
        }
        // Build each spring through the same SpringSpec parser as the eval protocol.
        var k = [Double](repeating: 0, count: n), c = k, m = k
        for i in 0..<n {
            var o = JSONObject()
            for (key, col) in cols { o[key] = .number(col[i]) }
            let s: Spring<Double>
            do { s = try SpringOps.parseSpring(Fields(o)) } catch let e as MotionKernelError {
                throw MotionKernelError(code: e.code, field: "\(specF.path(e.field))[\(i)]", reason: e.reason)
            }
            k[i] = s.stiffness; c[i] = s.damping; m[i] = s.mass
        }
        let (from, to, vel) = try initialConditions(f, count: n, seed: seed)
        let grid = try times(f)
        let outs = try outputs(f, allowed: ["value", "velocity"], defaults: ["value"])
        func make<T: MotionScalar>(_: T.Type) throws -> BatchJob {
            let batch = try SpringBatch<T>(mass: m.map { T($0) }, stiffness: k.map { T($0) }, damping: c.map { T($0) },
                                           from: from.map { T($0) }, to: to.map { T($0) }, velocity: vel.map { T($0) })
            let g = grid.converted(to: T.self)
            let tc = grid.count
            return BatchJob(name: "", kind: "spring.batch", precision: precision, rows: n, columns: tc, outputs: outs,
                            axes: ["spring", "time"]) { range, ptrs in
                let count = range.count * tc
                let pv = outs.firstIndex(of: "value").map { UnsafeMutableBufferPointer(start: ptrs[$0].assumingMemoryBound(to: T.self), count: count) }
                let pvel = outs.firstIndex(of: "velocity").map { UnsafeMutableBufferPointer(start: ptrs[$0].assumingMemoryBound(to: T.self), count: count) }
                if let pv {
                    try batch.sample(g, rows: range, values: pv, velocities: pvel)
                } else if let pvel {
                    // Velocities only: values go to a scratch buffer.
                    var scratch = [T](repeating: 0, count: count)
                    try scratch.withUnsafeMutableBufferPointer { try batch.sample(g, rows: range, values: $0, velocities: pvel) }
                }
            }
        }
        return precision == .float ? try make(Float.self) : try make(Double.self)
    }

    /// `spring.shared`: N objects on one spring (`spring` is a SpringSpec of scalars) with
    /// per-object `from`, `to`, `velocity`/`relativeVelocity` columns.
    static func springShared(_ f: Fields) throws -> BatchJob {
        let n = try count(f), seed = UInt64(try f.integer("seed") ?? 1)
        let precision = try precision(f)
        let sd: Spring<Double> = try SpringOps.parseSpring(try f.requireObject("spring"))
        let (from, to, vel) = try initialConditions(f, count: n, seed: seed)
        let grid = try times(f)
        let outs = try outputs(f, allowed: ["value", "velocity"], defaults: ["value"])
        func make<T: MotionScalar>(_: T.Type) throws -> BatchJob {
            let s = try sd.converted(to: T.self)
            let fT = from.map { T($0) }, tT = to.map { T($0) }, vT = vel.map { T($0) }
            let g = grid.converted(to: T.self)
            let tc = grid.count
            return BatchJob(name: "", kind: "spring.shared", precision: precision, rows: n, columns: tc, outputs: outs,
                            axes: ["object", "time"]) { range, ptrs in
                let count = range.count * tc
                let slice = { (a: [T]) in Array(a[range]) }
                let pv = outs.firstIndex(of: "value").map { UnsafeMutableBufferPointer(start: ptrs[$0].assumingMemoryBound(to: T.self), count: count) }
                let pvel = outs.firstIndex(of: "velocity").map { UnsafeMutableBufferPointer(start: ptrs[$0].assumingMemoryBound(to: T.self), count: count) }
                var scratch = [T]()
                if pv == nil { scratch = [T](repeating: 0, count: count) }
                try scratch.withUnsafeMutableBufferPointer { sb in
                    try SharedSpringBatch.sample(spring: s, from: slice(fT), to: slice(tT), velocity: slice(vT), grid: g,
                                                 values: pv ?? sb, velocities: pvel)
                }
            }
        }
        return precision == .float ? try make(Float.self) : try make(Double.self)
    }
}

/// SplitMix64 for seeded spec columns (deterministic across platforms).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1) with 53 random bits.
    mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1p-53 }
}

/// FNV-1a of a string: a stable (unseeded) hash, unlike `Hasher`.
func stableHash(_ s: String) -> UInt64 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
    return h
}
