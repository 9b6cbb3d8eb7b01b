import CMotionKernelSIMD

@testable import MotionKernel

// The Swift twin of the spring batch's uniform-grid C kernel (`mk_spring_rows_*`, behind
// `SpringBatch.uniformRows`): the same operations in the same order, four springs per
// `SIMD4<Double>` where the kernel takes sixteen per setup vector, so the same bits. The
// library runs only the C kernel; the tests compare the two bit for bit
// (SpringKernelDispatchTests).
//
// Per-spring setup runs four springs at a time in `SIMD4<Double>` lanes: Φ(Δt) from the
// power series of the propagator (the branch |q|Δt² ≤ 1) with e^{−λΔt} from its own series
// for λΔt ≤ ½ — both pure multiply-adds with constant coefficients, no division and no libm
// call; lanes outside that range take the scalar `Spring.propagator`. The first rows of
// Φ¹…Φ⁷ and Φ⁸ come from Φ², Φ⁴ (squarings) and row–matrix products, and are transposed
// into per-spring eight-sample coefficient vectors. The state chain (displacement and
// velocity every eight samples, advanced by Φ⁸) then runs across the four springs in one
// vector, and each row is written in turn, eight samples from each state, with concrete
// Double → Float conversions. Arithmetic is Double throughout, rounded once on store.
// Near-uniform grids add the Taylor correction of `NearUniformGrid` per sample (`storeRow`).

extension SpringBatch {
    /// Rows `rows` (all by default) on `grid` by the Swift twin, into `values` (and
    /// `velocities`) as `sample(_:rows:values:velocities:threads:)` lays them out: uniform
    /// grids and near-uniform time lists (Float and Double only), with the springs too fast for
    /// the near-uniform correction by the closed form, as `sample` does.
    func sampleSwiftTwin(
        _ grid: TimeGrid<T>, rows: Range<Int>? = nil, values: UnsafeMutableBufferPointer<T>, velocities: UnsafeMutableBufferPointer<T>?
    ) {
        let rows = rows ?? 0..<count
        let tCount = grid.count
        let raw = UnsafeMutableRawPointer(values.baseAddress!), vraw = velocities.map { UnsafeMutableRawPointer($0.baseAddress!) }
        func twin(start: Double, step: Double, deviations: UnsafePointer<Double>?) {
            if T.self == Float.self {
                uniformRowsSwift(
                    Float.self, rows: rows, outRow: 0, start: start, step: step, tCount: tCount, out: raw.assumingMemoryBound(to: Float.self),
                    vout: vraw?.assumingMemoryBound(to: Float.self), deviations: deviations)
            } else {
                uniformRowsSwift(
                    Double.self, rows: rows, outRow: 0, start: start, step: step, tCount: tCount, out: raw.assumingMemoryBound(to: Double.self),
                    vout: vraw?.assumingMemoryBound(to: Double.self), deviations: deviations)
            }
        }
        switch grid {
        case .uniform(let start, let step, _):
            twin(start: start.doubleValue, step: step.doubleValue, deviations: nil)
        case .times(let ts):
            guard let near = NearUniformGrid(ts) else { preconditionFailure("the twin runs near-uniform lists only") }
            near.deviations.withUnsafeBufferPointer { twin(start: near.start, step: near.step, deviations: $0.baseAddress!) }
            let out = SendablePointer(values.baseAddress!), vout = velocities.map { SendablePointer($0.baseAddress!) }
            for i in tooFastForCorrection(near, rows: rows) {
                listGroup(i..<i + 1, outRow: i - rows.lowerBound, times: ts, out: out, vout: vout)
            }
        }
    }

