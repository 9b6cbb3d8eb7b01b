import Foundation
import Testing
import MotionKernel
@testable import MotionKernelCLI

/// A deterministic fuzz of the plot command line: random option names and hostile values for
/// every plot kind. Invariants: no trap, every call ends in a picture or a `PlotFailure` whose
/// message names an option (or is a usage error), and each call is quick.
@Suite("plot option fuzz")
struct PlotOptionFuzzTests {
    static let hostile = [
        "1e-17", "1e-7", "1e308", "-1e308", "1e309", "-0", "0", "nan", "NaN", "inf", "-inf", "Infinity",
        "9223372036854775807", "9223372036854775808", "-9223372036854775809", "1e19", "4.9e-324", "2.2e-308",
        "0x1p-1074", "50", "50.0000001", "0.1", "0.09999999", "200", "10000", "10001", "199.999", "1000",
        "1000.0001", "", " ", "abc", "1e", "--", "-", "1,5", "5%", "\u{0}", "ease", "@/nonexistent",
    ]

    static let base: [String: [String]] = [
        "spring": ["--spring", #"{"stiffness":100,"damping":10}"#],
        "decay": ["--decay", #"{"model":"motionInertia","max":300}"#],
        "timing": ["--timing", "ease-in-out"],
        "keyframes": ["--keyframes", #"{"values":[[0,0],[1,2],[3,1]]}"#],
        "preset": ["pop"],
    ]
    static let options: [String: [String]] = [
        "spring": ["--from", "--to", "--velocity", "--relative-velocity", "--epsilon", "--duration"],
        "decay": ["--from", "--velocity", "--duration"],
        "timing": [],
        "keyframes": ["--duration", "--progress-ticks"],
        "preset": ["--fps", "--option"],
    ]
    static let common = ["--width", "--height", "--title", "--bogus", "--out"]

    @Test("random options and hostile numbers: a picture or a named failure, never a trap")
    func fuzz() throws {
        var rng = SplitMix64(seed: 0x9107_F022)
        func pick<T>(_ a: [T]) -> T { a[Int(rng.next() % UInt64(a.count))] }
        for round in 0..<160 {
            let kind = pick(PlotCommand.kinds)
            var args = [kind] + Self.base[kind]!
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                let flag = pick(Self.options[kind]! + Self.common)
                if flag == "--out" { continue }  // no files from the fuzzer
                var value = pick(Self.hostile)
                if flag == "--option" { value = pick(["duration", "scale", "amplitude", "x"]) + "=" + value }
                args += [flag, value]
            }
            let started = Date()
            do {
                let output = try PlotCommand.render(args)
                if case .svg(let svg, _) = output {
                    #expect(!svg.contains("nan") && !svg.contains("inf"), "\(args)")
                }
            } catch {
                switch error.kind {
                case .usage: #expect(!error.message.isEmpty && error.status == 64, "\(args)")
                case .invalid: #expect(error.message.hasPrefix("--") || error.message.hasPrefix("pop"), "\(args): \(error.message)")
                }
            }
            #expect(Date().timeIntervalSince(started) < 10, "round \(round): \(args)")
        }
    }

    @Test("--progress-ticks 1e-17 and 1e-7 are refused with the range; 0 and 0.1 draw", arguments: ["1e-17", "1e-7", "0.0999", "-1e-300", "nan"])
    func tinyTicks(_ value: String) throws {
        do {
            _ = try PlotCommand.render(["keyframes", "--keyframes", #"{"values":[[0,0],[1,1]]}"#, "--progress-ticks", value])
            Issue.record("\(value) drew")
        } catch {
            #expect(error.kind == .invalid && error.message.hasPrefix("--progress-ticks: expected"), "\(error.message)")
        }
    }

    @Test("--progress-ticks 0, -0 and 0.1 draw, with no ticks and at most 1001")
    func ticks() throws {
        // 0.1 %: progress k · 0.001 for k = 0…1000; the last may round just above 1 and be
        // left out, so 1000 or 1001 dots.
        for (value, counts) in [("0", 0...0), ("-0", 0...0), ("0.1", 1000...1001)] {
            guard case .svg(let svg, _) = try PlotCommand.render(["keyframes", "--keyframes", #"{"values":[[0,0],[1,1]]}"#, "--progress-ticks", value]) else {
                Issue.record("no SVG")
                continue
            }
            let doc = try ParsedSVG(svg)
            var dots = 0
            if let start = doc.elements.firstIndex(where: { $0.attributes["id"] == "progress-ticks" }) {
                dots = doc.elements[(start + 1)...].prefix { $0.name == "circle" }.count
            }
            #expect(counts.contains(dots), "\(value): \(dots)")
        }
    }

    @Test("a preset plot of very many frames is refused under an option, not drawn")
    func presetFrames() throws {
        do {
            _ = try PlotCommand.render(["preset", "pop", "--fps", "1000", "--option", "duration=1000"])
            Issue.record("drew a million frames")
        } catch {
            #expect(error.message.hasPrefix("--fps: ") || error.message.hasPrefix("--option: "), "\(error.message)")
        }
    }
}
