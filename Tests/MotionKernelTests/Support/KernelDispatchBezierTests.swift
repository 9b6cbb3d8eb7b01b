import Testing

@testable import MotionKernel

/// The bulk cubic-Bézier C kernel (`mk_bezier_table_f64`, behind `CubicBezier.InverseTable`) at
/// every ISA level the machine has: the same bits as its Swift twin (`twinValue`, the arithmetic
/// of the Swift loop it replaced) and, independently, within each cell's certified bound of a
/// double-double bisection of the Bernstein form (`BezierReference`).
@Suite struct KernelDispatchBezierTests {
    /// The bulk tests' curves (named, y outside [0, 1], x1 and x2 at 0 and 1, the identity) and
    /// one with both x at the ends and y far outside.
    static let curves: [[Double]] = CubicBezierBulkTests.curves + [[0, -2, 1, 3]]

    /// The bulk tests' inputs in (0, 1) (random, cell ends and their neighbours, the extremes) and
    /// inputs outside it: 0, −0, 1, NaN, ±∞, just outside the ends.
    static func inputs() -> [Double] {
        CubicBezierBulkTests.inputs() + [0, -0.0, 1, .nan, .infinity, -.infinity, -1e-300, 1.0.nextUp, -0.5, 1.5, -7, 7]
    }

    /// The tables of a curve: the automatic count, the smallest, an odd one and the largest.
    static func tables(_ c: CubicBezier) throws -> [CubicBezier.InverseTable] {
        [CubicBezier.InverseTable(c), try .init(c, cells: 16), try .init(c, cells: 100), try .init(c, cells: 65_536)]
    }

    /// The table's outputs at `level` on one thread.
    static func run(_ t: CubicBezier.InverseTable, _ xs: [Double], level: KernelISA) throws -> [Double] {
        var out = [Double](repeating: -42, count: xs.count)
        try xs.withUnsafeBufferPointer { i in
            try out.withUnsafeMutableBufferPointer { o in
                try KernelDispatch.withLevel(level) { try t.values(at: i, into: o, threads: 1) }
            }
        }
        return out
    }

    static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

    @Test("every level gives the Swift twin's bits", arguments: curves)
    func levelsMatchTheTwin(_ p: [Double]) throws {
        let c = try CubicBezier(p[0], p[1], p[2], p[3])
        let xs = Self.inputs()
        for t in try Self.tables(c) {
            let twin = xs.map { t.twinValue($0) }
            for level in KernelDispatch.supportedLevels {
                let ys = try Self.run(t, xs, level: level)
                let bad = (0..<xs.count).filter { !Self.same(ys[$0], twin[$0]) }
                #expect(bad.isEmpty, "\(c), \(t.cells) cells, level \(level): x \(bad.prefix(3).map { xs[$0] })")
            }
        }
    }

    @Test("every level is within the certified bound of the bisection reference", arguments: curves)
    func levelsAgainstReference(_ p: [Double]) throws {
        let c = try CubicBezier(p[0], p[1], p[2], p[3])
        let ref = BezierReference(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
        let xs = Self.inputs()
        let inside = xs.map { $0 > 0 && $0 < 1 }
        let exact = zip(xs, inside).map { $1 ? ref.y($0) : .nan }
        // The reference solves t to the last bit: its own error is a few ulps times |dy/dt|.
        let refSlack = 1e-14 * c.maxAbsDY
        let t = CubicBezier.InverseTable(c)
        for level in KernelDispatch.supportedLevels {
            let ys = try Self.run(t, xs, level: level)
            for (k, x) in xs.enumerated() {
                let cell = inside[k] ? min(Int(x * Double(t.cells)), t.cells - 1) : -1
                if cell >= 0 && !c.isIdentity && t.mode(ofCell: cell) != .scalar {
                    #expect(abs(ys[k] - exact[k]) <= t.bound(ofCell: cell) + refSlack, "x \(x), level \(level), cell \(cell)")
                } else {
                    // Ends, extensions, NaN, the identity and the cells left to the scalar solver:
                    // its value exactly (its accuracy is CubicBezierTests' subject).
                    #expect(Self.same(ys[k], c.value(at: x)), "x \(x), level \(level)")
                }
            }
            let i0 = try #require(xs.firstIndex(of: 0)), i1 = try #require(xs.firstIndex(of: 1))
            let iNaN = try #require(xs.firstIndex { $0.isNaN })
            #expect(ys[i0] == 0 && ys[i1] == 1 && ys[iNaN].isNaN, "level \(level)")
        }
    }

    @Test("offsets, tails and more unsettled inputs than one kernel call reports")
    func groupingAndResume() throws {
        var rng = SplitMix64(seed: 11)
        // Mostly outside (0, 1): every kernel call fills its pending list and the loop resumes.
        let n = 3 * CubicBezier.InverseTable.pendingCapacity + 37
        let xs = (0..<n).map { i in i % 5 == 0 ? rng.uniform(0, 1) : rng.uniform(-2, 3) }
        for c in [CubicBezier.easeOut, .easeInEaseOut, try CubicBezier(1, 0, 0, 1)] {
            let t = CubicBezier.InverseTable(c)
            let twin = xs.map { t.twinValue($0) }
            for level in KernelDispatch.supportedLevels {
                for offset in [0, 1, 3, 7] {
                    for count in [0, 1, 7, 8, 9, 15, 17, n - offset] where offset + count <= n {
                        let part = Array(xs[offset..<(offset + count)])
                        let ys = try Self.run(t, part, level: level)
                        #expect(zip(ys, twin[offset...]).allSatisfy { Self.same($0, $1) }, "\(c), level \(level), \(offset)+\(count)")
                    }
                }
            }
        }
    }
}
