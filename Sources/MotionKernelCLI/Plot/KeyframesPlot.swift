import MotionKernel
import MotionKernelEval

/// `plot keyframes`: a keyframe track (`CAKeyframeAnimation` semantics, ``KeyframeTrack``).
///
/// - Scalar values: the value over progress 0…1 (or over time with `--duration`), the key
///   points marked at the progress where the track reaches them.
/// - [x, y] values: the path in the plane with an equal aspect ratio and the y axis pointing
///   down (screen coordinates, as UIKit and Core Animation), the key points marked and numbered
///   by their index in `values`, and dots at equal progress steps (every 5 % by default) so that
///   the pacing shows: the dots spread evenly along a paced path and bunch up on short segments
///   of a non-paced one.
/// - Three or more components: each component over progress as its own curve.
///
/// Jumps (discrete mode, repeated key times) break the curve: a dashed riser joins the value
/// before the jump (an open dot: excluded) to the value taken at it (filled). The curves are
/// sampled from the track itself at 2000 progress steps plus each key time and the last
/// progress before it.
enum KeyframesPlot {
    static let usage = "motionkernel plot keyframes --keyframes JSON [--duration S] [--progress-ticks PCT] [--out FILE.svg]"

    static let help = """
        motionkernel plot keyframes — a keyframe track: a 2D path with its key points, a scalar
        track over progress, or each component over progress (3 or more components)

        Usage: \(usage)

          --keyframes JSON     the eval protocol's keyframes object (as in keyframes.sample), e.g.
                               '{"values":[[0,0],[100,0],[100,80]],"calculationMode":"paced"}' or
                               '{"values":[0,1,0.4],"keyTimes":[0,0.3,1],"calculationMode":"cubic"}'
                               (calculationMode defaults to linear, Core Animation's default;
                               @FILE reads it from a file)
          --duration S         label the time axis in seconds (progress × S) instead of progress
          --progress-ticks PCT 2D paths: a dot every PCT % of progress, 0.1 to 50 (default 5; 0 for none)

        2D paths are drawn in screen coordinates: the y axis points down, as in UIKit and
        Core Animation.

        """

    /// Progress samples across [0, 1] (key times and the progress just before each are added).
    static let samples = 2000
    /// The most components drawn as separate curves.
    static let maxComponents = 12
    /// Key points are numbered up to this many keys, and marked up to `maxMarked`.
    static let maxNumbered = 60
    static let maxMarked = 2000

    static let pathColor = "#1f5fbf"
    static let keyColor = "#d62728"
    static let tickColor = "#222222"
    static let palette = [
        "#1f5fbf", "#e8710a", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
        "#393b79", "#637939",
    ]

    /// What to draw.
    struct Input {
        var track: KeyframeTrack<Double>
        /// Seconds for the time axis; nil to draw over progress.
        var duration: Double?
        /// Progress between the dots along a 2D path (0: none).
        var progressStep = 0.05
    }

    /// The smallest `--progress-ticks` percentage other than 0 (at most 1001 ticks).
    static let minProgressTickPercent = 0.1

    /// Reads the options.
    /// - Throws: a usage failure when `--keyframes` is absent; invalid failures naming the
    ///   option and field (`--keyframes: keyframes.values[1]: …`).
    static func input(_ a: PlotArguments) throws(PlotFailure) -> Input {
        let track = try a.object("--keyframes", name: "keyframes", what: "the keyframes.sample keyframes object") {
            try KeyframeOps.parse($0, requireMode: false).track(Double.self, path: "keyframes")
        }
        if track.dimension > maxComponents {
            throw .invalid("--keyframes: keyframes.values: values with \(track.dimension) components; at most \(maxComponents) can be plotted")
        }
        var input = Input(track: track)
        input.duration = try a.number("--duration", in: Double.leastNormalMagnitude...1e9, what: "seconds > 0")
        if let pct = try a.number("--progress-ticks", in: 0...50, what: "a percentage from \(minProgressTickPercent) to 50, or 0 for no ticks") {
            // At most 100 / minProgressTickPercent + 1 ticks: the tick count is bounded before
            // anything is allocated.
            guard pct == 0 || pct >= minProgressTickPercent else {
                throw .invalid(
                    "--progress-ticks: expected a percentage from \(minProgressTickPercent) to 50, or 0 for no ticks (at most \(Int(100 / minProgressTickPercent)) ticks), got \(PlotFormat.significant(pct, 6))"
                )
            }
            input.progressStep = pct / 100
        }
        return input
    }

