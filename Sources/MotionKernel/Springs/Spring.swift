/// A damped harmonic spring: m x″ + c x′ + k (x − target) = 0.
///
/// Units: mass `m` in mass units (any consistent unit; presets use 1), stiffness `k` in
/// force per unit distance, damping `c` in force per unit velocity, time in seconds. Values
/// and targets are in any unit of distance (points, degrees, normalized progress).
///
/// Every popular parameterization has an initialiser and a read-back property:
/// | parameterization | initialiser |
/// | --- | --- |
/// | physical (Core Animation `CASpringAnimation`, SwiftUI) | `init(mass:stiffness:damping:allowOverDamping:)` |
/// | Android `SpringForce` | `init(stiffness:dampingRatio:mass:)` |
/// | SwiftUI `Spring(response:dampingRatio:)` | `init(response:dampingRatio:)` |
/// | SwiftUI `Spring(duration:bounce:)` | `init(duration:bounce:)` |
/// | Origami / Rebound tension & friction | `init(tension:friction:)` |
/// | Pop bounciness & speed | `init(bounciness:speed:)` |
/// | Motion (framer-motion) `visualDuration` & `bounce` | `Spring.motion(visualDuration:bounce:)` |
///
/// SwiftUI's evaluation API (`value(target:initialVelocity:time:)`, `velocity`, `update`,
/// `force`, `settlingDuration`) and presets (`.smooth`, `.snappy`, `.bouncy`, `Spring()`) are
/// in `Spring+SwiftUI.swift`; SwiftUI's spellings infer `Spring<Double>`.
///
/// Derived quantities: ω₀ = √(k/m) (undamped angular frequency), ζ = c / (2√(km)) (damping
/// ratio), λ = c / (2m) = ζω₀ (decay rate). Regimes: under-damped ζ < 1, critically damped
/// ζ = 1, over-damped ζ > 1; `state(at:)` is one formulation continuous across ζ = 1.
public struct Spring<T: MotionScalar>: Sendable, Hashable {
    /// Mass m (> 0).
    public let mass: T
    /// Stiffness k (> 0).
    public let stiffness: T
    /// Damping coefficient c (≥ 0).
    public let damping: T

    /// √(k/m), rad/s.
    @usableFromInline let omega0: T
    /// ω₀², (rad/s)².
    @usableFromInline let omega0Squared: T
    /// c/(2m), 1/s.
    @usableFromInline let lambda: T
    /// q = ω₀² − λ² = ω₀² (1 − ζ)(1 + ζ), computed without cancellation near ζ = 1.
    @usableFromInline let q: T
    /// √|q|: the damped angular frequency (under-damped) or μ (over-damped).
    @usableFromInline let s: T
    /// c / (2√(km)).
    public let dampingRatio: T
    /// The slowest decay rate of the free motion, 1/s: λ for ζ ≤ 1, the slow root
    /// ω₀²/(λ + μ) for ζ > 1. Every entry of Φ(t) is bounded by e^{−ρt} times a factor at
    /// most polynomial in t.
    @usableFromInline let rho: T

