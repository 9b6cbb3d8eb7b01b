import Foundation
import MotionKernel
import Testing
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// The SVG of a successful `plot` invocation.
private func plotSVG(_ args: [String]) throws -> String {
    guard case .svg(let svg, _) = try PlotCommand.render(args) else {
        throw ParsedSVG.ParseFailure(reason: "expected an SVG, got help")
    }
    return svg
}

/// The failure of a `plot` invocation, or nil when it drew.
private func plotFailure(_ args: [String]) -> PlotFailure? {
    do {
        _ = try PlotCommand.render(args)
        return nil
    } catch {
        return error
    }
}

/// The data point under pixel (X, Y) of `chart` (left axis for y).
private func dataX(_ chart: Chart, _ X: Double) -> Double {
    let a = chart.plotLeft + Chart.inset, b = chart.plotRight - Chart.inset
    return chart.x.lo + (X - a) / (b - a) * (chart.x.hi - chart.x.lo)
}

/// Checks that the path `id` of `chart` follows `f` within `tolerance` pixels, at its vertices
/// and at the midpoints of its chords; returns the number of vertices.
@discardableResult
private func checkPath(
    _ chart: Chart, id: String, axis: Chart.Axis = .left, tolerance: Double = 1,
    sourceLocation: SourceLocation = #_sourceLocation, _ f: (Double) -> Double
) throws -> Int {
    let doc = try ParsedSVG(chart.svg())
    let d = try #require(doc.element(id: id)?.attributes["d"], sourceLocation: sourceLocation)
    let points = subpaths(d).flatMap { $0 }
    #expect(points.count >= 2, sourceLocation: sourceLocation)
    var worst = 0.0
    for (i, p) in points.enumerated() {
        worst = max(worst, abs(chart.py(f(dataX(chart, p.x)), axis) - p.y))
        if i > 0 {
            let q = points[i - 1]
            let mid = (x: (p.x + q.x) / 2, y: (p.y + q.y) / 2)
            worst = max(worst, abs(chart.py(f(dataX(chart, mid.x)), axis) - mid.y))
        }
    }
    #expect(worst <= tolerance, "path \(id) is off the curve by \(worst) px", sourceLocation: sourceLocation)
    return points.count
}

/// The root of (1 + s) e^(−s) = ε for s > 0 (decreasing there), by bisection.
private func criticalSettle(_ epsilon: Double) -> Double {
    var a = 0.0, b = 100.0
    for _ in 0..<200 {
        let m = (a + b) / 2
        if (1 + m) * exp(-m) > epsilon { a = m } else { b = m }
    }
    return (a + b) / 2
}

@Suite("plot spring")
struct PlotSpringTests {
    static let critical = #"{"stiffness":100,"damping":20}"#  // m = 1, ω = 10, ζ = 1

