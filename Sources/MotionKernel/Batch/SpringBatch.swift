/// Many springs, each with its own parameters and initial state, in structure-of-arrays form,
/// sampled in bulk into caller-provided row-major buffers (row i = spring i, column j = time j).
///
/// On a uniform grid each spring is stepped by its exact state-transition matrix Φ(Δt): four
/// multiply-adds per sample and no transcendental per sample. The stepping runs in Double
/// for both output precisions and re-anchors from the closed form every `anchorInterval`
/// samples, so the error does not grow with the number of samples. A time list that is such a
/// grid up to tiny deviations (float32 `j/120`, say) takes the same kernel with a certified
/// Taylor correction per sample (`NearUniformGrid`); other lists, and springs too fast for that
/// correction's bound, use the closed form per sample. Large batches are split over `Parallel.threadCount` threads; the
/// bits of every output do not depend on the thread count or on how rows are split (each
/// spring's arithmetic depends only on its own parameters: the C kernel's partial groups of
/// sixteen springs are padded with a copy of their last spring and run the same vector code).
///
/// Accepted ranges (checked at init, before any work): each spring as `Spring` accepts it,
/// finite from/to/velocity, and a value bound that fits T with margin. With y₀ = from − to,
/// ω₀ = √(k/m), the energy ½(v² + ω₀²y²) never grows, so every sample, and every term the
/// kernels add, obeys |x − to| ≤ A = √(y₀² + (v₀/ω₀)²) and |v| ≤ B = √(v₀² + ω₀²y₀²).
/// Required: |to| + 2A ≤ T.greatestFiniteMagnitude / 4 (always) and 2B ≤
/// T.greatestFiniteMagnitude / 4 (when velocities are sampled). Any non-finite sample that
/// still arises (it should not) is an error naming the spring, never a result.
///
/// **Shape.** A struct holding validated or precomputed state reused across calls;
/// arguments in the bulk APIs' order (inputs, grid, options, output buffers, execution
/// controls), as described at ``SplineBatch``.
public struct SpringBatch<T: MotionScalar>: Sendable {
    /// Number of springs N.
    public let count: Int
    /// Mass m of each spring (> 0; all 1 when not given).
    public let mass: [T]
    /// Stiffness k of each spring (> 0), force per unit distance.
    public let stiffness: [T]
    /// Damping coefficient c of each spring (≥ 0), force per unit velocity.
    public let damping: [T]
    /// Initial value x(0) of each spring, in the values' unit.
    public let from: [T]
    /// Target value of each spring, in the values' unit.
    public let to: [T]
    /// Initial velocity x′(0) of each spring, units per second (all 0 when not given).
    public let initialVelocity: [T]
    /// Six Double columns of N for the uniform-grid kernel: λ, q, ω₀², target, from − to,
    /// velocity (see `SpringBatch+Uniform.swift`).
    let kernelColumns: [Double]
    /// Per spring: the velocity bound 2B of the type doc (Double), checked when velocities
    /// are sampled, and which field dominates it.
    let velocityBounds: [Double]

    /// Samples between closed-form re-anchors on uniform grids.
    public static var anchorInterval: Int { 256 }

