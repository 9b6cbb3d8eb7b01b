import Foundation
import MotionKernel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder a batch run writes into, and the run's all-or-nothing file handling.
///
/// Every output is first written to a temporary file in the folder, created exclusively
/// (`O_CREAT | O_EXCL | O_NOFOLLOW`, mode 0644) under an unpredictable name
/// `.motionkernel-<pid>.<64 random bits in hex>.tmp`, so a planted symlink or a file of the
/// same name is never followed or overwritten. Only when every job has succeeded are the
/// temporary files renamed to their final names, the previous summary removed first and the
/// new `summary.json` renamed last (``commit(summary:)``); a failed run removes its temporary
/// files. Temporary files left by a killed run (their process no longer exists)
/// are removed by the next run into the same folder.
final class BatchOutputFolder {
    /// The folder, as the user named it.
    let path: String
    private var temporaries: [(path: String, final: String)] = []
    /// Temporary names: `.motionkernel-<pid>.<16 hex digits>.tmp`.
    private static let prefix = ".motionkernel-"
    private static let suffix = ".tmp"

    /// Opens (creating it and its parents if needed) the output folder.
    /// - Throws: `BatchFailure` when the path exists but is not a folder, or cannot be created.
    init(_ path: String) throws {
        self.path = path
        var st = stat()
        if stat(path, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else { throw BatchFailure("--out: '\(path)' exists and is not a folder") }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw BatchFailure("--out: cannot create folder '\(path)': \(BatchOutputFolder.reason(of: error))")
            }
        }
    }

    func url(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Removes temporary files of runs whose process is gone; returns how many.
    @discardableResult
    func removeStaleTemporaries() -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(Self.prefix) && name.hasSuffix(Self.suffix) {
            let rest = name.dropFirst(Self.prefix.count)
            guard let dot = rest.firstIndex(of: "."), let pid = Int32(rest[..<dot]) else { continue }
            // kill(pid, 0) fails with ESRCH when no such process exists.
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                if unlink(url(name)) == 0 { removed += 1 }
            }
        }
        return removed
    }

    /// Checks before any work that `name` can become a final output: absent, or a regular file
    /// (which is replaced). A folder, symlink, FIFO or device of that name is refused.
    func checkFinalName(_ name: String) throws {
        var st = stat()
        guard lstat(url(name), &st) == 0 else { return }
        let kind = st.st_mode & S_IFMT
        if kind == S_IFREG { return }
        let what = kind == S_IFDIR ? "a folder" : kind == S_IFLNK ? "a symbolic link" : "not a regular file"
        throw BatchFailure("cannot write '\(url(name))': it exists and is \(what); remove it or choose another --out")
    }

    /// Bytes available to this user on the folder's file system (nil when unknown).
    func availableBytes() -> UInt64? {
        var s = statvfs()
        guard statvfs(path, &s) == 0 else { return nil }
        return UInt64(s.f_bavail) &* UInt64(s.f_frsize)
    }

    /// Creates a new temporary file that becomes `final` on `commit()` (through
    /// `SafeFile.createTemporary`: exclusive, never through a link, 64 random bits in the name).
    func createTemporary(final: String) throws -> OutputFile {
        do {
            let (fd, tmp) = try SafeFile.createTemporary(in: path, prefix: "\(Self.prefix.dropFirst())\(getpid())")
            temporaries.append((tmp, url(final)))
            return OutputFile(fd: fd, path: tmp, name: final)
        } catch {
            throw BatchFailure(error.description)
        }
    }

    /// Called after each rename of ``commit(summary:)`` with the final path now in place (nil
    /// outside tests). A test throws from it to stand for a run killed in the middle of the
    /// renames.
    var afterRename: ((String) throws -> Void)?

    /// Puts the run's files in place so that the folder never holds a summary that claims
    /// another run's files, even if the process is killed (or the machine loses power) at any
    /// point:
    /// 1. the previous summary named `summary` (if any) is removed and the removal made
    ///    durable (`unlink`, then `fsync` of the folder), before any new file is renamed;
    /// 2. every other temporary file's data are synced (`fsync`) and it is renamed to its
    ///    final name, in creation order, and the folder synced;
    /// 3. the new summary's data are synced and it is renamed last, and the folder synced.
    ///
    /// A run stopped between 1 and 3 leaves no summary: a folder with a summary holds that
    /// run's every file.
    /// - Parameter summary: the summary's final name (`summary.json`,
    ///   `summary.shard-K-of-N.json`), one of the temporary files' final names.
    /// - Throws: `BatchFailure` naming the file and the OS's reason; the temporary files not
    ///   yet renamed are left for ``abort()``.
    func commit(summary: String) throws {
        let summaryPath = url(summary)
        if unlink(summaryPath) != 0 && errno != ENOENT {
            throw BatchFailure("cannot remove the previous summary '\(summaryPath)': \(String(cString: strerror(errno)))")
        }
        try syncFolder()
        temporaries = temporaries.filter { $0.final != summaryPath } + temporaries.filter { $0.final == summaryPath }
        while let t = temporaries.first {
            if t.final == summaryPath { try syncFolder() }
            try Self.syncFile(t.path)
            guard rename(t.path, t.final) == 0 else {
                throw BatchFailure("cannot rename '\(t.path)' to '\(t.final)': \(String(cString: strerror(errno)))")
            }
            temporaries.removeFirst()
            try afterRename?(t.final)
        }
        try syncFolder()
    }

    /// `fsync` of the folder itself (its entries: removals and renames).
    private func syncFolder() throws {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw BatchFailure("cannot open the folder '\(path)' to sync it: \(String(cString: strerror(errno)))") }
        defer { _ = systemClose(fd) }
        // Some file systems cannot sync a folder (EINVAL); they order their entries anyway.
        if fsync(fd) != 0 && errno != EINVAL && errno != EROFS {
            throw BatchFailure("cannot sync the folder '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    /// `fsync` of a closed temporary file's data before it is renamed into place.
    private static func syncFile(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw BatchFailure("cannot open '\(path)' to sync it: \(String(cString: strerror(errno)))") }
        defer { _ = systemClose(fd) }
        if fsync(fd) != 0 && errno != EINVAL { throw BatchFailure("cannot sync '\(path)': \(String(cString: strerror(errno)))") }
    }

    /// Removes every temporary file not yet committed; returns how many.
    @discardableResult
    func abort() -> Int {
        let n = temporaries.filter { unlink($0.path) == 0 }.count
        temporaries = []
        return n
    }

    static func reason(of error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return ns.localizedDescription
    }
}

