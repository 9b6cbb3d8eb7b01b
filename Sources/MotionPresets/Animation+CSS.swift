import MotionKernel

/// An animation as CSS: per layer, one `@keyframes` rule (or Web Animations keyframes) with
/// per-keyframe easings, an `animation-delay` and `animation-duration`, fill mode `both`.
///
/// Every keyframe's `transform` is `translate(xpx, ypx) rotate(θdeg) scale(sx, sy)` (without the
/// functions that are the identity in every keyframe of the layer), the order of
/// ``LayerState/transform``, so a browser interpolates function by function, channel by channel.
/// ``tolerance`` is a derived bound on the distance between what a browser renders and the
/// animation's own ``Animation/states(at:)`` at every time of the layer's active span: per
/// entry of the 2D matrix (a = sx cos θ, b = sx sin θ, c = −sy sin θ, d = sy cos θ, e = tx,
/// f = ty, in CSS units) and for opacity.
public struct CSSExport: Sendable, Hashable {
    /// One keyframe: its offset in the layer's active span, its values and the easing to the next.
    public struct Keyframe: Sendable, Hashable {
        /// Offset, 0…1 of the layer's ``Layer/duration`` after its ``Layer/delay``.
        public let offset: Double
        /// The CSS transform text, or nil when the layer does not animate its transform.
        public let transform: String?
        /// The opacity, or nil when the layer does not animate opacity.
        public let opacity: Double?
        /// The CSS easing from this keyframe to the next (`linear` for the last).
        public let easing: String
    }

    /// One layer's animation.
    public struct Layer: Sendable, Hashable {
        /// The layer's name; the CSS selector is `.name`.
        public let name: String
        /// Seconds before the first keyframe (`animation-delay`).
        public let delay: Double
        /// Seconds from the first to the last keyframe (`animation-duration`).
        public let duration: Double
        /// The keyframes, offsets strictly increasing from 0 to 1.
        public let keyframes: [Keyframe]
    }

    /// The animated layers, in the animation's layer order.
    public let layers: [Layer]
    /// The stated maximum deviation of a browser's rendering from the animation's own states
    /// (matrix entries and opacity; lengths in CSS px = points).
    public let tolerance: Double

    /// The CSS text: one `@keyframes mk-<layer>` rule per layer, then `.layer { animation-… }`.
    /// With a `scope` (a CSS class name), the rules are `mk-<scope>-<layer>` and
    /// `.<scope> .<layer>`, so several exports can share one page.
    public func cssText(scope: String = "") -> String {
        var s = ""
        func rule(_ l: Layer) -> String { scope.isEmpty ? "mk-\(l.name)" : "mk-\(scope)-\(l.name)" }
        for l in layers {
            s += "@keyframes \(rule(l)) {\n"
            for k in l.keyframes {
                var decl: [String] = []
                if let t = k.transform { decl.append("transform: \(t);") }
                if let o = k.opacity { decl.append("opacity: \(CSSNumber.text(o, .decimals(6)));") }
                decl.append("animation-timing-function: \(k.easing);")
                s += "  \(CSSNumber.text(k.offset * 100, .decimals(10)))% { \(decl.joined(separator: " ")) }\n"
            }
            s += "}\n"
        }
        for l in layers {
            s += (scope.isEmpty ? "" : ".\(scope) ") + ".\(l.name) {\n  animation-name: \(rule(l));\n"
            s += "  animation-duration: \(CSSNumber.text(l.duration, .decimals(12)))s;\n"
            s += "  animation-delay: \(CSSNumber.text(l.delay, .decimals(12)))s;\n"
            s += "  animation-timing-function: linear;\n"
            s += "  animation-fill-mode: both;\n  animation-iteration-count: 1;\n}\n"
        }
        return s
    }

    /// `x` with at most `digits` decimals (clamped to 0…17), trailing zeros removed, no "-0" (the
    /// number formatter of MotionKernel's CSS texts, with a digit clamp).
    ///
    /// Plain decimals below 10¹⁵ in magnitude; from there the shortest round-trip digits with an
    /// exponent (`1e+16`), which CSS Syntax Level 3 (§4.3.3, "consume a number") and JSON accept.
    /// A non-finite `x` has no CSS number form: it gives `NaN`, `infinity` or `-infinity`, the
    /// keywords of `calc()` (CSS Values Level 4 §10.7.1); the exports never contain one (they
    /// reject non-finite values first).
    public static func number(_ x: Double, digits: Int) -> String { CSSNumber.text(x, .decimals(digits)) }
}

