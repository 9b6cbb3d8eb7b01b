import Foundation
import MotionKernel
import Testing

@testable import MotionKernelCLI

@Suite("CSS eval ops")
struct CSSOpsTests {
    /// The field an error answer names (its message's "field: " prefix), or nil when it succeeded.
    func errorField(_ line: String) throws -> String? {
        let m = opMessage(line)
        guard let colon = m.range(of: ": ") else { return nil }
        return String(m[..<colon.lowerBound])
    }

    @Test("spring.cssLinear: a linear() within its certified maxError <= tolerance, over the settling duration")
    func springCSSLinear() throws {
        let r = try result(#"{"op":"spring.cssLinear","spring":{"response":0.5,"dampingRatio":0.5},"tolerance":0.001}"#)
        guard case .string(let css)? = r["css"] else {
            Issue.record("no css")
            return
        }
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

    @Test("preset.export css: @keyframes per layer, the animation rules, a positive tolerance")
    func presetExportCSS() throws {
        let r = try result(#"{"op":"preset.export","preset":"toolbarReveal","format":"css"}"#)
        guard case .string(let css)? = r["css"] else {
            Issue.record("no css")
            return
        }
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
