#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line chart drawn as SVG: a title, a legend row, an x axis, a left y axis and an optional
/// right y axis (each with nice ticks, labels and a title), light grid lines at the x and left
/// y ticks, and marks drawn in order, clipped to the plot area.
///
/// The model is plain data so that tests can map drawn coordinates back through ``px(_:)`` and
/// ``py(_:_:)``.
struct Chart {
    /// Which y axis a mark is measured against.
    enum Axis: Sendable { case left, right }

    /// A line style: SVG colour, width in pixels, optional dash pattern (`"6 4"`).
    struct Stroke: Sendable {
        var color: String
        var width: Double = 2
        var dash: String? = nil
    }

    /// Something drawn inside the plot area.
    enum Mark {
        /// A polyline through data points (non-finite points break it); `id` names the SVG
        /// `path` element (`series-value`).
        case line(id: String, points: [(x: Double, y: Double)], axis: Axis, stroke: Stroke)
        /// A horizontal band between two y values, filled.
        case band(y0: Double, y1: Double, axis: Axis, fill: String, opacity: Double)
        /// A horizontal line across the plot.
        case hLine(y: Double, axis: Axis, stroke: Stroke)
        /// A vertical line across the plot, with an optional label at its top.
        case vLine(x: Double, stroke: Stroke, label: String?)
        /// Circles at data points: filled, or open (white inside) to show an excluded end.
        case markers(id: String, points: [(x: Double, y: Double)], axis: Axis, color: String, filled: Bool, radius: Double)
        /// Text at a data point, offset in pixels.
        case label(text: String, x: Double, y: Double, axis: Axis, dx: Double, dy: Double, color: String)
    }

    /// A legend entry: a glyph and its label.
    struct LegendEntry {
        enum Glyph {
            case line(Stroke)
            case band(fill: String, opacity: Double)
            case marker(color: String, filled: Bool)
            /// No glyph: a note in the legend row.
            case none
        }
        var glyph: Glyph
        var label: String
        /// The label's colour.
        var color = "#222222"
    }

    var title: String
    /// The displayed size in pixels (the SVG's `width` and `height`).
    var width: Double = 800
    var height: Double = 500
    var xTitle: String
    var yTitle: String
    var y2Title: String?
    /// Colours of the y-axis titles (matching their series), black by default.
    var yTitleColor = "#222222"
    var y2TitleColor = "#222222"
    var x: NiceScale
    var y: NiceScale
    var y2: NiceScale?
    var marks: [Mark] = []
    var legend: [LegendEntry] = []
    /// When true the y axis points down (screen coordinates): `y.lo` at the top of the plot.
    var yDown = false
    /// A floor for ``plotLeft`` (used while fitting an equal aspect ratio, so that the plot
    /// area cannot shrink again once the axes are chosen).
    var minimumPlotLeft = 0.0
    /// The data ranges of an equal-aspect chart (see ``fitEqualAspect(x:y:)``), kept so that
    /// a change of size can fit them again; nil for an ordinary chart.
    var equalAspect: (x: ClosedRange<Double>, y: ClosedRange<Double>)?

    init(title: String, xTitle: String, yTitle: String, x: NiceScale, y: NiceScale, y2Title: String? = nil, y2: NiceScale? = nil) {
        self.title = title
        self.xTitle = xTitle
        self.yTitle = yTitle
        self.x = x
        self.y = y
        self.y2Title = y2Title
        self.y2 = y2
    }

    // MARK: layout

    /// The drawing is laid out on at least 640 × 400 user units; a smaller displayed size
    /// scales the whole picture down (same aspect ratio) instead of crowding it.
    var layoutScale: Double { max(1, minimumLayout.width / width, minimumLayout.height / height) }
    /// The smallest layout size (640 × 400; panels of a ``ChartStack`` use less height).
    var minimumLayout = (width: 640.0, height: 400.0)
    /// The id of the plot area's clip path (unique per chart in one document).
    var clipID = "plot-area"
    var layoutWidth: Double { width * layoutScale }
    var layoutHeight: Double { height * layoutScale }

    /// The title's font size: 17, smaller if the title would not fit the width.
    var titleFontSize: Double {
        min(Chart.titleFont, (layoutWidth - 20) / max(1, Chart.textWidth(title, size: 1))).rounded(.down)
    }

    static let tickFont = 12.0, axisFont = 14.0, titleFont = 17.0, legendFont = 13.0

    /// Estimated width of `text` in DejaVu Sans at `size` (no font metrics at hand: 0.6 em per
    /// character is a slight overestimate, which is the safe side for layout).
    static func textWidth(_ text: String, size: Double) -> Double {
        Double(text.count) * size * 0.6
    }

