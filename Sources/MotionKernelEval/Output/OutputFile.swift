#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file opened for appending through a file descriptor the run owns.
package final class OutputFile {
    /// The open descriptor (owned).
    package let fd: Int32
    /// Where the bytes go (a temporary file until the run commits it).
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
    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        if let code = SafeFile.writeAll(bytes, to: fd) {
            throw BatchFailure("cannot write '\(name)': \(String(cString: strerror(code)))")
        }
    }

    /// Appends the bytes of `data`.
    /// - Throws: `BatchFailure` with the OS's reason.
    package func write(_ data: [UInt8]) throws {
        try data.withUnsafeBytes { try write($0) }
    }

    /// Appends the UTF-8 bytes of `text`.
    /// - Throws: `BatchFailure` with the OS's reason.
    package func write(_ text: String) throws {
        var t = text
        try t.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Closes the descriptor (idempotent).
    package func close() {
        if !closed { _ = systemClose(fd); closed = true }
    }
}

private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
