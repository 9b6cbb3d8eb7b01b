/// A spring fitted to data, with the residual it achieves.
///
/// Fits compute in `Double`. The motion is x(t) = to + y(t) with y(0) = from − to and
/// y′(0) = initialVelocity; the residual of sample i is x(tᵢ) − xᵢ.
public struct SpringFit: Sendable, Hashable {
    /// The fitted spring (mass as given; stiffness and damping fitted).
    public let spring: Spring<Double>
    /// The start value: as given, or fitted.
    public let from: Double
    /// The target: as given, or fitted.
    public let to: Double
    /// The initial velocity, units per second: as given, or fitted.
    public let initialVelocity: Double
    /// √(Σ rᵢ² / n) over the samples (curve fits: over the measurement grid), in the units of
    /// the values, computed as M·√(Σ (rᵢ/M)² / n) with M = max |rᵢ| (residuals of the
    /// problem scaled by powers of two, see ``Spring/fit(times:values:mass:from:to:initialVelocity:)``),
    /// so that it neither underflows nor overflows at any scale of the values.
    public let rmsResidual: Double
    /// max |rᵢ| over the samples (curve fits: over the measurement grid).
    public let maxResidual: Double
    /// Levenberg–Marquardt (and, for curve fits, Nelder–Mead) iterations of the winning start.
    public let iterations: Int

    /// The most samples ``Spring/fit(times:values:mass:from:to:initialVelocity:)`` accepts:
    /// 10,000 (each of up to 4 × 1000 iterations evaluates the closed form at every sample, so
    /// this bounds a fit to about a second).
    public static let maxSamples = 10_000
}

extension Spring where T == Double {
    /// The least-squares spring through samples (tᵢ, xᵢ): minimises Σ (x(tᵢ) − xᵢ)² over
    /// stiffness and damping (mass fixed: only k/m and c/m are observable) and, when they are
    /// nil, `from`, `to` and `initialVelocity`.
    ///
    /// Method: Levenberg–Marquardt (Marquardt's diagonal scaling, at most 1000 iterations per
    /// start) in the parameters λ = c/(2m) and q = ω₀² − λ² = k/m − c²/(4m²), in which the
    /// closed form e^(−λt)[y₀ C + (v₀ + λy₀) S], C = cos √q t, S = sin(√q t)/√q, is entire
    /// (one formula for every regime), with the analytic derivatives ∂C/∂q = −tS/2,
    /// ∂S/∂q = (tC − S)/(2q) (a power series for |q|t² ≤ 1). Starts: a grid of 6 ω₀ (2π/t_last
    /// × 2^(−1…4)) by 6 ζ (0.05 … 2), each with the linear parameters solved exactly; the 4
    /// best are refined and the lowest residual wins. Steps that leave λ ≥ 0, k > 0 are refused.
    ///
    /// Scale: the problem is solved on values divided by 2^e_x (2^e_x ≤ max |xᵢ|, |from|, |to|
    /// < 2^(e_x+1)) and times divided by 2^e_t (the last time likewise), and the result is
    /// scaled back. Both scalings are exact, so the fit does not depend on the units: values
    /// scaled by any power of two give the same spring and residuals scaled by the same power
    /// (and nothing underflows or overflows at 1e±300); other factors change the result only
    /// through the rounding of the scaled inputs.
    /// - Parameters:
    ///   - times: sample times in seconds, finite, ≥ 0, strictly increasing.
    ///   - values: the samples xᵢ, finite, as many as `times`.
    ///   - mass: m > 0 (default 1).
    ///   - from: the start value, or nil to fit it (default: fitted).
    ///   - to: the target, or nil to fit it (default: fitted).
    ///   - initialVelocity: units per second, or nil to fit it (default 0).
    /// - Returns: the spring, the (given or fitted) motion and the residual (RMS and max).
    /// - Throws: `invalidValue` naming `times` (too few: at least as many samples as fitted
    ///   parameters, 2 to 5; more than ``SpringFit/maxSamples``; unsorted, negative or non-finite items as `times[i]`), `values`
    ///   (a different count, or `values[i]` non-finite), `mass`, `from`, `to`,
    ///   `initialVelocity`, or `values` when no start gives a finite model, `times` when the
    ///   fitted stiffness or damping is outside the range of Double, `initialVelocity` when
    ///   the given velocity is outside the range of the scaled problem.
    public static func fit(
        times: [Double], values: [Double], mass: Double = 1, from: Double? = nil, to: Double? = nil, initialVelocity: Double? = 0
    ) throws(MotionKernelError) -> SpringFit {
        try MotionKernelError.requirePositive(mass, "mass")
        if let from { try MotionKernelError.requireFinite(from, "from") }
        if let to { try MotionKernelError.requireFinite(to, "to") }
        if let initialVelocity { try MotionKernelError.requireFinite(initialVelocity, "initialVelocity") }
        guard times.count <= SpringFit.maxSamples else {
            throw MotionKernelError.invalidValue("times", "expected at most \(SpringFit.maxSamples) samples, got \(times.count)")
        }
        guard values.count == times.count else {
            throw MotionKernelError.invalidValue("values", "expected \(times.count) values (one per time), got \(values.count)")
        }
        for (i, t) in times.enumerated() {
            try MotionKernelError.requireNonNegative(t, "times[\(i)]")
            if i > 0, !(t > times[i - 1]) {
                throw MotionKernelError.invalidValue("times[\(i)]", "expected strictly increasing times, got \(t) after \(times[i - 1])")
            }
        }
        for (i, x) in values.enumerated() { try MotionKernelError.requireFinite(x, "values[\(i)]") }
        let problem = try SpringFitProblem.scaled(times: times, values: values, from: from, to: to, initialVelocity: initialVelocity)
        guard times.count >= problem.parameterCount else {
            throw MotionKernelError.invalidValue(
                "times", "expected at least \(problem.parameterCount) samples for \(problem.parameterCount) fitted parameters, got \(times.count)")
        }
        guard let span = times.last, span > 0 else {
            throw MotionKernelError.invalidValue("times", "expected samples at more than one time")
        }
        guard let best = problem.solve(timeScale: problem.times.last ?? span) else {
            throw MotionKernelError.invalidValue("values", "no start gives a finite spring model for these samples")
        }
        return try problem.result(best, mass: mass)
    }

