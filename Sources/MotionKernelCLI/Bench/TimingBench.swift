import MotionKernel

/// Benchmark workloads for this area (filled in by its issue).
enum TimingBench {
    static func workloads() -> [BenchWorkload] { [] }
}
