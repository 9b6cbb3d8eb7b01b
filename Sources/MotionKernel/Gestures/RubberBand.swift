/// Rubber banding: how far content follows a finger dragged past its bounds, the resistance that
/// grows with the distance.
///
/// f(x) = (1 − 1/(x·c/d + 1))·d for x ≥ 0, odd in x (f(−x) = −f(x)), with the dimension d > 0
/// (the scroll view's extent along the axis) and the coefficient c > 0 (0.55 gives UIScrollView's
/// feel). f(x) < d for every x: the content never moves more than one dimension. f′(0) = c.
///
/// Computed as x·c·d/(x·c + d) for x ≥ 0, which has no cancellation for small x, and d where
/// x·c overflows. The inverse, x = y·d/(c·(d − y)) for 0 ≤ y < d, is defined for |y| < d.
///
/// The formula is the one widely used to reproduce iOS's overscroll (for example Grant Paul's
/// analysis of UIScrollView, and the `rubberBandClamp` helpers of open-source iOS gesture
/// libraries); Apple does not publish its own.
public enum RubberBand {
    /// The coefficient that gives UIScrollView's feel.
    public static let defaultCoefficient = 0.55

    /// The displayed offset for a drag of `offset` units past the bound.
    /// - Throws: `invalidValue` naming `offset` (non-finite), `dimension` or `coefficient`
    ///   (not finite and > 0).
    public static func value(offset: Double, dimension: Double, coefficient: Double = defaultCoefficient) throws(MotionKernelError) -> Double {
        try check(offset: offset, dimension: dimension, coefficient: coefficient)
        let x = abs(offset)
        let xc = x * coefficient
        let y = xc.isFinite ? xc * dimension / (xc + dimension) : dimension
        // x·c·d can overflow where x·c does not: then f = d/(1 + d/(x·c)), the same value.
        let r = y.isFinite ? min(y, dimension) : dimension / (1 + dimension / xc)
        return offset < 0 ? -r : r
    }

    /// The drag that displays `offset`: the exact inverse of ``value(offset:dimension:coefficient:)``.
    /// - Throws: `invalidValue` naming `offset` when |offset| ≥ `dimension` (no drag reaches
    ///   it) or non-finite, and `dimension` or `coefficient` as above.
    public static func inverse(offset: Double, dimension: Double, coefficient: Double = defaultCoefficient) throws(MotionKernelError) -> Double {
        try check(offset: offset, dimension: dimension, coefficient: coefficient)
        let y = abs(offset)
        guard y < dimension else {
            throw MotionKernelError.invalidValue("offset", "expected |offset| < dimension (\(dimension)) for the inverse, got \(offset)")
        }
        // x = y·d/(c·(d − y)); d − y is exact where y ≥ d/2 (Sterbenz) and accurate below.
        let x = y / coefficient * (dimension / (dimension - y))
        guard x.isFinite else {
            throw MotionKernelError.invalidValue("offset", "the drag for \(offset) exceeds the range of Double")
        }
        return offset < 0 ? -x : x
    }

    static func check(offset: Double, dimension: Double, coefficient: Double) throws(MotionKernelError) {
        try MotionKernelError.requireFinite(offset, "offset")
        try MotionKernelError.requirePositive(dimension, "dimension")
        try MotionKernelError.requirePositive(coefficient, "coefficient")
    }
}
