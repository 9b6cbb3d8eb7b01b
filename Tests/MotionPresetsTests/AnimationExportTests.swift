import Foundation
import MotionKernel
import Testing

@testable import MotionPresets

/// The CSS export evaluated independently, in process: keyframes interpolated channel by channel
/// as CSS does, Bézier easings solved by plain bisection (``Reference/bezier``), `linear()` by the
/// easing parser; compared with the animation's own states within the stated tolerance.
@Suite("Presets as CSS")
struct AnimationExportTests {
    /// The five numbers (tx, ty, θ, sx, sy) of a keyframe's `transform`: `translate(xpx, ypx)`
    /// (or `translateX` / `translateY`), `rotate(θdeg)`, `scale(sx[, sy])`, each optional (its
    /// identity when absent), or `none`.
    static func channels(_ t: String) -> [Double] {
        var c = [0.0, 0, 0, 1, 1]
        if t == "none" { return c }
        for part in t.split(separator: ")") {
            let f = part.split(separator: "(", maxSplits: 1)
            let name = f[0].trimmingCharacters(in: .whitespaces)
            let degrees = f[1].contains("deg")
            let args = f[1].replacingOccurrences(of: "px", with: "").replacingOccurrences(of: "deg", with: "")
                .split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
            switch name {
            case "translate": c[0] = args[0]; c[1] = args[1]
            case "translateX": c[0] = args[0]
            case "translateY": c[1] = args[0]
            case "rotate": c[2] = degrees ? args[0] * Double.pi / 180 : args[0]
            case "scale": c[3] = args[0]; c[4] = args.count > 1 ? args[1] : args[0]
            default: Issue.record("unexpected function \(name) in \(t)")
            }
        }
        return c
    }

    /// Output progress of a CSS easing text at w.
    static func ease(_ e: String, _ w: Double) throws -> Double {
        if e == "linear" { return w }
        if e.hasPrefix("cubic-bezier(") {
            let p = e.dropFirst("cubic-bezier(".count).dropLast().split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
            return Reference.bezier(p[0], p[1], p[2], p[3], w)
        }
        return try TimingFunction(css: e).value(at: w)
    }

    /// The layer's (matrix entries a…f, opacity) at time t as CSS computes it (fill both).
    static func evaluate(_ l: CSSExport.Layer, _ t: Double) throws -> (m: [Double], opacity: Double?) {
        let p = min(max((t - l.delay) / l.duration, 0), 1)
        var i = 0
        while i + 2 < l.keyframes.count && l.keyframes[i + 1].offset <= p { i += 1 }
        let a = l.keyframes[i], b = l.keyframes[i + 1]
        let w = min(max((p - a.offset) / (b.offset - a.offset), 0), 1)
        let r = try ease(a.easing, w)
        var m = [1.0, 0, 0, 1, 0, 0]
        if let ta = a.transform, let tb = b.transform {
            let ca = channels(ta), cb = channels(tb)
            let c = zip(ca, cb).map { $0 + ($1 - $0) * r }
            let full = Reference.matrix(tx: c[0], ty: c[1], rotation: c[2], sx: c[3], sy: c[4])
            m = [full[0], full[1], full[4], full[5], full[12], full[13]]
        }
        let o = a.opacity.map { oa in oa + (b.opacity! - oa) * r }
        return (m, o)
    }

    static let cases: [(String, [String: Double])] =
        PresetRegistry.all.map { ($0.name, [:]) } + [
            ("wiggle", ["swings": 3, "degrees": -12, "legDuration": 0.2]), ("pop", ["dampingRatio": 0.3, "from": 2, "to": -1]),
            ("flyAway", ["split": 0.7, "width": 800, "endY": 0.1]),
        ]

