/// Whether every number of `values` is finite (no infinity, no NaN); true when empty.
///
/// A number is not finite exactly when its exponent bits are all ones. Over the numbers'
/// 32-bit words, the minimum of `((word & mask) ^ mask) + bias` is 0 exactly then: every word
/// of a `Float` is masked with its exponent; for a `Double` the high (odd, little-endian) word
/// is masked with its exponent and the low word, masked to 0, gets a bias of 1 so that it
/// never reads as a match. Sixteen independent integer lanes, which the compiler keeps in
/// vector registers; the tail (fewer than 64 bytes) word by word with the same masks.
/// - Complexity: O(`values.count`), reading each number once.
package func allFinite<T: MotionScalar>(_ values: UnsafeBufferPointer<T>) -> Bool {
    let raw = UnsafeRawBufferPointer(values)
    let isFloat = MemoryLayout<T>.size == MemoryLayout<Float>.size
    let mask = isFloat ? FiniteMasks.floatExponent : FiniteMasks.doubleExponent
    let bias = isFloat ? SIMD16<UInt32>.zero : FiniteMasks.doubleBias
    var m = SIMD16<UInt32>(repeating: .max)
    var offset = 0
    while offset + 64 <= raw.count {
        m = pointwiseMin(m, ((raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt32>.self) & mask) ^ mask) &+ bias)
        offset += 64
    }
    var lane = 0
    while offset + 4 <= raw.count {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        if ((word & mask[lane]) ^ mask[lane]) &+ bias[lane] == 0 { return false }
        offset += 4
        lane += 1
    }
    return m.min() != 0
}

/// The exponent masks and bias of ``allFinite(_:)`` over 32-bit words.
private enum FiniteMasks {
    static let floatExponent = SIMD16<UInt32>(repeating: 0x7F80_0000)
    static let doubleExponent = SIMD16<UInt32>(
        0, 0x7FF0_0000, 0, 0x7FF0_0000, 0, 0x7FF0_0000, 0, 0x7FF0_0000,
        0, 0x7FF0_0000, 0, 0x7FF0_0000, 0, 0x7FF0_0000, 0, 0x7FF0_0000)
    static let doubleBias = SIMD16<UInt32>(1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0)
}
