extension LinearEasing {
    /// Evaluates the function at many inputs: `output[i] = value(at: input[i])`, bit for bit.
    ///
    /// The points are read in place; each input takes a branch-free binary search (⌈log₂ n⌉ steps for n points) for the last point whose
    /// input is ≤ x, and the same arithmetic as ``value(at:)``.
    /// - Parameters:
    ///   - input: input progress values, any finite numbers.
    ///   - output: as many slots as `input`; may not overlap it.
    /// - Throws: `invalidValue` naming `into` when the lengths differ.
    public func values(at input: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<Double>) throws(MotionKernelError) {
        guard input.count == output.count else {
            throw MotionKernelError.invalidValue("into", "has \(output.count) slots for \(input.count) inputs")
        }
        // Read the points in place (no copies of the inputs and outputs).
        let n = points.count
        points.withUnsafeBufferPointer { pts in
            for k in 0..<input.count {
                let x = input[k]
                // Invariant: the answer is in base ..< base + len, and pts[base].input ≤ x unless
                // base = 0 (then every input is > x, and segment 0 extrapolates).
                var base = 0, len = n
                while len > 1 {
                    let half = len >> 1
                    base = pts[base + half].input <= x ? base + half : base
                    len -= half
                }
                let a = min(base, n - 2)
                let ax = pts[a].input, bxv = pts[a + 1].input, ay = pts[a].output, byv = pts[a + 1].output
                let v: Double
                if ax == bxv {
                    v = byv
                } else if ay == byv {
                    v = ay
                } else {
                    v = ay + (x - ax) / (bxv - ax) * (byv - ay) + 0
                }
                output[k] = v
            }
        }
    }

    /// Evaluates the function at many inputs (see ``values(at:into:)``).
    public func values(at input: [Double]) -> [Double] {
        mapThroughBuffers(input) { (i, o) throws(MotionKernelError) in try values(at: i, into: o) }
    }
}
