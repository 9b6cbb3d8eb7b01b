import Foundation
import MotionKernel

/// `motionkernel bench [--json] [--filter NAME] [--threads N]`.
enum BenchCommand {
    static let usage = "motionkernel bench [--json] [--filter NAME] [--threads N]"

    static func run(_ args: [String]) -> Int32 {
        var json = false
        var filter: String?
        var threads = 1
        var i = 0
        while i < args.count {
            switch args[i] {
            case "--json": json = true
            case "--filter":
                guard i + 1 < args.count else { return MotionKernelCommand.usageError("--filter needs a NAME", usage: usage) }
                filter = args[i + 1]; i += 1
            case "--threads":
                guard i + 1 < args.count, let n = Int(args[i + 1]), n >= 1, n <= 64 else {
                    return MotionKernelCommand.usageError("--threads needs a whole number from 1 to 64", usage: usage)
                }
                threads = n; i += 1
            default:
                return MotionKernelCommand.usageError("unexpected argument '\(args[i])'", usage: usage)
            }
            i += 1
        }
        #if DEBUG
        Terminal.err("motionkernel bench: refusing to report timings from a debug build; run `make bench` (release)\n")
        return MotionKernelCommand.Status.failure
        #else
        Parallel.setThreadCount(threads)
        let workloads = BenchCatalog.all().filter { w in filter.map { w.name.contains($0) } ?? true }
        if workloads.isEmpty {
            Terminal.err("motionkernel bench: no workload matches\n")
            return MotionKernelCommand.Status.failure
        }
        var allPassed = true
        if !json {
            Terminal.out("MotionKernel \(MotionKernelCommand.version) bench: threads \(threads), BLAS \(BuildInfo.blasImplementation) (\(BuildInfo.blasCore), \(BuildInfo.blasThreads) thread(s)), medians of >= 7 runs\n")
        }
        for w in workloads {
            do {
                let r = try BenchHarness.measure(w, threads: threads)
                allPassed = allPassed && r.passed
                if json {
                    var o = JSONObject()
                    o["workload"] = .string(r.name)
                    o["precision"] = .string(r.precision)
                    o["threads"] = .number(Double(r.threads))
                    o["items"] = .number(Double(r.items))
                    o["seconds"] = .number(r.median)
                    o["p25"] = .number(r.p25)
                    o["p75"] = .number(r.p75)
                    o["itemsPerSecond"] = .number(r.itemsPerSecond)
                    o["maxAbsError"] = .number(r.maxAbsError)
                    o["correct"] = .bool(r.passed)
                    Terminal.out(JSONWriter.string(.object(o)) + "\n")
                } else {
                    let line = "\(r.name.padding(toLength: 28, withPad: " ", startingAt: 0)) \(r.precision.padding(toLength: 6, withPad: " ", startingAt: 0)) threads \(r.threads)  median \(fmt(r.median * 1e3)) ms  [p25 \(fmt(r.p25 * 1e3)), p75 \(fmt(r.p75 * 1e3))]  \(fmt(r.itemsPerSecond)) items/s  maxAbsError \(fmt(r.maxAbsError))\(r.passed ? "" : "  WRONG")\n"
                    Terminal.out(line)
                }
            } catch {
                Terminal.err("\(w.name): \(error)\n")
                allPassed = false
            }
        }
        return allPassed ? MotionKernelCommand.Status.ok : MotionKernelCommand.Status.failure
        #endif
    }

    static func fmt(_ x: Double) -> String {
        if x == 0 { return "0" }
        if abs(x) >= 1e5 || abs(x) < 1e-3 { return String(format: "%.3e", x) }
        return String(format: "%.4g", x)
    }
}
