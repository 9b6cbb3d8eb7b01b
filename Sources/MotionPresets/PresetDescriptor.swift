import MotionKernel

/// A named preset for the command line and the eval protocol: its options and how to build it.
public struct PresetDescriptor: Sendable {
    /// The preset's name (`shake`, `wiggle`, …).
    public let name: String
    /// A one-line summary.
    public let summary: String
    /// Its options, in parameter order.
    public let options: [PresetOption]
    /// Its layer names, in frame order.
    public let layers: [String]
    let build: @Sendable ([String: Double]) throws(MotionKernelError) -> Animation

    /// The animation for `options` (missing options take their defaults).
    /// - Throws: `invalidValue` naming the option: an unknown name (listing the valid ones), a
    ///   non-finite value, a value outside its range or not whole where a whole number is
    ///   needed, or a combination the preset cannot build (e.g. a pop spring that cannot settle
    ///   in the duration).
    public func make(options given: [String: Double] = [:]) throws(MotionKernelError) -> Animation {
        var values: [String: Double] = [:]
        for o in options { values[o.name] = o.defaultValue }
        for (name, v) in given.sorted(by: { $0.key < $1.key }) {
            guard let o = options.first(where: { $0.name == name }) else {
                throw MotionKernelError.invalidValue(
                    name, "unknown option of preset \(self.name); expected one of \(options.map(\.name).joined(separator: ", "))")
            }
            try o.validate(v)
            values[name] = v
        }
        return try build(values)
    }
}
