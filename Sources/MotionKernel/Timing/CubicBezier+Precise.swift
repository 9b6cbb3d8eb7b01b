/// A double-double number hi + lo (|lo| ≤ ulp(hi)/2), for the rare ill-conditioned solves.
@usableFromInline
struct _DD {
    @usableFromInline var hi: Double
    @usableFromInline var lo: Double

    @usableFromInline init(_ hi: Double, _ lo: Double = 0) {
        self.hi = hi
        self.lo = lo
    }

    /// Exact a + b.
    @usableFromInline static func twoSum(_ a: Double, _ b: Double) -> _DD {
        let s = a + b
        let bb = s - a
        return _DD(s, (a - (s - bb)) + (b - bb))
    }

    /// Exact a × b (one fused multiply-add).
    @usableFromInline static func twoProduct(_ a: Double, _ b: Double) -> _DD {
        let p = a * b
        return _DD(p, (-p).addingProduct(a, b))
    }

    @usableFromInline static func + (a: _DD, b: _DD) -> _DD {
        let s = twoSum(a.hi, b.hi)
        let t = twoSum(a.lo, b.lo)
        var r = twoSum(s.hi, s.lo + t.hi)
        r = twoSum(r.hi, r.lo + t.lo)
        return r
    }

    @usableFromInline static func * (a: _DD, b: Double) -> _DD {
        let p = twoProduct(a.hi, b)
        return twoSum(p.hi, p.lo + a.lo * b)
    }

    /// The sign of the value: −1, 0 or 1.
    @usableFromInline var signum: Int {
        let v = hi != 0 ? hi : lo
        return v > 0 ? 1 : (v < 0 ? -1 : 0)
    }

    @usableFromInline var value: Double { hi + lo }
}

extension CubicBezier {
    /// Whether a solution t of x(t) = x may be off by more than the tolerance because x(t) is
    /// evaluated with cancellation where x′(t) is small (stationary points of x inside (0, 1) or
    /// at t = 1, e.g. x1 = 1 and x2 = 0, or x1 = x2 = 1).
    @inlinable
    func isIllConditioned(_ t: Double) -> Bool {
        // Rounding error of Horner's x(t) − x, and the t error it implies at slope x′(t).
        let df = 8 * Double.ulpOfOne * (abs(ax) + abs(bx) + abs(cx) + 1)
        let d = curveDX(t)
        return !(d * 1e-11 > df * maxAbsDY)
    }

    /// t with x(t) = x by bisection on the exact sign of x(t) − x, evaluated in double-double
    /// from the control points (coefficients formed exactly). At most 80 halvings of [0, 1].
    @usableFromInline
    func solveTPrecise(_ x: Double) -> Double {
        // x(t) = a t³ + b t² + c t with c = 3 x1, b = 3 x2 − 6 x1, a = 1 + 3 x1 − 3 x2, all exact.
        let c = _DD.twoProduct(3, x1)
        let b = _DD.twoProduct(3, x2) + _DD.twoProduct(-6, x1)
        let a = _DD(1) + _DD.twoProduct(3, x1) + _DD.twoProduct(-3, x2)
        let minusX = _DD(-x)
        func sign(_ t: Double) -> Int { ((((a * t) + b) * t + c) * t + minusX).signum }
        var lo = 0.0, hi = 1.0
        for _ in 0..<80 {
            let mid = 0.5 * (lo + hi)
            if mid <= lo || mid >= hi { break }
            let s = sign(mid)
            if s == 0 { return mid }
            if s < 0 { lo = mid } else { hi = mid }
        }
        return 0.5 * (lo + hi)
    }
}
