import Testing
@testable import MotionKernel

/// Tables worked by hand from CSS Easing Level 1 §2.4.1 ("Output of a step easing function")
/// for steps(4, position): inputs are exact binary fractions so x·4 is exact.
@Suite("StepsEasing")
struct StepsEasingTests {
    static let inputs: [Double] = [-0.5, -0.25, -0.125, 0, 0.125, 0.25, 0.5, 0.875, 1, 1.25]

    /// (position, outputs without before flag, outputs with before flag), one per input above.
    static let tables: [(StepsEasing.Position, [Double], [Double])] = [
        (
            .jumpEnd,
            [-0.5, -0.25, -0.25, 0, 0, 0.25, 0.5, 0.75, 1, 1.25],
            [-0.75, -0.5, -0.25, 0, 0, 0, 0.25, 0.75, 0.75, 1]
        ),
        (
            .end,
            [-0.5, -0.25, -0.25, 0, 0, 0.25, 0.5, 0.75, 1, 1.25],
            [-0.75, -0.5, -0.25, 0, 0, 0, 0.25, 0.75, 0.75, 1]
        ),
        (
            .jumpStart,
            [-0.25, 0, 0, 0.25, 0.25, 0.5, 0.75, 1, 1, 1.5],
            [-0.5, -0.25, 0, 0, 0.25, 0.25, 0.5, 1, 1, 1.25]
        ),
        (
            .start,
            [-0.25, 0, 0, 0.25, 0.25, 0.5, 0.75, 1, 1, 1.5],
            [-0.5, -0.25, 0, 0, 0.25, 0.25, 0.5, 1, 1, 1.25]
        ),
        // jumps = 3.
        (
            .jumpNone,
            [-2.0 / 3, -1.0 / 3, -1.0 / 3, 0, 0, 1.0 / 3, 2.0 / 3, 1, 1, 5.0 / 3],
            [-1, -2.0 / 3, -1.0 / 3, 0, 0, 0, 1.0 / 3, 1, 1, 4.0 / 3]
        ),
        // jumps = 5; the +1 comes before the before-flag −1 and the clamp at 0, so at x = 0 with
        // the before flag ⌊0⌋ + 1 − 1 = 0 (this entry was 0.2 when the +1 came after the clamp,
        // contradicting the specification's order and WPT transformed-progress.html).
        (
            .jumpBoth,
            [-0.2, 0, 0, 0.2, 0.2, 0.4, 0.6, 0.8, 1, 1.2],
            [-0.4, -0.2, 0, 0, 0.2, 0.2, 0.4, 0.8, 0.8, 1]
        ),
    ]

    @Test("steps(4, position) tables, with and without the before flag", arguments: tables)
    func table(_ row: (StepsEasing.Position, [Double], [Double])) throws {
        let s = try StepsEasing(4, position: row.0)
        for (k, x) in StepsEasingTests.inputs.enumerated() {
            #expect(abs(s.value(at: x) - row.1[k]) <= 1e-15, "\(s) at \(x)")
            #expect(abs(s.value(at: x, beforeFlag: true) - row.2[k]) <= 1e-15, "\(s) at \(x) before")
        }
    }

    @Test("step-start and step-end")
    func keywords() {
        #expect(StepsEasing.stepStart.value(at: 0) == 1)
        #expect(StepsEasing.stepStart.value(at: 0, beforeFlag: true) == 0)
        #expect(StepsEasing.stepEnd.value(at: 0.999) == 0)
        #expect(StepsEasing.stepEnd.value(at: 1) == 1)
        #expect(StepsEasing.stepEnd.value(at: 1, beforeFlag: true) == 0)
    }

    @Test("every position holds exactly `jumps` + 1 levels on [0, 1], stepping by 1/jumps")
    func levels() throws {
        for p in StepsEasing.Position.allCases {
            for n in 2...7 {
                let s = try StepsEasing(n, position: p)
                var seen = Set<Double>()
                for i in 0...700 { seen.insert(s.value(at: Double(i) / 700)) }
                let first = (p == .jumpStart || p == .start || p == .jumpBoth) ? 1.0 : 0.0
                let expected = Set((Int(first)...s.jumps).map { Double($0) / Double(s.jumps) })
                #expect(seen == expected, "\(s)")
            }
        }
    }

    @Test("validation: n >= 1, and n >= 2 for jump-none")
    func validation() {
        #expect(throws: MotionKernelError.self) { _ = try StepsEasing(0) }
        #expect(throws: MotionKernelError.self) { _ = try StepsEasing(-3, position: .start) }
        #expect(throws: MotionKernelError.self) { _ = try StepsEasing(1, position: .jumpNone) }
        do { _ = try StepsEasing(1, position: .jumpNone) } catch let e {
            #expect(e.field == "steps" && e.code == .invalidValue)
        }
        #expect((try? StepsEasing(2, position: .jumpNone)) != nil)
    }

    @Test("TimingFunction dispatches to the easing")
    func timingFunction() throws {
        let s = TimingFunction.steps(try StepsEasing(2, position: .jumpStart))
        #expect(s.value(at: 0) == 0.5)
        #expect(s.value(at: 0, beforeFlag: true) == 0)
        #expect(TimingFunction.linear.value(at: -3.5) == -3.5)
        #expect(TimingFunction.cubicBezier(.easeIn).value(at: 1) == 1)
        #expect(TimingFunction.cubicBezier(.ease).values(at: [0, 1, -1]) == [0, 1, -0.4])
    }
}