extension Animation {
    /// This animation as CSS keyframes per layer (``CSSExport``), with its derived tolerance.
    ///
    /// Tweens keep their easing (a cubic Bézier per keyframe, reversed for the backward legs of
    /// auto-reversed repeats); a spring track becomes a `linear()` easing
    /// (`SpringCurve.cssLinear(tolerance:)`, 1e-4 of the distance, at most 0.005 in its units
    /// down to 1e-6 of it); keyframe tracks in linear mode become keyframes at their key times;
    /// cubic keyframe paths become adaptive keyframes whose chords are within 0.01 px (1e-6 of
    /// the extent for paths over 10,000 px; each piece is a cubic polynomial in progress, so its
    /// chord error is computed exactly from four samples). For the presets (all but `pop`, whose
    /// bound also holds its spring's settling jump) the tolerance is at most 0.01 + 4e-6·L px, L
    /// the largest |translation| a layer reaches (docs/eval-protocol.md, `preset.export`). When several tracks drive one layer at once
    /// they must share the time span and timing (one progress q); each sub-interval then gets the
    /// matching piece of the Bézier as its own `cubic-bezier()`.
    ///
    /// The tolerance adds: chord errors; printed digits (px to 1e-4, degrees to 1e-5 (< 5e-7 rad), scale and opacity to
    /// 1e-6, each moved by at most the easing's output range); a browser's Bézier solve to 1e-7 in
    /// x (Chromium's `ui/gfx/geometry/cubic_bezier.cc`) times the easing's slope bound; the
    /// `linear()` certificate; and the rounding of keyframe offsets.
    /// - Throws: `invalidValue` naming `preset` when the animation has a construct with no CSS
    ///   form here (fractional repeat counts, overlapping tracks with different timings,
    ///   discrete or paced keyframes, steps easings), or values so large that a keyframe or the
    ///   error bound is not finite.
    public func cssExport() throws(MotionKernelError) -> CSSExport {
        var segments: [CSSSegment] = []
        try collect(root, start: 0, scale: 1, reversed: false, into: &segments)
        var layersOut: [CSSExport.Layer] = []
        var worst = 0.0
        for (li, name) in layers.enumerated() {
            let segs = segments.filter { $0.layer == li && $0.end > $0.start }
            guard !segs.isEmpty else { continue }
            let (layer, err) = try exportLayer(name: name, index: li, segments: segs)
            layersOut.append(layer)
            worst = max(worst, err)
        }
        guard worst.isFinite else {
            throw MotionKernelError.invalidValue("preset", "the animation's values are too large for a bounded keyframe form (the error bound overflows)")
        }
        return CSSExport(layers: layersOut, tolerance: worst)
    }

    /// Walks the composition tree: every track as a segment in global time, with a bound on the
    /// rounding of its start and end (`startError`, `endError`, seconds).
    ///
    /// The global times are sums and products of the tree's durations and offsets, each rounded
    /// (a delay of 100 s puts 0.001 s legs ulp(100) ≈ 1.4e-14 s apart from where they meet), and
    /// the durations and sequence starts were themselves rounded when the tree was built. The
    /// bounds follow every such operation (|fl(x ∘ y) − x ∘ y| ≤ u·|fl(x ∘ y)|, u = 2⁻⁵³, first
    /// order), so two boundaries that are one instant in exact arithmetic are within the sum of
    /// their bounds (``exportLayer(name:index:segments:)`` merges them).
    /// - Parameters:
    ///   - startError: bound on |start − the exact start|.
    ///   - scaleError: bound on the relative error of `scale`.
    func collect(
        _ node: Node, start: Double, startError: Double = 0, scale: Double, scaleError: Double = 0, reversed: Bool,
        into out: inout [CSSSegment]
    ) throws(MotionKernelError) {
        let u = Double.ulpOfOne / 2
        let total = node.duration, totalError = node.durationError
        /// A child at local offset `a` (error `aError`) with duration `d` (error `dError`): its
        /// global start and that start's error bound.
        func child(_ a: Double, _ aError: Double, _ d: Double, _ dError: Double) -> (Double, Double) {
            let x = reversed ? total - a - d : a
            let xError = reversed ? totalError + aError + dError + u * abs(total - a) + u * abs(x) : aError
            let p = x * scale
            let g = start + p
            return (g, startError + xError * scale + abs(p) * scaleError + u * abs(p) + u * abs(g))
        }
        switch node.kind {
        case .track(let t):
            let p = t.duration * scale
            let end = start + p
            out.append(
                CSSSegment(
                    layer: t.layer, start: start, end: end, track: t, reversed: reversed, startError: startError,
                    endError: startError + abs(p) * scaleError + u * abs(p) + u * abs(end)))
        case .group(let children):
            for c in children {
                let (s, e) = child(0, 0, c.duration, c.durationError)
                try collect(c, start: s, startError: e, scale: scale, scaleError: scaleError, reversed: reversed, into: &out)
            }
        case .sequence(let children, let starts):
            // starts[i + 1] = fl(starts[i] + children[i].duration), as `Animation.sequence` adds them.
            var aError = 0.0
            for (i, (c, a)) in zip(children, starts).enumerated() {
                if i > 0 { aError += children[i - 1].durationError + u * a }
                let (s, e) = child(a, aError, c.duration, c.durationError)
                try collect(c, start: s, startError: e, scale: scale, scaleError: scaleError, reversed: reversed, into: &out)
            }
        case .delay(let d, let c):
            let (s, e) = child(d, 0, c.duration, c.durationError)
            try collect(c, start: s, startError: e, scale: scale, scaleError: scaleError, reversed: reversed, into: &out)
        case .repeated(let c, let count, let autoreverses):
            let legs = autoreverses ? 2 * count : count
            guard legs == legs.rounded(.down), legs <= 100_000 else {
                throw MotionKernelError.invalidValue("preset", "a repeat count of \(count) has no keyframe form here (whole legs only)")
            }
            let legError = c.durationError
            for k in 0..<Int(legs) {
                let back = autoreverses && k % 2 == 1
                let a = Double(k) * c.duration
                let (s, e) = child(a, Double(k) * legError + u * a, c.duration, legError)
                try collect(c, start: s, startError: e, scale: scale, scaleError: scaleError, reversed: reversed != back, into: &out)
            }
        case .speed(let f, let c):
            try collect(c, start: start, startError: startError, scale: scale / f, scaleError: scaleError + u, reversed: reversed, into: &out)
        }
    }

