import MotionKernel

/// Eval-protocol handlers for keyframe tracks: `keyframes.sample` (`docs/eval-protocol.md`).
package enum KeyframeOps {
    static let handlers: [String: EvalHandler] = ["keyframes.sample": sample]

    /// A parsed `keyframes` object, in Double (converted to the request's precision later).
    package struct Spec {
        package var values: [Double]
        package var dimension: Int
        package var vectorItems: Bool
        package var keyTimes: [Double]?
        package var mode: KeyframeCalculationMode
        package var timingFunctions: [TimingFunction]
        package var tension: [Double]
        package var continuity: [Double]
        package var bias: [Double]

        /// The track in precision `T`; library errors get the `keyframes` prefix.
        package func track<T: MotionScalar>(_: T.Type, path: String) throws(MotionKernelError) -> KeyframeTrack<T> {
            do {
                return try KeyframeTrack(
                    values: values.map { T($0) }, dimension: dimension, keyTimes: keyTimes?.map { T($0) },
                    calculationMode: mode, timingFunctions: timingFunctions, tension: tension.map { T($0) },
                    continuity: continuity.map { T($0) }, bias: bias.map { T($0) })
            } catch let e {
                throw e.prefixed(path)
            }
        }
    }

    /// `keyframes.sample`: `keyframes` {values, keyTimes?, calculationMode, timingFunctions?,
    /// tensionValues?, continuityValues?, biasValues?}, `at` (progress, clamped to [0, 1]) →
    /// an array shaped like `values`' items. An absent `calculationMode` is `linear`, Core
    /// Animation's default for `CAKeyframeAnimation`.
    @Sendable
    static func sample(_ f: Fields, _ context: EvalContext) throws(MotionKernelError) -> JSONValue {
        try f.rejectUnknown(["id", "op", "precision", "keyframes", "at"])
        let spec = try parse(f.requireObject("keyframes"), requireMode: false)
        // Progress is clamped to [0, 1] (the track would clamp it too; clamping first keeps
        // huge inputs finite in Float).
        let at = try f.requireNumbers("at").map { min(max($0, 0), 1) }
        try Fields.checkOutput([at.count, spec.dimension], f.path("at"))
        let path = f.path("keyframes")
        let out: [Double]
        switch context.precision {
        case .double:
            out = try spec.track(Double.self, path: path).sample(at: at)
        case .float:
            out = try spec.track(Float.self, path: path).sample(at: at.map { Float($0) }).map { Double($0) }
        }
        if !spec.vectorItems { return .numbers(out) }
        let d = spec.dimension
        return .array((0..<at.count).map { r in .numbers(out[(r * d)..<((r + 1) * d)]) })
    }

    /// Reads a `keyframes` object (also used by the `keyframes.channels` batch kind, which
    /// supplies the values itself: `valuesKey` nil).
    package static func parse(_ spec: Fields, requireMode: Bool, valuesKey: String? = "values") throws(MotionKernelError) -> Spec {
        var allowed: Set<String> = ["keyTimes", "calculationMode", "timingFunctions", "tensionValues", "continuityValues", "biasValues"]
        if let valuesKey { allowed.insert(valuesKey) }
        try spec.rejectUnknown(allowed)
        var values: [Double] = [], dimension = 1, vector = false
        if let valuesKey {
            (values, dimension, vector) = try items(spec, valuesKey)
        }
        let modes = KeyframeCalculationMode.allCases.map(\.rawValue)
        let mode: KeyframeCalculationMode
        if let name = try spec.string("calculationMode") {
            guard let m = KeyframeCalculationMode(rawValue: name) else {
                throw MotionKernelError.invalidValue(
                    spec.path("calculationMode"), "unknown calculation mode \"\(name)\"; expected one of \(modes.joined(separator: ", "))")
            }
            mode = m
        } else if requireMode {
            throw MotionKernelError.missingField(spec.path("calculationMode"))
        } else {
            mode = .linear
        }
        let keyTimes = try spec.numbers("keyTimes")
        var timing: [TimingFunction] = []
        if let a = try spec.array("timingFunctions") {
            guard a.count <= maxOutputNumbers else {
                throw MotionKernelError.invalidValue(spec.path("timingFunctions"), "has \(a.count) items, too many")
            }
            timing = try a.enumerated().map { (a0, a1) throws(MotionKernelError) in try parseTimingSpec(a1, path: "\(spec.path("timingFunctions"))[\(a0)]") }
        }
        return Spec(
            values: values, dimension: dimension, vectorItems: vector, keyTimes: keyTimes, mode: mode,
            timingFunctions: timing, tension: try spec.numbers("tensionValues") ?? [],
            continuity: try spec.numbers("continuityValues") ?? [], bias: try spec.numbers("biasValues") ?? [])
    }

    /// `values`: all numbers (dimension 1, scalar items) or all arrays of one length D ≥ 1.
    static func items(_ spec: Fields, _ key: String) throws(MotionKernelError) -> (values: [Double], dimension: Int, vectorItems: Bool) {
        try spec.numberItems(key, allowEmpty: false)
    }
}
