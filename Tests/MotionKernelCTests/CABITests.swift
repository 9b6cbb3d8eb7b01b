import Testing

@testable import MotionKernelC

/// The `@_cdecl` functions called directly, with the header's `mk_error` layout.
@Suite("C ABI")
struct CABITests {
    /// An `mk_error` record (1284 bytes) and readers for its fields.
    struct ErrorRecord {
        var bytes = [UInt8](repeating: 0xFF, count: 1284)
        var code: Int32 { bytes.withUnsafeBytes { $0.load(as: Int32.self) } }
        func string(at offset: Int) -> String {
            let tail = bytes[offset...]
            return String(decoding: tail.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        var field: String { string(at: 4) }
        var message: String { string(at: 260) }
    }

    @Test("spring batch: exact initial values, a bad column named with its index")
    func springBatch() throws {
        var k: [Double] = [100, 400]
        let c: [Double] = [20, 4], from: [Double] = [1, -2], to: [Double] = [0, 3]
        let t: [Double] = [0, 0.5]
        var x = [Double](repeating: .nan, count: 4), v = [Double](repeating: .nan, count: 4)
        var err = ErrorRecord()
        let status = err.bytes.withUnsafeMutableBytes { e in
            mk_spring_batch_f64(2, nil, k, c, from, to, nil, t, 2, &x, &v, 3, e.baseAddress)
        }
        #expect(status == 0)
        #expect(x[0] == 1 && x[2] == -2 && v[0] == 0 && v[2] == 0)
        // Critically damped from 1 to 0 at rest, ω = 10: x(t) = (1 + ωt)e^{−ωt}. A few roundings
        // per term and the argument's relative error (γ₃·ωt) in exp: 32u·(1 + ωt)·x bounds both.
        let exact = 6 * exp(-5.0), u = Double.ulpOfOne / 2
        #expect(abs(x[1] - exact) <= 32 * u * 6 * exact)
        k[1] = -1
        let bad = err.bytes.withUnsafeMutableBytes { e in
            mk_spring_batch_f64(2, nil, k, c, from, to, nil, t, 2, &x, nil, 1, e.baseAddress)
        }
        #expect(bad == 1 && err.code == 1)
        #expect(err.field == "stiffness[1]")
        #expect(err.message.hasPrefix("stiffness[1]: "))
    }

    @Test("a message longer than the record is cut at a character boundary and terminated")
    func longMessage() {
        var err = ErrorRecord()
        let spec = "cubic-bezier(" + String(repeating: "é", count: 2000) + ")"
        let x: [Double] = [0.5]
        var y: [Double] = [0]
        let status = spec.withCString { s in err.bytes.withUnsafeMutableBytes { mk_timing_values(s, x, 1, &y, $0.baseAddress) } }
        #expect(status == 1)
        #expect(err.message.utf8.count <= 1023)
        #expect(!err.message.contains("\u{FFFD}"))
    }

    @Test("eval answers in process; a blank request has no answer")
    func eval() {
        let request = Array(#"{"id":1,"op":"presets.list"}"#.utf8)
        var answer: UnsafeMutablePointer<UInt8>? = nil
        var length = 0
        #expect(mk_eval(request, request.count, &answer, &length) == 0)
        let text = String(decoding: UnsafeBufferPointer(start: answer, count: length), as: UTF8.self)
        #expect(text.hasPrefix(#"{"id":1,"ok":true"#))
        mk_free(answer)
        let blank = Array("  ".utf8)
        #expect(mk_eval(blank, blank.count, &answer, &length) == 1 && answer == nil)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
