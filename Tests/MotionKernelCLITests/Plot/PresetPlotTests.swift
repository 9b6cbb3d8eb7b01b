import Foundation
import MotionKernel
import MotionPresets
import Testing
@testable import MotionKernelCLI

/// Checks each vertex of path `id` in panel `p` of `stack` against `f` (value over seconds),
/// within a pixel; path data is in the panel's own coordinates.
private func check(
    _ stack: ChartStack, panel p: Int, _ id: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ f: (Double) -> Double
) throws {
    let doc = try ParsedSVG(stack.svg())
    let d = try #require(doc.element(id: id)?.attributes["d"], sourceLocation: sourceLocation)
    let chart = stack.panel(p)
    var worst = 0.0
    let points = subpaths(d).flatMap { $0 }
    for q in points {
        let t = (q.x - chart.px(0)) / (chart.px(1) - chart.px(0))
        worst = max(worst, abs(chart.py(f(t)) - q.y))
    }
    #expect(points.count >= 2 && worst <= 1, "\(id): \(worst) px", sourceLocation: sourceLocation)
}

@Suite("plot preset: picture")
struct PresetPlotPictureTests {
    @Test("one panel per moving quantity, constant ones in the note; curves follow the tweens within a pixel")
    func tweens() throws {
        // Linear tweens over 1 s: v(t) = from + (to − from)·t (Animation.tween's documented form).
        let animation = Animation.group([
            try .tween(.translationX, from: 0, to: 100, duration: 1),
            try .tween(.rotation, from: 0, to: 3 * .pi, duration: 1),  // 540°: past 180° without wrapping
            try .tween(.opacity, from: 1, to: 0.5, duration: 1),
        ])
        let frames = try animation.frames(fps: 60)
        let stack = PresetPlot.stack(title: "tweens", layers: animation.layers, duration: animation.duration, frames: frames)
        #expect(stack.panels.map(\.yTitle) == ["translation (pt)", "rotation (°)", "opacity"])
        #expect(stack.note == "constant: scale 1; curves that stay at 0 pt, 0° or 1 are not drawn")
        try check(stack, panel: 0, "series-view-translation-x") { 100 * $0 }
        try check(stack, panel: 1, "series-view-rotation") { 540 * $0 }
        try check(stack, panel: 2, "series-view-opacity") { 1 - $0 / 2 }
        let doc = try ParsedSVG(stack.svg())
        #expect(Set(doc.all("clipPath").compactMap { $0.attributes["id"] }).count == 3)
        #expect(doc.element(id: "series-view-translation-y") == nil, "translation y stays 0")
        // 61 frames: a dot on each.
        #expect(doc.all("circle").count == 3 * 61)
        for text in ["tweens", "translation x", "rotation", "opacity", "time (s)"] {
            #expect(doc.texts.contains(text), "missing \(text)")
        }
        // Only the bottom panel carries the time axis title; panels stack inside the picture.
        #expect(doc.texts.filter { $0 == "time (s)" }.count == 1)
        let tops = stack.panels.indices.map(stack.panelTop)
        #expect(zip(tops, tops.dropFirst()).allSatisfy { $0 < $1 } && (tops.last ?? 0) + stack.panelHeight <= stack.layoutHeight + 1e-9)
        for (i, panel) in stack.panels.enumerated() {
            #expect(stack.panel(i).x.lo == 0 && stack.panel(i).x.hi >= 1 && (5...8).contains(panel.x.ticks.count))
        }
    }

    @Test("several layers: one colour per layer, legend by layer")
    func layers() throws {
        let animation = Animation.group([
            try .tween(layer: "back", .translationY, from: 0, to: -50, duration: 0.5),
            try .tween(layer: "front", .translationY, from: 20, to: 0, duration: 0.5),
        ])
        let stack = PresetPlot.stack(title: "two", layers: animation.layers, duration: animation.duration, frames: try animation.frames(fps: 120))
        #expect(stack.panels.count == 1 && stack.note == "constant: rotation 0°, scale 1, opacity 1; curves that stay at 0 pt, 0° or 1 are not drawn")
        try check(stack, panel: 0, "series-back-translation-y") { -100 * $0 }
        try check(stack, panel: 0, "series-front-translation-y") { 20 - 40 * $0 }
        let doc = try ParsedSVG(stack.svg())
        #expect(doc.texts.contains("back y") && doc.texts.contains("front y") && !doc.texts.contains("front x"))
        let colors = ["back", "front"].compactMap { doc.element(id: "series-\($0)-translation-y")?.attributes["stroke"] }
        #expect(colors.count == 2 && colors[0] != colors[1])
        #expect(doc.element(id: "series-back-translation-y")?.attributes["stroke-dasharray"] == "6 4")
    }

    @Test("every registered preset draws a well-formed picture", arguments: PresetRegistry.all.map(\.name))
    func registry(_ name: String) throws {
        guard case .svg(let svg, _) = try PlotCommand.render(["preset", name]) else {
            Issue.record("no SVG")
            return
        }
        let doc = try ParsedSVG(svg)
        #expect(doc.all("title").first?.text.hasPrefix("Preset \(name): ") == true)
        #expect(doc.all("path").contains { ($0.attributes["id"] ?? "").hasPrefix("series-") })
    }
}

@Suite("plot preset: command line")
struct PresetPlotCommandTests {
    @Test("options: fps, repeated --option, size")
    func options() throws {
        guard
            case .svg(let svg, _) = try PlotCommand.render([
                "preset", "shake", "--fps", "30", "--option", "amplitude=10",
                "--option", "duration=1.2", "--width", "900", "--height", "400",
            ])
        else {
            Issue.record("no SVG")
            return
        }
        let doc = try ParsedSVG(svg)
        #expect(doc.all("title").first?.text == "Preset shake: 1.2 s at 30 fps (amplitude = 10, duration = 1.2)")
        #expect(doc.elements.first?.attributes["width"] == "900" && doc.elements.first?.attributes["height"] == "400")
    }

    @Test("help lists the presets")
    func help() throws {
        let text = try plotHelp(["help", "preset"])
        #expect(text.contains("--option KEY=VALUE") && text.contains("shake") && text.contains("flyAway"))
    }

    @Test(
        "usage errors exit 64",
        arguments: [
            ([], "missing the preset name"),
            (["shake", "extra"], "unexpected argument 'extra'"),
            (["shake", "--option", "amplitude"], "--option needs KEY=VALUE"),
            (["shake", "--option", "amplitude=1", "--option", "amplitude=2"], "--option amplitude given more than once"),
            (["shake", "--bogus", "1"], "unknown option '--bogus'"),
        ])
    func usage(_ c: ([String], String)) throws {
        try expectPlotFailure("preset", c.0, .usage, c.1)
    }

    @Test(
        "bad values exit 1 naming the preset, the option or --fps",
        arguments: [
            (["bogus"], "bogus: unknown preset \"bogus\"; expected one of shake"),
            (["shake", "--option", "amplitude=x"], "--option: amplitude: expected a finite number"),
            (["shake", "--option", "bogus=1"], "--option: bogus: unknown option of preset shake"),
            (["shake", "--option", "duration=0"], "--option: duration: "),
            (["shake", "--fps", "0"], "--fps: expected frames per second"),
            (["shake", "--fps", "5000"], "--fps: expected frames per second"),
        ])
    func invalid(_ c: ([String], String)) throws {
        try expectPlotFailure("preset", c.0, .invalid, c.1)
    }
}
