import Testing
@testable import MotionKernel

/// The step-easing boundary cases of WPT
/// web-animations/timing-model/time-transformations/transformed-progress.html
/// (``WPTEasingFixtures/stepBoundaries``), run through ``TimingModel`` with the easing parsed
/// from its CSS text. Duration 1000 and fill both in every case; the test compares progress
/// exactly (`assert_equals`), and so does this one: each expected value is k / jumps, the same
/// correctly rounded quotient ``StepsEasing`` returns.
@Suite("Transformed progress (WPT)")
struct TransformedProgressWPTTests {
    @Test("step easing boundaries", arguments: WPTEasingFixtures.stepBoundaries)
    func boundaries(_ c: WPTEasingFixtures.StepCase) throws {
        let model = try TimingModel(
            duration: 1000, delay: c.delay, iterations: c.iterations, iterationStart: c.iterationStart,
            direction: try #require(TimingModel.Direction(rawValue: c.direction)), fill: .both,
            easing: try TimingFunction(css: c.easing))
        for (time, progress) in c.conditions {
            #expect(model.sample(localTime: time).progress == progress, "\(c.description) at \(time)")
        }
    }

    /// web-animations/timing-model/animation-effects/phases-and-states.html: the phase of a
    /// 1 ms effect with playback rate −1 (the animation direction is backwards).
    @Test("phases with a negative playback rate")
    func negativeRate() throws {
        let m = try TimingModel(duration: 1)
        let phases = [-1.0, 0, 1, 2].map { m.sample(localTime: $0, playingBackwards: true).phase }
        #expect(phases == [.before, .before, .active, .after])
    }
}
