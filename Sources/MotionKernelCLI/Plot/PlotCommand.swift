import MotionKernel
import MotionKernelEval

/// `motionkernel plot spring|decay|timing|keyframes|preset …`: draws one picture as a standalone SVG
/// file, written by hand (no dependencies).
///
/// JSON options take the eval protocol's shapes (`--spring` a SpringSpec, `--timing` a
/// TimingSpec, `--keyframes` the `keyframes` object of `keyframes.sample`), inline or as
/// `@FILE`. The SVG goes to `--out FILE.svg` (written with ``SafeFile``: a device or FIFO is
/// written into, a symbolic link refused, a file replaced atomically), or to standard output
/// when `--out` is absent. Usage errors print `Error: …` / `Usage: …` on stderr and exit 64; a
/// bad value prints `Error: --option: field: reason` and exits 1.
enum PlotCommand {
    static let usage = """
        motionkernel plot spring --spring JSON [--from X] [--to X] [--velocity V | --relative-velocity R] [--epsilon E] [--duration S] [OPTIONS]
               motionkernel plot decay --decay JSON --velocity V [--from X] [--duration S] [OPTIONS]
               motionkernel plot timing --timing JSON [OPTIONS]
               motionkernel plot keyframes --keyframes JSON [--duration S] [--progress-ticks PCT] [OPTIONS]
               motionkernel plot preset NAME [--fps N] [--option KEY=VALUE]... [OPTIONS]
               motionkernel plot help spring|decay|timing|keyframes|preset

        OPTIONS: --out FILE.svg (default: the SVG on standard output), --title TEXT,
                 --width PX, --height PX (200 to 10000; default 800 × 500; below 640 × 400 the
                 picture keeps its layout and is scaled down).
        JSON arguments take the eval protocol's shapes (SpringSpec, the decay object of decay.sample,
        TimingSpec, the keyframes object of keyframes.sample), inline or as @FILE;
        a TimingSpec name or CSS easing may be given unquoted (--timing ease-in-out,
        --timing 'steps(4, jump-both)').
        """

    /// The text after the usage line of `motionkernel plot --help`.
    static let details = """
        Kinds:
          spring             a spring's displacement (and velocity) over time, with its settling time
          decay              a released gesture (decay, fling, inertia) over time, with its stop and
                             the exact bound crossing of an inertia
          timing             a timing curve: progress against time, with its control polygon
          keyframes          a keyframe track: values against progress, or a 2D path
          preset             every layer of a preset: translation, rotation, scale and opacity over time

        Run `motionkernel plot help KIND` (or `motionkernel plot KIND --help`) for every option of
        one kind.

        Exit status: 0 when the SVG was written; 1 for a bad value (`Error: --option: field:
        reason`) or a failed write; 64 on a usage error.

        """

    /// `Usage: …` and ``details``: the help of `plot --help` and `plot help`.
    static var overviewHelp: String { "Usage: \(usage)\n\n\(details)" }

    /// What a `plot` invocation produces.
    enum Output: Equatable {
        /// Help text for standard output.
        case help(String)
        /// An SVG document and where it goes (nil: standard output).
        case svg(String, out: String?)
    }

    static let kinds = ["spring", "decay", "timing", "keyframes", "preset"]

    @Sendable static func run(_ args: [String]) -> Int32 {
        let output: Output
        do {
            output = try render(args)
        } catch {
            switch error.kind {
            case .usage: return MotionKernelCommand.usageError(error.message, usage: error.usage)
            case .invalid:
                Terminal.err("Error: \(error.message)\n")
                return error.status
            }
        }
        switch output {
        case .help(let text):
            if !Terminal.out(text) { return MotionKernelCommand.Status.failure }
        case .svg(let svg, nil):
            if !Terminal.out(svg) { return MotionKernelCommand.Status.failure }
        case .svg(let svg, let path?):
            do {
                try SafeFile.writeReplacing(path: path, bytes: Array(svg.utf8))
            } catch {
                Terminal.err("Error: --out: \(error)\n")
                return MotionKernelCommand.Status.failure
            }
        }
        return MotionKernelCommand.Status.ok
    }

