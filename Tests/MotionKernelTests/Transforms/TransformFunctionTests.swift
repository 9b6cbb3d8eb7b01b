import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import MotionKernel

@Suite("CSS transform functions: skewX/skewY, names, primitives")
struct TransformFunctionTests {
    @Test("skewX(a) and skewY(a) have the matrices of skew(a, 0) and skew(0, a)")
    func skewMatrices() throws {
        let a = 0.5
        // Both sides call the same tan once; tan(0) is exactly 0.
        #expect(TransformOperation<Double>.skewX(a).matrix == TransformOperation<Double>.skew(ax: a, ay: 0).matrix)
        #expect(TransformOperation<Double>.skewY(a).matrix == TransformOperation<Double>.skew(ax: 0, ay: a).matrix)
        #expect(TransformOperation<Double>.skewX(a).matrix.m21 == tan(a))
        #expect(TransformOperation<Double>.skewY(a).matrix.m12 == tan(a))
        #expect(throws: MotionKernelError.self) { try TransformOperations<Double>([.skewX(.nan)]) }
        #expect(TransformOperation<Double>.skewX(1).identityOfSameKind == .skewX(0))
        #expect(!TransformOperation<Double>.skewX(1).hasSameKind(as: .skew(ax: 1, ay: 0)))
        #expect(!TransformOperation<Double>.skewX(1).hasSameKind(as: .skewY(1)))
    }

    @Test("skewX pairs interpolate their angle; skewX with skew is a matrix interpolation")
    func skewInterpolation() throws {
        // css/css-transforms/animation/transform-interpolation-003.html (web-platform-tests/wpt):
        // skewX(10rad) → skewX(20rad) at 0.25 is skewX(12.5rad); 0.75·10 + 0.25·20 is exact.
        let a = try TransformOperations<Double>([.skewX(10)]), b = try TransformOperations<Double>([.skewX(20)])
        let r = try TransformOperations.interpolate(from: a, to: b, fraction: 0.25)
        #expect(r.functions == [TransformFunction(.skewX(12.5))])
        let m = try TransformOperations.interpolate(
            from: a, to: try TransformOperations<Double>([.skew(ax: 20, ay: 0)]), fraction: 0.25)
        #expect(m.functions.count == 1 && m.functions[0].name == .matrix)
    }

    @Test("names and primitives follow CSS Transforms 2")
    func primitives() throws {
        typealias F = CSSTransformFunction
        #expect(F.translateX.commonPrimitive(with: .translateY) == .translate)
        #expect(F.translateX.commonPrimitive(with: .translateZ) == .translate3d)
        #expect(F.scaleX.commonPrimitive(with: .scale) == .scale)
        #expect(F.scaleX.commonPrimitive(with: .scale3d) == .scale3d)
        #expect(F.rotate.commonPrimitive(with: .rotateZ) == .rotate)
        #expect(F.rotateX.commonPrimitive(with: .rotate) == .rotate3d)
        #expect(F.matrix.commonPrimitive(with: .matrix3d) == .matrix3d)
        #expect(F.skewX.commonPrimitive(with: .skew) == nil && F.skewX.commonPrimitive(with: .skewY) == nil)
        #expect(F.perspective.commonPrimitive(with: .perspective) == .perspective)
        #expect(F.translate.commonPrimitive(with: .scale) == nil)
        #expect(throws: MotionKernelError.self) { try TransformFunction<Double>(.translateX, .translate(x: 1, y: 2, z: 0)) }
        #expect(throws: MotionKernelError.self) { try TransformFunction<Double>(.rotateX, .rotate(angle: 1, axis: Vector3(0, 1, 0))) }
        #expect(throws: MotionKernelError.self) {
            try TransformFunction<Double>(.matrix, .matrix(Transform3D(perspective: 100)))
        }
        #expect(throws: MotionKernelError.self) { try TransformFunction<Double>(.skewX, .skew(ax: 1, ay: 0)) }
        let f = try TransformFunction<Double>(.translateY, .translate(x: 0, y: 3, z: 0))
        #expect(f.identity == TransformFunction(unchecked: .translateY, .translate(x: 0, y: 0, z: 0)))
        // Bare operations are named by their primitive.
        #expect(try TransformOperations<Double>([.translate(x: 1, y: 0, z: 0), .skewY(1)]).functions.map(\.name) == [.translate3d, .skewY])
    }
}
