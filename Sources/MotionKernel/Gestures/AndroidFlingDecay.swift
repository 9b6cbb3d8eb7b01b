/// Android's fling: Jetpack Compose's `splineBasedDecay` (`SplineBasedFloatDecayAnimationSpec`,
/// `FlingCalculator`, `AndroidFlingSpline`), the same curve as `android.widget.OverScroller`.
///
/// Sources: androidx/androidx `compose/animation/animation/src/commonMain/kotlin/androidx/compose/animation/`
/// `FlingCalculator.kt` and `SplineBasedDecay.kt`, and AOSP `core/java/android/widget/OverScroller.java`
/// (`SplineOverScroller`); the friction is `ViewConfiguration.getScrollFriction()`, 0.015.
///
/// With the deceleration rate D = ln 0.78/ln 0.9, the physical coefficient
/// P = 9.80665·39.37·160·density·0.84 (gravity in inches per second² at 160·density pixels per
/// inch, tuned by 0.84) and l = ln(0.35·|v₀|/(friction·P)):
/// - ``duration`` = e^{l/(D − 1)} seconds;
/// - the distance = friction·P·e^{D·l/(D − 1)}, travelled in the sign of v₀, so
///   ``restingValue`` = x₀ + sign(v₀)·distance;
/// - x(t) = x₀ + sign(v₀)·distance·s(t/T) with s Android's spline: a table of 101 positions
///   (the Bézier-like curve with inflexion 0.35, start tension 0.5 and end tension 1, inverted
///   by bisection to 10⁻⁵, built as Compose builds it, in Float) interpolated linearly; the
///   velocity is the table's slope, sign(v₀)·distance·s′/T.
///
/// As Compose's, the curve at t = 0 is the table's first entry (2.3·10⁻⁵ of the distance, the
/// bisection's tolerance), not exactly x₀; the normalised time is clamped to [0, 1]. Unlike
/// Compose (whole milliseconds) and OverScroller (whole milliseconds and pixels), times,
/// durations and distances are not rounded.
public struct AndroidFlingDecay: DecayMotion, Hashable {
    /// `ViewConfiguration.getScrollFriction()`.
    public static let defaultFriction = 0.015
    /// ln 0.78/ln 0.9, in Float as Android declares it.
    public static let decelerationRate = Double(Float(Double.log(0.78) / Double.log(0.9)))
    /// The spline's inflexion point.
    public static let inflexion = 0.35

    /// The value at release (units).
    public let from: Double
    /// The velocity at release (units per second).
    public let initialVelocity: Double
    /// Display density (1 = 160 pixels per inch; units are pixels).
    public let density: Double
    /// The scroll friction.
    public let friction: Double
    /// The distance travelled (units, ≥ 0).
    public let distance: Double
    /// The fling's duration (seconds, ≥ 0): e^{l/(D − 1)}.
    public let duration: Double

    /// A fling released at `from` with `velocity` (units/s, pixels per second at `density`).
    /// - Throws: `invalidValue` naming `from`, `velocity`, `density` or `friction` (not finite
    ///   and > 0), or `velocity` when the fling's distance exceeds the range of Double.
    public init(from: Double, velocity: Double, density: Double = 1, friction: Double = AndroidFlingDecay.defaultFriction) throws(MotionKernelError) {
        try MotionKernelError.requireFiniteRelease(from: from, velocity: velocity)
        try MotionKernelError.requirePositive(density, "density")
        try MotionKernelError.requirePositive(friction, "friction")
        guard Float(density).isNormal, Float(density).isFinite else {
            throw MotionKernelError.invalidValue("density", "expected a density within Float's normal range (Android computes in Float), got \(density)")
        }
        self.from = from
        self.initialVelocity = velocity
        self.density = density
        self.friction = friction
        if velocity == 0 {
            distance = 0
            duration = 0
            return
        }
        // Compose: (((9.80665·39.37)·density)·160)·0.84 in Float, then friction·P.
        let g = Float(9.80665) * Float(39.37)
        let physical = Double(((g * Float(density)) * Float(160)) * Float(0.84))
        let d = Self.decelerationRate
        let l = Double.log(Self.inflexion * abs(velocity) / (friction * physical))
        duration = Double.exp(l / (d - 1))
        distance = friction * physical * Double.exp(d / (d - 1) * l)
        guard distance.isFinite, duration.isFinite else {
            throw MotionKernelError.invalidValue(
                "velocity", "the fling of \(velocity) at density \(density) and friction \(friction) exceeds the range of Double")
        }
    }