    /// One layer's keyframes and its error bound.
    func exportLayer(name: String, index li: Int, segments segs: [CSSSegment]) throws(MotionKernelError) -> (CSSExport.Layer, Double) {
        let t0 = segs.map(\.start).min()!, t1 = segs.map(\.end).max()!
        let span = t1 - t0
        let channels = Set(segs.flatMap { $0.track.channels })
        let hasTransform = channels.contains { $0 != .opacity }, hasOpacity = channels.contains(.opacity)
        // Elementary intervals between all segment boundaries. Boundaries within `eps` of each
        // other are one instant: twice the largest rounding bound of a boundary (two boundaries
        // that meet in exact arithmetic differ by at most the sum of their bounds), and at least
        // 1e-12 of the span (what the printed offsets resolve). Each boundary lies in
        // [cut, cut + eps] of the cut it is merged into.
        let roundingBound = segs.map { max($0.startError, $0.endError) }.max() ?? 0
        let eps = max(2.002 * roundingBound, 1e-12 * span)
        var cuts = Array(Set(segs.flatMap { [$0.start, $0.end] })).sorted()
        var merged: [Double] = []
        for c in cuts where merged.last.map({ c - $0 > eps }) ?? true { merged.append(c) }
        if merged.count == 1 { merged.append(t1) }
        merged[merged.count - 1] = t1
        cuts = merged
        var keys: [(time: Double, state: LayerState, easing: String)] = []
        var budget = ChannelBudget()
        // A sweep over the segments sorted by start: the open ones cover the current interval.
        let sorted = segs.sorted { $0.start < $1.start }
        var next = 0
        var open: [CSSSegment] = []
        for i in 0..<(cuts.count - 1) {
            let a = cuts[i], b = cuts[i + 1]
            while next < sorted.count && sorted[next].start <= a + eps {
                open.append(sorted[next])
                next += 1
            }
            open.removeAll { $0.end <= a + eps }
            let active = open.filter { $0.end >= b - eps }
            let hold = states(at: 0.5 * (a + b))[li]
            let pieces = try Self.interval(
                a: a, b: b, tolerance: eps, active: active, hold: hold, animation: self, layer: li, budget: &budget)
            if let last = keys.last, let first = pieces.first {
                budget.jump(last.state, first.state)
                keys.removeLast()
            }
            keys.append(contentsOf: pieces)
        }
        // The end state exactly as the animation holds it.
        let endState = states(at: t1)[li]
        if let last = keys.last {
            budget.jump(last.state, endState)
            keys[keys.count - 1] = (t1, endState, "linear")
        }
        let shape = TransformShape(keys.map(\.state))
        var frames: [CSSExport.Keyframe] = []
        var previous: LayerState? = nil
        for k in keys {
            for v in [k.state.translationX, k.state.translationY, k.state.rotation, k.state.scaleX, k.state.scaleY, k.state.opacity]
            where !v.isFinite {
                throw MotionKernelError.invalidValue("preset", "layer \(name) reaches a non-finite value; no keyframe form")
            }
            var off = span > 0 ? (k.time - t0) / span : 0
            off = min(max(off, 0), 1)
            // Offsets printed to 1e-10 percent: a shift of at most 5e-13 of the span (bounded below).
            let printed = CSSNumber.value(of: CSSNumber.text(off * 100, .decimals(10)))! / 100
            let frame = CSSExport.Keyframe(
                offset: printed, transform: hasTransform ? Self.transformText(k.state, shape) : nil,
                opacity: hasOpacity ? CSSNumber.value(of: CSSNumber.text(k.state.opacity, .decimals(6)))! : nil, easing: k.easing)
            if let last = frames.last, printed <= last.offset {
                // Within the offsets' resolution of the previous keyframe: this one replaces it,
                // and the browser jumps over the change between them.
                budget.jump(previous!, k.state)
                frames[frames.count - 1] = frame
            } else {
                frames.append(frame)
            }
            previous = k.state
        }
        // Keyframe times move by the merging of boundaries (eps), the printed offsets (5e-13 of the
        // span) and the division by the span (2u of it).
        budget.timeShift = eps + (5e-13 + Double.ulpOfOne) * span
        let maxScale = keys.map { max(abs($0.state.scaleX), abs($0.state.scaleY)) }.max() ?? 1
        return (CSSExport.Layer(name: name, delay: t0, duration: span, keyframes: frames), budget.entryBound(maxScale: maxScale))
    }

