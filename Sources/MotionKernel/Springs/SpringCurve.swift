/// A spring used as an easing curve: the motion from 0 to 1 as a function of normalized time
/// u, with t = u · D and D the exact settling duration for `epsilon` (default 0.001, the
/// convention of `timing.sample` with a spring), or a given duration at least that long
/// (``init(spring:initialVelocity:epsilon:duration:)``).
///
/// `initialVelocity` is in normalized units per second (1 = the whole distance per second,
/// UIKit's `initialSpringVelocity`). `epsilon` is normalized too: a fraction of the distance
/// |to − from| (the curve runs from 0 to 1), not an absolute tolerance in the units of `to`.
///
/// The curve depends on the spring only through its damping ratio ζ and its time scale
/// ω₀ = √(k/m): in τ = ω₀t it is the spring of ω₀ = 1 and the same ζ, with initial velocity
/// `initialVelocity`/ω₀. ``keyframes(tolerance:)`` and ``cssLinear(tolerance:)`` work in τ
/// (ζ and ω₀ computed from m, k, c without forming k·m or k/m), so their stops and bounds are
/// the same at every scale of the spring.
public struct SpringCurve<T: MotionScalar>: Sendable, Hashable {
    /// The spring driving the curve.
    public let spring: Spring<T>
    /// The initial velocity in normalized units per second (distances per second).
    public let initialVelocity: T
    /// The settling tolerance that defines the default duration, normalized: a fraction of the
    /// distance (the curve runs from 0 to 1).
    public let epsilon: T
    /// The duration D in seconds (the settling duration unless given): u = 1 maps to t = D.
    public private(set) var duration: T
    /// The normalized spring: ω₀ = 1 (mass 1, stiffness 1) and the spring's ζ (time in τ = ω₀t).
    let unitSpring: Spring<Double>
    /// ω₀ = √(k/m) of ``spring``, rad/s (scale-free, relative error ≤ 1.5u).
    let omega0: Double
    /// `initialVelocity` / ω₀: the initial velocity in τ.
    let unitVelocity: Double
    /// D·ω₀: the duration in τ.
    var unitDuration: Double

    /// - Throws: `invalidValue` naming `epsilon` or `initialVelocity` (also when
    ///   `initialVelocity`/ω₀ overflows), `damping` for a spring that never settles or whose
    ///   damping ratio is beyond the range of Double.
    public init(spring: Spring<T>, initialVelocity: T = 0, epsilon: T = T(0.001)) throws(MotionKernelError) {
        try MotionKernelError.requireFinite(initialVelocity, "initialVelocity")
        let m = spring.mass.doubleValue, k = spring.stiffness.doubleValue, c = spring.damping.doubleValue
        let w0 = SpringScale.angularFrequency(mass: m, stiffness: k)
        let zeta = SpringScale.dampingRatio(mass: m, stiffness: k, damping: c)
        guard w0.isNormal, w0.isFinite, (2 * zeta).isFinite, let unit = Spring<Double>(validatedMass: 1, stiffness: 1, damping: 2 * zeta)
        else {
            throw MotionKernelError.invalidValue("damping", "the damping ratio \(zeta) of this spring is outside the range of Double")
        }
        let v = initialVelocity.doubleValue / w0
        guard v.isFinite else {
            throw MotionKernelError.invalidValue("initialVelocity", "initialVelocity / ω₀ = \(initialVelocity) / \(w0) overflows")
        }
        self.spring = spring
        self.initialVelocity = initialVelocity
        self.epsilon = epsilon
        self.duration = try spring.settlingDuration(epsilon: epsilon, from: 0, to: 1, initialVelocity: initialVelocity)
        self.unitSpring = unit
        self.omega0 = w0
        self.unitVelocity = v
        self.unitDuration = duration.doubleValue * w0
    }

    /// The curve's value at normalized time `u`: the spring at t = u·D. For u ≤ 0 the value
    /// is 0 (not yet started); for u > 1 the spring continues (within epsilon of 1).
    @inlinable
    public func value(at u: T) -> T {
        guard u > 0 else { return 0 }
        return spring.value(at: u * duration, from: 0, to: 1, initialVelocity: initialVelocity)
    }

    /// d value / du at normalized time `u` (0 for u < 0).
    @inlinable
    public func slope(at u: T) -> T {
        guard u >= 0 else { return 0 }
        return spring.state(at: u * duration, from: 0, to: 1, initialVelocity: initialVelocity).velocity * duration
    }

