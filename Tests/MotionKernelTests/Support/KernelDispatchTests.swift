import CMotionKernelSIMD
import Testing

@testable import MotionKernel

/// The run-time dispatch of the C kernels: every ISA level the machine has, streamed or plain,
/// writes the same bytes, and those bytes are the documented arithmetic (checked against an
/// independent evaluation of the formula in the element type).
@Suite struct KernelDispatchTests {
    /// (level, stream threshold) pairs: each supported level with plain stores and streamed.
    static var configurations: [(KernelISA, Int)] {
        KernelDispatch.supportedLevels.flatMap { [($0, Int.max), ($0, 0)] }
    }

    @Test func levelParsingAndCapping() {
        #expect(KernelDispatch.parseLevel("portable") == .portable)
        #expect(KernelDispatch.parseLevel("avx2") == .avx2)
        #expect(KernelDispatch.parseLevel("avx512") == .avx512)
        for bad in [nil, "", "AVX2", "sse", "avx512f "] { #expect(KernelDispatch.parseLevel(bad) == nil) }
        #expect(KernelDispatch.supportedLevels.first == .portable)
        for level in KernelISA.allCases {
            KernelDispatch.withLevel(level) {
                let got = KernelDispatch.level
                #expect(got.rawValue <= level.rawValue)
                #expect(KernelDispatch.supportedLevels.contains(got))
            }
        }
    }

    /// SharedSpringBatch rows at every level and store kind, odd shapes and a misaligned output,
    /// against (to + a·y0) + b·v0 evaluated here in Float from the spring's propagator.
    @Test(arguments: [(1, 1), (3, 7), (5, 16), (7, 17), (33, 120), (64, 31), (129, 5)])
    func sharedRowsAreTheFormulaAtEveryLevel(n: Int, tCount: Int) throws {
        var rng = SplitMix64(seed: UInt64(n * 1000 + tCount))
        let from = (0..<n).map { _ in Float(rng.nextUnit() * 4 - 2) }
        let to = (0..<n).map { _ in Float(rng.nextUnit() * 4 - 2) }
        let vel = (0..<n).map { _ in Float(rng.nextUnit() * 20 - 10) }
        let spring = try Spring<Float>(stiffness: 170, dampingRatio: 0.4)
        let sd = try spring.converted(to: Double.self)
        let grid = TimeGrid<Float>.uniform(start: 0, step: 1.0 / 60, count: tCount)
        var expected = [Float](repeating: 0, count: n * tCount), expectedV = expected
        for j in 0..<tCount {
            let p = sd.propagator(grid[j].doubleValue)
            let (a, b, c, d) = (Float(p.p11), Float(p.p12), Float(p.p21), Float(p.p22))
            for i in 0..<n {
                let y0 = from[i] - to[i]
                expected[i * tCount + j] = (to[i] + a * y0) + b * vel[i]
                expectedV[i * tCount + j] = (0 + c * y0) + d * vel[i]
            }
        }
        for (level, threshold) in Self.configurations {
            for shift in [0, 1, 3] {
                let buf = UnsafeMutableBufferPointer<Float>.allocate(capacity: n * tCount + shift)
                let vbuf = UnsafeMutableBufferPointer<Float>.allocate(capacity: n * tCount + shift)
                defer { buf.deallocate(); vbuf.deallocate() }
                buf.initialize(repeating: .nan); vbuf.initialize(repeating: .nan)
                let out = UnsafeMutableBufferPointer(rebasing: buf[shift...]), vout = UnsafeMutableBufferPointer(rebasing: vbuf[shift...])
                try KernelDispatch.withLevel(level) {
                    try StreamingStores.withThreshold(threshold) {
                        try SharedSpringBatch.sample(
                            spring: spring, from: from, to: to, initialVelocity: vel, grid: grid, values: out, velocities: vout, threads: 1)
                    }
                }
                #expect(Array(out).map(\.bitPattern) == expected.map(\.bitPattern), "level \(level), threshold \(threshold), shift \(shift)")
                #expect(Array(vout).map(\.bitPattern) == expectedV.map(\.bitPattern), "velocities, level \(level), shift \(shift)")
                for k in 0..<shift { #expect(buf[k].isNaN && vbuf[k].isNaN, "wrote before the output") }
            }
        }
    }

    /// The kernel reports the first row with a non-finite element at every level and store kind,
    /// wherever the bad element sits (row start, middle, end, across a line).
    @Test func sharedRowsReportTheFirstNonFiniteRow() {
        let n = 9, tCount = 37
        for (level, threshold) in Self.configurations {
            for (badRow, badJ) in [(0, 0), (4, 17), (8, 36), (3, 36), (5, 0)] {
                var a = [Float](repeating: 0, count: tCount + 32), b = a
                for j in 0..<tCount { a[16 + j] = 0.5; b[16 + j] = 0.25 }
                var y0 = [Float](repeating: 1, count: n), v0 = y0, to = y0
                let b16 = badJ
                y0[badRow] = Float.greatestFiniteMagnitude
                a[16 + b16] = 4  // (1 + 4·max) overflows only at column badJ of row badRow
                for i in 0..<n where i != badRow { y0[i] = 1 }
                v0[0] = 1; to[0] = 1
                var out = [Float](repeating: 0, count: n * tCount)
                let got = a.withUnsafeBufferPointer { ab in
                    b.withUnsafeBufferPointer { bb in
                        out.withUnsafeMutableBufferPointer { ob in
                            mk_shared_rows_f32(
                                to, y0, v0, ab.baseAddress! + 16, bb.baseAddress! + 16, n, tCount, ob.baseAddress!, level.rawValue,
                                threshold == 0 ? 1 : 0)
                        }
                    }
                }
                // Rows other than badRow overflow nowhere (y0 = 1); badRow's 0.5·max·... also
                // stays finite except at column badJ where a = 4.
                #expect(got == Int64(badRow), "level \(level), stream \(threshold == 0), bad (\(badRow), \(badJ))")
                #expect(out[badRow * tCount + badJ].isInfinite)
            }
        }
    }
}

/// The spring batch's C kernel against its Swift twin (SwiftTwins/SpringBatch+SwiftTwin.swift:
/// the same operations four springs at a time): bit for bit at every level, plain and streamed, exact and near-uniform grids, values
/// and velocities, anchors, springs outside the series range, and odd shapes.
@Suite struct SpringKernelDispatchTests {
    static func batch<T: MotionScalar>(_: T.Type, n: Int, seed: UInt64) throws -> SpringBatch<T> {
        var rng = SplitMix64(seed: seed)
        var k = [T](), c = [T](), f = [T](), t = [T](), v = [T]()
        for i in 0..<n {
            // Every fifth spring is stiff or heavily damped: outside the series range at 1/120 s.
            let stiff = i % 5 == 3
            let kk = stiff ? 40_000 + 1e5 * rng.nextUnit() : 20 + 600 * rng.nextUnit()
            let zeta = i % 7 == 0 ? 1 : (i % 5 == 4 ? 30 : 0.05 + 2.5 * rng.nextUnit())
            k.append(T(kk)); c.append(T(2 * zeta * kk.squareRoot()))
            f.append(T(rng.nextUnit() * 4 - 2)); t.append(T(rng.nextUnit() * 4 - 2)); v.append(T(rng.nextUnit() * 40 - 20))
        }
        return try SpringBatch<T>(stiffness: k, damping: c, from: f, to: t, initialVelocity: v)
    }

    static func compare<T: MotionScalar>(_: T.Type, n: Int, grid: TimeGrid<T>, velocities: Bool, rows: Range<Int>? = nil) throws {
        let b = try batch(T.self, n: n, seed: UInt64(n * 31 + grid.count))
        let m = (rows ?? 0..<n).count * grid.count
        func run(_ body: () throws -> Void) rethrows { try body() }
        func sample() throws -> ([T], [T]) {
            var vals = [T](repeating: .nan, count: m), vels = [T](repeating: .nan, count: m)
            try vals.withUnsafeMutableBufferPointer { vb in
                try vels.withUnsafeMutableBufferPointer { wb in
                    try b.sample(grid, rows: rows, values: vb, velocities: velocities ? wb : nil, threads: 1)
                }
            }
            return (vals, velocities ? vels : [])
        }
        var twinValues = [T](repeating: .nan, count: m), twinVelocities = twinValues
        twinValues.withUnsafeMutableBufferPointer { vb in
            twinVelocities.withUnsafeMutableBufferPointer { wb in
                b.sampleSwiftTwin(grid, rows: rows, values: vb, velocities: velocities ? wb : nil)
            }
        }
        let twin = (twinValues, velocities ? twinVelocities : [])
        for (level, threshold) in KernelDispatchTests.configurations {
            let got = try KernelDispatch.withLevel(level) { try StreamingStores.withThreshold(threshold) { try sample() } }
            let same = zip(got.0, twin.0).allSatisfy { $0.0 == $0.1 || ($0.0.isNaN && $0.1.isNaN) }
            let sameV = zip(got.1, twin.1).allSatisfy { $0.0 == $0.1 }
            #expect(same && got.0.count == twin.0.count, "\(T.self) n \(n) T \(grid.count) level \(level) threshold \(threshold)")
            #expect(sameV && got.1.count == twin.1.count, "\(T.self) velocities n \(n) T \(grid.count) level \(level)")
        }
    }

    @Test(arguments: [1, 3, 8, 15, 16, 17, 37])
    func uniformGridsEqualTheSwiftTwin(n: Int) throws {
        for tc in [1, 7, 8, 9, 120, 121] {
            let g = TimeGrid<Float>.uniform(start: 0, step: 1.0 / 120, count: tc)
            try Self.compare(Float.self, n: n, grid: g, velocities: false)
            try Self.compare(Float.self, n: n, grid: g, velocities: true)
            try Self.compare(Double.self, n: n, grid: .uniform(start: 0, step: 1.0 / 120, count: tc), velocities: true)
        }
    }

    @Test func anchorsStartTimesAndRowRangesEqualTheSwiftTwin() throws {
        // T > 256 (anchors), a start time > 0, long rows (span streaming), a row range.
        try Self.compare(Float.self, n: 19, grid: .uniform(start: 0.25, step: 1.0 / 240, count: 600), velocities: true)
        try Self.compare(Double.self, n: 19, grid: .uniform(start: 0.25, step: 1.0 / 240, count: 600), velocities: false)
        try Self.compare(Float.self, n: 21, grid: .uniform(start: 0, step: 1.0 / 120, count: 1500), velocities: false)
        try Self.compare(Float.self, n: 40, grid: .uniform(start: 0, step: 1.0 / 60, count: 90), velocities: true, rows: 5..<38)
    }

    @Test func nearUniformListsEqualTheSwiftTwin() throws {
        for tc in [8, 9, 120, 300] {
            let ts = (0..<tc).map { Float($0) / 120 }
            try Self.compare(Float.self, n: 17, grid: .times(ts), velocities: false)
            try Self.compare(Float.self, n: 17, grid: .times(ts), velocities: true)
            try Self.compare(Double.self, n: 9, grid: .times((0..<tc).map { Double($0) / 120 + 1e-18 * Double($0 % 3) }), velocities: true)
        }
    }
}
