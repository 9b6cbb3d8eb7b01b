import Testing
@testable import MotionKernel

/// `TimingFunction(css:)` and `cssText` against the WPT syntax and output tests
/// (``WPTEasingFixtures``), and the CSS syntax rules the parser follows.
@Suite("TimingFunction+CSS")
struct TimingFunctionCSSTests {
    func parse(_ css: String) throws -> TimingFunction { try TimingFunction(css: css) }

    func error(_ css: String) -> MotionKernelError? {
        do { _ = try TimingFunction(css: css, field: "timing") } catch let e { return e }
        return nil
    }

    @Test("WPT valid values parse and serialise as WPT expects", arguments: WPTEasingFixtures.valid)
    func valid(_ c: (css: String, serialised: String)) throws {
        let f = try parse(c.css)
        #expect(f.cssText == c.serialised, "\(c.css)")
        // The canonical text is itself valid and serialises to itself.
        #expect(try parse(c.serialised).cssText == c.serialised)
        // The exact text parses back to the very same function.
        #expect(try parse(f.exactCSSText) == f, "\(f.exactCSSText)")
    }

    @Test("WPT invalid values throw invalidValue naming the field and an offset", arguments: WPTEasingFixtures.invalid)
    func invalid(_ css: String) {
        let e = error(css)
        #expect(e?.code == .invalidValue, "\(css)")
        #expect(e?.field == "timing")
        #expect(e?.reason.contains("at offset") == true || e?.reason.contains("linear()") == true, "\(e?.reason ?? "")")
    }

    @Test("error offsets point at the token at fault")
    func offsets() {
        #expect(error("cubic-bezier(0.5, 0.1, 1.1, 0.9)")?.reason.contains("at offset 23") == true)
        #expect(error("steps(2, nowhere)")?.reason.contains("at offset 9") == true)
        #expect(error("  bogus")?.reason.contains("at offset 2") == true)
        #expect(error("ease ease")?.reason.contains("at offset 5") == true)
        #expect(error("linear(0, 1")?.reason.contains("at offset 11") == true)
        #expect(error("steps(1, jump-none)")?.reason.contains("at offset 6") == true)
    }

    @Test("keywords and function names are ASCII case-insensitive; escapes are decoded")
    func caseInsensitive() throws {
        #expect(try parse("EASE-IN") == .cubicBezier(.cssEaseIn))
        #expect(try parse("Cubic-Bezier(0, 0, 1, 1)") == parse("cubic-bezier(0, 0, 1, 1)"))
        #expect(try parse("STEPS(2, JUMP-BOTH)").cssText == "steps(2, jump-both)")
        #expect(try parse("LiNeAr(0, 1)").cssText == "linear(0 0%, 1 100%)")
        #expect(try parse("\\65 ase") == .cubicBezier(.ease))
        // Only ASCII letters fold: U+212A KELVIN SIGN is not "k".
        #expect(error("\u{212A}") != nil)
    }

    @Test("CSS whitespace and comments around arguments; comments separate tokens")
    func whitespace() throws {
        #expect(try parse(" \t\ncubic-bezier( 0 ,0,\n1 , 1 )\r\u{0C}") == parse("cubic-bezier(0, 0, 1, 1)"))
        #expect(try parse("steps(/*x*/2/*y*/,/**/start)").cssText == "steps(2, start)")
        #expect(try parse("ease /* unterminated") == .cubicBezier(.ease))  // a comment may run to the end
        #expect(error("cubic-bezier (0, 0, 1, 1)") != nil)  // no space before "("
        #expect(error("ease/**/-in") != nil)  // two tokens
        #expect(error("cubic-bezier(0 0 1 1)") != nil)
        #expect(error("steps(2,)") != nil)
        #expect(error("linear(0,, 1)") != nil)
    }

    @Test("the CSS <number> token grammar")
    func numbers() throws {
        guard case .cubicBezier(let c) = try parse("cubic-bezier(+.5, -1e-1, 1E0, 2e+0)") else {
            Issue.record("not a cubic-bezier")
            return
        }
        #expect(c.x1 == 0.5 && c.y1 == -0.1 && c.x2 == 1 && c.y2 == 2)
        #expect(try parse("steps(+3)").cssText == "steps(3)")
        #expect(error("cubic-bezier(1., 0, 1, 1)") != nil)
        #expect(error("cubic-bezier(0.5px, 0, 1, 1)") != nil)
        #expect(error("cubic-bezier(0, 1e999, 1, 1)") != nil)
        #expect(error("steps(2.0)") != nil)
        #expect(error("steps(1e1)") != nil)  // a <number>, not an <integer>
        #expect(error("steps(99999999999)") != nil)
        // Exponents far beyond Double's range: 0 and ∞ (an error), never a misread exponent.
        #expect(try parse("linear(0 1e-99999999999999999999%, 1)").cssText == "linear(0 0%, 1 100%)")
        #expect(error("linear(0 1e99999999999999999999%, 1)") != nil)
        #expect(error("linear(0 -9223372036854775808e-9223372036854775808%, 1)") == nil)
        #expect(error("linear(0 50, 1)") != nil)  // two numbers in one stop
        #expect(error("linear(0 1% 2% 3%, 1)") != nil)
    }

