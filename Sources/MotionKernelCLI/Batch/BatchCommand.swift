import Foundation
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
                var summary = try execute(jobs, options: options, folder: folder)
                summary["specSHA256"] = .string(specHash)
                let file = try folder.createTemporary(final: summaryName)
                try file.write(JSONWriter.string(.object(summary)) + "\n")
                file.close()
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
            let range = options.shard.map { shardRange(rows: job.rows, k: $0.k, n: $0.n) } ?? 0..<job.rows
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

    static func execute(_ jobs: [BatchJob], options: Options, folder: BatchOutputFolder) throws -> JSONObject {
        let showProgress = Terminal.stderrIsTerminal
        var jobSummaries: [JSONValue] = []
        Terminal.out(
            "motionkernel batch: \(jobs.count) job(s), \(options.threads) thread(s), BLAS \(BuildInfo.blasImplementation)\(options.shard.map { ", shard \($0.k)/\($0.n)" } ?? "")\n"
        )
        let clock = ContinuousClock()
        for (index, job) in jobs.enumerated() {
            let range = options.shard.map { shardRange(rows: job.rows, k: $0.k, n: $0.n) } ?? 0..<job.rows
            let elem = job.precision == .float ? 4 : 8
            let dtype: NPY.DType = job.precision == .float ? .float32 : .float64
            let chunkRows = max(1, min(range.count, options.chunkNumbers / job.columns))
            var files: [OutputFile] = []
            var encoders: [OutputEncoder] = []
            for output in job.outputs {
                let file = try folder.createTemporary(final: fileName(job, output, options))
                let encoder = OutputEncoder(format: options.format, rows: range.count, columns: job.columns, dtype: dtype, threads: options.threads)
                try encoder.start(file)
                files.append(file)
                encoders.append(encoder)
            }
            let writer = ChunkWriter(
                job: job, index: index, files: files, encoders: encoders,
                slotBytes: max(chunkRows * job.columns * elem, 1))
            var first: [Double] = []
            let t0 = clock.now
            var lastDraw = t0
            var lo = range.lowerBound
            var chunk = 0
            while lo < range.upperBound {
                let hi = min(range.upperBound, lo + chunkRows)
                let slot = writer.acquire(chunk)
                do { try job.evaluate(lo..<hi, writer.slots[slot]) } catch let e as MotionKernelError {
                    writer.release(slot)
                    try? writer.finish()
                    throw e.field.hasPrefix("jobs[") ? e : e.prefixed("jobs[\(index)]")
                } catch {
                    writer.release(slot)
                    try? writer.finish()
                    throw error
                }
                if first.isEmpty {
                    first = (0..<min(5, job.columns)).map { j in
                        job.precision == .float
                            ? Double(writer.slots[slot][0].assumingMemoryBound(to: Float.self)[j])
                            : writer.slots[slot][0].assumingMemoryBound(to: Double.self)[j]
                    }
                }
                writer.submit(slot: slot, rows: lo..<hi)
                if let failure = writer.failure {
                    try? writer.finish()
                    throw failure
                }
                lo = hi
                chunk += 1
                let now = clock.now
                if showProgress && now - t0 > .seconds(1) && now - lastDraw > .milliseconds(100) {
                    lastDraw = now
                    let done = Double(lo - range.lowerBound) / Double(range.count)
                    let bar = String(repeating: "#", count: Int(done * 30)) + String(repeating: ".", count: 30 - Int(done * 30))
                    Terminal.err("\r\(job.name) [\(bar)] \(Int(done * 100))%")
                }
            }
            try writer.finish()
            let elapsed = clock.now - t0
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            if showProgress && seconds > 1 { Terminal.err("\r\(String(repeating: " ", count: 60))\r") }

            let shape = [range.count, job.columns]
            let items = Double(range.count) * Double(job.columns) * Double(job.outputs.count)
            Terminal.out(
                "  \(job.name) (\(job.kind), \(job.precision.rawValue)): \(job.outputs.joined(separator: "+")) \(shape[0])×\(shape[1]) [\(job.axes.joined(separator: " × "))] in \(NumberText.compact(seconds * 1e3)) ms = \(NumberText.compact(items / max(seconds, 1e-12))) numbers/s\n"
            )
            Terminal.out("    first row of \(job.outputs[0]): \(first.map { NumberText.compact($0) }.joined(separator: ", "))\(job.columns > 5 ? ", …" : "")\n")
            jobSummaries.append(
                .object(
                    JSONObject([
                        ("name", .string(job.name)), ("kind", .string(job.kind)),
                        ("dtype", .string(dtype.rawValue)),
                        ("shape", .array(shape.map { .number(Double($0)) })),
                        ("axes", .array(job.axes.map { .string($0) })),
                        ("rows", .array([.number(Double(range.lowerBound)), .number(Double(range.upperBound))])),
                        ("totalRows", .number(Double(job.rows))),
                        ("seconds", .number(seconds)), ("itemsPerSecond", .number(items / max(seconds, 1e-12))),
                        ("outputs", .array(job.outputs.map { .string($0) })),
                        ("files", .array(files.map { .string($0.name) })),
                    ])))
        }
        var top = JSONObject()
        top["version"] = .string(MotionKernelCommand.version)
        top["threads"] = .number(Double(options.threads))
        top["format"] = .string(options.format)
        if let s = options.shard { top["shard"] = .array([.number(Double(s.k)), .number(Double(s.n))]) }
        top["shardIndex"] = .number(Double(options.shard?.k ?? 0))
        top["shardCount"] = .number(Double(options.shard?.n ?? 1))
        top["jobs"] = .array(jobSummaries)
        return top
    }

}

