import Foundation
import Testing
import MotionKernel
@testable import MotionKernelCLI
@testable import MotionKernelEval

func result(_ line: String) throws -> JSONObject {
    let a = try decode(#require(Eval.answer(line: line)))
    guard a.ok, case .object(let o)? = a.result else {
        Issue.record("not ok: \(Eval.answer(line: line) ?? "")")
        return JSONObject()
    }
    return o
}

func errorCode(_ line: String) throws -> String? { try decode(#require(Eval.answer(line: line))).code }

func num(_ o: JSONObject, _ k: String) -> Double {
    if case .number(let d)? = o[k] { return d }
    return .nan
}

func nums(_ v: JSONValue?) -> [Double] {
    guard case .array(let a)? = v else { return [] }
    return a.map { if case .number(let d) = $0 { return d } else { return .nan } }
}

@Suite("spring eval ops")
struct SpringOpsTests {
    @Test("spring.convert matches the closed forms: duration 0.5, bounce 0.3 → k = (4π)², c = 4π·0.7/0.5, and back")
    func convert() throws {
        let a = try result(#"{"op":"spring.convert","spring":{"duration":0.5,"bounce":0.3}}"#)
        #expect(abs(num(a, "stiffness") - 16 * Double.pi * Double.pi) < 1e-10)  // 157.91…
        #expect(abs(num(a, "damping") - 4 * Double.pi * 0.7 / 0.5) < 1e-10)  // 17.59…
        let b = try result(#"{"op":"spring.convert","spring":{"mass":1,"stiffness":100,"damping":10}}"#)
        #expect(abs(num(b, "duration") - 0.2 * Double.pi) < 1e-12)
        #expect(abs(num(b, "bounce") - 0.5) < 1e-12)
        #expect(abs(num(b, "dampingRatio") - 0.5) < 1e-12)
        for k in ["mass", "stiffness", "damping", "dampingRatio", "response", "duration", "bounce", "tension", "friction", "undampedPeriod"] {
            #expect(b[k] != nil, "\(k)")
        }
        let over = try result(#"{"op":"spring.convert","spring":{"stiffness":100,"dampingRatio":2}}"#)
        #expect(abs(num(over, "bounce") - (0.5 - 1)) < 1e-12)
    }

    @Test("spring.sample: closed form of the critically damped spring, relativeVelocity, any time order")
    func sample() throws {
        let r = try result(#"{"op":"spring.sample","spring":{"stiffness":400,"dampingRatio":1},"from":2,"to":5,"relativeVelocity":0.5,"times":[0.3,0,0.1]}"#)
        let w = 20.0, y0 = -3.0, v0 = 1.5
        let x = { (t: Double) in 5 + (y0 + (v0 + w * y0) * t) * Double.exp(-w * t) }
        let values = nums(r["value"])
        #expect(values.count == 3)
        for (i, t) in [0.3, 0, 0.1].enumerated() { #expect(abs(values[i] - x(t)) < 1e-13) }
        #expect(nums(r["velocity"])[1] == 1.5)
    }

    @Test("spring.settle: exact crossing of the epsilon band")
    func settle() throws {
        let r = try result(#"{"op":"spring.settle","spring":{"response":0.4,"dampingRatio":0.5},"epsilon":0.01}"#)
        let T = num(r, "settlingDuration")
        let s = try result(#"{"op":"spring.sample","spring":{"response":0.4,"dampingRatio":0.5},"times":[\#(T)]}"#)
        #expect(abs(abs(nums(s["value"])[0] - 1) - 0.01) < 1e-12)
    }

    @Test("spring ops at extreme scales: a settle time that is a crossing at k = 1e±300, overflows named, exact ζ at 2m or k·m overflow")
    func extremeScales() throws {
        for (k, c) in [("1e300", "1e150"), ("1e-300", "1e-150")] {
            let spring = #"{"stiffness":\#(k),"damping":\#(c)}"#
            let r = try result(#"{"op":"spring.settle","spring":\#(spring),"epsilon":0.01}"#)
            let T = num(r, "settlingDuration")
            // The unit spring's time scaled by 1/ω₀ = 1/√k (ζ = 1/2 at both scales).
            let unit = try result(#"{"op":"spring.settle","spring":{"stiffness":1,"damping":1},"epsilon":0.01}"#)
            let w0 = Double(k)!.squareRoot()
            // Both exact to 1e-9 of their time scale (the settle contract, in τ = ω₀t), with ζ
            // equal to 2u and ω₀ to 2u: the settle time in τ moves by ≤ 1e-9 + (its sensitivity
            // to ζ, ≈ T_τ/ζ)·2u, far below 1e-8·T_τ.
            #expect(abs(T * w0 - num(unit, "settlingDuration")) <= 1e-8 * num(unit, "settlingDuration"), "\(k)")
            // And it is a crossing: |x(T) − 1| = ε to the closed form's rounding (≈ 1e-13 here).
            let s = try result(#"{"op":"spring.sample","spring":\#(spring),"times":[\#(T)]}"#)
            #expect(abs(abs(nums(s["value"])[0] - 1) - 0.01) < 1e-12, "\(k)")
        }
        #expect(opMessage(#"{"op":"spring.sample","spring":{"stiffness":1,"damping":1},"from":1e308,"to":-1e308,"times":[1]}"#).hasPrefix("from:"))
        // 2m overflows: λ = c/(2m) = 1/3, ω₀² = 2/3, ζ = (1/3)/√(2/3) (a few roundings: ≤ 8u).
        let big = try result(#"{"op":"spring.convert","spring":{"mass":1.5e308,"stiffness":1e308,"damping":1e308}}"#)
        let zeta = (1.0 / 3) / (2.0 / 3).squareRoot()
        #expect(abs(num(big, "dampingRatio") - zeta) <= 8 * Double.ulpOfOne / 2 * zeta)
        // k·m = 1e310 overflows: c = 2ζ√k√m = 1e155 (≤ 6u with the inputs' rounding).
        let android = try result(#"{"op":"spring.convert","spring":{"stiffness":1e300,"dampingRatio":0.5,"mass":1e10}}"#)
        #expect(abs(num(android, "damping") - 1e155) <= 6 * Double.ulpOfOne / 2 * 1e155)
    }

    @Test("errors: codes and JSON paths")
    func errors() throws {
        func message(_ line: String) throws -> String {
            let l = try #require(Eval.answer(line: line))
            return l
        }
        #expect(try errorCode(#"{"op":"spring.sample","spring":{"stiffness":200},"times":[0]}"#) == "missingField")
        #expect(try message(#"{"op":"spring.sample","spring":{"stiffness":200},"times":[0]}"#).contains("spring.damping"))
        #expect(try errorCode(#"{"op":"spring.sample","spring":{"stiffness":-1,"damping":1},"times":[0]}"#) == "invalidValue")
        #expect(try message(#"{"op":"spring.sample","spring":{"stiffness":-1,"damping":1},"times":[0]}"#).contains("spring.stiffness"))
        #expect(try message(#"{"op":"spring.sample","spring":{"stiffness":1,"damping":1},"times":[0,-2]}"#).contains("times[1]"))
        #expect(try errorCode(#"{"op":"spring.sample","spring":{"stiffness":1,"damping":1}}"#) == "missingField")
        #expect(try errorCode(#"{"op":"spring.settle","spring":{"stiffness":1,"damping":0},"epsilon":0.01}"#) == "invalidValue")
        #expect(try errorCode(#"{"op":"spring.settle","spring":{"stiffness":1,"damping":1},"epsilon":0}"#) == "invalidValue")
        #expect(try errorCode(#"{"op":"spring.sample","spring":{"stiffness":1,"damping":1},"velocity":1,"relativeVelocity":1,"times":[0]}"#) == "invalidValue")
        #expect(try errorCode(#"{"op":"spring.sample","spring":{"duration":1,"bounce":-1},"times":[0]}"#) == "invalidValue")
        #expect(try errorCode(#"{"op":"spring.sample","spring":{"stiffness":1,"damping":1},"times":"soon"}"#) == "invalidValue")
    }

    @Test("a request for more than 10,000,000 numbers is refused before work")
    func bounded() throws {
        let many = String(repeating: "0,", count: 5_000_001) + "0"
        #expect(try errorCode(#"{"op":"spring.sample","spring":{"stiffness":1,"damping":1},"times":[\#(many)]}"#) == "invalidValue")
    }

    /// γ_k for Double (k·u / (1 − k·u), u = 2⁻⁵³).
    private func gammaDouble(_ k: Int) -> Double { let ku = Double(k) * Double.ulpOfOne / 2; return ku / (1 - ku) }

    @Test("visualDuration/bounce is Motion's conversion: k = (2π/(1.2 d))², c = 2ζ√k, mass 1; batch springs take it too")
    func motionSpring() throws {
        // Motion's formula (packages/motion-dom/src/animation/generators/spring.ts) with
        // independent arithmetic: k = 25π²/(9d²), c = 10πζ/(3d). ≤ 7 roundings on the code's
        // path and 6 here, plus the representation of 1.2 (doubled in k): γ₁₆ relative.
        let a = try result(#"{"op":"spring.convert","spring":{"visualDuration":0.5,"bounce":0.25}}"#)
        let k = 25 * Double.pi * Double.pi / (9 * 0.25), c = 10 * Double.pi * 0.75 / 1.5
        #expect(num(a, "mass") == 1)
        #expect(abs(num(a, "stiffness") - k) <= gammaDouble(16) * k)
        #expect(abs(num(a, "damping") - c) <= gammaDouble(16) * c)
        // Batch: the same field set, column by column, through the same conversion.
        let spec = #"""
            {"jobs": [{"name": "m", "kind": "spring.batch", "count": 3,
              "spring": {"visualDuration": [0.2, 0.5, 0.8], "bounce": [0, 0.5, 0.99]}, "times": [0.1]}]}
            """#
        #expect(try BatchSpec.parse(spec).count == 1)
        let cols = try SpringJobs.SpringColumns(
            Fields(
                JSONObject([
                    ("visualDuration", .array([.number(0.2), .number(0.5), .number(0.8)])),
                    ("bounce", .array([.number(0), .number(0.5), .number(0.99)])),
                ])), count: 3, seed: 1)
        let p = try cols.physical(0..<3)
        for (j, (d, b)) in zip([0.2, 0.5, 0.8], [0.0, 0.5, 0.99]).enumerated() {
            let s = try Spring<Double>.motion(visualDuration: d, bounce: b)
            #expect(p.m[j] == s.mass && p.k[j] == s.stiffness && p.c[j] == s.damping)
        }
        let bad = #"""
            {"jobs": [{"name": "m", "kind": "spring.batch", "count": 3,
              "spring": {"visualDuration": 0.3, "bounce": {"linspace": [0, 1.5]}}, "times": [0.1]}]}
            """#
        do {
            _ = try BatchSpec.parse(bad)
            Issue.record("a bounce column reaching 1.5 was accepted")
        } catch let e as MotionKernelError {
            #expect(e.field.hasSuffix("spring.bounce"), "\(e.message)")
        }
    }

    @Test("visualDuration/bounce errors name the field; mass cannot be combined (Motion would drop visualDuration)")
    func motionSpringErrors() throws {
        let cases: [(String, String, String)] = [
            (#"{"visualDuration":0,"bounce":0.3}"#, "invalidValue", "spring.visualDuration"),
            (#"{"visualDuration":-0.3,"bounce":0.3}"#, "invalidValue", "spring.visualDuration"),
            (#"{"visualDuration":0.3,"bounce":-0.1}"#, "invalidValue", "spring.bounce"),
            (#"{"visualDuration":0.3,"bounce":1.5}"#, "invalidValue", "spring.bounce"),
            (#"{"visualDuration":0.3}"#, "missingField", "spring.bounce"),
            (#"{"visualDuration":0.3,"bounce":0.2,"mass":2}"#, "invalidValue", "spring.mass"),
            (#"{"visualDuration":0.3,"bounce":0.2,"stiffness":2,"damping":1}"#, "invalidValue", "spring.stiffness"),
            (#"{"visualDuration":0.3,"bounce":0.2,"duration":1}"#, "invalidValue", "spring."),
        ]
        for (spring, code, field) in cases {
            let line = #"{"op":"spring.sample","spring":"# + spring + #","times":[0]}"#
            #expect(try errorCode(line) == code, "\(spring)")
            #expect(opMessage(line).hasPrefix(field), "\(spring) → \(opMessage(line))")
        }
        #expect(opMessage(#"{"op":"spring.sample","spring":{"visualDuration":0.3,"bounce":0.2,"mass":2},"times":[0]}"#).contains("Motion ignores"))
    }
}
