import Testing
@testable import MotionKernel

/// Whether two arrays hold the same bytes (so +0 and −0, or two NaN payloads, differ).
private func sameBits<T: MotionScalar>(_ a: [T], _ b: [T]) -> Bool {
    a.count == b.count && a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.elementsEqual(y) } }
}

/// Row splits of 0..<n: one cut at every offset 0…9 (the second piece cut again at a random
/// row), then `random` splits with 1…5 random cuts. Each split is a list of contiguous
/// ranges covering 0..<n in order.
private func splits(_ n: Int, random: Int, _ rng: inout SplitMix64) -> [[Range<Int>]] {
    func pieces(_ cuts: [Int]) -> [Range<Int>] {
        let c = ([0] + cuts.sorted() + [n])
        return (0..<(c.count - 1)).map { c[$0]..<c[$0 + 1] }
    }
    var out: [[Range<Int>]] = []
    for a in 0...min(9, n) { out.append(pieces([a, Int.random(in: a...n, using: &rng)])) }
    for _ in 0..<random {
        out.append(pieces((0..<Int.random(in: 1...5, using: &rng)).map { _ in Int.random(in: 0...n, using: &rng) }))
    }
    return out
}

/// Bulk kernels give the same bytes whatever `Parallel.threadCount` is and however the rows
/// are split: `eval(range)` must return rows `range` (`rowLength` numbers each), and the
/// concatenation over any split, at any thread count, must equal the whole at one thread.
/// `splitThreads` limits the thread counts the splits are tried at (large inputs).
private func checkDeterministic<T: MotionScalar>(
    _ name: String, rows: Int, seed: UInt64, random: Int = 4, splitThreads: Set<Int> = [1, 2, 3, 7],
    _ eval: (Range<Int>) throws -> [T]
) throws {
    // Thread counts are the task's own (Parallel.withThreadCount), so suites running at the same
    // time cannot change them under this check.
    let whole = try Parallel.withThreadCount(1) { try eval(0..<rows) }
    var rng = SplitMix64(seed: seed)
    for threads in [1, 2, 3, 7] {
        try Parallel.withThreadCount(threads) {
            #expect(Parallel.threadCount == threads)
            #expect(BLAS.threadCount == 1, "BLAS must stay single-threaded")
            #expect(sameBits(try eval(0..<rows), whole), "\(name): whole at \(threads) threads")
            guard splitThreads.contains(threads) else { return }
            for split in splits(rows, random: random, &rng) {
                var joined: [T] = []
                for r in split { joined += try eval(r) }
                #expect(sameBits(joined, whole), "\(name): split \(split) at \(threads) threads")
            }
        }
    }
}

@Suite("bulk kernels: the same bytes for any thread count and row split", .serialized)
struct BulkDeterminismTests {
    // MARK: splines

    func splineChannels<T: MotionScalar>(
        _: T.Type, kind: SplineBasis<T>.Kind, path: SplineChannelsPath, derivative: Int, keys k: Int = 12, grid: Int = 23
    ) throws {
        var rng = SplitMix64(seed: 0xD37 &+ UInt64(derivative))
        let c = 600
        let x = (0..<k).map { T(Double($0) + 0.5 * rng.uniform(0, 0.9)) }
        var values = (0..<(k * c)).map { _ in T(rng.uniform(-3, 3)) }
        if case .cubic(.periodic) = kind { for ch in 0..<c { values[(k - 1) * c + ch] = values[ch] } }
        // Sorted and out-of-order times, some outside the keys.
        var times = (0..<grid).map { T(Double($0) * Double(k) / Double(grid - 1) - 0.7) }
        times += (0..<5).map { _ in T(rng.uniform(-1, Double(k))) }
        let s = try SplineChannels(
            keyTimes: x, values: values, channels: c, kind: kind, times: times,
            derivative: derivative, path: path)
        #expect(s.path == path)
        for layout in SampleLayout.allCases {
            // Only channel-major rows concatenate; time-major is checked as a whole.
            try checkDeterministic(
                "SplineChannels \(T.self) \(kind) \(path) d\(derivative) \(layout)", rows: c,
                seed: 7, random: 2, splitThreads: layout == .channelMajor ? [1, 2, 3, 7] : []
            ) { r in
                var out = [T](repeating: .nan, count: r.count * times.count)
                try out.withUnsafeMutableBufferPointer { try s.sample(channels: r, layout: layout, into: $0) }
                return out
            }
        }
        // Time-major ranges are the columns of the whole: equal bit for bit too.
        let whole = try Parallel.withThreadCount(1) { try s.sample(layout: .timeMajor) }
        for r in [0..<1, 3..<259, 255..<257, 500..<c] {
            var out = [T](repeating: .nan, count: r.count * times.count)
            try out.withUnsafeMutableBufferPointer { try s.sample(channels: r, layout: .timeMajor, into: $0) }
            var expected: [T] = []
            for row in 0..<times.count { expected += whole[(row * c + r.lowerBound)..<(row * c + r.upperBound)] }
            #expect(sameBits(out, expected), "time-major columns \(r)")
        }
    }

