import MotionKernel
import MotionKernelEval

/// `motionkernel batch` job kind for splines: `spline.channels`; its shared readers
/// (`channels`, `values`, `path`) also serve `keyframes.channels` (``KeyframeJobs``).
///
/// Both output one C × N array, **rows = channels** (channel c at every sample time in row c),
/// so `--shard K/N` splits channels and the shards concatenate to the whole (the
/// `benchmarks.md` workload's T × C is the transpose; the bench keeps that layout).
///
/// Shared fields:
/// - `channels`: C ≥ 1.
/// - `values`: the K values of every channel, one of
///   - a number (every key of every channel),
///   - an array of C arrays of K numbers (channel by channel),
///   - a flat array of K·C numbers, key-major (key i, channel c at `i·C + c`),
///   - `{"uniform": [lo, hi]}` / `{"linspace": [first, last]}` over the K·C key-major
///     numbers, seeded by the job's `seed` (default 1).
/// - `times`: as for spring jobs (`{"start", "step", "count"}`, `{"fps", "duration"}` or an
///   array).
/// - `outputs`: `["value"]` (the only output).
enum SplineJobs {
    static let kinds: [String: BatchSpec.JobParser] = [
        "spline.channels": splineChannels
    ]

    /// `spline.channels`: C channels of one spline kind over shared key times `x`.
    /// - `spline`: `{"kind": "cubic" | "catmullRom" | "kochanekBartels", "boundary"? (cubic;
    ///   default notAKnot; a name or `[start, end]` as in `spline.sample`, with a number for
    ///   every channel or C numbers per end value; nonzero end values take the direct path),
    ///   "tension"?, "continuity"?, "bias"? (kochanekBartels; default 0)}`.
    ///   `catmullRom` is the uniform (α = 0) one: the kinds here are linear in their values.
    /// - `x`: K ≥ 2 strictly increasing key times, or `{"linspace": [first, last], "count": K}`.
    /// - `derivative`?: 0 (default), 1 or 2.
    /// - `path`?: `"automatic"` (default: the measured crossover,
    ///   `SplineChannels.automaticPath`), `"gemm"` or `"direct"`.
    @Sendable
    static func splineChannels(_ f: Fields) throws -> BatchJob {
        let (precision, seed) = try BatchSpec.common(f, and: ["spline", "x", "channels", "values", "times", "derivative", "path"])
        let spec = try f.requireObject("spline")
        try spec.rejectUnknown(["kind", "boundary", "tension", "continuity", "bias"])
        guard let kindName = try spec.string("kind") else { throw MotionKernelError.missingField(spec.path("kind")) }
        var kind: SplineBasis<Double>.Kind
        switch kindName {
        case "cubic":
            // Read after `channels` (below): per-channel end values need C.
            kind = .cubic(.notAKnot)
        case "catmullRom": kind = .catmullRomUniform
        case "kochanekBartels":
            kind = .kochanekBartels(
                tension: try spec.number("tension", default: 0),
                continuity: try spec.number("continuity", default: 0),
                bias: try spec.number("bias", default: 0))
        default:
            throw MotionKernelError.invalidValue(
                spec.path("kind"), "unknown kind \"\(kindName)\"; expected one of cubic, catmullRom, kochanekBartels")
        }
        for key in ["boundary"] where spec.has(key) && kindName != "cubic" {
            throw MotionKernelError.invalidValue(spec.path(key), "applies to kind \"cubic\" only")
        }
        for key in ["tension", "continuity", "bias"] where spec.has(key) && kindName != "kochanekBartels" {
            throw MotionKernelError.invalidValue(spec.path(key), "applies to kind \"kochanekBartels\" only")
        }
        let x = try keyTimes(f)
        let c = try channelCount(f)
        var path = try pathField(f)
        if kindName == "cubic",
            let b = try SplineOps.boundary(spec, channels: c, vectorItems: true, float: precision == .float)
        {
            kind = .cubic(b)
            if !b.isLinearInValues {
                // Nonzero end values make the spline affine in the values: no shared basis.
                guard path != .gemm else {
                    throw MotionKernelError.invalidValue(
                        f.path("path"), "\"gemm\" needs a spline linear in its values; nonzero boundary derivative values need \"direct\"")
                }
                path = .direct
            }
        }
        let values = try channelValues(f, keys: x.count, channels: c, seed: seed)
        let grid = try BatchSpec.times(f)
        try checkBasisSize(f, keys: x.count, times: grid.count)
        let times = (0..<grid.count).map { grid[$0] }
        let derivative = try f.integer("derivative") ?? 0
        guard (0...2).contains(derivative) else {
            throw MotionKernelError.invalidValue(f.path("derivative"), "expected 0, 1 or 2, got \(derivative)")
        }
        let outs = try BatchSpec.outputs(f, allowed: ["value"], defaults: ["value"])
        func make<T: MotionScalar>(_: T.Type) throws -> BatchJob {
            let kindT: SplineBasis<T>.Kind
            switch kind {
            case .cubic(let b): kindT = .cubic(b)
            case .catmullRomUniform: kindT = .catmullRomUniform
            case .kochanekBartels(let t, let co, let b): kindT = .kochanekBartels(tension: t, continuity: co, bias: b)
            }
            let sampler: SplineChannels<T>
            do {
                sampler = try SplineChannels(
                    keyTimes: x.map { T($0) }, values: values.map { T($0) }, channels: c,
                    kind: kindT, times: times.map { T($0) }, derivative: derivative, path: path)
            } catch let e {
                // The spline names its values `y`; here they are `values`.
                let field = e.field.hasPrefix("y") ? "values" : e.field
                throw MotionKernelError(code: e.code, field: field, reason: e.reason).prefixed(f.path)
            }
            let n = times.count
            return BatchJob(
                name: "", kind: "spline.channels", scalar: T.self, rows: c, columns: n, outputs: outs,
                axes: ["channel", "time"]
            ) { range, ptrs in
                try sampler.sample(channels: range, layout: .channelMajor, into: ptrs[0])
            }
        }
        return precision == .float ? try make(Float.self) : try make(Double.self)
    }

