import CMotionKernelSIMD
import Testing

@testable import MotionKernel

/// The C kernels behind `TransformBatch.build` (Float) and `SplineChannels`' direct path: at
/// every ISA level the machine has, streamed and plain, into aligned and misaligned outputs,
/// they write exactly the bytes of the Swift loops (the Float build's twin in
/// SwiftTwins/TransformBatch+SwiftTwin.swift, the spline channels' generic loops) and nothing
/// outside the output. The Swift loops' accuracy against the closed forms is tested elsewhere
/// (TransformBatchTests, SplineChannels' tests); here the reference is the Swift code itself,
/// since the contract is bit-for-bit equality.
@Suite struct KernelDispatchTransformSplineTests {
    /// (level, stream threshold) pairs: each supported level with plain stores and streamed.
    static var configurations: [(KernelISA, Int)] {
        KernelDispatch.supportedLevels.flatMap { [($0, Int.max), ($0, 0)] }
    }

    /// Channels for n objects: every channel present, or only the ones in `mask` (bit k for
    /// channel k in TransformChannels' order). Angles mostly in [−4π, 4π], every 5th beyond
    /// `sinCosLimit` (the C library's lanes), scales of both signs.
    static func channels(_ n: Int, mask: Int = 0x7F, seed: UInt64) -> TransformChannels<Float> {
        var rng = SplitMix64(seed: seed)
        func col(_ k: Int, _ lo: Double, _ hi: Double) -> [Float]? {
            let v = (0..<n).map { _ in Float(rng.nextUnit(in: lo, hi)) }
            return mask & (1 << k) != 0 ? v : nil
        }
        var rot = col(3, -4 * .pi, 4 * .pi)
        if rot != nil {
            for i in stride(from: 2, to: n, by: 5) { rot![i] = (i % 2 == 0 ? 1 : -1) * Float(8192 + 37 * i) }
        }
        return TransformChannels(
            count: n, translationX: col(0, -500, 500), translationY: col(1, -500, 500), translationZ: col(2, -50, 50),
            rotation: rot, scale: col(4, -2, 2), scaleX: col(5, 0.25, 3), scaleY: col(6, -3, -0.25))
    }

    /// The Swift builder's output (plain stores).
    static func swiftBuild(_ ch: TransformChannels<Float>) throws -> [Float] {
        try TransformBatch.buildSwiftTwin(ch)
    }

