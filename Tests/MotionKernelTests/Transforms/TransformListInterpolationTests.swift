import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import MotionKernel

/// One WPT `test_interpolation` block: from, to, and (fraction, expected CSS value) pairs.
struct InterpolationFixture: Sendable {
    let from: String
    let to: String
    let expect: [(Double, String)]
}

@Suite("transform list interpolation (CSS Transforms 2): matching prefix, remainder as a matrix")
struct TransformListInterpolationTests {
    typealias Ops = TransformOperations<Double>
    static let u = Double.ulpOfOne / 2

    func css(_ s: String) throws -> Ops { try Ops(css: s) }

    func f(_ name: CSSTransformFunction, _ op: TransformOperation<Double>) -> TransformFunction<Double> {
        TransformFunction(unchecked: name, op)
    }

    /// Runs WPT fixtures. WPT's interpolation harness (css/support/interpolation-testcommon.js)
    /// compares the two computed values after rounding every number to two decimals, so an
    /// entry passes there iff both round alike, which implies |got − expected| < 0.01: that is
    /// the tolerance used here, per matrix entry, for these references with limited printed digits.
    func run(_ fixtures: [InterpolationFixture], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for fx in fixtures {
            let a = try css(fx.from), b = try css(fx.to)
            for (t, e) in fx.expect {
                let got = try Ops.interpolate(from: a, to: b, fraction: t).matrix
                let want = try css(e).matrix
                #expect(maxDiff(got, want) < 0.01, "\(fx.from) → \(fx.to) at \(t): \(got.cssText) vs \(e)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("WPT transform-interpolation-004.html: prefixes, remainders, none (px cases)")
    func wpt004() throws {
        // web-platform-tests/wpt css/css-transforms/animation/transform-interpolation-004.html
        // (the cases in px; those with % and em need a reference box and a font).
        try run([
            InterpolationFixture(
                from: "translateX(12px)", to: "translateX(13px)",
                expect: [
                    (-1, "translateX(11px)"), (0, "translateX(12px)"), (0.25, "translateX(12.25px)"), (0.75, "translateX(12.75px)"), (1, "translateX(13px)"),
                    (2, "translateX(14px)"),
                ]),
            InterpolationFixture(
                from: "skewX(1rad)", to: "translate3d(8px, -4px, 12px) skewX(2rad)",
                expect: [
                    (-1, "matrix3d(1, 0, 0, 0, 5.2998553125713235, 1, 0, 0, 0, 0, 1, 0, -8, 4, -12, 1)"),
                    (0, "matrix(1, 0, 1.5574077246549023, 1, 0, 0)"),
                    (0.25, "matrix3d(1, 0, 0, 0, 0.621795827675797, 1, 0, 0, 0, 0, 1, 0, 2, -1, 3, 1)"),
                    (0.75, "matrix3d(1, 0, 0, 0, -1.2494279662824135, 1, 0, 0, 0, 0, 1, 0, 6, -3, 9, 1)"),
                    (1, "matrix3d(1, 0, 0, 0, -2.185039863261519, 1, 0, 0, 0, 0, 1, 0, 8, -4, 12, 1)"),
                    (2, "matrix3d(1, 0, 0, 0, -5.9274874511779405, 1, 0, 0, 0, 0, 1, 0, 16, -8, 24, 1)"),
                ]),
            InterpolationFixture(
                from: "translate3d(8px, -4px, 12px) skewX(1rad) perspective(400px)", to: "scaleY(2) skewX(2rad) perspective(500px)",
                expect: [
                    (
                        -1,
                        "matrix3d(1, 0, 0, 0, 0, 0, 0, 0, -0.03876288659793814, 0.01938144329896907, 0.94, -0.0029653608247422686, 16, -8, 24, 0.986144329896907)"
                    ),
                    (0, "matrix3d(1, 0, 0, 0, 1.5574077246549023, 1, 0, 0, -0.02, 0.01, 0.97, -0.0025, 8, -4, 12, 1)"),
                    (
                        0.25,
                        "matrix3d(1, 0, 0, 0, 1.1186572632293585, 1.25, 0, 0, -0.0151159793814433, 0.00755798969072165, 0.9775, -0.002378247422680413, 6, -3, 9, 1.0012989690721648)"
                    ),
                    (
                        0.75,
                        "matrix3d(1, 0, 0, 0, -0.7525665307288518, 1.75, 0, 0, -0.005115979381443298, 0.002557989690721649, 0.9924999999999999, -0.002128247422680412, 2, -1, 3, 1.001298969072165)"
                    ),
                    (1, "matrix3d(1, 0, 0, 0, -2.185039863261519, 2, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1)"),
                    (
                        2,
                        "matrix3d(1, 0, 0, 0, -11.227342763749263, 3, 0, 0, 0.021237113402061854, -0.010618556701030927, 1.03, -0.0014653608247422677, -8, 4, -12, 0.9861443298969074)"
                    ),
                ]),
            InterpolationFixture(
                from: "translate3d(8px, -4px, 12px) skewX(1rad) perspective(400px)", to: "translate3d(4px, -12px, 8px) scaleY(2) perspective(500px)",
                expect: [
                    (-1, "translate3d(12px, 4px, 16px) matrix3d(1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, -0.003, 0, 0, 0, 1)"),
                    (0, "translate3d(8px, -4px, 12px) matrix3d(1, 0, 0, 0, 1.55741, 1, 0, 0, 0, 0, 1, -0.0025, 0, 0, 0, 1)"),
                    (0.25, "translate3d(7px, -6px, 11px) matrix3d(1, 0, 0, 0, 1.46007, 1.25, 0, 0, 0, 0, 1, -0.002375, 0, 0, 0, 1)"),
                    (0.75, "translate3d(5px, -10px, 9px) matrix3d(1, 0, 0, 0, 0.681366, 1.75, 0, 0, 0, 0, 1, -0.002125, 0, 0, 0, 1)"),
                    (1, "translate3d(4px, -12px, 8px) matrix3d(1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1)"),
                    (2, "translate3d(0px, -20px, 4px) matrix3d(1, 0, 0, 0, -4.67222, 3, 0, 0, 0, 0, 1, -0.0015, 0, 0, 0, 1)"),
                ]),
            InterpolationFixture(
                from: "translate3d(8px, -4px, 12px) skewX(1rad) perspective(400px)", to: "translate3d(4px, -12px, 8px) skewX(2rad) scaleY(2)",
                expect: [
                    (-1, "translate3d(12px, 4px, 16px) skewX(0rad) matrix3d(1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, -0.005, 0, 0, 0, 1)"),
                    (0, "translate3d(8px, -4px, 12px) skewX(1rad) matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.0025, 0, 0, 0, 1)"),
                    (0.25, "translate3d(7px, -6px, 11px) skewX(1.25rad) matrix3d(1, 0, 0, 0, 0, 1.25, 0, 0, 0, 0, 1, -0.001875, 0, 0, 0, 1)"),
                    (0.75, "translate3d(5px, -10px, 9px) skewX(1.75rad) matrix3d(1, 0, 0, 0, 0, 1.75, 0, 0, 0, 0, 1, -0.000625, 0, 0, 0, 1)"),
                    (1, "translate3d(4px, -12px, 8px) skewX(2rad) matrix(1, 0, 0, 2, 0, 0)"),
                    (2, "translate3d(0px, -20px, 4px) skewX(3rad) matrix3d(1, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0.0025, 0, 0, 0, 1)"),
                ]),
            InterpolationFixture(
                from: "translate3D(100px, 200px, 300px)", to: "none",
                expect: [
                    (-1, "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 200, 400, 600, 1)"),
                    (0.25, "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 75, 150, 225, 1)"),
                    (1, "matrix(1, 0, 0, 1, 0, 0) "), (2, "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -100, -200, -300, 1)"),
                ]),
        ])
    }

    @Test("the brief's case: translate3d skewX perspective → translate3d skewX scaleY keeps the prefix")
    func prefixStructure() throws {
        let a = try css("translate3d(8px, -4px, 12px) skewX(1rad) perspective(400px)")
        let b = try css("translate3d(4px, -12px, 8px) skewX(2rad) scaleY(2)")
        for (t, tr, k) in [(0.25, Vector3<Double>(7, -6, 11), 1.25), (2, Vector3<Double>(0, -20, 4), 3)] {
            let r = try Ops.interpolate(from: a, to: b, fraction: t)
            // Prefix parameters are (1 − t)·a + t·b with every product and sum exact here.
            #expect(r.functions.count == 3)
            #expect(r.functions[0] == f(.translate3d, .translate(x: tr.x, y: tr.y, z: tr.z)))
            #expect(r.functions[1] == f(.skewX, .skewX(k)))
            guard r.functions.count == 3, case .matrix(let m) = r.functions[2].operation else { continue }
            #expect(r.functions[2].name == .matrix3d)
            // perspective(400px) decomposes to the perspective column (0, 0, fl(−1/400), 1) exactly
            // and scaleY(2) to scale (1, 2, 1) exactly; the lerps give m22 = 1 + t exactly and
            // m34 = fl((1 − t)·fl(−1/400)) (the other term is t·0), recomposed without rounding:
            // 2u from the true −(1 − t)/400, and the reference below is one more rounding: 3u.
            #expect(m.m22 == 1 + t)
            let m34 = -(1 - t) / 400
            #expect(abs(m.m34 - m34) <= 3 * Self.u * abs(m34) * (1 + 2 * Self.u))
            #expect(m.m11 == 1 && m.m33 == 1 && m.m44 == 1 && m.m21 == 0 && m.m41 == 0)
        }
        // Interpolating the whole lists as matrices (the behaviour before the prefix rule) misses
        // WPT's expectation at 0.25 by more than its 0.01: the fixture tells the two apart.
        let whole = try Transform3D.interpolate(from: a.matrix, to: b.matrix, fraction: 0.25)
        let wpt = try css("translate3d(7px, -6px, 11px) skewX(1.25rad) matrix3d(1, 0, 0, 0, 0, 1.25, 0, 0, 0, 0, 1, -0.001875, 0, 0, 0, 1)")
        #expect(maxDiff(whole, wpt.matrix) >= 0.01)
        #expect(maxDiff(try Ops.interpolate(from: a, to: b, fraction: 0.25).matrix, wpt.matrix) < 0.01)
    }

    @Test("Chromium TransformOperationTest.BlendOrder: pairwise prefix, padding, remainder as one matrix")
    func chromiumBlendOrder() throws {
        // chromium/chromium cc/animation/transform_operations_unittest.cc, BlendOrder:
        // from scale(2, 4, 8) translate(1, 2, 3), to scale(4, 8, 16) translate(10, 20, 30), at 0.25.
        let s1 = TransformOperation<Double>.scale(x: 2, y: 4, z: 8), t1 = TransformOperation<Double>.translate(x: 1, y: 2, z: 3)
        let s2 = TransformOperation<Double>.scale(x: 4, y: 8, z: 16), t2 = TransformOperation<Double>.translate(x: 10, y: 20, z: 30)
        let s3 = TransformOperation<Double>.scale(x: 2, y: 1, z: 1)
        // Every parameter 0.75·a + 0.25·b below is exact in binary.
        let base = [TransformFunction(.scale(x: 2.5, y: 5, z: 10)), TransformFunction(.translate(x: 3.25, y: 6.5, z: 9.75))]
        let r1 = try Ops.interpolate(from: Ops([s1, t1]), to: Ops([s2, t2]), fraction: 0.25)
        #expect(r1.functions == base)
        // Lengths differ: the shorter list is padded with the identity of the extra scale.
        let r2 = try Ops.interpolate(from: Ops([s1, t1]), to: Ops([s2, t2, s3]), fraction: 0.25)
        #expect(r2.functions == base + [TransformFunction(.scale(x: 1.25, y: 1, z: 1))])
        // A mismatch at the third position: only that remainder interpolates as a matrix.
        let rot = TransformOperation<Double>.rotate(angle: Double.pi / 2, axis: Vector3(0, 0, 1))
        let r3 = try Ops.interpolate(from: Ops([s1, t1, rot]), to: Ops([s2, t2, s3]), fraction: 0.25)
        #expect(Array(r3.functions.prefix(2)) == base && r3.functions.count == 3)
        guard r3.functions.count == 3, case .matrix(let m) = r3.functions[2].operation else {
            Issue.record("no remainder matrix")
            return
        }
        #expect(m == (try Transform3D.interpolate(from: rot.matrix, to: s3.matrix, fraction: 0.25)))
        #expect(r3.functions[2].name == .matrix)  // both remainders 2D, so is the result
        // Closed form: rotation (1 − t)·θ about z (θ = fl(π/2), what the matrix holds) and x scale
        // 1 + t, row-vector M = Scale·Rotation. Error budget: decomposition ≤ 10u per quaternion
        // component; slerp ≤ 20u (acos and two sines, ≤ 1 ulp each, acos conditioned by
        // 1/sin(π/4) = √2, a handful of roundings); recomposition squares and doubles them: ≤ 64u
        // on the rotation entries, times the scale 1.25 (≤ 3u itself): 128u·1.25 covers the sum.
        let th = 0.75 * Double.pi / 2, sx = 1.25
        let want: [Double] = [sx * cos(th), sx * sin(th), 0, 0, -sin(th), cos(th), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        #expect(zip(m.rowMajor, want).allSatisfy { abs($0 - $1) <= 128 * Self.u * 1.25 }, "\(m.rowMajor)")
        // The whole list's matrix is the prefix then the remainder (last applies first).
        let net = r3.matrix
        let parts = m.concatenating(TransformOperation<Double>.translate(x: 3.25, y: 6.5, z: 9.75).matrix)
            .concatenating(TransformOperation<Double>.scale(x: 2.5, y: 5, z: 10).matrix)
        #expect(net == parts)
    }

    @Test("WPT transform-interpolation-001/002/003: perspective, rotations, scales, skews")
    func wpt001to003() throws {
        // web-platform-tests/wpt css/css-transforms/animation/transform-interpolation-001.html
        try run([
            InterpolationFixture(
                from: "perspective(400px)", to: "perspective(500px)",
                expect: [(-1, "perspective(300px)"), (0.25, "perspective(425px)"), (0.75, "perspective(475px)"), (2, "perspective(600px)")]),
            InterpolationFixture(
                from: "skewX(10rad) perspective(400px)", to: "skewX(20rad) perspective(500px)",
                expect: [(-1, "skewX(0rad) perspective(300px)"), (0.25, "skewX(12.5rad) perspective(425px)"), (2, "skewX(30rad) perspective(600px)")]),
            InterpolationFixture(
                from: "scaleZ(1) perspective(400px)", to: "scaleZ(2) perspective(500px)",
                expect: [(-1, "scaleZ(0) perspective(300px)"), (0.75, "scaleZ(1.75) perspective(475px)")]),
            InterpolationFixture(
                from: "rotate(30deg)", to: "rotate(330deg)",
                expect: [(-1, "rotate(-270deg)"), (0.25, "rotate(105deg)"), (0.75, "rotate(255deg)"), (2, "rotate(630deg)")]),
            InterpolationFixture(
                from: "rotateX(0deg)", to: "rotateX(700deg)", expect: [(-1, "rotateX(-700deg)"), (0.25, "rotateX(175deg)"), (2, "rotateX(1400deg)")]),
            InterpolationFixture(from: "rotateY(0deg)", to: "rotateY(800deg)", expect: [(0.25, "rotateY(200deg)"), (0.75, "rotateY(600deg)")]),
            InterpolationFixture(from: "rotateZ(0deg)", to: "rotateZ(900deg)", expect: [(0.25, "rotateZ(225deg)"), (2, "rotateZ(1800deg)")]),
            InterpolationFixture(
                from: "rotateX(0deg)", to: "rotateY(900deg)", expect: [(-1, "rotateY(-900deg)"), (0.25, "rotateY(225deg)"), (0.75, "rotateY(675deg)")]),
            InterpolationFixture(
                from: "rotateY(900deg)", to: "rotateZ(0deg)", expect: [(-1, "rotateY(1800deg)"), (0.25, "rotateY(675deg)"), (2, "rotateY(-900deg)")]),
            InterpolationFixture(
                from: "rotate3d(7, 8, 9, 100deg)", to: "rotate3d(7, 8, 9, 260deg)",
                expect: [(-1, "rotate3d(7, 8, 9, -60deg)"), (0.25, "rotate3d(7, 8, 9, 140deg)"), (2, "rotate3d(7, 8, 9, 420deg)")]),
            InterpolationFixture(
                from: "rotate3d(7, 8, 9, 0deg)", to: "rotate3d(7, 8, 9, 450deg)",
                expect: [(0.25, "rotate3d(7, 8, 9, 112.5deg)"), (0.75, "rotate3d(7, 8, 9, 337.5deg)")]),
            InterpolationFixture(
                from: "rotate3d(0, 1, 0, 0deg)", to: "rotate3d(0, 2, 0, 450deg)",
                expect: [(-1, "rotate3d(0, 1, 0, -450deg)"), (0.25, "rotate3d(0, 1, 0, 112.5deg)")]),
            InterpolationFixture(
                from: "rotate3d(1, 1, 0, 90deg)", to: "rotate3d(0, 1, 1, 180deg)",
                expect: [
                    (-1, "rotate3d(0.41, -0.41, -0.82, 120deg)"), (0.25, "rotate3d(0.524083, 0.804261, 0.280178, 106.91deg)"),
                    (0.75, "rotate3d(0.163027, 0.774382, 0.611354, 153.99deg)"), (1, "rotate3d(0, 1, 1, 180deg)"), (2, "rotate3d(0.71, 0, -0.71, 90deg)"),
                ]),
            InterpolationFixture(from: "none", to: "rotate(90deg)", expect: [(-1, "rotate(-90deg)"), (0.25, "rotate(22.5deg)"), (2, "rotate(180deg)")]),
            InterpolationFixture(from: "rotate(90deg)", to: "none", expect: [(-1, "rotate(180deg)"), (0.75, "rotate(22.5deg)")]),
            InterpolationFixture(
                from: "rotateX(0deg) rotateY(0deg) rotateZ(0deg)", to: "rotateX(700deg) rotateY(800deg) rotateZ(900deg)",
                expect: [(-1, "rotateX(-700deg) rotateY(-800deg) rotateZ(-900deg)"), (0.25, "rotateX(175deg) rotateY(200deg) rotateZ(225deg)")]),
        ])
        // web-platform-tests/wpt css/css-transforms/animation/transform-interpolation-002.html
        try run([
            InterpolationFixture(from: "scale(10, 5)", to: "scale(20, 9)", expect: [(-1, "scale(0, 1)"), (0.25, "scale(12.5, 6)"), (2, "scale(30, 13)")]),
            InterpolationFixture(from: "scaleX(10)", to: "scaleX(20)", expect: [(-1, "scaleX(0)"), (0.75, "scaleX(17.5)")]),
            InterpolationFixture(from: "scaleY(5)", to: "scaleY(9)", expect: [(0.25, "scaleY(6)"), (2, "scaleY(13)")]),
            InterpolationFixture(
                from: "scale3d(10, 0.5, 1)", to: "scale3d(20, 1, 2)", expect: [(-1, "scale3d(0, 0, 0)"), (0.25, "scale3d(12.5, 0.625, 1.25)")]),
            InterpolationFixture(
                from: "scaleX(0)", to: "scaleY(0)",
                expect: [(-1, "scale(-1, 2)"), (0, "scale(0, 1)"), (0.25, "scale(0.25, 0.75)"), (1, "scale(1, 0)"), (2, "scale(2, -1)")]),
            InterpolationFixture(from: "none", to: "scale3d(2, 3, 5)", expect: [(-1, "scale3d(0, -1, -3)"), (0.25, "scale3d(1.25, 1.5, 2)")]),
            InterpolationFixture(from: "scale3d(2, 3, 5)", to: "none", expect: [(0.25, "scale3d(1.75, 2.5, 4)"), (2, "scale3d(0, -1, -3)")]),
            InterpolationFixture(
                from: "scaleX(10) scaleY(0.5) scaleZ(1)", to: "scaleX(20) scaleY(1) scaleZ(2)",
                expect: [(-1, "scaleX(0) scaleY(0) scaleZ(0)"), (0.25, "scaleX(12.5) scaleY(0.625) scaleZ(1.25)")]),
        ])
        // web-platform-tests/wpt css/css-transforms/animation/transform-interpolation-003.html
        try run([
            InterpolationFixture(
                from: "skewX(10rad) scaleZ(1)", to: "skewX(20rad) scaleZ(2)",
                expect: [(-1, "skewX(0rad) scaleZ(0)"), (0.25, "skewX(12.5rad) scaleZ(1.25)"), (2, "skewX(30rad) scaleZ(3)")])
        ])
        // web-platform-tests/wpt css/css-transforms/animation/transform-interpolation-006.html:
        // from `initial` (none).
        try run([
            InterpolationFixture(
                from: "none", to: "translate(20px)",
                expect: [(-1, "translate(-20px)"), (0, "translate(0px)"), (0.25, "translate(5px)"), (0.75, "translate(15px)"), (2, "translate(40px)")])
        ])
        // scaleX(0) → scaleY(0) share the 2D primitive scale: the result is a scale().
        let r = try Ops.interpolate(from: css("scaleX(0)"), to: css("scaleY(0)"), fraction: 0.25)
        #expect(r.functions == [f(.scale, .scale(x: 0.25, y: 0.75, z: 1))])
        // translateX with translateZ: translate3d.
        let q = try Ops.interpolate(from: css("translateX(4px)"), to: css("translateZ(8px)"), fraction: 0.5)
        #expect(q.functions == [f(.translate3d, .translate(x: 2, y: 0, z: 4))])
    }

    @Test("WPT transform-interpolation-005.html: 2D and 3D matrices")
    func wpt005() throws {
        // web-platform-tests/wpt css/css-transforms/animation/transform-interpolation-005.html
        // Its 2D cases follow the single-shear decomposition M = translate·rotate·skew·scale (what
        // `Transform3D.interpolate` does for 2D matrices): CSS Transforms 1's 2D decomposition
        // (rotation plus a residual 2×2 matrix) gives matrix(4, 0, 1.49, 3.59, 0, 0) instead of
        // matrix(4, 0, 2, 4, 0, 0) for scaleY(7) → skewX(45deg) scaleX(7) at 0.5.
        let c30 = cos(Double.pi / 6), s30 = sin(Double.pi / 6), c45 = cos(Double.pi / 4), s45 = sin(Double.pi / 4)
        let c60 = cos(Double.pi / 3), s60 = sin(Double.pi / 3)
        try run([
            InterpolationFixture(
                from: "matrix(1, 0, 0, 1, 0, -6)", to: "matrix(0, 7, -1, 0, 6, 0)",
                expect: [
                    (-1, "matrix(0, 5, 1, 0, -6, -12)"), (1.0 / 3, "matrix(\(3 * c30), \(3 * s30), -\(s30), \(c30), 2, -4)"),
                    (0.5, "matrix(\(4 * c45), \(4 * s45), -\(s45), \(c45), 3, -3)"), (2.0 / 3, "matrix(\(5 * c60), \(5 * s60), -\(s60), \(c60), 4, -2)"),
                    (2, "matrix(-13, 0, 0, -1, 12, 6)"),
                ]),
            InterpolationFixture(
                from: "matrix(1, 0, 0, 7, 0, 0)", to: "matrix(7, 0, 1, 1, 0, 0)",
                expect: [
                    (-1, "matrix(-5, 0, -13, 13, 0, 0)"), (1.0 / 3, "matrix(3, 0, 1.6667, 5, 0, 0)"), (0.5, "matrix(4, 0, 2, 4, 0, 0)"),
                    (2.0 / 3, "matrix(5, 0, 2, 3, 0, 0)"), (2, "matrix(13, 0, -10, -5, 0, 0)"),
                ]),
            InterpolationFixture(
                from: "none", to: "matrix(7, 0, 2, 2, 6, 0)",
                expect: [
                    (-1, "matrix(-5, 0, 0, 0, -6, 0)"), (0.25, "matrix(2.5, 0, 0.31, 1.25, 1.5, 0)"), (0.5, "matrix(4, 0, 0.75, 1.5, 3, 0)"),
                    (0.75, "matrix(5.5, 0, 1.31, 1.75, 4.5, 0)"), (2, "matrix(13, 0, 6, 3, 12, 0)"),
                ]),
            InterpolationFixture(
                from: "matrix(3, 0, 0, 5, 0, -6)", to: "none",
                expect: [(-1, "matrix(5, 0, 0, 9, 0, -12)"), (0.25, "matrix(2.5, 0, 0, 4, 0, -4.5)"), (2, "matrix(-1, 0, 0, -3, 0, 6)")]),
            InterpolationFixture(
                from: "none", to: "matrix3d(1.0806046117362795, 0, -1.682941969615793, 0, 0, 3, 0, 0, 3.365883939231586, 0, 2.161209223472559, 0, 0, 0, 0, 1)",
                expect: [
                    (0.25, "matrix3d(1.211140527138306, 0, -0.30925494906815365, 0, 0, 1.5, 0, 0, 0.43295692869541513, 0, 1.6955967379936283, 0, 0, 0, 0, 1)"),
                    (0.75, "matrix3d(1.2804555205291865, 0, -1.1928678300408346, 0, 0, 2.5, 0, 0, 2.215325970075836, 0, 2.377988823839918, 0, 0, 0, 0, 1)"),
                    (2, "matrix3d(-1.2484405096414273, 0, -2.727892280477045, 0, 0, 5, 0, 0, 6.365081987779772, 0, -2.9130278558299967, 0, 0, 0, 0, 1)"),
                ]),
            InterpolationFixture(
                from: "none",
                to:
                    "matrix3d(0, 0.6875, -0.625, 0.3125, -0.6666666666666665, -1, 0.8333333333333334, 0.125, -0.6666666666666665, 0, 0.5, 1.0625, -1.1875, -0.0625, 1.3125, 1)",
                expect: [
                    (
                        0.25,
                        "matrix3d(0.9041890962319094, 0.3522701519297133, -0.15240204298176957, -0.1428256720529315, -0.7579798772527586, 0.6803606288839232, -0.05133336076757235, 0.37904689530895724, -0.1957679784745485, 0.38554138029509327, 0.8226186974340638, 0.3370288143441876, -0.296875, -0.015625, 0.328125, 0.5930529142680923)"
                    ),
                    (
                        0.75,
                        "matrix3d(0.35007413226026135, 0.7254385504141292, -0.4977009150941454, 0.09582061929004702, -1.1027525038949482, -0.5884810398827429, 0.4516829688651701, 0.5447944343861767, -0.68717798815684, 0.2657772247405681, 0.5465690479810023, 1.0836207863885503, -0.890625, -0.046875, 0.984375, 0.5930529142680927)"
                    ),
                ]),
            // "Mismatched interpolation with an empty list should not use decomposition."
            InterpolationFixture(
                from: "none", to: "rotate(180deg)", expect: [(-1, "rotate(-180deg)"), (0.25, "rotate(45deg)"), (0.75, "rotate(135deg)"), (2, "rotate(360deg)")]),
            InterpolationFixture(from: "none", to: "rotate(360deg)", expect: [(0.25, "rotate(90deg)"), (0.75, "rotate(270deg)"), (2, "rotate(720deg)")]),
        ])
    }

    @Test("mismatch after a prefix, lists of different lengths, none, names of results")
    func shapes() throws {
        // Prefix translateX ↔ translateY (a translate), then [scale(2) rotate(1rad)] vs [skewX(1rad)].
        let a = try css("translateX(1px) scale(2) rotate(1rad)"), b = try css("translateY(2px) skewX(1rad)")
        let r = try Ops.interpolate(from: a, to: b, fraction: 0.5)
        #expect(r.functions.count == 2 && r.functions[0] == f(.translate, .translate(x: 0.5, y: 1, z: 0)))
        guard r.functions.count == 2, case .matrix(let m) = r.functions[1].operation else { return }
        let ma = try css("scale(2) rotate(1rad)").matrix, mb = try css("skewX(1rad)").matrix
        #expect(m == (try Transform3D.interpolate(from: ma, to: mb, fraction: 0.5)))
        // Ends are exact: fraction 0 and 1 give the ends' matrices.
        #expect(try Ops.interpolate(from: a, to: b, fraction: 0).matrix == a.matrix)
        #expect(try Ops.interpolate(from: a, to: b, fraction: 1).matrix == b.matrix)
        // A prefix covering the shorter list pads it: rotate(1rad) vs rotate(2rad) skewX(1rad).
        let p = try Ops.interpolate(from: css("rotate(1rad)"), to: css("rotate(2rad) skewX(1rad)"), fraction: 0.25)
        #expect(p.functions == [f(.rotate, .rotate(angle: 1.25, axis: Vector3(0, 0, 1))), f(.skewX, .skewX(0.25))])
        // skewX never pairs with skew or skewY.
        for (x, y) in [("skewX(1rad)", "skew(1rad)"), ("skewX(1rad)", "skewY(1rad)"), ("skew(1rad)", "skewY(1rad)")] {
            let s = try Ops.interpolate(from: css(x), to: css(y), fraction: 0.5)
            #expect(s.functions.count == 1 && s.functions[0].name == .matrix, "\(x) → \(y)")
        }
        // perspective pairs interpolate as matrices (−1/d linearly): 400 → 500 at 0.5 has
        // m34 = fl(fl(0.5·fl(−1/400)) + fl(0.5·fl(−1/500))), within 3u of −(1/400 + 1/500)/2 relative.
        let pr = try Ops.interpolate(from: css("perspective(400px)"), to: css("perspective(500px)"), fraction: 0.5)
        #expect(pr.functions.count == 1 && pr.functions[0].name == .matrix3d)
        let want = -(1.0 / 400 + 1.0 / 500) / 2
        #expect(abs(pr.matrix.m34 - want) <= 4 * Self.u * abs(want))
        // perspective(none) is the identity of perspective: none → perspective(1000px) at 0.5 is
        // perspective(2000px) (Chromium's BlendPerspectiveFromIdentity), m34 = 0.5·fl(−1/1000).
        let pn = try Ops.interpolate(from: .none, to: css("perspective(1000px)"), fraction: 0.5)
        #expect(abs(pn.matrix.m34 + 1.0 / 2000) <= 2 * Self.u / 2000)
        let pn2 = try Ops.interpolate(from: css("perspective(none)"), to: css("perspective(1000px)"), fraction: 0.5)
        #expect(pn2.matrix == pn.matrix)
        // Results serialise as CSS and read back as the same list.
        for t in [-1.0, 0.25, 0.5, 2] {
            let x = try Ops.interpolate(from: a, to: b, fraction: t)
            #expect(try css(x.cssText) == x, "\(x.cssText)")
        }
    }

    @Test("a parameter both ends agree on keeps its value at any fraction: scale() z = 1, translate() z = 0")
    func agreedParameters() throws {
        // (1 − t) + t is 0 in Double for t = 10²⁰, so (1 − t)·1 + t·1 would lose scale()'s z = 1.
        for t in [1e20, -1e20, 1e300] {
            let s = try Ops.interpolate(from: css("scale(0)"), to: css("scale(1)"), fraction: t)
            #expect(s.functions == [f(.scale, .scale(x: t, y: t, z: 1))], "\(t)")  // (1 − t)·0 + t·1 = t exactly
            #expect(s.matrix.m33 == 1 && s.matrix.isAffine)
            let tr = try Ops.interpolate(from: css("translate(0px, 0px)"), to: css("translate(1px, 0px)"), fraction: t)
            #expect(tr.functions == [f(.translate, .translate(x: t, y: 0, z: 0))], "\(t)")
            // Equal ends stay equal: the angle, the skew, the 2D matrix's z scale and perspective.
            let r = try Ops.interpolate(from: css("rotate(1rad) skewX(2rad)"), to: css("rotate(1rad) skewX(2rad)"), fraction: t)
            #expect(r.functions == [f(.rotate, .rotate(angle: 1, axis: Vector3(0, 0, 1))), f(.skewX, .skewX(2))], "\(t)")
        }
        // Matrices: the decompositions share z scale 1, no perspective (w = 1) and the identity
        // rotation, so the result stays 2D (m33 = 1, m34 = 0, m44 = 1) at t = ±10²⁰.
        for t in [1e20, -1e20] {
            let m = try Transform3D.interpolate(
                from: css("matrix(2, 0, 0, 2, 0, 0)").matrix, to: css("matrix(3, 0, 0, 3, 0, 0)").matrix, fraction: t)
            #expect(m.m33 == 1 && m.m34 == 0 && m.m44 == 1 && m.isAffine, "\(t): \(m)")
        }
    }
}
