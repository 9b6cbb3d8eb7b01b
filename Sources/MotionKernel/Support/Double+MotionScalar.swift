extension Double: MotionScalar {
    @inlinable @inline(__always) public static func exp(_ x: Double) -> Double { _mkExp(x) }
    @inlinable @inline(__always) public static func expm1(_ x: Double) -> Double { _mkExpm1(x) }
    @inlinable @inline(__always) public static func log(_ x: Double) -> Double { _mkLog(x) }
    @inlinable @inline(__always) public static func log1p(_ x: Double) -> Double { _mkLog1p(x) }
    @inlinable @inline(__always) public static func sin(_ x: Double) -> Double { _mkSin(x) }
    @inlinable @inline(__always) public static func cos(_ x: Double) -> Double { _mkCos(x) }
    @inlinable @inline(__always) public static func tan(_ x: Double) -> Double { _mkTan(x) }
    @inlinable @inline(__always) public static func atan(_ x: Double) -> Double { _mkAtan(x) }
    @inlinable @inline(__always) public static func atan2(_ y: Double, _ x: Double) -> Double { _mkAtan2(y, x) }
    @inlinable @inline(__always) public static func asin(_ x: Double) -> Double { _mkAsin(x) }
    @inlinable @inline(__always) public static func acos(_ x: Double) -> Double { _mkAcos(x) }
    @inlinable @inline(__always) public static func sinh(_ x: Double) -> Double { _mkSinh(x) }
    @inlinable @inline(__always) public static func cosh(_ x: Double) -> Double { _mkCosh(x) }
    @inlinable @inline(__always) public static func tanh(_ x: Double) -> Double { _mkTanh(x) }
    @inlinable @inline(__always) public static func pow(_ x: Double, _ y: Double) -> Double { _mkPow(x, y) }
    @inlinable @inline(__always) public static func cbrt(_ x: Double) -> Double { _mkCbrt(x) }
    @inlinable @inline(__always) public static func hypot(_ x: Double, _ y: Double) -> Double { _mkHypot(x, y) }
    @inlinable @inline(__always) public var doubleValue: Double { self }
}
