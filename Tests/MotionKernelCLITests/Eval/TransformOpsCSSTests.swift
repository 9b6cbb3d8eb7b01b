import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import MotionKernelCLI
@testable import MotionKernelEval
import MotionKernel

@Suite("eval/batch transforms: CSS strings as TransformSpecs, skewX/skewY ops, compose format css")
struct TransformOpsCSSTests {
    func answer(_ line: String) throws -> (result: JSONValue?, code: String?, line: String) {
        let l = try #require(Eval.answer(line: line))
        let a = try decode(l)
        return (a.result, a.code, l)
    }

    func field(_ r: JSONValue?, _ key: String) -> JSONValue? {
        guard case .object(let o)? = r else { return nil }
        return o[key]
    }

    func numbers(_ v: JSONValue?) -> [Double] {
        guard case .array(let a)? = v else { return [] }
        return a.map { if case .number(let d) = $0 { return d } else { return .nan } }
    }

    @Test("a CSS string composes like the equivalent operation list")
    func composeString() throws {
        let r = try answer(#"{"op":"transform.compose","transform":"translate(100px) scale(2)"}"#)
        #expect(numbers(field(r.result, "matrix")) == [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 100, 0, 0, 1])
        #expect(field(r.result, "css") == nil)
        let s = try answer(#"{"op":"transform.compose","transform":"skewX(0.5rad) skewY(0.25rad)"}"#)
        let o = try answer(#"{"op":"transform.compose","transform":{"operations":[{"skewX":0.5},{"skewY":0.25}]}}"#)
        #expect(numbers(field(s.result, "matrix")) == numbers(field(o.result, "matrix")))
        // skewY(0.25) applies first (row-vector M = skewY · skewX): m12 = tan(0.25), m21 = tan(0.5),
        // m22 = 1, m11 = 1 + tan(0.25)·tan(0.5) (one product and one sum of the two libm values:
        // ≤ 2 roundings of a value below 1.2, within 2u·1.2 of the exact expression, FMA or not; the
        // reference below is rounded the same way: 4u·1.2 apart at most).
        let m = numbers(field(o.result, "matrix"))
        #expect(m[1] == tan(0.25) && m[4] == tan(0.5) && m[5] == 1)
        #expect(abs(m[0] - (1 + tan(0.25) * tan(0.5))) <= 2 * Double.ulpOfOne * 1.2)
    }

    @Test("format css: matrix() for 2D, matrix3d() otherwise, numbers that read back exactly")
    func composeFormat() throws {
        let r = try answer(#"{"op":"transform.compose","format":"css","transform":"translate(100px, 5px) rotate(30deg)"}"#)
        guard case .string(let css)? = field(r.result, "css") else {
            Issue.record("no css: \(r.line)")
            return
        }
        #expect(css.hasPrefix("matrix("))
        let back = try TransformOperations<Double>(css: css).matrix.rowMajor
        #expect(back == numbers(field(r.result, "matrix")))
        let p = try answer(#"{"op":"transform.compose","format":"css","transform":"perspective(400px) rotateY(1rad)"}"#)
        guard case .string(let css3)? = field(p.result, "css") else {
            Issue.record("no css: \(p.line)")
            return
        }
        #expect(css3.hasPrefix("matrix3d("))
        #expect(try TransformOperations<Double>(css: css3).matrix.rowMajor == numbers(field(p.result, "matrix")))
        let f = try answer(#"{"op":"transform.compose","precision":"float","format":"css","transform":"rotate(0.1rad)"}"#)
        guard case .string(let cssf)? = field(f.result, "css") else {
            Issue.record("no css: \(f.line)")
            return
        }
        #expect(try TransformOperations<Float>(css: cssf).matrix.rowMajor.map(Double.init) == numbers(field(f.result, "matrix")))
        #expect(try answer(#"{"op":"transform.compose","format":"svg","transform":"none"}"#).code == "invalidValue")
        #expect(try answer(#"{"op":"transform.compose","format":"matrix","transform":"none"}"#).code == nil)
    }

    @Test("interpolate CSS strings with the CSS Transforms 2 list rule; errors name the field and offset")
    func interpolateStrings() throws {
        let from = "translate3d(8px, -4px, 12px) skewX(1rad) perspective(400px)"
        let to = "translate3d(4px, -12px, 8px) skewX(2rad) scaleY(2)"
        let r = try answer(#"{"op":"transform.interpolate","from":"\#(from)","to":"\#(to)","fraction":0.25}"#)
        let lib = try TransformOperations.interpolate(
            from: TransformOperations<Double>(css: from), to: TransformOperations<Double>(css: to), fraction: 0.25)
        // The same computation in Double, and JSON numbers round-trip exactly.
        #expect(numbers(field(r.result, "matrix")) == lib.matrix.rowMajor)
        let n = try answer(#"{"op":"transform.interpolate","from":"none","to":{"operations":[{"rotate":6.283185307179586}]},"fraction":0.5}"#)
        let h = numbers(field(n.result, "matrix"))
        // rotate(π) from libm: cos(fl(2π)/2) rounds to −1, sin(fl(π)) ≈ 1.2e-16.
        #expect(h.count == 16 && h[0] == -1 && abs(h[1]) <= 2e-16)
        let bad = try answer(#"{"op":"transform.interpolate","from":"rotate(1rad)","to":"scale(2px)","fraction":0.5}"#)
        #expect(bad.code == "invalidValue" && bad.line.contains("to") && bad.line.contains("offset 6"))
        let em = try answer(#"{"op":"transform.compose","transform":"translateX(2em)"}"#)
        #expect(em.code == "unsupported" && em.line.contains("transform"))
        #expect(try answer(#"{"op":"transform.compose","transform":7}"#).code == "invalidValue")
        #expect(try answer(#"{"op":"transform.compose","transform":{"operations":[{"skewX":[1]}]}}"#).code == "invalidValue")
    }

    @Test("batch transform.apply takes a CSS string like its operation list")
    func batchString() throws {
        func output(_ transform: String) throws -> [Double] {
            let spec =
                #"{"jobs": [{"name": "ta", "kind": "transform.apply", "count": 7, "seed": 3, "transform": \#(transform), "x": {"uniform": [-10, 10]}, "y": {"uniform": [-10, 10]}}]}"#
            let jobs = try BatchSpec.parse(spec)
            let job = try #require(jobs.first)
            var out = [Double](repeating: .nan, count: job.rows * job.columns)
            try out.withUnsafeMutableBufferPointer { try job.evaluate(0..<job.rows, into: [$0]) }
            return out
        }
        let a = try output(#""translate(4px, 5px) rotate(0.3rad) skewY(0.1rad)""#)
        let b = try output(#"{"operations": [{"translate": [4, 5]}, {"rotate": 0.3}, {"skewY": 0.1}]}"#)
        #expect(a == b && a.allSatisfy(\.isFinite))
        #expect(throws: MotionKernelError.self) { try output(#""rotate(1rad"#) }
    }
}