    /// The functions of `translate(xpx, ypx) rotate(θdeg) scale(sx, sy)` (px printed to 1e-4,
    /// degrees to 1e-5, scales to 1e-6) that some keyframe of the layer needs, as a designer writes them:
    /// `translateX`/`translateY` when the other coordinate is 0 in every keyframe, `scale(s)` when
    /// the scale is uniform in every keyframe, no function that is the identity in every
    /// keyframe (`none` when all are). Every keyframe of a layer has the same list, so CSS
    /// interpolates it function by function, exactly as the full list.
    struct TransformShape {
        var x = false, y = false, rotate = false, scale = false, uniform = true

        init(_ states: [LayerState]) {
            for s in states {
                x = x || Self.px(s.translationX) != "0"
                y = y || Self.px(s.translationY) != "0"
                rotate = rotate || Self.deg(s.rotation) != "0"
                scale = scale || Self.unit(s.scaleX) != "1" || Self.unit(s.scaleY) != "1"
                uniform = uniform && Self.unit(s.scaleX) == Self.unit(s.scaleY)
            }
        }

        static func px(_ v: Double) -> String { CSSNumber.text(v, .decimals(4)) }
        static func unit(_ v: Double) -> String { CSSNumber.text(v, .decimals(6)) }
        /// Radians as degrees to 1e-5: at most 8.8e-8 rad off, within the 5e-7 rad budgeted.
        static func deg(_ v: Double) -> String { CSSNumber.text(v * 180 / Double.pi, .decimals(5)) }
    }

    /// The layer state as the CSS function list `shape` (see ``TransformShape``).
    static func transformText(_ s: LayerState, _ shape: TransformShape) -> String {
        typealias S = TransformShape
        var parts: [String] = []
        switch (shape.x, shape.y) {
        case (true, true): parts.append("translate(\(S.px(s.translationX))px, \(S.px(s.translationY))px)")
        case (true, false): parts.append("translateX(\(S.px(s.translationX))px)")
        case (false, true): parts.append("translateY(\(S.px(s.translationY))px)")
        case (false, false): break
        }
        if shape.rotate { parts.append("rotate(\(S.deg(s.rotation))deg)") }
        if shape.scale {
            parts.append(shape.uniform ? "scale(\(S.unit(s.scaleX)))" : "scale(\(S.unit(s.scaleX)), \(S.unit(s.scaleY)))")
        }
        return parts.isEmpty ? "none" : parts.joined(separator: " ")
    }

