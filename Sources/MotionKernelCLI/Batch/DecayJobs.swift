import MotionKernel
import MotionKernelEval

/// `motionkernel batch` job kind for released gestures: `decay.batch`, N releases of one decay
/// model (eval's `decay.sample` models), each with its own parameters, `from` and `velocity`
/// (columns), sampled at the job's times; outputs `value` and `velocity` (N × T).
///
/// Every row is computed on its own from its columns' values, so the bytes do not depend on the
/// thread count, the chunking or the shard split.
enum DecayJobs {
    static let kinds: [String: BatchSpec.JobParser] = ["decay.batch": decayBatch]

    @Sendable
    static func decayBatch(_ f: Fields) throws -> BatchJob {
        try f.rejectUnknown(["name", "kind", "precision", "count", "seed", "decay", "from", "velocity", "times", "outputs"])
        let n = try BatchSpec.count(f), seed = try BatchSpec.seed(f), precision = try BatchSpec.precision(f)
        let decayF = try f.requireObject("decay")
        guard let model = try decayF.string("model") else { throw MotionKernelError.missingField(decayF.path("model")) }
        guard let allowed = DecayOps.parameters[model] else {
            throw MotionKernelError.invalidValue(
                decayF.path("model"), "unknown decay model \"\(model)\"; expected one of \(DecayOps.models.joined(separator: ", "))")
        }
        try decayF.rejectUnknown(allowed.union(["model"]))
        // Parameters are columns (a number, or a generator object); uikit's rate may be a name,
        // and motionInertia's snapTo is one list of points for every row.
        var rateFound: String? = nil
        var found: [(key: String, column: BatchColumn)] = []
        for key in allowed.sorted() where key != "snapTo" && decayF.has(key) {
            if model == "uikit" && key == "decelerationRate", case .string(let name)? = decayF.value(key) {
                guard name == "normal" || name == "fast" else {
                    throw MotionKernelError.invalidValue(decayF.path(key), "expected a number in (0, 1), \"normal\" or \"fast\", got \"\(name)\"")
                }
                rateFound = name
                continue
            }
            found.append((key, try BatchSpec.column(decayF, key, count: n, seed: seed)!))
        }
        let rateName = rateFound, columns = found
        let snap = model == "motionInertia" ? try decayF.numbers("snapTo", limit: 1_000_000) : nil
        let from = try BatchSpec.column(f, "from", count: n, seed: seed, defaultValue: 0)!
        guard let velocity = try BatchSpec.column(f, "velocity", count: n, seed: seed) else {
            throw MotionKernelError.missingField(f.path("velocity"))
        }
        let grid = try BatchSpec.times(f)
        for j in 0..<grid.count where !(grid[j] >= 0) {
            throw MotionKernelError.invalidValue(f.path("times"), "expected times >= 0 seconds, got \(grid[j]) at [\(j)]")
        }
        let outs = try BatchSpec.outputs(f, allowed: ["value", "velocity"], defaults: ["value"])
        let path = f.path, decayPath = decayF.path
        let base = try DecayOps.Spec(model: model, path: decayPath, numbers: [:], rateName: rateName, snapTo: snap)
        /// Row i's motion from its columns' values; errors name the field with the row
        /// (`jobs[0].decay.restDelta[17]`, `jobs[0].velocity[17]`), or without it for the check
        /// of the first row before any work (`row` nil).
        @Sendable func motion(_ values: [Double], _ x0: Double, _ v0: Double, row: Int?) throws -> any DecayMotion {
            var numbers: [String: Double] = [:]
            for (c, v) in zip(columns, values) { numbers[c.key] = v }
            let spec = base.with(numbers: numbers)
            do {
                return try spec.motion(from: x0, velocity: v0).motion
            } catch let e {
                let name: String
                if e.field == "from" || e.field == "velocity" {
                    name = path.isEmpty ? e.field : "\(path).\(e.field)"
                } else if e.field.hasPrefix(decayPath) {
                    name = e.field
                } else {
                    name = "\(decayPath).\(e.field)"
                }
                throw MotionKernelError(code: e.code, field: row.map { "\(name)[\($0)]" } ?? name, reason: e.reason)
            }
        }
        // The first row's errors before any work (a bad constant parameter fails here), then
        // every corner of the columns' ranges: each model's conditions on a parameter hold on an
        // interval, so a range whose corners pass holds no invalid row.
        _ = try motion(columns.map { $0.column.value(at: 0) }, from.value(at: 0), velocity.value(at: 0), row: nil)
        for corner in SpringSpec.corners(columns.map(\.column.bounds) + [from.bounds, velocity.bounds]) {
            do {
                _ = try motion(Array(corner.dropLast(2)), corner[corner.count - 2], corner[corner.count - 1], row: nil)
            } catch let e as MotionKernelError {
                let at = zip(columns.map(\.key) + ["from", "velocity"], corner).map { "\($0) = \($1)" }.joined(separator: ", ")
                throw MotionKernelError(code: e.code, field: e.field, reason: "\(e.reason) (at \(at), within the columns' ranges)")
            }
        }
        let tc = grid.count
        // The exponential models with constant parameters share k: every row is x₀ + v₀·g(t),
        // v₀·h(t) until its own stop, with g and h per time computed once (SharedDecayRows: the
        // bits of each row's own `state(at:)`). With parameter columns each row has its own k,
        // and the kernel computes g and h per sample (VariedDecayRows, the same bits). The other
        // models take each row's model per sample.
        if ["uikit", "reactNative", "compose"].contains(model) {
            if columns.allSatisfy(\.column.isConstant) {
                var numbers: [String: Double] = [:]
                for c in columns { numbers[c.key] = c.column.value(at: 0) }
                if let form = try base.with(numbers: numbers).motion(from: 0, velocity: 1).motion as? any ExponentialDecayForm {
                    return sharedJob(
                        form, rows: n, times: (0..<tc).map { grid[$0] }, outputs: outs, precision: precision, from: from, velocity: velocity,
                        path: path)
                }
            }
            let index = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1.key, $0) })
            /// Parameter `key` of row r (of the block's columns `c`), or `d` when not a column.
            @Sendable func p(_ c: [[Double]], _ key: String, _ r: Int, _ d: Double) -> Double { index[key].map { c[$0][r] } ?? d }
            let varied = VariedJob(
                rows: n, times: (0..<tc).map { grid[$0] }, outputs: outs, precision: precision, columns: columns.map(\.column), from: from,
                velocity: velocity, prefix: path.isEmpty ? "" : path + "."
            ) {
                values, x0, v0, r in try motion(values, x0, v0, row: r)
            }
            switch model {
            case "uikit":
                let fast = rateName == "fast"
                return varied.job { (c, r, x0, v0) throws(MotionKernelError) in
                    try UIKitDecay(
                        from: x0, velocity: v0, decelerationRate: fast ? UIKitDecay.fastRate : p(c, "decelerationRate", r, UIKitDecay.normalRate),
                        restDelta: p(c, "restDelta", r, 0.5))
                }
            case "reactNative":
                return varied.job { (c, r, x0, v0) throws(MotionKernelError) in
                    try ReactNativeDecay(from: x0, velocity: v0, deceleration: p(c, "deceleration", r, ReactNativeDecay.defaultDeceleration))
                }
            default:
                return varied.job { (c, r, x0, v0) throws(MotionKernelError) in
                    try ComposeExponentialDecay(
                        from: x0, velocity: v0, frictionMultiplier: p(c, "frictionMultiplier", r, 1),
                        absVelocityThreshold: p(c, "absVelocityThreshold", r, 0.1))
                }
            }
        }
        func make<T: MotionScalar>(_: T.Type) -> BatchJob {
            BatchJob(name: "", kind: "decay.batch", scalar: T.self, rows: n, columns: tc, outputs: outs, axes: ["release", "time"]) { range, ptrs in
                let (pv, pvel) = SpringJobs.outputBuffers(outs, ptrs)
                let x0 = from.values(range), v0 = velocity.values(range)
                let cols = columns.map { $0.column.values(range) }
                for (r, row) in range.enumerated() {
                    let m = try motion(cols.map { $0[r] }, x0[r], v0[r], row: row)
                    for j in 0..<tc {
                        let s = m.state(at: grid[j])
                        let x = T(s.value), v = T(s.velocity)
                        guard x.isFinite, v.isFinite else {
                            throw MotionKernelError.invalidValue(
                                "\(path.isEmpty ? "" : path + ".")times", "release \(row)'s state at t = \(grid[j]) s is not representable in \(T.self)")
                        }
                        pv?[r * tc + j] = x
                        pvel?[r * tc + j] = v
                    }
                }
            }
        }
        return precision == .float ? make(Float.self) : make(Double.self)
    }

    /// The job of an exponential model with parameter columns: each row's model made from its
    /// columns' values by `make` (the same model and defaults as eval's `decay.sample`), through
    /// ``VariedDecayRows``: the same bytes as the row's model. A row whose model throws is made
    /// again by `named`, the job's own maker, whose error names the field and the row.
    struct VariedJob {
        let rows: Int, times: [Double], outputs: [String], precision: EvalContext.Precision
        let columns: [BatchColumn], from: BatchColumn, velocity: BatchColumn, prefix: String
        let named: @Sendable (_ values: [Double], _ x0: Double, _ v0: Double, _ row: Int) throws -> any DecayMotion

        func job<M: ExponentialDecayForm>(
            _ make: @escaping @Sendable (_ columns: [[Double]], _ r: Int, _ x0: Double, _ v0: Double) throws(MotionKernelError) -> M
        ) -> BatchJob {
            let rowsKernel = VariedDecayRows(times: times)
            let (columns, from, velocity, named, grid, prefix) = (columns, from, velocity, named, times, prefix)
            func build<T: MotionScalar>(_: T.Type) -> BatchJob {
                BatchJob(name: "", kind: "decay.batch", scalar: T.self, rows: rows, columns: grid.count, outputs: outputs, axes: ["release", "time"]) {
                    range, ptrs in
                    let (pv, pvel) = SpringJobs.outputBuffers(outputs, ptrs)
                    let x0 = from.values(range), v0 = velocity.values(range)
                    let c = columns.map { $0.values(range) }
                    do throws(VariedDecayRows.Failure) {
                        try rowsKernel.fill(
                            count: range.count, make: { r throws(MotionKernelError) in try make(c, r, x0[r], v0[r]) }, values: pv?.baseAddress,
                            velocities: pvel?.baseAddress)
                    } catch {
                        switch error {
                        case .release(let r):
                            _ = try named(c.map { $0[r] }, x0[r], v0[r], range.lowerBound + r)
                            throw MotionKernelError.invalidValue("\(prefix)velocity[\(range.lowerBound + r)]", "release \(range.lowerBound + r) is invalid")
                        case .notRepresentable(let r, let j):
                            throw MotionKernelError.invalidValue(
                                "\(prefix)times", "release \(range.lowerBound + r)'s state at t = \(grid[j]) s is not representable in \(T.self)")
                        }
                    }
                }
            }
            return precision == .float ? build(Float.self) : build(Double.self)
        }
    }

    /// The job of an exponential model with constant parameters: `prototype`'s rows through
    /// ``SharedDecayRows``, row by row with the row's own stop and rest, the same bytes as the
    /// row's model.
    static func sharedJob<M: ExponentialDecayForm>(
        _ prototype: M, rows n: Int, times grid: [Double], outputs outs: [String], precision: EvalContext.Precision, from: BatchColumn,
        velocity: BatchColumn, path: String
    ) -> BatchJob {
        let shared = SharedDecayRows(prototype: prototype, times: grid)
        let prefix = path.isEmpty ? "" : path + "."
        func make<T: MotionScalar>(_: T.Type) -> BatchJob {
            BatchJob(name: "", kind: "decay.batch", scalar: T.self, rows: n, columns: grid.count, outputs: outs, axes: ["release", "time"]) {
                range, ptrs in
                let (pv, pvel) = SpringJobs.outputBuffers(outs, ptrs)
                do throws(SharedDecayRows<M>.Failure) {
                    try shared.fill(
                        from: from.values(range), velocity: velocity.values(range), values: pv?.baseAddress, velocities: pvel?.baseAddress)
                } catch {
                    switch error {
                    case .release(let r, let e):
                        throw MotionKernelError(code: e.code, field: "\(prefix)\(e.field)[\(range.lowerBound + r)]", reason: e.reason)
                    case .notRepresentable(let r, let j):
                        throw MotionKernelError.invalidValue(
                            "\(prefix)times", "release \(range.lowerBound + r)'s state at t = \(grid[j]) s is not representable in \(T.self)")
                    }
                }
            }
        }
        return precision == .float ? make(Float.self) : make(Double.self)
    }
}