    /// A batch from physical parameters (columns of equal length N).
    /// - Parameters: `mass` defaults to all 1, `velocity` to all 0 (units/s).
    /// - Throws: `invalidValue` naming the column and index (`stiffness[17]`) for a length
    ///   mismatch, an invalid value, or a motion whose values would leave the accepted range
    ///   (see the type doc): `to[i]`, `from[i]` or `velocity[i]`, whichever dominates.
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public init(mass: [T]? = nil, stiffness: [T], damping: [T], from: [T], to: [T], initialVelocity velocity: [T]? = nil) throws(MotionKernelError) {
        let n = stiffness.count
        let m = mass ?? [T](repeating: 1, count: n)
        let v = velocity ?? [T](repeating: 0, count: n)
        for (name, col) in [("mass", m), ("damping", damping), ("from", from), ("to", to), ("velocity", v)] where col.count != n {
            throw MotionKernelError.invalidValue(name, "has \(col.count) items; expected \(n) (as stiffness)")
        }
        self.count = n
        self.mass = m
        self.stiffness = stiffness
        self.damping = damping
        self.from = from
        self.to = to
        self.initialVelocity = v
        // The checks `Spring<T>` and the state columns make, and the kernel columns. Four
        // springs at a time take a vector path when every parameter lies in the ordinary ranges
        // below (m, k ∈ [2⁻²⁰, 2²⁰], c ∈ [0, 2²⁰], and states and the bounds' terms below 2⁶⁰):
        // there `Spring` in Float or Double cannot overflow (ω₀² ∈ [2⁻⁴⁰, 2⁴⁰], λ ≤ 2³⁹,
        // ζ ≤ 2⁵⁹, |q| ≤ max(ω₀²(1 + ζ²), λ²) < 2¹⁶⁰ or it is replaced by −λ², exactly as
        // `Spring.init(validatedMass:)` does), and the value bound |to| + 2A < 2⁶³ holds without
        // `hypot`. Any other spring takes `row`, which throws the precise error or computes the
        // same columns through `Spring<Double>` and `bounds`.
        let limit = T.greatestFiniteMagnitude.doubleValue / 4
        // Every entry of both arrays is written by `columns` (no zero fill first).
        var vb = [Double](), kc = [Double]()
        if n > 0 {
            try m.withUnsafeBufferPointer { m throws(MotionKernelError) in
                try stiffness.withUnsafeBufferPointer { k throws(MotionKernelError) in
                    try damping.withUnsafeBufferPointer { c throws(MotionKernelError) in
                        try from.withUnsafeBufferPointer { f throws(MotionKernelError) in
                            try to.withUnsafeBufferPointer { t throws(MotionKernelError) in
                                try v.withUnsafeBufferPointer { v throws(MotionKernelError) in
                                    vb = try [Double](unsafeUninitializedCapacity: n) { (vbuf, vcount) throws(MotionKernelError) in
                                        kc = try [Double](unsafeUninitializedCapacity: 6 * n) { (kbuf, kcount) throws(MotionKernelError) in
                                            try SpringBatch.columns(
                                                n, m: m, k: k, c: c, f: f, t: t, v: v, limit: limit, vb: vbuf.baseAddress!,
                                                kc: kbuf.baseAddress!)
                                            kcount = 6 * n
                                        }
                                        vcount = n
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        self.velocityBounds = vb
        self.kernelColumns = kc
    }

    /// The velocity bounds and kernel columns of `n` springs (see `init`).
    static func columns(
        _ n: Int, m: UnsafeBufferPointer<T>, k: UnsafeBufferPointer<T>, c: UnsafeBufferPointer<T>, f: UnsafeBufferPointer<T>,
        t: UnsafeBufferPointer<T>, v: UnsafeBufferPointer<T>, limit: Double, vb: UnsafeMutablePointer<Double>, kc: UnsafeMutablePointer<Double>
    ) throws(MotionKernelError) {
        typealias V4 = SIMD4<Double>
        @inline(__always) func load(_ p: UnsafeBufferPointer<T>, _ i: Int) -> V4 {
            V4(p[i].doubleValue, p[i + 1].doubleValue, p[i + 2].doubleValue, p[i + 3].doubleValue)
        }
        /// One spring through the checking path.
        func row(_ i: Int) throws(MotionKernelError) {
            let fi = f[i].doubleValue, ti = t[i].doubleValue, vi = v[i].doubleValue
            try check(mass: m[i], stiffness: k[i], damping: c[i], from: f[i], to: t[i], velocity: v[i], index: i)
            guard let s = Spring<Double>(validatedMass: m[i].doubleValue, stiffness: k[i].doubleValue, damping: c[i].doubleValue) else {
                throw MotionKernelError.invalidValue("stiffness[\(i)]", "derived frequencies overflow in Double")
            }
            vb[i] = try bounds(s, from: fi, to: ti, velocity: vi, index: i, limit: limit)
            kc[i] = s.lambda; kc[n + i] = s.q; kc[2 * n + i] = s.omega0Squared
            kc[3 * n + i] = ti; kc[4 * n + i] = fi - ti; kc[5 * n + i] = vi
        }
        let lo = V4(repeating: 0x1p-20), hi = V4(repeating: 0x1p20), big = V4(repeating: 0x1p60)
        let fast = limit > 0x1p64
        var i = 0
        while i + 4 <= n {
            let mm = load(m, i), kk = load(k, i), cc = load(c, i), ff = load(f, i), tt = load(t, i), vv = load(v, i)
            let w2 = kk / mm
            let l = cc / (2 * mm)
            let w = w2.squareRoot()
            let zeta = l / w
            let y0 = ff - tt, r = vv / w, wy = w * y0
            let q = w2 * ((1 - zeta) * (1 + zeta))
            // Comparisons are false for NaN, so a non-finite input fails them.
            typealias M4 = SIMDMask<SIMD4<Int64>>
            @inline(__always) func within(_ x: V4, _ a: V4, _ b: V4) -> M4 { (x .>= a) .& (x .<= b) }
            @inline(__always) func small(_ x: V4) -> M4 { (x .< big) .& (x .> -big) }
            let okSpring: M4 = within(mm, lo, hi) .& within(kk, lo, hi) .& within(cc, V4(repeating: 0), hi)
            let okState: M4 = small(ff) .& small(tt) .& small(vv)
            let okBounds: M4 = small(y0) .& small(r) .& small(wy)
            let ok = okSpring .& okState .& okBounds
            if fast && all(ok) {
                let b = 2 * (vv * vv + wy * wy).squareRoot()
                for j in 0..<4 {
                    vb[i + j] = b[j]
                    kc[i + j] = l[j]; kc[n + i + j] = q[j]; kc[2 * n + i + j] = w2[j]
                    kc[3 * n + i + j] = tt[j]; kc[4 * n + i + j] = y0[j]; kc[5 * n + i + j] = vv[j]
                }
            } else {
                for j in 0..<4 { try row(i + j) }
            }
            i += 4
        }
        while i < n {
            try row(i)
            i += 1
        }
    }

    /// The checks of one spring's parameters and state, throwing the error naming the column and
    /// index (`stiffness[17]`): `Spring<T>`'s, then finite from/to/velocity.
    static func check(mass: T, stiffness: T, damping: T, from: T, to: T, velocity: T, index i: Int) throws(MotionKernelError) {
        do {
            _ = try Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true)
            try MotionKernelError.requireFinite(from, "from")
            try MotionKernelError.requireFinite(to, "to")
            try MotionKernelError.requireFinite(velocity, "velocity")
        } catch let e {
            throw MotionKernelError(code: e.code, field: "\(e.field)[\(i)]", reason: e.reason)
        }
    }

    /// A batch from `Spring` values.
    /// - Throws: `invalidValue` for mismatched lengths or non-finite states.
    public init(springs: [Spring<T>], from: [T], to: [T], initialVelocity velocity: [T]? = nil) throws(MotionKernelError) {
        try self.init(
            mass: springs.map(\.mass), stiffness: springs.map(\.stiffness), damping: springs.map(\.damping),
            from: from, to: to, initialVelocity: velocity)
    }

    /// The i-th spring (0 ≤ i < count).
    /// - Throws: `invalidValue` naming `index` when out of range.
    public func spring(at i: Int) throws(MotionKernelError) -> Spring<T> {
        guard i >= 0, i < count else { throw MotionKernelError.invalidValue("index", "\(i) is outside 0..<\(count)") }
        return try Spring(mass: mass[i], stiffness: stiffness[i], damping: damping[i], allowOverDamping: true)
    }

    /// Checks the value bound |to| + 2A ≤ `limit` of spring `index` (see the type doc) and
    /// returns its velocity bound 2B (possibly +∞).
    /// - Throws: `invalidValue` naming `to[i]`, `from[i]` or `velocity[i]`.
    static func bounds(_ sp: Spring<Double>, from: Double, to: Double, velocity v0: Double, index i: Int, limit: Double) throws(MotionKernelError) -> Double {
        let y0 = from - to
        guard y0.isFinite else { throw MotionKernelError.invalidValue("from[\(i)]", "from − to overflows") }
        let w = sp.omega0
        let a = Double.hypot(y0, v0 / w)
        if !(abs(to) + 2 * a <= limit) {
            let field = abs(to) > limit / 2 ? "to" : (abs(y0) >= abs(v0 / w) ? "from" : "velocity")
            throw MotionKernelError.invalidValue(
                "\(field)[\(i)]",
                "the motion's values (up to |to| + \(a)) exceed the accepted range \(limit) of the batch's scalar type")
        }
        return 2 * Double.hypot(v0, w * y0)
    }

    /// Throws when some row in `rows` wants velocities beyond the accepted range.
    func checkVelocityBounds(_ rows: Range<Int>) throws(MotionKernelError) {
        let limit = T.greatestFiniteMagnitude.doubleValue / 4
        for i in rows where !(velocityBounds[i] <= limit) {
            let sp = doubleSpring(i)
            let y0 = from[i].doubleValue - to[i].doubleValue
            let field = abs(sp.omega0 * y0) >= abs(initialVelocity[i].doubleValue) ? "stiffness" : "velocity"
            throw MotionKernelError.invalidValue(
                "\(field)[\(i)]", "the motion's velocities (up to \(velocityBounds[i] / 2)) exceed the accepted range \(limit) of the batch's scalar type")
        }
    }

    /// Spring `i` in Double, as the kernels use it (its Φ entries and closed form).
    ///
    /// The trap is an internal invariant, unreachable from public API: `init` built this spring
    /// from the same immutable columns and threw if it was nil.
    func doubleSpring(_ i: Int) -> Spring<Double> {
        if let s = Spring<Double>(validatedMass: mass[i].doubleValue, stiffness: stiffness[i].doubleValue, damping: damping[i].doubleValue) {
            return s
        }
        preconditionFailure("SpringBatch invariant: spring \(i) was validated at init")
    }

    /// Spring `i` of the batch as `Spring<U>`.
    ///
    /// The trap is an internal invariant, unreachable from public API: the columns are
    /// immutable `let`s that `init` validated as `Spring<T>` (throwing otherwise), and the only
    /// caller passes `U == T`, so the same numbers validate again.
    private func validSpring<U: MotionScalar>(_ i: Int, as: U.Type) -> Spring<U> {
        if let s = Spring<U>(validatedMass: U(mass[i].doubleValue), stiffness: U(stiffness[i].doubleValue), damping: U(damping[i].doubleValue)) {
            return s
        }
        preconditionFailure("SpringBatch invariant: spring \(i) was validated at init")
    }

    /// Samples springs `rows` (default all) at `grid` into `values` (row-major, `rows.count` ×
    /// `grid.count`) and, when given, `velocities` (same shape).
    /// - Throws: `invalidValue` naming `times…` for a bad grid, `rows` when out of range,
    ///   `values`/`velocities` when a buffer is smaller than the shape, `stiffness[i]` or
    ///   `velocity[i]` (before any work) when velocities are requested beyond the accepted
    ///   range, and `stiffness[i]` when a sample came out non-finite anyway (the buffers'
    ///   contents are then unspecified).
    /// - Complexity: O(rows·T); no transcendental per sample on uniform grids.
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public func sample(
        _ grid: TimeGrid<T>, rows: Range<Int>? = nil,
        values: UnsafeMutableBufferPointer<T>, velocities: UnsafeMutableBufferPointer<T>? = nil,
        threads: Int = Parallel.threadCount
    ) throws(MotionKernelError) {
        try grid.validate()
        let rows = rows ?? 0..<count
        guard rows.lowerBound >= 0, rows.upperBound <= count else {
            throw MotionKernelError.invalidValue("rows", "\(rows) is outside 0..<\(count)")
        }
        let tCount = grid.count
        let needed = try MotionKernelError.checkedCount([rows.count, tCount], limit: Int.max, "values")
        guard values.count >= needed else {
            throw MotionKernelError.invalidValue("values", "buffer holds \(values.count) numbers; \(needed) needed")
        }
        if let velocities, velocities.count < needed {
            throw MotionKernelError.invalidValue("velocities", "buffer holds \(velocities.count) numbers; \(needed) needed")
        }
        if needed == 0 { return }
        if velocities != nil { try checkVelocityBounds(rows) }
        let out = SendablePointer(values.baseAddress!)
        let vout = velocities.map { SendablePointer($0.baseAddress!) }
        let base = rows.lowerBound
        let bad = FirstIndex()
        let groups = (rows.count + SpringBatch.lanes - 1) / SpringBatch.lanes
        // A time list that is a uniform grid up to tiny deviations (float32 times j/120, say)
        // takes the uniform kernel with a per-sample Taylor correction (see `NearUniformGrid`).
        let near: NearUniformGrid?
        if case .times(let ts) = grid, T.self == Float.self || T.self == Double.self { near = NearUniformGrid(ts) } else { near = nil }
        // Rows are produced and checked in blocks of about 64 KB of output, so that the check
        // reads them back from cache.
        let blockRows = max(SpringBatch.lanes, (65536 / max(1, tCount * MemoryLayout<T>.stride)) / SpringBatch.lanes * SpringBatch.lanes)
        // Outputs beyond the cache stream their stores; both read on this thread (task-local
        // switches do not reach the workers).
        let stream = StreamingStores.kind(outputBytes: needed * MemoryLayout<T>.stride) != .plain
        let isa = KernelDispatch.level
        Parallel.forEachChunk(count: groups, threads: threads, minChunk: max(1, 8192 / max(tCount, 1))) { chunk in
            var lo = chunk.lowerBound * SpringBatch.lanes
            let end = min(rows.count, chunk.upperBound * SpringBatch.lanes)
            while lo < end {
                let hi = min(end, lo + blockRows)
                // The C kernel checks its numbers in registers; the rest are read back here.
                let unchecked = self.sampleBlock(grid, near: near, rows: base + lo..<base + hi, outRow: lo, out: out, vout: vout, stream: stream, isa: isa)
                for r in lo..<hi
                where unchecked
                    && (!allFinite(UnsafeBufferPointer(start: out.base + r * tCount, count: tCount))
                        || !(vout.map { allFinite(UnsafeBufferPointer(start: $0.base + r * tCount, count: tCount)) } ?? true))
                {
                    bad.record(base + r)
                    break
                }
                lo = hi
            }
        }
        if let i = bad.value {
            throw MotionKernelError.invalidValue("stiffness[\(i)]", "spring \(i) produced a non-finite sample on this grid")
        }
    }

    /// Samples all springs at `grid` into new arrays (N × T, row-major).
    /// - Throws: as `sample(_:rows:values:velocities:threads:)`, and `invalidValue` naming
    ///   `times` when N·T exceeds `limit`.
    public func sample(_ grid: TimeGrid<T>, withVelocities: Bool = false, limit: Int = 100_000_000) throws(MotionKernelError) -> (values: [T], velocities: [T]?)
    {
        let n = try MotionKernelError.checkedCount([count, grid.count], limit: limit, "times")
        return try sampledArrays(count: n, withVelocities: withVelocities) { (vb, vv) throws(MotionKernelError) in try sample(grid, values: vb, velocities: vv)
        }
    }

    @usableFromInline static var lanes: Int { 8 }

    /// Springs `rows` at `grid` into output rows `outRow…` (the kernel choice of `sample`).
    /// Returns true when the rows still need the caller's finiteness check (everything but the
    /// C kernel's rows, which it checks in registers).
    private func sampleBlock(
        _ grid: TimeGrid<T>, near: NearUniformGrid?, rows: Range<Int>, outRow: Int, out: SendablePointer<T>, vout: SendablePointer<T>?,
        stream: Bool, isa: KernelISA
    ) -> Bool {
        let tCount = grid.count
        let raw = UnsafeMutableRawPointer(out.base), vraw = vout.map { UnsafeMutableRawPointer($0.base) }
        func kernel(start: Double, step: Double, deviations: UnsafePointer<Double>?) -> Bool {
            if T.self == Float.self {
                return uniformRows(
                    Float.self, rows: rows, outRow: outRow, start: start, step: step, tCount: tCount,
                    out: raw.assumingMemoryBound(to: Float.self), vout: vraw?.assumingMemoryBound(to: Float.self), deviations: deviations,
                    stream: stream, isa: isa)
            } else {
                return uniformRows(
                    Double.self, rows: rows, outRow: outRow, start: start, step: step, tCount: tCount,
                    out: raw.assumingMemoryBound(to: Double.self), vout: vraw?.assumingMemoryBound(to: Double.self), deviations: deviations,
                    stream: stream, isa: isa)
            }
        }
        switch grid {
        case .uniform(let start, let step, _) where T.self == Float.self || T.self == Double.self:
            return kernel(start: start.doubleValue, step: step.doubleValue, deviations: nil)
        case .uniform:
            // Only Float and Double have the propagator kernel; any other conforming type
            // takes the closed form per sample.
            listGroup(rows, outRow: outRow, times: (0..<tCount).map { grid[$0] }, out: out, vout: vout)
            return true
        case .times(let ts):
            guard let near else {
                listGroup(rows, outRow: outRow, times: ts, out: out, vout: vout)
                return true
            }
            var unchecked = near.deviations.withUnsafeBufferPointer { kernel(start: near.start, step: near.step, deviations: $0.baseAddress!) }
            // Springs too fast for the correction's bound take the closed form per sample.
            for i in tooFastForCorrection(near, rows: rows) {
                listGroup(i..<i + 1, outRow: outRow + (i - rows.lowerBound), times: ts, out: out, vout: vout)
                unchecked = true
            }
            return unchecked
        }
    }

    /// The springs among `rows` too fast for `near`'s Taylor correction (Ω·max|δ| above the
    /// output type's limit, see `NearUniformGrid`): they take the closed form per sample.
    func tooFastForCorrection(_ near: NearUniformGrid, rows: Range<Int>) -> [Int] {
        let limit = T.self == Float.self ? NearUniformGrid.floatLimit : NearUniformGrid.doubleLimit
        let n = count
        return kernelColumns.withUnsafeBufferPointer { col in
            rows.filter { i in !(near.maxDeviation * (col[2 * n + i].squareRoot() + 2 * col[i]) <= limit) }
        }
    }

    /// Closed form per sample for arbitrary times.
    func listGroup(_ idx: Range<Int>, outRow: Int, times: [T], out: SendablePointer<T>, vout: SendablePointer<T>?) {
        let tCount = times.count
        for (l, i) in idx.enumerated() {
            let sp = validSpring(i, as: T.self)
            let o = out.base + (outRow + l) * tCount
            let vo = vout.map { $0.base + (outRow + l) * tCount }
            for j in 0..<tCount {
                let s = sp.state(at: times[j], from: from[i], to: to[i], initialVelocity: initialVelocity[i])
                o[j] = s.value
                vo?[j] = s.velocity
            }
        }
    }
}
