import Testing
@testable import MotionKernel

/// y(x) of a CSS/CA cubic Bézier by dense bisection on x(t) (independent of CubicBezier).
func bezierReference(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func coord(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if coord(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return coord(y1, y2, (lo + hi) / 2)
}

/// Cubic Hermite on [0, 1] with tangents already scaled by the segment length.
func hermite(_ p0: Double, _ p1: Double, _ m0: Double, _ m1: Double, _ u: Double) -> Double {
    let u2 = u * u, u3 = u2 * u
    return (2 * u3 - 3 * u2 + 1) * p0 + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * p1 + (u3 - u2) * m1
}

private func sample<T: MotionScalar>(_ track: KeyframeTrack<T>, _ p: Double) -> [Double] {
    track.value(at: T(p)).map(\.doubleValue)
}

@Suite("KeyframeTrack")
struct KeyframeTrackTests {
    @Test("linear mode: by-hand values, clamping outside [0, 1]")
    func linearByHand() throws {
        for float in [false, true] {
            let cases: [(Double, Double)] = [(0, 0), (0.1, 5), (0.2, 10), (0.6, 15), (1, 20), (-0.5, 0), (1.5, 20)]
            if float {
                let t = try KeyframeTrack<Float>(values: [0, 10, 20], keyTimes: [0, 0.2, 1])
                for (p, want) in cases { #expect(abs(sample(t, p)[0] - want) <= 1e-5 * 20, "p \(p)") }
            } else {
                let t = try KeyframeTrack<Double>(values: [0, 10, 20], keyTimes: [0, 0.2, 1])
                for (p, want) in cases { #expect(abs(sample(t, p)[0] - want) <= 1e-13 * 20, "p \(p)") }
            }
        }
    }

    @Test("tracks hit their values exactly at their key times (linear, cubic, with timing functions)")
    func hitsKeyValues() throws {
        var rng = SplitMix64(seed: 7)
        for mode in [KeyframeCalculationMode.linear, .cubic] {
            for _ in 0..<20 {
                let k = Int(rng.uniform(2, 9)), d = Int(rng.uniform(1, 4))
                var kt = (0..<(k - 2)).map { _ in rng.uniform(0, 1) }.sorted()
                kt = [0] + kt + [1]
                let v = (0..<(k * d)).map { _ in rng.uniform(-5, 5) }
                let tf: [TimingFunction] = (0..<(k - 1)).map { i in i % 2 == 0 ? .cubicBezier(.easeInEaseOut) : .linear }
                let td = try KeyframeTrack<Double>(
                    values: v, dimension: d, keyTimes: kt, calculationMode: mode,
                    timingFunctions: tf, tension: [0.3], continuity: [-0.2], bias: [0.1])
                let tf32 = try KeyframeTrack<Float>(
                    values: v.map { Float($0) }, dimension: d, keyTimes: kt.map { Float($0) },
                    calculationMode: mode, timingFunctions: tf)
                for i in 0..<k {
                    let want = Array(v[(i * d)..<((i + 1) * d)])
                    let got = sample(td, kt[i])
                    for c in 0..<d { #expect(abs(got[c] - want[c]) <= 1e-12 * 5, "\(mode) key \(i)") }
                    let got32 = tf32.value(at: Float(kt[i]))
                    for c in 0..<d { #expect(abs(Double(got32[c]) - Double(Float(want[c]))) <= 1e-5 * 5, "\(mode) key \(i) Float") }
                }
            }
        }
    }

    @Test("discrete mode: Apple's example (values.count + 1 key times), value i on [keyTimes[i], keyTimes[i+1])")
    func discreteApple() throws {
        let t = try KeyframeTrack<Double>(values: [310, 60, 120, 60], keyTimes: [0, 0.25, 0.5, 0.75, 1], calculationMode: .discrete)
        for (p, want) in [(0.0, 310.0), (0.1, 310), (0.25, 60), (0.49, 60), (0.5, 120), (0.74, 120), (0.75, 60), (0.9, 60), (1, 60)] {
            #expect(sample(t, p) == [want], "p \(p)")
        }
        let f = try KeyframeTrack<Float>(values: [310, 60, 120, 60], keyTimes: [0, 0.25, 0.5, 0.75, 1], calculationMode: .discrete)
        #expect(f.value(at: 0.3) == [60] && f.value(at: 1) == [60])
    }

    @Test("discrete mode with as many key times as values: the last value from its key time (1) on")
    func discreteSameCount() throws {
        let t = try KeyframeTrack<Double>(values: [1, 2, 3], keyTimes: [0, 0.5, 1], calculationMode: .discrete)
        for (p, want) in [(0.0, 1.0), (0.49, 1), (0.5, 2), (0.999, 2), (1, 3)] { #expect(sample(t, p) == [want], "p \(p)") }
    }

    @Test("discrete mode without key times: each value for 1/K of the duration")
    func discreteEven() throws {
        let t = try KeyframeTrack<Float>(values: [1, 2, 3, 4], calculationMode: .discrete)
        for (p, want) in [(0.0, 1.0), (0.24, 1), (0.25, 2), (0.5, 3), (0.74, 3), (0.75, 4), (1, 4)] {
            #expect(sample(t, p) == [want], "p \(p)")
        }
    }

    @Test("repeated key times make a jump; the later value is taken at the jump")
    func repeatedKeyTimes() throws {
        let t = try KeyframeTrack<Double>(values: [0, 1, 5, 6], keyTimes: [0, 0.5, 0.5, 1])
        for (p, want) in [(0.25, 0.5), (0.4999999, 0.9999998), (0.5, 5), (0.75, 5.5), (1, 6)] {
            #expect(abs(sample(t, p)[0] - want) <= 1e-12, "p \(p)")
        }
        // Cubic: two independent runs, each a 2-key spline (a line with chord end tangents).
        let c = try KeyframeTrack<Double>(values: [0, 1, 5, 6], keyTimes: [0, 0.5, 0.5, 1], calculationMode: .cubic)
        for (p, want) in [(0.25, 0.5), (0.5, 5), (0.75, 5.5)] { #expect(abs(sample(c, p)[0] - want) <= 1e-12, "cubic p \(p)") }
    }

    @Test("timing functions pace each segment's local fraction")
    func timingFunctions() throws {
        let t = try KeyframeTrack<Double>(values: [0, 10, 20], timingFunctions: [.cubicBezier(.easeIn), .linear])
        for u in [0.1, 0.5, 0.9] {
            let want = 10 * bezierReference(0.42, 0, 1, 1, at: u)
            #expect(abs(sample(t, u / 2)[0] - want) <= 1e-6, "u \(u)")  // CubicBezier solves x to 1e-7
            #expect(abs(sample(t, 0.5 + u / 2)[0] - (10 + 10 * u)) <= 1e-12)
        }
        let steps = try KeyframeTrack<Float>(values: [0, 4], timingFunctions: [.steps(try StepsEasing(4))])
        #expect(steps.value(at: 0.3) == [1] && steps.value(at: 0.99) == [3] && steps.value(at: 1) == [4])
    }

    @Test("cubic mode is Catmull–Rom with zero TCB, and honours tension (hand-worked Hermite)")
    func cubicByHand() throws {
        // Uniform keys h = 1/3, values 0, 1, 3, 2. Catmull–Rom tangents times h: key 0 (reflected
        // end) 1, key 1 (3 − 0)/2 = 1.5, key 2 (2 − 1)/2 = 0.5, key 3 (end chord) −1.
        let v = [0.0, 1, 3, 2]
        let m = [1.0, 1.5, 0.5, -1]
        let cr = try KeyframeTrack<Double>(values: v, calculationMode: .cubic)
        let crF = try KeyframeTrack<Float>(values: v.map { Float($0) }, calculationMode: .cubic)
        for seg in 0..<3 {
            for u in [0.25, 0.5, 0.8] {
                let want = hermite(v[seg], v[seg + 1], m[seg], m[seg + 1], u)
                let p = (Double(seg) + u) / 3
                #expect(abs(sample(cr, p)[0] - want) <= 1e-12, "seg \(seg) u \(u)")
                #expect(abs(sample(crF, p)[0] - want) <= 1e-5 * 3, "Float seg \(seg) u \(u)")
            }
        }
        // Tension 1 everywhere: zero tangents.
        let tight = try KeyframeTrack<Double>(values: v, calculationMode: .cubic, tension: [1, 1, 1, 1])
        #expect(abs(sample(tight, 0.5)[0] - 2) <= 1e-12)
        // Fewer tension values than keys: the missing ones are 0 (Apple's rule).
        let partial = try KeyframeTrack<Double>(values: v, calculationMode: .cubic, tension: [0, 1])
        let want = hermite(1, 3, 0, 0.5, 0.5)
        #expect(abs(sample(partial, 0.5)[0] - want) <= 1e-12)
    }

    @Test("paced mode: constant speed along the polyline; keyTimes and timingFunctions ignored")
    func paced() throws {
        // Segments of length 5 and 6: total 11.
        let v = [0.0, 0, 3, 4, 3, 10]
        let t = try KeyframeTrack<Double>(
            values: v, dimension: 2, keyTimes: [0, 0.9, 1], calculationMode: .paced,
            timingFunctions: [.cubicBezier(.easeIn), .cubicBezier(.easeOut)])
        for j in 0...110 {
            let p = Double(j) / 110, s = 11 * p
            let want = s <= 5 ? [0.6 * s, 0.8 * s] : [3, 4 + (s - 5)]
            let got = sample(t, p)
            #expect(abs(got[0] - want[0]) <= 1e-12 && abs(got[1] - want[1]) <= 1e-12, "p \(p)")
        }
        let f = try KeyframeTrack<Float>(values: v.map { Float($0) }, dimension: 2, calculationMode: .paced)
        let g = f.value(at: 0.75)
        #expect(abs(Double(g[0]) - 3) <= 1e-5 && abs(Double(g[1]) - 7.25) <= 1e-5)
        // Every value the same point: constant.
        let still = try KeyframeTrack<Double>(values: [2, 2, 2], calculationMode: .paced)
        #expect(sample(still, 0.3) == [2])
    }

    @Test("cubicPaced: the cubic curve through the values at constant speed (dense-polyline reference)")
    func cubicPaced() throws {
        var rng = SplitMix64(seed: 11)
        let k = 6, d = 2
        let v = (0..<(k * d)).map { _ in rng.uniform(-3, 3) }
        // Reference: the cubic-mode curve with chord-length key times, measured as a polyline.
        var chord = [0.0]
        for i in 1..<k {
            let dx = v[i * d] - v[(i - 1) * d], dy = v[i * d + 1] - v[(i - 1) * d + 1]
            chord.append(chord[i - 1] + (dx * dx + dy * dy).squareRoot())
        }
        var kt = chord.map { $0 / chord[k - 1] }
        kt[k - 1] = 1
        let shape = try KeyframeTrack<Double>(values: v, dimension: d, keyTimes: kt, calculationMode: .cubic)
        let dense = 200_000
        var pts = try shape.sample(at: (0...dense).map { Double($0) / Double(dense) })
        var cum = [0.0]
        for j in 1...dense {
            let dx = pts[j * d] - pts[(j - 1) * d], dy = pts[j * d + 1] - pts[(j - 1) * d + 1]
            cum.append(cum[j - 1] + (dx * dx + dy * dy).squareRoot())
        }
        let length = cum[dense]
        let paced = try KeyframeTrack<Double>(values: v, dimension: d, keyTimes: [0, 1], calculationMode: .cubicPaced)
        let pacedF = try KeyframeTrack<Float>(values: v.map { Float($0) }, dimension: d, calculationMode: .cubicPaced)
        // The curve passes through each key value at the fraction of length where the dense
        // polyline reaches it.
        for i in 0..<k {
            let q = kt[i] * Double(dense), j = min(Int(q), dense - 1)
            let p = (cum[j] + (q - Double(j)) * (cum[j + 1] - cum[j])) / length
            let got = sample(paced, p)
            #expect(abs(got[0] - v[i * d]) <= 1e-6 && abs(got[1] - v[i * d + 1]) <= 1e-6, "key \(i)")
            let gotF = sample(pacedF, p)
            #expect(abs(gotF[0] - v[i * d]) <= 2e-4 && abs(gotF[1] - v[i * d + 1]) <= 2e-4, "Float key \(i)")
        }
        // Constant speed: equal progress steps cover equal arc length (chords ≈ arcs).
        let n = 2000
        pts = try paced.sample(at: (0...n).map { Double($0) / Double(n) })
        for j in 1...n {
            let dx = pts[j * d] - pts[(j - 1) * d], dy = pts[j * d + 1] - pts[(j - 1) * d + 1]
            let step = (dx * dx + dy * dy).squareRoot()
            #expect(abs(step - length / Double(n)) <= 1e-3 * length / Double(n), "step \(j)")
        }
    }

    @Test("sorted and unsorted sampling agree with pointwise evaluation, in every mode")
    func sweepsAgree() throws {
        var rng = SplitMix64(seed: 3)
        let v = (0..<12).map { _ in rng.uniform(-1, 1) }
        for mode in KeyframeCalculationMode.allCases {
            let t = try KeyframeTrack<Double>(values: v, dimension: 2, calculationMode: mode)
            let ps = (0..<300).map { _ in rng.uniform(-0.2, 1.2) }
            for order in [ps, ps.sorted()] {
                let bulk = try t.sample(at: order)
                for (r, p) in order.enumerated() { #expect(Array(bulk[(2 * r)..<(2 * r + 2)]) == t.value(at: p), "\(mode)") }
            }
        }
    }

    @Test("a single value is constant")
    func singleValue() throws {
        for mode in KeyframeCalculationMode.allCases {
            let t = try KeyframeTrack<Float>(values: [4, 5], dimension: 2, calculationMode: mode)
            #expect(t.value(at: 0.7) == [4, 5])
        }
    }

    @Test("invalid input names the field")
    func errors() throws {
        func field(_ body: () throws -> Void) -> String {
            do { try body() } catch let e as MotionKernelError { return e.field } catch { return "?" }
            return "no error"
        }
        #expect(field { _ = try KeyframeTrack<Double>(values: [0, 1, 2], keyTimes: [0, 1]) } == "keyTimes")
        #expect(field { _ = try KeyframeTrack<Double>(values: [0, 1], keyTimes: [0.1, 1]) } == "keyTimes[0]")
        #expect(field { _ = try KeyframeTrack<Double>(values: [0, 1, 2], keyTimes: [0, 0.5, 0.9]) } == "keyTimes[2]")
        #expect(field { _ = try KeyframeTrack<Double>(values: [0, 1, 2], keyTimes: [0, 0.6, 0.5, 1], calculationMode: .discrete) } == "keyTimes[2]")
        #expect(field { _ = try KeyframeTrack<Double>(values: [0, 1, 2], keyTimes: [0, 0.6, .nan]) } == "keyTimes[2]")
        #expect(field { _ = try KeyframeTrack<Double>(values: [0, 1], keyTimes: [0, 0.2, 0.5, 1], calculationMode: .discrete) } == "keyTimes")
        #expect(field { _ = try KeyframeTrack<Double>(values: [0, .infinity]) } == "values[1]")
        #expect(field { _ = try KeyframeTrack<Double>(values: [0, 0, 1, .nan], dimension: 2) } == "values[1][1]")
        #expect(field { _ = try KeyframeTrack<Double>(values: [0, 0, 1], dimension: 2) } == "values")
        #expect(field { _ = try KeyframeTrack<Double>(values: [], dimension: 1) } == "values")
        #expect(field { _ = try KeyframeTrack<Double>(values: [0, 1], dimension: 0) } == "dimension")
        #expect(field { _ = try KeyframeTrack<Double>(values: [0, 1, 2], timingFunctions: [.linear]) } == "timingFunctions")
        #expect(field { _ = try KeyframeTrack<Double>(values: [0, 1], tension: [0, 0, 0]) } == "tensionValues")
        #expect(field { _ = try KeyframeTrack<Double>(values: [0, 1], continuity: [.nan]) } == "continuityValues[0]")
        #expect(field { _ = try KeyframeTrack<Double>(values: [0, 1], bias: [1, 2, 3]) } == "biasValues")
        #expect(field { _ = try KeyframeTrack<Double>(values: [0, 1]).sample(at: [0.5, .nan]) } == "progress[1]")
        // Paced modes ignore key times and timing functions, even malformed ones.
        #expect(field { _ = try KeyframeTrack<Double>(values: [0, 1, 2], keyTimes: [3], calculationMode: .paced, timingFunctions: [.linear]) } == "no error")
    }
}
