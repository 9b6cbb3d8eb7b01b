/// A piecewise-linear easing function: CSS `linear(…)` (CSS Easing Level 2 §2.1).
///
/// The function is a list of control ``points`` (input, output) with non-decreasing inputs.
/// Inputs are fractions of the progress (the CSS percentage divided by 100: `50%` is 0.5);
/// outputs are any finite numbers.
///
/// **Canonicalisation** (``init(stops:)``, the specification's "create a linear easing
/// function"): a stop with two inputs becomes two points with the same output; a stop's input is
/// raised to the largest input before it (inputs never decrease); a missing first input is 0; a
/// missing last input is max(1, largest input so far); a run of missing inputs between two known
/// ones is spread evenly between them.
///
/// **Evaluation** (``value(at:)``): with A the last point whose input is ≤ x (the first point if
/// none is) and B the point after it (the last two points when A is the last), the output is B's
/// output when A and B have the same input, otherwise the straight line through A and B at x. So
/// inputs outside the points' range extrapolate along the first or last segment, and at a run of
/// coincident inputs the output is the last of them (the function is right-continuous).
///
/// Equality and hashing compare the canonical points (`linear(0, 1)` equals `linear(0 0%, 1 100%)`).
public struct LinearEasing: Sendable, Hashable, CustomStringConvertible {
    /// One control point of a canonical linear easing function.
    public struct Point: Sendable, Hashable {
        /// Input progress (a fraction: 1 is CSS `100%`), finite.
        public let input: Double
        /// Output progress, finite.
        public let output: Double

        /// Creates a point (not validated; ``LinearEasing/init(points:)`` validates).
        ///
        /// - Parameters:
        ///   - input: input progress as a fraction (CSS percentage / 100).
        ///   - output: output progress.
        public init(input: Double, output: Double) {
            self.input = input + 0
            self.output = output + 0
        }
    }

    /// One `<linear-stop>` as written in CSS: an output with zero, one or two input positions.
    public struct Stop: Sendable, Hashable {
        /// The stop's output progress (the `<number>`), finite.
        public var output: Double
        /// The stop's input positions as fractions (CSS percentages / 100): empty, one or two
        /// values.
        public var inputs: [Double]

        /// Creates a stop.
        ///
        /// - Parameters:
        ///   - output: the output progress.
        ///   - inputs: zero, one or two input positions as fractions (`0.5` for `50%`).
        public init(_ output: Double, at inputs: [Double] = []) {
            self.output = output
            self.inputs = inputs
        }
    }

    /// The canonical control points: at least two, inputs finite and non-decreasing.
    public let points: [Point]

    /// Creates a linear easing function from CSS stops, canonicalised as CSS Easing 2 specifies.
    ///
    /// - Parameter stops: at least two stops; outputs and inputs finite; at most two inputs per
    ///   stop.
    /// - Throws: `MotionKernelError.invalidValue` naming `stops` (fewer than two) or
    ///   `stops[i].output` / `stops[i].inputs` (non-finite, or more than two inputs).
    public init(stops: [Stop]) throws(MotionKernelError) {
        guard stops.count >= 2 else {
            throw MotionKernelError.invalidValue("stops", "expected at least 2 stops, got \(stops.count)")
        }
        var builder = Builder()
        builder.reserveCapacity(stops.count)
        for (i, stop) in stops.enumerated() {
            try MotionKernelError.requireFinite(stop.output, "stops[\(i)].output")
            guard stop.inputs.count <= 2 else {
                throw MotionKernelError.invalidValue("stops[\(i)].inputs", "expected at most 2 inputs, got \(stop.inputs.count)")
            }
            for (j, input) in stop.inputs.enumerated() {
                try MotionKernelError.requireFinite(input, "stops[\(i)].inputs[\(j)]")
            }
            builder.append(stop.output, stop.inputs.first, stop.inputs.count > 1 ? stop.inputs[1] : nil)
        }
        self.points = builder.finish()
    }

    /// Canonical points from stops given one at a time (``init(stops:)``'s algorithm, with
    /// memory linear in the stops and no allocation per stop).
    struct Builder {
        /// The points so far; a missing input is NaN until ``finish()``.
        private(set) var points: [Point] = []
        private(set) var stopCount = 0
        /// The largest input so far (inputs never decrease).
        private var largest = -Double.infinity
        /// Whether the last stop had no input.
        private var lastIsBare = false
        /// Whether some middle stop has no input.
        private var hasGaps = false

        mutating func reserveCapacity(_ n: Int) { points.reserveCapacity(n) }

