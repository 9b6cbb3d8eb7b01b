import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import MotionKernel

@Suite("CSS transform strings: TransformOperations(css:) and cssText")
struct TransformCSSTests {
    typealias Ops = TransformOperations<Double>

    func parse(_ s: String) throws -> Ops { try Ops(css: s) }

    /// The error code for text that must not parse, nil when it parses.
    func code(_ s: String) -> MotionKernelError.Code? { errorCode { _ = try Ops(css: s) } }

    func f(_ name: CSSTransformFunction, _ op: TransformOperation<Double>) -> TransformFunction<Double> {
        TransformFunction(unchecked: name, op)
    }

    // Fixtures from web-platform-tests/wpt css/css-transforms/parsing/transform-valid.html:
    // (value, its expected serialisations, the functions it means). Angles in rad or 0 so that
    // the expected parameters are exact; deg cases are checked below with a bound.
    static let z = Vector3<Double>(0, 0, 1)

    @Test("WPT transform-valid.html: every value parses; percentages in translations are unsupported")
    func wptValid() throws {
        #expect(try parse("none").isNone)
        #expect(try parse("matrix(1, 0, 0, 1, 0, 0)").functions == [f(.matrix, .matrix(.identity))])
        var m = Transform3D<Double>.identity
        m.m11 = 1; m.m12 = 2; m.m21 = 3; m.m22 = 4; m.m41 = 5; m.m42 = 6
        #expect(try parse("matrix(1, 2, 3, 4, 5, 6)").functions == [f(.matrix, .matrix(m))])
        #expect(try parse("matrix(1, 2, 3, 4, 5, 6)").matrix == Transform3D(affine: AffineTransform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)))
        m.m11 = -0.1; m.m12 = -0.2; m.m21 = -0.3; m.m22 = -0.4; m.m41 = -0.5; m.m42 = -0.6
        #expect(try parse("matrix(-0.1, -0.2, -0.3, -0.4, -0.5, -0.6)").functions == [f(.matrix, .matrix(m))])
        #expect(try parse("translate(1px)").functions == [f(.translate, .translate(x: 1, y: 0, z: 0))])
        #expect(try parse("translateX(-4px)").functions == [f(.translateX, .translate(x: -4, y: 0, z: 0))])
        #expect(try parse("scale(2)").functions == [f(.scale, .scale(x: 2, y: 2, z: 1))])
        #expect(try parse("scale(3, 4)").functions == [f(.scale, .scale(x: 3, y: 4, z: 1))])
        #expect(try parse("scale(-5, -6)").functions == [f(.scale, .scale(x: -5, y: -6, z: 1))])
        #expect(try parse("scaleX(7)").functions == [f(.scaleX, .scale(x: 7, y: 1, z: 1))])
        #expect(try parse("scaleY(-8)").functions == [f(.scaleY, .scale(x: 1, y: -8, z: 1))])
        #expect(try parse("rotate(0)") == parse("rotate(0deg)"))
        #expect(try parse("rotate(0)").functions == [f(.rotate, .rotate(angle: 0, axis: Self.z))])
        #expect(try parse("skew(0)") == parse("skew(0deg)"))
        #expect(try parse("skew(0)").functions == [f(.skew, .skew(ax: 0, ay: 0))])
        #expect(try parse("skew(0, -90deg)") == parse("skew(0deg, -90deg)"))
        #expect(try parse("skew(90deg, 0)") == parse("skew(90deg)"))
        #expect(try parse("skew(90deg, 0)") == parse("skew(90deg, 0deg)"))
        #expect(try parse("skewX(0)") == parse("skewX(0deg)"))
        #expect(try parse("skewX(0)").functions == [f(.skewX, .skewX(0))])
        #expect(try parse("skewY(0)") == parse("skewY(0deg)"))
        for s in ["rotate(90deg)", "skew(90deg)", "skewX(90deg)", "skewY(-90deg)"] {
            #expect(try parse(s).functions.count == 1, "\(s)")
        }
        // Huge values: browsers clamp them to the float range; Double holds them as written.
        #expect(try parse("translateX(2e80px)").functions == [f(.translateX, .translate(x: 2e80, y: 0, z: 0))])
        #expect(try parse("scaleX(2e80)").functions == [f(.scaleX, .scale(x: 2e80, y: 1, z: 1))])
        #expect(try parse("rotate(2e80deg)").functions.count == 1)
        #expect(try parse("skewX(2e80deg)").functions.count == 1)
        // Percentages in translations need a reference box.
        for s in ["translate(2%, -3%)", "translateY(5%)", "translate(1px, 2%) scale(3, 4) rotate(-90deg)"] {
            #expect(code(s) == .unsupported, "\(s)")
        }
    }

