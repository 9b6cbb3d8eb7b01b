#if canImport(Foundation)
import Foundation
#endif

/// A spring used as an easing curve: the motion from 0 to 1 as a function of normalized time
/// u, with t = u · D and D the exact settling duration for `epsilon` (default 0.001, the
/// convention of `timing.sample` with a spring), or a given duration at least that long
/// (``init(spring:initialVelocity:epsilon:duration:)``).
///
/// `initialVelocity` is in normalized units per second (1 = the whole distance per second,
/// UIKit's `initialSpringVelocity`).
public struct SpringCurve<T: MotionScalar>: Sendable, Hashable {
    /// The spring driving the curve.
    public let spring: Spring<T>
    /// The initial velocity in normalized units per second (distances per second).
    public let initialVelocity: T
    /// The settling tolerance (normalized units) that defines the default duration.
    public let epsilon: T
    /// The duration D in seconds (the settling duration unless given): u = 1 maps to t = D.
    public private(set) var duration: T

    /// - Throws: `invalidValue` naming `epsilon` or `initialVelocity`, or `damping` for a
    ///   spring that never settles.
    public init(spring: Spring<T>, initialVelocity: T = 0, epsilon: T = T(0.001)) throws {
        try MotionKernelError.requireFinite(initialVelocity, "initialVelocity")
        self.spring = spring
        self.initialVelocity = initialVelocity
        self.epsilon = epsilon
        self.duration = try spring.settlingDuration(epsilon: epsilon, from: 0, to: 1, initialVelocity: initialVelocity)
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
    /// at a. Samples at the points themselves are never trusted as the bound.
    /// - Throws: `invalidValue` naming `tolerance` when it is not in [1e-9, 1] or needs more
    ///   than 100,000 points.
    public func keyframes(tolerance: T) throws -> [(time: T, value: T)] {
        try MotionKernelError.requirePositive(tolerance, "tolerance")
        guard tolerance >= T(1e-9), tolerance <= 1 else {
            throw MotionKernelError.invalidValue("tolerance", "expected 1e-9...1, got \(tolerance)")
        }
        let sp = try spring.converted(to: Double.self)
        let D = duration.doubleValue, v0 = initialVelocity.doubleValue
        let tol = 0.9 * tolerance.doubleValue
        var points: [(time: T, value: T)] = [(0, 0)]
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
            points.append((T(a), T(sp.value(at: a, from: 0, to: 1, initialVelocity: v0))))
        }
        return points
    }

    /// A curve played over a given `duration` (seconds) instead of its settling duration for
    /// `epsilon`, e.g. a spring built to settle by a deadline (`Spring.settling(in:…)`).
    /// - Throws: `invalidValue` naming `initialVelocity`, `epsilon` or `duration` (not finite
    ///   and > 0, or shorter than the settling duration for `epsilon` by more than 1e-9 of it, so
    ///   that |x(t) − 1| ≤ ε would not hold for every t ≥ duration).
    public init(spring: Spring<T>, initialVelocity: T = 0, epsilon: T, duration: T) throws {
        try MotionKernelError.requirePositive(duration, "duration")
        try self.init(spring: spring, initialVelocity: initialVelocity, epsilon: epsilon)
        guard duration.doubleValue >= self.duration.doubleValue * (1 - 1e-9) else {
            throw MotionKernelError.invalidValue(
                "duration", "\(duration) s is shorter than the settling duration \(self.duration) s for epsilon \(epsilon)")
        }
        self.duration = duration
    }

