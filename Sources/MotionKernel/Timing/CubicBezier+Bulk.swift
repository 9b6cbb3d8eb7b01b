extension CubicBezier {
    /// A precomputed inverse table t(x) of one curve for evaluating it at many inputs.
    ///
    /// The table holds t at `cells + 1` evenly spaced x in [0, 1] (each solved by the scalar
    /// solver). An input x is located in its cell, t is interpolated linearly, and one Newton step
    /// on x(t) = x polishes it. Every cell carries a certificate: the linear guess is off by at
    /// most e0 = h²/8 · max|x″| / min(x′)³ (h the cell width in x), the Newton step leaves at most
    /// max|x″| / (2 min x′) · e0², and the cell is used only if that bound times max|dy/dt| is
    /// ≤ 1e-10. Cells that fail (where x′ vanishes, e.g.
    /// near x = 0 for `easeOut`) fall back to the scalar solver, so every output meets the same
    /// bound as ``CubicBezier/value(at:)`` (well inside the 1e-7 contract).
    ///
    /// Building costs `cells + 1` scalar solves (~10 µs for 512 cells); reuse a table across calls
    /// for the same curve.
    public struct InverseTable: Sendable {
        /// The curve this table evaluates.
        public let curve: CubicBezier
        /// Number of cells (intervals of x).
        public let cells: Int
        /// Interleaved (t at the cell's left end, t increment across the cell); a negative
        /// increment marks a cell that fails the certificate.
        @usableFromInline let table: [Double]

        /// Builds the table.
        ///
        /// - Parameters:
        ///   - curve: the curve.
        ///   - cells: number of cells, 16…65,536 (default 512: 8 KB, stays in L1).
        /// - Throws: `MotionKernelError.invalidValue("cells", …)` outside 16…65,536.
        public init(_ curve: CubicBezier, cells: Int = 512) throws {
            guard cells >= 16, cells <= 65_536 else {
                throw MotionKernelError.invalidValue("cells", "expected 16…65536, got \(cells)")
            }
            self.curve = curve
            self.cells = cells
            var ts = [Double](repeating: 0, count: cells + 1)
            ts[cells] = 1
            for j in 1..<cells { ts[j] = curve.solveT(Double(j) / Double(cells)) }
            var table = [Double](repeating: 0, count: 2 * cells)
            let c = curve
            for j in 0..<cells {
                let ta = ts[j], tb = ts[j + 1]
                table[2 * j] = ta
                let width = tb - ta
                // min of x′ on [ta, tb]: x′ is a quadratic (3ax t² + 2bx t + cx).
                var minD = min(c.curveDX(ta), c.curveDX(tb))
                if c.ax > 0 {
                    let v = -c.bx / (3 * c.ax)
                    if v > ta && v < tb { minD = min(minD, c.curveDX(v)) }
                }
                // max |x″| on [ta, tb]: x″ = 6ax t + 2bx is linear.
                let maxD2 = max(abs(6 * c.ax * ta + 2 * c.bx), abs(6 * c.ax * tb + 2 * c.bx))
                // Error of the linear guess of t(x) over a cell of width h in x:
                // h²/8 · max|t″(x)|, with t″ = −x″/x′³; plus slack for the nodes' own solve error.
                let h = 1 / Double(cells)
                let e0 = minD > 0 ? h * h / 8 * maxD2 / (minD * minD * minD) + 1e-12 : .infinity
                let bound = minD > 0 ? maxD2 / (2 * minD) * e0 * e0 * c.maxAbsDY : .infinity
                table[2 * j + 1] = (bound <= 1e-10 && bound.isFinite) ? width : -1
            }
            self.table = table
        }

        /// Evaluates the curve at every input: `output[i] = curve.value(at: input[i])`.
        ///
        /// Runs on up to `Parallel.threadCount` threads for large inputs.
        /// - Throws: `MotionKernelError.invalidValue("into", …)` when the buffers differ in length.
        public func values(at input: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<Double>) throws {
            try values(at: input, into: output, threads: Parallel.threadCount)
        }

        /// The buffer version on an explicit number of threads.
        func values(at input: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<Double>,
                    threads: Int) throws {
            guard input.count == output.count else {
                throw MotionKernelError.invalidValue("into", "has \(output.count) slots for \(input.count) inputs")
            }
            let n = input.count
            guard n > 0, let src = input.baseAddress, let dst = output.baseAddress else { return }
            let io = _BulkPointers(src: src, dst: dst)
            let me = self
            Parallel.forEachChunk(count: n, threads: threads, minChunk: 1 << 15) { range in
                me.kernel(io.src + range.lowerBound, io.dst + range.lowerBound, range.count)
            }
        }

        /// Evaluates the curve at every input (a safe façade over the buffer version).
        public func values(at input: [Double]) -> [Double] {
            var out = [Double](repeating: 0, count: input.count)
            input.withUnsafeBufferPointer { i in
                out.withUnsafeMutableBufferPointer { o in
                    // Equal lengths by construction: cannot throw.
                    try? values(at: i, into: o)
                }
            }
            return out
        }

        /// The single-threaded inner loop.
        @inlinable
        func kernel(_ src: UnsafePointer<Double>, _ dst: UnsafeMutablePointer<Double>, _ count: Int) {
            let c = curve
            if c.isIdentity {
                dst.update(from: src, count: count)
                return
            }
            let m = Double(cells)
            let last = cells - 1
            let ax = c.ax, bx = c.bx, cx = c.cx, ay = c.ay, by = c.by, cy = c.cy
            table.withUnsafeBufferPointer { tb in
                guard let tab = tb.baseAddress else { return }
                for i in 0..<count {
                    let x = src[i]
                    // Interior inputs take the certified fast path; ends, extensions, NaN and
                    // uncertified cells go through the scalar solver (exact ends, same bound).
                    if x > 0 && x < 1 {
                        let s = x * m
                        let j = min(Int(s), last)
                        let w = tab[2 * j + 1]
                        if w >= 0 {
                            let t = tab[2 * j] + w * (s - Double(j))
                            let fx = ((ax * t + bx) * t + cx) * t - x
                            let d = (3 * ax * t + 2 * bx) * t + cx
                            let t1 = t - fx / d
                            dst[i] = ((ay * t1 + by) * t1 + cy) * t1
                            continue
                        }
                    }
                    dst[i] = c.value(at: x)
                }
            }
        }
    }

    /// Inputs at or above which ``values(at:into:)`` builds an ``InverseTable``.
    public static let bulkTableThreshold = 4096

    /// Evaluates the curve at many inputs: `output[i] = value(at: input[i])`, to the same accuracy.
    ///
    /// For `input.count` ≥ ``bulkTableThreshold`` it builds an ``InverseTable`` (one Newton step
    /// from a certified linear guess per input); below that it calls the scalar solver.
    ///
    /// - Throws: `MotionKernelError.invalidValue("into", …)` when the buffers differ in length.
    /// - Complexity: O(n) plus ~10 µs of table setup for large n.
    public func values(at input: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<Double>) throws {
        guard input.count == output.count else {
            throw MotionKernelError.invalidValue("into", "has \(output.count) slots for \(input.count) inputs")
        }
        if input.count >= CubicBezier.bulkTableThreshold && !isIdentity {
            // `cells` is in range: cannot throw.
            if let table = try? InverseTable(self) {
                try table.values(at: input, into: output)
                return
            }
        }
        for i in 0..<input.count { output[i] = value(at: input[i]) }
    }

    /// Evaluates the curve at many inputs (safe façade of the buffer version).
    public func values(at input: [Double]) -> [Double] {
        var out = [Double](repeating: 0, count: input.count)
        input.withUnsafeBufferPointer { i in
            out.withUnsafeMutableBufferPointer { o in
                try? values(at: i, into: o)
            }
        }
        return out
    }

    /// Evaluates the curve at many `Float` inputs: computed in `Double`, rounded to `Float`.
    public func values(at input: [Float]) -> [Float] {
        values(at: input.map { Double($0) }).map { Float($0) }
    }
}

/// Raw pointers handed to worker threads that write disjoint slices.
@usableFromInline
struct _BulkPointers: @unchecked Sendable {
    @usableFromInline let src: UnsafePointer<Double>
    @usableFromInline let dst: UnsafeMutablePointer<Double>
    @usableFromInline init(src: UnsafePointer<Double>, dst: UnsafeMutablePointer<Double>) {
        self.src = src
        self.dst = dst
    }
}
