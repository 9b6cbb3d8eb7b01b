import MotionKernel
import MotionKernelEval

/// `motionkernel batch` job kinds for transforms.
///
/// - `transform.build`: N objects from per-object channels `translationX`, `translationY`,
///   `translationZ`, `rotation` (radians), `scale`, `scaleX`, `scaleY` (columns; absent ones are
///   identity) into output `matrix`, N × 16 in `CATransform3D` order (see `TransformChannels`).
/// - `transform.apply`: one `transform` (a TransformSpec: a matrix, affine, operation list or CSS
///   `transform` string such as `"translate(4px, 5px) rotate(30deg)"`) applied to P points given
///   by columns `x`, `y` and optionally `z`, with the perspective divide; output `points`, P × 2
///   or P × 3.
enum TransformJobs {
    static let kinds: [String: BatchSpec.JobParser] = [
        "transform.build": build,
        "transform.apply": apply,
    ]

    static let channelNames = ["translationX", "translationY", "translationZ", "rotation", "scale", "scaleX", "scaleY"]

    static let build: BatchSpec.JobParser = { f in
        let n = try BatchSpec.count(f), seed = try BatchSpec.seed(f)
        let precision = try BatchSpec.precision(f)
        var cols: [String: BatchColumn] = [:]
        for name in channelNames {
            if let c = try BatchSpec.column(f, name, count: n, seed: seed) { cols[name] = c }
        }
        _ = try BatchSpec.outputs(f, allowed: ["matrix"], defaults: ["matrix"])
        func make<T: MotionScalar>(_: T.Type) -> BatchJob {
            BatchJob(
                name: "", kind: "transform.build", scalar: T.self, rows: n, columns: 16,
                outputs: ["matrix"], axes: ["object", "m11…m44"]
            ) { range, ptrs in
                let slice = { (name: String) -> [T]? in cols[name].map { $0.values(range, as: T.self) } }
                let channels = TransformChannels<T>(
                    count: range.count, translationX: slice("translationX"), translationY: slice("translationY"),
                    translationZ: slice("translationZ"), rotation: slice("rotation"), scale: slice("scale"),
                    scaleX: slice("scaleX"), scaleY: slice("scaleY"))
                var out = [T]()
                do { try TransformBatch.build(channels, into: &out) } catch let e as MotionKernelError {
                    throw shifted(e, by: range.lowerBound, path: f.path)
                }
                _ = ptrs[0].update(fromContentsOf: out)
            }
        }
        return precision == .float ? make(Float.self) : make(Double.self)
    }

    static let apply: BatchSpec.JobParser = { f in
        let n = try BatchSpec.count(f), seed = try BatchSpec.seed(f)
        let precision = try BatchSpec.precision(f)
        let ops = try parseTransformSpec(try f.require("transform"), path: f.path("transform"))
        let matrix = ops.matrix
        guard let x = try BatchSpec.column(f, "x", count: n, seed: seed) else { throw MotionKernelError.missingField(f.path("x")) }
        guard let y = try BatchSpec.column(f, "y", count: n, seed: seed) else { throw MotionKernelError.missingField(f.path("y")) }
        let z = try BatchSpec.column(f, "z", count: n, seed: seed)
        let dim = z == nil ? 2 : 3
        _ = try BatchSpec.outputs(f, allowed: ["points"], defaults: ["points"])
        func make<T: MotionScalar>(_: T.Type) -> BatchJob {
            let m = Transform3D<T>(matrix)
            return BatchJob(
                name: "", kind: "transform.apply", scalar: T.self, rows: n, columns: dim,
                outputs: ["points"], axes: ["point", dim == 2 ? "x, y" : "x, y, z"]
            ) { range, ptrs in
                var pts = [T](repeating: 0, count: range.count * dim)
                for (j, i) in range.enumerated() {
                    pts[j * dim] = T(x.value(at: i)); pts[j * dim + 1] = T(y.value(at: i))
                    if let z { pts[j * dim + 2] = T(z.value(at: i)) }
                }
                var out = [T]()
                do {
                    try TransformBatch.apply(m, points: pts, dimension: dim, into: &out)
                } catch let e as MotionKernelError {
                    throw shifted(e, by: range.lowerBound, path: f.path)
                }
                _ = ptrs[0].update(fromContentsOf: out)
            }
        }
        return precision == .float ? make(Float.self) : make(Double.self)
    }

    /// Re-bases an index in an error's field (`rotation[3]` of a chunk starting at row 100 is
    /// `rotation[103]` of the job) and prefixes the job's path.
    static func shifted(_ e: MotionKernelError, by offset: Int, path: String) -> MotionKernelError {
        var e = e
        if let open = e.field.lastIndex(of: "["), let close = e.field.lastIndex(of: "]"), open < close,
            let i = Int(e.field[e.field.index(after: open)..<close])
        {
            e.field = String(e.field[..<open]) + "[\(i + offset)]"
        }
        return e.prefixed(path)
    }
}
