import Testing
@testable import MotionKernel

/// The bulk path of CSS `linear()` against its scalar definition (the specification's algorithm in
/// `LinearEasing.value(at:)`): the same arithmetic, so the results must be identical bits.
@Suite("LinearEasing bulk")
struct LinearEasingBulkTests {
    typealias Stop = LinearEasing.Stop

    /// Functions with 2 to 200 points, coincident inputs, flat runs and points outside [0, 1].
    func functions() throws -> [LinearEasing] {
        var rng = SplitMix64(seed: 0xC55_11E4)
        var out = [
            try LinearEasing(stops: [Stop(0), Stop(1)]),
            try LinearEasing(stops: [Stop(0), Stop(0.9, at: [0.5, 0.5]), Stop(0.2, at: [0.5]), Stop(1)]),
            try LinearEasing(stops: [Stop(-1, at: [-0.5]), Stop(3, at: [0.25, 0.75]), Stop(3), Stop(2, at: [1.5])]),
            try LinearEasing(stops: [Stop(0.5, at: [0.3]), Stop(0.5, at: [0.3])]),
        ]
        for n in [3, 7, 64, 200] {
            var stops: [Stop] = []
            for i in 0..<n {
                let output = rng.nextUnit() * 4 - 2
                // Every fifth stop repeats its predecessor's input; others are random (and are
                // clamped up to the largest so far, as CSS does).
                let input = i % 5 == 4 ? [] : [rng.nextUnit() * 1.4 - 0.2]
                stops.append(Stop(output, at: input))
            }
            out.append(try LinearEasing(stops: stops))
        }
        return out
    }

    @Test("values(at:into:) equals value(at:) bit for bit, inside and outside the points")
    func bulkEqualsScalar() throws {
        var rng = SplitMix64(seed: 7)
        var xs = (0..<2_000).map { _ in rng.nextUnit() * 3 - 1 }
        for f in try functions() {
            // Every point's own input, and its neighbours, are the cases a search gets wrong.
            xs += f.points.flatMap { [$0.input, $0.input.nextUp, $0.input.nextDown] }
            let bulk = f.values(at: xs)
            for (x, y) in zip(xs, bulk) {
                let s = f.value(at: x)
                #expect(y.bitPattern == s.bitPattern, "\(f.exactCSSText) at \(x): bulk \(y), scalar \(s)")
            }
            #expect(TimingFunction.linearFunction(f).values(at: xs) == bulk)
        }
    }

    @Test("mismatched buffers are invalidValue naming into; empty input is fine")
    func buffers() throws {
        let f = try LinearEasing(stops: [Stop(0), Stop(1)])
        let input = [0.5, 0.25]
        var output = [0.0]
        #expect(throws: MotionKernelError.self) {
            try input.withUnsafeBufferPointer { i in
                try output.withUnsafeMutableBufferPointer { o in try f.values(at: i, into: o) }
            }
        }
        #expect(f.values(at: []) == [])
    }
}