    /// The keyframes of one elementary interval [a, b] (the last one ends at b).
    static func interval(
        a: Double, b: Double, tolerance eps: Double, active: [CSSSegment], hold: LayerState, animation: Animation, layer li: Int,
        budget: inout ChannelBudget
    ) throws(MotionKernelError) -> [(time: Double, state: LayerState, easing: String)] {
        guard let first = active.first else {
            return [(a, hold, "linear"), (b, hold, "linear")]
        }
        // Every boundary lies within eps after its cut (see `exportLayer`).
        for s in active where abs(s.start - first.start) > eps || abs(s.end - first.end) > eps {
            throw MotionKernelError.invalidValue("preset", "tracks of one layer overlap partially; no keyframe form here")
        }
        guard abs(first.start - a) <= eps, abs(first.end - b) <= eps else {
            throw MotionKernelError.invalidValue("preset", "tracks of one layer overlap partially; no keyframe form here")
        }
        // A spring: one linear() easing between its end values.
        if case .spring(let sp, let from, let to, let velocity) = first.track.curve {
            guard active.count == 1, !first.reversed else {
                throw MotionKernelError.invalidValue("preset", "a spring shares its layer with other tracks; no keyframe form here")
            }
            return try springInterval(a: a, b: b, seg: first, spring: sp, from: from, to: to, velocity: velocity, hold: hold, budget: &budget)
        }
        // One shared timing: the progress map of every active track.
        let timings = active.map { $0.track.curveTiming }
        guard let timing = timings.first, timings.allSatisfy({ $0 == timing }), active.allSatisfy({ $0.reversed == first.reversed })
        else {
            throw MotionKernelError.invalidValue("preset", "tracks of one layer run together with different timings; no keyframe form here")
        }
        let bez: CubicBezier?
        switch timing {
        case .linear: bez = nil
        case .cubicBezier(let c): bez = first.reversed ? CubicBezier(reversing: c) : c
        default: throw MotionKernelError.invalidValue("preset", "timing \(timing) has no keyframe form here")
        }
        // The tween start values (a tween without `from` starts where the channel is at a).
        let startState = animation.states(at: a)[li]
        /// The layer state at progress q of the interval (in the interval's direction).
        func state(_ q: Double) -> LayerState {
            var s = hold
            for seg in active {
                let qq = seg.reversed ? 1 - q : q
                switch seg.track.curve {
                case let .tween(from, to, _):
                    let a0 = from ?? startState[seg.track.channels[0]]
                    s[seg.track.channels[0]] = qq <= 0 ? a0 : (qq >= 1 ? to : a0 + (to - a0) * qq)
                case let .keyframes(track, _):
                    let v = track.value(at: min(max(qq, 0), 1))
                    for (i, c) in seg.track.channels.enumerated() { s[c] = v[i] }
                case .spring: break
                }
            }
            return s
        }
        // Required progress breaks: key times of keyframe tracks (each piece a polynomial).
        var breaks: Set<Double> = [0, 1]
        var cubicPath = false
        for seg in active {
            guard case .keyframes(let track, _) = seg.track.curve else { continue }
            guard track.timingFunctions.isEmpty, track.calculationMode == .linear || track.calculationMode == .cubic else {
                throw MotionKernelError.invalidValue("preset", "keyframes in \(track.calculationMode) mode have no keyframe form here")
            }
            if track.calculationMode == .cubic { cubicPath = true }
            for k in track.keyTimes { breaks.insert(seg.reversed ? 1 - k : k) }
        }
        let qs = breaks.sorted()
        var out: [(time: Double, state: LayerState, easing: String)] = []
        // Bézier parameter for progress q (Y monotone; bisection) and the time fraction X(s).
        func param(_ q: Double) -> Double {
            guard let c = bez else { return q }
            if q <= 0 { return 0 }
            if q >= 1 { return 1 }
            var lo = 0.0, hi = 1.0
            for _ in 0..<200 {
                let mid = 0.5 * (lo + hi)
                if mid <= lo || mid >= hi { break }
                if c.bezierY(mid) < q { lo = mid } else { hi = mid }
            }
            return 0.5 * (lo + hi)
        }
        if let c = bez, !(qs.count == 2 && !cubicPath) {
            guard c.y1 >= 0, c.y1 <= 1, c.y2 >= 0, c.y2 <= 1 else {
                throw MotionKernelError.invalidValue("preset", "an overshooting Bézier over keyframes has no keyframe form here")
            }
        }
        for j in 0..<(qs.count - 1) {
            // Adaptive subdivision of [qs[j], qs[j+1]] in s (uniform in the Bézier parameter).
            let sa = param(qs[j]), sb = param(qs[j + 1])
            var n = 1
            if cubicPath {
                // Chords within 0.01 px, or 1e-6 of the piece's extent for very large paths; the
                // count starts from the h² scaling of the whole piece's chord and grows until
                // every chord is within (at most 4096 per piece; the bound reports what remains).
                func q(_ m: Int, _ n: Int) -> Double {
                    let sm = sa + (sb - sa) * Double(m) / Double(n)
                    return bez?.bezierY(sm) ?? sm
                }
                let whole = chordError(state, q(0, 1), q(1, 1)).translation
                let e0 = state(q(0, 1)), e1 = state(q(1, 1))
                let extent = max(abs(e1.translationX - e0.translationX), abs(e1.translationY - e0.translationY), whole)
                let target = max(0.01, 1e-6 * extent)
                n = min(4096, max(1, Int((1.1 * (whole / target).squareRoot()).rounded(.up))))
                while n < 4096 {
                    var ok = true
                    for m in 0..<n where chordError(state, q(m, n), q(m + 1, n)).translation > target {
                        ok = false
                        break
                    }
                    if ok { break }
                    n = min(4096, n + n / 4 + 1)
                }
            }
            for m in 0..<n {
                let s0 = sa + (sb - sa) * Double(m) / Double(n), s1 = m == n - 1 ? sb : sa + (sb - sa) * Double(m + 1) / Double(n)
                let q0 = m == 0 ? qs[j] : (bez?.bezierY(s0) ?? s0), q1 = m == n - 1 ? qs[j + 1] : (bez?.bezierY(s1) ?? s1)
                let x0 = bez?.bezierX(s0) ?? q0, x1 = bez?.bezierX(s1) ?? q1
                let st0 = state(q0), st1 = state(q1)
                let chord = chordError(state, q0, q1)
                var easing = "linear"
                var slope = 1.0, range = 1.0
                if let c = bez {
                    let sub = c.subsegment(s0, s1)
                    easing = TimingFunction.cubicBezier(try CubicBezier(sub.x1, sub.y1, sub.x2, sub.y2)).exactCSSText
                    if !easing.hasPrefix("cubic-bezier(") {
                        // A keyword (`ease-in-out`): written out, as a designer reads it.
                        easing = "cubic-bezier(" + [sub.x1, sub.y1, sub.x2, sub.y2].map { CSSNumber.text($0, .decimals(15)) }.joined(separator: ", ") + ")"
                    }
                    slope = sub.slopeBound + 1e-6
                    range = max(1, abs(sub.y1), abs(sub.y2), abs(1 - sub.y1), abs(1 - sub.y2))
                    // Printing the sub-Bézier's control points to 1e-9 moves its output by at most
                    // 3·5e-10 (Bernstein weights sum to 1) plus the x shift times the slope.
                    budget.addEasingPrint(st0, st1, 1.5e-9 * (1 + 2 * slope))
                }
                budget.add(
                    chord: chord, print: range * 2 + 1, slope: slope, from: st0, to: st1, width: (b - a) * max(x1 - x0, 1e-300),
                    bezierSolve: bez != nil)
                out.append((a + (b - a) * x0, st0, easing))
            }
        }
        out.append((b, state(1), "linear"))
        return out
    }

