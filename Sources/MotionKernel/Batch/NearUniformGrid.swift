/// A time list that is a uniform grid up to tiny deviations, for `SpringBatch`'s uniform kernel.
///
/// Times stored in a narrow type are rarely an exact grid: float32 `j/120` differs from
/// `t₀ + j·h` by up to an ulp of the time. Such a list is written tⱼ = t₀ + j·h + δⱼ with
/// h = (t_last − t₀)/(T − 1) and δⱼ computed in Double. The uniform kernel produces each
/// spring's state (x, v) at t₀ + j·h exactly as on a uniform grid, and the sample at tⱼ is the
/// Taylor polynomial of the state in δⱼ through the third derivative of x (and of v):
///
///     x(t + δ) ≈ x + δ·v + δ²/2·a + δ³/6·j,  v(t + δ) ≈ v + δ·a + δ²/2·j + δ³/6·s,
///
/// with a = −ω₀²(x − target) − 2λv, j = −ω₀²v − 2λa, s = −ω₀²a − 2λj (the equation of motion
/// differentiated). **Bound.** In the scaled state (x − target, v/ω₀) the motion is s′ = M s
/// with ‖M‖₂ ≤ Ω = ω₀ + 2λ, and ‖s‖ never grows (the energy is non-increasing), so the
/// remainder of either polynomial is at most (Ω|δ|)⁴/24 · e^{Ω|δ|} times the motion's amplitude
/// A = √(y₀² + (v₀/ω₀)²) (times ω₀ for velocities). A spring takes the correction only when
/// Ω·max|δ| ≤ 2⁻⁷ for Float output (remainder below 2⁻³² A, under a fortieth of Float's
/// rounding unit) or ≤ 2⁻¹⁴ for Double output (below 2⁻⁵⁸ A); others take the closed form per
/// sample. The list itself qualifies when it has at least 8 times, h > 0, and max|δ| ≤ h/64
/// (so it is strictly increasing).
///
/// The deviations depend only on the list, and each spring's result only on its own
/// parameters and the list, so thread counts and row shards give identical bits.
struct NearUniformGrid: Sendable {
    /// t₀ and h, seconds.
    let start: Double
    let step: Double
    /// δⱼ for j < T, then zeros to a whole number of eight-sample blocks plus one.
    let deviations: [Double]
    /// max |δⱼ|, seconds.
    let maxDeviation: Double

    /// The largest Ω·max|δ| that Float (Double) outputs correct with the Taylor polynomial.
    static var floatLimit: Double { 0x1p-7 }
    static var doubleLimit: Double { 0x1p-14 }

    /// The grid under `times`, or nil when the list is not a near-uniform grid (see the type).
    init?<T: MotionScalar>(_ times: [T]) {
        let n = times.count
        guard n >= 8 else { return nil }
        let t0 = times[0].doubleValue, last = times[n - 1].doubleValue
        let h = (last - t0) / Double(n - 1)
        guard h.isFinite, h > 0, t0.isFinite, t0 >= 0 else { return nil }
        var dev = [Double](repeating: 0, count: (n + 7) / 8 * 8 + 8)
        var top = 0.0
        for j in 0..<n {
            let d = times[j].doubleValue - (t0 + Double(j) * h)
            guard d.isFinite else { return nil }
            dev[j] = d
            top = max(top, abs(d))
        }
        guard top <= h / 64 else { return nil }
        self.start = t0
        self.step = h
        self.deviations = dev
        self.maxDeviation = top
    }
}
