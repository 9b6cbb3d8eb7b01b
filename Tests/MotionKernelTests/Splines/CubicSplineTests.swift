import Testing
@testable import MotionKernel

/// The spline by a dense solve of its defining conditions (interpolation, C¹ and C² at interior
/// knots, two end conditions) for the local coefficients a0…a3 of every segment: an
/// independent reference. Returns (K−1) × 4 coefficients.
private func denseSpline(x: [Double], y: [Double], boundary: CubicSplineBoundary) -> [Double]? {
    let k = x.count, n = 4 * (k - 1)
    var a = [Double](repeating: 0, count: n * n), b = [Double](repeating: 0, count: n)
    var row = 0
    func put(_ seg: Int, _ power: Int, _ v: Double) { a[row * n + seg * 4 + power] += v }
    func h(_ i: Int) -> Double { x[i + 1] - x[i] }
    for i in 0..<(k - 1) {
        put(i, 0, 1); b[row] = y[i]; row += 1
        for p in 0..<4 { put(i, p, Double.pow(h(i), Double(p))) }
        b[row] = y[i + 1]; row += 1
    }
    func d1End(_ seg: Int, _ sign: Double) { put(seg, 1, sign); put(seg, 2, sign * 2 * h(seg)); put(seg, 3, sign * 3 * h(seg) * h(seg)) }
    func d2End(_ seg: Int, _ sign: Double) { put(seg, 2, sign * 2); put(seg, 3, sign * 6 * h(seg)) }
    if k >= 3 {
        for i in 1..<(k - 1) {
            d1End(i - 1, 1); put(i, 1, -1); row += 1
            d2End(i - 1, 1); put(i, 2, -2); row += 1
        }
    }
    // One end condition (scalar values): SciPy's meaning, with 2 knots a not-a-knot end is
    // "first derivative = the chord slope".
    func end(_ e: CubicSplineEnd, start: Bool) {
        switch e {
        case .notAKnot where k == 2:
            if start { put(0, 1, 1) } else { d1End(0, 1) }
            b[row] = (y[1] - y[0]) / h(0)
        case .notAKnot:
            if start { put(0, 3, 1); put(1, 3, -1) } else { put(k - 3, 3, 1); put(k - 2, 3, -1) }
        case .firstDerivative(let v):
            if start { put(0, 1, 1) } else { d1End(k - 2, 1) }
            b[row] = v[0]
        case .secondDerivative(let v):
            if start { put(0, 2, 2) } else { d2End(k - 2, 1) }
            b[row] = v[0]
        }
        row += 1
    }
    switch boundary {
    case .natural:
        end(.secondDerivative([0]), start: true); end(.secondDerivative([0]), start: false)
    case .clamped:
        end(.firstDerivative([0]), start: true); end(.firstDerivative([0]), start: false)
    case .periodic:
        put(0, 1, 1); d1End(k - 2, -1); row += 1
        put(0, 2, 2); d2End(k - 2, -1); row += 1
    case .notAKnot:
        end(.notAKnot, start: true); end(.notAKnot, start: false)
    case .ends(let s, let e):
        end(s, start: true); end(e, start: false)
    }
    precondition(row == n)
    return denseSolve(a, b, n: n)
}

private func evalDense(_ c: [Double], x: [Double], t: Double, order: Int) -> Double {
    var i = 0
    while i < x.count - 2 && t >= x[i + 1] { i += 1 }
    let s = t - x[i]
    let a0 = c[4 * i], a1 = c[4 * i + 1], a2 = c[4 * i + 2], a3 = c[4 * i + 3]
    switch order {
    case 0: return a0 + s * (a1 + s * (a2 + s * a3))
    case 1: return a1 + s * (2 * a2 + 3 * a3 * s)
    default: return 2 * a2 + 6 * a3 * s
    }
}

