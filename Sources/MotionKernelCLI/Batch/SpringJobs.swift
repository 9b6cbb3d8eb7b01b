import MotionKernel
import MotionKernelEval

/// `motionkernel batch` job kinds for springs: `spring.batch` (per-spring parameters) and
/// `spring.shared` (one spring, per-object initial conditions).
///
/// Inputs are `BatchColumn`s, evaluated for each chunk of rows as it is computed, so a job's
/// memory does not grow with its row count.
enum SpringJobs {
    static let kinds: [String: BatchSpec.JobParser] = [
        "spring.batch": springBatch,
        "spring.shared": springShared,
    ]

    /// Per-spring initial conditions: columns `from` (0), `to` (1), and `velocity` (0) or
    /// `relativeVelocity` (multiples of to − from per second).
    struct InitialConditions: Sendable {
        let from: BatchColumn
        let to: BatchColumn
        let velocity: BatchColumn
        let relative: Bool
        let path: String

        init(_ f: Fields, count n: Int, seed: UInt64) throws {
            from = try BatchSpec.column(f, "from", count: n, seed: seed, defaultValue: 0)!
            to = try BatchSpec.column(f, "to", count: n, seed: seed, defaultValue: 1)!
            if f.has("velocity") && f.has("relativeVelocity") {
                throw MotionKernelError.invalidValue(f.path("relativeVelocity"), "give either velocity or relativeVelocity")
            }
            relative = f.has("relativeVelocity")
            velocity = try BatchSpec.column(f, relative ? "relativeVelocity" : "velocity", count: n, seed: seed, defaultValue: 0)!
            path = f.path(relative ? "relativeVelocity" : "velocity")
            // Every item lies within the columns' bounds: the velocity is finite for all of them
            // when it is at the corners.
            let vb = velocity.bounds, fb = from.bounds, tb = to.bounds
            for x in [vb.lo, vb.hi] {
                for (a, b) in [(fb.lo, tb.lo), (fb.lo, tb.hi), (fb.hi, tb.lo), (fb.hi, tb.hi)] {
                    guard (relative ? x * (b - a) : x).isFinite else { throw MotionKernelError.invalidValue(path, "the initial velocity overflows") }
                }
            }
        }

        /// Rows `range` as `T` columns.
        func columns<T: MotionScalar>(_ range: Range<Int>, as _: T.Type) throws -> (from: [T], to: [T], velocity: [T]) {
            let f = from.values(range), t = to.values(range), v = velocity.values(range)
            var vT = [T](repeating: 0, count: range.count)
            for j in 0..<range.count {
                let x = relative ? v[j] * (t[j] - f[j]) : v[j]
                vT[j] = T(x)
            }
            return (f.map { T($0) }, t.map { T($0) }, vT)
        }
    }

    /// The `spring` object of a `spring.batch` job: one SpringSpec field set whose fields are
    /// columns, converted to physical parameters chunk by chunk without any per-spring
    /// dictionary.
    struct SpringColumns: Sendable {
        let set: String
        let columns: [String: BatchColumn]
        let path: String

        init(_ specF: Fields, count n: Int, seed: UInt64) throws {
            var cols: [String: BatchColumn] = [:]
            for key in specF.object.keys where specF.has(key) {
                cols[key] = try BatchSpec.column(specF, key, count: n, seed: seed)
            }
            // The field set is chosen, and the keys are checked, by the eval protocol's parser on
            // the first spring.
            var o = JSONObject()
            for key in specF.object.keys where cols[key] != nil { o[key] = .number(cols[key]!.value(at: 0)) }
            do { _ = try SpringOps.parseSpring(Fields(o), as: Double.self) } catch let e as MotionKernelError {
                throw MotionKernelError(code: e.code, field: specF.path(e.field), reason: e.reason)
            }
            let present = Set(cols.keys)
            set =
                SpringOps.fieldSets.first { s in
                    s.required.allSatisfy(present.contains) && present.isSubset(of: Set(s.required + s.optional))
                }!.name
            columns = cols
            path = specF.path
            // Every spring's parameters lie in the box of the columns' bounds: check its corners
            // before any work (a spring inside the box that still fails is reported by row).
            let keys = cols.keys.sorted()
            for corner in 0..<(1 << keys.count) {
                var values: [String: Double] = [:]
                for (b, key) in keys.enumerated() {
                    let bounds = cols[key]!.bounds
                    values[key] = corner & (1 << b) == 0 ? bounds.lo : bounds.hi
                }
                do { _ = try SpringColumns.spring(set, values) } catch let e as MotionKernelError {
                    let at = keys.map { "\($0) = \(values[$0]!)" }.joined(separator: ", ")
                    throw MotionKernelError(code: e.code, field: specF.path(e.field), reason: "\(e.reason) (at \(at), within the column's range)")
                }
            }
        }

