import MotionKernel

/// Benchmark workloads for this area (filled in by its issue).
enum SplineBench {
    static func workloads() -> [BenchWorkload] { [] }
}
