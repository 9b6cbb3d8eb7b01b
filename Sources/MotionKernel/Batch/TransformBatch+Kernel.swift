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
}
