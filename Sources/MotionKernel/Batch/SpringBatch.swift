/// Many springs, each with its own parameters and initial state, in structure-of-arrays form,
/// sampled in bulk into caller-provided row-major buffers (row i = spring i, column j = time j).
///
/// On a uniform grid each spring is stepped by its exact state-transition matrix Φ(Δt): four
/// multiply-adds per sample and no transcendental per sample. The stepping runs in Double
/// for both output precisions and re-anchors from the closed form every `anchorInterval`
/// samples, so the error does not grow with the number of samples. Arbitrary time lists use the
/// closed form per sample. Large batches are split over `Parallel.threadCount` threads; the
/// bits of every output do not depend on the thread count or on how rows are split (each
/// spring's arithmetic depends only on its own parameters: partial groups of four are padded
/// with a copy of their last spring and run the same vector code).
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
    public let mass: [T]
    public let stiffness: [T]
    public let damping: [T]
    public let from: [T]
    public let to: [T]
    public let initialVelocity: [T]
    /// The springs in Double with their derived frequencies, computed once at init (the
    /// kernels then spend no division or square root per spring).
    let springsDouble: [Spring<Double>]
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
    public init(mass: [T]? = nil, stiffness: [T], damping: [T], from: [T], to: [T], initialVelocity velocity: [T]? = nil) throws {
        let n = stiffness.count
        let m = mass ?? [T](repeating: 1, count: n)
        let v = velocity ?? [T](repeating: 0, count: n)
        for (name, col) in [("mass", m), ("damping", damping), ("from", from), ("to", to), ("velocity", v)] where col.count != n {
            throw MotionKernelError.invalidValue(name, "has \(col.count) items; expected \(n) (as stiffness)")
        }
        for i in 0..<n {
            do {
                _ = try Spring(mass: m[i], stiffness: stiffness[i], damping: damping[i], allowOverDamping: true)
                try MotionKernelError.requireFinite(from[i], "from")
                try MotionKernelError.requireFinite(to[i], "to")
                try MotionKernelError.requireFinite(v[i], "velocity")
            } catch let e as MotionKernelError {
                throw MotionKernelError(code: e.code, field: "\(e.field)[\(i)]", reason: e.reason)
            }
        }
        self.count = n
        self.mass = m
        self.stiffness = stiffness
        self.damping = damping
        self.from = from
        self.to = to
        self.initialVelocity = v
        var sd = [Spring<Double>]()
        sd.reserveCapacity(n)
        for i in 0..<n {
            guard let s = Spring<Double>(validatedMass: m[i].doubleValue, stiffness: stiffness[i].doubleValue, damping: damping[i].doubleValue) else {
                throw MotionKernelError.invalidValue("stiffness[\(i)]", "derived frequencies overflow in Double")
            }
            sd.append(s)
        }
        self.springsDouble = sd
        var vb = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let b = try SpringBatch.bounds(
                sd[i], from: from[i].doubleValue, to: to[i].doubleValue, velocity: v[i].doubleValue, index: i,
                limit: T.greatestFiniteMagnitude.doubleValue / 4)
            vb[i] = b
        }
        self.velocityBounds = vb
        var kc = [Double](repeating: 0, count: 6 * n)
        for i in 0..<n {
            let target = to[i].doubleValue
            kc[i] = sd[i].lambda; kc[n + i] = sd[i].q; kc[2 * n + i] = sd[i].omega0Squared
            kc[3 * n + i] = target; kc[4 * n + i] = from[i].doubleValue - target; kc[5 * n + i] = v[i].doubleValue
        }
        self.kernelColumns = kc
    }

    /// A batch from `Spring` values.
    /// - Throws: `invalidValue` for mismatched lengths or non-finite states.
    public init(springs: [Spring<T>], from: [T], to: [T], initialVelocity velocity: [T]? = nil) throws {
        try self.init(
            mass: springs.map(\.mass), stiffness: springs.map(\.stiffness), damping: springs.map(\.damping),
            from: from, to: to, initialVelocity: velocity)
    }

    /// The i-th spring (0 ≤ i < count).
    /// - Throws: `invalidValue` naming `index` when out of range.
    public func spring(at i: Int) throws -> Spring<T> {
        guard i >= 0, i < count else { throw MotionKernelError.invalidValue("index", "\(i) is outside 0..<\(count)") }
        return try Spring(mass: mass[i], stiffness: stiffness[i], damping: damping[i], allowOverDamping: true)
    }

    /// Checks the value bound |to| + 2A ≤ `limit` of spring `index` (see the type doc) and
    /// returns its velocity bound 2B (possibly +∞).
    /// - Throws: `invalidValue` naming `to[i]`, `from[i]` or `velocity[i]`.
    static func bounds(_ sp: Spring<Double>, from: Double, to: Double, velocity v0: Double, index i: Int, limit: Double) throws -> Double {
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
    func checkVelocityBounds(_ rows: Range<Int>) throws {
        let limit = T.greatestFiniteMagnitude.doubleValue / 4
        for i in rows where !(velocityBounds[i] <= limit) {
            let sp = springsDouble[i]
            let y0 = from[i].doubleValue - to[i].doubleValue
            let field = abs(sp.omega0 * y0) >= abs(initialVelocity[i].doubleValue) ? "stiffness" : "velocity"
            throw MotionKernelError.invalidValue(
                "\(field)[\(i)]", "the motion's velocities (up to \(velocityBounds[i] / 2)) exceed the accepted range \(limit) of the batch's scalar type")
        }
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
    ) throws {
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
        Parallel.forEachChunk(count: groups, threads: threads, minChunk: max(1, 8192 / max(tCount, 1))) { chunk in
            let lo = chunk.lowerBound * SpringBatch.lanes
            let hi = min(rows.count, chunk.upperBound * SpringBatch.lanes)
            switch grid {
            case .uniform(let start, let step, _) where T.self == Float.self || T.self == Double.self:
                let raw = UnsafeMutableRawPointer(out.base), vraw = vout.map { UnsafeMutableRawPointer($0.base) }
                if T.self == Float.self {
                    self.uniformRows(
                        Float.self, rows: base + lo..<base + hi, outRow: lo, start: start.doubleValue, step: step.doubleValue,
                        tCount: tCount, out: raw.assumingMemoryBound(to: Float.self),
                        vout: vraw?.assumingMemoryBound(to: Float.self))
                } else {
                    self.uniformRows(
                        Double.self, rows: base + lo..<base + hi, outRow: lo, start: start.doubleValue, step: step.doubleValue,
                        tCount: tCount, out: raw.assumingMemoryBound(to: Double.self),
                        vout: vraw?.assumingMemoryBound(to: Double.self))
                }
            case .uniform:
                // Only Float and Double have the propagator kernel; any other conforming type
                // takes the closed form per sample.
                self.listGroup(base + lo..<base + hi, outRow: lo, times: (0..<tCount).map { grid[$0] }, out: out, vout: vout)
            case .times(let ts):
                self.listGroup(base + lo..<base + hi, outRow: lo, times: ts, out: out, vout: vout)
            }
            // Every produced row is checked while it is in cache.
            for r in lo..<hi where !allFinite(out.base + r * tCount, tCount) || !(vout.map { allFinite($0.base + r * tCount, tCount) } ?? true) {
                bad.record(base + r)
                break
            }
        }
        if let i = bad.value {
            throw MotionKernelError.invalidValue("stiffness[\(i)]", "spring \(i) produced a non-finite sample on this grid")
        }
    }

    /// Samples all springs at `grid` into new arrays (N × T, row-major).
    /// - Throws: as `sample(_:rows:values:velocities:threads:)`, and `invalidValue` naming
    ///   `times` when N·T exceeds `limit`.
    public func sample(_ grid: TimeGrid<T>, withVelocities: Bool = false, limit: Int = 100_000_000) throws -> (values: [T], velocities: [T]?) {
        let n = try MotionKernelError.checkedCount([count, grid.count], limit: limit, "times")
        var values = [T](repeating: 0, count: n)
        var vel: [T]? = withVelocities ? [T](repeating: 0, count: n) : nil
        try values.withUnsafeMutableBufferPointer { vb in
            if vel != nil {
                try vel!.withUnsafeMutableBufferPointer { vv in try sample(grid, values: vb, velocities: vv) }
            } else {
                try sample(grid, values: vb)
            }
        }
        return (values, vel)
    }

    @usableFromInline static var lanes: Int { 8 }

    /// Closed form per sample for arbitrary times.
    private func listGroup(_ idx: Range<Int>, outRow: Int, times: [T], out: SendablePointer<T>, vout: SendablePointer<T>?) {
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

/// True when the `count` numbers at `p` are all finite.
@inline(__always)
func allFinite<T: MotionScalar>(_ p: UnsafeMutablePointer<T>, _ count: Int) -> Bool {
    for j in 0..<count where !p[j].isFinite { return false }
    return true
}
