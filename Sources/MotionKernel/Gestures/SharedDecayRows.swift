internal import CMotionKernelSIMD

/// Many releases of one exponential decay model with the same parameters, sampled at the same
/// times: x(t) = x₀ + v₀·g(t) and v(t) = v₀·h(t) with g(t) = (e^{kt} − 1)/k and h(t) = e^{kt}
/// computed once per time, until each release's own stop, from which it holds its rest state
/// (``ExponentialDecayForm``). The bits are those of each release's `state(at:)`: the same
/// operations in the same order, rounded once to the output type.
///
/// The rows run through the C kernel `mk_decay_rows_*` (eight samples per vector, the branches
/// as blends; the same bytes at every instruction-set level), with non-temporal stores for
/// outputs beyond the cache.
package struct SharedDecayRows<Model: ExponentialDecayForm>: Sendable {
    /// The release every row is derived from (its model and parameters).
    package let prototype: Model
    /// The sample times, seconds (each ≥ 0 or −0; checked by the caller).
    package let times: [Double]
    /// g(tⱼ) = (e^{k·tⱼ} − 1)/k for tⱼ > 0, else 0.
    package let g: [Double]
    /// h(tⱼ) = e^{k·tⱼ} for tⱼ > 0, else 1.
    package let h: [Double]

    /// `times`, `g` and `h` with eight zeros before and after: the kernel reads whole vectors
    /// across a row's ends (and keeps only the lanes inside it). Pass them from index 8.
    private let padded: (t: [Double], g: [Double], h: [Double])

    /// The factors of `prototype`'s decay constant at `times`.
    package init(prototype: Model, times: [Double]) {
        let k = prototype.decayConstant
        self.prototype = prototype
        self.times = times
        g = times.map { $0 > 0 ? ExponentialDecayCurve.displacementFactor(k: k, t: $0) : 0 }
        h = times.map { $0 > 0 ? decayExp(k * $0) : 1 }
        let zeros = [Double](repeating: 0, count: 8)
        padded = (zeros + times + zeros, zeros + g + zeros, zeros + h + zeros)
    }

    /// A row's failure: `row` (an index into the arrays given to ``fill``) and what failed.
    package enum Failure: Error, Sendable {
        /// Row `row`'s release is invalid (the error names `from` or `velocity`).
        case release(row: Int, MotionKernelError)
        /// Row `row` has a number at time index `time` that is not finite in the output type
        /// (a value, or a velocity, of the outputs requested).
        case notRepresentable(row: Int, time: Int)
    }

    /// Writes rows `0..<from.count` (releases from `from[i]` at `velocity[i]`), row-major
    /// (`values[i·T + j]`, T = `times.count`), into `values` and `velocities` (either may be
    /// nil; each holds `from.count·T` elements of `E`), on up to `threads` threads (the bytes do
    /// not depend on it).
    /// - Throws: ``Failure`` for the first failing row: an invalid release (its row is not
    ///   written), or a number that is not finite in `E`.
    package func fill<E: MotionScalar>(
        from: [Double], velocity: [Double], values: UnsafeMutablePointer<E>?, velocities: UnsafeMutablePointer<E>?,
        threads: Int = Parallel.threadCount
    ) throws(Failure) {
        let n = from.count, tc = times.count
        precondition(velocity.count == n, "from and velocity differ in length")
        guard n > 0, tc > 0, values != nil || velocities != nil else { return }
        let stream: Int32 = StreamingStores.kind(outputBytes: n * tc * MemoryLayout<E>.stride) == .plain ? 0 : 1
        let isa = KernelDispatch.level.rawValue
        let first = FirstFailure<Failure>()
        let out = values.map { SendablePointer($0) }, vout = velocities.map { SendablePointer($0) }
        // Blocks of about 65536 numbers of output per kernel call (a few hundred rows), so that
        // the rows' stops and rests stay in the cache.
        let block = max(1, 65536 / tc)
        Parallel.forEachChunk(count: n, threads: threads, minChunk: max(1, 16384 / tc)) { chunk in
            for lo in stride(from: chunk.lowerBound, to: chunk.upperBound, by: block) {
                let rows = lo..<min(lo + block, chunk.upperBound)
                if !fillBlock(rows, from, velocity, out, vout, isa, stream, first) { return }
            }
        }
        if let failure = first.failure { throw failure }
    }

    /// One block of rows: each row's stop and rest from its own release (the model's code), then
    /// the kernel. Records a failure in `first` and returns false when the block has one.
    private func fillBlock<E: MotionScalar>(
        _ rows: Range<Int>, _ from: [Double], _ velocity: [Double], _ out: SendablePointer<E>?, _ vout: SendablePointer<E>?,
        _ isa: Int32, _ stream: Int32, _ first: FirstFailure<Failure>
    ) -> Bool {
        let tc = times.count
        if rows.isEmpty { return true }
        let setup: DecayReleaseRows
        do throws(DecayReleaseRows.Failure) {
            setup = try from[rows].withUnsafeBufferPointer { x0 throws(DecayReleaseRows.Failure) in
                try velocity[rows].withUnsafeBufferPointer { v0 throws(DecayReleaseRows.Failure) in
                    var block = DecayReleaseRows(from: x0, velocity: v0, needsRestVelocity: vout != nil)
                    try prototype.releaseRows(&block)
                    return block
                }
            }
        } catch {
            // The rows before the invalid one first: one of them may fail earlier.
            let r = rows.lowerBound + error.row
            if fillBlock(rows.lowerBound..<r, from, velocity, out, vout, isa, stream, first) {
                first.record(r, .release(row: r, error.error))
            }
            return false
        }
        let bad = from[rows].withUnsafeBufferPointer { x0 in
            velocity[rows].withUnsafeBufferPointer { v0 in
                kernel(
                    x0.baseAddress!, v0.baseAddress!, setup.stop, setup.restValue, setup.restVelocity, rows.count,
                    out.map { $0.base + rows.lowerBound * tc }, vout.map { $0.base + rows.lowerBound * tc }, isa, stream)
            }
        }
        guard let bad else { return true }
        let i = rows.lowerBound + bad
        var j = 0
        while j < tc - 1 {
            let s = state(j, from[i], velocity[i], setup.stop[bad], setup.restValue[bad], setup.restVelocity[bad])
            if (out != nil && !E(s.0).isFinite) || (vout != nil && !E(s.1).isFinite) { break }
            j += 1
        }
        first.record(i, .notRepresentable(row: i, time: j))
        return false
    }

    /// `mk_decay_rows_*` for Float and Double outputs, the scalar loop for other types; the
    /// first row with a non-finite output, or nil.
    private func kernel<E: MotionScalar>(
        _ x0: UnsafePointer<Double>, _ v0: UnsafePointer<Double>, _ stop: [Double], _ restX: [Double], _ restV: [Double], _ m: Int,
        _ values: UnsafeMutablePointer<E>?, _ velocities: UnsafeMutablePointer<E>?, _ isa: Int32, _ stream: Int32
    ) -> Int? {
        let tc = times.count
        func raw<F>(_ p: UnsafeMutablePointer<E>?, _: F.Type) -> UnsafeMutablePointer<F>? {
            p.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: F.self) }
        }
        if E.self == Float.self || E.self == Double.self {
            let bad = padded.t.withUnsafeBufferPointer { pt in
                padded.g.withUnsafeBufferPointer { pg in
                    padded.h.withUnsafeBufferPointer { ph in
                        let (t, g, h) = (pt.baseAddress! + 8, pg.baseAddress! + 8, ph.baseAddress! + 8)
                        return E.self == Float.self
                            ? mk_decay_rows_f32(
                                x0, v0, stop, restX, restV, m, t, g, h, tc, raw(values, Float.self), raw(velocities, Float.self), isa, stream)
                            : mk_decay_rows_f64(
                                x0, v0, stop, restX, restV, m, t, g, h, tc, raw(values, Double.self), raw(velocities, Double.self), isa, stream)
                    }
                }
            }
            return bad < 0 ? nil : Int(bad)
        }
        var first: Int? = nil
        for i in 0..<m {
            for j in 0..<tc {
                let s = state(j, x0[i], v0[i], stop[i], restX[i], restV[i])
                let x = E(s.0), v = E(s.1)
                values?[i * tc + j] = x
                velocities?[i * tc + j] = v
                if first == nil && !(x.isFinite && v.isFinite) { first = i }
            }
        }
        return first
    }

    /// A release's state at time index j, as the kernel computes it.
    private func state(_ j: Int, _ x0: Double, _ v0: Double, _ stop: Double, _ rx: Double, _ rv: Double) -> (Double, Double) {
        let t = times[j]
        if t <= 0 { return (x0, v0) }
        if t >= stop { return (rx, rv) }
        return (x0 + v0 * g[j], v0 * h[j])
    }
}
