import Testing
@testable import MotionKernel

/// An independent reference: the Bernstein form of the curve evaluated in double-double
/// arithmetic (so that x(t) − x has the right sign even where x′(t) vanishes), solved by plain
/// bisection on t to the limit of Double (no table, no Newton, no power-basis coefficients).
struct BezierReference {
    var x1, y1, x2, y2: Double

    /// A double-double value hi + lo.
    struct DD {
        var hi: Double, lo: Double
        init(_ h: Double, _ l: Double = 0) { hi = h; lo = l }
        static func sum(_ a: Double, _ b: Double) -> DD {
            let s = a + b, v = s - a
            return DD(s, (a - (s - v)) + (b - v))
        }
        static func prod(_ a: Double, _ b: Double) -> DD {
            let p = a * b
            return DD(p, (-p).addingProduct(a, b))
        }
        static func + (a: DD, b: DD) -> DD {
            let s = sum(a.hi, b.hi)
            let r = sum(s.hi, s.lo + a.lo + b.lo)
            return r
        }
        static func * (a: DD, b: DD) -> DD {
            let p = prod(a.hi, b.hi)
            return sum(p.hi, p.lo + a.hi * b.lo + a.lo * b.hi)
        }
        var value: Double { hi + lo }
    }

    /// Σ of the Bernstein terms 3 p1 s² t + 3 p2 s t² + t³ with s = 1 − t held exactly.
    func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> DD {
        let tt = DD(t), s = DD.sum(1, -t)
        let a3 = DD.prod(3, p1) * s * s * tt
        let b3 = DD.prod(3, p2) * s * tt * tt
        return a3 + b3 + tt * tt * tt
    }
    func bx(_ t: Double) -> DD { bernstein(x1, x2, t) }
    func by(_ t: Double) -> Double { bernstein(y1, y2, t).value }
    /// t with x(t) = x by bisection (x in [0, 1]).
    func t(_ x: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if mid <= lo || mid >= hi { break }
            let f = bx(mid) + DD(-x)
            let v = f.hi != 0 ? f.hi : f.lo
            if v < 0 { lo = mid } else { hi = mid }
        }
        return 0.5 * (lo + hi)
    }
    func y(_ x: Double) -> Double { by(t(x)) }
}
