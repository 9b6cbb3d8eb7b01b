import Testing
@testable import MotionKernel

/// CSS Easing Level 2 §2.1 `linear()`: canonicalisation and output, with reference values worked
/// by hand from the specification's algorithms (inputs chosen as exact binary fractions where
/// the expected value is compared exactly).
@Suite("LinearEasing")
struct LinearEasingTests {
    typealias Stop = LinearEasing.Stop

    func inputs(_ l: LinearEasing) -> [Double] { l.points.map(\.input) }
    func outputs(_ l: LinearEasing) -> [Double] { l.points.map(\.output) }

    @Test("missing first input is 0, missing last is max(1, largest); runs spread evenly")
    func canonicalisation() throws {
        let a = try LinearEasing(stops: [Stop(0), Stop(0.5), Stop(0.75), Stop(1)])
        #expect(inputs(a) == [0, 1.0 / 3, 2.0 / 3, 1])
        #expect(outputs(a) == [0, 0.5, 0.75, 1])
        // A last input below a larger one before it is raised; the missing last is the largest.
        let b = try LinearEasing(stops: [Stop(0), Stop(0.9, at: [1.25]), Stop(1)])
        #expect(inputs(b) == [0, 1.25, 1.25])
        // Inputs never decrease: 0.1 at −10% becomes 0 (its predecessor's input).
        let c = try LinearEasing(stops: [Stop(0), Stop(0.1, at: [-0.1]), Stop(1)])
        #expect(inputs(c) == [0, 0, 1])
        // Two inputs make two points; the run of two between 0.25 and 1 gets 0.5 and 0.75.
        let d = try LinearEasing(stops: [Stop(0), Stop(0.5, at: [0.25, 0.25]), Stop(0.6), Stop(0.7), Stop(1, at: [1])])
        #expect(inputs(d) == [0, 0.25, 0.25, 0.5, 0.75, 1])
        // Smaller inputs after a larger one are raised to it.
        let e = try LinearEasing(stops: [Stop(0, at: [0.5]), Stop(1, at: [0.25]), Stop(1, at: [0.75])])
        #expect(inputs(e) == [0.5, 0.5, 0.75])
    }

    @Test("output: interpolation, extrapolation, coincident inputs take the later point")
    func output() throws {
        let a = try LinearEasing(stops: [Stop(0), Stop(1.5), Stop(1)])  // inputs 0, 0.5, 1
        #expect(a.value(at: 0.25) == 0.75)
        #expect(a.value(at: 0.5) == 1.5)
        #expect(a.value(at: 0.75) == 1.25)
        #expect(a.value(at: -0.5) == -1.5)  // first segment, slope 3
        #expect(a.value(at: 1.5) == 0.5)  // last segment, slope −1
        #expect(a.slope(at: 0.25) == 3 && a.slope(at: 2) == -1)
        // A jump: (0, 0), (0.5, 0), (0.5, 1), (1, 1).
        let j = try LinearEasing(stops: [Stop(0, at: [0, 0.5]), Stop(1, at: [0.5, 1])])
        #expect(j.value(at: 0.25) == 0)
        #expect(j.value(at: 0.5) == 1)  // the last point at 0.5
        #expect(j.value(at: 0.5.nextDown) == 0)
        #expect(j.slope(at: 0.5) == 0)
        // All points at one input: the output after the jump everywhere (B's output).
        let v = try LinearEasing(stops: [Stop(0, at: [0.5]), Stop(1, at: [0.5])])
        #expect(v.value(at: 0) == 1 && v.value(at: 0.5) == 1 && v.value(at: 3) == 1)
        // Two points at the end (x ≥ 1 takes the last one, no division by 0).
        let e = try LinearEasing(stops: [Stop(0), Stop(1, at: [1, 1])])
        #expect(e.value(at: 1) == 1 && e.value(at: 2) == 1 && e.value(at: 0.5) == 0.5)
    }

    @Test("values() and value(at:) agree through TimingFunction")
    func timingFunction() throws {
        let l = try LinearEasing(stops: [Stop(0), Stop(0.25, at: [0.5]), Stop(1)])
        let f = TimingFunction.linearFunction(l)
        let xs: [Double] = [-1, 0, 0.25, 0.5, 0.625, 1, 2]
        #expect(f.values(at: xs) == xs.map { l.value(at: $0) })
        #expect(f.values(at: xs) == [-0.5, 0, 0.125, 0.25, 0.4375, 1, 2.5])
        #expect(f.value(at: 0.5, beforeFlag: true) == 0.25)
    }

    @Test("validation: two stops or points, finite numbers, at most two inputs, ordered points")
    func validation() {
        func field(_ body: () throws -> Void) -> String? {
            do { try body() } catch let e as MotionKernelError { return e.field } catch {}
            return nil
        }
        #expect(field { _ = try LinearEasing(stops: [Stop(0)]) } == "stops")
        #expect(field { _ = try LinearEasing(stops: [Stop(0), Stop(.nan)]) } == "stops[1].output")
        #expect(field { _ = try LinearEasing(stops: [Stop(0, at: [.infinity]), Stop(1)]) } == "stops[0].inputs[0]")
        #expect(field { _ = try LinearEasing(stops: [Stop(0, at: [0, 0.5, 1]), Stop(1)]) } == "stops[0].inputs")
        let p = LinearEasing.Point.init(input:output:)
        #expect(field { _ = try LinearEasing(points: [p(0, 0)]) } == "points")
        #expect(field { _ = try LinearEasing(points: [p(0.5, 0), p(0.25, 1)]) } == "points[1].input")
        #expect(field { _ = try LinearEasing(points: [p(0, 0), p(1, .infinity)]) } == "points[1].output")
        #expect(field { _ = try LinearEasing(points: [p(0, 0), p(1, 1)]) } == nil)
    }
}
