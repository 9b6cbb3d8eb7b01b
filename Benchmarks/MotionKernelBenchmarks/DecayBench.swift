import MotionKernel

/// Released-gesture workloads of docs/benchmarks.md: N releases of one decay model with their own
/// `from` and velocity, sampled at t = j/120, j < 120 (the `decay.batch` job kind's rows).
enum DecayBench {
    static func workloads() -> [BenchWorkload] {
        [
            shared(name: "decay.batch", n: 100_000) { x0, v0 in try UIKitDecay(from: x0, velocity: v0) },
            shared(name: "decay.batch.compose", n: 100_000) { x0, v0 in try ComposeExponentialDecay(from: x0, velocity: v0) },
            varied(n: 100_000),
        ]
    }

    /// `decay.batch.varied`: the releases of ``shared(name:n:model:)``, each with its own UIKit
    /// rate uniform in [0.99, 0.999] (SplitMix64 seed 12), into N×120 Float32 values: each row's
    /// model made from its parameters, then its k·t exponentials per sample (`VariedDecayRows`,
    /// the `decay.batch` path for parameter columns). Checked like the shared rows: the kernel
    /// computes each row's own `value(at:)` in Double and rounds it once to Float.
    static func varied(n: Int) -> BenchWorkload {
        BenchWorkload(name: "decay.batch.varied", precision: "float") {
            var rng = SplitMix64(seed: 11)
            let x0 = (0..<n).map { _ in rng.nextUnit() * 600 - 300 }
            let v0 = (0..<n).map { _ in rng.nextUnit() * 10_000 - 5000 }
            var rr = SplitMix64(seed: 12)
            let rate = (0..<n).map { _ in 0.99 + 0.009 * rr.nextUnit() }
            let tc = 120
            let rows = VariedDecayRows(times: (0..<tc).map { Double($0) / 120 })
            let out = UnsafeMutableBufferPointer<Float>.allocate(capacity: n * tc)
            out.initialize(repeating: 0)
            @Sendable func model(_ i: Int) throws(MotionKernelError) -> UIKitDecay { try UIKitDecay(from: x0[i], velocity: v0[i], decelerationRate: rate[i]) }
            return BenchWorkload.Prepared(
                items: n * tc,
                kernel: {
                    try? rows.fill(count: n, make: model, values: out.baseAddress, velocities: nil)
                    BenchHarness.consume(out[0])
                },
                check: {
                    var err = 0.0
                    for i in stride(from: 0, to: n, by: 97) {
                        guard let m = try? model(i) else { return .infinity }
                        for j in 0..<tc {
                            let ref = m.value(at: Double(j) / 120)
                            err = max(err, abs(Double(out[i * tc + j]) - ref) / max(abs(ref), .leastNormalMagnitude))
                        }
                    }
                    return err
                }, tolerance: 0x1p-24)
        }
    }

    /// N releases from uniform [−300, 300] at uniform [−5000, 5000] units/s of `model`'s default
    /// parameters into N×120 Float32 values. The check compares every 97th row with the row's
    /// own model in Double: the kernel computes those Doubles and rounds each once to Float, so
    /// the error is at most half an ulp of Float, 2⁻²⁴ relative.
    static func shared<M: ExponentialDecayForm>(name: String, n: Int, model: @escaping (Double, Double) throws -> M) -> BenchWorkload {
        BenchWorkload(name: name, precision: "float") {
            var rng = SplitMix64(seed: 11)
            let x0 = (0..<n).map { _ in rng.nextUnit() * 600 - 300 }
            let v0 = (0..<n).map { _ in rng.nextUnit() * 10_000 - 5000 }
            let tc = 120
            let rows = SharedDecayRows(prototype: try model(0, 1), times: (0..<tc).map { Double($0) / 120 })
            let out = UnsafeMutableBufferPointer<Float>.allocate(capacity: n * tc)
            out.initialize(repeating: 0)
            return BenchWorkload.Prepared(
                items: n * tc,
                kernel: {
                    try? rows.fill(from: x0, velocity: v0, values: out.baseAddress, velocities: nil)
                    BenchHarness.consume(out[0])
                },
                check: {
                    var err = 0.0
                    for i in stride(from: 0, to: n, by: 97) {
                        guard let m = try? model(x0[i], v0[i]) else { return .infinity }
                        for j in 0..<tc {
                            let ref = m.value(at: Double(j) / 120)
                            err = max(err, abs(Double(out[i * tc + j]) - ref) / max(abs(ref), .leastNormalMagnitude))
                        }
                    }
                    return err
                }, tolerance: 0x1p-24)
        }
    }
}