/// Writes a job's chunks on a serial queue while the next chunk is computed: two slots of
/// chunk buffers (one per output each), so the kernel and the file system work at once.
///
/// Every chunk is checked for non-finite numbers before it is written: a NaN or infinity is
/// never written as a result, the run fails naming the row.
///
/// Concurrency: the encoders and files are touched only by the serial queue once the first
/// chunk is submitted, a slot is written by the computing thread only between `acquire` and
/// `submit`, and by the queue only after `submit` until it signals `free`.
final class ChunkWriter: @unchecked Sendable {
    let job: BatchJob
    let index: Int
    private let files: [OutputFile]
    private var encoders: [OutputEncoder]
    /// Two slots, each one buffer per output.
    let slots: [[UnsafeMutableRawPointer]]
    private let queue = DispatchQueue(label: "motionkernel.batch.writer")
    private let free = DispatchSemaphore(value: 2)
    private let lock = NSLock()
    private var _failure: Error?

    init(job: BatchJob, index: Int, files: [OutputFile], encoders: [OutputEncoder], slotBytes: Int) {
        self.job = job
        self.index = index
        self.files = files
        self.encoders = encoders
        slots = (0..<2).map { _ in job.outputs.map { _ in UnsafeMutableRawPointer.allocate(byteCount: slotBytes, alignment: 64) } }
    }

    deinit { for s in slots { for b in s { b.deallocate() } } }

    /// The first error of the writing queue.
    var failure: Error? { lock.withLock { _failure } }

    /// Waits until slot `chunk % 2` is free and returns it.
    func acquire(_ chunk: Int) -> Int {
        free.wait()
        return chunk & 1
    }

    /// Gives back a slot that was acquired but will not be submitted (its chunk failed).
    func release(_ slot: Int) { free.signal() }

    /// Queues the chunk in `slot` (rows `rows`) for checking and writing.
    func submit(slot: Int, rows: Range<Int>) {
        queue.async { [self] in
            defer { free.signal() }
            guard failure == nil else { return }
            do { try write(slot: slot, rows: rows) } catch {
                lock.withLock { _failure = error }
            }
        }
    }

