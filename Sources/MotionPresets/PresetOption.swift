import MotionKernel

/// One numeric option of a preset: its name, default (the usual value), accepted range and
/// meaning.
public struct PresetOption: Sendable, Hashable {
    /// The option's name (the parameter name of the `Preset` function).
    public let name: String
    /// The default value.
    public let defaultValue: Double
    /// The accepted closed range.
    public let range: ClosedRange<Double>
    /// Whether only whole numbers are accepted.
    public let integer: Bool
    /// What it means, with its unit.
    public let summary: String

    /// An option.
    public init(_ name: String, _ defaultValue: Double, min: Double, max: Double, integer: Bool = false, _ summary: String) {
        self.name = name
        self.defaultValue = defaultValue
        self.range = Swift.min(min, max)...Swift.max(min, max)
        self.integer = integer
        self.summary = summary
    }
}
