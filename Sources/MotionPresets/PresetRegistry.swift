import MotionKernel

/// Every preset, by name.
public enum PresetRegistry {
    /// The presets in listing order.
    public static let all: [PresetDescriptor] = [shake, wiggle, pop, spin, toolbarReveal, toolbarHide, flyAway]

    static let shake: PresetDescriptor = PresetDescriptor(
        name: "shake", summary: "translation.x keyframes ±20, ±20, ±10, ±5, 0 points, linear, 0.6 s",
        options: [
            PresetOption("amplitude", 20, min: 0, max: 10_000, "first swing in points; the keyframes scale with it (-a, a, -a, a, -a/2, a/2, -a/4, a/4, 0)"),
            PresetOption("duration", 0.6, min: 1e-3, max: 3600, "seconds"),
        ], layers: ["view"],
        build: { o throws(MotionKernelError) in
            try Preset.shake(values: Preset.shakeValues.map { $0 * v(o, "amplitude") / 20 }, duration: v(o, "duration"))
        })

    static let wiggle: PresetDescriptor = PresetDescriptor(
        name: "wiggle", summary: "after 1 s: to -5°, four auto-reversed ±5° swings, back to 0; 0.1 s ease-in-out legs (2.0 s)",
        options: [
            PresetOption("delay", 1.0, min: 0, max: 3600, "seconds before the first leg"),
            PresetOption("legDuration", 0.1, min: 1e-3, max: 3600, "seconds per leg"),
            PresetOption("degrees", 5, min: -3600, max: 3600, "swing angle in degrees"),
            PresetOption("swings", 4, min: 0, max: 1000, integer: true, "auto-reversed swings (two legs each)"),
        ], layers: ["view"],
        build: { o throws(MotionKernelError) in
            try Preset.wiggle(delay: v(o, "delay"), legDuration: v(o, "legDuration"), degrees: v(o, "degrees"), swings: Int(exactly: v(o, "swings")) ?? -1)
        })

    static let pop: PresetDescriptor = PresetDescriptor(
        name: "pop", summary: "scale 0 → 1 on a spring (ζ 0.6, relative velocity 10) settling in 0.5 s",
        options: [
            PresetOption("duration", 0.5, min: 1e-3, max: 60, "seconds; the spring settles (epsilon) exactly then"),
            PresetOption("dampingRatio", 0.6, min: 0.01, max: 10, "damping ratio ζ"),
            PresetOption("initialVelocity", 10, min: -1000, max: 1000, "UIKit-relative initial velocity (distances per second)"),
            PresetOption("from", 0, min: -1000, max: 1000, "start scale"),
            PresetOption("to", 1, min: -1000, max: 1000, "end scale"),
            PresetOption("epsilon", 0.001, min: 1e-9, max: 0.5, "settling tolerance as a fraction of |to - from|"),
        ], layers: ["view"],
        build: { o throws(MotionKernelError) in
            try Preset.pop(
                duration: v(o, "duration"), dampingRatio: v(o, "dampingRatio"), relativeVelocity: v(o, "initialVelocity"),
                from: v(o, "from"), to: v(o, "to"), epsilon: v(o, "epsilon"))
        })

    static let spin: PresetDescriptor = PresetDescriptor(
        name: "spin", summary: "rotation -3π/4 → 0, ease-in-out, 0.8 s",
        options: [
            PresetOption("fromAngle", Preset.spinDefaultAngle, min: -1e4, max: 1e4, "start rotation in radians"),
            PresetOption("duration", 0.8, min: 1e-3, max: 3600, "seconds"),
        ], layers: ["view"],
        build: { o throws(MotionKernelError) in try Preset.spin(fromAngle: v(o, "fromAngle"), duration: v(o, "duration")) })

    static let toolbarReveal: PresetDescriptor = PresetDescriptor(
        name: "toolbarReveal", summary: "toolbar up from the bottom edge by its height while the tab bar fades out, 0.2 s",
        options: toolbarOptions, layers: ["toolbar", "tabBar"],
        build: { o throws(MotionKernelError) in
            try Preset.toolbarReveal(screenHeight: v(o, "screenHeight"), toolbarHeight: v(o, "toolbarHeight"), duration: v(o, "duration"))
        })

    static let toolbarHide: PresetDescriptor = PresetDescriptor(
        name: "toolbarHide", summary: "the reverse of toolbarReveal: toolbar down off the screen, tab bar fades in, 0.2 s",
        options: toolbarOptions, layers: ["toolbar", "tabBar"],
        build: { o throws(MotionKernelError) in
            try Preset.toolbarHide(screenHeight: v(o, "screenHeight"), toolbarHeight: v(o, "toolbarHeight"), duration: v(o, "duration"))
        })

    static let flyAway: PresetDescriptor = PresetDescriptor(
        name: "flyAway", summary: "rotate π/2 while the centre follows cubic keyframes off the right edge, ease-in-out, 2.0 s",
        options: [
            PresetOption("width", 375, min: 1e-3, max: 1e6, "bounds width in points"),
            PresetOption("height", 667, min: 1e-3, max: 1e6, "bounds height in points"),
            PresetOption("viewHeight", 100, min: 1e-3, max: 1e6, "the view's height in points"),
            PresetOption("duration", 2.0, min: 1e-3, max: 3600, "seconds"),
            PresetOption("angle", Preset.flyAwayDefaultAngle, min: -1e4, max: 1e4, "rotation in radians"),
            PresetOption("split", 0.4, min: 1e-3, max: 0.999, "progress of the middle keyframe"),
            PresetOption("startX", 0.5, min: -100, max: 100, "start centre x as a fraction of width"),
            PresetOption("startY", 0.5, min: -100, max: 100, "start centre y as a fraction of height"),
            PresetOption("midX", 0.8, min: -100, max: 100, "middle keyframe x as a fraction of width"),
            PresetOption("midY", 0.85, min: -100, max: 100, "middle keyframe y as a fraction of height"),
            PresetOption("endY", 0.6, min: -100, max: 100, "end y as a fraction of height (end x = width + viewHeight)"),
        ], layers: ["view"],
        build: { o throws(MotionKernelError) in
            try Preset.flyAway(
                width: v(o, "width"), height: v(o, "height"), viewHeight: v(o, "viewHeight"), duration: v(o, "duration"),
                angle: v(o, "angle"), split: v(o, "split"), startX: v(o, "startX"), startY: v(o, "startY"),
                midX: v(o, "midX"), midY: v(o, "midY"), endY: v(o, "endY"))
        })

    /// An option value (every option has a default, so it is always present).
    static func v(_ o: [String: Double], _ key: String) -> Double { o[key] ?? .nan }

    static let toolbarOptions = [
        PresetOption("screenHeight", 667, min: 1e-3, max: 1e6, "screen height in points"),
        PresetOption("toolbarHeight", 44, min: 1e-3, max: 1e6, "toolbar height in points"),
        PresetOption("duration", 0.2, min: 1e-3, max: 3600, "seconds"),
    ]

    /// The preset named `name`.
    /// - Throws: `invalidValue` naming `preset`, listing the valid names.
    public static func named(_ name: String) throws(MotionKernelError) -> PresetDescriptor {
        guard let d = all.first(where: { $0.name == name }) else {
            throw MotionKernelError.invalidValue("preset", "unknown preset \"\(name)\"; expected one of \(all.map(\.name).joined(separator: ", "))")
        }
        return d
    }
}
