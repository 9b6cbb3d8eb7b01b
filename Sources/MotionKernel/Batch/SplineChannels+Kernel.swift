internal import CMotionKernelSIMD

extension SplineChannels {
    /// The direct path by the C kernels `mk_spline_time_major_*` / `mk_spline_channel_major_*`
    /// for Float and Double: the Swift loops' operations in the same order (the same bits, at
    /// every ISA level, `KernelDispatch.level`), in channel blocks that stay in L1, with whole
    /// 64-byte lines written non-temporally from registers when `stream` is set. Returns false
    /// (nothing written) for other scalar types or when `KernelDispatch.usesSwiftTwin` is set
    /// (the Swift loops then run: the reference the C kernels match bit for bit).
    @usableFromInline
    func directKernel(_ range: Range<Int>, layout: SampleLayout, _ o: UnsafeMutablePointer<T>, stream: Bool) -> Bool {
        guard !KernelDispatch.usesSwiftTwin, T.self == Float.self || T.self == Double.self else { return false }
        let isa = KernelDispatch.level.rawValue, st: Int32 = stream ? 1 : 0
        let isFloat = T.self == Float.self
        let raw = UnsafeMutableRawPointer(o)
        let segments = keyTimes.count - 1
        localTime.withUnsafeBufferPointer { lt in
            let local = UnsafeRawPointer(lt.baseAddress!)
            switch layout {
            case .timeMajor:
                segmentMajor.withUnsafeBufferPointer { cp in
                    segmentOfTime.withUnsafeBufferPointer { sg in
                        let coef = UnsafeRawPointer(cp.baseAddress!)
                        if isFloat {
                            mk_spline_time_major_f32(
                                coef.assumingMemoryBound(to: Float.self), channels, sg.baseAddress!, local.assumingMemoryBound(to: Float.self),
                                timeCount, range.lowerBound, range.count, raw.assumingMemoryBound(to: Float.self), isa, st)
                        } else {
                            mk_spline_time_major_f64(
                                coef.assumingMemoryBound(to: Double.self), channels, sg.baseAddress!,
                                local.assumingMemoryBound(to: Double.self), timeCount, range.lowerBound, range.count,
                                raw.assumingMemoryBound(to: Double.self), isa, st)
                        }
                    }
                }
            case .channelMajor:
                channelMajor.withUnsafeBufferPointer { cp in
                    runs.withUnsafeBufferPointer { rp in
                        // (segment, start, end) tuples of Int: three Ints each, in order.
                        let r = UnsafeRawPointer(rp.baseAddress!).assumingMemoryBound(to: Int.self)
                        let coef = UnsafeRawPointer(cp.baseAddress!)
                        if isFloat {
                            mk_spline_channel_major_f32(
                                coef.assumingMemoryBound(to: Float.self), segments, r, rp.count, local.assumingMemoryBound(to: Float.self),
                                timeCount, range.lowerBound, range.count, raw.assumingMemoryBound(to: Float.self), isa, st)
                        } else {
                            mk_spline_channel_major_f64(
                                coef.assumingMemoryBound(to: Double.self), segments, r, rp.count,
                                local.assumingMemoryBound(to: Double.self), timeCount, range.lowerBound, range.count,
                                raw.assumingMemoryBound(to: Double.self), isa, st)
                        }
                    }
                }
            }
        }
        return true
    }
}