@Suite("CubicSpline")
struct CubicSplineTests {
    @Test("agrees with a dense solve of the spline conditions (Double 1e-9, Float 1e-3)", arguments: CubicSplineBoundary.allCases)
    func denseReference(boundary: CubicSplineBoundary) throws {
        var rng = SplitMix64(seed: 11)
        for trial in 0..<40 {
            let k = [4, 5, 6, 9, 16, 30][trial % 6]
            let x = randomKnots(&rng, k)
            var y = (0..<k).map { _ in rng.uniform(-5, 5) }
            if boundary == .periodic { y[k - 1] = y[0] }
            let ref = try #require(denseSpline(x: x, y: y, boundary: boundary))
            let sd = try CubicSpline(x: x, y: y, boundary: boundary)
            let sf = try CubicSpline(x: x.map { Float($0) }, y: y.map { Float($0) }, boundary: boundary)
            let span = x[k - 1] - x[0]
            for _ in 0..<50 {
                // Periodic splines wrap outside, so sample them inside only.
                let t = boundary == .periodic ? rng.uniform(x[0], x[k - 1]) : rng.uniform(x[0] - 0.2 * span, x[k - 1] + 0.2 * span)
                for order in 0...2 {
                    let e = evalDense(ref, x: x, t: t, order: order)
                    let scale = (0..<k).map { abs(evalDense(ref, x: x, t: x[$0], order: order)) }.max()! + 1
                    #expect(try near(sd.derivative(at: t, order: order), e, rel: 1e-9, scale: scale), "\(boundary) t=\(t) order \(order)")
                    if order == 0 {
                        #expect(try near(sf.derivative(at: Float(t), order: 0), e, rel: 1e-3, scale: scale))
                    }
                }
            }
        }
    }

    @Test("interpolates the knots and is C² at interior knots", arguments: CubicSplineBoundary.allCases)
    func interpolationAndContinuity(boundary: CubicSplineBoundary) throws {
        var rng = SplitMix64(seed: 12)
        for k in [3, 4, 7, 20] {
            let x = randomKnots(&rng, k)
            var y = (0..<k).map { _ in rng.uniform(-2, 2) }
            if boundary == .periodic { y[k - 1] = y[0] }
            let s = try CubicSpline(x: x, y: y, boundary: boundary)
            let f = try CubicSpline(x: x.map { Float($0) }, y: y.map { Float($0) }, boundary: boundary)
            for i in 0..<k {
                #expect(near(s.value(at: x[i]), y[i], rel: 1e-13))
                #expect(near(f.value(at: Float(x[i])), y[i], rel: 1e-5))
            }
            for i in 1..<(k - 1) {
                for order in 0...2 {
                    let l = leftLimit(s.curve, knot: i, order: order), r = rightLimit(s.curve, knot: i, order: order)
                    #expect(near(l, r, rel: 1e-10, scale: 10), "knot \(i) order \(order)")
                }
            }
        }
    }

    @Test("end conditions hold")
    func endConditions() throws {
        var rng = SplitMix64(seed: 13)
        for k in [2, 3, 5, 12] {
            let x = randomKnots(&rng, k)
            var y = (0..<k).map { _ in rng.uniform(-2, 2) }
            let last = x[k - 1]
            let nat = try CubicSpline(x: x, y: y, boundary: .natural)
            #expect(try abs(nat.derivative(at: x[0], order: 2)) < 1e-10)
            #expect(abs(leftLimit(nat.curve, knot: k - 1, order: 2)) < 1e-10)
            let cl = try CubicSpline(x: x, y: y, boundary: .clamped)
            #expect(try abs(cl.derivative(at: x[0], order: 1)) < 1e-12)
            #expect(try abs(cl.derivative(at: last, order: 1)) < 1e-12)
            y[k - 1] = y[0]
            let per = try CubicSpline(x: x, y: y, boundary: .periodic)
            for order in 0...2 {
                #expect(try near(leftLimit(per.curve, knot: k - 1, order: order), per.derivative(at: x[0], order: order).doubleValue, rel: 1e-10, scale: 10))
            }
            if k >= 5 {
                let nak = try CubicSpline(x: x, y: y, boundary: .notAKnot)
                #expect(near(leftLimit(nak.curve, knot: 1, order: 3), rightLimit(nak.curve, knot: 1, order: 3).doubleValue, rel: 1e-9, scale: 10))
                #expect(near(leftLimit(nak.curve, knot: k - 2, order: 3), rightLimit(nak.curve, knot: k - 2, order: 3).doubleValue, rel: 1e-9, scale: 10))
            }
        }
    }

