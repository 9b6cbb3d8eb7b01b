import MotionKernel
import MotionPresets

/// Eval-protocol handlers for presets: `preset.sample`, `presets.list`, `animator.sample` and
/// `preset.export` (a preset as CSS `@keyframes` or Web Animations keyframes)
/// (`docs/eval-protocol.md`).
///
/// Frames are `{"time", "layers": {name: {"transform": [16 numbers, m11…m44], "opacity"}}}`
/// with one entry per layer of the preset (single-layer presets name their layer `view`).
/// `"precision": "float"` rounds every output number to Float (the computation is Double).
package enum PresetOps {
    static let handlers: [String: EvalHandler] = [
        "preset.sample": presetSample,
        "presets.list": presetsList,
        "animator.sample": animatorSample,
        "preset.export": presetExport,
    ]

    /// Numbers per frame and layer: 16 transform entries and the opacity.
    package static let numbersPerLayer = 17

    /// `preset.sample`: `preset`, `fps` (default 60), `options`? → `{"duration", "frames"}`.
    static let presetSample: EvalHandler = { (f, context) throws(MotionKernelError) in
        try f.rejectUnknown(["id", "op", "precision", "preset", "fps", "options"])
        let animation = try makePreset(f)
        let fps = try f.number("fps") ?? 60
        let count = try frameCount(duration: animation.duration, fps: fps, f, durationField: f.path("options"))
        try Fields.checkOutput([count, 1 + animation.layers.count * numbersPerLayer], f.path("fps"))
        let frames = try animation.frames(fps: fps)
        let float = context.precision == .float
        var o = JSONObject()
        o["duration"] = number(animation.duration, float)
        o["frames"] = .array(frames.map { frameJSON(time: $0.time, layers: animation.layers, states: $0.states, float: float) })
        return .object(o)
    }

    /// `presets.list` → `[{"name", "summary", "options": {name: default}, "layers"}]`.
    static let presetsList: EvalHandler = { (f, _) throws(MotionKernelError) in
        try f.rejectUnknown(["id", "op", "precision"])
        return .array(
            PresetRegistry.all.map { d in
                var opts = JSONObject()
                for o in d.options { opts[o.name] = .number(o.defaultValue) }
                return .object(
                    JSONObject([
                        ("name", .string(d.name)), ("summary", .string(d.summary)), ("options", .object(opts)),
                        ("layers", .array(d.layers.map { .string($0) })),
                    ]))
            })
    }

    /// `animator.sample`: `preset`, `options`?, `fps`?, `events`, `until` (and optionally the
    /// animator's `timing`, `scrubsLinearly`, `pausesOnCompletion`) → `{"frames"}` with
    /// `fractionComplete`, `state` and `running` in each frame.
    ///
    /// Event actions: `start`, `pause`, `scrub` (`fraction`), `reverse` (toggles, or sets
    /// `reversed`), `continue` (`timing`?, `durationFactor`? default 0 = the remaining share of
    /// the duration), `stop` (`withoutFinishing`? default false; with `position` it also
    /// finishes there), `finish` (`position`: `end` | `start` | `current`).
    static let animatorSample: EvalHandler = { (f, context) throws(MotionKernelError) in
        try f.rejectUnknown([
            "id", "op", "precision", "preset", "options", "fps", "events", "until", "timing",
            "scrubsLinearly", "pausesOnCompletion",
        ])
        let animation = try makePreset(f)
        let fps = try f.number("fps") ?? 60
        let until = try f.requireNumber("until")
        try MotionKernelError.requireNonNegative(until, f.path("until"))
        let count = try frameCount(duration: until, fps: fps, f, durationField: f.path("until"))
        try Fields.checkOutput([count, 4 + animation.layers.count * numbersPerLayer], f.path("until"))
        let timing = try f.value("timing").map { a0 throws(MotionKernelError) in try parseTimingSpec(a0, path: f.path("timing")) } ?? .linear
        var animator = try Animator(animation: animation, timing: timing)
        animator.scrubsLinearly = try f.bool("scrubsLinearly") ?? true
        animator.pausesOnCompletion = try f.bool("pausesOnCompletion") ?? false
        let events = try parseEvents(f)
        let samples = try animator.frames(events: events, until: until, fps: fps)
        let float = context.precision == .float
        return .object(
            JSONObject([
                (
                    "frames",
                    .array(
                        samples.map { s in
                            var o = frameObject(time: s.time, layers: animation.layers, states: s.states, float: float)
                            o["fractionComplete"] = number(s.fractionComplete, float)
                            o["state"] = .string(s.state.rawValue)
                            o["running"] = .bool(s.isRunning)
                            return .object(o)
                        })
                )
            ]))
    }

    // MARK: Helpers

    /// The preset named by `preset` with the `options` object applied.
    /// - Throws: `invalidValue` naming `preset` or `options.<name>`.
    package static func makePreset(_ f: Fields) throws(MotionKernelError) -> Animation {
        guard let name = try f.string("preset") else { throw MotionKernelError.missingField(f.path("preset")) }
        let descriptor: PresetDescriptor
        do { descriptor = try PresetRegistry.named(name) } catch let e {
            throw MotionKernelError(code: e.code, field: f.path("preset"), reason: e.reason)
        }
        var options: [String: Double] = [:]
        if let o = try f.object("options") {
            for key in o.object.keys where o.has(key) { options[key] = try o.requireNumber(key) }
        }
        do { return try descriptor.make(options: options) } catch let e {
            throw e.prefixed(f.path("options"))
        }
    }

    /// The frame count for `duration` at `fps`, with errors naming `fps` or `durationField`.
    package static func frameCount(duration: Double, fps: Double, _ f: Fields, durationField: String) throws(MotionKernelError) -> Int {
        do { return try FrameTimes.count(duration: duration, fps: fps) } catch let e {
            throw MotionKernelError(code: e.code, field: e.field == "fps" ? f.path("fps") : durationField, reason: e.reason)
        }
    }

    /// The `events` array as animator events.
    static func parseEvents(_ f: Fields) throws(MotionKernelError) -> [(at: Double, event: AnimatorEvent)] {
        guard let list = try f.array("events") else { throw MotionKernelError.missingField(f.path("events")) }
        guard list.count <= 1_000_000 else { throw MotionKernelError.invalidValue(f.path("events"), "at most 1000000 events") }
        var out: [(at: Double, event: AnimatorEvent)] = []
        let actions = ["start", "pause", "scrub", "reverse", "continue", "stop", "finish"]
        for (i, v) in list.enumerated() {
            let path = "\(f.path("events"))[\(i)]"
            guard case .object(let o) = v else { throw MotionKernelError.invalidValue(path, "expected an object, got \(v.typeName)") }
            let e = Fields(o, path: path)
            try e.rejectUnknown(["at", "action", "fraction", "timing", "durationFactor", "withoutFinishing", "position", "reversed"])
            let at = try e.requireNumber("at")
            guard let action = try e.string("action") else { throw MotionKernelError.missingField(e.path("action")) }
            func position() throws(MotionKernelError) -> Animator.Position? {
                guard let p = try e.string("position") else { return nil }
                guard let pos = Animator.Position(rawValue: p) else {
                    throw MotionKernelError.invalidValue(e.path("position"), "expected one of end, start, current; got \"\(p)\"")
                }
                return pos
            }
            switch action {
            case "start": out.append((at, .start))
            case "pause": out.append((at, .pause))
            case "scrub": out.append((at, .scrub(try e.requireNumber("fraction"))))
            case "reverse":
                if let r = try e.bool("reversed") { out.append((at, .setReversed(r))) } else { out.append((at, .reverse)) }
            case "continue":
                let timing = try e.value("timing").map { a0 throws(MotionKernelError) in try parseTimingSpec(a0, path: e.path("timing")) }
                let factor = try e.number("durationFactor") ?? 0
                try MotionKernelError.requireNonNegative(factor, e.path("durationFactor"))
                out.append((at, .continue(timing, durationFactor: factor)))
            case "stop":
                let pos = try position()
                out.append((at, .stop(withoutFinishing: try e.bool("withoutFinishing") ?? false)))
                if let pos { out.append((at, .finish(pos))) }
            case "finish":
                guard let pos = try position() else { throw MotionKernelError.missingField(e.path("position")) }
                out.append((at, .finish(pos)))
            default:
                throw MotionKernelError.invalidValue(e.path("action"), "unknown action \"\(action)\"; expected one of \(actions.joined(separator: ", "))")
            }
        }
        return out
    }

    static func number(_ v: Double, _ float: Bool) -> JSONValue {
        .number(float ? Double(Float(v)) + 0 : v + 0)
    }

    /// `{"time", "layers": {...}}` as an object (callers may add members).
    static func frameObject(time: Double, layers: [String], states: [LayerState], float: Bool) -> JSONObject {
        var ls = JSONObject()
        for (name, s) in zip(layers, states) {
            ls[name] = .object(
                JSONObject([
                    ("transform", .array(s.transform.rowMajor.map { number($0, float) })),
                    ("opacity", number(s.opacity, float)),
                ]))
        }
        return JSONObject([("time", number(time, float)), ("layers", .object(ls))])
    }

    package static func frameJSON(time: Double, layers: [String], states: [LayerState], float: Bool) -> JSONValue {
        .object(frameObject(time: time, layers: layers, states: states, float: float))
    }

    /// `preset.export`: `preset`, `options`?, `format` (`css` | `waapi`) → `{"css", "tolerance"}`
    /// or `{"layers": {name: {"keyframes", "options"}}, "tolerance"}`.
    static let presetExport: EvalHandler = { (f, _) throws(MotionKernelError) in
        try f.rejectUnknown(["id", "op", "precision", "preset", "options", "format"])
        guard let format = try f.string("format") else { throw MotionKernelError.missingField(f.path("format")) }
        guard format == "css" || format == "waapi" else {
            throw MotionKernelError.invalidValue(f.path("format"), "expected \"css\" or \"waapi\", got \"\(format)\"")
        }
        let animation = try PresetOps.makePreset(f)
        let export: CSSExport
        do throws(MotionKernelError) { export = try animation.cssExport() } catch let e { throw e.prefixed(f.path("options")) }
        var o = JSONObject()
        if format == "css" {
            o["css"] = .string(export.cssText())
        } else {
            o["layers"] = waapiJSON(export)
        }
        o["tolerance"] = .number(export.tolerance)
        return .object(o)
    }

    /// The WAAPI form: `{layer: {"keyframes": [{"offset", "transform"?, "opacity"?, "easing"}], "options": {...}}}`.
    package static func waapiJSON(_ export: CSSExport) -> JSONValue {
        var layers = JSONObject()
        for l in export.layers {
            var kfs: [JSONValue] = []
            for k in l.keyframes {
                var o = JSONObject()
                o["offset"] = .number(k.offset)
                if let t = k.transform { o["transform"] = .string(t) }
                if let op = k.opacity { o["opacity"] = .number(op) }
                o["easing"] = .string(k.easing)
                kfs.append(.object(o))
            }
            let options = JSONObject([
                ("duration", .number(l.duration * 1000)), ("delay", .number(l.delay * 1000)), ("fill", .string("both")),
                ("easing", .string("linear")), ("iterations", .number(1)),
            ])
            layers[l.name] = .object(JSONObject([("keyframes", .array(kfs)), ("options", .object(options))]))
        }
        return .object(layers)
    }
}
