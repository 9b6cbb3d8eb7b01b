#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// C's `printf` text of one `Double` (`%.3e`, `%.4g`, `%.6f`), without Foundation.
///
/// It is the C library's `vsnprintf`, which is what `String(format:)` calls for these
/// conversions: the same digits, rounded as the C library rounds the exact binary value, and the
/// C locale's decimal point (a process that never calls `setlocale`, as Swift programs do not,
/// has the "C" locale: a period, no grouping).
package enum CFormat {
    /// A `printf` floating-point conversion.
    package enum Conversion: String, Sendable {
        /// `%e`: one digit, the point, `precision` digits, `e`, the sign and at least two exponent
        /// digits (`1.235e+05`).
        case e
        /// `%f`: fixed notation with `precision` digits after the point (`0.100000`).
        case f
        /// `%g`: `precision` significant digits in `%e` or `%f` form, whichever C picks (an
        /// exponent below −4 or at least `precision` takes `%e`), trailing zeros removed.
        case g
    }

    /// `x` written as `%.<precision><conversion>`.
    /// - Parameters:
    ///   - x: The number; `nan`, `inf` and `-inf` are written as C writes them.
    ///   - precision: The precision, at least 0.
    ///   - conversion: `e`, `f` or `g`.
    /// - Returns: The text, ASCII.
    package static func format(_ x: Double, precision: Int, _ conversion: Conversion) -> String {
        let spec = "%.\(max(precision, 0))\(conversion.rawValue)"
        let length = withVaList([x]) { vsnprintf(nil, 0, spec, $0) }
        guard length > 0 else { return "" }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        _ = buffer.withUnsafeMutableBufferPointer { b in
            withVaList([x]) { vsnprintf(b.baseAddress, b.count, spec, $0) }
        }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