    /// The spring from 0 to 1 that best matches the easing `curve` played over `duration`
    /// seconds, in the max norm: minimises max over u ∈ [0, 1] of |x(u·duration) − curve(u)|.
    ///
    /// Method: a least-squares fit (as ``fit(times:values:mass:from:to:initialVelocity:)``)
    /// on 257 uniform points, then Nelder–Mead (at most 800 iterations) on the maximum
    /// error over 513 uniform points. The reported residuals are measured on 4097 uniform
    /// points u = i/4096 (a superset of both grids): `maxResidual` is the maximum there, a
    /// lower bound on the supremum over [0, 1] that is exact at every grid point (for a
    /// Lipschitz curve the supremum exceeds it by at most (L_curve + L_spring)/8192).
    /// - Parameters:
    ///   - curve: any easing (`TimingFunction(css: "ease-out")`, a cubic Bézier, steps, …).
    ///   - duration: seconds the curve plays over (> 0).
    ///   - initialVelocity: progress per second at u = 0 (0: from rest, the default), or nil
    ///     to fit it too.
    ///   - mass: m > 0 (default 1).
    /// - Returns: the spring with `from` 0, `to` 1, the (given or fitted) initial velocity and
    ///   the residuals in progress units.
    /// - Throws: `invalidValue` naming `duration`, `initialVelocity`, `mass`, or `curve` when
    ///   the curve is not finite on [0, 1] or no spring model is finite.
    public static func fit(curve: TimingFunction, duration: Double, initialVelocity: Double? = 0, mass: Double = 1) throws(MotionKernelError) -> SpringFit {
        try MotionKernelError.requirePositive(duration, "duration")
        try MotionKernelError.requirePositive(mass, "mass")
        if let initialVelocity { try MotionKernelError.requireFinite(initialVelocity, "initialVelocity") }
        func grid(_ n: Int) throws(MotionKernelError) -> (times: [Double], values: [Double]) {
            let u = (0..<n).map { Double($0) / Double(n - 1) }
            let values = curve.values(at: u)
            for (i, x) in values.enumerated() where !x.isFinite {
                throw MotionKernelError.invalidValue("curve", "is not finite at progress \(u[i])")
            }
            return (u.map { $0 * duration }, values)
        }
        let coarse = try grid(257), mid = try grid(513), fine = try grid(4097)
        // The three grids share their last time (duration) and, up to the values, their scale:
        // the time scale of the coarse grid is used for all (the value scale is 1: progress).
        let ls = try SpringFitProblem.scaled(times: coarse.times, values: coarse.values, from: 0, to: 1, initialVelocity: initialVelocity, valueExponent: 0)
        guard let start = ls.solve(timeScale: ls.times.last ?? 1) else {
            throw MotionKernelError.invalidValue("curve", "no start gives a finite spring model for this curve")
        }
        let mm = try SpringFitProblem.scaled(times: mid.times, values: mid.values, from: 0, to: 1, initialVelocity: initialVelocity, valueExponent: 0)
        let refined = mm.minimax(from: start)
        let measure = try SpringFitProblem.scaled(
            times: fine.times, values: fine.values, from: 0, to: 1, initialVelocity: initialVelocity, valueExponent: 0)
        return try measure.result(refined, mass: mass)
    }
}

