import Testing
@testable import MotionKernel

@Suite("Spring batches: accepted ranges and non-finite outputs")
struct SpringBatchRangeTests {
    @Test("extreme parameters are typed errors before work, naming the spring")
    func rejected() throws {
        func field(_ body: () throws -> Void) -> String? {
            do { try body(); return nil } catch let e as MotionKernelError { return e.field } catch { return "?" }
        }
        // from − to overflows; |to| beyond a quarter of the range.
        #expect(field { _ = try SpringBatch<Double>(stiffness: [100, 100], damping: [10, 10], from: [0, -1e308], to: [1, 1e308]) } == "from[1]")
        #expect(field { _ = try SpringBatch<Double>(stiffness: [100], damping: [10], from: [0], to: [1.7e308]) } == "to[0]")
        #expect(field { _ = try SpringBatch<Float>(stiffness: [100], damping: [10], from: [0], to: [3e38]) } == "to[0]")
        // A tiny ω₀ with a huge velocity: the amplitude v0/ω0 overflows.
        #expect(field { _ = try SpringBatch<Double>(stiffness: [1e-200], damping: [1e-100], from: [0], to: [0], initialVelocity: [1e300]) } == "velocity[0]")
        // Huge stiffness with huge velocity: values fine, velocities (ω0·y0, v0) out of range.
        let b = try SpringBatch<Double>(stiffness: [100, 1e300], damping: [10, 1e150], from: [0, 0], to: [1, 1e300], initialVelocity: [0, 1e300])
        let grid = TimeGrid<Double>.uniform(start: 0, step: 0.01, count: 9)
        var out = [Double](repeating: 0, count: 18), vel = out
        try out.withUnsafeMutableBufferPointer { try b.sample(grid, values: $0) }
        #expect(out.allSatisfy { $0.isFinite })
        #expect(
            field {
                try out.withUnsafeMutableBufferPointer { o in try vel.withUnsafeMutableBufferPointer { v in try b.sample(grid, values: o, velocities: v) } }
            } == "stiffness[1]")
        // Tiny mass: ω0 = 1e150 in Double; in Float the mass is not representable.
        #expect(field { _ = try SpringBatch<Float>(mass: [Float(1e-300)], stiffness: [1], damping: [1], from: [0], to: [1]) } == "mass[0]")
        // The shared batch checks the same bounds.
        #expect(
            field {
                try out.withUnsafeMutableBufferPointer { o in
                    try SharedSpringBatch.sample(
                        spring: try Spring<Double>(stiffness: 1e-200, damping: 1e-100), from: [0, 0], to: [0, 0],
                        initialVelocity: [0, 1e300], grid: .uniform(start: 0, step: 0.01, count: 9), values: o)
                }
            } == "velocity[1]")
    }

    @Test("accepted extremes give finite samples equal to the closed form; huge grid times give `to`")
    func acceptedExtremes() throws {
        let b = try SpringBatch<Double>(
            stiffness: [1e300, 100, 1e-6, 100], damping: [1e150, 10, 1e-4, 20],
            from: [-1e306, 1e306, 0, 1], to: [1e306, -1e306, 1e300, 0], initialVelocity: [1e150, 0, 1, -1e5])
        for grid in [
            TimeGrid<Double>.uniform(start: 0, step: 0.05, count: 37), .times([0, 1e10, 1e305, .greatestFiniteMagnitude]),
            .uniform(start: 1e300, step: 1e300, count: 5),
        ] {
            let r = try b.sample(grid, withVelocities: false)
            for i in 0..<b.count {
                let sp = try b.spring(at: i)
                for j in 0..<grid.count {
                    let v = r.values[i * grid.count + j]
                    #expect(v.isFinite)
                    let ref = sp.state(at: grid[j], from: b.from[i], to: b.to[i], initialVelocity: b.initialVelocity[i]).value
                    // Double stepping vs the closed form: the batch's documented 1e-12 relative
                    // to the amplitude bound (see SpringBatchTests.check).
                    let scale = abs(b.to[i]) + 2 * Double.hypot(b.from[i] - b.to[i], b.initialVelocity[i] / sp.angularFrequency)
                    #expect(abs(v - ref) <= 1e-12 * scale, "spring \(i) sample \(j): \(v) vs \(ref)")
                }
            }
        }
    }
}