    /// The Swift uniform kernel (kept as the C kernel's reference in tests): rows `rows` on the
    /// grid start + j·step (+ `deviations`), j < tCount, into output rows `outRow…`.
    func uniformRowsSwift<E: SpringTwinElement>(
        _: E.Type, rows: Range<Int>, outRow: Int, start: Double, step: Double, tCount: Int,
        out: UnsafeMutablePointer<E>, vout: UnsafeMutablePointer<E>?, deviations: UnsafePointer<Double>? = nil
    ) {
        let tile = UnsafeMutablePointer<Double>.allocate(capacity: SpringRowTile.capacity)
        tile.initialize(repeating: 0, count: SpringRowTile.capacity)
        defer { tile.deallocate() }
        do {
            let sp = { (i: Int) in self.doubleSpring(i) }
            kernelColumns.withUnsafeBufferPointer { col in
                var i = rows.lowerBound
                while i < rows.upperBound {
                    let valid = min(4, rows.upperBound - i)
                    let o = outRow + (i - rows.lowerBound)
                    if let vout {
                        Self.uniformGroup(
                            E.self, first: i, valid: valid, count: count, sp: sp, col: col, tile: tile, start: start, step: step,
                            tCount: tCount, out: out + o * tCount, vout: vout + o * tCount, velocities: true, deviations: deviations)
                    } else {
                        Self.uniformGroup(
                            E.self, first: i, valid: valid, count: count, sp: sp, col: col, tile: tile, start: start, step: step,
                            tCount: tCount, out: out + o * tCount, vout: out, velocities: false, deviations: deviations)
                    }
                    i += 4
                }
            }
        }
    }

    /// Four springs `first…first+3` (lanes ≥ `valid` repeat the last valid spring and are not
    /// written).
    @inline(__always)
    static func uniformGroup<E: SpringTwinElement>(
        _: E.Type, first: Int, valid: Int, count: Int, sp: (Int) -> Spring<Double>, col: UnsafeBufferPointer<Double>,
        tile: UnsafeMutablePointer<Double>, start: Double, step: Double, tCount: Int, out: UnsafeMutablePointer<E>, vout: UnsafeMutablePointer<E>,
        velocities: Bool, deviations: UnsafePointer<Double>?
    ) {
        // The correction needs each sample's velocity, so it computes the velocity coefficients.
        groupCoefficients(
            first: first, valid: valid, count: count, sp: sp, col: col, tile: tile, step: step, velocities: velocities || deviations != nil)
        let l1 = min(1, valid - 1), l2 = min(2, valid - 1), l3 = min(3, valid - 1)
        stepGroup(
            tile, valid: valid, sp: sp, col: col, count: count, lanes: SIMD4<Int>(first, first + l1, first + l2, first + l3), start: start, step: step,
            tCount: tCount,
            offsets: SIMD4<Int>(0, l1, l2, l3) &* tCount, out: out, vout: vout, velocities: velocities, deviations: deviations)
    }

