/// A `UIView.animateKeyframes(withDuration:…)`-style composition: properties animated by
/// keyframes placed with `addKeyframe(withRelativeStartTime:relativeDuration:)` over a total
/// duration, sampled at times in seconds.
///
/// Semantics (UIKit documents the first three; the rest are decisions, stated here):
/// - A keyframe animates its property from the value the property has when the keyframe
///   starts to the keyframe's value, over [start, start + duration] (fractions of the total
///   duration), with the keyframe's own timing function (default linear) on its local fraction.
/// - A relative duration of 0 changes the property at the start time ("any properties you set
///   … update immediately at the specified start time"): from that time on, the new value.
/// - Before its first keyframe starts, a property holds its initial value; after a keyframe
///   ends, it holds that keyframe's value until its next keyframe starts (gaps hold).
/// - **Overlaps** (a keyframe of the same property starting before the previous one ends):
///   the later-starting keyframe takes over at its start, animating from the value the
///   property has at that instant; the earlier one is cut there. Keyframes starting at the same
///   time are taken in the order given, so the last one given wins (as setting a property twice
///   in one animation block does).
/// - `timing` (default linear) maps the whole animation's normalized time before the
///   keyframes see it, as the curve of the enclosing animation does in UIKit; its output is
///   clamped to [0, 1]. Times before 0 or after `duration` are clamped (the animation does not
///   extrapolate; the values at its ends hold).
public struct KeyframeComposition<T: MotionScalar>: Sendable {
    /// One keyframe of one property.
    public struct Keyframe: Sendable {
        /// Start as a fraction of the total duration, in [0, 1].
        public var relativeStartTime: Double
        /// Length as a fraction of the total duration, in [0, 1], with start + length ≤ 1.
        public var relativeDuration: Double
        /// The value the property animates to (the property's dimension).
        public var value: [T]
        /// The pacing of this keyframe's local fraction (default linear).
        public var timing: TimingFunction

        /// Creates a keyframe; see the properties for ranges (validated by the composition).
        public init(relativeStartTime: Double, relativeDuration: Double, value: [T], timing: TimingFunction = .linear) {
            self.relativeStartTime = relativeStartTime
            self.relativeDuration = relativeDuration
            self.value = value
            self.timing = timing
        }
    }

    /// One animated property (opacity, position, …) with its keyframes.
    public struct Property: Sendable {
        /// A name for reports (not interpreted).
        public var name: String
        /// The value before any keyframe starts (1 or more channels).
        public var initialValue: [T]
        /// The keyframes, in the order they were added.
        public var keyframes: [Keyframe]

        /// Creates a property.
        public init(name: String, initialValue: [T], keyframes: [Keyframe]) {
            self.name = name
            self.initialValue = initialValue
            self.keyframes = keyframes
        }
    }

    /// A keyframe resolved against its neighbours: active on [start, end), animating
    /// from → to, and holding `held` from `end` on.
    @usableFromInline
    struct Segment: Sendable {
        @usableFromInline var start: Double
        @usableFromInline var duration: Double
        @usableFromInline var end: Double
        @usableFromInline var from: [T]
        @usableFromInline var to: [T]
        @usableFromInline var held: [T]
        @usableFromInline var timing: TimingFunction
    }

    /// The total duration in seconds (> 0).
    public let duration: T
    /// The curve of the whole animation (default linear).
    public let timing: TimingFunction
    /// The properties, in the order given.
    public let properties: [Property]
    /// Resolved keyframes per property, sorted by start time.
    @usableFromInline let segments: [[Segment]]

    /// The number of output channels per sample: the sum of the properties' dimensions.
    public var width: Int { properties.reduce(0) { $0 + $1.initialValue.count } }

