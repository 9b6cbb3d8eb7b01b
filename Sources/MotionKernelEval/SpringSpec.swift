import MotionKernel

/// A spring parameter set (a "field set" of the eval protocol's SpringSpec, docs/eval-protocol.md)
/// and its one mapping to `Spring`: eval's `spring` objects, the columns of a batch
/// `spring.batch` job and the C ABI all name a spring by one of these sets.
///
/// The raw value is the set's name (`"stiffness/dampingRatio"`); the cases are in the protocol's
/// order, which decides between sets when the keys given fit several.
package enum SpringSpec: String, CaseIterable, Sendable {
    /// `stiffness`, `damping`, optional `mass` (1): the physical parameters k, c, m.
    case physical
    /// `stiffness`, `dampingRatio`, optional `mass` (1): Android `SpringForce`, c = 2ζ√(km).
    case stiffnessDampingRatio = "stiffness/dampingRatio"
    /// `response`, `dampingRatio`: SwiftUI's and UIKit's response (undamped period, seconds) and ζ.
    case responseDampingRatio = "response/dampingRatio"
    /// `duration`, optional `bounce` (0): SwiftUI's perceptual duration and bounce.
    case durationBounce = "duration/bounce"
    /// `tension`, `friction`: Origami's (Quartz Composer's) spring.
    case tensionFriction = "tension/friction"
    /// `bounciness`, `speed`: Origami's and Facebook Rebound's bounciness and speed.
    case bouncinessSpeed = "bounciness/speed"
    /// `visualDuration`, `bounce`: Motion's (Framer Motion's) spring, mass 1.
    case visualDurationBounce = "visualDuration/bounce"

    /// The keys the set requires, in the order its parameters are read.
    package var required: [String] {
        switch self {
        case .physical: return ["stiffness", "damping"]
        case .stiffnessDampingRatio: return ["stiffness", "dampingRatio"]
        case .responseDampingRatio: return ["response", "dampingRatio"]
        case .durationBounce: return ["duration"]
        case .tensionFriction: return ["tension", "friction"]
        case .bouncinessSpeed: return ["bounciness", "speed"]
        case .visualDurationBounce: return ["visualDuration", "bounce"]
        }
    }

    /// The keys the set accepts besides ``required``, each with its default.
    package var optional: [String] {
        switch self {
        case .physical, .stiffnessDampingRatio: return ["mass"]
        case .durationBounce: return ["bounce"]
        default: return []
        }
    }

    /// Every key the set accepts, the required ones first (each once).
    package var keys: [String] { required + optional }

    /// Every key of every set, in byte order (for ASCII names, `String`'s order), each once.
    package static let allKeys: [String] = UTF8Text.sortedUnique(allCases.flatMap { $0.keys })

    /// The first set (in the protocol's order) whose required keys are all in `present` and
    /// which accepts every key of `present`; nil when none does. Keys are matched by their
    /// UTF-8 bytes.
    package static func matching<C: Collection>(_ present: C) -> SpringSpec? where C.Element == String {
        allCases.first { set in
            set.required.allSatisfy { r in present.contains { UTF8Text.equal($0, r) } } && present.allSatisfy { set.keys.containsUTF8($0) }
        }
    }

    /// The spring of this set from its parameters: `value(key)` is the number given for `key`,
    /// nil when it is absent (an optional key then takes its default: `mass` 1, `bounce` 0).
    /// Keys are read in the order of the set's initialiser's arguments, so the first bad one is
    /// the one reported.
    /// - Throws: what `value` throws; `missingField` naming a required key that is absent;
    ///   otherwise the `Spring` initialiser's `invalidValue`, naming its parameter.
    package func spring<T: MotionScalar>(_ value: (String) throws(MotionKernelError) -> T?) throws(MotionKernelError) -> Spring<T> {
        func n(_ key: String) throws(MotionKernelError) -> T {
            guard let v = try value(key) else { throw MotionKernelError.missingField(key) }
            return v
        }
        switch self {
        case .physical:
            return try Spring(mass: value("mass") ?? 1, stiffness: n("stiffness"), damping: n("damping"), allowOverDamping: true)
        case .stiffnessDampingRatio: return try Spring(stiffness: n("stiffness"), dampingRatio: n("dampingRatio"), mass: value("mass") ?? 1)
        case .responseDampingRatio: return try Spring(response: n("response"), dampingRatio: n("dampingRatio"))
        case .durationBounce: return try Spring(duration: n("duration"), bounce: value("bounce") ?? 0)
        case .tensionFriction: return try Spring(tension: n("tension"), friction: n("friction"))
        case .visualDurationBounce: return try Spring.motion(visualDuration: n("visualDuration"), bounce: n("bounce"))
        case .bouncinessSpeed: return try Spring(bounciness: n("bounciness"), speed: n("speed"))
        }
    }

    /// The damping c = 2ζ√(km) of stiffness k, damping ratio ζ and mass m, as `(2ζ)·√(k·m)`,
    /// unchecked: the bulk path of ``stiffnessDampingRatio`` for valid parameters (batch
    /// columns, and the C ABI's `mk_spring_damping_f64`, through which the Python package
    /// converts a damping ratio once before calling the physical-parameter kernels).
    package static func damping(stiffness k: Double, dampingRatio z: Double, mass m: Double) -> Double {
        2 * z * (k * m).squareRoot()
    }

    /// Every corner of a box: each of the 2ⁿ choices of `lo` or `hi` per dimension (bit b of the
    /// corner's index picks `hi` for dimension b).
    package static func corners(_ bounds: [(lo: Double, hi: Double)]) -> [[Double]] {
        (0..<(1 << bounds.count)).map { corner in
            bounds.enumerated().map { b, range in corner & (1 << b) == 0 ? range.lo : range.hi }
        }
    }
}
