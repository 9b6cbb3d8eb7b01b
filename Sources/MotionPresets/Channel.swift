import MotionKernel

/// One animatable channel of a layer.
///
/// Lengths are in points (the caller's length unit), angles in radians, scale and opacity are
/// plain factors. Translation is relative to the layer's position (it is the translation part
/// of the layer's `transform`), as in Core Animation.
public enum Channel: String, Sendable, Hashable, CaseIterable {
    /// `transform.translation.x`, points.
    case translationX
    /// `transform.translation.y`, points (y down).
    case translationY
    /// `transform.rotation.z`, radians (positive turns +x toward +y: clockwise on a y-down screen).
    case rotation
    /// `transform.scale.x`.
    case scaleX
    /// `transform.scale.y`.
    case scaleY
    /// `transform.scale`: writes both `scaleX` and `scaleY` (reads `scaleX`).
    case scale
    /// `opacity`, 0…1 (not clamped here).
    case opacity
}
