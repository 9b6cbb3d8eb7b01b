import Testing
@testable import MotionKernel

@Suite("Spring motion and retargeting")
struct SpringMotionTests {
    @Test("retargeting keeps position and velocity (C¹) and then obeys the new ODE")
    func retarget() throws {
        let s = try Spring<Double>(stiffness: 170, dampingRatio: 0.7)
        let m = try SpringMotion(spring: s, from: 0, to: 100, initialVelocity: 0)
        let s2 = try Spring<Double>(stiffness: 60, dampingRatio: 1.4)
        let r = try m.retargeted(at: 0.23, to: -40, spring: s2)
        let before = m.state(at: 0.23), after = r.state(at: 0.23 + 1e-12)
        #expect(abs(before.value - after.value) < 1e-8 && abs(before.velocity - after.velocity) < 1e-6)
        // After the switch: the closed form of s2 from that state.
        let ref = s2.state(at: 0.5, from: before.value, to: -40, initialVelocity: before.velocity)
        let got = r.state(at: 0.73)
        #expect(abs(got.value - ref.value) < 1e-10 && abs(got.velocity - ref.velocity) < 1e-9)
    }

    @Test("a target moving at constant velocity: ODE residual 0 and steady lag c·w/k")
    func movingTarget() throws {
        let s = try Spring<Double>(mass: 1.5, stiffness: 90, damping: 12)
        let m = try SpringMotion(spring: s, from: 0, to: 10, initialVelocity: 3, startTime: 1, targetVelocity: 25)
        #expect(m.state(at: 1).value == 0 && m.state(at: 1).velocity == 3)
        for t in [1.1, 1.5, 2.3] {
            let h = 1e-6
            let a = (m.state(at: t + h).velocity - m.state(at: t - h).velocity) / (2 * h)
            let st = m.state(at: t)
            let residual = s.mass * a + s.damping * st.velocity + s.stiffness * (st.value - m.target(at: t))
            #expect(abs(residual) < 1e-4 * (s.stiffness * abs(st.value - m.target(at: t)) + 100))
        }
        let late = m.state(at: 30)
        #expect(abs((m.target(at: 30) - late.value) - 12 * 25 / 90) < 1e-9)
        #expect(abs(late.velocity - 25) < 1e-9)
    }
}
