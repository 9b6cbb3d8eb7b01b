/// Charts stacked vertically in one SVG under a common title, sharing the width: one panel
/// per quantity (the channels of `plot preset`).
///
/// The drawing is laid out on at least 640 user units of width and 200 per panel (plus the
/// header); a smaller displayed size scales the whole picture down, as ``Chart`` does.
struct ChartStack {
    var title: String
    /// A line under the title (e.g. the channels left out because they stay constant).
    var note: String?
    var panels: [Chart]
    /// The displayed size in pixels.
    var width = 800.0
    var height: Double

    /// Layout units above the first panel (the common title, and the note if any).
    var header: Double { note == nil ? 44 : 64 }
    static let minimumPanelHeight = 200.0

    /// The default displayed height: 250 px per panel, plus the header.
    var defaultHeight: Double { header + 250 * Double(max(panels.count, 1)) }

    init(title: String, note: String? = nil, panels: [Chart]) {
        self.title = title
        self.note = note
        self.panels = panels
        self.height = 0
        self.height = defaultHeight
    }

    var layoutScale: Double {
        max(1, 640 / width, (header + ChartStack.minimumPanelHeight * Double(max(panels.count, 1))) / height)
    }
    var layoutWidth: Double { width * layoutScale }
    var layoutHeight: Double { height * layoutScale }
    var panelHeight: Double { (layoutHeight - header) / Double(max(panels.count, 1)) }

    /// Panel `i` as laid out: the stack's width, its share of the height, its own clip path.
    func panel(_ i: Int) -> Chart {
        var c = panels[i]
        c.width = layoutWidth
        c.height = panelHeight
        c.minimumLayout = (layoutWidth, panelHeight)
        c.clipID = "plot-area-\(i)"
        return c
    }

    /// The top of panel `i` in layout units.
    func panelTop(_ i: Int) -> Double { header + Double(i) * panelHeight }

    var titleFontSize: Double {
        min(Chart.titleFont + 1, (layoutWidth - 20) / max(1, Chart.textWidth(title, size: 1))).rounded(.down)
    }

    /// The SVG document.
    func svg() -> String {
        var w = SVGWriter(width: layoutWidth, height: layoutHeight, displayWidth: width, displayHeight: height)
        let n = SVGWriter.number
        w.element(
            "text",
            [
                "x": n(layoutWidth / 2, 2), "y": "30", "text-anchor": "middle", "font-size": n(titleFontSize, 1),
                "font-weight": "bold", "fill": "#111111",
            ], text: title)
        if let note {
            let size = min(Chart.legendFont, (layoutWidth - 20) / max(1, Chart.textWidth(note, size: 1))).rounded(.down)
            w.element(
                "text", ["x": n(layoutWidth / 2, 2), "y": "52", "text-anchor": "middle", "font-size": n(size, 1), "fill": "#555555"],
                text: note)
        }
        for i in panels.indices {
            if i > 0 {
                w.element(
                    "line",
                    [
                        "x1": "10", "y1": n(panelTop(i), 2), "x2": n(layoutWidth - 10, 2), "y2": n(panelTop(i), 2),
                        "stroke": "#cccccc", "stroke-width": "1",
                    ])
            }
            w.open("g", ["transform": "translate(0 \(n(panelTop(i), 2)))"])
            panel(i).draw(into: &w)
            w.close("g")
        }
        return w.document(title: title)
    }
}
