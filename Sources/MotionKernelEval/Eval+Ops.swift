import MotionKernel

/// The op registry: the protocol's op names and the handler of each, gathered from one file
/// of ops per area (`SpringOps.swift`, `TimingOps.swift`, …).
extension Eval {
    /// Every op the protocol names, in the protocol's order. An op without a
    /// ``handler(for:)`` answers `unsupported`.
    package static let protocolOps = [
        "spring.sample", "spring.settle", "spring.convert", "timing.sample", "timingModel.sample",
        "keyframes.sample", "spline.sample", "transform.compose", "transform.interpolate",
        "transform.apply", "preset.sample", "animator.sample", "presets.list", "spring.cssLinear", "preset.export",
        "spring.design", "decay.sample", "velocity.estimate", "rubberBand",
    ]

    #if hasFeature(Embedded)
    /// The handler of `op` in this build, nil when it has none. The WebAssembly build
    /// (web/embedded-sources.txt) answers springs, design, cssLinear and timing; op names are
    /// matched by their bytes, in a `switch` (no `Dictionary`, no `String` hashing).
    package static func handler(for op: String) -> EvalHandler? {
        switch UTF8Name(op) {
        case "spring.sample": SpringOps.sample
        case "spring.settle": SpringOps.settle
        case "spring.convert": SpringOps.convert
        case "timing.sample": TimingOps.timingSample
        case "timingModel.sample": TimingOps.timingModelSample
        case "spring.cssLinear": CSSOps.springCSSLinear
        case "spring.design": SpringDesignOps.design
        default: nil
        }
    }
    #else
    /// The ops implemented in this build.
    package static let handlers: [String: EvalHandler] = {
        var all: [String: EvalHandler] = [:]
        let groups = [
            SpringOps.handlers, TimingOps.handlers, SplineOps.handlers, KeyframeOps.handlers,
            TransformOps.handlers, PresetOps.handlers, CSSOps.handlers, SpringDesignOps.handlers, DecayOps.handlers,
        ]
        for group in groups {
            for (op, handler) in group where all[op] == nil { all[op] = handler }
        }
        return all
    }()

    /// The handler of `op` in this build, nil when it has none. (Op names are ASCII, so
    /// `String`'s `==` and byte equality agree on them, as in the WebAssembly build's `switch`.)
    package static func handler(for op: String) -> EvalHandler? { handlers[op] }
    #endif
}