    /// The chart of `input`.
    /// - Throws: an invalid failure if the track cannot be sampled (it cannot, for a valid track).
    static func chart(_ input: Input) throws(PlotFailure) -> Chart {
        let curve = try sampled(input.track)
        return input.track.dimension == 2 ? path(input, curve) : overProgress(input, curve)
    }

    // MARK: sampling

    /// The track sampled over progress, with its jumps and where each key is reached.
    struct Sampled {
        /// Sorted progress values and the values there (`progress.count` × D, row-major).
        var progress: [Double]
        var values: [Double]
        /// Sample indices i where the curve jumps between sample i − 1 (the limit from the left)
        /// and sample i (the value taken).
        var jumps: [Int]
        /// The progress at which each key value is reached (K entries).
        var keyProgress: [Double]
        /// Whether the track takes key i's value at its key progress (false: it jumps past it).
        var keyTaken: [Bool]
        var dimension: Int

        func value(_ i: Int) -> ArraySlice<Double> { values[(i * dimension)..<((i + 1) * dimension)] }
    }

    static func sampled(_ track: KeyframeTrack<Double>) throws(PlotFailure) -> Sampled {
        let d = track.dimension, k = track.count
        let keyProgress = try keyProgress(track)
        // Possible jumps: at the key times (not in cubicPaced, whose key times are not in use).
        let breaks = track.calculationMode == .cubicPaced ? [] : track.keyTimes.filter { $0 > 0 }
        var grid = (0...samples).map { Double($0) / Double(samples) }
        for b in breaks { grid += [b, b.nextDown] }
        grid += keyProgress
        grid = Array(Set(grid.map { min(max($0, 0), 1) })).sorted()
        let values: [Double]
        do { values = try track.sample(at: grid) } catch { throw .invalid("--keyframes: \(error)") }
        // Values closer than a millionth of their spread are the same (no jump).
        var lo = Double.infinity, hi = -Double.infinity
        for v in values {
            lo = min(lo, v)
            hi = max(hi, v)
        }
        let tolerance = 1e-6 * max(hi - lo, Double.leastNormalMagnitude)
        func differ(_ i: Int, _ j: Int) -> Bool {
            (0..<d).contains { abs(values[i * d + $0] - values[j * d + $0]) > tolerance }
        }
        let breakSet = Set(breaks)
        var jumps: [Int] = []
        for i in grid.indices.dropFirst() where breakSet.contains(grid[i]) && grid[i - 1] == grid[i].nextDown && differ(i - 1, i) {
            jumps.append(i)
        }
        // Which keys the track takes at their progress.
        var taken = [Bool](repeating: true, count: k)
        for i in 0..<k {
            guard let j = binarySearch(grid, keyProgress[i]) else { continue }
            taken[i] = !(0..<d).contains { abs(values[j * d + $0] - track.values[i * d + $0]) > tolerance }
        }
        return Sampled(progress: grid, values: values, jumps: jumps, keyProgress: keyProgress, keyTaken: taken, dimension: d)
    }

    /// Index of `x` in the sorted `a`, if present.
    static func binarySearch(_ a: [Double], _ x: Double) -> Int? {
        var lo = 0, hi = a.count
        while lo < hi {
            let m = (lo + hi) / 2
            if a[m] < x { lo = m + 1 } else { hi = m }
        }
        return lo < a.count && a[lo] == x ? lo : nil
    }

