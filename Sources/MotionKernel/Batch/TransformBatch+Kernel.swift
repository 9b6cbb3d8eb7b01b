internal import CMotionKernelSIMD

extension TransformBatch {
    /// The ISA level (`KernelDispatch.level`) the Float build's C kernel runs at in the current
    /// task. Read it on the calling thread: task-local switches do not reach `Parallel` worker
    /// threads.
    @usableFromInline
    static func cKernelLevel() -> Int32 {
        KernelDispatch.level.rawValue
    }

    /// The Float build of one block by the C kernel `mk_kernel_transform_f32` (the same bits at
    /// every ISA level), with the
    /// output's whole 64-byte lines written non-temporally straight from registers when
    /// `stream` is set (fenced before returning). Returns true if any input was non-finite.
    @usableFromInline
    static func buildKernelC(
        _ range: Range<Int>, tx: OptionalConstPointer<Float>, ty: OptionalConstPointer<Float>, tz: OptionalConstPointer<Float>,
        rot: OptionalConstPointer<Float>, s: OptionalConstPointer<Float>, sx: OptionalConstPointer<Float>,
        sy: OptionalConstPointer<Float>, out: UnsafeMutablePointer<Float>, level: Int32, stream: Bool
    ) -> Bool {
        let lo = range.lowerBound
        @inline(__always) func at(_ p: OptionalConstPointer<Float>) -> UnsafePointer<Float>? { p.base.map { $0 + lo } }
        return mk_kernel_transform_f32(
            at(tx), at(ty), at(tz), at(rot), at(s), at(sx), at(sy), range.count, out + 16 * lo, level, stream ? 1 : 0) != 0
    }

    /// The Double interpolation of pairs `range` by the C kernel `mk_kernel_interpolate_f64`
    /// (eight pairs a step, the same bits as `Transform3D.interpolate` at every ISA level), and
    /// the pairs it leaves to the scalar path (a perspective part, a singular matrix, an
    /// overflow) by `Transform3D.interpolate` itself. `fraction` is finite and neither 0 nor 1.
    /// Returns true if a pair's interpolation fails (the caller then finds it for its error).
    @usableFromInline
    static func interpolateKernelC(
        _ range: Range<Int>, from: UnsafePointer<Double>, to: UnsafePointer<Double>, fraction: Double,
        out: UnsafeMutablePointer<Double>, level: Int32
    ) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { fallback in
            let lo = range.lowerBound
            let slow = mk_kernel_interpolate_f64(
                from + 16 * lo, to + 16 * lo, fraction, range.count, out + 16 * lo, fallback.baseAddress!, level)
            guard slow > 0 else { return false }
            for k in 0..<range.count where fallback[k] != 0 {
                if !interpolatePair(lo + k, from: from, to: to, fraction: fraction, into: out) { return true }
            }
            return false
        }
    }
}