    /// Width of a legend entry: glyph, gap, label (0.55 em per character: DejaVu Sans averages
    /// a little over 0.5 em on lower-case text), spacing.
    static func legendWidth(_ e: LegendEntry) -> Double {
        legendGlyphWidth(e) + Double(e.label.count) * legendFont * 0.55 + 22
    }

    static func legendGlyphWidth(_ e: LegendEntry) -> Double {
        if case .none = e.glyph { return 0 }
        return 34
    }

    /// Legend rows: entries laid out left to right, wrapped at the chart width, each row
    /// centred.
    var legendRows: [[(entry: LegendEntry, x: Double)]] {
        var rows: [[LegendEntry]] = [[]]
        var used = 0.0
        for e in legend {
            let w = Chart.legendWidth(e)
            if used + w > layoutWidth - 40 && !(rows.last?.isEmpty ?? true) {
                rows.append([])
                used = 0
            }
            rows[rows.count - 1].append(e)
            used += w
        }
        return rows.filter { !$0.isEmpty }.map { row in
            let total = row.map(Chart.legendWidth).reduce(0, +) - 22
            var cursor = max(20, (layoutWidth - total) / 2)
            return row.map { e in
                defer { cursor += Chart.legendWidth(e) }
                return (e, cursor)
            }
        }
    }

    /// The plot area in pixels.
    var plotLeft: Double {
        let labels = y.ticks.map { Chart.textWidth(y.label($0), size: Chart.tickFont) }.max() ?? 0
        return max(minimumPlotLeft, (22 + 10 + labels + 12).rounded())
    }
    var plotRight: Double {
        guard let y2 else { return layoutWidth - 30 }
        let labels = y2.ticks.map { Chart.textWidth(y2.label($0), size: Chart.tickFont) }.max() ?? 0
        return (layoutWidth - (22 + 10 + labels + 12)).rounded()
    }
    var plotTop: Double { titleHeight + Double(legendRows.count) * 22 + 14 }
    var plotBottom: Double { layoutHeight - (xTitle.isEmpty ? 30 : 58) }
    /// Room for the title above the legend (44), or a little with no title (panels).
    var titleHeight: Double { title.isEmpty ? 8 : 44 }

    /// Pixels between the frame and the ends of the axes, so that lines along an axis end and
    /// markers there stay clear of the frame.
    static let inset = 8.0

    /// Pixel x of data x.
    func px(_ v: Double) -> Double {
        plotLeft + Chart.inset + x.fraction(v) * (plotRight - plotLeft - 2 * Chart.inset)
    }

    /// Pixel y of data y on `axis`.
    func py(_ v: Double, _ axis: Axis = .left) -> Double {
        let scale = axis == .right ? (y2 ?? y) : y
        if yDown { return plotTop + Chart.inset + scale.fraction(v) * (plotBottom - plotTop - 2 * Chart.inset) }
        return plotBottom - Chart.inset - scale.fraction(v) * (plotBottom - plotTop - 2 * Chart.inset)
    }

    /// The font size of the y-axis titles: 14, smaller if the title would not fit the height.
    func yTitleFontSize(_ text: String) -> Double {
        min(Chart.axisFont, (plotBottom - plotTop) / max(1, Chart.textWidth(text, size: 1))).rounded(.down)
    }

