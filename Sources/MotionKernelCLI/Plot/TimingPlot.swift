import MotionKernel
import MotionKernelEval

/// `plot timing`: an easing curve, output progress against input progress.
///
/// Cubic Béziers (and `linear`) are drawn on [0, 1] and, dashed, a little beyond it along the
/// end tangents as CSS extends them, with their control points and handles. Steps are drawn
/// as horizontal treads with a filled dot where each tread's value is taken and an open dot
/// where it is not (CSS steps are right-continuous on [0, 1): the value at a jump is the one
/// after it; at 1 the output is 1). Spring curves are drawn over normalized time u ∈ [0, 1].
enum TimingPlot {
    static let usage = "motionkernel plot timing --timing JSON [--out FILE.svg]"

    static let help = """
        motionkernel plot timing — an easing curve (output progress against input progress)

        Usage: \(usage)

          --timing JSON   a TimingSpec of the eval protocol: a name (linear, easeIn, easeOut,
                          easeInEaseOut, default, ease, ease-in, ease-out, ease-in-out) or any CSS
                          <easing-function> ('cubic-bezier(0.4, 0, 0.2, 1)', 'linear(0, 0.25 75%, 1)';
                          both may be given unquoted), '{"cubicBezier":[0.25,0.1,0.25,1]}',
                          '{"steps":4,"position":"jump-end"}' or '{"spring":{"response":0.5,"dampingRatio":0.6}}'
                          (@FILE reads it from a file)

        """

    static let samples = 2000
    static let curveColor = "#1f5fbf"
    static let guideColor = "#888888"

    /// Reads `--timing`.
    /// - Throws: a usage failure when absent; an invalid failure naming the field
    ///   (`--timing: timing.cubicBezier[0]: …`).
    static func input(_ a: PlotArguments) throws(PlotFailure) -> (timing: TimingFunction, name: String?) {
        _ = try a.require("--timing")
        guard let v = try a.json("--timing") else { throw .usage("--timing is required", usage) }
        do {
            let t = try parseTimingSpec(v, path: "timing")
            if case .string(let name) = v { return (t, name) }
            return (t, nil)
        } catch let e {
            throw .invalid("--timing", e)
        }
    }

    /// The chart of `timing` (`name`: the TimingSpec name it was given by, for the title).
    static func chart(_ timing: TimingFunction, name: String? = nil) -> Chart {
        let css: String
        if case .cubicBezier(let c) = timing {
            css = "cubic-bezier(" + [c.x1, c.y1, c.x2, c.y2].map { PlotFormat.significant($0, 6) }.joined(separator: ", ") + ")"
        } else {
            css = timing.description
        }
        let described = name.map { "\($0) = \(css)" } ?? css
        switch timing {
        case .steps(let s): return steps(s, title: "Timing function \(described)")
        case .spring(let c): return spring(c, timing: timing)
        case .linear, .cubicBezier, .linearFunction: return curve(timing, title: "Timing function \(described)")
        }
    }

    /// Uniform samples of `f` on [a, b] (both ends included).
    static func sample(_ a: Double, _ b: Double, count: Int, _ f: (Double) -> Double) -> [(x: Double, y: Double)] {
        (0...count).map { i in
            let x = i == count ? b : a + (b - a) * Double(i) / Double(count)
            return (x, f(x))
        }
    }

    static func curve(_ timing: TimingFunction, title: String) -> Chart {
        let x = NiceScale(covering: -0.1, 1.1)
        let inside = sample(0, 1, count: samples) { timing.value(at: $0) }
        let before = sample(x.lo, 0, count: samples / 10) { timing.value(at: $0) }
        let after = sample(1, x.hi, count: samples / 10) { timing.value(at: $0) }
        var controls: [(x: Double, y: Double)] = []
        if case .cubicBezier(let c) = timing { controls = [(c.x1, c.y1), (c.x2, c.y2)] }
        let ys = (inside + before + after + controls).map(\.y)
        var chart = Chart(
            title: title, xTitle: "input progress", yTitle: "output progress", x: x,
            y: NiceScale(covering: min(0, ys.min() ?? 0), max(1, ys.max() ?? 1)))
        let guide = Chart.Stroke(color: "#bbbbbb", width: 1, dash: "2 3")
        chart.marks = [
            .vLine(x: 0, stroke: guide, label: nil), .vLine(x: 1, stroke: guide, label: nil),
            .hLine(y: 0, axis: .left, stroke: guide), .hLine(y: 1, axis: .left, stroke: guide),
            .line(
                id: "reference-linear", points: [(x.lo, x.lo), (x.hi, x.hi)], axis: .left,
                stroke: .init(color: "#aaaaaa", width: 1, dash: "1 4")),
        ]
        if !controls.isEmpty {
            chart.marks.append(
                .line(
                    id: "handles", points: [(0, 0), controls[0], (.nan, .nan), (1, 1), controls[1]], axis: .left,
                    stroke: .init(color: guideColor, width: 1)))
            chart.marks.append(.markers(id: "control-points", points: controls, axis: .left, color: guideColor, filled: true, radius: 4))
        }
        let extension_ = Chart.Stroke(color: curveColor, width: 1.6, dash: "5 4")
        chart.marks.append(.line(id: "extension-before", points: before, axis: .left, stroke: extension_))
        chart.marks.append(.line(id: "extension-after", points: after, axis: .left, stroke: extension_))
        chart.marks.append(.line(id: "series-curve", points: inside, axis: .left, stroke: .init(color: curveColor, width: 2.4)))
        chart.legend = [
            .init(glyph: .line(.init(color: curveColor, width: 2.4)), label: "easing on [0, 1]"),
            .init(glyph: .line(extension_), label: "extended outside [0, 1] (CSS)"),
            .init(glyph: .line(.init(color: "#aaaaaa", width: 1, dash: "1 4")), label: "linear"),
        ]
        if !controls.isEmpty {
            chart.legend.append(.init(glyph: .marker(color: guideColor, filled: true), label: "control points"))
        }
        return chart
    }

