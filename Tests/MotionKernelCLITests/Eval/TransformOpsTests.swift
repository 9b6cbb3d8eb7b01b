import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import MotionKernelCLI
@testable import MotionKernelEval
import MotionKernel

@Suite("eval ops transform.compose / interpolate / apply")
struct TransformOpsTests {
    /// The answer's result, or nil with the error code.
    func run(_ line: String) throws -> (result: JSONValue?, code: String?) {
        let a = try decode(#require(Eval.answer(line: line)))
        return (a.result, a.code)
    }

    func matrix(_ line: String) throws -> [Double] {
        let r = try run(line)
        guard case .object(let o)? = r.result, case .array(let m)? = o["matrix"] else {
            Issue.record("no matrix for \(line): \(String(describing: r.code))")
            return []
        }
        return m.map { if case .number(let d) = $0 { return d } else { return .nan } }
    }

    func points(_ line: String) throws -> [[Double]] {
        guard case .array(let rows)? = try run(line).result else { return [] }
        return rows.map { row in
            guard case .array(let xs) = row else { return [] }
            return xs.map { if case .number(let d) = $0 { return d } else { return .nan } }
        }
    }

    func close(_ a: [Double], _ b: [Double], _ tol: Double) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tol }
    }

    @Test("transform.compose reads operation lists like CSS (last op first)")
    func compose() throws {
        let m = try matrix(#"{"id":1,"op":"transform.compose","transform":{"operations":[{"translate":[100,0,0]},{"scale":[2,2,1]}]}}"#)
        #expect(m == [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 100, 0, 0, 1])
        // rotate(90°): m12 = sin = 1, m21 = −1.
        let r = try matrix(#"{"op":"transform.compose","transform":{"operations":[{"rotate":1.5707963267948966}]}}"#)
        // Entries are single libm results passed through products with 0 and 1 (exact) and a JSON round
        // trip (exact): the 1e-16 only admits cos(fl(π/2)) = π/2 − fl(π/2) ≈ 6.1e-17 (sin rounds to 1).
        #expect(close(r, [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], 1e-16))
        let k = try matrix(#"{"op":"transform.compose","transform":{"operations":[{"skew":[0.5,0.25]},{"perspective":400}]}}"#)
        #expect(close(k, [1, tan(0.25), 0, 0, tan(0.5), 1, 0, 0, 0, 0, 1, -1.0 / 400, 0, 0, 0, 1], 1e-16))
        let a = try matrix(#"{"op":"transform.compose","transform":{"affine":[1,2,3,4,5,6]}}"#)
        #expect(a == [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
        let x = try matrix(#"{"op":"transform.compose","transform":{"matrix":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]}}"#)
        #expect(x == (1...16).map(Double.init))
        let f = try matrix(#"{"op":"transform.compose","precision":"float","transform":{"operations":[{"rotate":0.1,"axis":[1,0,0]}]}}"#)
        #expect(f[5] == Double(Float.cos(0.1)) && f[6] == Double(Float.sin(0.1)))
    }

    @Test("transform.interpolate: op lists keep turns, matrices lose them, ends are exact")
    func interpolate() throws {
        // none → rotate(360°) at 0.5 is rotate(180°).
        let h = try matrix(#"{"op":"transform.interpolate","from":{"operations":[]},"to":{"operations":[{"rotate":6.283185307179586}]},"fraction":0.5}"#)
        #expect(close(h, [-1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], 1e-15))
        // The same as matrices does not move.
        let rot360 = Transform3D<Double>(rotation: 2 * .pi, axis: Vector3(0, 0, 1)).rowMajor.map { "\($0)" }.joined(separator: ",")
        let m = try matrix(#"{"op":"transform.interpolate","from":{"matrix":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]},"to":{"matrix":[\#(rot360)]},"fraction":0.5}"#)
        #expect(close(m, Transform3D<Double>.identity.rowMajor, 1e-15))
        // Translate op by op, with extrapolation.
        let t = try matrix(
            #"{"op":"transform.interpolate","from":{"operations":[{"translate":[0,0]}]},"to":{"operations":[{"translate":[10,20,30]}]},"fraction":1.5}"#)
        #expect(t == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 15, 30, 45, 1])
        // Fraction 0 returns the start exactly, even through decomposition.
        let e = try matrix(#"{"op":"transform.interpolate","from":{"affine":[0.3,0.7,-1.1,0.2,5,6]},"to":{"operations":[{"rotate":2}]},"fraction":0}"#)
        #expect(e == [0.3, 0.7, 0, 0, -1.1, 0.2, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
        // Mixed spec kinds interpolate as matrices: rotate(0) matrix → rotate(90°) op at 0.5 = 45°.
        let q = try matrix(
            #"{"op":"transform.interpolate","from":{"affine":[1,0,0,1,0,0]},"to":{"operations":[{"rotate":1.5707963267948966}]},"fraction":0.5}"#)
        #expect(close(q, Transform3D<Double>(rotation: .pi / 4, axis: Vector3(0, 0, 1)).rowMajor, 1e-15))
        // A singular end: discrete.
        let d = try matrix(#"{"op":"transform.interpolate","from":{"affine":[0,0,0,0,1,1]},"to":{"affine":[1,0,0,1,0,0]},"fraction":0.4}"#)
        #expect(d == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1])
        let f = try matrix(
            #"{"op":"transform.interpolate","precision":"float","from":{"operations":[]},"to":{"operations":[{"scale":[3,3]}]},"fraction":0.25}"#)
        #expect(f[0] == 1.5 && f[5] == 1.5 && f[10] == 1)
    }

    @Test("transform.apply divides by w and keeps each point's dimension")
    func apply() throws {
        // perspective(100): (10, 10, 50) → scaled by 100/(100 − 50) = 2.
        let p = try points(#"{"op":"transform.apply","transform":{"operations":[{"perspective":100}]},"points":[[10,10,50],[3,4]]}"#)
        #expect(p == [[20, 20, 100], [3, 4]])
        let r = try points(#"{"op":"transform.apply","transform":{"affine":[2,0,0,3,1,1]},"points":[[1,1],[0,-1]]}"#)
        #expect(r == [[3, 4], [1, -2]])
        let f = try points(#"{"op":"transform.apply","precision":"float","transform":{"operations":[{"translate":[0.1,0,0]}]},"points":[[0,0]]}"#)
        #expect(f == [[Double(Float(0.1)), 0]])
    }

    @Test("errors name the field")
    func errors() throws {
        func code(_ line: String) throws -> String? { try run(line).code }
        #expect(try code(#"{"op":"transform.compose"}"#) == "missingField")
        #expect(try code(#"{"op":"transform.compose","transform":{"matrix":[1,2,3]}}"#) == "invalidValue")
        #expect(try code(#"{"op":"transform.compose","transform":{"matrix":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"affine":[1,0,0,1,0,0]}}"#) == "invalidValue")
        #expect(try code(#"{"op":"transform.compose","transform":{"operations":[{"spin":1}]}}"#) == "invalidValue")
        #expect(try code(#"{"op":"transform.compose","transform":{"operations":[{"perspective":0}]}}"#) == "invalidValue")
        #expect(try code(#"{"op":"transform.compose","transform":{"operations":[{"translate":[1,2],"axis":[0,0,1]}]}}"#) == "invalidValue")
        #expect(try code(#"{"op":"transform.interpolate","from":{"operations":[]},"to":{"operations":[]}}"#) == "missingField")
        #expect(try code(#"{"op":"transform.apply","transform":{"operations":[]},"points":[[1]]}"#) == "invalidValue")
        #expect(try code(#"{"op":"transform.apply","transform":{"operations":[]}}"#) == "missingField")
        let line = try #require(Eval.answer(line: #"{"op":"transform.apply","transform":{"operations":[{"perspective":10}]},"points":[[0,0,0],[1,1,10]]}"#))
        #expect(line.contains("points[1]") && line.contains("invalidValue"))
        let op = try #require(Eval.answer(line: #"{"op":"transform.compose","transform":{"operations":[{"rotate":1},{"skew":[1]}]}}"#))
        #expect(op.contains("transform.operations[1].skew"))
        let fl = try #require(
            Eval.answer(line: #"{"op":"transform.compose","precision":"float","transform":{"matrix":[1e300,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]}}"#))
        #expect(fl.contains("invalidValue") && fl.contains("transform"))
    }
}
