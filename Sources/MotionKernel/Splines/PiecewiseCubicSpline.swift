/// A spline kind built on a `PiecewiseCubic` (cubic, PCHIP, Akima, Catmull–Rom,
/// Kochanek–Bartels). Evaluation is shared: every kind forwards to its `curve`.
public protocol PiecewiseCubicSpline: Sendable {
    /// `Float` or `Double`.
    associatedtype Scalar: MotionScalar
    /// The piecewise cubic polynomial the spline evaluates.
    var curve: PiecewiseCubic<Scalar> { get }
}

extension PiecewiseCubicSpline {
    /// The knots `x[0] < … < x[K−1]`.
    @inlinable public var knots: [Scalar] { curve.breakpoints }

    /// The number of channels (1 for scalar data, the dimension for points).
    @inlinable public var channelCount: Int { curve.channelCount }

    /// The value of channel 0 at time `t` (same unit as the knots); outside the knots the
    /// end pieces continue (periodic cubic splines wrap instead).
    @inlinable
    public func value(at t: Scalar) -> Scalar {
        curve.value(at: t)
    }

    /// The value of one channel at time `t` (same unit as the knots); outside the knots the
    /// end pieces continue (periodic cubic splines wrap instead).
    /// - Throws: `invalidValue` naming `channel` unless `0 ≤ channel < channelCount`.
    @inlinable
    public func value(at t: Scalar, channel: Int) throws(MotionKernelError) -> Scalar {
        try curve.value(at: t, channel: channel)
    }

    /// The `order`-th derivative (0…3; higher orders are 0) of one channel at time `t`, per
    /// unit of the knots. At an interior knot the piece on the right is used (SciPy's rule).
    /// - Throws: `invalidValue` naming `order` when it is negative, or `channel` unless
    ///   `0 ≤ channel < channelCount`.
    @inlinable
    public func derivative(at t: Scalar, order: Int = 1, channel: Int = 0) throws(MotionKernelError) -> Scalar {
        try curve.derivative(at: t, order: order, channel: channel)
    }

    /// Every channel's value at time `t`.
    @inlinable
    public func values(at t: Scalar) -> [Scalar] {
        curve.values(at: t)
    }

    /// Every channel's `order`-th derivative at time `t`.
    /// - Throws: `invalidValue` naming `order` when it is negative.
    @inlinable
    public func values(at t: Scalar, derivative order: Int) throws(MotionKernelError) -> [Scalar] {
        try curve.values(at: t, derivative: order)
    }

    /// Every channel's value at each of `times` (any order; sorted times cost O(1) each to
    /// locate), as a `times.count × channelCount` row-major array.
    /// - Complexity: O(T · C) for sorted times, plus O(T log K) otherwise.
    @inlinable
    public func sample(at times: [Scalar]) -> [Scalar] {
        curve.sample(at: times)
    }

    /// Every channel's `order`-th derivative at each of `times`, as a
    /// `times.count × channelCount` row-major array.
    /// - Throws: `invalidValue` naming `order` when it is negative.
    /// - Complexity: O(T · C) for sorted times, plus O(T log K) otherwise.
    @inlinable
    public func sample(at times: [Scalar], derivative order: Int) throws(MotionKernelError) -> [Scalar] {
        try curve.sample(at: times, derivative: order)
    }
}
