import Testing
@testable import MotionKernel

@Suite("CubicBezier")
struct CubicBezierTests {
    @Test("named curves have the Core Animation and CSS control points")
    func namedCurves() {
        // Core Animation (CAMediaTimingFunction names) and CSS Easing §2.3 keywords.
        let expected: [(CubicBezier, [Double])] = [
            (.linear, [0, 0, 1, 1]),
            (.easeIn, [0.42, 0, 1, 1]),
            (.easeOut, [0, 0, 0.58, 1]),
            (.easeInEaseOut, [0.42, 0, 0.58, 1]),
            (.default, [0.25, 0.1, 0.25, 1]),
            (.ease, [0.25, 0.1, 0.25, 1]),
            (.cssEaseIn, [0.42, 0, 1, 1]),
            (.cssEaseOut, [0, 0, 0.58, 1]),
            (.cssEaseInOut, [0.42, 0, 0.58, 1]),
        ]
        for (c, p) in expected {
            #expect([c.x1, c.y1, c.x2, c.y2] == p, "\(c)")
        }
        #expect(CubicBezier.ease == CubicBezier.default)
        #expect(CubicBezier.easeIn.hashValue == CubicBezier.cssEaseIn.hashValue)
    }

    static let curves: [[Double]] = [
        [0.25, 0.1, 0.25, 1], [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1],
        [0.68, -0.55, 0.265, 1.55], [0.5, -1, 0.5, 2], [0, 1, 1, 0], [1, 0, 0, 1],
        [0, 0.5, 0.5, 1], [1, 0, 1, 0.5], [0.1, 3, 0.9, -2], [0, 0, 1, 1], [0.3, 0.3, 0.7, 0.7],
        [0.001, 0.9, 0.999, 0.1], [1, 1, 0, 0], [0, 0, 0, 1], [1, 0, 1, 1],
    ]

