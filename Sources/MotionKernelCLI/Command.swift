import Foundation
import MotionKernel

/// The `motionkernel` command line: hand-rolled argument parsing (no outside packages),
/// `--help` on every subcommand, usage errors as `Error: …` / `Usage: …` on stderr with exit
/// status 64, subcommands whose issue has not landed exit with status 2.
public enum MotionKernelCommand {
    public static let version = "0.1.0"

    /// Exit statuses.
    public enum Status {
        public static let ok: Int32 = 0
        public static let failure: Int32 = 1
        public static let notYet: Int32 = 2
        public static let usage: Int32 = 64
    }

    struct Subcommand: Sendable {
        let name: String
        let summary: String
        let usage: String
        let run: @Sendable ([String]) -> Int32
    }

    static let subcommands: [Subcommand] = [
        Subcommand(name: "eval", summary: "answer JSON Lines requests on stdin (see docs/eval-protocol.md)",
                   usage: "motionkernel eval < requests.jsonl", run: runEval),
        Subcommand(name: "batch", summary: "evaluate a JSON spec of bulk jobs, write .npy files and summary.json",
                   usage: "motionkernel batch [SPEC.json] [--out DIR] [--format npy|csv|json] [--threads N] [--shard K/N]",
                   run: BatchCommand.run),
        Subcommand(name: "bench", summary: "run the benchmark suite (release builds only)",
                   usage: BenchCommand.usage, run: BenchCommand.run),
        Subcommand(name: "presets", summary: "list the presets, or sample one into frames",
                   usage: PresetsCommand.usage, run: PresetsCommand.run),
        Subcommand(name: "plot", summary: "draw a spring, timing curve, keyframe path or preset as SVG",
                   usage: PlotCommand.usage, run: PlotCommand.run),
        Subcommand(name: "version", summary: "print the version", usage: "motionkernel version",
                   run: { args in
                       if let bad = args.first(where: { $0 != "--help" && $0 != "-h" }) {
                           return usageError("unexpected argument '\(bad)'", usage: "motionkernel version")
                       }
                       return printed(args.isEmpty ? "motionkernel \(version)\n" : "Usage: motionkernel version\n")
                   }),
        Subcommand(name: "help", summary: "show help for a subcommand", usage: "motionkernel help [SUBCOMMAND]",
                   run: { args in
                       if let name = args.first, name == "--help" || name == "-h" {
                           return printed("\(overview)\nUsage: motionkernel help [SUBCOMMAND]\n")
                       }
                       if let name = args.first, let sub = subcommands.first(where: { $0.name == name }) {
                           return printed("\(sub.summary)\n\nUsage: \(sub.usage)\n")
                       } else if let name = args.first {
                           return usageError("unknown subcommand '\(name)'", usage: "motionkernel help [SUBCOMMAND]")
                       }
                       return printed(overview)
                   }),
    ]

    static var overview: String {
        var s = "motionkernel \(version) — spring, keyframe and transform math in bulk\n\nUsage: motionkernel <subcommand> [options]\n\nSubcommands:\n"
        for sub in subcommands { s += "  " + sub.name.padding(toLength: 9, withPad: " ", startingAt: 0) + sub.summary + "\n" }
        s += "\nRun 'motionkernel <subcommand> --help' for its options.\n"
        return s
    }

    /// Runs the command line (without the program name) and returns the exit status.
    public static func main(_ args: [String]) -> Int32 {
        Terminal.ignoreSIGPIPE()
        guard let first = args.first else {
            Terminal.err(overview)
            return Status.usage
        }
        if first == "--help" || first == "-h" { return printed(overview) }
        if first == "--version" { return printed("motionkernel \(version)\n") }
        guard let sub = subcommands.first(where: { $0.name == first }) else {
            return usageError("unknown subcommand '\(first)'", usage: "motionkernel <\(subcommands.map(\.name).joined(separator: "|"))> [options]")
        }
        let rest = Array(args.dropFirst())
        // `plot KIND --help` is answered by plot itself (per-kind help).
        let passesHelpThrough = sub.name == "plot" && !(rest.first.map { $0.hasPrefix("-") } ?? true)
        if sub.name != "help", sub.name != "version", !passesHelpThrough, rest.contains("--help") || rest.contains("-h") {
            return printed("\(sub.summary)\n\nUsage: \(sub.usage)\n")
        }
        return sub.run(rest)
    }

    /// Writes `text` to standard output: status 0, or 1 when it cannot be written (a closed
    /// pipe, a full disk; the reason goes to standard error).
    static func printed(_ text: String) -> Int32 {
        Terminal.out(text) ? Status.ok : Status.failure
    }

    /// Prints `Error: message` and `Usage: usage` to stderr; returns 64.
    public static func usageError(_ message: String, usage: String) -> Int32 {
        Terminal.err("Error: \(message)\nUsage: \(usage)\n")
        return Status.usage
    }

    static func notYet(_ name: String, issue: String) -> @Sendable ([String]) -> Int32 {
        { _ in
            Terminal.err("motionkernel \(name): not available yet (arrives with the issue \"\(issue)\")\n")
            return Status.notYet
        }
    }

    static func runEval(_ args: [String]) -> Int32 {
        if let bad = args.first {
            return usageError("unexpected argument '\(bad)'", usage: "motionkernel eval < requests.jsonl")
        }
        return Eval.run(input: 0, maxLineBytes: Eval.maxLineBytes) { $0.withUnsafeBytes { Terminal.out($0) } }
    }
}
