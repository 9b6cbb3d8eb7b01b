import Foundation
import MotionKernel
import Testing

@testable import MotionKernelCLI
@testable import MotionKernelEval

@Suite("CSS eval ops")
struct CSSOpsTests {
    /// The field an error answer names (its message's "field: " prefix), or nil when it succeeded.
    func errorField(_ line: String) throws -> String? {
        let m = opMessage(line)
        guard let colon = m.range(of: ": ") else { return nil }
        return String(m[..<colon.lowerBound])
    }

    /// The answer's `css` string; records an issue and throws when there is none.
    func cssString(_ r: JSONObject) throws -> String {
        var css: String?
        if case .string(let s)? = r["css"] { css = s }
        return try #require(css, "no css")
    }

    @Test("spring.cssLinear: a linear() within its certified maxError <= tolerance, over the settling duration")
    func springCSSLinear() throws {
        let r = try result(#"{"op":"spring.cssLinear","spring":{"response":0.5,"dampingRatio":0.5},"tolerance":0.001}"#)
        let css = try cssString(r)
        #expect(css.hasPrefix("linear(0, ") && css.hasSuffix(" 100%)"))
        #expect(num(r, "maxError") > 0 && num(r, "maxError") <= 0.001)
        let parsed = try TimingFunction(css: css)
        guard case .linearFunction(let l) = parsed else {
            Issue.record("not a linear() function: \(parsed)")
            return
        }
        #expect(Double(l.points.count) == num(r, "points"))
        let settle = try result(#"{"op":"spring.settle","spring":{"response":0.5,"dampingRatio":0.5},"epsilon":0.001}"#)
        #expect(num(r, "duration") == num(settle, "settlingDuration"))
    }

    @Test("spring.cssLinear normalizes the initial velocity by to − from: velocity 40 over 10 → 20 equals relativeVelocity 4")
    func normalizedVelocity() throws {
        let a = try result(#"{"op":"spring.cssLinear","spring":{"stiffness":200,"dampingRatio":0.7},"from":10,"to":20,"velocity":40,"tolerance":0.001}"#)
        let b = try result(#"{"op":"spring.cssLinear","spring":{"stiffness":200,"dampingRatio":0.7},"relativeVelocity":4,"tolerance":0.001}"#)
        let c = try result(#"{"op":"spring.cssLinear","spring":{"stiffness":200,"dampingRatio":0.7},"tolerance":0.001}"#)
        #expect(a["css"] == b["css"] && num(a, "duration") == num(b, "duration"))
        #expect(a["css"] != c["css"])
        // Downwards: 20 → 10 with velocity −40 is the same normalized motion.
        let d = try result(#"{"op":"spring.cssLinear","spring":{"stiffness":200,"dampingRatio":0.7},"from":20,"to":10,"velocity":-40,"tolerance":0.001}"#)
        #expect(d["css"] == b["css"])
    }

    @Test("spring.cssLinear errors name the field")
    func springErrors() throws {
        let s = #""spring":{"stiffness":200,"dampingRatio":0.7}"#
        #expect(try errorField(#"{"op":"spring.cssLinear",\#(s)}"#) == "tolerance")
        for bad in ["0", "-1", "2", "1e-9", "\"a\""] {
            #expect(try errorField(#"{"op":"spring.cssLinear",\#(s),"tolerance":\#(bad)}"#) == "tolerance", "\(bad)")
        }
        #expect(try errorField(#"{"op":"spring.cssLinear",\#(s),"from":1,"to":1,"tolerance":0.01}"#) == "to")
        #expect(try errorField(#"{"op":"spring.cssLinear","spring":{"stiffness":100,"damping":0},"tolerance":0.01}"#) == "spring.damping")
        #expect(try errorField(#"{"op":"spring.cssLinear",\#(s),"tolerance":0.01,"epsilon":0}"#) == "epsilon")
        #expect(try errorField(#"{"op":"spring.cssLinear",\#(s),"tolerance":0.01,"bogus":1}"#) == "bogus")
    }

    @Test("spring.cssLinear: every answer over a sweep of epsilon (to 1e300) is an error at epsilon or a linear() that parses with two or more stops")
    func epsilonSweep() throws {
        var answered = 0
        for eps in ["1e-300", "1e-12", "1e-6", "0.001", "0.5", "0.999", "1", "2", "1e300"] {
            for velocity in ["", #","relativeVelocity":3"#, #","relativeVelocity":-2"#] {
                let line = #"{"op":"spring.cssLinear","spring":{"stiffness":200,"dampingRatio":0.7},"tolerance":0.001,"epsilon":\#(eps)\#(velocity)}"#
                if let field = try errorField(line) {
                    #expect(field == "epsilon", "\(eps) \(velocity)")
                    continue
                }
                let r = try result(line)
                guard case .string(let css)? = r["css"] else {
                    Issue.record("no css for \(eps) \(velocity)")
                    continue
                }
                guard case .linearFunction(let l) = try TimingFunction(css: css) else {
                    Issue.record("not a linear() function: \(css)")
                    continue
                }
                #expect(l.points.count >= 2 && Double(l.points.count) == num(r, "points"), "\(eps) \(velocity)")
                answered += 1
            }
        }
        // Epsilon ≥ 1 from rest starts settled: an error, never `linear(0)`.
        #expect(try errorField(#"{"op":"spring.cssLinear","spring":{"stiffness":200,"dampingRatio":0.7},"tolerance":0.001,"epsilon":2}"#) == "epsilon")
        #expect(answered >= 15)
    }

    @Test("spring.cssLinear: epsilon is a fraction of |to − from|: epsilon e over 10 → 30 has spring.settle's duration for 20e")
    func relativeEpsilon() throws {
        let a = try result(#"{"op":"spring.cssLinear","spring":{"stiffness":200,"dampingRatio":0.7},"from":10,"to":30,"tolerance":0.001,"epsilon":0.01}"#)
        let b = try result(#"{"op":"spring.settle","spring":{"stiffness":200,"dampingRatio":0.7},"from":0,"to":1,"epsilon":0.01}"#)
        let c = try result(#"{"op":"spring.settle","spring":{"stiffness":200,"dampingRatio":0.7},"from":10,"to":30,"epsilon":0.2}"#)
        let d = try result(#"{"op":"spring.settle","spring":{"stiffness":200,"dampingRatio":0.7},"from":10,"to":30,"epsilon":0.01}"#)
        #expect(num(a, "duration") == num(b, "settlingDuration"))
        // The absolute epsilon 20·0.01 is the same motion's settling time: both answers are
        // exact to 1e-9 s (spring.settle's documented accuracy), so they are within 2e-9 s.
        #expect(abs(num(a, "duration") - num(c, "settlingDuration")) <= 2e-9)
        // An absolute 0.01 over a distance of 20 is much later.
        #expect(num(d, "settlingDuration") > num(a, "duration"))
    }

    @Test("spring.cssLinear at k = 1e±300, c = 1e±150: the ζ = 1/2 easing at mass 1 (k = 1, c = 1), within the certificates")
    func extremeScales() throws {
        let unit = try result(#"{"op":"spring.cssLinear","spring":{"stiffness":1,"damping":1},"tolerance":0.001}"#)
        guard case .string(let unitCSS)? = unit["css"], case .linearFunction(let lu) = try TimingFunction(css: unitCSS) else {
            Issue.record("unit scale")
            return
        }
        for (k, c) in [("1e300", "1e150"), ("1e-300", "1e-150")] {
            let r = try result(#"{"op":"spring.cssLinear","spring":{"stiffness":\#(k),"damping":\#(c)},"tolerance":0.001}"#)
            guard case .string(let css)? = r["css"], case .linearFunction(let l) = try TimingFunction(css: css) else {
                Issue.record("\(k)")
                continue
            }
            #expect(num(r, "maxError") <= 0.001)
            // Both are certified within maxError of the true curves of their springs, which
            // differ only through ζ (1e150 and 1e300 as Doubles give ζ = 1/2 to 2u): by Duhamel
            // ≤ Δζ·τ² ≤ 2u·0.5·15² ≈ 2.5e-14 in value, and as much again through the settling
            // durations; the interpolants' own rounding is ≤ 8u·max|V|. 1e-12 covers all three.
            let bound = num(r, "maxError") + num(unit, "maxError") + 1e-12
            for j in 0...1000 {
                let p = Double(j) / 1000
                #expect(abs(l.value(at: p) - lu.value(at: p)) <= bound, "\(k) p \(p)")
            }
        }
    }

    @Test("preset.export css: @keyframes per layer, the animation rules, a positive tolerance")
    func presetExportCSS() throws {
        let r = try result(#"{"op":"preset.export","preset":"toolbarReveal","format":"css"}"#)
        let css = try cssString(r)
        for part in [
            "@keyframes mk-toolbar", "@keyframes mk-tabBar", ".toolbar {", ".tabBar {", "animation-fill-mode: both", "translateY(667px)",
            "translateY(623px)",
        ] {
            #expect(css.contains(part), "\(part)")
        }
        #expect(num(r, "tolerance") > 0 && num(r, "tolerance") < 0.01)
    }

    @Test("preset.export waapi: shake's 9 linear keyframes over 600 ms; options as preset.sample takes them")
    func presetExportWAAPI() throws {
        let r = try result(#"{"op":"preset.export","preset":"shake","format":"waapi","options":{"amplitude":10}}"#)
        guard case .object(let layers)? = r["layers"], case .object(let view)? = layers["view"], case .array(let kfs)? = view["keyframes"],
            case .object(let options)? = view["options"]
        else {
            Issue.record("unexpected shape: \(r)")
            return
        }
        #expect(kfs.count == 9)
        #expect(num(options, "duration") == 600 && num(options, "delay") == 0)
        #expect(options["fill"] == .string("both"))
        if case .object(let k1)? = kfs.dropFirst().first {
            #expect(k1["transform"] == .string("translateX(10px)"))
            #expect(num(k1, "offset") == 0.125)
            #expect(k1["easing"] == .string("linear"))
        }
        #expect(num(r, "tolerance") > 0)
    }

    @Test("preset.export errors name the field")
    func exportErrors() throws {
        #expect(try errorField(#"{"op":"preset.export","preset":"shake"}"#) == "format")
        #expect(try errorField(#"{"op":"preset.export","preset":"shake","format":"svg"}"#) == "format")
        #expect(try errorField(#"{"op":"preset.export","preset":"nope","format":"css"}"#) == "preset")
        #expect(try errorField(#"{"op":"preset.export","preset":"shake","format":"css","options":{"duration":-1}}"#) == "options.duration")
        #expect(try errorField(#"{"op":"preset.export","preset":"shake","format":"css","options":{"bogus":1}}"#) == "options.bogus")
    }
}
