import MotionKernel
import MotionKernelEval

/// One job of a batch spec, ready to evaluate any row range into caller buffers.
///
/// Every output is a row-major `rows × columns` array in `precision`. A job kind builds its job
/// on typed buffers (``init(name:kind:scalar:rows:columns:outputs:axes:evaluate:)``), and the
/// batch pipeline hands it typed buffers (``evaluate(_:into:)``): one per output, each of
/// `range.count × columns` numbers. Row ranges are independent, so shards and chunks
/// concatenate exactly.
struct BatchJob {
    var name: String
    var kind: String
    /// The number type of the outputs: the scalar the job's closure is typed with.
    let precision: EvalContext.Precision
    var rows: Int
    var columns: Int
    /// Names of the outputs (`value`, `velocity`, …); each becomes `<name>.<output>.npy`.
    var outputs: [String]
    /// What the axes mean, for the summary (e.g. ["spring", "time"]).
    var axes: [String]
    /// The job's closure, `(Range<Int>, [UnsafeMutableBufferPointer<T>]) throws -> Void` for
    /// the `T` of `precision`.
    private let typedEvaluate: Any

    /// A job computed in `T` (`Float` or `Double`, which sets `precision`) whose `evaluate`
    /// fills typed buffers: one per output, each of `range.count × columns` numbers.
    init<T: MotionScalar>(
        name: String, kind: String, scalar _: T.Type, rows: Int, columns: Int, outputs: [String], axes: [String],
        evaluate: @escaping (Range<Int>, [UnsafeMutableBufferPointer<T>]) throws -> Void
    ) {
        self.name = name
        self.kind = kind
        precision = T.self == Float.self ? .float : .double
        self.rows = rows
        self.columns = columns
        self.outputs = outputs
        self.axes = axes
        typedEvaluate = evaluate
    }
}

extension BatchJob {
    /// Evaluates rows `range` into typed buffers, one per output, each of at least
    /// `range.count × columns` numbers of `T`, the job's precision (a precondition).
    /// - Throws: the job's `MotionKernelError` (field and row).
    func evaluate<T: MotionScalar>(_ range: Range<Int>, into outputs: [UnsafeMutableBufferPointer<T>]) throws {
        typealias Evaluate = (Range<Int>, [UnsafeMutableBufferPointer<T>]) throws -> Void
        guard let evaluate = typedEvaluate as? Evaluate else { preconditionFailure("\(kind) computes in \(precision.rawValue), not \(T.self)") }
        let count = range.count * columns
        precondition(outputs.count == self.outputs.count && outputs.allSatisfy { $0.count >= count })
        try evaluate(range, outputs.map { UnsafeMutableBufferPointer(rebasing: $0[..<count]) })
    }
}

/// Parses batch specs: `{"jobs": [job, …]}`. Each job has `name`, `kind` and kind-specific
/// fields; per-item columns take a number (broadcast), an array of `count` numbers, or a seeded
/// generator `{"uniform": [lo, hi]}` / `{"linspace": [lo, hi]}` (seed: the job's `seed`), see
/// `BatchColumn`.
///
/// Limits, all checked from the spec before anything is allocated or evaluated:
/// - `maxJobs` jobs; job names of at most `maxNameLength` ASCII letters, digits, `-` and `_`;
/// - `maxRows` rows and `maxColumns` columns per output (one row is written at a time, so a
///   row must fit in memory; the row count is bounded by the output folder's free space, which
///   the batch command checks before the run);
/// - `maxInputNumbers` numbers held in memory as a job's inputs (explicit arrays, spline and
///   keyframe values).
enum BatchSpec {
    /// The most jobs in one spec.
    static let maxJobs = 1_000
    /// The longest job name, in characters.
    static let maxNameLength = 100
    /// The most rows of one output.
    static let maxRows = 1 << 40
    /// The most columns of one output (numbers per row).
    static let maxColumns = 10_000_000
    /// The most input numbers a job may hold in memory.
    static let maxInputNumbers = 50_000_000
    /// The most numbers one output may hold: an overflow guard, far above what a disk holds.
    static let maxNumbersPerOutput = 1 << 50
    /// The largest spec file read, in bytes.
    static let maxSpecBytes = 32 << 20

    typealias JobParser = @Sendable (Fields) throws -> BatchJob

