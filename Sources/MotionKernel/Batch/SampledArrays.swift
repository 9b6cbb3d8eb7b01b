/// New value (and velocity) arrays of `count` numbers filled by a buffer-writing core: the
/// array-returning convenience of the spring batches (`SpringBatch`, `SharedSpringBatch`).
/// - Parameters:
///   - count: numbers per array.
///   - withVelocities: whether to allocate and fill the velocity array.
///   - fill: writes the values and, when given, the velocities.
/// - Returns: the arrays; `velocities` is nil unless requested.
/// - Throws: what `fill` throws.
func sampledArrays<T: MotionScalar, E: Error>(
    count: Int, withVelocities: Bool, _ fill: (UnsafeMutableBufferPointer<T>, UnsafeMutableBufferPointer<T>?) throws(E) -> Void
) throws(E) -> (values: [T], velocities: [T]?) {
    var values = [T](repeating: 0, count: count)
    var vel: [T]? = withVelocities ? [T](repeating: 0, count: count) : nil
    try values.withUnsafeMutableBufferPointer { vb throws(E) in
        if vel != nil {
            try vel!.withUnsafeMutableBufferPointer { vv throws(E) in try fill(vb, vv) }
        } else {
            try fill(vb, nil)
        }
    }
    return (values, vel)
}
