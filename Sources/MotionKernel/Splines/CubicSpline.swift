/// An interpolating cubic spline, C² in time, with SciPy `CubicSpline`'s definitions:
/// the same knot slopes (first derivatives) from the same linear system, the same special
/// cases (2 knots, and 3 knots with not-a-knot), and the same extrapolation
/// (end pieces continue; periodic splines wrap).
///
/// Values may have several channels (a K × C row-major buffer), all sharing the knots.
/// The slope system is tridiagonal (cyclic for periodic splines) and solved in O(K · C) by LU
/// with partial pivoting (cyclic: Sherman–Morrison).
public struct CubicSpline<T: MotionScalar>: PiecewiseCubicSpline, Equatable {
    /// The end conditions.
    public typealias Boundary = CubicSplineBoundary

    /// The end conditions this spline was built with.
    public let boundary: Boundary
    /// The piecewise cubic it evaluates.
    public let curve: PiecewiseCubic<T>

    /// A scalar spline through `(x[i], y[i])`.
    /// - Parameters:
    ///   - x: K ≥ 2 finite, strictly increasing knots (e.g. seconds).
    ///   - y: K finite values.
    ///   - boundary: end conditions; default `.notAKnot` (SciPy's default).
    /// - Throws: `invalidValue` naming `x`/`x[i]` for fewer than 2, unsorted, repeated or
    ///   non-finite knots, `y`/`y[i]` for a length mismatch, a non-finite value, or (periodic)
    ///   `y[0] != y[K−1]`; `boundary.start`/`boundary.end` for a derivative condition whose
    ///   values are not 1 or C numbers, or not finite in `T`.
    /// - Complexity: O(K).
    public init(x: [T], y: [T], boundary: Boundary = .notAKnot) throws(MotionKernelError) {
        try self.init(x: x, values: y, channels: 1, boundary: boundary)
    }

    /// A multi-channel spline: `values` is K × C row-major (knot `i`, channel `c` at `i·C + c`).
    /// - Throws: as `init(x:y:boundary:)`; also `channels` < 1.
    /// - Complexity: O(K · C).
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public init(x: [T], values: [T], channels: Int, boundary: Boundary = .notAKnot) throws(MotionKernelError) {
        try SplineInput.validate(x: x, values: values, channels: channels, minimum: 2)
        if boundary == .periodic { try Self.checkPeriodicEnds(values, knots: x.count, channels: channels) }
        try Self.checkEndValues(boundary, channels: channels)
        guard let s = Self.knotSlopes(x: x, y: values, channels: channels, boundary: boundary) else {
            throw MotionKernelError.invalidValue("x", "the spline's linear system is singular for these knots")
        }
        for v in s where !v.isFinite {
            throw MotionKernelError.invalidValue(
                "y", "the knot slopes overflow; the values (or end derivative values) are too large for these knot spacings")
        }
        self.boundary = boundary
        self.curve = PiecewiseCubic(
            unchecked: x, values: values, knotSlopes: s, channels: channels,
            extrapolation: boundary == .periodic ? .periodic : .extend)
    }

    /// Throws unless every channel has `y[0] == y[K−1]` within SciPy's `allclose(rtol=1e-15,
    /// atol=1e-15)` (widened to 4 ulps for `Float`).
    @usableFromInline
    static func checkPeriodicEnds(_ y: [T], knots k: Int, channels c: Int) throws(MotionKernelError) {
        let tol = max(T(1e-15), 4 * T.ulpOfOne)
        for j in 0..<c {
            let a = y[j], b = y[(k - 1) * c + j]
            if !(abs(a - b) <= tol + tol * abs(b)) {
                let path = c == 1 ? "y" : "y[*][\(j)]"
                throw MotionKernelError.invalidValue(
                    path, "a periodic spline needs its first and last values equal, got \(a) and \(b)")
            }
        }
    }

    /// Throws unless every derivative condition of `boundary` has 1 or `c` values, each finite
    /// in `T`.
    @usableFromInline
    static func checkEndValues(_ boundary: Boundary, channels c: Int) throws(MotionKernelError) {
        guard case .ends(let start, let end) = boundary else { return }
        for (name, e) in [("boundary.start", start), ("boundary.end", end)] where e.order != nil {
            let v = e.values
            guard v.count == 1 || v.count == c else {
                throw MotionKernelError.invalidValue(
                    name, "expected 1 derivative value (every channel) or \(c) (one per channel), got \(v.count)")
            }
            for (i, d) in v.enumerated() where !T(d).isFinite {
                let path = v.count == 1 ? name : "\(name)[\(i)]"
                throw MotionKernelError.invalidValue(path, "expected a derivative value finite in \(T.self), got \(d)")
            }
        }
    }

