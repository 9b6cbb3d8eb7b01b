import MotionKernel

/// Benchmark workloads for splines (docs/benchmarks.md).
///
/// `spline.channels`: a natural cubic spline with K = 16 shared key times over C = 10,000
/// channels, sampled at T = 1,000 times into a Float32 T × C buffer by `SplineChannels` on
/// its automatic path (the measured crossover, `SplineChannels.automaticPath`, picks direct
/// Horner evaluation for this shape).
///
/// `spline.channels.gemm`: the same output through the basis GEMM (`SplineBasis`, built once
/// outside the timed region, as a caller reuses it), kept so the comparison stays visible.
///
/// `spline.channels.direct`: the same output by `PiecewiseCubic.sample` over all channels
/// (one sorted sweep over the times).
///
/// `spline.sweep.K<k>.C<c>.T<t>.<path>[.cm]` and `spline.setup.…` (preparation timed too):
/// the crossover measurement behind `SplineChannels.automaticPath`: both paths over keys K,
/// channels C and times T (`.cm`: channel-major C × T output, the batch command's layout).
///
/// Every workload is checked against the direct per-channel evaluation of a
/// `CubicSpline<Double>` on every 37th channel.
enum SplineBench {
    static let keys = 16, channels = 10_000, samples = 1_000

    /// Fixed-seed inputs: sorted key times in [0, 1] (ends included), K × C values in [−1, 1],
    /// T uniformly spaced sample times over the keys.
    struct Inputs {
        var keyTimes: [Float]
        var values: [Float]
        var times: [Float]
        var keys: Int, channels: Int, samples: Int

        init(keys: Int = SplineBench.keys, channels: Int = SplineBench.channels, samples: Int = SplineBench.samples) {
            self.keys = keys
            self.channels = channels
            self.samples = samples
            var rng = SplitMix64(seed: 0x5EED_5B1E)
            var x = (0..<(keys - 2)).map { _ in Float(rng.nextUnit()) }
            x.sort()
            keyTimes = [0] + x + [1]
            // Keep knots distinct even if two draws coincide in Float.
            for i in 1..<keyTimes.count where keyTimes[i] <= keyTimes[i - 1] {
                keyTimes[i] = keyTimes[i - 1].nextUp
            }
            values = (0..<(keys * channels)).map { _ in Float(2 * rng.nextUnit() - 1) }
            times = samples == 1 ? [0.5] : (0..<samples).map { Float(Double($0) / Double(samples - 1)) }
        }
    }

    /// Output holder shared by the kernel and the check.
    final class Output {
        var buffer: [Float]
        init(count: Int) { buffer = [Float](repeating: 0, count: count) }
    }

    /// Max |output − reference| over every 37th channel, the reference evaluated directly in
    /// Double. `channelMajor`: the output is C × T instead of T × C.
    static func check(_ inputs: Inputs, _ output: [Float], channelMajor: Bool = false) -> Double {
        let k = inputs.keys, c = inputs.channels, t = inputs.samples
        let slice = Array(Swift.stride(from: 0, to: c, by: 37))
        var v = [Double]()
        v.reserveCapacity(k * slice.count)
        for i in 0..<k { for ch in slice { v.append(Double(inputs.values[i * c + ch])) } }
        guard
            let ref = try? CubicSpline(
                x: inputs.keyTimes.map(Double.init), values: v, channels: slice.count, boundary: .natural)
        else { return .infinity }
        let r = ref.sample(at: inputs.times.map(Double.init))
        var worst = 0.0
        for j in 0..<t {
            for (q, ch) in slice.enumerated() {
                let got = channelMajor ? output[ch * t + j] : output[j * c + ch]
                worst = max(worst, abs(Double(got) - r[j * slice.count + q]))
            }
        }
        return worst.isNaN ? .infinity : worst
    }

    /// The prepared workload whose timed kernel is `fill`, writing the whole output of `inputs`
    /// (T × C, or C × T when `channelMajor`) in place; a thrown error makes the check infinite.
    static func prepared(
        _ inputs: Inputs, channelMajor: Bool = false, fill: @escaping (inout [Float]) throws -> Void
    ) -> BenchWorkload.Prepared {
        let out = Output(count: inputs.samples * inputs.channels)
        var failed = false
        return BenchWorkload.Prepared(
            items: inputs.samples * inputs.channels,
            kernel: {
                do { try fill(&out.buffer) } catch { failed = true }
                BenchHarness.consume(out.buffer)
            },
            check: { failed ? .infinity : check(inputs, out.buffer, channelMajor: channelMajor) },
            tolerance: 1e-4)
    }

