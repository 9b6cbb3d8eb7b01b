import MotionKernel

/// Numbers for people (batch and benchmark summaries), not for machines: JSON numbers go
/// through ``JSONWriter``.
package enum NumberText {
    /// `x` with 4 significant digits, or in `%.3e` form below 10⁻³ or from 10⁵ in magnitude; `0`
    /// for zero.
    package static func compact(_ x: Double) -> String {
        if x == 0 { return "0" }
        if abs(x) >= 1e5 || abs(x) < 1e-3 { return CFormat.format(x, precision: 3, .e) }
        return CFormat.format(x, precision: 4, .g)
    }
}
