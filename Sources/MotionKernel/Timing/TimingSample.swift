/// The state of an animation effect at one local time (see ``TimingModel``).
public struct TimingSample: Sendable, Hashable {
    /// Where the local time lies relative to the active interval.
    public enum Phase: String, Sendable, Hashable, CaseIterable {
        /// Before the active interval.
        case before
        /// Inside the active interval.
        case active
        /// After the active interval.
        case after
        /// The local time is unresolved (NaN).
        case idle
    }

    /// The phase.
    public var phase: Phase
    /// Time since the start of the active interval, clamped by fill; nil when the effect does
    /// not apply (unresolved).
    public var activeTime: Double?
    /// Zero-based index of the current iteration (may be `+infinity`: an infinitely repeating
    /// zero-duration effect in its after phase); nil when unresolved.
    public var currentIteration: Double?
    /// Progress through the iteration after the playback direction, before easing.
    public var directedProgress: Double?
    /// The transformed progress: the easing applied to the directed progress; nil when the
    /// effect does not apply.
    public var progress: Double?
    /// The before flag passed to the easing.
    public var beforeFlag: Bool

    /// Creates a sample (normally produced by ``TimingModel/sample(localTime:playingBackwards:)``).
    public init(
        phase: Phase, activeTime: Double?, currentIteration: Double?, directedProgress: Double?,
        progress: Double?, beforeFlag: Bool
    ) {
        self.phase = phase
        self.activeTime = activeTime
        self.currentIteration = currentIteration
        self.directedProgress = directedProgress
        self.progress = progress
        self.beforeFlag = beforeFlag
    }
}
