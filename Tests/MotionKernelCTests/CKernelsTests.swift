import MotionKernel
import MotionKernelEval
import Testing

@testable import MotionKernelC

/// The bulk `@_cdecl` functions: strings passed with their length, TimingSpecs checked by eval's
/// parser, outputs that must not alias, counts checked before anything is read, and a seeded fuzz.
@Suite("C ABI kernels")
struct CKernelsTests {
    typealias ErrorRecord = CABITests.ErrorRecord

    /// `mk_timing_values_n` on `bytes` at `x`: the status, the error record and the output.
    static func timingN(_ bytes: [UInt8], _ x: [Double]) -> (status: Int32, err: ErrorRecord, out: [Double]) {
        var err = ErrorRecord()
        var out = [Double](repeating: .nan, count: x.count)
        let status = bytes.withUnsafeBufferPointer { b in
            err.bytes.withUnsafeMutableBytes { mk_timing_values_n(b.baseAddress, b.count, x, x.count, &out, $0.baseAddress) }
        }
        return (status, err, out)
    }

    /// `mk_timing_values_json` on the JSON text `spec` at `x`.
    static func timingJSON(_ spec: String, _ x: [Double]) -> (status: Int32, err: ErrorRecord, out: [Double]) {
        timingN(Array(spec.utf8), x, json: true)
    }

    static func timingN(_ bytes: [UInt8], _ x: [Double], json: Bool) -> (status: Int32, err: ErrorRecord, out: [Double]) {
        guard json else { return timingN(bytes, x) }
        var err = ErrorRecord()
        var out = [Double](repeating: .nan, count: x.count)
        let status = bytes.withUnsafeBufferPointer { b in
            err.bytes.withUnsafeMutableBytes { mk_timing_values_json(b.baseAddress, b.count, x, x.count, &out, $0.baseAddress) }
        }
        return (status, err, out)
    }

    /// eval's error message for `timing.sample` with the TimingSpec JSON `spec` (nil when ok).
    static func evalMessage(timing spec: String) throws -> String? {
        let answer = try #require(Eval.answer(line: #"{"op":"timing.sample","at":[0.5],"timing":"# + spec + "}"))
        guard case .object(let o) = try JSONParser.parse(answer), case .object(let e)? = o["error"],
            case .string(let message)? = e["message"]
        else { return nil }
        return message
    }

    @Test("a string with its length: an embedded NUL is refused as eval refuses it, not cut off")
    func timingStringWithNUL() throws {
        let x: [Double] = [0.25, 0.5]
        let bad = Self.timingN(Array("ease\u{0}garbage".utf8), x)
        #expect(bad.status == 1 && bad.err.code == 1 && bad.err.field == "timing")
        // The record writes the NUL of the quoted text as \u0000 (as the JSON answer does), not cut there.
        let message = try #require(try Self.evalMessage(timing: #""ease\u0000garbage""#))
        #expect(message.split(separator: "\u{0}", omittingEmptySubsequences: false).joined(separator: #"\u0000"#) == bad.err.message)
        // The same letters without the tail are the CSS ease curve, as the NUL-terminated entry point gives.
        let good = Self.timingN(Array("ease".utf8), x)
        var ref = [Double](repeating: .nan, count: 2)
        var err = ErrorRecord()
        let status = err.bytes.withUnsafeMutableBytes { mk_timing_values("ease", x, 2, &ref, $0.baseAddress) }
        #expect(good.status == 0 && status == 0 && good.out == ref)
    }

    @Test("a string that is not UTF-8, a null pointer or a length beyond the limit is refused naming timing")
    func timingStringBytes() {
        for bytes: [UInt8] in [[0xFF], [0x65, 0xC3], [0xED, 0xA0, 0x80]] {
            let r = Self.timingN(bytes, [0.5])
            #expect(r.status == 1 && r.err.field == "timing")
        }
        var err = ErrorRecord()
        var out = [0.0]
        for length in [3, -1, (64 << 20) + 1] {
            let status = err.bytes.withUnsafeMutableBytes { mk_timing_values_n(nil, length, [0.5], 1, &out, $0.baseAddress) }
            #expect(status == 1 && err.field == "timing")
        }
    }

