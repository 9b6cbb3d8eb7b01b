/// Cases from the web-platform-tests (repository web-platform-tests/wpt), converted to data.
/// Each list names the WPT file it comes from. Cases that do not apply to a single
/// `<easing-function>` (comma-separated property lists, CSS-wide keywords used as list items)
/// are kept as invalid inputs, which is what a single easing function makes of them.
enum WPTEasingFixtures {
    /// (input, expected serialisation) from `test_valid_value` / `test_computed_value`.
    static let valid: [(css: String, serialised: String)] = [
        // css/css-easing/timing-functions-syntax-valid.html (and timing-functions-syntax-computed.html)
        ("linear", "linear"),
        ("ease", "ease"),
        ("ease-in", "ease-in"),
        ("ease-out", "ease-out"),
        ("ease-in-out", "ease-in-out"),
        ("cubic-bezier(0.1, 0.2, 0.8, 0.9)", "cubic-bezier(0.1, 0.2, 0.8, 0.9)"),
        ("cubic-bezier(0, -2, 1, 3)", "cubic-bezier(0, -2, 1, 3)"),
        ("cubic-bezier(0, 0.7, 1, 1.3)", "cubic-bezier(0, 0.7, 1, 1.3)"),
        ("steps(4, start)", "steps(4, start)"),
        ("steps(2, end)", "steps(2)"),
        ("steps(2, jump-start)", "steps(2, jump-start)"),
        ("steps(2, jump-end)", "steps(2)"),
        ("steps(2, jump-both)", "steps(2, jump-both)"),
        ("steps(2, jump-none)", "steps(2, jump-none)"),
        // css/css-easing/step-timing-functions-syntax.html
        ("step-start", "steps(1, start)"),
        ("step-end", "steps(1)"),
        ("steps(1, start)", "steps(1, start)"),
        ("steps(1, end)", "steps(1)"),
        ("steps(1, jump-start)", "steps(1, jump-start)"),
        ("steps(1, jump-end)", "steps(1)"),
        ("steps(1, jump-both)", "steps(1, jump-both)"),
        ("steps(2, jump-none)", "steps(2, jump-none)"),
        // css/css-easing/linear-timing-functions-syntax.html (test_valid_value)
        ("linear(0 0%, 1 100%)", "linear(0 0%, 1 100%)"),
        ("linear(0 0% 50%, 1 50% 100%)", "linear(0 0%, 0 50%, 1 50%, 1 100%)"),
        ("linear(0, 0.5 25% 75%, 1 100% 100%)", "linear(0 0%, 0.5 25%, 0.5 75%, 1 100%, 1 100%)"),
        (
            "linear(0, 1.3, 1, 0.92, 1, 0.99, 1, 1.004, 0.998, 1 100% 100%)",
            "linear(0 0%, 1.3 11.1111%, 1 22.2222%, 0.92 33.3333%, 1 44.4444%, 0.99 55.5556%, 1 66.6667%, 1.004 77.7778%, 0.998 88.8889%, 1 100%, 1 100%)"
        ),
        // css/css-easing/linear-timing-functions-syntax.html (test_computed_value)
        ("linear(0, 1)", "linear(0 0%, 1 100%)"),
        ("linear(0 calc(0%), 0 calc(100%))", "linear(0 0%, 0 100%)"),
        ("linear(0 calc(50% - 50%), 0 calc(50% + 50%))", "linear(0 0%, 0 100%)"),
        ("linear(0 calc(min(50%, 60%)), 0 100%)", "linear(0 50%, 0 100%)"),
        (
            "linear(0, 1.3, 1, 0.92, 1, 0.99, 1, 0.998, 1 100% 100%)",
            "linear(0 0%, 1.3 12.5%, 1 25%, 0.92 37.5%, 1 50%, 0.99 62.5%, 1 75%, 0.998 87.5%, 1 100%, 1 100%)"
        ),
        ("linear(0, 0 40%, 1, 0.5, 1)", "linear(0 0%, 0 40%, 1 60%, 0.5 80%, 1 100%)"),
        // web-animations/resources/easing-tests.js (gEasingParsingTests, gRoundtripEasings)
        ("Ease\\2d in-out", "ease-in-out"),
        ("ease /**/", "ease"),
        ("cubic-bezier(0.1, 5, 0.23, 0)", "cubic-bezier(0.1, 5, 0.23, 0)"),
        ("steps(3, start)", "steps(3, start)"),
        ("steps(3)", "steps(3)"),
    ]