    @Test("WPT transform-invalid.html: every value is invalidValue")
    func wptInvalid() {
        // web-platform-tests/wpt css/css-transforms/parsing/transform-invalid.html
        let invalid = [
            "none scale(2)", "translateX(3%) none", "matrix(1, 2)", "translate(1px, 2px, 3px)", "translateX(-4px, 5px)",
            "translateY(4%, 5%)", "scale(6, 7, 8)", "scale(6%, 7%, 8%)", "scaleX(1, 2)", "scaleX(1%, 2%)", "scaleY(3, 4)",
            "scaleY(3%, 4%)", "rotate(0, 0)", "rotate(0, 0, 0)", "rotate(0, 0, 0, 0)", "skew(0, 0, 0)", "skewX(0, 0)",
            "skewY(0, 0)", "scaleX(2), scaleY(3)",
        ]
        for s in invalid { #expect(code(s) == .invalidValue, "\(s)") }
    }

    @Test("grammar: case, whitespace, comments, units, numbers; errors carry offsets")
    func grammar() throws {
        #expect(try parse("  ROTATE(1RAD)  TranslateX(2PX)") == parse("rotate(1rad) translateX(2px)"))
        #expect(try parse("NONE").isNone && parse(" \t\nnone\u{0C} ").isNone)
        #expect(try parse("translate(1px)scale(2)") == parse("translate(1px) scale(2)"))
        #expect(try parse("/* a */rotate( 1rad /* b */ )/**/") == parse("rotate(1rad)"))
        #expect(try parse("translateX(+.5e1px)").functions == [f(.translateX, .translate(x: 5, y: 0, z: 0))])
        #expect(try parse("translateX(1E-1px)").functions == [f(.translateX, .translate(x: 0.1, y: 0, z: 0))])
        #expect(try parse("scale(50%, 200%)").functions == [f(.scale, .scale(x: 0.5, y: 2, z: 1))])
        #expect(try parse("scale3d(1, 2, 300%)").functions == [f(.scale3d, .scale(x: 1, y: 2, z: 3))])
        #expect(try parse("perspective(none)").functions == [f(.perspective, .perspective(.infinity))])
        // Distances below 1px are used as 1px (CSS Transforms 2, perspective()).
        #expect(try parse("perspective(0)").functions == [f(.perspective, .perspective(1))])
        #expect(try parse("perspective(0.25px)").functions == [f(.perspective, .perspective(1))])
        #expect(try parse("rotate3d(1, 2, 3, 1rad)").functions == [f(.rotate3d, .rotate(angle: 1, axis: Vector3(1, 2, 3)))])
        #expect(try parse("translate3d(1px, 0, -3px)").functions == [f(.translate3d, .translate(x: 1, y: 0, z: -3))])
        #expect(
            try parse("translateZ(2px) rotateX(1rad) rotateY(2rad) rotateZ(3rad) scaleZ(4)").functions == [
                f(.translateZ, .translate(x: 0, y: 0, z: 2)), f(.rotateX, .rotate(angle: 1, axis: Vector3(1, 0, 0))),
                f(.rotateY, .rotate(angle: 2, axis: Vector3(0, 1, 0))), f(.rotateZ, .rotate(angle: 3, axis: Self.z)),
                f(.scaleZ, .scale(x: 1, y: 1, z: 4)),
            ])
        let m3 = (1...16).map(Double.init)
        #expect(try parse("matrix3d(\(m3.map { "\(Int($0))" }.joined(separator: ",")))").matrix == Transform3D(rowMajor: m3))
        // Angle units: each conversion is one product with a rounded constant, so it is within
        // 2u of v·(factor) relative, and the reference (π·v/180 etc.) within 3u: bound 5u·|angle|.
        let u = Double.ulpOfOne / 2
        for (s, a) in [
            ("90deg", 90 * Double.pi / 180), ("100grad", 100 * Double.pi / 200), ("0.25turn", 0.25 * 2 * Double.pi), ("-45deg", -45 * Double.pi / 180),
        ] {
            guard case .rotate(let got, _) = try parse("rotate(\(s))").functions[0].operation else {
                Issue.record("\(s)")
                continue
            }
            #expect(abs(got - a) <= 5 * u * abs(a), "\(s)")
        }
        for s in [
            "", "   ", "translate(1px,)", "translate(,1px)", "translate (1px)", "rotate(90)", "translateX(5)", "scale(2px)",
            "perspective(-1px)", "rotate(1rad) , scale(2)", "foo(1)", "rotate(1rad", "matrix3d(1,2,3)", "translateZ(5%)",
            "none none", "rotate(1e999deg)", "rotate(1 deg)", "rotate(1rad))", "rotate(1.rad)", "translateX(1qpx)",
            "rotate(1rad) none", "translate(1px 2px)", "rotate()", "scale(2,,3)", "rotate(\u{00E9}1rad)", "perspective(none 1px)",
            "rotate(1rad) /* open", "translateX(1e308px) scale(1e308) rotate(1e308turn)",
        ] {
            #expect(code(s) == .invalidValue, "\(s)")
        }
        for s in ["translateX(1em)", "translate(1cm, 2px)", "rotate(calc(1deg))", "translateX(var(--x))", "perspective(10vw)"] {
            #expect(code(s) == .unsupported, "\(s)")
        }
        // The offset of the problem, and the caller's path, are in the error.
        do {
            _ = try Ops(css: "rotate(1rad) scale(2px)", path: "from")
            Issue.record("parsed")
        } catch let e {
            #expect(e.field == "from" && e.reason.contains("offset 19"), "\(e)")
        }
        do {
            _ = try Ops(css: "rotate(1rad) bogus(1)")
            Issue.record("parsed")
        } catch let e {
            #expect(e.field == "css" && e.reason.contains("offset 13"), "\(e)")
        }
    }