    @Test("SplineChannels: both paths, both layouts, Float and Double")
    func splineChannelsAll() throws {
        for path in [SplineChannelsPath.gemm, .direct] {
            try splineChannels(Float.self, kind: .cubic(.natural), path: path, derivative: 0)
            try splineChannels(Double.self, kind: .cubic(.notAKnot), path: path, derivative: 1)
            try splineChannels(Float.self, kind: .catmullRomUniform, path: path, derivative: 2)
            try splineChannels(Double.self, kind: .kochanekBartels(tension: 0.3, continuity: -0.2, bias: 0.1), path: path, derivative: 0)
        }
        try splineChannels(Double.self, kind: .cubic(.periodic), path: .gemm, derivative: 0)
        // The CLI's observed shape (16 knots, 121 times): big enough for OpenBLAS to thread
        // each block's product if it were allowed to.
        try splineChannels(Float.self, kind: .cubic(.natural), path: .gemm, derivative: 0, keys: 16, grid: 116)
        try splineChannels(Double.self, kind: .cubic(.natural), path: .gemm, derivative: 0, keys: 16, grid: 116)
    }

    @Test("SplineChannels' automatic path depends on the shape only, never on the range or threads")
    func automaticPath() throws {
        // The choice is a function of (K, C, N) alone: it cannot see a range or a thread count.
        for (k, n) in [(16, 121), (16, 5000), (4, 50), (64, 2000)] {
            let p = SplineChannels<Float>.automaticPath(keys: k, channels: 1, times: n)
            for c in [1, 7, 10_000] { #expect(SplineChannels<Float>.automaticPath(keys: k, channels: c, times: n) == p) }
        }
    }

    func splineBasis<T: MotionScalar>(_: T.Type) throws {
        var rng = SplitMix64(seed: 0xBA5E)
        let k = 16, c = 1100
        let x = (0..<k).map { T($0) }
        let times = (0..<57).map { _ in T(rng.uniform(-1, 16)) }
        let basis = try SplineBasis(keyTimes: x, times: times, kind: .cubic(.natural))
        let values = (0..<(k * c)).map { _ in T(rng.uniform(-1, 1)) }
        // apply has no range: check threads only (rows = the whole product).
        try checkDeterministic("SplineBasis \(T.self)", rows: 1, seed: 1, splitThreads: []) { _ in
            try basis.apply(values: values, channels: c)
        }
        // And it equals SplineChannels' GEMM path, transposed, bit for bit.
        let s = try SplineChannels(keyTimes: x, values: values, channels: c, kind: .cubic(.natural), times: times, path: .gemm)
        #expect(sameBits(try basis.apply(values: values, channels: c), try s.sample(layout: .timeMajor)))
    }

    @Test("SplineBasis.apply: Float and Double", arguments: Precision.allCases)
    func splineBasisAll(_ precision: Precision) throws {
        try splineBasis(precision.type)
    }

    func splineBatch<T: MotionScalar>(_: T.Type) throws {
        var rng = SplitMix64(seed: 0x5B)
        var curves: [PiecewiseCubic<T>] = []
        for i in 0..<9 {
            let k = 3 + i
            var x = [T](), t: Double = rng.uniform(-1, 0)
            for _ in 0..<k { t += rng.uniform(0.1, 1); x.append(T(t)) }
            let ch = 1 + i % 3
            let v = (0..<(k * ch)).map { _ in T(rng.uniform(-2, 2)) }
            curves.append(try CubicSpline(x: x, values: v, channels: ch).curve)
        }
        let width = curves.reduce(0) { $0 + $1.channelCount }
        let times = (0..<300).map { _ in T(rng.uniform(-2, 9)) }.sorted() + (0..<30).map { _ in T(rng.uniform(-2, 9)) }
        try checkDeterministic("SplineBatch \(T.self)", rows: times.count, seed: 2) { r in
            let out = try SplineBatch.sample(curves, at: Array(times[r]), derivative: 1)
            #expect(out.count == r.count * width)
            return out
        }
    }

    @Test("SplineBatch: rows are times; Float and Double", arguments: Precision.allCases)
    func splineBatchAll(_ precision: Precision) throws {
        try splineBatch(precision.type)
    }

    // MARK: keyframes

    func keyframeBasis<T: MotionScalar>(_: T.Type, mode: KeyframeCalculationMode) throws {
        var rng = SplitMix64(seed: 0x4B)
        let k = 9, c = 600
        let keyTimes: [T] = [0, 0.05, 0.2, 0.3, 0.45, 0.6, 0.8, 0.9, 1]
        let progress = (0..<31).map { T(Double($0) / 30) } + (0..<5).map { _ in T(rng.uniform(-0.2, 1.2)) }
        let basis = try KeyframeBasis<T>(
            keys: k, keyTimes: keyTimes, calculationMode: mode,
            tension: mode == .cubic ? [T](repeating: 0.2, count: k) : [], progress: progress)
        let values = (0..<(k * c)).map { _ in T(rng.uniform(-5, 5)) }
        try checkDeterministic("KeyframeBasis \(T.self) \(mode)", rows: c, seed: 3, random: 2) { r in
            var out = [T](repeating: .nan, count: r.count * progress.count)
            try out.withUnsafeMutableBufferPointer {
                try basis.apply(values: values, channels: c, range: r, layout: .channelMajor, into: $0)
            }
            return out
        }
        try checkDeterministic("KeyframeBasis \(T.self) \(mode) time-major", rows: 1, seed: 4, splitThreads: []) { _ in
            try basis.apply(values: values, channels: c, layout: .timeMajor)
        }
    }

    @Test("KeyframeBasis (GEMM): linear, discrete, cubic; Float and Double")
    func keyframeBasisAll() throws {
        for mode in [KeyframeCalculationMode.linear, .discrete, .cubic] {
            try keyframeBasis(Float.self, mode: mode)
            try keyframeBasis(Double.self, mode: mode)
        }
    }

    func keyframeBatch<T: MotionScalar>(_: T.Type) throws {
        var rng = SplitMix64(seed: 0x4BB)
        var tracks: [KeyframeTrack<T>] = []
        let modes: [KeyframeCalculationMode] = [.linear, .discrete, .paced, .cubic, .cubicPaced]
        for i in 0..<15 {
            let d = 1 + i % 2, k = 2 + i % 5
            let v = (0..<(k * d)).map { _ in T(rng.uniform(-3, 3)) }
            tracks.append(try KeyframeTrack(values: v, dimension: d, calculationMode: modes[i % modes.count]))
        }
        let width = tracks.reduce(0) { $0 + $1.dimension }
        let progress = (0..<50).map { T(Double($0) / 49) }
        // Channel-major rows are the tracks' channels: split the track list at track boundaries.
        let rowsOfTrack = tracks.map(\.dimension)
        try checkDeterministic("KeyframeBatch \(T.self) channel-major", rows: tracks.count, seed: 5) { r in
            let sub = Array(tracks[r])
            let out = try KeyframeBatch.sample(sub, at: progress, layout: .channelMajor)
            #expect(out.count == rowsOfTrack[r].reduce(0, +) * progress.count)
            return out
        }
        // Time-major rows are progress values.
        try checkDeterministic("KeyframeBatch \(T.self) time-major", rows: progress.count, seed: 6) { r in
            let out = try KeyframeBatch.sample(tracks, at: Array(progress[r]), layout: .timeMajor)
            #expect(out.count == r.count * width)
            return out
        }
    }

    @Test("KeyframeBatch (per track, every mode): Float and Double", arguments: Precision.allCases)
    func keyframeBatchAll(_ precision: Precision) throws {
        try keyframeBatch(precision.type)
    }

    // MARK: transforms

    func transformBuild<T: MotionScalar>(_: T.Type, n: Int, splitThreads: Set<Int>) throws {
        var rng = SplitMix64(seed: 0x7B)
        func col(_ lo: Double, _ hi: Double) -> [T] { (0..<n).map { _ in T(rng.uniform(lo, hi)) } }
        var rot = col(-20, 20)
        // Some angles beyond the vector sine's range, so huge lanes sit next to small ones.
        for i in stride(from: 3, to: n, by: 37) { rot[i] = T(rng.uniform(9000, 1e6)) * (i % 2 == 0 ? 1 : -1) }
        let tx = col(-500, 500), ty = col(-500, 500), tz = col(-1, 1), s = col(0.1, 3), sx = col(-2, 2), sy = col(0.5, 1.5)
        for absent in splitThreads.isEmpty ? [false] : [false, true] {
            try checkDeterministic(
                "TransformBatch.build \(T.self) absent \(absent)", rows: n, seed: 8, random: 3,
                splitThreads: splitThreads
            ) { r in
                let ch = TransformChannels<T>(
                    count: r.count, translationX: Array(tx[r]), translationY: absent ? nil : Array(ty[r]),
                    translationZ: Array(tz[r]), rotation: Array(rot[r]), scale: absent ? nil : Array(s[r]),
                    scaleX: Array(sx[r]), scaleY: absent ? nil : Array(sy[r]))
                return try TransformBatch.build(ch)
            }
        }
    }

    @Test("TransformBatch.build: every offset (SIMD tail = main loop), many threads; Float and Double")
    func transformBuildAll() throws {
        try transformBuild(Float.self, n: 203, splitThreads: [1, 2, 3, 7])
        try transformBuild(Double.self, n: 203, splitThreads: [1, 2, 3, 7])
        // Enough 4096-object blocks for 2 threads (4 blocks per thread at least), whole only.
        try transformBuild(Float.self, n: 4096 * 8 + 5, splitThreads: [])
    }

    func transformApply<T: MotionScalar>(_: T.Type, n: Int, large: Bool = false) throws {
        var rng = SplitMix64(seed: 0x7A)
        let m = try Transform3D<T>(rowMajor: (0..<16).map { i in T(i % 5 == 0 ? 1 + rng.uniform(-0.3, 0.3) : rng.uniform(-0.2, 0.2)) })
        for dim in large ? [3] : [2, 3] {
            let pts = (0..<(n * dim)).map { _ in T(rng.uniform(-10, 10)) }
            try checkDeterministic(
                "TransformBatch.apply \(T.self) d\(dim)", rows: n, seed: 9, random: 3,
                splitThreads: large ? [] : [1, 2, 3, 7]
            ) { r in
                var out: [T] = []
                try TransformBatch.apply(m, points: Array(pts[(r.lowerBound * dim)..<(r.upperBound * dim)]), dimension: dim, into: &out)
                return out
            }
        }
        if large { return }
        let hp = (0..<(n * 4)).map { _ in T(rng.uniform(-10, 10)) }
        try checkDeterministic("TransformBatch.applyHomogeneous \(T.self)", rows: n, seed: 10, random: 3) { r in
            var out: [T] = []
            try TransformBatch.applyHomogeneous(m, points: Array(hp[(r.lowerBound * 4)..<(r.upperBound * 4)]), into: &out)
            return out
        }
        // Per-object transforms: rows are objects (3 points each).
        let objects = max(1, n / 3)
        let transforms = (0..<objects).flatMap { _ in
            (0..<16).map { i in T(i % 5 == 0 ? 1 + rng.uniform(-0.3, 0.3) : rng.uniform(-0.2, 0.2)) }
        }
        let opts = (0..<(objects * 3 * 3)).map { _ in T(rng.uniform(-10, 10)) }
        try checkDeterministic("TransformBatch.apply per object \(T.self)", rows: objects, seed: 11, random: 3) { r in
            var out: [T] = []
            try TransformBatch.apply(
                transforms: Array(transforms[(16 * r.lowerBound)..<(16 * r.upperBound)]),
                pointOffsets: (0...r.count).map { 3 * $0 },
                points: Array(opts[(9 * r.lowerBound)..<(9 * r.upperBound)]), dimension: 3, into: &out)
            return out
        }
    }

    @Test("TransformBatch.apply (points, homogeneous, per object): Float and Double")
    func transformApplyAll() throws {
        try transformApply(Float.self, n: 203)
        try transformApply(Double.self, n: 203)
        // Enough 4096-point blocks for 2 threads, whole only.
        try transformApply(Double.self, n: 4096 * 8 + 3, large: true)
    }

    func transformInterpolate<T: MotionScalar>(_: T.Type, n: Int, splitThreads: Set<Int>) throws {
        var rng = SplitMix64(seed: 0x71)
        func random() -> [T] {
            let a = rng.uniform(-3, 3), s = rng.uniform(0.5, 2)
            let m = Transform3D<Double>(rotation: a, axis: Vector3(rng.uniform(-1, 1), rng.uniform(-1, 1), 1))
                .concatenating(Transform3D(scale: Vector3(s, rng.uniform(0.5, 2), 1)))
                .concatenating(Transform3D(translation: Vector3(rng.uniform(-50, 50), rng.uniform(-50, 50), 0)))
            return Transform3D<T>(m).rowMajor
        }
        var a: [T] = [], b: [T] = []
        for i in 0..<n {
            a += random()
            // Some singular pairs: discrete interpolation.
            b += i % 50 == 7 ? Transform3D<T>(scale: Vector3(1, 0, 1)).rowMajor : random()
        }
        for t in [0.3, 1.4] {
            try checkDeterministic(
                "TransformBatch.interpolate \(T.self) t \(t)", rows: n, seed: 12, random: 2,
                splitThreads: splitThreads
            ) { r in
                var out: [T] = []
                try TransformBatch.interpolate(
                    from: Array(a[(16 * r.lowerBound)..<(16 * r.upperBound)]),
                    to: Array(b[(16 * r.lowerBound)..<(16 * r.upperBound)]), fraction: T(t), into: &out)
                return out
            }
        }
    }

    @Test("TransformBatch.interpolate: Float and Double")
    func transformInterpolateAll() throws {
        // Pairs interpolate one by one (no block-dependent path); below one 4096-pair block, so
        // the thread counts run the same code, and every split offset is tried.
        try transformInterpolate(Float.self, n: 67, splitThreads: [1, 2, 3, 7])
        try transformInterpolate(Double.self, n: 67, splitThreads: [1, 2, 3, 7])
    }

    @Test("BLAS stays single-threaded whatever Parallel's thread count")
    func blasSingleThreaded() throws {
        defer { Parallel.setThreadCount(1) }
        for n in [1, 2, 7, 64, 1000] {
            Parallel.setThreadCount(n)
            #expect(Parallel.threadCount == min(64, n))
            #expect(BLAS.threadCount == 1)
        }
    }
}
