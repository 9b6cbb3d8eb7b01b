/// LU factorisation of a tridiagonal matrix with partial pivoting (the algorithm of LAPACK's
/// `?gttrf`/`?gttrs`), solving for many right-hand sides at once.
///
/// Right-hand sides are a row-major `n × channels` buffer: row `i` holds equation `i` for every
/// channel, so each elimination step is one contiguous (vectorisable) row operation.
/// - Complexity: O(n) to factor, O(n · channels) to solve.
@usableFromInline
struct TridiagonalLU<T: MotionScalar>: Sendable {
    @usableFromInline var n: Int
    /// Multipliers of L (n − 1).
    @usableFromInline var dl: [T]
    /// Diagonal of U (n).
    @usableFromInline var d: [T]
    /// First superdiagonal of U (n − 1).
    @usableFromInline var du: [T]
    /// Second superdiagonal of U, fill-in from row interchanges (n − 2).
    @usableFromInline var du2: [T]
    /// Whether rows i and i + 1 were interchanged at step i.
    @usableFromInline var swapped: [Bool]

    /// Factors the matrix with `lower[i] = A[i+1][i]`, `diagonal[i] = A[i][i]`,
    /// `upper[i] = A[i][i+1]`; nil when it is singular.
    @usableFromInline
    init?(lower: [T], diagonal: [T], upper: [T]) {
        n = diagonal.count
        // Internal invariant, unreachable from public API: the only caller is
        // `BandedSolve.tridiagonal`, called by `CubicSpline.knotSlopes` with n = K ≥ 2 knots
        // (validated by `SplineInput.validate(minimum: 2)` in `CubicSpline.init` and
        // `SplineBasis.init`) and bands of length n − 1 built from the same K.
        precondition(n >= 1 && lower.count == n - 1 && upper.count == n - 1)
        dl = lower
        d = diagonal
        du = upper
        du2 = [T](repeating: 0, count: max(0, n - 2))
        swapped = [Bool](repeating: false, count: max(0, n - 1))
        if n >= 2 {
            for i in 0..<(n - 1) {
                if abs(d[i]) >= abs(dl[i]) {
                    // No interchange.
                    if d[i] != 0 {
                        let fact = dl[i] / d[i]
                        dl[i] = fact
                        d[i + 1] -= fact * du[i]
                    }
                } else {
                    let fact = d[i] / dl[i]
                    d[i] = dl[i]
                    dl[i] = fact
                    let temp = du[i]
                    du[i] = d[i + 1]
                    d[i + 1] = temp - fact * d[i + 1]
                    if i + 1 < n - 1 {
                        du2[i] = du[i + 1]
                        du[i + 1] = -fact * du[i + 1]
                    }
                    swapped[i] = true
                }
            }
        }
        for v in d where v == 0 || !v.isFinite { return nil }
    }

    /// Overwrites the `n × channels` right-hand sides `b` with the solutions.
    @usableFromInline
    func solve(_ b: inout [T], channels c: Int) {
        // Internal invariant, unreachable from public API: `CubicSpline.knotSlopes` passes the
        // K × C slope buffer it allocated for this n = K and C channels.
        precondition(b.count == n * c)
        let n = self.n
        b.withUnsafeMutableBufferPointer { bp in
            let b = bp.baseAddress!
            // Forward: L.
            if n >= 2 {
                for i in 0..<(n - 1) {
                    let r0 = b + i * c, r1 = b + (i + 1) * c
                    let f = dl[i]
                    if !swapped[i] {
                        for j in 0..<c { r1[j] = r1[j] - f * r0[j] }
                    } else {
                        for j in 0..<c {
                            let t = r0[j]
                            r0[j] = r1[j]
                            r1[j] = t - f * r1[j]
                        }
                    }
                }
            }
            // Backward: U.
            let last = b + (n - 1) * c
            let dn = d[n - 1]
            for j in 0..<c { last[j] = last[j] / dn }
            if n >= 2 {
                let r = b + (n - 2) * c
                let u = du[n - 2], dd = d[n - 2]
                for j in 0..<c { r[j] = (r[j] - u * last[j]) / dd }
            }
            if n >= 3 {
                for i in stride(from: n - 3, through: 0, by: -1) {
                    let r = b + i * c, r1 = b + (i + 1) * c, r2 = b + (i + 2) * c
                    let u1 = du[i], u2 = du2[i], dd = d[i]
                    for j in 0..<c { r[j] = (r[j] - u1 * r1[j] - u2 * r2[j]) / dd }
                }
            }
        }
    }
}