    /// The exact chord error on [q0, q1] per channel group, for states cubic in q on it:
    /// e(q) = F(q) − chord vanishes at both ends, so e = (q − q0)(q − q1)(α + β(q − q0)) and
    /// |e| ≤ h²/4·max(|2A₁ − A₂|, |2A₂ − A₁|) with A_k = −9 e(q0 + kh/3)/(2h²).
    static func chordError(_ f: (Double) -> LayerState, _ q0: Double, _ q1: Double) -> (translation: Double, angle: Double, scale: Double, opacity: Double) {
        let h = q1 - q0
        guard h > 0 else { return (0, 0, 0, 0) }
        let s0 = f(q0), s1 = f(q0 + h / 3), s2 = f(q0 + 2 * h / 3), s3 = f(q1)
        func bound(_ c: Channel) -> Double {
            let v0 = s0[c], v3 = s3[c]
            let e1 = s1[c] - (v0 + (v3 - v0) / 3), e2 = s2[c] - (v0 + 2 * (v3 - v0) / 3)
            let A1 = -4.5 * e1, A2 = -4.5 * e2  // times 1/h², cancelled by the h² below
            let mag = max(abs(v0), abs(v3), abs(s1[c]), abs(s2[c]))
            return max(abs(2 * A1 - A2), abs(2 * A2 - A1)) / 4 + 1e-13 * mag
        }
        return (
            max(bound(.translationX), bound(.translationY)), bound(.rotation), max(bound(.scaleX), bound(.scaleY)), bound(.opacity)
        )
    }

    /// A spring track as two keyframes with a certified `linear()` easing (see ``Animation/cssExport()``).
    static func springInterval(
        a: Double, b: Double, seg: CSSSegment, spring sp: Spring<Double>, from: Double, to: Double, velocity: Double,
        hold: LayerState, budget: inout ChannelBudget
    ) throws(MotionKernelError) -> [(time: Double, state: LayerState, easing: String)] {
        let dist = to - from
        guard dist != 0 else {
            var s = hold
            s[seg.track.channels[0]] = to
            return [(a, s, "linear"), (b, s, "linear")]
        }
        let v0 = velocity / dist
        let D = seg.track.duration
        // The smallest doubling of |x(D) − 1| that the spring provably settles within by D.
        let xD = sp.value(at: D, from: 0, to: 1, initialVelocity: v0)
        var eps = max(2 * abs(xD - 1), 1e-12)
        var curve: SpringCurve<Double>? = nil
        for _ in 0..<60 {
            if let c = try? SpringCurve(spring: sp, initialVelocity: v0, epsilon: eps, duration: D) {
                curve = c
                break
            }
            eps *= 2
        }
        guard let curve else { throw MotionKernelError.invalidValue("preset", "the spring does not settle by its track's end") }
        // 1e-4 of the distance, or 0.005 absolute for long distances (1e-6 of it at the least).
        // A tolerance the certificate cannot meet (single-precision slack on large overshoots)
        // falls back to 4× looser ones, up to 1e-2.
        var tol = max(1e-6, min(1e-4, 0.005 / abs(dist)))
        var found: SpringCSSLinear? = nil
        while found == nil && tol <= 1e-2 {
            found = try? curve.cssLinear(tolerance: tol)
            tol *= 4
        }
        guard let r = found else {
            throw MotionKernelError.invalidValue("preset", "the spring's linear() easing cannot be certified within 1e-2")
        }
        _ = try TimingFunction(css: r.css)  // a valid CSS linear() (the easing's parser)
        var s0 = hold, s1 = hold
        s0[seg.track.channels[0]] = from
        s1[seg.track.channels[0]] = to
        // Before the end: the certificate; at the end the animation shows `to` exactly while the
        // easing ends at the last printed stop.
        let endGap = abs(r.stops.last!.output - 1)
        let maxV = r.stops.map { abs($0.output) }.max() ?? 1
        budget.addSpring(channel: seg.track.channels[0], error: abs(dist) * max(r.maxError, endGap))
        // The linear() easing's steepest stop-to-stop slope bounds how far a time shift moves it.
        var steepest = 1.0
        for (p, q) in zip(r.stops, r.stops.dropFirst()) where q.input > p.input {
            steepest = max(steepest, abs(q.output - p.output) / (q.input - p.input))
        }
        budget.add(chord: (0, 0, 0, 0), print: 2 * maxV + 1, slope: steepest, from: s0, to: s1, width: b - a, bezierSolve: false)
        return [(a, s0, r.css), (b, s1, "linear")]
    }
}

