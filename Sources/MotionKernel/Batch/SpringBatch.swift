/// Many springs, each with its own parameters and initial state, in structure-of-arrays form,
/// sampled in bulk into caller-provided row-major buffers (row i = spring i, column j = time j).
///
/// On a uniform grid each spring is stepped by its exact state-transition matrix Φ(Δt): four
/// multiply-adds per sample and no transcendental per sample. The stepping runs in Double
/// for both output precisions and re-anchors from the closed form every `anchorInterval`
/// samples, so the error does not grow with the number of samples. Arbitrary time lists use the
/// closed form per sample. Large batches are split over `Parallel.threadCount` threads.
public struct SpringBatch<T: MotionScalar>: Sendable {
    /// Number of springs N.
    public let count: Int
    public let mass: [T]
    public let stiffness: [T]
    public let damping: [T]
    public let from: [T]
    public let to: [T]
    public let velocity: [T]
    /// The springs in Double with their derived frequencies, computed once at init (the
    /// kernels then spend no division or square root per spring).
    let springsDouble: [Spring<Double>]
    /// Six Double columns of N for the uniform-grid kernel: λ, q, ω₀², target, from − to,
    /// velocity (see `SpringBatch+Uniform.swift`).
    let kernelColumns: [Double]

    /// Samples between closed-form re-anchors on uniform grids.
    public static var anchorInterval: Int { 256 }

