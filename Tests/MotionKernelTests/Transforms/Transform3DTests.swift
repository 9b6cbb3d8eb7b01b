import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import MotionKernel

@Suite("Transform3D (CATransform3D layout, CSS transform lists)")
struct Transform3DTests {
    func rotationZ<T: MotionScalar>(_: T.Type, tol: Double) {
        for theta in [0.3, -1.2, 2.5, Double.pi] {
            let m = Transform3D<T>(rotation: T(theta), axis: Vector3(0, 0, 1))
            // CATransform3DMakeRotation(θ, 0, 0, 1) = CSS rotate(θ): m11 = cos, m12 = sin, m21 = −sin, m22 = cos.
            #expect(abs(m.m11.doubleValue - cos(theta)) <= tol && abs(m.m12.doubleValue - sin(theta)) <= tol)
            #expect(abs(m.m21.doubleValue + sin(theta)) <= tol && abs(m.m22.doubleValue - cos(theta)) <= tol)
            #expect(m.m33 == 1 && m.m44 == 1 && m.m13 == 0 && m.m31 == 0 && m.m41 == 0)
            #expect(m.isAffine)
        }
    }

    @Test("rotation about z matches CATransform3DMakeRotation / CSS rotate()")
    func rotationAboutZ() {
        rotationZ(Double.self, tol: 1e-15)
        rotationZ(Float.self, tol: 2e-7)
    }

    /// The CSS Transforms 2 rotate3d matrix in its half-angle form (sc = sin(α/2)cos(α/2),
    /// sq = sin²(α/2)), written as the spec prints it (column vectors) and transposed to m_ij.
    func cssRotate3d(_ x0: Double, _ y0: Double, _ z0: Double, _ a: Double) -> [Double] {
        let n = (x0 * x0 + y0 * y0 + z0 * z0).squareRoot()
        let x = x0 / n, y = y0 / n, z = z0 / n
        let sc = sin(a / 2) * cos(a / 2), sq = sin(a / 2) * sin(a / 2)
        let col: [[Double]] = [
            [1 - 2 * (y * y + z * z) * sq, 2 * (x * y * sq - z * sc), 2 * (x * z * sq + y * sc)],
            [2 * (x * y * sq + z * sc), 1 - 2 * (x * x + z * z) * sq, 2 * (y * z * sq - x * sc)],
            [2 * (x * z * sq - y * sc), 2 * (y * z * sq + x * sc), 1 - 2 * (x * x + y * y) * sq],
        ]
        var m = [Double](repeating: 0, count: 16)
        for r in 0..<3 { for c in 0..<3 { m[c * 4 + r] = col[r][c] } }  // m_(c+1)(r+1) = column-vector (r, c)
        m[15] = 1
        return m
    }

    @Test("rotation about any axis equals the CSS rotate3d() matrix (half-angle form)")
    func rotationAnyAxis() {
        var rng = SplitMix64(seed: 0x407)
        for _ in 0..<200 {
            let x = rng.uniform(-1, 1), y = rng.uniform(-1, 1), z = rng.uniform(-1, 1), a = rng.uniform(-7, 7)
            let ref = cssRotate3d(x, y, z, a)
            let d = Transform3D<Double>(rotation: a, axis: Vector3(x, y, z)).rowMajor
            let f = Transform3D<Float>(rotation: Float(a), axis: Vector3(Float(x), Float(y), Float(z))).rowMajor
            for i in 0..<16 {
                #expect(abs(d[i] - ref[i]) <= 1e-14)
                #expect(abs(Double(f[i]) - ref[i]) <= 2e-6)
            }
        }
        // rotateX(θ): m22 = cos, m23 = sin, m32 = −sin, m33 = cos; a zero axis is the identity.
        let rx = Transform3D<Double>(rotation: 0.5, axis: Vector3(2, 0, 0))
        #expect(abs(rx.m23 - sin(0.5)) < 1e-16 && abs(rx.m32 + sin(0.5)) < 1e-16)
        #expect(Transform3D<Double>(rotation: 1, axis: .zero) == .identity)
    }

