import MotionKernel

/// Benchmark workloads for timing curves (docs/benchmarks.md).
///
/// - `bezier.solve`: cubic-bezier(0.42, 0, 0.58, 1) at 10⁶ inputs in [0, 1], Double, through
///   `CubicBezier.values(at:into:)` (inverse table: a certified cubic Hermite interpolant of y(x)
///   per cell, evaluated 8 inputs at a time with no division or branch by the C kernel
///   `mk_bezier_table_f64`, dispatched per vector level, so a baseline build runs as fast as a
///   haswell one; the table build is inside the timed region, as a caller of that function pays it). The peer is the browsers' solver in
///   C (`Benchmarks/peers/bezier_peer.c`, run separately).
/// - `bezier.solve.baseline`: the same inputs through the per-input solver
///   (`CubicBezier.value(at:)`: table guess, Newton with bisection fallback), for the ratio.
///
/// Both are checked against an independent bisection of the Bernstein form on every 50th input.
///
/// - `css.linear`: a CSS `linear()` easing of 100 points (u = i/99, 1 − e^(−5u)·cos 12u, a
///   spring-like curve) at the same 10⁶ inputs, through `LinearEasing.values(at:into:)`; checked
///   on every 50th input against a linear scan for the segment. The peer is `numpy.interp`.
enum TimingBench {
    static let count = 1_000_000

    static func workloads() -> [BenchWorkload] {
        [
            BenchWorkload(name: "bezier.solve", precision: "double") { prepare(bulk: true) },
            BenchWorkload(name: "bezier.solve.baseline", precision: "double") { prepare(bulk: false) },
            BenchWorkload(name: "css.linear", precision: "double") { try prepareLinear() },
        ]
    }

    /// A fixed-seed SplitMix64 stream of doubles in [0, 1).
    static func inputs(_ n: Int, seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed)
        return (0..<n).map { _ in rng.nextUnit() }
    }

    /// Final storage shared by the kernel and the check.
    final class Buffers: @unchecked Sendable {
        var x: [Double]
        var y: [Double]
        init(x: [Double]) {
            self.x = x
            self.y = [Double](repeating: 0, count: x.count)
        }
    }

    static func prepare(bulk: Bool) -> BenchWorkload.Prepared {
        let curve = CubicBezier.easeInEaseOut
        let b = Buffers(x: inputs(count, seed: 0x5EED_BE21))
        let kernel: () -> Void
        if bulk {
            kernel = {
                b.x.withUnsafeBufferPointer { i in
                    b.y.withUnsafeMutableBufferPointer { o in
                        // Equal lengths by construction.
                        try? curve.values(at: i, into: o)
                    }
                }
                BenchHarness.consume(b.y[b.y.count / 2])
            }
        } else {
            kernel = {
                b.x.withUnsafeBufferPointer { i in
                    b.y.withUnsafeMutableBufferPointer { o in
                        for k in 0..<i.count { o[k] = curve.value(at: i[k]) }
                    }
                }
                BenchHarness.consume(b.y[b.y.count / 2])
            }
        }
        let check: () -> Double = {
            var worst = 0.0
            var k = 0
            while k < b.x.count {
                worst = max(worst, abs(b.y[k] - bisectionReference(0.42, 0, 0.58, 1, b.x[k])))
                k += 50
            }
            return worst
        }
        return BenchWorkload.Prepared(items: count, kernel: kernel, check: check, tolerance: 1e-7)
    }

    /// The `css.linear` points: u = i/99, 1 − e^(−5u)·cos 12u (the NumPy peer builds the same).
    static func linearPoints() -> [LinearEasing.Point] {
        (0..<100).map { i in
            let u = Double(i) / 99
            return LinearEasing.Point(input: u, output: 1 - Double.exp(-5 * u) * Double.cos(12 * u))
        }
    }

    static func prepareLinear() throws -> BenchWorkload.Prepared {
        let points = linearPoints()
        let f = try LinearEasing(points: points)
        let b = Buffers(x: inputs(count, seed: 0x5EED_BE21))
        let kernel = {
            b.x.withUnsafeBufferPointer { i in
                b.y.withUnsafeMutableBufferPointer { o in
                    // Equal lengths by construction.
                    try? f.values(at: i, into: o)
                }
            }
            BenchHarness.consume(b.y[b.y.count / 2])
        }
        let check: () -> Double = {
            var worst = 0.0
            var k = 0
            while k < b.x.count {
                let x = b.x[k]
                var j = 0
                while j < points.count - 2 && points[j + 1].input <= x { j += 1 }
                let p = points[j], q = points[j + 1]
                let reference = p.output + (x - p.input) * (q.output - p.output) / (q.input - p.input)
                worst = max(worst, abs(b.y[k] - reference))
                k += 50
            }
            return worst
        }
        // A few roundings of numbers below 2 in magnitude: 1e-14 is ~45 ulps of 2.
        return BenchWorkload.Prepared(items: count, kernel: kernel, check: check, tolerance: 1e-14)
    }

    /// y at x on the Bernstein form by plain bisection on t (independent of the library solver).
    static func bisectionReference(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        func bern(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            let s = 1 - t
            return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 {
            let mid = 0.5 * (lo + hi)
            if mid <= lo || mid >= hi { break }
            if bern(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return bern(y1, y2, 0.5 * (lo + hi))
    }
}
