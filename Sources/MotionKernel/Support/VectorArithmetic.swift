#if canImport(Foundation) && !MOTIONKERNEL_NO_FOUNDATION
import Foundation
#endif

/// A value a spring or a keyframe track can animate: a vector space over `Double`, shaped like
/// SwiftUI's `VectorArithmetic` so that generic code written against SwiftUI
/// (`where V: VectorArithmetic`) compiles here unchanged (``VectorArithmetic`` is an alias).
///
/// Requirements (SwiftUI's): `AdditiveArithmetic` (`zero`, `+`, `-`), `scale(by:)` multiplying
/// every component by a `Double`, and `magnitudeSquared`, the dot product of the value with
/// itself, in `Double`. Choices made here:
/// - **Scaling rounds once.** `Float` (and SIMD lanes of `Float`) scale as
///   `Float(Double(x) · r)`: the product of a `Float` and a `Double` rounded once to `Float`.
///   (SwiftUI's `Float` rounds `r` to `Float` first; when `r` is itself a `Float`, as the
///   propagator entries of a `Spring<Float>` are, both give the correctly rounded `Float`
///   product.) `Double` scales as `x · r`.
/// - **SIMD values are per-lane.** `SIMD2`, `SIMD3` and `SIMD4` of `Float` or `Double` scale each
///   lane exactly as the scalar type does, so a spring animating a SIMD vector gives, lane for
///   lane, the bits the spring gives for each scalar.
/// - **Finiteness without a component view.** A value is finite when `scaled(by: 0) == .zero`
///   (every component times 0 is ±0; ∞ · 0 and NaN · 0 are NaN). Spring and keyframe APIs use
///   this to reject non-finite input with a ``MotionKernelError`` instead of returning NaN.
/// - **`SpringScalar`** (not in SwiftUI, defaulted, so SwiftUI-style conformances need not name
///   it): the precision of the ``Spring`` that a ``SpringMotion`` of this value type runs on —
///   `Float` for `Float` and SIMD of `Float`, `Double` otherwise.
///
/// Conformances: `Float`, `Double`, `SIMD2`/`SIMD3`/`SIMD4` of `Float` and `Double`, and, where
/// Foundation exists (Linux included), `CGFloat`, `CGPoint` (x, y) and `CGSize` (width, height);
/// a build with `-D MOTIONKERNEL_NO_FOUNDATION` (the C library in a self-contained package, where
/// Linux's Foundation would bring its Unicode data along) leaves those three out and imports no
/// Foundation.
/// SIMD and CG types gain `AdditiveArithmetic` retroactively (the standard library and
/// Foundation do not declare it); the `+`/`-` operators added to `CGPoint` and `CGSize` are
/// component-wise.
public protocol MotionVectorArithmetic: AdditiveArithmetic {
    /// The scalar type of the springs that drive a ``SpringMotion`` of this value type.
    associatedtype SpringScalar: MotionScalar = Double

    /// Multiplies every component by `rhs`.
    mutating func scale(by rhs: Double)

    /// The dot product of the value with itself (the squared Euclidean norm), in `Double`.
    var magnitudeSquared: Double { get }
}

/// SwiftUI's name for ``MotionVectorArithmetic``: code constrained `where V: VectorArithmetic`
/// compiles against MotionKernel unchanged. (On Apple platforms, when SwiftUI is imported
/// too, qualify it as `MotionKernel.VectorArithmetic`.)
public typealias VectorArithmetic = MotionVectorArithmetic

extension MotionVectorArithmetic {
    /// A copy with every component multiplied by `rhs`.
    @inlinable
    public func scaled(by rhs: Double) -> Self {
        var r = self
        r.scale(by: rhs)
        return r
    }

    /// Moves this value `amount` of the way towards `other`: self + (other − self)·amount.
    @inlinable
    public mutating func interpolate(towards other: Self, amount: Double) {
        self = self + (other - self).scaled(by: amount)
    }

    /// self + (other − self)·amount.
    @inlinable
    public func interpolated(towards other: Self, amount: Double) -> Self {
        self + (other - self).scaled(by: amount)
    }

    /// True when every component is finite: the value times 0 is zero (∞·0 and NaN·0 are NaN).
    @inlinable
    public var isFiniteVector: Bool { scaled(by: 0) == .zero }
}

extension Double: MotionVectorArithmetic {
    /// The spring scalar of a `Double` value.
    public typealias SpringScalar = Double
    /// self · rhs.
    @inlinable @inline(__always)
    public mutating func scale(by rhs: Double) { self *= rhs }
    /// self².
    @inlinable
    public var magnitudeSquared: Double { self * self }
}

extension Float: MotionVectorArithmetic {
    /// The spring scalar of a `Float` value.
    public typealias SpringScalar = Float
    /// Float(Double(self) · rhs): one rounding.
    @inlinable @inline(__always)
    public mutating func scale(by rhs: Double) { self = Float(Double(self) * rhs) }
    /// Double(self)² (exact for a `Float`, up to the `Double` rounding of the square).
    @inlinable
    public var magnitudeSquared: Double { Double(self) * Double(self) }
}