    @Test("the export evaluated as CSS stays within its stated tolerance of the preset's states (240 fps and every keyframe time)")
    func withinTolerance() throws {
        for (name, options) in Self.cases {
            let anim = try PresetRegistry.named(name).make(options: options)
            let export = try anim.cssExport()
            #expect(export.tolerance > 0 && export.tolerance < 0.01, "\(name): \(export.tolerance)")
            var times = try FrameTimes.times(duration: anim.duration, fps: 240)
            for l in export.layers { times += l.keyframes.map { l.delay + $0.offset * l.duration } }
            var worst = 0.0
            for t in times {
                let states = anim.states(at: t)
                for l in export.layers {
                    let s = states[try #require(anim.layers.firstIndex(of: l.name))]
                    let r = s.transform.rowMajor
                    let got = try Self.evaluate(l, t)
                    if l.keyframes[0].transform != nil {
                        for (g, w) in zip(got.m, [r[0], r[1], r[4], r[5], r[12], r[13]]) { worst = max(worst, abs(g - w)) }
                    }
                    if let o = got.opacity { worst = max(worst, abs(o - s.opacity)) }
                }
            }
            #expect(worst <= export.tolerance, "\(name) \(options): \(worst) > \(export.tolerance)")
        }
    }

    @Test("written as a designer would: shake 9 linear keyframes over 0.6 s, wiggle leg keyframes after a 1 s delay, pop one linear() easing")
    func shapes() throws {
        let shake = try Preset.shake().cssExport().layers
        #expect(shake.count == 1 && shake[0].keyframes.count == 9 && shake[0].duration == 0.6 && shake[0].delay == 0)
        #expect(shake[0].keyframes.allSatisfy { $0.easing == "linear" })
        #expect(shake[0].keyframes.map(\.offset) == (0...8).map { Double($0) / 8 })

        let wiggle = try Preset.wiggle().cssExport().layers[0]
        #expect(wiggle.delay == 1 && abs(wiggle.duration - 1) < 1e-12 && wiggle.keyframes.count == 11)
        #expect(wiggle.keyframes.dropLast().allSatisfy { $0.easing == "cubic-bezier(0.42, 0, 0.58, 1)" })
        #expect(wiggle.keyframes[1].transform == "rotate(-5deg)")

        let pop = try Preset.pop().cssExport().layers[0]
        #expect(pop.keyframes.count == 2 && pop.duration == 0.5 && pop.keyframes[0].easing.hasPrefix("linear(0, "))
        #expect(pop.keyframes[0].transform == "scale(0)")
        #expect(pop.keyframes[1].transform == "scale(1)")

        let spin = try Preset.spin().cssExport().layers[0]
        #expect(spin.keyframes.count == 2 && spin.keyframes[0].easing == "cubic-bezier(0.42, 0, 0.58, 1)")

        let toolbar = try Preset.toolbarReveal().cssExport().layers
        #expect(toolbar.map(\.name) == ["toolbar", "tabBar"])
        #expect(toolbar[0].keyframes.allSatisfy { $0.opacity == nil } && toolbar[1].keyframes.allSatisfy { $0.transform == nil })
        #expect(toolbar[1].keyframes.map(\.opacity) == [1, 0])

        let fly = try Preset.flyAway().cssExport().layers[0]
        #expect(fly.keyframes.count > 9 && fly.duration == 2)
        for i in 1..<fly.keyframes.count { #expect(fly.keyframes[i].offset > fly.keyframes[i - 1].offset) }

        let css = try Preset.toolbarHide().cssExport().cssText(scope: "demo")
        #expect(css.contains("@keyframes mk-demo-toolbar {") && css.contains(".demo .tabBar {") && css.contains("animation-fill-mode: both;"))
    }

    @Test("constructs without a keyframe form here are typed errors naming preset")
    func unsupported() throws {
        let half = try Animation.tween(.rotation, from: 0, to: 1, duration: 1).repeated(count: 1.5)
        #expect(throws: MotionKernelError.self) { try half.cssExport() }
        do { _ = try half.cssExport() } catch let e as MotionKernelError { #expect(e.field == "preset") }
        let mixed = Animation.group([
            try .tween(.rotation, from: 0, to: 1, duration: 1),
            try .tween(.translationX, from: 0, to: 1, duration: 0.5, timing: .cubicBezier(.easeInEaseOut)),
        ])
        #expect(throws: MotionKernelError.self) { try mixed.cssExport() }
    }

    @Test("every option at either end of its range: an export with finite numbers and a finite tolerance, or a typed error")
    func optionExtremes() throws {
        for d in PresetRegistry.all {
            for o in d.options {
                for v in [o.range.lowerBound, o.range.upperBound] {
                    guard let anim = try? d.make(options: [o.name: v]) else { continue }
                    do {
                        let e = try anim.cssExport()
                        #expect(e.tolerance.isFinite && e.tolerance >= 0, "\(d.name) \(o.name)=\(v)")
                        for l in e.layers {
                            #expect(l.duration.isFinite && l.delay.isFinite && l.duration > 0)
                            for (i, k) in l.keyframes.enumerated() {
                                if i > 0 { #expect(k.offset > l.keyframes[i - 1].offset) }
                                if let t = k.transform { #expect(Self.channels(t).allSatisfy { $0.isFinite }, "\(t)") }
                            }
                        }
                    } catch let e as MotionKernelError {
                        #expect(e.field == "preset", "\(d.name) \(o.name)=\(v): \(e)")
                    }
                }
            }
        }
    }
}
