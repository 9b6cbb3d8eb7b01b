/// Core Animation's `CAMediaTiming` for one animation, expressed on the Web Animations
/// ``TimingModel``.
///
/// Mapping (times in seconds):
/// - active local time a = (parent time − `beginTime`) × `speed` (the first stage of
///   `CAMediaTiming`'s conversion); the model's start delay is 0 and its local time is a;
/// - the basic duration d is `duration`, or ``defaultDuration`` (0.25 s) when `duration` is 0, as
///   `CALayer.add(_:forKey:)` substitutes;
/// - `autoreverses` plays each repeat forwards then backwards: the model runs legs of length d
///   with direction `alternate` and twice as many iterations, so one repeat lasts 2d;
/// - iterations (legs) = `repeatDuration` / d if `repeatDuration` > 0; else `repeatCount` × (1 or
///   2) if `repeatCount` > 0 (infinite when `repeatCount` is infinite or ≥ `Float`'s largest
///   finite value, which Core Animation treats as forever); else one repeat;
/// - `timeOffset` shifts where in its cycle the animation starts without moving or lengthening
///   its active interval (frames C, D, E, A, B instead of A…E): iterationStart = (`timeOffset`
///   mod cycle) / d, where the cycle is d, or 2d with `autoreverses`;
/// - `fillMode` `removed`, `forwards`, `backwards`, `both` maps to fill none/forwards/backwards/both;
/// - a negative `speed` plays backwards (the animation direction of the model).
///
/// The timing function applies to each leg, so the backward leg retraces the eased curve.
public struct MediaTiming: Sendable, Hashable {
    /// `CAMediaTimingFillMode`.
    public enum FillMode: String, Sendable, Hashable, CaseIterable {
        /// `.removed`: no effect outside the active interval (Core Animation's default).
        case removed
        /// `.forwards`: holds the final presentation after the active interval.
        case forwards
        /// `.backwards`: applies the initial presentation before `beginTime`.
        case backwards
        /// `.both`.
        case both
    }

    /// The duration Core Animation gives an animation added with `duration` 0, in seconds.
    public static let defaultDuration = 0.25

    /// Begin time in the parent's time space, seconds (finite).
    public let beginTime: Double
    /// Basic duration of one leg, seconds (≥ 0, may be infinite; 0 means ``defaultDuration``).
    public let duration: Double
    /// Rate of local time relative to parent time (finite; negative plays backwards).
    public let speed: Double
    /// Offset into the animation's cycle, seconds of active local time (finite).
    public let timeOffset: Double
    /// Number of repeats (≥ 0, may be fractional or infinite; 0 means unset).
    public let repeatCount: Double
    /// Seconds of local time to repeat for (≥ 0, may be infinite; 0 means unset).
    public let repeatDuration: Double
    /// Whether each repeat plays forwards then backwards.
    public let autoreverses: Bool
    /// Fill mode.
    public let fillMode: FillMode
    /// The timing function of each leg.
    public let timingFunction: TimingFunction

    /// Creates media timing with `CAMediaTiming`'s defaults.
    ///
    /// - Throws: `MotionKernelError.invalidValue` naming the field: non-finite `beginTime`,
    ///   `speed` or `timeOffset`; negative or NaN `duration`, `repeatCount` or `repeatDuration`;
    ///   `repeatDuration` together with `repeatCount` (undefined in Core Animation).
    public init(
        beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
        repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed, timingFunction: TimingFunction = .linear
    ) throws(MotionKernelError) {
        try MotionKernelError.requireFinite(beginTime, "beginTime")
        try MotionKernelError.requireFinite(speed, "speed")
        try MotionKernelError.requireFinite(timeOffset, "timeOffset")
        for (v, name) in [(duration, "duration"), (repeatCount, "repeatCount"), (repeatDuration, "repeatDuration")] {
            guard !v.isNaN, v >= 0 else {
                throw MotionKernelError.invalidValue(name, "expected a number >= 0 or Infinity, got \(v)")
            }
        }
        guard repeatCount == 0 || repeatDuration == 0 else {
            throw MotionKernelError.invalidValue(
                "repeatDuration", "set either repeatCount or repeatDuration, not both (undefined in Core Animation)")
        }
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
        self.timingFunction = timingFunction
    }

    /// The basic duration in effect: `duration`, or ``defaultDuration`` when it is 0.
    public var effectiveDuration: Double { duration > 0 ? duration : MediaTiming.defaultDuration }

    /// Number of legs (forward or backward plays of `effectiveDuration`).
    public var legs: Double {
        let d = effectiveDuration
        let perRepeat: Double = autoreverses ? 2 : 1
        if repeatDuration > 0 { return repeatDuration / d }
        if repeatCount > 0 {
            if repeatCount.isInfinite || repeatCount >= Double(Float.greatestFiniteMagnitude) { return .infinity }
            return repeatCount * perRepeat
        }
        return perRepeat
    }

    /// The equivalent Web Animations timing (local time = ``activeLocalTime(parentTime:)``).
    public var timingModel: TimingModel {
        let d = effectiveDuration
        var start = 0.0
        if d.isFinite && timeOffset != 0 {
            let cycle = autoreverses ? 2 * d : d
            var r = timeOffset.truncatingRemainder(dividingBy: cycle)
            if r < 0 { r += cycle }
            start = r / d
            if !(start < (autoreverses ? 2 : 1)) { start = 0 }
        }
        let fill: TimingModel.Fill
        switch fillMode {
        case .removed: fill = .none
        case .forwards: fill = .forwards
        case .backwards: fill = .backwards
        case .both: fill = .both
        }
        // Every value was validated in `init` (d > 0, legs ≥ 0, 0 ≤ start < 2).
        return TimingModel(
            unchecked: d, 0, 0, legs, start, autoreverses ? .alternate : .normal, fill,
            timingFunction)
    }

    /// The active local time (parent time − beginTime) × speed, seconds.
    public func activeLocalTime(parentTime: Double) -> Double {
        (parentTime - beginTime) * speed + 0
    }

    /// Total length of the active interval in local time: legs × basic duration.
    public var activeDuration: Double { timingModel.activeDuration }

    /// Samples at a parent time (seconds).
    public func sample(parentTime: Double) -> TimingSample {
        timingModel.sample(localTime: activeLocalTime(parentTime: parentTime), playingBackwards: speed < 0)
    }
}
