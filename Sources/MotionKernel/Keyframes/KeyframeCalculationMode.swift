/// How values between keyframes are calculated (`CAAnimationCalculationMode`).
public enum KeyframeCalculationMode: String, Sendable, Hashable, CaseIterable {
    /// Straight lines between values, at key times.
    case linear
    /// Each value held until the next key time.
    case discrete
    /// Straight lines at constant speed; key times and timing functions ignored.
    case paced
    /// A Kochanek–Bartels (Catmull–Rom) spline through the values at key times.
    case cubic
    /// The cubic curve traversed at constant speed; key times and timing functions ignored.
    case cubicPaced
}
