import MotionKernel
import MotionKernelEval

/// One `summary.shard-K-of-N.json` that a sharded `motionkernel batch` run wrote, with what
/// `motionkernel merge` needs: the spec hash, the version, the format, the shard and, per job,
/// the dtype, trailing shape, row range and the file of each output.
struct ShardSummary {
    /// One job of the shard: its summary entry as `batch` wrote it.
    typealias Job = BatchSummary.Job

    /// The folder the summary is in.
    var folder: String
    /// The summary's path.
    var path: String
    var index: Int
    var count: Int
    var version: String
    var threads: Int
    var format: String
    var specSHA256: String
    var jobs: [Job]

    /// The largest summary read.
    static let maxBytes = 64 << 20
    /// The most outputs of one job (every kind has at most two).
    static let maxOutputs = 16
    /// The most axis labels of one job, and the longest label in bytes.
    static let maxAxes = 16
    static let maxAxisBytes = 256
    /// The longest version string, in bytes.
    static let maxVersionBytes = 64
    /// The most seconds one job of one shard may claim (about 31,700 years), so that the sum over
    /// every shard stays finite.
    static let maxSeconds = 1e12
    /// The most threads (as `batch --threads`).
    static let maxThreads = 64

    /// `(K, N)` of a file name `summary.shard-K-of-N.json`, or nil for any other name.
    static func shardOf(fileName name: String) -> (k: Int, n: Int)? {
        guard name.hasPrefix("summary.shard-"), name.hasSuffix(".json") else { return nil }
        let middle = name.dropFirst("summary.shard-".count).dropLast(".json".count)
        guard let r = middle.firstRange(of: "-of-"), let k = ShardEnvironment.decimal(middle[..<r.lowerBound]),
            let n = ShardEnvironment.decimal(middle[r.upperBound...])
        else { return nil }
        return (k, n)
    }

