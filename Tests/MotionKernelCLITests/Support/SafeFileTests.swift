import Foundation
import Testing
@testable import MotionKernelCLI
@testable import MotionKernelEval

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `SafeFile`: devices and FIFOs are written into, symbolic links refused, regular files
/// replaced atomically through an exclusive temporary file.
@Suite("safe file")
struct SafeFileTests {
    /// A fresh empty folder, removed by the caller.
    func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("safefile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return url.path
    }

    func contents(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    }

    @Test("a regular file is replaced (new inode), nothing else is left in the folder")
    func regular() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/plot.svg"
        try SafeFile.writeReplacing(path: path, bytes: Array("first".utf8))
        var before = stat()
        #expect(stat(path, &before) == 0)
        try SafeFile.writeReplacing(path: path, bytes: Array("second".utf8))
        var after = stat()
        #expect(stat(path, &after) == 0)
        #expect(before.st_ino != after.st_ino)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        #expect(try contents(dir) == ["plot.svg"])
        #expect(!SafeFile.isSpecial(path) && !SafeFile.isSymbolicLink(path))
    }

    @Test("temporary files: exclusive, distinct unpredictable names not ending in .svg, mode 0644 less the umask")
    func temporary() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = try SafeFile.createTemporary(in: dir, prefix: "x.svg")
        let b = try SafeFile.createTemporary(in: dir, prefix: "x.svg")
        close(a.fd)
        close(b.fd)
        #expect(a.path != b.path)
        for p in [a.path, b.path] {
            #expect(p.hasPrefix(dir + "/.x.svg.") && p.hasSuffix(".tmp") && !p.hasSuffix(".svg"))
            var st = stat()
            #expect(lstat(p, &st) == 0 && st.st_mode & S_IFMT == S_IFREG)
            let mask = umask(0o022)
            umask(mask)
            #expect(st.st_mode & 0o777 == 0o644 & ~mask)
        }
        // Exclusive: the same name cannot be opened again with O_EXCL.
        #expect(open(a.path, O_WRONLY | O_CREAT | O_EXCL, 0o644) == -1 && errno == EEXIST)
    }

    @Test("a symbolic link is refused and its target left alone")
    func symbolicLink() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let target = dir + "/target.txt", link = dir + "/link.svg"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: target))
        #expect(symlink(target, link) == 0)
        #expect(SafeFile.isSymbolicLink(link))
        #expect(throws: SafeFile.Failure.self) { try SafeFile.writeReplacing(path: link, bytes: Array("svg".utf8)) }
        do {
            try SafeFile.writeReplacing(path: link, bytes: [])
        } catch {
            #expect(error.kind == .symbolicLink && error.description.contains("is a symbolic link"))
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep")
        #expect(SafeFile.isSymbolicLink(link))
        #expect(try contents(dir) == ["link.svg", "target.txt"])
        // The command line says so under --out, exit 1.
        #expect(PlotCommand.run(["timing", "--timing", "ease", "--out", link]) == 1)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep")
    }

    @Test("a FIFO is written into, not replaced")
    func fifo() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/pipe"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(SafeFile.isSpecial(path))
        let received = Locked()
        let reader = Thread {
            let fd = open(path, O_RDONLY)
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while fd >= 0 {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 4096) }
                if n <= 0 { break }
                bytes += buffer[0..<n]
            }
            close(fd)
            received.set(bytes)
        }
        reader.start()
        let payload = Array(repeating: Array("0123456789".utf8), count: 10_000).flatMap { $0 }  // more than a pipe buffer
        try SafeFile.writeReplacing(path: path, bytes: payload)
        let deadline = Date().addingTimeInterval(10)
        while received.get() == nil, Date() < deadline { usleep(1000) }
        #expect(received.get() == payload)
        #expect(SafeFile.isSpecial(path))
        #expect(try contents(dir) == ["pipe"])
    }

    @Test("a missing folder or a directory path fails with the reason")
    func failures() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do {
            try SafeFile.writeReplacing(path: dir + "/missing/x.svg", bytes: [1])
            Issue.record("wrote into a missing folder")
        } catch {
            #expect(error.kind == .system && error.code == ENOENT)
        }
        do {
            try SafeFile.writeReplacing(path: dir, bytes: [1])
            Issue.record("replaced a directory")
        } catch {
            #expect(error.kind == .notWritable && error.description.contains("is a directory"))
        }
        #expect(SafeFile.split("a.svg") == (".", "a.svg"))
        #expect(SafeFile.split("/a.svg") == ("/", "a.svg"))
        #expect(SafeFile.split("d/e/a.svg") == ("d/e", "a.svg"))
    }
}

/// A value shared with a thread.
final class Locked: @unchecked Sendable {
    private let lock = NSLock()
    private var value: [UInt8]?
    func set(_ v: [UInt8]) { lock.lock(); value = v; lock.unlock() }
    func get() -> [UInt8]? { lock.lock(); defer { lock.unlock() }; return value }
}
