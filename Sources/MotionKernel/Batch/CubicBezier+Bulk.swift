extension CubicBezier {
    /// Inputs at or above which ``values(at:into:)`` builds an ``InverseTable``.
    public static let bulkTableThreshold = 4096

    /// Evaluates the curve at many inputs: `output[i] = value(at: input[i])`, to the same accuracy.
    ///
    /// For `input.count` ≥ ``bulkTableThreshold`` it builds an ``InverseTable`` (a certified cubic
    /// Hermite interpolant of y(x) per cell, error ≤ 1e-10; 512 cells, or up to `input.count`/256
    /// cells when more cells certify more of the curve); below that it calls the scalar solver.
    ///
    /// - Throws: `MotionKernelError.invalidValue("into", …)` when the buffers differ in length.
    /// - Complexity: O(n) plus ~0.05–0.1 µs of table setup per cell.
    public func values(at input: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<Double>) throws(MotionKernelError) {
        guard input.count == output.count else {
            throw MotionKernelError.invalidValue("into", "has \(output.count) slots for \(input.count) inputs")
        }
        #if !hasFeature(Embedded)
        // (WebAssembly has no C kernels: the scalar solver, to the same accuracy.)
        if input.count >= CubicBezier.bulkTableThreshold && !isIdentity {
            // More cells only when the inputs amortise the build (~0.1 µs per cell).
            let table = InverseTable(self, maxCells: input.count / 256)
            try table.values(at: input, into: output)
            return
        }
        #endif
        for i in 0..<input.count { output[i] = value(at: input[i]) }
    }

    /// Evaluates the curve at many inputs (safe façade of the buffer version).
    public func values(at input: [Double]) -> [Double] {
        mapThroughBuffers(input) { (i, o) throws(MotionKernelError) in try values(at: i, into: o) }
    }

    /// Evaluates the curve at many `Float` inputs: computed in `Double`, rounded to `Float`.
    public func values(at input: [Float]) -> [Float] {
        values(at: input.map { Double($0) }).map { Float($0) }
    }
}

/// Runs a buffer-to-buffer evaluation over an array into a new array of the same length (the
/// buffers have equal lengths by construction, so the length check inside `body` cannot fail).
func mapThroughBuffers(
    _ input: [Double], _ body: (UnsafeBufferPointer<Double>, UnsafeMutableBufferPointer<Double>) throws(MotionKernelError) -> Void
) -> [Double] {
    var out = [Double](repeating: 0, count: input.count)
    input.withUnsafeBufferPointer { i in
        out.withUnsafeMutableBufferPointer { o in
            try? body(i, o)
        }
    }
    return out
}
