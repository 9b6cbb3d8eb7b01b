import Foundation
import MotionKernel
import MotionKernelEval

/// `motionkernel-bench [--json] [--filter NAME] [--threads N]` (also run as
/// `motionkernel bench …`, see `BenchUsage`): times every workload of ``BenchCatalog``
/// and prints one line (or one JSON object) per workload. Refuses debug builds.
enum BenchCommand {
    static let usage = BenchUsage.usage

    static func run(_ args: [String]) -> Int32 {
        let a: Arguments
        let threads: Int
        do {
            a = try Arguments(args, options: ["--filter", "--threads"], flags: ["--json"], maxPositional: 0)
            threads = try a.integer("--threads", in: 1...64) ?? 1
        } catch {
            return CommandLineTool.usageError(error.message, usage: usage)
        }
        if a.wantsHelp { return Terminal.out(BenchUsage.help) ? CommandLineTool.Status.ok : CommandLineTool.Status.failure }
        let json = a.flags.contains("--json")
        let filter = a["--filter"]
        #if DEBUG
        _ = (json, filter, threads)
        Terminal.err("motionkernel-bench: refusing to report timings from a debug build; run `make bench` (release)\n")
        return CommandLineTool.Status.failure
        #else
        Parallel.setThreadCount(threads)
        let workloads = BenchCatalog.all().filter { w in filter.map { w.name.contains($0) } ?? true }
        if workloads.isEmpty {
            Terminal.err("motionkernel-bench: no workload matches\n")
            return CommandLineTool.Status.failure
        }
        var allPassed = true
        if !json {
            Terminal.out(
                "MotionKernel \(CommandLineTool.version) bench: threads \(threads), BLAS \(BuildInfo.blasImplementation) (\(BuildInfo.blasCore), \(BuildInfo.blasThreads) thread(s)), C kernels \(BuildInfo.kernelLevel), medians of >= 7 runs\n"
            )
        }
        for w in workloads {
            do {
                let r = try BenchHarness.measure(w, threads: threads)
                allPassed = allPassed && r.check.passed
                if json {
                    var o = JSONObject()
                    o["workload"] = .string(r.workload.name)
                    o["precision"] = .string(r.workload.precision)
                    o["threads"] = .number(Double(r.threads))
                    o["items"] = .number(Double(r.items))
                    o["seconds"] = .number(r.seconds.median)
                    o["p25"] = .number(r.seconds.p25)
                    o["p75"] = .number(r.seconds.p75)
                    o["itemsPerSecond"] = .number(r.itemsPerSecond)
                    o["maxAbsError"] = .number(r.check.maxAbsError)
                    o["correct"] = .bool(r.check.passed)
                    o["kernelLevel"] = .string("\(BuildInfo.kernelLevel)")
                    Terminal.out(JSONWriter.string(.object(o)) + "\n")
                } else {
                    let line =
                        "\(r.workload.name.padding(toLength: 28, withPad: " ", startingAt: 0)) \(r.workload.precision.padding(toLength: 6, withPad: " ", startingAt: 0)) threads \(r.threads)  median \(NumberText.compact(r.seconds.median * 1e3)) ms  [p25 \(NumberText.compact(r.seconds.p25 * 1e3)), p75 \(NumberText.compact(r.seconds.p75 * 1e3))]  \(NumberText.compact(r.itemsPerSecond)) items/s  maxAbsError \(NumberText.compact(r.check.maxAbsError))\(r.check.passed ? "" : "  WRONG")\n"
                    Terminal.out(line)
                }
            } catch {
                Terminal.err("\(w.name): \(error)\n")
                allPassed = false
            }
        }
        return allPassed ? CommandLineTool.Status.ok : CommandLineTool.Status.failure
        #endif
    }
}
