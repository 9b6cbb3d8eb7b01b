#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MotionKernelEval

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `motionkernel merge DIR… [--out DIR]`: joins the `.npy` shards of a sharded batch run
/// (`--shard K/N` or `--shard auto`) into `<job>.<output>.npy` and `summary.json`, the same
/// bytes as the unsharded run.
///
/// Every shard is found through its `summary.shard-K-of-N.json` (written last by its run, so a
/// shard still running or killed is missing, not half there). A summary is untrusted input,
/// checked as strictly as a spec (``ShardSummary/load(folder:name:shard:)``): names as `batch`
/// allows them, so no path leaves `--out`, and every count within `batch`'s limits before it
/// sizes anything. Every file is read only if it is a regular file (opened with
/// `O_NOFOLLOW | O_NONBLOCK`: a link, FIFO or device is refused, never waited on). Before
/// anything is written, the shards are checked: exactly one of each index 0..<N across the
/// folders, one shard count, one spec hash and version, `.npy` format, the same jobs with the
/// same outputs, dtypes and trailing shapes, row ranges that tile each job, and every file's
/// header shape and size. The data are then copied through one fixed buffer (``bufferBytes``),
/// into temporary files renamed at the end as `batch` does (``BatchOutputFolder/commit(summary:)``:
/// the previous `summary.json` removed first, the new one last): a failed merge leaves nothing.
///
/// CSV and JSON shards are refused: concatenating them would need rewriting their framing, and
/// `.npy` is the format meant for large outputs.
enum MergeCommand {
    static let usage = "motionkernel merge DIR... [--out DIR]"

    /// The copy buffer, the only memory that grows with the data.
    static let bufferBytes = 1 << 20

    /// The most folders on one command line.
    static let maxFolders = 100_000

    /// Runs the command; exit 0, 1 (a refused or failed merge) or 64 (a usage error).
    @Sendable static func run(_ args: [String]) -> Int32 {
        let a: Arguments
        do { a = try Arguments(args, options: ["--out"], maxPositional: maxFolders) } catch {
            return MotionKernelCommand.usageError(error.message, usage: usage)
        }
        guard let first = a.positional.first else {
            return MotionKernelCommand.usageError("give at least one DIR holding shard outputs", usage: usage)
        }
        let out = a["--out"] ?? first
        var folder: BatchOutputFolder?
        do {
            let shards = try collect(a.positional)
            let plan = try check(shards)
            let f = try BatchOutputFolder(out)
            folder = f
            try write(plan, shards: shards, into: f, out: out)
            try f.commit(summary: "summary.json")
            Terminal.out("merged \(shards.count) shard(s) of \(plan.count) job(s); wrote \(f.url("summary.json"))\n")
            return MotionKernelCommand.Status.ok
        } catch {
            let removed = folder?.abort() ?? 0
            Terminal.err("Error: merge: \(error)\n")
            if folder != nil {
                Terminal.err("nothing was written to '\(out)'\(removed > 0 ? " (removed \(removed) partial file(s))" : "")\n")
            }
            return MotionKernelCommand.Status.failure
        }
    }

