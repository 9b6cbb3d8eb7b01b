import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import MotionKernel

@Suite("CSS Transforms Level 2 decomposition and interpolation")
struct DecomposedTransformTests {
    func roundTrip<T: MotionScalar>(_: T.Type, tol: Double, perspective: Bool) throws {
        var rng = SplitMix64(seed: perspective ? 0xDEC0 : 0xDEC1)
        for _ in 0..<500 {
            let m = Transform3D<T>(randomTransform(&rng, perspective: perspective))
            let d = try #require(m.decomposed)
            // The decomposition normalizes by m44; compare with the normalized input.
            let w = m.m44
            let n = try Transform3D<T>(rowMajor: m.rowMajor.map { $0 / w })
            #expect(maxDiff(d.matrix, n) <= tol * magnitude(n), "\(m)")
            #expect(abs(d.quaternion.norm.doubleValue - 1) <= tol && d.quaternion.w >= 0)
        }
        // Fully random entries (not built from factors).
        for _ in 0..<500 {
            let e = (0..<16).map { _ in T(rng.uniform(-1, 1)) }
            guard let m = try? Transform3D<T>(rowMajor: e), abs(m.m44.doubleValue) > 0.2 else { continue }
            guard let d = m.decomposed else { continue }
            let n = try Transform3D<T>(rowMajor: m.rowMajor.map { $0 / m.m44 })
            let cond = 1 / max(1e-3, abs(DecomposedTransform(n).map { $0.scale.x * $0.scale.y * $0.scale.z }?.doubleValue ?? 1))
            #expect(maxDiff(d.matrix, n) <= tol * 10 * magnitude(n) * min(cond, 1e3), "\(m)")
        }
    }

    @Test("decomposition then recomposition is the identity on random invertible matrices")
    func recomposition() throws {
        try roundTrip(Double.self, tol: 1e-12, perspective: false)
        try roundTrip(Double.self, tol: 1e-12, perspective: true)
        try roundTrip(Float.self, tol: 2e-5, perspective: true)
    }

    @Test("known decompositions: rotate, scale, translate, perspective, skew")
    func knownParts() throws {
        let th = 0.8
        let r = try #require(Transform3D<Double>(rotation: th, axis: Vector3(0, 0, 1)).decomposed)
        #expect(abs(r.quaternion.z - sin(th / 2)) < 1e-15 && abs(r.quaternion.w - cos(th / 2)) < 1e-15)
        #expect(r.quaternion.x == 0 && r.quaternion.y == 0)
        let ax = try #require(Transform3D<Double>(rotation: -th, axis: Vector3(0, 3, 4)).decomposed)
        #expect(abs(ax.quaternion.y + 0.6 * sin(th / 2)) < 1e-15 && abs(ax.quaternion.z + 0.8 * sin(th / 2)) < 1e-15)
        let s = try #require(Transform3D<Double>(scale: Vector3(2, 3, 4)).concatenating(Transform3D(translation: Vector3(5, 6, 7))).decomposed)
        #expect(s.scale == Vector3(2, 3, 4) && s.translation == Vector3(5, 6, 7) && s.skew == .zero)
        let p = try #require(Transform3D<Double>(perspective: 250).decomposed)
        #expect(p.perspective == Vector4(0, 0, -1.0 / 250, 1) && p.quaternion == .identity)
        let k = try #require(Transform3D<Double>(skewX: 0.4, skewY: 0).decomposed)
        // skewX(ax): row 2 = (tan ax, 1, 0) = 1·(row 2 + xy·row 1) with xy = tan(ax).
        #expect(abs(k.skew.x - tan(0.4)) < 1e-15 && k.skew.y == 0 && k.skew.z == 0)
        // A negative determinant negates all three scales (spec), with a 180° rotation.
        let f = try #require(Transform3D<Double>(scale: Vector3(-1, 1, 1)).decomposed)
        #expect(f.scale == Vector3(-1, -1, -1))
        #expect(abs(f.quaternion.x) == 1 && f.quaternion.w == 0)
        #expect(Transform3D<Double>(scale: Vector3(1, 0, 1)).decomposed == nil)
        var z = Transform3D<Double>.identity
        z.m44 = 0
        #expect(z.decomposed == nil)
    }

    func ends<T: MotionScalar>(_: T.Type) throws {
        var rng = SplitMix64(seed: 0xE4D)
        for _ in 0..<200 {
            let a = Transform3D<T>(randomTransform(&rng)), b = Transform3D<T>(randomTransform(&rng))
            #expect(try Transform3D.interpolate(from: a, to: b, fraction: 0) == a)
            #expect(try Transform3D.interpolate(from: a, to: b, fraction: 1) == b)
            let da = a.decomposed!, db = b.decomposed!
            #expect(da.interpolated(to: db, fraction: 0) == da)
            #expect(da.interpolated(to: db, fraction: 1) == db)
        }
    }

