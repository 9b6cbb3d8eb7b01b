import Foundation
import MotionKernel
import Testing
@testable import MotionKernelCLI

/// The chart of `plot keyframes` for a keyframes object given as JSON text (plus options).
private func keyframesChart(_ json: String, _ options: [String] = []) throws -> Chart {
    let a = try PlotArguments(
        ["--keyframes", json] + options, allowed: ["--keyframes", "--duration", "--progress-ticks"], maxPositional: 0,
        usage: KeyframesPlot.usage)
    return try KeyframesPlot.chart(try KeyframesPlot.input(a))
}

/// The chart of `plot keyframes` for `json` and its SVG, parsed.
private func keyframesDrawing(_ json: String) throws -> (chart: Chart, doc: ParsedSVG) {
    let chart = try keyframesChart(json)
    return (chart, try ParsedSVG(chart.svg()))
}

/// Vertices of path `id`, per subpath, in pixels.
private func pathPixels(_ doc: ParsedSVG, _ id: String) throws -> [[(x: Double, y: Double)]] {
    subpaths(try #require(doc.element(id: id)?.attributes["d"]))
}

/// Centres of the circles of group `id`, in pixels.
private func circles(_ doc: ParsedSVG, _ id: String) throws -> [(x: Double, y: Double)] {
    let start = try #require(doc.elements.firstIndex { $0.attributes["id"] == id })
    var out: [(x: Double, y: Double)] = []
    for e in doc.elements[(start + 1)...] {
        guard e.name == "circle" else { break }
        out.append((try #require(Double(e.attributes["cx"] ?? "")), try #require(Double(e.attributes["cy"] ?? ""))))
    }
    return out
}

/// Data progress under pixel X (x axis from 0 to `scale`).
private func progress(_ chart: Chart, _ X: Double, scale: Double = 1) -> Double {
    let a = chart.px(0), b = chart.px(scale)
    return (X - a) / (b - a)
}

/// Checks that every vertex and chord midpoint of path `id` is within `tolerance` px of the
/// curve `f` (value over progress).
private func checkOverProgress(
    _ chart: Chart, _ id: String, tolerance: Double = 1, scale: Double = 1,
    sourceLocation: SourceLocation = #_sourceLocation, _ f: (Double) -> Double
) throws {
    let doc = try ParsedSVG(chart.svg())
    var worst = 0.0, count = 0
    for run in try pathPixels(doc, id) {
        for (i, p) in run.enumerated() {
            worst = max(worst, abs(chart.py(f(progress(chart, p.x, scale: scale))) - p.y))
            count += 1
            if i > 0 {
                let m = (x: (p.x + run[i - 1].x) / 2, y: (p.y + run[i - 1].y) / 2)
                worst = max(worst, abs(chart.py(f(progress(chart, m.x, scale: scale))) - m.y))
            }
        }
    }
    #expect(count >= 2, sourceLocation: sourceLocation)
    #expect(worst <= tolerance, "path \(id) is off the curve by \(worst) px", sourceLocation: sourceLocation)
}

/// Distance from pixel `p` to the polyline through `q` (pixels).
private func distance(_ p: (x: Double, y: Double), toPolyline q: [(x: Double, y: Double)]) -> Double {
    var best = Double.infinity
    for (a, b) in zip(q, q.dropFirst()) {
        let dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy
        let t = l2 > 0 ? min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / l2, 0), 1) : 0
        let ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y
        best = min(best, (ex * ex + ey * ey).squareRoot())
    }
    return best
}

@Suite("plot keyframes: scalar and multi-component tracks")
struct KeyframesScalarPlotTests {
    @Test("linear: the curve is the broken line through (keyTimes, values); keys marked; ticks and title")
    func linear() throws {
        let chart = try keyframesChart(#"{"values":[0,10,-5],"keyTimes":[0,0.25,1],"calculationMode":"linear"}"#)
        // Worked by hand: 0 → 10 on [0, 0.25], 10 → −5 on [0.25, 1].
        try checkOverProgress(chart, "series-value") { p in p <= 0.25 ? 40 * p : 10 - 15 * (p - 0.25) / 0.75 }
        let doc = try ParsedSVG(chart.svg())
        #expect(doc.all("title").first?.text == "Keyframes: scalar track, 3 keys, calculationMode linear")
        let keys = try circles(doc, "keys-value")
        #expect(keys.count == 3)
        for (k, (t, v)) in zip(keys, [(0.0, 0.0), (0.25, 10), (1, -5)]) {
            #expect(abs(k.x - chart.px(t)) < 0.01 && abs(k.y - chart.py(v)) < 0.01)
        }
        #expect(chart.x.lo == 0 && chart.x.hi == 1 && chart.y.lo <= -5 && chart.y.hi >= 10)
        for scale in [chart.x, chart.y] {
            for t in scale.ticks { #expect(doc.texts.contains(scale.label(t))) }
        }
        #expect(doc.texts.contains("progress") && doc.texts.contains("value") && doc.texts.contains("key point"))
        let excluded = try circles(doc, "excluded-value")
        #expect(doc.element(id: "jumps-value") == nil && excluded.isEmpty)
    }

    @Test("timing functions and --duration: value over time in seconds")
    func duration() throws {
        let chart = try keyframesChart(
            #"{"values":[2,4],"calculationMode":"linear","timingFunctions":[{"cubicBezier":[0.42,0,1,1]}]}"#,
            ["--duration", "0.5"])
        // ease-in on one segment: y = 2 + 2·B(t/0.5).
        try checkOverProgress(chart, "series-value", scale: 0.5) { p in 2 + 2 * PlotTimingTests.bezier(0.42, 0, 1, 1, p) }
        let doc = try ParsedSVG(chart.svg())
        #expect(doc.texts.contains("time (s), duration 0.5 s") && chart.x.hi == 0.5)
        #expect(doc.all("title").first?.text.hasSuffix(", 1 timing functions") == true)
    }

    @Test("discrete (Core Animation's K + 1 key times): treads, filled keys, open excluded ends")
    func discrete() throws {
        let (chart, doc) = try keyframesDrawing(#"{"values":[0,1,0.4],"keyTimes":[0,0.2,0.7,1],"calculationMode":"discrete"}"#)
        // Value i holds on [keyTimes[i], keyTimes[i+1]); the last one to and including 1.
        let treads = try pathPixels(doc, "series-value")
        #expect(treads.count == 3)
        for (run, (a, b, v)) in zip(treads, [(0.0, 0.2, 0.0), (0.2, 0.7, 1), (0.7, 1, 0.4)]) {
            #expect(run.allSatisfy { abs($0.y - chart.py(v)) < 0.01 })
            #expect(abs((run.first?.x ?? 0) - chart.px(a)) < 0.01 && abs((run.last?.x ?? 0) - chart.px(b)) < 0.02)
        }
        let open = try circles(doc, "excluded-value"), keys = try circles(doc, "keys-value")
        #expect(open.count == 2 && keys.count == 3)
        for (o, (t, v)) in zip(open, [(0.2, 0.0), (0.7, 1)]) { #expect(abs(o.x - chart.px(t)) < 0.02 && abs(o.y - chart.py(v)) < 0.01) }
        for (k, (t, v)) in zip(keys, [(0.0, 0.0), (0.2, 1), (0.7, 0.4)]) { #expect(abs(k.x - chart.px(t)) < 0.01 && abs(k.y - chart.py(v)) < 0.01) }
        #expect(subpaths(try #require(doc.element(id: "jumps-value")?.attributes["d"])).count == 2)
        #expect(doc.texts.contains("excluded end (jump)"))
    }

    @Test("a repeated key time jumps: the earlier key is open, the later one filled")
    func repeatedKeyTime() throws {
        let (chart, doc) = try keyframesDrawing(#"{"values":[0,1,3,2],"keyTimes":[0,0.5,0.5,1],"calculationMode":"linear"}"#)
        // 0 → 1 on [0, 0.5), then 3 → 2 on [0.5, 1].
        let runs = try pathPixels(doc, "series-value")
        #expect(runs.count == 2)
        for (r, run) in runs.enumerated() {
            for p in run {
                let t = progress(chart, p.x)
                #expect(abs(chart.py(r == 0 ? 2 * t : 3 - 2 * (t - 0.5)) - p.y) < 0.05, "run \(r) at \(t)")
            }
        }
        let open = try circles(doc, "excluded-value"), keys = try circles(doc, "keys-value")
        #expect(open.count == 1 && abs(open[0].y - chart.py(1)) < 0.01 && abs(open[0].x - chart.px(0.5)) < 0.01)
        #expect(keys.count == 3 && !keys.contains { abs($0.y - chart.py(1)) < 0.01 })
    }

    @Test("cubic with even keys: the interior segment is the Catmull–Rom Hermite cubic")
    func cubic() throws {
        let v = [0.0, 1, 0.2, 0.8]
        let chart = try keyframesChart(#"{"values":[0,1,0.2,0.8],"calculationMode":"cubic"}"#)
        // Segment 1 on [1/3, 2/3]: Hermite from v1 to v2 with tangents (v2 − v0)/2, (v3 − v1)/2
        // per unit of the segment parameter u.
        let m1 = (v[2] - v[0]) / 2, m2 = (v[3] - v[1]) / 2
        func hermite(_ u: Double) -> Double {
            let u2 = u * u, u3 = u2 * u
            return (2 * u3 - 3 * u2 + 1) * v[1] + (u3 - 2 * u2 + u) * m1 + (-2 * u3 + 3 * u2) * v[2] + (u3 - u2) * m2
        }
        let doc = try ParsedSVG(chart.svg())
        let points = try pathPixels(doc, "series-value").flatMap { $0 }
        var worst = 0.0, inside = 0
        for p in points {
            let t = progress(chart, p.x)
            guard t > 1.0 / 3 + 1e-3, t < 2.0 / 3 - 1e-3 else { continue }
            inside += 1
            worst = max(worst, abs(chart.py(hermite((t - 1.0 / 3) * 3)) - p.y))
        }
        #expect(inside >= 5 && worst <= 1, "\(worst) px")
    }

    @Test("cubicPaced on a monotone scalar track is constant speed: value linear in progress, keys at their distance fractions")
    func cubicPaced() throws {
        let chart = try keyframesChart(#"{"values":[0,1,3],"calculationMode":"cubicPaced"}"#)
        // Constant speed along a monotone 1D curve from 0 to 3: value = 3p; key 1 (value 1) at p = 1/3.
        try checkOverProgress(chart, "series-value") { 3 * $0 }
        let keys = try circles(try ParsedSVG(chart.svg()), "keys-value")
        #expect(keys.count == 3)
        for (k, (t, v)) in zip(keys, [(0.0, 0.0), (1.0 / 3, 1), (1, 3)]) {
            #expect(abs(k.x - chart.px(t)) < 0.05 && abs(k.y - chart.py(v)) < 0.01, "\(k) vs \(t)")
        }
        let track = try KeyframeTrack<Double>(values: [0, 1, 3], calculationMode: .cubicPaced)
        let computed = try KeyframesPlot.keyProgress(track)
        #expect(abs(computed[1] - 1.0 / 3) < 1e-6 && computed[0] == 0 && abs(computed[2] - 1) < 1e-12)
    }

    @Test("three components: one curve each, each the broken line through its key values")
    func components() throws {
        let chart = try keyframesChart(#"{"values":[[0,1,-1],[2,0,0],[4,4,1]],"calculationMode":"linear"}"#)
        let keys: [[Double]] = [[0, 1, -1], [2, 0, 0], [4, 4, 1]]
        for c in 0..<3 {
            try checkOverProgress(chart, "series-\(c)") { p in
                let i = min(Int(p * 2), 1), w = p * 2 - Double(i)
                return (1 - w) * keys[i][c] + w * keys[i + 1][c]
            }
        }
        let doc = try ParsedSVG(chart.svg())
        #expect(doc.texts.contains("component 2") && doc.texts.contains("component value"))
        #expect(doc.all("title").first?.text.hasPrefix("Keyframes: 3-component values, 3 keys") == true)
    }
}

@Suite("plot keyframes: 2D paths")
struct KeyframesPathPlotTests {
    static let square = #"[[0,0],[100,0],[120,80],[20,100],[0,0]]"#
    static let corners: [(x: Double, y: Double)] = [(0, 0), (100, 0), (120, 80), (20, 100), (0, 0)]

    @Test("equal aspect ratio and the y axis pointing down")
    func axes() throws {
        for size in [(800.0, 500.0), (500, 900), (1600, 400)] {
            // The command applies --width and --height after drawing; the fit follows them.
            let a = try PlotArguments(
                ["--keyframes", #"{"values":\#(Self.square)}"#, "--width", "\(size.0)", "--height", "\(size.1)"],
                allowed: ["--keyframes"], maxPositional: 0, usage: "")
            var fitted = try KeyframesPlot.chart(try KeyframesPlot.input(a))
            try a.applyFrame(to: &fitted)
            #expect(fitted.px(1) > fitted.px(0) && fitted.py(1) > fitted.py(0), "y grows downwards")
            let ux = fitted.px(1) - fitted.px(0), uy = fitted.py(1) - fitted.py(0)
            #expect(abs(ux - uy) <= 1e-9 * ux, "\(size): \(ux) vs \(uy) px per unit")
            // The data is inside the plot area.
            let X = Self.corners.map { fitted.px($0.x) }, Y = Self.corners.map { fitted.py($0.y) }
            #expect((X.min() ?? 0) > fitted.plotLeft && (X.max() ?? 0) < fitted.plotRight)
            #expect((Y.min() ?? 0) > fitted.plotTop && (Y.max() ?? 0) < fitted.plotBottom)
            // Both axes have ticks at the same step (a square grid), labelled.
            #expect(fitted.x.step == fitted.y.step && fitted.x.ticks.count >= 2 && fitted.y.ticks.count >= 2)
            let doc = try ParsedSVG(fitted.svg())
            for t in fitted.y.ticks { #expect(doc.texts.contains(fitted.y.label(t))) }
            #expect(doc.texts.contains { $0.hasPrefix("y (pointing down") })
            #expect(doc.elements.first?.attributes["width"] == SVGWriter.number(size.0))
        }
    }

    @Test("the path is the polyline through the keys; keys numbered, a closed path's ends share a label")
    func linearPath() throws {
        let (chart, doc) = try keyframesDrawing(#"{"values":\#(Self.square),"calculationMode":"linear"}"#)
        let polyline = Self.corners.map { (x: chart.px($0.x), y: chart.py($0.y)) }
        let runs = try pathPixels(doc, "series-path")
        #expect(runs.count == 1)
        for p in runs[0] { #expect(distance(p, toPolyline: polyline) < 0.02) }
        // Every corner is a vertex of the drawn path.
        for q in polyline { #expect(runs[0].contains { abs($0.x - q.x) < 0.01 && abs($0.y - q.y) < 0.01 }) }
        let keys = try circles(doc, "keys")
        #expect(keys.count == 5)
        for (k, q) in zip(keys, polyline) { #expect(abs(k.x - q.x) < 0.01 && abs(k.y - q.y) < 0.01) }
        #expect(doc.texts.contains("0, 4") && doc.texts.contains("1") && doc.texts.contains("3"))
    }

    /// The point at fraction `f` of the length of the polyline `q`.
    static func along(_ q: [(x: Double, y: Double)], _ f: Double) -> (x: Double, y: Double) {
        let lengths = zip(q, q.dropFirst()).map { a, b in ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
        var target = f * lengths.reduce(0, +)
        for (i, l) in lengths.enumerated() {
            if target <= l || i == lengths.count - 1 {
                let w = l > 0 ? target / l : 0
                return (q[i].x + w * (q[i + 1].x - q[i].x), q[i].y + w * (q[i + 1].y - q[i].y))
            }
            target -= l
        }
        return q[q.count - 1]
    }

    @Test("progress dots: every 5 % of progress — equal time per segment (linear) or equal distance (paced)", arguments: ["linear", "paced"])
    func progressTicks(_ mode: String) throws {
        let chart = try keyframesChart(#"{"values":\#(Self.square),"calculationMode":"\#(mode)"}"#)
        let dots = try circles(try ParsedSVG(chart.svg()), "progress-ticks")
        #expect(dots.count == 21)
        for (k, dot) in dots.enumerated() {
            let p = Double(k) / 20
            let expected: (x: Double, y: Double)
            if mode == "paced" {
                expected = Self.along(Self.corners, p)
            } else {
                // Four segments, each a quarter of the progress.
                let i = min(Int(p * 4), 3), w = p * 4 - Double(i)
                let a = Self.corners[i], b = Self.corners[i + 1]
                expected = (a.x + w * (b.x - a.x), a.y + w * (b.y - a.y))
            }
            #expect(abs(dot.x - chart.px(expected.x)) < 0.02 && abs(dot.y - chart.py(expected.y)) < 0.02, "\(mode) at \(p)")
        }
        let none = try keyframesChart(#"{"values":\#(Self.square)}"#, ["--progress-ticks", "0"])
        #expect(try ParsedSVG(none.svg()).element(id: "progress-ticks") == nil)
        let tenths = try keyframesChart(#"{"values":\#(Self.square)}"#, ["--progress-ticks", "10"])
        #expect(try circles(try ParsedSVG(tenths.svg()), "progress-ticks").count == 11)
    }

    @Test("a jump in a 2D path: two pieces, a dashed jump, the key jumped past drawn open")
    func jump() throws {
        let (chart, doc) = try keyframesDrawing(#"{"values":[[0,0],[100,0],[100,30],[0,50]],"keyTimes":[0,0.5,0.5,1],"calculationMode":"linear"}"#)
        #expect(try pathPixels(doc, "series-path").count == 2)
        let jump = try pathPixels(doc, "jumps")
        #expect(jump.count == 1 && abs(jump[0][0].y - chart.py(0)) < 0.01 && abs(jump[0][1].y - chart.py(30)) < 0.01)
        let open = try circles(doc, "excluded")
        #expect(open.count == 1 && abs(open[0].x - chart.px(100)) < 0.01 && abs(open[0].y - chart.py(0)) < 0.01)
        #expect(try circles(doc, "keys").count == 3)
    }

    @Test("a single key, or all keys at one point, still draws")
    func degenerate() throws {
        for json in [#"{"values":[[5,5]]}"#, #"{"values":[[5,5],[5,5]],"calculationMode":"paced"}"#, #"{"values":[7]}"#] {
            let (chart, doc) = try keyframesDrawing(json)
            #expect(chart.x.lo < chart.x.hi && chart.y.lo < chart.y.hi)
            let d = doc.element(id: chart.yDown ? "series-path" : "series-value")?.attributes["d"]
            #expect(d.map { !$0.isEmpty } == true, "\(json)")
        }
    }
}

@Suite("plot keyframes: command line")
struct KeyframesPlotCommandTests {
    @Test(
        "usage errors exit 64",
        arguments: [
            ([], "--keyframes is required"),
            (["--keyframes"], "--keyframes needs a value"),
            (["--keyframes", #"{"values":[1]}"#, "--bogus", "1"], "unknown option '--bogus'"),
        ])
    func usage(_ c: ([String], String)) throws {
        let failure = try expectPlotFailure("keyframes", c.0, .usage, c.1)
        #expect(failure.usage.hasPrefix("motionkernel plot keyframes"))
    }

    @Test(
        "bad values exit 1 naming the option and the field",
        arguments: [
            (["--keyframes", "[1,2]"], "--keyframes: keyframes: expected an object"),
            (["--keyframes", "linear"], "--keyframes: keyframes: expected an object"),
            (["--keyframes", #"{"values":[1,2],"calculationMode":"bogus"}"#], "--keyframes: keyframes.calculationMode: unknown calculation mode"),
            (["--keyframes", #"{"values":[1,2],"keyTimes":[0,0.5]}"#], "--keyframes: keyframes.keyTimes"),
            (["--keyframes", #"{"values":[]}"#], "--keyframes: keyframes.values"),
            (["--keyframes", #"{"values":[1,2],"extra":1}"#], "--keyframes: keyframes.extra: unknown field"),
            (["--keyframes", #"{"values":[[1,2],[3]]}"#], "--keyframes: keyframes.values[1]"),
            (["--keyframes", #"{"values":[[1,2,3,4,5,6,7,8,9,10,11,12,13]]}"#], "--keyframes: keyframes.values: values with 13 components"),
            (["--keyframes", #"{"values":[1,2]}"#, "--duration", "0"], "--duration: expected seconds > 0"),
            (["--keyframes", #"{"values":[1,2]}"#, "--progress-ticks", "60"], "--progress-ticks: expected a percentage"),
            (["--keyframes", "@/nonexistent/k.json"], "--keyframes: cannot read file"),
        ])
    func invalid(_ c: ([String], String)) throws {
        try expectPlotFailure("keyframes", c.0, .invalid, c.1)
    }

    @Test("help and a drawn SVG with --title and size")
    func helpAndDraw() throws {
        let text = try plotHelp(["keyframes", "--help"])
        #expect(text.contains("--keyframes JSON") && text.contains("--progress-ticks") && text.contains("y axis points down"))
        guard
            case .svg(let svg, let out) = try PlotCommand.render([
                "keyframes", "--keyframes", #"{"values":[[0,0],[10,5]]}"#, "--title", "A & B",
                "--width", "640", "--height", "640", "--out", "x.svg",
            ])
        else {
            Issue.record("no SVG")
            return
        }
        let doc = try ParsedSVG(svg)
        #expect(out == "x.svg" && doc.all("title").first?.text == "A & B" && doc.elements.first?.attributes["viewBox"] == "0 0 640 640")
    }
}