    /// Every job kind, by area (each area's `*Jobs.swift` contributes its kinds).
    static let kinds: [String: JobParser] = {
        var all: [String: JobParser] = [:]
        for group in [SpringJobs.kinds, SplineJobs.kinds, KeyframeJobs.kinds, TransformJobs.kinds, PresetJobs.kinds, DecayJobs.kinds] {
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
        try parseHashed(text).jobs
    }

    /// Parses a whole spec (as `parse`) and returns its `hash` too.
    static func parseHashed(_ text: String) throws -> (jobs: [BatchJob], hash: String) {
        let value: JSONValue
        do { value = try JSONParser.parse(text) } catch {
            throw MotionKernelError.invalidValue("spec", error.description)
        }
        return (try parse(value), hash(value))
    }

    /// The spec hash that summaries record: SHA-256, as 64 lowercase hex digits, of the parsed
    /// spec's canonical JSON text, so that whitespace, key order, a repeated key (the last one
    /// counts, as for the parser) and number spelling (`1`, `1.0`, `1e0`) do not change it,
    /// while any change of a value, of an array's order or of the fields given does.
    ///
    /// Canonical text: compact (no whitespace), object keys sorted by their UTF-8 bytes,
    /// numbers and strings as `JSONWriter` writes them.
    static func hash(_ spec: JSONValue) -> String {
        SHA256.hex(Array(JSONWriter.string(canonical(spec)).utf8))
    }

    /// `value` with every object's keys sorted by their UTF-8 bytes.
    static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case .null, .bool, .number, .string: return value
        case .array(let a): return .array(a.map(canonical))
        case .object(let o):
            let sorted = o.pairs.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return .object(JSONObject(sorted.map { ($0.key, canonical($0.value)) }))
        }
    }

    /// Builds the jobs of a parsed spec.
    static func parse(_ value: JSONValue) throws -> [BatchJob] {
        guard case .object(let o) = value else { throw MotionKernelError.invalidValue("spec", "expected a JSON object with \"jobs\"") }
        let top = Fields(o)
        try top.rejectUnknown(["jobs"])
        guard let jobs = try top.array("jobs") else { throw MotionKernelError.missingField("jobs") }
        guard !jobs.isEmpty else { throw MotionKernelError.invalidValue("jobs", "expected at least one job") }
        guard jobs.count <= maxJobs else { throw MotionKernelError.invalidValue("jobs", "has \(jobs.count) jobs; the limit is \(maxJobs)") }
        var names = Set<String>()
        return try jobs.enumerated().map { (i, j) in
            guard case .object(let jo) = j else { throw MotionKernelError.invalidValue("jobs[\(i)]", "expected an object") }
            let f = Fields(jo, path: "jobs[\(i)]")
            guard let kind = try f.string("kind") else { throw MotionKernelError.missingField(f.path("kind")) }
            guard let parser = kinds[kind] else {
                throw MotionKernelError.invalidValue(f.path("kind"), "unknown kind \"\(kind)\"; expected one of \(kinds.keys.sorted().joined(separator: ", "))")
            }
            let name = try f.string("name") ?? "job\(i)"
            try checkName(name, f.path("name"))
            guard names.insert(name).inserted else { throw MotionKernelError.invalidValue(f.path("name"), "\"\(name)\" is used twice") }
            var job = try parser(f)
            job.name = name
            guard job.rows >= 1, job.rows <= maxRows else {
                throw MotionKernelError.invalidValue(f.path("count"), "\(job.rows) rows; expected 1...\(maxRows)")
            }
            guard job.columns >= 1, job.columns <= maxColumns else {
                throw MotionKernelError.invalidValue(f.path("times"), "\(job.columns) numbers per row; expected 1...\(maxColumns)")
            }
            _ = try MotionKernelError.checkedCount([job.rows, job.columns], limit: maxNumbersPerOutput, f.path("count"))
            return job
        }
    }

    /// Job names become file names: 1…`maxNameLength` ASCII letters, digits, `-` and `_`.
    static func checkName(_ name: String, _ path: String) throws {
        guard !name.isEmpty, name.utf8.count <= maxNameLength else {
            throw MotionKernelError.invalidValue(path, "expected 1 to \(maxNameLength) characters, got \(name.utf8.count)")
        }
        guard name.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D || $0 == 0x5F }) else {
            throw MotionKernelError.invalidValue(path, "use ASCII letters, digits, - and _ only")
        }
    }

    // MARK: shared field readers

    /// The fields every job of one seeded kind without `count` shares: rejects any key but
    /// `name`, `kind`, `precision`, `seed`, `outputs` and the kind's own `keys`, then reads
    /// `precision` and `seed`.
    static func common(_ f: Fields, and keys: [String]) throws -> (precision: EvalContext.Precision, seed: UInt64) {
        try f.rejectUnknown(Set(["name", "kind", "precision", "seed", "outputs"] + keys))
        return (try precision(f), try seed(f))
    }

    static func precision(_ f: Fields) throws -> EvalContext.Precision {
        guard let p = try f.string("precision") else { return .double }
        guard let v = EvalContext.Precision(rawValue: p) else {
            throw MotionKernelError.invalidValue(f.path("precision"), "expected \"double\" or \"float\", got \"\(p)\"")
        }
        return v
    }

    static func count(_ f: Fields) throws -> Int {
        guard let n = try f.integer("count") else { throw MotionKernelError.missingField(f.path("count")) }
        guard n >= 1, n <= maxRows else { throw MotionKernelError.invalidValue(f.path("count"), "expected 1...\(maxRows), got \(n)") }
        return n
    }

    /// The job's `seed` (default 1).
    static func seed(_ f: Fields) throws -> UInt64 {
        UInt64(truncatingIfNeeded: try f.integer("seed") ?? 1)
    }

    /// A per-item column of `n` items (see `BatchColumn`), or the constant `defaultValue` when
    /// absent (nil when absent without a default).
    static func column(_ f: Fields, _ key: String, count n: Int, seed: UInt64, defaultValue: Double? = nil) throws -> BatchColumn? {
        if let c = try BatchColumn.parse(f, key, count: n, seed: seed) { return c }
        return defaultValue.map { BatchColumn.constant($0, count: n) }
    }

    /// A column whose items are all materialised (spline and keyframe values): at most
    /// `maxInputNumbers` items.
    static func materializedColumn(_ f: Fields, _ key: String, count n: Int, seed: UInt64) throws -> [Double]? {
        guard n <= maxInputNumbers else {
            throw MotionKernelError.invalidValue(f.path(key), "needs \(n) input numbers in memory; the limit is \(maxInputNumbers)")
        }
        return try BatchColumn.parse(f, key, count: n, seed: seed).map { $0.values(0..<n) }
    }

    /// Sample times: `{"start", "step", "count"}`, `{"fps", "duration"}` (times 0, 1/fps, … ≤
    /// duration, and duration itself), or an explicit array.
    static func times(_ f: Fields) throws -> TimeGrid<Double> {
        let path = f.path("times")
        guard let v = f.value("times") else { throw MotionKernelError.missingField(path) }
        if case .array = v {
            let ts = try f.requireNumbers("times", limit: maxColumns)
            let g = TimeGrid<Double>.times(ts)
            do { try g.validate() } catch let e { throw e.prefixed(f.path) }
            return g
        }
        guard let t = try f.object("times") else { throw MotionKernelError.invalidValue(path, "expected an array or an object") }
        let grid: TimeGrid<Double>
        if t.has("fps") {
            let fps = try t.requireNumber("fps"), duration = try t.requireNumber("duration")
            guard fps > 0, fps <= 10_000 else { throw MotionKernelError.invalidValue(t.path("fps"), "expected 0 < fps <= 10000, got \(fps)") }
            guard duration >= 0, duration * fps < Double(maxColumns) else {
                throw MotionKernelError.invalidValue(t.path("duration"), "expected 0 <= duration with duration·fps < \(maxColumns)")
            }
            let n = Int((duration * fps).rounded(.down)) + 1
            grid = .uniform(start: 0, step: 1 / fps, count: n)
        } else {
            let start = try t.number("start", default: 0), step = try t.requireNumber("step")
            guard let n = try t.integer("count") else { throw MotionKernelError.missingField(t.path("count")) }
            guard n >= 1, n <= maxColumns else { throw MotionKernelError.invalidValue(t.path("count"), "expected 1...\(maxColumns), got \(n)") }
            grid = .uniform(start: start, step: step, count: n)
        }
        do { try grid.validate() } catch let e { throw e.prefixed(f.path) }
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

}