    @Test("not-a-knot reproduces cubics exactly; every boundary but clamped reproduces lines")
    func reproduction() throws {
        var rng = SplitMix64(seed: 14)
        func cubic(_ t: Double) -> Double { 0.5 - 1.25 * t + 0.75 * t * t - 0.125 * t * t * t }
        for k in [4, 6, 11] {
            let x = randomKnots(&rng, k)
            let s = try CubicSpline(x: x, y: x.map(cubic))
            let sf = try CubicSpline(x: x.map { Float($0) }, y: x.map { Float(cubic($0)) })
            for _ in 0..<40 {
                let t = rng.uniform(x[0] - 1, x[k - 1] + 1)
                let scale = abs(cubic(x[0] - 1)) + abs(cubic(x[k - 1] + 1)) + 1
                #expect(near(s.value(at: t), cubic(t), rel: 1e-10, scale: scale))
                #expect(near(sf.value(at: Float(t)), cubic(t), rel: 1e-4, scale: scale))
                #expect(try near(s.derivative(at: t, order: 3), -0.75, rel: 1e-7, scale: 1))
            }
            for boundary in [CubicSplineBoundary.notAKnot, .natural] {
                let line = try CubicSpline(x: x, y: x.map { 2 - 3 * $0 }, boundary: boundary)
                for _ in 0..<20 {
                    let t = rng.uniform(x[0] - 1, x[k - 1] + 1)
                    #expect(near(line.value(at: t), 2 - 3 * t, rel: 1e-11, scale: 100))
                    #expect(try near(line.derivative(at: t, order: 1), -3, rel: 1e-10))
                }
            }
            for boundary in CubicSplineBoundary.allCases {
                let constant = try CubicSpline(x: x, y: x.map { _ in 4.5 }, boundary: boundary)
                #expect(near(constant.value(at: rng.uniform(x[0] - 5, x[k - 1] + 5)), 4.5, rel: 1e-14))
            }
        }
    }

    @Test("SciPy's small cases: 2 knots give a line (a constant when periodic), 3 knots with not-a-knot the parabola")
    func smallCases() throws {
        let line = try CubicSpline(x: [1.0, 3.0], y: [2.0, 6.0])
        #expect(try line.value(at: 0) == 0 && line.value(at: 2) == 4 && line.derivative(at: 10, order: 2) == 0)
        let natural2 = try CubicSpline(x: [1.0, 3.0], y: [2.0, 6.0], boundary: .natural)
        #expect(near(natural2.value(at: 5), 10, rel: 1e-14))
        // Clamped with 2 knots: the Hermite cubic with zero end slopes; midpoint = the mean.
        let clamped2 = try CubicSpline(x: [0.0, 2.0], y: [0.0, 1.0], boundary: .clamped)
        #expect(near(clamped2.value(at: 1), 0.5, rel: 1e-15))
        #expect(near(clamped2.value(at: 0.5), 3 * 0.0625 - 2 * 0.015625, rel: 1e-15))  // 3u² − 2u³, u = 1/4
        let periodic2 = try CubicSpline(x: [0.0, 2.0], y: [1.5, 1.5], boundary: .periodic)
        #expect(try periodic2.value(at: 0.7) == 1.5 && periodic2.derivative(at: 0.7, order: 1) == 0)
        // Parabola through (0, 1), (1, 0), (3, 4): y = (t − 1)².
        let p = try CubicSpline(x: [0.0, 1.0, 3.0], y: [1.0, 0.0, 4.0])
        for t in [-2.0, 0.5, 2.0, 5.0] {
            #expect(near(p.value(at: t), (t - 1) * (t - 1), rel: 1e-13, scale: 10))
            #expect(try near(p.derivative(at: t, order: 2), 2, rel: 1e-13))
        }
    }

    @Test("periodic splines extrapolate periodically; others continue their end pieces")
    func extrapolation() throws {
        var rng = SplitMix64(seed: 15)
        let x = randomKnots(&rng, 6)
        var y = (0..<6).map { _ in rng.uniform(-2, 2) }
        y[5] = y[0]
        let period = x[5] - x[0]
        let s = try CubicSpline(x: x, y: y, boundary: .periodic)
        for _ in 0..<30 {
            let t = rng.uniform(x[0], x[5])
            for m in [-3.0, -1.0, 1.0, 2.0] {
                #expect(near(s.value(at: t + m * period), s.value(at: t).doubleValue, rel: 1e-10, scale: 2))
            }
        }
        let n = try CubicSpline(x: x, y: y, boundary: .natural)
        let c = n.curve.coefficients, h = -1.5
        #expect(near(n.value(at: x[0] + h), c[0] + h * (c[1] + h * (c[2] + h * c[3])), rel: 1e-13, scale: 1))
    }

