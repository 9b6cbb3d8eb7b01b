import MotionKernel

/// Spring workloads of docs/benchmarks.md, plus the paths they are compared with.
enum SpringBench {
    static func workloads() -> [BenchWorkload] {
        [
            batch(name: "spring.batch", n: 100_000, closedForm: false),
            batch(name: "spring.batch.closedForm", n: 20_000, closedForm: true),
            shared(name: "spring.shared", path: .loop),
            shared(name: "spring.shared.gemm", path: .gemm),
        ]
    }

    /// N springs with their own stiffness 50…500 and damping ratio 0.1…2.0 (every 10th exactly
    /// 1), sampled at t = i/120, i < 120, into N×120 Float32. `closedForm` samples the same
    /// times as an explicit list (one closed-form evaluation per sample) for comparison.
    static func batch(name: String, n: Int, closedForm: Bool) -> BenchWorkload {
        BenchWorkload(name: name, precision: "float") {
            var rng = SplitMix64(seed: 42)
            var k = [Float](), c = [Float](), f = [Float](), t = [Float](), v = [Float]()
            for i in 0..<n {
                let kk = 50 + 450 * rng.nextUnit()
                let zeta = i % 10 == 0 ? 1 : 0.1 + 1.9 * rng.nextUnit()
                k.append(Float(kk)); c.append(Float(2 * zeta * kk.squareRoot()))
                f.append(Float(rng.nextUnit() * 2 - 1)); t.append(Float(rng.nextUnit() * 2 - 1)); v.append(Float(rng.nextUnit() * 20 - 10))
            }
            let b = try SpringBatch<Float>(stiffness: k, damping: c, from: f, to: t, initialVelocity: v)
            let tc = 120
            let grid: TimeGrid<Float> = closedForm ? .times((0..<tc).map { Float($0) / 120 }) : .uniform(start: 0, step: 1.0 / 120, count: tc)
            let out = UnsafeMutableBufferPointer<Float>.allocate(capacity: n * tc)
            out.initialize(repeating: 0)
            return BenchWorkload.Prepared(
                items: n * tc,
                kernel: {
                    try? b.sample(grid, values: out)
                    BenchHarness.consume(out[0])
                },
                check: {
                    var err = 0.0
                    for i in stride(from: 0, to: n, by: 97) {
                        let s = try? b.spring(at: i).converted(to: Double.self)
                        guard let s else { return .infinity }
                        for j in 0..<tc {
                            let ref = s.value(at: Double(j) / 120, from: Double(f[i]), to: Double(t[i]), initialVelocity: Double(v[i]))
                            err = max(err, abs(Double(out[i * tc + j]) - ref))
                        }
                    }
                    return err
                }, tolerance: 1e-5)
        }
    }

    /// N = 100,000 objects on one spring (stiffness 200, damping ratio 0.6), own from/to/velocity,
    /// T = 120, Float32 positions (target + displacement).
    static func shared(name: String, path: SharedSpringBatch.Path) -> BenchWorkload {
        BenchWorkload(name: name, precision: "float") {
            let n = 100_000, tc = 120
            var rng = SplitMix64(seed: 7)
            let f = (0..<n).map { _ in Float(rng.nextUnit() * 2 - 1) }
            let t = (0..<n).map { _ in Float(rng.nextUnit() * 2 - 1) }
            let v = (0..<n).map { _ in Float(rng.nextUnit() * 20 - 10) }
            let s = try Spring<Float>(stiffness: 200, dampingRatio: 0.6)
            let sd = try Spring<Double>(stiffness: 200, dampingRatio: 0.6)
            let out = UnsafeMutableBufferPointer<Float>.allocate(capacity: n * tc)
            out.initialize(repeating: 0)
            let grid = TimeGrid<Float>.uniform(start: 0, step: 1.0 / 120, count: tc)
            return BenchWorkload.Prepared(
                items: n * tc,
                kernel: {
                    try? SharedSpringBatch.sample(spring: s, from: f, to: t, initialVelocity: v, grid: grid, values: out, path: path)
                    BenchHarness.consume(out[0])
                },
                check: {
                    var err = 0.0
                    for i in stride(from: 0, to: n, by: 101) {
                        for j in 0..<tc {
                            let ref = sd.value(at: Double(j) / 120, from: Double(f[i]), to: Double(t[i]), initialVelocity: Double(v[i]))
                            err = max(err, abs(Double(out[i * tc + j]) - ref))
                        }
                    }
                    return err
                }, tolerance: 1e-5)
        }
    }
}