    @Test("cssText round-trips: parse(cssText) is the same list, in Double and Float")
    func roundTrip() throws {
        let texts = [
            "none", "translate(1.5px, -2px) translateX(0.1px) translateY(3px) translateZ(-4px) translate3d(1px, 2px, 3px)",
            "scale(0.3, 2) scaleX(7) scaleY(-8) scaleZ(1e-7) scale3d(1, 2, 3)",
            "rotate(30deg) rotateX(-1rad) rotateY(2turn) rotateZ(1grad) rotate3d(7, 8, 9, 100deg)",
            "skew(10deg, 0.1rad) skewX(1rad) skewY(-0.5rad) perspective(400px) perspective(none)",
            "matrix(1, 2, 3, 4, 5, 6) matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.0025, 0.1, 0.2, 0.3, 1)",
            "translateX(2e80px) scaleX(1e-300)",
        ]
        for s in texts {
            let a = try parse(s)
            #expect(try Ops(css: a.cssText) == a, "\(s) → \(a.cssText)")
        }
        #expect(Ops.none.cssText == "none")
        #expect(try parse("translateX(12px) rotate(0.5rad)").cssText == "translateX(12px) rotate(0.5rad)")
        #expect(try parse("scale(2)").cssText == "scale(2, 2)")
        #expect(try Ops([.translate(x: 1, y: 2, z: 3), .skewX(0.25)]).cssText == "translate3d(1px, 2px, 3px) skewX(0.25rad)")
        for s in texts.dropLast() {
            let a = try TransformOperations<Float>(css: s)
            #expect(try TransformOperations<Float>(css: a.cssText) == a, "\(s) → \(a.cssText)")
        }
        // Values that overflow Float are errors there, naming the function's offset.
        do {
            _ = try TransformOperations<Float>(css: "rotate(1rad) translateX(2e80px)")
            Issue.record("parsed")
        } catch let e {
            #expect(e.code == .invalidValue && e.field == "css" && e.reason.contains("offset 13"), "\(e)")
        }
    }