    /// Samples (time in seconds, value) of a polyline that deviates from the true curve by at
    /// most `tolerance` everywhere on [0, D], ending exactly at D (value x(D), within epsilon
    /// of 1).
    ///
    /// The spacing is adaptive and rigorous: on [a, a+h] a chord deviates by at most
    /// h²/8 · max|x″|, and for any solution z of the spring equation
    /// |z(a+τ)| ≤ |z(a)| + |z′(a) + λ z(a)|·τ in every regime, which bounds x″ from the state
    /// at a. Samples at the points themselves are never trusted as the bound. The chords are
    /// computed on the normalized spring (time τ = ω₀t, see ``SpringCurve``) and mapped back
    /// to seconds, so they do not depend on the scale of the spring.
    /// - Throws: `invalidValue` naming `tolerance` when it is not in [1e-9, 1] or needs more
    ///   than 100,000 points.
    public func keyframes(tolerance: T) throws(MotionKernelError) -> [(time: T, value: T)] {
        try MotionKernelError.requirePositive(tolerance, "tolerance")
        guard tolerance >= T(1e-9), tolerance <= 1 else {
            throw MotionKernelError.invalidValue("tolerance", "expected 1e-9...1, got \(tolerance)")
        }
        let pts = try unitChords(tolerance: tolerance.doubleValue)
        let D = duration.doubleValue
        return pts.enumerated().map { i, pt in
            (time: i == pts.count - 1 && pts.count > 1 ? duration : T(pt.progress * D), value: T(pt.value))
        }
    }

    /// The adaptive chords of ``keyframes(tolerance:)`` on the normalized spring: (progress
    /// t/D ∈ [0, 1], value), the first (0, 0), the last at progress 1 exactly.
    func unitChords(tolerance: Double) throws(MotionKernelError) -> [(progress: Double, value: Double)] {
        let sp = unitSpring, D = unitDuration, v0 = unitVelocity
        let tol = 0.9 * tolerance
        var points: [(progress: Double, value: Double)] = [(0, 0)]
        var a = 0.0
        while a < D {
            let st = sp.state(at: a, from: 0, to: 1, initialVelocity: v0)
            let acc = sp.acceleration(displacement: st.value - 1, velocity: st.velocity)
            let jerk = sp.acceleration(displacement: st.velocity, velocity: acc)
            let A = abs(acc), B = abs(jerk + sp.lambda * acc)
            func err(_ h: Double) -> Double { h * h / 8 * (A + B * h) }
            var h = D - a
            if err(h) > tol {
                var lo = 0.0, hi = h
                for _ in 0..<100 {
                    let mid = 0.5 * (lo + hi)
                    if err(mid) <= tol { lo = mid } else { hi = mid }
                }
                h = lo
            }
            guard h > 0, points.count < 100_000 else {
                throw MotionKernelError.invalidValue("tolerance", "\(tolerance) needs more than 100000 keyframes")
            }
            a = (D - a - h) <= 1e-12 * D ? D : a + h
            points.append((a == D ? 1 : a / D, sp.value(at: a, from: 0, to: 1, initialVelocity: v0)))
        }
        return points
    }

    /// A curve played over a given `duration` (seconds) instead of its settling duration for
    /// `epsilon`, e.g. a spring built to settle by a deadline (`Spring.settling(in:…)`).
    /// - Throws: `invalidValue` naming `initialVelocity`, `epsilon` or `duration` (not finite
    ///   and > 0, or shorter than the settling duration for `epsilon` by more than 1e-9 of it, so
    ///   that |x(t) − 1| ≤ ε would not hold for every t ≥ duration).
    public init(spring: Spring<T>, initialVelocity: T = 0, epsilon: T, duration: T) throws(MotionKernelError) {
        try MotionKernelError.requirePositive(duration, "duration")
        try self.init(spring: spring, initialVelocity: initialVelocity, epsilon: epsilon)
        guard duration.doubleValue >= self.duration.doubleValue * (1 - 1e-9) else {
            throw MotionKernelError.invalidValue(
                "duration", "\(duration) s is shorter than the settling duration \(self.duration) s for epsilon \(epsilon)")
        }
        self.duration = duration
        self.unitDuration = duration.doubleValue * omega0
    }

