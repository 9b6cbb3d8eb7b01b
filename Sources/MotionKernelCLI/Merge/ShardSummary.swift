import Foundation

/// One `summary.shard-K-of-N.json` that a sharded `motionkernel batch` run wrote, with what
/// `motionkernel merge` needs: the spec hash, the version, the format, the shard and, per job,
/// the dtype, trailing shape, row range and the file of each output.
struct ShardSummary {
    /// One job of the shard.
    struct Job: Equatable {
        var name: String
        var kind: String
        var dtype: NPY.DType
        var columns: Int
        var axes: [String]
        var rows: Range<Int>
        var totalRows: Int
        var seconds: Double
        var outputs: [String]
        var files: [String]

        /// Whether `other` is the same job in another shard (everything but rows and time).
        func sameJob(as other: Job) -> Bool {
            name == other.name && kind == other.kind && dtype == other.dtype && columns == other.columns && axes == other.axes
                && totalRows == other.totalRows && outputs == other.outputs
        }
    }

    /// The folder the summary is in.
    var folder: String
    /// The summary's path.
    var path: String
    var index: Int
    var count: Int
    var version: String
    var format: String
    var specSHA256: String
    var jobs: [Job]

    /// The largest summary read.
    static let maxBytes = 64 << 20

    /// `(K, N)` of a file name `summary.shard-K-of-N.json`, or nil for any other name.
    static func shardOf(fileName name: String) -> (k: Int, n: Int)? {
        guard name.hasPrefix("summary.shard-"), name.hasSuffix(".json") else { return nil }
        let middle = name.dropFirst("summary.shard-".count).dropLast(".json".count)
        guard let r = middle.range(of: "-of-"), let k = ShardEnvironment.decimal(middle[..<r.lowerBound]),
            let n = ShardEnvironment.decimal(middle[r.upperBound...])
        else { return nil }
        return (k, n)
    }

    /// Reads and checks the summary `name` in `folder`.
    /// - Throws: `BatchFailure` naming the file and the field at fault.
    static func load(folder: String, name: String, shard: (k: Int, n: Int)) throws -> ShardSummary {
        let path = (folder as NSString).appendingPathComponent(name)
        let bytes: [UInt8]
        do { bytes = try SafeFile.readAll(path: path, what: "shard summary", limit: maxBytes) } catch { throw BatchFailure(error.description) }
        let value: JSONValue
        do { value = try JSONParser.parse(String(decoding: bytes, as: UTF8.self)) } catch {
            throw BatchFailure("'\(path)' is not valid JSON: \(error.description)")
        }
        func bad(_ field: String, _ reason: String) -> BatchFailure { BatchFailure("'\(path)': \(field) \(reason)") }
        guard case .object(let top) = value else { throw bad("the summary", "is not a JSON object") }
        func string(_ o: JSONObject, _ key: String, _ field: String) throws -> String {
            guard case .string(let s)? = o[key] else { throw bad(field, "is missing or not a string") }
            return s
        }
        func integer(_ o: JSONObject, _ key: String, _ field: String) throws -> Int {
            guard case .number(let d)? = o[key], d >= 0, d <= Double(1 << 52), d == d.rounded() else {
                throw bad(field, "is missing or not a whole number")
            }
            return Int(d)
        }
        func strings(_ o: JSONObject, _ key: String, _ field: String) throws -> [String] {
            guard case .array(let a)? = o[key] else { throw bad(field, "is missing or not an array") }
            return try a.enumerated().map { i, v in
                guard case .string(let s) = v else { throw bad("\(field)[\(i)]", "is not a string") }
                return s
            }
        }
        func integers(_ o: JSONObject, _ key: String, _ field: String, count: Int) throws -> [Int] {
            guard case .array(let a)? = o[key], a.count == count else { throw bad(field, "is missing or not an array of \(count) numbers") }
            return try a.enumerated().map { i, v in
                guard case .number(let d) = v, d >= 0, d <= Double(1 << 52), d == d.rounded() else {
                    throw bad("\(field)[\(i)]", "is not a whole number")
                }
                return Int(d)
            }
        }
        let hash = (try? string(top, "specSHA256", "specSHA256")) ?? ""
        guard hash.utf8.count == 64, hash.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else {
            throw bad("specSHA256", "is missing or not 64 hex digits (a summary of an older motionkernel? rerun the shard)")
        }
        let index = try integer(top, "shardIndex", "shardIndex"), count = try integer(top, "shardCount", "shardCount")
        guard index == shard.k, count == shard.n else {
            throw bad("shardIndex/shardCount", "say shard \(index) of \(count), but the file name says \(shard.k) of \(shard.n)")
        }
        guard case .array(let jobValues)? = top["jobs"], !jobValues.isEmpty else { throw bad("jobs", "is missing or empty") }
        let jobs = try jobValues.enumerated().map { i, v -> Job in
            let f = "jobs[\(i)]"
            guard case .object(let o) = v else { throw bad(f, "is not an object") }
            let dtypeText = try string(o, "dtype", "\(f).dtype")
            guard let dtype = NPY.DType(rawValue: dtypeText) else { throw bad("\(f).dtype", "is \"\(dtypeText)\"; expected \"<f4\" or \"<f8\"") }
            let shape = try integers(o, "shape", "\(f).shape", count: 2)
            let rows = try integers(o, "rows", "\(f).rows", count: 2)
            guard rows[0] <= rows[1], rows[1] - rows[0] == shape[0] else { throw bad("\(f).rows", "do not match \(f).shape") }
            let outputs = try strings(o, "outputs", "\(f).outputs"), files = try strings(o, "files", "\(f).files")
            guard !outputs.isEmpty, outputs.count == files.count else { throw bad("\(f).outputs", "do not match \(f).files") }
            let seconds: Double
            if case .number(let s)? = o["seconds"], s.isFinite, s >= 0 { seconds = s } else { seconds = 0 }
            return Job(
                name: try string(o, "name", "\(f).name"), kind: try string(o, "kind", "\(f).kind"), dtype: dtype, columns: shape[1],
                axes: try strings(o, "axes", "\(f).axes"), rows: rows[0]..<rows[1], totalRows: try integer(o, "totalRows", "\(f).totalRows"),
                seconds: seconds, outputs: outputs, files: files)
        }
        return ShardSummary(
            folder: folder, path: path, index: index, count: count, version: try string(top, "version", "version"),
            format: try string(top, "format", "format"), specSHA256: hash, jobs: jobs)
    }
}