/// A track placed in global time.
struct CSSSegment: Sendable {
    /// The index of the track's layer.
    var layer: Int
    /// The track's span in global time, seconds.
    var start, end: Double
    var track: Track
    /// Played backwards (an auto-reversed leg).
    var reversed: Bool
    /// Bounds on the rounding of `start` and `end`, seconds (see ``Animation/collect(_:start:startError:scale:scaleError:reversed:into:)``).
    var startError = 0.0, endError = 0.0
}

extension Node {
    /// A bound on |``duration`` − its exact value| (seconds) from the roundings that built it:
    /// a sequence's running sum, a delay's sum, a repeat's product, a speed's quotient (track
    /// durations are exact: they are the inputs).
    var durationError: Double {
        let u = Double.ulpOfOne / 2
        switch kind {
        case .track: return 0
        case .group(let c): return c.map(\.durationError).max() ?? 0
        case .sequence(let c, let starts):
            var e = 0.0
            for (i, n) in c.enumerated() {
                e += n.durationError + u * (i + 1 < starts.count ? starts[i + 1] : duration)
            }
            return e
        case .delay(_, let c): return c.durationError + u * duration
        case .repeated(let c, let count, let autoreverses):
            return (autoreverses ? 2 * count : count) * c.durationError + u * duration
        case .speed(let f, let c): return c.durationError / f + u * duration
        }
    }
}

extension Track {
    /// The track's progress timing (a spring's is its own curve).
    var curveTiming: TimingFunction {
        switch curve {
        case .tween(_, _, let t): return t
        case .keyframes(_, let t): return t
        case .spring: return .linear
        }
    }
}

/// Error contributions per channel group, combined into a bound on matrix entries and opacity.
struct ChannelBudget {
    var translation = 0.0, angle = 0.0, scale = 0.0, opacity = 0.0
    /// How far a keyframe's time may be from where the animation has it, seconds.
    var timeShift = 0.0
    /// Per interval: (|Δ| per group, slope bound, width in seconds) for the time-shift term.
    var slopes: [(d: (Double, Double, Double, Double), slope: Double, width: Double)] = []

    mutating func add(
        chord: (translation: Double, angle: Double, scale: Double, opacity: Double), print factor: Double, slope: Double,
        from s0: LayerState, to s1: LayerState, width: Double, bezierSolve: Bool = true
    ) {
        // Printed digits: px 5e-5, others 5e-7, moved by at most `factor` through the easing.
        translation = max(translation, chord.translation + factor * 5e-5)
        angle = max(angle, chord.angle + factor * 5e-7)
        scale = max(scale, chord.scale + factor * 5e-7)
        opacity = max(opacity, chord.opacity + factor * 5e-7)
        let d = Self.delta(s0, s1)
        // A browser's Bézier solve to 1e-7 in x moves the output by slope·1e-7 of the change.
        slopes.append((d, slope, width))
        guard bezierSolve else { return }
        solveT = max(solveT, slope * 1e-7 * d.0)
        solveA = max(solveA, slope * 1e-7 * d.1)
        solveS = max(solveS, slope * 1e-7 * d.2)
        solveO = max(solveO, slope * 1e-7 * d.3)
    }
    var solveT = 0.0, solveA = 0.0, solveS = 0.0, solveO = 0.0
    var easingPrintT = 0.0, easingPrintA = 0.0, easingPrintS = 0.0, easingPrintO = 0.0
    var springT = 0.0, springA = 0.0, springS = 0.0, springO = 0.0
    var jumpT = 0.0, jumpA = 0.0, jumpS = 0.0, jumpO = 0.0

    static func delta(_ s0: LayerState, _ s1: LayerState) -> (Double, Double, Double, Double) {
        (
            max(abs(s1.translationX - s0.translationX), abs(s1.translationY - s0.translationY)), abs(s1.rotation - s0.rotation),
            max(abs(s1.scaleX - s0.scaleX), abs(s1.scaleY - s0.scaleY)), abs(s1.opacity - s0.opacity)
        )
    }

    mutating func addEasingPrint(_ s0: LayerState, _ s1: LayerState, _ e: Double) {
        let d = Self.delta(s0, s1)
        easingPrintT = max(easingPrintT, e * d.0)
        easingPrintA = max(easingPrintA, e * d.1)
        easingPrintS = max(easingPrintS, e * d.2)
        easingPrintO = max(easingPrintO, e * d.3)
    }

    mutating func addSpring(channel: Channel, error: Double) {
        switch channel {
        case .translationX, .translationY: springT = max(springT, error)
        case .rotation: springA = max(springA, error)
        case .scale, .scaleX, .scaleY: springS = max(springS, error)
        case .opacity: springO = max(springO, error)
        }
    }

