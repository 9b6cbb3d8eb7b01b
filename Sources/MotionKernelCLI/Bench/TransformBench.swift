import MotionKernel

/// Benchmark workloads for this area (filled in by its issue).
enum TransformBench {
    static func workloads() -> [BenchWorkload] { [] }
}
