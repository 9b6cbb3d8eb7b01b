import Foundation
import MotionKernel

/// One named benchmark workload (`../shared/benchmarks.md`).
///
/// `setup` runs outside the timed region: it builds the inputs from a fixed seed and
/// preallocates the outputs, and returns the kernel to time plus a check that compares the
/// kernel's last output with an independent reference and returns the max absolute error.
public struct BenchWorkload {
    public struct Prepared {
        /// Count of output numbers one kernel call produces.
        public var items: Int
        /// The timed kernel. It must write its whole output.
        public var kernel: () -> Void
        /// Max absolute error of the output against a reference (computed untimed).
        public var check: () -> Double
        /// The error above which the run is reported as wrong.
        public var tolerance: Double
        public init(items: Int, kernel: @escaping () -> Void, check: @escaping () -> Double, tolerance: Double) {
            self.items = items
            self.kernel = kernel
            self.check = check
            self.tolerance = tolerance
        }
    }

    public var name: String
    /// "float" or "double".
    public var precision: String
    public var setup: () throws -> Prepared

    public init(name: String, precision: String, setup: @escaping () throws -> Prepared) {
        self.name = name
        self.precision = precision
        self.setup = setup
    }
}

/// Timing statistics of one workload.
public struct BenchResult {
    public var name: String
    public var precision: String
    public var threads: Int
    public var items: Int
    public var median: Double
    public var p25: Double
    public var p75: Double
    public var maxAbsError: Double
    public var passed: Bool
    public var itemsPerSecond: Double { median > 0 ? Double(items) / median : 0 }
}

/// Runs workloads: one warm-up call, then timed repetitions until at least `minReps` and about
/// `minSeconds` of kernel time; reports the median and quartiles (never means).
public enum BenchHarness {
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    public static func measure(_ w: BenchWorkload, threads: Int, minReps: Int = 7, minSeconds: Double = 0.5) throws -> BenchResult {
        let p = try w.setup()
        p.kernel()  // warm-up (and first-touch of the output pages)
        var times: [Double] = []
        var total = 0.0
        while times.count < minReps || (total < minSeconds && times.count < 200) {
            let t0 = now()
            p.kernel()
            let dt = now() - t0
            times.append(dt)
            total += dt
        }
        times.sort()
        func q(_ f: Double) -> Double { times[min(times.count - 1, Int(f * Double(times.count - 1) + 0.5))] }
        let err = p.check()
        return BenchResult(name: w.name, precision: w.precision, threads: threads, items: p.items,
                           median: q(0.5), p25: q(0.25), p75: q(0.75), maxAbsError: err,
                           passed: err.isFinite && err <= p.tolerance)
    }

    /// A black hole: keeps the optimiser from discarding a result.
    @inline(never)
    public static func consume<T>(_ x: T) { withExtendedLifetime(x) {} }
}
