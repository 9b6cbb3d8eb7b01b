import Testing

@testable import MotionKernel

/// ζ and ω₀ of springs whose k·m, k/m, 2m or c/(2m) leave the normal range of Double.
@Suite("Spring scale-free quantities")
struct SpringScaleTests {
    static let u = Double.ulpOfOne / 2

    /// ζ = c/(2√(km)) and ω₀ = √(k/m) from logarithms (an independent method): each ln has
    /// absolute error ≤ 2u·|ln x|, the sums add ≤ u·Σ|ln x| each, and exp turns an absolute error
    /// δ of its argument into a relative one ≤ 2δ (δ ≪ 1), plus 2u of its own: relative error
    /// ≤ 8u·(Σ|ln x| + 1) + 2u (`logError`).
    static func reference(m: Double, k: Double, c: Double) -> (zeta: Double, omega0: Double) {
        let lm = Double.log(m), lk = Double.log(k), lc = c > 0 ? Double.log(c) : -.infinity
        return (Double.exp(lc - Double.log(2) - 0.5 * (lk + lm)), Double.exp(0.5 * (lk - lm)))
    }

    /// The relative error bound of `reference` for logarithms of total size `sumLogs`.
    static func logError(_ sumLogs: Double) -> Double { 8 * u * (sumLogs + 1) + 2 * u }

    @Test("SpringScale: ζ and ω₀ for (m, k, c) over 1e±300, against logarithms", arguments: [-300.0, -150, 0, 150, 300])
    func scaleFree(exponent: Double) {
        for (mE, kE, cE) in [(exponent, 0.0, exponent / 2), (0, exponent, exponent / 2), (exponent, exponent, exponent), (-exponent, exponent, 0)] {
            let m = Double.pow(10, mE), k = Double.pow(10, kE), c = Double.pow(10, cE)
            let ref = Self.reference(m: m, k: k, c: c)
            // The reference's logs: absolute error ≤ 2u·|ln x| each, through exp as relative.
            let logErr = Self.logError(abs(Double.log(m)) + abs(Double.log(k)) + abs(Double.log(c)))
            let zeta = SpringScale.dampingRatio(mass: m, stiffness: k, damping: c)
            let w0 = SpringScale.angularFrequency(mass: m, stiffness: k)
            #expect(abs(zeta - ref.zeta) <= (2.5 * Self.u + logErr) * ref.zeta, "\(m) \(k) \(c)")
            #expect(abs(w0 - ref.omega0) <= (1.5 * Self.u + logErr) * ref.omega0, "\(m) \(k) \(c)")
        }
    }

    @Test("Spring: mass 1.5e308 (2m overflows) keeps its damping; subnormal k/m keeps ζ to rounding")
    func extremeInit() throws {
        // λ = c/(2m) = 1e308/3e308 = 1/3, ω₀² = 1e308/1.5e308 = 2/3: ζ = (1/3)/√(2/3) ≈ 0.408.
        let s = try Spring<Double>(mass: 1.5e308, stiffness: 1e308, damping: 1e308, allowOverDamping: true)
        let ref = Self.reference(m: 1.5e308, k: 1e308, c: 1e308)
        let logErr = Self.logError(3 * 710)
        #expect(abs(s.dampingRatio - ref.zeta) <= (8 * Self.u + logErr) * ref.zeta)
        #expect(abs(s.decayRate - 1.0 / 3) <= 4 * Self.u)
        // k/m = 1e-300/1e20 = 1e-320 is subnormal (≈ 11 significant bits): ζ from m, k, c.
        let t = try Spring<Double>(mass: 1e20, stiffness: 1e-300, damping: 1e-140, allowOverDamping: true)
        let r2 = Self.reference(m: 1e20, k: 1e-300, c: 1e-140)
        let logErr2 = Self.logError(47 + 691 + 323)
        #expect(abs(t.dampingRatio - r2.zeta) <= (2.5 * Self.u + logErr2) * r2.zeta)
        #expect(abs(t.angularFrequency - r2.omega0) <= (1.5 * Self.u + logErr2) * r2.omega0)
    }

    @Test("Spring(stiffness:dampingRatio:mass:) forms √(k m) as √k·√m when k·m overflows")
    func androidStyleAtExtremes() throws {
        let s = try Spring<Double>(stiffness: 1e300, dampingRatio: 0.5, mass: 1e10)
        // c = 2ζ√(k m) = 1e155 (√k·√m: two roundings of √ and a product, and 1e300, 1e10 and
        // 1e155 as Doubles: ≤ 6u relative).
        #expect(abs(s.damping - 1e155) <= 6 * Self.u * 1e155)
    }
}
