import Testing

@testable import MotionKernel

/// SplitMix64: a deterministic sample stream for the settling comparisons.
private struct SettleSample {
    var state: UInt64

    mutating func bits() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [a, b).
    mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * Double(bits() >> 11) * 0x1p-53 }

    /// 10^uniform(a, b).
    mutating func decades(_ a: Double, _ b: Double) -> Double { Double.pow(10, uniform(a, b)) }

    mutating func sign() -> Double { bits() & 1 == 0 ? 1 : -1 }
}

/// The certified replay of the settling bisection (`settleTime(…, certify: true)`, what every
/// caller runs) against the full bisection (`certify: false`, the algorithm before the replay:
/// every midpoint evaluated): the same Double bit for bit and the same errors, on a
/// deterministic sample across regimes.
@Suite("Spring settling: the certified replay equals the full bisection")
struct SpringSettlingReplayTests {
    /// Compares both paths; returns the fast one's path (nil when both throw).
    @discardableResult
    func compare(_ sp: Spring<Double>, y0: Double, v0: Double, logEpsilon: Double) -> Spring<Double>.SettlePath? {
        let fast = Result { try sp.settleTime(y0: y0, v0: v0, logEpsilon: logEpsilon, certify: true) }
        let full = Result { try sp.settleTime(y0: y0, v0: v0, logEpsilon: logEpsilon, certify: false) }
        let what = "k \(sp.stiffness) c \(sp.damping) m \(sp.mass) ζ \(sp.dampingRatio) y0 \(y0) v0 \(v0) lnε \(logEpsilon)"
        switch (fast, full) {
        case (.success(let a), .success(let b)):
            #expect(a.time.bitPattern == b.time.bitPattern, "\(what): \(a.time) vs \(b.time)")
            return a.path
        case (.failure(let a), .failure(let b)):
            #expect(String(describing: a) == String(describing: b), "\(what)")
            return nil
        default:
            Issue.record("\(what): \(fast) vs \(full)")
            return nil
        }
    }

    func spring(k: Double, zeta: Double, m: Double = 1) -> Spring<Double>? { try? Spring<Double>(stiffness: k, dampingRatio: zeta, mass: m) }

    @Test("typical motions from rest (ε = 1e-3 … 1e-6): identical, and the replay certifies nearly all")
    func typical() throws {
        var r = SettleSample(state: 1)
        var certified = 0, searched = 0
        for i in 0..<6000 {
            let zeta = i % 3 == 0 ? r.uniform(1, 3) : r.uniform(0.02, 0.999)
            guard let sp = spring(k: r.uniform(50, 500), zeta: zeta) else { continue }
            let path = compare(sp, y0: -1, v0: 0, logEpsilon: Double.log(r.decades(-6, -3)))
            if path != .direct { searched += 1 }
            if path == .certified { certified += 1 }
        }
        #expect(certified * 100 >= searched * 95, "\(certified) of \(searched) certified")
    }

    @Test("random regimes, magnitudes, tolerances and velocities")
    func regimes() throws {
        var r = SettleSample(state: 2)
        for i in 0..<12000 {
            let zeta: Double
            switch i % 8 {
            case 0: zeta = r.uniform(0.001, 0.2)
            case 1: zeta = r.uniform(0.2, 0.99)
            case 2: zeta = 1 - r.decades(-15, -1)
            case 3: zeta = 1
            case 4: zeta = 1 + r.decades(-15, -1)
            case 5: zeta = r.uniform(1, 50)
            case 6: zeta = r.decades(2, 7)
            default: zeta = r.uniform(0.001, 5)
            }
            guard let sp = spring(k: r.decades(-4, 8), zeta: zeta, m: i % 5 == 0 ? r.decades(-3, 3) : 1) else { continue }
            let y0 = r.sign() * (i % 4 == 0 ? r.decades(-300, 300) : r.decades(-2, 2))
            let v0: Double
            switch i % 6 {
            case 0, 1, 2: v0 = 0
            case 3: v0 = r.sign() * r.decades(-300, 300)
            case 4: v0 = y0 > 0 ? r.decades(-2, 3) : -r.decades(-2, 3)
            default: v0 = r.sign() * r.decades(-2, 3)
            }
            let logEpsilon: Double
            switch i % 7 {
            case 0: logEpsilon = Double.log(r.decades(-300, 300))
            case 1: logEpsilon = -r.uniform(745, 2000)  // below the least subnormal
            case 2: logEpsilon = Double.log(abs(y0)) - r.uniform(0, 1e-6)  // just below the start
            default: logEpsilon = Double.log(abs(y0) * r.decades(-12, -1))
            }
            compare(sp, y0: y0, v0: v0, logEpsilon: logEpsilon)
        }
    }

    @Test("crossings next to a peak (τ ≈ 0), near the end of the half period, and tiny or huge ε")
    func edges() throws {
        var r = SettleSample(state: 3)
        for i in 0..<3000 {
            let zeta = i % 2 == 0 ? r.uniform(0.01, 0.99) : 1 - r.decades(-12, -2)
            guard let sp = spring(k: r.decades(-2, 6), zeta: zeta) else { continue }
            // Peaks of y0 = −1 from rest: e^{−jλπ/s}. ε just below peak j (crossing right after
            // the peak) or just above peak j + 1 (crossing late in the half period).
            let decay = sp.lambda * Double.pi / sp.s
            let j = Double(r.bits() % 6)
            let offset = r.decades(-15, -3)
            compare(sp, y0: -1, v0: 0, logEpsilon: -j * decay - offset)
            compare(sp, y0: -1, v0: 0, logEpsilon: -(j + 1) * decay + offset)
            // Huge and tiny states and tolerances together.
            let scale = r.decades(-300, 300)
            compare(sp, y0: -scale, v0: 0, logEpsilon: Double.log(scale) - r.uniform(1, 50))
        }
    }

    @Test("errors are unchanged: undamped, settling beyond the Double range")
    func errors() throws {
        let undamped = try Spring<Double>(stiffness: 100, dampingRatio: 0)
        #expect(compare(undamped, y0: -1, v0: 0, logEpsilon: Double.log(1e-3)) == nil)
        #expect(compare(undamped, y0: -1e-6, v0: 0, logEpsilon: Double.log(1e-3)) == .direct)
        let faint = try Spring<Double>(stiffness: 1e-300, dampingRatio: 1e-300)
        compare(faint, y0: -1, v0: 0, logEpsilon: -1e6)
        let slow = try Spring<Double>(stiffness: 1e-300, dampingRatio: 3)
        compare(slow, y0: -1, v0: 0, logEpsilon: -1e6)
    }
}
