import MotionKernel
import MotionKernelEval
import MotionPresets

/// `plot preset`: each channel of a preset over time, one panel per quantity — translation
/// (x and y, points, y down), rotation (degrees), scale (x and y) and opacity — one colour per
/// layer (multi-layer presets), x solid and y dashed.
///
/// The curves are the channels of the frames the presets API returns
/// (`Animation.frames(fps:)`: times 0, 1/fps, … and the duration itself; ``LayerState``'s
/// channels, rotation converted from radians), a dot on each frame when there are at most 150.
/// Quantities that stay constant on every layer get no panel, and curves that stay at the
/// identity (0 pt, 0°, scale or opacity 1) are left out of a panel; the note under the title
/// says so.
enum PresetPlot {
    static let usage = "motionkernel plot preset NAME [--fps N] [--option KEY=VALUE]... [--out FILE.svg]"

    static var help: String {
        let names = PresetRegistry.all.map(\.name).joined(separator: ", ")
        return """
            motionkernel plot preset — each channel of a preset over time (one panel per quantity)

            Usage: \(usage)

              NAME               a preset: \(names)
                                 (motionkernel presets lists them with their options)
              --fps N            frames per second sampled (default 60; at most 1000)
              --option KEY=VALUE a preset option (repeatable), e.g. --option duration=0.8

            Translation is in points with y pointing down (screen coordinates), rotation in
            degrees (positive: clockwise on screen). --height is the whole picture's height
            (default 250 px per panel).

            """
    }

    /// One channel of one layer over the frames.
    struct Series {
        var layer: String
        /// `translation x`, `translation y`, `rotation`, `scale x`, `scale y`, `opacity`.
        var name: String
        var values: [Double]
    }

    /// The panels, in order: heading (for the note), axis title, the series names drawn in it,
    /// and the value drawn as a dotted reference line (the identity).
    static let panels: [(name: String, axis: String, series: [String], identity: Double, unit: String)] = [
        ("translation", "translation (pt)", ["translation x", "translation y"], 0, " pt"),
        ("rotation", "rotation (°)", ["rotation"], 0, "°"),
        ("scale", "scale", ["scale x", "scale y"], 1, ""),
        ("opacity", "opacity", ["opacity"], 1, ""),
    ]

    static let palette = KeyframesPlot.palette
    /// Up to this many frames, each is marked with a dot.
    static let maxDottedFrames = 150

    /// What to draw.
    struct Input {
        var name: String
        var fps = 60.0
        var options: [String: Double] = [:]
    }

    /// Reads NAME, `--fps` and the `--option KEY=VALUE` list.
    /// - Throws: a usage failure without NAME or for a malformed `--option`; invalid failures
    ///   for a bad fps.
    static func input(_ a: PlotArguments) throws(PlotFailure) -> Input {
        guard let name = a.positional.first else {
            throw .usage("missing the preset name; expected one of \(PresetRegistry.all.map(\.name).joined(separator: ", "))", usage)
        }
        var input = Input(name: name)
        if let fps = try a.number(
            "--fps", in: Double.leastNormalMagnitude...FrameTimes.maxFPS,
            what: "frames per second in (0, \(Int(FrameTimes.maxFPS))]")
        {
            input.fps = fps
        }
        for text in a.repeated["--option"] ?? [] {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else { throw .usage("--option needs KEY=VALUE, got '\(text)'", usage) }
            guard let v = Double(parts[1].trimmingBlanks()), v.isFinite else {
                throw .invalid("--option: \(parts[0]): expected a finite number, got \"\(parts[1])\"")
            }
            guard input.options[parts[0]] == nil else { throw .usage("--option \(parts[0]) given more than once", usage) }
            input.options[parts[0]] = v
        }
        return input
    }

    /// The picture of `input`.
    /// - Throws: invalid failures naming the preset or the option (`--option: duration: …`).
    /// The most frames a preset plot samples (a picture is a few thousand pixels wide).
    static let maxFrames = 100_000

    static func chart(_ input: Input) throws(PlotFailure) -> ChartStack {
        let animation: Animation
        let frames: [Frame]
        do {
            let descriptor = try PresetRegistry.named(input.name)
            animation = try descriptor.make(options: input.options)
            let count = try FrameTimes.count(duration: animation.duration, fps: input.fps)
            try Fields.checkOutput([count, animation.layers.count, 6], "--fps")
            guard count <= maxFrames else {
                throw PlotFailure.invalid(
                    "--fps: \(count) frames (duration \(PlotFormat.significant(animation.duration, 6)) s × \(PlotFormat.significant(input.fps, 6)) fps); at most \(maxFrames) frames can be plotted"
                )
            }
            frames = try animation.frames(fps: input.fps)
        } catch let e as MotionKernelError {
            if e.field == "preset" { throw .invalid("\(input.name): \(e.reason)") }
            if e.field == "fps" || e.field == "--fps" { throw .invalid("--fps: \(e.reason)") }
            throw .invalid("--option: \(e.message)")
        } catch let failure as PlotFailure {
            throw failure
        } catch {
            throw .invalid("\(error)")
        }
        let f = { (v: Double) in PlotFormat.significant(v, 4) }
        var title = "Preset \(input.name): \(f(animation.duration)) s at \(f(input.fps)) fps"
        if !input.options.isEmpty {
            title += " (" + input.options.sorted { $0.key < $1.key }.map { "\($0.key) = \(f($0.value))" }.joined(separator: ", ") + ")"
        }
        return stack(title: title, layers: animation.layers, duration: animation.duration, frames: frames)
    }

