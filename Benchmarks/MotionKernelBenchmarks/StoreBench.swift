@_spi(Benchmarks) import MotionKernel

/// The plain-versus-streaming store crossover (docs/performance.md, "Streaming stores"):
/// `transform.build.<plain|nt>.<size>MB` builds N×16 Float32 transforms whose output
/// is 4, 16, 48 or 128 MB, with plain stores or non-temporal stores forced through
/// `StreamingStoreOverride` (threshold `Int.max` or 0), whatever `MOTIONKERNEL_STREAM_THRESHOLD`
/// says. Checked like `transform.build` against the closed form evaluated in Double.
enum StoreBench {
    static func workloads() -> [BenchWorkload] {
        [4, 16, 48, 128].flatMap { mb in [build(megabytes: mb, stream: false), build(megabytes: mb, stream: true)] }
    }

    final class Box {
        var value: [Float]
        var failed = false
        init(_ value: [Float]) { self.value = value }
    }

    static func build(megabytes: Int, stream: Bool) -> BenchWorkload {
        BenchWorkload(name: "transform.build.\(stream ? "nt" : "plain").\(megabytes)MB", precision: "float") {
            let n = (megabytes << 20) / 64
            var rng = SplitMix64(seed: 0x570E)
            func col(_ lo: Double, _ hi: Double) -> [Float] { (0..<n).map { _ in Float(rng.nextUnit(in: lo, hi)) } }
            let ch = TransformChannels<Float>(
                count: n, translationX: col(-500, 500), translationY: col(-500, 500),
                rotation: col(-.pi, .pi), scale: col(0.25, 2))
            let out = Box([Float](repeating: 0, count: 16 * n))
            let threshold = stream ? 0 : Int.max
            return .init(
                items: 16 * n,
                kernel: {
                    do {
                        try StreamingStoreOverride.withThreshold(threshold) { try TransformBatch.build(ch, into: &out.value) }
                    } catch { out.failed = true }
                },
                check: {
                    if out.failed { return .infinity }
                    var err = 0.0
                    let o = out.value
                    for i in 0..<n {
                        let s = Double(ch.scale![i]), th = Double(ch.rotation![i])
                        let c = s * Double.cos(th), sn = s * Double.sin(th)
                        let ref: [Double] = [
                            c, sn, 0, 0, -sn, c, 0, 0, 0, 0, 1, 0, Double(ch.translationX![i]), Double(ch.translationY![i]), 0, 1,
                        ]
                        for j in 0..<16 { err = max(err, abs(Double(o[16 * i + j]) - ref[j])) }
                    }
                    return err
                }, tolerance: 1e-6)
        }
    }
}