    /// The progress at which each key is reached: its key time, except in cubicPaced mode,
    /// where the curve is traversed at constant speed: the fraction of the arc length up to
    /// the key, measured on the same curve drawn in cubic mode at the chord-length key times
    /// the track uses (a polyline through 20 000 samples: relative error below 1e-8).
    static func keyProgress(_ track: KeyframeTrack<Double>) throws(PlotFailure) -> [Double] {
        let k = track.count, d = track.dimension
        guard track.calculationMode == .cubicPaced, k >= 2 else { return Array(track.keyTimes.prefix(k)) }
        let knots = track.keyTimes
        let cubic: KeyframeTrack<Double>
        var grid = (0...20_000).map { Double($0) / 20_000 }
        grid = Array(Set(grid + knots)).sorted()
        let values: [Double]
        do {
            cubic = try KeyframeTrack(
                values: track.values, dimension: d, keyTimes: knots, calculationMode: .cubic,
                tension: track.tension, continuity: track.continuity, bias: track.bias)
            values = try cubic.sample(at: grid)
        } catch {
            throw .invalid("--keyframes: \(error)")
        }
        // Lengths relative to the largest coordinate, so that squares cannot overflow.
        let scale = values.map(abs).max() ?? 0
        guard scale > 0 else { return Array(knots) }
        var length = [Double](repeating: 0, count: grid.count)
        for i in grid.indices.dropFirst() {
            var sq = 0.0
            for c in 0..<d {
                let r = (values[i * d + c] - values[(i - 1) * d + c]) / scale
                sq += r * r
            }
            length[i] = length[i - 1] + sq.squareRoot()
        }
        guard let total = length.last, total > 0 else { return Array(knots) }
        return knots.map { t in binarySearch(grid, t).map { length[$0] / total } ?? t }
    }

    // MARK: over progress

    static func title(_ track: KeyframeTrack<Double>, _ what: String) -> String {
        let keys = track.count == 1 ? "1 key" : "\(track.count) keys"
        var t = "Keyframes: \(what), \(keys), calculationMode \(track.calculationMode.rawValue)"
        if !track.timingFunctions.isEmpty && [.linear, .cubic].contains(track.calculationMode) {
            t += ", \(track.timingFunctions.count) timing functions"
        }
        return t
    }