    @Test("solutions match dense bisection of the Bernstein cubic to 1e-9", arguments: curves)
    func againstBisection(_ p: [Double]) throws {
        let c = try CubicBezier(p[0], p[1], p[2], p[3])
        let ref = BezierReference(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
        var rng = SplitMix64(seed: 42)
        var xs = (0...1000).map { Double($0) / 1000 }
        xs += (0..<2000).map { _ in rng.uniform(0, 1) }
        xs += [1e-12, 1e-9, 1e-6, 1 - 1e-12, 1 - 1e-9, 1 - 1e-6, 0.5]
        var worst = 0.0
        for x in xs { worst = max(worst, abs(c.value(at: x) - ref.y(x))) }
        // The contract is 1e-7; the solver aims at ~1e-12.
        #expect(worst <= 1e-9, "max error \(worst)")
    }

    @Test("exact 0 and 1 at the ends", arguments: curves)
    func exactEnds(_ p: [Double]) throws {
        let c = try CubicBezier(p[0], p[1], p[2], p[3])
        #expect(c.value(at: 0) == 0)
        #expect(c.value(at: 1) == 1)
    }

    /// (curve, x, expected y) worked by hand from the tangent rules (browsers: Chromium
    /// gfx::CubicBezier::InitGradients, Firefox ComputedTimingFunction::GetValue).
    static let extrapolation: [([Double], Double, Double)] = [
        // ease: start slope y1/x1 = 0.4; end: x2 < 1 → (y2 − 1)/(x2 − 1) = 0.
        ([0.25, 0.1, 0.25, 1], -1, -0.4), ([0.25, 0.1, 0.25, 1], 2, 1),
        // ease-in: start 0/0.42 = 0; end: x2 = 1, y2 = 1 → through P1: (0 − 1)/(0.42 − 1).
        ([0.42, 0, 1, 1], -0.5, 0), ([0.42, 0, 1, 1], 1.5, 1 + 0.5 / 0.58),
        // ease-out: P1 = P0 → through P2: 1/0.58; end slope 0.
        ([0, 0, 0.58, 1], -0.5, -0.5 / 0.58), ([0, 0, 0.58, 1], 3, 1),
        // overshoot: start −1/0.5 = −2, end (2 − 1)/(0.5 − 1) = −2.
        ([0.5, -1, 0.5, 2], -0.1, 0.2), ([0.5, -1, 0.5, 2], 1.1, 0.8),
        // vertical tangent at P0 (x1 = 0, y1 ≠ 0): flattened to slope 0.
        ([0, 0.5, 0.5, 1], -1, 0),
        // vertical tangent at P3 (x2 = 1, y2 ≠ 1): slope 0.
        ([0.5, 0, 1, 0.5], 2, 1),
        // P1 = P0 and x2 = 0 with y2 ≠ 0: no usable tangent → 0.
        ([0, 0, 0, 0.5], -2, 0),
        // both control points on an end point: the curve is y = x → slope 1.
        ([0, 0, 0, 0], -2, -2), ([0, 0, 0, 0], 3, 3), ([1, 1, 1, 1], -2, -2), ([1, 1, 1, 1], 3, 3),
        // P2 = P3 and x1 = 1 with y1 ≠ 1: no usable tangent → 1.
        ([1, 0.5, 1, 1], 2, 1),
        // linear in disguise.
        ([0.3, 0.3, 0.7, 0.7], -1.5, -1.5), ([0, 0, 1, 1], 2.5, 2.5),
    ]

    @Test("inputs outside [0, 1] follow the end tangents with the browsers' degenerate rules", arguments: extrapolation)
    func tangents(_ c: ([Double], Double, Double)) throws {
        let (p, x, y) = c
        let b = try CubicBezier(p[0], p[1], p[2], p[3])
        #expect(abs(b.value(at: x) - y) <= 1e-15, "\(b) at \(x): \(b.value(at: x)) vs \(y)")
        // The slope outside is the extension's.
        let s = x < 0 ? y / x : (y - 1) / (x - 1)
        #expect(abs(b.slope(at: x) - s) <= 1e-14)
    }

    @Test("slope matches finite differences of the reference inside (0, 1)", arguments: curves.prefix(6))
    func slope(_ p: [Double]) throws {
        let c = try CubicBezier(p[0], p[1], p[2], p[3])
        let ref = BezierReference(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
        let h = 1e-5
        for k in 1..<20 {
            let x = Double(k) / 20
            let fd = (ref.y(x + h) - ref.y(x - h)) / (2 * h)
            #expect(abs(c.slope(at: x) - fd) <= 1e-6 * max(1, abs(fd)), "\(c) at \(x)")
        }
    }

    @Test("slope at degenerate end points takes the limit")
    func slopeLimits() throws {
        // ease-out at x = 0: x′(0) = y′(0) = 0; the limit is y2/x2 along P0→P2.
        #expect(abs(CubicBezier.easeOut.slope(at: 0) - 1 / 0.58) <= 1e-12)
        // Vertical tangent: clamped to the largest finite value.
        let v = try CubicBezier(0, 0.5, 0.5, 1)
        #expect(v.slope(at: 0) == .greatestFiniteMagnitude)
        // Plain case: y1/x1 at 0, (1 − y2)/(1 − x2) at 1.
        #expect(abs(CubicBezier.ease.slope(at: 0) - 0.4) <= 1e-12)
        #expect(abs(CubicBezier.easeInEaseOut.slope(at: 1) - 0) <= 1e-12)
        #expect(CubicBezier.linear.slope(at: 0.3) == 1)
    }

    @Test("y range against a dense sample of the Bernstein form")
    func yRange() throws {
        for p in CubicBezierTests.curves {
            let c = try CubicBezier(p[0], p[1], p[2], p[3])
            let ref = BezierReference(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
            var lo = 0.0, hi = 1.0
            let n = 200_000
            for i in 0...n {
                let y = ref.by(Double(i) / Double(n))
                lo = min(lo, y); hi = max(hi, y)
            }
            let r = c.yRange
            // Grid error is O(h²·|y″|) ≲ 1e-9 here.
            #expect(abs(r.lowerBound - lo) <= 1e-8 && abs(r.upperBound - hi) <= 1e-8, "\(c): \(r) vs \(lo)...\(hi)")
        }
        // Curves with y1, y2 in [0, 1] stay in [0, 1] (convex hull): the range is exactly 0…1.
        #expect(CubicBezier.ease.yRange == 0...1)
        #expect(CubicBezier.easeInEaseOut.yRange == 0...1)
    }

    @Test("validation names the field")
    func validation() {
        func field(_ f: () throws -> CubicBezier) -> String? {
            do { _ = try f(); return nil } catch let e as MotionKernelError { return e.field } catch { return "?" }
        }
        #expect(field { try CubicBezier(1.5, 0, 1, 1) } == "x1")
        #expect(field { try CubicBezier(-0.1, 0, 1, 1) } == "x1")
        #expect(field { try CubicBezier(0.5, 0, 1.01, 1) } == "x2")
        #expect(field { try CubicBezier(0.5, .nan, 1, 1) } == "y1")
        #expect(field { try CubicBezier(0.5, 0, 1, .infinity) } == "y2")
        #expect(field { try CubicBezier(0, -5, 1, 7) } == nil)
    }

    @Test("bulk evaluation agrees with the scalar solver and the reference", arguments: curves)
    func bulk(_ p: [Double]) throws {
        let c = try CubicBezier(p[0], p[1], p[2], p[3])
        let ref = BezierReference(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
        var rng = SplitMix64(seed: 7)
        var xs = (0..<20_000).map { _ in rng.uniform(0, 1) }
        xs += [0, 1, -0.5, 1.5, 1e-300, 1 - 1e-16, 0.5, 1.0 / 512, 511.0 / 512]
        let ys = c.values(at: xs)
        #expect(ys.count == xs.count)
        var worst = 0.0
        for (x, y) in zip(xs, ys) {
            let r = (x < 0 || x > 1) ? c.value(at: x) : ref.y(x)
            worst = max(worst, abs(y - r))
        }
        #expect(worst <= 1e-9, "max error \(worst)")
        // Ends and extension are exact in bulk too.
        let e = c.values(at: [Double](repeating: 0, count: 5000) + [1, -2, 3])
        #expect(e[0] == 0 && e[5000] == 1 && e[5001] == c.value(at: -2) && e[5002] == c.value(at: 3))
    }

    @Test("Float bulk is the Double result rounded")
    func floatBulk() {
        var rng = SplitMix64(seed: 3)
        let xs = (0..<5000).map { _ in Float(rng.uniform(-0.2, 1.2)) }
        let ref = BezierReference(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        let ys = CubicBezier.easeInEaseOut.values(at: xs)
        for (x, y) in zip(xs, ys) {
            let xd = Double(x)
            let r = xd < 0 || xd > 1 ? CubicBezier.easeInEaseOut.value(at: xd) : ref.y(xd)
            // One rounding of the Double result (|y| ≤ 1: ≤ u_F) plus the Double solver's error (≤ 1e-9,
            // "solutions match dense bisection" above): < 2·u_F = ε_F.
            #expect(abs(Double(y) - r) <= Double(Float.ulpOfOne), "\(x)")
        }
    }

    @Test("buffer sizes are checked; the table rejects bad cell counts")
    func bulkErrors() throws {
        let a = [Double](repeating: 0.5, count: 4)
        var b = [Double](repeating: 0, count: 3)
        #expect(throws: MotionKernelError.self) {
            try a.withUnsafeBufferPointer { i in
                try b.withUnsafeMutableBufferPointer { o in try CubicBezier.ease.values(at: i, into: o) }
            }
        }
        #expect(throws: MotionKernelError.self) { _ = try CubicBezier.InverseTable(.ease, cells: 4) }
        let t = try CubicBezier.InverseTable(.ease, cells: 64)
        let ys = t.values(at: [0.25, 0.5, 0.75])
        let ref = BezierReference(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        for (x, y) in zip([0.25, 0.5, 0.75], ys) { #expect(abs(y - ref.y(x)) <= 1e-9) }
    }

    @Test("the inverse table certifies the cells of ordinary curves (the fast path is taken)")
    func certification() throws {
        func direct(_ t: CubicBezier.InverseTable) -> Double {
            Double((0..<t.cells).filter { t.mode(ofCell: $0) == .direct }.count) / Double(t.cells)
        }
        #expect(direct(try CubicBezier.InverseTable(.easeInEaseOut, cells: 512)) == 1)
        #expect(direct(try CubicBezier.InverseTable(.ease, cells: 512)) > 0.9)
        // The automatic cell count certifies all of ease.
        #expect(direct(CubicBezier.InverseTable(.ease)) == 1)
        // ease-out has x′(0) = 0: the first cells are not directly certified.
        let eo = direct(CubicBezier.InverseTable(.easeOut))
        #expect(eo > 0.95 && eo < 1)
    }

    @Test("bulk with several threads matches one thread")
    func threads() {
        var rng = SplitMix64(seed: 11)
        let xs = (0..<200_000).map { _ in rng.uniform(0, 1) }
        let table = CubicBezier.InverseTable(.easeOut)
        let one = table.values(at: xs)
        var two = [Double](repeating: 0, count: xs.count)
        xs.withUnsafeBufferPointer { i in
            two.withUnsafeMutableBufferPointer { o in try? table.values(at: i, into: o, threads: 2) }
        }
        // Compare without materialising a diff of 200,000 elements on failure.
        #expect(zip(one, two).allSatisfy { $0 == $1 })
    }
}