    /// A spring from physical parameters, with SwiftUI's `Spring(mass:stiffness:damping:allowOverDamping:)`
    /// labels, defaults and semantics.
    ///
    /// `allowOverDamping` follows SwiftUI's documentation: `true` keeps an over-damped spring
    /// (c > 2√(km)) as given; `false` (the default, as in SwiftUI) treats such a spring as
    /// critically damped: the mass and stiffness are kept, the damping becomes the critical
    /// damping 2√(km) (computed as 2m·√(k/m)), and ``dampingRatio`` is exactly 1. Under- and
    /// critically damped inputs are unaffected. Library code that models physical springs (the
    /// eval protocol's `physical` spring, batches, presets) passes `allowOverDamping: true`.
    /// - Parameters:
    ///   - mass: m > 0 (default 1).
    ///   - stiffness: k > 0.
    ///   - damping: c ≥ 0 (0 never settles).
    ///   - allowOverDamping: keep an over-damped spring (default false: clamp to critical).
    /// - Throws: `MotionKernelError.invalidValue` naming `mass`, `stiffness` or `damping` when
    ///   a value is non-finite or out of range, or when the derived frequencies overflow.
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public init(mass: T = 1, stiffness: T, damping: T, allowOverDamping: Bool = false) throws(MotionKernelError) {
        try MotionKernelError.requirePositive(mass, "mass")
        try MotionKernelError.requirePositive(stiffness, "stiffness")
        try MotionKernelError.requireNonNegative(damping, "damping")
        if !allowOverDamping, let critical = Spring(criticalMass: mass, stiffness: stiffness), damping > critical.damping {
            self = critical
            return
        }
        guard let s = Spring(validatedMass: mass, stiffness: stiffness, damping: damping) else {
            let w2 = stiffness / mass
            if !(w2.isFinite && w2 > 0 && (damping / (2 * mass)).isFinite) {
                throw MotionKernelError.invalidValue("stiffness", "stiffness/mass ratio \(stiffness)/\(mass) is outside the representable range")
            }
            throw MotionKernelError.invalidValue("damping", "damping ratio overflows for damping \(damping)")
        }
        self = s
    }

    /// The critically damped spring of mass `mass` and stiffness `stiffness` (checked > 0 and
    /// finite): damping 2m·√(k/m), ζ = 1 exactly; nil when a derived quantity overflows.
    @usableFromInline
    init?(criticalMass mass: T, stiffness: T) {
        let w2 = stiffness / mass
        guard w2.isFinite, w2 > 0 else { return nil }
        let w = w2.squareRoot()
        let c = 2 * mass * w
        guard c.isFinite else { return nil }
        // λ = ω₀ and ζ = 1 give q = 0, μ = 0 and ρ = ω₀.
        self.init(mass: mass, stiffness: stiffness, damping: c, w: w, w2: w2, l: w, zeta: 1)
    }

    /// The spring for parameters already checked to be finite with mass, stiffness > 0 and
    /// damping ≥ 0; nil when a derived quantity overflows.
    @usableFromInline
    init?(validatedMass mass: T, stiffness: T, damping: T) {
        let w2 = stiffness / mass
        // c/(2m), as (c/m)/2 when 2m overflows (c/(2m) would round to 0 for any damping).
        let twoMass = 2 * mass
        let l = twoMass.isFinite ? damping / twoMass : damping / mass / 2
        guard w2.isFinite, w2 > 0, l.isFinite else { return nil }
        var w = w2.squareRoot()
        var zeta = l / w
        if !w2.isNormal || !(l == 0 || l.isNormal) {
            // k/m or c/(2m) is subnormal (few significant bits): ω₀ and ζ from m, k, c directly.
            let m = mass.doubleValue, k = stiffness.doubleValue, c = damping.doubleValue
            w = T(SpringScale.angularFrequency(mass: m, stiffness: k))
            zeta = T(SpringScale.dampingRatio(mass: m, stiffness: k, damping: c))
        }
        guard zeta.isFinite else { return nil }
        self.init(mass: mass, stiffness: stiffness, damping: damping, w: w, w2: w2, l: l, zeta: zeta)
    }