        /// Appends a stop: a finite output with zero, one or two finite inputs (`b` only with `a`).
        mutating func append(_ output: Double, _ a: Double?, _ b: Double?) {
            if lastIsBare && stopCount > 0 { hasGaps = true }
            stopCount += 1
            guard let a else {
                if stopCount == 1 {
                    points.append(Point(input: 0, output: output))
                    largest = 0
                    lastIsBare = false
                } else {
                    points.append(Point(input: .nan, output: output))
                    lastIsBare = true
                }
                return
            }
            lastIsBare = false
            largest = max(a, largest)
            points.append(Point(input: largest, output: output))
            if let b {
                largest = max(b, largest)
                points.append(Point(input: largest, output: output))
            }
        }

        /// The canonical points: a missing last input is max(1, largest input), runs of missing
        /// inputs spread evenly between their known neighbours.
        consuming func finish() -> [Point] {
            if lastIsBare, let last = points.last {
                points[points.count - 1] = Point(input: max(1, largest), output: last.output)
            }
            guard hasGaps else { return points }
            var i = 1
            while i < points.count {
                guard points[i].input.isNaN else {
                    i += 1
                    continue
                }
                var j = i
                while points[j].input.isNaN { j += 1 }
                // The point before the run is known (i ≥ 1), and so is the last point.
                let a = points[i - 1].input
                let b = points[j].input
                let count = Double(j - i + 1)
                for k in i..<j {
                    points[k] = Point(input: a + (b - a) * Double(k - i + 1) / count, output: points[k].output)
                }
                i = j
            }
            return points
        }
    }

    /// Canonical points already checked (finite, inputs non-decreasing, at least two).
    init(uncheckedPoints points: [Point]) { self.points = points }

    /// Creates a linear easing function from canonical points.
    ///
    /// - Parameter points: at least two points with finite inputs and outputs and
    ///   non-decreasing inputs.
    /// - Throws: `MotionKernelError.invalidValue` naming `points` (fewer than two) or
    ///   `points[i].input` / `points[i].output` (non-finite, or an input below the one before).
    public init(points: [Point]) throws(MotionKernelError) {
        guard points.count >= 2 else {
            throw MotionKernelError.invalidValue("points", "expected at least 2 points, got \(points.count)")
        }
        for (i, p) in points.enumerated() {
            try MotionKernelError.requireFinite(p.input, "points[\(i)].input")
            try MotionKernelError.requireFinite(p.output, "points[\(i)].output")
            if i > 0 && p.input < points[i - 1].input {
                throw MotionKernelError.invalidValue(
                    "points[\(i)].input", "expected inputs in non-decreasing order, got \(p.input) after \(points[i - 1].input)")
            }
        }
        self.points = points
    }

    /// The index A of the segment (A, A + 1) that evaluates x (see the type's documentation).
    @usableFromInline
    func segment(_ x: Double) -> Int {
        // Last index with input ≤ x, or 0: binary search over the non-decreasing inputs.
        var lo = 0
        var hi = points.count  // invariant: inputs[0..<lo] ≤ x (when lo > 0), inputs[hi...] > x
        while lo < hi {
            let mid = (lo + hi) / 2
            if points[mid].input <= x { lo = mid + 1 } else { hi = mid }
        }
        let a = max(lo - 1, 0)
        return min(a, points.count - 2)
    }

    /// The output progress at input progress `x`.
    ///
    /// - Parameter x: input progress, any finite value (outside the points' range the first or
    ///   last segment is extended).
    /// - Returns: A's output + (x − A's input) / (B's input − A's input) · (B's output − A's
    ///   output), or B's output when A and B have the same input.
    public func value(at x: Double) -> Double {
        let a = points[segment(x)]
        let b = points[segment(x) + 1]
        if a.input == b.input { return b.output }
        if a.output == b.output { return a.output }  // flat: no 0 · ∞ far outside the points
        let t = (x - a.input) / (b.input - a.input)
        return a.output + t * (b.output - a.output) + 0
    }

    /// d output / d input at `x`: the slope of the segment that evaluates `x` (0 on a vertical
    /// jump, where the function has no finite slope).
    ///
    /// - Parameter x: input progress, any finite value.
    public func slope(at x: Double) -> Double {
        let i = segment(x)
        let a = points[i]
        let b = points[i + 1]
        if a.input == b.input { return 0 }
        return (b.output - a.output) / (b.input - a.input)
    }

    /// The canonical CSS text, as browsers serialise it: every point as `output input%`, numbers
    /// with 6 significant digits (`linear(0 0%, 1.3 11.1111%, …, 1 100%)`).
    public var cssText: String { cssText(digits: CSSNumber.browserDigits) }

    /// CSS text whose numbers parse back to exactly these points (shortest round-trip digits).
    public var exactCSSText: String { cssText(digits: nil) }

    /// The same as ``cssText``.
    public var description: String { cssText }
}
