import MotionKernel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to standard output and standard error with `write(2)` on the file descriptors
/// (touching the C global `stdout` is a concurrency error in Swift 6, and `FileHandle` copies
/// the text into `Data` first). A failed write (closed pipe, full disk, closed descriptor) is
/// reported to the caller, which exits with status 1.
package enum Terminal {
    /// Writes `text` to standard output; false when it cannot be written (closed pipe). The
    /// first failure also prints `Error: cannot write standard output: <reason>` to standard
    /// error.
    @discardableResult
    package static func out(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { out(UnsafeRawBufferPointer($0)) }
    }

    /// Writes raw bytes to standard output; false (and the error printed once) on failure.
    @discardableResult
    package static func out(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let reason = writeAll(bytes, to: 1) {
            reportStdoutFailure(reason)
            return false
        }
        return true
    }

    /// Writes `text` to standard error.
    @discardableResult
    package static func err(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: 2) == nil }
    }

    /// Writes every byte to `fd` (`SafeFile.writeAll`).
    /// - Returns: nil on success, else the OS reason (`strerror`).
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> String? {
        SafeFile.writeAll(bytes, to: fd).map { String(cString: strerror($0)) }
    }

    /// Prints why standard output failed, once per process (later failures stay quiet so a
    /// long stream into a closed pipe does not flood standard error).
    static func reportStdoutFailure(_ reason: String) {
        if stdoutFailureReported.exchange() { return }
        _ = err("Error: cannot write standard output: \(reason)\n")
    }

    /// A flag set once, safe to touch from any thread.
    final class Once: @unchecked Sendable {
        private let lock = Lock()
        private var set = false
        /// Sets the flag; returns whether it was already set.
        func exchange() -> Bool {
            lock.withLock {
                let was = set
                set = true
                return was
            }
        }
    }
    static let stdoutFailureReported = Once()

    /// Lets a closed pipe surface as a write error instead of killing the process.
    package static func ignoreSIGPIPE() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Whether standard error is a terminal (for progress bars).
    package static var stderrIsTerminal: Bool { isatty(2) != 0 }
}
