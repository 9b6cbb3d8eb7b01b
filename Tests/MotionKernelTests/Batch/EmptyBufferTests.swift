import Testing
@testable import MotionKernel

/// Bulk entry points take caller buffers; an empty buffer may have a nil base address. Each
/// call below either returns without writing or throws a typed error: none may trap.
@Suite("bulk kernels: empty inputs and nil-based empty buffers never trap")
struct EmptyBufferTests {
    /// An empty buffer whose base address is nil, as `UnsafeMutableBufferPointer` allows.
    static var none: UnsafeMutableBufferPointer<Double> { UnsafeMutableBufferPointer(start: nil, count: 0) }

    /// Runs `body` and reports whether it returned normally (true), threw a
    /// `MotionKernelError` (false), or threw anything else (recorded as an issue).
    static func returns(_ body: () throws -> Void) -> Bool {
        do { try body(); return true } catch is MotionKernelError { return false } catch {
            Issue.record("untyped error \(error)")
            return false
        }
    }

    @Test("spring batches: zero objects or zero times")
    func springs() throws {
        let spring = try Spring<Double>(stiffness: 100, damping: 10)
        let grid = TimeGrid<Double>.uniform(start: 0, step: 0.1, count: 3)
        #expect(
            Self.returns {
                try SharedSpringBatch.sample(spring: spring, from: [], to: [], grid: grid, values: Self.none, velocities: Self.none)
            })
        #expect(
            Self.returns {
                try SharedSpringBatch.sample(spring: spring, from: [], to: [], grid: grid, values: Self.none, path: .gemm)
            })
        let batch = try SpringBatch<Double>(stiffness: [100], damping: [10], from: [0], to: [1], initialVelocity: [0])
        #expect(Self.returns { try batch.sample(.times([]), values: Self.none, velocities: Self.none) })
        #expect(Self.returns { try batch.sample(grid, rows: 0..<0, values: Self.none) })
        // A non-empty shape into an empty buffer is a typed error naming the buffer.
        #expect(!Self.returns { try batch.sample(grid, values: Self.none) })
    }

    @Test("spline channels, keyframe basis and batch: empty ranges and tracks")
    func splinesAndKeyframes() throws {
        let channels = try SplineChannels<Double>(
            keyTimes: [0, 1, 2], values: [0, 1, 0], channels: 1, kind: .cubic(.natural), times: [0.5, 1.5])
        for layout in SampleLayout.allCases {
            #expect(Self.returns { try channels.sample(channels: 0..<0, layout: layout, into: Self.none) })
        }
        let basis = try KeyframeBasis<Double>(keys: 2, progress: [0, 0.5, 1])
        #expect(Self.returns { try basis.apply(values: [0, 1], channels: 1, range: 0..<0, layout: .timeMajor, into: Self.none) })
        let track = try KeyframeTrack<Double>(values: [0, 1])
        #expect(Self.returns { try track.sample(at: [], into: Self.none, rowStride: 1) })
        #expect(Self.returns { try KeyframeBatch.sample([], at: [0.5], layout: .timeMajor, into: Self.none) })
        #expect(Self.returns { try KeyframeBatch.sample([track], at: [], layout: .channelMajor, into: Self.none) })
        let curve = try PiecewiseCubic(x: [0.0, 1], values: [0, 1], slopes: [1, 1])
        #expect(try SplineBatch.sample([curve], at: []).isEmpty)
        #expect(curve.sample(at: []).isEmpty)
    }

    @Test("bezier and transform bulk paths: zero inputs")
    func bezierAndTransforms() throws {
        let bezier = CubicBezier.easeInEaseOut
        #expect(Self.returns { try bezier.values(at: UnsafeBufferPointer(Self.none), into: Self.none) })
        #expect(bezier.values(at: [Double]()).isEmpty)
        var out: [Double] = [1]
        try TransformBatch.interpolate(from: [], to: [], fraction: 0.5, into: &out)
        #expect(out.isEmpty)
        try TransformBatch.apply(Transform3D<Double>.identity, points: [], dimension: 3, into: &out)
        #expect(out.isEmpty)
        try TransformBatch.applyHomogeneous(Transform3D<Double>.identity, points: [], into: &out)
        #expect(out.isEmpty)
        try TransformBatch.build(TransformChannels<Double>(count: 0), into: &out)
        #expect(out.isEmpty)
        try TransformBatch.apply(transforms: [], pointOffsets: [0], points: [], dimension: 2, into: &out)
        #expect(out.isEmpty)
    }
}
