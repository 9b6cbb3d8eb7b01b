import MotionKernel

/// Eval-protocol handlers for transforms: `transform.compose`, `transform.interpolate`,
/// `transform.apply` (the eval protocol).
package enum TransformOps {
    static let handlers: [String: EvalHandler] = [
        "transform.compose": { fields, context throws(MotionKernelError) in
            try fields.rejectUnknown(["id", "op", "precision", "transform", "format"])
            let spec = try parseTransformSpec(fields.require("transform"), path: fields.path("transform"))
            let format = try fields.string("format") ?? "matrix"
            guard format == "matrix" || format == "css" else {
                throw MotionKernelError.invalidValue(fields.path("format"), "expected \"matrix\" or \"css\", got \"\(format)\"")
            }
            switch context.precision {
            case .double: return matrixResult(spec.matrix, css: format == "css")
            case .float: return matrixResult(try floatOperations(spec, path: fields.path("transform")).matrix, css: format == "css")
            }
        },
        "transform.interpolate": { fields, context throws(MotionKernelError) in
            try fields.rejectUnknown(["id", "op", "precision", "from", "to", "fraction"])
            let fromValue = try fields.require("from"), toValue = try fields.require("to")
            let from = try parseTransformSpec(fromValue, path: fields.path("from"))
            let to = try parseTransformSpec(toValue, path: fields.path("to"))
            let fraction = try fields.requireNumber("fraction")
            let opByOp = isOperationList(fromValue) && isOperationList(toValue)
            do throws(MotionKernelError) {
                switch context.precision {
                case .double:
                    return matrixResult(try interpolate(from, to, fraction, opByOp: opByOp))
                case .float:
                    let f = try floatOperations(from, path: fields.path("from"))
                    let t = try floatOperations(to, path: fields.path("to"))
                    return matrixResult(try interpolate(f, t, Float(fraction), opByOp: opByOp))
                }
            } catch let e where ["from", "to", "fraction"].contains(where: { e.field.hasPrefix($0) }) {
                // The library names `from`, `to`, `fraction` (and `from.operations[i]`): the
                // request's fields.
                throw e.prefixed(fields.path)
            }
        },
        "transform.apply": { fields, context throws(MotionKernelError) in
            try fields.rejectUnknown(["id", "op", "precision", "transform", "points"])
            let spec = try parseTransformSpec(fields.require("transform"), path: fields.path("transform"))
            guard let rows = try fields.array("points") else { throw MotionKernelError.missingField(fields.path("points")) }
            try Fields.checkOutput([rows.count, 3], fields.path("points"))
            var points: [[Double]] = []
            points.reserveCapacity(rows.count)
            for (i, row) in rows.enumerated() {
                let p = "\(fields.path("points"))[\(i)]"
                guard case .array(let xs) = row, xs.count == 2 || xs.count == 3 else {
                    throw MotionKernelError.invalidValue(p, "expected [x, y] or [x, y, z]")
                }
                points.append(try xs.enumerated().map { a0 throws(MotionKernelError) in try Fields.number(a0.element, "\(p)[\(a0.offset)]") })
            }
            switch context.precision {
            case .double:
                return try applyPoints(spec.matrix, points, path: fields.path("points"))
            case .float:
                let m = try floatOperations(spec, path: fields.path("transform")).matrix
                return try applyPoints(m, points.map { $0.map(Float.init) }, path: fields.path("points"))
            }
        },
    ]

    /// Whether a TransformSpec value is an `operations` list or a CSS string.
    static func isOperationList(_ v: JSONValue) -> Bool {
        if case .string = v { return true }
        if case .object(let o) = v, let ops = o["operations"], ops != .null { return true }
        return false
    }

    /// Op-by-op interpolation when both specs are operation lists, else matrix interpolation.
    /// - Throws: the library's `invalidValue` (`from`, `to`, `fraction`, …) when an
    ///   intermediate or the result overflows, and `fraction` when the interpolated list's net
    ///   matrix does.
    static func interpolate<T: MotionScalar>(
        _ a: TransformOperations<T>, _ b: TransformOperations<T>, _ t: T, opByOp: Bool
    ) throws(MotionKernelError) -> Transform3D<T> {
        let m =
            opByOp
            ? try TransformOperations.interpolate(from: a, to: b, fraction: t).matrix
            : try Transform3D.interpolate(from: a.matrix, to: b.matrix, fraction: t)
        guard m.isFinite else {
            throw MotionKernelError.invalidValue("fraction", "the interpolated transform's matrix overflows")
        }
        return m
    }

    /// The list in Float with its CSS function names, re-validated (a distance or entry may not
    /// survive the rounding).
    static func floatOperations(_ ops: TransformOperations<Double>, path: String) throws(MotionKernelError) -> TransformOperations<Float> {
        do {
            return try TransformOperations<Float>(functions: TransformOperations<Float>(ops).functions)
        } catch let e {
            throw MotionKernelError.invalidValue(path, "does not fit in Float precision (\(e.message))")
        }
    }

    /// `{"matrix": [16]}`, with `"css"`: the CSS serialisation (`matrix(…)` for a 2D matrix,
    /// `matrix3d(…)` otherwise, see `Transform3D.cssText`) when `css` is set.
    static func matrixResult<T: MotionScalar>(_ m: Transform3D<T>, css: Bool = false) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("matrix", .numbers(m.rowMajor))]
        if css { pairs.append(("css", .string(m.cssText))) }
        return .object(JSONObject(pairs))
    }

    static func applyPoints<T: MotionScalar>(_ m: Transform3D<T>, _ points: [[T]], path: String) throws(MotionKernelError) -> JSONValue {
        var out: [JSONValue] = []
        out.reserveCapacity(points.count)
        for (i, p) in points.enumerated() {
            let q: Vector3<T>
            do {
                q = try m.apply(to: Vector3(p[0], p[1], p.count == 3 ? p[2] : 0))
            } catch let e {
                throw MotionKernelError.invalidValue("\(path)[\(i)]", e.reason)
            }
            out.append(p.count == 3 ? .numbers([q.x, q.y, q.z]) : .numbers([q.x, q.y]))
        }
        return .array(out)
    }
}