/// The closed form's value and its analytic derivatives at one time, in the fit's
/// parameters (λ, q): eC = e^(−λt)C, eS = e^(−λt)S and their q-derivatives.
struct SpringFitModel {
    let lambda: Double
    let q: Double

    /// (eC, eS, ∂eC/∂q, ∂eS/∂q) at t ≥ 0, or nil when not finite.
    func entries(_ t: Double) -> (c: Double, s: Double, cq: Double, sq: Double)? {
        let qt2 = q * t * t
        var c: Double, s: Double, sq: Double
        if abs(qt2) <= 1 {
            // C = Σ zⁿ/(2n)!, S/t = Σ zⁿ/(2n+1)!, ∂S/∂q = −t³ Σ zⁿ (n+1)/(2n+3)!, z = −q t².
            let z = -qt2
            var cc = SpringSeries.evenReciprocalFactorials[11], ss = SpringSeries.oddReciprocalFactorials[11]
            var dd = 12 * SpringFitModel.derivativeCoefficients[11]
            for n in stride(from: 10, through: 0, by: -1) {
                cc = cc * z + SpringSeries.evenReciprocalFactorials[n]
                ss = ss * z + SpringSeries.oddReciprocalFactorials[n]
                dd = dd * z + Double(n + 1) * SpringFitModel.derivativeCoefficients[n]
            }
            let e = Double.exp(-lambda * t)
            c = e * cc
            s = e * ss * t
            sq = -e * dd * t * t * t
        } else if q > 0 {
            let w = q.squareRoot(), e = Double.exp(-lambda * t)
            c = e * Double.cos(w * t)
            s = e * Double.sin(w * t) / w
            sq = (t * c - s) / (2 * q)
        } else {
            // Over-damped, μt > 1: the slow and fast exponentials, never cosh·e^(−λt).
            let mu = (-q).squareRoot()
            let lm = lambda + mu
            // Slow root λ − μ = ω₀²/(λ + μ) without cancellation.
            let e1 = Double.exp(-((q + lambda * lambda) / lm) * t), e2 = Double.exp(-lm * t)
            c = 0.5 * (e1 + e2)
            s = (e1 - e2) / (2 * mu)
            sq = (t * c - s) / (2 * q)
        }
        let cq = -0.5 * t * s
        guard c.isFinite, s.isFinite, sq.isFinite, cq.isFinite else { return nil }
        return (c, s, cq, sq)
    }

    /// 1/(2n+3)!, n = 0…11.
    static let derivativeCoefficients: [Double] = (0...11).map { n in 1 / (1...(2 * n + 3)).reduce(1.0) { $0 * Double($1) } }
}

/// One least-squares problem: samples, which of from/to/v₀ are fixed, and the solvers.
///
/// The problem may be scaled: its times are the caller's divided by 2^`timeExponent`, its
/// values (and from, to) divided by 2^`valueExponent`, its velocity multiplied by
/// 2^(`timeExponent` − `valueExponent`); ``result(_:mass:)`` scales back.
struct SpringFitProblem {
    let times: [Double]
    let values: [Double]
    let from: Double?
    let to: Double?
    let initialVelocity: Double?
    /// e_t: times here are the caller's times · 2^−e_t.
    var timeExponent = 0
    /// e_x: values here are the caller's values · 2^−e_x.
    var valueExponent = 0

    /// x · 2^e, exactly unless the result leaves the range of Double.
    static func scale(_ x: Double, _ e: Int) -> Double {
        x == 0 ? x : Double(sign: x.sign, exponent: x.exponent + e, significand: x.significand)
    }

