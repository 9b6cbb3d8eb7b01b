extension TransformBatch {
    /// Interpolates N pairs of transforms at one fraction by CSS Transforms Level 2 matrix
    /// interpolation (`Transform3D.interpolate`: decompose, slerp, recompose; discrete for a
    /// non-invertible pair; exact ends at 0 and 1). `from` and `to` are N×16 buffers; the
    /// first N×16 elements of `output` receive the results (the buffer-writing core; the array
    /// forms call it).
    /// - Throws: `invalidValue` naming `from` / `to` (length not a multiple of 16, or
    ///   different lengths), `output` (fewer than N×16 elements), `fraction` (not finite),
    ///   `from[i]` / `to[i]` for a non-finite entry, `from[16k]` / `to[16k]` when transform k's
    ///   decomposition overflows, or `fraction` when pair k's interpolated or recomposed matrix
    ///   overflows (the reason names k); the first such pair is reported, and the contents of
    ///   `output` are then unspecified. Never a non-finite number as a success (see
    ///   `Transform3D.interpolate(from:to:fraction:)`).
    /// - Complexity: O(N), about 500 flops, 8 square roots and 4 trigonometric calls per pair.
    ///   In Double, pairs run eight at a time through a C kernel (`mk_kernel_interpolate_f64`,
    ///   the same bits as `Transform3D.interpolate`), pairs with a perspective part or a
    ///   singular matrix one at a time.
    @inlinable
    public static func interpolate<T: MotionScalar>(
        from: [T], to: [T], fraction: T, into output: UnsafeMutableBufferPointer<T>
    ) throws(MotionKernelError) {
        try checkPairs(from: from, to: to)
        try requireOutput(output, count: from.count)
        try MotionKernelError.requireFinite(fraction, "fraction")
        if let i = firstNonFinite(from) {
            throw MotionKernelError.invalidValue("from[\(i)]", "expected a finite number")
        }
        if let i = firstNonFinite(to) {
            throw MotionKernelError.invalidValue("to[\(i)]", "expected a finite number")
        }
        let n = from.count / 16
        if n == 0 { return }
        let bad = from.withUnsafeBufferPointer { a in
            to.withUnsafeBufferPointer { b in
                let ap = OptionalConstPointer(a.baseAddress), bp = OptionalConstPointer(b.baseAddress)
                let op = SendablePointer(output.baseAddress!)
                if T.self == Double.self && fraction != 0 && fraction != 1 {
                    let level = cKernelLevel()
                    return forEachBlock(count: n) { range in
                        interpolateKernelC(
                            range, from: UnsafeRawPointer(ap.base!).assumingMemoryBound(to: Double.self),
                            to: UnsafeRawPointer(bp.base!).assumingMemoryBound(to: Double.self), fraction: fraction.doubleValue,
                            out: UnsafeMutableRawPointer(op.base).assumingMemoryBound(to: Double.self), level: level)
                    }
                }
                return forEachBlock(count: n) { range in
                    for i in range where !interpolatePair(i, from: ap.base!, to: bp.base!, fraction: fraction, into: op.base) { return true }
                    return false
                }
            }
        }
        guard bad else { return }
        // Rare: find the first failing pair again, serially, for its error.
        for k in 0..<n {
            let x = try Transform3D<T>(rowMajor: from[(16 * k)..<(16 * k + 16)])
            let y = try Transform3D<T>(rowMajor: to[(16 * k)..<(16 * k + 16)])
            do {
                _ = try Transform3D.interpolate(from: x, to: y, fraction: fraction)
            } catch let e {
                switch e.field {
                case "from", "to": throw MotionKernelError.invalidValue("\(e.field)[\(16 * k)]", "transform \(k): \(e.reason)")
                default: throw MotionKernelError.invalidValue(e.field, "pair \(k): \(e.reason)")
                }
            }
        }
        throw MotionKernelError.invalidValue("fraction", "a pair's interpolation overflows")
    }

    /// `interpolate(from:to:fraction:into:)` into an array `out` (reused when it already has
    /// N×16 elements, otherwise replaced).
    /// - Throws: as the buffer form (never `output`).
    @inlinable
    public static func interpolate<T: MotionScalar>(from: [T], to: [T], fraction: T, into out: inout [T]) throws(MotionKernelError) {
        try checkPairs(from: from, to: to)
        prepare(&out, count: from.count)
        try out.withUnsafeMutableBufferPointer { o throws(MotionKernelError) in try interpolate(from: from, to: to, fraction: fraction, into: o) }
    }

    /// `interpolate(from:to:fraction:into:)` into a new N×16 array.
    /// - Throws: as the buffer form (never `output`).
    @inlinable
    public static func interpolate<T: MotionScalar>(from: [T], to: [T], fraction: T) throws(MotionKernelError) -> [T] {
        var out: [T] = []
        try interpolate(from: from, to: to, fraction: fraction, into: &out)
        return out
    }

    /// Pair `i` (the 16 row-major numbers at `from` + 16·i and `to` + 16·i) interpolated by
    /// `Transform3D.interpolate` into `out` + 16·i: the scalar path of every pair.
    /// - Returns: false, with nothing written, when the pair's interpolation throws.
    @inlinable
    static func interpolatePair<T: MotionScalar>(
        _ i: Int, from: UnsafePointer<T>, to: UnsafePointer<T>, fraction: T, into out: UnsafeMutablePointer<T>
    ) -> Bool {
        let x = Transform3D<T>(unsafeRowMajor: from + 16 * i), y = Transform3D<T>(unsafeRowMajor: to + 16 * i)
        guard let r = try? Transform3D.interpolate(from: x, to: y, fraction: fraction) else { return false }
        r.store(to: out + 16 * i)
        return true
    }

    /// The index of the first non-finite number of `values`, or nil: the core's word-wise
    /// `allFinite` first (one pass at vector width), the element loop only when it fails.
    @usableFromInline
    static func firstNonFinite<T: MotionScalar>(_ values: [T]) -> Int? {
        if values.withUnsafeBufferPointer({ allFinite($0) }) { return nil }
        return values.firstIndex { !$0.isFinite }
    }

    /// Throws `invalidValue` naming `from` (length not a multiple of 16) or `to` (a different
    /// length).
    @inlinable
    static func checkPairs<T: MotionScalar>(from: [T], to: [T]) throws(MotionKernelError) {
        guard from.count % 16 == 0 else {
            throw MotionKernelError.invalidValue("from", "expected N×16 numbers, got \(from.count)")
        }
        guard to.count == from.count else {
            throw MotionKernelError.invalidValue("to", "has \(to.count) numbers, expected \(from.count) like from")
        }
    }
}