private func systemClose(_ fd: Int32) -> Int32 { close(fd) }

/// A failed batch run (what failed and why), printed as `Error: …`.
package struct BatchFailure: Error, CustomStringConvertible {
    package var description: String
    package init(_ d: String) { description = d }
}

/// A file opened for appending through a file descriptor the run owns.
package final class OutputFile {
    package let fd: Int32
    package let path: String
    /// The final name (in the output folder).
    package let name: String
    private var closed = false

    /// Takes ownership of `fd` (closed by ``close()`` or at the latest on deinit).
    package init(fd: Int32, path: String, name: String) {
        self.fd = fd
        self.path = path
        self.name = name
    }

    deinit { close() }

    /// Appends `count` bytes, retrying short writes and EINTR.
    /// - Throws: `BatchFailure` with the OS's reason (for example "No space left on device").
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        if let code = SafeFile.writeAll(bytes, to: fd) {
            throw BatchFailure("cannot write '\(name)': \(String(cString: strerror(code)))")
        }
    }

    func write(_ data: [UInt8]) throws {
        try data.withUnsafeBytes { try write($0) }
    }

    func write(_ text: String) throws {
        var t = text
        try t.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Closes the descriptor (idempotent).
    package func close() {
        if !closed { _ = systemClose(fd); closed = true }
    }
}

