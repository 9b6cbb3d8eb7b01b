internal import CMotionKernelSIMD

/// A released motion that slows down on its own: the value a scroll view, a list or a thrown
/// sheet takes after the finger lifts with some velocity.
///
/// Every model starts at time 0 from ``from`` with ``initialVelocity`` (units/s) and is defined
/// by its anchor platform's own formulas (see each type). Times are seconds after the release;
/// before 0 the motion has not begun and the start state is returned.
///
/// ``restingValue`` and ``duration`` follow each model's own stopping rule, documented per
/// type: where the anchor stops at a frame, the rule is taken continuously and solved in
/// closed form, not found at the next frame.
public protocol DecayMotion: Sendable {
    /// The value at release (units).
    var from: Double { get }
    /// The velocity at release (units per second).
    var initialVelocity: Double { get }
    /// The value at `t` seconds after the release.
    func value(at t: Double) -> Double
    /// The velocity (units per second) at `t` seconds after the release.
    func velocity(at t: Double) -> Double
    /// Where the model says the motion rests (units).
    var restingValue: Double { get }
    /// When the model's stopping rule says the motion ends (seconds after the release, ≥ 0).
    var duration: Double { get }
    /// Value and velocity at `t` seconds after the release: (``value(at:)``,
    /// ``velocity(at:)``), computed together where a model shares the work.
    func state(at t: Double) -> (value: Double, velocity: Double)
}

extension DecayMotion {
    /// Value and velocity at `t` seconds after the release: the default, (``value(at:)``,
    /// ``velocity(at:)``).
    public func state(at t: Double) -> (value: Double, velocity: Double) { (value(at: t), velocity(at: t)) }
}

/// The exponential decays' shared form for bulk sampling: x(t) = x₀ + v₀·g(t) and v(t) = v₀·h(t)
/// with g(t) = (e^{kt} − 1)/k and h(t) = e^{kt} the same for every release of one k, until the
/// model's stop (``stop``), from which the state is ``rest``. Many releases of one model and
/// parameters then share g and h per time: an outer product, with the bits of `state(at:)`.
package protocol ExponentialDecayForm: DecayMotion {
    /// The decay constant k (< 0, per second).
    var decayConstant: Double { get }
    /// The time from which the state is ``rest`` (+∞ for a decay that never stops).
    var stop: Double { get }
    /// The state from ``stop`` on.
    var rest: (value: Double, velocity: Double) { get }
    /// The same model and parameters released from `from` at `velocity` (units per second), with
    /// this value's decay constant as computed: the bits of the public initializer's motion,
    /// without its logarithm. Throws its `invalidValue` naming `from` or `velocity` when not
    /// finite.
    func released(from: Double, velocity: Double) throws(MotionKernelError) -> Self
    /// Every row's ``stop`` and ``rest`` for releases of this model and parameters from
    /// `rows`' initial states: the values of ``released(from:velocity:)``'s motion, computed in
    /// the concrete model's code (one call per block of rows).
    /// - Throws: the first row whose release is invalid.
    func releaseRows(_ rows: inout DecayReleaseRows) throws(DecayReleaseRows.Failure)
}

/// A block of releases for ``ExponentialDecayForm/releaseRows(_:)``: initial states in, each
/// row's stop and rest state out.
package struct DecayReleaseRows {
    /// An invalid release: its row and the model's error (naming `from` or `velocity`).
    package struct Failure: Error, Sendable {
        package let row: Int
        package let error: MotionKernelError
    }

    package let from: UnsafeBufferPointer<Double>
    package let velocity: UnsafeBufferPointer<Double>
    package private(set) var stop: [Double]
    package private(set) var restValue: [Double]
    package private(set) var restVelocity: [Double]

    /// Whether the rest velocities are needed (when not, a model may leave them 0).
    package let needsRestVelocity: Bool

    /// Rows of the given initial states (the same count), their outputs zero.
    package init(from: UnsafeBufferPointer<Double>, velocity: UnsafeBufferPointer<Double>, needsRestVelocity: Bool = true) {
        precondition(from.count == velocity.count, "from and velocity differ in length")
        self.from = from
        self.velocity = velocity
        self.needsRestVelocity = needsRestVelocity
        stop = [Double](repeating: 0, count: from.count)
        restValue = stop
        restVelocity = stop
    }

    package var count: Int { from.count }

    /// Row i's release made by `make(from[i], velocity[i])`, its error tagged with the row.
    @inline(__always)
    package func release<M>(_ i: Int, _ make: (Double, Double) throws(MotionKernelError) -> M) throws(Failure) -> M {
        do {
            return try make(from[i], velocity[i])
        } catch {
            throw Failure(row: i, error: error)
        }
    }

    /// Sets row i's stop (seconds) and rest state.
    @inline(__always)
    package mutating func set(_ i: Int, stop s: Double, rest: (value: Double, velocity: Double)) {
        stop[i] = s
        restValue[i] = rest.value
        restVelocity[i] = rest.velocity
    }
}