    /// A CSS `linear()` easing for this curve, to be played over ``duration`` seconds (input
    /// progress p ∈ [0, 1] ↦ t = p·D), with a certified bound on its error.
    ///
    /// Everything is computed on the normalized spring (τ = ω₀t, ω₀ = 1, the spring's ζ; see
    /// ``SpringCurve``), so the stops and the bound do not depend on the scale of the spring.
    /// The stops are the adaptive chords of ``keyframes(tolerance:)``, printed with as many
    /// digits as the tolerance needs. The bound is then computed from the *printed* stops, as a
    /// browser reads them: on every segment between printed positions P_i < P_{i+1} (times
    /// τ_i = P_i·D·ω₀) the chord through the true curve deviates by at most h²/8·(A + B·h)
    /// (A, B from the state at τ_i, as in `keyframes`), and the printed values move the chord by
    /// at most the larger of |V_i − x(τ_i)|, |V_{i+1} − x(τ_{i+1})|. On top comes a slack of
    /// 4·2⁻²⁴·max(1, max|V|) for a browser that stores stops and interpolates in single
    /// precision, 1e-12 for the closed form's own rounding in Double, and the effect of the
    /// rounding of the normalization (u = 2⁻⁵³, V = √(1 + v²) bounds |x′(τ)| by the energy
    /// x′² + (x − 1)², which never grows; τ ≤ D·ω₀ = D_τ): the time scale D·ω₀ (≤ 4u·D_τ·V),
    /// the velocity v = v₀/ω₀ (≤ 3u·|v|·D_τ, as |φ₁₂(τ)| ≤ τ) and ζ (≤ 6u·ζ·V·min(D_τ²/2, I)
    /// with I = ∫₀^∞|φ₁₂| ≤ 1 for ζ ≥ 1 and ≤ 1/(ζ√(1 − ζ²)) below).
    /// - Throws: `invalidValue` naming `tolerance` when it is not in [1e-6, 1] or its stops would
    ///   exceed 100,000, or `epsilon` when the duration is 0 (the motion starts within
    ///   `epsilon` of the target and stays there: there is no easing with two stops to emit).
    public func cssLinear(tolerance: T) throws(MotionKernelError) -> SpringCSSLinear {
        try MotionKernelError.requirePositive(tolerance, "tolerance")
        let tol = tolerance.doubleValue
        guard tol >= 1e-6, tol <= 1 else {
            throw MotionKernelError.invalidValue("tolerance", "expected 1e-6...1, got \(tolerance)")
        }
        guard unitDuration > 0, duration > 0 else {
            throw MotionKernelError.invalidValue(
                "epsilon", "\(epsilon) (a fraction of the distance) gives settling duration 0: the motion starts settled, and linear() needs two stops")
        }
        var inner = 0.7 * tol
        for _ in 0..<8 {
            let pts: [(progress: Double, value: Double)]
            do { pts = try unitChords(tolerance: inner) } catch {
                throw MotionKernelError.invalidValue("tolerance", "\(tolerance) needs more than 100000 stops for this spring")
            }
            if let r = printedStops(pts, tolerance: tol), r.maxError <= tol {
                return r
            }
            inner *= 0.5
            guard inner >= 1e-9 else { break }
        }
        throw MotionKernelError.invalidValue("tolerance", "\(tolerance) cannot be certified with printed stops for this spring")
    }

    /// The normalization's rounding slack of ``cssLinear(tolerance:)`` (see there).
    var normalizationSlack: Double {
        let u = Double.ulpOfOne / 2
        let D = unitDuration, v = unitVelocity, zeta = unitSpring.dampingRatio
        let V = (1 + v * v).squareRoot()
        let integral = zeta >= 1 ? 1 : 1 / (zeta * ((1 - zeta) * (1 + zeta)).squareRoot())
        let zetaTerm = zeta == 0 ? 0 : 6 * u * zeta * V * min(D * D / 2, integral)
        return 4 * u * D * V + 3 * u * abs(v) * D + zetaTerm
    }