    /// A CSS `linear()` easing for this curve, to be played over ``duration`` seconds (input
    /// progress p ∈ [0, 1] ↦ t = p·D), with a certified bound on its error.
    ///
    /// The stops are the adaptive chords of ``keyframes(tolerance:)``, printed with as many
    /// digits as the tolerance needs. The bound is then computed from the *printed* stops, as a
    /// browser reads them: on every segment between printed positions P_i < P_{i+1} (times
    /// t_i = P_i·D) the chord through the true curve deviates by at most h²/8·(A + B·h)
    /// (A, B from the state at t_i, as in `keyframes`), and the printed values move the chord by
    /// at most the larger of |V_i − x(t_i)|, |V_{i+1} − x(t_{i+1})|. On top comes a slack of
    /// 4·2⁻²⁴·max(1, max|V|) for a browser that stores stops and interpolates in single
    /// precision, and 1e-12 for the closed form's own rounding in Double.
    /// - Throws: `invalidValue` naming `tolerance` when it is not in [1e-6, 1] or its stops would
    ///   exceed 100,000.
    public func cssLinear(tolerance: T) throws -> SpringCSSLinear {
        try MotionKernelError.requirePositive(tolerance, "tolerance")
        let tol = tolerance.doubleValue
        guard tol >= 1e-6, tol <= 1 else {
            throw MotionKernelError.invalidValue("tolerance", "expected 1e-6...1, got \(tolerance)")
        }
        let sp = try spring.converted(to: Double.self)
        let D = duration.doubleValue, v0 = initialVelocity.doubleValue
        var inner = 0.7 * tol
        for _ in 0..<8 {
            let pts: [(time: T, value: T)]
            do { pts = try keyframes(tolerance: T(inner)) } catch {
                throw MotionKernelError.invalidValue("tolerance", "\(tolerance) needs more than 100000 stops for this spring")
            }
            if let r = Self.printedStops(pts.map { ($0.time.doubleValue, $0.value.doubleValue) }, D: D, tolerance: tol, spring: sp, v0: v0),
                r.maxError <= tol
            {
                return r
            }
            inner *= 0.5
            guard inner >= 1e-9 else { break }
        }
        throw MotionKernelError.invalidValue("tolerance", "\(tolerance) cannot be certified with printed stops for this spring")
    }

    /// The printed `linear()` for chord points `pts` (seconds, value) on [0, D], and its
    /// certified error bound; nil when printed positions would not increase strictly.
    static func printedStops(
        _ pts: [(Double, Double)], D: Double, tolerance tol: Double, spring sp: Spring<Double>, v0: Double
    ) -> SpringCSSLinear? {
        // Digits: printing moves a value by at most tol/40, and a position by a time whose
        // effect (max chord speed × 1.5 · Δt) is at most tol/40. The bound below is what counts.
        let valueDigits = max(1, Int((-Double.log(tol / 40) / Double.log(10)).rounded(.up)))
        var maxSpeed = 0.0
        for i in 1..<pts.count where pts[i].0 > pts[i - 1].0 {
            maxSpeed = max(maxSpeed, abs(pts[i].1 - pts[i - 1].1) / (pts[i].0 - pts[i - 1].0))
        }
        let dtAllowed = maxSpeed > 0 ? tol / 40 / (maxSpeed * 1.5) : 1
        var percentDigits = max(0, Int((-Double.log(dtAllowed / max(D, 1e-300) * 100) / Double.log(10)).rounded(.up)))
        while percentDigits <= 12 {
            var parts: [String] = []
            var stops: [(p: Double, v: Double)] = []
            var increasing = true
            for (i, p) in pts.enumerated() {
                let v = formatFixed(p.1, digits: valueDigits)
                let pc = i == 0 ? "0" : (i == pts.count - 1 ? "100" : formatFixed(p.0 / D * 100, digits: percentDigits))
                parts.append(i == 0 ? v : "\(v) \(pc)%")
                let stop = (p: Double(pc)! / 100, v: Double(v)!)
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
            let slack = 4 * Double(Float.ulpOfOne) / 2 * maxV + 1e-12
            return SpringCSSLinear(
                css: "linear(" + parts.joined(separator: ", ") + ")", points: stops.count,
                maxError: bound + slack, duration: D, stops: stops.map { SpringCSSLinear.Stop(input: $0.p, output: $0.v) })
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
    var s = String(format: "%.\(min(digits, 17))f", r)
    if s.contains(".") {
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
    }
    return s
}
