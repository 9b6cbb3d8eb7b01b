/// An easing: maps input progress to output progress.
///
/// `linear` is the identity; `cubicBezier`, `steps` and `linearFunction` (CSS `linear(…)`)
/// follow CSS Easing Level 2 (including inputs outside [0, 1]). Only `steps` uses the before
/// flag. ``init(css:field:)`` parses any CSS `<easing-function>`; ``cssText`` serialises one.
///
/// New kinds (a spring curve) are added as new cases; ``value(at:beforeFlag:)`` is the one place
/// that dispatches on them.
public enum TimingFunction: Sendable, Hashable, CustomStringConvertible {
    /// y = x.
    case linear
    /// A cubic-Bézier curve.
    case cubicBezier(CubicBezier)
    /// A step function.
    case steps(StepsEasing)
    /// A spring from 0 to 1 as a curve of normalized time: u ↦ x(u · D), D the settling
    /// duration of the curve (ε = 0.001 by default). See ``SpringCurve``.
    case spring(SpringCurve<Double>)
    /// A piecewise-linear function, CSS `linear(…)` (`linear` itself is the identity case).
    case linearFunction(LinearEasing)

    /// The output progress for input progress `x`.
    ///
    /// - Parameters:
    ///   - x: input progress, any finite value.
    ///   - beforeFlag: the timing model's before flag (see ``StepsEasing/value(at:beforeFlag:)``);
    ///     ignored by continuous easings.
    @inlinable
    public func value(at x: Double, beforeFlag: Bool = false) -> Double {
        switch self {
        case .linear: return x
        case .cubicBezier(let c): return c.value(at: x)
        case .steps(let s): return s.value(at: x, beforeFlag: beforeFlag)
        case .spring(let c): return c.value(at: x)
        case .linearFunction(let l): return l.value(at: x)
        }
    }

    /// Evaluates at many inputs (no before flag): `output[i] = value(at: input[i])`.
    /// Cubic Béziers use their bulk path.
    public func values(at input: [Double]) -> [Double] {
        switch self {
        case .linear: return input
        case .cubicBezier(let c): return c.values(at: input)
        case .steps(let s): return input.map { s.value(at: $0) }
        case .spring(let c): return input.map { c.value(at: $0) }
        case .linearFunction(let l): return input.map { l.value(at: $0) }
        }
    }

    /// CSS syntax: `linear`, `cubic-bezier(…)`, `steps(…)`, `linear(…)`; a spring is described
    /// by its parameters (``cssText`` gives its `linear()` approximation).
    public var description: String {
        switch self {
        case .linear: return "linear"
        case .cubicBezier(let c): return c.description
        case .steps(let s): return s.description
        case .linearFunction(let l): return l.description
        case .spring(let c):
            return "spring(mass \(c.spring.mass), stiffness \(c.spring.stiffness), damping \(c.spring.damping), duration \(c.duration))"
        }
    }
}