    /// Parses `args` (after `plot`) and draws. Does no I/O except reading `@FILE` arguments.
    /// - Throws: `PlotFailure` (usage → 64, invalid value → 1).
    static func render(_ args: [String]) throws(PlotFailure) -> Output {
        guard let kind = args.first else { throw .usage("missing what to plot: \(kinds.joined(separator: ", "))", usage) }
        let rest = Array(args.dropFirst())
        if kind == "--help" || kind == "-h" { return .help(overviewHelp) }
        if kind == "help" {
            guard rest.count <= 1 else { throw .usage("unexpected argument '\(rest[1])'", "motionkernel plot help [spring|decay|timing|keyframes|preset]") }
            guard let name = rest.first else { return .help(overviewHelp) }
            guard let text = help(name) else {
                throw .usage(
                    "unknown plot '\(name)'; expected one of \(kinds.joined(separator: ", "))", "motionkernel plot help [spring|decay|timing|keyframes|preset]")
            }
            return .help(text)
        }
        guard let text = help(kind) else {
            throw .usage("unknown plot '\(kind)'; expected one of \(kinds.joined(separator: ", "))", usage)
        }
        if rest.contains("--help") || rest.contains("-h") { return .help(text) }

        switch kind {
        case "spring":
            let a = try PlotArguments(
                rest, allowed: ["--spring", "--from", "--to", "--velocity", "--relative-velocity", "--epsilon", "--duration"],
                maxPositional: 0, usage: SpringPlot.usage)
            var chart = try SpringPlot.chart(try SpringPlot.input(a))
            try a.applyFrame(to: &chart)
            return .svg(chart.svg(), out: a.options["--out"])
        case "decay":
            let a = try PlotArguments(rest, allowed: ["--decay", "--velocity", "--from", "--duration"], maxPositional: 0, usage: DecayPlot.usage)
            var chart = try DecayPlot.chart(try DecayPlot.input(a))
            try a.applyFrame(to: &chart)
            return .svg(chart.svg(), out: a.options["--out"])
        case "timing":
            let a = try PlotArguments(rest, allowed: ["--timing"], maxPositional: 0, usage: TimingPlot.usage)
            let (timing, name) = try TimingPlot.input(a)
            var chart = TimingPlot.chart(timing, name: name)
            try a.applyFrame(to: &chart)
            return .svg(chart.svg(), out: a.options["--out"])
        case "keyframes":
            let a = try PlotArguments(rest, allowed: ["--keyframes", "--duration", "--progress-ticks"], maxPositional: 0, usage: KeyframesPlot.usage)
            var chart = try KeyframesPlot.chart(try KeyframesPlot.input(a))
            try a.applyFrame(to: &chart)
            return .svg(chart.svg(), out: a.options["--out"])
        default:
            let a = try PlotArguments(rest, allowed: ["--fps"], repeatable: ["--option"], maxPositional: 1, usage: PresetPlot.usage)
            var stack = try PresetPlot.chart(try PresetPlot.input(a))
            try a.applyFrame(to: &stack)
            return .svg(stack.svg(), out: a.options["--out"])
        }
    }

    /// Detailed help of one plot kind, or nil for an unknown kind.
    static func help(_ kind: String) -> String? {
        let common = """
              --out FILE.svg     where to write the SVG (default: standard output)
              --title TEXT       replace the generated title
              --width PX, --height PX   picture size, 200 to 10000 (default 800 × 500; below
                                 640 × 400 the layout is kept and scaled down)

            """
        switch kind {
        case "spring": return SpringPlot.help + common
        case "decay": return DecayPlot.help + common
        case "timing": return TimingPlot.help + common
        case "keyframes": return KeyframesPlot.help + common
        case "preset": return PresetPlot.help + common
        default: return nil
        }
    }
}