    @Test("the SVG is well-formed XML with the expected elements")
    func elements() throws {
        let svg = try plotSVG(["spring", "--spring", Self.critical])
        let doc = try ParsedSVG(svg)
        let root = try #require(doc.elements.first)
        #expect(root.name == "svg" && root.attributes["viewBox"] == "0 0 800 500")
        #expect(root.attributes["width"] == "800" && root.attributes["height"] == "500")
        #expect(doc.all("title").first?.text.hasPrefix("Spring from 0 to 1") == true)
        #expect(doc.all("rect").first?.attributes["fill"] == "#ffffff")
        #expect(doc.element(id: "series-value") != nil && doc.element(id: "series-velocity") != nil)
        for text in ["time (s)", "value", "velocity (value/s)", "target 1", "velocity (right axis)", "±ε band, ε = 0.01", "settling time"] {
            #expect(doc.texts.contains(text), "missing text \(text)")
        }
        // Tick labels of all three axes.
        let chart = try SpringPlot.chart(SpringPlot.Input(spring: Spring(stiffness: 100, damping: 20)))
        for scale in [chart.x, chart.y, try #require(chart.y2)] {
            #expect((5...8).contains(scale.ticks.count))
            for t in scale.ticks { #expect(doc.texts.contains(scale.label(t)), "missing tick label \(scale.label(t))") }
        }
        #expect(chart.x.lo == 0 && chart.y.lo <= 0 && chart.y.hi >= 1.01)
    }

    @Test("the settling line and label match the closed-form settling time")
    func settling() throws {
        let chart = try SpringPlot.chart(SpringPlot.Input(spring: Spring(stiffness: 100, damping: 20)))
        let doc = try ParsedSVG(chart.svg())
        let t = criticalSettle(0.01) / 10  // ≈ 0.6638 s
        let label = try #require(doc.texts.first { $0.hasPrefix("settles at ") })
        let shown = try #require(Double(label.dropFirst("settles at ".count).dropLast(2)))
        #expect(label.hasSuffix(" s") && abs(shown - t) <= 0.0005, "\(label) vs \(t)")
        let line = try #require(
            doc.all("line").first {
                $0.attributes["stroke"] == "#1b7a1b" && $0.attributes["x1"] == $0.attributes["x2"] && $0.attributes["y1"] != $0.attributes["y2"]
            })
        #expect(abs(try #require(Double(line.attributes["x1"] ?? "")) - chart.px(t)) <= 0.01)
        // The ε band: from 1 − 0.01 to 1 + 0.01 on the value axis.
        let band = try #require(
            doc.all("rect").first { $0.attributes["fill"] == "#2ca02c" && $0.attributes["x"] != nil && Double($0.attributes["width"] ?? "") ?? 0 > 100 })
        let top = try #require(Double(band.attributes["y"] ?? "")), height = try #require(Double(band.attributes["height"] ?? ""))
        #expect(abs(top - chart.py(1.01)) <= 0.02 && abs(top + height - chart.py(0.99)) <= 0.02)
    }

    @Test(
        "value and velocity paths map back to the closed form within a pixel",
        arguments: [
            (stiffness: 100.0, damping: 20.0, from: 0.0, to: 1.0),
            (stiffness: 100.0, damping: 4.0, from: 0.0, to: 1.0),
            (stiffness: 100.0, damping: 4.0, from: 10.0, to: -20.0),
            (stiffness: 100.0, damping: 1.0, from: 1e-6, to: 3e-6),
        ])
    func paths(_ c: (stiffness: Double, damping: Double, from: Double, to: Double)) throws {
        let w = (c.stiffness).squareRoot(), lambda = c.damping / 2, a = c.from - c.to
        // y = x − to with y(0) = a, y′(0) = 0 (m = 1).
        let value: (Double) -> Double, velocity: (Double) -> Double
        if lambda == w {
            value = { t in c.to + a * (1 + w * t) * exp(-w * t) }
            velocity = { t in -a * w * w * t * exp(-w * t) }
        } else {
            let wd = (w * w - lambda * lambda).squareRoot()
            value = { t in c.to + a * exp(-lambda * t) * (cos(wd * t) + lambda / wd * sin(wd * t)) }
            velocity = { t in -a * w * w / wd * exp(-lambda * t) * sin(wd * t) }
        }
        var input = SpringPlot.Input(spring: try Spring(stiffness: c.stiffness, damping: c.damping))
        input.from = c.from
        input.to = c.to
        let chart = try SpringPlot.chart(input)
        let n = try checkPath(chart, id: "series-value", value)
        try checkPath(chart, id: "series-velocity", axis: .right, velocity)
        #expect(n < SpringPlot.samples, "the path was thinned")
        // The paths span the whole time axis.
        let d = try #require(try ParsedSVG(chart.svg()).element(id: "series-value")?.attributes["d"])
        let points = subpaths(d).flatMap { $0 }
        #expect(abs((points.first?.x ?? 0) - chart.px(0)) < 0.01 && abs((points.last?.x ?? 0) - chart.px(chart.x.hi)) < 0.01)
    }

    @Test("options: from, to, velocity, epsilon, duration, title and size")
    func options() throws {
        let svg = try plotSVG([
            "spring", "--spring", #"{"response":0.5,"dampingRatio":0.5}"#, "--from", "10", "--to", "-20",
            "--velocity", "-100", "--epsilon", "0.5", "--duration", "2", "--title", "A <spring> & co",
            "--width", "1000", "--height", "600",
        ])
        let doc = try ParsedSVG(svg)
        #expect(doc.elements.first?.attributes["viewBox"] == "0 0 1000 600")
        #expect(doc.texts.contains("A <spring> & co") && doc.texts.contains("±ε band, ε = 0.5") && doc.texts.contains("target -20"))
        // Below 640 × 400 the drawing keeps its layout and is scaled down to the displayed size.
        let small = try ParsedSVG(plotSVG(["spring", "--spring", Self.critical, "--width", "320", "--height", "250"]))
        #expect(small.elements.first?.attributes["width"] == "320" && small.elements.first?.attributes["height"] == "250")
        #expect(small.elements.first?.attributes["viewBox"] == "0 0 640 500")
        var input = SpringPlot.Input(spring: try Spring(response: 0.5, dampingRatio: 0.5))
        input.duration = 2
        #expect(try SpringPlot.chart(input).x.hi == 2)
        // relative velocity is (to − from) per second: the same picture as the absolute one.
        let relative = try plotSVG(["spring", "--spring", Self.critical, "--from", "1", "--to", "3", "--relative-velocity", "2"])
        let absolute = try plotSVG(["spring", "--spring", Self.critical, "--from", "1", "--to", "3", "--velocity", "4"])
        #expect(relative == absolute)
    }

    @Test("an undamped spring never settles; a motion at rest settles at 0")
    func degenerate() throws {
        let undamped = try ParsedSVG(plotSVG(["spring", "--spring", #"{"stiffness":100,"damping":0}"#]))
        #expect(undamped.texts.contains("never settles (undamped)") && !undamped.texts.contains { $0.hasPrefix("settles at") })
        let atRest = try ParsedSVG(plotSVG(["spring", "--spring", Self.critical, "--from", "1", "--to", "1"]))
        #expect(atRest.texts.contains("settles at 0 s"))
        let late = try ParsedSVG(plotSVG(["spring", "--spring", Self.critical, "--duration", "0.1"]))
        #expect(late.texts.contains { $0.hasPrefix("settles at ") && $0.hasSuffix("(after the plotted time)") })
    }

    @Test("random springs always give a well-formed picture or a named error")
    func random() throws {
        var state: UInt64 = 0x5EED
        func uniform() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        func logUniform(_ lo: Double, _ hi: Double) -> Double { lo * pow(hi / lo, uniform()) }
        for _ in 0..<30 {
            let spec = #"{"mass":\#(logUniform(1e-3, 1e3)),"stiffness":\#(logUniform(1e-3, 1e6)),"damping":\#(uniform() < 0.1 ? 0 : logUniform(1e-3, 1e4))}"#
            let args = [
                "spring", "--spring", spec, "--from", "\((uniform() - 0.5) * 1e6)", "--to", "\((uniform() - 0.5) * 2)",
                "--velocity", "\((uniform() - 0.5) * 1e4)",
            ]
            do {
                let doc = try ParsedSVG(try plotSVG(args))
                let d = try #require(doc.element(id: "series-value")?.attributes["d"])
                #expect(!d.contains("nan") && !d.contains("inf") && subpaths(d).count == 1, "\(args)")
            } catch let failure as PlotFailure {
                #expect(failure.kind == .invalid && failure.message.hasPrefix("--"), "\(args): \(failure.message)")
            }
        }
    }
}

@Suite("plot timing")
struct PlotTimingTests {
    /// y of the cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1) at x ∈ [0, 1], by bisection on the
    /// monotone x(t); outside [0, 1] along the end tangents (CSS Easing).
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        func b(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        if x < 0 {
            let slope = x1 > 0 ? y1 / x1 : (y1 == 0 && x2 > 0 ? y2 / x2 : 0)
            return slope * x
        }
        if x > 1 {
            let slope = x2 < 1 ? (y2 - 1) / (x2 - 1) : (y2 == 1 && x1 < 1 ? (y1 - 1) / (x1 - 1) : 0)
            return 1 + slope * (x - 1)
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let m = (lo + hi) / 2
            if b(x1, x2, m) < x { lo = m } else { hi = m }
        }
        return b(y1, y2, (lo + hi) / 2)
    }

    @Test(
        "Bézier curves and their extensions map back within a pixel",
        arguments: [
            [0.25, 0.1, 0.25, 1.0], [0.68, -0.55, 0.27, 1.55], [0.42, 0, 0.58, 1], [0, 0, 1, 1], [0.9, 0.1, 0.1, 0.9],
        ])
    func bezier(_ p: [Double]) throws {
        let timing = TimingFunction.cubicBezier(try CubicBezier(p[0], p[1], p[2], p[3]))
        let chart = TimingPlot.chart(timing)
        let f = { (x: Double) in Self.bezier(p[0], p[1], p[2], p[3], x) }
        try checkPath(chart, id: "series-curve", f)
        try checkPath(chart, id: "extension-before", f)
        try checkPath(chart, id: "extension-after", f)
        // The axes cover the curve, its extensions and the control points.
        #expect(chart.x.lo <= -0.1 && chart.x.hi >= 1.1 && chart.y.lo <= min(0, p[1], p[3]) && chart.y.hi >= max(1, p[1], p[3]))
        let doc = try ParsedSVG(chart.svg())
        #expect(doc.texts.contains("input progress") && doc.texts.contains("output progress"))
        #expect(doc.element(id: "control-points").map { _ in doc.all("circle").count >= 2 } == true)
    }

    @Test("names work unquoted and quoted; the title says what was drawn")
    func names() throws {
        let a = try plotSVG(["timing", "--timing", "ease-in-out"])
        let b = try plotSVG(["timing", "--timing", #""ease-in-out""#])
        #expect(a == b)
        #expect(try ParsedSVG(a).all("title").first?.text == "Timing function ease-in-out = cubic-bezier(0.42, 0, 0.58, 1)")
    }

    @Test("CSS easings work unquoted, as the same chart as the JSON string and the JSON shape")
    func cssUnquoted() throws {
        let a = try plotSVG(["timing", "--timing", "steps(4, jump-both)"])
        let b = try plotSVG(["timing", "--timing", #""steps(4, jump-both)""#])
        let c = try plotSVG(["timing", "--timing", #"{"steps":4,"position":"jump-both"}"#])
        #expect(a == b)
        #expect(try ParsedSVG(a).all("path").count == ParsedSVG(c).all("path").count)
        let l = try plotSVG(["timing", "--timing", "linear(0, 0.25 75%, 1)"])
        #expect(l == (try plotSVG(["timing", "--timing", #""linear(0, 0.25 75%, 1)""#])))
        // A malformed CSS function is the timing parser's error, naming the offset.
        let failure = try #require(plotFailure(["timing", "--timing", "steps(0)"]))
        #expect(failure.kind == .invalid && failure.message.contains("offset"))
    }

    /// Circle centres of group `id` in data coordinates, rounded to 1e-6.
    func circles(_ chart: Chart, _ id: String) throws -> Set<[Double]> {
        let doc = try ParsedSVG(chart.svg())
        let start = try #require(doc.elements.firstIndex { $0.attributes["id"] == id })
        var out = Set<[Double]>()
        for e in doc.elements[(start + 1)...] {
            guard e.name == "circle" else { break }
            let X = try #require(Double(e.attributes["cx"] ?? "")), Y = try #require(Double(e.attributes["cy"] ?? ""))
            let y = chart.y.lo + (chart.plotBottom - Chart.inset - Y) / (chart.plotBottom - chart.plotTop - 2 * Chart.inset) * (chart.y.hi - chart.y.lo)
            out.insert([(dataX(chart, X) * 1e3).rounded() / 1e3, (y * 1e3).rounded() / 1e3])
        }
        return out
    }

    @Test(
        "steps: treads with filled dots where the value is taken and open dots at excluded ends (CSS table)",
        arguments: [
            // (steps, position, closed dots, open dots) worked from CSS Easing §2.4 by hand.
            (4, "jump-end", [[0, 0], [0.25, 0.25], [0.5, 0.5], [0.75, 0.75], [1, 1]], [[0.25, 0], [0.5, 0.25], [0.75, 0.5], [1, 0.75]]),
            (3, "jump-start", [[0, 0.333], [0.333, 0.667], [0.667, 1], [1, 1]], [[0.333, 0.333], [0.667, 0.667]]),
            (2, "jump-both", [[0, 0.333], [0.5, 0.667], [1, 1]], [[0.5, 0.333], [1, 0.667]]),
            (3, "jump-none", [[0, 0], [0.333, 0.5], [0.667, 1], [1, 1]], [[0.333, 0], [0.667, 0.5]]),
        ])
    func steps(_ c: (n: Int, position: String, closed: [[Double]], open: [[Double]])) throws {
        let s = try StepsEasing(c.n, position: try #require(StepsEasing.Position(rawValue: c.position)))
        let chart = TimingPlot.chart(.steps(s))
        #expect(try circles(chart, "closed-ends") == Set(c.closed))
        #expect(try circles(chart, "open-ends") == Set(c.open))
        // Treads: one horizontal subpath per step at the step's value.
        let d = try #require(try ParsedSVG(chart.svg()).element(id: "series-steps")?.attributes["d"])
        let treads = subpaths(d)
        #expect(treads.count == c.n && treads.allSatisfy { $0.count == 2 && $0[0].y == $0[1].y })
    }

    @Test("many steps are sampled instead of marked")
    func manySteps() throws {
        let doc = try ParsedSVG(plotSVG(["timing", "--timing", #"{"steps":100000}"#]))
        #expect(doc.element(id: "series-steps") != nil && doc.all("circle").isEmpty)
    }

    @Test("spring curves are drawn over normalized time")
    func spring() throws {
        let spec = #"{"spring":{"stiffness":100,"damping":20}}"#
        let timing = try parseTimingSpec(JSONParser.parse(spec), path: "timing")
        let chart = TimingPlot.chart(timing)
        let D = criticalSettle(0.001) / 10
        // u ↦ x(u·D) for the critically damped spring from 0 to 1.
        try checkPath(chart, id: "series-curve") { u in u <= 0 ? 0 : 1 - (1 + 10 * u * D) * exp(-10 * u * D) }
        #expect(chart.x.lo == 0 && chart.x.hi == 1)
    }
}

@Suite("plot command line")
struct PlotCommandTests {
    static let spring = #"{"stiffness":100,"damping":20}"#

    @Test(
        "usage errors exit 64 with the reason",
        arguments: [
            ([], "missing what to plot"),
            (["bogus"], "unknown plot 'bogus'"),
            (["spring"], "--spring is required"),
            (["spring", "--spring"], "--spring needs a value"),
            (["spring", "--spring", spring, "--bogus", "1"], "unknown option '--bogus'"),
            (["spring", "--spring", spring, "--spring", spring], "--spring given more than once"),
            (["spring", "--spring", spring, "extra"], "unexpected argument 'extra'"),
            (["spring", "--spring", spring, "--velocity", "1", "--relative-velocity", "1"], "either --velocity or --relative-velocity"),
            (["timing"], "--timing is required"),
            (["timing", "--timing", "ease", "-x"], "unknown option '-x'"),
            (["help", "bogus"], "unknown plot 'bogus'"),
        ])
    func usage(_ c: ([String], String)) throws {
        let failure = try #require(plotFailure(c.0))
        #expect(failure.kind == .usage && failure.status == 64)
        #expect(failure.message.contains(c.1), "\(failure.message)")
        #expect(failure.usage.hasPrefix("motionkernel plot"))
    }

    @Test(
        "bad values exit 1 naming the option and the field",
        arguments: [
            (["spring", "--spring", #"{"stiffness":-1,"damping":1}"#], "--spring: spring.stiffness: "),
            (["spring", "--spring", #"{"stiffness":1"#], "--spring: invalid JSON at byte"),
            (["spring", "--spring", "[1]"], "--spring: spring: expected an object"),
            (["spring", "--spring", #"{"stifness":1,"damping":1}"#], "--spring: spring.stifness: unknown field"),
            (["spring", "--spring", #"{"damping":1}"#], "--spring: spring.stiffness"),
            (["spring", "--spring", "@/nonexistent/spec.json"], "--spring: cannot read file"),
            (["spring", "--spring", spring, "--from", "abc"], "--from: expected a finite number, got \"abc\""),
            (["spring", "--spring", spring, "--to", "1e400"], "--to: expected a finite number"),
            (["spring", "--spring", spring, "--epsilon", "0"], "--epsilon: expected a number > 0"),
            (["spring", "--spring", spring, "--duration", "-1"], "--duration: expected seconds"),
            (["spring", "--spring", spring, "--width", "10"], "--width: expected a width"),
            (["timing", "--timing", "bogus"], "--timing: timing: unknown timing \"bogus\""),
            (["timing", "--timing", #"{"cubicBezier":[2,0,1,1]}"#], "--timing: timing.cubicBezier[0]: "),
            (["timing", "--timing", #"{"steps":0}"#], "--timing: timing.steps: "),
            (["timing", "--timing", #"{"spring":{"stiffness":1,"damping":0}}"#], "--timing: timing.spring.damping: "),
        ])
    func invalid(_ c: ([String], String)) throws {
        let failure = try #require(plotFailure(c.0))
        #expect(failure.kind == .invalid && failure.status == 1)
        #expect(failure.message.hasPrefix(c.1), "\(failure.message)")
    }

    @Test("--help on each plot, and plot help KIND")
    func help() throws {
        for (args, needle) in [
            (["spring", "--help"], "--epsilon"), (["timing", "-h"], "--timing JSON"), (["help", "spring"], "--relative-velocity"),
            (["--help"], "plot timing"), (["help"], "plot spring"), (["keyframes", "--help"], "--keyframes JSON"),
            (["help", "keyframes"], "--progress-ticks"),
        ] {
            guard case .help(let text) = try PlotCommand.render(args) else {
                Issue.record("\(args) printed no help")
                continue
            }
            #expect(text.contains(needle), "\(args)")
        }
        #expect(PlotCommand.usage.contains("--out FILE.svg"))
    }

    @Test("run: --out writes the file, no --out prints; exit statuses")
    func run() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plot-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("spring.svg").path
        #expect(PlotCommand.run(["spring", "--spring", Self.spring, "--out", out]) == 0)
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(written == (try plotSVG(["spring", "--spring", Self.spring])))
        _ = try ParsedSVG(written)
        #expect(PlotCommand.run(["spring", "--spring", Self.spring, "--out", dir.appendingPathComponent("missing/x.svg").path]) == 1)
        #expect(PlotCommand.run([]) == 64)
        #expect(PlotCommand.run(["spring", "--spring", #"{"stiffness":-1,"damping":1}"#]) == 1)
        #expect(PlotCommand.run(["keyframes"]) == 64)
        #expect(PlotCommand.run(["preset", "bogus"]) == 1)
        // A JSON argument from a file.
        let spec = dir.appendingPathComponent("spec.json").path
        try Data(Self.spring.utf8).write(to: URL(fileURLWithPath: spec))
        #expect(try plotSVG(["spring", "--spring", "@" + spec]) == (try plotSVG(["spring", "--spring", Self.spring])))
    }
}

/// `rsvg-convert` (Debian's librsvg2-bin) on the PATH, if installed.
private let rsvgConvert: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/rsvg-convert" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

@Suite("plot rendering")
struct PlotRenderTests {
    @Test("rsvg-convert renders every kind of plot to a PNG of the declared size", .enabled(if: rsvgConvert != nil, "rsvg-convert is not installed"))
    func render() throws {
        let tool = try #require(rsvgConvert)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plot-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases: [(String, [String])] = [
            ("spring", ["spring", "--spring", #"{"response":0.5,"dampingRatio":0.4}"#, "--from", "10", "--to", "-20"]),
            ("undamped", ["spring", "--spring", #"{"stiffness":10,"damping":0}"#]),
            ("bezier", ["timing", "--timing", #"{"cubicBezier":[0.68,-0.55,0.27,1.55]}"#]),
            ("steps", ["timing", "--timing", #"{"steps":5,"position":"jump-both"}"#, "--width", "640", "--height", "400"]),
            ("spring-curve", ["timing", "--timing", #"{"spring":{"duration":0.6,"bounce":0.3}}"#]),
            ("keyframes-path", ["keyframes", "--keyframes", #"{"values":[[0,0],[300,-40],[320,200],[20,260]],"calculationMode":"cubicPaced"}"#]),
            ("keyframes-scalar", ["keyframes", "--keyframes", #"{"values":[0,1,0.4],"keyTimes":[0,0.2,0.7,1],"calculationMode":"discrete"}"#]),
            ("preset", ["preset", "flyAway", "--height", "600"]),
            ("keyframes-3d", ["keyframes", "--keyframes", #"{"values":[[0,0,1],[1,2,0],[3,1,0.5]],"calculationMode":"cubic"}"#, "--duration", "2"]),
        ]
        for (name, args) in cases {
            let svg = dir.appendingPathComponent("\(name).svg"), png = dir.appendingPathComponent("\(name).png")
            try Data(try plotSVG(args).utf8).write(to: svg)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = [svg.path, "-o", png.path]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            process.waitUntilExit()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationStatus == 0, "\(name): \(message)")
            let bytes = [UInt8](try Data(contentsOf: png))
            try #require(bytes.count > 24)
            #expect(bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            func be32(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
            let size = name == "steps" ? (640, 400) : (name == "preset" ? (800, 600) : (800, 500))
            #expect(be32(16) == size.0 && be32(20) == size.1, "\(name)")
            #expect(message.isEmpty, "\(name): \(message)")
        }
    }
}