    @Test("multi-channel equals one scalar spline per channel")
    func channels() throws {
        var rng = SplitMix64(seed: 16)
        let k = 9, cCount = 3
        let x = randomKnots(&rng, k)
        var v = (0..<(k * cCount)).map { _ in rng.uniform(-1, 1) }
        for j in 0..<cCount { v[(k - 1) * cCount + j] = v[j] }
        for b in CubicSplineBoundary.allCases {
            let multi = try CubicSpline(x: x, values: v, channels: cCount, boundary: b)
            let times = (0..<25).map { _ in rng.uniform(x[0] - 2, x[k - 1] + 2) }
            let out = try multi.sample(at: times, derivative: 1)
            for j in 0..<cCount {
                let single = try CubicSpline(x: x, y: (0..<k).map { v[$0 * cCount + j] }, boundary: b)
                for (r, t) in times.enumerated() {
                    #expect(try near(out[r * cCount + j], single.derivative(at: t, order: 1).doubleValue, rel: 1e-13, scale: 1))
                }
            }
        }
    }

    @Test("clear errors name the field")
    func errors() {
        func field(_ body: () throws -> Void) -> String? {
            do { try body(); return nil } catch let e as MotionKernelError { return e.field } catch { return "?" }
        }
        #expect(field { _ = try CubicSpline(x: [0.0], y: [1.0]) } == "x")
        #expect(field { _ = try CubicSpline(x: [0.0, 2, 1], y: [1.0, 2, 3]) } == "x[2]")
        #expect(field { _ = try CubicSpline(x: [0.0, 1, 1], y: [1.0, 2, 3]) } == "x[2]")
        #expect(field { _ = try CubicSpline(x: [0.0, 1, 2], y: [1.0, 2]) } == "y")
        #expect(field { _ = try CubicSpline(x: [0.0, 1, 2], y: [1.0, .nan, 2]) } == "y[1]")
        #expect(field { _ = try CubicSpline(x: [0.0, .infinity], y: [1.0, 2]) } == "x[1]")
        #expect(field { _ = try CubicSpline(x: [0.0, 1, 2], y: [1.0, 2, 1.5], boundary: .periodic) } == "y")
        #expect(field { _ = try CubicSpline(x: [0.0, 1, 2], values: [1.0, 2, 3, 1.0, 1, 5], channels: 2, boundary: .periodic) } == "y[*][1]")
        #expect(field { _ = try CubicSpline<Float>(x: [0, 1], values: [], channels: 0) } == "channels")
        #expect(field { _ = try CubicSpline(x: [0.0, 1, 2], y: [1.0, 2, 1.0 + 1e-16], boundary: .periodic) } == nil)
    }
}

/// An error bound for one implementation of SciPy's `CubicSpline` (ours, or SciPy's own) on
/// one fixture case, derived from the computation:
///
/// **Knot slopes.** Both solve SciPy's slope system `A s = b` (tridiagonal; the 3-knot
/// not-a-knot parabola is SciPy's dense 3 × 3 system, which we solve in closed form).
/// Tridiagonal Gaussian elimination with partial pivoting has growth factor ≤ 2 (Higham,
/// *Accuracy and Stability of Numerical Algorithms*, 2nd ed., §9.5) and |L| ≤ 1 with 2 entries
/// a row, U 3 entries a row, so the backward error is `|ΔA| ≤ γ·|L||U|` with
/// `‖|L||U|‖∞ ≤ 12‖A‖max`-type row sums, bounded here by `12·‖|A||s|‖∞` in the perturbation
/// `‖Δs‖∞ ≤ ‖A⁻¹‖∞ (‖ΔA‖‖s‖ + ‖Δb‖) / (1 − ‖A⁻¹‖∞‖ΔA‖∞)`. `Δb` is the rounding of the
/// right-hand sides, ≤ γ·|b|abs where |b|abs is b formed from |y| (a difference y₁ − y₀ counted
/// as |y₀| + |y₁|) and the |end values|. One more `γ·‖|b|abs‖∞` covers the closed forms (2 and
/// 3 knots), which round each slope a few times relative to terms ≤ ‖|b|abs‖∞.
/// `‖A⁻¹‖∞` is the condition of the solve: computed here from a dense inverse of A, which is
/// formed from the knots and the end orders only.
///
/// **Samples.** A sample of derivative d at τ = t − x_i is the Hermite form
/// `y_i H00 + y_{i+1} H01 + h (s_i H10 + s_{i+1} H11)` (differentiated d times): a slope error
/// ε adds at most `ε·h·(|H10⁽ᵈ⁾| + |H11⁽ᵈ⁾|)`; forming the coefficients and evaluating adds at
/// most `γ·M`, M the larger of the Hermite form and the power form (a0 … a3 from SciPy's
/// coefficient formulas) evaluated with absolute values (any evaluation order, FMA or not).
///
/// γ = γ₃₂ = 32u/(1 − 32u) (u = 2⁻⁵³) covers every rounding count along one path (right-hand
/// side ≤ 6, elimination 3, back substitution 3, coefficients ≤ 6, Horner ≤ 8, τ 1).
private struct SciPyCubicBound {
    let x: [Double], y: [Double], channels: Int
    let slopeBound: Double
    let slopes: [Double]
    /// γ₃₂ for the unit roundoff of the precision the spline is computed in.
    let gamma: Double

