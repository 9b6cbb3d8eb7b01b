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
            do { text = try readSpec(path) } catch {
                Terminal.err("Error: \(error)\n")
                return MotionKernelCommand.Status.failure
            }
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
        let folder: BatchOutputFolder
        do { folder = try BatchOutputFolder(options.out) } catch {
            Terminal.err("Error: \(error)\n")
            return MotionKernelCommand.Status.failure
        }
        let stale = folder.removeStaleTemporaries()
        if stale > 0 { Terminal.err("note: removed \(stale) temporary file(s) left in '\(options.out)' by an interrupted run\n") }
        Parallel.setThreadCount(options.threads)
        do {
            let summaryName = options.shard.map { "summary.shard-\($0.k)-of-\($0.n).json" } ?? "summary.json"
            try plan(jobs, options: options, folder: folder, summaryName: summaryName)
            let summary = try execute(jobs, options: options, folder: folder)
            let file = try folder.createTemporary(final: summaryName)
            try file.write(JSONWriter.string(.object(summary)) + "\n")
            file.close()
            try folder.commit()
            Terminal.out("wrote \(folder.url(summaryName))\n")
            return MotionKernelCommand.Status.ok
        } catch {
            let message = (error as? MotionKernelError)?.message ?? "\(error)"
            let removed = folder.abort()
            Terminal.err("Error: \(message)\n")
            Terminal.err("nothing was written to '\(options.out)'\(removed > 0 ? " (removed \(removed) partial file(s))" : "")\n")
        }
        return MotionKernelCommand.Status.failure
    }

    /// Reads a spec file: a regular file (or a pipe) of at most `BatchSpec.maxSpecBytes`.
    /// - Throws: `BatchFailure` with the OS's reason.
    static func readSpec(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BatchFailure("cannot read spec file '\(path)': \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw BatchFailure("cannot read spec file '\(path)': \(String(cString: strerror(errno)))") }
        if st.st_mode & S_IFMT == S_IFDIR { throw BatchFailure("cannot read spec file '\(path)': \(String(cString: strerror(EISDIR)))") }
        if st.st_mode & S_IFMT == S_IFREG && Int(st.st_size) > BatchSpec.maxSpecBytes {
            throw BatchFailure("spec file '\(path)' has \(st.st_size) bytes; the limit is \(BatchSpec.maxSpecBytes)")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw BatchFailure("cannot read spec file '\(path)': \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            guard bytes.count + n <= BatchSpec.maxSpecBytes else {
                throw BatchFailure("spec file '\(path)' is longer than the limit of \(BatchSpec.maxSpecBytes) bytes")
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The row range of shard k of n over `rows` rows (rows ≤ 2⁴⁰ and n ≤ 10⁶: no overflow).
    static func shardRange(rows: Int, k: Int, n: Int) -> Range<Int> {
        (rows * k / n)..<(rows * (k + 1) / n)
    }

    /// File name of one output.
    static func fileName(_ job: BatchJob, _ output: String, _ options: Options) -> String {
        "\(job.name).\(output)" + (options.shard.map { ".shard-\($0.k)-of-\($0.n)" } ?? "") + ".\(options.format)"
    }

    /// Checks, before any work, that every final name can be written and that the output
    /// folder's file system has room for every output (exact for `.npy`, an upper bound for
    /// CSV and JSON).
    static func plan(_ jobs: [BatchJob], options: Options, folder: BatchOutputFolder, summaryName: String) throws {
        var total = 0
        for (i, job) in jobs.enumerated() {
            let range = options.shard.map { shardRange(rows: job.rows, k: $0.k, n: $0.n) } ?? 0..<job.rows
            let dtype: NPY.DType = job.precision == .float ? .float32 : .float64
            for output in job.outputs {
                try folder.checkFinalName(fileName(job, output, options))
                guard let b = OutputEncoder.maxBytes(format: options.format, rows: range.count, columns: job.columns, dtype: dtype),
                      total <= Int.max - b else {
                    throw BatchFailure("jobs[\(i)] (\(job.name)): the output size overflows")
                }
                total += b
            }
        }
        try folder.checkFinalName(summaryName)
        if let free = folder.availableBytes(), UInt64(total) > free {
            throw BatchFailure("the outputs need \(bytesText(total)) but '\(options.out)' has \(bytesText(Int(clamping: free))) free")
        }
    }

    static func bytesText(_ n: Int) -> String {
        n >= 1 << 30 ? "\(BenchCommand.fmt(Double(n) / Double(1 << 30))) GiB" : n >= 1 << 20 ? "\(BenchCommand.fmt(Double(n) / Double(1 << 20))) MiB" : "\(n) bytes"
    }

    /// Rows per chunk: about `chunkNumbers` numbers per output, independent of the thread count
    /// (so the chunk boundaries, and with them the bytes, never depend on it).
    static let chunkNumbers = 1 << 19

    static func execute(_ jobs: [BatchJob], options: Options, folder: BatchOutputFolder) throws -> JSONObject {
        let showProgress = Terminal.stderrIsTerminal
        var jobSummaries: [JSONValue] = []
        Terminal.out("motionkernel batch: \(jobs.count) job(s), \(options.threads) thread(s), BLAS \(BuildInfo.blasImplementation)\(options.shard.map { ", shard \($0.k)/\($0.n)" } ?? "")\n")
        let clock = ContinuousClock()
        for (index, job) in jobs.enumerated() {
            let range = options.shard.map { shardRange(rows: job.rows, k: $0.k, n: $0.n) } ?? 0..<job.rows
            let elem = job.precision == .float ? 4 : 8
            let dtype: NPY.DType = job.precision == .float ? .float32 : .float64
            let chunkRows = max(1, min(range.count, chunkNumbers / job.columns))
            let buffers = job.outputs.map { _ in UnsafeMutableRawPointer.allocate(byteCount: max(chunkRows * job.columns * elem, 1), alignment: 64) }
            defer { for b in buffers { b.deallocate() } }
            var files: [OutputFile] = []
            var encoders: [OutputEncoder] = []
            for output in job.outputs {
                let file = try folder.createTemporary(final: fileName(job, output, options))
                let encoder = OutputEncoder(format: options.format, rows: range.count, columns: job.columns, dtype: dtype)
                try encoder.start(file)
                files.append(file)
                encoders.append(encoder)
            }
            var first: [Double] = []
            let t0 = clock.now
            var lastDraw = t0
            var lo = range.lowerBound
            while lo < range.upperBound {
                let hi = min(range.upperBound, lo + chunkRows)
                let count = (hi - lo) * job.columns
                do { try job.evaluate(lo..<hi, buffers) } catch let e as MotionKernelError {
                    throw e.field.hasPrefix("jobs[") ? e : e.prefixed("jobs[\(index)]")
                }
                for (oi, output) in job.outputs.enumerated() {
                    if job.precision == .float {
                        let values = UnsafeBufferPointer(start: buffers[oi].assumingMemoryBound(to: Float.self), count: count)
                        try checkFinite(values, job: job, index: index, output: output, firstRow: lo)
                        try encoders[oi].append(values, to: files[oi])
                    } else {
                        let values = UnsafeBufferPointer(start: buffers[oi].assumingMemoryBound(to: Double.self), count: count)
                        try checkFinite(values, job: job, index: index, output: output, firstRow: lo)
                        try encoders[oi].append(values, to: files[oi])
                    }
                }
                if first.isEmpty {
                    first = (0..<min(5, job.columns)).map { j in
                        job.precision == .float ? Double(buffers[0].assumingMemoryBound(to: Float.self)[j]) : buffers[0].assumingMemoryBound(to: Double.self)[j]
                    }
                }
                lo = hi
                let now = clock.now
                if showProgress && now - t0 > .seconds(1) && now - lastDraw > .milliseconds(100) {
                    lastDraw = now
                    let done = Double(lo - range.lowerBound) / Double(range.count)
                    let bar = String(repeating: "#", count: Int(done * 30)) + String(repeating: ".", count: 30 - Int(done * 30))
                    Terminal.err("\r\(job.name) [\(bar)] \(Int(done * 100))%")
                }
            }
            for (oi, file) in files.enumerated() {
                try encoders[oi].finish(file)
                file.close()
            }
            let elapsed = clock.now - t0
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            if showProgress && seconds > 1 { Terminal.err("\r\(String(repeating: " ", count: 60))\r") }

            let shape = [range.count, job.columns]
            let items = Double(range.count) * Double(job.columns) * Double(job.outputs.count)
            Terminal.out("  \(job.name) (\(job.kind), \(job.precision.rawValue)): \(job.outputs.joined(separator: "+")) \(shape[0])×\(shape[1]) [\(job.axes.joined(separator: " × "))] in \(BenchCommand.fmt(seconds * 1e3)) ms = \(BenchCommand.fmt(items / max(seconds, 1e-12))) numbers/s\n")
            Terminal.out("    first row of \(job.outputs[0]): \(first.map { BenchCommand.fmt($0) }.joined(separator: ", "))\(job.columns > 5 ? ", …" : "")\n")
            jobSummaries.append(.object(JSONObject([
                ("name", .string(job.name)), ("kind", .string(job.kind)),
                ("dtype", .string(dtype.rawValue)),
                ("shape", .array(shape.map { .number(Double($0)) })),
                ("axes", .array(job.axes.map { .string($0) })),
                ("rows", .array([.number(Double(range.lowerBound)), .number(Double(range.upperBound))])),
                ("totalRows", .number(Double(job.rows))),
                ("seconds", .number(seconds)), ("itemsPerSecond", .number(items / max(seconds, 1e-12))),
                ("files", .array(files.map { .string($0.name) })),
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

    /// A non-finite number is never written as a result: the run fails, naming the row.
    static func checkFinite<T: MotionScalar>(_ values: UnsafeBufferPointer<T>, job: BatchJob, index: Int, output: String, firstRow: Int) throws {
        // An integer OR over the chunk (vectorises); the index is looked up only on failure.
        var bad: UInt8 = 0
        for v in values { bad |= v.isFinite ? 0 : 1 }
        guard bad != 0, let i = values.firstIndex(where: { !$0.isFinite }) else { return }
        throw MotionKernelError.invalidValue(
            "jobs[\(index)]", "\(output) of row \(firstRow + i / job.columns) (column \(i % job.columns)) is \(values[i]) in \(job.precision.rawValue) precision: that row's inputs are outside the representable range")
    }
}
