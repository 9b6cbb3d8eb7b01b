import Testing

@testable import MotionKernel

/// The bulk output convention: each batch type's buffer-writing core writes exactly what its
/// array forms return (they call it), only the elements the shape needs (a sentinel after them
/// survives), and refuses a buffer that is too small, naming it.
@Suite struct BulkOutputTests {
    /// Runs `core` into a buffer of `count + 3` sentinel-filled elements and checks the first
    /// `count` against `expected` bit for bit, the sentinels intact, and a buffer one element
    /// short refused with a `MotionKernelError` naming `field`.
    func check<T: MotionScalar>(
        _ expected: [T], field: String = "output", _ label: String, _ core: (UnsafeMutableBufferPointer<T>) throws -> Void
    ) throws {
        let sentinel = T(-12345)
        var buffer = [T](repeating: sentinel, count: expected.count + 3)
        try buffer.withUnsafeMutableBufferPointer { try core($0) }
        #expect(buffer.prefix(expected.count).map(\.doubleValue.bitPattern) == expected.map(\.doubleValue.bitPattern), "\(label)")
        #expect(buffer.suffix(3).allSatisfy { $0 == sentinel }, "\(label) wrote past the shape")
        guard !expected.isEmpty else { return }
        var short = [T](repeating: 0, count: expected.count - 1)
        do {
            try short.withUnsafeMutableBufferPointer { try core($0) }
            Issue.record("\(label): a short buffer was accepted")
        } catch let e as MotionKernelError {
            #expect(e.field == field, "\(label)")
        }
    }

    @Test(
        "TransformBatch, SplineBatch, SplineBasis and SharedSpringBatch: the buffer cores write what the array forms return",
        arguments: ["Float", "Double"])
    func cores(precision: String) throws {
        if precision == "Float" { try cores(Float.self) } else { try cores(Double.self) }
    }

    func cores<T: MotionScalar>(_: T.Type) throws {
        try transforms(T.self)
        try splines(T.self)
        try sharedSprings(T.self)
    }

    func transforms<T: MotionScalar>(_: T.Type) throws {
        var rng = SplitMix64(seed: 0xB0F)
        let n = 37
        func col(_ lo: Double, _ hi: Double) -> [T] { (0..<n).map { _ in T(rng.uniform(lo, hi)) } }
        let ch = TransformChannels<T>(
            count: n, translationX: col(-50, 50), translationY: col(-50, 50), translationZ: nil, rotation: col(-3, 3),
            scale: col(0.5, 2), scaleX: nil, scaleY: col(0.5, 2))
        let built = try TransformBatch.build(ch)
        try check(built, "build \(T.self)") { try TransformBatch.build(ch, into: $0) }

        let m = try Transform3D<T>(rowMajor: Array(built[16..<32]))
        let pts4 = (0..<(4 * 29)).map { i in T(i % 4 == 3 ? 1 : rng.uniform(-10, 10)) }
        let homogeneous = try TransformBatch.applyHomogeneous(m, points: pts4)
        var viaInout: [T] = []
        try TransformBatch.applyHomogeneous(m, points: pts4, into: &viaInout)
        #expect(homogeneous == viaInout)
        try check(homogeneous, "applyHomogeneous \(T.self)") { try TransformBatch.applyHomogeneous(m, points: pts4, into: $0) }

        for dim in [2, 3] {
            let pts = (0..<(dim * 31)).map { _ in T(rng.uniform(-10, 10)) }
            let applied = try TransformBatch.apply(m, points: pts, dimension: dim)
            try check(applied, "apply \(dim)D \(T.self)") { try TransformBatch.apply(m, points: pts, dimension: dim, into: $0) }
            let offsets = [0, 5, 5, 31]
            let perObject = try TransformBatch.apply(
                transforms: Array(built[0..<48]), pointOffsets: offsets, points: pts, dimension: dim)
            try check(perObject, "per-object \(dim)D \(T.self)") {
                try TransformBatch.apply(transforms: Array(built[0..<48]), pointOffsets: offsets, points: pts, dimension: dim, into: $0)
            }
        }

        let to = try TransformBatch.build(
            TransformChannels<T>(count: n, translationX: col(-5, 5), translationY: nil, translationZ: nil, rotation: col(-1, 1)))
        let mid = try TransformBatch.interpolate(from: built, to: to, fraction: T(0.375))
        try check(mid, "interpolate \(T.self)") { try TransformBatch.interpolate(from: built, to: to, fraction: T(0.375), into: $0) }
    }

    func splines<T: MotionScalar>(_: T.Type) throws {
        var rng = SplitMix64(seed: 0x5C1)
        let x: [T] = [0, 0.25, 0.5, 1, 1.5]
        let times = (0..<41).map { _ in T(rng.uniform(-0.2, 1.7)) }
        let values = (0..<(5 * 3)).map { _ in T(rng.uniform(-2, 2)) }
        let curve = try CubicSpline(x: x, values: values, channels: 3).curve
        let other = try CubicSpline(x: [0, 1, 2], values: [T(1), 0, 2], channels: 1).curve
        let sampled = try SplineBatch.sample([curve, other], at: times, derivative: 1)
        try check(sampled, "SplineBatch \(T.self)") { try SplineBatch.sample([curve, other], at: times, derivative: 1, into: $0) }

        let basis = try SplineBasis(keyTimes: x, times: times, kind: .cubic(.natural))
        let applied = try basis.apply(values: values, channels: 3)
        try check(applied, "SplineBasis \(T.self)") { try basis.apply(values: values, channels: 3, into: $0) }
        // The array form keeps its exact-size rule.
        var wrong = [T](repeating: 0, count: applied.count + 1)
        #expect(throws: MotionKernelError.invalidValue("output", "expected \(times.count) × 3 numbers, got \(applied.count + 1)")) {
            try basis.apply(values: values, channels: 3, into: &wrong)
        }
    }

    func sharedSprings<T: MotionScalar>(_: T.Type) throws {
        var rng = SplitMix64(seed: 0x5B5)
        let n = 19
        let from = (0..<n).map { _ in T(rng.uniform(-2, 2)) }, to = (0..<n).map { _ in T(rng.uniform(-2, 2)) }
        let vel = (0..<n).map { _ in T(rng.uniform(-5, 5)) }
        let spring = try Spring<T>(stiffness: 170, dampingRatio: 0.4)
        let grid = TimeGrid<T>.uniform(start: 0, step: T(1.0 / 60), count: 23)
        let arrays = try SharedSpringBatch.sample(spring: spring, from: from, to: to, initialVelocity: vel, grid: grid, withVelocities: true)
        try check(arrays.values, field: "values", "SharedSpringBatch values \(T.self)") {
            try SharedSpringBatch.sample(spring: spring, from: from, to: to, initialVelocity: vel, grid: grid, values: $0)
        }
        let velocities = try #require(arrays.velocities)
        var values = [T](repeating: 0, count: n * grid.count)
        try check(velocities, field: "velocities", "SharedSpringBatch velocities \(T.self)") { vb in
            try values.withUnsafeMutableBufferPointer { v in
                try SharedSpringBatch.sample(spring: spring, from: from, to: to, initialVelocity: vel, grid: grid, values: v, velocities: vb)
            }
        }
        #expect(values == arrays.values)
        #expect(try SharedSpringBatch.sample(spring: spring, from: from, to: to, grid: grid).velocities == nil)
        #expect(throws: MotionKernelError.self) { _ = try SharedSpringBatch.sample(spring: spring, from: from, to: to, grid: grid, limit: 10) }
    }
}