    /// Scalar and 3+-component tracks: each component against progress (or time).
    static func overProgress(_ input: Input, _ s: Sampled) -> Chart {
        let track = input.track, d = track.dimension, k = track.count
        let scaleX = input.duration ?? 1
        let x = NiceScale(covering: 0, scaleX)
        var lo = Double.infinity, hi = -Double.infinity
        for v in s.values + track.values {
            lo = min(lo, v)
            hi = max(hi, v)
        }
        let what = d == 1 ? "scalar track" : "\(d)-component values"
        var chart = Chart(
            title: title(track, what), xTitle: input.duration.map { "time (s), duration \(PlotFormat.significant($0, 6)) s" } ?? "progress",
            yTitle: d == 1 ? "value" : "component value", x: x, y: NiceScale(covering: lo, hi))
        let jumpSet = Set(s.jumps)
        if k <= maxNumbered {
            let guide = Chart.Stroke(color: "#c8c8c8", width: 1, dash: "2 3")
            for p in Set(s.keyProgress).sorted() { chart.marks.append(.vLine(x: p * scaleX, stroke: guide, label: nil)) }
        }
        var legend: [Chart.LegendEntry] = []
        for c in 0..<d {
            let color = d == 1 ? pathColor : palette[c % palette.count]
            let suffix = d == 1 ? "value" : "\(c)"
            var points: [(x: Double, y: Double)] = [], risers: [(x: Double, y: Double)] = [], open: [(x: Double, y: Double)] = []
            points.reserveCapacity(s.progress.count + s.jumps.count)
            for (i, p) in s.progress.enumerated() {
                if jumpSet.contains(i) {
                    let before = s.values[(i - 1) * d + c], after = s.values[i * d + c]
                    points.append((.nan, .nan))
                    if before != after {
                        risers += [(p * scaleX, before), (p * scaleX, after), (.nan, .nan)]
                        open.append((p * scaleX, before))
                    }
                }
                points.append((p * scaleX, s.values[i * d + c]))
            }
            let keys = (0..<k).filter { s.keyTaken[$0] }.map { (x: s.keyProgress[$0] * scaleX, y: track.values[$0 * d + c]) }
            if !risers.isEmpty {
                chart.marks.append(.line(id: "jumps-\(suffix)", points: risers, axis: .left, stroke: .init(color: color, width: 1, dash: "2 3")))
            }
            chart.marks.append(.line(id: "series-\(suffix)", points: points, axis: .left, stroke: .init(color: color, width: d == 1 ? 2.4 : 2)))
            if k <= maxMarked {
                chart.marks.append(.markers(id: "excluded-\(suffix)", points: open, axis: .left, color: color, filled: false, radius: 4))
                chart.marks.append(
                    .markers(
                        id: "keys-\(suffix)", points: keys, axis: .left, color: d == 1 ? keyColor : color, filled: true,
                        radius: 4.5))
            }
            legend.append(.init(glyph: .line(.init(color: color, width: 2.4)), label: d == 1 ? "value" : "component \(c)"))
        }
        if k <= maxMarked {
            legend.append(.init(glyph: .marker(color: d == 1 ? keyColor : "#555555", filled: true), label: "key point"))
            if !s.jumps.isEmpty { legend.append(.init(glyph: .marker(color: "#555555", filled: false), label: "excluded end (jump)")) }
        }
        if let note = pacingNote(track) { legend.append(.init(glyph: .none, label: note, color: "#555555")) }
        chart.legend = legend
        return chart
    }

    /// What the mode does to key times, for the legend.
    static func pacingNote(_ track: KeyframeTrack<Double>) -> String? {
        switch track.calculationMode {
        case .paced: return "paced: key times from distances"
        case .cubicPaced: return "cubicPaced: constant speed along the curve"
        default: return nil
        }
    }

    // MARK: 2D path

