import Foundation
import Testing
@testable import MotionKernelCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Exit statuses of the real process when its input cannot be read or its output cannot be
/// written, and the 64 MiB line limit through a pipe.
@Suite("command-line process I/O")
struct CLIProcessTests {
    static var enabled: Bool { EvalProcessTests.binary != nil }

    /// Runs the binary with `stdin` (a file handle or pipe) and standard output either captured
    /// or a pipe whose read end is already closed.
    func run(_ args: [String], stdin: Any? = nil, closedStdout: Bool = false) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        let binary: URL = try #require(EvalProcessTests.binary)
        p.executableURL = binary
        p.arguments = args
        let outPipe = Pipe(), errPipe = Pipe()
        if let stdin { p.standardInput = stdin } else { p.standardInput = FileHandle.nullDevice }
        p.standardOutput = outPipe
        p.standardError = errPipe
        if closedStdout { try outPipe.fileHandleForReading.close() }
        try p.run()
        let err = errPipe.fileHandleForReading.readDataToEndOfFile()
        let out = closedStdout ? Data() : outPipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test("eval with a directory as standard input: the OS reason, exit 1", .enabled(if: CLIProcessTests.enabled))
    func unreadableInput() throws {
        let dir = try #require(FileHandle(forReadingAtPath: "/"))
        let r = try run(["eval"], stdin: dir)
        #expect(r.status == 1)
        #expect(r.err.hasPrefix("Error: cannot read standard input: ") && r.err.count > 36, "\(r.err)")
    }

    @Test(
        "output into a closed pipe exits 1", .enabled(if: CLIProcessTests.enabled),
        arguments: [
            ["version"], ["--version"], ["help"], ["help", "plot"], ["--help"], ["eval", "--help"], ["presets"],
            ["presets", "sample", "pop"], ["plot", "timing", "--timing", "ease"], ["plot", "help", "spring"],
        ])
    func closedOutput(_ args: [String]) throws {
        let r = try run(args, closedStdout: true)
        #expect(r.status == 1, "\(args)")
        #expect(r.err.contains("Error: cannot write standard output"), "\(args): \(r.err)")
    }

    @Test("eval into a closed pipe exits 1", .enabled(if: CLIProcessTests.enabled))
    func evalClosedOutput() throws {
        let input = Pipe()
        let writer = Thread {
            input.fileHandleForWriting.write(Data((#"{"id":1,"op":"presets.list"}"# + "\n").utf8))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let r = try run(["eval"], stdin: input, closedStdout: true)
        #expect(r.status == 1)
    }

    @Test("plot --out /dev/null writes into the device and leaves it a character device", .enabled(if: CLIProcessTests.enabled))
    func devNull() throws {
        let r = try run(["plot", "timing", "--timing", "ease", "--out", "/dev/null"])
        #expect(r.status == 0, "\(r.err)")
        var st = stat()
        #expect(lstat("/dev/null", &st) == 0 && st.st_mode & S_IFMT == S_IFCHR)
    }

    @Test("a line just over 64 MiB through a pipe: one invalidValue answer, then the next line", .enabled(if: CLIProcessTests.enabled))
    func overlongThroughPipe() throws {
        let input = Pipe()
        let writer = Thread {
            let h = input.fileHandleForWriting
            h.write(Data(#"{"id":"a","at":[""#.utf8))
            let block = Data(repeating: UInt8(ascii: "7"), count: 1 << 20)
            for _ in 0..<64 { h.write(block) }  // the line is now 64 MiB + 15 bytes long
            h.write(Data(("\"]}\n" + #"{"id":"b","op":"timing.sample","timing":"linear","at":[0.5]}"# + "\n").utf8))
            try? h.close()
        }
        writer.start()
        let started = Date()
        let r = try run(["eval"], stdin: input)
        let answers = r.out.split(separator: "\n")
        #expect(r.status == 0)
        #expect(answers.count == 2)
        #expect(
            answers.first
                == #"{"id":null,"ok":false,"error":{"code":"invalidValue","message":"the request line is longer than the limit of 67108864 bytes; it was skipped"}}"#
        )
        #expect(answers.last == #"{"id":"b","ok":true,"result":[0.5]}"#)
        #expect(Date().timeIntervalSince(started) < 30)
    }
}
