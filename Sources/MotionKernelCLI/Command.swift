import MotionKernel
import MotionKernelEval

/// The `motionkernel` command line: subcommands parsed by one ``Arguments`` parser (no outside
/// packages), a complete `--help` on every subcommand, usage errors as `Error: …` / `Usage: …`
/// on stderr with exit status 64.
public enum MotionKernelCommand {
    /// The version `motionkernel version` prints (`CommandLineTool.version`, which
    /// `motionkernel-bench` prints too).
    public static let version = CommandLineTool.version

    /// Exit statuses: 0, 1, 64 (`CommandLineTool.Status`, shared with `motionkernel-bench`).
    package typealias Status = CommandLineTool.Status

    struct Subcommand: Sendable {
        let name: String
        let summary: String
        let usage: String
        /// What follows the usage line in `--help`: description, every option, exit statuses.
        let details: String
        let run: @Sendable ([String]) -> Int32

        /// The complete help: summary, usage, details.
        var help: String { "motionkernel \(name) — \(summary)\n\nUsage: \(usage)\n\n\(details)" }
    }

    /// The subcommands in the order `help` lists them: name, summary, usage, details, run.
    static let subcommands: [Subcommand] = [
        ("eval", "answer JSON Lines requests on stdin (see docs/eval-protocol.md)", "motionkernel eval < requests.jsonl", Help.eval, runEval),
        ("batch", "evaluate a JSON spec of bulk jobs, write .npy files and summary.json", BatchCommand.usage, Help.batch, BatchCommand.run),
        ("merge", "join the .npy shards of a sharded batch run into one output each", MergeCommand.usage, Help.merge, MergeCommand.run),
        ("bench", "run the benchmark suite (release builds only)", BenchUsage.usage, "", BenchLauncher.run),
        ("presets", "list the presets, or sample one into frames", PresetsCommand.usage, Help.presets, PresetsCommand.run),
        ("export", "write a preset as CSS @keyframes or Web Animations keyframes", ExportCommand.usage, ExportCommand.details, ExportCommand.run),
        ("plot", "draw a spring, timing curve, keyframe path or preset as SVG", PlotCommand.usage, PlotCommand.details, PlotCommand.run),
        ("version", "print the version", "motionkernel version", Help.version, runVersion),
        ("help", "show help for a subcommand", "motionkernel help [SUBCOMMAND]", Help.help, runHelp),
    ].map { Subcommand(name: $0, summary: $1, usage: $2, details: $3, run: $4) }

    static var overview: String {
        var s = "motionkernel \(version) — spring, keyframe and transform math in bulk\n\nUsage: motionkernel <subcommand> [options]\n\nSubcommands:\n"
        for sub in subcommands { s += "  " + String((sub.name + String(repeating: " ", count: 9)).prefix(9)) + sub.summary + "\n" }
        s += "\nRun 'motionkernel <subcommand> --help' for its options.\n"
        return s
    }

    /// The complete help of a subcommand (`motionkernel NAME --help`, `motionkernel help NAME`).
    static func help(_ sub: Subcommand) -> String {
        sub.name == "bench" ? BenchUsage.help : sub.help
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
            return printed(help(sub))
        }
        return sub.run(rest)
    }

    /// Writes `text` to standard output: status 0, or 1 when it cannot be written (a closed
    /// pipe, a full disk; the reason goes to standard error).
    static func printed(_ text: String) -> Int32 {
        Terminal.out(text) ? Status.ok : Status.failure
    }

    /// Prints `Error: message` and `Usage: usage` to stderr; returns 64
    /// (`CommandLineTool.usageError(_:usage:)`).
    public static func usageError(_ message: String, usage: String) -> Int32 {
        CommandLineTool.usageError(message, usage: usage)
    }

    @Sendable static func runEval(_ args: [String]) -> Int32 {
        do { _ = try Arguments(args, options: [], maxPositional: 0) } catch {
            return usageError(error.message, usage: "motionkernel eval < requests.jsonl")
        }
        return Eval.run(input: 0, maxLineBytes: Eval.maxLineBytes) { $0.withUnsafeBytes { Terminal.out($0) } }
    }

    @Sendable static func runVersion(_ args: [String]) -> Int32 {
        let a: Arguments
        do { a = try Arguments(args, options: [], maxPositional: 0) } catch {
            return usageError(error.message, usage: "motionkernel version")
        }
        return printed(a.wantsHelp ? "Usage: motionkernel version\n\n\(Help.version)" : "motionkernel \(version)\n")
    }

    @Sendable static func runHelp(_ args: [String]) -> Int32 {
        let usage = "motionkernel help [SUBCOMMAND]"
        let a: Arguments
        do { a = try Arguments(args, options: [], maxPositional: 1) } catch { return usageError(error.message, usage: usage) }
        if a.wantsHelp { return printed("\(overview)\nUsage: \(usage)\n\n\(Help.help)") }
        guard let name = a.positional.first else { return printed(overview) }
        guard let sub = subcommands.first(where: { $0.name == name }) else {
            return usageError("unknown subcommand '\(name)'", usage: usage)
        }
        return printed(help(sub))
    }
}
