import Testing

@testable import MotionKernel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The exponential decays' own e^x − 1 and e^x (`decayExpm1`, `decayExp`), and bulk rows of
/// decays that each have their own parameters (`VariedDecayRows`, behind `decay.batch` with
/// parameter columns): at every ISA level the machine has, plain and streamed, for odd shapes
/// and misaligned outputs, every number is the row's own model's `state(at:)` rounded once to the
/// output type, bit for bit.
@Suite("Released gestures: the decays' exponentials and rows with their own parameters")
struct VariedDecayRowsTests {
    #if arch(x86_64) || arch(i386)
    @Test("e^x − 1 and e^x for x ≤ 0 are within their derived bound, 4 units of 2⁻⁵³ relative, of glibc's 64-bit-mantissa results")
    func exponentialsAreAccurate() {
        // The reference: Float80 expm1l/expl (a 64-bit significand: its own error, under one
        // of its ulps, is 2⁻¹¹ of a Double ulp). Inputs: near 0, the reduction's boundaries
        // (x near n·ln 2/2), and the whole range to the clamps.
        var rng = SplitMix64(seed: 0xE4)
        var worst1 = 0.0, worst2 = 0.0
        let ln2 = 0.6931471805599453
        var xs: [Double] = []
        for i in 0..<400_000 {
            let u = rng.nextUnit()
            switch i % 5 {
            case 0: xs.append(-u)
            case 1: xs.append(-u * 50)
            case 2: xs.append(-Double.ulpOfOne * Double(1 << 20) * u)
            case 3: xs.append(-(Double(Int(u * 1000)) + 0.5) * ln2 * (1 + (rng.nextUnit() - 0.5) * 1e-12))
            default: xs.append(-u * 720)
            }
        }
        for x in xs {
            let e1 = expm1l(Float80(x)), e2 = expl(Float80(x))
            let a = decayExpm1(x), b = decayExp(x)
            worst1 = max(worst1, Double(abs((Float80(a) - e1) / e1)) / 0x1p-53)
            if e2 > Float80(Double.leastNormalMagnitude) {
                worst2 = max(worst2, Double(abs((Float80(b) - e2) / e2)) / 0x1p-53)
            } else {
                // Subnormal results: within one subnormal ulp more.
                #expect(abs(Float80(b) - e2) <= Float80(4 * 0x1p-53) * e2 + Float80(Double.leastNonzeroMagnitude), "exp(\(x))")
            }
        }
        #expect(worst1 <= 4, "expm1: \(worst1) units")
        #expect(worst2 <= 4, "exp: \(worst2) units")
    }
    #endif

    @Test("The exponentials' special values: signed zeros, the clamps, NaN")
    func exponentialEdges() {
        #expect(decayExpm1(0).bitPattern == (0.0).bitPattern)
        #expect(decayExpm1(-0.0).bitPattern == (-0.0).bitPattern)
        #expect(decayExp(0) == 1 && decayExp(-0.0) == 1)
        #expect(decayExpm1(-45) == -1 && decayExpm1(-1e300) == -1 && decayExpm1(-.infinity) == -1)
        #expect(decayExp(-760) == 0 && decayExp(-.infinity) == 0)
        #expect(decayExp(-745.2) == 0)  // e^−745.2 is below half the smallest subnormal
        #expect(decayExp(-744) > 0)
        #expect(decayExpm1(.nan).isNaN && decayExp(.nan).isNaN)
        // Tiny arguments: e^x − 1 = x to the last bit, e^x = 1.
        for x in [-1e-300, -0x1p-60, -Double.leastNonzeroMagnitude] {
            #expect(decayExpm1(x) == x)
            #expect(decayExp(x) == 1)
        }
        // Monotone across the reduction's boundaries.
        var prev = decayExpm1(-40), prevE = decayExp(-40)
        var x = -40.0
        while x < 0 {
            x += 0.0137
            let y = decayExpm1(min(x, 0)), e = decayExp(min(x, 0))
            #expect(y >= prev && e >= prevE)
            (prev, prevE) = (y, e)
        }
    }

