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

    /// The value of one channel at time `t` (same unit as the knots); outside the knots the
    /// end pieces continue (periodic cubic splines wrap instead).
    /// - Precondition: `0 ≤ channel < channelCount`.
    @inlinable
    public func value(at t: Scalar, channel: Int = 0) -> Scalar {
        curve.derivative(at: t, order: 0, channel: channel)
    }

    /// The `order`-th derivative (0…3; higher orders are 0) of one channel at time `t`, per
    /// unit of the knots. At an interior knot the piece on the right is used (SciPy's rule).
    /// - Precondition: `order ≥ 0` and `0 ≤ channel < channelCount`.
    @inlinable
    public func derivative(at t: Scalar, order: Int = 1, channel: Int = 0) -> Scalar {
        curve.derivative(at: t, order: order, channel: channel)
    }

    /// Every channel at time `t` (the `order`-th derivative; 0 = value).
    /// - Precondition: `order ≥ 0`.
    @inlinable
    public func values(at t: Scalar, derivative order: Int = 0) -> [Scalar] {
        curve.values(at: t, derivative: order)
    }

    /// Every channel at each of `times` (any order; sorted times cost O(1) each to locate), as
    /// a `times.count × channelCount` row-major array.
    /// - Precondition: `order ≥ 0`.
    /// - Complexity: O(T · C) for sorted times, plus O(T log K) otherwise.
    @inlinable
    public func sample(at times: [Scalar], derivative order: Int = 0) -> [Scalar] {
        curve.sample(at: times, derivative: order)
    }
}
