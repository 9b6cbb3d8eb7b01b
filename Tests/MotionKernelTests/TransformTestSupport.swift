import Testing
@testable import MotionKernel

/// Largest |a − b| over the 16 entries, in Double.
func maxDiff<T: MotionScalar>(_ a: Transform3D<T>, _ b: Transform3D<T>) -> Double {
    zip(a.rowMajor, b.rowMajor).map { abs($0.doubleValue - $1.doubleValue) }.max() ?? 0
}

/// Largest |entry|, at least 1 (the scale for relative comparisons).
func magnitude<T: MotionScalar>(_ a: Transform3D<T>) -> Double {
    max(1, a.rowMajor.map { abs($0.doubleValue) }.max() ?? 0)
}

/// A dense 4×4 product in Double by the textbook triple loop (row-major, row vectors).
func denseProduct(_ a: [Double], _ b: [Double]) -> [Double] {
    var c = [Double](repeating: 0, count: 16)
    for i in 0..<4 { for j in 0..<4 { for k in 0..<4 { c[i * 4 + j] += a[i * 4 + k] * b[k * 4 + j] } } }
    return c
}

/// (x, y, z, w) · M by the textbook loop.
func denseApply(_ m: [Double], _ p: [Double]) -> [Double] {
    (0..<4).map { j in (0..<4).reduce(0.0) { $0 + p[$1] * m[$1 * 4 + j] } }
}

/// A random well-conditioned transform built from factors: scale (random signs), skew,
/// rotation about a random axis, translation and (optionally) a small perspective.
func randomTransform(_ rng: inout SplitMix64, perspective: Bool = true) -> Transform3D<Double> {
    func sgn() -> Double { Bool.random(using: &rng) ? 1 : -1 }
    let s = Transform3D<Double>(scale: Vector3(sgn() * rng.uniform(0.5, 2), sgn() * rng.uniform(0.5, 2), sgn() * rng.uniform(0.5, 2)))
    var k = Transform3D<Double>.identity
    k.m21 = rng.uniform(-0.8, 0.8); k.m31 = rng.uniform(-0.8, 0.8); k.m32 = rng.uniform(-0.8, 0.8)
    let r = Transform3D<Double>(
        rotation: rng.uniform(-3, 3),
        axis: Vector3(rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)))
    let t = Transform3D<Double>(translation: Vector3(rng.uniform(-100, 100), rng.uniform(-100, 100), rng.uniform(-100, 100)))
    var p = Transform3D<Double>.identity
    if perspective {
        p.m14 = rng.uniform(-0.002, 0.002); p.m24 = rng.uniform(-0.002, 0.002); p.m34 = rng.uniform(-0.01, 0)
    }
    return s.concatenating(k).concatenating(r).concatenating(t).concatenating(p)
}

/// A random unit quaternion.
func randomUnitQuaternion(_ rng: inout SplitMix64) -> Quaternion<Double> {
    while true {
        let q = Quaternion<Double>(x: rng.uniform(-1, 1), y: rng.uniform(-1, 1), z: rng.uniform(-1, 1), w: rng.uniform(-1, 1))
        let n = q.norm
        if n > 0.1 && n <= 1 { return Quaternion(x: q.x / n, y: q.y / n, z: q.z / n, w: q.w / n) }
    }
}

/// Checks `got` (the image of `p`, dimension 2 or 3, with the perspective divide, computed
/// in T) against the Double oracle of the same T entries. Each numerator / w′ is a length-4
/// dot product: T error ≤ γ₄(T)·Σ|pᵢ||mᵢⱼ|, the oracle's own error ≤ γ₄(Double)·Σ; the divide
/// (direct or by the reciprocal) adds at most `quotientErrorBound`'s terms, for both.
func expectDivided<T: MotionScalar>(
    _ m: Transform3D<T>, _ p: [T], _ got: [Double], _: T.Type,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let rows = m.rowMajor.map(\.doubleValue)
    let x = p.map(\.doubleValue) + (p.count == 2 ? [0, 1] : [1])
    let absW = (0..<4).reduce(0.0) { $0 + abs(x[$1] * rows[$1 * 4 + 3]) }
    let h = denseApply(rows, x), w = h[3]
    for j in 0..<p.count {
        let absN = (0..<4).reduce(0.0) { $0 + abs(x[$1] * rows[$1 * 4 + j]) }
        let q = h[j] / w
        let errT = quotientErrorBound(
            q: q, numErr: dotErrorBound(k: 4, absSum: absN, T.self), w: w,
            denErr: dotErrorBound(k: 4, absSum: absW, T.self), T.self)
        let errRef = quotientErrorBound(
            q: q, numErr: dotErrorBound(k: 4, absSum: absN, Double.self), w: w,
            denErr: dotErrorBound(k: 4, absSum: absW, Double.self), Double.self)
        #expect(abs(got[j] - q) <= errT + errRef, "point \(p) coordinate \(j)", sourceLocation: sourceLocation)
    }
}
