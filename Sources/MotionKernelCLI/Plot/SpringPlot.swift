import MotionKernel
import MotionKernelEval

/// `plot spring`: value (left axis) and velocity (right axis) of a spring motion over time, the
/// target line, the ε band around it and the exact settling time.
enum SpringPlot {
    static let usage =
        "motionkernel plot spring --spring JSON [--from X] [--to X] [--velocity V | --relative-velocity R] [--epsilon E] [--duration S] [--out FILE.svg]"

    static let help = """
        motionkernel plot spring — a spring's value and velocity over time

        Usage: \(usage)

          --spring JSON      a SpringSpec of the eval protocol, e.g. '{"stiffness":170,"damping":26}'
                             or '{"response":0.5,"dampingRatio":0.7}' (@FILE reads it from a file)
          --from, --to       start value and target (default 0 and 1)
          --velocity V       initial velocity in value units per second (default 0)
          --relative-velocity R  UIKit's initialSpringVelocity: R · (to − from) per second
          --epsilon E        settling tolerance, absolute, in value units
                             (default 1 % of |to − from|, or of the velocity's reach when from = to)
          --duration S       seconds to draw (default: 1.25 × the settling time, rounded up to a tick)

        """

    /// Default samples across the time axis (the polyline is then thinned to 0.05 px).
    static let samples = 2000

    /// What to draw.
    struct Input {
        var spring: Spring<Double>
        var from = 0.0
        var to = 1.0
        var velocity = 0.0
        /// Absolute tolerance; nil for the default (1 % of the motion's size).
        var epsilon: Double?
        /// Seconds to draw; nil for the default.
        var duration: Double?
    }

    /// Reads the options (`--spring` is a SpringSpec, the rest numbers).
    /// - Throws: usage failures for missing/unknown options, invalid failures naming the option
    ///   and field (`--spring: spring.stiffness: …`).
    static func input(_ a: PlotArguments) throws(PlotFailure) -> Input {
        let spring: Spring<Double> = try a.object("--spring", name: "spring", what: "a SpringSpec") { try SpringOps.parseSpring($0) }

        var ic = JSONObject()
        let names = [("--from", "from"), ("--to", "to"), ("--velocity", "velocity"), ("--relative-velocity", "relativeVelocity")]
        for (flag, key) in names {
            if let v = try a.number(flag) { ic[key] = .number(v) }
        }
        if ic["velocity"] != nil && ic["relativeVelocity"] != nil {
            throw .usage("give either --velocity or --relative-velocity, not both", usage)
        }
        var input = Input(spring: spring)
        do {
            let c: (from: Double, to: Double, velocity: Double) = try SpringOps.initialConditions(Fields(ic))
            (input.from, input.to, input.velocity) = c
        } catch let e {
            let flag = names.first { $0.1 == e.field }?.0 ?? "--velocity"
            throw .invalid("\(flag): \(e.reason)")
        }
        input.epsilon = try a.number("--epsilon", in: Double.leastNonzeroMagnitude...Double.greatestFiniteMagnitude, what: "a number > 0")
        input.duration = try a.number("--duration", in: 1e-9...1e9, what: "seconds from 1e-9 to 1e9")
        return input
    }

    /// The chart for `input`.
    /// - Throws: an invalid failure when the motion is not finite or the default duration cannot
    ///   be formed.
    static func chart(_ input: Input) throws(PlotFailure) -> Chart {
        let s = input.spring
        let distance = abs(input.to - input.from)
        // The default tolerance: 1 % of the distance, or of the velocity's reach |v|/ω₀.
        let reach = distance > 0 ? distance : abs(input.velocity) / s.angularFrequency
        let epsilon = input.epsilon ?? (reach > 0 && reach.isFinite ? 0.01 * reach : 0.01)

        // Exact settling time; an undamped spring that moves never settles.
        var settle: Double?
        do {
            settle = try s.settlingDuration(epsilon: epsilon, from: input.from, to: input.to, initialVelocity: input.velocity)
        } catch let e {
            guard e.field == "damping" else { throw .invalid("--\(e.field): \(e.reason)") }
            settle = nil
        }
        let end: Double
        if let d = input.duration {
            end = d
        } else if let t = settle, t > 0 {
            end = 1.25 * t
        } else {
            end = (settle == nil ? 3 : 1) * s.undampedPeriod
        }
        guard end > 0, end.isFinite else { throw .invalid("--duration: the motion has no finite time scale; give --duration") }

        let x = NiceScale(covering: 0, end)
        let tEnd = input.duration ?? x.hi
        let (values, velocities) = try PlotSeries.valueAndVelocity(end: tEnd, samples: samples, flag: "--spring") {
            s.state(at: $0, from: input.from, to: input.to, initialVelocity: input.velocity)
        }

        var yLo = min(input.from, input.to - epsilon), yHi = max(input.from, input.to + epsilon)
        for p in values {
            yLo = min(yLo, p.y)
            yHi = max(yHi, p.y)
        }
        var vLo = 0.0, vHi = 0.0
        for p in velocities {
            vLo = min(vLo, p.y)
            vHi = max(vHi, p.y)
        }

        let f = { (v: Double) in PlotFormat.significant(v, 3) }
        let title = "Spring from \(f(input.from)) to \(f(input.to)): k = \(f(s.stiffness)), c = \(f(s.damping)), m = \(f(s.mass)), ζ = \(f(s.dampingRatio))"
        var chart = Chart(
            title: title, xTitle: "time (s)", yTitle: "value", x: x, y: NiceScale(covering: yLo, yHi),
            y2Title: "velocity (value/s)", y2: NiceScale(covering: vLo, vHi))
        chart.yTitleColor = valueColor
        chart.y2TitleColor = velocityColor
        let band = "#2ca02c", settleColor = "#1b7a1b"
        chart.marks = [
            .band(y0: input.to - epsilon, y1: input.to + epsilon, axis: .left, fill: band, opacity: 0.18),
            .hLine(y: input.to, axis: .left, stroke: .init(color: "#555555", width: 1.2, dash: "6 4")),
        ]
        if let t = settle, t <= tEnd {
            chart.marks.append(.vLine(x: t, stroke: .init(color: settleColor, width: 1.5, dash: "4 3"), label: "settles at \(f(t)) s"))
        }
        chart.marks.append(.line(id: "series-velocity", points: velocities, axis: .right, stroke: .init(color: velocityColor, width: 1.8, dash: nil)))
        chart.marks.append(.line(id: "series-value", points: values, axis: .left, stroke: .init(color: valueColor, width: 2.4, dash: nil)))
        chart.legend = [
            .init(glyph: .line(.init(color: valueColor, width: 2.4)), label: "value"),
            .init(glyph: .line(.init(color: velocityColor, width: 1.8)), label: "velocity (right axis)"),
            .init(glyph: .line(.init(color: "#555555", width: 1.2, dash: "6 4")), label: "target \(f(input.to))"),
            .init(glyph: .band(fill: band, opacity: 0.18), label: "±ε band, ε = \(f(epsilon))"),
        ]
        if let t = settle, t <= tEnd {
            chart.legend.append(.init(glyph: .line(.init(color: settleColor, width: 1.5, dash: "4 3")), label: "settling time"))
        } else if let t = settle {
            chart.legend.append(.init(glyph: .none, label: "settles at \(f(t)) s (after the plotted time)", color: settleColor))
        } else {
            chart.legend.append(.init(glyph: .none, label: "never settles (undamped)", color: settleColor))
        }
        return chart
    }

    static let valueColor = "#1f5fbf"
    static let velocityColor = "#e8710a"
}
