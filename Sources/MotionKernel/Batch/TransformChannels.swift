/// Structure-of-arrays channels describing N 2D-placed objects, e.g. produced by springs or
/// keyframe tracks for N objects at one frame. Absent channels take their identity value.
///
/// Object i gets the matrix of the CSS list
/// `translate3d(tx, ty, tz) rotate(θ) scale(s·sx, s·sy)` — scale first, then rotate about z,
/// then translate — in `CATransform3D` layout:
/// m11 = s·sx·cos θ, m12 = s·sx·sin θ, m21 = −s·sy·sin θ, m22 = s·sy·cos θ, m33 = 1,
/// m41 = tx, m42 = ty, m43 = tz, m44 = 1, all other entries 0.
/// (Opacity needs no building: it is already a per-object scalar channel.)
public struct TransformChannels<T: MotionScalar>: Sendable {
    /// The number of objects N.
    public var count: Int
    /// Translation x per object (default 0).
    public var translationX: [T]?
    /// Translation y per object (default 0).
    public var translationY: [T]?
    /// Translation z per object (default 0).
    public var translationZ: [T]?
    /// Rotation about z in radians per object (default 0; positive is clockwise on a y-down screen).
    public var rotation: [T]?
    /// Uniform scale per object (default 1), multiplied into `scaleX` and `scaleY`.
    public var scale: [T]?
    /// Scale along x per object (default 1).
    public var scaleX: [T]?
    /// Scale along y per object (default 1).
    public var scaleY: [T]?

    /// Channels for `count` objects, all absent (every object gets the identity).
    @inlinable
    public init(
        count: Int, translationX: [T]? = nil, translationY: [T]? = nil, translationZ: [T]? = nil,
        rotation: [T]? = nil, scale: [T]? = nil, scaleX: [T]? = nil, scaleY: [T]? = nil
    ) {
        self.count = count
        self.translationX = translationX
        self.translationY = translationY
        self.translationZ = translationZ
        self.rotation = rotation
        self.scale = scale
        self.scaleX = scaleX
        self.scaleY = scaleY
    }

    /// The channels that are present, with their field names.
    @inlinable
    var present: [(name: String, values: [T])] {
        var out: [(String, [T])] = []
        if let v = translationX { out.append(("translationX", v)) }
        if let v = translationY { out.append(("translationY", v)) }
        if let v = translationZ { out.append(("translationZ", v)) }
        if let v = rotation { out.append(("rotation", v)) }
        if let v = scale { out.append(("scale", v)) }
        if let v = scaleX { out.append(("scaleX", v)) }
        if let v = scaleY { out.append(("scaleY", v)) }
        return out
    }

    /// The matrix of object `i` (the scalar reference the bulk builder must equal).
    /// - Precondition: `0 <= i < count` and the present channels have `count` values.
    @inlinable
    public func transform(at i: Int) -> Transform3D<T> {
        let s = scale?[i] ?? 1
        let sx = s * (scaleX?[i] ?? 1), sy = s * (scaleY?[i] ?? 1)
        let th = rotation?[i] ?? 0
        let c = T.cos(th), sn = T.sin(th)
        return Transform3D(
            m11: sx * c, m12: sx * sn, m13: 0, m14: 0,
            m21: -sy * sn, m22: sy * c, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0,
            m41: translationX?[i] ?? 0, m42: translationY?[i] ?? 0, m43: translationZ?[i] ?? 0, m44: 1)
    }
}
