#if hasFeature(Embedded)
// WebAssembly has no C library: the module's own elementary functions (web/runtime).
import MotionKernelWasmRuntime
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The floating-point types MotionKernel computes in: `Float` and `Double`.
///
/// The protocol gathers the elementary functions the kernels need as static members, so that
/// generic code (`T.exp(x)`) specialises to the C library's `expf` / `exp`. Both conformances
/// live in `Float+MotionScalar.swift` and `Double+MotionScalar.swift`; no other type is
/// expected to conform (the BLAS door rejects other types with `MotionKernelError.unsupported`).
///
/// All functions follow the C library (IEEE 754, radians for angles).
public protocol MotionScalar: BinaryFloatingPoint, Sendable, LosslessStringConvertible
where Self.RawSignificand: FixedWidthInteger {
    /// e^x.
    static func exp(_ x: Self) -> Self
    /// e^x − 1, accurate for small x.
    static func expm1(_ x: Self) -> Self
    /// Natural logarithm; −∞ at 0, NaN below.
    static func log(_ x: Self) -> Self
    /// log(1 + x), accurate for small x.
    static func log1p(_ x: Self) -> Self
    /// Sine of x radians.
    static func sin(_ x: Self) -> Self
    /// Cosine of x radians.
    static func cos(_ x: Self) -> Self
    /// Tangent of x radians.
    static func tan(_ x: Self) -> Self
    /// Arc tangent in (−π/2, π/2).
    static func atan(_ x: Self) -> Self
    /// Arc tangent of y/x in (−π, π], using the signs of both arguments.
    static func atan2(_ y: Self, _ x: Self) -> Self
    /// Arc sine in [−π/2, π/2].
    static func asin(_ x: Self) -> Self
    /// Arc cosine in [0, π].
    static func acos(_ x: Self) -> Self
    /// Hyperbolic sine.
    static func sinh(_ x: Self) -> Self
    /// Hyperbolic cosine.
    static func cosh(_ x: Self) -> Self
    /// Hyperbolic tangent.
    static func tanh(_ x: Self) -> Self
    /// x^y.
    static func pow(_ x: Self, _ y: Self) -> Self
    /// Cube root (real, defined for negative x).
    static func cbrt(_ x: Self) -> Self
    /// sqrt(x² + y²) without undue overflow or underflow.
    static func hypot(_ x: Self, _ y: Self) -> Self
    /// The value converted from `Double` with rounding to nearest.
    init(_ value: Double)
    /// The value as a `Double` (exact for both conforming types).
    var doubleValue: Double { get }
}

extension MotionScalar {
    /// x * x.
    @inlinable @inline(__always)
    public static func square(_ x: Self) -> Self { x * x }
}

// C library entry points under names that do not collide with the static members above.
@usableFromInline @inline(__always) func _mkExp(_ x: Double) -> Double { exp(x) }
@usableFromInline @inline(__always) func _mkExpm1(_ x: Double) -> Double { expm1(x) }
@usableFromInline @inline(__always) func _mkLog(_ x: Double) -> Double { log(x) }
@usableFromInline @inline(__always) func _mkLog1p(_ x: Double) -> Double { log1p(x) }
@usableFromInline @inline(__always) func _mkSin(_ x: Double) -> Double { sin(x) }
@usableFromInline @inline(__always) func _mkCos(_ x: Double) -> Double { cos(x) }
@usableFromInline @inline(__always) func _mkTan(_ x: Double) -> Double { tan(x) }
@usableFromInline @inline(__always) func _mkAtan(_ x: Double) -> Double { atan(x) }
@usableFromInline @inline(__always) func _mkAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@usableFromInline @inline(__always) func _mkAsin(_ x: Double) -> Double { asin(x) }
@usableFromInline @inline(__always) func _mkAcos(_ x: Double) -> Double { acos(x) }
@usableFromInline @inline(__always) func _mkSinh(_ x: Double) -> Double { sinh(x) }
@usableFromInline @inline(__always) func _mkCosh(_ x: Double) -> Double { cosh(x) }
@usableFromInline @inline(__always) func _mkTanh(_ x: Double) -> Double { tanh(x) }
@usableFromInline @inline(__always) func _mkPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
@usableFromInline @inline(__always) func _mkCbrt(_ x: Double) -> Double { cbrt(x) }
@usableFromInline @inline(__always) func _mkHypot(_ x: Double, _ y: Double) -> Double { hypot(x, y) }
@usableFromInline @inline(__always) func _mkExpf(_ x: Float) -> Float { expf(x) }
@usableFromInline @inline(__always) func _mkExpm1f(_ x: Float) -> Float { expm1f(x) }
@usableFromInline @inline(__always) func _mkLogf(_ x: Float) -> Float { logf(x) }
@usableFromInline @inline(__always) func _mkLog1pf(_ x: Float) -> Float { log1pf(x) }
@usableFromInline @inline(__always) func _mkSinf(_ x: Float) -> Float { sinf(x) }
@usableFromInline @inline(__always) func _mkCosf(_ x: Float) -> Float { cosf(x) }
@usableFromInline @inline(__always) func _mkTanf(_ x: Float) -> Float { tanf(x) }
@usableFromInline @inline(__always) func _mkAtanf(_ x: Float) -> Float { atanf(x) }
@usableFromInline @inline(__always) func _mkAtan2f(_ y: Float, _ x: Float) -> Float { atan2f(y, x) }
@usableFromInline @inline(__always) func _mkAsinf(_ x: Float) -> Float { asinf(x) }
@usableFromInline @inline(__always) func _mkAcosf(_ x: Float) -> Float { acosf(x) }
@usableFromInline @inline(__always) func _mkSinhf(_ x: Float) -> Float { sinhf(x) }
@usableFromInline @inline(__always) func _mkCoshf(_ x: Float) -> Float { coshf(x) }
@usableFromInline @inline(__always) func _mkTanhf(_ x: Float) -> Float { tanhf(x) }
@usableFromInline @inline(__always) func _mkPowf(_ x: Float, _ y: Float) -> Float { powf(x, y) }
@usableFromInline @inline(__always) func _mkCbrtf(_ x: Float) -> Float { cbrtf(x) }
@usableFromInline @inline(__always) func _mkHypotf(_ x: Float, _ y: Float) -> Float { hypotf(x, y) }
