import MotionKernel
import MotionKernelEval

/// `plot decay`: value (left axis) and velocity (right axis) of a released gesture over time
/// (eval's `decay.sample` models), with the resting value, the model's stop (`duration`), UIKit's
/// projected value and, for Motion's inertia, the bounds and the exact time the decay crosses
/// one (`boundaryTime`), where the spring takes over.
enum DecayPlot {
    static let usage = "motionkernel plot decay --decay JSON --velocity V [--from X] [--duration S] [--out FILE.svg]"

    static let help = """
        motionkernel plot decay — a released gesture's value and velocity over time

        Usage: \(usage)

          --decay JSON       the decay object of eval's decay.sample: "model" (uikit, reactNative,
                             compose, androidFling, motionInertia) and its parameters, e.g.
                             '{"model":"uikit","decelerationRate":"fast"}' or
                             '{"model":"motionInertia","max":300}' (@FILE reads it from a file)
          --velocity V       the velocity at release, value units per second (required)
          --from X           the value at release (default 0)
          --duration S       seconds to draw (default: 1.25 × the model's duration, rounded up
                             to a tick)

        """

    /// Samples across the time axis (the polyline is then thinned to 0.05 px).
    static let samples = 2000

    /// What to draw: the model's motion and its extra answer fields.
    struct Input {
        var motion: any DecayMotion
        var model: String
        var projected: Double?
        var boundaryTime: Double?
        var bounds: (min: Double?, max: Double?)
        var duration: Double?
    }

    /// Reads the options.
    /// - Throws: usage failures for missing or unknown options; invalid failures naming the
    ///   option and field (`--decay: decay.decelerationRate: …`, `--velocity: …`).
    static func input(_ a: PlotArguments) throws(PlotFailure) -> Input {
        let spec: DecayOps.Spec = try a.object("--decay", name: "decay", what: "a decay object") { try DecayOps.parseSpec($0) }
        guard let velocity = try a.number("--velocity") else { throw .usage("--velocity is required", usage) }
        let from = try a.number("--from") ?? 0
        let built: (motion: any DecayMotion, extra: [(String, JSONValue)])
        do {
            built = try spec.motion(from: from, velocity: velocity)
        } catch let e {
            if e.field == "from" || e.field == "velocity" { throw .invalid("--\(e.field): \(e.reason)") }
            throw .invalid("--decay", e)
        }
        var input = Input(motion: built.motion, model: spec.model, bounds: (nil, nil))
        for (key, value) in built.extra {
            if case .number(let v) = value {
                if key == "projectedValue" { input.projected = v }
                if key == "boundaryTime" { input.boundaryTime = v }
            }
        }
        if let inertia = built.motion as? MotionInertia { input.bounds = (inertia.min, inertia.max) }
        input.duration = try a.number("--duration", in: 1e-9...1e9, what: "seconds from 1e-9 to 1e9")
        return input
    }

    /// The chart for `input`.
    /// - Throws: an invalid failure when the motion has no finite time scale (give `--duration`).
    static func chart(_ input: Input) throws(PlotFailure) -> Chart {
        let m = input.motion
        let stop = m.duration
        let end = input.duration ?? (stop > 0 && stop.isFinite ? 1.25 * stop : 1)
        guard end > 0, end.isFinite else { throw .invalid("--duration: the motion has no finite time scale; give --duration") }
        let x = NiceScale(covering: 0, end)
        let tEnd = input.duration ?? x.hi
        let (values, velocities) = try PlotSeries.valueAndVelocity(end: tEnd, samples: samples, flag: "--velocity") { m.state(at: $0) }
        var yLo = min(m.from, m.restingValue), yHi = max(m.from, m.restingValue)
        for p in values {
            yLo = min(yLo, p.y)
            yHi = max(yHi, p.y)
        }
        if let p = input.projected {
            yLo = min(yLo, p)
            yHi = max(yHi, p)
        }
        var vLo = 0.0, vHi = 0.0
        for p in velocities {
            vLo = min(vLo, p.y)
            vHi = max(vHi, p.y)
        }
        let f = { (v: Double) in PlotFormat.significant(v, 3) }
        var chart = Chart(
            title: "\(input.model) decay from \(f(m.from)) at \(f(m.initialVelocity))/s", xTitle: "time (s)", yTitle: "value", x: x,
            y: NiceScale(covering: yLo, yHi), y2Title: "velocity (value/s)", y2: NiceScale(covering: vLo, vHi))
        chart.yTitleColor = SpringPlot.valueColor
        chart.y2TitleColor = SpringPlot.velocityColor
        let restColor = "#555555", stopColor = "#1b7a1b", boundColor = "#b0208f", projectedColor = "#7f7f7f"
        chart.marks = [.hLine(y: m.restingValue, axis: .left, stroke: .init(color: restColor, width: 1.2, dash: "6 4"))]
        chart.legend = [
            .init(glyph: .line(.init(color: SpringPlot.valueColor, width: 2.4)), label: "value"),
            .init(glyph: .line(.init(color: SpringPlot.velocityColor, width: 1.8)), label: "velocity (right axis)"),
            .init(glyph: .line(.init(color: restColor, width: 1.2, dash: "6 4")), label: "resting value \(f(m.restingValue))"),
        ]
        if let p = input.projected {
            chart.marks.append(.hLine(y: p, axis: .left, stroke: .init(color: projectedColor, width: 1, dash: "2 3")))
            chart.legend.append(.init(glyph: .line(.init(color: projectedColor, width: 1, dash: "2 3")), label: "projected value \(f(p))"))
        }
        for bound in [input.bounds.min, input.bounds.max].compactMap({ $0 }) where bound >= yLo && bound <= yHi {
            chart.marks.append(.hLine(y: bound, axis: .left, stroke: .init(color: boundColor, width: 1.2, dash: nil)))
        }
        if input.bounds.min != nil || input.bounds.max != nil {
            chart.legend.append(.init(glyph: .line(.init(color: boundColor, width: 1.2)), label: "bounds"))
        }
        if let b = input.boundaryTime, b <= tEnd {
            chart.marks.append(.vLine(x: b, stroke: .init(color: boundColor, width: 1.5, dash: "4 3"), label: "crosses at \(f(b)) s"))
        }
        if stop > 0, stop <= tEnd {
            chart.marks.append(.vLine(x: stop, stroke: .init(color: stopColor, width: 1.5, dash: "4 3"), label: "stops at \(f(stop)) s"))
            chart.legend.append(.init(glyph: .line(.init(color: stopColor, width: 1.5, dash: "4 3")), label: "duration"))
        } else if stop > 0 {
            chart.legend.append(.init(glyph: .none, label: "stops at \(f(stop)) s (after the plotted time)", color: stopColor))
        }
        chart.marks.append(
            .line(id: "series-velocity", points: velocities, axis: .right, stroke: .init(color: SpringPlot.velocityColor, width: 1.8, dash: nil)))
        chart.marks.append(.line(id: "series-value", points: values, axis: .left, stroke: .init(color: SpringPlot.valueColor, width: 2.4, dash: nil)))
        return chart
    }
}