    /// Sets `x` and `y` so that one data unit is as many pixels on both axes (a square stays
    /// square): the data ranges `xRange`, `yRange` are centred, the tighter one fills its side
    /// of the plot area, and both axes get ticks at the same nice step (a square grid).
    mutating func fitEqualAspect(x xRange: ClosedRange<Double>, y yRange: ClosedRange<Double>) {
        equalAspect = (xRange, yRange)
        minimumPlotLeft = 0
        // The y tick labels set the left margin, which sets the plot width: repeat until the
        // margin stops growing (it only grows, through minimumPlotLeft, so this ends).
        for _ in 0..<8 {
            let left = plotLeft
            let width = plotRight - plotLeft - 2 * Chart.inset, height = plotBottom - plotTop - 2 * Chart.inset
            var xSpan = xRange.upperBound - xRange.lowerBound, ySpan = yRange.upperBound - yRange.lowerBound
            if xSpan <= 0 && ySpan <= 0 {
                let degenerate = NiceScale(covering: xRange.lowerBound, xRange.upperBound)
                xSpan = degenerate.hi - degenerate.lo
            }
            let unitsPerPixel = max(xSpan / width, ySpan / height)
            let xMid = xRange.lowerBound / 2 + xRange.upperBound / 2, yMid = yRange.lowerBound / 2 + yRange.upperBound / 2
            let xHalf = unitsPerPixel * width / 2, yHalf = unitsPerPixel * height / 2
            // Start from the step that gives the shorter side its 5 to 8 ticks; go up the
            // 1-2-5 ladder while the x tick labels would crowd (closer than 20 px apart).
            let shorter = width >= height ? NiceScale(covering: yMid - yHalf, yMid + yHalf) : NiceScale(covering: xMid - xHalf, xMid + xHalf)
            var m = shorter.mantissa, e = shorter.exponent
            for _ in 0..<12 {
                x = NiceScale(lo: xMid - xHalf, hi: xMid + xHalf, mantissa: m, exponent: e)
                y = NiceScale(lo: yMid - yHalf, hi: yMid + yHalf, mantissa: m, exponent: e)
                let labels = x.ticks.map { Chart.textWidth(x.label($0), size: Chart.tickFont) }.max() ?? 0
                if x.step / unitsPerPixel >= max(labels + 20, 40) { break }
                switch m {
                case 1: m = 2
                case 2: m = 5
                default: (m, e) = (1, e + 1)
                }
            }
            let needed = (22 + 10 + (y.ticks.map { Chart.textWidth(y.label($0), size: Chart.tickFont) }.max() ?? 0) + 12).rounded()
            minimumPlotLeft = max(left, needed)
            if needed <= left { return }
        }
    }

    // MARK: drawing

    /// The SVG document.
    func svg() -> String {
        var w = SVGWriter(width: layoutWidth, height: layoutHeight, displayWidth: width, displayHeight: height)
        draw(into: &w)
        return w.document(title: title)
    }

