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

    func url(_ name: String) -> String { SafeFile.join(path, name) }

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

    /// Why a `FileManager` call failed: the OS's reason (`strerror`) of the underlying POSIX
    /// error, as before; else the error's description.
    static func reason(of error: Error) -> String {
        if let underlying = (error as? CocoaError)?.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return "\(error)"
    }
}

private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
