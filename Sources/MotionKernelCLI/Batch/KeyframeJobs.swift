import MotionKernel
import MotionKernelEval

/// `motionkernel batch` job kind for keyframes: `keyframes.channels`, one C × N array with
/// rows = channels, like `spline.channels` (its shared fields are documented on ``SplineJobs``).
enum KeyframeJobs {
    static let kinds: [String: BatchSpec.JobParser] = [
        "keyframes.channels": keyframeChannels
    ]

    /// `keyframes.channels`: C keyframe tracks sharing everything but their values, sampled at
    /// progress values `times` (clamped to [0, 1]).
    /// - `keyframes`: `{"keyTimes"?, "calculationMode"? (default linear), "timingFunctions"?,
    ///   "tensionValues"?, "continuityValues"?, "biasValues"?}` as in `keyframes.sample`,
    ///   without values.
    /// - `keys`: K, required unless `values` gives arrays (then K is their length).
    /// - `path`?: `"automatic"` (default: one GEMM through `KeyframeBasis` for linear, discrete
    ///   and cubic tracks; per-channel tracks for paced modes, whose key times depend on each
    ///   channel's values), `"gemm"` or `"direct"` (per-channel tracks, any mode).
    @Sendable
    static func keyframeChannels(_ f: Fields) throws -> BatchJob {
        let (precision, seed) = try BatchSpec.common(f, and: ["keyframes", "keys", "channels", "values", "times", "path"])
        let spec = try KeyframeOps.parse(f.requireObject("keyframes"), requireMode: false, valuesKey: nil)
        let c = try SplineJobs.channelCount(f)
        var k: Int
        if let given = try f.integer("keys") {
            k = given
        } else if case .array(let a)? = f.value("values"), case .array(let row)? = a.first {
            k = row.count
        } else {
            throw MotionKernelError.missingField(f.path("keys"))
        }
        guard k >= 1, k <= 1_000_000 else { throw MotionKernelError.invalidValue(f.path("keys"), "expected 1...1000000, got \(k)") }
        let values = try SplineJobs.channelValues(f, keys: k, channels: c, seed: seed)
        let grid = try BatchSpec.times(f)
        try SplineJobs.checkBasisSize(f, keys: k, times: grid.count)
        let progress = (0..<grid.count).map { min(grid[$0], 1) }
        var path = try SplineJobs.pathField(f)
        let paced = spec.mode == .paced || spec.mode == .cubicPaced
        if path == .gemm && paced {
            throw MotionKernelError.invalidValue(
                f.path("path"), "\(spec.mode.rawValue) tracks have no basis (their key times depend on each channel's values); use automatic or direct")
        }
        if path == .automatic { path = paced ? .direct : .gemm }
        let outs = try BatchSpec.outputs(f, allowed: ["value"], defaults: ["value"])
        let kp = f.path("keyframes")
        func make<T: MotionScalar>(_: T.Type) throws -> BatchJob {
            let n = progress.count
            let pT = progress.map { T($0) }
            let evaluate: (Range<Int>, UnsafeMutableBufferPointer<T>) throws -> Void
            do {
                if path == .gemm {
                    let basis = try KeyframeBasis<T>(
                        keys: k, keyTimes: spec.keyTimes?.map { T($0) }, calculationMode: spec.mode,
                        timingFunctions: spec.timingFunctions, tension: spec.tension.map { T($0) },
                        continuity: spec.continuity.map { T($0) }, bias: spec.bias.map { T($0) }, progress: pT)
                    let vT = values.map { T($0) }
                    for (j, v) in vT.enumerated() where !v.isFinite {
                        throw MotionKernelError.invalidValue("values[\(j % c)][\(j / c)]", "expected a number finite in this precision, got \(values[j])")
                    }
                    evaluate = { range, out in
                        try basis.apply(values: vT, channels: c, range: range, layout: .channelMajor, into: out)
                    }
                } else {
                    var tracks: [KeyframeTrack<T>] = []
                    tracks.reserveCapacity(c)
                    for ch in 0..<c {
                        let v = (0..<k).map { T(values[$0 * c + ch]) }
                        do {
                            tracks.append(
                                try KeyframeTrack(
                                    values: v, dimension: 1, keyTimes: spec.keyTimes?.map { T($0) }, calculationMode: spec.mode,
                                    timingFunctions: spec.timingFunctions, tension: spec.tension.map { T($0) },
                                    continuity: spec.continuity.map { T($0) }, bias: spec.bias.map { T($0) }))
                        } catch let e {
                            guard e.field.hasPrefix("values") else { throw e }
                            throw MotionKernelError(code: e.code, field: "values[\(ch)]", reason: e.reason)
                        }
                    }
                    evaluate = { range, out in
                        try KeyframeBatch.sample(Array(tracks[range]), at: pT, layout: .channelMajor, into: out)
                    }
                }
            } catch let e as MotionKernelError {
                throw e.field.hasPrefix("values") ? e.prefixed(f.path) : e.prefixed(kp)
            }
            return BatchJob(
                name: "", kind: "keyframes.channels", scalar: T.self, rows: c, columns: n, outputs: outs,
                axes: ["channel", "progress"]
            ) { range, ptrs in
                try evaluate(range, ptrs[0])
            }
        }
        return precision == .float ? try make(Float.self) : try make(Double.self)
    }
}
