/// The closed-form state of a spring.
///
/// With displacement y = x − target, the solution for initial displacement y₀ and velocity
/// v₀ is linear: [y(t), v(t)] = Φ(t) · [y₀, v₀], Φ the state-transition matrix. `propagator`
/// computes Φ(t) with one formulation that is continuous across ζ = 1:
/// - |q|·t² ≤ 1 (near critical damping, or short times): e^{−λt}·C and e^{−λt}·S with C, S
///   the power series of cos(√q t) and sin(√q t)/√q in q t² (entire in q, so continuous);
/// - under-damped otherwise: C = cos(st), S = sin(st)/s;
/// - over-damped otherwise: the two real exponentials with the slow root −ω₀²/(λ+μ) and the
///   fast root −(λ+μ), never cosh and e^{−λt} separately (no overflow, no cancellation).
extension Spring {
    /// The state-transition matrix Φ(t) = [[φ11, φ12], [φ21, φ22]] for elapsed time `t` ≥ 0
    /// (`t` may be +∞: the limit, zero, for a damped spring).
    ///
    /// Entries are computed directly while e^{−ρt} is a normal number and the phase s·t is
    /// below 2¹⁶ rad; beyond that (very long times) from signed logarithms with the phase
    /// reduced exactly (`SpringLogPropagator`), so entries underflow to their correctly
    /// rounded tiny values or to 0 instead of producing ∞·0. An entry is NaN only for an
    /// (almost) undamped spring whose phase s·t exceeds every available floating-point range
    /// (or for t = +∞ without damping), where no value exists.
    @inlinable
    public func propagator(_ t: T) -> (p11: T, p12: T, p21: T, p22: T) {
        if let p = directPropagator(t) { return p }
        return slowPropagator(t)
    }

    /// The longest decay exponent ρt for the direct formulas: e^{−ρt} stays a normal number.
    @inlinable
    static var directDecayLimit: T { T(-T.leastNormalMagnitude.exponent) * T(0.693) - 8 }

    /// The direct closed form, or nil when ρt or the phase is out of its range (or an entry
    /// is not finite).
    @inlinable
    func directPropagator(_ t: T) -> (p11: T, p12: T, p21: T, p22: T)? {
        let limit = Spring.directDecayLimit
        let qt2 = q * t * t
        let p: (p11: T, p12: T, p21: T, p22: T)
        if abs(qt2) <= 1 {
            guard lambda * t <= limit else { return nil }
            // Power series in z = −q t² (Horner, reciprocal factorials):
            // C = Σ z^n/(2n)!, S = t Σ z^n/(2n+1)!; |z| ≤ 1, truncated after z^11 (< 1/22!).
            let z = -qt2
            var c = T(SpringSeries.evenReciprocalFactorials[11])
            var sn = T(SpringSeries.oddReciprocalFactorials[11])
            for n in stride(from: 10, through: 0, by: -1) {
                c = c * z + T(SpringSeries.evenReciprocalFactorials[n])
                sn = sn * z + T(SpringSeries.oddReciprocalFactorials[n])
            }
            let e = T.exp(-lambda * t)
            let eC = e * c
            let eS = e * sn * t
            p = (eC + lambda * eS, eS, -omega0Squared * eS, eC - lambda * eS)
        } else if q > 0 {
            let th = s * t
            guard lambda * t <= limit, th <= 65536 else { return nil }
            let e = T.exp(-lambda * t)
            let eC = e * T.cos(th)
            let eS = e * T.sin(th) / s
            p = (eC + lambda * eS, eS, -omega0Squared * eS, eC - lambda * eS)
        } else {
            // Over-damped, μ t > 1.
            guard rho * t <= limit else { return nil }
            let mu = s
            let lm = lambda + mu
            let r1 = -omega0Squared / lm  // slow root
            let r2 = -lm  // fast root
            let e1 = T.exp(r1 * t)
            let e2 = T.exp(r2 * t)
            let inv = 1 / (2 * mu)
            let d = (e1 - e2) * inv
            p = ((-r2 * e1 + r1 * e2) * inv, d, -omega0Squared * d, (r1 * e1 - r2 * e2) * inv)
        }
        guard p.p11.isFinite, p.p12.isFinite, p.p21.isFinite, p.p22.isFinite else { return nil }
        return p
    }