        /// The springs at every corner of the columns' ranges (at most 8).
        func cornerSprings() -> [Spring<Double>] {
            let keys = columns.keys.sorted()
            return (0..<(1 << keys.count)).compactMap { corner in
                var values: [String: Double] = [:]
                for (b, key) in keys.enumerated() {
                    let bounds = columns[key]!.bounds
                    values[key] = corner & (1 << b) == 0 ? bounds.lo : bounds.hi
                }
                return try? SpringColumns.spring(set, values)
            }
        }

        /// One spring of field set `set` from its field values.
        static func spring(_ set: String, _ v: [String: Double]) throws -> Spring<Double> {
            switch set {
            case "physical": return try Spring(mass: v["mass"] ?? 1, stiffness: v["stiffness"]!, damping: v["damping"]!, allowOverDamping: true)
            case "stiffness/dampingRatio": return try Spring(stiffness: v["stiffness"]!, dampingRatio: v["dampingRatio"]!, mass: v["mass"] ?? 1)
            case "response/dampingRatio": return try Spring(response: v["response"]!, dampingRatio: v["dampingRatio"]!)
            case "duration/bounce": return try Spring(duration: v["duration"]!, bounce: v["bounce"] ?? 0)
            case "tension/friction": return try Spring(tension: v["tension"]!, friction: v["friction"]!)
            case "visualDuration/bounce": return try Spring.motion(visualDuration: v["visualDuration"]!, bounce: v["bounce"]!)
            default: return try Spring(bounciness: v["bounciness"]!, speed: v["speed"]!)
            }
        }

        /// Physical parameters (mass, stiffness, damping) of springs `range`.
        /// - Throws: the parameterization's `invalidValue`, naming the spring (`spring.stiffness[17]`).
        func physical(_ range: Range<Int>) throws -> (m: [Double], k: [Double], c: [Double]) {
            let n = range.count
            var m = [Double](repeating: 1, count: n), k = m, c = m
            func col(_ key: String) -> [Double]? { columns[key]?.values(range) }
            let a = col(SpringOps.fieldSets.first { $0.name == set }!.required[0])!
            let bKey = SpringOps.fieldSets.first { $0.name == set }!.required.dropFirst().first
            let b = bKey.flatMap(col)
            let mass = col("mass"), bounce = col("bounce")
            // The two physical field sets in one pass of plain arithmetic: the same expressions as
            // `Spring`'s initialisers (so the same bits), with every spring checked; any invalid
            // spring sends the chunk through the initialisers below for its exact error.
            if set == "physical" || set == "stiffness/dampingRatio" {
                var ok = true
                for j in 0..<n {
                    let mj = mass?[j] ?? 1, kj = a[j], bj = b![j]
                    let cj = set == "physical" ? bj : 2 * bj * (kj * mj).squareRoot()
                    ok = ok && mj > 0 && mj.isFinite && kj > 0 && kj.isFinite && bj >= 0 && bj.isFinite && cj.isFinite
                    m[j] = mj; k[j] = kj; c[j] = cj
                }
                if ok { return (m, k, c) }
            }
            for j in 0..<n {
                let s: Spring<Double>
                do {
                    switch set {
                    case "physical": s = try Spring(mass: mass?[j] ?? 1, stiffness: a[j], damping: b![j], allowOverDamping: true)
                    case "stiffness/dampingRatio": s = try Spring(stiffness: a[j], dampingRatio: b![j], mass: mass?[j] ?? 1)
                    case "response/dampingRatio": s = try Spring(response: a[j], dampingRatio: b![j])
                    case "duration/bounce": s = try Spring(duration: a[j], bounce: bounce?[j] ?? 0)
                    case "tension/friction": s = try Spring(tension: a[j], friction: b![j])
                    case "visualDuration/bounce": s = try Spring.motion(visualDuration: a[j], bounce: b![j])
                    default: s = try Spring(bounciness: a[j], speed: b![j])
                    }
                } catch let e as MotionKernelError {
                    throw MotionKernelError(code: e.code, field: "\(path).\(e.field)[\(range.lowerBound + j)]", reason: e.reason)
                }
                m[j] = s.mass; k[j] = s.stiffness; c[j] = s.damping
            }
            return (m, k, c)
        }
    }

