import MotionKernel
import MotionKernelEval
import MotionPresets

/// `motionkernel export css|waapi PRESET [--option k=v]...`: a preset as CSS (`@keyframes` rules
/// and one `animation` rule per layer) or as Web Animations keyframes and options (JSON
/// `{layer: {"keyframes", "options"}}` for `element.animate(keyframes, options)`).
enum ExportCommand {
    static let usage = "motionkernel export css|waapi PRESET [--option k=v]..."

    static let details = """
        Prints PRESET as CSS or as Web Animations keyframes, written so that a browser renders the
        preset's own frames (`motionkernel presets sample`) within a stated tolerance.

        Arguments:
          css                @keyframes mk-<layer> rules (per-keyframe easings: the preset's
                             cubic-bezier()s, a spring as linear(), linear keyframes) and one rule
                             `.<layer> { animation-…; animation-fill-mode: both }` per layer; the
                             first line is a comment stating the tolerance
          waapi              JSON {"<layer>": {"keyframes": [{"offset", "transform"?, "opacity"?,
                             "easing"}], "options": {"duration", "delay" (ms), "fill": "both", …}}}:
                             pass each layer's pair to element.animate (the eval op
                             preset.export also returns the tolerance)
          PRESET             a preset name (`motionkernel presets` lists them)

        Transforms are `translate(xpx, ypx) rotate(θdeg) scale(sx, sy)`, without the functions
        that are the identity in every keyframe of the layer (one function list per layer). The tolerance bounds every 2D matrix entry (lengths in px) and
        the opacity: chord, printing, Bézier-solve and linear() errors, derived per layer.

        Options:
          --option KEY=VALUE set one option of the preset to a finite number; repeatable, each
                             key at most once (default: the preset's defaults)
          -h, --help         show this help

        Exit status: 0 on success; 1 when standard output cannot be written; 64 on a usage
        error or a bad preset or option.

        """

    @Sendable static func run(_ args: [String]) -> Int32 {
        let a: Arguments
        do { a = try Arguments(args, options: [], repeatable: ["--option"], maxPositional: 2) } catch {
            return MotionKernelCommand.usageError(error.message, usage: usage)
        }
        guard a.positional.count == 2 else {
            return MotionKernelCommand.usageError("export needs a format (css or waapi) and a PRESET", usage: usage)
        }
        let format = a.positional[0], name = a.positional[1]
        guard format == "css" || format == "waapi" else {
            return MotionKernelCommand.usageError("unknown format '\(format)'; expected css or waapi", usage: usage)
        }
        var options: [String: Double] = [:]
        for v in a.repeated["--option"] ?? [] {
            let parts = v.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, let x = Double(parts[1]), x.isFinite else {
                return MotionKernelCommand.usageError("--option needs k=v with a finite number v, got '\(v)'", usage: usage)
            }
            guard options[parts[0]] == nil else { return MotionKernelCommand.usageError("option '\(parts[0])' given twice", usage: usage) }
            options[parts[0]] = x
        }
        let export: CSSExport
        do {
            export = try PresetRegistry.named(name).make(options: options).cssExport()
        } catch let e {
            return MotionKernelCommand.usageError(e.field == "preset" ? e.message : "option \(e.message)", usage: usage)
        }
        if format == "css" {
            let head = "/* motionkernel export css \(name): matches the preset's frames within \(export.tolerance) (matrix entries in px, opacity) */\n"
            return MotionKernelCommand.printed(head + export.cssText())
        }
        return MotionKernelCommand.printed(JSONWriter.string(PresetOps.waapiJSON(export)) + "\n")
    }
}
