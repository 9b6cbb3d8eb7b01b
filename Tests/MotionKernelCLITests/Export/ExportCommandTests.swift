import Foundation
import Testing

@testable import MotionKernelCLI
@testable import MotionKernelEval

/// `motionkernel export`, run as a process (the built binary).
@Suite("export command")
struct ExportCommandTests {
    func run(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        let binary: URL = try #require(EvalProcessTests.binary)
        p.executableURL = binary
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test("export css shake: the tolerance comment, @keyframes and the .view rule", .enabled(if: CLIProcessTests.enabled))
    func css() throws {
        let r = try run(["export", "css", "shake", "--option", "duration=0.5"])
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("/* motionkernel export css shake: matches the preset's frames within "))
        #expect(r.out.contains("@keyframes mk-view {") && r.out.contains(".view {") && r.out.contains("animation-duration: 0.5s;"))
        #expect(r.out.contains("12.5% { transform: translateX(20px); animation-timing-function: linear; }"))
    }

    @Test("export waapi toolbarReveal: one {keyframes, options} per layer", .enabled(if: CLIProcessTests.enabled))
    func waapi() throws {
        let r = try run(["export", "waapi", "toolbarReveal"])
        #expect(r.status == 0)
        guard case .object(let o) = try JSONParser.parse(r.out) else {
            Issue.record("not an object: \(r.out)")
            return
        }
        #expect(o.keys == ["toolbar", "tabBar"])
        guard case .object(let tb)? = o["tabBar"], case .object(let opts)? = tb["options"], case .array(let kfs)? = tb["keyframes"] else {
            Issue.record("unexpected shape: \(r.out)")
            return
        }
        #expect(opts["duration"] == .number(200) && opts["fill"] == .string("both") && kfs.count == 2)
    }

    @Test("wiggle after a 100 s delay with 1 ms legs (both in range) exports: 17 keyframes, exit 0", .enabled(if: CLIProcessTests.enabled))
    func longDelayShortLegs() throws {
        let r = try run(["export", "css", "wiggle", "--option", "delay=100", "--option", "legDuration=0.001"])
        #expect(r.status == 0, "\(r.err)")
        // 1 + 2·4 + 1 legs: a keyframe at each leg start and one at the end.
        #expect(r.out.components(separatedBy: "animation-timing-function: cubic-bezier(").count - 1 == 10)
        #expect(r.out.contains("animation-delay: 100s;") && r.out.contains("animation-duration: 0.01s;"))
    }

    @Test("usage errors exit 64 with the reason", .enabled(if: CLIProcessTests.enabled))
    func usage() throws {
        for (args, needle) in [
            (["export"], "format"), (["export", "svg", "shake"], "unknown format 'svg'"), (["export", "css", "nope"], "unknown preset"),
            (["export", "css", "shake", "--option", "duration=-1"], "duration"), (["export", "css", "shake", "--option", "x"], "k=v"),
        ] {
            let r = try run(args)
            #expect(r.status == 64, "\(args)")
            #expect(r.err.contains(needle) && r.err.contains("Usage: motionkernel export"), "\(args): \(r.err)")
        }
        let h = try run(["export", "--help"])
        #expect(h.status == 0 && h.out.contains("Usage: motionkernel export css|waapi PRESET") && h.out.contains("Exit status"))
    }
}
