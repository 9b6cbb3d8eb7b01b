import Testing
@testable import MotionKernel

/// |a − b| ≤ rel · scale.
private func near(_ a: Double, _ b: Double, rel: Double, scale: Double) -> Bool { abs(a - b) <= rel * max(1, scale) }

@Suite("KeyframeBasis and KeyframeBatch")
struct KeyframeBasisTests {
    @Test(
        "the GEMM basis path equals direct track evaluation: 1e-12 relative in Double, 1e-5 in Float",
        arguments: [KeyframeCalculationMode.linear, .discrete, .cubic])
    func gemmEqualsDirect(mode: KeyframeCalculationMode) throws {
        var rng = SplitMix64(seed: 23)
        for (k, c, n) in [(2, 3, 9), (5, 7, 50), (16, 40, 300)] {
            let kt: [Double]? = (mode == .discrete || k < 3) ? nil : [0] + (0..<(k - 2)).map { _ in rng.uniform(0, 1) }.sorted() + [1]
            let tf: [TimingFunction] = (0..<(k - 1)).map { $0 % 3 == 0 ? .cubicBezier(.easeInEaseOut) : .linear }
            let tension = (0..<k).map { _ in rng.uniform(-0.5, 0.5) }
            let v = (0..<(k * c)).map { _ in rng.uniform(-3, 3) }
            let progress = (0..<n).map { _ in rng.uniform(-0.1, 1.1) } + (kt ?? [])
            let basis = try KeyframeBasis<Double>(
                keys: k, keyTimes: kt, calculationMode: mode, timingFunctions: tf,
                tension: tension, progress: progress)
            let ref = try KeyframeTrack<Double>(
                values: v, dimension: c, keyTimes: kt, calculationMode: mode,
                timingFunctions: tf, tension: tension
            ).sample(at: progress)
            let scale = ref.map(abs).max()!
            let out = try basis.apply(values: v, channels: c)
            expectProduct(out, basis.matrix, v, rows: basis.rows, k: k, channels: c, "\(mode) k \(k)")
            // Both paths evaluate the same timing functions at the same progress and differ only in when
            // the ≤ 4 interpolation weights meet the values (a few roundings per term, O(10·u)·Σ|w||v| with
            // |v| ≤ 3); the GEMM's own rounding is held to γ_K·Σ|B||V| above (expectProduct).
            for i in out.indices { #expect(near(out[i], ref[i], rel: 1e-12, scale: scale), "\(mode) k \(k)") }
            // Channel-major: the transpose; channel ranges concatenate to the whole.
            let cm = try basis.apply(values: v, channels: c, layout: .channelMajor)
            // The transposed GEMM may block and sum differently: both layouts are held to the
            // derived GEMM bound against the exact product, not to each other's rounding.
            let cmT = (0..<(progress.count * c)).map { cm[($0 % c) * progress.count + $0 / c] }
            expectProduct(cmT, basis.matrix, v, rows: basis.rows, k: k, channels: c, "\(mode) k \(k) channel-major")
            var pieces = [Double](repeating: .nan, count: cm.count)
            let cut = c / 3
            try pieces.withUnsafeMutableBufferPointer { p in
                try basis.apply(values: v, channels: c, range: 0..<cut, layout: .channelMajor, into: p)
                try basis.apply(
                    values: v, channels: c, range: cut..<c, layout: .channelMajor,
                    into: UnsafeMutableBufferPointer(rebasing: p[(cut * progress.count)...]))
            }
            #expect(pieces == cm)

            let bf = try KeyframeBasis<Float>(
                keys: k, keyTimes: kt?.map { Float($0) }, calculationMode: mode, timingFunctions: tf,
                tension: tension.map { Float($0) }, progress: progress.map { Float($0) })
            let vf = v.map { Float($0) }
            let outF = try bf.apply(values: vf, channels: c)
            expectProduct(outF, bf.matrix, vf, rows: bf.rows, k: k, channels: c, "\(mode) k \(k) Float")
            let refF = try KeyframeTrack<Float>(
                values: vf, dimension: c, keyTimes: kt?.map { Float($0) }, calculationMode: mode,
                timingFunctions: tf, tension: tension.map { Float($0) }
            ).sample(at: progress.map { Float($0) })
            for i in outF.indices {
                // Discrete rows jump: a progress within Float rounding of a key time may pick
                // either side in the two paths, so compare discrete in Double only.
                if mode == .discrete { break }
                #expect(near(Double(outF[i]), Double(refF[i]), rel: 1e-5, scale: scale), "\(mode) k \(k) Float")
            }
        }
    }

    @Test("paced modes have no basis")
    func pacedUnsupported() {
        for mode in [KeyframeCalculationMode.paced, .cubicPaced] {
            #expect(throws: MotionKernelError.unsupported("calculationMode", "")) {
                do { _ = try KeyframeBasis<Double>(keys: 3, calculationMode: mode, progress: [0.5]) } catch let e as MotionKernelError {
                    throw MotionKernelError.unsupported(e.field, "")
                }
            }
        }
    }

    @Test("per-channel batches equal the tracks one by one, in both layouts")
    func batch() throws {
        var rng = SplitMix64(seed: 5)
        let tracks = try (0..<5).map { i in
            try KeyframeTrack<Double>(
                values: (0..<(3 + i) * (1 + i % 2)).map { _ in rng.uniform(-1, 1) }, dimension: 1 + i % 2,
                calculationMode: KeyframeCalculationMode.allCases[i])
        }
        let progress = (0..<40).map { Double($0) / 39 }
        let tm = try KeyframeBatch.sample(tracks, at: progress)
        let cm = try KeyframeBatch.sample(tracks, at: progress, layout: .channelMajor)
        let width = 7
        var column = 0
        for t in tracks {
            let ref = try t.sample(at: progress)
            for r in 0..<progress.count {
                for c in 0..<t.dimension {
                    #expect(tm[r * width + column + c] == ref[r * t.dimension + c])
                    #expect(cm[(column + c) * progress.count + r] == ref[r * t.dimension + c])
                }
            }
            column += t.dimension
        }
    }
}
