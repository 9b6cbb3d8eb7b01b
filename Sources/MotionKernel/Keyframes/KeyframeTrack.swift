/// A keyframe track with `CAKeyframeAnimation` semantics: values (scalars or points) placed at
/// key times in normalized progress [0, 1], interpolated by a calculation mode, with optional
/// per-segment timing functions and per-key tension / continuity / bias for the cubic modes.
///
/// Decisions, each following Apple's `CAKeyframeAnimation` documentation where it speaks:
/// - **keyTimes** are fractions of the duration, non-decreasing, first 0 and last 1 (Apple:
///   "the first value in the array must be 0.0 and the last value must be 1.0"). Apple ignores
///   invalid key times; this type rejects them, naming `keyTimes[i]`. Their count is the value
///   count (linear, cubic) or, in discrete mode, the value count + 1 (Apple's documented rule)
///   or the value count (SVG SMIL's rule, also accepted: value i holds on [keyTimes[i],
///   keyTimes[i+1]) and the last value is shown from its key time, 1, on — i.e. at progress 1
///   only). Absent key times are evenly spaced: i/(K−1), or i/K for the K + 1 discrete ones.
/// - **Repeated key times** (a zero-length segment) make a jump; at the jump time the later
///   value is taken (every segment is closed on the left, open on the right).
/// - **discrete**: value i holds on [keyTimes[i], keyTimes[i+1]); the last value holds to and
///   including progress 1.
/// - **linear**: segment i goes from value i to value i+1 as `(1 − w)·v[i] + w·v[i+1]`, w the
///   segment's local fraction after its timing function (so key values are hit exactly).
/// - **cubic**: a Kochanek–Bartels spline (``KochanekBartelsSpline``, with the paper's
///   adjustment for unequal key spacing; Catmull–Rom when tension, continuity and bias are 0,
///   as Apple documents) through (keyTimes[i], values[i]); each segment's timing function
///   remaps time inside the segment: t = keyTimes[i] + w·(keyTimes[i+1] − keyTimes[i]).
///   Repeated key times split the curve: each run of strictly increasing key times is its own
///   spline (a jump between runs).
/// - **paced**: keyTimes and timingFunctions are ignored (Apple: "keyTimes and timingFunction
///   are ignored"); key times are generated proportional to the cumulative Euclidean distance
///   between consecutive values, so the polyline is traversed at constant speed.
/// - **cubicPaced**: keyTimes and timingFunctions are ignored; the curve is the cubic mode's
///   curve with those distance-proportional key times (Apple does not document the knot
///   choice; chord-length knots are the natural one), traversed at constant speed by arc
///   length (composite Gauss–Legendre quadrature per segment, Newton inversion with a
///   bisection safeguard; see `ArcLengthTable`).
/// - **timingFunctions**: one per segment (values.count − 1, Apple: "n − 1 objects"), applied
///   to the segment's local fraction; any other non-zero count is an error (Apple leaves it
///   undefined). They have no effect in discrete, paced and cubicPaced modes.
/// - **tension/continuity/biasValues**: one per key; fewer are padded with 0 (Apple: "If you
///   do not specify a value for a given control point, the value 0 is used"); more is an error.
///   Used by the cubic modes only.
/// - **Progress outside [0, 1]** is clamped to [0, 1] (a keyframe animation does not
///   extrapolate; its fill mode holds the end values).
/// - Values with several channels (points) are interpolated channel by channel, except that
///   paced modes measure Euclidean distance over all channels.
public struct KeyframeTrack<T: MotionScalar>: Sendable {
    /// How values between keyframes are calculated.
    public typealias CalculationMode = KeyframeCalculationMode

    /// The calculation mode.
    public let calculationMode: CalculationMode
    /// Channels per value (1 for scalars, 2 or 3 for points).
    public let dimension: Int
    /// The K values, K × `dimension` row-major.
    public let values: [T]
    /// The key times in use: as given (or evenly spaced), or generated in paced modes. K
    /// entries, or K + 1 in discrete mode when given so (or absent).
    public let keyTimes: [T]
    /// Per-segment timing functions (K − 1), or empty (linear pacing everywhere).
    public let timingFunctions: [TimingFunction]
    /// Tension per key (K, padded with 0).
    public let tension: [T]
    /// Continuity per key (K, padded with 0).
    public let continuity: [T]
    /// Bias per key (K, padded with 0).
    public let bias: [T]
    /// Cubic modes: (K − 1) × 4 × D polynomial coefficients in s = t − keyTimes[i] (unused for
    /// zero-length segments); empty otherwise.
    @usableFromInline let coefficients: [T]
    /// cubicPaced: the arc-length table of the curve; nil otherwise.
    @usableFromInline let arcLength: ArcLengthTable?

