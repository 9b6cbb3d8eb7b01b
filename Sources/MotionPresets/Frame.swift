import MotionKernel

/// One sampled frame: a time and the state of every layer (parallel to the animation's
/// ``Animation/layers``).
public struct Frame: Sendable, Hashable {
    /// Seconds.
    public var time: Double
    /// Layer states, in the animation's layer order.
    public var states: [LayerState]

    /// A frame at `time` with `states`.
    public init(time: Double, states: [LayerState]) {
        self.time = time
        self.states = states
    }
}
