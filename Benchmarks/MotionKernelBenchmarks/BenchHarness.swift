import Foundation
import MotionKernel

/// One named benchmark workload (docs/benchmarks.md).
///
/// `setup` runs outside the timed region: it builds the inputs from a fixed seed and
/// preallocates the outputs, and returns the kernel to time plus a check that compares the
/// kernel's last output with an independent reference and returns the max absolute error.
struct BenchWorkload {
    struct Prepared {
        /// Count of output numbers one kernel call produces.
        var items: Int
        /// The timed kernel. It must write its whole output.
        var kernel: () -> Void
        /// Max absolute error of the output against a reference (computed untimed).
        var check: () -> Double
        /// The error above which the run is reported as wrong.
        var tolerance: Double
        init(items: Int, kernel: @escaping () -> Void, check: @escaping () -> Double, tolerance: Double) {
            self.items = items
            self.kernel = kernel
            self.check = check
            self.tolerance = tolerance
        }
    }

    var name: String
    /// "float" or "double".
    var precision: String
    var setup: () throws -> Prepared

    init(name: String, precision: String, setup: @escaping () throws -> Prepared) {
        self.name = name
        self.precision = precision
        self.setup = setup
    }
}

/// Timing statistics of one workload.
struct BenchResult {
    /// Seconds per kernel call over the timed repetitions: the median and quartiles (never a
    /// mean).
    struct Quartiles {
        var p25: Double
        var median: Double
        var p75: Double
    }

    /// The correctness check of the last output.
    struct Check {
        /// Max absolute error against the reference.
        var maxAbsError: Double
        /// The error above which the run is wrong.
        var tolerance: Double
        var passed: Bool { maxAbsError.isFinite && maxAbsError <= tolerance }
    }

    /// The workload measured (its name and precision).
    var workload: BenchWorkload
    var threads: Int
    /// Output numbers per kernel call.
    var items: Int
    var seconds: Quartiles
    var check: Check
    var itemsPerSecond: Double { seconds.median > 0 ? Double(items) / seconds.median : 0 }
}

/// Runs workloads: one warm-up call, then timed repetitions until at least `minReps` and about
/// `minSeconds` of kernel time; reports the median and quartiles (never means).
enum BenchHarness {
    /// The clock the kernels are timed with: monotonic, nanosecond resolution on Linux and
    /// Darwin (a `Duration` keeps attoseconds, so no precision is lost converting it).
    static let clock = ContinuousClock()

    /// `d` in seconds.
    static func seconds(_ d: Duration) -> Double {
        let c = d.components
        return Double(c.seconds) + Double(c.attoseconds) * 1e-18
    }

    static func measure(_ w: BenchWorkload, threads: Int, minReps: Int = 7, minSeconds: Double = 0.5) throws -> BenchResult {
        let p = try w.setup()
        p.kernel()  // warm-up (and first-touch of the output pages)
        var times: [Double] = []
        var total = 0.0
        while times.count < minReps || (total < minSeconds && times.count < 200) {
            let t0 = clock.now
            p.kernel()
            let dt = seconds(clock.now - t0)
            times.append(dt)
            total += dt
        }
        times.sort()
        func q(_ f: Double) -> Double { times[min(times.count - 1, Int(f * Double(times.count - 1) + 0.5))] }
        return BenchResult(
            workload: w, threads: threads, items: p.items, seconds: .init(p25: q(0.25), median: q(0.5), p75: q(0.75)),
            check: .init(maxAbsError: p.check(), tolerance: p.tolerance))
    }

    /// A black hole: keeps the optimiser from discarding a result.
    @inline(never)
    static func consume<T>(_ x: T) { withExtendedLifetime(x) {} }
}