    /// The stepping coefficients of springs `first…first+3` into `tile` (lane-major,
    /// `SpringRowTile.stride` Doubles per lane; lanes ≥ `valid` repeat the last valid spring).
    /// Out of line: the compiler then cannot forward the tile's vector stores into the
    /// stepping loop's scalar loads, which would split the vector arithmetic here into lanes.
    @inline(never)
    static func groupCoefficients(
        first: Int, valid: Int, count: Int, sp: (Int) -> Spring<Double>, col: UnsafeBufferPointer<Double>,
        tile: UnsafeMutablePointer<Double>, step: Double, velocities: Bool
    ) {
        typealias V4 = SIMD4<Double>
        let base = col.baseAddress!
        let l1 = min(1, valid - 1), l2 = min(2, valid - 1), l3 = min(3, valid - 1)
        @inline(__always) func column(_ c: Int) -> V4 {
            let p = base + c * count + first
            if valid == 4 { return UnsafeRawPointer(p).loadUnaligned(as: V4.self) }
            return V4(p[0], p[l1], p[l2], p[l3])
        }
        let lam = column(0), q = column(1), w2 = column(2)
        let target = column(3), y0 = column(4), v0 = column(5)

        // Φ(Δt) in the series branch (see `Spring.propagator`): C = Σ zⁿ/(2n)!,
        // S/Δt = Σ zⁿ/(2n+1)!, z = −qΔt², n ≤ 11; e^{−x} = Σ x^{2n}/(2n)! − x Σ x^{2n}/(2n+1)!,
        // x = λΔt ≤ ½, n ≤ 7 (first omitted term < 3e-17).
        let dt = step
        let z = -q * (dt * dt)
        let x = lam * dt
        let w = x * x
        let c = SpringKernelSeries.even(z, terms: 12), sn = SpringKernelSeries.odd(z, terms: 12)
        let ce = SpringKernelSeries.even(w, terms: 8), se = SpringKernelSeries.odd(w, terms: 8)
        let e = ce - x * se
        let eC = e * c
        let eS = e * sn * dt
        var m1 = (eC + lam * eS, eS, -w2 * eS, eC - lam * eS)
        let inRange = (z .<= 1) .& (z .>= -1) .& (x .<= 0.5)
        if !all(inRange) {
            m1 = scalarPropagators(m1, inRange: inRange, sp: sp, lanes: SIMD4<Int>(first, first + l1, first + l2, first + l3), step: step)
        }

        // Powers: Φ², Φ⁴, Φ⁸ by squaring; first rows r_k (and second rows s_k) of Φᵏ, k < 8.
        @inline(__always) func mul(_ a: (V4, V4, V4, V4), _ b: (V4, V4, V4, V4)) -> (V4, V4, V4, V4) {
            (a.0 * b.0 + a.1 * b.2, a.0 * b.1 + a.1 * b.3, a.2 * b.0 + a.3 * b.2, a.2 * b.1 + a.3 * b.3)
        }
        @inline(__always) func row(_ r: (V4, V4), _ b: (V4, V4, V4, V4)) -> (V4, V4) {
            (r.0 * b.0 + r.1 * b.2, r.0 * b.1 + r.1 * b.3)
        }
        let m2 = mul(m1, m1)
        let m4 = mul(m2, m2)
        let m8 = mul(m4, m4)
        // Φ⁰ = I, built from λ·0 (= +0 for finite λ ≥ 0) so that the compiler does not
        // specialise lane 0 of the coefficient vectors on constants (which scalarises the loop).
        let zero = lam * 0, one = zero + 1
        let r0 = (one, zero), r1 = (m1.0, m1.1), r2 = (m2.0, m2.1), r3 = row(r1, m2)
        let r4 = (m4.0, m4.1), r5 = row(r1, m4), r6 = row(r2, m4), r7 = row(r3, m4)

        // Transpose through `tile` (lane-major, `SpringRowTile.stride` Doubles per lane): the
        // stepping loop loads each spring's coefficient vectors whole.
        // A 4×4 transpose by two-source shuffles (so that the products above stay vectorised),
        // stored whole at offset `o` of each lane's tile.
        @inline(__always) func put(_ x0: V4, _ x1: V4, _ x2: V4, _ x3: V4, _ o: Int) {
            let t0 = V4(x0[0], x1[0], x0[2], x1[2]), t1 = V4(x0[1], x1[1], x0[3], x1[3])
            let t2 = V4(x2[0], x3[0], x2[2], x3[2]), t3 = V4(x2[1], x3[1], x2[3], x3[3])
            let st = SpringRowTile.stride
            let u0 = V4(t0[0], t0[1], t2[0], t2[1]), u1 = V4(t1[0], t1[1], t3[0], t3[1])
            let u2 = V4(t0[2], t0[3], t2[2], t2[3]), u3 = V4(t1[2], t1[3], t3[2], t3[3])
            let raw = UnsafeMutableRawPointer(tile)
            raw.storeBytes(of: u0, toByteOffset: 8 * o, as: V4.self)
            raw.storeBytes(of: u1, toByteOffset: 8 * (st + o), as: V4.self)
            raw.storeBytes(of: u2, toByteOffset: 8 * (2 * st + o), as: V4.self)
            raw.storeBytes(of: u3, toByteOffset: 8 * (3 * st + o), as: V4.self)
        }
        put(r0.0, r1.0, r2.0, r3.0, SpringRowTile.a)
        put(r4.0, r5.0, r6.0, r7.0, SpringRowTile.a + 4)
        put(r0.1, r1.1, r2.1, r3.1, SpringRowTile.b)
        put(r4.1, r5.1, r6.1, r7.1, SpringRowTile.b + 4)
        if velocities {
            let s0 = (zero, one), s1 = (m1.2, m1.3), s2 = (m2.2, m2.3), s3 = row(s1, m2)
            let s4 = (m4.2, m4.3), s5 = row(s1, m4), s6 = row(s2, m4), s7 = row(s3, m4)
            put(s0.0, s1.0, s2.0, s3.0, SpringRowTile.c)
            put(s4.0, s5.0, s6.0, s7.0, SpringRowTile.c + 4)
            put(s0.1, s1.1, s2.1, s3.1, SpringRowTile.d)
            put(s4.1, s5.1, s6.1, s7.1, SpringRowTile.d + 4)
        }
        put(target, y0, v0, zero, SpringRowTile.m + 4)
        // The state chain runs across the four springs: Φ⁸ and the initial states by lane.
        let g = UnsafeMutableRawPointer(tile + SpringRowTile.group)
        g.storeBytes(of: m8.0, toByteOffset: 0, as: V4.self)
        g.storeBytes(of: m8.1, toByteOffset: 32, as: V4.self)
        g.storeBytes(of: m8.2, toByteOffset: 64, as: V4.self)
        g.storeBytes(of: m8.3, toByteOffset: 96, as: V4.self)
        g.storeBytes(of: target, toByteOffset: 128, as: V4.self)
        g.storeBytes(of: y0, toByteOffset: 160, as: V4.self)
        g.storeBytes(of: v0, toByteOffset: 192, as: V4.self)
    }

