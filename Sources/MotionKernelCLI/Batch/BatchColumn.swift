import MotionKernel
import MotionKernelEval

/// One per-item column of a batch spec, evaluated lazily for any row range.
///
/// A column is a number (broadcast), an explicit array of `count` numbers, or a seeded
/// generator: `{"uniform": [lo, hi]}` or `{"linspace": [first, last]}`. Generators are
/// evaluated by index, never materialised whole, so a job of 10⁸ rows holds only the rows of
/// the chunk it is evaluating, and any row range (a chunk, a shard) gets exactly the numbers
/// the whole column would hold there.
///
/// The uniform generator is SplitMix64 seeded with `seed ^ FNV-1a(key)`: item i is the
/// (i+1)-th output of the stream, lo + (hi − lo)·u with u the top 53 bits · 2⁻⁵³. SplitMix64's
/// state after n steps is seed + n·γ, so item i is computed directly from i.
struct BatchColumn: Sendable {
    enum Source: Sendable {
        case constant(Double)
        case values([Double])
        case uniform(lo: Double, hi: Double, seed: UInt64)
        case linspace(first: Double, last: Double)
    }

    let source: Source
    /// Number of items (the job's row count).
    let count: Int

    /// A column of `count` copies of `value`.
    static func constant(_ value: Double, count: Int) -> BatchColumn {
        BatchColumn(source: .constant(value), count: count)
    }

    /// Item `i` (0 ≤ i < count).
    @inline(__always)
    func value(at i: Int) -> Double {
        switch source {
        case .constant(let v): return v
        case .values(let a): return a[i]
        case .uniform(let lo, let hi, let seed): return lo + (hi - lo) * SplitMix64.unit(seed: seed, index: i)
        case .linspace(let first, let last):
            return count == 1 ? first : first + (last - first) * Double(i) / Double(count - 1)
        }
    }

    /// Items `range` as a new array.
    func values(_ range: Range<Int>) -> [Double] {
        [Double](unsafeUninitializedCapacity: range.count) { buf, n in
            fill(range, into: buf)
            n = range.count
        }
    }

    /// Items `range` converted to `T`.
    func values<T: MotionScalar>(_ range: Range<Int>, as _: T.Type) -> [T] {
        [T](unsafeUninitializedCapacity: range.count) { buf, n in
            for (j, i) in range.enumerated() { buf.initializeElement(at: j, to: T(value(at: i))) }
            n = range.count
        }
    }

    /// Writes items `range` into `out` (which holds at least `range.count` elements).
    func fill(_ range: Range<Int>, into out: UnsafeMutableBufferPointer<Double>) {
        switch source {
        case .constant(let v):
            for j in 0..<range.count { out.initializeElement(at: j, to: v) }
        case .values(let a):
            for (j, i) in range.enumerated() { out.initializeElement(at: j, to: a[i]) }
        default:
            for (j, i) in range.enumerated() { out.initializeElement(at: j, to: value(at: i)) }
        }
    }

    /// The smallest and largest item: every item lies in this interval, so a check at its ends
    /// (or at the corners of several columns' intervals) runs before any work.
    var bounds: (lo: Double, hi: Double) {
        switch source {
        case .constant(let v): return (v, v)
        case .values(let a): return (a.min() ?? 0, a.max() ?? 0)
        case .uniform(let lo, let hi, _): return (lo, hi)
        case .linspace(let first, let last): return (min(first, last), max(first, last))
        }
    }

    /// Whether every item is the same number.
    var isConstant: Bool {
        if case .constant = source { return true }
        let b = bounds
        return b.lo == b.hi
    }

    /// Parses `f[key]` as a column of `count` items (nil when absent).
    /// - Throws: `invalidValue` naming the field (`jobs[0].from`, `jobs[0].from[3]`,
    ///   `jobs[0].from.uniform`) for a wrong length, a non-finite number or a bad generator.
    static func parse(_ f: Fields, _ key: String, count n: Int, seed: UInt64) throws -> BatchColumn? {
        let path = f.path(key)
        guard let v = f.value(key) else { return nil }
        switch v {
        case .number:
            return BatchColumn(source: .constant(try Fields.number(v, path)), count: n)
        case .array(let a):
            guard a.count == n else { throw MotionKernelError.invalidValue(path, "has \(a.count) items; expected count = \(n)") }
            return BatchColumn(source: .values(try a.enumerated().map { try Fields.number($1, "\(path)[\($0)]") }), count: n)
        case .object(let o):
            let g = Fields(o, path: path)
            try g.rejectUnknown(["uniform", "linspace", "count"])
            if let r = try g.numbers("uniform", limit: 2) {
                guard r.count == 2, r[0] <= r[1], (r[1] - r[0]).isFinite else {
                    throw MotionKernelError.invalidValue(g.path("uniform"), "expected [lo, hi] with lo <= hi and a finite hi − lo")
                }
                // A stream per column: the key's hash keeps columns independent of their order.
                return BatchColumn(source: .uniform(lo: r[0], hi: r[1], seed: seed ^ stableHash(key)), count: n)
            }
            if let r = try g.numbers("linspace", limit: 2) {
                guard r.count == 2, (r[1] - r[0]).isFinite else {
                    throw MotionKernelError.invalidValue(g.path("linspace"), "expected [first, last] with a finite last − first")
                }
                return BatchColumn(source: .linspace(first: r[0], last: r[1]), count: n)
            }
            throw MotionKernelError.invalidValue(path, "expected a number, an array, {\"uniform\": [lo, hi]} or {\"linspace\": [first, last]}")
        default:
            throw MotionKernelError.invalidValue(path, "expected a number, an array or a generator object, got \(v.typeName)")
        }
    }
}

/// FNV-1a of a string: a stable (unseeded) hash, unlike `Hasher`.
func stableHash(_ s: String) -> UInt64 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
    return h
}
