/// The op registry: the protocol's op names and the handler of each, gathered from one file
/// of ops per area (`SpringOps.swift`, `TimingOps.swift`, …).
extension Eval {
    /// Every op the protocol names, in the protocol's order. An op missing from ``handlers``
    /// answers `unsupported`.
    package static let protocolOps = [
        "spring.sample", "spring.settle", "spring.convert", "timing.sample", "timingModel.sample",
        "keyframes.sample", "spline.sample", "transform.compose", "transform.interpolate",
        "transform.apply", "preset.sample", "animator.sample", "presets.list", "spring.cssLinear", "preset.export",
        "spring.design", "decay.sample", "velocity.estimate", "rubberBand",
    ]

    /// The ops implemented in this build.
    package static let handlers: [String: EvalHandler] = {
        var all: [String: EvalHandler] = [:]
        #if hasFeature(Embedded)
        // The WebAssembly build (web/embedded-sources.txt): springs, design, cssLinear, timing.
        let groups = [SpringOps.handlers, TimingOps.handlers, CSSOps.handlers, SpringDesignOps.handlers]
        #else
        let groups = [
            SpringOps.handlers, TimingOps.handlers, SplineOps.handlers, KeyframeOps.handlers,
            TransformOps.handlers, PresetOps.handlers, CSSOps.handlers, SpringDesignOps.handlers, DecayOps.handlers,
        ]
        #endif
        for group in groups {
            for (op, handler) in group where all[op] == nil { all[op] = handler }
        }
        return all
    }()
}
