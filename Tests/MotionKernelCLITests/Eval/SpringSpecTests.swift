import MotionKernel
import Testing

@testable import MotionKernelEval

/// The spring parameter sets: which set a set of keys selects, the spring each maps to, and the
/// corners of a box of parameter ranges.
@Suite("SpringSpec")
struct SpringSpecTests {
    @Test("each set is selected by its own keys, with or without its optional ones; mixed or partial keys select none")
    func matching() {
        for set in SpringSpec.allCases {
            #expect(SpringSpec.matching(Set(set.required)) == set)
            #expect(SpringSpec.matching(set.keys) == set)
        }
        #expect(SpringSpec.matching(["stiffness"]) == nil)
        #expect(SpringSpec.matching(["stiffness", "damping", "dampingRatio"]) == nil)
        #expect(SpringSpec.matching(["visualDuration", "bounce", "mass"]) == nil)
        #expect(SpringSpec.matching([]) == nil)
        #expect(SpringSpec.allKeys.count == 12)
    }

    @Test("each set maps to the Spring initialiser of its parameters; absent optional keys take their defaults")
    func springs() throws {
        func values(_ v: [String: Double]) -> (String) -> Double? { { v[$0] } }
        let cases: [(SpringSpec, [String: Double], Spring<Double>)] = [
            (.physical, ["stiffness": 200, "damping": 10], try Spring(mass: 1, stiffness: 200, damping: 10, allowOverDamping: true)),
            (.physical, ["stiffness": 200, "damping": 90, "mass": 2], try Spring(mass: 2, stiffness: 200, damping: 90, allowOverDamping: true)),
            (.stiffnessDampingRatio, ["stiffness": 200, "dampingRatio": 0.5, "mass": 3], try Spring(stiffness: 200, dampingRatio: 0.5, mass: 3)),
            (.responseDampingRatio, ["response": 0.5, "dampingRatio": 0.7], try Spring(response: 0.5, dampingRatio: 0.7)),
            (.durationBounce, ["duration": 0.4], try Spring(duration: 0.4, bounce: 0)),
            (.durationBounce, ["duration": 0.4, "bounce": 0.3], try Spring(duration: 0.4, bounce: 0.3)),
            (.tensionFriction, ["tension": 40, "friction": 7], try Spring(tension: 40, friction: 7)),
            (.bouncinessSpeed, ["bounciness": 5, "speed": 12], try Spring(bounciness: 5, speed: 12)),
            (.visualDurationBounce, ["visualDuration": 0.3, "bounce": 0.25], try Spring.motion(visualDuration: 0.3, bounce: 0.25)),
        ]
        for (set, v, expected) in cases {
            let s: Spring<Double> = try set.spring(values(v))
            #expect(s.mass == expected.mass && s.stiffness == expected.stiffness && s.damping == expected.damping, "\(set.rawValue) \(v)")
        }
        // A required key that is absent is named; a bad value gets the initialiser's error.
        #expect(throws: MotionKernelError.missingField("damping")) { try SpringSpec.physical.spring(values(["stiffness": 1])) as Spring<Double> }
        #expect { try SpringSpec.physical.spring(values(["stiffness": -1, "damping": 1])) as Spring<Double> } throws: { e in
            (e as? MotionKernelError)?.field == "stiffness"
        }
    }

    @Test("the damping of a damping ratio: 2ζ√(km), exact where √(km) is")
    func damping() {
        #expect(SpringSpec.damping(stiffness: 4, dampingRatio: 0.5, mass: 1) == 2)
        #expect(SpringSpec.damping(stiffness: 9, dampingRatio: 0.25, mass: 4) == 3)
        #expect(SpringSpec.damping(stiffness: 100, dampingRatio: 0, mass: 2.5) == 0)
    }

    @Test("corners: every choice of lo or hi, bit b of the index picking hi for dimension b")
    func corners() {
        #expect(SpringSpec.corners([]) == [[]])
        #expect(SpringSpec.corners([(1, 2)]) == [[1], [2]])
        #expect(SpringSpec.corners([(1, 2), (10, 20)]) == [[1, 10], [2, 10], [1, 20], [2, 20]])
        #expect(SpringSpec.corners([(0, 1), (0, 1), (0, 1)]).count == 8)
    }
}
