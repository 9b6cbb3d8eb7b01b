/// An angle as a CSS text wrote it, kept so that its sine, cosine and tangent are those of the
/// written angle rather than of its rounded value in radians.
///
/// `rotate(1000000deg)` is 280° exactly, but 1000000·π/180 rounded to a Double is off by about
/// 10⁻¹² rad, and so is every matrix entry computed from it. A `deg`, `grad` or `turn` angle is
/// therefore reduced modulo a full turn in its own unit, which is exact in binary floating point
/// (`remainder`), before anything is converted to radians: the error is then that of one
/// rounding of an angle within ±180°. Multiples of 90° give exact entries (cos 90° = 0), and odd
/// multiples of 45° an exact tangent of ±1. A `rad` angle is kept as written: the C library's
/// sine and cosine reduce it exactly, as the scalar spring's phase is reduced.
@usableFromInline
enum WrittenAngle: Sendable, Hashable {
    /// An angle in degrees within [−180°, 180°], reduced exactly from a `deg`, `grad` or `turn`
    /// value.
    case degrees(Double)
    /// An angle in radians, as written.
    case radians(Double)

    /// The angle of a CSS `<angle>` value in `unit` (lowercase `deg`, `grad`, `turn`, `rad`);
    /// nil for any other unit.
    @usableFromInline
    init?(_ value: Double, unit: String) {
        switch unit {
        case "deg": self = .degrees(value.remainder(dividingBy: 360))
        case "grad": self = .degrees(value.remainder(dividingBy: 400) * 0.9)
        case "turn": self = .degrees(value.remainder(dividingBy: 1) * 360)
        case "rad": self = .radians(value)
        default: return nil
        }
    }

    /// sin and cos of the written angle.
    @usableFromInline
    var sinCos: (sin: Double, cos: Double) {
        switch self {
        case .radians(let r): return (Double.sin(r), Double.cos(r))
        case .degrees(let d):
            // d = 90q + r with |r| ≤ 45 exactly (d and 90q lie on d's grid, |d| ≤ 180).
            let q = (d / 90).rounded()
            let r = d - 90 * q
            let s = r == 0 ? r : Double.sin(r * (Double.pi / 180))
            let c = r == 0 ? 1 : Double.cos(r * (Double.pi / 180))
            switch Int(q) & 3 {
            case 0: return (s, c)
            case 1: return (c, -s)
            case 2: return (-s, -c)
            default: return (-c, s)
            }
        }
    }

    /// tan of the written angle (at an odd multiple of 90°, the tangent of the nearest Double
    /// in radians, a large finite number, as for a `rad` angle).
    @usableFromInline
    var tan: Double {
        switch self {
        case .radians(let r): return Double.tan(r)
        case .degrees(let d):
            // d = 180q + r with |r| ≤ 90 exactly.
            let r = d - 180 * (d / 180).rounded()
            if r == 0 { return 0 }
            if abs(r) == 45 { return r > 0 ? 1 : -1 }
            return Double.tan(r * (Double.pi / 180))
        }
    }
}
