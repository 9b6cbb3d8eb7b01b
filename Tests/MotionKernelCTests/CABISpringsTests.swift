import MotionKernel
import MotionKernelEval
import Testing

@testable import MotionKernelC

/// `mk_spring_settle_f64`, `mk_spring_convert_f64` and `mk_preset_frames_f64` against eval's
/// answers to the same requests (JSON in and out through `Eval.answerBytes`, an independent entry
/// point over the same code): the numbers bit for bit, the errors with eval's fields.
@Suite("C ABI: settling, conversion, presets")
struct CABISpringsTests {
    typealias ErrorRecord = CABITests.ErrorRecord

    /// eval's answer to `request` as a JSON object.
    func answer(_ request: String) throws -> JSONObject {
        let bytes = try #require(Eval.answerBytes(Array(request.utf8)))
        guard case .object(let o) = try JSONParser.parseWithIDRange(bytes).value else { throw MotionKernelError.invalidValue("", "not an object") }
        return o
    }

    /// The number at `key` of eval's `result`.
    func resultNumber(_ a: JSONObject, _ key: String) throws -> Double {
        guard case .object(let r)? = a.members["result"], case .number(let d)? = r.members[key] else {
            throw MotionKernelError.invalidValue(key, "no number in \(a)")
        }
        return d
    }

    @Test("settle: eval's numbers bit for bit, for both damping parameter sets and every thread count")
    func settle() throws {
        var rng = SplitMix64(seed: 0x5E77)
        let n = 64
        var k = [Double](), z = [Double](), m = [Double](), from = [Double](), to = [Double](), v = [Double](), eps = [Double]()
        for _ in 0..<n {
            k.append(rng.nextUnit(in: 1, 2000))
            z.append(rng.nextUnit(in: 0.05, 3))
            m.append(rng.nextUnit(in: 0.1, 5))
            from.append(rng.nextUnit(in: -50, 50))
            to.append(rng.nextUnit(in: -50, 50))
            v.append(rng.nextUnit(in: -300, 300))
            eps.append(rng.nextUnit(in: 1e-6, 1e-1))
        }
        var one = [Double](repeating: .nan, count: n), four = [Double](repeating: .nan, count: n)
        var err = ErrorRecord()
        var status = err.bytes.withUnsafeMutableBytes { mk_spring_settle_f64(n, m, k, z, 1, from, to, v, eps, n, &one, 1, $0.baseAddress) }
        #expect(status == 0)
        status = err.bytes.withUnsafeMutableBytes { mk_spring_settle_f64(n, m, k, z, 1, from, to, v, eps, n, &four, 4, $0.baseAddress) }
        #expect(status == 0)
        for i in 0..<n {
            let a = try answer(
                "{\"op\":\"spring.settle\",\"spring\":{\"mass\":\(m[i]),\"stiffness\":\(k[i]),\"dampingRatio\":\(z[i])},\"from\":\(from[i]),\"to\":\(to[i]),\"velocity\":\(v[i]),\"epsilon\":\(eps[i])}"
            )
            let expected = try resultNumber(a, "settlingDuration")
            #expect(one[i].bitPattern == expected.bitPattern && four[i].bitPattern == expected.bitPattern)
        }
        // The physical set: damping c, mass defaulting to 1 (a null column).
        var t = Double.nan
        status = err.bytes.withUnsafeMutableBytes { mk_spring_settle_f64(1, nil, [80], [12.5], 0, [2], [-1], nil, [1e-4], 1, &t, 1, $0.baseAddress) }
        #expect(status == 0)
        let a = try answer("{\"op\":\"spring.settle\",\"spring\":{\"stiffness\":80,\"damping\":12.5},\"from\":2,\"to\":-1,\"epsilon\":0.0001}")
        #expect(t.bitPattern == (try resultNumber(a, "settlingDuration")).bitPattern)
    }

    @Test("settle: eval's checks, the field indexed by the row")
    func settleErrors() {
        var err = ErrorRecord()
        var out = [Double](repeating: 0, count: 3)
        func run(_ k: [Double], _ c: [Double], _ eps: [Double]) -> Int32 {
            err.bytes.withUnsafeMutableBytes { mk_spring_settle_f64(3, nil, k, c, 0, [0, 0, 0], [1, 1, 1], nil, eps, eps.count, &out, 2, $0.baseAddress) }
        }
        #expect(run([1, 2, -3], [1, 1, 1], [1e-3]) == 1 && err.field == "stiffness[2]")
        #expect(err.message == "stiffness[2]: expected a number > 0, got -3.0")
        #expect(run([1, 2, 3], [1, 0, 1], [1e-3]) == 1 && err.field == "damping[1]")
        #expect(run([1, 2, 3], [1, 1, 1], [1e-3, 1e-3, 0]) == 1 && err.field == "epsilon[2]")
        #expect(run([1, .nan, 3], [1, 1, -1], [1e-3]) == 1 && err.field == "stiffness[1]")
        #expect(run([1, 2, 3], [1, 1, 1], [1e-3, 1e-3]) == 1 && err.field == "epsilon")
    }

