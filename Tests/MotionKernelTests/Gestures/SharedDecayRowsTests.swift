import Testing

@testable import MotionKernel

/// Bulk rows of the exponential decays (`SharedDecayRows`, behind `decay.batch`): at every ISA
/// level the machine has, plain and streamed, for odd shapes and misaligned outputs, every
/// number is the row's own model's `state(at:)` rounded once to the output type, bit for bit
/// (the kernel's documented arithmetic; the reference is the public per-release API). Failures
/// name the first failing row.
@Suite("Released gestures: bulk rows of the exponential decays")
struct SharedDecayRowsTests {
    /// (level, stream threshold) pairs: each supported level with plain stores and streamed.
    static var configurations: [(KernelISA, Int)] {
        KernelDispatch.supportedLevels.flatMap { [($0, Int.max), ($0, 0)] }
    }

    /// Times with 0, −0 and duplicates, in no particular order, `count` of them.
    static func times(_ count: Int, seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { j in
            switch j % 7 {
            case 0: return 0
            case 3: return -0.0
            default: return rng.nextUnit() * 4
            }
        }
    }

    func check<M: ExponentialDecayForm, E: MotionScalar>(
        _ prototype: M, _ make: (Double, Double) throws -> M, n: Int, tCount: Int, _: E.Type
    ) throws {
        var rng = SplitMix64(seed: UInt64(n * 131 + tCount))
        let from = (0..<n).map { i in i % 5 == 0 ? -0.0 : rng.nextUnit() * 600 - 300 }
        // Velocities across the stop rules: at rest, below and above the thresholds, large.
        let velocity = (0..<n).map { i in i % 6 == 0 ? 0 : (rng.nextUnit() * 2 - 1) * [0.05, 3, 400, 9000][i % 4] }
        let times = Self.times(tCount, seed: UInt64(tCount))
        var want = [E](repeating: 0, count: n * tCount), wantV = want
        for i in 0..<n {
            let m = try make(from[i], velocity[i])
            for j in 0..<tCount {
                let s = m.state(at: times[j])
                want[i * tCount + j] = E(s.value)
                wantV[i * tCount + j] = E(s.velocity)
            }
        }
        let rows = SharedDecayRows(prototype: prototype, times: times)
        for (level, threshold) in Self.configurations {
            for shift in [0, 1, 5] {
                for threads in [1, 2] {
                    let buf = UnsafeMutableBufferPointer<E>.allocate(capacity: n * tCount + shift)
                    let vbuf = UnsafeMutableBufferPointer<E>.allocate(capacity: n * tCount + shift + 3)
                    defer { buf.deallocate(); vbuf.deallocate() }
                    buf.initialize(repeating: .nan)
                    vbuf.initialize(repeating: .nan)
                    try KernelDispatch.withLevel(level) {
                        try StreamingStores.withThreshold(threshold) {
                            try rows.fill(
                                from: from, velocity: velocity, values: buf.baseAddress! + shift, velocities: vbuf.baseAddress! + shift + 3,
                                threads: threads)
                        }
                    }
                    for k in 0..<n * tCount {
                        let (x, v) = (buf[shift + k], vbuf[shift + 3 + k])
                        guard Double(x).bitPattern == Double(want[k]).bitPattern, Double(v).bitPattern == Double(wantV[k]).bitPattern else {
                            Issue.record(
                                "\(M.self) \(E.self) level \(level) threshold \(threshold) shift \(shift) threads \(threads): [\(k / tCount), \(k % tCount)] got (\(x), \(v)), want (\(want[k]), \(wantV[k]))"
                            )
                            return
                        }
                    }
                    // Nothing written outside the outputs.
                    for k in 0..<shift { #expect(buf[k].isNaN) }
                    for k in 0..<(shift + 3) { #expect(vbuf[k].isNaN) }
                }
            }
        }
    }

    @Test(
        "Each model's rows are its state(at:) rounded once, at every level, stored plainly or streamed",
        arguments: [(1, 1), (3, 7), (9, 8), (5, 16), (7, 17), (33, 120), (64, 31), (129, 5), (300, 2)])
    func rowsAreTheModels(n: Int, tCount: Int) throws {
        let ui = try UIKitDecay(from: 0, velocity: 1, decelerationRate: UIKitDecay.fastRate, restDelta: 0.2)
        try check(ui, { try UIKitDecay(from: $0, velocity: $1, decelerationRate: UIKitDecay.fastRate, restDelta: 0.2) }, n: n, tCount: tCount, Float.self)
        try check(ui, { try UIKitDecay(from: $0, velocity: $1, decelerationRate: UIKitDecay.fastRate, restDelta: 0.2) }, n: n, tCount: tCount, Double.self)
        let rn = try ReactNativeDecay(from: 0, velocity: 1, deceleration: 0.995)
        try check(rn, { try ReactNativeDecay(from: $0, velocity: $1, deceleration: 0.995) }, n: n, tCount: tCount, Float.self)
        try check(rn, { try ReactNativeDecay(from: $0, velocity: $1, deceleration: 0.995) }, n: n, tCount: tCount, Double.self)
        let co = try ComposeExponentialDecay(from: 0, velocity: 1, frictionMultiplier: 0.6, absVelocityThreshold: 1)
        try check(
            co, { try ComposeExponentialDecay(from: $0, velocity: $1, frictionMultiplier: 0.6, absVelocityThreshold: 1) }, n: n, tCount: tCount, Float.self)
        try check(
            co, { try ComposeExponentialDecay(from: $0, velocity: $1, frictionMultiplier: 0.6, absVelocityThreshold: 1) }, n: n, tCount: tCount, Double.self)
    }

    @Test("The first failing row is reported: an invalid release, or a number beyond Float")
    func failures() throws {
        let rows = SharedDecayRows(prototype: try UIKitDecay(from: 0, velocity: 1), times: [0, 0.5, 1, 2])
        let out = UnsafeMutableBufferPointer<Float>.allocate(capacity: 4000 * 4)
        defer { out.deallocate() }
        var from = [Double](repeating: 1, count: 4000), velocity = from
        velocity[2500] = .infinity
        from[3100] = .nan
        for threads in [1, 2] {
            do {
                try rows.fill(from: from, velocity: velocity, values: out.baseAddress, velocities: nil, threads: threads)
                Issue.record("an infinite velocity was accepted")
            } catch {
                guard case .release(let row, let e) = error else { Issue.record("\(error)"); continue }
                #expect(row == 2500)
                #expect(e.field == "velocity")
            }
        }
        // Row 1700 reaches 1e39 (beyond Float) from t = 0.5 s on; row 2500 is also invalid, later.
        velocity[1700] = 1e39 / ((Double.expm1(1000 * Double.log(UIKitDecay.normalRate) * 0.5)) / (1000 * Double.log(UIKitDecay.normalRate)))
        from[1700] = 0
        for (level, threshold) in Self.configurations {
            for threads in [1, 2] {
                do {
                    try KernelDispatch.withLevel(level) {
                        try StreamingStores.withThreshold(threshold) {
                            try rows.fill(from: from, velocity: velocity, values: out.baseAddress, velocities: nil, threads: threads)
                        }
                    }
                    Issue.record("a value beyond Float was accepted (level \(level), threshold \(threshold))")
                } catch let error as SharedDecayRows<UIKitDecay>.Failure {
                    guard case .notRepresentable(let row, let time) = error else {
                        Issue.record("\(error)")
                        continue
                    }
                    #expect(row == 1700)
                    #expect(time == 1)
                }
            }
        }
    }
}