    /// The spring with these parameters and ω₀ = `w`, ω₀² = `w2`, λ = `l` and ζ = `zeta`
    /// (finite), deriving q, μ and ρ from them; nil when μ or λ + μ overflows.
    init?(mass: T, stiffness: T, damping: T, w: T, w2: T, l: T, zeta: T) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.omega0 = w
        self.omega0Squared = w2
        self.lambda = l
        self.dampingRatio = zeta
        let qq = w2 * ((1 - zeta) * (1 + zeta))
        let q = qq.isFinite ? qq : -(l * l)
        // μ = √(λ² − ω₀²) without squaring λ when λ² overflows (ζ huge): λ·√((1 − 1/ζ)(1 + 1/ζ)).
        let s = q.isFinite ? abs(q).squareRoot() : l * ((1 - 1 / zeta) * (1 + 1 / zeta)).squareRoot()
        guard s.isFinite, (l + s).isFinite else { return nil }
        self.q = q
        self.s = s
        self.rho = q < 0 ? w2 / (l + s) : l
    }

    /// Android `SpringForce` style: c = 2ζ√(km).
    /// - Throws: `invalidValue` naming `stiffness`, `dampingRatio` (must be ≥ 0) or `mass`.
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public init(stiffness: T, dampingRatio: T, mass: T = 1) throws(MotionKernelError) {
        try MotionKernelError.requirePositive(mass, "mass")
        try MotionKernelError.requirePositive(stiffness, "stiffness")
        try MotionKernelError.requireNonNegative(dampingRatio, "dampingRatio")
        // √(k m), as √k·√m when k·m over- or underflows (or is subnormal).
        let km = stiffness * mass
        let root = km.isNormal ? km.squareRoot() : stiffness.squareRoot() * mass.squareRoot()
        let c = 2 * dampingRatio * root
        guard c.isFinite else { throw MotionKernelError.invalidValue("dampingRatio", "damping overflows") }
        try self.init(mass: mass, stiffness: stiffness, damping: c, allowOverDamping: true)
    }

    /// SwiftUI `Spring(response:dampingRatio:)` with mass 1: k = (2π/response)², c = 4πζ/response.
    /// - Parameters:
    ///   - response: the undamped period in seconds (> 0).
    ///   - dampingRatio: ζ ≥ 0.
    /// - Throws: `invalidValue` naming `response` or `dampingRatio`.
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public init(response: T, dampingRatio: T) throws(MotionKernelError) {
        try MotionKernelError.requirePositive(response, "response")
        try MotionKernelError.requireNonNegative(dampingRatio, "dampingRatio")
        let w = 2 * T.pi / response
        guard (w * w).isFinite else { throw MotionKernelError.invalidValue("response", "too small: stiffness overflows") }
        do {
            try self.init(mass: 1, stiffness: w * w, damping: 4 * T.pi * dampingRatio / response, allowOverDamping: true)
        } catch let e {
            throw MotionKernelError.invalidValue("response", e.reason)
        }
    }

    /// SwiftUI `Spring(duration:bounce:)`, with SwiftUI's defaults (0.5 s, bounce 0): response =
    /// duration; ζ = 1 − bounce for bounce ≥ 0, ζ = 1 / (1 + bounce) for bounce < 0 (over-damped,
    /// as SwiftUI documents negative bounces; the read-back ``bounce`` inverts both branches).
    /// - Parameters:
    ///   - duration: the perceptual duration in seconds (> 0; default 0.5).
    ///   - bounce: in (−1, 1]; 0 is critically damped, 1 undamped (default 0).
    /// - Throws: `invalidValue` naming `duration` (≤ 0) or `bounce` (≤ −1 or > 1).
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public init(duration: T = 0.5, bounce: T = 0) throws(MotionKernelError) {
        try MotionKernelError.requirePositive(duration, "duration")
        try MotionKernelError.requireFinite(bounce, "bounce")
        guard bounce > -1 else { throw MotionKernelError.invalidValue("bounce", "expected a number > -1, got \(bounce)") }
        guard bounce <= 1 else { throw MotionKernelError.invalidValue("bounce", "expected a number <= 1, got \(bounce)") }
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        do {
            try self.init(response: duration, dampingRatio: zeta)
        } catch let e {
            throw MotionKernelError.invalidValue(e.isField("response") ? "duration" : "bounce", e.reason)
        }
    }

    /// Origami (Quartz Composer) tension and friction, converted as Rebound's
    /// `OrigamiValueConverter`: k = (tension − 30)·3.62 + 194, c = (friction − 8)·3 + 25,
    /// where an input of exactly 0 maps to 0; mass 1.
    /// - Throws: `invalidValue` naming `tension` when the stiffness is not > 0, `friction` when
    ///   the damping is negative.
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public init(tension: T, friction: T) throws(MotionKernelError) {
        try MotionKernelError.requireFinite(tension, "tension")
        try MotionKernelError.requireFinite(friction, "friction")
        let k = Spring.stiffness(fromOrigamiTension: tension)
        let c = Spring.damping(fromOrigamiFriction: friction)
        guard k > 0 else { throw MotionKernelError.invalidValue("tension", "gives stiffness \(k); expected > 0 (tension > \(30 - T(194) / T(3.62)))") }
        guard c >= 0 else { throw MotionKernelError.invalidValue("friction", "gives damping \(c); expected >= 0 (friction >= \(T(8) - T(25) / 3))") }
        try self.init(mass: 1, stiffness: k, damping: c, allowOverDamping: true)
    }

    /// Pop `springBounciness` / `springSpeed` (each 0…20), converted as Pop's
    /// `POPAnimationExtras` and Rebound's `BouncyConversion` do (to Origami tension and
    /// friction), then through `init(tension:friction:)`'s formulas (without the 0 ↦ 0 rule,
    /// which Pop does not apply; its outputs are never 0).
    /// - Throws: `invalidValue` naming `bounciness` or `speed` outside [0, 20].
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public init(bounciness: T, speed: T) throws(MotionKernelError) {
        try MotionKernelError.requireFinite(bounciness, "bounciness")
        try MotionKernelError.requireFinite(speed, "speed")
        guard bounciness >= 0, bounciness <= 20 else { throw MotionKernelError.invalidValue("bounciness", "expected 0...20, got \(bounciness)") }
        guard speed >= 0, speed <= 20 else { throw MotionKernelError.invalidValue("speed", "expected 0...20, got \(speed)") }
        let (tension, friction) = Spring.origami(bounciness: bounciness.doubleValue, speed: speed.doubleValue)
        let k = T(3.62 * (tension - 30) + 194)
        let c = T(3 * (friction - 8) + 25)
        try self.init(mass: 1, stiffness: k, damping: c, allowOverDamping: true)
    }

    // MARK: read-back

    /// The regime of this spring.
    public enum Regime: String, Sendable, Hashable {
        /// ζ < 1: the motion oscillates about the target with a decaying envelope.
        case underdamped
        /// ζ = 1 exactly: the fastest decay without oscillation.
        case criticallyDamped
        /// ζ > 1: a sum of two decaying exponentials, no oscillation.
        case overdamped
    }

    /// `underdamped` for ζ < 1, `criticallyDamped` for ζ = 1 exactly, `overdamped` for ζ > 1.
    public var regime: Regime { dampingRatio < 1 ? .underdamped : (dampingRatio == 1 ? .criticallyDamped : .overdamped) }

    /// The undamped period 2π√(m/k), seconds. Equals SwiftUI's `response` and `duration`.
    public var undampedPeriod: T { 2 * T.pi / omega0 }
    /// SwiftUI's response: the undamped period, seconds.
    public var response: T { undampedPeriod }
    /// SwiftUI's perceptual duration: the undamped period, seconds.
    public var duration: T { undampedPeriod }
    /// SwiftUI's bounce: 1 − ζ for ζ ≤ 1, 1/ζ − 1 (negative) for ζ > 1.
    public var bounce: T { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }
    /// The undamped angular frequency ω₀ = √(k/m), rad/s.
    public var angularFrequency: T { omega0 }
    /// The decay rate λ = c/(2m), 1/s.
    public var decayRate: T { lambda }
    /// Origami tension of the spring with the same motion at mass 1 (k/m): inverse of
    /// `init(tension:friction:)` (0 ↦ 0).
    public var tension: T { Spring.origamiTension(fromStiffness: stiffness / mass) }
    /// Origami friction of the spring with the same motion at mass 1 (c/m).
    public var friction: T { Spring.origamiFriction(fromDamping: damping / mass) }

    // MARK: Origami and Pop conversions

    /// Rebound's `tensionFromOrigamiValue`: 0 ↦ 0, else (o − 30)·3.62 + 194.
    public static func stiffness(fromOrigamiTension o: T) -> T { o == 0 ? 0 : (o - 30) * T(3.62) + 194 }
    /// Rebound's `frictionFromOrigamiValue`: 0 ↦ 0, else (o − 8)·3 + 25.
    public static func damping(fromOrigamiFriction o: T) -> T { o == 0 ? 0 : (o - 8) * 3 + 25 }
    /// Rebound's `origamiValueFromTension`: 0 ↦ 0, else (k − 194)/3.62 + 30.
    public static func origamiTension(fromStiffness k: T) -> T { k == 0 ? 0 : (k - 194) / T(3.62) + 30 }
    /// Rebound's `origamiValueFromFriction`: 0 ↦ 0, else (c − 25)/3 + 8.
    public static func origamiFriction(fromDamping c: T) -> T { c == 0 ? 0 : (c - 25) / 3 + 8 }

    /// Pop's / Rebound's bounciness–speed conversion to Origami (QC) tension and friction.
    static func origami(bounciness: Double, speed: Double) -> (tension: Double, friction: Double) {
        func normalize(_ v: Double, _ a: Double, _ b: Double) -> Double { (v - a) / (b - a) }
        func project(_ n: Double, _ a: Double, _ b: Double) -> Double { a + n * (b - a) }
        func quadraticOut(_ t: Double, _ a: Double, _ b: Double) -> Double {
            let u = 2 * t - t * t
            return u * b + (1 - u) * a
        }
        func noBounce(_ x: Double) -> Double {
            if x <= 18 { return 0.0007 * x * x * x - 0.031 * x * x + 0.64 * x + 1.28 }
            if x <= 44 { return 0.000044 * x * x * x - 0.006 * x * x + 0.36 * x + 2 }
            return 0.00000045 * x * x * x - 0.000332 * x * x + 0.1078 * x + 5.84
        }
        let b = project(normalize(bounciness / 1.7, 0, 20), 0, 0.8)
        let s = normalize(speed / 1.7, 0, 20)
        let tension = project(s, 0.5, 200)
        let friction = quadraticOut(b, noBounce(tension), 0.01)
        return (tension, friction)
    }
}

