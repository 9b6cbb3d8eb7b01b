import MotionKernel

/// The presentation of one layer: its transform channels and opacity.
///
/// The transform is composed in CSS order, `translate(tx, ty) rotate(θ) scale(sx, sy)` applied to
/// the layer: a point is scaled first, then rotated about the layer's anchor, then translated.
/// In `CATransform3D` (row-vector) form that is M = S · R · T (see ``transform``).
public struct LayerState: Sendable, Hashable {
    /// Translation x, points.
    public var translationX: Double
    /// Translation y, points.
    public var translationY: Double
    /// Rotation about z, radians.
    public var rotation: Double
    /// Scale x.
    public var scaleX: Double
    /// Scale y.
    public var scaleY: Double
    /// Opacity.
    public var opacity: Double

    /// A state from its channels (defaults: the identity transform, opacity 1).
    public init(
        translationX: Double = 0, translationY: Double = 0, rotation: Double = 0,
        scaleX: Double = 1, scaleY: Double = 1, opacity: Double = 1
    ) {
        self.translationX = translationX
        self.translationY = translationY
        self.rotation = rotation
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.opacity = opacity
    }

    /// The identity transform with opacity 1 (a layer's model values when nothing animates).
    public static let identity = LayerState()

    /// The value of `channel` (`scale` reads `scaleX`).
    public subscript(channel: Channel) -> Double {
        get {
            switch channel {
            case .translationX: return translationX
            case .translationY: return translationY
            case .rotation: return rotation
            case .scaleX, .scale: return scaleX
            case .scaleY: return scaleY
            case .opacity: return opacity
            }
        }
        set {
            switch channel {
            case .translationX: translationX = newValue
            case .translationY: translationY = newValue
            case .rotation: rotation = newValue
            case .scaleX: scaleX = newValue
            case .scaleY: scaleY = newValue
            case .scale: scaleX = newValue; scaleY = newValue
            case .opacity: opacity = newValue
            }
        }
    }

    /// The layer's transform: the CSS list `translate(tx, ty) rotate(θ) scale(sx, sy)` through
    /// `TransformOperations` (the last operation applies first), i.e. in `CATransform3D` terms
    /// `CATransform3DConcat(CATransform3DConcat(S, R), T)`: m11 = sx cos θ, m12 = sx sin θ,
    /// m21 = −sy sin θ, m22 = sy cos θ, m41 = tx, m42 = ty, m33 = m44 = 1.
    public var transform: Transform3D<Double> {
        // Built from the three elementary matrices in the documented order.
        let ops: [TransformOperation<Double>] = [
            .translate(x: translationX, y: translationY, z: 0),
            .rotate(angle: rotation, axis: Vector3(0, 0, 1)),
            .scale(x: scaleX, y: scaleY, z: 1),
        ]
        var m = Transform3D<Double>.identity
        for op in ops { m = op.matrix.concatenating(m) }
        return m
    }
}