    /// Everything but the document wrapper, in layout units from (0, 0).
    func draw(into w: inout SVGWriter) {
        let left = plotLeft, right = plotRight, top = plotTop, bottom = plotBottom
        let n = SVGWriter.number

        // Title.
        if !title.isEmpty {
            w.element(
                "text",
                [
                    "x": n(layoutWidth / 2, 2), "y": "28", "text-anchor": "middle", "font-size": n(titleFontSize, 1),
                    "font-weight": "bold", "fill": "#111111",
                ], text: title)
        }

        // Legend.
        for (row, entries) in legendRows.enumerated() {
            let cy = titleHeight + 6 + Double(row) * 22
            for (entry, x) in entries {
                switch entry.glyph {
                case .line(let s):
                    w.element(
                        "line",
                        [
                            "x1": n(x, 2), "y1": n(cy, 2), "x2": n(x + 28, 2), "y2": n(cy, 2), "stroke": s.color,
                            "stroke-width": n(s.width, 2), "stroke-dasharray": s.dash ?? "none",
                        ])
                case .band(let fill, let opacity):
                    w.element(
                        "rect",
                        [
                            "x": n(x, 2), "y": n(cy - 6, 2), "width": "28", "height": "12", "fill": fill,
                            "fill-opacity": n(opacity, 3),
                        ])
                case .marker(let color, let filled):
                    w.element(
                        "circle",
                        [
                            "cx": n(x + 14, 2), "cy": n(cy, 2), "r": "4", "fill": filled ? color : "#ffffff",
                            "stroke": color, "stroke-width": "1.5",
                        ])
                case .none:
                    break
                }
                w.element(
                    "text",
                    [
                        "x": n(x + Chart.legendGlyphWidth(entry), 2), "y": n(cy + 4.5, 2), "font-size": n(Chart.legendFont, 0),
                        "fill": entry.color,
                    ], text: entry.label)
            }
        }

        // Grid.
        w.open("g", ["stroke": "#e4e4e4", "stroke-width": "1"])
        for t in x.ticks {
            let X = n(px(t), 2)
            w.element("line", ["x1": X, "y1": n(top, 2), "x2": X, "y2": n(bottom, 2)])
        }
        for t in y.ticks {
            let Y = n(py(t), 2)
            w.element("line", ["x1": n(left, 2), "y1": Y, "x2": n(right, 2), "y2": Y])
        }
        w.close("g")

        // Marks, clipped to the plot area (a little margin so end markers show whole).
        w.open("clipPath", ["id": clipID])
        w.element("rect", ["x": n(left - 6, 2), "y": n(top - 6, 2), "width": n(right - left + 12, 2), "height": n(bottom - top + 12, 2)])
        w.close("clipPath")
        w.open("g", ["clip-path": "url(#\(clipID))"])
        for mark in marks { draw(mark, into: &w) }
        w.close("g")

        // Frame and axes.
        w.element(
            "rect",
            [
                "x": n(left, 2), "y": n(top, 2), "width": n(right - left, 2), "height": n(bottom - top, 2),
                "fill": "none", "stroke": "#333333", "stroke-width": "1",
            ])
        w.open("g", ["font-size": n(Chart.tickFont, 0), "fill": "#222222"])
        for t in x.ticks {
            let X = px(t)
            w.element("line", ["x1": n(X, 2), "y1": n(bottom, 2), "x2": n(X, 2), "y2": n(bottom + 5, 2), "stroke": "#333333"])
            w.element("text", ["x": n(X, 2), "y": n(bottom + 19, 2), "text-anchor": "middle"], text: x.label(t))
        }
        for t in y.ticks {
            let Y = py(t)
            w.element("line", ["x1": n(left - 5, 2), "y1": n(Y, 2), "x2": n(left, 2), "y2": n(Y, 2), "stroke": "#333333"])
            w.element("text", ["x": n(left - 8, 2), "y": n(Y + 4, 2), "text-anchor": "end"], text: y.label(t))
        }
        if let y2 {
            for t in y2.ticks {
                let Y = py(t, .right)
                w.element("line", ["x1": n(right, 2), "y1": n(Y, 2), "x2": n(right + 5, 2), "y2": n(Y, 2), "stroke": "#333333"])
                w.element("text", ["x": n(right + 8, 2), "y": n(Y + 4, 2), "text-anchor": "start"], text: y2.label(t))
            }
        }
        w.close("g")

        // Axis titles.
        let midY = (top + bottom) / 2
        if !xTitle.isEmpty {
            w.element(
                "text",
                [
                    "x": n((left + right) / 2, 2), "y": n(layoutHeight - 14, 2), "text-anchor": "middle",
                    "font-size": n(Chart.axisFont, 0), "fill": "#222222",
                ], text: xTitle)
        }
        w.element(
            "text",
            [
                "x": "0", "y": "0", "transform": "translate(20 \(n(midY, 2))) rotate(-90)", "text-anchor": "middle",
                "font-size": n(yTitleFontSize(yTitle), 0), "fill": yTitleColor,
            ], text: yTitle)
        if y2 != nil, let y2Title {
            w.element(
                "text",
                [
                    "x": "0", "y": "0", "transform": "translate(\(n(layoutWidth - 20, 2)) \(n(midY, 2))) rotate(90)",
                    "text-anchor": "middle", "font-size": n(yTitleFontSize(y2Title), 0), "fill": y2TitleColor,
                ], text: y2Title)
        }
    }

