import Foundation
import Testing
@testable import MotionKernel
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// `motionkernel merge`: the unsharded bytes from shards spread over several folders, and
/// every refusal (missing, duplicated, foreign, mismatched, truncated shards) before anything
/// is written.
@Suite("merge command", .serialized)
struct MergeCommandTests {
    /// Job `s` (10 springs at 7 times, both outputs) and job `t` (11 Float transforms).
    static let small =
        #"{"jobs": [\#(springsJob(count: 10, times: 7)),"#
        + #"{"name": "t", "kind": "transform.build", "precision": "float", "count": 11, "rotation": {"linspace": [0, 1]}}]}"#

    func batch(_ spec: String, _ out: String, _ args: [String] = []) -> Int32 {
        BatchCommand.run([spec, "--out", out] + args, environment: [:])
    }

    func bytes(_ path: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }

    func files(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    func summary(_ path: String) throws -> JSONObject {
        guard case .object(let o) = try JSONParser.parse(String(contentsOfFile: path, encoding: .utf8)) else { throw BatchFailure("not an object") }
        return o
    }

    /// Shard k of n of `spec` goes to folder k mod `folders`.
    func sharded(_ spec: String, n: Int, folders: Int, _ args: [String] = []) -> [String] {
        let base = tempDir()
        let dirs = (0..<min(n, folders)).map { "\(base)/part\($0)" }
        for k in 0..<n {
            #expect(batch(spec, dirs[k % dirs.count], ["--shard", "\(k)/\(n)", "--threads", "\(1 + k % 2)"] + args) == 0)
        }
        return dirs
    }

    @Test("merged shards are the unsharded run's bytes: 1, 3 and 7 shards over several folders", arguments: [(1, 1), (3, 2), (7, 3)])
    func sameBytes(_ n: Int, _ folders: Int) throws {
        let spec = try writeSpec(BatchRobustnessTests.everyKind)
        let whole = tempDir() + "/whole"
        #expect(batch(spec, whole) == 0)
        let dirs = sharded(spec, n: n, folders: folders, ["--chunk-numbers", "777"])
        let out = tempDir() + "/merged"
        #expect(MergeCommand.run(dirs.reversed() + ["--out", out]) == 0)
        let names = files(whole).filter { $0.hasSuffix(".npy") }
        #expect(names.count == 18)
        #expect(files(out) == files(whole))
        for name in names {
            let same = bytes("\(out)/\(name)") == bytes("\(whole)/\(name)")
            #expect(same, "\(name) from \(n) shards")
        }
        let merged = try summary(out + "/summary.json"), reference = try summary(whole + "/summary.json")
        #expect(merged["specSHA256"] == reference["specSHA256"])
        #expect(merged["shardCount"] == .number(1) && merged["mergedShards"] == .number(Double(n)))
        guard case .array(let mj)? = merged["jobs"], case .array(let rj)? = reference["jobs"] else {
            Issue.record("no jobs")
            return
        }
        #expect(mj.count == rj.count)
        for (m, r) in zip(mj, rj) {
            guard case .object(let a) = m, case .object(let b) = r else { continue }
            for key in ["name", "kind", "dtype", "shape", "axes", "rows", "totalRows", "outputs", "files"] {
                #expect(a[key] == b[key], "\(key)")
            }
        }
    }

    @Test("without --out the merge goes into the first folder, next to the shards; specs that differ only in layout merge")
    func defaultOut() throws {
        let spec = try writeSpec(MergeCommandTests.small)
        let relaid = try writeSpec(
            MergeCommandTests.small.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: #""count": 10"#, with: #""count": 1e1"#))
        let whole = tempDir() + "/whole"
        #expect(batch(spec, whole) == 0)
        let dir = tempDir() + "/parts"
        #expect(batch(spec, dir, ["--shard", "0/2"]) == 0)
        #expect(batch(relaid, dir, ["--shard", "1/2"]) == 0)
        #expect(MergeCommand.run([dir]) == 0)
        for name in ["s.value.npy", "s.velocity.npy", "t.matrix.npy"] {
            #expect(bytes("\(dir)/\(name)") == bytes("\(whole)/\(name)"), "\(name)")
        }
    }

    /// Expects `collect` + `check` to refuse with a message containing every `needle`, and
    /// `run` to exit 1 leaving `--out` without outputs or temporary files.
    func refused(_ dirs: [String], _ needles: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try MergeCommand.check(try MergeCommand.collect(dirs))
            Issue.record("expected a refusal", sourceLocation: sourceLocation)
        } catch {
            for n in needles { #expect("\(error)".contains(n), "\(error)", sourceLocation: sourceLocation) }
        }
        let out = tempDir() + "/merged"
        #expect(MergeCommand.run(dirs + ["--out", out]) == 1, sourceLocation: sourceLocation)
        #expect(files(out).isEmpty, "\(files(out))", sourceLocation: sourceLocation)
    }

    @Test("missing, duplicated and foreign shards are refused, naming the file")
    func refusedShards() throws {
        let spec = try writeSpec(MergeCommandTests.small)
        let a = sharded(spec, n: 3, folders: 1)[0]
        // Shard 1 of 3 missing.
        let gap = tempDir()
        for k in [0, 2] { #expect(batch(spec, gap, ["--shard", "\(k)/3"]) == 0) }
        refused([gap], ["missing shard(s) 1 of 3", "summary.shard-1-of-3.json"])
        // Shard 1 of 3 twice, in two folders.
        let again = tempDir()
        #expect(batch(spec, again, ["--shard", "1/3"]) == 0)
        refused([a, again], ["shard 1 of 3 is there twice", "\(a)/summary.shard-1-of-3.json", "\(again)/summary.shard-1-of-3.json"])
        // The same folder twice.
        refused([a, a + "/"], ["is given twice"])
        // A shard of another count.
        let other = tempDir()
        #expect(batch(spec, other, ["--shard", "1/2"]) == 0)
        refused([gap, other], ["summary.shard-1-of-2.json' is a shard of 2", "a shard of 3"])
        // A shard of another spec (another seed).
        let foreign = tempDir()
        let spec2 = try writeSpec(MergeCommandTests.small.replacingOccurrences(of: #""seed": 9"#, with: #""seed": 10"#))
        #expect(batch(spec2, foreign, ["--shard", "1/3"]) == 0)
        refused([gap, foreign], ["\(foreign)/summary.shard-1-of-3.json' is a shard of a different spec"])
        // CSV shards.
        let csv = tempDir()
        for k in 0..<2 { #expect(batch(spec, csv, ["--shard", "\(k)/2", "--format", "csv"]) == 0) }
        refused([csv], ["--format csv", "merge joins .npy shards only"])
        // A folder without shards, and an unsharded run's folder.
        refused([tempDir()], ["holds no shard summary"])
        let whole = tempDir()
        #expect(batch(spec, whole) == 0)
        refused([whole], ["holds no shard summary"])
        // A shard whose data file is gone.
        let lost = sharded(spec, n: 2, folders: 1)[0]
        try FileManager.default.removeItem(atPath: lost + "/t.matrix.shard-1-of-2.npy")
        refused([lost], ["missing file '\(lost)/t.matrix.shard-1-of-2.npy'"])
    }

    @Test("truncated or overlong files, another dtype or shape, and edited summaries are refused, naming the file")
    func refusedFiles() throws {
        let spec = try writeSpec(MergeCommandTests.small)
        func fresh() -> String { sharded(spec, n: 3, folders: 1)[0] }
        // One byte short, and one byte too many.
        for delta in [-1, 1] {
            let dir = fresh()
            let path = dir + "/s.velocity.shard-2-of-3.npy"
            var b = bytes(path)
            if delta < 0 { b.removeLast() } else { b.append(0) }
            try Data(b).write(to: URL(fileURLWithPath: path))
            refused([dir], [path, delta < 0 ? "is truncated" : "is longer than its header says"])
        }
        // Cut inside the header.
        do {
            let dir = fresh()
            let path = dir + "/s.value.shard-0-of-3.npy"
            try Data(bytes(path).prefix(40)).write(to: URL(fileURLWithPath: path))
            refused([dir], [path, "truncated inside its .npy header"])
        }
        // The right size but Float data where the summary says Double (half the columns), and
        // another trailing shape in the header: shard 1 of 3 of s (10 rows × 14) and t (11 × 16).
        let floats: [(file: String, totalRows: Int, shape: (Int) -> [Int], reason: (Int) -> String)] = [
            ("s.value", 10, { [$0, 14] }, { _ in "holds <f4 numbers; its summary says <f8" }),
            ("t.matrix", 11, { [2 * $0, 8] }, { "has shape (\(2 * $0), 8); its summary says (\($0), 16)" }),
        ]
        for f in floats {
            let dir = fresh()
            let path = dir + "/\(f.file).shard-1-of-3.npy"
            let rows = BatchCommand.shardRange(rows: f.totalRows, k: 1, n: 3).count
            let shape = f.shape(rows)
            var values = [Float](repeating: 1, count: shape[0] * shape[1])
            let data = values.withUnsafeMutableBufferPointer { NPY.encode(UnsafeBufferPointer($0), shape: shape) }
            try Data(data).write(to: URL(fileURLWithPath: path))
            refused([dir], [path, f.reason(rows)])
        }
        // A summary edited to another dtype or trailing shape than the first shard's.
        for (from, to) in [(#""dtype":"<f4""#, #""dtype":"<f8""#), (#""shape":[4,16]"#, #""shape":[4,15]"#)] {
            let dir = fresh()
            let path = dir + "/summary.shard-2-of-3.json"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains(from), "\(text)")
            try text.replacingOccurrences(of: from, with: to).write(toFile: path, atomically: true, encoding: .utf8)
            refused([dir], [path, "jobs[1] (t: ", "differs from"])
        }
        // A summary whose file list points elsewhere.
        do {
            let dir = fresh()
            let path = dir + "/summary.shard-0-of-3.json"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try text.replacingOccurrences(of: "t.matrix.shard-0-of-3.npy", with: "../t.matrix.npy").write(toFile: path, atomically: true, encoding: .utf8)
            refused([dir], [path, "expected 't.matrix.shard-0-of-3.npy'"])
        }
        // A summary without a spec hash (an older motionkernel).
        do {
            let dir = fresh()
            let path = dir + "/summary.shard-1-of-3.json"
            guard case .object(var o) = try JSONParser.parse(String(contentsOfFile: path, encoding: .utf8)) else { return }
            o["specSHA256"] = nil
            try JSONWriter.string(.object(o)).write(toFile: path, atomically: true, encoding: .utf8)
            refused([dir], [path, "specSHA256 is missing"])
        }
    }

    @Test("a failed write leaves nothing: outputs into a folder whose final name is taken by a folder")
    func allOrNothing() throws {
        let spec = try writeSpec(MergeCommandTests.small)
        let dir = sharded(spec, n: 2, folders: 1)[0]
        let out = tempDir() + "/merged"
        try FileManager.default.createDirectory(atPath: out + "/t.matrix.npy", withIntermediateDirectories: true)
        #expect(MergeCommand.run([dir, "--out", out]) == 1)
        #expect(files(out) == ["t.matrix.npy"])
    }

    @Test("usage errors exit 64")
    func usage() {
        #expect(MergeCommand.run([]) == 64)
        #expect(MergeCommand.run(["--out"]) == 64)
        #expect(MergeCommand.run(["a", "--bogus"]) == 64)
        #expect(MotionKernelCommand.main(["merge"]) == 64)
    }
}
