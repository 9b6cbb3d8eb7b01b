extension Transform3D {
    /// The net matrix of a CSS-style operation list (the last operation applies first).
    /// - Throws: `invalidValue` naming `operations[i]…` for invalid parameters.
    @inlinable
    public init(operations: [TransformOperation<T>]) throws(MotionKernelError) {
        self = try TransformOperations(operations).matrix
    }
}