    /// The number of keyframe values, K.
    @inlinable public var count: Int { values.count / dimension }

    /// Creates a track.
    /// - Parameters:
    ///   - values: K ≥ 1 values, K × `dimension` row-major, finite.
    ///   - dimension: channels per value, ≥ 1.
    ///   - keyTimes: nil (evenly spaced), or key times as described in the type's doc.
    ///     Ignored (not validated) in paced modes.
    ///   - calculationMode: default `.linear` (Core Animation's default).
    ///   - timingFunctions: empty, or K − 1 timing functions. Ignored in paced modes.
    ///   - tension: at most K finite Kochanek–Bartels tensions (missing ones are 0).
    ///   - continuity: at most K finite continuities (missing ones are 0).
    ///   - bias: at most K finite biases (missing ones are 0).
    /// - Throws: `invalidValue` naming `values`, `values[i]`, `values[i][c]`, `dimension`,
    ///   `keyTimes`, `keyTimes[i]`, `timingFunctions`, `tensionValues`, `tensionValues[i]`
    ///   (likewise `continuityValues`, `biasValues`).
    /// - Complexity: O(K · D); cubicPaced adds O(K · D) quadrature nodes.
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public init(
        values: [T], dimension: Int = 1, keyTimes: [T]? = nil, calculationMode: CalculationMode = .linear,
        timingFunctions: [TimingFunction] = [], tension: [T] = [], continuity: [T] = [], bias: [T] = []
    ) throws(MotionKernelError) {
        guard dimension >= 1 else {
            throw MotionKernelError.invalidValue("dimension", "expected at least 1 channel per value, got \(dimension)")
        }
        guard !values.isEmpty, values.count % dimension == 0 else {
            throw MotionKernelError.invalidValue(
                "values", "expected at least one value of \(dimension) number(s), got \(values.count) numbers")
        }
        for (j, v) in values.enumerated() where !v.isFinite {
            let path = dimension == 1 ? "values[\(j)]" : "values[\(j / dimension)][\(j % dimension)]"
            throw MotionKernelError.invalidValue(path, "expected a finite number, got \(v)")
        }
        let k = values.count / dimension
        func perKey(_ p: [T], _ name: String) throws(MotionKernelError) -> [T] {
            guard p.count <= k else {
                throw MotionKernelError.invalidValue(name, "expected at most \(k) numbers (one per key), got \(p.count)")
            }
            for (i, v) in p.enumerated() where !v.isFinite {
                throw MotionKernelError.invalidValue("\(name)[\(i)]", "expected a finite number, got \(v)")
            }
            return p + [T](repeating: 0, count: k - p.count)
        }
        self.tension = try perKey(tension, "tensionValues")
        self.continuity = try perKey(continuity, "continuityValues")
        self.bias = try perKey(bias, "biasValues")
        let paced = calculationMode == .paced || calculationMode == .cubicPaced
        if !paced && !timingFunctions.isEmpty && timingFunctions.count != k - 1 {
            throw MotionKernelError.invalidValue(
                "timingFunctions", "expected \(k - 1) timing functions (one per segment between \(k) values), got \(timingFunctions.count)")
        }
        self.calculationMode = calculationMode
        self.dimension = dimension
        self.values = values
        self.timingFunctions = paced ? [] : timingFunctions

        let times: [T]
        if paced {
            times = Self.pacedKeyTimes(values, dimension: dimension)
        } else if let given = keyTimes {
            try Self.validateKeyTimes(given, values: k, discrete: calculationMode == .discrete)
            times = given
        } else {
            let n = calculationMode == .discrete ? k : k - 1
            times = n == 0 ? [0] : (0...n).map { T($0) / T(n) }
        }
        self.keyTimes = times

        switch calculationMode {
        case .cubic, .cubicPaced:
            let coef = try Self.cubicCoefficients(
                x: times, values: values, dimension: dimension, tension: self.tension,
                continuity: self.continuity, bias: self.bias)
            self.coefficients = coef
            self.arcLength =
                calculationMode == .cubicPaced && k >= 2
                ? ArcLengthTable(breakpoints: times.map(\.doubleValue), coefficients: coef.map(\.doubleValue), dimension: dimension)
                : nil
        case .linear, .discrete, .paced:
            self.coefficients = []
            self.arcLength = nil
        }
    }

