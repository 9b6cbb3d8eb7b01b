// The WebAssembly module's C entry points (Embedded Swift; compiled by Tools/wasm with the
// sources in web/embedded-sources.txt, never by the Swift package). Numbers cross as f64 or f32,
// texts through a buffer in linear memory (`mk_text_buffer`, UTF-8, `mk_text_length` bytes).

/// The last text an entry point wrote (an answer, a `linear()` text, an error message).
nonisolated(unsafe) var textOut: [UInt8] = []

/// Replaces the text buffer's content.
/// - Returns: the length in bytes.
func setText(_ s: String) -> Int32 {
    textOut = Array(s.utf8)
    return Int32(truncatingIfNeeded: textOut.count)
}

/// The address of the last text written.
@_cdecl("mk_text_buffer")
public func mkTextBuffer() -> UnsafeMutablePointer<UInt8>? {
    textOut.withUnsafeMutableBufferPointer { $0.baseAddress }
}

/// The length in bytes of the last text written.
@_cdecl("mk_text_length")
public func mkTextLength() -> Int32 { Int32(truncatingIfNeeded: textOut.count) }

/// x(t) of the spring (mass, stiffness, damping) from `from` to `to` with initial velocity
/// `velocity`, at `t` seconds; NaN when the spring is invalid (the message in the text buffer).
@_cdecl("mk_spring_value")
public func mkSpringValue(
    _ mass: Double, _ stiffness: Double, _ damping: Double, _ from: Double, _ to: Double, _ velocity: Double, _ t: Double
) -> Double {
    do {
        let s = try Spring<Double>(mass: mass, stiffness: stiffness, damping: damping)
        return try SpringMotion(spring: s, from: from, to: to, initialVelocity: velocity).state(at: t).value
    } catch {
        _ = setText(error.description)
        return .nan
    }
}

/// The exact settling time (seconds) of the same motion for tolerance `epsilon`; −1 on an error
/// (the message in the text buffer).
@_cdecl("mk_spring_settle")
public func mkSpringSettle(
    _ mass: Double, _ stiffness: Double, _ damping: Double, _ from: Double, _ to: Double, _ velocity: Double, _ epsilon: Double
) -> Double {
    do {
        let s = try Spring<Double>(mass: mass, stiffness: stiffness, damping: damping)
        return try SpringMotion(spring: s, from: from, to: to, initialVelocity: velocity).settlingDuration(epsilon: epsilon)
    } catch {
        _ = setText(error.description)
        return -1
    }
}

/// Room for an input text of `length` bytes (a CSS easing, later a request), to fill before
/// the call that reads it.
/// - Returns: its address.
@_cdecl("mk_text_input")
public func mkTextInput(_ length: Int32) -> UnsafeMutablePointer<UInt8>? {
    textIn = [UInt8](repeating: 0, count: max(0, Int(length)))
    return textIn.withUnsafeMutableBufferPointer { $0.baseAddress }
}

/// The input text (`mk_text_input`).
nonisolated(unsafe) var textIn: [UInt8] = []

/// The CSS `linear()` text of the spring (mass, stiffness, damping) from 0 to 1 at rest, within
/// `tolerance`, into the text buffer.
/// - Returns: its length, or −length of the error message.
@_cdecl("mk_spring_css_linear")
public func mkSpringCSSLinear(_ mass: Double, _ stiffness: Double, _ damping: Double, _ tolerance: Double, _ float: Int32) -> Int32 {
    do {
        if float != 0 {
            let s = try Spring<Float>(mass: Float(mass), stiffness: Float(stiffness), damping: Float(damping))
            return setText(try SpringCurve(spring: s).cssLinear(tolerance: Float(tolerance)).css)
        }
        let s = try Spring<Double>(mass: mass, stiffness: stiffness, damping: damping)
        return setText(try SpringCurve(spring: s).cssLinear(tolerance: tolerance).css)
    } catch {
        return -setText(error.description)
    }
}

/// The stiffness of `Spring.design(overshoot:peakTime:)` for mass 1; NaN on an error.
@_cdecl("mk_spring_design")
public func mkSpringDesign(_ overshoot: Double, _ peakTime: Double) -> Double {
    do { return try Spring<Double>.design(overshoot: overshoot, peakTime: peakTime).spring.stiffness } catch {
        _ = setText(error.description)
        return .nan
    }
}

/// The CSS easing in the input text evaluated at `x` into `value`; its `cssText` into the text
/// buffer.
/// - Returns: the text's length, or −length of the error message.
@_cdecl("mk_timing_value")
public func mkTimingValue(_ x: Double, _ value: UnsafeMutablePointer<Double>) -> Int32 {
    do {
        let f = try TimingFunction(css: String(decoding: textIn, as: UTF8.self), field: "timing")
        value.pointee = f.value(at: x)
        return setText(f.cssText)
    } catch {
        return -setText(error.description)
    }
}