    @Test("random token soup never traps: a valid list with finite parameters that round-trips, or a typed error")
    func tokenSoup() throws {
        let tokens = [
            "rotate(", "translateX(", "translate3d(", "scale(", "scale3d(", "matrix(", "matrix3d(", "perspective(", "skewX(",
            "rotate3d(", "none", ")", ",", " ", "1", "-2.5", "e", "1e308", "deg", "px", "%", "turn", "/*", "*/", ".", "+", "calc(",
            "0", "\u{00E9}", "(", "em",
        ]
        var rng = SplitMix64(seed: 0xC55)
        for _ in 0..<3000 {
            let n = 1 + Int(rng.next() % 12)
            let text = (0..<n).map { _ in tokens[Int(rng.next() % UInt64(tokens.count))] }.joined()
            do {
                let ops = try Ops(css: text)
                for f in ops.functions { #expect(throws: Never.self, "\(text)") { try f.operation.validate() } }
                #expect(try Ops(css: ops.cssText) == ops, "\(text)")
            } catch let e {
                #expect(e.code == .invalidValue || e.code == .unsupported, "\(text)")
                #expect(e.field == "css" && e.reason.contains("offset"), "\(text): \(e)")
            }
        }
    }

    @Test("WPT transform-computed.html: the matrices serialise as browsers resolve them")
    func wptComputed() throws {
        // web-platform-tests/wpt css/css-transforms/parsing/transform-computed.html; all exact
        // (products with 0 and 1, cos 0 = 1, sin 0 = 0).
        for (s, want) in [
            ("translateX(10px)", "matrix(1, 0, 0, 1, 10, 0)"), ("translateY(10px)", "matrix(1, 0, 0, 1, 0, 10)"),
            ("translateZ(10px)", "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 10, 1)"),
            ("translateZ(0px)", "matrix(1, 0, 0, 1, 0, 0)"), ("scale(2, 3)", "matrix(2, 0, 0, 3, 0, 0)"),
            ("rotate(0deg)", "matrix(1, 0, 0, 1, 0, 0)"),
            // The stored revision resolves perspective(0.25px) to m34 = −4 and perspective(0px) to
            // the identity; CSS Transforms 2 now uses distances below 1px as 1px (m34 = −1).
            ("perspective(0.25px)", "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1, 0, 0, 0, 1)"),
            ("perspective(0px)", "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1, 0, 0, 0, 1)"),
        ] {
            #expect(try parse(s).matrix.cssText == want, "\(s)")
        }
    }

    @Test("Transform3D.cssText: matrix() for 2D, matrix3d() otherwise, numbers round-trip")
    func matrixText() throws {
        let r = Transform3D<Double>(rotation: 0.3, axis: Vector3(0, 0, 1)).translatedBy(x: 1.25, y: -3)
        #expect(r.isAffine && r.cssText.hasPrefix("matrix("))
        #expect(try parse(r.cssText).matrix == r)
        let p = Transform3D<Double>(perspective: 400).concatenating(Transform3D(rotation: 1.1, axis: Vector3(1, 2, 3)))
        #expect(p.cssText.hasPrefix("matrix3d("))
        #expect(try parse(p.cssText).matrix == p)
        #expect(Transform3D<Double>.identity.cssText == "matrix(1, 0, 0, 1, 0, 0)")
    }
}