    /// A batch from physical parameters (columns of equal length N).
    /// - Parameters: `mass` defaults to all 1, `velocity` to all 0 (units/s).
    /// - Throws: `invalidValue` naming the column and index (`stiffness[17]`) for a length
    ///   mismatch or an invalid value.
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public init(mass: [T]? = nil, stiffness: [T], damping: [T], from: [T], to: [T], velocity: [T]? = nil) throws {
        let n = stiffness.count
        let m = mass ?? [T](repeating: 1, count: n)
        let v = velocity ?? [T](repeating: 0, count: n)
        for (name, col) in [("mass", m), ("damping", damping), ("from", from), ("to", to), ("velocity", v)] where col.count != n {
            throw MotionKernelError.invalidValue(name, "has \(col.count) items; expected \(n) (as stiffness)")
        }
        for i in 0..<n {
            do {
                _ = try Spring(mass: m[i], stiffness: stiffness[i], damping: damping[i])
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
        self.velocity = v
        var sd = [Spring<Double>]()
        sd.reserveCapacity(n)
        for i in 0..<n {
            guard let s = Spring<Double>(validatedMass: m[i].doubleValue, stiffness: stiffness[i].doubleValue, damping: damping[i].doubleValue) else {
                throw MotionKernelError.invalidValue("stiffness[\(i)]", "derived frequencies overflow in Double")
            }
            sd.append(s)
        }
        self.springsDouble = sd
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
    public init(springs: [Spring<T>], from: [T], to: [T], velocity: [T]? = nil) throws {
        try self.init(mass: springs.map(\.mass), stiffness: springs.map(\.stiffness), damping: springs.map(\.damping),
                      from: from, to: to, velocity: velocity)
    }

    /// The i-th spring (0 ≤ i < count).
    /// - Throws: `invalidValue` naming `index` when out of range.
    public func spring(at i: Int) throws -> Spring<T> {
        guard i >= 0, i < count else { throw MotionKernelError.invalidValue("index", "\(i) is outside 0..<\(count)") }
        return try Spring(mass: mass[i], stiffness: stiffness[i], damping: damping[i])
    }

    /// Validated at init: every column entry forms a valid spring.
    private func validSpring<U: MotionScalar>(_ i: Int, as: U.Type) -> Spring<U> {
        if let s = Spring<U>(validatedMass: U(mass[i].doubleValue), stiffness: U(stiffness[i].doubleValue), damping: U(damping[i].doubleValue)) {
            return s
        }
        preconditionFailure("SpringBatch invariant: spring \(i) was validated at init")
    }

    /// Samples springs `rows` (default all) at `grid` into `values` (row-major, `rows.count` ×
    /// `grid.count`) and, when given, `velocities` (same shape).
    /// - Throws: `invalidValue` naming `times…` for a bad grid, `rows` when out of range,
    ///   `values`/`velocities` when a buffer is smaller than the shape.
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
        let out = SendablePointer(values.baseAddress!)
        let vout = velocities.map { SendablePointer($0.baseAddress!) }
        let base = rows.lowerBound
        let groups = (rows.count + SpringBatch.lanes - 1) / SpringBatch.lanes
        Parallel.forEachChunk(count: groups, threads: threads, minChunk: max(1, 8192 / max(tCount, 1))) { chunk in
            let lo = chunk.lowerBound * SpringBatch.lanes
            let hi = min(rows.count, chunk.upperBound * SpringBatch.lanes)
            switch grid {
            case .uniform(let start, let step, _) where T.self == Float.self || T.self == Double.self:
                let raw = UnsafeMutableRawPointer(out.base), vraw = vout.map { UnsafeMutableRawPointer($0.base) }
                if T.self == Float.self {
                    self.uniformRows(Float.self, rows: base + lo..<base + hi, outRow: lo, start: start.doubleValue, step: step.doubleValue,
                                     tCount: tCount, out: raw.assumingMemoryBound(to: Float.self),
                                     vout: vraw?.assumingMemoryBound(to: Float.self))
                } else {
                    self.uniformRows(Double.self, rows: base + lo..<base + hi, outRow: lo, start: start.doubleValue, step: step.doubleValue,
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
                let s = sp.state(at: times[j], from: from[i], to: to[i], velocity: velocity[i])
                o[j] = s.value
                vo?[j] = s.velocity
            }
        }
    }
}

/// Many objects driven by ONE spring (shared parameters), each with its own from/to/velocity.
///
/// With shared parameters the samples are linear in the initial state:
/// x_i(t_j) = to_i + φ11(t_j)·y0_i + φ12(t_j)·v0_i, so the whole N×T block is the product of
/// [1, y0, v0] (N×3) with the propagator rows [1; φ11; φ12] (3×T). The inner dimension is 3,
/// where ../shared/performance-notes.md (and `motionkernel bench`) show a streaming loop
/// beating SGEMM, so `.automatic` takes the loop; `.gemm` routes the same product through
/// the BLAS door for comparison.
public enum SharedSpringBatch {
    /// The implementation used.
    public enum Path: Sendable { case automatic, loop, gemm }

    /// Samples N = from.count objects on `spring` at `grid` into `values` (N × T row-major)
    /// and, when given, `velocities`.
    /// - Throws: `invalidValue` naming `to`/`velocity` (length mismatch or non-finite), `from`,
    ///   `times…`, or a buffer too small.
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public static func sample<T: MotionScalar>(
        spring: Spring<T>, from: [T], to: [T], velocity: [T]? = nil, grid: TimeGrid<T>,
        values: UnsafeMutableBufferPointer<T>, velocities: UnsafeMutableBufferPointer<T>? = nil,
        path: Path = .automatic, threads: Int = Parallel.threadCount
    ) throws {
        try grid.validate()
        let n = from.count
        guard to.count == n else { throw MotionKernelError.invalidValue("to", "has \(to.count) items; expected \(n)") }
        if let velocity, velocity.count != n { throw MotionKernelError.invalidValue("velocity", "has \(velocity.count) items; expected \(n)") }
        for i in 0..<n {
            try MotionKernelError.requireFinite(from[i], "from[\(i)]")
            try MotionKernelError.requireFinite(to[i], "to[\(i)]")
            if let velocity { try MotionKernelError.requireFinite(velocity[i], "velocity[\(i)]") }
        }
        let tCount = grid.count
        let needed = try MotionKernelError.checkedCount([n, tCount], limit: Int.max, "values")
        guard values.count >= needed else { throw MotionKernelError.invalidValue("values", "buffer too small: \(values.count) < \(needed)") }
        if let velocities, velocities.count < needed { throw MotionKernelError.invalidValue("velocities", "buffer too small") }
        if needed == 0 { return }
        // Propagator rows in Double, once per time.
        let sd = try spring.converted(to: Double.self)
        var a = [T](repeating: 0, count: tCount), b = a, c = a, d = a
        for j in 0..<tCount {
            let p = sd.propagator(grid[j].doubleValue)
            a[j] = T(p.p11); b[j] = T(p.p12); c[j] = T(p.p21); d[j] = T(p.p22)
        }
        var y0 = [T](repeating: 0, count: n)
        for i in 0..<n { y0[i] = from[i] - to[i] }
        let v0 = velocity ?? [T](repeating: 0, count: n)

        if path == .gemm {
            // [1, y0, v0] (N×3) · [1; a; b] (3×T)
            var lhs = [T](repeating: 1, count: n * 3)
            for i in 0..<n { lhs[3 * i] = to[i]; lhs[3 * i + 1] = y0[i]; lhs[3 * i + 2] = v0[i] }
            var rhs = [T](repeating: 1, count: 3 * tCount)
            for j in 0..<tCount { rhs[tCount + j] = a[j]; rhs[2 * tCount + j] = b[j] }
            try lhs.withUnsafeBufferPointer { l in
                try rhs.withUnsafeBufferPointer { r in
                    try BLAS.gemm(m: n, n: tCount, k: 3, a: l, lda: 3, b: r, ldb: tCount, c: values, ldc: tCount, path: .blas)
                }
            }
            if let velocities {
                for i in 0..<n { lhs[3 * i] = 0 }
                for j in 0..<tCount { rhs[j] = 0; rhs[tCount + j] = c[j]; rhs[2 * tCount + j] = d[j] }
                try lhs.withUnsafeBufferPointer { l in
                    try rhs.withUnsafeBufferPointer { r in
                        try BLAS.gemm(m: n, n: tCount, k: 3, a: l, lda: 3, b: r, ldb: tCount, c: velocities, ldc: tCount, path: .blas)
                    }
                }
            }
            return
        }
        let out = SendablePointer(values.baseAddress!)
        let vout = velocities.map { SendablePointer($0.baseAddress!) }
        a.withUnsafeBufferPointer { ab in
            b.withUnsafeBufferPointer { bb in
                c.withUnsafeBufferPointer { cb in
                    d.withUnsafeBufferPointer { db in
                        let (pa, pb, pc, pd) = (SendableConstPointer(ab.baseAddress!), SendableConstPointer(bb.baseAddress!),
                                                SendableConstPointer(cb.baseAddress!), SendableConstPointer(db.baseAddress!))
                        let toC = to, y0C = y0, v0C = v0
                        Parallel.forEachChunk(count: n, threads: threads, minChunk: max(1, 16384 / max(tCount, 1))) { rows in
                            for i in rows {
                                sharedRow(to: toC[i], y0: y0C[i], v0: v0C[i], a: pa.base, b: pb.base, out: out.base + i * tCount, count: tCount)
                                if let vout {
                                    sharedRow(to: 0, y0: y0C[i], v0: v0C[i], a: pc.base, b: pd.base, out: vout.base + i * tCount, count: tCount)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// out[j] = to + a[j]·y0 + b[j]·v0 (a streaming, vectorisable loop).
    @inline(__always)
    static func sharedRow<T: MotionScalar>(to: T, y0: T, v0: T, a: UnsafePointer<T>, b: UnsafePointer<T>, out: UnsafeMutablePointer<T>, count: Int) {
        for j in 0..<count { out[j] = to + a[j] * y0 + b[j] * v0 }
    }
}
