import Foundation
import Testing
@testable import MotionKernelCLI

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
}
