/// Release velocity from pointer samples, as Android's `VelocityTracker` computes it (AOSP
/// `frameworks/native/libs/input/VelocityTracker.cpp`, with its tests in
/// `libs/input/tests/VelocityTracker_test.cpp`).
///
/// Times are seconds and positions units; the result is in units per second. As AOSP, times
/// are kept as whole nanoseconds (rounded from the seconds given), so that the horizon and
/// the stop rules compare integers exactly as AOSP's `nsecs_t` do.
///
/// The samples a strategy sees, by AOSP's rules:
/// - a sample with the same timestamp as the previous one replaces it (the later one is kept);
/// - a gap of more than 40 ms between consecutive samples (`ASSUME_POINTER_STOPPED_TIME`)
///   discards everything before it: the pointer had stopped;
/// - with a release time more than 40 ms after the last sample, the pointer had stopped
///   before the release: no velocity (0);
/// - the newest 20 samples (`HISTORY_SIZE`) no older than 100 ms (`HORIZON`, excluded when
///   strictly older) than the newest.
///
/// Strategies:
/// - ``Strategy/lsq2``: the least-squares quadratic x(τ) = aτ² + bτ + c over those samples
///   (τ = time relative to the newest), velocity b, by AOSP's closed form for three or more
///   samples (no velocity when its denominator is 0); two samples give the line through them
///   (AOSP's QR solve of degree 1, which fails when the times are within √2·10⁻⁶ s); one gives
///   no velocity.
/// - ``Strategy/impulse``: AOSP's impulse strategy, the velocity whose kinetic energy equals the
///   work of the successive segment velocities (½v² per unit mass, the first segment's energy
///   halved); two samples give their slope, one gives 0.
///
/// AOSP computes in `float`; here every sum and product is in Double.
public enum VelocityTracker {
    /// A velocity estimation strategy.
    public enum Strategy: String, Sendable, Hashable, CaseIterable {
        /// Quadratic least squares over the horizon (AOSP's default for x and y).
        case lsq2
        /// The impulse (kinetic energy) strategy.
        case impulse
    }

    /// AOSP's `HORIZON`: 100 ms.
    public static let horizonNanoseconds: Int64 = 100_000_000
    /// AOSP's `HISTORY_SIZE`.
    public static let historySize = 20
    /// AOSP's `ASSUME_POINTER_STOPPED_TIME`: 40 ms.
    public static let assumePointerStoppedNanoseconds: Int64 = 40_000_000
    /// The largest |time| accepted (seconds): whole nanoseconds, and the difference of any two,
    /// fit in 64 bits.
    public static let maxTime = 4.0e9

    /// The release velocity (units/s) of the samples `(time, position)` in time order.
    /// - Throws: `invalidValue` naming `samples` (fewer than 2), `samples[i][0]` (a time that
    ///   is not finite, beyond ±4·10⁹ s, or earlier than the one before), `samples[i][1]` (a
    ///   position that is not finite) or `releaseTime` (not finite, or before the last sample).
    ///   The result is not finite when the samples' arithmetic overflows (positions near the
    ///   largest Double): callers report it as an error.
    public static func estimate(_ samples: [(time: Double, position: Double)], strategy: Strategy, releaseTime: Double? = nil) throws(MotionKernelError)
        -> Double
    {
        guard samples.count >= 2 else {
            throw MotionKernelError.invalidValue("samples", "expected at least 2 samples, got \(samples.count)")
        }
        var times: [Int64] = []
        var positions: [Double] = []
        times.reserveCapacity(samples.count)
        positions.reserveCapacity(samples.count)
        for (i, s) in samples.enumerated() {
            let ns = try nanoseconds(s.time, "samples[\(i)][0]")
            try MotionKernelError.requireFinite(s.position, "samples[\(i)][1]")
            if let last = times.last {
                guard ns >= last else {
                    throw MotionKernelError.invalidValue("samples[\(i)][0]", "expected times in increasing order, got \(s.time) after \(samples[i - 1].time)")
                }
                if ns == last {
                    positions[positions.count - 1] = s.position  // AOSP: the later sample replaces it
                    continue
                }
                if ns - last > assumePointerStoppedNanoseconds {
                    times.removeAll(keepingCapacity: true)  // the pointer had stopped
                    positions.removeAll(keepingCapacity: true)
                }
            }
            times.append(ns)
            positions.append(s.position)
        }
        if let releaseTime {
            let release = try nanoseconds(releaseTime, "releaseTime")
            guard release >= times[times.count - 1] else {
                throw MotionKernelError.invalidValue("releaseTime", "expected a time at or after the last sample, got \(releaseTime)")
            }
            if release - times[times.count - 1] > assumePointerStoppedNanoseconds { return 0 }
        }
        // The newest samples within the horizon, at most historySize of them, oldest first.
        let newest = times[times.count - 1]
        var first = times.count - 1
        while first > 0 && times.count - first < historySize && newest - times[first - 1] <= horizonNanoseconds { first -= 1 }
        let t = Array(times[first...]), x = Array(positions[first...])
        switch strategy {
        case .lsq2: return leastSquaresVelocity(t, x) ?? 0
        case .impulse: return impulseVelocity(t, x)
        }
    }

