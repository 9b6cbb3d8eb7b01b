import MotionKernel

/// One scripted call on an ``Animator``.
public enum AnimatorEvent: Sendable {
    /// ``Animator/start(at:)``.
    case start
    /// ``Animator/pause(at:)``.
    case pause
    /// ``Animator/setFractionComplete(_:at:)``.
    case scrub(Double)
    /// Toggles ``Animator/isReversed``.
    case reverse
    /// ``Animator/setReversed(_:at:)``.
    case setReversed(Bool)
    /// ``Animator/continue(at:timing:durationFactor:)``.
    case `continue`(TimingFunction?, durationFactor: Double)
    /// ``Animator/stop(at:withoutFinishing:)``.
    case stop(withoutFinishing: Bool)
    /// ``Animator/finish(at:position:)``.
    case finish(Animator.Position)
}