    /// The channels of each layer over the frames (rotation in degrees).
    static func series(layers: [String], frames: [Frame]) -> [Series] {
        layers.indices.flatMap { i -> [Series] in
            let channels: [(String, (LayerState) -> Double)] = [
                ("translation x", { $0.translationX }), ("translation y", { $0.translationY }), ("rotation", { $0.rotation * 180 / .pi }),
                ("scale x", { $0.scaleX }), ("scale y", { $0.scaleY }), ("opacity", { $0.opacity }),
            ]
            return channels.map { name, read in
                Series(layer: layers[i], name: name, values: frames.map { i < $0.states.count ? read($0.states[i]) : .nan })
            }
        }
    }

    /// The stacked panels of `frames` over [0, duration] seconds.
    static func stack(title: String, layers: [String], duration: Double, frames: [Frame]) -> ChartStack {
        let all = series(layers: layers, frames: frames)
        let times = frames.map(\.time)
        let f = { (v: Double) in PlotFormat.significant(v, 3) }
        var charts: [Chart] = [], constant: [String] = []
        var leftOut = false
        func flat(_ s: Series) -> (lo: Double, hi: Double)? {
            let v = s.values.filter(\.isFinite)
            guard let a = v.min(), let b = v.max() else { return nil }
            return b - a > 1e-6 * max(1, abs(a), abs(b)) ? nil : (a, b)
        }
        for panel in panels {
            let candidates = all.filter { panel.series.contains($0.name) }
            let finite = candidates.flatMap(\.values).filter(\.isFinite)
            guard let lo = finite.min(), let hi = finite.max() else { continue }
            // Constant on every layer (to a millionth of its size): a note instead of a panel.
            if candidates.allSatisfy({ flat($0) != nil }) {
                constant.append(lo == hi ? "\(panel.name) \(f(lo))\(panel.unit)" : "\(panel.name) (per layer)")
                continue
            }
            // Curves that stay at the identity are left out (they would flatten the others).
            let drawn = candidates.filter { s in flat(s).map { $0.lo != panel.identity || $0.hi != panel.identity } ?? true }
            if drawn.count < candidates.count { leftOut = true }
            let values = drawn.flatMap(\.values).filter(\.isFinite)
            var chart = Chart(
                title: "", xTitle: "", yTitle: panel.axis, x: NiceScale(covering: 0, duration),
                y: NiceScale(covering: values.min() ?? lo, values.max() ?? hi))
            chart.marks.append(.hLine(y: panel.identity, axis: .left, stroke: .init(color: "#999999", width: 1, dash: "2 3")))
            for s in drawn {
                let li = layers.firstIndex(of: s.layer) ?? 0
                let stroke = Chart.Stroke(color: palette[li % palette.count], width: 2, dash: s.name.hasSuffix(" y") ? "6 4" : nil)
                let id = "\(s.layer)-\(s.name.replacing(" ", with: "-"))"
                let points = zip(times, s.values).map { (x: $0, y: $1) }
                chart.marks.append(.line(id: "series-" + id, points: points, axis: .left, stroke: stroke))
                // Few frames: a dot on each, so that the sampling shows.
                if frames.count <= maxDottedFrames {
                    chart.marks.append(.markers(id: "frames-" + id, points: points, axis: .left, color: stroke.color, filled: true, radius: 1.8))
                }
                let component = panel.series.count > 1 ? String(s.name.split(separator: " ").last ?? "") : ""
                let label = layers.count > 1 ? [s.layer, component].filter { !$0.isEmpty }.joined(separator: " ") : s.name
                chart.legend.append(.init(glyph: .line(stroke), label: label))
            }
            charts.append(chart)
        }
        if charts.isEmpty {
            // Nothing moves: the opacity panel anyway, so that the picture shows the time span.
            var chart = Chart(title: "", xTitle: "", yTitle: "opacity", x: NiceScale(covering: 0, duration), y: NiceScale(covering: 0, 1))
            for s in all where s.name == "opacity" {
                chart.marks.append(
                    .line(
                        id: "series-\(s.layer)-opacity", points: zip(times, s.values).map { (x: $0, y: $1) }, axis: .left,
                        stroke: .init(color: palette[(layers.firstIndex(of: s.layer) ?? 0) % palette.count], width: 2)))
            }
            charts.append(chart)
        }
        charts[charts.count - 1].xTitle = "time (s)"
        var notes: [String] = []
        if !constant.isEmpty { notes.append("constant: " + constant.joined(separator: ", ")) }
        if leftOut { notes.append("curves that stay at 0 pt, 0° or 1 are not drawn") }
        let note = notes.isEmpty ? nil : notes.joined(separator: "; ")
        return ChartStack(title: title, note: note, panels: charts)
    }
}