    /// Inputs that `test_invalid_value` (or `gInvalidEasings`) rejects.
    static let invalid: [String] = [
        // css/css-easing/timing-functions-syntax-invalid.html
        "auto",
        "ease-in ease-out",
        "cubic-bezier(1, 2, 3)",
        "cubic-bezier(1, 2, 3, infinite)",
        "cubic-bezier(1, 2, 3, 4, 5)",
        "cubic-bezier(-0.1, 0.1, 0.5, 0.9)",
        "cubic-bezier(0.5, 0.1, 1.1, 0.9)",
        "initial, cubic-bezier(0, -2, 1, 3)",
        "cubic-bezier(0, -2, 1, 3), initial",
        // css/css-easing/step-timing-functions-syntax.html
        "steps(0, start)",
        "steps(0, end)",
        "steps(0, jump-start)",
        "steps(0, jump-end)",
        "steps(0, jump-both)",
        "steps(1, jump-none)",
        "steps(calc(0/0), jump-none)",
        // css/css-easing/linear-timing-functions-syntax.html
        "linear()",
        "linear(0)",
        "linear(100%)",
        "linear(0% 1 50%)",
        "linear(0 0% 100%)",
        "linear(0% 100% 0)",
        "linear(0 calc(50px - 50%), 0 calc(50em + 50em))",
        "linear(0 calc(50%, 50%), 0 calc(50% + 50%))",
        // web-animations/resources/easing-tests.js (gInvalidEasings; the frames() cases are
        // invalid too, frames() having been dropped from the specification)
        "",
        "7",
        "test",
        "initial",
        "inherit",
        "unset",
        "unrecognized",
        "var(--x)",
        "ease-in-out, ease-out",
        "cubic-bezier(1.1, 0, 1, 1)",
        "cubic-bezier(0, 0, 1.1, 1)",
        "cubic-bezier(-0.1, 0, 1, 1)",
        "cubic-bezier(0, 0, -0.1, 1)",
        "cubic-bezier(0.1, 0, 4, 0.4)",
        "steps(-1, start)",
        "steps(0.1, start)",
        "steps(3, nowhere)",
        "steps(-3, end)",
        "function (a){return a}",
        "function (x){return x}",
        "function(x, y){return 0.3}",
        "frames(1)",
        "frames",
        "frames()",
        "frames(,)",
        "frames(a)",
        "frames(2.0)",
        "frames(2.5)",
        "frames(2 3)",
    ]

    /// css/css-easing/linear-timing-functions-output.html: (easing, [(input, output)]) with the
    /// expected outputs the test states.
    static let linearOutputs: [(css: String, samples: [(x: Double, y: Double)])] = [
        ("linear(0, 1.5, 1)", [(0, 0), (0.25, 0.75), (0.5, 1.5), (0.75, 1.25), (1, 1)]),
        ("linear(1, -0.5, 0)", [(0, 1), (0.25, 0.25), (0.5, -0.5), (0.75, -0.25), (1, 0)]),
    ]

    /// css/css-easing/linear-timing-functions-output.html: pairs of easings the test expects to
    /// give equal outputs at the listed inputs.
    static let linearEquivalents: [(css: String, equivalent: String, xs: [Double])] = [
        (
            "linear(0.2 0% 20%, 0.4 20% 40%, 0.6 40% 60%, 0.8 60% 80%, 1.0 80% 100%)", "steps(5, jump-start)",
            [0, 0.2, 0.4, 0.6, 0.8, 1]
        ),
        ("linear(0, 0.1 -10%, 1)", "linear(0, 0.1 0%, 1)", [0, 0.1, 0.55, 1]),
        ("linear(0, 0.9 110%, 1)", "linear(0, 0.9 110%, 1 110%)", [0, 0.45, 0.9, 0.95, 1]),
    ]

    /// css/css-easing/cubic-bezier-timing-functions-output.html: a keyframe easing applied to
    /// the output of an effect easing (times in ms of a 1000 ms effect), and the straight line
    /// the test expects the keyframe easing to follow outside [0, 1] (slope and point).
    struct ChainCase: Sendable {
        var keyframe: [Double]
        var effect: [Double]
        var times: [Double]
        /// y = end + slope · (x − end) for the extension the test states (end 0 or 1).
        var extensionSlope: Double
    }