    /// - Parameter u: the unit roundoff (default Double's, 2⁻⁵³).
    init(_ c: SciPyCubicCase, unitRoundoff u: Double = Double.ulpOfOne / 2) throws {
        x = c.x; y = c.y; channels = c.channels; slopes = c.slopes
        gamma = 32 * u / (1 - 32 * u)
        slopeBound = try Self.slopeBound(c, gamma: gamma)
    }

    /// The bound on one implementation's knot slopes (∞-norm over knots and channels).
    static func slopeBound(_ c: SciPyCubicCase, gamma g: Double) throws -> Double {
        let x = c.x, y = c.y
        let k = x.count, ch = c.channels
        let h = (0..<(k - 1)).map { x[$0 + 1] - x[$0] }
        func yAbs(_ i: Int, _ j: Int) -> Double { abs(y[i * ch + j]) }
        func mAbs(_ i: Int, _ j: Int) -> Double { (yAbs(i, j) + yAbs(i + 1, j)) / h[i] }
        func value(_ v: [Double], _ j: Int) -> Double { abs(v.count == 1 ? v[0] : v[j]) }
        var a = [Double](repeating: 0, count: k * k)
        var bAbs = [Double](repeating: 0, count: k * ch)
        var so = c.startOrder, eo = c.endOrder
        var sv = c.startValues, ev = c.endValues
        if k == 2 {
            // SciPy: a not-a-knot end with 2 knots is "first derivative = the chord slope".
            let chord = (0..<ch).map { mAbs(0, $0) }
            if so == 0 { so = 1; sv = chord }
            if eo == 0 { eo = 1; ev = chord }
        }
        if k == 3 && so == 0 && eo == 0 {
            a = [1, 1, 0, h[1], 2 * (h[0] + h[1]), h[0], 0, 1, 1]
            for j in 0..<ch {
                bAbs[j] = 2 * mAbs(0, j)
                bAbs[ch + j] = 3 * (h[1] * mAbs(0, j) + h[0] * mAbs(1, j))
                bAbs[2 * ch + j] = 2 * mAbs(1, j)
            }
        } else {
            for i in 1..<max(1, k - 1) {
                a[i * k + i - 1] = h[i]
                a[i * k + i] = 2 * (h[i - 1] + h[i])
                a[i * k + i + 1] = h[i - 1]
                for j in 0..<ch { bAbs[i * ch + j] = 3 * (h[i] * mAbs(i - 1, j) + h[i - 1] * mAbs(i, j)) }
            }
            switch so {
            case 0:
                let d = x[2] - x[0]
                a[0] = h[1]; a[1] = d
                for j in 0..<ch { bAbs[j] = ((h[0] + 2 * d) * h[1] * mAbs(0, j) + h[0] * h[0] * mAbs(1, j)) / d }
            case 1:
                a[0] = 1
                for j in 0..<ch { bAbs[j] = value(sv, j) }
            default:
                a[0] = 2 * h[0]; a[1] = h[0]
                for j in 0..<ch { bAbs[j] = 3 * (yAbs(0, j) + yAbs(1, j)) + value(sv, j) * h[0] * h[0] / 2 }
            }
            let l = k - 1
            switch eo {
            case 0:
                let e = x[l] - x[l - 2]
                a[l * k + l] = h[l - 2]; a[l * k + l - 1] = e
                for j in 0..<ch {
                    bAbs[l * ch + j] = (h[l - 1] * h[l - 1] * mAbs(l - 2, j) + (2 * e + h[l - 1]) * h[l - 2] * mAbs(l - 1, j)) / e
                }
            case 1:
                a[l * k + l] = 1
                for j in 0..<ch { bAbs[l * ch + j] = value(ev, j) }
            default:
                a[l * k + l] = 2 * h[l - 1]; a[l * k + l - 1] = h[l - 1]
                for j in 0..<ch {
                    bAbs[l * ch + j] = 3 * (yAbs(l - 1, j) + yAbs(l, j)) + value(ev, j) * h[l - 1] * h[l - 1] / 2
                }
            }
        }
        // ‖A⁻¹‖∞ from the dense inverse, column by column.
        var inv = [Double](repeating: 0, count: k * k)
        for col in 0..<k {
            var e = [Double](repeating: 0, count: k)
            e[col] = 1
            let z = try #require(denseSolve(a, e, n: k))
            for r in 0..<k { inv[r * k + col] = z[r] }
        }
        let invNorm = (0..<k).map { r in (0..<k).reduce(0.0) { $0 + abs(inv[r * k + $1]) } }.max()!
        let aNorm = (0..<k).map { r in (0..<k).reduce(0.0) { $0 + abs(a[r * k + $1]) } }.max()!
        var asNorm = 0.0, bNorm = 0.0
        for j in 0..<ch {
            for r in 0..<k {
                asNorm = max(asNorm, (0..<k).reduce(0.0) { $0 + abs(a[r * k + $1]) * abs(c.slopes[$1 * ch + j]) })
                bNorm = max(bNorm, bAbs[r * ch + j])
            }
        }
        let eta = invNorm * g * 12 * aNorm
        try #require(eta < 0.5, "the slope system is too ill-conditioned for a first-order bound")
        return (invNorm * (g * 12 * asNorm + g * bNorm) / (1 - eta) + g * bNorm) * (1 + 2 * g)
    }