    @Test("convert: eval's numbers and errors for every parameter set")
    func convert() throws {
        let cases: [(UInt32, [Int: Double], String)] = [
            (MKSpringSet.physical, [1: 170, 2: 26], "\"stiffness\":170,\"damping\":26"),
            (MKSpringSet.physical | 1, [0: 2.5, 1: 170, 2: 26], "\"mass\":2.5,\"stiffness\":170,\"damping\":26"),
            (MKSpringSet.responseDampingRatio, [4: 0.55, 3: 0.825], "\"response\":0.55,\"dampingRatio\":0.825"),
            (1 << 5 | 1 << 6, [5: 0.4, 6: -0.5], "\"duration\":0.4,\"bounce\":-0.5"),
            (1 << 7 | 1 << 8, [7: 40, 8: 7], "\"tension\":40,\"friction\":7"),
            (1 << 9 | 1 << 10, [9: 5, 10: 12], "\"bounciness\":5,\"speed\":12"),
            (1 << 11 | 1 << 6, [11: 0.3, 6: 0.25], "\"visualDuration\":0.3,\"bounce\":0.25"),
            (1 << 1, [1: 100], "\"stiffness\":100"),
            (1 << 1 | 1 << 2 | 1 << 4, [1: 1, 2: 1, 4: 1], "\"stiffness\":1,\"damping\":1,\"response\":1"),
            (1 << 9 | 1 << 10, [9: 25, 10: 1], "\"bounciness\":25,\"speed\":1"),
        ]
        let keys = ["mass", "stiffness", "damping", "dampingRatio", "response", "duration", "bounce", "tension", "friction", "undampedPeriod"]
        for (bits, given, json) in cases {
            var values = [Double](repeating: .nan, count: 12)
            for (b, v) in given { values[b] = v }
            var out = [Double](repeating: .nan, count: 10)
            var err = ErrorRecord()
            let status = err.bytes.withUnsafeMutableBytes { mk_spring_convert_f64(bits, values, &out, $0.baseAddress) }
            let a = try answer("{\"op\":\"spring.convert\",\"spring\":{\(json)}}")
            if case .bool(true)? = a.members["ok"] {
                #expect(status == 0)
                for (i, key) in keys.enumerated() { #expect(out[i].bitPattern == (try resultNumber(a, key)).bitPattern, "\(json) \(key)") }
            } else {
                guard case .object(let e)? = a.members["error"], case .string(let message)? = e.members["message"] else {
                    Issue.record("no error in \(a)")
                    continue
                }
                #expect(status != 0 && err.message == message, "\(json)")
            }
        }
    }

    @Test("presets: a query with capacities 0, then eval's frames bit for bit")
    func presets() throws {
        let name = Array("toolbarReveal".utf8)
        var sizes = [Int](repeating: -1, count: 3)
        var err = ErrorRecord()
        var status = err.bytes.withUnsafeMutableBytes {
            mk_preset_frames_f64(name, name.count, 120, 0, nil, nil, nil, 0, 0, 0, &sizes, nil, nil, nil, nil, nil, $0.baseAddress)
        }
        #expect(status == 0 && sizes[1] == 2 && sizes[2] == "toolbar".utf8.count + "tabBar".utf8.count + 2)
        let f = sizes[0], l = sizes[1]
        var duration = Double.nan
        var time = [Double](repeating: .nan, count: f), transforms = [Double](repeating: .nan, count: l * f * 16)
        var opacities = [Double](repeating: .nan, count: l * f), names = [UInt8](repeating: 0xFF, count: sizes[2])
        status = err.bytes.withUnsafeMutableBytes {
            mk_preset_frames_f64(
                name, name.count, 120, 0, nil, nil, nil, f, l, sizes[2], &sizes, &duration, &time, &transforms, &opacities, &names, $0.baseAddress)
        }
        #expect(status == 0)
        #expect(String(decoding: names, as: UTF8.self) == "toolbar\0tabBar\0")
        let a = try answer("{\"op\":\"preset.sample\",\"preset\":\"toolbarReveal\",\"fps\":120}")
        #expect(duration.bitPattern == (try resultNumber(a, "duration")).bitPattern)
        guard case .object(let r)? = a.members["result"], case .array(let frames)? = r.members["frames"] else {
            Issue.record("no frames")
            return
        }
        #expect(frames.count == f)
        for (j, frame) in frames.enumerated() {
            guard case .object(let o) = frame, case .number(let t)? = o.members["time"], case .object(let ls)? = o.members["layers"] else { continue }
            #expect(time[j].bitPattern == t.bitPattern)
            for (li, layer) in ["toolbar", "tabBar"].enumerated() {
                guard case .object(let s)? = ls.members[layer], case .array(let m)? = s.members["transform"], case .number(let op)? = s.members["opacity"]
                else { continue }
                #expect(opacities[li * f + j].bitPattern == op.bitPattern)
                for (i, x) in m.enumerated() {
                    guard case .number(let xv) = x else { continue }
                    #expect(transforms[(li * f + j) * 16 + i].bitPattern == xv.bitPattern)
                }
            }
        }
        status = err.bytes.withUnsafeMutableBytes {
            mk_preset_frames_f64([110, 111], 2, 60, 0, nil, nil, nil, 0, 0, 0, &sizes, nil, nil, nil, nil, nil, $0.baseAddress)
        }
        #expect(status == 1 && err.field == "preset")
    }
}

/// The header's `mk_spring_set` codes used above.
enum MKSpringSet {
    static let physical: UInt32 = 1 << 1 | 1 << 2
    static let responseDampingRatio: UInt32 = 1 << 4 | 1 << 3
}