    /// Every shard summary in `folders`, sorted by index.
    /// - Throws: `BatchFailure` for an unreadable folder, a folder given twice or holding no
    ///   shard, a bad summary, shards of two counts, a duplicated or a missing index.
    static func collect(_ folders: [String]) throws -> [ShardSummary] {
        var seenFolders: [String: String] = [:]
        var byIndex: [Int: ShardSummary] = [:]
        var count: (n: Int, path: String)?
        for dir in folders {
            var st = stat()
            guard stat(dir, &st) == 0 else { throw BatchFailure("cannot read folder '\(dir)': \(String(cString: strerror(errno)))") }
            guard st.st_mode & S_IFMT == S_IFDIR else { throw BatchFailure("'\(dir)' is not a folder") }
            let identity = "\(st.st_dev):\(st.st_ino)"
            if let other = seenFolders[identity] { throw BatchFailure("the folder '\(dir)' is given twice (also as '\(other)')") }
            seenFolders[identity] = dir
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted() } catch {
                throw BatchFailure("cannot list folder '\(dir)': \(BatchOutputFolder.reason(of: error))")
            }
            var found = 0
            for name in names {
                guard let shard = ShardSummary.shardOf(fileName: name) else { continue }
                let path = SafeFile.join(dir, name)
                // The same limit as `--shard K/N`, before anything is sized by the count.
                guard shard.n >= 1, shard.n <= ShardEnvironment.maxCount, shard.k < shard.n else {
                    throw BatchFailure("'\(path)': shard \(shard.k) of \(shard.n) is not a shard (0 <= K < N <= \(ShardEnvironment.maxCount))")
                }
                if let c = count, c.n != shard.n {
                    throw BatchFailure(
                        "'\(path)' is a shard of \(shard.n), but '\(c.path)' is a shard of \(c.n): shards of different runs; merge one run's shards")
                }
                count = (shard.n, path)
                if let other = byIndex[shard.k] {
                    throw BatchFailure("shard \(shard.k) of \(shard.n) is there twice: '\(other.path)' and '\(path)'")
                }
                byIndex[shard.k] = try ShardSummary.load(folder: dir, name: name, shard: shard)
                found += 1
            }
            if found == 0 { throw BatchFailure("'\(dir)' holds no shard summary (summary.shard-K-of-N.json)") }
        }
        guard let n = count?.n else { throw BatchFailure("no shard summary found") }
        let missing = (0..<n).filter { byIndex[$0] == nil }
        if !missing.isEmpty {
            let list = missing.prefix(10).map(String.init).joined(separator: ", ") + (missing.count > 10 ? ", … (\(missing.count) in all)" : "")
            throw BatchFailure(
                "missing shard(s) \(list) of \(n): no summary.shard-\(missing[0])-of-\(n).json in \(folders.count == 1 ? "'\(folders[0])'" : "any of the \(folders.count) folders") (a shard that failed or is still running)"
            )
        }
        return (0..<n).map { byIndex[$0]! }
    }

    /// Checks the shards against the first one and every shard file's header and size.
    /// - Throws: `BatchFailure` naming the file and what differs.
    static func check(_ shards: [ShardSummary]) throws -> [ShardSummary.Job] {
        let first = shards[0]
        for s in shards {
            guard s.format == "npy" else {
                throw BatchFailure(
                    "'\(s.path)' is a shard written with --format \(s.format); merge joins .npy shards only (rerun the shards with --format npy)")
            }
            guard s.specSHA256 == first.specSHA256 else {
                throw BatchFailure(
                    "'\(s.path)' is a shard of a different spec (specSHA256 \(s.specSHA256.prefix(12))…) than '\(first.path)' (\(first.specSHA256.prefix(12))…)"
                )
            }
            guard s.version == first.version else {
                throw BatchFailure("'\(s.path)' was written by motionkernel \(s.version), but '\(first.path)' by \(first.version)")
            }
            guard s.jobs.count == first.jobs.count else {
                throw BatchFailure("'\(s.path)' has \(s.jobs.count) job(s), but '\(first.path)' has \(first.jobs.count)")
            }
            for (j, job) in s.jobs.enumerated() {
                let ref = first.jobs[j]
                guard job.sameJob(as: ref) else {
                    throw BatchFailure(
                        "'\(s.path)': jobs[\(j)] (\(job.name): \(job.dtype.rawValue), \(job.totalRows) × \(job.columns), outputs \(job.outputs.joined(separator: "+"))) differs from '\(first.path)' (\(ref.name): \(ref.dtype.rawValue), \(ref.totalRows) × \(ref.columns), outputs \(ref.outputs.joined(separator: "+")))"
                    )
                }
                let want = BatchCommand.shardRange(rows: job.totalRows, k: s.index, n: s.count)
                guard job.rows == want else {
                    throw BatchFailure("'\(s.path)': jobs[\(j)] (\(job.name)) covers rows \(job.rows), but shard \(s.index) of \(s.count) is rows \(want)")
                }
                for (o, output) in job.outputs.enumerated() {
                    let expected = "\(job.name).\(output).shard-\(s.index)-of-\(s.count).npy"
                    guard job.files[o] == expected else {
                        throw BatchFailure("'\(s.path)': jobs[\(j)].files[\(o)] is '\(printable(job.files[o]))'; expected '\(expected)'")
                    }
                    let file = try ShardFile.open(folder: s.folder, name: expected)
                    defer { file.close() }
                    try file.check(dtype: job.dtype, rows: job.rows.count, columns: job.columns)
                }
            }
        }
        return first.jobs
    }

    /// `text` for an error message: at most 200 characters, anything but printable ASCII as
    /// `?` (a summary's strings must not drive the terminal).
    static func printable(_ text: String) -> String {
        String(text.unicodeScalars.prefix(200).map { $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" })
    }

    /// Writes every merged output and `summary.json` as temporary files of `folder`.
    static func write(_ jobs: [ShardSummary.Job], shards: [ShardSummary], into folder: BatchOutputFolder, out: String) throws {
        var total = 0
        for job in jobs {
            // The names were checked when the summaries were read; check again here, where
            // they become paths, that no final name can leave the output folder.
            try BatchSpec.checkName(job.name, "jobs.name")
            for output in job.outputs {
                try BatchSpec.checkName(output, "jobs.outputs")
                let name = "\(job.name).\(output).npy"
                try folder.checkFinalName(name)
                guard let b = OutputEncoder.maxBytes(format: "npy", rows: job.totalRows, columns: job.columns, dtype: job.dtype),
                    total <= Int.max - b
                else { throw BatchFailure("\(name): the output size overflows") }
                total += b
            }
        }
        try folder.checkFinalName("summary.json")
        if let free = folder.availableBytes(), UInt64(total) > free {
            throw BatchFailure("the merged outputs need \(BatchCommand.bytesText(total)) but '\(out)' has \(BatchCommand.bytesText(Int(clamping: free))) free")
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferBytes, alignment: 64)
        defer { buffer.deallocate() }
        var entries: [BatchSummary.Job] = []
        for (j, job) in jobs.enumerated() {
            var files: [String] = []
            for (o, output) in job.outputs.enumerated() {
                let name = "\(job.name).\(output).npy"
                let target = try folder.createTemporary(final: name)
                defer { target.close() }
                try target.write([UInt8](NPY.header(dtype: job.dtype, shape: [job.totalRows, job.columns])))
                for s in shards {
                    let part = s.jobs[j]
                    let file = try ShardFile.open(folder: s.folder, name: part.files[o])
                    defer { file.close() }
                    try file.copyData(dtype: job.dtype, rows: part.rows.count, columns: job.columns, to: target, buffer: buffer)
                }
                target.close()
                files.append(name)
            }
            // The shards' time added up (each at most maxSeconds, so finite); itemsPerSecond is
            // the numbers written per second of it, as batch computes it.
            var entry = job
            entry.rows = 0..<job.totalRows
            entry.seconds = shards.reduce(0) { $0 + $1.jobs[j].seconds }
            entry.files = files
            entries.append(entry)
        }
        let first = shards[0]
        try BatchSummary.write(
            into: folder, name: "summary.json", version: first.version, threads: shards.map(\.threads).max() ?? 1, format: "npy", shard: nil,
            jobs: entries, specSHA256: first.specSHA256, mergedShards: first.count)
    }
}

// O_NONBLOCK: opening a FIFO without a writer returns at once instead of waiting for one (the
// fstat below then refuses it); reads of a regular file are not affected.
private func systemOpenForReading(_ path: String) -> Int32 { open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
private func systemCloseFile(_ fd: Int32) -> Int32 { close(fd) }

/// A shard's `.npy` file opened for reading: a regular file, not through a symbolic link, and
/// never waited on (a FIFO or device of that name is refused, naming it).
final class ShardFile {
    let fd: Int32
    let path: String
    private var closed = false

    private init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    deinit { close() }

    /// - Throws: `BatchFailure` "missing file" or the OS's reason.
    static func open(folder: String, name: String) throws -> ShardFile {
        let path = SafeFile.join(folder, name)
        let fd = systemOpenForReading(path)
        guard fd >= 0 else {
            let code = errno
            throw BatchFailure(
                code == ENOENT
                    ? "missing file '\(path)' (listed in the shard's summary)"
                    : code == ELOOP
                        ? "'\(path)' is a symbolic link; expected a regular file" : "cannot open '\(path)': \(String(cString: strerror(code)))")
        }
        let file = ShardFile(fd: fd, path: path)
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw BatchFailure("cannot read '\(path)': \(String(cString: strerror(errno)))") }
        guard st.st_mode & S_IFMT == S_IFREG else { throw BatchFailure("'\(path)' is \(SafeFile.kindName(st.st_mode)); expected a regular file") }
        return file
    }

    func close() {
        if !closed { _ = systemCloseFile(fd); closed = true }
    }

    /// The file's size now.
    func size() throws -> Int {
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw BatchFailure("cannot read '\(path)': \(String(cString: strerror(errno)))") }
        return Int(st.st_size)
    }

    /// Checks the header's dtype and shape against the summary and the size against the shape.
    /// - Returns: the header.
    /// - Throws: `BatchFailure` naming the file: a different dtype or shape, or a size that
    ///   is not the header's plus the shape's data (a truncated or overlong file).
    @discardableResult
    func check(dtype: NPY.DType, rows: Int, columns: Int) throws -> NPYFileHeader {
        let h = try NPYFileHeader.read(fd: fd, name: path)
        guard h.dtype == dtype else { throw BatchFailure("'\(path)' holds \(h.dtype.rawValue) numbers; its summary says \(dtype.rawValue)") }
        guard h.shape == [rows, columns] else {
            throw BatchFailure("'\(path)' has shape (\(h.shape.map(String.init).joined(separator: ", "))); its summary says (\(rows), \(columns))")
        }
        guard let need = h.dataBytes else { throw BatchFailure("'\(path)': the shape overflows") }
        let size = try size()
        guard size - h.dataOffset == need else {
            throw BatchFailure(
                "'\(path)' is \(size - h.dataOffset < need ? "truncated" : "longer than its header says"): \(size - h.dataOffset) data bytes, shape (\(rows), \(columns)) of \(dtype.rawValue) needs \(need)"
            )
        }
        return h
    }

    /// Checks the file again, then appends its data to `target` through `buffer`.
    /// - Throws: `BatchFailure` when the file changed (shrank) while being copied, or a
    ///   read or write fails.
    func copyData(dtype: NPY.DType, rows: Int, columns: Int, to target: OutputFile, buffer: UnsafeMutableRawBufferPointer) throws {
        let h = try check(dtype: dtype, rows: rows, columns: columns)
        var left = h.dataBytes ?? 0
        var offset = h.dataOffset
        while left > 0 {
            let want = min(left, buffer.count)
            let chunk = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<want])
            let got = try NPYFileHeader.preadFully(fd, chunk, offset: offset, name: path)
            guard got == want else { throw BatchFailure("'\(path)' was truncated while it was being merged") }
            try target.write(UnsafeRawBufferPointer(chunk))
            left -= got
            offset += got
        }
    }
}
