import Dispatch
import MotionKernel
import MotionKernelEval

/// One job's rows evaluated chunk by chunk in `T` (the job's precision) into its output files.
///
/// Rows `rows` (the run's shard of the job) are cut into chunks of `chunkRows` rows; each chunk
/// is evaluated into a free slot of a ``ChunkWriter`` (typed buffers of `T`, one per output),
/// which checks and writes it on its own queue while the next chunk is computed. Every kernel
/// computes a row the same way whatever chunk it is in, so the chunk size changes no byte.
struct BatchPipeline<T: MotionScalar> {
    let job: BatchJob
    /// The job's index in the spec (for error fields: `jobs[i]`).
    let index: Int
    let rows: Range<Int>
    /// Rows per chunk: about `chunkNumbers` numbers per output, at least one row.
    let chunkRows: Int

    /// What a finished job leaves: its files (final names, one per output), its compute time
    /// and the first numbers (up to 5) of its first output's first row, for the console.
    struct Result {
        var files: [String]
        var seconds: Double
        var firstRow: [Double]
    }

    /// The outputs' `.npy` type.
    static var dtype: NPY.DType { T.self == Float.self ? .float32 : .float64 }

    /// The pipeline of `job` (whose precision is `T`) over `rows`, in chunks of about
    /// `chunkNumbers` numbers per output.
    init(job: BatchJob, index: Int, rows: Range<Int>, chunkNumbers: Int) {
        self.job = job
        self.index = index
        self.rows = rows
        chunkRows = max(1, min(rows.count, chunkNumbers / job.columns))
    }

    /// Opens the job's outputs as temporary files of `folder` and writes every chunk to them.
    /// - Throws: the job's evaluation error (its field under `jobs[i]`), a non-finite number
    ///   (naming the row), or a write error; the files are then left for the folder's abort.
    func run(folder: BatchOutputFolder, options: BatchCommand.Options) throws -> Result {
        let writer = try openWriter(folder: folder, options: options)
        var progress = BatchProgress(job: job.name)
        let firstRow = try evaluateChunks(into: writer, progress: &progress)
        try writer.finish()
        return Result(files: writer.fileNames, seconds: progress.finish(), firstRow: firstRow)
    }

    /// A temporary file and a started encoder per output, and their writer.
    private func openWriter(folder: BatchOutputFolder, options: BatchCommand.Options) throws -> ChunkWriter<T> {
        var files: [OutputFile] = []
        var encoders: [OutputEncoder] = []
        for output in job.outputs {
            let file = try folder.createTemporary(final: BatchCommand.fileName(job, output, options))
            let encoder = OutputEncoder(format: options.format, rows: rows.count, columns: job.columns, dtype: Self.dtype, threads: options.threads)
            try encoder.start(file)
            files.append(file)
            encoders.append(encoder)
        }
        return ChunkWriter(job: job, index: index, files: files, encoders: encoders, slotCount: chunkRows * job.columns)
    }

    /// Evaluates the chunks in order, each into the next free slot, and submits them.
    /// - Returns: the first numbers of the first output's first row.
    private func evaluateChunks(into writer: ChunkWriter<T>, progress: inout BatchProgress) throws -> [Double] {
        var firstRow: [Double] = []
        var lo = rows.lowerBound
        var chunk = 0
        while lo < rows.upperBound {
            let hi = min(rows.upperBound, lo + chunkRows)
            let slot = writer.acquire(chunk)
            do { try job.evaluate(lo..<hi, into: writer.slots[slot]) } catch {
                writer.release(slot)
                try? writer.finish()
                throw jobError(error)
            }
            if chunk == 0 { firstRow = writer.slots[slot][0].prefix(min(5, job.columns)).map(\.doubleValue) }
            writer.submit(slot: slot, rows: lo..<hi)
            if let failure = writer.failure {
                try? writer.finish()
                throw failure
            }
            lo = hi
            chunk += 1
            progress.update(done: Double(lo - rows.lowerBound) / Double(rows.count))
        }
        return firstRow
    }

    /// An evaluation error with its field under the job's path (`jobs[i]`), if not already.
    private func jobError(_ error: Error) -> Error {
        guard let e = error as? MotionKernelError else { return error }
        return e.field.hasPrefix("jobs[") ? e : e.prefixed("jobs[\(index)]")
    }
}

/// Writes a job's chunks on a serial queue while the next chunk is computed: two slots of
/// chunk buffers of `T` (one per output each), so the kernel and the file system work at once.
///
/// Every chunk is checked for non-finite numbers (`allFinite`) before it is written: a NaN or
/// infinity is never written as a result, the run fails naming the row.
///
/// Concurrency: the encoders and files are touched only by the serial queue once the first
/// chunk is submitted, a slot is written by the computing thread only between `acquire` and
/// `submit`, and by the queue only after `submit` until it signals `free`.
final class ChunkWriter<T: MotionScalar>: @unchecked Sendable {
    let job: BatchJob
    let index: Int
    private let files: [OutputFile]
    private var encoders: [OutputEncoder]
    /// Two slots, each one buffer of `slotCount` numbers per output (64-byte aligned).
    let slots: [[UnsafeMutableBufferPointer<T>]]
    private let queue = DispatchQueue(label: "motionkernel.batch.writer")
    private let free = DispatchSemaphore(value: 2)
    private let lock = Lock()
    private var _failure: Error?

    init(job: BatchJob, index: Int, files: [OutputFile], encoders: [OutputEncoder], slotCount: Int) {
        self.job = job
        self.index = index
        self.files = files
        self.encoders = encoders
        slots = (0..<2).map { _ in
            job.outputs.map { _ in
                let raw = UnsafeMutableRawPointer.allocate(byteCount: max(slotCount * MemoryLayout<T>.stride, 1), alignment: 64)
                return UnsafeMutableBufferPointer(start: raw.bindMemory(to: T.self, capacity: slotCount), count: slotCount)
            }
        }
    }

    deinit { for s in slots { for b in s { b.baseAddress.map { UnsafeMutableRawPointer($0).deallocate() } } } }

    /// The final names of the files, one per output.
    var fileNames: [String] { files.map(\.name) }

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
            let values = UnsafeBufferPointer(rebasing: slots[slot][oi][..<count])
            if !allFinite(values) { try report(values, output: output, firstRow: rows.lowerBound) }
            try encoders[oi].append(values, to: files[oi])
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

    /// Throws the error naming the first non-finite number of `values` (rows from `firstRow`).
    private func report(_ values: UnsafeBufferPointer<T>, output: String, firstRow: Int) throws {
        guard let i = values.firstIndex(where: { !$0.isFinite }) else { return }
        throw MotionKernelError.invalidValue(
            "jobs[\(index)]",
            "\(output) of row \(firstRow + i / job.columns) (column \(i % job.columns)) is \(values[i]) in \(job.precision.rawValue) precision: that row's inputs are outside the representable range"
        )
    }
}
