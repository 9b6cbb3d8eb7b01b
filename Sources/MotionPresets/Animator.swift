import MotionKernel

/// An interactive animator with the semantics of `UIViewPropertyAnimator`, as a value type:
/// time is passed explicitly (seconds, non-decreasing from call to call) and nothing runs by
/// itself — completion is applied when a later call (or ``sample(at:)``) reaches its time.
///
/// **Model.** The animator drives an ``Animation`` of duration D (the "original duration") by
/// its **fraction** p ∈ [0, 1]: the layers show the animation at time p·D. ``fractionComplete``
/// is p, the displayed progress, so reading it and setting it back never moves anything. The
/// animator's own ``timing`` curve c (default linear: presets carry their own easing) maps the
/// share u of elapsed time to p = c(u). At any moment the animator is in one of these motions:
/// - *still* (inactive, paused, stopped): p is constant;
/// - *on its timeline* (``start(at:)``): u advances at ±1/D per second (− when reversed) and
///   p = c(u); it completes when u reaches 1 (0 when reversed), after (1 − u)·D (u·D) seconds.
///   Resuming after scrubbing finds u with c(u) = p (the curve resumes where the fraction is:
///   `scrubsLinearly`);
/// - *on a new cubic (or linear, steps) curve* c′ (``continue(at:timing:durationFactor:)``):
///   p = p₀ + (target − p₀)·c′(τ / L), with L = durationFactor·D (durationFactor > 0) or the
///   remaining share of the original duration |target − p₀|·D (durationFactor 0, the default,
///   as UIKit's `continueAnimation(withTimingParameters:durationFactor: 0)`): the fraction is
///   kept, the curve spans what remains;
/// - *on a spring* (continue with `TimingFunction.spring`): p follows the damped spring (the
///   curve's physical spring, in fraction units) from p₀ to the target with the **current
///   velocity** dp/dt kept (plus the curve's `initialVelocity` relative to the remaining
///   distance), in real time — or, with durationFactor > 0, time-scaled so that the spring
///   curve's own 0 → 1 settling duration lasts durationFactor·D (velocity still continuous).
///   It completes when it settles within 0.001 (of the whole fraction range) of the target,
///   where p becomes the target exactly.
///
/// **States** (`UIViewAnimatingState`): `inactive` until started, paused or scrubbed; `active`
/// while running or paused; back to `inactive` on completion (p at its target) unless
/// ``pausesOnCompletion``, which keeps it `active` and paused at the target so it can be
/// reversed. A finished animator keeps its final fraction; starting it again towards the end
/// it already reached completes at once (reverse it, or scrub it, first).
/// ``stop(at:withoutFinishing:)`` leaves p where it is: `stopped` (nothing can start
/// it) until ``finish(at:position:)`` (`.end` → p = 1, `.start` → 0, `.current` unchanged), or
/// `inactive` directly with `withoutFinishing`.
///
/// **Scrubbing** (``setFractionComplete(_:at:)``) needs a paused (or inactive) animator. With
/// ``scrubsLinearly`` (the default) p = the given fraction; without it the given value is the
/// time share u and p = c(u) (so `fractionComplete` then reads c(u)).
///
/// **Reversing** (``setReversed(_:at:)``) while running on the timeline turns u around with p
/// continuous; on a spring it retargets the spring (position and velocity kept); on a new
/// curve it resumes the timeline towards the other end. While paused it only sets the
/// direction of the next start or continue.
public struct Animator: Sendable {
    /// `UIViewAnimatingState`.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Not started, or finished.
        case inactive
        /// Running or paused.
        case active
        /// Stopped by `stop(at:withoutFinishing: false)`; waits for `finish(at:position:)`.
        case stopped
    }

    /// `UIViewAnimatingPosition`.
    public enum Position: String, Sendable, Hashable, CaseIterable {
        /// Fraction 1.
        case end
        /// Fraction 0.
        case start
        /// Where it is.
        case current
    }

    /// The animation driven.
    public let animation: Animation
    /// The original duration D, seconds (> 0).
    public let duration: Double
    /// The animator's own timing curve (default linear).
    public let timing: TimingFunction
    /// UIKit's `scrubsLinearly` (default true).
    public var scrubsLinearly = true
    /// UIKit's `pausesOnCompletion` (default false).
    public var pausesOnCompletion = false
    /// The state as of the last call.
    public internal(set) var state: State = .inactive
    /// Whether it runs towards fraction 0.
    public internal(set) var isReversed = false
    /// The time of the last call, seconds (−∞ before any).
    public private(set) var time = -Double.infinity

    var motion: Motion = .still(progress: 0, timeline: 0)

    enum Motion: Sendable {
        /// p constant; `timeline` is the time share u when known (not after scrubbing).
        case still(progress: Double, timeline: Double?)
        /// u = u0 + rate·(t − t0), p = curve(u); ends at `end`.
        case timeline(t0: Double, u0: Double, rate: Double, end: Double)
        /// p = p0 + (target − p0)·curve((t − t0)/length); ends at t0 + length.
        case curve(t0: Double, p0: Double, target: Double, curve: TimingFunction, length: Double)
        /// p = motion(scale·(t − t0)); ends at `end`.
        case spring(t0: Double, motion: SpringMotion<Double>, scale: Double, end: Double)
    }

    /// An inactive animator at fraction 0.
    /// - Throws: `invalidValue` naming `duration` when the animation lasts 0 s.
    public init(animation: Animation, timing: TimingFunction = .linear) throws(MotionKernelError) {
        guard animation.duration > 0, animation.duration.isFinite else {
            throw MotionKernelError.invalidValue("duration", "an animator needs an animation that lasts > 0 s, got \(animation.duration)")
        }
        self.animation = animation
        self.duration = animation.duration
        self.timing = timing
    }

    /// Whether it is running (as of the last call).
    public var isRunning: Bool {
        if case .still = motion { return false }
        return true
    }

    /// The fraction p (as of the last call; see ``sample(at:)`` for other times).
    public var fractionComplete: Double { progress(at: time) }

    var target: Double { isReversed ? 0 : 1 }

    // MARK: Events

    /// `startAnimation()`: runs from the current fraction on the animator's timeline towards
    /// 1 (0 when reversed). No effect while running.
    /// - Throws: `invalidValue` naming `at` (earlier than the last call) or `action` (stopped).
    public mutating func start(at t: Double) throws(MotionKernelError) {
        try advance(to: t)
        guard state != .stopped else {
            throw MotionKernelError.invalidValue("action", "a stopped animator cannot start; finish it first")
        }
        state = .active
        if isRunning { return }
        resumeTimeline(at: t, rate: nil)
        try settleIfDone(at: t)
    }

    /// `pauseAnimation()`: holds the current fraction (an inactive animator becomes active).
    /// - Throws: `invalidValue` naming `at` or `action` (stopped).
    public mutating func pause(at t: Double) throws(MotionKernelError) {
        try advance(to: t)
        guard state != .stopped else {
            throw MotionKernelError.invalidValue("action", "a stopped animator cannot pause")
        }
        state = .active
        motion = .still(progress: progress(at: t), timeline: timelinePosition(at: t))
    }

    /// Sets `fractionComplete` while paused (scrubbing): see the type's doc for
    /// ``scrubsLinearly``. An inactive animator becomes active (paused).
    /// - Throws: `invalidValue` naming `fraction` (not in [0, 1]), `at`, or `action` (running
    ///   or stopped).
    public mutating func setFractionComplete(_ fraction: Double, at t: Double) throws(MotionKernelError) {
        try advance(to: t)
        guard fraction.isFinite, fraction >= 0, fraction <= 1 else {
            throw MotionKernelError.invalidValue("fraction", "expected 0...1, got \(fraction)")
        }
        guard state != .stopped else { throw MotionKernelError.invalidValue("action", "a stopped animator cannot be scrubbed") }
        guard !isRunning else { throw MotionKernelError.invalidValue("action", "scrubbing needs a paused animator; pause it first") }
        state = .active
        motion =
            scrubsLinearly
            ? .still(progress: fraction, timeline: nil)
            : .still(progress: timing.value(at: fraction), timeline: fraction)
    }

    /// Sets `isReversed` (see the type's doc). Ignored while stopped.
    /// - Throws: `invalidValue` naming `at`.
    public mutating func setReversed(_ reversed: Bool, at t: Double) throws(MotionKernelError) {
        try advance(to: t)
        guard state != .stopped, reversed != isReversed else { return }
        isReversed = reversed
        switch motion {
        case .still:
            break
        case let .timeline(_, _, rate, _):
            let u = timelinePosition(at: t) ?? 0
            motion = .timeline(t0: t, u0: u, rate: -rate, end: t + (rate > 0 ? u : 1 - u) / abs(rate))
        case let .spring(t0, m, scale, _):
            let local = m.state(at: scale * (t - t0))
            let next = try SpringMotion(spring: m.spring, from: local.value, to: target, initialVelocity: local.velocity)
            motion = .spring(t0: t, motion: next, scale: scale, end: t + (try springSettle(next)) / scale)
        case .curve:
            let p = progress(at: t)
            motion = .still(progress: p, timeline: nil)
            resumeTimeline(at: t, rate: nil)
        }
        try settleIfDone(at: t)
    }

    /// `continueAnimation(withTimingParameters:durationFactor:)`: runs from the current
    /// fraction to 1 (0 when reversed) on `timing` (nil: the animator's own curve) for
    /// durationFactor·D seconds (0: the remaining share of D); a spring keeps the current
    /// velocity. See the type's doc.
    /// - Throws: `invalidValue` naming `durationFactor` (not finite or < 0), `timing` (a
    ///   spring that never settles), `at`, or `action` (stopped).
    public mutating func `continue`(at t: Double, timing newTiming: TimingFunction? = nil, durationFactor: Double = 0) throws(MotionKernelError) {
        try advance(to: t)
        try MotionKernelError.requireNonNegative(durationFactor, "durationFactor")
        guard state != .stopped else { throw MotionKernelError.invalidValue("action", "a stopped animator cannot continue") }
        state = .active
        let p = progress(at: t), v = velocity(at: t)
        let target = self.target
        switch newTiming {
        case nil:
            let u = timelinePosition(at: t) ?? Animator.invert(timing, p)
            motion = .still(progress: p, timeline: u)
            if durationFactor > 0 {
                let remaining = isReversed ? u : 1 - u
                resumeTimeline(at: t, rate: remaining / (durationFactor * duration))
            } else {
                resumeTimeline(at: t, rate: nil)
            }
        case .spring(let curve)?:
            let scale = durationFactor > 0 ? curve.duration / (durationFactor * duration) : 1
            let vs = v / scale + curve.initialVelocity * (target - p)
            do {
                let m = try SpringMotion(spring: curve.spring, from: p, to: target, initialVelocity: vs)
                motion = .spring(t0: t, motion: m, scale: scale, end: t + (try springSettle(m)) / scale)
            } catch let e {
                throw MotionKernelError.invalidValue("timing", e.reason)
            }
        case let c?:
            let length = durationFactor > 0 ? durationFactor * duration : abs(target - p) * duration
            motion = .curve(t0: t, p0: p, target: target, curve: c, length: length)
        }
        try settleIfDone(at: t)
    }

    /// `stopAnimation(_:)`: leaves the fraction where it is; `stopped` (waiting for
    /// ``finish(at:position:)``), or `inactive` when `withoutFinishing`.
    /// - Throws: `invalidValue` naming `at`.
    public mutating func stop(at t: Double, withoutFinishing: Bool = false) throws(MotionKernelError) {
        try advance(to: t)
        motion = .still(progress: progress(at: t), timeline: nil)
        state = withoutFinishing ? .inactive : .stopped
    }

    /// `finishAnimation(at:)`: moves a stopped animator to `position` and makes it inactive.
    /// - Throws: `invalidValue` naming `action` unless stopped, or `at`.
    public mutating func finish(at t: Double, position: Position) throws(MotionKernelError) {
        try advance(to: t)
        guard state == .stopped else {
            throw MotionKernelError.invalidValue("action", "finish needs a stopped animator (stop without withoutFinishing first)")
        }
        let p: Double
        switch position {
        case .end: p = 1
        case .start: p = 0
        case .current: p = progress(at: t)
        }
        motion = .still(progress: p, timeline: nil)
        state = .inactive
    }

    // MARK: Sampling

    /// What the animator shows at time `t` (≥ the last call's time), completing on the way
    /// if a run ends before `t`.
    /// - Throws: `invalidValue` naming `at` when `t` is earlier than the last call or not finite.
    public func sample(at t: Double) throws(MotionKernelError) -> AnimatorSample {
        var a = self
        try a.advance(to: t)
        let p = a.progress(at: t)
        return AnimatorSample(
            time: t, fractionComplete: p, fractionVelocity: a.velocity(at: t), state: a.state,
            isRunning: a.isRunning, isReversed: a.isReversed, states: animation.states(at: p * duration))
    }

    // MARK: Internals

    /// Moves the clock to `t`, applying a completion that falls in between.
    mutating func advance(to t: Double) throws(MotionKernelError) {
        guard t.isFinite else { throw MotionKernelError.invalidValue("at", "expected a finite time, got \(t)") }
        guard t >= time else { throw MotionKernelError.invalidValue("at", "times must not decrease: \(t) after \(time)") }
        try settleIfDone(at: t)
        time = t
    }

    /// Completes the current run if it ends at or before `t`.
    mutating func settleIfDone(at t: Double) throws(MotionKernelError) {
        let end: Double
        switch motion {
        case .still: return
        case let .timeline(_, _, _, e): end = e
        case let .curve(t0, _, _, _, length): end = t0 + length
        case let .spring(_, _, _, e): end = e
        }
        guard t >= end else { return }
        motion = .still(progress: target, timeline: target)
        state = pausesOnCompletion ? .active : .inactive
    }

    /// Starts the timeline at `t` from the current still fraction; `rate` nil: ±1/D.
    mutating func resumeTimeline(at t: Double, rate: Double?) {
        let u: Double
        if case let .still(p, known) = motion {
            u = known ?? Animator.invert(timing, p)
        } else {
            u = timelinePosition(at: t) ?? Animator.invert(timing, progress(at: t))
        }
        let r = rate ?? 1 / duration
        let signed = isReversed ? -r : r
        let remaining = isReversed ? u : 1 - u
        motion = .timeline(t0: t, u0: u, rate: signed, end: remaining > 0 && r > 0 ? t + remaining / r : t)
    }

    /// The settling time of a spring run (ε = 0.001 in fraction units).
    func springSettle(_ m: SpringMotion<Double>) throws(MotionKernelError) -> Double {
        if abs(m.startValue - m.target) <= 0.001 && m.initialVelocity == 0 { return 0 }
        return try m.settlingDuration(epsilon: 0.001)
    }

    /// The fraction at `t` within the current motion (before its end).
    func progress(at t: Double) -> Double {
        switch motion {
        case let .still(p, _): return p
        case let .timeline(t0, u0, rate, _):
            return timing.value(at: min(1, max(0, u0 + rate * (t - t0))))
        case let .curve(t0, p0, target, c, length):
            guard length > 0 else { return target }
            return p0 + (target - p0) * c.value(at: min(1, max(0, (t - t0) / length)))
        case let .spring(t0, m, scale, _):
            return m.state(at: scale * (t - t0)).value
        }
    }

    /// dp/dt at `t` (fraction per second).
    func velocity(at t: Double) -> Double {
        switch motion {
        case .still: return 0
        case let .timeline(t0, u0, rate, _):
            return Animator.slope(timing, min(1, max(0, u0 + rate * (t - t0)))) * rate
        case let .curve(t0, p0, target, c, length):
            guard length > 0 else { return 0 }
            return (target - p0) * Animator.slope(c, min(1, max(0, (t - t0) / length))) / length
        case let .spring(t0, m, scale, _):
            return m.state(at: scale * (t - t0)).velocity * scale
        }
    }

    /// The time share u at `t` when on (or paused on) the timeline.
    func timelinePosition(at t: Double) -> Double? {
        switch motion {
        case let .still(_, u): return u
        case let .timeline(t0, u0, rate, _): return min(1, max(0, u0 + rate * (t - t0)))
        default: return nil
        }
    }

    /// The u in [0, 1] with c(u) = p (bisection; the first crossing found for curves that
    /// are not monotone; an end when p is outside the curve's range).
    static func invert(_ c: TimingFunction, _ p: Double) -> Double {
        if case .linear = c { return min(1, max(0, p)) }
        var lo = 0.0, hi = 1.0
        let flo = c.value(at: lo) - p, fhi = c.value(at: hi) - p
        if flo >= 0 { return 0 }
        if fhi <= 0 { return 1 }
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if mid <= lo || mid >= hi { break }
            if c.value(at: mid) < p { lo = mid } else { hi = mid }
        }
        return 0.5 * (lo + hi)
    }

    /// dc/du.
    static func slope(_ c: TimingFunction, _ u: Double) -> Double {
        switch c {
        case .linear: return 1
        case .cubicBezier(let b): return b.slope(at: u)
        case .steps: return 0
        case .spring(let s): return s.slope(at: u)
        case .linearFunction(let l): return l.slope(at: u)
        }
    }
}
