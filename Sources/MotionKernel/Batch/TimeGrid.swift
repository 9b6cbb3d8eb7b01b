/// Sample times for bulk evaluation, in seconds.
public enum TimeGrid<T: MotionScalar>: Sendable, Hashable {
    /// t_j = start + j·step for j in 0..<count. Uniform grids take the exact-propagator path.
    case uniform(start: T, step: T, count: Int)
    /// Arbitrary times, in any order.
    case times([T])

    /// Number of sample times.
    public var count: Int {
        switch self {
        case .uniform(_, _, let n): return n
        case .times(let ts): return ts.count
        }
    }

    /// The j-th time.
    @inlinable
    public subscript(j: Int) -> T {
        switch self {
        case .uniform(let start, let step, _): return start + T(j) * step
        case .times(let ts): return ts[j]
        }
    }

    /// The same grid in another precision.
    public func converted<U: MotionScalar>(to: U.Type) -> TimeGrid<U> {
        switch self {
        case .uniform(let start, let step, let n): return .uniform(start: U(start.doubleValue), step: U(step.doubleValue), count: n)
        case .times(let ts): return .times(ts.map { U($0.doubleValue) })
        }
    }

    /// Checks that every time is finite and ≥ 0 and the step is finite and ≥ 0.
    /// - Throws: `invalidValue` naming `times.start`, `times.step`, `times.count` or `times[j]`.
    public func validate() throws(MotionKernelError) {
        switch self {
        case .uniform(let start, let step, let n):
            try MotionKernelError.requireNonNegative(start, "times.start")
            try MotionKernelError.requireNonNegative(step, "times.step")
            guard n >= 0 else { throw MotionKernelError.invalidValue("times.count", "expected >= 0, got \(n)") }
            let last = start + T(max(n - 1, 0)) * step
            guard last.isFinite else { throw MotionKernelError.invalidValue("times.step", "the last time overflows") }
        case .times(let ts):
            for (j, t) in ts.enumerated() {
                guard t.isFinite, t >= 0 else {
                    throw MotionKernelError.invalidValue("times[\(j)]", "expected a finite time >= 0, got \(t)")
                }
            }
        }
    }
}
