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
    /// **Speed.** The loop takes 8 inputs at a time in two `SIMD4<Double>`: the cell index is
    /// clamped into range and found with the 2⁵² trick, coefficients are loaded per lane, and
    /// cells that are not directly certified hold NaN, so one mask test per group of 8 (an input
    /// outside (0, 1) or a NaN result) sends the group to a vectorised Newton patch and, lane by
    /// lane, to the scalar solver. Measured on the `bezier.solve` workload (10⁶ inputs,
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
        public init(_ curve: CubicBezier, cells: Int) throws {
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
        public func values(at input: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<Double>) throws {
            try values(at: input, into: output, threads: Parallel.threadCount)
        }

        /// The buffer version on an explicit number of threads.
        func values(
            at input: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<Double>,
            threads: Int
        ) throws {
            guard input.count == output.count else {
                throw MotionKernelError.invalidValue("into", "has \(output.count) slots for \(input.count) inputs")
            }
            let n = input.count
            guard n > 0, let src = input.baseAddress, let dst = output.baseAddress else { return }
            let s = SendableConstPointer(src), d = SendablePointer(dst)
            let me = self
            Parallel.forEachChunk(count: n, threads: threads, minChunk: 1 << 15) { range in
                me.kernel(s.base + range.lowerBound, d.base + range.lowerBound, range.count)
            }
        }

        /// Evaluates the curve at every input (a safe façade over the buffer version).
        public func values(at input: [Double]) -> [Double] {
            mapThroughBuffers(input) { try values(at: $0, into: $1) }
        }

        /// The single-threaded loop: groups of 8 without data-dependent branches; a group that
        /// holds an input outside (0, 1) or a cell that is not directly certified is patched.
        @inlinable
        func kernel(_ src: UnsafePointer<Double>, _ dst: UnsafeMutablePointer<Double>, _ count: Int) {
            if curve.isIdentity {
                dst.update(from: src, count: count)
                return
            }
            let k = _LaneConstants(cells: cells)
            let nk = _NewtonConstants(curve)
            table.withUnsafeBufferPointer { tb in
                guess.withUnsafeBufferPointer { gb in
                    guard let tab = tb.baseAddress, let gue = gb.baseAddress else { return }
                    var i = 0
                    while i + 8 <= count {
                        let xa = UnsafeRawPointer(src + i).loadUnaligned(as: SIMD4<Double>.self)
                        let xb = UnsafeRawPointer(src + i + 4).loadUnaligned(as: SIMD4<Double>.self)
                        let ya = InverseTable.lanes(xa, tab, k)
                        let yb = InverseTable.lanes(xb, tab, k)
                        UnsafeMutableRawPointer(dst + i).storeBytes(of: ya, as: SIMD4<Double>.self)
                        UnsafeMutableRawPointer(dst + i + 4).storeBytes(of: yb, as: SIMD4<Double>.self)
                        // Patch the group if an input is outside (0, 1) (or NaN) or hit a cell that
                        // is not directly certified (NaN coefficients).
                        let ok =
                            (xa .> k.zero) .& (xa .< k.one) .& (ya .== ya)
                            .& (xb .> k.zero) .& (xb .< k.one) .& (yb .== yb)
                        if !all(ok) {
                            patch(xa, ya, gue, k, nk, dst + i)
                            patch(xb, yb, gue, k, nk, dst + i + 4)
                        }
                        i += 8
                    }
                    for r in i..<count { dst[r] = one(src[r], tab, gue, nk) }
                }
            }
        }

        /// Four inputs through the direct cells (no branch; in-bounds garbage for inputs outside
        /// (0, 1), NaN for cells that are not directly certified).
        @inlinable @inline(__always)
        static func lanes(_ x: SIMD4<Double>, _ tab: UnsafePointer<Double>, _ k: _LaneConstants) -> SIMD4<Double> {
            let (c0, c1, c2, c3, u) = gather(x, tab, k)
            // Estrin: (c0 + c1 u) + u² (c2 + c3 u), a short dependency chain.
            return c0.addingProduct(c1, u).addingProduct(c2.addingProduct(c3, u), u * u)
        }

        /// The cell coefficients of four inputs and their local coordinates u ∈ [0, 1].
        @inlinable @inline(__always)
        static func gather(_ x: SIMD4<Double>, _ tab: UnsafePointer<Double>, _ k: _LaneConstants)
            -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)
        {
            let s = x * k.scale
            // Clamp into [0, cells) (NaN → 0).
            let s0 = k.zero.replacing(with: s, where: s .> k.zero)
            let sc = s0.replacing(with: k.top, where: s0 .> k.top)
            let f = sc.rounded(.down)
            let u = sc - f
            // f is an integer in [0, cells): its value sits in the low bits of f + 2⁵²; shifted
            // by 5 it is the byte offset of the cell's 4 coefficients.
            let bits = (unsafeBitCast(f + k.magic, to: SIMD4<UInt64>.self) &- k.magicBits) &<< 5
            let raw = UnsafeRawPointer(tab)
            let o0 = Int(truncatingIfNeeded: bits[0]), o1 = Int(truncatingIfNeeded: bits[1])
            let o2 = Int(truncatingIfNeeded: bits[2]), o3 = Int(truncatingIfNeeded: bits[3])
            // Coefficient k of the four lanes' cells (byte offset 8k in each cell).
            @inline(__always) func coefficient(_ k: Int) -> SIMD4<Double> {
                SIMD4(
                    raw.load(fromByteOffset: o0 &+ 8 &* k, as: Double.self), raw.load(fromByteOffset: o1 &+ 8 &* k, as: Double.self),
                    raw.load(fromByteOffset: o2 &+ 8 &* k, as: Double.self), raw.load(fromByteOffset: o3 &+ 8 &* k, as: Double.self))
            }
            return (coefficient(0), coefficient(1), coefficient(2), coefficient(3), u)
        }

        /// Patches four lanes already written by ``lanes``: lanes in Newton cells get the Hermite
        /// guess of t plus one Newton step (vectorised), and what is still unresolved (inputs
        /// outside (0, 1), NaN, cells left to the scalar solver) goes through `value(at:)`.
        @inlinable
        func patch(
            _ x: SIMD4<Double>, _ y: SIMD4<Double>, _ gue: UnsafePointer<Double>, _ k: _LaneConstants,
            _ nk: _NewtonConstants, _ dst: UnsafeMutablePointer<Double>
        ) {
            var y = y
            if hasNewtonCells {
                let (g0, g1, g2, g3, u) = InverseTable.gather(x, gue, k)
                let yn = InverseTable.newton(x, g0, g1, g2, g3, u, nk)
                y = y.replacing(with: yn, where: y .!= y)
            }
            let ok = (x .> k.zero) .& (x .< k.one) .& (y .== y)
            for l in 0..<4 { dst[l] = ok[l] ? y[l] : curve.value(at: x[l]) }
        }

        /// One Newton step on x(t) = x from the Hermite guess t0, then y(t1) (lane-wise; the same
        /// operations as ``one(_:_:_:_:)`` so both give identical bits).
        @inlinable @inline(__always)
        static func newton<V: SIMD>(_ x: V, _ g0: V, _ g1: V, _ g2: V, _ g3: V, _ u: V, _ nk: _NewtonConstants) -> V
        where V.Scalar == Double {
            let t0 = g0.addingProduct(g1, u).addingProduct(g2.addingProduct(g3, u), u * u)
            let fx = (V(repeating: 0) - x).addingProduct(
                V(repeating: nk.cx).addingProduct(
                    V(repeating: nk.bx).addingProduct(V(repeating: nk.ax), t0), t0), t0)
            let d = V(repeating: nk.cx).addingProduct(V(repeating: nk.bx2).addingProduct(V(repeating: nk.ax3), t0), t0)
            let t1 = t0 - fx / d
            return V(repeating: nk.cy).addingProduct(V(repeating: nk.by).addingProduct(V(repeating: nk.ay), t1), t1) * t1
        }

        /// One input through the table (the path of the last `count % 8` inputs).
        @inlinable
        func one(_ x: Double, _ tab: UnsafePointer<Double>, _ gue: UnsafePointer<Double>, _ nk: _NewtonConstants) -> Double {
            guard x > 0 && x < 1 else { return curve.value(at: x) }
            let s = x * Double(cells)
            let top = Double(cells).nextDown
            let sc = s < top ? s : top
            let f = sc.rounded(.down)
            let u = sc - f
            let p = tab + 4 * Int(f)
            if !p[0].isNaN {
                // The same operations as the vector lanes.
                return p[0].addingProduct(p[1], u).addingProduct(p[2].addingProduct(p[3], u), u * u)
            }
            let g = gue + 4 * Int(f)
            if !g[0].isNaN {
                let v = InverseTable.newton(
                    SIMD2(repeating: x), SIMD2(repeating: g[0]), SIMD2(repeating: g[1]),
                    SIMD2(repeating: g[2]), SIMD2(repeating: g[3]), SIMD2(repeating: u), nk)
                return v[0]
            }
            return curve.value(at: x)
        }

        /// Whether any cell uses the Newton step.
        @inlinable var hasNewtonCells: Bool { newtonCells > 0 }
    }
}
