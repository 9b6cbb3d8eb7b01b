import Foundation
import Testing
@testable import MotionKernelCLI

/// The real `motionkernel eval` process: stdin to stdout, one answer per line, exit 0 at EOF.
@Suite("eval process")
struct EvalProcessTests {
    static let binary: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for config in ["debug", "release"] {
            let u = root.appendingPathComponent(".build/\(config)/motionkernel")
            if FileManager.default.isExecutableFile(atPath: u.path) { return u }
        }
        return nil
    }()

    func run(_ args: [String], input: String) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        let binary: URL = try #require(Self.binary)
        p.executableURL = binary
        p.arguments = args
        let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
        p.standardInput = inPipe
        p.standardOutput = outPipe
        p.standardError = errPipe
        try p.run()
        // Write from another thread so a full output pipe cannot deadlock us.
        let data = Data(input.utf8)
        let writer = Thread {
            inPipe.fileHandleForWriting.write(data); try? inPipe.fileHandleForWriting.close()
        }
        writer.start()
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        let err = errPipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test("not json: a parse error with id null, exit 0", .enabled(if: EvalProcessTests.binary != nil))
    func notJSON() throws {
        let r = try run(["eval"], input: "not json\n")
        #expect(r.status == 0)
        #expect(r.out.hasPrefix(#"{"id":null,"ok":false,"error":{"code":"parse","message":"#))
        #expect(r.out.split(separator: "\n").count == 1)
    }

    @Test("1,000 mixed lines (and blank ones) get 1,000 answers in order", .enabled(if: EvalProcessTests.binary != nil))
    func mixed() throws {
        var lines: [String] = []
        for i in 0..<1000 {
            switch i % 5 {
            case 0: lines.append(#"{"id":\#(i),"op":"spring.convert","spring":{"stiffness":100,"damping":10}}"#)
            case 1: lines.append(#"{"id":\#(i),"op":"spring.sample","spring":{"stiffness":-1,"damping":1},"times":[0]}"#)
            case 2: lines.append(#"{"id":\#(i),"op":"nope"}"#)
            case 3: lines.append(#"{"id":\#(i),"op":"timing.sample","timing":"ease","at":[0.5]}"#)
            default: lines.append(#"{"id":\#(i),"op":"spring.settle","spring":{"stiffness":1,"damping":0},"epsilon":0.1}"#)
            }
            if i % 100 == 0 { lines.append("") }
        }
        let r = try run(["eval"], input: lines.joined(separator: "\n") + "\n")
        #expect(r.status == 0)
        let answers = r.out.split(separator: "\n")
        #expect(answers.count == 1000)
        for (i, a) in answers.enumerated() { #expect(a.hasPrefix("{\"id\":\(i),"), "\(a)") }
    }

    @Test("usage errors: Error/Usage on stderr, exit 64; unknown subcommands too", .enabled(if: EvalProcessTests.binary != nil))
    func usage() throws {
        let r = try run(["eval", "--bogus"], input: "")
        #expect(r.status == 64 && r.err.contains("Error:") && r.err.contains("Usage:"))
        let u = try run(["frobnicate"], input: "")
        #expect(u.status == 64 && u.err.contains("Error:"))
        for sub in ["eval", "batch", "bench", "presets", "plot", "version", "help"] {
            let h = try run([sub, "--help"], input: "")
            #expect(h.status == 0 && h.out.contains("Usage:"), "\(sub)")
        }
    }
}