    @Test("interpolation at 0 and 1 returns the ends exactly", arguments: Precision.allCases)
    func endsExact(_ precision: Precision) throws {
        try ends(precision.type)
    }

    @Test("slerp stays on the unit sphere, also when extrapolating")
    func slerpUnit() {
        var rng = SplitMix64(seed: 0x51E7)
        for _ in 0..<2000 {
            let a = randomUnitQuaternion(&rng), b = randomUnitQuaternion(&rng)
            let t = rng.uniform(-1, 2)
            let q = Quaternion.slerp(a, b, t)
            #expect(abs(q.norm - 1) <= 1e-12)
            let qf = Quaternion.slerp(
                Quaternion<Float>(x: Float(a.x), y: Float(a.y), z: Float(a.z), w: Float(a.w)),
                Quaternion<Float>(x: Float(b.x), y: Float(b.y), z: Float(b.z), w: Float(b.w)), Float(t))
            #expect(abs(Double(qf.norm) - 1) <= 1e-5)
        }
    }

    @Test("slerp follows the spec: no short-arc flip, great-circle angle")
    func slerpSpec() {
        // From the identity to a 300° turn about z, q_b = (0, 0, sin 150°, cos 150°) has w < 0;
        // without a flip the path goes the long way: at t = 0.5 the turn is 150°.
        let b = Quaternion<Double>(angle: 300 * .pi / 180, axis: Vector3(0, 0, 1))
        let h = Quaternion.slerp(.identity, b, 0.5)
        #expect(abs(h.z - sin(75 * Double.pi / 180)) < 1e-15 && abs(h.w - cos(75 * Double.pi / 180)) < 1e-15)
        // Equal (or antipodal) inputs return the first.
        #expect(Quaternion.slerp(b, b, 0.3) == b)
        // Between rotations of 20° and 80° about x, t = 0.25 is 35°.
        let q = Quaternion.slerp(
            Quaternion(angle: 20 * .pi / 180, axis: Vector3(1, 0, 0)),
            Quaternion(angle: 80 * .pi / 180, axis: Vector3(1, 0, 0)), 0.25)
        #expect(abs(q.x - sin(17.5 * Double.pi / 180)) < 1e-15 && abs(q.w - cos(17.5 * Double.pi / 180)) < 1e-15)
    }

    @Test("matrix interpolation: rotations, whole turns lost, discrete fallback, extrapolation")
    func matrixInterpolation() throws {
        let rz = { (a: Double) in Transform3D<Double>(rotation: a, axis: Vector3(0, 0, 1)) }
        #expect(maxDiff(try Transform3D.interpolate(from: rz(0), to: rz(.pi / 2), fraction: 0.5), rz(.pi / 4)) < 1e-15)
        // rotate(360°) as a matrix is the identity: nothing moves.
        #expect(maxDiff(try Transform3D.interpolate(from: rz(0), to: rz(2 * .pi), fraction: 0.5), .identity) < 1e-15)
        // rotate(270°) as a matrix is reached through −90°.
        #expect(maxDiff(try Transform3D.interpolate(from: rz(0), to: rz(1.5 * .pi), fraction: 0.5), rz(-.pi / 4)) < 1e-15)
        // Translation and scale interpolate linearly; t outside [0, 1] extrapolates.
        let a = Transform3D<Double>(translation: Vector3(0, 10, 0)), b = Transform3D<Double>(translation: Vector3(10, 30, -4))
        #expect(try Transform3D.interpolate(from: a, to: b, fraction: 1.5) == Transform3D(translation: Vector3(15, 40, -6)))
        let s = try Transform3D.interpolate(from: Transform3D<Double>(scale: Vector3(1, 2, 1)), to: Transform3D(scale: Vector3(3, 2, 1)), fraction: 0.25)
        #expect(maxDiff(s, Transform3D(scale: Vector3(1.5, 2, 1))) < 1e-15)
        // Perspective interpolates −1/d linearly.
        let p = try Transform3D.interpolate(from: Transform3D<Double>(perspective: 100), to: Transform3D(perspective: 200), fraction: 0.5)
        #expect(abs(p.m34 + (0.01 + 0.005) / 2) < 1e-17 && p.m44 == 1)
        // Non-invertible: discrete, switching at 0.5.
        let sing = Transform3D<Double>(scale: Vector3(0, 1, 1))
        #expect(try Transform3D.interpolate(from: sing, to: b, fraction: 0.49) == sing)
        #expect(try Transform3D.interpolate(from: sing, to: b, fraction: 0.5) == b)
        #expect(try Transform3D.interpolate(from: b, to: sing, fraction: -0.3) == b)
        // 2D skew goes through the single-shear form: identity → skewX(ax) at t has m21 = t·tan(ax).
        let k = try Transform3D.interpolate(from: .identity, to: Transform3D<Double>(skewX: 0.7, skewY: 0), fraction: 0.3)
        #expect(abs(k.m21 - 0.3 * tan(0.7)) < 1e-15 && abs(k.m12) < 1e-16 && abs(k.m11 - 1) < 1e-15 && abs(k.m22 - 1) < 1e-15)
    }

