#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing an output file without harming what is already at its path:
/// - a device node or FIFO (`/dev/null`, `/dev/stdout`, a named pipe) is opened for writing
///   and written into (never replaced, never truncated by a rename);
/// - a symbolic link is refused (the file it points to is not written);
/// - anything else (a regular file, or nothing yet) is replaced atomically: the bytes go to a
///   new temporary file in the same folder, created exclusively (`O_CREAT | O_EXCL |
///   O_NOFOLLOW`, mode 0644 before the umask) under an unpredictable name, which is then
///   renamed over the path, so readers see the old file or the whole new one.
package enum SafeFile {
    /// Why a file could not be written. `description` is a sentence naming the path and the
    /// OS reason.
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// What went wrong.
        package enum Kind: Sendable, Equatable {
            /// The path is a symbolic link.
            case symbolicLink
            /// The path is a directory or a socket.
            case notWritable
            /// A system call failed (`errno` in `code`).
            case system
        }
        /// What went wrong.
        package var kind: Kind
        /// The path concerned.
        package var path: String
        /// `errno` for `.system`, else 0.
        package var code: Int32
        /// The sentence printed after `Error: --out: `.
        package var description: String

        static func system(_ what: String, _ path: String, _ code: Int32) -> Failure {
            Failure(
                kind: .system, path: path, code: code,
                description: "cannot \(what) '\(path)': \(String(cString: strerror(code)))")
        }
    }

    /// Whether `path` names a character or block device or a FIFO (the link itself when it is
    /// a symbolic link, which is not special). False when nothing is there.
    package static func isSpecial(_ path: String) -> Bool {
        guard let mode = fileType(path) else { return false }
        return mode == S_IFCHR || mode == S_IFBLK || mode == S_IFIFO
    }

    /// Whether `path` itself is a symbolic link (not followed).
    package static func isSymbolicLink(_ path: String) -> Bool {
        fileType(path) == S_IFLNK
    }

    /// The `S_IFMT` bits of `lstat(path)`, or nil when it fails.
    static func fileType(_ path: String) -> mode_t? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return st.st_mode & S_IFMT
    }

    /// Creates a new empty file in `dir` named `.<prefix>.<16 random hex digits>.tmp`, opened
    /// for writing with `O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC` and mode 0644 (less the
    /// umask). The caller owns the descriptor and the file (close it; rename or unlink it).
    ///
    /// - Parameters:
    ///   - dir: the folder (`"."` for the current one).
    ///   - prefix: the start of the name, usually the final file's name.
    /// - Returns: the open descriptor and the file's path.
    /// - Throws: `Failure` with the OS reason (a missing or read-only folder, …).
    package static func createTemporary(in dir: String, prefix: String) throws(Failure) -> (fd: Int32, path: String) {
        var generator = SystemRandomNumberGenerator()
        var lastError: Int32 = EEXIST
        for _ in 0..<100 {
            let hex = String(generator.next() as UInt64, radix: 16)
            let name = ".\(prefix).\(String(repeating: "0", count: 16 - hex.count))\(hex).tmp"
            let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd >= 0 { return (fd, path) }
            lastError = errno
            if lastError != EEXIST && lastError != EINTR { break }
        }
        throw .system("create a temporary file in", dir, lastError)
    }

    /// Writes `bytes` to `path` as described in ``SafeFile``: into a device or FIFO, refusing a
    /// symbolic link, else replacing the file atomically through a temporary file in the same
    /// folder.
    /// - Throws: `Failure` (`.symbolicLink`, `.notWritable` for a directory or socket, or
    ///   `.system` with the OS reason). A failed replacement leaves the old file as it was and
    ///   removes the temporary file.
    package static func writeReplacing(path: String, bytes: [UInt8]) throws(Failure) {
        switch fileType(path) {
        case S_IFLNK?:
            throw Failure(
                kind: .symbolicLink, path: path, code: 0,
                description: "'\(path)' is a symbolic link; refusing to write through it (give the target's path)")
        case S_IFDIR?:
            throw Failure(kind: .notWritable, path: path, code: 0, description: "'\(path)' is a directory")
        case S_IFSOCK?:
            throw Failure(kind: .notWritable, path: path, code: 0, description: "'\(path)' is a socket")
        case S_IFCHR?, S_IFBLK?, S_IFIFO?:
            // O_NOFOLLOW: if the node was swapped for a link since lstat, fail instead.
            let fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { throw .system("open", path, errno) }
            defer { close(fd) }
            if let code = writeAll(bytes, to: fd) { throw .system("write", path, code) }
        default:
            let (dir, name) = split(path)
            let (fd, temporary) = try createTemporary(in: dir, prefix: name)
            var code = writeAll(bytes, to: fd)
            if close(fd) != 0, code == nil { code = errno }
            if code == nil, rename(temporary, path) != 0 { code = errno }
            if let code {
                unlink(temporary)
                throw .system("write", path, code)
            }
        }
    }

    /// `name` appended to the folder `folder` as Foundation's `appendingPathComponent` did on
    /// Linux: `folder` when `name` is empty, `name` when `folder` is, no second `/` after a
    /// folder that ends with one.
    package static func join(_ folder: String, _ name: String) -> String {
        if name.isEmpty { return folder }
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The folder and the last component of `path` (`"."` for a bare name).
    package static func split(_ path: String) -> (dir: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let dir = String(path[..<slash])
        return (dir.isEmpty ? "/" : dir, String(path[path.index(after: slash)...]))
    }

    /// Writes every byte, retrying short writes and `EINTR`; the `errno` of a failure, or nil.
    /// The one write loop of the package's binaries: files, standard output and standard error use it.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
        guard var p = bytes.baseAddress else { return nil }
        var left = bytes.count
        while left > 0 {
            let n = write(fd, p, left)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            p += n
            left -= n
        }
        return nil
    }

    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        bytes.withUnsafeBytes { writeAll($0, to: fd) }
    }
}

