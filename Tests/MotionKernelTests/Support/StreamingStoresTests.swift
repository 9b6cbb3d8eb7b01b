import CMotionKernelSIMD
import Foundation
import Testing

@testable import MotionKernel

/// The streaming-store policy, the C copies, and the bit identity of the kernels that use them
/// (streamed, plain, and the forced memcpy fallback write the same bytes).
@Suite struct StreamingStoresTests {
    /// Every store configuration a kernel can run in this process: plain (never stream), the
    /// detected ISA (always stream), each supported ISA forced, and the memcpy fallback forced.
    static var configurations: [(name: String, threshold: Int, isa: KernelISA?)] {
        var list: [(String, Int, KernelISA?)] = [("plain", Int.max, nil), ("detected", 0, nil)]
        for isa in KernelISA.allCases where mk_isa_supported(isa.rawValue) != 0 {
            list.append(("forced \(isa)", 0, isa))
        }
        return list
    }

    // MARK: Policy

    @Test func policyStreamsOnlyAboveTheThresholdWithAStreamingISA() {
        typealias S = StreamingStores
        #expect(S.policy(outputBytes: 0, threshold: 0, isa: .avx2) == .plain)
        #expect(S.policy(outputBytes: 1, threshold: 0, isa: .avx2) == .streamed(.avx2))
        #expect(S.policy(outputBytes: 1 << 20, threshold: 1 << 20, isa: .avx512) == .plain)
        #expect(S.policy(outputBytes: (1 << 20) + 1, threshold: 1 << 20, isa: .avx512) == .streamed(.avx512))
        #expect(S.policy(outputBytes: Int.max, threshold: Int.max, isa: .avx512) == .plain)
        // No non-temporal stores on this CPU (arm64, pre-AVX2 x86): always plain.
        #expect(S.policy(outputBytes: Int.max, threshold: 0, isa: .portable) == .plain)
    }

    @Test func defaultThresholdIsTheCacheCappedAt16MiB() {
        let s = StreamingStores.self
        #expect(s.cacheBytes >= 0)
        #expect(s.defaultThreshold == (s.cacheBytes > 0 ? min(s.cacheBytes, 16 << 20) : 16 << 20))
        #expect(s.defaultThreshold > 0 && s.defaultThreshold <= 16 << 20)
        // The threshold in force is the environment's when set, else the default.
        let env = ProcessInfo.processInfo.environment["MOTIONKERNEL_STREAM_THRESHOLD"]
        #expect(s.threshold == s.parseThreshold(env) ?? s.defaultThreshold)
    }