    /// A `SplineChannels` workload (natural cubic) on one path and layout.
    static func channelsWorkload(
        name: String, keys: Int = SplineBench.keys, channels: Int = SplineBench.channels,
        samples: Int = SplineBench.samples, path: SplineChannelsPath, layout: SampleLayout = .timeMajor
    ) -> BenchWorkload {
        BenchWorkload(name: name, precision: "float") {
            let inputs = Inputs(keys: keys, channels: channels, samples: samples)
            let sampler = try SplineChannels(
                keyTimes: inputs.keyTimes, values: inputs.values, channels: channels,
                kind: .cubic(.natural), times: inputs.times, path: path)
            return prepared(inputs, channelMajor: layout == .channelMajor) { buffer in
                try buffer.withUnsafeMutableBufferPointer {
                    try sampler.sample(channels: 0..<channels, layout: layout, into: $0)
                }
            }
        }
    }

    /// Setup included: `SplineChannels` built (curve coefficients, or the basis) and sampled
    /// inside the timed region, as a caller sampling a fresh set of channels once pays.
    static func setupWorkload(keys: Int, channels: Int, samples: Int, path: SplineChannelsPath) -> BenchWorkload {
        BenchWorkload(name: "spline.setup.K\(keys).C\(channels).T\(samples).\(path.rawValue)", precision: "float") {
            let inputs = Inputs(keys: keys, channels: channels, samples: samples)
            return prepared(inputs, channelMajor: true) { buffer in
                let sampler = try SplineChannels(
                    keyTimes: inputs.keyTimes, values: inputs.values, channels: channels,
                    kind: .cubic(.natural), times: inputs.times, path: path)
                try buffer.withUnsafeMutableBufferPointer {
                    try sampler.sample(channels: 0..<channels, layout: .channelMajor, into: $0)
                }
            }
        }
    }

    static func workloads() -> [BenchWorkload] {
        var all = [
            channelsWorkload(name: "spline.channels", path: .automatic),
            BenchWorkload(name: "spline.channels.gemm", precision: "float") {
                let inputs = Inputs()
                let basis = try SplineBasis<Float>(keyTimes: inputs.keyTimes, times: inputs.times, kind: .cubic(.natural))
                return prepared(inputs) { try basis.apply(values: inputs.values, channels: channels, into: &$0) }
            },
            BenchWorkload(name: "spline.channels.direct", precision: "float") {
                let inputs = Inputs()
                let spline = try CubicSpline(x: inputs.keyTimes, values: inputs.values, channels: channels, boundary: .natural)
                let out = Output(count: samples * channels)
                return BenchWorkload.Prepared(
                    items: samples * channels,
                    kernel: {
                        try? spline.curve.sample(at: inputs.times, into: &out.buffer)  // sized to match: cannot throw
                        BenchHarness.consume(out.buffer)
                    },
                    check: { check(inputs, out.buffer) },
                    tolerance: 1e-4)
            },
        ]
        // The crossover sweep: keys at fixed C × T, then channels at K = 16, then the
        // channel-major layout.
        var shapes: [(k: Int, c: Int, t: Int, layout: SampleLayout)] = []
        for k in [4, 8, 16, 32, 64, 128] { shapes.append((k, 10_000, 1_000, .timeMajor)) }
        for (c, t) in [(64, 1_000), (1_000, 1_000), (100_000, 100)] { shapes.append((16, c, t, .timeMajor)) }
        for k in [16, 64] { shapes.append((k, 10_000, 1_000, .channelMajor)) }
        for s in shapes {
            for path in [SplineChannelsPath.direct, .gemm] {
                let name = "spline.sweep.K\(s.k).C\(s.c).T\(s.t).\(path.rawValue)" + (s.layout == .channelMajor ? ".cm" : "")
                all.append(channelsWorkload(name: name, keys: s.k, channels: s.c, samples: s.t, path: path, layout: s.layout))
            }
        }
        for k in [16, 64] {
            for t in [1, 4, 16, 64] {
                for path in [SplineChannelsPath.direct, .gemm] { all.append(setupWorkload(keys: k, channels: 10_000, samples: t, path: path)) }
            }
        }
        return all
    }
}