    /// The problem for the caller's samples scaled by exact powers of two so that the last time
    /// and the largest of |values|, |from|, |to| are in [1, 2) (`valueExponent` overrides the
    /// value scale).
    /// - Throws: `invalidValue` naming `initialVelocity` when the given velocity leaves the
    ///   range of Double in the scaled units.
    static func scaled(
        times: [Double], values: [Double], from: Double?, to: Double?, initialVelocity: Double?, valueExponent: Int? = nil
    ) throws(MotionKernelError) -> SpringFitProblem {
        let span = times.last ?? 0
        let et = span > 0 ? span.exponent : 0
        var peak = values.reduce(0) { max($0, abs($1)) }
        peak = max(peak, abs(from ?? 0), abs(to ?? 0))
        let ex = valueExponent ?? (peak > 0 ? peak.exponent : 0)
        var v: Double? = nil
        if let initialVelocity {
            let sv = scale(initialVelocity, et - ex)
            guard sv.isFinite else {
                throw MotionKernelError.invalidValue(
                    "initialVelocity", "\(initialVelocity) is outside the range of Double in the units of the samples (values / time span)")
            }
            v = sv
        }
        return SpringFitProblem(
            times: times.map { scale($0, -et) }, values: values.map { scale($0, -ex) }, from: from.map { scale($0, -ex) },
            to: to.map { scale($0, -ex) }, initialVelocity: v, timeExponent: et, valueExponent: ex)
    }

    /// Parameter vector layout: [λ, q] then the free ones of from, to, v₀ in that order.
    var parameterCount: Int { 2 + (from == nil ? 1 : 0) + (to == nil ? 1 : 0) + (initialVelocity == nil ? 1 : 0) }

    /// A point of the search: parameters, sum of squared residuals, iterations spent.
    struct Point {
        var p: [Double]
        var sse: Double
        var iterations: Int
    }

    /// (from, to, v₀) of parameter vector `p`.
    func motion(_ p: [Double]) -> (from: Double, to: Double, v0: Double) {
        var i = 2
        func next(_ fixed: Double?) -> Double {
            if let fixed { return fixed }
            defer { i += 1 }
            return p[i]
        }
        let f = next(from), t = next(to), v = next(initialVelocity)
        return (f, t, v)
    }

    /// λ ≥ 0 and k/m = q + λ² > 0, all finite.
    func feasible(_ p: [Double]) -> Bool {
        p.allSatisfy { $0.isFinite } && p[0] >= 0 && p[1] + p[0] * p[0] > 0
    }

    /// Residuals rᵢ = x(tᵢ) − xᵢ and, when `jacobian`, ∂rᵢ/∂p (row-major n × P); nil when
    /// not finite.
    func residuals(_ p: [Double], jacobian: Bool) -> (r: [Double], j: [Double])? {
        guard feasible(p) else { return nil }
        let model = SpringFitModel(lambda: p[0], q: p[1])
        let m = motion(p)
        let y0 = m.from - m.to, v0 = m.v0
        let np = parameterCount
        var r = [Double](repeating: 0, count: times.count)
        var jac = [Double](repeating: 0, count: jacobian ? times.count * np : 0)
        for (i, t) in times.enumerated() {
            guard let e = model.entries(t) else { return nil }
            let pos = e.c + p[0] * e.s  // ∂y/∂y₀
            let y = y0 * pos + v0 * e.s
            r[i] = m.to + y - values[i]
            guard r[i].isFinite else { return nil }
            if jacobian {
                let row = i * np
                jac[row] = -t * y + y0 * e.s  // ∂y/∂λ
                jac[row + 1] = y0 * (e.cq + p[0] * e.sq) + v0 * e.sq  // ∂y/∂q
                var k = row + 2
                if from == nil { jac[k] = pos; k += 1 }
                if to == nil { jac[k] = 1 - pos; k += 1 }
                if initialVelocity == nil { jac[k] = e.s }
            }
        }
        return (r, jac)
    }

    func sse(_ p: [Double]) -> Double {
        guard let r = residuals(p, jacobian: false)?.r else { return .infinity }
        return r.reduce(0) { $0 + $1 * $1 }
    }