/// Streams one `rows × columns` output in `.npy`, CSV or JSON, chunk by chunk.
///
/// `.npy`: the header (shape known up front), then the little-endian data as it is computed.
/// CSV: one line per row, numbers comma-separated. JSON: `{"shape":[rows,columns],"data":[…]}`
/// with the numbers row-major. CSV and JSON numbers are the shortest round-trip text of the
/// output's own type (``ShortestDecimal``: a `Float` output gets `Float` digits). They are
/// formatted in blocks of ``blockNumbers`` numbers into reused 1 MiB buffers, one per format
/// thread (`threads`, the run's `--threads`), whose blocks are formatted at once and written in
/// order: no `String` per number, memory independent of the chunk, and the same bytes for any
/// thread count.
package struct OutputEncoder {
    package let format: String
    package let rows: Int
    package let columns: Int
    package let dtype: NPY.DType
    private var first = true
    /// The text buffers (CSV and JSON), one per format thread; shared by copies of the encoder
    /// but only ever used by one writer at a time.
    private let buffers: [TextBuffer]
    /// Numbers per buffer and block: 2¹⁵ numbers of at most 25 bytes fit 1 MiB.
    static let blockNumbers = 1 << 15

    /// An encoder of `format` (`npy`, `csv` or `json`) for a `rows × columns` output of
    /// `dtype`, formatting text on up to `threads` threads (1…64).
    package init(format: String, rows: Int, columns: Int, dtype: NPY.DType, threads: Int = 1) {
        self.format = format
        self.rows = rows
        self.columns = columns
        self.dtype = dtype
        buffers = format == "npy" ? [] : (0..<min(64, max(1, threads))).map { _ in TextBuffer(capacity: 1 << 20) }
    }

    /// The most bytes the encoded output can take (exact for `.npy`).
    static func maxBytes(format: String, rows: Int, columns: Int, dtype: NPY.DType) -> Int? {
        let perNumber: Int
        switch format {
        case "npy": perNumber = dtype.size
        // The longest number plus its separator: 25 for a Double (-2.2250738585072014e-308),
        // 17 for a Float (-999999900000000).
        default: perNumber = (dtype == .float32 ? ShortestDecimal.maxFloatLength : ShortestDecimal.maxDoubleLength) + 1
        }
        let (n, o1) = rows.multipliedReportingOverflow(by: columns)
        let (b, o2) = n.multipliedReportingOverflow(by: perNumber)
        guard !o1, !o2, b <= Int.max - 4096 else { return nil }
        return b + 4096
    }

    /// Writes what precedes the numbers (the `.npy` header, the JSON object's opening).
    /// - Throws: `BatchFailure` for a write error.
    package func start(_ file: OutputFile) throws {
        switch format {
        case "npy": try file.write([UInt8](NPY.header(dtype: dtype, shape: [rows, columns])))
        case "json": try file.write("{\"shape\":[\(rows),\(columns)],\"data\":[")
        default: break
        }
    }

    /// Appends `count` numbers (whole rows) from `values`.
    /// - Throws: `BatchFailure` for a write error or a non-finite number (which the batch
    ///   writer rejects before encoding; never written as text).
    package mutating func append<T: MotionScalar>(_ values: UnsafeBufferPointer<T>, to file: OutputFile) throws {
        if buffers.isEmpty {
            // x86-64 and arm64 are little-endian, as the header declares.
            try file.write(UnsafeRawBufferPointer(values))
            return
        }
        let raw = UnsafeRawBufferPointer(values)
        if T.self == Float.self {
            try encode(raw.assumingMemoryBound(to: Float.self), file)
        } else {
            try encode(raw.assumingMemoryBound(to: Double.self), file)
        }
    }

    /// Formats `values` block by block (each block split over the buffers, formatted at once)
    /// and writes each block's buffers in order.
    private mutating func encode<T: TextNumber>(_ values: UnsafeBufferPointer<T>, _ file: OutputFile) throws {
        guard let base = values.baseAddress, !values.isEmpty else { return }
        let csv = format == "csv"
        let columns = columns
        // JSON: a comma before every number but the output's first.
        let noComma = first ? 0 : -1
        first = false
        // Addresses as integers, so that the parts may cross into the format threads; each part
        // reads its own numbers and writes its own buffer and length.
        let valuesAddress = UInt(bitPattern: base)
        let isFloat = T.self == Float.self
        let bufferAddresses = buffers.map { UInt(bitPattern: $0.bytes) }
        let lengths = UnsafeMutablePointer<Int>.allocate(capacity: buffers.count)
        defer { lengths.deallocate() }
        let lengthsAddress = UInt(bitPattern: lengths)
        var start = 0
        while start < values.count {
            let end = min(values.count, start + buffers.count * Self.blockNumbers)
            let parts = (end - start + Self.blockNumbers - 1) / Self.blockNumbers
            let blockStart = start
            if parts == 1 {
                lengths[0] = Self.formatPart(
                    T.self, valuesAddress, blockStart..<end, into: bufferAddresses[0], csv: csv, columns: columns, noComma: noComma)
            } else {
                DispatchQueue.concurrentPerform(iterations: parts) { k in
                    let lo = blockStart + (end - blockStart) * k / parts
                    let hi = blockStart + (end - blockStart) * (k + 1) / parts
                    // Concrete types here: a generic one's metatype may not cross into the threads.
                    let n =
                        isFloat
                        ? Self.formatPart(Float.self, valuesAddress, lo..<hi, into: bufferAddresses[k], csv: csv, columns: columns, noComma: noComma)
                        : Self.formatPart(Double.self, valuesAddress, lo..<hi, into: bufferAddresses[k], csv: csv, columns: columns, noComma: noComma)
                    UnsafeMutablePointer<Int>(bitPattern: lengthsAddress)?[k] = n
                }
            }
            for k in 0..<parts {
                guard lengths[k] >= 0 else { throw BatchFailure("cannot write a non-finite number as text") }
                try file.write(UnsafeRawBufferPointer(start: buffers[k].bytes, count: lengths[k]))
            }
            start = end
        }
    }

    /// Formats numbers `range` of the array at `valuesAddress` into the buffer at
    /// `bufferAddress` (room for ``blockNumbers`` numbers and separators): CSV with a comma or,
    /// after the last column, a newline after each number; JSON with a comma before each but
    /// number `noComma`. Returns the byte count, or −1 at a non-finite number.
    private static func formatPart<T: TextNumber>(
        _: T.Type, _ valuesAddress: UInt, _ range: Range<Int>, into bufferAddress: UInt, csv: Bool, columns: Int, noComma: Int
    ) -> Int {
        guard let values = UnsafePointer<T>(bitPattern: valuesAddress), let out = UnsafeMutablePointer<UInt8>(bitPattern: bufferAddress) else {
            return 0
        }
        var at = 0
        if csv {
            var column = range.lowerBound % columns
            for i in range {
                let n = T.writeText(values[i], to: out + at)
                if n == 0 { return -1 }
                at += n
                column += 1
                if column == columns {
                    out[at] = UInt8(ascii: "\n")
                    column = 0
                } else {
                    out[at] = UInt8(ascii: ",")
                }
                at += 1
            }
        } else {
            for i in range {
                if i != noComma {
                    out[at] = UInt8(ascii: ",")
                    at += 1
                }
                let n = T.writeText(values[i], to: out + at)
                if n == 0 { return -1 }
                at += n
            }
        }
        return at
    }

    /// Writes what follows the numbers (the JSON object's closing).
    /// - Throws: `BatchFailure` for a write error.
    package func finish(_ file: OutputFile) throws {
        if format == "json" { try file.write("]}\n") }
    }
}

/// A number type the text encoder formats (``ShortestDecimal``).
protocol TextNumber {
    /// Writes the shortest round-trip text of `x` at `p`; 0 when `x` is not finite.
    static func writeText(_ x: Self, to p: UnsafeMutablePointer<UInt8>) -> Int
}

extension Float: TextNumber {
    @inline(__always) static func writeText(_ x: Float, to p: UnsafeMutablePointer<UInt8>) -> Int { ShortestDecimal.write(x, to: p) }
}

extension Double: TextNumber {
    @inline(__always) static func writeText(_ x: Double, to p: UnsafeMutablePointer<UInt8>) -> Int { ShortestDecimal.write(x, to: p) }
}

/// One reused byte buffer for an encoder's text.
final class TextBuffer {
    let bytes: UnsafeMutablePointer<UInt8>
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        bytes = .allocate(capacity: capacity)
    }

    deinit { bytes.deallocate() }
}
