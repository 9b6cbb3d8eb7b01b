/// A cubic-Bézier timing function, as in CSS `cubic-bezier(x1, y1, x2, y2)` and Core Animation's
/// `CAMediaTimingFunction(controlPoints:)`.
///
/// The curve runs from P0 = (0, 0) through the control points P1 = (x1, y1) and P2 = (x2, y2) to
/// P3 = (1, 1):
///
///     x(t) = 3 x1 (1 − t)² t + 3 x2 (1 − t) t² + t³,   y(t) likewise,   t ∈ [0, 1].
///
/// With x1, x2 ∈ [0, 1], x(t) is non-decreasing, so y is a function of x. ``value(at:)`` solves
/// x(t) = x for t and returns y(t). Outputs may overshoot [0, 1] when y1 or y2 do.
///
/// **Inputs outside [0, 1]** continue along straight lines through the end points, as browsers do
/// (Chromium `gfx::CubicBezier`, Firefox `ComputedTimingFunction`; CSS Easing §2.3.1):
/// - for x < 0: y = g0 · x, with g0 = y1 / x1 if x1 > 0; otherwise y2 / x2 if y1 = 0 and x2 > 0;
///   otherwise 1 if y1 = y2 = 0 (the curve is the identity); otherwise 0 (a vertical tangent is
///   flattened).
/// - for x > 1: y = 1 + g1 · (x − 1), with g1 = (y2 − 1) / (x2 − 1) if x2 < 1; otherwise
///   (y1 − 1) / (x1 − 1) if y2 = 1 and x1 < 1; otherwise 1 if y1 = y2 = 1; otherwise 0.
///
/// The ends are exact: `value(at: 0) == 0` and `value(at: 1) == 1`. Curves with x1 = y1 and
/// x2 = y2 are the identity and return their input exactly.
///
/// **Accuracy.** The solve is bounded and safeguarded: a 16-interval table of x(t) brackets the
/// root and gives a first guess, Newton steps refine it and any step that leaves the bracket is
/// replaced by bisection. It stops when the step in t is below a tolerance scaled by the largest
/// |dy/dt| (at most 64 iterations). Where x′(t) is so small that rounding in x(t) would move t
/// noticeably (stationary points of x(t), e.g. x1 = 1 with x2 = 0 near x = 0.5, or x1 = x2 = 1
/// near x = 1, where y(x) has a vertical tangent) the root is re-solved by bisection on the exact
/// sign of x(t) − x computed in double-double. The output is within about 1e-10 of the exact y
/// for the given double inputs (the contract is 1e-7).
///
/// Equality and hashing compare the four control points.
public struct CubicBezier: Sendable, Hashable, CustomStringConvertible {
    /// x of the first control point, in [0, 1].
    public let x1: Double
    /// y of the first control point (any finite value).
    public let y1: Double
    /// x of the second control point, in [0, 1].
    public let x2: Double
    /// y of the second control point (any finite value).
    public let y2: Double

    // Power-basis coefficients: x(t) = ((ax t + bx) t + cx) t.
    @usableFromInline let ax: Double
    @usableFromInline let bx: Double
    @usableFromInline let cx: Double
    @usableFromInline let ay: Double
    @usableFromInline let by: Double
    @usableFromInline let cy: Double
    /// Slope of the extension for x < 0.
    @usableFromInline let startGradient: Double
    /// Slope of the extension for x > 1.
    @usableFromInline let endGradient: Double
    /// x1 == y1 and x2 == y2: y = x everywhere.
    @usableFromInline let isIdentity: Bool
    /// An upper bound of |dy/dt| on [0, 1] (at least 1).
    @usableFromInline let maxAbsDY: Double
    /// Stop when the step in t is below this.
    @usableFromInline let tTolerance: Double
    /// x(i/16) for i = 1…16 (x(0) = 0).
    @usableFromInline let samples: SIMD16<Double>