    @Test func thresholdTextParsing() {
        let p = StreamingStores.parseThreshold
        #expect(p(nil) == nil)
        #expect(p("0") == 0)
        #expect(p(" 33554432\n") == 33_554_432)
        #expect(p("9223372036854775807") == Int.max)
        for bad in ["", "-1", "16M", "1e6", "abc", "99999999999999999999"] { #expect(p(bad) == nil, "\(bad)") }
    }

    @Test func overridesAreTaskLocalAndReachTheKind() {
        let s = StreamingStores.self
        s.withThreshold(0) {
            #expect(s.threshold == 0)
            #expect(s.kind(outputBytes: 0) == .plain)
            #expect(s.kind(outputBytes: 1) == s.policy(outputBytes: 1, threshold: 0, isa: s.bestISA))
            s.withThreshold(100, isa: .portable) {
                #expect(s.kind(outputBytes: 100) == .plain)
                #expect(s.kind(outputBytes: 101) == .streamed(.portable))
            }
        }
        s.withThreshold(Int.max) { #expect(s.kind(outputBytes: Int.max) == .plain) }
        #expect(s.thresholdOverride == nil && s.forcedISA == nil)
    }

    // MARK: CPU features

    @Test func detectedISAIsSupportedAndMatchesTheCPU() throws {
        let best = StreamingStores.bestISA
        #expect(mk_isa_supported(KernelISA.portable.rawValue) == 1)
        #expect(mk_isa_supported(best.rawValue) == 1)
        #expect(mk_isa_supported(99) == 0)
        // The best is the highest supported one.
        for isa in KernelISA.allCases where isa.rawValue > best.rawValue {
            #expect(mk_isa_supported(isa.rawValue) == 0)
        }
        #if arch(x86_64) && os(Linux)
        // The kernel lists a feature in /proc/cpuinfo exactly when the CPU has it and the OS
        // enabled its register state: detection must agree with the list both ways.
        let info = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = Set(info.split(separator: "\n").first { $0.hasPrefix("flags") }?.split(separator: " ").map(String.init) ?? [])
        #expect((mk_isa_supported(KernelISA.avx2.rawValue) != 0) == flags.contains("avx2"))
        #expect((mk_isa_supported(KernelISA.avx512.rawValue) != 0) == flags.contains("avx512f"))
        #expect(best == (flags.contains("avx512f") ? .avx512 : flags.contains("avx2") ? .avx2 : .portable))
        #elseif !arch(x86_64)
        #expect(best == .portable)
        #endif
    }

    @Test func cacheSizeMatchesSysfsWhenListed() throws {
        #if os(Linux)
        let path = "/sys/devices/system/cpu/cpu0/cache/index3/size"
        if FileManager.default.fileExists(atPath: path) { #expect(StreamingStores.cacheBytes > 0) }
        #endif
        #expect(mk_store_llc_bytes() == Int64(StreamingStores.cacheBytes))
    }

    // MARK: Copies

    /// Copies `count` random bit patterns (NaN payloads, signed zeros, subnormals included) to
    /// `offset` elements past a 64-byte-aligned buffer with `isa`; the copy must equal the
    /// source bit for bit and leave the guard elements on both sides untouched.
    func checkCopy<T: BinaryFloatingPoint>(_: T.Type, count: Int, offset: Int, isa: KernelISA, rng: inout SplitMix64)
    where T.RawSignificand: FixedWidthInteger {
        let stride = MemoryLayout<T>.stride, guardCount = 32
        let total = offset + count + guardCount
        let raw = UnsafeMutableRawPointer.allocate(byteCount: total * stride, alignment: 64)
        defer { raw.deallocate() }
        let dst = raw.bindMemory(to: UInt8.self, capacity: total * stride)
        let sentinel: UInt8 = 0xA5
        dst.initialize(repeating: sentinel, count: total * stride)
        var src = [UInt8](repeating: 0, count: count * stride)
        for i in src.indices { src[i] = UInt8(truncatingIfNeeded: rng.next()) }
        src.withUnsafeBytes { s in
            StreamingStores.copy(raw + offset * stride, s.baseAddress!, count: count, stride: stride, isa: isa)
        }
        let out = UnsafeBufferPointer(start: dst, count: total * stride)
        #expect(out[0..<(offset * stride)].allSatisfy { $0 == sentinel }, "head guard, n=\(count) off=\(offset) \(isa)")
        #expect(Array(out[(offset * stride)..<((offset + count) * stride)]) == src, "n=\(count) off=\(offset) \(isa)")
        #expect(out[((offset + count) * stride)...].allSatisfy { $0 == sentinel }, "tail guard, n=\(count) off=\(offset) \(isa)")
    }

    @Test(arguments: KernelISA.allCases)
    func copiesAreBitExactAtEveryAlignmentAndSize(isa: KernelISA) {
        // Unsupported ISAs are included: the C copy must fall back to memcpy, never fault.
        var rng = SplitMix64(seed: 0x5EED_0000 + UInt64(isa.rawValue))
        for count in [0, 1, 2, 3, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 1000, 4099] {
            for offset in 0..<17 {
                checkCopy(Float.self, count: count, offset: offset, isa: isa, rng: &rng)
                checkCopy(Double.self, count: count, offset: offset, isa: isa, rng: &rng)
            }
        }
    }

    // MARK: Kernels: bit identity

    /// Channels for `n` objects with every channel present; rotations up to 3·10⁴ rad so that
    /// some lanes exceed the Float kernel's vector range and take the scalar path.
    static func channels<T: MotionScalar>(_: T.Type, _ n: Int, seed: UInt64) -> TransformChannels<T> {
        var rng = SplitMix64(seed: seed)
        func col(_ lo: Double, _ hi: Double) -> [T] { (0..<n).map { _ in T(rng.nextUnit(in: lo, hi)) } }
        return TransformChannels(
            count: n, translationX: col(-500, 500), translationY: col(-500, 500), translationZ: col(-5, 5),
            rotation: (0..<n).map { i in T(i % 9 == 4 ? rng.nextUnit(in: -3e4, 3e4) : rng.nextUnit(in: -4, 4)) },
            scale: col(0.25, 2), scaleX: col(-2, 2), scaleY: col(0.5, 1.5))
    }

    func buildBits<T: MotionScalar>(_ c: TransformChannels<T>, threshold: Int, isa: KernelISA?, threads: Int) throws -> [UInt64] {
        let out = try Parallel.withThreadCount(threads) {
            try StreamingStores.withThreshold(threshold, isa: isa) { try TransformBatch.build(c) }
        }
        return out.map { x in (x as? Float).map { UInt64($0.bitPattern) } ?? (x as! Double).bitPattern }
    }

    @Test(arguments: [0, 1, 7, 63, 64, 65, 4097, 2 * 4096 + 13])
    func transformBuildIsBitIdenticalWhateverTheStores(n: Int) throws {
        let f = Self.channels(Float.self, n, seed: 0xB17D + UInt64(n))
        let d = Self.channels(Double.self, n, seed: 0xB17E + UInt64(n))
        let refF = try buildBits(f, threshold: Int.max, isa: nil, threads: 1)
        let refD = try buildBits(d, threshold: Int.max, isa: nil, threads: 1)
        #expect(refF.count == 16 * n && refD.count == 16 * n)
        for cfg in Self.configurations {
            for threads in [1, 2, 3] {
                // Streaming configurations also run at one byte under the Float output's size.
                let thresholds = cfg.threshold == 0 ? [0, max(0, 16 * n * 4 - 1)] : [cfg.threshold]
                for threshold in thresholds {
                    #expect(try buildBits(f, threshold: threshold, isa: cfg.isa, threads: threads) == refF, "\(cfg.name) t=\(threads)")
                }
                #expect(try buildBits(d, threshold: cfg.threshold, isa: cfg.isa, threads: threads) == refD, "\(cfg.name) t=\(threads)")
            }
        }
    }

    @Test func streamedTransformBuildStillRejectsNonFiniteInput() {
        var c = Self.channels(Float.self, 300, seed: 0xBAD)
        c.rotation![203] = .nan
        for cfg in Self.configurations {
            do {
                try StreamingStores.withThreshold(cfg.threshold, isa: cfg.isa) { _ = try TransformBatch.build(c) }
                Issue.record("\(cfg.name): no error for a NaN rotation")
            } catch let e as MotionKernelError {
                #expect(e.code == .invalidValue && e.field == "rotation[203]", "\(cfg.name)")
            } catch {
                Issue.record("\(cfg.name): \(error)")
            }
        }
    }

    /// Samples `sc`'s channels `range` in `layout` into a buffer at `offset` elements past a
    /// 64-byte boundary, with guard elements on both sides; returns the bits and whether the
    /// guards are intact.
    func sampleBits<T: MotionScalar>(
        _ sc: SplineChannels<T>, _ range: Range<Int>, _ layout: SampleLayout, offset: Int, threshold: Int,
        isa: KernelISA?
    ) throws -> (bits: [UInt64], guardsIntact: Bool) {
        let need = range.count * sc.timeCount, total = offset + need + 19
        let raw = UnsafeMutableRawPointer.allocate(byteCount: total * MemoryLayout<T>.stride, alignment: 64)
        defer { raw.deallocate() }
        let p = raw.bindMemory(to: T.self, capacity: total)
        let sentinel = T(-12345.5)
        p.initialize(repeating: sentinel, count: total)
        try StreamingStores.withThreshold(threshold, isa: isa) {
            try sc.sample(channels: range, layout: layout, into: UnsafeMutableBufferPointer(start: p + offset, count: need))
        }
        let all = UnsafeBufferPointer(start: p, count: total)
        let intact = all[..<offset].allSatisfy { $0 == sentinel } && all[(offset + need)...].allSatisfy { $0 == sentinel }
        let bits = all[offset..<(offset + need)].map { x in (x as? Float).map { UInt64($0.bitPattern) } ?? (x as! Double).bitPattern }
        return (bits, intact)
    }

    func checkSplineChannels<T: MotionScalar>(_: T.Type, keys: Int, channels: Int, times: Int, kind: SplineBasis<T>.Kind) throws {
        var rng = SplitMix64(seed: UInt64(keys * 1_000_003 + channels * 1009 + times))
        var x: [T] = [0]
        for _ in 1..<keys { x.append(x.last! + T(rng.nextUnit(in: 0.2, 1.5))) }
        let y = (0..<(keys * channels)).map { _ in T(rng.nextUnit(in: -3, 3)) }
        // Mostly sorted times (long runs per segment), a few out of order and outside the keys.
        let span = x.last!.doubleValue
        var t = (0..<times).map { T(-0.3 + (span + 0.6) * Double($0) / Double(max(1, times - 1))) }
        for i in Swift.stride(from: 5, to: times, by: 37) { t[i] = T(rng.nextUnit(in: -1, span + 1)) }
        for derivative in 0...2 {
            let sc = try SplineChannels(keyTimes: x, values: y, channels: channels, kind: kind, times: t, derivative: derivative, path: .direct)
            let ranges = [0..<channels, (channels / 3)..<channels, 0..<(channels + 1) / 2]
            for layout in [SampleLayout.timeMajor, .channelMajor] {
                for range in ranges {
                    let ref = try sampleBits(sc, range, layout, offset: 0, threshold: Int.max, isa: nil)
                    #expect(ref.guardsIntact)
                    for cfg in Self.configurations {
                        for offset in [0, 1, 3, 5, 16, 17] {
                            let got = try sampleBits(sc, range, layout, offset: offset, threshold: cfg.threshold, isa: cfg.isa)
                            #expect(got.guardsIntact, "\(cfg.name) \(layout) \(range) off=\(offset)")
                            #expect(got.bits == ref.bits, "\(cfg.name) \(layout) \(range) off=\(offset) d=\(derivative)")
                        }
                    }
                }
            }
        }
    }

    @Test func splineChannelsDirectPathIsBitIdenticalWhateverTheStores() throws {
        // Outputs smaller than, equal to and several times one scratch block (8 KB), rows longer
        // than a block (700 channels), a single number, and no times at all.
        try checkSplineChannels(Float.self, keys: 6, channels: 3, times: 1000, kind: .cubic(.notAKnot))
        try checkSplineChannels(Double.self, keys: 6, channels: 3, times: 1000, kind: .cubic(.natural))
        try checkSplineChannels(Float.self, keys: 9, channels: 700, times: 5, kind: .catmullRomUniform)
        try checkSplineChannels(Double.self, keys: 4, channels: 1100, times: 3, kind: .kochanekBartels(tension: 0.2, continuity: -0.1, bias: 0.3))
        try checkSplineChannels(Float.self, keys: 2, channels: 1, times: 1, kind: .cubic(.natural))
        try checkSplineChannels(Double.self, keys: 5, channels: 2, times: 0, kind: .cubic(.notAKnot))
        try checkSplineChannels(Float.self, keys: 5, channels: 4, times: 512, kind: .cubic(.notAKnot))
    }
}
