import Testing
@testable import MotionKernel

/// The bulk path (`CubicBezier.InverseTable`): every output against an independent double-double
/// bisection of the Bernstein form (`BezierReference`), within the cell's certified bound.
@Suite("CubicBezierBulk")
struct CubicBezierBulkTests {
    /// Named curves, overshooting ones, steep ones and degenerate ones (x′ = 0 inside or at an end).
    static let curves: [[Double]] = [
        [0.25, 0.1, 0.25, 1], [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1],
        [0.68, -0.55, 0.265, 1.55], [0.5, -1, 0.5, 2], [0.1, 0.9, 0.2, 1], [0.5, -10, 0.5, 11],
        [1, 0, 0, 1], [0, 1, 1, 0], [1, 0, 1, 1], [0, 0, 0, 1], [1, 1, 1, 0], [0.3, 0.3, 0.7, 0.7],
        [0.9, 0.1, 0.1, 0.9], [0, 0, 1, 1],
    ]

    /// Random inputs in (0, 1), the cell ends of a few cell counts and their neighbours.
    static func inputs() -> [Double] {
        var rng = SplitMix64(seed: 2024)
        var xs = (0..<2500).map { _ in rng.uniform(0, 1) }
        for cells in [100, 512, 4096] {
            for j in stride(from: 1, to: cells, by: max(1, cells / 40)) {
                let x = Double(j) / Double(cells)
                xs += [x, x.nextUp, x.nextDown]
            }
        }
        xs += [1e-300, 1e-12, 1e-6, 0.5, 1 - 1e-12, 1.0.nextDown, Double.leastNonzeroMagnitude]
        return xs
    }

    @Test("every output is within its cell's certified bound of the reference", arguments: curves)
    func certifiedAgainstReference(_ p: [Double]) throws {
        let c = try CubicBezier(p[0], p[1], p[2], p[3])
        let ref = BezierReference(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
        let xs = Self.inputs()
        let exact = xs.map { ref.y($0) }
        // The reference solves t to the last bit: its own error is a few ulps times |dy/dt|.
        let refSlack = 1e-14 * c.maxAbsDY
        var tables = [CubicBezier.InverseTable(c), CubicBezier.InverseTable(c, maxCells: 65_536)]
        for cells in [16, 100, 512] { tables.append(try CubicBezier.InverseTable(c, cells: cells)) }
        for table in tables {
            for j in 0..<table.cells where table.mode(ofCell: j) != .scalar {
                #expect(table.bound(ofCell: j) <= CubicBezier.InverseTable.errorBound)
            }
            let ys = table.values(at: xs)
            var worst = 0.0
            for (k, x) in xs.enumerated() {
                let y = ys[k]
                let j = min(Int(x * Double(table.cells)), table.cells - 1)
                if c.isIdentity {
                    #expect(y == x)
                } else if table.mode(ofCell: j) == .scalar {
                    #expect(y == c.value(at: x), "x \(x)")
                } else {
                    let err = abs(y - exact[k])
                    worst = max(worst, err)
                    #expect(err <= table.bound(ofCell: j) + refSlack, "x \(x) cells \(table.cells) cell \(j)")
                }
                #expect(y.isFinite)
            }
            #expect(worst <= 1e-10, "\(c) cells \(table.cells): \(worst)")
        }
    }

    @Test("ends, extensions and NaN follow the scalar solver exactly", arguments: curves)
    func outside(_ p: [Double]) throws {
        let c = try CubicBezier(p[0], p[1], p[2], p[3])
        let xs: [Double] = [0, 1, -0.5, 1.5, -1e-300, 1.0.nextUp, -3, 7, 0.5, .nan, 0.25, 0.75, -0.0, 2, 0.1, 0.9, 1e300]
        let ys = CubicBezier.InverseTable(c).values(at: xs)
        for (x, y) in zip(xs, ys) where !(x > 0 && x < 1) {
            let s = c.value(at: x)
            #expect(y == s || (y.isNaN && s.isNaN), "x \(x)")
        }
        #expect(ys[0] == 0 && ys[1] == 1)
    }

    @Test("results do not depend on the grouping of inputs (offsets, tails, short buffers)")
    func grouping() throws {
        var rng = SplitMix64(seed: 5)
        // ease-out has direct, Newton and scalar cells; sprinkle inputs outside [0, 1] too.
        let xs = (0..<203).map { i in i % 17 == 0 ? rng.uniform(-0.5, 1.5) : rng.uniform(0, 1) }
        for c in [CubicBezier.easeOut, .ease, try CubicBezier(0.68, -0.55, 0.265, 1.55)] {
            let table = CubicBezier.InverseTable(c)
            let whole = table.values(at: xs)
            for offset in 0..<9 {
                let part = table.values(at: Array(xs[offset...]))
                #expect(zip(part, whole[offset...]).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) })
            }
            for n in 0..<10 { #expect(zip(table.values(at: Array(xs.prefix(n))), whole).allSatisfy { $0 == $1 }) }
        }
    }

    @Test("the automatic cell count certifies ordinary and overshooting curves directly")
    func automaticCells() throws {
        for c in [
            CubicBezier.ease, .easeInEaseOut, try CubicBezier(0.68, -0.55, 0.265, 1.55),
            try CubicBezier(0.1, 0.9, 0.2, 1),
        ] {
            let t = CubicBezier.InverseTable(c)
            #expect((0..<t.cells).allSatisfy { t.mode(ofCell: $0) == .direct }, "\(c): \(t.cells) cells")
            #expect(t.cells <= 4096)
        }
        // Only the neighbourhood of x = 0 (x′(0) = 0) of ease-out is left to slower paths.
        let eo = CubicBezier.InverseTable(.easeOut)
        let first = (0..<eo.cells).first { eo.mode(ofCell: $0) == .direct } ?? eo.cells
        #expect((first..<eo.cells).allSatisfy { eo.mode(ofCell: $0) == .direct })
        #expect(Double(first) / Double(eo.cells) < 0.02)
        // A small cap keeps 512 cells.
        #expect(CubicBezier.InverseTable(.ease, maxCells: 10).cells == 512)
    }

    @Test("cell counts outside 16…65536 are rejected naming the field")
    func cellCountErrors() {
        for bad in [0, 15, 65_537, -4] {
            do {
                _ = try CubicBezier.InverseTable(.ease, cells: bad)
                Issue.record("accepted \(bad) cells")
            } catch let e {
                #expect(e.field == "cells")
            }
        }
    }

    @Test("Float and Double bulk: the benchmark curve at many inputs")
    func benchmarkCurve() {
        var rng = SplitMix64(seed: 9)
        let xs = (0..<50_000).map { _ in rng.uniform(0, 1) }
        let ref = BezierReference(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        let ys = CubicBezier.easeInEaseOut.values(at: xs)
        let yf = CubicBezier.easeInEaseOut.values(at: xs.map { Float($0) })
        var worst = 0.0
        for k in stride(from: 0, to: xs.count, by: 7) {
            worst = max(worst, abs(ys[k] - ref.y(xs[k])))
            let rf = ref.y(Double(Float(xs[k])))
            // Float = the Double solve rounded once: ≤ u_F·|y| (|y| ≤ 1) + the Double error (≤ 1e-11, the
            // `worst` bound) < 2·u_F = ε_F.
            #expect(abs(Double(yf[k]) - rf) <= Double(Float.ulpOfOne))
        }
        #expect(worst <= 1e-11)
    }
}