    @Test("concatenation is the row-vector product: a then b (CATransform3DConcat)")
    func concatenation() throws {
        var rng = SplitMix64(seed: 0xC0)
        for _ in 0..<100 {
            let a = randomTransform(&rng), b = randomTransform(&rng)
            let ref = denseProduct(a.rowMajor, b.rowMajor)
            let c = a.concatenating(b).rowMajor
            // Each entry is a length-4 dot product in both: ≤ 2·γ₄·Σₖ|aᵢₖ||bₖⱼ| apart (any order, FMA).
            let ra = a.rowMajor, rb = b.rowMajor
            for i in 0..<16 {
                let absSum = (0..<4).reduce(0.0) { $0 + abs(ra[(i / 4) * 4 + $1] * rb[$1 * 4 + i % 4]) }
                #expect(abs(c[i] - ref[i]) <= 2 * dotErrorBound(k: 4, absSum: absSum, Double.self))
            }
        }
        let t = Transform3D<Double>(translation: Vector3(10, 0, 0)), s = Transform3D<Double>(scale: Vector3(2, 3, 4))
        #expect(try t.concatenating(s).apply(to: Vector3(1, 1, 1)) == Vector3(22, 3, 4))
        #expect(try s.concatenating(t).apply(to: Vector3(1, 1, 1)) == Vector3(12, 3, 4))
        // CATransform3DTranslate / Scale / Rotate apply the new operation first.
        #expect(s.translatedBy(x: 10, y: 0, z: 0) == t.concatenating(s))
        #expect(t.scaledBy(x: 2, y: 3, z: 4) == s.concatenating(t))
        let r = Transform3D<Double>(rotation: 0.7, axis: Vector3(1, 1, 0))
        #expect(t.rotated(by: 0.7, axis: Vector3(1, 1, 0)) == r.concatenating(t))
    }

    func inverseRoundTrip<T: MotionScalar>(_: T.Type, tol: Double) throws {
        var rng = SplitMix64(seed: 0x1A7)
        for _ in 0..<300 {
            let m = Transform3D<T>(randomTransform(&rng))
            let inv = try m.inverted()
            #expect(maxDiff(m.concatenating(inv), .identity) <= tol * magnitude(m), "\(m)")
            #expect(maxDiff(inv.concatenating(m), .identity) <= tol * magnitude(m))
        }
    }

    @Test("inverse round trip, perspective included (CATransform3DInvert)")
    func inverse() throws {
        try inverseRoundTrip(Double.self, tol: 1e-12)
        try inverseRoundTrip(Float.self, tol: 2e-4)
        // Determinant of a triangular matrix = product of its diagonal.
        var m = Transform3D<Double>(scale: Vector3(2, 3, 4))
        m.m21 = 5; m.m41 = 7; m.m44 = 0.5
        #expect(m.determinant == 12)
    }