    /// Checks key times: count K (or K + 1 / K in discrete mode), finite, non-decreasing,
    /// first 0, last 1.
    static func validateKeyTimes(_ t: [T], values k: Int, discrete: Bool) throws(MotionKernelError) {
        let ok = discrete ? (t.count == k + 1 || t.count == k) : t.count == k
        guard ok else {
            let expected = discrete ? "\(k + 1) (one more than the values, Core Animation's rule) or \(k)" : "\(k) (one per value)"
            throw MotionKernelError.invalidValue("keyTimes", "expected \(expected) key times, got \(t.count)")
        }
        for i in t.indices {
            guard t[i].isFinite else {
                throw MotionKernelError.invalidValue("keyTimes[\(i)]", "expected a finite number, got \(t[i])")
            }
            if i > 0 && t[i] < t[i - 1] {
                throw MotionKernelError.invalidValue(
                    "keyTimes[\(i)]", "expected non-decreasing key times, got \(t[i]) after \(t[i - 1])")
            }
        }
        guard t[0] == 0 else {
            throw MotionKernelError.invalidValue("keyTimes[0]", "the first key time must be 0, got \(t[0])")
        }
        guard t[t.count - 1] == 1 else {
            throw MotionKernelError.invalidValue("keyTimes[\(t.count - 1)]", "the last key time must be 1, got \(t[t.count - 1])")
        }
    }

    /// Key times proportional to the cumulative Euclidean distance between consecutive values
    /// (all zero but the last when every value is the same point; [0] for one value).
    static func pacedKeyTimes(_ v: [T], dimension d: Int) -> [T] {
        let k = v.count / d
        if k == 1 { return [0] }
        // Distances in Double, scaled by the largest coordinate difference (no overflow).
        var scale = 0.0
        for i in 0..<(k - 1) {
            for c in 0..<d { scale = max(scale, abs(v[(i + 1) * d + c].doubleValue - v[i * d + c].doubleValue)) }
        }
        var cum = [Double](repeating: 0, count: k)
        if scale > 0 {
            for i in 0..<(k - 1) {
                var sq = 0.0
                for c in 0..<d {
                    let r = (v[(i + 1) * d + c].doubleValue - v[i * d + c].doubleValue) / scale
                    sq += r * r
                }
                cum[i + 1] = cum[i] + sq.squareRoot()
            }
        }
        let total = cum[k - 1]
        guard total > 0 else {
            // Every value is the same point: any timing is constant speed; keep even spacing.
            return (0..<k).map { T($0) / T(k - 1) }
        }
        var t = cum.map { T($0 / total) }
        t[k - 1] = 1
        return t
    }

    /// Per-segment cubic coefficients: a Kochanek–Bartels spline over each run of strictly
    /// increasing key times (zero-length segments get the constant next value).
    static func cubicCoefficients(
        x: [T], values: [T], dimension d: Int, tension: [T], continuity: [T], bias: [T]
    ) throws(MotionKernelError) -> [T] {
        let k = values.count / d
        guard k >= 2 else { return [] }
        var coef = [T](repeating: 0, count: (k - 1) * 4 * d)
        var start = 0
        while start < k {
            var end = start
            while end + 1 < k && x[end + 1] > x[end] { end += 1 }
            // Keys start...end have strictly increasing times.
            if end > start {
                let r = start...end
                let spline: KochanekBartelsSpline<T>
                do {
                    spline = try KochanekBartelsSpline(
                        x: Array(x[r]), values: Array(values[(start * d)..<((end + 1) * d)]), channels: d,
                        tension: Array(tension[r]), continuity: Array(continuity[r]), bias: Array(bias[r]))
                } catch let e {
                    throw MotionKernelError.invalidValue("values", e.reason)
                }
                let src = spline.curve.coefficients
                for (offset, j) in (start * 4 * d..<(end * 4 * d)).enumerated() { coef[j] = src[offset] }
            }
            if end + 1 < k {
                // Segment end → end+1 has zero length: constant at the later value.
                for c in 0..<d { coef[end * 4 * d + c] = values[(end + 1) * d + c] }
            }
            start = end + 1
        }
        return coef
    }
}

// MARK: Evaluation

extension KeyframeTrack {
    /// The value (all `dimension` channels) at progress `p` (clamped to [0, 1]).
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public func value(at p: T) -> [T] {
        var out = [T](repeating: 0, count: dimension)
        out.withUnsafeMutableBufferPointer { o in
            var hint = 0
            evaluate(p, hint: &hint, into: o.baseAddress!)
        }
        return out
    }

    /// Samples at many progress values (any order; sorted ones locate their segment in O(1)):
    /// a `progress.count × dimension` row-major array.
    /// - Throws: `invalidValue` naming `progress[i]` for a non-finite progress, or `progress`
    ///   when the output would exceed 10⁹ numbers.
    /// - Complexity: O(N · D) for sorted progress (plus an O(log) search per unsorted one);
    ///   cubicPaced adds a bounded Newton solve per sample.
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public func sample(at progress: [T]) throws(MotionKernelError) -> [T] {
        let n = try MotionKernelError.checkedCount([progress.count, dimension], limit: 1_000_000_000, "progress")
        var out = [T](repeating: 0, count: n)
        try out.withUnsafeMutableBufferPointer { o throws(MotionKernelError) in try sample(at: progress, into: o, rowStride: dimension) }
        return out
    }

