import MotionKernel
import MotionKernelEval
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

    @Test("spring damping from a damping ratio: c = 2ζ√(km), the bits of Spring(stiffness:dampingRatio:mass:)")
    func springDamping() throws {
        // Exact cases: √(km) is an integer, so c = 2ζ√(km) has no rounding.
        let k: [Double] = [4, 9, 100, 2], z: [Double] = [0.5, 0.25, 0, 3], m: [Double] = [1, 4, 2.5, 8]
        var c = [Double](repeating: .nan, count: 4)
        var err = ErrorRecord()
        var status = err.bytes.withUnsafeMutableBytes { mk_spring_damping_f64(4, k, z, m, &c, $0.baseAddress) }
        #expect(status == 0)
        #expect(c[0] == 2 && c[1] == 3 && c[2] == 0 && c[3] == 24)
        // For any k·m in the normal range the conversion is the library's own, bit for bit.
        var rng = SplitMix64(seed: 0xDA3)
        for _ in 0..<200 {
            let ki = rng.nextUnit(in: 1e-3, 1e4), zi = rng.nextUnit(in: 0, 4), mi = rng.nextUnit(in: 1e-2, 1e2)
            var ci = Double.nan
            status = err.bytes.withUnsafeMutableBytes { mk_spring_damping_f64(1, [ki], [zi], [mi], &ci, $0.baseAddress) }
            #expect(status == 0)
            #expect(ci.bitPattern == (try Spring(stiffness: ki, dampingRatio: zi, mass: mi)).damping.bitPattern)
        }
        // Nothing to do for n = 0, whatever the pointers; a null one is named otherwise.
        status = err.bytes.withUnsafeMutableBytes { mk_spring_damping_f64(0, nil, nil, nil, nil, $0.baseAddress) }
        #expect(status == 0)
        status = err.bytes.withUnsafeMutableBytes { mk_spring_damping_f64(1, k, nil, m, &c, $0.baseAddress) }
        #expect(status == 1 && err.field == "damping_ratio")
        status = err.bytes.withUnsafeMutableBytes { mk_spring_damping_f64(1, k, z, m, nil, $0.baseAddress) }
        #expect(status == 1 && err.field == "out")
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

    /// Calls `mk_eval` with `answer` preset to a non-null sentinel, so that a failure that leaves
    /// it unset is seen. Returns the status, the answer text (nil for a NULL answer) and the length.
    static func evalRaw(_ request: UnsafePointer<UInt8>?, _ length: Int) -> (status: Int32, text: String?, length: Int) {
        let sentinel = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        defer { sentinel.deallocate() }
        var answer: UnsafeMutablePointer<UInt8>? = sentinel
        var answerLength = -7
        let status = mk_eval(request, length, &answer, &answerLength)
        guard let a = answer, a != sentinel else { return (status, answer == nil ? nil : "<unset>", answerLength) }
        defer { mk_free(a) }
        return (status, String(decoding: UnsafeBufferPointer(start: a, count: answerLength), as: UTF8.self), answerLength)
    }

    @Test("eval: every failure sets *answer to NULL and the length to 0 (a null request, a length beyond SSIZE_MAX)")
    func evalFailuresClearAnswer() {
        let r1 = Self.evalRaw(nil, 5)
        #expect(r1.status == 1 && r1.text == nil && r1.length == 0)
        let one: [UInt8] = [0x7B]
        let r2 = one.withUnsafeBufferPointer { Self.evalRaw($0.baseAddress, -1) }  // size_t 2^64 − 1
        #expect(r2.status == 1 && r2.text == nil && r2.length == 0)
        let r3 = Self.evalRaw(nil, 0)  // blank
        #expect(r3.status == 1 && r3.text == nil && r3.length == 0)
        // A null answer pointer: nothing written, status 1; a null length pointer: *answer NULL.
        #expect(mk_eval(one, 1, nil, nil) == 1)
        let sentinel = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        defer { sentinel.deallocate() }
        var answer: UnsafeMutablePointer<UInt8>? = sentinel
        #expect(mk_eval(one, 1, &answer, nil) == 1 && answer == nil)
    }

    @Test("eval: a request over the 64 MiB line limit gets the CLI's overlong answer without being parsed")
    func evalOverLineLimit() {
        // A valid request padded with spaces past the limit: parsed, it would be answered ok.
        let head = Array(#"{"id":1,"op":"presets.list"}"#.utf8)
        var request = [UInt8](repeating: 0x20, count: 64 << 20 + 1)
        request.replaceSubrange(0..<head.count, with: head)
        let r = request.withUnsafeBufferPointer { Self.evalRaw($0.baseAddress, $0.count) }
        #expect(r.status == 0)
        #expect(r.text?.hasPrefix(#"{"id":null,"ok":false,"error":{"code":"invalidValue""#) == true)
        #expect(r.text?.contains("longer than the limit of 67108864 bytes") == true)
        // At the limit exactly, the request is read.
        request.removeLast()
        let ok = request.withUnsafeBufferPointer { Self.evalRaw($0.baseAddress, $0.count) }
        #expect(ok.status == 0 && ok.text?.hasPrefix(#"{"id":1,"ok":true"#) == true)
    }

    @Test("eval fuzz: random bytes (NUL, invalid UTF-8, truncated JSON), null pointers and huge lengths, seeded")
    func evalFuzz() throws {
        var rng = SplitMix64(seed: 0x6D6B_6576_616C)
        let pieces: [[UInt8]] = [
            Array(#"{"op":"timing.sample","timing":"ease","at":[0.5]}"#.utf8), Array(#"{"op":"#.utf8), [0], [0xFF, 0xFE],
            [0xC3], [0xED, 0xA0, 0x80], Array(#""\u0000""#.utf8), Array("[[[[[[[[".utf8), Array(#"{"id":1e999}"#.utf8),
            Array(#"{"op":"spring.sample","spring":{"stiffness":1,"damping":1},"times":[1]}"#.utf8), Array(" \n\t".utf8),
            Array(#"{"op":"timing.sample","timing":"ease\u0000x","at":[0]}"#.utf8),
        ]
        for _ in 0..<400 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(rng.next() % 4) {
                if rng.next() % 2 == 0 {
                    bytes += pieces[Int(rng.next() % UInt64(pieces.count))]
                } else {
                    bytes += (0..<Int(rng.next() % 12)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                }
            }
            let blank = bytes.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
            let r = bytes.withUnsafeBufferPointer { Self.evalRaw(bytes.isEmpty ? nil : $0.baseAddress, $0.count) }
            if blank {
                #expect(r.status == 1 && r.text == nil && r.length == 0)
            } else {
                #expect(r.status == 0)
                let text = try #require(r.text)
                #expect(text.utf8.count == r.length)
                guard case .object(let o) = try JSONParser.parse(text) else { Issue.record("not an object: \(text)"); continue }
                guard case .bool(let ok)? = o["ok"] else { Issue.record("no ok: \(text)"); continue }
                if !ok { #expect(o["error"] != nil) }
            }
            // The same bytes claimed longer than they are, with a null pointer, or beyond SSIZE_MAX.
            let claimed = [Int(rng.next() % 1000) + 1, 64 << 20 + 1, Int.max, -1, Int.min][Int(rng.next() % 5)]
            let n = Self.evalRaw(nil, claimed)
            #expect(n.status == 1 && n.text == nil && n.length == 0)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CABITests {
    @Test("the kernels' vector level: a static C string, the level calls run at, never above MOTIONKERNEL_ISA")
    func kernelLevel() {
        let levels = ["portable", "avx2", "avx512"]
        let p = mk_kernel_level()
        let name = String(cString: p)
        #expect(levels.contains(name))
        // A static string: the same pointer on every call, and the package's own reading of the level.
        #expect(mk_kernel_level() == p)
        #expect(name == BuildInfo.kernelLevel.description)
        // The variable caps the level (a level the CPU lacks runs a lower one; other values are ignored).
        if let cap = getenv("MOTIONKERNEL_ISA").map({ String(cString: $0) }), let limit = levels.firstIndex(of: cap) {
            #expect(levels.firstIndex(of: name).map { $0 <= limit } == true)
        }
    }
}
