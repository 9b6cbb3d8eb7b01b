/// End conditions of an interpolating C² cubic spline (SciPy `CubicSpline`'s `bc_type`).
///
/// The four named conditions are SciPy's strings; ``ends(start:end:)`` is SciPy's pair
/// `bc_type=(start, end)`, each end not-a-knot or an `(order, value)` derivative condition.
public enum CubicSplineBoundary: Sendable, Hashable, CaseIterable {
    /// The third derivative is continuous at the second and the next-to-last knots (SciPy's
    /// default). With 2 knots the spline is the line through them; with 3, the parabola.
    case notAKnot
    /// Zero second derivative at both ends (the same spline as
    /// `.ends(start: .secondDerivative([0]), end: .secondDerivative([0]))`).
    case natural
    /// Zero first derivative at both ends (SciPy's `'clamped'`; the same spline as
    /// `.ends(start: .firstDerivative([0]), end: .firstDerivative([0]))`).
    case clamped
    /// Value, first and second derivatives match at both ends; requires `y[0] == y[K−1]`
    /// (to 1e-15 relative and absolute, as SciPy checks), and extrapolates periodically.
    case periodic
    /// One condition at the first knot and one at the last (SciPy's
    /// `bc_type=((order, value), (order, value))`, where either end may also be
    /// `'not-a-knot'`). Periodicity cannot be combined with another condition, as in SciPy.
    case ends(start: CubicSplineEnd, end: CubicSplineEnd)

    /// The named end conditions (`notAKnot`, `natural`, `clamped`, `periodic`), the ones with a
    /// ``name``. The value-carrying ``ends(start:end:)`` conditions are not enumerable.
    public static var allCases: [CubicSplineBoundary] { [.notAKnot, .natural, .clamped, .periodic] }

    /// The protocol name of a named condition (`"notAKnot"`, `"natural"`, `"clamped"`,
    /// `"periodic"`); nil for ``ends(start:end:)``.
    public var name: String? {
        switch self {
        case .notAKnot: "notAKnot"
        case .natural: "natural"
        case .clamped: "clamped"
        case .periodic: "periodic"
        case .ends: nil
        }
    }

    /// The named condition called `name` (see ``name``); nil for any other string.
    public init?(name: String) {
        guard let b = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = b
    }

    /// The start and end conditions this boundary stands for; nil for `.periodic`.
    @usableFromInline
    var resolvedEnds: (start: CubicSplineEnd, end: CubicSplineEnd)? {
        switch self {
        case .notAKnot: (.notAKnot, .notAKnot)
        case .natural: (.secondDerivative([0]), .secondDerivative([0]))
        case .clamped: (.firstDerivative([0]), .firstDerivative([0]))
        case .periodic: nil
        case .ends(let s, let e): (s, e)
        }
    }

    /// Whether the spline is a linear function of its values `y` (true unless a derivative
    /// condition has a nonzero value, which makes it affine: the spline of `y = 0` is not 0).
    /// Only linear splines have a ``SplineBasis``.
    public var isLinearInValues: Bool {
        guard let (s, e) = resolvedEnds else { return true }
        return s.values.allSatisfy { $0 == 0 } && e.values.allSatisfy { $0 == 0 }
    }

    /// The same conditions with every derivative value replaced by a single 0 (the linear part
    /// of the spline as a map of `y`), valid for any channel count.
    @usableFromInline
    var homogeneous: CubicSplineBoundary {
        guard case .ends(let s, let e) = self else { return self }
        return .ends(start: s.homogeneous, end: e.homogeneous)
    }
}

/// The condition at one end of a ``CubicSpline`` (one half of SciPy's `bc_type` pair).
///
/// A derivative condition carries its value in the spline's units: value units per second
/// (order 1) or per second² (order 2), with x in seconds. `values` holds either one number,
/// used for every channel, or one number per channel (C). SciPy requires the value's shape to
/// be `y.shape[1:]` exactly (one number per channel); the single-number form is a convenience
/// that broadcasts it.
public enum CubicSplineEnd: Sendable, Hashable {
    /// The third derivative is continuous at the knot next to this end (SciPy's
    /// `'not-a-knot'`). With 2 knots it becomes "first derivative = the chord slope", as SciPy
    /// does.
    case notAKnot
    /// The first derivative at this end equals `values` (SciPy's `(1, value)`).
    case firstDerivative([Double])
    /// The second derivative at this end equals `values` (SciPy's `(2, value)`).
    case secondDerivative([Double])

    /// SciPy's derivative order: 1 or 2 for a derivative condition, nil for not-a-knot.
    public var order: Int? {
        switch self {
        case .notAKnot: nil
        case .firstDerivative: 1
        case .secondDerivative: 2
        }
    }

    /// The derivative values (empty for not-a-knot).
    public var values: [Double] {
        switch self {
        case .notAKnot: []
        case .firstDerivative(let v), .secondDerivative(let v): v
        }
    }

    /// The condition with its values replaced by a single 0.
    @usableFromInline
    var homogeneous: CubicSplineEnd {
        switch self {
        case .notAKnot: .notAKnot
        case .firstDerivative: .firstDerivative([0])
        case .secondDerivative: .secondDerivative([0])
        }
    }
}
