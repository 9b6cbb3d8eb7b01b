import Testing
@testable import MotionKernel

@Suite("AffineTransform2D (Core Graphics semantics)")
struct AffineTransform2DTests {
    func check<T: MotionScalar>(_ p: (x: T, y: T), _ x: Double, _ y: Double, tol: Double) -> Bool {
        abs(p.x.doubleValue - x) <= tol && abs(p.y.doubleValue - y) <= tol
    }

    func rotationSign<T: MotionScalar>(_: T.Type, tol: Double) {
        let r = AffineTransform2D<T>(rotationAngle: T.pi / 2)
        // CGAffineTransform(rotationAngle:) = (cos, sin, −sin, cos): +x turns toward +y.
        #expect(abs(r.a.doubleValue) <= tol && abs(r.b.doubleValue - 1) <= tol)
        #expect(abs(r.c.doubleValue + 1) <= tol && abs(r.d.doubleValue) <= tol)
        #expect(check(r.apply(x: 1, y: 0), 0, 1, tol: tol))
        #expect(check(r.apply(x: 0, y: 1), -1, 0, tol: tol))
        let r30 = AffineTransform2D<T>(rotationAngle: T.pi / 6)
        #expect(abs(r30.a.doubleValue - 3.0.squareRoot() / 2) <= tol && abs(r30.b.doubleValue - 0.5) <= tol)
    }

    @Test("rotation sign: +x turns toward +y (clockwise on a y-down screen)")
    func rotation() {
        rotationSign(Double.self, tol: 1e-15)
        rotationSign(Float.self, tol: 1e-7)
    }

    func order<T: MotionScalar>(_: T.Type) {
        let t = AffineTransform2D<T>(translationX: 10, y: 0)
        let s = AffineTransform2D<T>(scaleX: 2, y: 3)
        // concatenating: apply the receiver first.
        #expect(check(t.concatenating(s).apply(x: 1, y: 1), 22, 3, tol: 0))
        #expect(check(s.concatenating(t).apply(x: 1, y: 1), 12, 3, tol: 0))
        // translatedBy / scaledBy / rotated: the new operation applies first (CGAffineTransformTranslate).
        #expect(s.translatedBy(x: 10, y: 0) == t.concatenating(s))
        #expect(check(s.translatedBy(x: 10, y: 0).apply(x: 1, y: 1), 22, 3, tol: 0))
        #expect(t.scaledBy(x: 2, y: 3) == s.concatenating(t))
        let tr = AffineTransform2D<T>(translationX: 5, y: 0).rotated(by: T.pi / 2)
        #expect(check(tr.apply(x: 1, y: 0), 5, 1, tol: 1e-6))
        #expect(AffineTransform2D<T>.identity.concatenating(s) == s)
    }

    @Test("concatenation order matches CGAffineTransformConcat and CGAffineTransformTranslate")
    func concatenationOrder() {
        order(Double.self)
        order(Float.self)
    }

    func roundTrip<T: MotionScalar>(_: T.Type, tol: Double) throws {
        var rng = SplitMix64(seed: 0xAFF1)
        for _ in 0..<500 {
            let t = AffineTransform2D<T>(
                a: T(rng.uniform(-3, 3)), b: T(rng.uniform(-3, 3)), c: T(rng.uniform(-3, 3)),
                d: T(rng.uniform(-3, 3)), tx: T(rng.uniform(-50, 50)), ty: T(rng.uniform(-50, 50)))
            guard abs(t.determinant.doubleValue) > 0.05 else { continue }
            let inv = try t.inverted()
            let id = t.concatenating(inv)
            let cond = 100 / abs(t.determinant.doubleValue)
            for (v, e) in zip(id.values, [1.0, 0, 0, 1, 0, 0]) {
                #expect(abs(v.doubleValue - e) <= tol * cond, "\(t)")
            }
            let x = T(rng.uniform(-10, 10)), y = T(rng.uniform(-10, 10))
            let p = t.apply(x: x, y: y)
            let q = inv.apply(x: p.x, y: p.y)
            #expect(abs(q.x.doubleValue - x.doubleValue) <= tol * cond && abs(q.y.doubleValue - y.doubleValue) <= tol * cond)
        }
    }

    @Test("inverse round trip on random invertible transforms")
    func inverse() throws {
        try roundTrip(Double.self, tol: 1e-13)
        try roundTrip(Float.self, tol: 1e-5)
    }

    @Test("a singular transform fails with a clear error naming the transform")
    func singular() {
        for t in [
            AffineTransform2D<Double>(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1),
            AffineTransform2D<Double>(scaleX: 0, y: 1),
            AffineTransform2D<Double>(a: 0.1, b: 0.2, c: 0.3, d: 0.6, tx: 0, ty: 0),
        ] {
            #expect(!t.isInvertible)
            do {
                _ = try t.inverted()
                Issue.record("expected an error for \(t)")
            } catch let e {
                #expect(e.code == .invalidValue && e.field == "transform" && e.reason.contains("singular"))
            }
        }
        #expect(AffineTransform2D<Float>(scaleX: 1e-20, y: 1e-20).isInvertible)
    }

    @Test("conversion to and from CATransform3D layout")
    func conversions() throws {
        let t = AffineTransform2D<Double>(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let m = Transform3D(affine: t)
        #expect(m.rowMajor == [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
        #expect(m.isAffine && m.affineTransform == t)
        let p = try m.apply(to: Vector3(7, -2, 0))
        let q = t.apply(x: 7, y: -2)
        #expect(p == Vector3(q.x, q.y, 0))
        var n = m
        n.m34 = -0.01
        #expect(!n.isAffine)
        #expect(AffineTransform2D<Float>(t) == AffineTransform2D<Float>(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))
    }
}
