import MotionKernel
import MotionKernelEval

/// A run's summary (`summary.json`, `summary.shard-K-of-N.json` for a shard), as `batch` and
/// `merge` write it: the run's `version`, `threads` and `format`, the shard (`shard` [K, N]
/// for a shard only, `shardIndex`, `shardCount`), an entry per job (``Job``), the spec's hash
/// and, for a merge, `mergedShards`. `merge` reads shard summaries back into ``Job`` values
/// (`ShardSummary`).
enum BatchSummary {
    /// One job's entry: what the job is and which rows of it the run wrote to which files.
    struct Job: Equatable {
        var name: String
        var kind: String
        var dtype: NPY.DType
        var columns: Int
        var axes: [String]
        /// The rows written (a shard's range; `0..<totalRows` unsharded and merged).
        var rows: Range<Int>
        var totalRows: Int
        /// The compute time, in seconds.
        var seconds: Double
        var outputs: [String]
        /// One file name per output, in order.
        var files: [String]

        /// The numbers written: rows × columns × outputs.
        var numbers: Double { Double(rows.count) * Double(columns) * Double(outputs.count) }

        /// The numbers written per second of compute (`seconds` taken as at least 10⁻¹²).
        var itemsPerSecond: Double { numbers / max(seconds, 1e-12) }

        /// The entry's JSON object: `name`, `kind`, `dtype`, `shape` (rows × columns), `axes`,
        /// `rows` ([lo, hi]), `totalRows`, `seconds`, `itemsPerSecond`, `outputs`, `files`.
        var json: JSONValue {
            .object(
                JSONObject([
                    ("name", .string(name)), ("kind", .string(kind)), ("dtype", .string(dtype.rawValue)),
                    ("shape", .array([.number(Double(rows.count)), .number(Double(columns))])),
                    ("axes", .array(axes.map { .string($0) })),
                    ("rows", .array([.number(Double(rows.lowerBound)), .number(Double(rows.upperBound))])),
                    ("totalRows", .number(Double(totalRows))),
                    ("seconds", .number(seconds)), ("itemsPerSecond", .number(itemsPerSecond)),
                    ("outputs", .array(outputs.map { .string($0) })), ("files", .array(files.map { .string($0) })),
                ]))
        }
    }

    /// Writes the summary, one line of compact JSON, as the temporary file of `folder` that
    /// becomes `name` when the folder commits (``BatchOutputFolder/commit(summary:)``).
    /// - Parameters:
    ///   - shard: K and N of a sharded run (nil: unsharded, or a merge).
    ///   - mergedShards: the number of shards a merge joined (nil for a `batch` run).
    /// - Throws: `BatchFailure` when the file cannot be created or written.
    static func write(
        into folder: BatchOutputFolder, name: String, version: String, threads: Int, format: String, shard: (k: Int, n: Int)?, jobs: [Job],
        specSHA256: String, mergedShards: Int? = nil
    ) throws {
        var top = JSONObject()
        top["version"] = .string(version)
        top["threads"] = .number(Double(threads))
        top["format"] = .string(format)
        if let s = shard { top["shard"] = .array([.number(Double(s.k)), .number(Double(s.n))]) }
        top["shardIndex"] = .number(Double(shard?.k ?? 0))
        top["shardCount"] = .number(Double(shard?.n ?? 1))
        top["jobs"] = .array(jobs.map(\.json))
        top["specSHA256"] = .string(specSHA256)
        if let mergedShards { top["mergedShards"] = .number(Double(mergedShards)) }
        let file = try folder.createTemporary(final: name)
        defer { file.close() }
        try file.write(JSONWriter.string(.object(top)) + "\n")
    }
}