    /// Creates a curve from its two control points.
    ///
    /// - Parameters:
    ///   - x1: x of P1, in [0, 1].
    ///   - y1: y of P1, finite.
    ///   - x2: x of P2, in [0, 1].
    ///   - y2: y of P2, finite.
    /// - Throws: `MotionKernelError.invalidValue` naming `x1`, `y1`, `x2` or `y2` when a value is
    ///   not finite or an x lies outside [0, 1].
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(MotionKernelError) {
        try MotionKernelError.requireFinite(x1, "x1")
        try MotionKernelError.requireFinite(y1, "y1")
        try MotionKernelError.requireFinite(x2, "x2")
        try MotionKernelError.requireFinite(y2, "y2")
        guard x1 >= 0, x1 <= 1 else { throw MotionKernelError.invalidValue("x1", "expected a number in [0, 1], got \(x1)") }
        guard x2 >= 0, x2 <= 1 else { throw MotionKernelError.invalidValue("x2", "expected a number in [0, 1], got \(x2)") }
        // |y| up to ~1e300 would overflow the coefficients; such curves are meaningless as easings.
        let yLimit = 1e100
        guard abs(y1) <= yLimit else { throw MotionKernelError.invalidValue("y1", "expected |y1| <= 1e100, got \(y1)") }
        guard abs(y2) <= yLimit else { throw MotionKernelError.invalidValue("y2", "expected |y2| <= 1e100, got \(y2)") }
        self.init(unchecked: x1, y1, x2, y2)
    }

    /// The curve without validation (for the named constants and internal use).
    @usableFromInline
    init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1 + 0
        self.y1 = y1 + 0
        self.x2 = x2 + 0
        self.y2 = y2 + 0
        cx = 3 * x1
        bx = 3 * (x2 - x1) - 3 * x1
        ax = 1 - 3 * x1 - (3 * (x2 - x1) - 3 * x1)
        cy = 3 * y1
        by = 3 * (y2 - y1) - 3 * y1
        ay = 1 - 3 * y1 - (3 * (y2 - y1) - 3 * y1)

