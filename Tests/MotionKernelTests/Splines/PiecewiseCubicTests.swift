import Testing
@testable import MotionKernel

@Suite("PiecewiseCubic")
struct PiecewiseCubicTests {
    @Test("segments follow SciPy's PPoly rule: right-closed at the end, interior knots go right")
    func segments() throws {
        let p = try PiecewiseCubic(x: [0.0, 1, 2, 4], values: [0, 0, 0, 0], slopes: [0, 0, 0, 0])
        let cases: [(Double, Int)] = [(-1, 0), (0, 0), (0.5, 0), (1, 1), (1.999, 1), (2, 2), (4, 2), (9, 2), (.nan, 0)]
        for (t, s) in cases { #expect(p.segmentIndex(for: t) == s, "t = \(t)") }
        for hint in 0..<3 { for (t, s) in cases { #expect(p.segmentIndex(for: t, hint: hint) == s) } }
    }

    @Test("the Hermite form: values and slopes at the knots are the given ones")
    func hermite() throws {
        let x = [0.0, 0.5, 2], y = [1.0, -1, 2], d = [3.0, 0, -2]
        let p = try PiecewiseCubic(x: x, values: y, slopes: d)
        for i in 0..<3 {
            #expect(near(p.value(at: x[i]), y[i], rel: 1e-15))
            #expect(try near(p.derivative(at: x[i], order: 1), d[i], rel: 1e-14))
        }
        #expect(try p.derivative(at: 0.7, order: 4) == 0)
    }

    @Test("periodic time reduction is numpy's remainder")
    func periodicReduction() throws {
        let p = try PiecewiseCubic(x: [1.0, 3], values: [0, 0], slopes: [0, 0], extrapolation: .periodic)
        #expect(p.reducedTime(3) == 1)
        #expect(p.reducedTime(0.5) == 2.5)
        #expect(p.reducedTime(-3) == 1)
        #expect(p.reducedTime(8.25) == 2.25)
    }

    @Test("sample: sorted and shuffled times give the same numbers as pointwise evaluation")
    func sample() throws {
        var rng = SplitMix64(seed: 71)
        let x = randomKnots(&rng, 12)
        let s = try CubicSpline(x: x, values: (0..<36).map { _ in rng.uniform(-1, 1) }, channels: 3)
        var times = (0..<300).map { _ in rng.uniform(x[0] - 3, x[11] + 3) }
        times.sort()
        for round in 0..<2 {
            if round == 1 { times.shuffle(using: &rng) }
            let out = try s.sample(at: times, derivative: 2)
            for (r, t) in times.enumerated() {
                for c in 0..<3 { #expect(try out[r * 3 + c] == s.derivative(at: t, order: 2, channel: c)) }
            }
        }
    }

    @Test("invalid Hermite data is rejected with the field named")
    func errors() {
        do {
            _ = try PiecewiseCubic(x: [0.0, 1], values: [0, 1], slopes: [0])
            Issue.record("no error")
        } catch let e { #expect(e.field == "slopes") }
    }

    @Test("caller-chosen order, channel and output size are typed errors naming the field, never a trap")
    func evaluationErrors() throws {
        let p = try PiecewiseCubic(x: [0.0, 1, 2], values: [0, 1, 4, 5, 2, 3], slopes: [0, 0, 0, 0, 0, 0], channels: 2)
        func field(_ body: () throws -> Void) -> String? {
            do { try body(); return nil } catch let e as MotionKernelError {
                #expect(e.code == .invalidValue)
                return e.field
            } catch { return "\(error)" }
        }
        #expect(field { _ = try p.derivative(at: 0.5, order: -1) } == "order")
        #expect(field { _ = try p.values(at: 0.5, derivative: -2) } == "order")
        #expect(field { _ = try p.sample(at: [0.5], derivative: -1) } == "order")
        #expect(field { _ = try p.derivative(at: 0.5, order: 0, channel: 2) } == "channel")
        #expect(field { _ = try p.derivative(at: 0.5, order: 0, channel: -1) } == "channel")
        #expect(field { _ = try p.value(at: 0.5, channel: Int.max) } == "channel")
        var short = [Double](repeating: 0, count: 3)
        #expect(field { try p.sample(at: [0.5, 1.5], into: &short) } == "output")
        var empty = [Double]()
        #expect(field { try p.sample(at: [], into: &empty) } == nil)
        // The last valid channel still evaluates: channel 1 holds 1, 5, 3 at the knots.
        #expect(try p.value(at: 1, channel: 1) == 5)
        #expect(p.value(at: 1) == 4)
    }
}