    /// Multi-start Levenberg–Marquardt (see `Spring.fit(times:values:…)`).
    func solve(timeScale: Double) -> Point? {
        var starts: [Point] = []
        for wf in [0.5, 1, 2, 4, 8, 16] {
            for zeta in [0.05, 0.2, 0.5, 0.8, 1.2, 2] {
                let w0 = 2 * Double.pi / timeScale * wf
                var p = [zeta * w0, w0 * w0 * (1 - zeta) * (1 + zeta)]
                p += [Double](repeating: 0, count: parameterCount - 2)
                guard let solved = linearSolve(p) else { continue }
                starts.append(Point(p: solved, sse: sse(solved), iterations: 0))
            }
        }
        starts = starts.filter { $0.sse.isFinite }.sorted { $0.sse < $1.sse }
        var best: Point? = nil
        for s in starts.prefix(4) {
            let r = levenbergMarquardt(s)
            if best == nil || r.sse < best!.sse { best = r }
        }
        return best
    }

    /// The linear parameters (from, to, v₀ that are free) solved exactly for fixed λ, q.
    func linearSolve(_ p: [Double]) -> [Double]? {
        let np = parameterCount
        if np == 2 { return p }
        guard let rj = residuals(p, jacobian: true) else { return nil }
        // The model is linear in the free linear parameters: r(p + δ) = r + J_L δ exactly.
        let nl = np - 2
        var a = [Double](repeating: 0, count: nl * nl), g = [Double](repeating: 0, count: nl)
        for i in 0..<times.count {
            for x in 0..<nl {
                let jx = rj.j[i * np + 2 + x]
                g[x] += jx * rj.r[i]
                for y in 0..<nl { a[x * nl + y] += jx * rj.j[i * np + 2 + y] }
            }
        }
        for x in 0..<nl { a[x * nl + x] += 1e-14 * max(a[x * nl + x], 1e-300) }
        guard let d = SpringFitProblem.choleskySolve(a, g.map { -$0 }, nl) else { return nil }
        var q = p
        for x in 0..<nl { q[2 + x] += d[x] }
        return q
    }

    /// Levenberg–Marquardt from `start`: at most 1000 accepted or refused iterations.
    func levenbergMarquardt(_ start: Point) -> Point {
        let np = parameterCount
        var p = start.p, cur = start.sse, mu = 1e-3
        var iterations = 0
        outer: while iterations < 1000 {
            guard let rj = residuals(p, jacobian: true) else { break }
            var a = [Double](repeating: 0, count: np * np), g = [Double](repeating: 0, count: np)
            for i in 0..<times.count {
                for x in 0..<np {
                    let jx = rj.j[i * np + x]
                    g[x] += jx * rj.r[i]
                    for y in 0..<np { a[x * np + y] += jx * rj.j[i * np + y] }
                }
            }
            let diag = (0..<np).map { max(a[$0 * np + $0], 1e-300) }
            while iterations < 1000 {
                iterations += 1
                var m = a
                for x in 0..<np { m[x * np + x] += mu * diag[x] }
                if let d = SpringFitProblem.choleskySolve(m, g.map { -$0 }, np) {
                    let trial = zip(p, d).map { $0 + $1 }
                    let s = sse(trial)
                    if s < cur {
                        let small = zip(d, p).allSatisfy { abs($0) <= 1e-13 * max(abs($1), 1e-300) }
                        let gain = cur - s
                        p = trial
                        cur = s
                        mu = max(mu / 3, 1e-12)
                        if small || gain <= 1e-15 * cur { break outer }
                        continue outer
                    }
                }
                mu *= 4
                if mu > 1e16 { break outer }
            }
        }
        return Point(p: p, sse: cur, iterations: start.iterations + iterations)
    }