    private func draw(_ mark: Mark, into w: inout SVGWriter) {
        let n = SVGWriter.number
        let left = plotLeft, right = plotRight, top = plotTop, bottom = plotBottom
        switch mark {
        case .line(let id, let points, let axis, let s):
            // Pixel coordinates, then drop points within 0.05 px of the polyline through the
            // rest (per finite run, so breaks stay breaks).
            var pixels: [(x: Double, y: Double)] = []
            var run: [(x: Double, y: Double)] = []
            for p in points {
                let q = (x: px(p.x), y: py(p.y, axis))
                if q.x.isFinite && q.y.isFinite {
                    run.append(q)
                } else {
                    pixels += SVGWriter.simplify(run, tolerance: 0.05)
                    pixels.append((.nan, .nan))
                    run = []
                }
            }
            pixels += SVGWriter.simplify(run, tolerance: 0.05)
            w.element(
                "path",
                [
                    "id": id, "d": SVGWriter.pathData(pixels), "fill": "none", "stroke": s.color,
                    "stroke-width": n(s.width, 2), "stroke-linejoin": "round", "stroke-linecap": "round",
                    "stroke-dasharray": s.dash ?? "none",
                ])
        case .band(let y0, let y1, let axis, let fill, let opacity):
            let a = py(y0, axis), b = py(y1, axis)
            // At least one pixel tall, so a tight band stays visible.
            let h = max(abs(a - b), 1), mid = (a + b) / 2
            w.element(
                "rect",
                [
                    "x": n(left, 2), "y": n(mid - h / 2, 2), "width": n(right - left, 2), "height": n(h, 2),
                    "fill": fill, "fill-opacity": n(opacity, 3),
                ])
        case .hLine(let y, let axis, let s):
            let Y = n(py(y, axis), 2)
            w.element(
                "line",
                [
                    "x1": n(left, 2), "y1": Y, "x2": n(right, 2), "y2": Y, "stroke": s.color,
                    "stroke-width": n(s.width, 2), "stroke-dasharray": s.dash ?? "none",
                ])
        case .vLine(let x, let s, let label):
            let X = px(x)
            w.element(
                "line",
                [
                    "x1": n(X, 2), "y1": n(top, 2), "x2": n(X, 2), "y2": n(bottom, 2), "stroke": s.color,
                    "stroke-width": n(s.width, 2), "stroke-dasharray": s.dash ?? "none",
                ])
            if let label {
                let tw = Chart.textWidth(label, size: Chart.legendFont)
                let onLeft = X + 6 + tw > right - 4
                let tx = onLeft ? X - 6 : X + 6
                w.element(
                    "rect",
                    [
                        "x": n(onLeft ? tx - tw - 3 : tx - 3, 2), "y": n(top + 6, 2), "width": n(tw + 6, 2), "height": "19",
                        "fill": "#ffffff", "fill-opacity": "0.85",
                    ])
                w.element(
                    "text",
                    [
                        "x": n(tx, 2), "y": n(top + 20, 2), "text-anchor": onLeft ? "end" : "start",
                        "font-size": n(Chart.legendFont, 0), "fill": s.color,
                    ], text: label)
            }
        case .markers(let id, let points, let axis, let color, let filled, let r):
            w.open("g", ["id": id, "fill": filled ? color : "#ffffff", "stroke": color, "stroke-width": "1.5"])
            for p in points {
                let X = px(p.x), Y = py(p.y, axis)
                guard X.isFinite, Y.isFinite else { continue }
                w.element("circle", ["cx": n(X, 2), "cy": n(Y, 2), "r": n(r, 2)])
            }
            w.close("g")
        case .label(let text, let x, let y, let axis, let dx, let dy, let color):
            w.element(
                "text",
                [
                    "x": n(px(x) + dx, 2), "y": n(py(y, axis) + dy, 2), "font-size": n(Chart.tickFont, 0),
                    "fill": color,
                ], text: text)
        }
    }
}

/// Number formatting for titles and labels.
enum PlotFormat {
    /// `v` to `digits` significant digits, plain between 1e-4 and 1e6 (`0.718`, `12.3`,
    /// `170`), else scientific (`1.23e-7`); trailing zeros trimmed.
    static func significant(_ v: Double, _ digits: Int = 3) -> String {
        guard v.isFinite else { return v.isNaN ? "NaN" : (v > 0 ? "∞" : "-∞") }
        if v == 0 { return "0" }
        let a = abs(v)
        var e = Int(log10(a).rounded(.down))
        if a >= 1e-4 && a < 1e6 {
            if (a / NiceScale.pow10(e) * NiceScale.pow10(digits - 1)).rounded() >= NiceScale.pow10(digits) { e += 1 }
            return SVGWriter.number(v, decimals: min(9, max(0, digits - 1 - e)))
        }
        var m = v / NiceScale.pow10(e)
        if (abs(m) * NiceScale.pow10(digits - 1)).rounded() >= NiceScale.pow10(digits) {
            e += 1
            m /= 10
        }
        return SVGWriter.number(m, decimals: max(0, digits - 1)) + "e" + String(e)
    }
}

/// Time series of a motion for the plots: `samples` + 1 evenly spaced times over [0, end] (the last
/// exactly `end`) with the value and velocity at each.
enum PlotSeries {
    /// The value and velocity polylines of `state` over [0, `end`].
    /// - Throws: an invalid failure `"\(flag): the motion overflows Double at t = … s"` at the
    ///   first time whose state is not finite.
    static func valueAndVelocity(
        end: Double, samples: Int, flag: String, _ state: (Double) -> (value: Double, velocity: Double)
    ) throws(PlotFailure) -> (values: [(x: Double, y: Double)], velocities: [(x: Double, y: Double)]) {
        var values: [(x: Double, y: Double)] = [], velocities: [(x: Double, y: Double)] = []
        values.reserveCapacity(samples + 1)
        velocities.reserveCapacity(samples + 1)
        for i in 0...samples {
            let t = i == samples ? end : end * Double(i) / Double(samples)
            let st = state(t)
            guard st.value.isFinite, st.velocity.isFinite else {
                throw .invalid("\(flag): the motion overflows Double at t = \(PlotFormat.significant(t)) s")
            }
            values.append((t, st.value))
            velocities.append((t, st.velocity))
        }
        return (values, velocities)
    }
}