    /// The chunk's `value` and `velocity` buffers among `ptrs` (nil for an output not asked for).
    static func outputBuffers<T>(_ outs: [String], _ ptrs: [UnsafeMutableRawPointer], count: Int, as _: T.Type)
        -> (value: UnsafeMutableBufferPointer<T>?, velocity: UnsafeMutableBufferPointer<T>?)
    {
        let buffer = { (name: String) in
            outs.firstIndex(of: name).map { UnsafeMutableBufferPointer(start: ptrs[$0].assumingMemoryBound(to: T.self), count: count) }
        }
        return (buffer("value"), buffer("velocity"))
    }

    /// Re-bases a chunk-relative index in an error's field (`stiffness[3]` of a chunk starting at
    /// row 100 is `stiffness[103]`) and prefixes the job's path.
    static func rebased(_ e: MotionKernelError, by offset: Int, path: String) -> MotionKernelError {
        TransformJobs.shifted(e, by: offset, path: path)
    }

    /// Checks before any work that the batch accepts the motions at every corner of the
    /// columns' ranges (springs × from × to × velocity): the accepted range of `SpringBatch`
    /// (values, and velocities when they are an output) grows monotonically towards the
    /// corners, so a range that overflows the precision is refused here, not after hours.
    static func checkCorners<T: MotionScalar>(
        _ springs: SpringColumns, _ initial: InitialConditions, outputs: [String],
        as _: T.Type, path: String
    ) throws {
        var m: [T] = [], k: [T] = [], c: [T] = [], from: [T] = [], to: [T] = [], vel: [T] = []
        let fb = initial.from.bounds, tb = initial.to.bounds, vb = initial.velocity.bounds
        for s in springs.cornerSprings() {
            for x0 in [fb.lo, fb.hi] {
                for x1 in [tb.lo, tb.hi] {
                    for v in [vb.lo, vb.hi] {
                        m.append(T(s.mass)); k.append(T(s.stiffness)); c.append(T(s.damping))
                        from.append(T(x0)); to.append(T(x1)); vel.append(T(initial.relative ? v * (x1 - x0) : v))
                    }
                }
            }
        }
        guard !m.isEmpty else { return }
        do {
            let batch = try SpringBatch<T>(mass: m, stiffness: k, damping: c, from: from, to: to, initialVelocity: vel)
            var values = [T](repeating: 0, count: m.count), velocities = values
            try values.withUnsafeMutableBufferPointer { pv in
                try velocities.withUnsafeMutableBufferPointer { pvel in
                    try batch.sample(.times([0]), rows: 0..<m.count, values: pv, velocities: outputs.contains("velocity") ? pvel : nil)
                }
            }
        } catch let e as MotionKernelError {
            let name = e.field.split(separator: "[").first.map(String.init) ?? e.field
            let field =
                ["from", "to", "velocity"].contains(name) ? "\(path).\(initial.relative && name == "velocity" ? "relativeVelocity" : name)" : "\(path).spring"
            throw MotionKernelError(code: e.code, field: field, reason: "\(e.reason) (at a corner of the columns' ranges, in \(T.self))")
        }
    }

    /// The fields both spring kinds share: the known keys, `count`, `seed`, `precision`.
    static func commonFields(_ f: Fields) throws -> (count: Int, seed: UInt64, precision: EvalContext.Precision) {
        try f.rejectUnknown([
            "name", "kind", "precision", "count", "seed", "spring", "from", "to", "velocity",
            "relativeVelocity", "times", "outputs",
        ])
        return (try BatchSpec.count(f), try BatchSpec.seed(f), try BatchSpec.precision(f))
    }

