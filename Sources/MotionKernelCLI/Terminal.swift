import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to standard output and standard error through handles the CLI owns (touching the C
/// global `stdout` is a concurrency error in Swift 6).
public enum Terminal {
    /// Writes `text` to standard output; false when it cannot be written (closed pipe).
    @discardableResult
    public static func out(_ text: String) -> Bool {
        write(text, to: FileHandle.standardOutput)
    }

    /// Writes `text` to standard error.
    @discardableResult
    public static func err(_ text: String) -> Bool {
        write(text, to: FileHandle.standardError)
    }

    static func write(_ text: String, to handle: FileHandle) -> Bool {
        do {
            try handle.write(contentsOf: Data(text.utf8))
            return true
        } catch {
            return false
        }
    }

    /// Lets a closed pipe surface as a write error instead of killing the process.
    public static func ignoreSIGPIPE() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Whether standard error is a terminal (for progress bars).
    public static var stderrIsTerminal: Bool { isatty(2) != 0 }
}