    @Test("a singular transform fails with a clear error")
    func singular() {
        var m = Transform3D<Double>.identity
        m.m31 = 0; m.m32 = 0; m.m33 = 0
        for bad in [m, Transform3D<Double>(scale: Vector3(1, 0, 1)), Transform3D<Double>(affine: AffineTransform2D(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0))] {
            #expect(!bad.isInvertible)
            #expect(throws: MotionKernelError.invalidValue("transform", "is singular (determinant \(bad.determinant)); it has no inverse")) {
                try bad.inverted()
            }
        }
    }

    func perspectiveDivide<T: MotionScalar>(_: T.Type, tol: Double) throws {
        var rng = SplitMix64(seed: 0x9E5)
        for _ in 0..<300 {
            let md = randomTransform(&rng)
            let m = Transform3D<T>(md)
            let p = [T(rng.uniform(-50, 50)), T(rng.uniform(-50, 50)), T(rng.uniform(-50, 50))]
            let h = denseApply(Transform3D<Double>(m).rowMajor, p.map(\.doubleValue) + [1])
            guard abs(h[3]) > 0.05 else { continue }
            let r = try m.apply(to: Vector3(p[0], p[1], p[2]))
            // Against the Double oracle of the same T operands: γ₄ per dot product, then the divide
            // (bound derived in `expectDivided`), for the T path and the oracle.
            expectDivided(m, p, [r.x.doubleValue, r.y.doubleValue, r.z.doubleValue], T.self)
        }
        // perspective(d): a point at depth z is scaled by d/(d − z).
        let d: Double = 400
        let q = try Transform3D<T>(perspective: T(d)).apply(to: Vector3(10, -20, 100))
        // m34 = −1/d is rounded (≤ u/d), so w = 0.75 carries ≤ 100·u/d + γ₂·1.25 ≲ 3u; each coordinate
        // (exact numerators) then errs by ≤ |q|·3u/0.75 + γ₂|q| ≈ 6u·|q|; the allowances tol·{20, 30, 140}
        // exceed tol·|q| (|q| ≈ 13.3, 26.7, 133.3) and tol ≥ 10u for both types.
        #expect(abs(q.x.doubleValue - 10 * d / (d - 100)) <= tol * 20)
        #expect(abs(q.y.doubleValue + 20 * d / (d - 100)) <= tol * 30)
        #expect(abs(q.z.doubleValue - 100 * d / (d - 100)) <= tol * 140)
    }

    @Test("apply(to:) divides by w exactly as the homogeneous reference does")
    func perspective() throws {
        try perspectiveDivide(Double.self, tol: 1e-12)
        try perspectiveDivide(Float.self, tol: 1e-5)
        #expect(Transform3D<Double>(perspective: 250).m34 == -1.0 / 250)
        #expect(Transform3D<Double>(perspective: .infinity) == .identity)
        // The plane z = d maps to infinity.
        #expect(throws: MotionKernelError.self) { try Transform3D<Double>(perspective: 100).apply(to: Vector3(1, 1, 100)) }
    }

    @Test("operation lists read like CSS transform: the last operation applies first")
    func operationLists() throws {
        let m = try Transform3D<Double>(operations: [.translate(x: 100, y: 0, z: 0), .scale(x: 2, y: 2, z: 1)])
        #expect(try m.apply(to: Vector3(1, 0, 0)) == Vector3(102, 0, 0))
        // translate(10px) rotate(90deg): rotate first, then translate.
        let r = try Transform3D<Double>(operations: [.translate(x: 10, y: 0, z: 0), .rotate(angle: .pi / 2, axis: Vector3(0, 0, 1))])
        let p = try r.apply(to: Vector3(1, 0, 0))
        #expect(abs(p.x - 10) < 1e-15 && abs(p.y - 1) < 1e-15)
        // skew(ax, ay): m21 = tan(ax), m12 = tan(ay); perspective(d): m34 = −1/d.
        let k = TransformOperation<Double>.skew(ax: 0.3, ay: -0.2).matrix
        #expect(k.m21 == tan(0.3) && k.m12 == tan(-0.2) && k.m11 == 1 && k.m22 == 1)
        #expect(TransformOperation<Double>.perspective(500).matrix.m34 == -1.0 / 500)
        // matrix3d() argument order = m11…m44.
        let mm = try Transform3D<Double>(rowMajor: (1...16).map(Double.init))
        #expect(mm.m12 == 2 && mm.m21 == 5 && mm.m34 == 12 && mm.m41 == 13 && mm.m44 == 16)
        #expect(TransformOperations<Double>.none.matrix == .identity)
        // Validation names the operation and parameter.
        #expect(throws: MotionKernelError.invalidValue("operations[1].perspective", "expected a distance > 0, got 0.0")) {
            try TransformOperations<Double>([.translate(x: 1, y: 2, z: 3), .perspective(0)])
        }
        #expect(throws: MotionKernelError.self) { try TransformOperations<Double>([.translate(x: .nan, y: 2, z: 3)]) }
        #expect(throws: MotionKernelError.self) { try Transform3D<Double>(rowMajor: [1, 2, 3]) }
    }
}
