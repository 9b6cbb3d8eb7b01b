@testable import MotionKernel

// The Swift twin of the Float transform build's C kernel (`mk_kernel_transform_f32`, behind
// `TransformBatch.build`): the same operations in the same order, eight objects per vector
// where the kernel takes sixteen, so the same bits. The library runs only the C kernel; the
// tests compare the two bit for bit (KernelDispatchTransformSplineTests) and hold `sinCos8` to
// the C library (TransformBatchTests).

extension TransformBatch {
    /// Largest |θ| the vector sine/cosine reduces accurately (j·C1 stays exact for |j| < 2¹⁶);
    /// vectors with a larger lane fall back to the C library per lane.
    static let sinCosLimit: Float = 8192

    /// Sine and cosine of 8 Float angles at once (radians), within about 2 ulp of the C library
    /// for |θ| ≤ 100 and 1e-6 up to `sinCosLimit`: Cody–Waite reduction by π/2 (three-part
    /// constant) and Cephes' minimax polynomials on [−π/4, π/4]; the quadrant j mod 4 (read from
    /// the bits of the rounding sum) swaps and negates the results. Only float and integer lane
    /// arithmetic is used: Swift's generic SIMD float→int conversions and rounding are slow.
    @inline(__always)
    static func sinCos8(_ x: SIMD8<Float>) -> (sin: SIMD8<Float>, cos: SIMD8<Float>) {
        typealias U = SIMD8<UInt32>
        // Adding 1.5·2²³ rounds to the nearest integer j (ties to even) and leaves j mod 4 in
        // the low mantissa bits, for |j| < 2²².
        let magic: Float = 12_582_912
        let v = x * 0.636_619_772_367_581_343 + magic
        let q = unsafeBitCast(v, to: U.self)
        let j = v - magic
        var y = x - j * 1.570_312_5
        y = y - j * 4.837_512_969_970_703_125e-4
        y = y - j * 7.549_789_954_891_882_16e-8
        let z = y * y
        var ps = SIMD8<Float>(repeating: -1.951_529_589_1e-4)
        ps = ps * z + 8.332_160_873_6e-3
        ps = ps * z - 1.666_665_461_1e-1
        let s = y + y * z * ps
        var pc = SIMD8<Float>(repeating: 2.443_315_711_809_948e-5)
        pc = pc * z - 1.388_731_625_493_765e-3
        pc = pc * z + 4.166_664_568_298_827e-2
        let c = (1 - 0.5 * z) + z * z * pc
        let sb = unsafeBitCast(s, to: U.self), cb = unsafeBitCast(c, to: U.self)
        let odd = (q & 1) &* U(repeating: 0xFFFF_FFFF)
        var sn = (sb & ~odd) | (cb & odd)
        var cs = (cb & ~odd) | (sb & odd)
        sn ^= (q & 2) &<< 30
        cs ^= ((q &+ 1) & 2) &<< 30
        return (unsafeBitCast(sn, to: SIMD8<Float>.self), unsafeBitCast(cs, to: SIMD8<Float>.self))
    }

    /// The Float build loop, 8 objects at a time with `sinCos8`; returns true if any input was
    /// non-finite.
    ///
    /// Every object's numbers depend on its own inputs only, never on where a block or a row
    /// range starts: the remainder of fewer than 8 objects is padded with identity inputs and
    /// run through the same vector code (the padding lanes are not stored), and a lane whose
    /// angle is beyond `sinCosLimit` takes the C library's sine and cosine on its own, whatever
    /// its neighbours hold.
    static func buildKernelFloat(
        _ range: Range<Int>, tx: OptionalConstPointer<Float>, ty: OptionalConstPointer<Float>, tz: OptionalConstPointer<Float>,
        rot: OptionalConstPointer<Float>, s: OptionalConstPointer<Float>, sx: OptionalConstPointer<Float>,
        sy: OptionalConstPointer<Float>, out: UnsafeMutablePointer<Float>
    ) -> Bool {
        typealias V = SIMD8<Float>
        /// Lanes i ..< i + count of a channel (its default value elsewhere and when absent).
        @inline(__always) func load(_ p: OptionalConstPointer<Float>, _ i: Int, _ count: Int, _ d: Float) -> V {
            guard let b = p.base else { return V(repeating: d) }
            if count == 8 { return UnsafeRawPointer(b + i).loadUnaligned(as: V.self) }
            var v = V(repeating: d)
            for k in 0..<count { v[k] = b[i + k] }
            return v
        }
        var poison = V(repeating: 0)
        var i = range.lowerBound
        let raw = UnsafeMutableRawPointer(out)
        let row2 = SIMD4<Float>(0, 0, 1, 0)
        while i < range.upperBound {
            let count = min(8, range.upperBound - i)
            let th = load(rot, i, count, 0)
            var (sn, cs) = rot.base == nil ? (V(repeating: 0), V(repeating: 1)) : sinCos8(th)
            if rot.base != nil {
                let huge = (th .> sinCosLimit) .| (th .< -sinCosLimit)
                if any(huge) {
                    for k in 0..<8 where huge[k] {
                        sn[k] = Float.sin(th[k])
                        cs[k] = Float.cos(th[k])
                    }
                }
            }
            let u = load(s, i, count, 1)
            let ax = u * load(sx, i, count, 1), ay = u * load(sy, i, count, 1)
            let x = load(tx, i, count, 0), y = load(ty, i, count, 0), z = load(tz, i, count, 0)
            poison += (th - th) + (x - x) + (y - y) + (z - z) + (ax - ax) + (ay - ay)
            let a11 = ax * cs, a12 = ax * sn, a21 = -ay * sn, a22 = ay * cs
            for k in 0..<count {
                let o = raw + 64 * (i + k)
                o.storeBytes(of: SIMD4<Float>(a11[k], a12[k], 0, 0), as: SIMD4<Float>.self)
                o.storeBytes(of: SIMD4<Float>(a21[k], a22[k], 0, 0), toByteOffset: 16, as: SIMD4<Float>.self)
                o.storeBytes(of: row2, toByteOffset: 32, as: SIMD4<Float>.self)
                o.storeBytes(of: SIMD4<Float>(x[k], y[k], z[k], 1), toByteOffset: 48, as: SIMD4<Float>.self)
            }
            i += count
        }
        return poison != V(repeating: 0)
    }

    /// The N×16 Float build of `channels` by the twin (`buildKernelFloat` over all objects).
    /// - Throws: `invalidValue` naming `channels` when an input is non-finite (the tests' inputs
    ///   are finite).
    static func buildSwiftTwin(_ channels: TransformChannels<Float>) throws -> [Float] {
        var out = [Float](repeating: 0, count: 16 * channels.count)
        let bad = out.withUnsafeMutableBufferPointer { o in
            withChannelPointers(channels) { tx, ty, tz, rot, s, sx, sy in
                buildKernelFloat(0..<channels.count, tx: tx, ty: ty, tz: tz, rot: rot, s: s, sx: sx, sy: sy, out: o.baseAddress!)
            }
        }
        if bad { throw MotionKernelError.invalidValue("channels", "a non-finite input") }
        return out
    }
}
