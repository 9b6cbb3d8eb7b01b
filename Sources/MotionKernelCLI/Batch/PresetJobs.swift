import MotionKernel
import MotionKernelEval
import MotionPresets

/// `motionkernel batch` job kinds for presets.
enum PresetJobs {
    static let kinds: [String: BatchSpec.JobParser] = ["preset.objects": presetObjects]

    /// `preset.objects`: one preset sampled for `count` objects, each with its own options.
    ///
    /// Fields: `preset` (name), `count`, `seed`?, `precision`?, `options`? (an object whose
    /// members are per-object columns: a number, an array of `count` numbers, or a seeded
    /// `{"uniform": [lo, hi]}` / `{"linspace": [first, last]}`; absent options take their
    /// defaults), `times` (as for the spring jobs: explicit, `{"start", "step", "count"}` or
    /// `{"fps", "duration"}`; times after an object's duration hold its final state).
    /// Output `frames`: `count × (T · L · 17)` — for time j and layer l (the preset's layer
    /// order), the 16 transform entries m11…m44 then the opacity, at column (j·L + l)·17.
    /// Every option value is validated (name, range) before any work.
    static func presetObjects(_ f: Fields) throws -> BatchJob {
        try f.rejectUnknown(["name", "kind", "preset", "count", "seed", "precision", "options", "times", "outputs"])
        let n = try BatchSpec.count(f), seed = try BatchSpec.seed(f)
        let precision = try BatchSpec.precision(f)
        guard let name = try f.string("preset") else { throw MotionKernelError.missingField(f.path("preset")) }
        let descriptor: PresetDescriptor
        do { descriptor = try PresetRegistry.named(name) } catch let e {
            throw MotionKernelError(code: e.code, field: f.path("preset"), reason: e.reason)
        }
        var columns: [(name: String, values: BatchColumn)] = []
        if let o = try f.object("options") {
            for key in o.object.keys where o.has(key) {
                guard let option = descriptor.options.first(where: { $0.name == key }) else {
                    throw MotionKernelError.invalidValue(
                        o.path(key), "unknown option of preset \(name); expected one of \(descriptor.options.map(\.name).joined(separator: ", "))")
                }
                guard let col = try BatchSpec.column(o, key, count: n, seed: seed) else { continue }
                if case .values(let items) = col.source {
                    for (i, v) in items.enumerated() {
                        do { try option.validate(v) } catch let e {
                            throw MotionKernelError(code: e.code, field: "\(o.path(key))[\(i)]", reason: e.reason)
                        }
                    }
                } else {
                    // Options are ranges: every generated item is valid when both ends of the
                    // column's interval are; a generator's items are not whole numbers.
                    if option.integer && !col.isConstant {
                        throw MotionKernelError.invalidValue(o.path(key), "takes whole numbers: give a number or an array, not a generator")
                    }
                    let b = col.bounds
                    for v in [b.lo, b.hi] {
                        do { try option.validate(v) } catch let e {
                            throw MotionKernelError(code: e.code, field: o.path(key), reason: e.reason)
                        }
                    }
                }
                columns.append((key, col))
            }
        }
        _ = try BatchSpec.outputs(f, allowed: ["frames"], defaults: ["frames"])
        let grid = try BatchSpec.times(f)
        let times = (0..<grid.count).map { grid[$0] }
        let layers = descriptor.layers.count
        let width = try MotionKernelError.checkedCount(
            [times.count, layers, PresetOps.numbersPerLayer],
            limit: BatchSpec.maxColumns, f.path("times"))
        let optionsPath = f.path("options")
        func make<T: MotionScalar>(_: T.Type) -> BatchJob {
            BatchJob(
                name: "", kind: "preset.objects", scalar: T.self, rows: n, columns: width, outputs: ["frames"],
                axes: ["object", "time × layer × (m11…m44, opacity)"]
            ) { range, ptrs in
                var row = [Double](repeating: 0, count: width)
                for i in range {
                    var options: [String: Double] = [:]
                    for c in columns { options[c.name] = c.values.value(at: i) }
                    let animation: Animation
                    do { animation = try descriptor.make(options: options) } catch let e as MotionKernelError {
                        throw MotionKernelError(code: e.code, field: "\(optionsPath).\(e.field)[\(i)]", reason: e.reason)
                    }
                    for (j, t) in times.enumerated() {
                        for (l, s) in animation.states(at: t).enumerated() {
                            let base = (j * layers + l) * PresetOps.numbersPerLayer
                            let m = s.transform.rowMajor
                            for k in 0..<16 { row[base + k] = m[k] }
                            row[base + 16] = s.opacity
                        }
                    }
                    // T(Double) rounds to nearest, as Float(Double) does.
                    let offset = (i - range.lowerBound) * width
                    for k in 0..<width { ptrs[0][offset + k] = T(row[k]) }
                }
            }
        }
        return precision == .float ? make(Float.self) : make(Double.self)
    }
}
