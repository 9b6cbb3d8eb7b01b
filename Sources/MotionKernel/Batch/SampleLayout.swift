/// The memory order of a bulk sample of C channels at N times.
public enum SampleLayout: String, Sendable, Hashable, CaseIterable {
    /// N × C row-major: row r holds every channel at time r (`benchmarks.md`'s T × C).
    case timeMajor
    /// C × N row-major: row c holds channel c at every time (rows = channels, so a batch
    /// sharded by rows splits channels).
    case channelMajor
}