extension ExponentialDecayCurve {
    /// g(t) = (e^{kt} − 1)/k, as ``value(at:)`` forms it (x(t) = x₀ + v₀·g(t) for t > 0).
    @inlinable
    static func displacementFactor(k: Double, t: Double) -> Double { decayExpm1(k * t) / k }
}

/// e^x − 1 for x ≤ 0: the project's own, deterministic (`mk_expm1_neg` in the C kernels'
/// `mk_exp.h`, within 4·2⁻⁵³ relative; the same bits on every platform and in the
/// vector kernels). Positive x is outside its domain.
@usableFromInline
func decayExpm1(_ x: Double) -> Double { mk_expm1_neg(x) }

/// e^x for x ≤ 0: the project's own, deterministic (`mk_exp_neg` in `mk_exp.h`, within 4·2⁻⁵³
/// relative for normal results). Positive x is outside its domain.
@usableFromInline
func decayExp(_ x: Double) -> Double { mk_exp_neg(x) }

/// An exponential decay x(t) = x₀ + v₀·(e^{kt} − 1)/k, v(t) = v₀·e^{kt} (k < 0, per second):
/// the form of UIKit's, React Native's and Compose's decays, evaluated with `expm1` so that the
/// displacement keeps full relative accuracy at small k·t. The exponentials are ``decayExpm1(_:)``
/// and ``decayExp(_:)`` (k·t ≤ 0 here): the same bits on every platform, and the same as the
/// vector kernels' rows of many releases.
@usableFromInline
struct ExponentialDecayCurve: Sendable, Hashable {
    /// The decay constant k (< 0, per second).
    @usableFromInline let k: Double
    @usableFromInline let from: Double
    @usableFromInline let velocity: Double

    @inlinable
    init(k: Double, from: Double, velocity: Double) {
        self.k = k
        self.from = from
        self.velocity = velocity
    }

    /// x(t); x₀ for t ≤ 0.
    @inlinable
    func value(at t: Double) -> Double {
        guard t > 0 else { return from }
        return from + velocity * (decayExpm1(k * t) / k)
    }

    /// v(t); v₀ for t ≤ 0.
    @inlinable
    func velocity(at t: Double) -> Double {
        guard t > 0 else { return velocity }
        return velocity * decayExp(k * t)
    }

    /// The limit x₀ − v₀/k.
    @inlinable
    var limit: Double { from - velocity / k }

    /// The first time after which |x(t) − limit| ≤ `delta`: |v₀|·e^{kt}/|k| ≤ δ, so
    /// t = ln(δ|k|/|v₀|)/k, or 0 when the motion starts within δ of its limit.
    @inlinable
    func timeWithin(_ delta: Double) -> Double {
        let reach = abs(velocity) / -k
        guard reach > delta else { return 0 }
        return Double.log(delta / reach) / k
    }
}

/// Checks shared by the decay models' initialisers.
extension MotionKernelError {
    /// Throws `invalidValue` naming `from` or `velocity` unless both are finite.
    static func requireFiniteRelease(from: Double, velocity: Double) throws(MotionKernelError) {
        try requireFinite(from, "from")
        try requireFinite(velocity, "velocity")
    }
}