    /// [x, y] tracks: the path in screen coordinates (y down), equal aspect ratio.
    static func path(_ input: Input, _ s: Sampled) -> Chart {
        let track = input.track, k = track.count
        var points: [(x: Double, y: Double)] = [], risers: [(x: Double, y: Double)] = [], open: [(x: Double, y: Double)] = []
        let jumpSet = Set(s.jumps)
        for i in s.progress.indices {
            let v = s.value(i)
            if jumpSet.contains(i) {
                let b = s.value(i - 1)
                points.append((.nan, .nan))
                risers += [(b[b.startIndex], b[b.startIndex + 1]), (v[v.startIndex], v[v.startIndex + 1]), (.nan, .nan)]
                open.append((b[b.startIndex], b[b.startIndex + 1]))
            }
            points.append((v[v.startIndex], v[v.startIndex + 1]))
        }
        let keys = (0..<k).map { (x: track.values[2 * $0], y: track.values[2 * $0 + 1]) }

        // Ticks at equal progress steps.
        var ticks: [(x: Double, y: Double)] = []
        if input.progressStep >= minProgressTickPercent / 100 {
            let n = Int((1 / input.progressStep).rounded(.down))
            let progress = (0...n).map { Double($0) * input.progressStep }.filter { $0 <= 1 }
            if let v = try? track.sample(at: progress) {
                ticks = progress.indices.map { (v[2 * $0], v[2 * $0 + 1]) }
            }
        }

        var xLo = Double.infinity, xHi = -Double.infinity, yLo = Double.infinity, yHi = -Double.infinity
        for p in points + keys where p.x.isFinite && p.y.isFinite {
            xLo = min(xLo, p.x)
            xHi = max(xHi, p.x)
            yLo = min(yLo, p.y)
            yHi = max(yHi, p.y)
        }
        // Room around the data for the markers and their numbers.
        let pad = 0.06 * max(xHi - xLo, yHi - yLo)
        var chart = Chart(
            title: title(track, "2D path"), xTitle: "x", yTitle: "y (pointing down: screen coordinates)",
            x: NiceScale(covering: xLo, xHi), y: NiceScale(covering: yLo, yHi))
        chart.yDown = true
        chart.legend = legend2D(input, s)
        chart.fitEqualAspect(x: (xLo - pad)...(xHi + pad), y: (yLo - pad)...(yHi + pad))

        if !risers.isEmpty {
            chart.marks.append(.line(id: "jumps", points: risers, axis: .left, stroke: .init(color: pathColor, width: 1.2, dash: "3 4")))
        }
        chart.marks.append(.line(id: "series-path", points: points, axis: .left, stroke: .init(color: pathColor, width: 2.4)))
        if !ticks.isEmpty {
            chart.marks.append(.markers(id: "progress-ticks", points: ticks, axis: .left, color: tickColor, filled: true, radius: 2.2))
        }
        if k <= maxMarked {
            chart.marks.append(.markers(id: "excluded", points: open, axis: .left, color: keyColor, filled: false, radius: 5))
            chart.marks.append(
                .markers(
                    id: "keys", points: keys.indices.filter { s.keyTaken[$0] }.map { keys[$0] }, axis: .left,
                    color: keyColor, filled: true, radius: 5))
        }
        if k <= maxNumbered {
            // Keys within 4 px of each other share one label ("0, 4" for a closed path).
            var groups: [(x: Double, y: Double, names: [String])] = []
            for (i, p) in keys.enumerated() {
                if let g = groups.firstIndex(where: { abs(chart.px($0.x) - chart.px(p.x)) < 4 && abs(chart.py($0.y) - chart.py(p.y)) < 4 }) {
                    groups[g].names.append(String(i))
                } else {
                    groups.append((p.x, p.y, [String(i)]))
                }
            }
            for g in groups {
                chart.marks.append(.label(text: g.names.joined(separator: ", "), x: g.x, y: g.y, axis: .left, dx: 7, dy: -7, color: keyColor))
            }
        }
        return chart
    }

    static func legend2D(_ input: Input, _ s: Sampled) -> [Chart.LegendEntry] {
        let track = input.track
        var legend: [Chart.LegendEntry] = [.init(glyph: .line(.init(color: pathColor, width: 2.4)), label: "path")]
        if track.count <= maxMarked {
            legend.append(
                .init(
                    glyph: .marker(color: keyColor, filled: true),
                    label: track.count <= maxNumbered ? "key point (index in values)" : "key point"))
        }
        if !s.jumps.isEmpty {
            legend.append(.init(glyph: .line(.init(color: pathColor, width: 1.2, dash: "3 4")), label: "jump"))
            legend.append(.init(glyph: .marker(color: keyColor, filled: false), label: "value before a jump (not taken)"))
        }
        if input.progressStep > 0 {
            var label = "every \(PlotFormat.significant(input.progressStep * 100, 4)) % of progress"
            if let d = input.duration { label += " (\(PlotFormat.significant(input.progressStep * d, 4)) s)" }
            legend.append(.init(glyph: .marker(color: tickColor, filled: true), label: label))
        }
        if let note = pacingNote(track) { legend.append(.init(glyph: .none, label: note, color: "#555555")) }
        legend.append(.init(glyph: .none, label: "y points down (UIKit / Core Animation)", color: "#555555"))
        return legend
    }
}
