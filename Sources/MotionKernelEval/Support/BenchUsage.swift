/// The usage and help of the benchmark binary `motionkernel-bench`, shared by it and by the
/// `motionkernel bench` launcher that runs it (CONTRIBUTING.md says why both exist).
package enum BenchUsage {
    /// The benchmark binary's name (the `motionkernel-bench` product).
    package static let binaryName = "motionkernel-bench"

    /// The usage line of `motionkernel bench`.
    package static let usage = "motionkernel bench [--json] [--filter NAME] [--threads N]"

    /// The help of `motionkernel bench` and of `motionkernel-bench --help`.
    package static let help = """
        motionkernel bench — run the benchmark suite (release builds only)

        Usage: \(usage)
               motionkernel-bench [--json] [--filter NAME] [--threads N]

        Times every benchmark workload (docs/benchmarks.md): inputs built from fixed seeds outside
        the timed region, one warm-up call, then at least 7 timed calls and about 0.5 s of kernel
        time; reports the median and the 25th/75th percentiles, and checks every output against an
        independent reference (a workload over its tolerance is reported as WRONG). `make bench`
        runs it beside the NumPy/SciPy and C peers (Tools/bench_table.py, BENCHMARKS.md).

        Options:
          --json             one JSON object per workload on standard output: workload, precision,
                             threads, items, seconds (median), p25, p75, itemsPerSecond,
                             maxAbsError, correct
          --filter NAME      only the workloads whose name contains NAME (e.g. spring., bezier)
          --threads N        worker threads of the bulk kernels, 1 to 64 (default 1)
          -h, --help         show this help

        `motionkernel bench` runs \(binaryName) from the folder of the running motionkernel; build
        both with `make build` (release). A debug build refuses to report timings.

        Exit status: 0 when every workload ran and was correct; 1 when one was wrong or failed, no
        workload matched, the build is a debug build, or \(binaryName) cannot be run; 64 on a
        usage error.

        """
}
