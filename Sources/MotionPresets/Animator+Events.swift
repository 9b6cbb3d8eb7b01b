import MotionKernel

extension Animator {
    /// Applies `event` at time `t`.
    /// - Throws: as the corresponding method.
    public mutating func apply(_ event: AnimatorEvent, at t: Double) throws(MotionKernelError) {
        switch event {
        case .start: try start(at: t)
        case .pause: try pause(at: t)
        case .scrub(let f): try setFractionComplete(f, at: t)
        case .reverse: try setReversed(!isReversed, at: t)
        case .setReversed(let r): try setReversed(r, at: t)
        case let .continue(c, factor): try self.continue(at: t, timing: c, durationFactor: factor)
        case .stop(let w): try stop(at: t, withoutFinishing: w)
        case .finish(let p): try finish(at: t, position: p)
        }
    }

    /// Frames at 0, 1/fps, … and `until` itself, with `events` (non-decreasing times) applied
    /// in order: a frame at time t shows every event at or before t.
    /// - Throws: `invalidValue` naming `fps`, `until`, or `events[i].…` (an unsorted or
    ///   non-finite time is `events[i].at`).
    public func frames(events: [(at: Double, event: AnimatorEvent)], until: Double, fps: Double) throws(MotionKernelError) -> [AnimatorSample] {
        let times = try FrameTimes.times(duration: until, fps: fps)
        for (i, e) in events.enumerated() {
            try MotionKernelError.requireFinite(e.at, "events[\(i)].at")
            if i > 0 && e.at < events[i - 1].at {
                throw MotionKernelError.invalidValue("events[\(i)].at", "events must be in time order: \(e.at) after \(events[i - 1].at)")
            }
        }
        var a = self
        var next = 0
        var out: [AnimatorSample] = []
        out.reserveCapacity(times.count)
        for t in times {
            while next < events.count && events[next].at <= t {
                do { try a.apply(events[next].event, at: events[next].at) } catch let e {
                    throw e.prefixed("events[\(next)]")
                }
                next += 1
            }
            out.append(try a.sample(at: t))
        }
        return out
    }
}
