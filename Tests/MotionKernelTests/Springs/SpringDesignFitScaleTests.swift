import Testing

@testable import MotionKernel

/// Fits at extreme scales of the values and times: the fit is solved on samples scaled by powers
/// of two, so scaling the samples by a power of two must scale the result exactly, and the
/// residuals must never underflow to 0 or overflow.
@Suite("Spring fits at every scale")
struct SpringDesignFitScaleTests {
    static let u = Double.ulpOfOne / 2

    /// 40 samples of a spring (ζ = 0.3, ω₀ = 10, 0 → 1) on [0, 1.2] s plus a deterministic
    /// wiggle 0.05·sin(37t) that no spring fits, so the optimal residual is far from 0.
    static let times: [Double] = (0..<40).map { Double($0) * 0.03 }
    static var values: [Double] {
        let s = try! Spring<Double>(stiffness: 100, dampingRatio: 0.3)
        return times.map { s.value(at: $0, from: 0, to: 1) + 0.05 * Double.sin(37 * $0) }
    }

    /// 2^e.
    static func p2(_ e: Int) -> Double { Double(sign: .plus, exponent: e, significand: 1) }

    @Test("values scaled by 2^±565 (≈ 1e±170) and 2^±996 (≈ 1e±300): the same spring, from/to/residuals scaled exactly")
    func valueScale() throws {
        let base = try Spring<Double>.fit(times: Self.times, values: Self.values)
        #expect(base.rmsResidual > 0.01)  // the wiggle is not fitted away
        for e in [-996, -565, 565, 996] {
            let s = Self.p2(e)
            let f = try Spring<Double>.fit(times: Self.times, values: Self.values.map { $0 * s })
            #expect(f.spring.stiffness == base.spring.stiffness && f.spring.damping == base.spring.damping, "2^\(e)")
            #expect(f.from == base.from * s && f.to == base.to * s && f.initialVelocity == base.initialVelocity * s, "2^\(e)")
            #expect(f.rmsResidual == base.rmsResidual * s && f.maxResidual == base.maxResidual * s, "2^\(e)")
            #expect(f.iterations == base.iterations, "2^\(e)")
        }
    }

    @Test("times scaled by 2^±40: ω₀ and λ scale by 2^∓40, the motion and residuals do not change")
    func timeScale() throws {
        let base = try Spring<Double>.fit(times: Self.times, values: Self.values, initialVelocity: nil)
        for e in [-40, 40] {
            let s = Self.p2(e)
            let f = try Spring<Double>.fit(times: Self.times.map { $0 * s }, values: Self.values, initialVelocity: nil)
            // k/m scales by 2^−2e and c/m by 2^−e exactly (mass 1).
            #expect(f.spring.stiffness == base.spring.stiffness / (s * s) && f.spring.damping == base.spring.damping / s, "2^\(e)")
            #expect(f.from == base.from && f.to == base.to && f.initialVelocity == base.initialVelocity / s, "2^\(e)")
            #expect(f.rmsResidual == base.rmsResidual && f.maxResidual == base.maxResidual, "2^\(e)")
        }
    }

    /// The RMS residual of `f` at the samples, recomputed with the oracle (`DesignWide`, no
    /// code of the library) on the samples divided by `scale`, and a bound on its error: the
    /// oracle's relative error on terms of size |to| + |from − to|(1 + λt) + |v₀|t (see
    /// `modelErrorBound`, which bounds the Double closed form; the oracle is tighter) plus the
    /// rounding of each sample's division by `scale` (u·|x|).
    static func independentRMS(_ f: SpringFit, times: [Double], values: [Double], scale: Double) -> (rms: Double, err: Double) {
        let o = DesignOracle(f.spring)
        var sum: DesignWide = 0
        var err = 0.0
        let from = f.from / scale, to = f.to / scale, v0 = f.initialVelocity / scale
        for (t, x) in zip(times, values) {
            let r = DesignWide(to) + o.state(t, y0: from - to, v0: v0).y - DesignWide(x / scale)
            sum += r * r
            let size = abs(to) + abs(from - to) * (1 + Double(o.lambda) * t) + abs(v0) * t
            err = max(err, DesignOracle.relativeError * size + 4 * u * (abs(x / scale) + abs(to) + abs(from)))
        }
        return (Double((sum / DesignWide(times.count)).squareRoot()), err)
    }

    @Test("values × 1e-170 and 1e±300 (not powers of two): rmsResidual is the true residual, not 0 or ∞", arguments: [1e-170, 1e170, 1e-300, 1e300])
    func decimalScale(scale: Double) throws {
        let base = try Spring<Double>.fit(times: Self.times, values: Self.values)
        let scaled = Self.values.map { $0 * scale }
        let f = try Spring<Double>.fit(times: Self.times, values: scaled)
        #expect(f.rmsResidual.isFinite && f.rmsResidual > 0)
        // The reported RMS (scaled back by 1/scale: relative error ≤ 2u) equals the RMS recomputed
        // independently, to the recomputation's error bound (the RMS of errors ≤ err each is ≤ err).
        let ind = Self.independentRMS(f, times: Self.times, values: scaled, scale: scale)
        #expect(abs(f.rmsResidual / scale - ind.rms) <= ind.err + 2 * Self.u * ind.rms, "scale \(scale)")
        // And the fit is as good as at unit scale (a property, not a tolerance: the scaled
        // problem differs only by the rounding of the samples, so its optimum cannot be twice
        // as bad; the bug this guards against reported 0 for a residual of 57 % of the signal).
        #expect(f.rmsResidual / scale <= 2 * base.rmsResidual, "scale \(scale)")
    }
}
