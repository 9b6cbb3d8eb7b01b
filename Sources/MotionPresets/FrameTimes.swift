import MotionKernel

/// Uniform frame times: 0, 1/fps, 2/fps, … (every k/fps strictly before the end) and the end
/// itself, exactly.
public enum FrameTimes {
    /// The largest frame rate accepted, frames per second.
    public static let maxFPS = 1000.0

    /// Throws unless 0 < fps ≤ ``maxFPS``.
    /// - Throws: `invalidValue` naming `fps`.
    public static func validate(fps: Double) throws(MotionKernelError) {
        try MotionKernelError.requirePositive(fps, "fps")
        guard fps <= maxFPS else {
            throw MotionKernelError.invalidValue("fps", "expected 0 < fps <= \(Int(maxFPS)), got \(fps)")
        }
    }

    /// The number of frames for `duration` seconds at `fps`: #{k ≥ 0 : k/fps < duration} + 1,
    /// computed without building them (for output-size checks before allocating).
    /// - Throws: `invalidValue` naming `fps` or `duration` (not finite or < 0, or more than
    ///   10⁹ frames).
    public static func count(duration: Double, fps: Double) throws(MotionKernelError) -> Int {
        try validate(fps: fps)
        try MotionKernelError.requireNonNegative(duration, "duration")
        let estimate = (duration * fps).rounded(.up)
        guard estimate <= 1e9 else {
            throw MotionKernelError.invalidValue("duration", "\(duration) s at \(fps) fps is more than 10^9 frames")
        }
        var m = Int(estimate)
        while m > 0 && Double(m - 1) / fps >= duration { m -= 1 }
        while Double(m) / fps < duration { m += 1 }
        return m + 1
    }

    /// The frame times for `duration` seconds at `fps` (see the type's doc).
    /// - Throws: as ``count(duration:fps:)``.
    public static func times(duration: Double, fps: Double) throws(MotionKernelError) -> [Double] {
        let n = try count(duration: duration, fps: fps)
        var t = (0..<(n - 1)).map { Double($0) / fps }
        t.append(duration)
        return t
    }
}
