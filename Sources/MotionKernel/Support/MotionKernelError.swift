/// The one error type MotionKernel throws.
///
/// Every case names the offending field as a dotted JSON-style path (`stiffness`,
/// `spring.dampingRatio`, `at[3]`) and says what was expected. The codes mirror the
/// `motionkernel eval` protocol's error codes (`missingField`, `invalidValue`, `unsupported`),
/// so the CLI reports library errors unchanged.
public struct MotionKernelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure; the raw values are the eval protocol's error codes.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// A required field is absent.
        case missingField
        /// Wrong type, non-finite, out of range, unsorted, mismatched lengths or too large.
        case invalidValue
        /// A valid request that this build does not support.
        case unsupported
    }

    /// What went wrong.
    public var code: Code
    /// The path of the field at fault (`""` when the request as a whole is at fault).
    public var field: String
    /// A human-readable reason, saying what was expected.
    public var reason: String

    /// Creates an error. Prefer the static constructors.
    public init(code: Code, field: String, reason: String) {
        self.code = code
        self.field = field
        self.reason = reason
    }

    /// `field` is required but absent.
    public static func missingField(_ field: String) -> MotionKernelError {
        MotionKernelError(code: .missingField, field: field, reason: "is required")
    }

    /// `field` has a value that is not accepted; `reason` says what was expected.
    public static func invalidValue(_ field: String, _ reason: String) -> MotionKernelError {
        MotionKernelError(code: .invalidValue, field: field, reason: reason)
    }

    /// The request is well formed but asks for something not supported.
    public static func unsupported(_ field: String, _ reason: String) -> MotionKernelError {
        MotionKernelError(code: .unsupported, field: field, reason: reason)
    }

    /// The same error with `prefix` prepended to its field path (`spring` + `stiffness` →
    /// `spring.stiffness`; `at` + `[3]` → `at[3]`).
    public func prefixed(_ prefix: String) -> MotionKernelError {
        var copy = self
        if prefix.isEmpty { return copy }
        if field.isEmpty {
            copy.field = prefix
        } else if field.utf8.first == UInt8(ascii: "[") {
            copy.field = prefix + field
        } else {
            copy.field = prefix + "." + field
        }
        return copy
    }

    /// `"field: reason"`, or just the reason when no field is named.
    public var message: String { field.isEmpty ? reason : "\(field): \(reason)" }

    /// `"code: message"`, e.g. `"invalidValue: spring.stiffness: expected a number > 0, got -1"`.
    public var description: String { "\(code.rawValue): \(message)" }
}

/// Validation helpers shared by every public initialiser.
extension MotionKernelError {
    /// `value` as its type's `description` writes it (`-1.0`, `nan`). Embedded Swift cannot
    /// interpolate a generic floating-point value, so there it goes through the concrete type.
    @usableFromInline
    static func text<T: BinaryFloatingPoint>(_ value: T) -> String {
        #if hasFeature(Embedded)
        if let v = value as? Double { return v.description }
        if let v = value as? Float { return v.description }
        return Double(value).description
        #else
        return "\(value)"
        #endif
    }

    /// `invalidValue` naming `field`: "expected \(expected), got \(value)", the value as
    /// ``text(_:)`` writes it. One function for every check's message, not built at each
    /// check (the WebAssembly module's size).
    @usableFromInline
    @inline(never)
    static func expected<T: BinaryFloatingPoint>(_ field: String, _ expected: String, got value: T) -> MotionKernelError {
        invalidValue(field, "expected \(expected), got \(text(value))")
    }

    /// Throws `invalidValue` unless `value` is finite.
    @inlinable
    /// (`field` is only built when the check fails, so hot loops may pass interpolated paths.)
    public static func requireFinite<T: BinaryFloatingPoint>(_ value: T, _ field: @autoclosure () -> String) throws(MotionKernelError) {
        guard value.isFinite else { throw expected(field(), "a finite number", got: value) }
    }

    /// Throws `invalidValue` unless `value` is finite and > 0.
    @inlinable
    public static func requirePositive<T: BinaryFloatingPoint>(_ value: T, _ field: @autoclosure () -> String) throws(MotionKernelError) {
        guard value.isFinite else { throw expected(field(), "a finite number", got: value) }
        guard value > 0 else { throw expected(field(), "a number > 0", got: value) }
    }

    /// Throws `invalidValue` unless `value` is finite and ≥ 0.
    @inlinable
    public static func requireNonNegative<T: BinaryFloatingPoint>(_ value: T, _ field: @autoclosure () -> String) throws(MotionKernelError) {
        guard value.isFinite else { throw expected(field(), "a finite number", got: value) }
        guard value >= 0 else { throw expected(field(), "a number >= 0", got: value) }
    }

    /// Throws `invalidValue` naming `from`, `to` or `initialVelocity`, checked in that order,
    /// unless all three numbers of a motion are finite.
    static func requireFiniteMotion<T: BinaryFloatingPoint>(from: T, to: T, initialVelocity: T) throws(MotionKernelError) {
        try requireFinite(from, "from")
        try requireFinite(to, "to")
        try requireFinite(initialVelocity, "initialVelocity")
    }

    /// The product of `dims` if it is at most `limit`, else `invalidValue` naming `field`.
    /// Never overflows: used before any allocation sized by caller data.
    public static func checkedCount(_ dims: [Int], limit: Int, _ field: String) throws(MotionKernelError) -> Int {
        var total = 1
        for d in dims {
            guard d >= 0 else { throw MotionKernelError.invalidValue(field, "negative size \(d)") }
            let (p, overflow) = total.multipliedReportingOverflow(by: d)
            guard !overflow, p <= limit else {
                throw MotionKernelError.invalidValue(
                    field, "output of \(dims.map(String.init).joined(separator: "×")) numbers exceeds the limit of \(limit)")
            }
            total = p
        }
        return total
    }
}
