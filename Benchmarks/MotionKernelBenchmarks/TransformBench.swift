@_spi(Benchmarks) import MotionKernel

/// Benchmark workloads for transforms (docs/benchmarks.md): `transform.build`,
/// `transform.apply`, `transform.interpolate`, plus `transform.gemm.apply`, the same product as
/// `transform.apply` through `BLAS.gemm`, kept to measure the SIMD-versus-GEMM crossover (the
/// SIMD loop is the one in the hot path).
enum TransformBench {
    static func workloads() -> [BenchWorkload] {
        [build(), apply(gemm: false), apply(gemm: true), interpolate()]
    }

    /// A mutable output shared by the timed kernel and the untimed check.
    final class Box<T> {
        var value: T
        var failed = false
        init(_ value: T) { self.value = value }
    }

    /// The inputs of `transform.build` and its store variants: `n` transforms drawn from
    /// `SplitMix64(seed)` as translations in [−500, 500), angles in [−π, π) and scales in
    /// [0.25, 2), Float32 channels.
    static func buildChannels(count n: Int, seed: UInt64) -> TransformChannels<Float> {
        var rng = SplitMix64(seed: seed)
        func col(_ lo: Double, _ hi: Double) -> [Float] { (0..<n).map { _ in Float(rng.nextUnit(in: lo, hi)) } }
        return TransformChannels<Float>(
            count: n, translationX: col(-500, 500), translationY: col(-500, 500),
            rotation: col(-.pi, .pi), scale: col(0.25, 2))
    }

    /// The largest difference of a built N×16 output `o` from the closed form m11 = s·cos θ,
    /// m12 = s·sin θ, … of `ch`, evaluated in Double (infinite when the kernel `failed`).
    static func buildError(_ o: [Float], of ch: TransformChannels<Float>, failed: Bool) -> Double {
        if failed { return .infinity }
        var err = 0.0
        for i in 0..<ch.count {
            let s = Double(ch.scale![i]), th = Double(ch.rotation![i])
            let ref: [Double] = [
                s * Double.cos(th), s * Double.sin(th), 0, 0, -s * Double.sin(th), s * Double.cos(th), 0, 0,
                0, 0, 1, 0, Double(ch.translationX![i]), Double(ch.translationY![i]), 0, 1,
            ]
            for j in 0..<16 { err = max(err, abs(Double(o[16 * i + j]) - ref[j])) }
        }
        return err
    }

    /// N = 10⁶ transforms from (tx, ty, angle, scale) channels, Float32, N×16 output; checked
    /// in full against the closed form m11 = s·cos θ, m12 = s·sin θ, … evaluated in Double.
    static func build() -> BenchWorkload {
        BenchWorkload(name: "transform.build", precision: "float") {
            let n = 1_000_000
            let ch = buildChannels(count: n, seed: 0x7B17)
            let out = Box([Float](repeating: 0, count: 16 * n))
            return .init(
                items: 16 * n,
                kernel: {
                    do { try TransformBatch.build(ch, into: &out.value) } catch { out.failed = true }
                },
                check: { buildError(out.value, of: ch, failed: out.failed) }, tolerance: 1e-6)
        }
    }

    /// One 4×4 (with perspective) applied to P = 10⁶ homogeneous points (x, y, z, 1), Float32,
    /// P×4 output; checked in full against the product evaluated in Double.
    static func apply(gemm: Bool) -> BenchWorkload {
        BenchWorkload(name: gemm ? "transform.gemm.apply" : "transform.apply", precision: "float") {
            let p = 1_000_000
            var rng = SplitMix64(seed: 0xA991)
            let md = Transform3D<Double>(rotation: 0.7, axis: Vector3(1, 2, 3))
                .concatenating(Transform3D(translation: Vector3(0.5, -0.25, 0.1)))
                .concatenating(Transform3D(perspective: 8))
            let m = Transform3D<Float>(md)
            var pts = [Float](repeating: 1, count: 4 * p)
            for i in 0..<p { for j in 0..<3 { pts[4 * i + j] = Float(rng.nextUnit(in: -1, 1)) } }
            let out = Box([Float](repeating: 0, count: 4 * p))
            return .init(
                items: 4 * p,
                kernel: {
                    do {
                        if gemm {
                            try TransformBatch.applyHomogeneousGEMM(m, points: pts, into: &out.value)
                        } else {
                            try TransformBatch.applyHomogeneous(m, points: pts, into: &out.value)
                        }
                    } catch { out.failed = true }
                },
                check: {
                    if out.failed { return .infinity }
                    let e = Transform3D<Double>(m).rowMajor
                    var err = 0.0
                    for i in 0..<p {
                        for j in 0..<4 {
                            var r = 0.0
                            for k in 0..<4 { r += Double(pts[4 * i + k]) * e[4 * k + j] }
                            err = max(err, abs(Double(out.value[4 * i + j]) - r))
                        }
                    }
                    return err
                }, tolerance: 1e-5)
        }
    }

    /// N = 10⁵ pairs of 3D transforms (scale · rotation about a random axis · translation)
    /// interpolated at one fraction, Double, N×16 output. Checked in full against the closed
    /// form: with a shared axis, angles in (−π, π) less than π apart and positive scales, CSS
    /// matrix interpolation is scale(lerp) · rotate(axis, lerp angle) · translate(lerp).
    static func interpolate() -> BenchWorkload {
        BenchWorkload(name: "transform.interpolate", precision: "double") {
            let n = 100_000, t = 0.37
            var rng = SplitMix64(seed: 0x1E2B)
            var from = [Double](), to = [Double](), refs = [Double]()
            from.reserveCapacity(16 * n); to.reserveCapacity(16 * n); refs.reserveCapacity(16 * n)
            func make(_ s: Vector3<Double>, _ a: Double, _ axis: Vector3<Double>, _ tr: Vector3<Double>) -> Transform3D<Double> {
                Transform3D(scale: s).concatenating(Transform3D(rotation: a, axis: axis)).concatenating(Transform3D(translation: tr))
            }
            func v(_ lo: Double, _ hi: Double) -> Vector3<Double> { Vector3(rng.nextUnit(in: lo, hi), rng.nextUnit(in: lo, hi), rng.nextUnit(in: lo, hi)) }
            for _ in 0..<n {
                let axis = v(-1, 1)
                let a0 = rng.nextUnit(in: -1.5, 1.5), a1 = rng.nextUnit(in: -1.5, 1.5)
                let s0 = v(0.5, 2), s1 = v(0.5, 2), t0 = v(-100, 100), t1 = v(-100, 100)
                from += make(s0, a0, axis, t0).rowMajor
                to += make(s1, a1, axis, t1).rowMajor
                refs += make(.lerp(s0, s1, t), (1 - t) * a0 + t * a1, axis, .lerp(t0, t1, t)).rowMajor
            }
            let out = Box([Double](repeating: 0, count: 16 * n))
            return .init(
                items: 16 * n,
                kernel: {
                    do { try TransformBatch.interpolate(from: from, to: to, fraction: t, into: &out.value) } catch { out.failed = true }
                },
                check: {
                    if out.failed { return .infinity }
                    var err = 0.0
                    for i in 0..<(16 * n) { err = max(err, abs(out.value[i] - refs[i])) }
                    return err
                }, tolerance: 1e-10)
        }
    }
}
