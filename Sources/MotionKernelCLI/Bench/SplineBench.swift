import MotionKernel

/// Benchmark workloads for splines (`../shared/benchmarks.md`).
///
/// `spline.channels`: a natural cubic spline with K = 16 shared key times over C = 10,000
/// channels, sampled at T = 1,000 times into a Float32 T × C buffer through the basis GEMM
/// (`SplineBasis`, built once outside the timed region, as a caller reuses it). Checked against
/// the direct per-channel evaluation (`CubicSpline<Double>`) on a slice of channels.
///
/// `spline.channels.direct`: the same spline and output by direct per-channel evaluation
/// (`CubicSpline<Float>` with 10,000 channels, one sorted sweep over the times): the path
/// the GEMM replaces, measured in the same run so the two can be compared.
enum SplineBench {
    static let keys = 16, channels = 10_000, samples = 1_000

    /// Fixed-seed inputs: sorted key times in [0, 1] (ends included), K × C values in [−1, 1],
    /// T uniformly spaced sample times over the keys.
    struct Inputs {
        var keyTimes: [Float]
        var values: [Float]
        var times: [Float]

        init() {
            var rng = SplitMix(seed: 0x5EED_5B1E)
            var x = (0..<(SplineBench.keys - 2)).map { _ in Float(rng.nextUnit()) }
            x.sort()
            keyTimes = [0] + x + [1]
            // Keep knots distinct even if two draws coincide in Float.
            for i in 1..<keyTimes.count where keyTimes[i] <= keyTimes[i - 1] {
                keyTimes[i] = keyTimes[i - 1].nextUp
            }
            values = (0..<(SplineBench.keys * SplineBench.channels)).map { _ in Float(2 * rng.nextUnit() - 1) }
            times = (0..<SplineBench.samples).map { Float(Double($0) / Double(SplineBench.samples - 1)) }
        }
    }

    /// Output holder shared by the kernel and the check.
    final class Output {
        var buffer: [Float]
        init(count: Int) { buffer = [Float](repeating: 0, count: count) }
    }

    /// Max |output − reference| over every 37th channel, the reference evaluated directly in
    /// Double.
    static func check(_ inputs: Inputs, _ output: [Float]) -> Double {
        let stride = 37
        let slice = Array(Swift.stride(from: 0, to: channels, by: stride))
        var v = [Double]()
        v.reserveCapacity(keys * slice.count)
        for i in 0..<keys { for c in slice { v.append(Double(inputs.values[i * channels + c])) } }
        guard let ref = try? CubicSpline(
            x: inputs.keyTimes.map(Double.init), values: v, channels: slice.count, boundary: .natural)
        else { return .infinity }
        let r = ref.sample(at: inputs.times.map(Double.init))
        var worst = 0.0
        for t in 0..<samples {
            for (k, c) in slice.enumerated() {
                worst = max(worst, abs(Double(output[t * channels + c]) - r[t * slice.count + k]))
            }
        }
        return worst.isNaN ? .infinity : worst
    }

    static func workloads() -> [BenchWorkload] {
        [
            BenchWorkload(name: "spline.channels", precision: "float") {
                let inputs = Inputs()
                let basis = try SplineBasis<Float>(keyTimes: inputs.keyTimes, times: inputs.times, kind: .cubic(.natural))
                let out = Output(count: samples * channels)
                var failed = false
                return BenchWorkload.Prepared(
                    items: samples * channels,
                    kernel: {
                        do { try basis.apply(values: inputs.values, channels: channels, into: &out.buffer) } catch { failed = true }
                        BenchHarness.consume(out.buffer)
                    },
                    check: { failed ? .infinity : check(inputs, out.buffer) },
                    tolerance: 1e-4)
            },
            BenchWorkload(name: "spline.channels.direct", precision: "float") {
                let inputs = Inputs()
                let spline = try CubicSpline(x: inputs.keyTimes, values: inputs.values, channels: channels, boundary: .natural)
                let out = Output(count: samples * channels)
                return BenchWorkload.Prepared(
                    items: samples * channels,
                    kernel: {
                        spline.curve.sample(at: inputs.times, into: &out.buffer)
                        BenchHarness.consume(out.buffer)
                    },
                    check: { check(inputs, out.buffer) },
                    tolerance: 1e-4)
            },
        ]
    }
}