    /// Two keyframes at one boundary that should agree (continuity): their difference counts.
    mutating func jump(_ s0: LayerState, _ s1: LayerState) {
        let d = Self.delta(s0, s1)
        jumpT = max(jumpT, d.0)
        jumpA = max(jumpA, d.1)
        jumpS = max(jumpS, d.2)
        jumpO = max(jumpO, d.3)
    }

    /// The bound on every matrix entry and opacity: translation entries directly; a = sx cos θ
    /// and its kin move by at most δs + S·δθ + δs·δθ for a scale of at most S.
    func entryBound(maxScale: Double) -> Double {
        // Keyframe times shifted by δ move a keyframe's local progress by ≤ 2δ/width, the output by
        // slope times that, the value by that times the change.
        var shiftT = 0.0, shiftA = 0.0, shiftS = 0.0, shiftO = 0.0
        for s in slopes {
            let k = max(s.slope, 1) * 2 * timeShift / s.width
            shiftT = max(shiftT, k * s.d.0)
            shiftA = max(shiftA, k * s.d.1)
            shiftS = max(shiftS, k * s.d.2)
            shiftO = max(shiftO, k * s.d.3)
        }
        let dT = translation + solveT + easingPrintT + springT + jumpT + shiftT
        let dA = angle + solveA + easingPrintA + springA + jumpA + shiftA
        let dS = scale + solveS + easingPrintS + springS + jumpS + shiftS
        let dO = opacity + solveO + easingPrintO + springO + jumpO + shiftO
        let S = maxScale + dS
        return max(dT, dS + S * dA + dS * dA, dO)
    }
}

extension CubicBezier {
    /// x(s) of the Bézier with control points (0,0), (x1,y1), (x2,y2), (1,1).
    func bezierX(_ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * x1 + 3 * u * s * s * x2 + s * s * s
    }

    /// y(s).
    func bezierY(_ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * y1 + 3 * u * s * s * y2 + s * s * s
    }

    /// The Bézier played backwards: u ↦ 1 − B(1 − u), control points (1 − x2, 1 − y2), (1 − x1, 1 − y1).
    /// A symmetric Bézier (x1 = 1 − x2, y1 = 1 − y2 up to rounding, like ease-in-out) is its own
    /// reverse and is kept as it is.
    init(reversing c: CubicBezier) {
        if abs((1 - c.x2) - c.x1) <= 1e-15 && abs((1 - c.y2) - c.y1) <= 1e-15 {
            self = c
            return
        }
        self = (try? CubicBezier(1 - c.x2, 1 - c.y2, 1 - c.x1, 1 - c.y1)) ?? c
    }

    /// The piece for parameters [s0, s1] (de Casteljau), rescaled to the unit square.
    func subsegment(_ s0: Double, _ s1: Double) -> (x1: Double, y1: Double, x2: Double, y2: Double, slopeBound: Double) {
        // Blossom: the piece's control points are B(s0,s0,s0), B(s0,s0,s1), B(s0,s1,s1), B(s1,s1,s1).
        func blossom(_ a: Double, _ b: Double, _ c: Double, _ p1: Double, _ p2: Double) -> Double {
            let p = [0, p1, p2, 1]
            // Degree-3 blossom of a Bernstein polynomial with coefficients p.
            func lerp(_ u: Double, _ x: Double, _ y: Double) -> Double { x + (y - x) * u }
            let l1 = [lerp(a, p[0], p[1]), lerp(a, p[1], p[2]), lerp(a, p[2], p[3])]
            let l2 = [lerp(b, l1[0], l1[1]), lerp(b, l1[1], l1[2])]
            return lerp(c, l2[0], l2[1])
        }
        let X = [blossom(s0, s0, s0, x1, x2), blossom(s0, s0, s1, x1, x2), blossom(s0, s1, s1, x1, x2), blossom(s1, s1, s1, x1, x2)]
        let Y = [blossom(s0, s0, s0, y1, y2), blossom(s0, s0, s1, y1, y2), blossom(s0, s1, s1, y1, y2), blossom(s1, s1, s1, y1, y2)]
        let dx = X[3] - X[0], dy = Y[3] - Y[0]
        let nx = X.map { dx > 0 ? ($0 - X[0]) / dx : 0 }, ny = Y.map { dy != 0 ? ($0 - Y[0]) / dy : 0 }
        // x′ is a quadratic Bernstein polynomial with coefficients 3·(Δ control x) ≥ its minimum;
        // |y′| ≤ 3·max |Δ control y|: the slope is at most their ratio.
        let minDX = min(nx[1] - nx[0], nx[2] - nx[1], nx[3] - nx[2])
        let maxDY = max(abs(ny[1] - ny[0]), abs(ny[2] - ny[1]), abs(ny[3] - ny[2]))
        let slope = minDX > 0 ? maxDY / minDX : 1e6
        return (min(max(nx[1], 0), 1), ny[1], min(max(nx[2], 0), 1), ny[2], slope)
    }
}
