/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): the seeded generator behind the batch spec's `{"uniform": [lo, hi]}`
/// columns, the benchmark inputs (and their NumPy peers) and the property tests.
///
/// The state advances by the golden gamma 0x9E3779B97F4A7C15 and each output is the state
/// through the Stafford "Mix13" finaliser, so the i-th output depends only on the seed and i
/// (``unit(seed:index:)`` is O(1)). Deterministic on every platform; not for cryptography.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The increment of the state per output (2⁶⁴/φ, odd).
    package static let gamma: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The state: the seed plus `gamma` times the outputs drawn so far.
    package var state: UInt64

    /// A stream whose first output is `mix(seed &+ gamma)`.
    package init(seed: UInt64) { state = seed }

    /// Stafford's Mix13 finaliser: a bijection of UInt64 with good avalanche.
    @inline(__always)
    package static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next 64 random bits.
    @inline(__always)
    package mutating func next() -> UInt64 {
        state &+= SplitMix64.gamma
        return SplitMix64.mix(state)
    }

    /// Uniform in [0, 1): the top 53 bits of ``next()`` times 2⁻⁵³.
    @inline(__always)
    package mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// lo + (hi − lo)·``nextUnit()``: uniform in [lo, hi) (hi itself can come out by rounding).
    @inline(__always)
    package mutating func nextUnit(in lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * nextUnit() }

    /// The `index`-th (0-based) ``nextUnit()`` of the stream seeded with `seed`, in O(1).
    @inline(__always)
    package static func unit(seed: UInt64, index: Int) -> Double {
        Double(mix(seed &+ UInt64(truncatingIfNeeded: index + 1) &* gamma) >> 11) * 0x1p-53
    }
}
