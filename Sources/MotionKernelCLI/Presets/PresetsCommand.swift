import MotionKernel
import MotionKernelEval
import MotionPresets

/// `motionkernel presets` lists the presets with their options and defaults;
/// `motionkernel presets sample NAME [--fps N] [--option k=v]... [--format json|csv|npy]`
/// writes one preset's frames to standard output:
/// - `json` (default): the `preset.sample` result, `{"duration", "frames": [...]}`;
/// - `csv`: a header `time,<layer>.m11,…,<layer>.m44,<layer>.opacity,…` and one row per frame;
/// - `npy`: a float64 array of shape (frames, 1 + 17 × layers), columns as in the CSV.
enum PresetsCommand {
    static let usage = "motionkernel presets [sample NAME [--fps N] [--option k=v]... [--format json|csv|npy]]"

    struct Options {
        var name = ""
        var fps = 60.0
        var options: [String: Double] = [:]
        var format = "json"
    }

    /// Parses `sample NAME [options]`.
    /// - Throws: ``ArgumentError`` (a usage error).
    static func parse(_ args: [String]) throws(ArgumentError) -> Options {
        guard args.first == "sample" else { throw ArgumentError("unexpected argument '\(args[0])'") }
        let a = try Arguments(Array(args.dropFirst()), options: ["--fps", "--format"], repeatable: ["--option"], maxPositional: 1)
        var o = Options()
        if let v = a["--fps"] {
            guard let fps = Double(v), fps > 0, fps <= FrameTimes.maxFPS else {
                throw ArgumentError("--fps needs a number in (0, \(Int(FrameTimes.maxFPS))], got '\(v)'")
            }
            o.fps = fps
        }
        for v in a.repeated["--option"] ?? [] {
            let parts = v.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, let x = Double(parts[1]), x.isFinite else {
                throw ArgumentError("--option needs k=v with a finite number v, got '\(v)'")
            }
            guard o.options[parts[0]] == nil else { throw ArgumentError("option '\(parts[0])' given twice") }
            o.options[parts[0]] = x
        }
        if let format = try a.choice("--format", ["json", "csv", "npy"]) { o.format = format }
        guard let name = a.positional.first else {
            throw ArgumentError("sample needs a preset NAME (one of \(PresetRegistry.all.map(\.name).joined(separator: ", ")))")
        }
        o.name = name
        return o
    }

    @Sendable static func run(_ args: [String]) -> Int32 {
        if args.isEmpty {
            return MotionKernelCommand.printed(listing())
        }
        let o: Options
        do { o = try parse(args) } catch { return MotionKernelCommand.usageError(error.message, usage: usage) }
        let animation: Animation
        let frames: [Frame]
        do {
            animation = try PresetRegistry.named(o.name).make(options: o.options)
            let n = try FrameTimes.count(duration: animation.duration, fps: o.fps)
            try Fields.checkOutput([n, 1 + animation.layers.count * PresetOps.numbersPerLayer], "fps")
            frames = try animation.frames(fps: o.fps)
        } catch let e {
            let message = e.field == "preset" || e.field == "fps" ? e.message : "option \(e.message)"
            return MotionKernelCommand.usageError(message, usage: usage)
        }
        let ok: Bool
        switch o.format {
        case "json":
            var obj = JSONObject()
            obj["duration"] = .number(animation.duration)
            obj["frames"] = .array(frames.map { PresetOps.frameJSON(time: $0.time, layers: animation.layers, states: $0.states, float: false) })
            ok = Terminal.out(JSONWriter.string(.object(obj)) + "\n")
        case "csv":
            var s = (["time"] + animation.layers.flatMap { l in columnNames.map { "\(l).\($0)" } }).joined(separator: ",") + "\n"
            for row in table(frames) {
                for (j, x) in row.enumerated() {
                    if j > 0 { s += "," }
                    JSONWriter.writeNumber(x, into: &s)
                }
                s += "\n"
            }
            ok = Terminal.out(s)
        default:
            let rows = table(frames)
            let flat = rows.flatMap { $0 }
            let data = flat.withUnsafeBufferPointer { NPY.encode($0, shape: [rows.count, rows.first?.count ?? 0]) }
            ok = data.withUnsafeBytes { Terminal.out($0) }
        }
        return ok ? MotionKernelCommand.Status.ok : MotionKernelCommand.Status.failure
    }

    /// Per-layer column names after `time`.
    static let columnNames = [
        "m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24",
        "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44", "opacity",
    ]

    /// One row per frame: time, then per layer the 16 transform entries and the opacity.
    static func table(_ frames: [Frame]) -> [[Double]] {
        frames.map { f in [f.time] + f.states.flatMap { $0.transform.rowMajor + [$0.opacity] } }
    }

    /// The text of `motionkernel presets`.
    static func listing() -> String {
        var s = "Presets (motionkernel presets sample NAME [--option k=v]...):\n"
        for d in PresetRegistry.all {
            s += "\n  \(d.name) — \(d.summary)\n    layers: \(d.layers.joined(separator: ", "))\n"
            for o in d.options {
                var v = ""
                JSONWriter.writeNumber(o.defaultValue, into: &v)
                s += "    --option \(o.name)=\(v)  (\(o.summary))\n"
            }
        }
        return s
    }
}