        if x1 > 0 {
            startGradient = y1 / x1
        } else if y1 == 0 && x2 > 0 {
            startGradient = y2 / x2
        } else if y1 == 0 && y2 == 0 {
            startGradient = 1
        } else {
            startGradient = 0
        }
        if x2 < 1 {
            endGradient = (y2 - 1) / (x2 - 1)
        } else if y2 == 1 && x1 < 1 {
            endGradient = (y1 - 1) / (x1 - 1)
        } else if y2 == 1 && y1 == 1 {
            endGradient = 1
        } else {
            endGradient = 0
        }
        isIdentity = x1 == y1 && x2 == y2
        // dy/dt is the quadratic Bézier with control values 3 y1, 3 (y2 − y1), 3 (1 − y2); the
        // convex-hull property bounds it by the largest of them.
        let m = 3 * max(abs(y1), abs(y2 - y1), abs(1 - y2))
        maxAbsDY = max(1, m)
        tTolerance = max(1e-12 / max(1, m), 4 * Double.ulpOfOne)
        var s = SIMD16<Double>()
        for i in 0..<16 {
            let t = Double(i + 1) / 16
            s[i] = ((ax * t + bx) * t + cx) * t
        }
        s[15] = 1
        samples = s
    }

    // MARK: Named curves
    // The CSS keywords' curves are copies of Core Animation's equal ones (one initialisation each).

    /// Core Animation's `linear`: control points (0, 0) and (1, 1); y = x.
    public static let linear = CubicBezier(unchecked: 0, 0, 1, 1)
    /// Core Animation's `easeIn`: control points (0.42, 0) and (1, 1).
    public static let easeIn = CubicBezier(unchecked: 0.42, 0, 1, 1)
    /// Core Animation's `easeOut`: control points (0, 0) and (0.58, 1).
    public static let easeOut = CubicBezier(unchecked: 0, 0, 0.58, 1)
    /// Core Animation's `easeInEaseOut`: control points (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = CubicBezier(unchecked: 0.42, 0, 0.58, 1)
    /// Core Animation's `default` (the curve of implicit animations): (0.25, 0.1) and (0.25, 1).
    public static let `default` = CubicBezier(unchecked: 0.25, 0.1, 0.25, 1)
    /// CSS `ease`: `cubic-bezier(0.25, 0.1, 0.25, 1)` (the same curve as Core Animation's default).
    public static let ease: CubicBezier = .default
    /// CSS `ease-in`: `cubic-bezier(0.42, 0, 1, 1)`.
    public static let cssEaseIn: CubicBezier = .easeIn
    /// CSS `ease-out`: `cubic-bezier(0, 0, 0.58, 1)`.
    public static let cssEaseOut: CubicBezier = .easeOut
    /// CSS `ease-in-out`: `cubic-bezier(0.42, 0, 0.58, 1)`.
    public static let cssEaseInOut: CubicBezier = .easeInEaseOut

    // MARK: Evaluation

    /// x(t) on the curve's parameter t.
    @inlinable @inline(__always)
    func curveX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }

    /// y(t) on the curve's parameter t.
    @inlinable @inline(__always)
    func curveY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }

    /// dx/dt.
    @inlinable @inline(__always)
    func curveDX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// dy/dt.
    @inlinable @inline(__always)
    func curveDY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    /// The output progress y for the input progress `x`.
    ///
    /// - Parameter x: input progress; any finite value (outside [0, 1] the curve continues along
    ///   its end tangents, see the type's documentation). NaN gives NaN.
    /// - Returns: y, exact at x = 0 and x = 1, within ~1e-12 of the exact curve elsewhere in [0, 1].
    /// - Complexity: O(1); at most 64 evaluations of x(t), usually 2–4.
    @inlinable
    public func value(at x: Double) -> Double {
        if isIdentity { return x }
        if x < 0 { return startGradient * x }
        if x > 1 { return 1 + endGradient * (x - 1) }
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        guard x.isFinite else { return x }
        return curveY(solveT(x))
    }

    /// The parameter t with x(t) = x, for x in (0, 1): a bracketed, safeguarded Newton iteration.
    @usableFromInline
    func solveT(_ x: Double) -> Double {
        // Bracket from the table: the first sample at or above x (x(t) is non-decreasing).
        var i = 0
        var step = 8
        while step > 0 {
            if samples[i + step - 1] < x { i += step }
            step >>= 1
        }
        // Now samples[i] >= x (i ≤ 15, samples[15] = 1 ≥ x) and the previous sample < x.
        var lo = Double(i) / 16
        var hi = Double(i + 1) / 16
        let xLo = i == 0 ? 0 : samples[i - 1]
        let xHi = samples[i]
        var t = xHi > xLo ? lo + (x - xLo) / (xHi - xLo) * (1.0 / 16) : lo
        let r = refine(x, t: &t, lo: &lo, hi: &hi)
        return isIllConditioned(r) ? solveTPrecise(x) : r
    }

    /// Refines t inside [lo, hi], which must bracket the root of x(t) − x.
    @usableFromInline
    func refine(_ x: Double, t: inout Double, lo: inout Double, hi: inout Double) -> Double {
        for _ in 0..<64 {
            let f = curveX(t) - x
            if f == 0 { return t }
            if f < 0 { lo = t } else { hi = t }
            let d = curveDX(t)
            var next = t - f / d
            if next > lo && next < hi {
                // In the quadratic regime (x′ changes little over the step) the error left after a
                // Newton step δ is about |x″| / (2 x′) · e² with e ≤ 2|δ|: stop once that, times
                // max |dy/dt|, is below 1e-11.
                let step = next - t
                let d2 = abs(6 * ax * t + 2 * bx)
                if d2 * abs(step) <= 0.5 * d && 2 * d2 * step * step * maxAbsDY <= 1e-11 * d { return next }
            } else {
                // Reject steps that leave the bracket (and NaN/inf from d = 0): bisect instead.
                next = 0.5 * (lo + hi)
            }
            if abs(next - t) <= tTolerance || hi - lo <= tTolerance { return next }
            t = next
        }
        return t
    }

    /// dy/dx, the slope of the easing at input progress `x`.
    ///
    /// Outside [0, 1] it is the slope of the straight extension (``value(at:)``). Inside, it is
    /// y′(t)/x′(t) at the solved t; where x′(t) = 0 the limit is taken from the first non-zero
    /// derivative pair (L'Hôpital), and a vertical tangent returns ±`Double.greatestFiniteMagnitude`
    /// (as Chromium's `gfx::CubicBezier::Slope` clamps it). At exactly 0 and 1 this is the
    /// one-sided slope of the curve, which for degenerate control points may differ from the
    /// extension's slope (browsers flatten vertical tangents outside [0, 1]).
    ///
    /// - Parameter x: input progress, finite.
    public func slope(at x: Double) -> Double {
        if isIdentity { return 1 }
        if x < 0 { return startGradient }
        if x > 1 { return endGradient }
        guard x.isFinite else { return 0 }
        let t = x == 0 ? 0 : (x == 1 ? 1 : solveT(x))
        // Derivatives of x(t), y(t) of order 1, 2, 3.
        let dx = [curveDX(t), 6 * ax * t + 2 * bx, 6 * ax]
        let dy = [curveDY(t), 6 * ay * t + 2 * by, 6 * ay]
        // Treat a first derivative as zero when it is within rounding of it.
        let scale = 8 * Double.ulpOfOne * max(1, abs(cx) + abs(bx) + abs(ax))
        for k in 0..<3 {
            if abs(dx[k]) > scale {
                return dy[k] / dx[k]
            }
            if dy[k] != 0 && abs(dy[k]) > scale * maxAbsDY {
                // Vertical tangent: dx is (numerically) zero, dy is not. Sign of dy/dx as x
                // increases: x(t) is non-decreasing, so it is the sign of dy.
                return dy[k] > 0 ? Double.greatestFiniteMagnitude : -Double.greatestFiniteMagnitude
            }
        }
        return 0
    }

    /// The smallest and largest y of the curve for x in [0, 1] (always containing 0 and 1).
    ///
    /// Found exactly from the roots of dy/dt in (0, 1), not by sampling.
    public var yRange: ClosedRange<Double> {
        var lo = 0.0
        var hi = 1.0
        // dy/dt = A t² + B t + C.
        let a = 3 * ay, b = 2 * by, c = cy
        var roots: [Double] = []
        if a == 0 {
            if b != 0 { roots.append(-c / b) }
        } else {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let sq = disc.squareRoot()
                let q = -0.5 * (b + (b >= 0 ? sq : -sq))
                if q != 0 {
                    roots.append(q / a)
                    roots.append(c / q)
                } else {
                    roots.append(0)  // b = 0 and disc = 0: a double root at 0
                }
            }
        }
        for t in roots where t > 0 && t < 1 {
            let y = curveY(t)
            lo = min(lo, y)
            hi = max(hi, y)
        }
        return lo...hi
    }

    /// Two curves are equal when their control points are.
    public static func == (a: CubicBezier, b: CubicBezier) -> Bool {
        a.x1 == b.x1 && a.y1 == b.y1 && a.x2 == b.x2 && a.y2 == b.y2
    }

    /// Hashes the control points.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(x1)
        hasher.combine(y1)
        hasher.combine(x2)
        hasher.combine(y2)
    }

    /// `cubic-bezier(x1, y1, x2, y2)`.
    public var description: String { "cubic-bezier(\(x1), \(y1), \(x2), \(y2))" }
}
