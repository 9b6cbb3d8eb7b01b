import Foundation
import MotionKernel

/// `motionkernel batch [SPEC.json] [--out DIR] [--format npy|csv|json] [--threads N] [--shard K/N]`.
///
/// Evaluates every job of the spec (the built-in default spec without SPEC) with the bulk
/// kernels, writes each output as `<out>/<job>.<output>.npy` (or `.csv` / `.json`) and
/// `<out>/summary.json`, and prints a one-screen summary. With `--shard K/N` (0 ≤ K < N)
/// only the K-th of N contiguous row ranges is evaluated and files are named
/// `<job>.<output>.shard-K-of-N.<ext>`; the shards concatenated along the first axis equal the
/// unsharded output exactly. The whole spec is validated before any work starts.
enum BatchCommand {
    static let usage = "motionkernel batch [SPEC.json] [--out DIR] [--format npy|csv|json] [--threads N] [--shard K/N]"

    struct Options {
        var specPath: String?
        var out = "out"
        var format = "npy"
        var threads = 1
        var shard: (k: Int, n: Int)?
    }

    static func parseOptions(_ args: [String]) throws -> Options {
        var o = Options()
        var i = 0
        func value(_ flag: String) throws -> String {
            guard i + 1 < args.count else { throw UsageError(message: "\(flag) needs a value") }
            i += 1
            return args[i]
        }
        while i < args.count {
            let a = args[i]
            switch a {
            case "--out": o.out = try value(a)
            case "--format":
                o.format = try value(a)
                guard ["npy", "csv", "json"].contains(o.format) else { throw UsageError(message: "--format must be npy, csv or json") }
            case "--threads":
                guard let n = Int(try value(a)), n >= 1, n <= 64 else { throw UsageError(message: "--threads needs a whole number from 1 to 64") }
                o.threads = n
            case "--shard":
                let s = try value(a).split(separator: "/")
                guard s.count == 2, let k = Int(s[0]), let n = Int(s[1]), n >= 1, n <= 1_000_000, k >= 0, k < n else {
                    throw UsageError(message: "--shard needs K/N with 0 <= K < N")
                }
                o.shard = (k, n)
            default:
                if a.hasPrefix("-") { throw UsageError(message: "unknown option '\(a)'") }
                guard o.specPath == nil else { throw UsageError(message: "unexpected argument '\(a)'") }
                o.specPath = a
            }
            i += 1
        }
        return o
    }

    struct UsageError: Error { var message: String }

    static func run(_ args: [String]) -> Int32 {
        let options: Options
        do { options = try parseOptions(args) } catch let e as UsageError {
            return MotionKernelCommand.usageError(e.message, usage: usage)
        } catch { return MotionKernelCommand.usageError("\(error)", usage: usage) }

        let text: String
        if let path = options.specPath {
            guard let data = FileManager.default.contents(atPath: path) else {
                Terminal.err("Error: cannot read spec file '\(path)'\n")
                return MotionKernelCommand.Status.failure
            }
            text = String(decoding: data, as: UTF8.self)
        } else {
            text = BatchSpec.defaultSpec
        }
        let jobs: [BatchJob]
        do { jobs = try BatchSpec.parse(text) } catch let e as MotionKernelError {
            Terminal.err("Error: invalid spec: \(e.message)\n")
            return MotionKernelCommand.Status.failure
        } catch {
            Terminal.err("Error: invalid spec: \(error)\n")
            return MotionKernelCommand.Status.failure
        }
        do {
            try FileManager.default.createDirectory(atPath: options.out, withIntermediateDirectories: true)
        } catch {
            Terminal.err("Error: cannot create output folder '\(options.out)': \(error.localizedDescription)\n")
            return MotionKernelCommand.Status.failure
        }
        Parallel.setThreadCount(options.threads)
        do {
            let summary = try execute(jobs, options: options)
            let url = URL(fileURLWithPath: options.out).appendingPathComponent(options.shard.map { "summary.shard-\($0.k)-of-\($0.n).json" } ?? "summary.json")
            try NPY.writeAtomically(Data((JSONWriter.string(.object(summary)) + "\n").utf8), to: url)
            Terminal.out("wrote \(url.path)\n")
            return MotionKernelCommand.Status.ok
        } catch let e as MotionKernelError {
            Terminal.err("Error: \(e.message)\n")
        } catch {
            Terminal.err("Error: \(error)\n")
        }
        return MotionKernelCommand.Status.failure
    }

    /// The row range of shard k of n over `rows` rows.
    static func shardRange(rows: Int, k: Int, n: Int) -> Range<Int> {
        (rows * k / n)..<(rows * (k + 1) / n)
    }

