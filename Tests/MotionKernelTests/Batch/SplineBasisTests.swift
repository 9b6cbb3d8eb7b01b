import Testing
@testable import MotionKernel

@Suite("SplineBasis")
struct SplineBasisTests {
    @Test("the GEMM path equals direct evaluation: 1e-12 relative in Double, 1e-5 in Float", arguments: splineBasisKinds)
    func gemmEqualsDirect(kind: SplineBasis<Double>.Kind) throws {
        var rng = SplitMix64(seed: 61)
        for (k, c, tCount) in [(2, 3, 7), (3, 5, 40), (8, 17, 100), (16, 300, 257)] {
            let (x, v) = randomSplineData(&rng, kind: kind, keys: k, channels: c)
            let span = x[k - 1] - x[0]
            var times = (0..<tCount).map { _ in rng.uniform(x[0] - 0.3 * span, x[k - 1] + 0.3 * span) }
            times += x
            for order in 0...2 {
                let basis = try SplineBasis(keyTimes: x, times: times, kind: kind, derivative: order)
                #expect(basis.rows == times.count && basis.columns == k)
                let out = try basis.apply(values: v, channels: c)
                expectProduct(out, basis.matrix, v, rows: basis.rows, k: k, channels: c, "\(kind) order \(order)")
                let ref = try directCurve(kind, x: x, values: v, channels: c).sample(at: times, derivative: order)
                // Rounding noise scales like |y| / h_min^order (values here are O(1)).
                let hMin = zip(x.dropFirst(), x).map { $0 - $1 }.min()!
                let natural = 1 / Double.pow(hMin, Double(order))
                let scale = max(natural, ref.map(abs).max()!)
                // Basis path − direct path = (B̂ − B)·V + the GEMM's rounding. The GEMM part is held to its
                // derived bound γ_K·Σ|B||V| above (expectProduct), so this tolerance only covers the two
                // spline solves (diagonally dominant system, κ∞ ≤ 3), which no BLAS kernel or FMA touches.
                for i in out.indices { #expect(near(out[i], ref[i], rel: 1e-12, scale: scale), "\(kind) order \(order)") }

                let xf = x.map { Float($0) }, vf = v.map { Float($0) }, tf = times.map { Float($0) }
                let bf = try SplineBasis(keyTimes: xf, times: tf, kind: floatKind(kind), derivative: order)
                let outF = try bf.apply(values: vf, channels: c)
                expectProduct(outF, bf.matrix, vf, rows: bf.rows, k: k, channels: c, "\(kind) order \(order) Float")
                let refF = try directCurve(kind, x: xf, values: vf, channels: c).sample(at: tf, derivative: order)
                let scaleF = max(natural, refF.map { abs(Double($0)) }.max()!)
                for i in outF.indices { #expect(near(outF[i], Double(refF[i]), rel: 1e-5, scale: scaleF), "\(kind) order \(order) Float") }
            }
        }
    }

    @Test("a basis row is the spline through a unit vector")
    func unitVectors() throws {
        let x = [0.0, 1, 2.5, 3, 5]
        let times = [0.3, 2.7, 4.4]
        let basis = try SplineBasis(keyTimes: x, times: times, kind: .cubic(.natural))
        for j in 0..<x.count {
            var e = [Double](repeating: 0, count: x.count)
            e[j] = 1
            let s = try CubicSpline(x: x, y: e, boundary: .natural)
            for (r, t) in times.enumerated() { #expect(near(basis.matrix[r * x.count + j], s.value(at: t), rel: 1e-14)) }
        }
    }

    @Test("errors: bad key times, wrong value count, periodic ends that differ")
    func errors() throws {
        func field(_ body: () throws -> Void) -> String? {
            do { try body(); return nil } catch let e as MotionKernelError { return e.field } catch { return "?" }
        }
        #expect(field { _ = try SplineBasis(keyTimes: [0.0, 0], times: [0.5], kind: .cubic(.natural)) } == "x[1]")
        #expect(field { _ = try SplineBasis(keyTimes: [0.0, 1], times: [.nan], kind: .cubic(.natural)) } == "times[0]")
        let b = try SplineBasis(keyTimes: [0.0, 1, 2], times: [0.5], kind: .cubic(.periodic))
        #expect(field { _ = try b.apply(values: [1, 2, 3, 4], channels: 2) } == "values")
        #expect(field { _ = try b.apply(values: [1, 2, 3, 4, 1, 5], channels: 2) } == "values")
        #expect(field { _ = try b.apply(values: [1, 2, 3, 4, 1, 2], channels: 2) } == nil)
    }

    @Test("SplineBatch: channels with their own key times equal their own sweeps, for sorted and shuffled times")
    func batchFallback() throws {
        var rng = SplitMix64(seed: 62)
        let a = try CubicSpline(x: randomKnots(&rng, 6), values: (0..<12).map { _ in rng.uniform(-1, 1) }, channels: 2).curve
        let b = try PchipSpline(x: randomKnots(&rng, 9), y: (0..<9).map { _ in rng.uniform(-1, 1) }).curve
        var times = (0..<200).map { _ in rng.uniform(-5, 40) }.sorted()
        for shuffled in [false, true] {
            if shuffled { times.shuffle(using: &rng) }
            let out = try SplineBatch.sample([a, b], at: times, derivative: 1)
            for (r, t) in times.enumerated() {
                #expect(try out[r * 3 + 0] == a.derivative(at: t, order: 1, channel: 0))
                #expect(try out[r * 3 + 1] == a.derivative(at: t, order: 1, channel: 1))
                #expect(try out[r * 3 + 2] == b.derivative(at: t, order: 1))
            }
        }
    }
}
