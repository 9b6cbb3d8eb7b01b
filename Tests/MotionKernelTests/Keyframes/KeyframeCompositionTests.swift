import Testing
@testable import MotionKernel

private typealias KF<T: MotionScalar> = KeyframeComposition<T>.Keyframe

/// A composition of the one property `name` (from `initialValue`) with `keyframes`.
private func oneProperty<T: MotionScalar>(
    duration: T, timing: TimingFunction = .linear, name: String = "x", initialValue: [T] = [0], _ keyframes: [KF<T>]
) throws -> KeyframeComposition<T> {
    try KeyframeComposition<T>(
        duration: duration, timing: timing,
        properties: [.init(name: name, initialValue: initialValue, keyframes: keyframes)])
}

@Suite("KeyframeComposition")
struct KeyframeCompositionTests {
    @Test("initial value before the first keyframe, holds in gaps and after the end, clamped times")
    func gapsAndHolds() throws {
        // Over 2 s: fade 1 → 0 on [0, 0.25], hold, back to 1 on [0.5, 0.75], hold.
        func check<T: MotionScalar>(_: T.Type, tol: Double) throws {
            let c = try oneProperty(
                duration: T(2), name: "opacity", initialValue: [1],
                [
                    KF(relativeStartTime: 0.5, relativeDuration: 0.25, value: [1]),
                    KF(relativeStartTime: 0, relativeDuration: 0.25, value: [0]),
                ])
            let cases: [(Double, Double)] = [
                (-1, 1), (0, 1), (0.25, 0.5), (0.5, 0), (0.75, 0), (0.99, 0), (1, 0),
                (1.25, 0.5), (1.5, 1), (2, 1), (3, 1),
            ]
            for (t, want) in cases { #expect(abs(c.value(at: T(t))[0].doubleValue - want) <= tol, "t \(t)") }
        }
        try check(Double.self, tol: 1e-15)
        try check(Float.self, tol: 1e-6)
    }

    @Test("a zero relative duration changes the value at the start time")
    func zeroDuration() throws {
        let c = try oneProperty(duration: 1.0, [KF(relativeStartTime: 0.5, relativeDuration: 0, value: [7])])
        #expect(c.value(at: 0.4999) == [0] && c.value(at: 0.5) == [7] && c.value(at: 1) == [7])
    }

    @Test("overlaps: the later-starting keyframe takes over from the value reached at its start")
    func overlaps() throws {
        // A: 0 → 10 over [0, 0.5]; B: starts at 0.25 (A is at 5) → 0 over [0.25, 0.75].
        let c = try oneProperty(
            duration: 1.0,
            [
                KF(relativeStartTime: 0, relativeDuration: 0.5, value: [10]),
                KF(relativeStartTime: 0.25, relativeDuration: 0.5, value: [0]),
            ])
        for (t, want) in [(0.1, 2.0), (0.25, 5), (0.5, 2.5), (0.75, 0), (0.9, 0)] {
            #expect(abs(c.value(at: t)[0] - want) <= 1e-14, "t \(t)")
        }
        // Same start: the one given last wins, from the value at that time.
        let same = try oneProperty(
            duration: 1.0,
            [
                KF(relativeStartTime: 0.2, relativeDuration: 0.2, value: [1]),
                KF(relativeStartTime: 0.2, relativeDuration: 0.2, value: [3]),
            ])
        #expect(abs(same.value(at: 0.3)[0] - 1.5) <= 1e-14 && same.value(at: 0.5) == [3])
    }

    @Test("several properties of several dimensions; keyframe and whole-animation timing")
    func propertiesAndTiming() throws {
        let c = try KeyframeComposition<Double>(
            duration: 4,
            properties: [
                .init(
                    name: "position", initialValue: [0, 0],
                    keyframes: [
                        KF(relativeStartTime: 0, relativeDuration: 0.5, value: [10, -10], timing: .cubicBezier(.easeIn))
                    ]),
                .init(name: "opacity", initialValue: [1], keyframes: [KF(relativeStartTime: 0.5, relativeDuration: 0.5, value: [0])]),
            ])
        #expect(c.width == 3)
        let e = bezierReference(0.42, 0, 1, 1, at: 0.5)
        let got = c.value(at: 1)
        #expect(abs(got[0] - 10 * e) <= 1e-6 && abs(got[1] + 10 * e) <= 1e-6 && got[2] == 1)
        let rows = try c.sample(at: [0, 1, 3, 4])
        #expect(rows.count == 12)
        #expect(Array(rows[9..<12]) == [10, -10, 0])
        #expect(abs(rows[8] - 0.5) <= 1e-15)  // t = 3: opacity halfway
        // The whole-animation curve maps time first: steps(2, end) holds u = 0 then 0.5.
        let stepped = try oneProperty(
            duration: 1.0, timing: .steps(try StepsEasing(2)), [KF(relativeStartTime: 0, relativeDuration: 1, value: [8])])
        #expect(stepped.value(at: 0.3) == [0] && stepped.value(at: 0.7) == [4] && stepped.value(at: 1) == [8])
    }

    @Test("invalid input names the field")
    func errors() throws {
        func field(_ body: () throws -> Void) -> String {
            do { try body() } catch let e as MotionKernelError { return e.field } catch { return "?" }
            return "no error"
        }
        let p = { (kfs: [KF<Double>]) in [KeyframeComposition<Double>.Property(name: "x", initialValue: [0], keyframes: kfs)] }
        #expect(field { _ = try KeyframeComposition<Double>(duration: 0, properties: p([])) } == "duration")
        #expect(field { _ = try KeyframeComposition<Double>(duration: 1, properties: []) } == "properties")
        #expect(
            field { _ = try KeyframeComposition<Double>(duration: 1, properties: p([KF(relativeStartTime: 1.5, relativeDuration: 0, value: [1])])) }
                == "properties[0].keyframes[0].relativeStartTime")
        #expect(
            field { _ = try KeyframeComposition<Double>(duration: 1, properties: p([KF(relativeStartTime: 0.6, relativeDuration: 0.5, value: [1])])) }
                == "properties[0].keyframes[0].relativeDuration")
        #expect(
            field { _ = try KeyframeComposition<Double>(duration: 1, properties: p([KF(relativeStartTime: 0, relativeDuration: 0.5, value: [1, 2])])) }
                == "properties[0].keyframes[0].value")
        #expect(
            field { _ = try KeyframeComposition<Double>(duration: 1, properties: [.init(name: "y", initialValue: [], keyframes: [])]) }
                == "properties[0].initialValue")
        #expect(field { _ = try KeyframeComposition<Double>(duration: 1, properties: p([])).sample(at: [.nan]) } == "times[0]")
    }
}