    static func nanoseconds(_ seconds: Double, _ field: String) throws(MotionKernelError) -> Int64 {
        try MotionKernelError.requireFinite(seconds, field)
        guard abs(seconds) <= maxTime else {
            throw MotionKernelError.invalidValue(field, "expected a time within ±\(maxTime) s, got \(seconds)")
        }
        return Int64((seconds * 1e9).rounded())
    }

    /// AOSP's LSQ2: the slope at the newest sample of the least-squares quadratic (line for two
    /// samples); nil where AOSP has no velocity.
    static func leastSquaresVelocity(_ t: [Int64], _ x: [Double]) -> Double? {
        let n = t.count
        guard n >= 2 else { return nil }
        let newest = t[n - 1]
        let tau = t.map { Double($0 - newest) * 1e-9 }  // ≤ 0, seconds
        if n == 2 {
            // Gram–Schmidt on [1, τ]: the second column's norm after orthogonalisation is |Δτ|/√2.
            let dt = tau[1] - tau[0]
            guard abs(dt) / 2.0.squareRoot() >= 1e-6 else { return nil }
            return (x[1] - x[0]) / dt
        }
        var sx = 0.0, sx2 = 0.0, sx3 = 0.0, sx4 = 0.0, sy = 0.0, sxy = 0.0, sx2y = 0.0
        for i in 0..<n {
            let a = tau[i], a2 = a * a
            sx += a
            sx2 += a2
            sx3 += a2 * a
            sx4 += a2 * a2
            sy += x[i]
            sxy += a * x[i]
            sx2y += a2 * x[i]
        }
        let count = Double(n)
        let sxx = sx2 - sx * sx / count
        let sxyc = sxy - sx * sy / count
        let sxx2 = sx3 - sx * sx2 / count
        let sx2yc = sx2y - sx2 * sy / count
        let sx2x2 = sx4 - sx2 * sx2 / count
        let den = sxx * sx2x2 - sxx2 * sxx2
        guard den != 0 else { return nil }
        // A non-finite slope (overflowing sums) is returned as it is: an error for the caller,
        // not a missing velocity.
        return (sxyc * sx2x2 - sx2yc * sxx2) / den
    }

    /// AOSP's impulse strategy over samples in time order.
    static func impulseVelocity(_ t: [Int64], _ x: [Double]) -> Double {
        let n = t.count
        guard n >= 2 else { return 0 }
        func slope(_ i: Int) -> Double { (x[i + 1] - x[i]) / (Double(t[i + 1] - t[i]) * 1e-9) }
        if n == 2 { return slope(0) }
        func velocity(_ energy: Double) -> Double { (energy < 0 ? -1 : 1) * (2 * abs(energy)).squareRoot() }
        var energy = 0.0
        for i in 0..<(n - 1) {
            let previous = velocity(energy)
            let current = slope(i)
            energy += (current - previous) * abs(current)
            if i == 0 { energy *= 0.5 }
        }
        return velocity(energy)
    }
}