    static func execute(_ jobs: [BatchJob], options: Options) throws -> JSONObject {
        let showProgress = Terminal.stderrIsTerminal
        var jobSummaries: [JSONValue] = []
        Terminal.out("motionkernel batch: \(jobs.count) job(s), \(options.threads) thread(s), BLAS \(BuildInfo.blasImplementation)\(options.shard.map { ", shard \($0.k)/\($0.n)" } ?? "")\n")
        for job in jobs {
            let range = options.shard.map { shardRange(rows: job.rows, k: $0.k, n: $0.n) } ?? 0..<job.rows
            let elem = job.precision == .float ? 4 : 8
            let count = range.count * job.columns
            let buffers = job.outputs.map { _ in UnsafeMutableRawPointer.allocate(byteCount: max(count * elem, 1), alignment: 64) }
            defer { for b in buffers { b.deallocate() } }
            // Evaluate in chunks of rows (progress on a terminal after about a second).
            let chunks = max(1, min(64, range.count / 1024))
            let t0 = BenchHarness.now()
            var lastDraw = t0
            for c in 0..<chunks {
                let lo = range.lowerBound + range.count * c / chunks, hi = range.lowerBound + range.count * (c + 1) / chunks
                if lo == hi { continue }
                let offset = (lo - range.lowerBound) * job.columns * elem
                try job.evaluate(lo..<hi, buffers.map { $0 + offset })
                let now = BenchHarness.now()
                if showProgress && now - t0 > 1 && now - lastDraw > 0.1 {
                    lastDraw = now
                    let done = Double(c + 1) / Double(chunks)
                    let bar = String(repeating: "#", count: Int(done * 30)) + String(repeating: ".", count: 30 - Int(done * 30))
                    Terminal.err("\r\(job.name) [\(bar)] \(Int(done * 100))%")
                }
            }
            let seconds = BenchHarness.now() - t0
            if showProgress && seconds > 1 { Terminal.err("\r\(String(repeating: " ", count: 60))\r") }

            var files: [JSONValue] = []
            let shape = [range.count, job.columns]
            for (oi, output) in job.outputs.enumerated() {
                let ext = options.format
                let fname = "\(job.name).\(output)" + (options.shard.map { ".shard-\($0.k)-of-\($0.n)" } ?? "") + ".\(ext)"
                let url = URL(fileURLWithPath: options.out).appendingPathComponent(fname)
                let data: Data
                if job.precision == .float {
                    data = encode(UnsafeBufferPointer(start: buffers[oi].assumingMemoryBound(to: Float.self), count: count), shape: shape, format: ext)
                } else {
                    data = encode(UnsafeBufferPointer(start: buffers[oi].assumingMemoryBound(to: Double.self), count: count), shape: shape, format: ext)
                }
                try NPY.writeAtomically(data, to: url)
                files.append(.string(fname))
            }
            // One-screen summary: shape, speed and a peek at the first row.
            let first: [Double] = (0..<min(5, job.columns)).map { j in
                job.precision == .float ? Double(buffers[0].assumingMemoryBound(to: Float.self)[j]) : buffers[0].assumingMemoryBound(to: Double.self)[j]
            }
            let items = Double(count * job.outputs.count)
            Terminal.out("  \(job.name) (\(job.kind), \(job.precision.rawValue)): \(job.outputs.joined(separator: "+")) \(shape[0])×\(shape[1]) [\(job.axes.joined(separator: " × "))] in \(BenchCommand.fmt(seconds * 1e3)) ms = \(BenchCommand.fmt(items / max(seconds, 1e-12))) numbers/s\n")
            Terminal.out("    first row of \(job.outputs[0]): \(first.map { BenchCommand.fmt($0) }.joined(separator: ", "))\(job.columns > 5 ? ", …" : "")\n")
            jobSummaries.append(.object(JSONObject([
                ("name", .string(job.name)), ("kind", .string(job.kind)),
                ("dtype", .string(job.precision == .float ? "<f4" : "<f8")),
                ("shape", .array(shape.map { .number(Double($0)) })),
                ("axes", .array(job.axes.map { .string($0) })),
                ("rows", .array([.number(Double(range.lowerBound)), .number(Double(range.upperBound))])),
                ("totalRows", .number(Double(job.rows))),
                ("seconds", .number(seconds)), ("itemsPerSecond", .number(items / max(seconds, 1e-12))),
                ("files", .array(files)),
            ])))
        }
        var top = JSONObject()
        top["version"] = .string(MotionKernelCommand.version)
        top["threads"] = .number(Double(options.threads))
        top["format"] = .string(options.format)
        if let s = options.shard { top["shard"] = .array([.number(Double(s.k)), .number(Double(s.n))]) }
        top["jobs"] = .array(jobSummaries)
        return top
    }

    static func encode<T: MotionScalar>(_ values: UnsafeBufferPointer<T>, shape: [Int], format: String) -> Data {
        switch format {
        case "csv":
            var s = ""
            s.reserveCapacity(values.count * 12)
            for r in 0..<shape[0] {
                for c in 0..<shape[1] {
                    if c > 0 { s += "," }
                    JSONWriter.writeNumber(values[r * shape[1] + c].doubleValue, into: &s)
                }
                s += "\n"
            }
            return Data(s.utf8)
        case "json":
            var s = "{\"shape\":[\(shape[0]),\(shape[1])],\"data\":["
            for i in 0..<values.count {
                if i > 0 { s += "," }
                JSONWriter.writeNumber(values[i].doubleValue, into: &s)
            }
            s += "]}\n"
            return Data(s.utf8)
        default:
            return NPY.encode(values, shape: shape)
        }
    }
}