    /// Φ(Δt) from the scalar `Spring.propagator` for the lanes outside the series range.
    /// (Out of line, so that the common path keeps whole-vector values.)
    @inline(never)
    static func scalarPropagators(
        _ m: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>), inRange: SIMDMask<SIMD4<Int64>>,
        sp: (Int) -> Spring<Double>, lanes: SIMD4<Int>, step: Double
    ) -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
        var m = m
        for l in 0..<4 where !inRange[l] {
            let p = sp(lanes[l]).propagator(step)
            m.0[l] = p.p11; m.1[l] = p.p12; m.2[l] = p.p21; m.3[l] = p.p22
        }
        return m
    }

    /// Four rows stepped together: the state chain (displacement and velocity every eight
    /// samples) advances all four springs in one vector, and each spring's eight samples are
    /// expanded from its lane, one row after another. Every `anchorInterval` samples the states restart from the
    /// closed form.
    @inline(__always)
    static func stepGroup<E: SpringTwinElement>(
        _ tile: UnsafeMutablePointer<Double>, valid: Int, sp: (Int) -> Spring<Double>, col: UnsafeBufferPointer<Double>, count: Int, lanes: SIMD4<Int>,
        start: Double, step: Double, tCount: Int, offsets: SIMD4<Int>,
        out: UnsafeMutablePointer<E>, vout: UnsafeMutablePointer<E>, velocities: Bool, deviations: UnsafePointer<Double>?
    ) {
        typealias V4 = SIMD4<Double>
        let g = UnsafeRawPointer(tile + SpringRowTile.group)
        @inline(__always) func vec(_ k: Int) -> V4 { g.loadUnaligned(fromByteOffset: 32 * k, as: V4.self) }
        let m11 = vec(0), m12 = vec(1), m21 = vec(2), m22 = vec(3), y0 = vec(5), v0 = vec(6)
        let st = SpringRowTile.stride
        let interval = anchorInterval
        var j0 = 0
        while j0 < tCount {
            let len = min(interval, tCount - j0)
            var y = y0, v = v0
            let t = start + Double(j0) * step
            if t != 0 {
                let s0 = sp(lanes[0]).displacement(at: t, initialDisplacement: y0[0], initialVelocity: v0[0])
                let s1 = sp(lanes[1]).displacement(at: t, initialDisplacement: y0[1], initialVelocity: v0[1])
                let s2 = sp(lanes[2]).displacement(at: t, initialDisplacement: y0[2], initialVelocity: v0[2])
                let s3 = sp(lanes[3]).displacement(at: t, initialDisplacement: y0[3], initialVelocity: v0[3])
                y = V4(s0.displacement, s1.displacement, s2.displacement, s3.displacement)
                v = V4(s0.velocity, s1.velocity, s2.velocity, s3.velocity)
            }
            // The states every eight samples for the four springs, then each row in turn.
            let blocks = (len + 7) / 8
            let states = UnsafeMutableRawPointer(tile + SpringRowTile.size)
            for b in 0..<blocks {
                states.storeBytes(of: y, toByteOffset: 64 * b, as: V4.self)
                states.storeBytes(of: v, toByteOffset: 64 * b + 32, as: V4.self)
                let ny = m11 * y + m12 * v
                v = m21 * y + m22 * v
                y = ny
            }
            let full = len / 8
            for l in 0..<valid {
                let tl = SpringRowTile(tile + l * st)
                let ol = out + offsets[l] + j0, wl = vout + offsets[l] + j0
                let sl = UnsafeRawPointer(states) + 8 * l
                if let deviations {
                    NearUniformGrid.storeRow(
                        tl, states: sl, deviations: UnsafeRawPointer(deviations + j0), w2: col[2 * count + lanes[l]],
                        twoLambda: 2 * col[lanes[l]], count: len, out: ol, vout: wl, velocities: velocities)
                    continue
                }
                for b in 0..<full {
                    let yl = sl.load(fromByteOffset: 64 * b, as: Double.self), vl = sl.load(fromByteOffset: 64 * b + 32, as: Double.self)
                    E.storeSamples(tl, y: yl, v: vl, to: ol + 8 * b)
                    if velocities { E.storeVelocities(tl, y: yl, v: vl, to: wl + 8 * b) }
                }
                if full < blocks {
                    let yl = sl.load(fromByteOffset: 64 * full, as: Double.self), vl = sl.load(fromByteOffset: 64 * full + 32, as: Double.self)
                    let x = tl.target + tl.a * yl + tl.b * vl
                    let u = tl.c * yl + tl.d * vl
                    for k in 0..<(len - 8 * full) {
                        ol[8 * full + k] = E(x[k])
                        if velocities { wl[8 * full + k] = E(u[k]) }
                    }
                }
            }
            j0 += len
        }
    }
}

