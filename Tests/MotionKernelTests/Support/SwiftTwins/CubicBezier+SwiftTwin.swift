@testable import MotionKernel

// The Swift twin of the bulk cubic-Bézier C kernel (`mk_bezier_table_f64`, behind
// `CubicBezier.InverseTable`): one input at a time, the same operations in the same order as
// each of the kernel's lanes — the fused multiply-adds (`addingProduct`) included — so the same
// bits. This is the arithmetic the library's Swift loop ran before the kernel moved to C. The
// library runs only the C kernel; KernelDispatchBezierTests compares the two bit for bit.

extension CubicBezier.InverseTable {
    /// y at `x` as the C kernel computes it: the directly certified cell's cubic, else the Newton
    /// step from the cell's Hermite guess of t, else (and outside (0, 1), NaN) the scalar solver.
    func twinValue(_ x: Double) -> Double {
        if curve.isIdentity { return x }
        guard x > 0 && x < 1 else { return curve.value(at: x) }
        let s = x * Double(cells)
        let top = Double(cells).nextDown
        let sc = s < top ? s : top
        let f = sc.rounded(.down)
        let u = sc - f
        let j = 4 * Int(f)
        let (c0, c1, c2, c3) = (table[j], table[j + 1], table[j + 2], table[j + 3])
        let direct = c0.addingProduct(c1, u).addingProduct(c2.addingProduct(c3, u), u * u)
        if !direct.isNaN { return direct }
        let (g0, g1, g2, g3) = (guess[j], guess[j + 1], guess[j + 2], guess[j + 3])
        if !g0.isNaN {
            let nk = _NewtonConstants(curve)
            let t0 = g0.addingProduct(g1, u).addingProduct(g2.addingProduct(g3, u), u * u)
            let fx = (0 - x).addingProduct(nk.cx.addingProduct(nk.bx.addingProduct(nk.ax, t0), t0), t0)
            let d = nk.cx.addingProduct(nk.bx2.addingProduct(nk.ax3, t0), t0)
            let t1 = t0 - fx / d
            let y = nk.cy.addingProduct(nk.by.addingProduct(nk.ay, t1), t1) * t1
            if !y.isNaN { return y }
        }
        return curve.value(at: x)
    }
}
