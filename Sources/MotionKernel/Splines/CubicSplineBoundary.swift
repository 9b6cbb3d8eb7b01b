/// End conditions of an interpolating C² cubic spline (SciPy `CubicSpline`'s `bc_type`).
public enum CubicSplineBoundary: String, Sendable, Hashable, CaseIterable {
    /// The third derivative is continuous at the second and the next-to-last knots (SciPy's
    /// default). With 2 knots the spline is the line through them; with 3, the parabola.
    case notAKnot
    /// Zero second derivative at both ends.
    case natural
    /// Zero first derivative at both ends (SciPy's `'clamped'`).
    case clamped
    /// Value, first and second derivatives match at both ends; requires `y[0] == y[K−1]`
    /// (to 1e-15 relative and absolute, as SciPy checks), and extrapolates periodically.
    case periodic
}