extension NearUniformGrid {
    /// One row of `count` samples from its states every eight samples (`states`: displacement
    /// and velocity at byte offsets 64·b and 64·b + 32, as `stepGroup` lays them out) and the
    /// tile's coefficients, Taylor-corrected by `deviations` (see the type), into `out` (and
    /// `vout` when `velocities`). Four samples at a time; out of line,
    /// so that its registers are its own.
    @inline(never)
    static func storeRow<E: SpringTwinElement>(
        _ t: SpringRowTile, states: UnsafeRawPointer, deviations: UnsafeRawPointer, w2: Double, twoLambda l2: Double, count: Int,
        out: UnsafeMutablePointer<E>, vout: UnsafeMutablePointer<E>, velocities: Bool
    ) {
        typealias V4 = SIMD4<Double>
        let target = V4(repeating: t.target), half = V4(repeating: 0.5), sixth = V4(repeating: 1.0 / 6)
        let mw2 = V4(repeating: -w2), ml2 = V4(repeating: -l2)
        var k0 = 0
        while k0 < count {
            let b = k0 / 8, o = k0 % 8
            let y = V4(repeating: states.load(fromByteOffset: 64 * b, as: Double.self))
            let v = V4(repeating: states.load(fromByteOffset: 64 * b + 32, as: Double.self))
            let d = deviations.loadUnaligned(fromByteOffset: 8 * k0, as: V4.self)
            // Plain products and sums, not `addingProduct`: baseline x86-64 builds (no FMA)
            // would call `fma` per lane (docs/performance.md).
            let p = t.half(SpringRowTile.a, o) * y + t.half(SpringRowTile.b, o) * v
            let u = t.half(SpringRowTile.c, o) * y + t.half(SpringRowTile.d, o) * v
            let acc = mw2 * p + ml2 * u
            let jerk = mw2 * u + ml2 * acc
            let x = (p + target) + d * (u + d * (half * acc + d * (sixth * jerk)))
            let n = min(4, count - k0)
            if n == 4 {
                E.store(x, to: out + k0)
            } else {
                for k in 0..<n { out[k0 + k] = E(x[k]) }
            }
            if velocities {
                let snap = mw2 * acc + ml2 * jerk
                let w = u + d * (acc + d * (half * jerk + d * (sixth * snap)))
                if n == 4 {
                    E.store(w, to: vout + k0)
                } else {
                    for k in 0..<n { vout[k0 + k] = E(w[k]) }
                }
            }
            k0 += 4
        }
    }
}

