import Foundation
import Testing

@testable import MotionKernel
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// `decay.batch`: every row equals eval's `decay.sample` for that row's parameters (the same
/// Swift models), and bad ranges are refused before any work, naming the field.
@Suite("batch: decay.batch")
struct DecayJobsTests {
    @Test("rows equal the models for their columns' values, in double and float")
    func rowsEqualModels() throws {
        let spec = #"""
            {"jobs": [{"name": "u", "kind": "decay.batch", "count": 40, "seed": 2,
              "decay": {"model": "uikit", "decelerationRate": {"uniform": [0.9, 0.999]}, "restDelta": 0.25},
              "from": {"linspace": [-5, 5]}, "velocity": {"uniform": [-3000, 3000]},
              "times": {"start": 0, "step": 0.05, "count": 21}, "outputs": ["value", "velocity"]},
              {"name": "r", "kind": "decay.batch", "precision": "float", "count": 17, "decay": {"model": "reactNative"},
              "velocity": {"linspace": [-2000, 2000]}, "times": [0, 0.2, 1.5]}]}
            """#
        let dir = tempDir()
        #expect(BatchCommand.run([try writeSpec(spec, in: dir), "--out", dir + "/out", "--threads", "2"]) == 0)
        let value = try readNPY(dir + "/out/u.value.npy"), velocity = try readNPY(dir + "/out/u.velocity.npy")
        let jobs = try BatchSpec.parse(spec)
        #expect(jobs.count == 2 && value.shape == [40, 21])
        // The columns' values, regenerated as the job generates them.
        guard case .object(let root) = try JSONParser.parse(spec), case .array(let js)? = root["jobs"], case .object(let j0) = js[0] else {
            Issue.record("bad spec")
            return
        }
        let f = Fields(j0, path: "jobs[0]")
        let decayF = try f.requireObject("decay")
        let rate = try #require(try BatchSpec.column(decayF, "decelerationRate", count: 40, seed: 2))
        let from = try #require(try BatchSpec.column(f, "from", count: 40, seed: 2))
        let vel = try #require(try BatchSpec.column(f, "velocity", count: 40, seed: 2))
        for i in 0..<40 {
            let m = try UIKitDecay(from: from.value(at: i), velocity: vel.value(at: i), decelerationRate: rate.value(at: i), restDelta: 0.25)
            for j in 0..<21 {
                let t = Double(j) * 0.05
                #expect(value.values[i * 21 + j] == m.value(at: t) && velocity.values[i * 21 + j] == m.velocity(at: t))
            }
        }
        let r = try readNPY(dir + "/out/r.value.npy")
        #expect(r.dtype == .float32 && r.shape == [17, 3])
        let m = try ReactNativeDecay(from: 0, velocity: 2000)
        #expect(r.values[16 * 3 + 2] == Double(Float(m.value(at: 1.5))))
    }

    @Test("constant parameters (the shared-factor path) give each row's model's bits, stops and rests included")
    func sharedFactors() throws {
        let spec = #"""
            {"jobs": [
              {"name": "u", "kind": "decay.batch", "count": 30, "seed": 5, "decay": {"model": "uikit", "decelerationRate": "fast"},
               "from": {"uniform": [-3, 3]}, "velocity": {"uniform": [-4000, 4000]}, "times": [0, 0.001, 0.05, 0.4, 3, 40],
               "outputs": ["value", "velocity"]},
              {"name": "r", "kind": "decay.batch", "count": 30, "seed": 6, "decay": {"model": "reactNative", "deceleration": 0.995},
               "from": -0.0, "velocity": {"linspace": [-3000, 3000]}, "times": [0, 0.0001, 0.2, 1, 2.5, 9],
               "outputs": ["value", "velocity"]},
              {"name": "c", "kind": "decay.batch", "count": 30, "seed": 7, "decay": {"model": "compose", "absVelocityThreshold": 50},
               "from": 2, "velocity": {"linspace": [-200, 200]}, "times": [0, 0.01, 0.3, 1, 5],
               "outputs": ["value", "velocity"]}]}
            """#
        let dir = tempDir()
        #expect(BatchCommand.run([try writeSpec(spec, in: dir), "--out", dir + "/out"]) == 0)
        guard case .object(let root) = try JSONParser.parse(spec), case .array(let jobs)? = root["jobs"] else { return }
        for (index, name) in ["u", "r", "c"].enumerated() {
            guard case .object(let o) = jobs[index] else { continue }
            let f = Fields(o, path: "jobs[\(index)]")
            let n = 30
            let seed = UInt64(5 + index)
            let from = try #require(try BatchSpec.column(f, "from", count: n, seed: seed))
            let vel = try #require(try BatchSpec.column(f, "velocity", count: n, seed: seed))
            let times = try #require(try f.numbers("times"))
            let spec = try DecayOps.parseSpec(try f.requireObject("decay"))
            let values = try readNPY(dir + "/out/\(name).value.npy"), velocities = try readNPY(dir + "/out/\(name).velocity.npy")
            for i in 0..<n {
                let m = try spec.motion(from: from.value(at: i), velocity: vel.value(at: i)).motion
                for (j, t) in times.enumerated() {
                    let s = m.state(at: t)
                    #expect(values.values[i * times.count + j].bitPattern == s.value.bitPattern, "\(name) row \(i) t \(t)")
                    #expect(velocities.values[i * times.count + j].bitPattern == s.velocity.bitPattern, "\(name) row \(i) t \(t)")
                }
            }
        }
    }

    @Test("parameter columns (each row its own decay constant) give each row's model's bits, in double and float")
    func variedColumns() throws {
        let spec = #"""
            {"jobs": [
              {"name": "r", "kind": "decay.batch", "count": 70, "seed": 8, "decay": {"model": "reactNative", "deceleration": {"uniform": [0.97, 0.999]}},
               "from": {"uniform": [-3, 3]}, "velocity": {"linspace": [-3000, 3000]}, "times": [0, 0.0001, 0.2, 1, 2.5, 9, 0.05, 0.3, 0.6],
               "outputs": ["value", "velocity"]},
              {"name": "c", "kind": "decay.batch", "count": 70, "seed": 9, "precision": "float",
               "decay": {"model": "compose", "frictionMultiplier": {"linspace": [0.2, 4]}, "absVelocityThreshold": {"uniform": [0.05, 30]}},
               "from": -0.0, "velocity": {"uniform": [-400, 400]}, "times": [0, 0.01, 0.3, 1, 5, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64],
               "outputs": ["value", "velocity"]}]}
            """#
        let dir = tempDir()
        #expect(BatchCommand.run([try writeSpec(spec, in: dir), "--out", dir + "/out", "--threads", "2"]) == 0)
        guard case .object(let root) = try JSONParser.parse(spec), case .array(let jobs)? = root["jobs"] else { return }
        for (index, (name, key)) in [("r", "deceleration"), ("c", "frictionMultiplier")].enumerated() {
            guard case .object(let o) = jobs[index] else { continue }
            let f = Fields(o, path: "jobs[\(index)]")
            let n = 70, seed = UInt64(8 + index)
            let decayF = try f.requireObject("decay")
            let param = try #require(try BatchSpec.column(decayF, key, count: n, seed: seed))
            let threshold = try BatchSpec.column(decayF, "absVelocityThreshold", count: n, seed: seed)
            let from = try #require(try BatchSpec.column(f, "from", count: n, seed: seed))
            let vel = try #require(try BatchSpec.column(f, "velocity", count: n, seed: seed))
            let times = try #require(try f.numbers("times"))
            let values = try readNPY(dir + "/out/\(name).value.npy"), velocities = try readNPY(dir + "/out/\(name).velocity.npy")
            for i in 0..<n {
                let m: any DecayMotion =
                    name == "r"
                    ? try ReactNativeDecay(from: from.value(at: i), velocity: vel.value(at: i), deceleration: param.value(at: i))
                    : try ComposeExponentialDecay(
                        from: from.value(at: i), velocity: vel.value(at: i), frictionMultiplier: param.value(at: i),
                        absVelocityThreshold: threshold!.value(at: i))
                for (j, t) in times.enumerated() {
                    let s = m.state(at: t)
                    let (x, v) = name == "c" ? (Double(Float(s.value)), Double(Float(s.velocity))) : (s.value, s.velocity)
                    #expect(values.values[i * times.count + j].bitPattern == x.bitPattern, "\(name) row \(i) t \(t)")
                    #expect(velocities.values[i * times.count + j].bitPattern == v.bitPattern, "\(name) row \(i) t \(t)")
                }
            }
        }
    }

    @Test("bad parameters and ranges are refused before any work, naming the field")
    func errors() throws {
        for (job, field) in [
            (#""decay": {"model": "uikit", "decelerationRate": {"uniform": [0.9, 1.5]}}, "velocity": 1"#, "jobs[0].decay.decelerationRate"),
            (#""decay": {"model": "uikit", "restDelta": -1}, "velocity": 1"#, "jobs[0].decay.restDelta"),
            (#""decay": {"model": "nope"}, "velocity": 1"#, "jobs[0].decay.model"),
            (#""decay": {"model": "compose", "stiffness": 1}, "velocity": 1"#, "jobs[0].decay.stiffness"),
            (#""decay": {"model": "motionInertia", "min": {"uniform": [0, 10]}, "max": 5}, "velocity": 1"#, "jobs[0].decay.min"),
            (#""decay": {"model": "uikit"}"#, "jobs[0].velocity"),
        ] {
            let spec = #"{"jobs": [{"kind": "decay.batch", "count": 5, \#(job), "times": [0, 1]}]}"#
            do {
                _ = try BatchSpec.parse(spec)
                Issue.record("expected an error naming \(field)")
            } catch let e as MotionKernelError {
                #expect(e.field == field, "\(job): \(e)")
            }
        }
    }
}