    /// (position coefficient, velocity coefficient) of Android's spline at normalised time τ.
    @inlinable
    static func spline(_ tau: Double) -> (position: Double, slope: Double) {
        let table = AndroidFlingSpline.positions
        let s = min(max(tau, 0), 1)
        let n = AndroidFlingSpline.samples
        let index = Int((Double(n) * s).rounded(.towardZero))
        guard index < n else { return (1, 0) }
        let lo = Double(index) / Double(n), hi = Double(index + 1) / Double(n)
        let slope = (table[index + 1] - table[index]) / (hi - lo)
        return (table[index] + (s - lo) * slope, slope)
    }

    /// The value at `t` seconds after the release (x₀ before it; the table's first entry at 0).
    public func value(at t: Double) -> Double {
        guard t >= 0 else { return from }
        if duration == 0 { return restingValue }
        let sign: Double = initialVelocity < 0 ? -1 : 1
        return from + sign * distance * Self.spline(t / duration).position
    }

    /// The velocity (units/s) at `t` seconds after the release: the spline's slope (v₀ before it).
    public func velocity(at t: Double) -> Double {
        guard t >= 0 else { return initialVelocity }
        if duration == 0 { return 0 }
        let sign: Double = initialVelocity < 0 ? -1 : 1
        return sign * distance * Self.spline(t / duration).slope / duration
    }

    /// Value and velocity at `t`, from one lookup of the spline: the numbers of ``value(at:)``
    /// and ``velocity(at:)``.
    public func state(at t: Double) -> (value: Double, velocity: Double) {
        guard t >= 0 else { return (from, initialVelocity) }
        if duration == 0 { return (restingValue, 0) }
        let sign: Double = initialVelocity < 0 ? -1 : 1
        let s = Self.spline(t / duration)
        return (from + sign * distance * s.position, sign * distance * s.slope / duration)
    }

    /// x₀ + sign(v₀)·distance.
    public var restingValue: Double { from + (initialVelocity < 0 ? -distance : distance) }
}

/// Android's fling spline (`SplineOverScroller`'s static tables, Compose's `computeSplineInfo`):
/// the distance travelled as a function of normalised time, sampled at 101 points.
@usableFromInline
enum AndroidFlingSpline {
    @usableFromInline static let samples = 100

    /// Distance fractions at normalised times i/100, i = 0…100, built in Float as Android
    /// builds them: for each i, bisect x in [xMin, 1] (xMin kept from the previous i) until the
    /// time cubic 3x(1 − x)((1 − x)·P1 + x·P2) + x³ is within 10⁻⁵ of i/100 (compared in
    /// Double), then take the distance cubic 3x(1 − x)((1 − x)·0.5 + x) + x³. P1 = 0.5·0.35,
    /// P2 = 1 − 1·(1 − 0.35).
    @usableFromInline static let positions: [Double] = {
        let startTension: Float = 0.5, endTension: Float = 1.0, inflexion: Float = 0.35
        let p1 = startTension * inflexion
        let p2 = 1 - endTension * (1 - inflexion)
        var table = [Double](repeating: 1, count: samples + 1)
        var xMin: Float = 0
        for i in 0..<samples {
            let alpha = Float(i) / Float(samples)
            var xMax: Float = 1
            var x: Float = 0, coef: Float = 0
            // The bisection halves [xMin, xMax] until within 10⁻⁵: at most ~25 steps in Float.
            for _ in 0..<64 {
                x = xMin + (xMax - xMin) / 2
                coef = 3 * x * (1 - x)
                let tx = coef * ((1 - x) * p1 + x * p2) + x * x * x
                if abs(Double(tx) - Double(alpha)) < 1e-5 { break }
                if tx > alpha { xMax = x } else { xMin = x }
            }
            table[i] = Double(coef * ((1 - x) * startTension + x) + x * x * x)
        }
        return table
    }()
}