    /// The bound on one implementation's derivative-`d` sample at `t`, channel `j`, evaluated on
    /// segment `i`.
    func sampleBound(t: Double, segment i: Int, derivative d: Int, channel j: Int) -> Double {
        let ch = channels
        let hh = x[i + 1] - x[i], tau = t - x[i], u = tau / hh
        // d-th u-derivatives of the Hermite basis, then ÷ h^d.
        func basis(_ c: [Double]) -> Double {  // c: power coefficients in u (degree ≤ 3)
            var sum = 0.0
            for p in d..<4 {
                var f = 1.0
                for q in 0..<d { f *= Double(p - q) }
                sum += c[p] * f * Double.pow(u, Double(p - d))
            }
            return sum / Double.pow(hh, Double(d))
        }
        let h00 = basis([1, 0, -3, 2]), h01 = basis([0, 0, 3, -2])
        let h10 = basis([0, 1, -2, 1]) * hh, h11 = basis([0, 0, -1, 1]) * hh
        let y0 = abs(y[i * ch + j]), y1 = abs(y[(i + 1) * ch + j])
        let s0 = abs(slopes[i * ch + j]), s1 = abs(slopes[(i + 1) * ch + j])
        let hermite = y0 * abs(h00) + y1 * abs(h01) + s0 * abs(h10) + s1 * abs(h11)
        let m = (y0 + y1) / hh
        let coef = [y0, s0, (3 * m + 2 * s0 + s1) / hh, (s0 + s1 + 2 * m) / (hh * hh)]
        var power = 0.0
        for p in d..<4 {
            var f = 1.0
            for q in 0..<d { f *= Double(p - q) }
            power += coef[p] * f * Double.pow(abs(tau), Double(p - d))
        }
        return slopeBound * (abs(h10) + abs(h11)) + gamma * max(hermite, power)
    }
}

@Suite("CubicSpline end conditions with values")
struct CubicSplineEndValueTests {
    private func end(_ order: Int, _ v: [Double]) -> CubicSplineEnd {
        order == 0 ? .notAKnot : order == 1 ? .firstDerivative(v) : .secondDerivative(v)
    }

