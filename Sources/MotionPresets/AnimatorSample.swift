import MotionKernel

/// What an ``Animator`` shows at one time.
public struct AnimatorSample: Sendable, Hashable {
    /// Seconds.
    public var time: Double
    /// The fraction p.
    public var fractionComplete: Double
    /// dp/dt, fraction per second (0 when still).
    public var fractionVelocity: Double
    /// The state.
    public var state: Animator.State
    /// Whether it is running.
    public var isRunning: Bool
    /// Whether it runs towards 0.
    public var isReversed: Bool
    /// The layers (the animation at time p·D), in the animation's layer order.
    public var states: [LayerState]
}
