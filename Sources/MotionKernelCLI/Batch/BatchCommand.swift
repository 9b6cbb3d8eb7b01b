#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MotionKernel
import MotionKernelEval

/// `motionkernel batch [SPEC.json] [--out DIR] [--format npy|csv|json] [--threads N] [--shard K/N|auto]`.
///
/// Evaluates every job of the spec (the built-in default spec without SPEC) with the bulk
/// kernels, writes each output as `<out>/<job>.<output>.npy` (or `.csv` / `.json`) and
/// `<out>/summary.json`, and prints a one-screen summary. With `--shard K/N` (0 ≤ K < N)
/// only the K-th of N contiguous row ranges is evaluated and files are named
/// `<job>.<output>.shard-K-of-N.<ext>`; the shards concatenated along the first axis equal the
/// unsharded output exactly (`motionkernel merge` joins them). `--shard auto` takes K and N
/// from a Slurm array task's or a Kubernetes Indexed Job's environment (``ShardEnvironment``).
/// The whole spec is validated before any work starts.
enum BatchCommand {
    static let usage =
        "motionkernel batch [SPEC.json] [--out DIR] [--format npy|csv|json] [--threads N] [--shard K/N|auto [--shard-count N]] [--chunk-numbers N]"

    struct Options {
        var specPath: String?
        var out = "out"
        var format = "npy"
        var threads = 1
        var shard: (k: Int, n: Int)?
        /// Numbers per output per chunk (see `chunkNumbers`).
        var chunkNumbers = BatchCommand.chunkNumbers
    }

    /// - Throws: ``ArgumentError`` (a usage error).
    static func parseOptions(_ args: [String], environment: [String: String] = [:]) throws(ArgumentError) -> Options {
        let a = try Arguments(args, options: ["--out", "--format", "--threads", "--chunk-numbers", "--shard", "--shard-count"], maxPositional: 1)
        var o = Options()
        o.specPath = a.positional.first
        if let out = a["--out"] { o.out = out }
        if let format = try a.choice("--format", ["npy", "csv", "json"]) { o.format = format }
        if let n = try a.integer("--threads", in: 1...64) { o.threads = n }
        if let n = try a.integer("--chunk-numbers", in: 1...(1 << 26)) { o.chunkNumbers = n }
        o.shard = try ShardEnvironment.resolve(shard: a["--shard"], shardCount: a["--shard-count"], environment: environment)
        return o
    }

    /// Runs the command with the process environment (read only for `--shard auto`).
    @Sendable static func run(_ args: [String]) -> Int32 {
        run(args, environment: ProcessInfo.processInfo.environment)
    }

