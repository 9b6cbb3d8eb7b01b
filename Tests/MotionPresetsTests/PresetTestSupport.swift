import Foundation
import Testing
@testable import MotionPresets

/// Independent references for the preset tests: a cubic Bézier solved by plain bisection (not
/// the kernel's Newton solver) and the under-damped spring's textbook closed form.
enum Reference {
    /// y(x) of cubic-bezier(x1, y1, x2, y2), by bisection on the curve parameter.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        func coord(_ a: Double, _ b: Double, _ t: Double) -> Double {
            let s = 1 - t
            return 3 * s * s * t * a + 3 * s * t * t * b + t * t * t
        }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if coord(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return coord(y1, y2, 0.5 * (lo + hi))
    }

    /// Core Animation's easeInEaseOut, cubic-bezier(0.42, 0, 0.58, 1).
    static func ease(_ x: Double) -> Double { bezier(0.42, 0, 0.58, 1, x) }

    /// The x with ease(x) = y, by bisection.
    static func easeInverse(_ y: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if ease(mid) < y { lo = mid } else { hi = mid }
        }
        return 0.5 * (lo + hi)
    }

    /// Position and velocity of m x″ + c x′ + k (x − to) = 0 (m = 1, ζ < 1) from (from, v0):
    /// y = x − to = e^{−λt}(y0 cos ωd t + (v0 + λ y0)/ωd sin ωd t).
    static func spring(stiffness k: Double, dampingRatio z: Double, from: Double, to: Double, v0: Double, t: Double) -> (x: Double, v: Double) {
        let w0 = k.squareRoot(), l = z * w0, wd = w0 * (1 - z * z).squareRoot()
        let y0 = from - to
        let a = y0, b = (v0 + l * y0) / wd
        let e = exp(-l * t), c = cos(wd * t), s = sin(wd * t)
        let y = e * (a * c + b * s)
        let v = e * ((-l * a + wd * b) * c + (-l * b - wd * a) * s)
        return (to + y, v)
    }

    /// The 16 entries of translate(tx, ty) rotate(θ) scale(sx, sy) written out by hand
    /// (CATransform3D order).
    static func matrix(tx: Double = 0, ty: Double = 0, rotation r: Double = 0, sx: Double = 1, sy: Double = 1) -> [Double] {
        [sx * cos(r), sx * sin(r), 0, 0, -sy * sin(r), sy * cos(r), 0, 0, 0, 0, 1, 0, tx, ty, 0, 1]
    }
}

func close(_ a: Double, _ b: Double, _ tol: Double = 1e-12) -> Bool { abs(a - b) <= tol }

func close(_ a: [Double], _ b: [Double], _ tol: Double = 1e-12) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tol }
}
