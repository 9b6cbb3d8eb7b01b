internal import CMotionKernelSIMD

/// Many releases of one exponential decay model, each with its own parameters (so its own decay
/// constant k), sampled at the same times: row i is x₀ + v₀·g(t) and v₀·h(t) with
/// g(t) = (e^{kt} − 1)/k and h(t) = e^{kt} computed per sample from the row's k, until the row's
/// own stop, from which it holds its rest state (``ExponentialDecayForm``). The bits are those
/// of each row's `state(at:)`: the exponentials are ``decayExpm1(_:)`` and ``decayExp(_:)``,
/// whose operations the kernel's vector lanes repeat in the same order.
///
/// The rows run through the C kernel `mk_decay_varied_rows_*` (eight samples per vector, the
/// branches as blends; the same bytes at every instruction-set level), with non-temporal stores
/// for outputs beyond the cache.
package struct VariedDecayRows: Sendable {
    /// The sample times, seconds (each ≥ 0 or −0; checked by the caller).
    package let times: [Double]
    /// `times` with eight zeros before and after (the kernel reads whole vectors across a row's
    /// ends). Pass it from index 8.
    private let padded: [Double]

    package init(times: [Double]) {
        self.times = times
        let zeros = [Double](repeating: 0, count: 8)
        padded = zeros + times + zeros
    }

    /// A row's failure: `row` (an index below the count given to ``fill``) and what failed.
    package enum Failure: Error, Sendable {
        /// Row `row`'s model could not be made: `make` threw (its error is not kept: the caller
        /// makes the row again to name it).
        case release(row: Int)
        /// Row `row` has a number at time index `time` that is not finite in the output type
        /// (a value, or a velocity, of the outputs requested).
        case notRepresentable(row: Int, time: Int)
    }

    /// Writes rows `0..<count`, row i the motion `make(i)`, row-major (`values[i·T + j]`,
    /// T = `times.count`), into `values` and `velocities` (either may be nil; each holds
    /// `count·T` elements of `E`), on up to `threads` threads (the bytes do not depend on it).
    /// `make` is called once per row, from any thread.
    /// - Throws: ``Failure`` for the lowest failing row: `make` threw for it (its row is not
    ///   written), or a number that is not finite in `E`.
    @_specialize(exported:true,where M == UIKitDecay, E == Float)
    @_specialize(exported:true,where M == UIKitDecay, E == Double)
    @_specialize(exported:true,where M == ReactNativeDecay, E == Float)
    @_specialize(exported:true,where M == ReactNativeDecay, E == Double)
    @_specialize(exported:true,where M == ComposeExponentialDecay, E == Float)
    @_specialize(exported:true,where M == ComposeExponentialDecay, E == Double)
    package func fill<M: ExponentialDecayForm, E: MotionScalar>(
        count n: Int, make: @Sendable (Int) throws(MotionKernelError) -> M, values: UnsafeMutablePointer<E>?, velocities: UnsafeMutablePointer<E>?,
        threads: Int = Parallel.threadCount
    ) throws(Failure) {
        let tc = times.count
        guard n > 0, tc > 0, values != nil || velocities != nil else { return }
        let stream: Int32 = StreamingStores.kind(outputBytes: n * tc * MemoryLayout<E>.stride) == .plain ? 0 : 1
        let isa = KernelDispatch.level.rawValue
        let first = FirstFailure<Failure>()
        let out = values.map { SendablePointer($0) }, vout = velocities.map { SendablePointer($0) }
        // Blocks of about 65536 numbers of output per kernel call, as SharedDecayRows.
        let block = max(1, 65536 / tc)
        withoutActuallyEscaping(make) { make in
            Parallel.forEachChunk(count: n, threads: threads, minChunk: max(1, 16384 / tc)) { chunk in
                for lo in stride(from: chunk.lowerBound, to: chunk.upperBound, by: block) {
                    let rows = lo..<min(lo + block, chunk.upperBound)
                    if !fillBlock(rows, make, out, vout, isa, stream, first) { return }
                }
            }
        }
        if let failure = first.failure { throw failure }
    }

    /// One block of rows: each row's model, then the kernel. Records a failure in `first` and
    /// returns false when the block has one.
    private func fillBlock<M: ExponentialDecayForm, E: MotionScalar>(
        _ rows: Range<Int>, _ make: (Int) throws(MotionKernelError) -> M, _ out: SendablePointer<E>?, _ vout: SendablePointer<E>?, _ isa: Int32,
        _ stream: Int32, _ first: FirstFailure<Failure>
    ) -> Bool {
        let tc = times.count, m = rows.count
        var x0 = [Double](repeating: 0, count: m), v0 = x0, k = x0, stop = x0, rx = x0, rv = x0
        for r in 0..<m {
            let model: M
            do {
                model = try make(rows.lowerBound + r)
            } catch {
                // The rows before the failing one first: one of them may fail earlier.
                let i = rows.lowerBound + r
                if fillBlock(rows.lowerBound..<i, make, out, vout, isa, stream, first) { first.record(i, .release(row: i)) }
                return false
            }
            x0[r] = model.from
            v0[r] = model.initialVelocity
            k[r] = model.decayConstant
            precondition(k[r] < 0, "an exponential decay with k = \(k[r])")
            stop[r] = model.stop
            let rest = model.rest
            rx[r] = rest.value
            rv[r] = rest.velocity
        }
        let bad: Int?
        if E.self == Float.self || E.self == Double.self {
            func raw<F>(_ p: SendablePointer<E>?, _: F.Type) -> UnsafeMutablePointer<F>? {
                p.map { UnsafeMutableRawPointer($0.base + rows.lowerBound * tc).assumingMemoryBound(to: F.self) }
            }
            let r = padded.withUnsafeBufferPointer { pt in
                let t = pt.baseAddress! + 8
                return E.self == Float.self
                    ? mk_decay_varied_rows_f32(x0, v0, k, stop, rx, rv, m, t, tc, raw(out, Float.self), raw(vout, Float.self), isa, stream)
                    : mk_decay_varied_rows_f64(x0, v0, k, stop, rx, rv, m, t, tc, raw(out, Double.self), raw(vout, Double.self), isa, stream)
            }
            bad = r < 0 ? nil : Int(r)
        } else {
            // Other output types: each row's own state(at:) (the same Doubles), rounded once.
            var firstBad: Int? = nil
            for r in 0..<m {
                guard let model = try? make(rows.lowerBound + r) else { continue }
                let base = (rows.lowerBound + r) * tc
                for j in 0..<tc {
                    let s = model.state(at: times[j])
                    let x = E(s.value), v = E(s.velocity)
                    out.map { $0.base[base + j] = x }
                    vout.map { $0.base[base + j] = v }
                    if firstBad == nil && !((out == nil || x.isFinite) && (vout == nil || v.isFinite)) { firstBad = r }
                }
            }
            bad = firstBad
        }
        guard let bad, let model = try? make(rows.lowerBound + bad) else { return true }
        var j = 0
        while j < tc - 1 {
            let s = model.state(at: times[j])
            if (out != nil && !E(s.value).isFinite) || (vout != nil && !E(s.velocity).isFinite) { break }
            j += 1
        }
        first.record(rows.lowerBound + bad, .notRepresentable(row: rows.lowerBound + bad, time: j))
        return false
    }
}
