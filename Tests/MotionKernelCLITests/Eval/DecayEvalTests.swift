import Foundation
import MotionKernel
import Testing

@testable import MotionKernelEval

/// `decay.sample`, `velocity.estimate` and `rubberBand` through the eval protocol: answers equal
/// the Swift models' (the protocol adds no arithmetic), and bad input names its field.
@Suite("eval: released gestures")
struct DecayEvalTests {
    /// The answer's result object, or the error's message.
    func ask(_ line: String) throws -> (result: JSONObject?, message: String?) {
        guard case .object(let o) = try JSONParser.parse(try #require(Eval.answer(line: line))) else { return (nil, nil) }
        if case .object(let r) = o["result"] { return (r, nil) }
        if case .object(let e) = o["error"], case .string(let m) = e["message"] { return (nil, m) }
        return (nil, nil)
    }

    func numbers(_ v: JSONValue?) -> [Double] {
        guard case .array(let a) = v else { return [] }
        return a.compactMap { if case .number(let d) = $0 { d } else { nil } }
    }

    @Test("every model's answer is the Swift model's, with projectedValue and boundaryTime where they apply")
    func models() throws {
        let times = [0, 0.05, 0.3, 1.2, 4.0]
        let cases: [(String, any DecayMotion)] = [
            (#"{"model":"uikit","decelerationRate":"fast"}"#, try UIKitDecay(from: 5, velocity: -1800, decelerationRate: 0.99)),
            (#"{"model":"reactNative"}"#, try ReactNativeDecay(from: 5, velocity: -1800)),
            (#"{"model":"compose","absVelocityThreshold":2}"#, try ComposeExponentialDecay(from: 5, velocity: -1800, absVelocityThreshold: 2)),
            (#"{"model":"androidFling","density":2.625}"#, try AndroidFlingDecay(from: 5, velocity: -1800, density: 2.625)),
            (#"{"model":"motionInertia","min":-200,"timeConstant":0.5}"#, try MotionInertia(from: 5, velocity: -1800, timeConstant: 0.5, min: -200)),
        ]
        for (spec, model) in cases {
            let (r, m) = try ask(#"{"op":"decay.sample","decay":\#(spec),"from":5,"velocity":-1800,"times":[0,0.05,0.3,1.2,4.0]}"#)
            let result = try #require(r, "\(spec): \(m ?? "")")
            #expect(numbers(result["values"]) == times.map { model.value(at: $0) })
            #expect(numbers(result["velocities"]) == times.map { model.velocity(at: $0) })
            #expect(result["restingValue"] == .number(model.restingValue) && result["duration"] == .number(model.duration))
            if let u = model as? UIKitDecay { #expect(result["projectedValue"] == .number(u.projectedValue)) }
            if let i = model as? MotionInertia {
                #expect(result["boundaryTime"] == .number(try #require(i.boundaryTime)))
            }
        }
        let (free, _) = try ask(#"{"op":"decay.sample","decay":{"model":"motionInertia"},"velocity":100,"times":[0]}"#)
        #expect(free?["boundaryTime"] == .null)
    }

    @Test("bad input names the field")
    func errors() throws {
        let cases: [(String, String)] = [
            (#"{"op":"decay.sample","decay":{"model":"uikit","decelerationRate":1},"velocity":1,"times":[0]}"#, "decay.decelerationRate:"),
            (#"{"op":"decay.sample","decay":{"model":"uikit","decelerationRate":"slow"},"velocity":1,"times":[0]}"#, "decay.decelerationRate:"),
            (#"{"op":"decay.sample","decay":{"model":"reactNative","deceleration":-0.5},"velocity":1,"times":[0]}"#, "decay.deceleration:"),
            (#"{"op":"decay.sample","decay":{"model":"motionInertia","min":5,"max":1},"velocity":1,"times":[0]}"#, "decay.min:"),
            (#"{"op":"decay.sample","decay":{"model":"motionInertia","snapTo":[1,"x"]},"velocity":1,"times":[0]}"#, "decay.snapTo[1]:"),
            (#"{"op":"decay.sample","decay":{"model":"motionInertia","max":0,"bounceDamping":0},"velocity":100,"times":[0]}"#, "decay.bounceDamping:"),
            (#"{"op":"decay.sample","decay":{"model":"bogus"},"velocity":1,"times":[0]}"#, "decay.model:"),
            (#"{"op":"decay.sample","decay":{"model":"uikit","stiffness":1},"velocity":1,"times":[0]}"#, "decay.stiffness:"),
            (#"{"op":"decay.sample","decay":{"model":"uikit"},"velocity":1e999,"times":[0]}"#, "velocity:"),
            (#"{"op":"decay.sample","decay":{"model":"uikit"},"times":[0]}"#, "velocity"),
            (#"{"op":"decay.sample","decay":{"model":"uikit"},"velocity":1,"times":[-1]}"#, "times[0]:"),
            (#"{"op":"velocity.estimate","samples":[[0,1]]}"#, "samples:"),
            (#"{"op":"velocity.estimate","samples":[[0.1,1],[0,2]]}"#, "samples[1][0]:"),
            (#"{"op":"velocity.estimate","samples":[[0,1],[0.01]]}"#, "samples[1]:"),
            (#"{"op":"velocity.estimate","samples":[[0,1],[0.01,2]],"strategy":"wlsq"}"#, "strategy:"),
            (#"{"op":"velocity.estimate","samples":[[0,1],[0.01,2]],"releaseTime":0}"#, "releaseTime:"),
            (#"{"op":"rubberBand","offset":2,"dimension":1,"inverse":true}"#, "offset:"),
            (#"{"op":"rubberBand","offset":2,"dimension":0}"#, "dimension:"),
        ]
        for (line, field) in cases {
            let (r, m) = try ask(line)
            #expect(r == nil && (m ?? "").hasPrefix(field), "\(line): \(m ?? "no error")")
        }
    }

    @Test("velocity.estimate and rubberBand answer the Swift functions' values")
    func velocityAndRubberBand() throws {
        let (v, _) = try ask(#"{"op":"velocity.estimate","samples":[[0,0],[0.01,5],[0.02,10]],"strategy":"impulse","releaseTime":0.02}"#)
        #expect(v?["velocity"] == .number(try VelocityTracker.estimate([(0, 0), (0.01, 5), (0.02, 10)], strategy: .impulse, releaseTime: 0.02)))
        let (r, _) = try ask(#"{"op":"rubberBand","offset":-400,"dimension":960}"#)
        #expect(r?["value"] == .number(try RubberBand.value(offset: -400, dimension: 960)))
        let (i, _) = try ask(#"{"op":"rubberBand","offset":178,"dimension":960,"inverse":true,"coefficient":0.5}"#)
        #expect(i?["value"] == .number(try RubberBand.inverse(offset: 178, dimension: 960, coefficient: 0.5)))
    }
}