    /// Samples into a caller buffer: row r (at `output + r·rowStride`) receives the
    /// `dimension` channels at `progress[r]`.
    /// - Throws: `invalidValue` naming `progress[i]` (non-finite), `rowStride` (< dimension) or
    ///   `output` (too small).
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public func sample(at progress: [T], into output: UnsafeMutableBufferPointer<T>, rowStride: Int) throws(MotionKernelError) {
        guard rowStride >= dimension else {
            throw MotionKernelError.invalidValue("rowStride", "expected at least \(dimension), got \(rowStride)")
        }
        for (i, p) in progress.enumerated() where !p.isFinite {
            throw MotionKernelError.invalidValue("progress[\(i)]", "expected a finite number, got \(p)")
        }
        if progress.isEmpty { return }
        guard let span = BLAS.span(rows: progress.count, cols: dimension, ld: rowStride), output.count >= span else {
            throw MotionKernelError.invalidValue("output", "buffer holds \(output.count) elements, too few for \(progress.count) rows")
        }
        var hint = 0
        let base = output.baseAddress!
        for (r, p) in progress.enumerated() { evaluate(p, hint: &hint, into: base + r * rowStride) }
    }

    /// The largest i in `lo...hi` with keyTimes[i] ≤ p (lo if none), starting from `hint`.
    @inlinable
    func keyIndex(_ p: T, upTo hi: Int, hint: Int) -> Int {
        let x = keyTimes
        if hint >= 0 && hint <= hi && x[hint] <= p {
            if hint == hi || p < x[hint + 1] { return hint }
            if hint + 1 == hi || p < x[hint + 2] { return hint + 1 }
        }
        return Self.keyIndex(p, in: x, upTo: hi)
    }

    /// The largest i in `0...hi` with x[i] ≤ p (0 if none), by bisection: the key search of
    /// this track and of `VectorKeyframeTrack`.
    @inlinable
    static func keyIndex(_ p: T, in x: [T], upTo hi: Int) -> Int {
        var lo = 0, h = hi
        if !(x[0] <= p) { return 0 }
        while lo < h {
            let mid = (lo + h + 1) / 2
            if p < x[mid] { h = mid - 1 } else { lo = mid }
        }
        return lo
    }

    /// Evaluates every channel at progress `p` into `o` (the kernel behind every sampler).
    @inlinable
    func evaluate(_ p: T, hint: inout Int, into o: UnsafeMutablePointer<T>) {
        let d = dimension, k = count
        let p = min(max(p, 0), 1)
        if k == 1 {
            for c in 0..<d { o[c] = values[c] }
            return
        }
        switch calculationMode {
        case .discrete:
            let i = min(keyIndex(p, upTo: keyTimes.count - 1, hint: hint), k - 1)
            hint = i
            for c in 0..<d { o[c] = values[i * d + c] }
        case .linear, .paced, .cubic:
            if p >= keyTimes[k - 1] {
                for c in 0..<d { o[c] = values[(k - 1) * d + c] }
                return
            }
            let i = keyIndex(p, upTo: k - 1, hint: hint)
            hint = i
            // keyTimes[i] ≤ p < keyTimes[i+1], so the segment has positive length.
            let h = keyTimes[i + 1] - keyTimes[i]
            var u = (p - keyTimes[i]) / h
            if !timingFunctions.isEmpty {
                u = T(timingFunctions[i].value(at: u.doubleValue))
            }
            if calculationMode == .cubic {
                Self.polynomial(coefficients, segment: i, dimension: d, s: u * h, into: o)
            } else {
                let a = 1 - u
                for c in 0..<d { o[c] = a * values[i * d + c] + u * values[(i + 1) * d + c] }
            }
        case .cubicPaced:
            guard let table = arcLength, table.total > 0 else {
                for c in 0..<d { o[c] = values[c] }
                return
            }
            if p >= 1 {
                for c in 0..<d { o[c] = values[(k - 1) * d + c] }
                return
            }
            let (i, s) = table.locate(fraction: p.doubleValue, hint: &hint)
            Self.polynomial(coefficients, segment: i, dimension: d, s: T(s), into: o)
        }
    }

    /// Segment `i`'s polynomials at local time `s` into `o`.
    @inlinable @inline(__always)
    static func polynomial(_ coef: [T], segment i: Int, dimension d: Int, s: T, into o: UnsafeMutablePointer<T>) {
        let b = i * 4 * d
        for c in 0..<d {
            o[c] = ((coef[b + 3 * d + c] * s + coef[b + 2 * d + c]) * s + coef[b + d + c]) * s + coef[b + c]
        }
    }
}