/// One spring's stepping coefficients in a scratch tile: samples j+k (k < 8) are
/// target + a[k]·y + b[k]·v (velocities c[k]·y + d[k]·v) from the displacement y and velocity
/// v at sample j, and [[m11, m12], [m21, m22]] = Φ⁸ advances the state by eight samples.
struct SpringRowTile {
    static var a: Int { 0 }
    static var b: Int { 8 }
    static var c: Int { 16 }
    static var d: Int { 24 }
    static var m: Int { 32 }
    /// Doubles per spring.
    static var stride: Int { 40 }
    /// Offset of the group section after the four lanes: Φ⁸ entries, target, y0, v0 as
    /// `SIMD4<Double>` across the springs.
    static var group: Int { 4 * stride }
    /// Doubles in a tile before the state buffer.
    static var size: Int { group + 28 }
    /// Doubles in a tile with its state buffer (displacement and velocity of four springs
    /// every eight samples of one anchor interval).
    static var capacity: Int { size + 8 * (256 / 8) }
    let p: UnsafeMutablePointer<Double>
    init(_ p: UnsafeMutablePointer<Double>) { self.p = p }
    @inline(__always) func vector(_ o: Int) -> SIMD8<Double> { UnsafeRawPointer(p + o).loadUnaligned(as: SIMD8<Double>.self) }
    /// Four of the eight coefficients at `offset` (a, b, c or d) from `k`.
    @inline(__always) func half(_ offset: Int, _ k: Int) -> SIMD4<Double> {
        UnsafeRawPointer(p + offset + k).loadUnaligned(as: SIMD4<Double>.self)
    }
    var a: SIMD8<Double> { @inline(__always) get { vector(Self.a) } }
    var b: SIMD8<Double> { @inline(__always) get { vector(Self.b) } }
    var c: SIMD8<Double> { @inline(__always) get { vector(Self.c) } }
    var d: SIMD8<Double> { @inline(__always) get { vector(Self.d) } }
    var m11: Double { @inline(__always) get { p[Self.m] } }
    var m12: Double { @inline(__always) get { p[Self.m + 1] } }
    var m21: Double { @inline(__always) get { p[Self.m + 2] } }
    var m22: Double { @inline(__always) get { p[Self.m + 3] } }
    var target: Double { @inline(__always) get { p[Self.m + 4] } }
    var y0: Double { @inline(__always) get { p[Self.m + 5] } }
    var v0: Double { @inline(__always) get { p[Self.m + 6] } }
}