    @Test("calc(), min(), max(), clamp(): evaluated, typed, and clamped into range like CSS")
    func calc() throws {
        // Out-of-range math results are clamped (CSS Values 4 §10.12), literals are errors.
        #expect(try parse("cubic-bezier(calc(-2), calc(0.7 / 2), calc(1.5), calc(0))").cssText == "cubic-bezier(0, 0.35, 1, 0)")
        #expect(try parse("steps(calc(-10), start)").cssText == "steps(1, start)")
        #expect(try parse("steps(calc(1), jump-none)").cssText == "steps(2, jump-none)")
        #expect(try parse("steps(calc(5 / 2), start)").cssText == "steps(3, start)")  // rounds half up
        #expect(
            try parse("cubic-bezier(calc((1 + 1) * 0.25), max(0, -1, 0.5), clamp(0, 2, 1), min(3, 2))").cssText
                == "cubic-bezier(0.5, 0.5, 1, 2)")
        #expect(try parse("linear(0 calc(25% * 2), calc(2 * 0.5) calc(200% / 2))").cssText == "linear(0 50%, 1 100%)")
        #expect(error("linear(0 calc(50% + 1), 1)") != nil)  // number + percentage
        #expect(error("linear(0 calc(50% * 50%), 1)") != nil)
        #expect(error("linear(0 calc(50 / 50%), 1)") != nil)
        #expect(error("cubic-bezier(calc(50%), 0, 1, 1)") != nil)
        #expect(error("cubic-bezier(calc(1+1), 0, 1, 1)") != nil)  // "+" needs whitespace
        #expect(error("cubic-bezier(calc(1 / 0), 0, 1, 1)") != nil)  // infinite
        #expect(error("cubic-bezier(round(0.5), 0, 1, 1)") != nil)  // not supported
        let deep = String(repeating: "calc(", count: 200) + "1" + String(repeating: ")", count: 200)
        #expect(error("steps(\(deep))")?.reason.contains("nested") == true)
    }

    @Test("css/css-easing/linear-timing-functions-output.html outputs")
    func linearOutputs() throws {
        // Every operand and result here is a dyadic rational with few bits (inputs 0, 0.5, 1 and
        // outputs in quarters), so each subtraction, division, product and sum is exact.
        for c in WPTEasingFixtures.linearOutputs {
            let f = try parse(c.css)
            for s in c.samples { #expect(f.value(at: s.x) == s.y, "\(c.css) at \(s.x)") }
        }
    }

    @Test("css/css-easing/linear-timing-functions-output.html equivalences")
    func linearEquivalents() throws {
        // The two linear() pairs canonicalise to identical points (so evaluate identically); for
        // steps(5, jump-start) at x = k/5 the product x·5 rounds to the integer k (|x·5 − k| is
        // below half an ulp of k) and the linear() point at k/5 (= 20k/100, the same double) has
        // the output (k + 1)/5 computed as the same correctly rounded quotient.
        for c in WPTEasingFixtures.linearEquivalents {
            let f = try parse(c.css)
            let g = try parse(c.equivalent)
            if case .linearFunction(let a) = f, case .linearFunction(let b) = g { #expect(a.points == b.points) }
            for x in c.xs { #expect(f.value(at: x) == g.value(at: x), "\(c.css) vs \(c.equivalent) at \(x)") }
        }
    }

    @Test("exactCSSText round-trips random linear() functions exactly")
    func roundTrip() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let n = Int.random(in: 2...8, using: &rng)
            var stops: [LinearEasing.Stop] = []
            for _ in 0..<n {
                let inputs = (0..<Int.random(in: 0...2, using: &rng)).map { _ in Double.random(in: -0.5...1.5, using: &rng) }
                stops.append(LinearEasing.Stop(Double.random(in: -2...2, using: &rng), at: inputs))
            }
            let f = TimingFunction.linearFunction(try LinearEasing(stops: stops))
            #expect(try parse(f.exactCSSText) == f, "\(f.exactCSSText)")
        }
        let c = TimingFunction.cubicBezier(try CubicBezier(1.0 / 3, 0.1, 2.0 / 3, 1e-7))
        #expect(try parse(c.exactCSSText) == c)
    }

    @Test("a spring serialises as a linear() within 0.001 of its curve")
    func spring() throws {
        let s = try Spring<Double>(mass: 1, stiffness: 200, damping: 10)
        let curve = try SpringCurve(spring: s)
        let text = TimingFunction.spring(curve).exactCSSText
        guard case .linearFunction(let l) = try parse(text) else {
            Issue.record("not a linear()")
            return
        }
        #expect(l.points.first?.input == 0 && l.points.last?.input == 1)
        for i in 0...1000 {
            let u = Double(i) / 1000
            #expect(abs(l.value(at: u) - curve.value(at: u)) <= 0.001, "u = \(u)")
        }
    }
}