    /// The constants of the direct closed form (see `propagator`): λ = c/(2m), q = ω₀² − λ², s = √|q|,
    /// ω₀² and the slowest decay rate ρ, for kernels outside the module that evaluate the same
    /// formulas (the WebAssembly module's batch).
    package var propagatorConstants: (lambda: T, q: T, s: T, omega0Squared: T, rho: T) { (lambda, q, s, omega0Squared, rho) }

    /// Φ(t) from the signed-logarithm form (long times; see `propagator`).
    @usableFromInline
    func slowPropagator(_ t: T) -> (p11: T, p12: T, p21: T, p22: T) {
        guard let e = SpringLogPropagator(self).entries(t.doubleValue) else { return (.nan, .nan, .nan, .nan) }
        return (T(e.0.value), T(e.1.value), T(e.2.value), T(e.3.value))
    }

    /// Displacement from the target and velocity at time `t` ≥ 0 for initial displacement `y0`
    /// and velocity `v0` (units per second).
    ///
    /// For long times the products Φ·[y0, v0] are formed in logarithms, so a decayed motion
    /// gives its correctly rounded tiny value (or 0), never ∞·0 = NaN.
    @inlinable
    public func displacement(at t: T, initialDisplacement y0: T, initialVelocity v0: T) -> (displacement: T, velocity: T) {
        if let p = directPropagator(t) {
            return (p.p11 * y0 + p.p12 * v0, p.p21 * y0 + p.p22 * v0)
        }
        return slowDisplacement(t, y0, v0)
    }

    /// `displacement(at:…)` from the signed-logarithm propagator.
    @usableFromInline
    func slowDisplacement(_ t: T, _ y0: T, _ v0: T) -> (displacement: T, velocity: T) {
        guard let e = SpringLogPropagator(self).entries(t.doubleValue) else { return (.nan, .nan) }
        let a = SignedLog(y0.doubleValue), b = SignedLog(v0.doubleValue)
        let y = SignedLog.sum(e.0 * a, e.1 * b), v = SignedLog.sum(e.2 * a, e.3 * b)
        return (T(y.value), T(v.value))
    }

    /// Value and velocity at time `t` (seconds, ≥ 0) of the spring released at `from` with
    /// `initialVelocity` (units per second) towards `to`.
    ///
    /// x(0) = from, x′(0) = initialVelocity, and x → to. Exact (closed form) for every regime.
    /// Callers pass validated finite inputs; see `SpringMotion` for a validating façade.
    @inlinable
    public func state(at t: T, from: T, to: T, initialVelocity: T = 0) -> (value: T, velocity: T) {
        let d = displacement(at: t, initialDisplacement: from - to, initialVelocity: initialVelocity)
        return (to + d.displacement, d.velocity)
    }

    /// The value at time `t` (see `state(at:from:to:initialVelocity:)`).
    @inlinable
    public func value(at t: T, from: T, to: T, initialVelocity: T = 0) -> T {
        state(at: t, from: from, to: to, initialVelocity: initialVelocity).value
    }

    /// Acceleration x″ = −(c v + k y)/m for displacement `y` and velocity `v`.
    @inlinable
    public func acceleration(displacement y: T, velocity v: T) -> T {
        -(2 * lambda * v + omega0Squared * y)
    }
}

/// Reciprocal factorials for the propagator's series: 1/(2n)! and 1/(2n+1)!, n = 0…11.
@usableFromInline
enum SpringSeries {
    @usableFromInline static let evenReciprocalFactorials: [Double] = (0...11).map { n in
        1 / (1...max(1, 2 * n)).reduce(1.0) { $0 * Double($1) }
    }
    @usableFromInline static let oddReciprocalFactorials: [Double] = (0...11).map { n in
        1 / (1...(2 * n + 1)).reduce(1.0) { $0 * Double($1) }
    }
}