extension Spring {
    /// The same spring in another precision.
    public func converted<U: MotionScalar>(to: U.Type = U.self) throws(MotionKernelError) -> Spring<U> {
        try Spring<U>(mass: U(mass.doubleValue), stiffness: U(stiffness.doubleValue), damping: U(damping.doubleValue), allowOverDamping: true)
    }
}

/// The scale-free quantities of a spring, computed from (m, k, c) without forming k·m, k/m or
/// c/m, so that they neither overflow nor underflow for any positive finite inputs.
///
/// Each input is split exactly into significand f ∈ [1, 2) and binary exponent e
/// (subnormals included); the significands are combined in one or two rounded operations and
/// the exponents are added as integers, and the result is scaled by an exact power of two.
/// Rounding (u = 2⁻⁵³): ``dampingRatio(mass:stiffness:damping:)`` has relative error ≤ 2.5u
/// (a product, a square root, a quotient); ``angularFrequency(mass:stiffness:)`` ≤ 1.5u
/// (a quotient and a square root), unless the result itself is outside the normal range.
enum SpringScale {
    /// ζ = c / (2√(k m)) for m, k > 0 and c ≥ 0 finite; +∞ or 0 only when ζ itself is
    /// outside the range of Double.
    static func dampingRatio(mass m: Double, stiffness k: Double, damping c: Double) -> Double {
        guard c > 0 else { return 0 }
        let e = k.exponent + m.exponent
        let odd = e & 1 != 0
        let r = ((odd ? 2 : 1) * k.significand * m.significand).squareRoot()
        let half = (odd ? e - 1 : e) / 2
        return Double(sign: .plus, exponent: c.exponent - half, significand: c.significand / (2 * r))
    }

    /// ω₀ = √(k / m) for m, k > 0 finite.
    static func angularFrequency(mass m: Double, stiffness k: Double) -> Double {
        let e = k.exponent - m.exponent
        let odd = e & 1 != 0
        let r = ((odd ? 2 : 1) * k.significand / m.significand).squareRoot()
        let half = (odd ? e - 1 : e) / 2
        return Double(sign: .plus, exponent: half, significand: r)
    }
}
