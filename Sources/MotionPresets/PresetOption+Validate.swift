import MotionKernel

extension PresetOption {
    /// Throws `invalidValue` naming this option unless `v` is finite, in range and (for whole
    /// options) whole.
    public func validate(_ v: Double) throws(MotionKernelError) {
        try MotionKernelError.requireFinite(v, name)
        guard range.contains(v) else {
            throw MotionKernelError.invalidValue(name, "expected \(range.lowerBound)...\(range.upperBound), got \(v)")
        }
        if integer && v != v.rounded() {
            throw MotionKernelError.invalidValue(name, "expected a whole number, got \(v)")
        }
    }
}