/// The chained-easing output tests of css/css-easing (a keyframe easing applied to an effect
/// easing whose output leaves [0, 1]).
@Suite("CSS easing outputs (WPT)")
struct CSSEasingOutputWPTTests {
    /// The accuracy contract of ``CubicBezier/value(at:)``.
    static let bezierContract = 1e-7

    @Test("cubic-bezier-timing-functions-output.html", arguments: WPTEasingFixtures.bezierChains)
    func bezierChain(_ c: WPTEasingFixtures.ChainCase) throws {
        let effect = try CubicBezier(c.effect[0], c.effect[1], c.effect[2], c.effect[3])
        let keyframe = try CubicBezier(c.keyframe[0], c.keyframe[1], c.keyframe[2], c.keyframe[3])
        let effectRef = BezierReference(x1: c.effect[0], y1: c.effect[1], x2: c.effect[2], y2: c.effect[3])
        let keyframeRef = BezierReference(x1: c.keyframe[0], y1: c.keyframe[1], x2: c.keyframe[2], y2: c.keyframe[3])
        for time in c.times {
            let x = time / 1000
            // Each stage against an independent reference at the same input, within the
            // contract; chaining the two would multiply the inner error by the outer slope.
            let e = effectRef.y(x)
            #expect(abs(effect.value(at: x) - e) <= Self.bezierContract, "effect at \(x)")
            let expected: Double
            if e > 1 {
                expected = 1 + c.extensionSlope * (e - 1)
            } else if e < 0 {
                expected = c.extensionSlope * e
            } else {
                expected = keyframeRef.y(e)
            }
            #expect(abs(keyframe.value(at: e) - expected) <= Self.bezierContract, "keyframe at \(e) (time \(time))")
        }
    }

    @Test("step-timing-functions-output.html")
    func stepChains() throws {
        for c in WPTEasingFixtures.stepChains {
            let keyframe = try TimingFunction(css: c.keyframe)
            guard case .steps(let steps) = keyframe else {
                Issue.record("not steps")
                continue
            }
            let effect = try CubicBezier(c.effect[0], c.effect[1], c.effect[2], c.effect[3])
            let ref = BezierReference(x1: c.effect[0], y1: c.effect[1], x2: c.effect[2], y2: c.effect[3])
            for (time, value) in c.samples {
                let x = time / 1000
                let e = effect.value(at: x)
                // The step output is exact once the inner value is on the right side of every
                // jump: check that the reference is farther than the contract from a jump (x·n
                // an integer), so that the case is decided by the step function alone.
                let scaled = ref.y(x) * Double(steps.steps)
                let distance = abs(scaled - scaled.rounded())
                #expect(distance > Self.bezierContract * Double(steps.steps) || x == 0 || x == 1, "\(c.keyframe) near a jump at \(x)")
                #expect(keyframe.value(at: e) == value, "\(c.keyframe) of cubic-bezier\(c.effect) at \(time) ms")
            }
        }
    }

    @Test("linear() with 100,000 stops: bare stops spread evenly, two percentages make two points")
    func manyStops() throws {
        let n = 100_000
        let bare = "linear(" + (0..<n).map { "\($0 % 7)" }.joined(separator: ",") + ")"
        guard case .linearFunction(let l) = try TimingFunction(css: bare) else {
            Issue.record("not linear()")
            return
        }
        #expect(l.points.count == n)
        for k in Array(stride(from: 0, to: n, by: 997)) + [n - 1] {
            #expect(l.points[k].output == Double(k % 7))
            // Input 0 first, max(1, 0) = 1 last, and k/(n − 1) between (0 + (1 − 0)·k/(n − 1)).
            #expect(l.points[k].input == Double(k) / Double(n - 1), "\(k)")
        }
        // "v k% (k+1)%": two points per stop at k/100 and (k + 1)/100, each read in one rounding.
        let m = 50_000
        let pairs = "linear(" + (0..<m).map { "\($0 % 3) \(2 * $0)% \(2 * $0 + 1)%" }.joined(separator: ", ") + ")"
        guard case .linearFunction(let p) = try TimingFunction(css: pairs) else {
            Issue.record("not linear()")
            return
        }
        #expect(p.points.count == 2 * m)
        for k in Array(stride(from: 0, to: m, by: 499)) + [m - 1] {
            #expect(p.points[2 * k].input == Double("\(2 * k)e-2") && p.points[2 * k + 1].input == Double("\(2 * k + 1)e-2"), "\(k)")
            #expect(p.points[2 * k].output == Double(k % 3) && p.points[2 * k + 1].output == Double(k % 3))
        }
        #expect(p.value(at: 0.005) == 0)  // on the first stop's flat segment
    }
}