    /// The first derivatives at the knots (K × C), linear in `y` for the named conditions
    /// (affine for derivative conditions with nonzero values); nil if the system is singular.
    /// Inputs must be validated (except that periodic ends are not checked; end values must
    /// number 1 or C).
    @usableFromInline
    static func knotSlopes(x: [T], y: [T], channels c: Int, boundary: Boundary) -> [T]? {
        let n = x.count
        var dx = [T](repeating: 0, count: n - 1)
        for i in 0..<(n - 1) { dx[i] = x[i + 1] - x[i] }
        var slope = [T](repeating: 0, count: (n - 1) * c)
        for i in 0..<(n - 1) {
            for j in 0..<c { slope[i * c + j] = (y[(i + 1) * c + j] - y[i * c + j]) / dx[i] }
        }
        var s = [T](repeating: 0, count: n * c)

        if n == 2 && boundary == .periodic {
            // SciPy: a line with the chord slope (0 for periodic data: a constant).
            for j in 0..<c { s[j] = slope[j]; s[c + j] = slope[j] }
            return s
        }
        if boundary == .periodic {
            // Unknowns s[0..<m] with s[m] = s[0]; row i couples s[i−1], s[i], s[i+1] cyclically.
            let m = n - 1
            var a = [T](repeating: 0, count: m), b = a, cc = a
            var rhs = [T](repeating: 0, count: m * c)
            for i in 0..<m {
                let ip = (i + m - 1) % m
                a[i] = dx[i]
                b[i] = 2 * (dx[ip] + dx[i])
                cc[i] = dx[ip]
                for j in 0..<c {
                    rhs[i * c + j] = 3 * (dx[i] * slope[ip * c + j] + dx[ip] * slope[i * c + j])
                }
            }
            guard BandedSolve.cyclic(a: a, b: b, c: cc, rhs: &rhs, channels: c) else { return nil }
            for i in 0..<m { for j in 0..<c { s[i * c + j] = rhs[i * c + j] } }
            for j in 0..<c { s[m * c + j] = rhs[j] }
            return s
        }

        // Not periodic from here on.
        guard let (startEnd, endEnd) = boundary.resolvedEnds else { return nil }
        // An end as a row: nil for not-a-knot, else (order, per-channel values: 1 or c).
        func row(_ e: CubicSplineEnd) -> (order: Int, values: [T])? {
            guard let order = e.order else { return nil }
            return (order, e.values.map { T($0) })
        }
        var first = row(startEnd), last = row(endEnd)
        if n == 2 {
            // SciPy: with 2 knots a not-a-knot end becomes "first derivative = the chord slope".
            let chord = Array(slope[0..<c])
            if first == nil { first = (1, chord) }
            if last == nil { last = (1, chord) }
        }
        if n == 3 && first == nil && last == nil {
            // The parabola through the three points (SciPy's special case).
            for j in 0..<c {
                let m0 = slope[j], m1 = slope[c + j]
                let mid = (dx[1] * m0 + dx[0] * m1) / (dx[0] + dx[1])
                s[j] = 2 * m0 - mid
                s[c + j] = mid
                s[2 * c + j] = 2 * m1 - mid
            }
            return s
        }

        var lower = [T](repeating: 0, count: n - 1)
        var upper = [T](repeating: 0, count: n - 1)
        var diag = [T](repeating: 0, count: n)
        if n >= 3 {
            for i in 1..<(n - 1) {
                lower[i - 1] = dx[i]
                diag[i] = 2 * (dx[i - 1] + dx[i])
                upper[i] = dx[i - 1]
                for j in 0..<c {
                    s[i * c + j] = 3 * (dx[i] * slope[(i - 1) * c + j] + dx[i - 1] * slope[i * c + j])
                }
            }
        }
        // Start row (n ≥ 3 whenever it is still not-a-knot).
        if let (order, v) = first {
            let h = dx[0]
            for j in 0..<c {
                let value = v.count == 1 ? v[0] : v[j]
                // Order 1: s0 = v. Order 2 (s″(x0) = v): 2h·s0 + h·s1 = 3(y1 − y0) − v·h²/2.
                s[j] = order == 1 ? value : 3 * (y[c + j] - y[j]) - value * h * h / 2
            }
            diag[0] = order == 1 ? 1 : 2 * h
            upper[0] = order == 1 ? 0 : h
        } else {
            let d = x[2] - x[0]
            diag[0] = dx[1]
            upper[0] = d
            for j in 0..<c {
                s[j] = ((dx[0] + 2 * d) * dx[1] * slope[j] + dx[0] * dx[0] * slope[c + j]) / d
            }
        }
        // End row.
        if let (order, v) = last {
            let h = dx[n - 2]
            for j in 0..<c {
                let value = v.count == 1 ? v[0] : v[j]
                // Order 2 (s″(x_{K−1}) = v): h·s_{K−2} + 2h·s_{K−1} = 3(y_{K−1} − y_{K−2}) + v·h²/2.
                s[(n - 1) * c + j] =
                    order == 1 ? value : 3 * (y[(n - 1) * c + j] - y[(n - 2) * c + j]) + value * h * h / 2
            }
            diag[n - 1] = order == 1 ? 1 : 2 * h
            lower[n - 2] = order == 1 ? 0 : h
        } else {
            let e = x[n - 1] - x[n - 3]
            diag[n - 1] = dx[n - 3]
            lower[n - 2] = e
            for j in 0..<c {
                s[(n - 1) * c + j] =
                    (dx[n - 2] * dx[n - 2] * slope[(n - 3) * c + j]
                        + (2 * e + dx[n - 2]) * dx[n - 3] * slope[(n - 2) * c + j]) / e
            }
        }
        guard BandedSolve.tridiagonal(lower: lower, diagonal: diag, upper: upper, rhs: &s, channels: c) else {
            return nil
        }
        return s
    }
}
