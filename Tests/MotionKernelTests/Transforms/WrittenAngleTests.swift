import Testing
@testable import MotionKernel

/// Angles read from CSS are reduced exactly modulo a full turn in their own unit before they
/// become radians, so large angles give the matrix of the reduced angle.
///
/// References: each case's angle is written by hand as 90°·k + r with |r| ≤ 45° (the reduction
/// done on paper), and the expected sine and cosine follow from the quadrant identities
/// (sin(90° + r) = cos r, …) with sin r and cos r from the C library in radians. Bound: r·π/180
/// carries two roundings (the constant and the product, relative u = 2⁻⁵³ each) on |r| < 0.8,
/// and sin and cos are within one ulp (≤ 2u absolute for values ≤ 1); the code under test does
/// the same on its own path, so the two differ by at most 2·(2u·0.8 + 2u) < 8u.
@Suite("CSS angles: exact reduction modulo a full turn")
struct WrittenAngleTests {
    static let u = Double.ulpOfOne / 2
    static let bound = 8 * u

    func matrix(_ css: String) throws -> Transform3D<Double> { try TransformOperations<Double>(css: css).matrix }

    /// sin and cos of 90°·k + r degrees by the quadrant identities.
    func sinCos(quarter k: Int, plus r: Double) -> (Double, Double) {
        let s = Double.sin(r * .pi / 180), c = Double.cos(r * .pi / 180)
        switch ((k % 4) + 4) % 4 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    @Test("rotate(1000000deg) is rotate(280deg) = rotate(270deg + 10deg)")
    func millionDegrees() throws {
        let m = try matrix("rotate(1000000deg)")
        let (s, c) = sinCos(quarter: 3, plus: 10)
        #expect(abs(m.m11 - c) <= Self.bound && abs(m.m22 - c) <= Self.bound)
        #expect(abs(m.m12 - s) <= Self.bound && abs(m.m21 + s) <= Self.bound)
        #expect(m.m33 == 1 && m.m13 == 0 && m.m31 == 0)
    }

    @Test(
        "quarter turns written large are exact: rotate(-3600090deg), rotate(-10000.25turn), rotate(400100grad)",
        arguments: [("rotate(-3600090deg)", -1.0), ("rotate(-10000.25turn)", -1.0), ("rotate(400100grad)", 1.0)])
    func quarterTurns(css: String, sine: Double) throws {
        let m = try matrix(css)
        #expect(m.m11 == 0 && m.m22 == 0)
        #expect(m.m12 == sine && m.m21 == -sine)
    }

    @Test("skewX(3600045deg) has tan 45° = 1 exactly; skewY(-1800135deg) is skewY(45deg)")
    func largeSkews() throws {
        let sx = try matrix("skewX(3600045deg)"), sy = try matrix("skewY(-1800135deg)")
        #expect(sx.m21 == 1)
        #expect(sy.m12 == 1)
        // skew(1000030deg, 0) = skew(-50deg): tan(−50°) = −1/tan(40°) by the identity tan(90° − x) = 1/tan x.
        let t = try matrix("skew(1000030deg)").m21
        let ref = -1 / Double.tan(40 * .pi / 180)
        // tan has relative condition ≤ 2·|θ|/sin(2θ) ≈ 1.8 near 50°; two roundings of the angle and
        // one ulp of tan on each side, plus the quotient: ≤ 16u relative.
        #expect(abs(t - ref) <= 16 * Self.u * abs(ref))
    }

    @Test("rotateY(7200030deg) is rotateY(30deg): sin = 1/2, cos = √3/2")
    func largeRotateY() throws {
        let m = try matrix("rotateY(7200030deg)")
        let s = 0.5, c = 3.0.squareRoot() / 2
        #expect(abs(m.m11 - c) <= Self.bound && abs(m.m33 - c) <= Self.bound)
        #expect(abs(m.m13 + s) <= Self.bound && abs(m.m31 - s) <= Self.bound)
        #expect(m.m22 == 1)
    }

    @Test("Float lists read the same exactly reduced angles")
    func float() throws {
        let m = try TransformOperations<Float>(css: "rotate(-3600090deg) skewX(3600045deg)").matrix
        // rotate(−90°) then skewX(45°): exact small integers in every entry.
        let d = try TransformOperations<Double>(css: "rotate(-90deg) skewX(45deg)").matrix
        #expect(m.rowMajor.map(Double.init) == d.rowMajor)
        #expect(d.rowMajor.allSatisfy { $0 == $0.rounded() })
    }

    @Test("the written angle is not part of equality, and interpolation still keeps whole turns")
    func turnsKept() throws {
        let a = try TransformOperations<Double>(css: "rotate(0deg)")
        let b = try TransformOperations<Double>(css: "rotate(720deg)")
        let mid = try TransformOperations.interpolate(from: a, to: b, fraction: 0.25)
        // A quarter of two turns is half a turn: cos = −1.
        #expect(abs(mid.matrix.m11 + 1) <= Self.bound)
        let parsed = try TransformOperations<Double>(css: "rotate(3rad)").functions[0]
        let built = try TransformFunction<Double>(.rotate, .rotate(angle: 3, axis: Vector3(0, 0, 1)))
        #expect(parsed == built && parsed.hashValue == built.hashValue)
        // Equal ends keep the exactly reduced angle at any fraction.
        let big = try TransformOperations<Double>(css: "rotate(-3600090deg)")
        let same = try TransformOperations.interpolate(from: big, to: big, fraction: 0.3)
        #expect(same.matrix.m11 == 0 && same.matrix.m12 == -1)
    }
}