extension SafeFile {
    /// Why a file could not be read: a sentence naming the file, the path and the OS's reason.
    package struct ReadFailure: Error, CustomStringConvertible {
        /// The sentence printed after `Error: `.
        package var description: String
        init(_ d: String) { description = d }
    }

    /// Reads a file of at most `limit` bytes: a regular file or a pipe (a spec from `/dev/stdin`)
    /// or, with `regularOnly`, a regular file only.
    ///
    /// With `regularOnly` the file is opened with `O_NONBLOCK | O_NOFOLLOW`, so neither a FIFO
    /// without a writer (whose open would wait forever) nor a symbolic link is waited on or
    /// followed, and anything that `fstat` does not call a regular file is refused.
    /// - Throws: `ReadFailure` naming `what` and the path, with the OS's reason.
    package static func readAll(path: String, what: String, limit: Int, regularOnly: Bool = false) throws(ReadFailure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK | O_NOFOLLOW : 0))
        guard fd >= 0 else {
            let code = errno
            if regularOnly && code == ELOOP { throw ReadFailure("cannot read \(what) '\(path)': it is a symbolic link; expected a regular file") }
            throw ReadFailure("cannot read \(what) '\(path)': \(String(cString: strerror(code)))")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw ReadFailure("cannot read \(what) '\(path)': \(String(cString: strerror(errno)))") }
        if st.st_mode & S_IFMT == S_IFDIR { throw ReadFailure("cannot read \(what) '\(path)': \(String(cString: strerror(EISDIR)))") }
        if regularOnly && st.st_mode & S_IFMT != S_IFREG {
            throw ReadFailure("cannot read \(what) '\(path)': it is \(kindName(st.st_mode)); expected a regular file")
        }
        if st.st_mode & S_IFMT == S_IFREG && Int(st.st_size) > limit {
            throw ReadFailure("\(what) '\(path)' has \(st.st_size) bytes; the limit is \(limit)")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadFailure("cannot read \(what) '\(path)': \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            guard bytes.count + n <= limit else {
                throw ReadFailure("\(what) '\(path)' is longer than the limit of \(limit) bytes")
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// "a FIFO", "a character device", … for the `S_IFMT` bits of `mode`.
    package static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a folder"
        case S_IFLNK: return "a symbolic link"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }
}