    /// Runs the command; `environment` stands for the process environment (`--shard auto`).
    static func run(_ args: [String], environment: [String: String]) -> Int32 {
        let options: Options
        do { options = try parseOptions(args, environment: environment) } catch {
            return MotionKernelCommand.usageError(error.message, usage: usage)
        }

        let text: String
        if let path = options.specPath {
            do { text = try readSpec(path) } catch {
                Terminal.err("Error: \(error)\n")
                return MotionKernelCommand.Status.failure
            }
        } else {
            text = BatchSpec.defaultSpec
        }
        let jobs: [BatchJob], specHash: String
        do { (jobs, specHash) = try BatchSpec.parseHashed(text) } catch let e as MotionKernelError {
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
        // A sharded run leaves other runs' temporary files alone: on a cluster the folder is
        // shared, and another host's process id says nothing about this host's processes.
        if options.shard == nil {
            let stale = folder.removeStaleTemporaries()
            if stale > 0 { Terminal.err("note: removed \(stale) temporary file(s) left in '\(options.out)' by an interrupted run\n") }
        }
        // The thread count is this run's own (task-local), not a process-wide setting: callers
        // that run batches concurrently in one process (tests, embedders) do not interfere.
        return Parallel.withThreadCount(options.threads) {
            do {
                let summaryName = options.shard.map { "summary.shard-\($0.k)-of-\($0.n).json" } ?? "summary.json"
                try plan(jobs, options: options, folder: folder, summaryName: summaryName)
                try execute(jobs, options: options, folder: folder, summaryName: summaryName, specHash: specHash)
                try folder.commit(summary: summaryName)
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
    }

    /// Reads a spec file: a regular file (or a pipe) of at most `BatchSpec.maxSpecBytes`.
    /// - Throws: `BatchFailure` with the OS's reason.
    static func readSpec(_ path: String) throws -> String {
        do {
            return String(decoding: try SafeFile.readAll(path: path, what: "spec file", limit: BatchSpec.maxSpecBytes), as: UTF8.self)
        } catch {
            throw BatchFailure(error.description)
        }
    }

    /// The row range of shard k of n over `rows` rows: ⌊rows·k/n⌋ ..< ⌊rows·(k+1)/n⌋, with the
    /// products in 128 bits, so exact and without overflow for any 0 ≤ k < n and rows ≥ 0.
    static func shardRange(rows: Int, k: Int, n: Int) -> Range<Int> {
        func cut(_ i: Int) -> Int { n.dividingFullWidth(rows.multipliedFullWidth(by: i)).quotient }
        return cut(k)..<cut(k + 1)
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
            let range = rows(of: job, options)
            let dtype: NPY.DType = job.precision == .float ? .float32 : .float64
            for output in job.outputs {
                try folder.checkFinalName(fileName(job, output, options))
                guard let b = OutputEncoder.maxBytes(format: options.format, rows: range.count, columns: job.columns, dtype: dtype),
                    total <= Int.max - b
                else {
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
        n >= 1 << 30
            ? "\(NumberText.compact(Double(n) / Double(1 << 30))) GiB" : n >= 1 << 20 ? "\(NumberText.compact(Double(n) / Double(1 << 20))) MiB" : "\(n) bytes"
    }

    /// Rows per chunk: about `chunkNumbers` numbers per output (at least one row), independent
    /// of the thread count. Every kernel gives the same bytes for any row split, so neither the
    /// chunk size nor the thread count changes the output; the chunk size sets the memory
    /// (two chunks per output are in flight: one computed, one written).
    static let chunkNumbers = 1 << 19

    /// Runs every job (its shard of rows) into temporary files of `folder`, printing a line
    /// per job, and writes the summary `summaryName` (renamed into place by the commit).
    /// - Throws: the first job's error; the files are then left for the folder's abort.
    static func execute(_ jobs: [BatchJob], options: Options, folder: BatchOutputFolder, summaryName: String, specHash: String) throws {
        Terminal.out(
            "motionkernel batch: \(jobs.count) job(s), \(options.threads) thread(s), BLAS \(BuildInfo.blasImplementation)\(options.shard.map { ", shard \($0.k)/\($0.n)" } ?? "")\n"
        )
        var entries: [BatchSummary.Job] = []
        for (index, job) in jobs.enumerated() {
            // The one branch on precision: the job runs in its own scalar type from here on.
            let entry =
                switch job.precision {
                case .float: try runJob(Float.self, job, index: index, options: options, folder: folder)
                case .double: try runJob(Double.self, job, index: index, options: options, folder: folder)
                }
            entries.append(entry)
        }
        try BatchSummary.write(
            into: folder, name: summaryName, version: MotionKernelCommand.version, threads: options.threads, format: options.format, shard: options.shard,
            jobs: entries, specSHA256: specHash)
    }

    /// The rows of `job` this run evaluates: its shard, or every row.
    static func rows(of job: BatchJob, _ options: Options) -> Range<Int> {
        options.shard.map { shardRange(rows: job.rows, k: $0.k, n: $0.n) } ?? 0..<job.rows
    }

    /// Runs job `index` (its rows of this run) in `T`, its precision, and prints its lines.
    /// - Returns: the job's summary entry.
    static func runJob<T: MotionScalar>(_: T.Type, _ job: BatchJob, index: Int, options: Options, folder: BatchOutputFolder) throws -> BatchSummary.Job {
        let pipeline = BatchPipeline<T>(job: job, index: index, rows: rows(of: job, options), chunkNumbers: options.chunkNumbers)
        let result = try pipeline.run(folder: folder, options: options)
        let entry = BatchSummary.Job(
            name: job.name, kind: job.kind, dtype: BatchPipeline<T>.dtype, columns: job.columns, axes: job.axes,
            rows: pipeline.rows, totalRows: job.rows, seconds: result.seconds, outputs: job.outputs, files: result.files)
        Terminal.out(
            "  \(job.name) (\(job.kind), \(job.precision.rawValue)): \(job.outputs.joined(separator: "+")) \(entry.rows.count)×\(job.columns) [\(job.axes.joined(separator: " × "))] in \(NumberText.compact(result.seconds * 1e3)) ms = \(NumberText.compact(entry.itemsPerSecond)) numbers/s\n"
        )
        Terminal.out(
            "    first row of \(job.outputs[0]): \(result.firstRow.map { NumberText.compact($0) }.joined(separator: ", "))\(job.columns > 5 ? ", …" : "")\n")
        return entry
    }
}