    /// The printed `linear()` for chord points `pts` (progress, value) of the normalized
    /// spring, and its certified error bound; nil when printed positions would not increase
    /// strictly.
    func printedStops(_ pts: [(progress: Double, value: Double)], tolerance tol: Double) -> SpringCSSLinear? {
        let sp = unitSpring, D = unitDuration, v0 = unitVelocity
        // Digits: printing moves a value by at most tol/40, and a position by a progress whose
        // effect (max chord slope × 1.5 · Δp) is at most tol/40. The bound below is what counts.
        let valueDigits = max(1, Int((-Double.log(tol / 40) / Double.log(10)).rounded(.up)))
        var maxSlope = 0.0
        for i in 1..<pts.count where pts[i].progress > pts[i - 1].progress {
            maxSlope = max(maxSlope, abs(pts[i].value - pts[i - 1].value) / (pts[i].progress - pts[i - 1].progress))
        }
        let dpAllowed = maxSlope > 0 ? tol / 40 / (maxSlope * 1.5) : 1
        var percentDigits = max(0, Int((-Double.log(dpAllowed * 100) / Double.log(10)).rounded(.up)))
        while percentDigits <= 12 {
            var parts: [String] = []
            var stops: [(p: Double, v: Double)] = []
            var increasing = true
            for (i, p) in pts.enumerated() {
                let v = formatFixed(p.value, digits: valueDigits)
                let pc = i == 0 ? "0" : (i == pts.count - 1 ? "100" : formatFixed(p.progress * 100, digits: percentDigits))
                parts.append(i == 0 ? v : "\(v) \(pc)%")
                // Read back as the easing parser reads them (a percentage in one rounding).
                let stop = (p: CSSNumber.fraction(ofPercentage: pc + "%")!, v: CSSNumber.value(of: v)!)
                if let last = stops.last, !(stop.p > last.p) { increasing = false }
                stops.append(stop)
            }
            if !increasing {
                percentDigits += 1
                continue
            }
            var bound = 0.0, maxV = 1.0
            var prev: (x: Double, dev: Double)? = nil
            for i in 0..<stops.count {
                let t = stops[i].p * D
                let st = sp.state(at: t, from: 0, to: 1, initialVelocity: v0)
                let dev = abs(stops[i].v - st.value)
                maxV = max(maxV, abs(stops[i].v))
                if let prev { bound = max(bound, max(prev.dev, dev)) }
                if i + 1 < stops.count {
                    let h = (stops[i + 1].p - stops[i].p) * D
                    let acc = sp.acceleration(displacement: st.value - 1, velocity: st.velocity)
                    let jerk = sp.acceleration(displacement: st.velocity, velocity: acc)
                    let A = abs(acc), B = abs(jerk + sp.lambda * acc)
                    let chord = h * h / 8 * (A + B * h)
                    bound = max(bound, chord + max(dev, abs(stops[i + 1].v - sp.value(at: stops[i + 1].p * D, from: 0, to: 1, initialVelocity: v0))))
                }
                prev = (st.value, dev)
            }
            let slack = 4 * Double(Float.ulpOfOne) / 2 * maxV + 1e-12 + normalizationSlack
            return SpringCSSLinear(
                css: "linear(" + parts.joined(separator: ", ") + ")", points: stops.count,
                maxError: bound + slack, duration: duration.doubleValue, stops: stops.map { SpringCSSLinear.Stop(input: $0.p, output: $0.v) })
        }
        return nil
    }
}

/// A spring curve as a CSS `linear()` easing (``SpringCurve/cssLinear(tolerance:)``).
public struct SpringCSSLinear: Sendable, Hashable {
    /// One printed stop: input progress (0…1, the printed percentage / 100) and output value.
    public struct Stop: Sendable, Hashable {
        /// Input progress, 0…1.
        public let input: Double
        /// Output progress (the curve's value, normalized: 0 start, 1 target).
        public let output: Double
    }

    /// The easing text, `linear(0, v₁ p₁%, …, v_n 100%)`.
    public let css: String
    /// The number of stops.
    public let points: Int
    /// A certified bound on |linear(p) − x(p·D)| for every p ∈ [0, 1], with the printed (rounded)
    /// stops evaluated as a browser does (normalized units: a fraction of the distance).
    public let maxError: Double
    /// The seconds to play the easing over: the curve's ``SpringCurve/duration``.
    public let duration: Double
    /// The printed stops as numbers (what the browser parses from ``css``).
    public let stops: [Stop]
}
/// `x` printed with at most `digits` decimals, trailing zeros removed.
func formatFixed(_ x: Double, digits: Int) -> String {
    let scale = Double.pow(10, Double(min(digits, 17)))
    var r = (x * scale).rounded() / scale
    if r == 0 { r = 0 }  // no "-0"
    return DecimalText.trimmed(DecimalText.fixed(r, digits: min(digits, 17)))
}