    /// Rows of model `M` made by `make(i, from, velocity)` (each row its own parameters) against
    /// each row's `state(at:)`, at every level, plain and streamed, shifted outputs, 1 and 2 threads.
    func check<M: ExponentialDecayForm, E: MotionScalar>(
        _ name: String, n: Int, tCount: Int, _: E.Type, _ make: @escaping @Sendable (Int, Double, Double) throws(MotionKernelError) -> M
    ) throws {
        var rng = SplitMix64(seed: UInt64(n * 173 + tCount))
        let from = (0..<n).map { i in i % 5 == 0 ? -0.0 : rng.nextUnit() * 600 - 300 }
        let velocity = (0..<n).map { i in i % 6 == 0 ? 0 : (rng.nextUnit() * 2 - 1) * [0.05, 3, 400, 9000][i % 4] }
        let times = SharedDecayRowsTests.times(tCount, seed: UInt64(tCount) &+ 3)
        var want = [E](repeating: 0, count: n * tCount), wantV = want
        for i in 0..<n {
            let m = try make(i, from[i], velocity[i])
            for j in 0..<tCount {
                let s = m.state(at: times[j])
                want[i * tCount + j] = E(s.value)
                wantV[i * tCount + j] = E(s.velocity)
            }
        }
        let rows = VariedDecayRows(times: times)
        for (level, threshold) in SharedDecayRowsTests.configurations {
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
                                count: n, make: { i throws(MotionKernelError) in try make(i, from[i], velocity[i]) }, values: buf.baseAddress! + shift,
                                velocities: vbuf.baseAddress! + shift + 3, threads: threads)
                        }
                    }
                    for k in 0..<n * tCount {
                        let (x, v) = (buf[shift + k], vbuf[shift + 3 + k])
                        guard Double(x).bitPattern == Double(want[k]).bitPattern, Double(v).bitPattern == Double(wantV[k]).bitPattern else {
                            Issue.record(
                                "\(name) \(E.self) level \(level) threshold \(threshold) shift \(shift) threads \(threads): [\(k / tCount), \(k % tCount)] got (\(x), \(v)), want (\(want[k]), \(wantV[k]))"
                            )
                            return
                        }
                    }
                    for k in 0..<shift { #expect(buf[k].isNaN) }
                    for k in 0..<(shift + 3) { #expect(vbuf[k].isNaN) }
                }
            }
        }
    }

    /// A parameter of row i in [lo, hi] (SplitMix64 by row).
    static func param(_ i: Int, _ lo: Double, _ hi: Double, salt: UInt64) -> Double {
        var rng = SplitMix64(seed: UInt64(i) &* 0x9E37 &+ salt)
        return lo + (hi - lo) * rng.nextUnit()
    }

    @Test(
        "Each row is its own model's state(at:) rounded once, at every level, stored plainly or streamed",
        arguments: [(1, 1), (3, 7), (9, 8), (5, 16), (7, 17), (33, 120), (64, 31), (129, 5), (300, 2)])
    func rowsAreTheModels(n: Int, tCount: Int) throws {
        let ui: @Sendable (Int, Double, Double) throws(MotionKernelError) -> UIKitDecay = { i, x, v in
            try UIKitDecay(from: x, velocity: v, decelerationRate: Self.param(i, 0.95, 0.9995, salt: 1), restDelta: Self.param(i, 0.01, 2, salt: 2))
        }
        try check("uikit", n: n, tCount: tCount, Float.self, ui)
        try check("uikit", n: n, tCount: tCount, Double.self, ui)
        let rn: @Sendable (Int, Double, Double) throws(MotionKernelError) -> ReactNativeDecay = { i, x, v in
            try ReactNativeDecay(from: x, velocity: v, deceleration: Self.param(i, 0.98, 0.9995, salt: 3))
        }
        try check("reactNative", n: n, tCount: tCount, Float.self, rn)
        try check("reactNative", n: n, tCount: tCount, Double.self, rn)
        let co: @Sendable (Int, Double, Double) throws(MotionKernelError) -> ComposeExponentialDecay = { i, x, v in
            try ComposeExponentialDecay(
                from: x, velocity: v, frictionMultiplier: Self.param(i, 0.2, 3, salt: 4), absVelocityThreshold: Self.param(i, 0.05, 20, salt: 5))
        }
        try check("compose", n: n, tCount: tCount, Float.self, co)
        try check("compose", n: n, tCount: tCount, Double.self, co)
    }

    @Test(
        "A decay constant that overflows to −∞ (Compose's friction multiplier near the largest Double) keeps the initial state at t = 0",
        arguments: [(4, 3), (9, 17), (40, 8)])
    func infiniteDecayConstant(n: Int, tCount: Int) throws {
        let co: @Sendable (Int, Double, Double) throws(MotionKernelError) -> ComposeExponentialDecay = { i, x, v in
            try ComposeExponentialDecay(from: x, velocity: v, frictionMultiplier: i % 3 == 2 ? 2 : 1e308)
        }
        try check("compose k = −∞", n: n, tCount: tCount, Float.self, co)
        try check("compose k = −∞", n: n, tCount: tCount, Double.self, co)
    }

    @Test("The first failing row is reported: a model that throws, or a number beyond Float")
    func failures() throws {
        let rows = VariedDecayRows(times: [0, 0.5, 1, 2])
        let out = UnsafeMutableBufferPointer<Float>.allocate(capacity: 4000 * 4)
        defer { out.deallocate() }
        let huge = 1e39 / (decayExpm1(1000 * Double.log(0.99) * 0.5) / (1000 * Double.log(0.99)))
        let make: @Sendable (Int) throws(MotionKernelError) -> UIKitDecay = { i throws(MotionKernelError) in
            if i == 2500 || i == 3100 { throw MotionKernelError.invalidValue("decelerationRate", "row \(i)") }
            return try UIKitDecay(from: 0, velocity: i == 1700 ? huge : 1, decelerationRate: i == 1700 ? 0.99 : 0.998)
        }
        for (level, threshold) in SharedDecayRowsTests.configurations {
            for threads in [1, 2] {
                do {
                    try KernelDispatch.withLevel(level) {
                        try StreamingStores.withThreshold(threshold) {
                            try rows.fill(count: 4000, make: make, values: out.baseAddress, velocities: nil, threads: threads)
                        }
                    }
                    Issue.record("a value beyond Float was accepted (level \(level), threshold \(threshold))")
                } catch let error as VariedDecayRows.Failure {
                    guard case .notRepresentable(let row, let time) = error else {
                        Issue.record("\(error)")
                        continue
                    }
                    #expect(row == 1700)
                    #expect(time == 1)
                }
            }
        }
        // Without row 1700's overflow, the first throwing row.
        let make2: @Sendable (Int) throws(MotionKernelError) -> UIKitDecay = { i throws(MotionKernelError) in
            if i == 2500 || i == 3100 { throw MotionKernelError.invalidValue("decelerationRate", "row \(i)") }
            return try UIKitDecay(from: 0, velocity: 1)
        }
        for threads in [1, 2] {
            do {
                try rows.fill(count: 4000, make: make2, values: out.baseAddress, velocities: nil, threads: threads)
                Issue.record("a throwing row was accepted")
            } catch {
                guard case .release(let row) = error else { Issue.record("\(error)"); continue }
                #expect(row == 2500)
            }
        }
    }
}
