import CMotionKernelSIMD
import Testing

@testable import MotionKernel

/// The C kernel behind `TransformBatch.interpolate` in Double (`mk_kernel_interpolate_f64`):
/// at every ISA level the machine has, the batch writes exactly the bytes of
/// `Transform3D.interpolate` pair by pair (the contract is bit-for-bit equality with the scalar
/// code; its accuracy against the CSS Transforms references is tested in TransformBatchTests and
/// the transform tests), and the kernel leaves exactly the pairs with a perspective part or a
/// singular matrix to the scalar path, without writing their outputs.
@Suite struct KernelDispatchInterpolateTests {
    /// One matrix of kind `k`, from a decomposition with random parts (so every Shepperd case, the
    /// handedness flip and m44 ≠ 1 occur), or special: 0–5 plain decomposable matrices (a
    /// rotation by up to 2π about a random axis, scales of either sign, skews, translations),
    /// 6 with a perspective part, 7 singular (two equal rows), 8 with m44 = 0, 9 a general
    /// matrix of random entries (no perspective column).
    static func matrix(_ kind: Int, _ rng: inout SplitMix64) -> [Double] {
        func u(_ lo: Double, _ hi: Double) -> Double { rng.nextUnit(in: lo, hi) }
        if kind == 9 {
            var m = (0..<16).map { _ in u(-3, 3) }
            m[3] = 0; m[7] = 0; m[11] = 0
            m[15] = u(0.5, 2)
            return m
        }
        let angle = u(0, 2 * .pi)
        let axis = Vector3(u(-1, 1), u(-1, 1), u(-1, 1))
        let d = DecomposedTransform<Double>(
            translation: Vector3(u(-500, 500), u(-500, 500), u(-50, 50)),
            scale: Vector3(u(-3, 3), u(0.2, 3), u(-3, 3)),
            skew: Vector3(u(-1, 1), u(-1, 1), u(-1, 1)),
            perspective: Vector4(0, 0, 0, 1),
            quaternion: Quaternion(angle: angle, axis: axis))
        var m = d.matrix.rowMajor
        let w = kind % 2 == 0 ? 1 : u(0.25, 4)  // m44 ≠ 1: every entry scaled
        m = m.map { $0 * w }
        switch kind {
        case 6: m[7] = u(-0.01, 0.01) + 0.001
        case 7: for j in 0..<4 { m[4 + j] = m[j] }
        case 8: m[15] = 0
        default: break
        }
        return m
    }

    /// n pairs: kinds cycling through `kinds`; every 11th pair's `to` has the same rotation as
    /// its `from` (the slerp's parallel case).
    static func pairs(_ n: Int, kinds: [Int], seed: UInt64) -> (from: [Double], to: [Double]) {
        var rng = SplitMix64(seed: seed)
        var from: [Double] = [], to: [Double] = []
        for i in 0..<n {
            let a = matrix(kinds[i % kinds.count], &rng)
            let b = i % 11 == 3 ? a.map { $0 * 1.5 } : matrix(kinds[(i * 7 + 3) % kinds.count], &rng)
            from += a
            to += b
        }
        return (from, to)
    }

    static let plain = [0, 1, 2, 3, 4, 5, 9]
    static let every = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]

    @Test(arguments: [1, 7, 8, 9, 33, 4096 + 13])
    func batchIsTransform3DInterpolateAtEveryLevel(n: Int) throws {
        for kinds in [Self.plain, Self.every] {
            let (from, to) = Self.pairs(n, kinds: kinds, seed: UInt64(n * 31 + kinds.count))
            for fraction in [0.3, 0.5, -0.7, 1.8] {
                var expected: [UInt64] = []
                for i in 0..<n {
                    let a = Transform3D<Double>(unsafeRowMajor: from.withUnsafeBufferPointer { $0.baseAddress! + 16 * i })
                    let b = Transform3D<Double>(unsafeRowMajor: to.withUnsafeBufferPointer { $0.baseAddress! + 16 * i })
                    expected += try Transform3D.interpolate(from: a, to: b, fraction: fraction).rowMajor.map(\.bitPattern)
                }
                for level in KernelDispatch.supportedLevels {
                    let got = try KernelDispatch.withLevel(level) {
                        try Parallel.withThreadCount(2) { try TransformBatch.interpolate(from: from, to: to, fraction: fraction) }
                    }
                    #expect(got.map(\.bitPattern) == expected, "n \(n), kinds \(kinds.count), fraction \(fraction), level \(level)")
                }
            }
        }
    }

    /// The kernel itself: fallback bytes set exactly for the pairs with a perspective part, a
    /// singular matrix or m44 = 0 on either side, their outputs untouched (NaN guards), and the
    /// others written.
    @Test func fallbackPairsAreExactlyTheSpecialOnes() {
        let n = 50
        let (from, to) = Self.pairs(n, kinds: Self.every, seed: 99)
        for level in KernelDispatch.supportedLevels {
            var out = [Double](repeating: .nan, count: 16 * n)
            var fallback = [UInt8](repeating: 7, count: n)
            let slow = mk_kernel_interpolate_f64(from, to, 0.4, n, &out, &fallback, level.rawValue)
            var expectedSlow = 0
            for i in 0..<n {
                let ka = Self.every[i % 10], kb = i % 11 == 3 ? ka : Self.every[(i * 7 + 3) % 10]
                let special = (6...8).contains(ka) || (6...8).contains(kb)
                expectedSlow += special ? 1 : 0
                #expect(fallback[i] == (special ? 1 : 0), "pair \(i) (kinds \(ka), \(kb)), level \(level)")
                let written = out[(16 * i)..<(16 * i + 16)].allSatisfy(\.isFinite)
                let untouched = out[(16 * i)..<(16 * i + 16)].allSatisfy(\.isNaN)
                #expect(special ? untouched : written, "pair \(i), level \(level)")
            }
            #expect(slow == expectedSlow)
        }
    }

    /// Interpolations that overflow (a fraction so large that the translations' lerp overflows)
    /// leave the kernel for the scalar path, which reports the error as before.
    @Test func overflowingPairsReportTheScalarError() {
        let (from, to) = Self.pairs(9, kinds: Self.plain, seed: 5)
        #expect(throws: MotionKernelError.self) { try TransformBatch.interpolate(from: from, to: to, fraction: 1e308) }
    }
}