    @Test(arguments: [1, 7, 15, 16, 17, 33, 100, 4097 + 31])
    func transformBuildIsTheSwiftBuilderAtEveryLevel(n: Int) throws {
        for mask in [0x7F, 0x0B, 0x08, 0x30, 0x00] {
            let ch = Self.channels(n, mask: mask, seed: UInt64(n * 131 + mask))
            let expected = try Self.swiftBuild(ch).map(\.bitPattern)
            // Self-check of the reference: row 2 and the constant entries are what the layout says.
            for i in 0..<n { #expect(expected[16 * i + 10] == Float(1).bitPattern && expected[16 * i + 15] == Float(1).bitPattern) }
            for (level, threshold) in Self.configurations {
                let got = try KernelDispatch.withLevel(level) {
                    try StreamingStores.withThreshold(threshold) { try TransformBatch.build(ch) }
                }
                #expect(got.map(\.bitPattern) == expected, "n \(n), mask \(mask), level \(level), threshold \(threshold)")
            }
        }
    }

    /// The C kernel straight into outputs shifted by 0–15 floats from a 64-byte line, between
    /// NaN guards: the same bits, and the guards intact.
    @Test(arguments: [1, 2, 5, 16, 19, 64])
    func transformKernelWritesOnlyItsOutput(n: Int) throws {
        let ch = Self.channels(n, seed: UInt64(n))
        let expected = try Self.swiftBuild(ch).map(\.bitPattern)
        let guardCount = 32
        let buf = UnsafeMutableRawBufferPointer.allocate(byteCount: 4 * (16 * n + 2 * guardCount + 16), alignment: 64)
        defer { buf.deallocate() }
        let base = buf.baseAddress!.assumingMemoryBound(to: Float.self)
        for level in KernelDispatch.supportedLevels {
            for stream: Int32 in [0, 1] {
                for shift in 0..<16 {
                    let total = 16 * n + 2 * guardCount + 16
                    for k in 0..<total { base[k] = .nan }
                    let out = base + guardCount + shift
                    let bad = TransformBatch.withChannelPointers(ch) { tx, ty, tz, rot, s, sx, sy in
                        mk_kernel_transform_f32(tx.base, ty.base, tz.base, rot.base, s.base, sx.base, sy.base, n, out, level.rawValue, stream)
                    }
                    #expect(bad == 0)
                    let got = (0..<16 * n).map { out[$0].bitPattern }
                    #expect(got == expected, "n \(n), level \(level), stream \(stream), shift \(shift)")
                    let outside =
                        (0..<guardCount + shift).allSatisfy { base[$0].isNaN }
                        && (guardCount + shift + 16 * n..<total).allSatisfy { base[$0].isNaN }
                    #expect(outside, "wrote outside the output: n \(n), level \(level), stream \(stream), shift \(shift)")
                }
            }
        }
    }

    /// A non-finite value in any channel, at any lane of a vector (first, middle, last, the
    /// remainder), is reported by the kernel and named by the builder at every level.
    @Test func transformBuildNamesTheNonFiniteInput() {
        let n = 37
        let names = ["translationX", "translationY", "translationZ", "rotation", "scale", "scaleX", "scaleY"]
        for (level, threshold) in Self.configurations {
            for (k, name) in names.enumerated() {
                for i in [0, 7, 15, 16, 36] {
                    var ch = Self.channels(n, seed: 99)
                    let bad: Float = i % 2 == 0 ? .nan : -.infinity
                    switch k {
                    case 0: ch.translationX![i] = bad
                    case 1: ch.translationY![i] = bad
                    case 2: ch.translationZ![i] = bad
                    case 3: ch.rotation![i] = bad
                    case 4: ch.scale![i] = bad
                    case 5: ch.scaleX![i] = bad
                    default: ch.scaleY![i] = bad
                    }
                    #expect(throws: MotionKernelError.invalidValue("\(name)[\(i)]", "expected a finite number, got \(bad)")) {
                        try KernelDispatch.withLevel(level) {
                            try StreamingStores.withThreshold(threshold) { _ = try TransformBatch.build(ch) }
                        }
                    }
                }
            }
            // Finite inputs whose product overflows: scale · scaleX = ∞.
            var ch = Self.channels(n, seed: 7)
            ch.scale![20] = .greatestFiniteMagnitude
            ch.scaleX![20] = 4
            #expect(throws: MotionKernelError.invalidValue("scale", "the product of scale and scaleX or scaleY overflows")) {
                try KernelDispatch.withLevel(level) {
                    try StreamingStores.withThreshold(threshold) { _ = try TransformBatch.build(ch) }
                }
            }
        }
    }

    /// A natural cubic over `channels` channels with `keys` keys, sampled at `times` times
    /// (sorted, or shuffled: one-time runs), in Float or Double.
    static func spline<T: MotionScalar>(
        _: T.Type, keys: Int, channels: Int, times: Int, sorted: Bool, derivative: Int, seed: UInt64
    ) throws -> SplineChannels<T> {
        var rng = SplitMix64(seed: seed)
        var x = (0..<keys).map { _ in rng.nextUnit() }.sorted()
        x[0] = 0
        x[keys - 1] = 1
        for i in 1..<keys where x[i] <= x[i - 1] + 1e-3 { x[i] = x[i - 1] + 1e-3 }
        let values = (0..<keys * channels).map { _ in T(rng.nextUnit(in: -1, 1)) }
        var t = (0..<times).map { j in T(-0.1 + 1.2 * Double(j) / Double(max(times - 1, 1))) }
        if !sorted {
            for j in stride(from: times - 1, to: 0, by: -1) { t.swapAt(j, Int(rng.next() % UInt64(j + 1))) }
        }
        return try SplineChannels(
            keyTimes: x.map { T($0) }, values: values, channels: channels, kind: .cubic(.natural), times: t,
            derivative: derivative, path: .direct)
    }

    /// `sampler`'s channels `range` in `layout` by the Swift loops (plain stores).
    static func swiftSample<T: MotionScalar>(_ sampler: SplineChannels<T>, _ range: Range<Int>, _ layout: SampleLayout) throws -> [T] {
        var out = [T](repeating: 0, count: range.count * sampler.timeCount)
        out.withUnsafeMutableBufferPointer { o in
            switch layout {
            case .timeMajor: sampler.directTimeMajor(range, o.baseAddress!)
            case .channelMajor: sampler.directChannelMajor(range, o.baseAddress!)
            }
        }
        return out
    }

    /// The kernels against the Swift loops for one sampler: every level and store kind, both
    /// layouts, the whole channel range and an inner one, outputs shifted by `shifts` elements
    /// between NaN guards.
    static func checkSpline<T: MotionScalar>(
        _ sampler: SplineChannels<T>, shifts: [Int], bits: (T) -> UInt64, _ label: String, threads: [Int] = [1]
    ) throws {
        let c = sampler.channels
        let ranges = c > 2 ? [0..<c, 1..<(c - 1)] : [0..<c]
        for layout in [SampleLayout.timeMajor, .channelMajor] {
            for range in ranges {
                let expected = try swiftSample(sampler, range, layout).map(bits)
                let need = range.count * sampler.timeCount, guardCount = 16
                let buf = UnsafeMutableBufferPointer<T>.allocate(capacity: need + 2 * guardCount + 16)
                defer { buf.deallocate() }
                for (level, threshold) in configurations {
                    for shift in shifts {
                        for t in threads {
                            buf.initialize(repeating: .nan)
                            let out = UnsafeMutableBufferPointer(rebasing: buf[(guardCount + shift)..<(guardCount + shift + need)])
                            try Parallel.withThreadCount(t) {
                                try KernelDispatch.withLevel(level) {
                                    try StreamingStores.withThreshold(threshold) { try sampler.sample(channels: range, layout: layout, into: out) }
                                }
                            }
                            let where_ = "\(label), \(layout), channels \(range), level \(level), threshold \(threshold), shift \(shift), threads \(t)"
                            #expect(out.map(bits) == expected, "\(where_)")
                            let outside =
                                (0..<guardCount + shift).allSatisfy { buf[$0].isNaN }
                                && (guardCount + shift + need..<buf.count).allSatisfy { buf[$0].isNaN }
                            #expect(outside, "wrote outside the output: \(where_)")
                        }
                    }
                }
            }
        }
    }

    /// 2,100 channels: more than one 2,048-channel block of the time-major kernel.
    @Test(arguments: [(1, 1), (3, 40), (17, 5), (64, 33), (100, 257), (2100, 12)])
    func splineFloatIsTheSwiftLoopAtEveryLevel(channels: Int, times: Int) throws {
        for (sorted, derivative) in [(true, 0), (false, 1), (true, 2)] {
            let s = try Self.spline(
                Float.self, keys: 9, channels: channels, times: times, sorted: sorted, derivative: derivative,
                seed: UInt64(channels * 7 + times))
            try Self.checkSpline(s, shifts: [0, 1, 5, 15], bits: { UInt64($0.bitPattern) }, "Float C \(channels) N \(times) sorted \(sorted) d\(derivative)")
        }
    }

    /// 1,100 channels: more than one 1,024-channel block of the time-major kernel.
    @Test(arguments: [(1, 3), (9, 70), (70, 9), (1100, 7)])
    func splineDoubleIsTheSwiftLoopAtEveryLevel(channels: Int, times: Int) throws {
        for (sorted, derivative) in [(true, 0), (false, 0), (true, 1)] {
            let s = try Self.spline(
                Double.self, keys: 5, channels: channels, times: times, sorted: sorted, derivative: derivative,
                seed: UInt64(channels * 11 + times))
            try Self.checkSpline(s, shifts: [0, 1, 7], bits: { $0.bitPattern }, "Double C \(channels) N \(times) sorted \(sorted) d\(derivative)")
        }
    }

    /// Large enough that the direct kernels split the output over threads (time rows, channel
    /// rows): every split writes the Swift loop's bytes.
    @Test func splineThreadSplitsWriteTheSameBytes() throws {
        let s = try Self.spline(Float.self, keys: 7, channels: 300, times: 400, sorted: true, derivative: 0, seed: 99)
        try Self.checkSpline(s, shifts: [0, 3], bits: { UInt64($0.bitPattern) }, "Float threads", threads: [1, 2, 3])
        let d = try Self.spline(Double.self, keys: 7, channels: 150, times: 300, sorted: false, derivative: 1, seed: 98)
        try Self.checkSpline(d, shifts: [0, 1], bits: { $0.bitPattern }, "Double threads", threads: [1, 2, 3])
    }
}
