#if canImport(Foundation)
import Foundation
#endif

/// A spring used as an easing curve: the motion from 0 to 1 as a function of normalized time
/// u, with t = u · D and D the exact settling duration for `epsilon` (default 0.001, the
/// convention of `timing.sample` with a spring).
///
/// `initialVelocity` is in normalized units per second (1 = the whole distance per second,
/// UIKit's `initialSpringVelocity`).
public struct SpringCurve<T: MotionScalar>: Sendable, Hashable {
    public let spring: Spring<T>
    public let initialVelocity: T
    public let epsilon: T
    /// The settling duration D in seconds: u = 1 maps to t = D.
    public let duration: T

    /// - Throws: `invalidValue` naming `epsilon` or `initialVelocity`, or `damping` for a
    ///   spring that never settles.
    public init(spring: Spring<T>, initialVelocity: T = 0, epsilon: T = T(0.001)) throws {
        try MotionKernelError.requireFinite(initialVelocity, "initialVelocity")
        self.spring = spring
        self.initialVelocity = initialVelocity
        self.epsilon = epsilon
        self.duration = try spring.settlingDuration(epsilon: epsilon, from: 0, to: 1, velocity: initialVelocity)
    }

    /// The curve's value at normalized time `u`: the spring at t = u·D. For u ≤ 0 the value
    /// is 0 (not yet started); for u > 1 the spring continues (within epsilon of 1).
    @inlinable
    public func value(at u: T) -> T {
        guard u > 0 else { return 0 }
        return spring.value(at: u * duration, from: 0, to: 1, velocity: initialVelocity)
    }

    /// d value / du at normalized time `u` (0 for u < 0).
    @inlinable
    public func slope(at u: T) -> T {
        guard u >= 0 else { return 0 }
        return spring.state(at: u * duration, from: 0, to: 1, velocity: initialVelocity).velocity * duration
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
            let st = sp.state(at: a, from: 0, to: 1, velocity: v0)
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
            points.append((T(a), T(sp.value(at: a, from: 0, to: 1, velocity: v0))))
        }
        return points
    }

    /// A CSS `linear()` easing function string for this curve (input progress in percent of
    /// D), deviating from the true curve by at most `tolerance` (rounding of the printed digits
    /// included).
    /// - Throws: as `keyframes(tolerance:)`.
    public func cssLinear(tolerance: T) throws -> String {
        let pts = try keyframes(tolerance: tolerance * T(0.9))
        let D = duration.doubleValue
        // Digits so that printing moves a value by at most tolerance/20, and a stop position
        // by a time whose effect (max speed · Δt) is at most tolerance/20.
        let tol = tolerance.doubleValue
        let valueDigits = max(1, Int((-Double.log(tol / 20) / Double.log(10)).rounded(.up)))
        var maxSpeed = 0.0
        for i in 1..<pts.count {
            let dt = pts[i].time.doubleValue - pts[i - 1].time.doubleValue
            if dt > 0 { maxSpeed = max(maxSpeed, abs(pts[i].value.doubleValue - pts[i - 1].value.doubleValue) / dt) }
        }
        let dtAllowed = maxSpeed > 0 ? tol / 20 / (maxSpeed * 1.5) : 1
        let percentDigits = max(0, Int((-Double.log(dtAllowed / max(D, 1e-300) * 100) / Double.log(10)).rounded(.up)))
        var parts: [String] = []
        for (i, p) in pts.enumerated() {
            let v = formatFixed(p.value.doubleValue, digits: valueDigits)
            if i == 0 { parts.append(v); continue }
            if i == pts.count - 1 { parts.append("\(v) 100%"); continue }
            parts.append("\(v) \(formatFixed(p.time.doubleValue / D * 100, digits: percentDigits))%")
        }
        return "linear(" + parts.joined(separator: ", ") + ")"
    }
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
