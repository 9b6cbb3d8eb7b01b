internal import CMotionKernelSIMD

/// The uniform-grid kernel of `SpringBatch`: the C kernel `mk_spring_rows_*`
/// (Sources/CMotionKernelSIMD/mk_spring_body.h), in concrete Double arithmetic, sixteen springs
/// per setup vector, at the dispatched ISA level (`KernelDispatch`).
///
/// Per spring: Φ(Δt) from the power series of the propagator (the branch |q|Δt² ≤ 1) with
/// e^{−λΔt} from its own series for λΔt ≤ ½ (rows outside that range bring Φ(Δt) from the
/// scalar `Spring.propagator`, computed here); the first rows of Φ¹…Φ⁷ and Φ⁸ from squarings
/// and row–matrix products, as eight-sample coefficient vectors; the state (displacement and
/// velocity) every eight samples advanced by Φ⁸ and restarted from the closed form every
/// `anchorInterval` samples (the anchors, computed here); each row expanded eight samples at a
/// time from its states, rounded once on store. Near-uniform grids add the Taylor correction of
/// `NearUniformGrid` per sample. The tests hold the kernel bit for bit to a Swift twin of these
/// operations (Tests/MotionKernelTests/Support/SwiftTwins/SpringBatch+SwiftTwin.swift).
///
/// A spring's result depends only on its own parameters (never on its lane, group, chunk or
/// thread), so thread counts and row shards give identical bits.
extension SpringBatch {
    /// Rows `rows` of the batch on the grid start + j·step (+ `deviations`), j < tCount, written
    /// to output rows `outRow…` of `out` (and `vout`), by the C kernel (streaming its stores when
    /// `stream`). Returns true when some written number may be non-finite (the caller checks).
    func uniformRows<E: SpringKernelElement>(
        _: E.Type, rows: Range<Int>, outRow: Int, start: Double, step: Double, tCount: Int,
        out: UnsafeMutablePointer<E>, vout: UnsafeMutablePointer<E>?, deviations: UnsafePointer<Double>? = nil,
        stream: Bool = false, isa: KernelISA = KernelDispatch.level
    ) -> Bool {
        let n = count, m = rows.count, interval = Self.anchorInterval
        let intervals = (tCount + interval - 1) / interval
        // Rows outside the kernel's series range bring Φ(step) from the scalar propagator (the
        // same test as the kernel's, on the same doubles).
        var flags = [UInt8](), phi = [Double]()
        var anchors = [Double]()
        kernelColumns.withUnsafeBufferPointer { col in
            for (r, i) in rows.enumerated() {
                let z = -col[n + i] * (step * step), x = col[i] * step
                if !(z <= 1 && z >= -1 && x <= 0.5) {
                    if flags.isEmpty { flags = [UInt8](repeating: 0, count: m); phi = [Double](repeating: 0, count: 4 * m) }
                    let p = doubleSpring(i).propagator(step)
                    flags[r] = 1
                    phi[4 * r] = p.p11; phi[4 * r + 1] = p.p12; phi[4 * r + 2] = p.p21; phi[4 * r + 3] = p.p22
                }
            }
            // States at each anchor interval's start: the closed form, or the columns at t = 0.
            if start != 0 || tCount > interval {
                anchors = [Double](repeating: 0, count: 2 * m * intervals)
                for (r, i) in rows.enumerated() {
                    let sp = doubleSpring(i), y0 = col[4 * n + i], v0 = col[5 * n + i]
                    for k in 0..<intervals {
                        let t = start + Double(k * interval) * step
                        let s = t != 0 ? sp.displacement(at: t, initialDisplacement: y0, initialVelocity: v0) : (y0, v0)
                        anchors[2 * (r * intervals + k)] = s.0
                        anchors[2 * (r * intervals + k) + 1] = s.1
                    }
                }
            }
        }
        return kernelColumns.withUnsafeBufferPointer { col in
            flags.withUnsafeBufferPointer { fl in
                phi.withUnsafeBufferPointer { ph in
                    anchors.withUnsafeBufferPointer { an in
                        let b = col.baseAddress!
                        var job = mk_spring_job(
                            lam: b, q: b + n, w2: b + 2 * n, target: b + 3 * n, y0: b + 4 * n, v0: b + 5 * n,
                            flags: fl.isEmpty ? nil : fl.baseAddress, phi: ph.isEmpty ? nil : ph.baseAddress,
                            anchors: an.isEmpty ? nil : an.baseAddress, dev: deviations, first: rows.lowerBound, rows: m,
                            tcount: tCount, interval: interval, step: step)
                        let o = out + outRow * tCount, vo = vout.map { $0 + outRow * tCount }
                        return E.kernelRows(&job, out: o, vout: vo, isa: isa.rawValue, stream: stream ? 1 : 0) != 0
                    }
                }
            }
        }
    }
}

/// Output element types of the uniform kernel: Float and Double, each with its C kernel.
protocol SpringKernelElement: MotionScalar {
    /// Runs the C kernel for this output type (`mk_spring_rows_f32`/`_f64`); nonzero when some
    /// written number is not finite.
    static func kernelRows(_ job: inout mk_spring_job, out: UnsafeMutablePointer<Self>, vout: UnsafeMutablePointer<Self>?, isa: Int32, stream: Int32) -> Int32
}

extension Float: SpringKernelElement {
    static func kernelRows(_ job: inout mk_spring_job, out: UnsafeMutablePointer<Float>, vout: UnsafeMutablePointer<Float>?, isa: Int32, stream: Int32) -> Int32
    {
        mk_spring_rows_f32(&job, out, vout, isa, stream)
    }
}

extension Double: SpringKernelElement {
    static func kernelRows(_ job: inout mk_spring_job, out: UnsafeMutablePointer<Double>, vout: UnsafeMutablePointer<Double>?, isa: Int32, stream: Int32)
        -> Int32
    {
        mk_spring_rows_f64(&job, out, vout, isa, stream)
    }
}