    @Test("match SciPy's CubicSpline (fixture) within the derived bound: mixed orders, 2–13 knots, derivatives 0–3, extrapolation")
    func sciPy() throws {
        for (n, c) in sciPyCubicCases.enumerated() {
            let k = c.x.count, ch = c.channels
            let spline = try CubicSpline(
                x: c.x, values: c.y, channels: ch,
                boundary: .ends(start: end(c.startOrder, c.startValues), end: end(c.endOrder, c.endValues)))
            let bound = try SciPyCubicBound(c)
            for i in 0..<k {
                for j in 0..<ch {
                    let ours = try spline.curve.derivative(at: c.x[i], order: 1, channel: j)
                    // Both implementations are within slopeBound of the exact slopes.
                    #expect(abs(ours - c.slopes[i * ch + j]) <= 2 * bound.slopeBound, "case \(n) slope \(i)")
                }
            }
            for d in 0...3 {
                let out = try spline.sample(at: c.times, derivative: d)
                for (r, t) in c.times.enumerated() {
                    // The third derivative jumps at the knots: compare it between them only.
                    if d == 3 && r < k { continue }
                    // SciPy's segment: searchsorted(x, t, 'right') − 1, clamped to the pieces.
                    let sciPySegment = min(max((c.x.lastIndex { $0 <= t } ?? 0), 0), k - 2)
                    let ourSegment = spline.curve.segmentIndex(for: t)
                    for j in 0..<ch {
                        let tol =
                            bound.sampleBound(t: t, segment: ourSegment, derivative: d, channel: j)
                            + bound.sampleBound(t: t, segment: sciPySegment, derivative: d, channel: j)
                        let ref = c.values[d][r * ch + j]
                        #expect(abs(out[r * ch + j] - ref) <= tol, "case \(n) d=\(d) t=\(t) channel \(j): \(out[r * ch + j]) vs \(ref), bound \(tol)")
                    }
                }
            }
        }
    }

    @Test("zero values are the named conditions exactly; one value equals the same value per channel")
    func namedAndBroadcast() throws {
        var rng = SplitMix64(seed: 31)
        for k in [2, 3, 4, 9] {
            let x = randomKnots(&rng, k)
            let v = (0..<(3 * k)).map { _ in rng.uniform(-2, 2) }
            let natural = try CubicSpline(x: x, values: v, channels: 3, boundary: .natural)
            let natural2 = try CubicSpline(
                x: x, values: v, channels: 3, boundary: .ends(start: .secondDerivative([0]), end: .secondDerivative([0, 0, 0])))
            #expect(natural.curve.coefficients == natural2.curve.coefficients)
            let clamped = try CubicSpline(x: x, values: v, channels: 3, boundary: .clamped)
            let clamped2 = try CubicSpline(
                x: x, values: v, channels: 3, boundary: .ends(start: .firstDerivative([0]), end: .firstDerivative([0])))
            #expect(clamped.curve.coefficients == clamped2.curve.coefficients)
            let nak = try CubicSpline(x: x, values: v, channels: 3)
            let nak2 = try CubicSpline(x: x, values: v, channels: 3, boundary: .ends(start: .notAKnot, end: .notAKnot))
            #expect(nak.curve.coefficients == nak2.curve.coefficients)
            let one = try CubicSpline(
                x: x, values: v, channels: 3, boundary: .ends(start: .firstDerivative([1.5]), end: .secondDerivative([-2])))
            let each = try CubicSpline(
                x: x, values: v, channels: 3,
                boundary: .ends(start: .firstDerivative([1.5, 1.5, 1.5]), end: .secondDerivative([-2, -2, -2])))
            #expect(one.curve.coefficients == each.curve.coefficients)
            #expect(!CubicSplineBoundary.ends(start: .firstDerivative([1.5]), end: .notAKnot).isLinearInValues)
            #expect(CubicSplineBoundary.ends(start: .firstDerivative([0]), end: .notAKnot).isLinearInValues)
        }
    }