    // MARK: shared readers

    /// A basis (and the per-channel work) holds keys × times numbers: at most
    /// `BatchSpec.maxInputNumbers`, checked before anything is allocated.
    static func checkBasisSize(_ f: Fields, keys: Int, times: Int) throws {
        let (n, overflow) = keys.multipliedReportingOverflow(by: times)
        guard !overflow, n <= BatchSpec.maxInputNumbers else {
            throw MotionKernelError.invalidValue(
                f.path("times"), "\(keys) keys × \(times) times exceeds the limit of \(BatchSpec.maxInputNumbers) basis numbers")
        }
    }

    static func channelCount(_ f: Fields) throws -> Int {
        guard let c = try f.integer("channels") else { throw MotionKernelError.missingField(f.path("channels")) }
        guard c >= 1, c <= BatchSpec.maxInputNumbers else {
            throw MotionKernelError.invalidValue(f.path("channels"), "expected 1...\(BatchSpec.maxInputNumbers), got \(c)")
        }
        return c
    }

    /// `x`: an array of key times or `{"linspace": [first, last], "count": K}`.
    static func keyTimes(_ f: Fields) throws -> [Double] {
        guard let v = f.value("x") else { throw MotionKernelError.missingField(f.path("x")) }
        if case .array = v { return try f.requireNumbers("x", limit: 1_000_000) }
        guard let o = try f.object("x") else {
            throw MotionKernelError.invalidValue(f.path("x"), "expected an array or {\"linspace\": [first, last], \"count\": K}")
        }
        try o.rejectUnknown(["linspace", "count"])
        let r = try o.requireNumbers("linspace", limit: 2)
        guard r.count == 2, r[0] < r[1] else { throw MotionKernelError.invalidValue(o.path("linspace"), "expected [first, last] with first < last") }
        guard let n = try o.integer("count") else { throw MotionKernelError.missingField(o.path("count")) }
        guard n >= 2, n <= 1_000_000 else { throw MotionKernelError.invalidValue(o.path("count"), "expected 2...1000000, got \(n)") }
        return (0..<n).map { $0 == n - 1 ? r[1] : r[0] + (r[1] - r[0]) * Double($0) / Double(n - 1) }
    }

    /// `values` as a K × C key-major buffer (see the type's doc for the accepted forms).
    static func channelValues(_ f: Fields, keys k: Int, channels c: Int, seed: UInt64) throws -> [Double] {
        let total = try MotionKernelError.checkedCount([k, c], limit: BatchSpec.maxInputNumbers, f.path("values"))
        guard let v = f.value("values") else { throw MotionKernelError.missingField(f.path("values")) }
        if case .array(let a) = v, case .array? = a.first {
            let path = f.path("values")
            guard a.count == c else { throw MotionKernelError.invalidValue(path, "has \(a.count) channel arrays; expected channels = \(c)") }
            var out = [Double](repeating: 0, count: total)
            for (ch, item) in a.enumerated() {
                guard case .array(let row) = item, row.count == k else {
                    throw MotionKernelError.invalidValue("\(path)[\(ch)]", "expected an array of \(k) numbers (one per key)")
                }
                for (i, x) in row.enumerated() { out[i * c + ch] = try Fields.number(x, "\(path)[\(ch)][\(i)]") }
            }
            return out
        }
        guard let col = try BatchSpec.materializedColumn(f, "values", count: total, seed: seed) else {
            throw MotionKernelError.missingField(f.path("values"))
        }
        return col
    }

    static func pathField(_ f: Fields) throws -> SplineChannelsPath {
        guard let name = try f.string("path") else { return .automatic }
        guard let p = SplineChannelsPath(rawValue: name) else {
            throw MotionKernelError.invalidValue(f.path("path"), "unknown path \"\(name)\"; expected automatic, gemm or direct")
        }
        return p
    }
}