    static let bezierChains: [ChainCase] = [
        // "cubic-bezier easing with input progress greater than 1"
        ChainCase(keyframe: [0.5, 1, 0.5, 0], effect: [0, 1.5, 1, 1.5], times: [0, 230, 240, 700, 990, 1000], extensionSlope: 2),
        // "... greater than 1 and where the tangent on the upper boundary is infinity"
        ChainCase(keyframe: [0, 1.5, 1, 1.5], effect: [0, 1.5, 1, 1.5], times: [0, 230, 240, 700, 990, 1000], extensionSlope: 0),
        // "cubic-bezier easing with input progress less than 0"
        ChainCase(keyframe: [0.5, 1, 0.5, 0], effect: [0, -0.5, 1, -0.5], times: [0, 10, 300, 750, 770, 1000], extensionSlope: 2),
        // "... less than 0 and where the tangent on the lower boundary is infinity"
        ChainCase(keyframe: [0, -0.5, 1, -0.5], effect: [0, -0.5, 1, -0.5], times: [0, 10, 300, 750, 770, 1000], extensionSlope: 0),
    ]

    /// css/css-easing/step-timing-functions-output.html: a step keyframe easing applied to the
    /// output of a cubic-bezier effect easing; (time in ms of a 1000 ms effect, expected `left`
    /// in units of the 100 px keyframe distance).
    static let stepChains: [(keyframe: String, effect: [Double], samples: [(time: Double, value: Double)])] = [
        ("step-start", [0, 1.5, 1, 1.5], [(0, 1), (230, 1), (250, 2), (1000, 1)]),
        ("step-start", [0, 3, 1, 3], [(0, 1), (114, 2), (500, 3), (900, 2)]),
        ("step-start", [0, -0.5, 1, -0.5], [(0, 1), (750, 0), (800, 1), (1000, 1)]),
        ("step-start", [0, -2, 1, -2], [(0, 1), (100, 0), (500, -1), (1000, 1)]),
        ("step-end", [0, 1.5, 1, 1.5], [(0, 0), (230, 0), (250, 1), (1000, 1)]),
        ("step-end", [0, 3, 1, 3], [(0, 0), (114, 1), (500, 2), (900, 1)]),
        ("step-end", [0, -0.5, 1, -0.5], [(0, 0), (750, -1), (800, 0), (1000, 1)]),
        ("steps(1, jump-both)", [0, 1.5, 1, 1.5], [(0, 0.5), (230, 0.5), (250, 1), (1000, 1)]),
        ("steps(1, jump-both)", [0, 3, 1, 3], [(0, 0.5), (114, 1), (500, 1.5), (900, 1)]),
        ("steps(1, jump-both)", [0, -0.5, 1, -0.5], [(0, 0.5), (750, 0), (800, 0.5), (1000, 1)]),
        ("steps(2, jump-none)", [0, 1.5, 1, 1.5], [(0, 0), (45, 1), (230, 1), (250, 2), (1000, 1)]),
        ("steps(2, jump-none)", [0, 3, 1, 3], [(0, 0), (114, 3), (500, 4), (900, 3)]),
        ("steps(2, jump-none)", [0, -0.5, 1, -0.5], [(0, 0), (750, -1), (800, 0), (1000, 1)]),
    ]

    /// One web-animations/timing-model/time-transformations/transformed-progress.html
    /// boundary case: effect timing (duration 1000, fill both) and (current time, progress).
    struct StepCase: Sendable {
        var description: String
        var delay: Double = 1000
        var iterations: Double = 1
        var iterationStart: Double = 0
        var direction: String = "normal"
        var easing: String
        var conditions: [(time: Double, progress: Double)]
    }

