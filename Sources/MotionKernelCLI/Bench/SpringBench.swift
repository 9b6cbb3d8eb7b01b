import MotionKernel

/// Benchmark workloads for this area (filled in by its issue).
enum SpringBench {
    static func workloads() -> [BenchWorkload] { [] }
}
