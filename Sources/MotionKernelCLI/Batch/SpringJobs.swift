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
        let from, to, velocity: BatchColumn
        /// Whether `velocity` holds `relativeVelocity`.
        let relative: Bool

        init(_ f: Fields, count n: Int, seed: UInt64) throws {
            from = try BatchSpec.column(f, "from", count: n, seed: seed, defaultValue: 0)!
            to = try BatchSpec.column(f, "to", count: n, seed: seed, defaultValue: 1)!
            if f.has("velocity") && f.has("relativeVelocity") {
                throw MotionKernelError.invalidValue(f.path("relativeVelocity"), "give either velocity or relativeVelocity")
            }
            relative = f.has("relativeVelocity")
            velocity = try BatchSpec.column(f, relative ? "relativeVelocity" : "velocity", count: n, seed: seed, defaultValue: 0)!
            // Every item lies within the columns' bounds: the velocity is finite for all of them
            // when it is at the corners.
            for c in corners where !c.velocity.isFinite {
                throw MotionKernelError.invalidValue(f.path(relative ? "relativeVelocity" : "velocity"), "the initial velocity overflows")
            }
        }

        /// The initial velocity of column value `v` for a motion from `a` to `b`.
        func initialVelocity(_ v: Double, from a: Double, to b: Double) -> Double { relative ? v * (b - a) : v }

        /// The motions at every corner of the columns' ranges (from × to × velocity).
        var corners: [(from: Double, to: Double, velocity: Double)] {
            // The velocity's bound varies fastest, then to's, then from's.
            SpringSpec.corners([velocity.bounds, to.bounds, from.bounds]).map { c in (c[2], c[1], initialVelocity(c[0], from: c[2], to: c[1])) }
        }

        /// Rows `range` as `T` columns.
        func columns<T: MotionScalar>(_ range: Range<Int>, as _: T.Type) throws -> (from: [T], to: [T], velocity: [T]) {
            let f = from.values(range), t = to.values(range), v = velocity.values(range)
            var vT = [T](repeating: 0, count: range.count)
            for j in 0..<range.count { vT[j] = T(initialVelocity(v[j], from: f[j], to: t[j])) }
            return (f.map { T($0) }, t.map { T($0) }, vT)
        }
    }

    /// The `spring` object of a `spring.batch` job: one SpringSpec field set whose fields are
    /// columns, converted to physical parameters chunk by chunk without any per-spring
    /// dictionary.
    struct SpringColumns: Sendable {
        let set: SpringSpec
        /// The columns, by key, in the order of the keys' names.
        let columns: [(key: String, column: BatchColumn)]
        let path: String
        /// The springs at every corner of the columns' ranges (at most 8).
        let cornerSprings: [Spring<Double>]

        init(_ specF: Fields, count n: Int, seed: UInt64) throws {
            var cols: [(key: String, column: BatchColumn)] = []
            for key in specF.object.keys where specF.has(key) {
                cols.append((key, try BatchSpec.column(specF, key, count: n, seed: seed)!))
            }
            cols.sort { $0.key < $1.key }
            // The field set is decided by the column names, as eval decides it by the keys; the
            // first spring gets eval's errors for its values.
            set = try SpringOps.fieldSet(specF)
            columns = cols
            path = specF.path
            do { _ = try SpringColumns.spring(set, cols.map(\.key), cols.map { $0.column.value(at: 0) }) } catch let e as MotionKernelError {
                throw MotionKernelError(code: e.code, field: specF.path(e.field), reason: e.reason)
            }
            // Every spring's parameters lie in the box of the columns' bounds: check its corners
            // before any work (a spring inside the box that still fails is reported by row).
            var springs: [Spring<Double>] = []
            for values in SpringSpec.corners(cols.map(\.column.bounds)) {
                do { springs.append(try SpringColumns.spring(set, cols.map(\.key), values)) } catch let e as MotionKernelError {
                    let at = zip(cols, values).map { "\($0.key) = \($1)" }.joined(separator: ", ")
                    throw MotionKernelError(code: e.code, field: specF.path(e.field), reason: "\(e.reason) (at \(at), within the column's range)")
                }
            }
            cornerSprings = springs
        }

        /// One spring of field set `set` from the values of `keys`.
        static func spring(_ set: SpringSpec, _ keys: [String], _ values: [Double]) throws -> Spring<Double> {
            try set.spring { key in keys.firstIndex(of: key).map { values[$0] } }
        }

        /// Physical parameters (mass, stiffness, damping) of springs `range`.
        /// - Throws: the parameterization's `invalidValue`, naming the spring (`spring.stiffness[17]`).
        func physical(_ range: Range<Int>) throws -> (m: [Double], k: [Double], c: [Double]) {
            let n = range.count
            var m = [Double](repeating: 1, count: n), k = m, c = m
            let keys = columns.map(\.key), values = columns.map { $0.column.values(range) }
            // The two physical field sets in one pass of plain arithmetic, with every spring
            // checked; any invalid spring sends the chunk through `SpringSpec` below for its exact
            // error.
            if set == .physical || set == .stiffnessDampingRatio {
                func col(_ key: String) -> [Double]? { keys.firstIndex(of: key).map { values[$0] } }
                let mass = col("mass"), a = col("stiffness")!, b = col(set == .physical ? "damping" : "dampingRatio")!
                var ok = true
                for j in 0..<n {
                    let mj = mass?[j] ?? 1, kj = a[j], bj = b[j]
                    let cj = set == .physical ? bj : SpringSpec.damping(stiffness: kj, dampingRatio: bj, mass: mj)
                    ok = ok && mj > 0 && mj.isFinite && kj > 0 && kj.isFinite && bj >= 0 && bj.isFinite && cj.isFinite
                    m[j] = mj; k[j] = kj; c[j] = cj
                }
                if ok { return (m, k, c) }
            }
            for j in 0..<n {
                let s: Spring<Double>
                do {
                    s = try SpringColumns.spring(set, keys, values.map { $0[j] })
                } catch let e as MotionKernelError {
                    throw MotionKernelError(code: e.code, field: "\(path).\(e.field)[\(range.lowerBound + j)]", reason: e.reason)
                }
                m[j] = s.mass; k[j] = s.stiffness; c[j] = s.damping
            }
            return (m, k, c)
        }
    }

    /// The chunk's `value` and `velocity` buffers among `ptrs` (nil for an output not asked for).
    static func outputBuffers<T>(_ outs: [String], _ ptrs: [UnsafeMutableBufferPointer<T>])
        -> (value: UnsafeMutableBufferPointer<T>?, velocity: UnsafeMutableBufferPointer<T>?)
    {
        let buffer = { (name: String) in outs.firstIndex(of: name).map { ptrs[$0] } }
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
        let motions = initial.corners
        for s in springs.cornerSprings {
            for x in motions {
                m.append(T(s.mass)); k.append(T(s.stiffness)); c.append(T(s.damping))
                from.append(T(x.from)); to.append(T(x.to)); vel.append(T(x.velocity))
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

    /// A spring job of `kind`: `rows` × the grid's times, `sample(range, grid, values,
    /// velocities)` filling the chunk of rows `range` (`velocities` nil when not an output;
    /// `values` a scratch buffer of the chunk's size when only velocities are).
    static func job<T: MotionScalar>(
        kind: String, axes: [String], rows n: Int, grid: TimeGrid<Double>, outputs outs: [String],
        sample: @escaping (Range<Int>, TimeGrid<T>, UnsafeMutableBufferPointer<T>, UnsafeMutableBufferPointer<T>?) throws -> Void
    ) -> BatchJob {
        let g = grid.converted(to: T.self), tc = grid.count
        return BatchJob(name: "", kind: kind, scalar: T.self, rows: n, columns: tc, outputs: outs, axes: axes) { range, ptrs in
            let count = range.count * tc
            let (pv, pvel) = outputBuffers(outs, ptrs)
            var scratch = pv == nil ? [T](repeating: 0, count: count) : []
            try scratch.withUnsafeMutableBufferPointer { try sample(range, g, pv ?? $0, pvel) }
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
            return job(kind: "spring.batch", axes: ["spring", "time"], rows: n, grid: grid, outputs: outs) {
                range, g, values, velocities in
                let (m, k, c) = try springs.physical(range)
                let (from, to, vel) = try initial.columns(range, as: T.self)
                do {
                    let batch = try SpringBatch<T>(
                        mass: m.map { T($0) }, stiffness: k.map { T($0) }, damping: c.map { T($0) },
                        from: from, to: to, initialVelocity: vel)
                    try batch.sample(g, rows: 0..<range.count, values: values, velocities: velocities)
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
            do { s = try sd.converted(to: T.self) } catch let e { throw e.prefixed(f.path("spring")) }
            return job(kind: "spring.shared", axes: ["object", "time"], rows: n, grid: grid, outputs: outs) {
                range, g, values, velocities in
                let (from, to, vel) = try initial.columns(range, as: T.self)
                do {
                    try SharedSpringBatch.sample(spring: s, from: from, to: to, initialVelocity: vel, grid: g, values: values, velocities: velocities)
                } catch let e as MotionKernelError {
                    throw rebased(e, by: range.lowerBound, path: f.path)
                }
            }
        }
        return precision == .float ? try make(Float.self) : try make(Double.self)
    }
}
