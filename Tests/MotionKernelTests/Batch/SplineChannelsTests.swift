import Testing
@testable import MotionKernel

/// The reference: each kind's own spline evaluated per channel (PiecewiseCubic.sample).
private func reference<T: MotionScalar>(_ kind: SplineBasis<Double>.Kind, x: [T], v: [T], c: Int, times: [T], order: Int) throws -> [T] {
    try directCurve(kind, x: x, values: v, channels: c).sample(at: times, derivative: order)
}

@Suite("SplineChannels")
struct SplineChannelsTests {
    @Test(
        "both paths, both layouts equal per-channel evaluation (1e-12 Double, 1e-5 Float); ranges concatenate",
        arguments: splineBasisKinds)
    func pathsAgree(kind: SplineBasis<Double>.Kind) throws {
        var rng = SplitMix64(seed: 41)
        for (k, c, n) in [(2, 3, 11), (6, 9, 64), (16, 30, 200), (5, 600, 20)] {
            let (x, v) = randomSplineData(&rng, kind: kind, keys: k, channels: c)
            let span = x[k - 1] - x[0]
            let sorted = (0..<n).map { x[0] - 0.2 * span + 1.4 * span * Double($0) / Double(n - 1) }
            for times in [sorted, sorted.shuffled(using: &rng)] {
                for order in 0...2 {
                    let ref = try reference(kind, x: x, v: v, c: c, times: times, order: order)
                    let hMin = zip(x.dropFirst(), x).map { $0 - $1 }.min()!
                    let scale = max(1 / Double.pow(hMin, Double(order)), ref.map(abs).max()!)
                    let xf = x.map { Float($0) }, vf = v.map { Float($0) }, tf = times.map { Float($0) }
                    let refF = try reference(kind, x: xf, v: vf, c: c, times: tf, order: order)
                    for path in [SplineChannelsPath.direct, .gemm] {
                        let s = try SplineChannels(
                            keyTimes: x, values: v, channels: c, kind: kind, times: times,
                            derivative: order, path: path)
                        #expect(s.path == path)
                        let tm = try s.sample(layout: .timeMajor)
                        let cm = try s.sample(layout: .channelMajor)
                        if path == .gemm {
                            // The GEMM itself, BLAS-kernel independent: within γ_K·Σ|B||V| of the exact
                            // product of the (deterministically built) basis, in both layouts.
                            let b = try SplineBasis(keyTimes: x, times: times, kind: kind, derivative: order)
                            expectProduct(tm, b.matrix, v, rows: n, k: k, channels: c, "\(kind) order \(order)")
                            let cmT = (0..<(n * c)).map { cm[($0 % c) * n + $0 / c] }
                            expectProduct(cmT, b.matrix, v, rows: n, k: k, channels: c, "\(kind) order \(order) cm")
                        }
                        // GEMM rounding is held to γ_K·Σ|B||V| above; this tolerance covers the spline solves
                        // (κ∞ ≤ 3) of the basis and of the reference, independent of the BLAS kernel.
                        for r in 0..<n {
                            for ch in 0..<c {
                                #expect(abs(tm[r * c + ch] - ref[r * c + ch]) <= 1e-12 * scale, "\(kind) \(path) order \(order)")
                                #expect(abs(cm[ch * n + r] - ref[r * c + ch]) <= 1e-12 * scale, "\(kind) \(path) order \(order) cm")
                            }
                        }
                        // Row (channel) ranges of the channel-major output concatenate to the whole.
                        var pieces = [Double](repeating: .nan, count: n * c)
                        let cut = c == 600 ? 300 : c / 2  // 300: inside a 256-channel GEMM block
                        try pieces.withUnsafeMutableBufferPointer { p in
                            try s.sample(channels: 0..<cut, layout: .channelMajor, into: p)
                            try s.sample(channels: cut..<c, layout: .channelMajor, into: UnsafeMutableBufferPointer(rebasing: p[(cut * n)...]))
                        }
                        #expect(pieces == cm)

                        let sf = try SplineChannels(
                            keyTimes: xf, values: vf, channels: c, kind: floatKind(kind), times: tf,
                            derivative: order, path: path)
                        let tmF = try sf.sample(layout: .timeMajor)
                        // 1e-5 relative for values inside the keys; derivatives of the Float reference
                        // (a Float slope solve, ill-conditioned for knots two decades apart) and
                        // extrapolated samples (errors grow with the distance) get 3e-4.
                        for r in 0..<n {
                            let inside = times[r] >= x[0] && times[r] <= x[k - 1]
                            let tol = order == 0 && inside ? 1e-5 : 3e-4
                            for ch in 0..<c {
                                #expect(abs(Double(tmF[r * c + ch]) - Double(refF[r * c + ch])) <= tol * scale, "\(kind) \(path) order \(order) Float")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test("automatic resolves to the measured crossover; invalid input names the field")
    func automaticAndErrors() throws {
        let s = try SplineChannels<Double>(keyTimes: [0, 1, 2], values: [0, 1, 0], channels: 1, kind: .cubic(.natural), times: [0.5])
        #expect(s.path == SplineChannels<Double>.automaticPath(keys: 3, channels: 1, times: 1))
        #expect(SplineChannels<Float>.automaticPath(keys: 16, channels: 10_000, times: 1_000) == .direct)
        func field(_ body: () throws -> Void) -> String {
            do { try body() } catch let e as MotionKernelError { return e.field } catch { return "?" }
            return "no error"
        }
        for path in [SplineChannelsPath.direct, .gemm] {
            #expect(
                field { _ = try SplineChannels<Double>(keyTimes: [0, 1, 1], values: [0, 1, 2], channels: 1, kind: .cubic(.natural), times: [0], path: path) }
                    == "x[2]")
            #expect(
                field { _ = try SplineChannels<Double>(keyTimes: [0, 1], values: [0, .nan], channels: 1, kind: .catmullRomUniform, times: [0], path: path) }
                    == "y[1]")
            #expect(
                field { _ = try SplineChannels<Double>(keyTimes: [0, 1], values: [0, 1], channels: 1, kind: .cubic(.periodic), times: [0], path: path) } == "y")
            #expect(
                field { _ = try SplineChannels<Double>(keyTimes: [0, 1], values: [0, 1], channels: 1, kind: .catmullRomUniform, times: [.nan], path: path) }
                    == "times[0]")
            #expect(
                field {
                    _ = try SplineChannels<Double>(
                        keyTimes: [0, 1], values: [0, 1], channels: 1, kind: .catmullRomUniform, times: [0], derivative: 3, path: path)
                } == "derivative")
            #expect(
                field {
                    _ = try SplineChannels<Float>(
                        keyTimes: [0, 1, 2], values: [0, 3e38, -3e38], channels: 1, kind: .cubic(.natural), times: [0.5], path: path)
                } == "y")
        }
        #expect(
            field {
                let s = try SplineChannels<Double>(keyTimes: [0, 1], values: [0, 1], channels: 1, kind: .catmullRomUniform, times: [0])
                var out = [0.0]
                try out.withUnsafeMutableBufferPointer { try s.sample(channels: 0..<2, layout: .timeMajor, into: $0) }
            } == "channels")
    }
}
