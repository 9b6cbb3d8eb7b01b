extension CubicBezier {
    /// A precomputed table of one curve for evaluating y(x) at many inputs.
    ///
    /// **Layout.** [0, 1] is cut into `cells` equal cells of width h = 1/cells. At each node
    /// x_j = j·h the build solves t_j with x(t_j) = x_j (Newton from the previous node, the scalar
    /// solver as fallback, then one polishing step). Over each cell y(x) is replaced by the cubic
    /// Hermite interpolant of y_j = y(t_j) and dy/dx = y′(t_j)/x′(t_j), stored as 4 coefficients
    /// in the local coordinate u = x/h − j ∈ [0, 1]. An input costs one cell lookup and one cubic
    /// (Estrin form, FMA): no division, no branch, no iteration.
    ///
    /// **Certificate (per cell, at build time).** On the cell's t interval I (widened by the node
    /// uncertainty) x′, x″, x‴, y′, y″, y‴ are bounded exactly (x′, y′ are quadratics). Then
    /// - interpolation error ≤ h⁴/384 · max|d⁴y/dx⁴|, bounded by Faà di Bruno with
    ///   |t′| ≤ 1/m, |t″| ≤ |x″|/m³, |t‴| ≤ (3x″² + x′|x‴|)/m⁵, |t⁗| ≤ (10x′|x″x‴| + 15|x″|³)/m⁷
    ///   (m = min x′ on I);
    /// - node errors, certified a posteriori: |t_j − t*| ≤ (|x(t_j) − x_j| + rounding) / min x′ near t_j,
    ///   and their effect on the node values and slopes;
    /// - rounding of the coefficients, of the evaluation and of the input mapping (a conservative
    ///   allowance of 4–16 ulps per term).
    /// A cell whose bound is ≤ ``errorBound`` (1e-10) is evaluated directly. Otherwise (where
    /// x′ gets small, e.g. near x = 0 for `easeOut`, or the curve is steep for the cell width) the
    /// cell is tried with the Hermite interpolant of t(x) plus one Newton step (a division),
    /// certified by |x″|/(2 min x′) · e² on the widened interval; if that fails too, such inputs
    /// go to the scalar solver ``CubicBezier/value(at:)``. So every output in (0, 1) from a
    /// certified cell is within 1e-10 of the exact y(x) for the given Double input (4e-12 for
    /// `easeInEaseOut` at 512 cells), and the rest have the scalar solver's accuracy (about 1e-10;
    /// the library's contract is 1e-7). Inputs ≤ 0, ≥ 1 and NaN go through
    /// ``CubicBezier/value(at:)`` (exact ends, straight extensions).
    ///
    /// **Speed.** The loop is a C kernel (`mk_bezier_table_f64`, built per vector level and
    /// dispatched at run time like the other C kernels, the same bits at every level and in every
    /// build): 8 inputs at a time, the cell index clamped into range and found with the 2⁵² trick,
    /// coefficients loaded per lane, the cubic with fused multiply-adds. Cells that are not
    /// directly certified hold NaN, so one mask test per group of 8 (an input outside (0, 1) or a
    /// NaN result) sends the group to a vectorised Newton patch; what is still unresolved goes,
    /// input by input, to the scalar solver. Measured on the `bezier.solve` workload (10⁶ inputs,
    /// `easeInEaseOut`, one thread, table build included): ~2.1 ms of CPU time against ~7.0 ms for
    /// the browsers' UnitBezier solver in C (`Benchmarks/peers/bezier_peer.c`), ~3.3×. Building
    /// costs ~0.05–0.1 µs per cell; reuse a table across calls for the same curve.
    public struct InverseTable: Sendable {
        /// The curve this table evaluates.
        public let curve: CubicBezier
        /// Number of cells (intervals of x).
        public let cells: Int
        /// The guaranteed error bound of the directly evaluated and Newton-corrected cells:
        /// |output − y(x)| ≤ 1e-10 there.
        public static let errorBound = 1e-10
        /// Per cell, the coefficients (c0, c1, c2, c3) of y(u) = (c0 + c1 u) + u² (c2 + c3 u) for
        /// directly certified cells; NaN in all four for the others.
        @usableFromInline let table: [Double]
        /// Per cell, the coefficients of the Hermite interpolant of t(u) (same form) where one
        /// Newton step certifies a cell that is not directly certified; NaN where the scalar solver is needed. Unused for
        /// directly certified cells.
        @usableFromInline let guess: [Double]
        /// The certified bound of |output − y(x)| for each cell (infinity for scalar-solver cells).
        let cellBounds: [Double]
        /// The cell count that would certify every cell with a finite bound directly (a power of
        /// two times `cells`, at most 65,536).
        let suggestedCells: Int
        /// Number of cells that use the Newton step.
        @usableFromInline let newtonCells: Int

        /// How a cell is evaluated.
        enum CellMode: Equatable { case direct, newton, scalar }

        /// How cell `j` is evaluated (for tests and diagnostics).
        func mode(ofCell j: Int) -> CellMode {
            if !table[4 * j].isNaN { return .direct }
            return guess[4 * j].isNaN ? .scalar : .newton
        }

        /// The certified error bound of cell `j` (infinity when it uses the scalar solver).
        func bound(ofCell j: Int) -> Double { cellBounds[j] }

        /// Builds the table.
        ///
        /// - Parameters:
        ///   - curve: the curve.
        ///   - cells: number of cells, 16…65,536 (default 512: 16 KB of coefficients, stays in L1).
        /// - Throws: `MotionKernelError.invalidValue("cells", …)` outside 16…65,536.
        public init(_ curve: CubicBezier, cells: Int) throws(MotionKernelError) {
            guard cells >= 16, cells <= 65_536 else {
                throw MotionKernelError.invalidValue("cells", "expected 16…65536, got \(cells)")
            }
            self.init(unchecked: curve, cells: cells)
        }

        /// Builds a table with a cell count chosen for the curve: 512 cells, or more (a power of two
        /// up to `maxCells`) when that lets more cells be evaluated directly. The interpolation
        /// error falls as h⁴, so the count is estimated from the 512-cell bounds; cells next to a
        /// point where x′(t) = 0 stay on the slower paths whatever the count.
        ///
        /// - Parameters:
        ///   - curve: the curve.
        ///   - maxCells: the largest cell count to use (rounded down to a power of two and clamped
        ///     to 512…65,536; default 4096, 128 KB of coefficients). Building costs ~0.1 µs per cell.
        public init(_ curve: CubicBezier, maxCells: Int = 4096) {
            var cap = 512
            while cap < 65_536 && cap * 2 <= maxCells { cap *= 2 }
            let first = InverseTable(unchecked: curve, cells: 512)
            let want = min(first.suggestedCells, cap)
            self = want > 512 ? InverseTable(unchecked: curve, cells: want) : first
        }

        /// The table with `cells` in 16…65,536.
        init(unchecked curve: CubicBezier, cells: Int) {
            self.curve = curve
            self.cells = cells
            let c = _NewtonConstants(curve)
            let ulp = Double.ulpOfOne
            let h = 1 / Double(cells)
            // Node values, polished, and their certified errors.
            let eta = 1e-9
            var ts = [Double](repeating: 0, count: cells + 1)
            var nodeErr = [Double](repeating: 0, count: cells + 1)
            ts[cells] = 1
            let sumX = abs(c.ax) + abs(c.bx) + abs(c.cx)
            // |fl(x(t)) − x(t)| for t in [0, 1] (Horner with three roundings, plus the subtraction).
            let roundX = 8 * ulp * (sumX + 1)
            for j in 0...cells {
                let xj = Double(j) / Double(cells)
                var t = j == 0 ? 0 : (j == cells ? 1 : InverseTable.node(c, curve, xj, after: ts[j - 1]))
                if j > 0 && j < cells {
                    let d = c.dx(t)
                    if d > 0 {
                        let p = t - (c.x(t) - xj) / d
                        if p > 0 && p < 1 && abs(c.x(p) - xj) <= abs(c.x(t) - xj) { t = p }
                    }
                }
                ts[j] = t
                if j == 0 || j == cells {
                    nodeErr[j] = 0  // exact: x(0) = 0 and x(1) = 1
                    continue
                }
                // If x′ ≥ m on [t − η, t + η] and |r| < m η, the root lies within |r|/m of t.
                let r = abs(c.x(t) - xj) + roundX
                let m = InverseTable.derivativeRange(c, t - eta, t + eta).minD1
                nodeErr[j] = (m > 0 && r < m * eta) ? r / m : .infinity
            }
            let nan = Double.nan
            var table = [Double](repeating: nan, count: 4 * cells)
            var guess = [Double](repeating: nan, count: 4 * cells)
            var bounds = [Double](repeating: .infinity, count: cells)
            let sumY = abs(c.ay) + abs(c.by) + abs(c.cy)
            let roundY = 8 * ulp * sumY
            let sumXD = 3 * abs(c.ax) + 2 * abs(c.bx) + abs(c.cx)
            let sumYD = 3 * abs(c.ay) + 2 * abs(c.by) + abs(c.cy)
            var refine = 1.0
            for j in 0..<cells {
                let ta = ts[j], tb = ts[j + 1]
                let ea = nodeErr[j], eb = nodeErr[j + 1]
                guard ea.isFinite, eb.isFinite, tb >= ta else { continue }
                let en = max(ea, eb)
                let lo = ta - en, hi = tb + en
                let r = InverseTable.derivativeRange(c, lo, hi)
                guard r.minD1 > 0 else { continue }
                let da = 1 / c.dx(ta), db = 1 / c.dx(tb)
                guard da.isFinite, db.isFinite else { continue }
                // Hermite in u: t = ta + u (h da) + u² (3 Δ − 2 h da − h db) + u³ (−2 Δ + h da + h db).
                let dt = tb - ta
                let c0 = ta, c1 = h * da
                let c2 = 3 * dt - 2 * h * da - h * db
                let c3 = -2 * dt + h * da + h * db
                // Interpolation error of the exact data.
                let d1 = r.maxD1, d2 = r.maxD2, d3 = abs(6 * c.ax), m = r.minD1
                // Powers of 1/m (rounding them costs a relative few ulps: inside the 16-ulp allowances).
                let i1 = (1 / m) * (1 + 4 * ulp)
                let i2 = i1 * i1, i5 = i2 * i2 * i1, i6 = i5 * i1, i7 = i6 * i1
                let t4 = (10 * d1 * d2 * d3 + 15 * d2 * d2 * d2) * i7
                let interp = h * h * h * h / 384 * t4
                // Data errors: values (weights in [0, 1], sum 1) and slopes (weights ≤ 4/27 · h each).
                let slopeErr = (d2 * en + 8 * ulp * (sumXD + m)) * i2
                let data = en + 2 * (4.0 / 27.0) * h * slopeErr
                // Rounding: coefficients, Horner in u ∈ [0, 1], and the input mapping (u off by a
                // few ulps of x/h, i.e. t off by that times h/x′).
                let fp =
                    16 * ulp * (abs(c0) + abs(c1) + abs(c2) + abs(c3) + 3 * abs(dt) + 3 * h * (abs(da) + abs(db)))
                    + 8 * ulp * i1
                let et = interp + data + fp
                guard et.isFinite else { continue }
                // Direct cells: the cubic Hermite interpolant of y(x) itself, from y and
                // dy/dx = y′(t)/x′(t) at the nodes.
                let dy = InverseTable.maxAbsDY(c, lo, hi)
                let ya = c.y(ta), yb = c.y(tb)
                let sa = c.dy(ta) * da, sb = c.dy(tb) * db
                let dyv = yb - ya
                let k0 = ya, k1 = h * sa
                let k2 = 3 * dyv - 2 * h * sa - h * sb
                let k3 = -2 * dyv + h * sa + h * sb
                // |d⁴y/dx⁴| by Faà di Bruno (y‴′(t) = 0): 6 y‴ t′² t″ + y″ (3 t″² + 4 t′ t‴) + y′ t⁗,
                // with |t′| ≤ 1/m, |t″| ≤ d2/m³, |t‴| ≤ (3 d2² + d1 d3)/m⁵ and t⁗ as above.
                let yd2 = max(abs(6 * c.ay * lo + 2 * c.by), abs(6 * c.ay * hi + 2 * c.by)) * (1 + 4 * ulp)
                let yd3 = abs(6 * c.ay)
                let y4 = (6 * yd3 * d2 * i5 + yd2 * (3 * d2 * d2 + 4 * (3 * d2 * d2 + d1 * d3)) * i6 + dy * t4) * (1 + 16 * ulp)
                let interpY = h * h * h * h / 384 * y4
                // Node values (t off by en, plus rounding of y(t)) and node slopes.
                let slopeErrY = (yd2 * d1 + dy * d2) * i2 * en + 8 * ulp * (sumYD + dy * sumXD * i1) * i1
                let dataY = dy * en + roundY + 2 * (4.0 / 27.0) * h * slopeErrY
                // Rounding of the coefficients and of the evaluation; the input mapping moves u by
                // a few ulps of x·cells, i.e. y by a few ulps times |dy/dx| ≤ dy/m.
                let fpY =
                    16 * ulp * (abs(k0) + abs(k1) + abs(k2) + abs(k3) + 3 * abs(dyv) + 3 * h * (abs(sa) + abs(sb)))
                    + 4 * ulp * dy * i1
                let direct = interpY + dataY + fpY
                if direct.isFinite && direct > InverseTable.errorBound {
                    // The bound scales as h⁴: the refinement that would certify this cell.
                    refine = max(refine, (2 * direct / InverseTable.errorBound).squareRoot().squareRoot())
                }
                if direct <= InverseTable.errorBound {
                    table[4 * j] = k0; table[4 * j + 1] = k1; table[4 * j + 2] = k2; table[4 * j + 3] = k3
                    bounds[j] = direct
                    continue
                }
                // One Newton step from the Hermite guess (|t0 − t*| ≤ et, both in [lo − et, hi + et]).
                let lo2 = lo - et, hi2 = hi + et
                let r2 = InverseTable.derivativeRange(c, lo2, hi2)
                guard r2.minD1 > 0 else { continue }
                // Newton error, rounding of the residual and of the step (x′ off by a few ulps).
                let e1 =
                    r2.maxD2 / (2 * r2.minD1) * et * et + (roundX + 2 * ulp) / r2.minD1 + 2 * ulp
                    + et * 8 * ulp * sumXD / r2.minD1
                let newton = InverseTable.maxAbsDY(c, lo2, hi2) * e1 + roundY
                if newton <= InverseTable.errorBound {
                    guess[4 * j] = c0; guess[4 * j + 1] = c1; guess[4 * j + 2] = c2; guess[4 * j + 3] = c3
                    bounds[j] = newton
                }
            }
            self.table = table
            self.guess = guess
            self.cellBounds = bounds
            self.newtonCells = (0..<cells).filter { !guess[4 * $0].isNaN }.count
            var want = cells
            while Double(want) < Double(cells) * refine && want < 65_536 { want *= 2 }
            self.suggestedCells = want
        }

        /// t with x(t) = xj, for xj in (0, 1), knowing the root of the previous node `prev`:
        /// Newton steps from the tangent extrapolation, kept inside (prev, 1); the scalar solver when
        /// they do not settle. (Its accuracy is certified afterwards from the residual.)
        static func node(_ c: _NewtonConstants, _ curve: CubicBezier, _ xj: Double, after prev: Double) -> Double {
            // Second-order Taylor step of t(x) from the previous node (t′ = 1/x′, t″ = −x″/x′³).
            let d0 = c.dx(prev)
            let r0 = xj - c.x(prev)
            var t = d0 > 0 ? prev + r0 / d0 - (6 * c.ax * prev + 2 * c.bx) * r0 * r0 / (2 * d0 * d0 * d0) : .nan
            if !(t > prev && t < 1) { t = d0 > 0 ? prev + r0 / d0 : .nan }
            guard t > prev && t < 1 else { return curve.solveT(xj) }
            for _ in 0..<4 {
                let f = c.x(t) - xj
                if f == 0 { return t }
                let next = t - f / c.dx(t)
                guard next > prev && next < 1 else { return curve.solveT(xj) }
                // Quadratic convergence: a step this small leaves ~|x″|/(2x′) · step² ≪ ulp.
                if abs(next - t) <= 1e-9 { return next }
                t = next
            }
            return curve.solveT(xj)
        }

        /// min x′, max x′ and max |x″| over [lo, hi] (x′ quadratic, x″ linear: exact up to rounding,
        /// with a relative margin for it).
        static func derivativeRange(_ c: _NewtonConstants, _ lo: Double, _ hi: Double) -> (minD1: Double, maxD1: Double, maxD2: Double) {
            var mn = min(c.dx(lo), c.dx(hi))
            var mx = max(c.dx(lo), c.dx(hi))
            if c.ax != 0 {
                let v = -c.bx / (3 * c.ax)
                if v > lo && v < hi {
                    mn = min(mn, c.dx(v))
                    mx = max(mx, c.dx(v))
                }
            }
            let slack = 8 * Double.ulpOfOne * (3 * abs(c.ax) + 2 * abs(c.bx) + abs(c.cx)) * max(1, abs(lo), abs(hi)) * max(1, abs(lo), abs(hi))
            let d2 = max(abs(6 * c.ax * lo + 2 * c.bx), abs(6 * c.ax * hi + 2 * c.bx))
            return (mn - slack, mx + slack, d2 * (1 + 4 * Double.ulpOfOne))
        }

        /// max |y′| over [lo, hi] (a quadratic: ends and vertex), with a margin for rounding.
        static func maxAbsDY(_ c: _NewtonConstants, _ lo: Double, _ hi: Double) -> Double {
            var m = max(abs(c.dy(lo)), abs(c.dy(hi)))
            if c.ay != 0 {
                let v = -c.by / (3 * c.ay)
                if v > lo && v < hi { m = max(m, abs(c.dy(v))) }
            }
            let w = max(1, abs(lo), abs(hi))
            return m + 8 * Double.ulpOfOne * (3 * abs(c.ay) + 2 * abs(c.by) + abs(c.cy)) * w * w
        }

        /// Evaluates the curve at every input: `output[i] = curve.value(at: input[i])`, within the
        /// bound described on the type.
        ///
        /// Runs on up to `Parallel.threadCount` threads for large inputs.
        /// - Throws: `MotionKernelError.invalidValue("into", …)` when the buffers differ in length.
        public func values(at input: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<Double>) throws(MotionKernelError) {
            try values(at: input, into: output, threads: Parallel.threadCount)
        }

        /// The buffer version on an explicit number of threads.
        func values(
            at input: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<Double>,
            threads: Int
        ) throws(MotionKernelError) {
            guard input.count == output.count else {
                throw MotionKernelError.invalidValue("into", "has \(output.count) slots for \(input.count) inputs")
            }
            let n = input.count
            guard n > 0, let src = input.baseAddress, let dst = output.baseAddress else { return }
            let s = SendableConstPointer(src), d = SendablePointer(dst)
            let me = self
            let isa = KernelDispatch.level
            Parallel.forEachChunk(count: n, threads: threads, minChunk: 1 << 15) { range in
                me.kernel(s.base + range.lowerBound, d.base + range.lowerBound, range.count, isa: isa)
            }
        }

        /// Evaluates the curve at every input (a safe façade over the buffer version).
        public func values(at input: [Double]) -> [Double] {
            mapThroughBuffers(input) { (i, o) throws(MotionKernelError) in try values(at: i, into: o) }
        }

        /// Whether any cell uses the Newton step.
        @inlinable var hasNewtonCells: Bool { newtonCells > 0 }
    }
}
