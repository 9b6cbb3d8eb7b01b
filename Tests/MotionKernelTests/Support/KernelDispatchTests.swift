import CMotionKernelSIMD
import Testing

@testable import MotionKernel

/// The run-time dispatch of the C kernels: every ISA level the machine has, streamed or plain,
/// writes the same bytes, and those bytes are the documented arithmetic (checked against an
/// independent evaluation of the formula in the element type).
@Suite struct KernelDispatchTests {
    /// (level, stream threshold) pairs: each supported level with plain stores and streamed.
    static var configurations: [(StreamingStores.ISA, Int)] {
        KernelDispatch.supportedLevels.flatMap { [($0, Int.max), ($0, 0)] }
    }

    @Test func levelParsingAndCapping() {
        #expect(KernelDispatch.parseLevel("portable") == .portable)
        #expect(KernelDispatch.parseLevel("avx2") == .avx2)
        #expect(KernelDispatch.parseLevel("avx512") == .avx512f)
        for bad in [nil, "", "AVX2", "sse", "avx512f "] { #expect(KernelDispatch.parseLevel(bad) == nil) }
        #expect(KernelDispatch.supportedLevels.first == .portable)
        for level in StreamingStores.ISA.allCases {
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
