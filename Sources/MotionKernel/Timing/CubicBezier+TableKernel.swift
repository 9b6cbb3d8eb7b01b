internal import CMotionKernelSIMD

extension CubicBezier.InverseTable {
    /// Offsets of unsettled inputs one call of the C kernel may report before it returns.
    static let pendingCapacity = 256

    /// The single-threaded loop: the C kernel `mk_bezier_table_f64` (built per vector level,
    /// dispatched at `isa`; the same bits at every level) evaluates 8 inputs at a time through the
    /// directly certified cells, patches the Newton cells, and lists what is left — inputs outside
    /// (0, 1), NaN, cells left to the scalar solver — which go through ``CubicBezier/value(at:)``
    /// here.
    ///
    /// - Parameter isa: the level to run (read on the calling thread: `KernelDispatch.level`).
    func kernel(_ src: UnsafePointer<Double>, _ dst: UnsafeMutablePointer<Double>, _ count: Int, isa: KernelISA) {
        if curve.isIdentity {
            dst.update(from: src, count: count)
            return
        }
        let nk = _NewtonConstants(curve)
        let c = curve
        let cap = CubicBezier.InverseTable.pendingCapacity
        table.withUnsafeBufferPointer { tb in
            guess.withUnsafeBufferPointer { gb in
                var params = mk_bezier_table(
                    table: tb.baseAddress, guess: hasNewtonCells ? gb.baseAddress : nil,
                    cells: Double(cells), top: Double(cells).nextDown,
                    ax: nk.ax, bx: nk.bx, cx: nk.cx, ax3: nk.ax3, bx2: nk.bx2, ay: nk.ay, by: nk.by, cy: nk.cy)
                withUnsafeTemporaryAllocation(of: Int.self, capacity: cap) { pending in
                    guard let p = pending.baseAddress else { return }
                    var start = 0
                    while start < count {
                        var done = 0
                        let n = mk_bezier_table_f64(&params, src + start, count - start, dst + start, p, cap, &done, isa.rawValue)
                        for k in 0..<n {
                            let j = start + p[k]
                            dst[j] = c.value(at: src[j])
                        }
                        start += done
                    }
                }
            }
        }
    }
}