/// Parses a protocol TransformSpec — `{"matrix": [16]}` (m11…m44, CSS `matrix3d()` order),
/// `{"affine": [a, b, c, d, tx, ty]}` (`CGAffineTransform`) or `{"operations": [op, …]}` with
/// ops `{"translate": [x, y(, z)]}`, `{"scale": [x, y(, z)]}`, `{"rotate": radians, "axis"?:
/// [x, y, z]}`, `{"skew": [ax, ay]}`, `{"skewX": a}`, `{"skewY": a}` (radians), `{"perspective": d}`
/// (and `{"matrix": [16]}`), or a string holding a CSS `transform` value (`"none"`,
/// `"translateX(10px) rotate(45deg)"`, see `TransformOperations.init(css:path:)`) — into an
/// operation list. A matrix or affine spec becomes a one-element `.matrix` list, which composes
/// and interpolates exactly like the matrix itself.
/// - Throws: `missingField` / `invalidValue` naming the JSON path (`from.operations[1].rotate`).
package func parseTransformSpec(_ v: JSONValue, path: String) throws(MotionKernelError) -> TransformOperations<Double> {
    if case .string(let css) = v { return try TransformOperations(css: css, path: path) }
    guard case .object(let o) = v else {
        throw MotionKernelError.invalidValue(
            path, "expected a TransformSpec (a CSS transform string, {\"matrix\"}, {\"affine\"} or {\"operations\"}), got \(v.typeName)")
    }
    let f = Fields(o, path: path)
    let kind = try f.exactlyOne(of: ["matrix", "affine", "operations"])
    try f.rejectUnknown(["matrix", "affine", "operations"])
    switch kind {
    case "matrix":
        return try TransformOperations([.matrix(parseMatrix(f, "matrix"))])
    case "affine":
        let a = try f.requireNumbers("affine", limit: 6)
        guard a.count == 6 else {
            throw MotionKernelError.invalidValue(f.path("affine"), "expected [a, b, c, d, tx, ty], got \(a.count) numbers")
        }
        return try TransformOperations([.matrix(Transform3D(affine: AffineTransform2D(a: a[0], b: a[1], c: a[2], d: a[3], tx: a[4], ty: a[5])))])
    default:
        guard let list = try f.array("operations") else { throw MotionKernelError.missingField(f.path("operations")) }
        var ops: [TransformOperation<Double>] = []
        for (i, item) in list.enumerated() {
            ops.append(try parseTransformOperation(item, path: "\(f.path("operations"))[\(i)]"))
        }
        do { return try TransformOperations(ops) } catch let e { throw e.prefixed(path) }
    }
}