    @Test("TimingSpec objects are checked by eval's parser: the same fields and messages")
    func timingObjectsAsEval() throws {
        for spec in [
            #"{"steps":3,"position":"START"}"#, #"{"cubicBezier":[true,0,0.5,1]}"#, #"{"cubicBezier":[2,0,1,1]}"#,
            #"{"steps":3,"extra":1}"#, #""EASEIN""#, "3", #"{"spring":{"stiffness":-1,"damping":1}}"#, "[1]",
        ] {
            let r = Self.timingJSON(spec, [0.5])
            #expect(r.status == 1, "\(spec)")
            #expect(r.err.field.hasPrefix("timing"), "\(spec)")
            #expect(try Self.evalMessage(timing: spec) == r.err.message, "\(spec)")
        }
        // Valid objects: steps(3, start) at 0.5 is ⌈1.5⌉/3 = 2/3 exactly as CSS defines it (correctly rounded division).
        let steps = Self.timingJSON(#"{"steps":3,"position":"start"}"#, [0.5])
        #expect(steps.status == 0 && steps.out == [2.0 / 3.0])
        let bad = Self.timingJSON(#"{"steps":3"#, [0.5])
        #expect(bad.status == 1 && bad.err.field == "timing")
    }

    @Test("a non-finite easing value is an error naming the input, never a success")
    func timingNonFiniteOutput() throws {
        // cubic-bezier(0.5, 2, 0.5, 1) extends before 0 along its start tangent, slope y1/x1 = 4:
        // at −10³⁰⁸ the value −4·10³⁰⁸ is beyond Double.
        let spec = "cubic-bezier(0.5, 2, 0.5, 1)"
        let r = Self.timingN(Array(spec.utf8), [0.5, -1e308])
        #expect(r.status == 1 && r.err.field == "at[1]")
        let answer = try #require(Eval.answer(line: #"{"op":"timing.sample","at":[0.5,-1e308],"timing":"\#(spec)"}"#))
        #expect(answer.contains(#""ok":false"#))
    }

    @Test("counts beyond 2⁴⁰ are refused before the input is read")
    func timingCount() {
        var err = ErrorRecord()
        var out = [0.0]
        let x = [0.5]
        for n in [(1 << 40) + 1, Int.max, -1] {
            let status = err.bytes.withUnsafeMutableBytes { mk_timing_values("ease", x, n, &out, $0.baseAddress) }
            #expect(status == 1 && err.field == "at")
        }
    }

    @Test("spring batch: values and velocities that overlap are refused naming both; adjacent ones are fine")
    func springOutputsOverlap() {
        let k: [Double] = [100, 400], c: [Double] = [20, 4], from: [Double] = [1, -2], to: [Double] = [0, 3]
        let t: [Double] = [0, 0.5]
        var buffer = [Double](repeating: 0, count: 9)
        var err = ErrorRecord()
        for offset in [0, 1, 3, 4] {
            let status = buffer.withUnsafeMutableBufferPointer { b in
                err.bytes.withUnsafeMutableBytes { e in
                    mk_spring_batch_f64(2, nil, k, c, from, to, nil, t, 2, b.baseAddress, b.baseAddress! + offset, 1, e.baseAddress)
                }
            }
            if offset < 4 {
                #expect(status == 1 && err.field == "velocities" && err.message.contains("values"))
            } else {
                #expect(status == 0)
                // x(0) = from and v(0) = 0 exactly.
                #expect(buffer[0] == 1 && buffer[2] == -2 && buffer[4] == 0 && buffer[6] == 0)
            }
        }
        // The uniform-grid entry point too.
        let status = buffer.withUnsafeMutableBufferPointer { b in
            err.bytes.withUnsafeMutableBytes { e in
                mk_spring_batch_uniform_f64(2, nil, k, c, from, to, nil, 0, 0.5, 2, b.baseAddress, b.baseAddress! + 2, 1, e.baseAddress)
            }
        }
        #expect(status == 1 && err.field == "velocities")
    }

    /// A status and its record agree: 0, or the code in the record and a message that starts
    /// with the field.
    static func consistent(_ status: Int32, _ err: ErrorRecord) -> Bool {
        if status == 0 { return true }
        guard (1...3).contains(status), err.code == status else { return false }
        return err.field.isEmpty ? !err.message.isEmpty : err.message.hasPrefix(err.field + ": ")
    }

    @Test("kernel fuzz: random counts (negative, beyond 2⁴⁰, beyond SSIZE_MAX), null pointers and hostile numbers, seeded")
    func kernelFuzz() {
        var rng = SplitMix64(seed: 0x6D6B_6162_6931)
        let specials: [Double] = [.nan, .infinity, -.infinity, -1, 0, -0.0, 1e308, -1e308, .leastNonzeroMagnitude, 0.5, 2, 1e-300]
        func number() -> Double { rng.next() % 3 == 0 ? specials[Int(rng.next() % UInt64(specials.count))] : rng.nextUnit(in: -10, 10) }
        let hugeCounts = [(1 << 40) + 1, Int.max, -1, Int.min, 1 << 62]
        var err = ErrorRecord()
        for round in 0..<600 {
            // Honest small counts with real buffers (or null ones), or huge counts with null pointers only.
            let honest = rng.next() % 3 != 0
            let n = honest ? Int(rng.next() % 4) : hugeCounts[Int(rng.next() % UInt64(hugeCounts.count))]
            let m = honest ? Int(rng.next() % 4) : Int(rng.next() % 3)
            let size = honest ? max(n * max(m, 1) * 16, 16) : 16
            let inputs = (0..<7).map { _ in UnsafeMutablePointer<Double>.allocate(capacity: size) }
            let outputs = (0..<2).map { _ in UnsafeMutablePointer<Double>.allocate(capacity: size) }
            defer { for p in inputs + outputs { p.deallocate() } }
            for p in inputs { for i in 0..<size { p[i] = number() } }
            for p in outputs { p.initialize(repeating: 0, count: size) }
            func ptr(_ i: Int) -> UnsafePointer<Double>? { (!honest || rng.next() % 5 == 0) ? nil : UnsafePointer(inputs[i]) }
            let threads = Int32(truncatingIfNeeded: [1, 2, 0, 65, -1][Int(rng.next() % 5)])
            let v1 = rng.next() % 5 == 0 ? nil : outputs[0], v2 = rng.next() % 2 == 0 ? nil : outputs[1]
            let status: Int32 = err.bytes.withUnsafeMutableBytes { e in
                let eb = e.baseAddress
                switch round % 9 {
                case 0: return mk_spring_batch_f64(n, ptr(0), ptr(1), ptr(2), ptr(3), ptr(4), ptr(5), ptr(6), m, v1, v2, threads, eb)
                case 1:
                    return mk_spring_batch_uniform_f64(
                        n, ptr(0), ptr(1), ptr(2), ptr(3), ptr(4), ptr(5), number(), number(), m, v1, v2, threads, eb)
                case 2:
                    return mk_spring_one_f64(
                        number(), number(), number(), number(), number(), number(), number(), v1, Int32(rng.next() % 2), eb)
                case 3: return rng.next() % 2 == 0 ? mk_spring_value_f64(ptr(0), v1, eb) : mk_spring_state_f64(ptr(0), v1, eb)
                case 4: return mk_transform_build_f64(n, ptr(0), ptr(1), ptr(2), ptr(3), v1, eb)
                case 5:
                    let dimension = honest ? [2, 3, 0, 4][Int(rng.next() % 4)] : [2, Int.max, -1][Int(rng.next() % 3)]
                    return mk_transform_apply_f64(ptr(0), ptr(1), n, dimension, v1, eb)
                case 6: return mk_transform_interpolate_f64(ptr(0), ptr(1), n, number(), v1, eb)
                case 7: return mk_timing_values("cubic-bezier(0.5, 2, 0.5, 1)", ptr(0), n, v1, eb)
                default:
                    let spec = [#""ease""#, #"{"steps":2}"#, "\u{0}", #"{"cubicBezier":[0,0,1,1]}"#][Int(rng.next() % 4)]
                    return Array(spec.utf8).withUnsafeBufferPointer {
                        mk_timing_values_json($0.baseAddress, honest ? $0.count : n, ptr(0), n, v1, eb)
                    }
                }
            }
            #expect(Self.consistent(status, err), "round \(round): status \(status), \(err.field): \(err.message)")
            if !honest && [0, 1, 4, 5, 6, 7].contains(round % 9) && n != 0 { #expect(status != 0, "round \(round)") }
            if status == 0 {
                // Success never writes a non-finite number.
                #expect((0..<size).allSatisfy { outputs[0][$0].isFinite && outputs[1][$0].isFinite }, "round \(round)")
            }
        }
    }
}

extension CKernelsTests {
    /// `mk_transform_apply_homogeneous_f64` with `matrix` (16 numbers or nil) on `p` rows at
    /// `points` (nil for a null pointer): the status, the record and the output (nil: a null one).
    static func homogeneous(
        _ matrix: [Double]?, _ points: [Double]?, _ p: Int, output: Bool = true
    ) -> (status: Int32, err: ErrorRecord, out: [Double]) {
        var err = ErrorRecord()
        var out = [Double](repeating: .nan, count: max(points?.count ?? 0, 4))
        let status = err.bytes.withUnsafeMutableBytes { e in
            out.withUnsafeMutableBufferPointer { o in
                (matrix ?? []).withUnsafeBufferPointer { m in
                    (points ?? []).withUnsafeBufferPointer { s in
                        mk_transform_apply_homogeneous_f64(
                            matrix == nil ? nil : m.baseAddress, points == nil ? nil : s.baseAddress, p, output ? o.baseAddress : nil,
                            e.baseAddress)
                    }
                }
            }
        }
        return (status, err, out)
    }

    @Test("homogeneous points: each row (x, y, z, w)·M with no divide, exact on small integers, Float and Double")
    func homogeneousExact() throws {
        var rng = SplitMix64(seed: 0x6D6B_6834)
        let m = (0..<16).map { _ in Int(rng.next() % 11) - 5 }
        let pts = (0..<28).map { _ in Int(rng.next() % 21) - 10 }
        // The product in integers (perspective entries included, so w′ is not 1): every sum has
        // |value| ≤ 4·10·5 = 200, exact in Float and Double.
        var ref = [Int](repeating: 0, count: 28)
        for row in 0..<7 {
            for j in 0..<4 {
                for k in 0..<4 { ref[4 * row + j] += pts[4 * row + k] * m[4 * k + j] }
            }
        }
        let wChanged = (0..<7).filter { (row: Int) -> Bool in ref[4 * row + 3] != pts[4 * row + 3] }
        #expect(!wChanged.isEmpty)
        let d = Self.homogeneous(m.map(Double.init), pts.map(Double.init), 7)
        #expect(d.status == 0 && d.out == ref.map(Double.init))
        var err = ErrorRecord()
        var f = [Float](repeating: .nan, count: 28)
        let status = err.bytes.withUnsafeMutableBytes {
            mk_transform_apply_homogeneous_f32(m.map(Float.init), pts.map(Float.init), 7, &f, $0.baseAddress)
        }
        #expect(status == 0 && f == ref.map(Float.init))
        // The output may be the points' own buffer: they are copied first.
        var inPlace = pts.map(Double.init)
        let again = err.bytes.withUnsafeMutableBytes { e in
            inPlace.withUnsafeMutableBufferPointer { b in
                mk_transform_apply_homogeneous_f64(m.map(Double.init), b.baseAddress, 7, b.baseAddress, e.baseAddress)
            }
        }
        #expect(again == 0 && inPlace == d.out)
        // Real numbers: the core's TransformBatch.applyHomogeneous, bit for bit.
        let mr = (0..<16).map { _ in rng.nextUnit(in: -3, 3) }, pr = (0..<400).map { _ in rng.nextUnit(in: -100, 100) }
        let core = try TransformBatch.applyHomogeneous(try Transform3D<Double>(rowMajor: mr), points: pr)
        let r = Self.homogeneous(mr, pr, 100)
        #expect(r.status == 0 && r.out.map(\.bitPattern) == core.map(\.bitPattern))
    }

    @Test("homogeneous points: a bad matrix, point, output or count is named, and no success holds a non-finite number")
    func homogeneousErrors() {
        let eye: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        let pts: [Double] = [1, 2, 3, 1, 4, 5, 6, 1, 7, 8, 9, 1]
        func named(_ r: (status: Int32, err: ErrorRecord, out: [Double])) -> String? {
            r.status == 1 && r.err.code == 1 && r.err.message.hasPrefix(r.err.field + ": ") ? r.err.field : nil
        }
        var bad = eye
        bad[7] = .nan
        #expect(named(Self.homogeneous(bad, pts, 3)) == "matrix")
        #expect(named(Self.homogeneous(nil, pts, 3)) == "matrix")
        var p = pts
        p[6] = .infinity
        #expect(named(Self.homogeneous(eye, p, 3)) == "points[1]")
        // A finite point whose product overflows names its row.
        var big = eye
        big[0] = 1e200
        p = pts
        p[8] = 1e200
        #expect(named(Self.homogeneous(big, p, 3)) == "points[2]")
        #expect(named(Self.homogeneous(eye, pts, 3, output: false)) == "out")
        #expect(named(Self.homogeneous(eye, nil, 3)) == "points")
        // Counts are checked before anything is read: beyond 2⁴⁰ numbers, negative (a size_t above SSIZE_MAX).
        for count in [(1 << 38) + 1, Int.max, -1, Int.min] {
            #expect(named(Self.homogeneous(nil, nil, count, output: false)) == "points")
        }
        // Nothing to do for no points, whatever the points and output pointers (the matrix is
        // 16 numbers whatever the count, as for mk_transform_apply_*).
        #expect(Self.homogeneous(eye, nil, 0, output: false).status == 0)
        #expect(named(Self.homogeneous(nil, nil, 0, output: false)) == "matrix")
        // Float overflows sooner.
        var err = ErrorRecord()
        var f = [Float](repeating: 0, count: 4)
        let status = err.bytes.withUnsafeMutableBytes {
            mk_transform_apply_homogeneous_f32(eye.map(Float.init), [1e20, 0, 0, 1e20], 1, &f, $0.baseAddress)
        }
        #expect(status == 0 && f == [1e20, 0, 0, 1e20])
        var scaled = eye.map(Float.init)
        scaled[0] = 1e20
        let overflow = err.bytes.withUnsafeMutableBytes {
            mk_transform_apply_homogeneous_f32(scaled, [1e20, 0, 0, 1], 1, &f, $0.baseAddress)
        }
        #expect(overflow == 1 && err.field == "points[0]")
    }
}