    @Test("operation lists interpolate op by op and keep whole turns")
    func operationInterpolation() throws {
        typealias Ops = TransformOperations<Double>
        let rz = { (a: Double) in TransformOperation<Double>.rotate(angle: a, axis: Vector3(0, 0, 1)) }
        // none → rotate(360°) turns a full circle: half way is 180°.
        let half = try Ops.interpolate(from: .none, to: try Ops([rz(2 * .pi)]), fraction: 0.5)
        #expect(half.operations == [rz(.pi)])
        #expect(try Ops.interpolate(from: .none, to: .none, fraction: 0.5).isNone)
        // Matching kinds: translate and scale pairwise; the last op still applies first.
        let a = try Ops([.translate(x: 0, y: 0, z: 0), .scale(x: 1, y: 1, z: 1)])
        let b = try Ops([.translate(x: 100, y: 50, z: 0), .scale(x: 3, y: 1, z: 1)])
        let m = try Ops.interpolate(from: a, to: b, fraction: 0.5)
        #expect(m.operations == [.translate(x: 50, y: 25, z: 0), .scale(x: 2, y: 1, z: 1)])
        #expect(try m.matrix.apply(to: Vector3(1, 1, 0)) == Vector3(52, 26, 0))
        // A prefix match pads the shorter list: scale(1.5) → scale(1.5) rotate(720°).
        let p = try Ops.interpolate(
            from: try Ops([.scale(x: 1.5, y: 1.5, z: 1)]),
            to: try Ops([.scale(x: 1.5, y: 1.5, z: 1), rz(4 * .pi)]), fraction: 0.25)
        #expect(p.operations == [.scale(x: 1.5, y: 1.5, z: 1), rz(.pi)])
        // Rotations: one angle 0 takes the other's axis.
        let r = try Ops.interpolate(
            from: try Ops([.rotate(angle: 0, axis: Vector3(1, 0, 0))]),
            to: try Ops([.rotate(angle: 1, axis: Vector3(0, 2, 0))]), fraction: 0.5)
        #expect(r.operations == [.rotate(angle: 0.5, axis: Vector3(0, 1, 0))])
        // Different axes, both non-zero: matrix interpolation of the pair.
        let rx = Transform3D<Double>(rotation: 1, axis: Vector3(1, 0, 0)), ry = Transform3D<Double>(rotation: 1, axis: Vector3(0, 1, 0))
        let d = try Ops.interpolate(
            from: try Ops([.rotate(angle: 1, axis: Vector3(1, 0, 0))]),
            to: try Ops([.rotate(angle: 1, axis: Vector3(0, 1, 0))]), fraction: 0.5)
        #expect(d.operations == [.matrix(try Transform3D.interpolate(from: rx, to: ry, fraction: 0.5))])
        // Mismatched kinds: matrix interpolation of the whole lists.
        let x = try Ops([.translate(x: 10, y: 0, z: 0), rz(1)]), y = try Ops([rz(1), .translate(x: 10, y: 0, z: 0)])
        let mm = try Ops.interpolate(from: x, to: y, fraction: 0.5)
        #expect(mm.operations == [.matrix(try Transform3D.interpolate(from: x.matrix, to: y.matrix, fraction: 0.5))])
        // Ends: fraction 0 and 1 give the ends' matrices exactly.
        let u = try Ops([.translate(x: 3, y: 4, z: 5), rz(0.3), .skew(ax: 0.1, ay: 0.2), .perspective(300)])
        let v = try Ops([.translate(x: -3, y: 1, z: 0), rz(2.3), .skew(ax: -0.1, ay: 0), .perspective(800)])
        #expect(try Ops.interpolate(from: u, to: v, fraction: 0).matrix == u.matrix)
        #expect(try Ops.interpolate(from: u, to: v, fraction: 1).matrix == v.matrix)
        // Perspective pairs interpolate as matrices (−1/d linear).
        let pp = try Ops.interpolate(from: try Ops([.perspective(100)]), to: .none, fraction: 0.5)
        #expect(abs(pp.matrix.m34 + 0.005) < 1e-17)
    }
}