    /// Nelder–Mead on max |rᵢ| from `start` (at most 800 iterations).
    func minimax(from start: Point) -> Point {
        let np = parameterCount
        func cost(_ p: [Double]) -> Double {
            guard let r = residuals(p, jacobian: false)?.r else { return .infinity }
            return r.reduce(0) { max($0, abs($1)) }
        }
        var simplex: [(p: [Double], f: Double)] = [(start.p, cost(start.p))]
        for i in 0..<np {
            var p = start.p
            p[i] += p[i] == 0 ? 0.05 : 0.05 * abs(p[i])
            simplex.append((p, cost(p)))
        }
        var iterations = 0
        while iterations < 800 {
            iterations += 1
            simplex.sort { $0.f < $1.f }
            let bestF = simplex[0].f, worst = simplex[np]
            if worst.f - bestF <= 1e-15 * max(bestF, 1e-300) { break }
            var centroid = [Double](repeating: 0, count: np)
            for v in simplex.dropLast() { for i in 0..<np { centroid[i] += v.p[i] / Double(np) } }
            func along(_ t: Double) -> [Double] { (0..<np).map { centroid[$0] + t * (worst.p[$0] - centroid[$0]) } }
            let refl = along(-1), fr = cost(refl)
            if fr < bestF {
                let exp = along(-2), fe = cost(exp)
                simplex[np] = fe < fr ? (exp, fe) : (refl, fr)
            } else if fr < simplex[np - 1].f {
                simplex[np] = (refl, fr)
            } else {
                let con = fr < worst.f ? along(-0.5) : along(0.5)
                let fc = cost(con)
                if fc < min(fr, worst.f) {
                    simplex[np] = (con, fc)
                } else {
                    let b = simplex[0].p
                    for k in 1...np {
                        let p = (0..<np).map { b[$0] + 0.5 * (simplex[k].p[$0] - b[$0]) }
                        simplex[k] = (p, cost(p))
                    }
                }
            }
        }
        simplex.sort { $0.f < $1.f }
        // Keep the least-squares start when Nelder–Mead found nothing better in the max norm.
        let best = simplex[0].f <= cost(start.p) ? simplex[0].p : start.p
        return Point(p: best, sse: sse(best), iterations: start.iterations + iterations)
    }

    /// The fit result at `point` in the caller's units, residuals measured on this problem's
    /// samples.
    func result(_ point: Point, mass: Double) throws(MotionKernelError) -> SpringFit {
        guard let r = residuals(point.p, jacobian: false)?.r else {
            throw MotionKernelError.invalidValue("values", "the fitted spring model is not finite at the samples")
        }
        // Back to seconds: λ = λ'·2^−e_t, ω₀² = ω₀'²·2^−2e_t (exact unless out of range).
        let lambda = Self.scale(point.p[0], -timeExponent)
        let w2 = Self.scale(point.p[1] + point.p[0] * point.p[0], -2 * timeExponent)
        let k = mass * w2, c = 2 * mass * lambda
        guard w2.isFinite, w2 > 0, lambda.isFinite, k.isFinite, k > 0, c.isFinite,
            let spring = Spring<Double>(validatedMass: mass, stiffness: k, damping: c)
        else {
            throw MotionKernelError.invalidValue(
                "times", "the fitted stiffness \(k) and damping \(c) (k/m = \(w2), c/(2m) = \(lambda)) are outside the range of Double")
        }
        let m = motion(point.p)
        // Residual norms scaled by their largest entry: no underflow or overflow of the squares.
        let big = r.reduce(0) { max($0, abs($1)) }
        let sum = big > 0 ? r.reduce(0) { $0 + ($1 / big) * ($1 / big) } : 0
        let rms = Self.scale(big * (sum / Double(r.count)).squareRoot(), valueExponent)
        let maxR = Self.scale(big, valueExponent)
        let from = Self.scale(m.from, valueExponent), to = Self.scale(m.to, valueExponent)
        let v0 = Self.scale(m.v0, valueExponent - timeExponent)
        guard rms.isFinite, maxR.isFinite, from.isFinite, to.isFinite, v0.isFinite else {
            throw MotionKernelError.invalidValue("values", "the fitted motion or its residual is outside the range of Double")
        }
        return SpringFit(
            spring: spring, from: from, to: to, initialVelocity: v0, rmsResidual: rms, maxResidual: maxR, iterations: point.iterations)
    }

    /// Solves the symmetric positive definite system a·x = b (row-major n × n) by Cholesky;
    /// nil when a is not (numerically) positive definite.
    static func choleskySolve(_ a: [Double], _ b: [Double], _ n: Int) -> [Double]? {
        var l = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            for j in 0...i {
                var s = a[i * n + j]
                for k in 0..<j { s -= l[i * n + k] * l[j * n + k] }
                if i == j {
                    guard s > 0, s.isFinite else { return nil }
                    l[i * n + i] = s.squareRoot()
                } else {
                    l[i * n + j] = s / l[j * n + j]
                }
            }
        }
        var y = b
        for i in 0..<n {
            for k in 0..<i { y[i] -= l[i * n + k] * y[k] }
            y[i] /= l[i * n + i]
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            for k in (i + 1)..<n { y[i] -= l[k * n + i] * y[k] }
            y[i] /= l[i * n + i]
        }
        return y.allSatisfy { $0.isFinite } ? y : nil
    }
}
