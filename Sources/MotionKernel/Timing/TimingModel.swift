/// The timing of one animation effect per W3C Web Animations Level 1 §4 ("Timing model").
///
/// Times are in any one unit (the same for every field and for `localTime`). The model maps an
/// effect's local time to a ``TimingSample``: its phase, active time, current iteration and
/// transformed progress, following the specification's procedures step by step:
///
/// - active duration = duration × iterations, or 0 if either is 0;
///   end time = max(delay + active duration + endDelay, 0);
/// - before-active boundary = max(min(delay, end time), 0); active-after boundary =
///   max(min(delay + active duration, end time), 0);
/// - *before* phase: local time < before-active boundary, or equal to it when playing backwards;
///   *after* phase: local time > active-after boundary, or equal to it when playing forwards;
///   otherwise *active*;
/// - active time: before → max(local − delay, 0) if fill is backwards/both; active → local −
///   delay; after → max(min(local − delay, active duration), 0) if fill is forwards/both;
///   otherwise unresolved;
/// - overall progress = (duration = 0 ? (before ? 0 : iterations) : active time / duration) +
///   iterationStart;
/// - simple iteration progress = (overall infinite ? iterationStart : overall) mod 1, replaced by
///   1 when it is 0 in the active or after phase with active time = active duration and
///   iterations ≠ 0 (the end of the final iteration);
/// - current iteration = ∞ in the after phase with infinite iterations; ⌊overall⌋ − 1 when the
///   simple progress is 1; else ⌊overall⌋;
/// - direction from `direction` and the parity of the current iteration (+1 for
///   alternate-reverse; infinite counts as forwards); directed progress = p or 1 − p;
/// - the before flag is set in the before phase going forwards or the after phase going
///   backwards; transformed progress = easing(directed progress, before flag).
public struct TimingModel: Sendable, Hashable {
    /// Playback direction of the iterations (`PlaybackDirection` in Web Animations).
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        /// Every iteration plays forwards.
        case normal
        /// Every iteration plays backwards.
        case reverse
        /// Even iterations forwards, odd ones backwards.
        case alternate
        /// Even iterations backwards, odd ones forwards.
        case alternateReverse = "alternate-reverse"
    }

    /// Whether the effect applies outside its active interval (`FillMode`).
    public enum Fill: String, Sendable, Hashable, CaseIterable {
        /// No effect outside the active interval.
        case none
        /// Holds the final value after the active interval.
        case forwards
        /// Applies the initial value before the active interval.
        case backwards
        /// Both forwards and backwards.
        case both
    }

    /// Iteration duration, ≥ 0, may be `+infinity`.
    public let duration: Double
    /// Start delay: local time at which the active interval starts; finite, may be negative.
    public let delay: Double
    /// End delay after the active interval; finite, may be negative.
    public let endDelay: Double
    /// Iteration count, ≥ 0, may be `+infinity` and fractional.
    public let iterations: Double
    /// Iteration start offset in iterations, finite, ≥ 0.
    public let iterationStart: Double
    /// Playback direction.
    public let direction: Direction
    /// Fill mode.
    public let fill: Fill
    /// The easing applied to the directed progress of each iteration.
    public let easing: TimingFunction

    /// Creates a timing model (the defaults are those of the Web Animations API).
    ///
    /// - Parameters:
    ///   - duration: iteration duration, ≥ 0 or `.infinity`; default 0.
    ///   - delay: start delay, finite; default 0.
    ///   - endDelay: end delay, finite; default 0.
    ///   - iterations: iteration count, ≥ 0 or `.infinity`; default 1.
    ///   - iterationStart: finite, ≥ 0; default 0.
    ///   - direction: default `.normal`.
    ///   - fill: default `.none`.
    ///   - easing: default `.linear`.
    /// - Throws: `MotionKernelError.invalidValue` naming `duration`, `delay`, `endDelay`,
    ///   `iterations` or `iterationStart`.
    public init(
        duration: Double = 0, delay: Double = 0, endDelay: Double = 0, iterations: Double = 1,
        iterationStart: Double = 0, direction: Direction = .normal, fill: Fill = .none,
        easing: TimingFunction = .linear
    ) throws(MotionKernelError) {
        guard !duration.isNaN, duration >= 0 else {
            throw MotionKernelError.invalidValue("duration", "expected a number >= 0 or Infinity, got \(duration)")
        }
        try MotionKernelError.requireFinite(delay, "delay")
        try MotionKernelError.requireFinite(endDelay, "endDelay")
        guard !iterations.isNaN, iterations >= 0 else {
            throw MotionKernelError.invalidValue("iterations", "expected a number >= 0 or Infinity, got \(iterations)")
        }
        try MotionKernelError.requireNonNegative(iterationStart, "iterationStart")
        self.init(unchecked: duration, delay, endDelay, iterations, iterationStart, direction, fill, easing)
    }

    /// The model without validation (callers have validated every value).
    init(
        unchecked duration: Double, _ delay: Double, _ endDelay: Double, _ iterations: Double,
        _ iterationStart: Double, _ direction: Direction, _ fill: Fill, _ easing: TimingFunction
    ) {
        self.duration = duration + 0
        self.delay = delay + 0
        self.endDelay = endDelay + 0
        self.iterations = iterations + 0
        self.iterationStart = iterationStart + 0
        self.direction = direction
        self.fill = fill
        self.easing = easing
    }

    /// duration × iterations, or 0 when either is 0 (so 0 × ∞ is 0).
    public var activeDuration: Double {
        duration == 0 || iterations == 0 ? 0 : duration * iterations
    }

    /// max(delay + active duration + endDelay, 0).
    public var endTime: Double {
        max(delay + activeDuration + endDelay, 0)
    }

    /// Samples the model at one local time.
    ///
    /// - Parameters:
    ///   - localTime: the effect's local time (finite; NaN is an unresolved time and gives
    ///     ``TimingSample/Phase/idle``).
    ///   - playingBackwards: the animation direction: true when the animation's playback rate is
    ///     negative (it only changes which phase the exact boundary times belong to).
    public func sample(localTime: Double, playingBackwards: Bool = false) -> TimingSample {
        if localTime.isNaN {
            return TimingSample(
                phase: .idle, activeTime: nil, currentIteration: nil, directedProgress: nil,
                progress: nil, beforeFlag: false)
        }
        let activeDuration = self.activeDuration
        let endTime = self.endTime
        let beforeActive = max(min(delay, endTime), 0)
        let activeAfter = max(min(delay + activeDuration, endTime), 0)

        let phase: TimingSample.Phase
        if localTime < beforeActive || (playingBackwards && localTime == beforeActive) {
            phase = .before
        } else if localTime > activeAfter || (!playingBackwards && localTime == activeAfter) {
            phase = .after
        } else {
            phase = .active
        }

        // Active time.
        let activeTime: Double?
        switch phase {
        case .before:
            activeTime = fill == .backwards || fill == .both ? max(localTime - delay, 0) : nil
        case .active:
            activeTime = localTime - delay
        case .after:
            activeTime = fill == .forwards || fill == .both ? max(min(localTime - delay, activeDuration), 0) : nil
        case .idle:
            activeTime = nil
        }
        guard let activeTime else {
            return TimingSample(
                phase: phase, activeTime: nil, currentIteration: nil, directedProgress: nil,
                progress: nil, beforeFlag: false)
        }

        // Overall progress.
        var overall: Double
        if duration == 0 {
            overall = phase == .before ? 0 : iterations
        } else {
            overall = activeTime / duration
        }
        overall += iterationStart

        // Simple iteration progress.
        var simple =
            overall.isInfinite
            ? iterationStart.truncatingRemainder(dividingBy: 1)
            : overall.truncatingRemainder(dividingBy: 1)
        if simple == 0 && (phase == .active || phase == .after) && activeTime == activeDuration && iterations != 0 {
            simple = 1
        }

        // Current iteration.
        let current: Double
        if phase == .after && iterations.isInfinite {
            current = .infinity
        } else if simple == 1 {
            current = overall.rounded(.down) - 1
        } else {
            current = overall.rounded(.down)
        }

        // Directed progress.
        let forwards: Bool
        switch direction {
        case .normal: forwards = true
        case .reverse: forwards = false
        case .alternate, .alternateReverse:
            var d = current
            if direction == .alternateReverse { d += 1 }
            forwards = d.isInfinite || d.truncatingRemainder(dividingBy: 2) == 0
        }
        let directed = forwards ? simple : 1 - simple

        // Transformed progress.
        let beforeFlag = (phase == .before && forwards) || (phase == .after && !forwards)
        let progress = easing.value(at: directed, beforeFlag: beforeFlag)
        return TimingSample(
            phase: phase, activeTime: activeTime + 0, currentIteration: current + 0,
            directedProgress: directed + 0, progress: progress + 0, beforeFlag: beforeFlag)
    }
}
