import MotionKernel

extension Animation {
    /// The animation sampled at `fps`: frames at 0, 1/fps, … and at ``duration`` itself (the
    /// exact final state).
    /// - Throws: `invalidValue` naming `fps` (not in (0, 1000]).
    public func frames(fps: Double) throws(MotionKernelError) -> [Frame] {
        try FrameTimes.times(duration: duration, fps: fps).map { Frame(time: $0, states: states(at: $0)) }
    }

    /// The animation sampled at the given times (any order, any finite values).
    /// - Throws: `invalidValue` naming `times[i]` for a non-finite time.
    public func frames(at times: [Double]) throws(MotionKernelError) -> [Frame] {
        for (i, t) in times.enumerated() { try MotionKernelError.requireFinite(t, "times[\(i)]") }
        return times.map { Frame(time: $0, states: states(at: $0)) }
    }
}