    private func write(slot: Int, rows: Range<Int>) throws {
        let count = rows.count * job.columns
        for (oi, output) in job.outputs.enumerated() {
            if job.precision == .float {
                let values = UnsafeBufferPointer(start: slots[slot][oi].assumingMemoryBound(to: Float.self), count: count)
                try check(values, output: output, firstRow: rows.lowerBound)
                try encoders[oi].append(values, to: files[oi])
            } else {
                let values = UnsafeBufferPointer(start: slots[slot][oi].assumingMemoryBound(to: Double.self), count: count)
                try check(values, output: output, firstRow: rows.lowerBound)
                try encoders[oi].append(values, to: files[oi])
            }
        }
    }

    /// Waits for every queued chunk, writes the files' endings and closes them.
    /// - Throws: the first write or check error.
    func finish() throws {
        queue.sync {}
        if let failure { throw failure }
        for (oi, file) in files.enumerated() {
            try encoders[oi].finish(file)
            file.close()
        }
    }

    private func check(_ values: UnsafeBufferPointer<Float>, output: String, firstRow: Int) throws {
        if ChunkWriter.hasNonFinite(UnsafeRawBufferPointer(values), mask: ChunkWriter.floatExponent, bias: .zero) {
            try report(values, output: output, firstRow: firstRow)
        }
    }

    private func check(_ values: UnsafeBufferPointer<Double>, output: String, firstRow: Int) throws {
        if ChunkWriter.hasNonFinite(UnsafeRawBufferPointer(values), mask: ChunkWriter.doubleExponent, bias: ChunkWriter.doubleBias) {
            try report(values, output: output, firstRow: firstRow)
        }
    }

    /// Exponent masks over 32-bit words: every word of a Float; the high (odd, little-endian)
    /// word of a Double, whose low word gets a bias of 1 so that it never reads as a match.
    static let floatExponent = SIMD16<UInt32>(repeating: 0x7F80_0000)
    static let doubleExponent = SIMD16<UInt32>(
        0, 0x7FF0_0000, 0, 0x7FF0_0000, 0, 0x7FF0_0000, 0, 0x7FF0_0000,
        0, 0x7FF0_0000, 0, 0x7FF0_0000, 0, 0x7FF0_0000, 0, 0x7FF0_0000)
    static let doubleBias = SIMD16<UInt32>(1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0)

    /// Whether any number is an infinity or a NaN (an all-ones exponent): over the numbers'
    /// 32-bit words, the minimum of `((word & mask) ^ mask) + bias` is 0 exactly then. Sixteen
    /// independent integer lanes, which the compiler keeps in vector registers; the tail (fewer
    /// than 64 bytes) word by word with the same masks.
    static func hasNonFinite(_ raw: UnsafeRawBufferPointer, mask: SIMD16<UInt32>, bias: SIMD16<UInt32>) -> Bool {
        var m = SIMD16<UInt32>(repeating: .max)
        var offset = 0
        while offset + 64 <= raw.count {
            m = pointwiseMin(m, ((raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt32>.self) & mask) ^ mask) &+ bias)
            offset += 64
        }
        var lane = 0
        while offset + 4 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            if ((word & mask[lane]) ^ mask[lane]) &+ bias[lane] == 0 { return true }
            offset += 4
            lane += 1
        }
        return m.min() == 0
    }

    private func report<T: MotionScalar>(_ values: UnsafeBufferPointer<T>, output: String, firstRow: Int) throws {
        guard let i = values.firstIndex(where: { !$0.isFinite }) else { return }
        throw MotionKernelError.invalidValue(
            "jobs[\(index)]",
            "\(output) of row \(firstRow + i / job.columns) (column \(i % job.columns)) is \(values[i]) in \(job.precision.rawValue) precision: that row's inputs are outside the representable range"
        )
    }
}
