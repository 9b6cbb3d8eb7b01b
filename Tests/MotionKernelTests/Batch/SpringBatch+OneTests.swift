import Testing
@testable import MotionKernel

/// `SpringBatch.sampleOne` against the one-row batch it stands for: the same bits and the same
/// errors (fields) for random springs, with and without velocities.
@Suite("SpringBatch.sampleOne")
struct SpringBatchOneTests {
    func check<T: MotionScalar>(_: T.Type) throws {
        var rng = SplitMix64(seed: 0x0_11E)
        for _ in 0..<300 {
            let k = T(rng.uniform(1, 2000)), c = T(rng.uniform(0, 80)), m = T(rng.uniform(0.1, 5))
            let x0 = T(rng.uniform(-10, 10)), x1 = T(rng.uniform(-10, 10)), v0 = T(rng.uniform(-100, 100)), t = T(rng.uniform(0, 4))
            let batch = try SpringBatch<T>(mass: [m], stiffness: [k], damping: [c], from: [x0], to: [x1], initialVelocity: [v0])
            let whole = try batch.sample(.times([t]), withVelocities: true)
            let one = try SpringBatch<T>.sampleOne(mass: m, stiffness: k, damping: c, from: x0, to: x1, initialVelocity: v0, at: t, withVelocity: true)
            #expect(one.value == whole.values[0] && one.velocity == whole.velocities![0])
            let valueOnly = try SpringBatch<T>.sampleOne(mass: m, stiffness: k, damping: c, from: x0, to: x1, initialVelocity: v0, at: t, withVelocity: false)
            #expect(valueOnly.value == one.value && valueOnly.velocity == 0)
        }
    }

    @Test("the one-row batch's bits, Float and Double", arguments: Precision.allCases)
    func bits(_ precision: Precision) throws {
        try check(precision.type)
    }

    @Test("the one-row batch's error fields")
    func errors() {
        func field(_ f: () throws -> Void) -> String? {
            do { try f(); return nil } catch let e as MotionKernelError { return e.field } catch { return "?" }
        }
        func one(k: Double = 100, c: Double = 10, m: Double = 1, from: Double = 0, to: Double = 1, v: Double = 0, t: Double = 0.5) -> String? {
            let a = field {
                _ = try SpringBatch<Double>.sampleOne(mass: m, stiffness: k, damping: c, from: from, to: to, initialVelocity: v, at: t, withVelocity: true)
            }
            let b = field {
                _ = try SpringBatch<Double>(mass: [m], stiffness: [k], damping: [c], from: [from], to: [to], initialVelocity: [v])
                    .sample(.times([t]), withVelocities: true)
            }
            #expect(a == b, "sampleOne names \(a ?? "nothing"), the batch \(b ?? "nothing")")
            return a
        }
        #expect(one(k: -1) == "stiffness[0]")
        #expect(one(c: -1) == "damping[0]")
        #expect(one(m: 0) == "mass[0]")
        #expect(one(from: .nan) == "from[0]")
        #expect(one(to: .infinity) == "to[0]")
        #expect(one(v: .nan) == "velocity[0]")
        #expect(one(t: -1) == "times[0]")
        #expect(one(t: .nan) == "times[0]")
        #expect(one(to: 1e308) != nil)
        #expect(one(v: 1.5e308) != nil)  // the velocities exceed the range, values do not
        #expect(one() == nil)
    }
}