    /// web-animations/timing-model/time-transformations/transformed-progress.html
    /// (gStepTimingFunctionTests).
    static let stepBoundaries: [StepCase] = [
        StepCase(
            description: "step-start easing", easing: "steps(2, start)",
            conditions: [(0, 0), (999, 0), (1000, 0.5), (1499, 0.5), (1500, 1), (2000, 1)]),
        StepCase(
            description: "step-start easing with reverse direction", direction: "reverse", easing: "steps(2, start)",
            conditions: [(0, 1), (1001, 1), (1500, 1), (1501, 0.5), (2000, 0), (2500, 0)]),
        StepCase(
            description: "step-start easing with iterationStart not at a transition point", iterationStart: 0.25,
            easing: "steps(2, start)",
            conditions: [(0, 0.5), (999, 0.5), (1000, 0.5), (1249, 0.5), (1250, 1), (1749, 1), (1750, 0.5), (2000, 0.5), (2500, 0.5)]),
        StepCase(
            description: "step-start easing with iterationStart and delay", iterationStart: 0.5, easing: "steps(2, start)",
            conditions: [(0, 0.5), (999, 0.5), (1000, 1), (1499, 1), (1500, 0.5), (2000, 1)]),
        StepCase(
            description: "step-start easing with iterationStart and reverse direction", iterationStart: 0.5,
            direction: "reverse", easing: "steps(2, start)",
            conditions: [(0, 1), (1000, 1), (1001, 0.5), (1499, 0.5), (1500, 1), (1999, 1), (2000, 0.5), (2500, 0.5)]),
        StepCase(
            description: "step(4, start) easing with iterationStart 0.75 and delay", iterationStart: 0.75,
            easing: "steps(4, start)",
            conditions: [(0, 0.75), (999, 0.75), (1000, 1), (2000, 1), (2500, 1)]),
        StepCase(
            description: "step-start easing with alternate direction", iterations: 2, iterationStart: 1.5,
            direction: "alternate", easing: "steps(2, start)",
            conditions: [(0, 1), (1000, 1), (1001, 0.5), (2999, 1), (3000, 0.5), (3500, 0.5)]),
        StepCase(
            description: "step-start easing with alternate-reverse direction", iterations: 2, iterationStart: 0.5,
            direction: "alternate-reverse", easing: "steps(2, start)",
            conditions: [(0, 1), (1000, 1), (1001, 0.5), (2999, 1), (3000, 0.5), (3500, 0.5)]),
        StepCase(
            description: "step-end easing", easing: "steps(2, end)",
            conditions: [(0, 0), (999, 0), (1000, 0), (1499, 0), (1500, 0.5), (2000, 1)]),
        StepCase(
            description: "step-end easing with iterationStart and delay", iterationStart: 0.5, easing: "steps(2, end)",
            conditions: [(0, 0), (999, 0), (1000, 0.5), (1499, 0.5), (1500, 0), (1999, 0), (2000, 0.5), (2500, 0.5)]),
        StepCase(
            description: "step-end easing with iterationStart not at a transition point", iterationStart: 0.75,
            easing: "steps(2, end)",
            conditions: [(0, 0.5), (999, 0.5), (1000, 0.5), (1249, 0.5), (1250, 0), (1749, 0), (1750, 0.5), (2000, 0.5), (2500, 0.5)]),
        StepCase(
            description: "steps(jump-both) easing", easing: "steps(2, jump-both)",
            conditions: [(0, 0), (999, 0), (1000, 1.0 / 3), (1499, 1.0 / 3), (1500, 2.0 / 3), (2000, 1)]),
        StepCase(
            description: "steps(jump-both) easing with iterationStart and delay", iterationStart: 0.5,
            easing: "steps(2, jump-both)",
            conditions: [
                (0, 1.0 / 3), (999, 1.0 / 3), (1000, 2.0 / 3), (1499, 2.0 / 3), (1500, 1.0 / 3), (1999, 1.0 / 3),
                (2000, 2.0 / 3), (2500, 2.0 / 3),
            ]),
        StepCase(
            description: "steps(jump-both) easing with iterationStart not at a transition point", iterationStart: 0.75,
            easing: "steps(2, jump-both)",
            conditions: [
                (0, 2.0 / 3), (999, 2.0 / 3), (1000, 2.0 / 3), (1249, 2.0 / 3), (1250, 1.0 / 3), (1749, 1.0 / 3),
                (1750, 2.0 / 3), (2000, 2.0 / 3), (2500, 2.0 / 3),
            ]),
        StepCase(
            description: "steps(jump-none) easing", easing: "steps(2, jump-none)",
            conditions: [(0, 0), (1000, 0), (1499, 0), (1500, 1), (2000, 1)]),
        StepCase(
            description: "steps(jump-none) easing with iterationStart and delay", iterationStart: 0.5,
            easing: "steps(2, jump-none)",
            conditions: [(0, 0), (999, 0), (1000, 1), (1499, 1), (1500, 0), (1999, 0), (2000, 1), (2500, 1)]),
        StepCase(
            description: "steps(jump-none) easing with iterationStart not at a transition point", iterationStart: 0.75,
            easing: "steps(2, jump-none)",
            conditions: [(0, 1), (999, 1), (1000, 1), (1249, 1), (1250, 0), (1749, 0), (1750, 1), (2000, 1), (2500, 1)]),
    ]
}