    /// Reads and checks the summary `name` in `folder`: a regular file (not a link, FIFO or
    /// device) of at most ``maxBytes``, whose every name, count and size is within what
    /// `batch` writes (job and output names as `BatchSpec.checkName`, at most
    /// `BatchSpec.maxJobs` jobs, rows and columns within `BatchSpec`'s limits), so that nothing
    /// read from it can name a path outside its folder or size an allocation.
    /// - Throws: `BatchFailure` naming the file and the field at fault.
    static func load(folder: String, name: String, shard: (k: Int, n: Int)) throws -> ShardSummary {
        let path = SafeFile.join(folder, name)
        let bytes: [UInt8]
        do { bytes = try SafeFile.readAll(path: path, what: "shard summary", limit: maxBytes, regularOnly: true) } catch {
            throw BatchFailure(error.description)
        }
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
        func whole(_ d: Double, in range: ClosedRange<Int>) -> Int? {
            guard d.isFinite, d == d.rounded(), d >= Double(range.lowerBound), d <= Double(range.upperBound) else { return nil }
            return Int(d)
        }
        func integer(_ o: JSONObject, _ key: String, _ field: String, in range: ClosedRange<Int>) throws -> Int {
            guard case .number(let d)? = o[key], let v = whole(d, in: range) else {
                throw bad(field, "is missing or not a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return v
        }
        func strings(_ o: JSONObject, _ key: String, _ field: String, max: Int) throws -> [String] {
            guard case .array(let a)? = o[key] else { throw bad(field, "is missing or not an array") }
            guard a.count <= max else { throw bad(field, "has \(a.count) entries; the limit is \(max)") }
            return try a.enumerated().map { i, v in
                guard case .string(let s) = v else { throw bad("\(field)[\(i)]", "is not a string") }
                return s
            }
        }
        func integers(_ o: JSONObject, _ key: String, _ field: String, _ ranges: [ClosedRange<Int>]) throws -> [Int] {
            guard case .array(let a)? = o[key], a.count == ranges.count else {
                throw bad(field, "is missing or not an array of \(ranges.count) numbers")
            }
            return try zip(a, ranges).enumerated().map { i, p in
                guard case .number(let d) = p.0, let v = whole(d, in: p.1) else {
                    throw bad("\(field)[\(i)]", "is not a whole number from \(p.1.lowerBound) to \(p.1.upperBound)")
                }
                return v
            }
        }
        /// A name that becomes part of a file name: as `batch` checks job names.
        func fileNamePart(_ s: String, _ field: String) throws -> String {
            do { try BatchSpec.checkName(s, field) } catch let e as MotionKernelError {
                throw bad(field, "is not a name batch writes (\(e.message))")
            }
            return s
        }
        let hash = (try? string(top, "specSHA256", "specSHA256")) ?? ""
        guard hash.utf8.count == 64, hash.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else {
            throw bad("specSHA256", "is missing or not 64 hex digits (a summary of an older motionkernel? rerun the shard)")
        }
        let index = try integer(top, "shardIndex", "shardIndex", in: 0...(ShardEnvironment.maxCount - 1))
        let count = try integer(top, "shardCount", "shardCount", in: 1...ShardEnvironment.maxCount)
        guard index == shard.k, count == shard.n else {
            throw bad("shardIndex/shardCount", "say shard \(index) of \(count), but the file name says \(shard.k) of \(shard.n)")
        }
        let version = try string(top, "version", "version")
        guard !version.isEmpty, version.utf8.count <= maxVersionBytes, version.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw bad("version", "is not a version (1 to \(maxVersionBytes) printable ASCII characters)")
        }
        let format = try string(top, "format", "format")
        guard ["npy", "csv", "json"].contains(format) else { throw bad("format", "is not \"npy\", \"csv\" or \"json\"") }
        let threads = try integer(top, "threads", "threads", in: 1...maxThreads)
        guard case .array(let jobValues)? = top["jobs"], !jobValues.isEmpty else { throw bad("jobs", "is missing or empty") }
        guard jobValues.count <= BatchSpec.maxJobs else { throw bad("jobs", "has \(jobValues.count) jobs; the limit is \(BatchSpec.maxJobs)") }
        var names = Set<String>()
        let jobs = try jobValues.enumerated().map { i, v -> Job in
            let f = "jobs[\(i)]"
            guard case .object(let o) = v else { throw bad(f, "is not an object") }
            let name = try fileNamePart(try string(o, "name", "\(f).name"), "\(f).name")
            guard names.insert(name).inserted else { throw bad("\(f).name", "\"\(name)\" is used twice") }
            let kind = try string(o, "kind", "\(f).kind")
            guard BatchSpec.kinds[kind] != nil else { throw bad("\(f).kind", "is not a kind batch knows") }
            let dtypeText = try string(o, "dtype", "\(f).dtype")
            guard let dtype = NPY.DType(rawValue: dtypeText) else { throw bad("\(f).dtype", "is not \"<f4\" or \"<f8\"") }
            let totalRows = try integer(o, "totalRows", "\(f).totalRows", in: 1...BatchSpec.maxRows)
            let shape = try integers(o, "shape", "\(f).shape", [0...totalRows, 1...BatchSpec.maxColumns])
            let rows = try integers(o, "rows", "\(f).rows", [0...totalRows, 0...totalRows])
            guard rows[0] <= rows[1], rows[1] - rows[0] == shape[0] else { throw bad("\(f).rows", "do not match \(f).shape") }
            guard (try? MotionKernelError.checkedCount([totalRows, shape[1]], limit: BatchSpec.maxNumbersPerOutput, f)) != nil else {
                throw bad("\(f).totalRows", "times the columns is above \(BatchSpec.maxNumbersPerOutput) numbers")
            }
            let outputs = try strings(o, "outputs", "\(f).outputs", max: maxOutputs).enumerated().map { j, s in
                try fileNamePart(s, "\(f).outputs[\(j)]")
            }
            guard Set(outputs).count == outputs.count else { throw bad("\(f).outputs", "name an output twice") }
            let files = try strings(o, "files", "\(f).files", max: maxOutputs)
            guard !outputs.isEmpty, outputs.count == files.count else { throw bad("\(f).outputs", "do not match \(f).files") }
            let axes = try strings(o, "axes", "\(f).axes", max: maxAxes)
            for (j, a) in axes.enumerated() where a.utf8.count > maxAxisBytes {
                throw bad("\(f).axes[\(j)]", "has \(a.utf8.count) bytes; the limit is \(maxAxisBytes)")
            }
            let seconds: Double
            switch o["seconds"] {
            case nil: seconds = 0
            case .number(let s)? where s.isFinite && s >= 0 && s <= maxSeconds: seconds = s
            default: throw bad("\(f).seconds", "is not a number of seconds from 0 to \(Int(maxSeconds))")
            }
            return Job(
                name: name, kind: kind, dtype: dtype, columns: shape[1], axes: axes, rows: rows[0]..<rows[1], totalRows: totalRows,
                seconds: seconds, outputs: outputs, files: files)
        }
        return ShardSummary(
            folder: folder, path: path, index: index, count: count, version: version, threads: threads, format: format, specSHA256: hash,
            jobs: jobs)
    }
}

extension BatchSummary.Job {
    /// Whether `other` is the same job in another shard (everything but rows, time and files).
    func sameJob(as other: Self) -> Bool {
        name == other.name && kind == other.kind && dtype == other.dtype && columns == other.columns && axes == other.axes
            && totalRows == other.totalRows && outputs == other.outputs
    }
}