    /// `spring.batch`: N springs with per-spring parameters (`spring` holds one SpringSpec
    /// field set whose fields are columns), initial conditions `from`, `to`, `velocity` or
    /// `relativeVelocity` (columns), `times`; outputs `value` and/or `velocity` (N × T).
    @Sendable
    static func springBatch(_ f: Fields) throws -> BatchJob {
        let (n, seed, precision) = try commonFields(f)
        let springs = try SpringColumns(try f.requireObject("spring"), count: n, seed: seed)
        let initial = try InitialConditions(f, count: n, seed: seed)
        let grid = try BatchSpec.times(f)
        let outs = try BatchSpec.outputs(f, allowed: ["value", "velocity"], defaults: ["value"])
        func make<T: MotionScalar>(_: T.Type) throws -> BatchJob {
            try checkCorners(springs, initial, outputs: outs, as: T.self, path: f.path)
            let g = grid.converted(to: T.self)
            let tc = grid.count
            return BatchJob(
                name: "", kind: "spring.batch", precision: precision, rows: n, columns: tc, outputs: outs,
                axes: ["spring", "time"]
            ) { range, ptrs in
                let (m, k, c) = try springs.physical(range)
                let (from, to, vel) = try initial.columns(range, as: T.self)
                let batch: SpringBatch<T>
                do {
                    batch = try SpringBatch<T>(
                        mass: m.map { T($0) }, stiffness: k.map { T($0) }, damping: c.map { T($0) },
                        from: from, to: to, initialVelocity: vel)
                } catch let e as MotionKernelError {
                    throw rebased(e, by: range.lowerBound, path: f.path)
                }
                let count = range.count * tc
                let (pv, pvel) = outputBuffers(outs, ptrs, count: count, as: T.self)
                do {
                    if let pv {
                        try batch.sample(g, rows: 0..<range.count, values: pv, velocities: pvel)
                    } else if let pvel {
                        // Velocities only: values go to a scratch buffer of the chunk's size.
                        var scratch = [T](repeating: 0, count: count)
                        try scratch.withUnsafeMutableBufferPointer { try batch.sample(g, rows: 0..<range.count, values: $0, velocities: pvel) }
                    }
                } catch let e as MotionKernelError {
                    throw rebased(e, by: range.lowerBound, path: f.path)
                }
            }
        }
        return precision == .float ? try make(Float.self) : try make(Double.self)
    }

    /// `spring.shared`: N objects on one spring (`spring` is a SpringSpec of scalars) with
    /// per-object `from`, `to`, `velocity`/`relativeVelocity` columns.
    @Sendable
    static func springShared(_ f: Fields) throws -> BatchJob {
        let (n, seed, precision) = try commonFields(f)
        let sd: Spring<Double> = try SpringOps.parseSpring(try f.requireObject("spring"))
        let initial = try InitialConditions(f, count: n, seed: seed)
        let grid = try BatchSpec.times(f)
        let outs = try BatchSpec.outputs(f, allowed: ["value", "velocity"], defaults: ["value"])
        func make<T: MotionScalar>(_: T.Type) throws -> BatchJob {
            let s: Spring<T>
            do { s = try sd.converted(to: T.self) } catch let e as MotionKernelError { throw e.prefixed(f.path("spring")) }
            let g = grid.converted(to: T.self)
            let tc = grid.count
            return BatchJob(
                name: "", kind: "spring.shared", precision: precision, rows: n, columns: tc, outputs: outs,
                axes: ["object", "time"]
            ) { range, ptrs in
                let count = range.count * tc
                let (from, to, vel) = try initial.columns(range, as: T.self)
                let (pv, pvel) = outputBuffers(outs, ptrs, count: count, as: T.self)
                var scratch = [T]()
                if pv == nil { scratch = [T](repeating: 0, count: count) }
                do {
                    try scratch.withUnsafeMutableBufferPointer { sb in
                        try SharedSpringBatch.sample(
                            spring: s, from: from, to: to, initialVelocity: vel, grid: g,
                            values: pv ?? sb, velocities: pvel)
                    }
                } catch let e as MotionKernelError {
                    throw rebased(e, by: range.lowerBound, path: f.path)
                }
            }
        }
        return precision == .float ? try make(Float.self) : try make(Double.self)
    }
}