/// Solvers for the banded systems behind cubic splines.
@usableFromInline
enum BandedSolve {
    /// Solves the tridiagonal system in place; false when the matrix is singular.
    @usableFromInline
    static func tridiagonal<T: MotionScalar>(
        lower: [T], diagonal: [T], upper: [T], rhs: inout [T], channels: Int
    ) -> Bool {
        guard let lu = TridiagonalLU(lower: lower, diagonal: diagonal, upper: upper) else { return false }
        lu.solve(&rhs, channels: channels)
        return true
    }

    /// Solves the cyclic tridiagonal system whose row `i` is
    /// `a[i]·x[i−1] + b[i]·x[i] + c[i]·x[i+1] = r[i]` with indices taken modulo `m`
    /// (so `a[0]` and `c[m−1]` are the corner entries), by the Sherman–Morrison formula over
    /// two tridiagonal solves. False when singular.
    /// - Complexity: O(m · channels).
    @usableFromInline
    static func cyclic<T: MotionScalar>(
        a: [T], b: [T], c: [T], rhs: inout [T], channels: Int
    ) -> Bool {
        let m = b.count
        // Internal invariant, unreachable from public API: the only caller,
        // `CubicSpline.knotSlopes` (periodic), passes m = K − 1 ≥ 1 (K ≥ 2 validated knots)
        // and bands and right-hand sides it allocated for that m and its channel count.
        precondition(m >= 1 && a.count == m && c.count == m && rhs.count == m * channels)
        if m == 1 {
            let s = a[0] + b[0] + c[0]
            guard s != 0 else { return false }
            for j in 0..<channels { rhs[j] /= s }
            return true
        }
        if m == 2 {
            // x[−1] = x[1] and x[2] = x[0]: a dense 2 × 2 system.
            let a00 = b[0], a01 = a[0] + c[0], a10 = a[1] + c[1], a11 = b[1]
            let det = a00 * a11 - a01 * a10
            guard det != 0, det.isFinite else { return false }
            for j in 0..<channels {
                let r0 = rhs[j], r1 = rhs[channels + j]
                rhs[j] = (a11 * r0 - a01 * r1) / det
                rhs[channels + j] = (a00 * r1 - a10 * r0) / det
            }
            return true
        }
        let gamma = -b[0]
        let alpha = c[m - 1]  // A[m−1][0]
        let beta = a[0]  // A[0][m−1]
        guard gamma != 0 else { return false }
        var diag = b
        diag[0] = b[0] - gamma
        diag[m - 1] = b[m - 1] - alpha * beta / gamma
        let lower = Array(a[1..<m])
        let upper = Array(c[0..<(m - 1)])
        guard let lu = TridiagonalLU(lower: lower, diagonal: diag, upper: upper) else { return false }
        lu.solve(&rhs, channels: channels)
        var z = [T](repeating: 0, count: m)
        z[0] = gamma
        z[m - 1] = alpha
        lu.solve(&z, channels: 1)
        let denom = 1 + z[0] + beta * z[m - 1] / gamma
        guard denom != 0, denom.isFinite else { return false }
        for j in 0..<channels {
            let fact = (rhs[j] + beta * rhs[(m - 1) * channels + j] / gamma) / denom
            for i in 0..<m { rhs[i * channels + j] -= fact * z[i] }
        }
        return true
    }
}
