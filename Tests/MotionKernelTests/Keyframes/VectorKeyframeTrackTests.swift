import Foundation
import Testing

@testable import MotionKernel

@Suite("Keyframe tracks over VectorArithmetic values")
struct VectorKeyframeTrackTests {
    @Test("linear and discrete SIMD2<Double> tracks give the bits of the two-channel KeyframeTrack<Double>")
    func matchesChannelTrack() throws {
        let pts: [SIMD2<Double>] = [[0, 0], [3, 4], [3, 10], [-2, 1.5]]
        let flat = pts.flatMap { [$0.x, $0.y] }
        let times = [0, 0.2, 0.7, 1.0]
        let tf: [TimingFunction] = [.cubicBezier(.easeIn), .linear, .cubicBezier(.easeInEaseOut)]
        for mode in [KeyframeCalculationMode.linear, .discrete] {
            let kt = mode == .discrete ? [0, 0.2, 0.7, 0.9, 1.0] : times
            let v = try VectorKeyframeTrack(values: pts, keyTimes: kt, calculationMode: mode, timingFunctions: tf)
            let c = try KeyframeTrack<Double>(values: flat, dimension: 2, keyTimes: kt, calculationMode: mode, timingFunctions: tf)
            for i in 0...400 {
                let p = -0.1 + 1.2 * Double(i) / 400
                let a = try v.value(at: p), b = c.value(at: p)
                #expect(a.x == b[0] && a.y == b[1], "\(mode) p \(p)")
            }
        }
        #if !MOTIONKERNEL_NO_FOUNDATION
        let cg = try VectorKeyframeTrack(values: pts.map { CGPoint(x: $0.x, y: $0.y) })
        #expect(try cg.value(at: 0.5) == CGPoint(x: 3, y: 7))
        #endif
    }

    @Test("paced: key times proportional to Euclidean distance, so the polyline is traversed at constant speed")
    func paced() throws {
        // (0,0) → (3,4) → (3,10): lengths 5 and 6, total 11.
        let t = try VectorKeyframeTrack(values: [SIMD2<Double>(0, 0), SIMD2(3, 4), SIMD2(3, 10)], calculationMode: .paced)
        #expect(abs(t.keyTimes[1] - 5.0 / 11) <= 2 * Double.ulpOfOne)
        for i in 0...110 {
            let p = Double(i) / 110
            let x = try t.value(at: p)
            // Arc length travelled: |x − (0,0)| on the first leg, 5 + |x − (3,4)| on the second.
            let s = p <= 5.0 / 11 ? (x - SIMD2(0, 0)).magnitudeSquared.squareRoot() : 5 + (x - SIMD2(3, 4)).magnitudeSquared.squareRoot()
            #expect(abs(s - 11 * p) <= 1e-13 * 11, "p \(p)")
        }
    }

    @Test("cubic modes, non-finite values and bad key times are typed errors")
    func errors() throws {
        func field(_ f: () throws -> Any) -> String? {
            do { _ = try f() } catch let e as MotionKernelError { return e.field } catch {}
            return nil
        }
        #expect(field { try VectorKeyframeTrack(values: [1.0, 2.0], calculationMode: .cubic) } == "calculationMode")
        #expect(field { try VectorKeyframeTrack(values: [SIMD2<Double>(1, .nan)]) } == "values[0]")
        #expect(field { try VectorKeyframeTrack(values: [1.0, 2.0], keyTimes: [0, 0.5]) } == "keyTimes[1]")
        #expect(field { try VectorKeyframeTrack<Double>(values: []) } == "values")
        #expect(field { try VectorKeyframeTrack(values: [1.0, 2.0]).value(at: .nan) } == "progress")
    }
}