// SwiftUI-shaped vectors must be AdditiveArithmetic; the standard library does not declare it
// for SIMD types (a deliberate retroactive conformance, documented on the protocol).
// swift-format-ignore: AvoidRetroactiveConformances
extension SIMD2: @retroactive AdditiveArithmetic where Scalar: MotionScalar {}
// swift-format-ignore: AvoidRetroactiveConformances
extension SIMD3: @retroactive AdditiveArithmetic where Scalar: MotionScalar {}
// swift-format-ignore: AvoidRetroactiveConformances
extension SIMD4: @retroactive AdditiveArithmetic where Scalar: MotionScalar {}

extension SIMD where Scalar: MotionScalar {
    /// Each lane scaled as the scalar type scales: Scalar(lane · rhs), the product in `Double`
    /// rounded once (the `scale(by:)` of `SIMD2`, `SIMD3` and `SIMD4`).
    @inlinable
    mutating func scaleLanes(by rhs: Double) {
        for i in indices { self[i] = Scalar(self[i].doubleValue * rhs) }
    }

    /// Σ lane², summed in `Double` in lane order (their `magnitudeSquared`).
    @inlinable
    var laneMagnitudeSquared: Double {
        var s = 0.0
        for i in indices { s += self[i].doubleValue * self[i].doubleValue }
        return s
    }
}

extension SIMD2: MotionVectorArithmetic where Scalar: MotionScalar {
    /// The lane type.
    public typealias SpringScalar = Scalar
    /// Each lane scaled as the scalar type scales (one rounding from the `Double` product).
    @inlinable public mutating func scale(by rhs: Double) { scaleLanes(by: rhs) }
    /// Σ lane², summed in `Double` in lane order.
    @inlinable public var magnitudeSquared: Double { laneMagnitudeSquared }
}

extension SIMD3: MotionVectorArithmetic where Scalar: MotionScalar {
    /// The lane type.
    public typealias SpringScalar = Scalar
    /// Each lane scaled as the scalar type scales (one rounding from the `Double` product).
    @inlinable public mutating func scale(by rhs: Double) { scaleLanes(by: rhs) }
    /// Σ lane², summed in `Double` in lane order.
    @inlinable public var magnitudeSquared: Double { laneMagnitudeSquared }
}

extension SIMD4: MotionVectorArithmetic where Scalar: MotionScalar {
    /// The lane type.
    public typealias SpringScalar = Scalar
    /// Each lane scaled as the scalar type scales (one rounding from the `Double` product).
    @inlinable public mutating func scale(by rhs: Double) { scaleLanes(by: rhs) }
    /// Σ lane², summed in `Double` in lane order.
    @inlinable public var magnitudeSquared: Double { laneMagnitudeSquared }
}

#if canImport(Foundation) && !MOTIONKERNEL_NO_FOUNDATION
extension CGFloat: MotionVectorArithmetic {
    /// CGFloat(Double(self) · rhs).
    @inlinable
    public mutating func scale(by rhs: Double) { self = CGFloat(Double(self) * rhs) }
    /// Double(self)².
    @inlinable
    public var magnitudeSquared: Double { Double(self) * Double(self) }
}

// swift-format-ignore: AvoidRetroactiveConformances
extension CGPoint: @retroactive AdditiveArithmetic {
    /// Component-wise sum.
    @inlinable
    public static func + (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
    /// Component-wise difference.
    @inlinable
    public static func - (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }
}

extension CGPoint: MotionVectorArithmetic {
    /// x and y scaled as `CGFloat` scales.
    @inlinable
    public mutating func scale(by rhs: Double) {
        x.scale(by: rhs)
        y.scale(by: rhs)
    }
    /// x² + y² in `Double`.
    @inlinable
    public var magnitudeSquared: Double { x.magnitudeSquared + y.magnitudeSquared }
}

// swift-format-ignore: AvoidRetroactiveConformances
extension CGSize: @retroactive AdditiveArithmetic {
    /// Component-wise sum.
    @inlinable
    public static func + (a: CGSize, b: CGSize) -> CGSize { CGSize(width: a.width + b.width, height: a.height + b.height) }
    /// Component-wise difference.
    @inlinable
    public static func - (a: CGSize, b: CGSize) -> CGSize { CGSize(width: a.width - b.width, height: a.height - b.height) }
}

extension CGSize: MotionVectorArithmetic {
    /// width and height scaled as `CGFloat` scales.
    @inlinable
    public mutating func scale(by rhs: Double) {
        width.scale(by: rhs)
        height.scale(by: rhs)
    }
    /// width² + height² in `Double`.
    @inlinable
    public var magnitudeSquared: Double { width.magnitudeSquared + height.magnitudeSquared }
}
#endif
