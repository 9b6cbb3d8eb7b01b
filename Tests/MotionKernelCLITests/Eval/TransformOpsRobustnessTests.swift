import Testing
@testable import MotionKernelCLI

@Suite("eval transform.interpolate refuses overflowing inputs like transform.compose does")
struct TransformInterpolateRobustnessTests {
    /// `{"matrix": [...]}` of the 16 numbers.
    func spec(_ m: [Double]) -> String { "{\"matrix\": [\(m.map { "\($0)" }.joined(separator: ", "))]}" }
    let identity: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

    @Test("huge scales, perspective with huge translations, and overflowing lists are invalidValue naming the field")
    func refuses() throws {
        // The 3×3 determinant (1e308)² overflows: once a discrete step to the identity, ok: true.
        let huge: [Double] = [1e308, 0, 0, 0, 0, 1e308, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        for precision in ["double", "float"] {
            let line = #"{"op": "transform.interpolate", "precision": "\#(precision)", "from": \#(spec(huge)), "to": \#(spec(identity)), "fraction": 0.5}"#
            let a = try opAnswer(line)
            if precision == "float" {
                // 1e308 does not fit in Float: refused while converting, naming `from`.
                #expect(!a.ok && a.code == "invalidValue")
                #expect(opMessage(line).hasPrefix("from"))
            } else {
                #expect(!a.ok && a.code == "invalidValue")
                #expect(opMessage(line).hasPrefix("from:"), "\(opMessage(line))")
            }
        }
        // Float: 1e30 fits, its square does not.
        let hugeF: [Double] = [1e30, 0, 0, 0, 0, 1e30, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        let lf = #"{"op": "transform.interpolate", "precision": "float", "from": \#(spec(identity)), "to": \#(spec(hugeF)), "fraction": 0.5}"#
        #expect(try opAnswer(lf).code == "invalidValue")
        #expect(opMessage(lf).hasPrefix("to:"), "\(opMessage(lf))")
        // Translations near the top of the range with a perspective part.
        let persp: [Double] = [1, 0, 0, 4, 0, 1, 0, 0, 0, 0, 1, 0, 1e308, 1e308, 0, 1]
        let lp = #"{"op": "transform.interpolate", "from": \#(spec(persp)), "to": \#(spec(identity)), "fraction": 0.25}"#
        #expect(try opAnswer(lp).code == "invalidValue")
        #expect(opMessage(lp).hasPrefix("from:"), "\(opMessage(lp))")
        // Operation lists whose net matrix overflows: compose refuses, and so does interpolate.
        let twice = #"{"operations": [{"translate": [1e308, 0, 0]}, {"translate": [1e308, 0, 0]}]}"#
        let compose = #"{"op": "transform.compose", "transform": \#(twice)}"#
        #expect(try opAnswer(compose).code == "invalidValue")
        // (Against [translate(0, 0, 0)] the lists interpolate op by op to 0.7e308 + 0.7e308, which
        // is finite and a correct success.)
        for to in [#"{"operations": [{"scale": [2, 2, 1]}]}"#, spec(identity)] {
            let l = #"{"op": "transform.interpolate", "from": \#(twice), "to": \#(to), "fraction": 0.3}"#
            let a = try opAnswer(l)
            #expect(!a.ok && a.code == "invalidValue", "\(l)")
        }
        // Extrapolating translations past the range.
        let lx =
            #"{"op": "transform.interpolate", "from": {"operations": [{"translate": [1e308, 0, 0]}]}, "to": {"operations": [{"translate": [-1e308, 0, 0]}]}, "fraction": 3}"#
        #expect(try opAnswer(lx).code == "invalidValue")
        #expect(opMessage(lx).hasPrefix("fraction:"), "\(opMessage(lx))")
        // In range, nothing changes: the midpoint of two translations.
        let ok =
            #"{"op": "transform.interpolate", "from": {"operations": [{"translate": [1e308, 0, 0]}]}, "to": {"operations": [{"translate": [-1e308, 0, 0]}]}, "fraction": 0.5}"#
        let a = try opAnswer(ok)
        #expect(a.ok)
        if case .object(let o)? = a.result { #expect(opNumbers(o["matrix"]) == identity) }
    }
}
