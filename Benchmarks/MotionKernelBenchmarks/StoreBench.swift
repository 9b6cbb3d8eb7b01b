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

    static func build(megabytes: Int, stream: Bool) -> BenchWorkload {
        BenchWorkload(name: "transform.build.\(stream ? "nt" : "plain").\(megabytes)MB", precision: "float") {
            let n = (megabytes << 20) / 64
            let ch = TransformBench.buildChannels(count: n, seed: 0x570E)
            let out = TransformBench.Box([Float](repeating: 0, count: 16 * n))
            let threshold = stream ? 0 : Int.max
            return .init(
                items: 16 * n,
                kernel: {
                    do {
                        try StreamingStoreOverride.withThreshold(threshold) { try TransformBatch.build(ch, into: &out.value) }
                    } catch { out.failed = true }
                },
                check: { TransformBench.buildError(out.value, of: ch, failed: out.failed) }, tolerance: 1e-6)
        }
    }
}