    /// Creates a composition.
    /// - Parameters:
    ///   - duration: total seconds, finite and > 0.
    ///   - timing: the curve of the whole animation.
    ///   - properties: at least one property, each with a non-empty finite initial value and
    ///     keyframes whose values have the same dimension.
    /// - Throws: `invalidValue` naming `duration`, `properties`,
    ///   `properties[i].initialValue`, `properties[i].keyframes[j].relativeStartTime`,
    ///   `….relativeDuration` (outside [0, 1], or start + duration > 1) or `….value`.
    /// - Complexity: O(total keyframes · (log + dimension)).
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public init(duration: T, timing: TimingFunction = .linear, properties: [Property]) throws(MotionKernelError) {
        try MotionKernelError.requirePositive(duration, "duration")
        guard !properties.isEmpty else {
            throw MotionKernelError.invalidValue("properties", "expected at least one property")
        }
        var all: [[Segment]] = []
        for (pi, prop) in properties.enumerated() {
            let path = "properties[\(pi)]"
            let d = prop.initialValue.count
            guard d >= 1 else { throw MotionKernelError.invalidValue("\(path).initialValue", "expected at least one number") }
            for (c, v) in prop.initialValue.enumerated() where !v.isFinite {
                throw MotionKernelError.invalidValue("\(path).initialValue[\(c)]", "expected a finite number, got \(v)")
            }
            for (j, kf) in prop.keyframes.enumerated() {
                let kp = "\(path).keyframes[\(j)]"
                guard kf.relativeStartTime.isFinite, kf.relativeStartTime >= 0, kf.relativeStartTime <= 1 else {
                    throw MotionKernelError.invalidValue("\(kp).relativeStartTime", "expected a number in [0, 1], got \(kf.relativeStartTime)")
                }
                guard kf.relativeDuration.isFinite, kf.relativeDuration >= 0, kf.relativeDuration <= 1 else {
                    throw MotionKernelError.invalidValue("\(kp).relativeDuration", "expected a number in [0, 1], got \(kf.relativeDuration)")
                }
                guard kf.relativeStartTime + kf.relativeDuration <= 1 + 1e-12 else {
                    throw MotionKernelError.invalidValue(
                        "\(kp).relativeDuration",
                        "the keyframe ends after the animation: start \(kf.relativeStartTime) + duration \(kf.relativeDuration) > 1")
                }
                guard kf.value.count == d else {
                    throw MotionKernelError.invalidValue("\(kp).value", "expected \(d) number(s) like initialValue, got \(kf.value.count)")
                }
                for (c, v) in kf.value.enumerated() where !v.isFinite {
                    throw MotionKernelError.invalidValue("\(kp).value[\(c)]", "expected a finite number, got \(v)")
                }
            }
            // Stable sort by start: equal starts keep the order given (the last one wins).
            let order = prop.keyframes.indices.sorted {
                let a = prop.keyframes[$0].relativeStartTime, b = prop.keyframes[$1].relativeStartTime
                return a < b || (a == b && $0 < $1)
            }
            var segs: [Segment] = []
            var current = prop.initialValue
            for (n, j) in order.enumerated() {
                let kf = prop.keyframes[j]
                let start = kf.relativeStartTime
                let naturalEnd = min(1, start + kf.relativeDuration)
                let nextStart = n + 1 < order.count ? prop.keyframes[order[n + 1]].relativeStartTime : Double.infinity
                let end = min(naturalEnd, nextStart)
                var seg = Segment(
                    start: start, duration: kf.relativeDuration, end: end, from: current, to: kf.value,
                    held: kf.value, timing: kf.timing)
                if end < naturalEnd {
                    // Cut by the next keyframe: hold the value reached at the cut.
                    let w = T(kf.timing.value(at: (end - start) / kf.relativeDuration))
                    seg.held = zip(current, kf.value).map { (1 - w) * $0 + w * $1 }
                }
                current = seg.held
                segs.append(seg)
            }
            all.append(segs)
        }
        self.duration = duration
        self.timing = timing
        self.properties = properties
        self.segments = all
    }

    /// Every property's value at `time` seconds: `width` numbers, the properties' channels in
    /// order.
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public func value(at time: T) -> [T] {
        var out = [T](repeating: 0, count: width)
        out.withUnsafeMutableBufferPointer { write(time, into: $0.baseAddress!) }
        return out
    }

    /// Samples at many times (seconds, any order): a `times.count × width` row-major array.
    /// - Throws: `invalidValue` naming `times[i]` for a non-finite time, or `times` when the
    ///   output would exceed 10⁹ numbers.
    /// - Complexity: O(N · (width + log keyframes)).
    @_specialize(where T == Float)
    @_specialize(where T == Double)
    public func sample(at times: [T]) throws(MotionKernelError) -> [T] {
        for (i, t) in times.enumerated() where !t.isFinite {
            throw MotionKernelError.invalidValue("times[\(i)]", "expected a finite number, got \(t)")
        }
        let w = width
        let n = try MotionKernelError.checkedCount([times.count, w], limit: 1_000_000_000, "times")
        var out = [T](repeating: 0, count: n)
        out.withUnsafeMutableBufferPointer { o in
            for (r, t) in times.enumerated() { write(t, into: o.baseAddress! + r * w) }
        }
        return out
    }

    /// Writes all channels at `time` into `o`.
    func write(_ time: T, into o: UnsafeMutablePointer<T>) {
        let x = min(max(time / duration, 0), 1).doubleValue
        let u = min(max(timing.value(at: x), 0), 1)
        var column = 0
        for (pi, segs) in segments.enumerated() {
            let d = properties[pi].initialValue.count
            // The last keyframe with start ≤ u (later-starting keyframes win).
            var lo = 0, hi = segs.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if segs[mid].start <= u { lo = mid + 1 } else { hi = mid }
            }
            if lo == 0 {
                for c in 0..<d { o[column + c] = properties[pi].initialValue[c] }
            } else {
                let s = segs[lo - 1]
                if u >= s.end {
                    for c in 0..<d { o[column + c] = s.held[c] }
                } else {
                    // start ≤ u < end ≤ start + duration, so duration > 0.
                    let w = T(s.timing.value(at: (u - s.start) / s.duration))
                    for c in 0..<d { o[column + c] = (1 - w) * s.from[c] + w * s.to[c] }
                }
            }
            column += d
        }
    }
}
