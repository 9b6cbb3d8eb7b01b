/// Whether every number in `values` is finite (no infinity, no NaN): the one finiteness check
/// of bulk outputs, used by the batch types and the `batch` command's output.
///
/// Float and Double are tested on their 32-bit words, sixteen at a time (64 bytes, vector
/// registers at every level): a number is infinite or NaN exactly when its exponent field is
/// all ones, that is when the field plus one carries out of it. Each word's field (every Float
/// word; the high, odd little-endian, word of a Double, whose low word has an empty field) is
/// masked, shifted down and incremented, and the results are OR-ed together; one look at the
/// carry bits at the end decides. Other scalar types test `isFinite` one by one. (The C kernels
/// check their own outputs in registers and never call this.)
/// - Parameter values: the numbers; an empty buffer is all finite.
/// - Returns: false when some number is ±∞ or NaN (quiet or signalling).
/// - Complexity: O(n), one pass over the bytes.
package func allFinite<T: MotionScalar>(_ values: UnsafeBufferPointer<T>) -> Bool {
    let raw = UnsafeRawBufferPointer(values)
    if T.self == Float.self { return !FiniteWords.float.hasNonFinite(raw) }
    if T.self == Double.self { return !FiniteWords.double.hasNonFinite(raw) }
    return values.allSatisfy(\.isFinite)
}

/// The exponent fields of sixteen 32-bit words, for `allFinite` (see there).
struct FiniteWords: Sendable {
    /// The field's bits in each word (0 for a Double's low word).
    let mask: SIMD16<UInt32>
    /// The field's lowest bit position in each word.
    let shift: SIMD16<UInt32>
    /// The bit just above the shifted field: set in (field + 1) exactly when the field is all ones.
    let carry: SIMD16<UInt32>

    /// Sixteen Float words: exponent bits 23…30.
    static let float = FiniteWords(
        mask: SIMD16(repeating: 0x7F80_0000), shift: SIMD16(repeating: 23), carry: SIMD16(repeating: 0x100))
    /// Eight Doubles as sixteen words: exponent bits 20…30 of each high (odd) word.
    static let double = FiniteWords(
        mask: SIMD16(
            lowHalf: .init(0, 0x7FF0_0000, 0, 0x7FF0_0000, 0, 0x7FF0_0000, 0, 0x7FF0_0000),
            highHalf: .init(0, 0x7FF0_0000, 0, 0x7FF0_0000, 0, 0x7FF0_0000, 0, 0x7FF0_0000)),
        shift: SIMD16(repeating: 20), carry: SIMD16(repeating: 0x800))

    /// Whether some number in `raw` (whole words of the type these fields describe) is an
    /// infinity or a NaN: 64 bytes per step with independent integer lanes, which the compiler
    /// keeps in vector registers, then the tail (fewer than 64 bytes) word by word.
    func hasNonFinite(_ raw: UnsafeRawBufferPointer) -> Bool {
        let one = SIMD16<UInt32>(repeating: 1)
        var acc = SIMD16<UInt32>(repeating: 0)
        var offset = 0
        while offset + 64 <= raw.count {
            acc |= ((raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt32>.self) & mask) &>> shift) &+ one
            offset += 64
        }
        if any((acc & carry) .!= 0) { return true }
        var lane = 0
        while offset + 4 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            if (((word & mask[lane]) &>> shift[lane]) &+ 1) & carry[lane] != 0 { return true }
            offset += 4
            lane += 1
        }
        return false
    }
}
