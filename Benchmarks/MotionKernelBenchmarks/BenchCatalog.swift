import MotionKernel

/// Every benchmark workload, by area. Each area's file (`SpringBench.swift`, …) contributes a
/// `workloads()` list.
enum BenchCatalog {
    static func all() -> [BenchWorkload] {
        SpringBench.workloads() + DecayBench.workloads() + TimingBench.workloads() + SplineBench.workloads() + TransformBench.workloads()
            + StoreBench.workloads() + OutputBench.workloads()
    }
}