/// The propagator's power series with constant coefficients (Horner, unrolled).
enum SpringKernelSeries {
    /// Σ zⁿ/(2n)! over n < terms (terms ≤ 12).
    @inline(__always)
    static func even(_ z: SIMD4<Double>, terms: Int) -> SIMD4<Double> {
        horner(z, terms: terms, odd: false)
    }
    /// Σ zⁿ/(2n+1)! over n < terms (terms ≤ 12).
    @inline(__always)
    static func odd(_ z: SIMD4<Double>, terms: Int) -> SIMD4<Double> {
        horner(z, terms: terms, odd: true)
    }
    @inline(__always)
    static func horner(_ z: SIMD4<Double>, terms: Int, odd: Bool) -> SIMD4<Double> {
        var r = SIMD4<Double>(repeating: coefficient(terms - 1, odd: odd))
        var n = terms - 2
        while n >= 0 {
            r = r * z + coefficient(n, odd: odd)
            n -= 1
        }
        return r
    }
    /// 1/(2n)! or 1/(2n+1)!, n ≤ 11.
    @inline(__always)
    static func coefficient(_ n: Int, odd: Bool) -> Double {
        switch (n, odd) {
        case (0, false): return 1
        case (0, true): return 1
        case (1, false): return 1.0 / 2.0
        case (1, true): return 1.0 / 6.0
        case (2, false): return 1.0 / 24.0
        case (2, true): return 1.0 / 120.0
        case (3, false): return 1.0 / 720.0
        case (3, true): return 1.0 / 5040.0
        case (4, false): return 1.0 / 40320.0
        case (4, true): return 1.0 / 362880.0
        case (5, false): return 1.0 / 3628800.0
        case (5, true): return 1.0 / 39916800.0
        case (6, false): return 1.0 / 479001600.0
        case (6, true): return 1.0 / 6227020800.0
        case (7, false): return 1.0 / 87178291200.0
        case (7, true): return 1.0 / 1307674368000.0
        case (8, false): return 1.0 / 20922789888000.0
        case (8, true): return 1.0 / 355687428096000.0
        case (9, false): return 1.0 / 6402373705728000.0
        case (9, true): return 1.0 / 121645100408832000.0
        case (10, false): return 1.0 / 2432902008176640000.0
        case (10, true): return 1.0 / 51090942171709440000.0
        case (11, false): return 1.0 / 1124000727777607680000.0
        case (11, true): return 1.0 / 25852016738884976640000.0
        default: return 0
        }
    }
}

/// The twin's output element types: concrete stores of Double results.
protocol SpringTwinElement: SpringKernelElement {
    /// Stores the eight samples target + a[k]·y + b[k]·v, k < 8, at `p`.
    static func storeSamples(_ t: SpringRowTile, y: Double, v: Double, to p: UnsafeMutablePointer<Self>)
    /// Stores the eight velocities c[k]·y + d[k]·v, k < 8, at `p`.
    static func storeVelocities(_ t: SpringRowTile, y: Double, v: Double, to p: UnsafeMutablePointer<Self>)
    /// Stores four Doubles at `p`, each rounded once.
    static func store(_ x: SIMD4<Double>, to p: UnsafeMutablePointer<Self>)
}

extension Float: SpringTwinElement {
    @inline(__always)
    static func storeSamples(_ t: SpringRowTile, y: Double, v: Double, to p: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(p).storeBytes(of: SIMD8<Float>(t.target + t.a * y + t.b * v), as: SIMD8<Float>.self)
    }
    @inline(__always)
    static func storeVelocities(_ t: SpringRowTile, y: Double, v: Double, to p: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(p).storeBytes(of: SIMD8<Float>(t.c * y + t.d * v), as: SIMD8<Float>.self)
    }
    @inline(__always)
    static func store(_ x: SIMD4<Double>, to p: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(p).storeBytes(of: SIMD4<Float>(x), as: SIMD4<Float>.self)
    }
}

extension Double: SpringTwinElement {
    @inline(__always)
    static func storeSamples(_ t: SpringRowTile, y: Double, v: Double, to p: UnsafeMutablePointer<Double>) {
        UnsafeMutableRawPointer(p).storeBytes(of: t.target + t.a * y + t.b * v, as: SIMD8<Double>.self)
    }
    @inline(__always)
    static func storeVelocities(_ t: SpringRowTile, y: Double, v: Double, to p: UnsafeMutablePointer<Double>) {
        UnsafeMutableRawPointer(p).storeBytes(of: t.c * y + t.d * v, as: SIMD8<Double>.self)
    }
    @inline(__always)
    static func store(_ x: SIMD4<Double>, to p: UnsafeMutablePointer<Double>) {
        UnsafeMutableRawPointer(p).storeBytes(of: x, as: SIMD4<Double>.self)
    }
}
