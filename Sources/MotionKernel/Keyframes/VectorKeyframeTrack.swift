/// A keyframe track over values of any ``MotionVectorArithmetic`` type (a scalar, a SIMD
/// vector, a `CGPoint`, a user type), with ``KeyframeTrack``'s `CAKeyframeAnimation` semantics
/// for the modes that need only vector arithmetic.
///
/// - **linear**: segment i is `v[i].scaled(by: 1 − w) + v[i+1].scaled(by: w)`, w the segment's
///   local fraction after its timing function — the formula of ``KeyframeTrack``, so a
///   `Double` or SIMD-of-`Double` track gives, channel for channel, the bits of the
///   `KeyframeTrack<Double>` with the same key times.
/// - **discrete**: value i holds on [keyTimes[i], keyTimes[i+1]); K or K + 1 key times, as in
///   ``KeyframeTrack``.
/// - **paced**: key times proportional to the cumulative Euclidean distance
///   √(magnitudeSquared) between consecutive values; key times and timing functions ignored.
/// - **cubic**, **cubicPaced** need per-component access (a spline solve) and are rejected with
///   `unsupported`; use ``KeyframeTrack`` with `dimension` channels for them.
///
/// Key times are fractions of progress in [0, 1] (first 0, last 1, non-decreasing); progress
/// outside [0, 1] is clamped.
public struct VectorKeyframeTrack<V: MotionVectorArithmetic> {
    /// The calculation mode (linear, discrete or paced).
    public let calculationMode: KeyframeCalculationMode
    /// The K values.
    public let values: [V]
    /// The key times in use (given, evenly spaced, or generated in paced mode).
    public let keyTimes: [Double]
    /// Per-segment timing functions (K − 1), or empty.
    public let timingFunctions: [TimingFunction]

    /// Creates a track.
    /// - Parameters:
    ///   - values: K ≥ 1 values with finite components.
    ///   - keyTimes: nil (evenly spaced) or key times as for ``KeyframeTrack``; ignored in paced mode.
    ///   - calculationMode: `.linear` (default), `.discrete` or `.paced`.
    ///   - timingFunctions: empty or K − 1 timing functions; ignored in paced mode.
    /// - Throws: `invalidValue` naming `values`, `values[i]`, `keyTimes`, `keyTimes[i]` or
    ///   `timingFunctions`; `unsupported` naming `calculationMode` for the cubic modes.
    public init(
        values: [V], keyTimes: [Double]? = nil, calculationMode: KeyframeCalculationMode = .linear,
        timingFunctions: [TimingFunction] = []
    ) throws(MotionKernelError) {
        guard calculationMode == .linear || calculationMode == .discrete || calculationMode == .paced else {
            throw MotionKernelError.unsupported(
                "calculationMode",
                "\(calculationMode.rawValue) needs per-component values; use KeyframeTrack with channels (linear, discrete and paced are supported here)")
        }
        guard !values.isEmpty else { throw MotionKernelError.invalidValue("values", "expected at least one value") }
        for (i, v) in values.enumerated() where !v.isFiniteVector {
            throw MotionKernelError.invalidValue("values[\(i)]", "expected finite components")
        }
        let k = values.count
        let paced = calculationMode == .paced
        if !paced && !timingFunctions.isEmpty && timingFunctions.count != k - 1 {
            throw MotionKernelError.invalidValue(
                "timingFunctions", "expected \(k - 1) timing functions (one per segment between \(k) values), got \(timingFunctions.count)")
        }
        self.calculationMode = calculationMode
        self.values = values
        self.timingFunctions = paced ? [] : timingFunctions
        if paced {
            var cum = [Double](repeating: 0, count: k)
            for i in 1..<max(k, 1) {
                let d = (values[i] - values[i - 1]).magnitudeSquared.squareRoot()
                guard d.isFinite else {
                    throw MotionKernelError.invalidValue("values[\(i)]", "the distance from values[\(i - 1)] overflows")
                }
                cum[i] = cum[i - 1] + d
            }
            let total = cum[k - 1]
            if k == 1 {
                self.keyTimes = [0]
            } else if !(total > 0 && total.isFinite) {
                // Every value the same (any pacing is constant speed): even spacing.
                self.keyTimes = (0..<k).map { Double($0) / Double(k - 1) }
            } else {
                var t = cum.map { $0 / total }
                t[k - 1] = 1
                self.keyTimes = t
            }
        } else if let given = keyTimes {
            try KeyframeTrack<Double>.validateKeyTimes(given, values: k, discrete: calculationMode == .discrete)
            self.keyTimes = given
        } else {
            let n = calculationMode == .discrete ? k : k - 1
            self.keyTimes = n == 0 ? [0] : (0...n).map { Double($0) / Double(n) }
        }
    }

    /// The largest i ≤ hi with keyTimes[i] ≤ p (0 if none).
    func keyIndex(_ p: Double, upTo hi: Int) -> Int { KeyframeTrack<Double>.keyIndex(p, in: keyTimes, upTo: hi) }

    /// The value at progress `p` (clamped to [0, 1]).
    /// - Throws: `invalidValue` naming `progress` when `p` is NaN.
    public func value(at p: Double) throws(MotionKernelError) -> V {
        guard !p.isNaN else { throw MotionKernelError.invalidValue("progress", "expected a number, got NaN") }
        let k = values.count
        let p = min(max(p, 0), 1)
        if k == 1 { return values[0] }
        if calculationMode == .discrete {
            return values[min(keyIndex(p, upTo: keyTimes.count - 1), k - 1)]
        }
        if p >= keyTimes[k - 1] { return values[k - 1] }
        let i = keyIndex(p, upTo: k - 1)
        // keyTimes[i] ≤ p < keyTimes[i+1]: a segment of positive length.
        let h = keyTimes[i + 1] - keyTimes[i]
        var u = (p - keyTimes[i]) / h
        if !timingFunctions.isEmpty { u = timingFunctions[i].value(at: u) }
        return values[i].scaled(by: 1 - u) + values[i + 1].scaled(by: u)
    }
}

extension VectorKeyframeTrack: Sendable where V: Sendable {}
