extension TransformBatch {
    /// Interpolates N pairs of transforms at one fraction by CSS Transforms Level 2 matrix
    /// interpolation (`Transform3D.interpolate`: decompose, slerp, recompose; discrete for a
    /// non-invertible pair; exact ends at 0 and 1). `from`, `to` and `out` are N×16 buffers.
    /// - Throws: `invalidValue` naming `from` / `to` (length not a multiple of 16, or
    ///   different lengths), `fraction` (not finite), or `from[i]` / `to[i]` for a non-finite
    ///   entry (the contents of `out` are then unspecified).
    /// - Complexity: O(N), about 500 flops, 8 square roots and 4 trigonometric calls per pair.
    @inlinable
    public static func interpolate<T: MotionScalar>(from: [T], to: [T], fraction: T, into out: inout [T]) throws {
        guard from.count % 16 == 0 else {
            throw MotionKernelError.invalidValue("from", "expected N×16 numbers, got \(from.count)")
        }
        guard to.count == from.count else {
            throw MotionKernelError.invalidValue("to", "has \(to.count) numbers, expected \(from.count) like from")
        }
        try MotionKernelError.requireFinite(fraction, "fraction")
        prepare(&out, count: from.count)
        let n = from.count / 16
        let bad = from.withUnsafeBufferPointer { a in
            to.withUnsafeBufferPointer { b in
                out.withUnsafeMutableBufferPointer { o in
                    let ap = SendableConstPointer(a.baseAddress), bp = SendableConstPointer(b.baseAddress)
                    let op = SendablePointer(o.baseAddress!)
                    return forEachBlock(count: n) { range in
                        var poison: T = 0
                        for i in range {
                            let x = Transform3D<T>(unsafeRowMajor: ap.base! + 16 * i)
                            let y = Transform3D<T>(unsafeRowMajor: bp.base! + 16 * i)
                            let r = Transform3D.interpolate(from: x, to: y, fraction: fraction)
                            let dst = op.base + 16 * i
                            r.store(to: dst)
                            let pa = ap.base! + 16 * i, pb = bp.base! + 16 * i
                            for j in 0..<16 { poison += (dst[j] - dst[j]) + (pa[j] - pa[j]) + (pb[j] - pb[j]) }
                        }
                        return !poison.isFinite || poison != 0
                    }
                }
            }
        }
        if bad {
            if let i = from.firstIndex(where: { !$0.isFinite }) {
                throw MotionKernelError.invalidValue("from[\(i)]", "expected a finite number")
            }
            if let i = to.firstIndex(where: { !$0.isFinite }) {
                throw MotionKernelError.invalidValue("to[\(i)]", "expected a finite number")
            }
            throw MotionKernelError.invalidValue("fraction", "extrapolating this far overflows")
        }
    }
}