    /// The most steps drawn tread by tread with end markers; more are sampled like a curve
    /// (their treads are under a pixel wide anyway).
    static let maxMarkedSteps = 400

    static func steps(_ s: StepsEasing, title: String) -> Chart {
        let n = s.steps
        guard n <= maxMarkedSteps else {
            var chart = Chart(
                title: title, xTitle: "input progress", yTitle: "output progress",
                x: NiceScale(covering: 0, 1), y: NiceScale(covering: 0, 1))
            chart.marks = [
                .line(
                    id: "series-steps", points: sample(0, 1, count: 2 * samples) { s.value(at: $0) }, axis: .left,
                    stroke: .init(color: curveColor, width: 1.6))
            ]
            chart.legend = [.init(glyph: .line(.init(color: curveColor, width: 1.6)), label: "output (\(n) steps, sampled)")]
            return chart
        }
        let breaks = (0...n).map { Double($0) / Double(n) }
        // Tread k covers [k/n, (k+1)/n); its value is taken at the midpoint.
        let treads = (0..<n).map { s.value(at: (Double($0) + 0.5) / Double(n)) }
        var path: [(x: Double, y: Double)] = []
        var closed: [(x: Double, y: Double)] = [], open: [(x: Double, y: Double)] = []
        var risers: [(x: Double, y: Double)] = []
        for k in 0...n {
            let left: Double? = k > 0 ? treads[k - 1] : nil
            let right: Double? = k < n ? treads[k] : nil
            // Right-continuous on [0, 1); the value at 1 itself is exact (1 · n is an integer).
            let value = right ?? s.value(at: 1)
            closed.append((breaks[k], value))
            for limit in [left, right].compactMap({ $0 }) where limit != value { open.append((breaks[k], limit)) }
            let all = [left, right, value].compactMap { $0 }
            if let lo = all.min(), let hi = all.max(), hi > lo {
                risers += [(breaks[k], lo), (breaks[k], hi), (.nan, .nan)]
            }
            if let right { path += [(breaks[k], right), (breaks[k + 1], right), (.nan, .nan)] }
        }
        var chart = Chart(
            title: title, xTitle: "input progress", yTitle: "output progress",
            x: NiceScale(covering: 0, 1), y: NiceScale(covering: 0, 1))
        let riser = Chart.Stroke(color: "#9db8e0", width: 1, dash: "2 3")
        chart.marks = [
            .line(id: "reference-linear", points: [(0, 0), (1, 1)], axis: .left, stroke: .init(color: "#aaaaaa", width: 1, dash: "1 4")),
            .line(id: "risers", points: risers, axis: .left, stroke: riser),
            .line(id: "series-steps", points: path, axis: .left, stroke: .init(color: curveColor, width: 2.4)),
            .markers(id: "open-ends", points: open, axis: .left, color: curveColor, filled: false, radius: 4.5),
            .markers(id: "closed-ends", points: closed, axis: .left, color: curveColor, filled: true, radius: 4.5),
        ]
        chart.legend = [
            .init(glyph: .line(.init(color: curveColor, width: 2.4)), label: "output"),
            .init(glyph: .marker(color: curveColor, filled: true), label: "value at the jump"),
            .init(glyph: .marker(color: curveColor, filled: false), label: "excluded end"),
            .init(glyph: .line(.init(color: "#aaaaaa", width: 1, dash: "1 4")), label: "linear"),
        ]
        return chart
    }

    static func spring(_ c: SpringCurve<Double>, timing: TimingFunction) -> Chart {
        let points = sample(0, 1, count: samples) { c.value(at: $0) }
        let ys = points.map(\.y)
        let f = { (v: Double) in PlotFormat.significant(v, 3) }
        let s = c.spring
        let title = "Spring timing curve: k = \(f(s.stiffness)), c = \(f(s.damping)), m = \(f(s.mass)), ζ = \(f(s.dampingRatio))"
        var chart = Chart(
            title: title, xTitle: "normalized time u (t = u × \(f(c.duration)) s, settling time for ε = \(f(c.epsilon)))",
            yTitle: "output progress", x: NiceScale(covering: 0, 1),
            y: NiceScale(covering: min(0, ys.min() ?? 0), max(1, ys.max() ?? 1)))
        chart.marks = [
            .hLine(y: 1, axis: .left, stroke: .init(color: "#555555", width: 1.2, dash: "6 4")),
            .line(id: "reference-linear", points: [(0, 0), (1, 1)], axis: .left, stroke: .init(color: "#aaaaaa", width: 1, dash: "1 4")),
            .line(id: "series-curve", points: points, axis: .left, stroke: .init(color: curveColor, width: 2.4)),
        ]
        chart.legend = [
            .init(glyph: .line(.init(color: curveColor, width: 2.4)), label: "spring from 0 to 1"),
            .init(glyph: .line(.init(color: "#555555", width: 1.2, dash: "6 4")), label: "target 1"),
            .init(glyph: .line(.init(color: "#aaaaaa", width: 1, dash: "1 4")), label: "linear"),
        ]
        return chart
    }
}