    @Test("the end conditions hold: s″ at the start and s′ at the end equal their values, per channel (Float and Double)")
    func conditionsHold() throws {
        var rng = SplitMix64(seed: 32)
        let startValues = [0.75, -1.25], endValues = [2.5, -0.5]
        let boundary = CubicSplineBoundary.ends(start: .secondDerivative(startValues), end: .firstDerivative(endValues))
        for k in [2, 3, 5] {
            let x = randomKnots(&rng, k)
            let v = (0..<(2 * k)).map { _ in rng.uniform(-2, 2) }
            let s = try CubicSpline(x: x, values: v, channels: 2, boundary: boundary)
            let f = try CubicSpline(x: x.map { Float($0) }, values: v.map { Float($0) }, channels: 2, boundary: boundary)
            // The bound of the samples (see SciPyCubicBound), built on this case with the
            // spline's own slopes as magnitudes, at unit roundoff 2⁻⁵³ and 2⁻²⁴. The Float
            // spline interpolates the Float-rounded data, for which the conditions hold too.
            let slopes = try (0..<k).flatMap { i in try (0..<2).map { try s.curve.derivative(at: x[i], order: 1, channel: $0) } }
            let c = SciPyCubicCase(
                x: x, y: v, channels: 2, startOrder: 2, startValues: startValues, endOrder: 1, endValues: endValues,
                times: [], values: [], slopes: slopes)
            let bd = try SciPyCubicBound(c), bf = try SciPyCubicBound(c, unitRoundoff: Double(Float.ulpOfOne) / 2)
            for j in 0..<2 {
                let s2 = try s.curve.derivative(at: x[0], order: 2, channel: j)
                let f2 = try f.curve.derivative(at: Float(x[0]), order: 2, channel: j).doubleValue
                #expect(abs(s2 - startValues[j]) <= bd.sampleBound(t: x[0], segment: 0, derivative: 2, channel: j))
                #expect(abs(f2 - startValues[j]) <= 2 * bf.sampleBound(t: x[0], segment: 0, derivative: 2, channel: j))
                let s1 = try s.curve.derivative(at: x[k - 1], order: 1, channel: j)
                let f1 = try f.curve.derivative(at: Float(x[k - 1]), order: 1, channel: j).doubleValue
                #expect(abs(s1 - endValues[j]) <= bd.sampleBound(t: x[k - 1], segment: k - 2, derivative: 1, channel: j))
                #expect(abs(f1 - endValues[j]) <= 2 * bf.sampleBound(t: x[k - 1], segment: k - 2, derivative: 1, channel: j))
            }
        }
    }

    @Test("errors name the end and the reason; batch bases refuse nonzero end values")
    func errors() throws {
        func field(_ body: () throws -> Void) -> String? {
            do { try body(); return nil } catch let e as MotionKernelError { return e.field } catch { return "?" }
        }
        let x = [0.0, 1, 2], v = [1.0, 2, 0, 3, 1, 1]
        #expect(
            field { _ = try CubicSpline(x: x, values: v, channels: 2, boundary: .ends(start: .firstDerivative([1, 2, 3]), end: .notAKnot)) }
                == "boundary.start")
        #expect(
            field { _ = try CubicSpline(x: x, values: v, channels: 2, boundary: .ends(start: .notAKnot, end: .secondDerivative([]))) }
                == "boundary.end")
        #expect(
            field { _ = try CubicSpline(x: x, values: v, channels: 2, boundary: .ends(start: .notAKnot, end: .secondDerivative([1, .nan]))) }
                == "boundary.end[1]")
        #expect(
            field { _ = try CubicSpline(x: x, y: [1.0, 2, 0], boundary: .ends(start: .firstDerivative([.infinity]), end: .notAKnot)) }
                == "boundary.start")
        // Finite in Double, not in Float.
        #expect(
            field {
                _ = try CubicSpline<Float>(x: [0, 1, 2], y: [1, 2, 0], boundary: .ends(start: .firstDerivative([1e300]), end: .notAKnot))
            } == "boundary.start")
        #expect(
            field {
                _ = try SplineBasis<Double>(
                    keyTimes: x, times: [0.5], kind: .cubic(.ends(start: .firstDerivative([1]), end: .notAKnot)))
            } == "boundary")
        let zero = try SplineBasis<Double>(
            keyTimes: x, times: [0.5, 3], kind: .cubic(.ends(start: .secondDerivative([0, 0]), end: .secondDerivative([0]))))
        let natural = try SplineBasis<Double>(keyTimes: x, times: [0.5, 3], kind: .cubic(.natural))
        #expect(zero.matrix == natural.matrix)
        // SplineChannels: automatic takes the direct path for such splines (8 keys, 2 times:
        // gemm otherwise); gemm refuses them.
        let affine = CubicSplineBoundary.ends(start: .firstDerivative([1]), end: .notAKnot)
        #expect(SplineChannels<Double>.automaticPath(keys: 8, channels: 2, times: 2) == .gemm)
        let x8 = (0..<8).map { Double($0) }, v8 = (0..<16).map { Double($0 % 5) }
        let sc = try SplineChannels<Double>(
            keyTimes: x8, values: v8, channels: 2, kind: .cubic(affine), times: [0.5, 1.5], path: .automatic)
        #expect(sc.path == .direct)
        #expect(
            field { _ = try SplineChannels<Double>(keyTimes: x, values: v, channels: 2, kind: .cubic(affine), times: [0.5], path: .gemm) }
                == "boundary")
    }
}