/// 16 numbers m11…m44 at `key`.
private func parseMatrix(_ f: Fields, _ key: String) throws(MotionKernelError) -> Transform3D<Double> {
    let m = try f.requireNumbers(key, limit: 16)
    guard m.count == 16 else {
        throw MotionKernelError.invalidValue(f.path(key), "expected 16 numbers (m11…m44), got \(m.count)")
    }
    return try Transform3D(rowMajor: m)
}

/// One operation object of a TransformSpec's `operations` list.
private func parseTransformOperation(_ v: JSONValue, path: String) throws(MotionKernelError) -> TransformOperation<Double> {
    guard case .object(let o) = v else {
        throw MotionKernelError.invalidValue(path, "expected an operation object such as {\"translate\": [x, y, z]}, got \(v.typeName)")
    }
    let f = Fields(o, path: path)
    let names = ["translate", "scale", "rotate", "skew", "skewX", "skewY", "perspective", "matrix"]
    let kinds = names.filter { f.has($0) }
    guard kinds.count == 1 else {
        throw MotionKernelError.invalidValue(
            path,
            kinds.isEmpty
                ? "expected one of \(names.joined(separator: ", "))"
                : "expected exactly one operation, got \(kinds.joined(separator: ", "))")
    }
    let kind = kinds[0]
    try f.rejectUnknown(kind == "rotate" ? ["rotate", "axis"] : [kind])
    func vector(_ key: String, defaultZ: Double) throws(MotionKernelError) -> (Double, Double, Double) {
        let a = try f.requireNumbers(key, limit: 3)
        guard a.count == 2 || a.count == 3 else {
            throw MotionKernelError.invalidValue(f.path(key), "expected [x, y] or [x, y, z], got \(a.count) numbers")
        }
        return (a[0], a[1], a.count == 3 ? a[2] : defaultZ)
    }
    let op: TransformOperation<Double>
    switch kind {
    case "translate":
        let (x, y, z) = try vector("translate", defaultZ: 0)
        op = .translate(x: x, y: y, z: z)
    case "scale":
        let (x, y, z) = try vector("scale", defaultZ: 1)
        op = .scale(x: x, y: y, z: z)
    case "rotate":
        let angle = try f.requireNumber("rotate")
        var axis = Vector3<Double>(0, 0, 1)
        if let a = try f.numbers("axis", limit: 3) {
            guard a.count == 3 else { throw MotionKernelError.invalidValue(f.path("axis"), "expected [x, y, z], got \(a.count) numbers") }
            axis = Vector3(a[0], a[1], a[2])
        }
        op = .rotate(angle: angle, axis: axis)
    case "skew":
        let a = try f.requireNumbers("skew", limit: 2)
        guard a.count == 2 else { throw MotionKernelError.invalidValue(f.path("skew"), "expected [ax, ay] in radians, got \(a.count) numbers") }
        op = .skew(ax: a[0], ay: a[1])
    case "skewX":
        op = .skewX(try f.requireNumber("skewX"))
    case "skewY":
        op = .skewY(try f.requireNumber("skewY"))
    case "perspective":
        let d = try f.requireNumber("perspective")
        guard d > 0 else { throw MotionKernelError.invalidValue(f.path("perspective"), "expected a distance > 0, got \(d)") }
        op = .perspective(d)
    default:
        op = .matrix(try parseMatrix(f, "matrix"))
    }
    return op
}
