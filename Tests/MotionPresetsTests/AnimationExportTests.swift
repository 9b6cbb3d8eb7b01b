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
    /// `parsed`: the keyframes' ``channels(_:)``, when the caller has them.
    static func evaluate(
        _ l: CSSExport.Layer, _ t: Double, parsed: [[Double]]? = nil, linear: [TimingFunction?]? = nil
    ) throws -> (m: [Double], opacity: Double?) {
        let p = min(max((t - l.delay) / l.duration, 0), 1)
        // The last keyframe at or before p (not the final one): CSS's keyframe pair for p.
        var lo = 0, hi = l.keyframes.count - 2
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if l.keyframes[mid].offset <= p { lo = mid } else { hi = mid - 1 }
        }
        let i = lo
        let a = l.keyframes[i], b = l.keyframes[i + 1]
        let w = min(max((p - a.offset) / (b.offset - a.offset), 0), 1)
        let r = try linear?[i].map { $0.value(at: w) } ?? ease(a.easing, w)
        var m = [1.0, 0, 0, 1, 0, 0]
        if let ta = a.transform, let tb = b.transform {
            let ca = parsed?[i] ?? channels(ta), cb = parsed?[i + 1] ?? channels(tb)
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
        do { _ = try half.cssExport() } catch let e { #expect(e.field == "preset") }
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
                    } catch let e {
                        #expect(e.field == "preset", "\(d.name) \(o.name)=\(v): \(e)")
                    }
                }
            }
        }
    }

    /// The largest distance between the export evaluated as CSS and the animation's states, over
    /// `samples` + 1 evenly spaced times, every keyframe time, and the points at 1/4, 1/2 and 3/4
    /// between consecutive keyframes (where a chord is farthest from its curve), and the largest
    /// |translation| of the animation's states at those times.
    static func deviation(_ anim: Animation, _ export: CSSExport, samples: Int = 1000) throws -> (worst: Double, extent: Double) {
        var times = (0...samples).map { anim.duration * Double($0) / Double(samples) }
        for l in export.layers {
            let ks = l.keyframes.map { l.delay + $0.offset * l.duration }
            times += ks
            for f in [0.25, 0.5, 0.75] { times += zip(ks, ks.dropFirst()).map { $0 + ($1 - $0) * f } }
        }
        var worst = 0.0, extent = 0.0
        let parsed = export.layers.map { l in l.keyframes.map { $0.transform.map(Self.channels) ?? [] } }
        let linear = try export.layers.map { l in try l.keyframes.map { $0.easing.hasPrefix("linear(") ? try TimingFunction(css: $0.easing) : nil } }
        for t in times {
            let states = anim.states(at: t)
            for (li, l) in export.layers.enumerated() {
                let s = states[try #require(anim.layers.firstIndex(of: l.name))]
                extent = max(extent, abs(s.translationX), abs(s.translationY))
                let got = try Self.evaluate(l, t, parsed: parsed[li], linear: linear[li])
                if l.keyframes[0].transform != nil {
                    let r = s.transform.rowMajor
                    for (g, w) in zip(got.m, [r[0], r[1], r[4], r[5], r[12], r[13]]) { worst = max(worst, abs(g - w)) }
                }
                if let o = got.opacity { worst = max(worst, abs(o - s.opacity)) }
            }
        }
        return (worst, extent)
    }

    /// A random value of `o`: one of its ends (a quarter of the time each), otherwise uniform,
    /// or log-uniform when the range is positive and spans more than two decades; whole for
    /// integer options.
    static func randomValue(_ o: PresetOption, _ rng: inout SplitMix64) -> Double {
        let lo = o.range.lowerBound, hi = o.range.upperBound
        let pick = Double(rng.next() >> 11) * 0x1p-53
        var v: Double
        switch rng.next() % 4 {
        case 0: v = lo
        case 1: v = hi
        default:
            v = lo > 0 && hi / lo > 100 ? lo * Double.pow(hi / lo, pick) : lo + (hi - lo) * pick
        }
        if o.integer { v = v.rounded() }
        return min(max(v, lo), hi)
    }

    @Test("wiggle after a long delay with very short legs (both in range) exports: the legs meet within the rounding of their times")
    func longDelayShortLegs() throws {
        for (delay, leg) in [(100.0, 0.001), (3600, 0.001), (3600, 3600), (0.3, 0.001), (1e-3, 7.0 / 3)] {
            let anim = try PresetRegistry.wiggle.make(options: ["delay": delay, "legDuration": leg, "swings": 7])
            let export = try anim.cssExport()
            let l = export.layers[0]
            // 1 + 2 + 14 legs: one keyframe per leg start plus the end.
            #expect(l.keyframes.count == 17, "delay \(delay) leg \(leg): \(l.keyframes.count) keyframes")
            #expect(l.delay == delay && abs(l.duration - 16 * leg) <= 64 * Double.ulpOfOne * (delay + 16 * leg))
            let (worst, _) = try Self.deviation(anim, export)
            #expect(worst <= export.tolerance, "delay \(delay) leg \(leg): \(worst) > \(export.tolerance)")
        }
        // The same tree nested: a delayed sequence of a repeat inside a sped-up, delayed group.
        let inner = try Animation.sequence([
            try .tween(.rotation, to: 1, duration: 0.001), try .tween(.rotation, from: 1, to: -1, duration: 0.001).repeated(count: 5, autoreverses: true),
            try .tween(.rotation, to: 0, duration: 0.001),
        ]).delayed(by: 1000)
        let nested = try Animation.group([inner, try .tween(.opacity, from: 1, to: 0, duration: 0.5)]).speed(3).delayed(by: 777.7)
        let export = try nested.cssExport()
        #expect(export.layers[0].keyframes.count == 15)
        let (worst, _) = try Self.deviation(nested, export)
        #expect(worst <= export.tolerance)
    }

    @Test(
        "every preset with random in-range options (ends included, seeded): exports, within its stated tolerance, and the tolerance meets the documented bound")
    func randomOptionSweep() throws {
        var rng = SplitMix64(seed: 0x5EED_C55E)
        for d in PresetRegistry.all {
            for trial in 0..<10 {
                var options: [String: Double] = [:]
                for o in d.options { options[o.name] = Self.randomValue(o, &rng) }
                let anim: Animation
                do { anim = try d.make(options: options) } catch let e {
                    // Only combinations the preset itself rejects (e.g. pop's from = to), naming an option.
                    #expect(d.options.contains { $0.name == e.field }, "\(d.name) \(options): \(e)")
                    continue
                }
                let export: CSSExport
                do { export = try anim.cssExport() } catch {
                    Issue.record("\(d.name) trial \(trial) \(options): \(error)")
                    continue
                }
                let (worst, extent) = try Self.deviation(anim, export, samples: 200)
                #expect(worst <= export.tolerance, "\(d.name) \(options): \(worst) > \(export.tolerance)")
                if d.name != "pop" {
                    // The documented bound (docs/eval-protocol.md, preset.export); pop's includes its spring's settling jump.
                    #expect(export.tolerance <= Self.documentedBound(extent), "\(d.name) \(options): \(export.tolerance), L \(extent)")
                }
            }
        }
    }

    /// The bound docs/eval-protocol.md states for a preset without a spring: 0.01 px plus 4·10⁻⁶ of
    /// the largest |translation| L the layer reaches.
    static func documentedBound(_ extent: Double) -> Double { 0.01 + 4e-6 * extent }

    @Test("flyAway at bounds 1, 1e3 and 1e6 (the option's maximum): within its stated tolerance, which meets the documented bound (< 0.01 px up to 1e3)")
    func flyAwayAtScale() throws {
        for size in [1.0, 1e3, 1e6] {
            let anim = try PresetRegistry.flyAway.make(options: ["width": size, "height": size, "viewHeight": size])
            let export = try anim.cssExport()
            let (worst, extent) = try Self.deviation(anim, export)
            #expect(worst <= export.tolerance, "size \(size): \(worst) > \(export.tolerance)")
            #expect(export.tolerance <= Self.documentedBound(extent), "size \(size): \(export.tolerance), L \(extent)")
            if size <= 1e3 { #expect(export.tolerance < 0.01, "size \(size): \(export.tolerance)") }
        }
    }

    /// A CSS `<number>` token (CSS Syntax Level 3 §4.3.3): sign, digits with at most one '.'
    /// followed by digits, optional exponent.
    static func isCSSNumber(_ t: String) -> Bool {
        t.range(of: #"^[+-]?([0-9]+|[0-9]*\.[0-9]+)([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
    }

    @Test("numbers: CSS <number> tokens at any magnitude, no -0, any digit count without trapping; non-finite as calc() keywords")
    func numberFormatting() {
        #expect(CSSExport.number(-0.0, digits: 4) == "0" && CSSExport.number(-1e-9, digits: 4) == "0")
        #expect(CSSExport.number(1e16, digits: 4) == "1e+16" && CSSExport.number(-2.5e300, digits: 10) == "-2.5e+300")
        #expect(CSSExport.number(0.5, digits: 40) == "0.5" && CSSExport.number(123.456, digits: -3) == "123")
        #expect(CSSExport.number(.nan, digits: 4) == "NaN" && CSSExport.number(-.infinity, digits: 4) == "-infinity")
        #expect(CSSExport.number(999_999.99999, digits: 4) == "1000000" && CSSExport.number(-0.00005, digits: 4) == "-0.0001")
        var rng = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let x = Double(bitPattern: rng.next())
            guard x.isFinite else { continue }
            for digits in [0, 4, 6, 10, 15] {
                let t = CSSExport.number(x, digits: digits)
                #expect(Self.isCSSNumber(t) && t != "-0", "\(x) \(digits): \(t)")
                // Within half a unit of the last decimal (or exact digits from 1e15 on).
                let v = Double(t)!
                #expect(abs(v - x) <= (abs(x) >= 1e15 ? 0 : 0.5 * Double.pow(10, -Double(digits)) + Double.ulpOfOne * abs(x) * 4), "\(x) \(digits): \(t)")
            }
        }
    }

    @Test("an animation whose values overflow has no keyframe form: a typed error, never NaN in the CSS")
    func nonFiniteValues() throws {
        let huge = try Animation.tween(.translationX, from: -1.7e308, to: 1.7e308, duration: 1)
        #expect(throws: MotionKernelError.self) { try huge.cssExport() }
    }
}
