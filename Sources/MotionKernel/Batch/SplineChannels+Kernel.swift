internal import CMotionKernelSIMD

extension SplineChannels {
    /// The direct path by the C kernels `mk_spline_time_major_*` / `mk_spline_channel_major_*`
    /// for Float and Double: the Swift loops' operations in the same order (the same bits, at
    /// every ISA level, `KernelDispatch.level`), in channel blocks that stay in L1, with whole
    /// 64-byte lines written non-temporally from registers when `stream` is set. Returns false
    /// (nothing written) for other scalar types, which take the Swift loops (the tests also
    /// hold the C kernels bit for bit to those loops).
    @usableFromInline
    func directKernel(_ range: Range<Int>, layout: SampleLayout, _ o: UnsafeMutablePointer<T>, stream: Bool) -> Bool {
        guard T.self == Float.self || T.self == Double.self else { return false }
        let isa = KernelDispatch.level.rawValue, st: Int32 = stream ? 1 : 0
        let isFloat = T.self == Float.self
        nonisolated(unsafe) let raw = UnsafeMutableRawPointer(o)
        let segments = keyTimes.count - 1, channels = channels, timeCount = timeCount, first = range.lowerBound, count = range.count
        // Disjoint pieces of the output on `Parallel.threadCount` threads, at least 64 KB each:
        // time rows for the time-major layout, channel rows for the channel-major one. Every
        // number depends on its own inputs only, so any split writes the same bytes.
        localTime.withUnsafeBufferPointer { lt in
            nonisolated(unsafe) let local = UnsafeRawPointer(lt.baseAddress!)
            switch layout {
            case .timeMajor:
                segmentMajor.withUnsafeBufferPointer { cp in
                    segmentOfTime.withUnsafeBufferPointer { sg in
                        nonisolated(unsafe) let coef = UnsafeRawPointer(cp.baseAddress!), seg = sg.baseAddress!
                        Parallel.forEachChunk(count: timeCount, minChunk: max(1, 16384 / max(count, 1))) { rows in
                            let j0 = rows.lowerBound, n = rows.count
                            if isFloat {
                                mk_spline_time_major_f32(
                                    coef.assumingMemoryBound(to: Float.self), channels, seg + j0, local.assumingMemoryBound(to: Float.self) + j0,
                                    n, first, count, raw.assumingMemoryBound(to: Float.self) + j0 * count, isa, st)
                            } else {
                                mk_spline_time_major_f64(
                                    coef.assumingMemoryBound(to: Double.self), channels, seg + j0, local.assumingMemoryBound(to: Double.self) + j0,
                                    n, first, count, raw.assumingMemoryBound(to: Double.self) + j0 * count, isa, st)
                            }
                        }
                    }
                }
            case .channelMajor:
                channelMajor.withUnsafeBufferPointer { cp in
                    runs.withUnsafeBufferPointer { rp in
                        // (segment, start, end) tuples of Int: three Ints each, in order.
                        nonisolated(unsafe) let r = UnsafeRawPointer(rp.baseAddress!).assumingMemoryBound(to: Int.self)
                        nonisolated(unsafe) let coef = UnsafeRawPointer(cp.baseAddress!)
                        let runCount = rp.count
                        Parallel.forEachChunk(count: count, minChunk: max(1, 16384 / max(timeCount, 1))) { rows in
                            let r0 = rows.lowerBound, m = rows.count
                            if isFloat {
                                mk_spline_channel_major_f32(
                                    coef.assumingMemoryBound(to: Float.self), segments, r, runCount, local.assumingMemoryBound(to: Float.self),
                                    timeCount, first + r0, m, raw.assumingMemoryBound(to: Float.self) + r0 * timeCount, isa, st)
                            } else {
                                mk_spline_channel_major_f64(
                                    coef.assumingMemoryBound(to: Double.self), segments, r, runCount, local.assumingMemoryBound(to: Double.self),
                                    timeCount, first + r0, m, raw.assumingMemoryBound(to: Double.self) + r0 * timeCount, isa, st)
                            }
                        }
                    }
                }
            }
        }
        return true
    }
}
