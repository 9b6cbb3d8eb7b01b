extension Float: MotionScalar {
    @inlinable @inline(__always) public static func exp(_ x: Float) -> Float { _mkExpf(x) }
    @inlinable @inline(__always) public static func expm1(_ x: Float) -> Float { _mkExpm1f(x) }
    @inlinable @inline(__always) public static func log(_ x: Float) -> Float { _mkLogf(x) }
    @inlinable @inline(__always) public static func log1p(_ x: Float) -> Float { _mkLog1pf(x) }
    @inlinable @inline(__always) public static func sin(_ x: Float) -> Float { _mkSinf(x) }
    @inlinable @inline(__always) public static func cos(_ x: Float) -> Float { _mkCosf(x) }
    @inlinable @inline(__always) public static func tan(_ x: Float) -> Float { _mkTanf(x) }
    @inlinable @inline(__always) public static func atan(_ x: Float) -> Float { _mkAtanf(x) }
    @inlinable @inline(__always) public static func atan2(_ y: Float, _ x: Float) -> Float { _mkAtan2f(y, x) }
    @inlinable @inline(__always) public static func asin(_ x: Float) -> Float { _mkAsinf(x) }
    @inlinable @inline(__always) public static func acos(_ x: Float) -> Float { _mkAcosf(x) }
    @inlinable @inline(__always) public static func sinh(_ x: Float) -> Float { _mkSinhf(x) }
    @inlinable @inline(__always) public static func cosh(_ x: Float) -> Float { _mkCoshf(x) }
    @inlinable @inline(__always) public static func tanh(_ x: Float) -> Float { _mkTanhf(x) }
    @inlinable @inline(__always) public static func pow(_ x: Float, _ y: Float) -> Float { _mkPowf(x, y) }
    @inlinable @inline(__always) public static func cbrt(_ x: Float) -> Float { _mkCbrtf(x) }
    @inlinable @inline(__always) public static func hypot(_ x: Float, _ y: Float) -> Float { _mkHypotf(x, y) }
    @inlinable @inline(__always) public var doubleValue: Double { Double(self) }
}
