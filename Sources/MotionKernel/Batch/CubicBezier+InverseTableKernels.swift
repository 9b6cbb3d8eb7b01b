/// The curve's coefficients for the Newton step of ``CubicBezier/InverseTable``.
@usableFromInline
struct _NewtonConstants {
    @usableFromInline let ax, bx, cx, ax3, bx2, ay, by, cy: Double
    @inlinable init(_ c: CubicBezier) {
        ax = c.ax; bx = c.bx; cx = c.cx
        ax3 = 3 * c.ax; bx2 = 2 * c.bx
        ay = c.ay; by = c.by; cy = c.cy
    }
    @inline(__always) func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    @inline(__always) func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    @inline(__always) func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    @inline(__always) func dy(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }
}
