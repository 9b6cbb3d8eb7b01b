import Foundation
import Testing
@testable import MotionKernel
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// `motionkernel merge` against hostile shard folders: summaries whose names leave `--out`,
/// FIFOs and links in place of files, counts and sizes far beyond what `batch` writes, and a
/// seeded fuzz of summaries and `.npy` headers. Every case ends in a refusal (exit 1) naming the
/// file, or in the unsharded run's bytes; nothing is ever written outside `--out`.
@Suite("merge: hostile input", .serialized)
struct MergeHostileInputTests {
    let t = MergeCommandTests()

    /// Shards 0 and 1 of 2 of the small spec in one folder, and the unsharded run.
    func twoShards() throws -> (parts: String, whole: String) {
        let spec = try writeSpec(MergeCommandTests.small)
        let whole = tempDir() + "/whole"
        #expect(t.batch(spec, whole) == 0)
        return (t.sharded(spec, n: 2, folders: 1)[0], whole)
    }

    func readObject(_ path: String) throws -> JSONObject { try t.summary(path) }

    func writeObject(_ o: JSONObject, _ path: String) throws {
        try JSONWriter.string(.object(o)).write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Every path under `dir` (recursively) with its bytes, except under `skip`.
    func snapshot(_ dir: String, skip: String) -> [String: [UInt8]] {
        var all: [String: [UInt8]] = [:]
        guard let e = FileManager.default.enumerator(atPath: dir) else { return all }
        while let rel = e.nextObject() as? String {
            let path = dir + "/" + rel
            if path == skip || path.hasPrefix(skip + "/") { continue }
            var st = stat()
            guard lstat(path, &st) == 0 else { continue }
            all[rel] = st.st_mode & S_IFMT == S_IFREG ? t.bytes(path) : []
        }
        return all
    }

    /// Expects the merge of `dirs` into `out` to exit 1 with every `needle` in the error of
    /// `collect` + `check`.
    func refused(_ dirs: [String], _ needles: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        t.refused(dirs, needles, sourceLocation: sourceLocation)
    }

    @Test(
        "a summary's job or output name that is not a batch name is refused: traversal, absolute, separators, NUL, overlong",
        arguments: [
            ("name", "../victim/pwn"), ("name", "/tmp/pwn"), ("name", ".."), ("name", "a/b"), ("name", "a\u{0}b"),
            ("name", String(repeating: "a", count: 101)), ("name", ""), ("name", "t.matrix"), ("output", "../../pwn"), ("output", "x/y"),
            ("output", "."),
        ])
    func badNames(_ field: String, _ value: String) throws {
        let (parts, _) = try twoShards()
        let base = (parts as NSString).deletingLastPathComponent
        // A victim folder beside --out, holding the shard files the forged summary points to.
        let victim = base + "/victim"
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
        for k in 0..<2 {
            let path = parts + "/summary.shard-\(k)-of-2.json"
            var o = try readObject(path)
            guard case .array(var jobs)? = o["jobs"], case .object(var job) = jobs[1] else { throw BatchFailure("no jobs") }
            let name = field == "name" ? value : "t", output = field == "output" ? value : "matrix"
            job["name"] = .string(name)
            job["outputs"] = .array([.string(output)])
            let file = "\(name).\(output).shard-\(k)-of-2.npy"
            job["files"] = .array([.string(file)])
            jobs[1] = .object(job)
            o["jobs"] = .array(jobs)
            try writeObject(o, path)
            // Place the data where the forged name points (when the name is a usable path).
            if !value.contains("\u{0}") && !value.hasPrefix("/") {
                let target = (parts as NSString).appendingPathComponent(file)
                try? FileManager.default.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try? FileManager.default.copyItem(atPath: parts + "/t.matrix.shard-\(k)-of-2.npy", toPath: target)
            }
        }
        let out = base + "/merged"
        let before = snapshot(base, skip: out)
        do {
            _ = try MergeCommand.check(try MergeCommand.collect([parts]))
            Issue.record("expected a refusal")
        } catch {
            for needle in ["\(parts)/summary.shard-0-of-2.json", field == "name" ? "jobs[1].name" : "jobs[1].outputs[0]", "is not a name batch writes"] {
                #expect("\(error)".contains(needle), "\(error)")
            }
        }
        #expect(MergeCommand.run([parts, "--out", out]) == 1)
        #expect(t.files(out).isEmpty)
        #expect(snapshot(base, skip: out) == before, "merge wrote outside --out")
        #expect(!FileManager.default.fileExists(atPath: victim + "/pwn.matrix.npy"))
    }

    @Test("two jobs of one name in a summary are refused (their merged files would collide)")
    func duplicateJobNames() throws {
        let (parts, _) = try twoShards()
        let path = parts + "/summary.shard-1-of-2.json"
        var o = try readObject(path)
        guard case .array(var jobs)? = o["jobs"], case .object(var job) = jobs[1] else { throw BatchFailure("no jobs") }
        job["name"] = .string("s")
        jobs[1] = .object(job)
        o["jobs"] = .array(jobs)
        try writeObject(o, path)
        refused([parts], [path, "jobs[1].name", "\"s\" is used twice"])
    }

    /// Runs `body` on its own thread and waits for it at most `seconds`; false when it did not
    /// return (a hang), after calling `unblock` so that the thread can finish.
    func finishes(within seconds: Int, unblock: () -> Void, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        if done.wait(timeout: .now() + .seconds(seconds)) == .success { return true }
        unblock()
        _ = done.wait(timeout: .now() + .seconds(seconds))
        return false
    }

    @Test("a FIFO in place of a shard .npy or summary is refused at once, naming it", arguments: ["t.matrix.shard-1-of-2.npy", "summary.shard-1-of-2.json"])
    func fifo(_ name: String) throws {
        let (parts, _) = try twoShards()
        let path = parts + "/" + name
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o644) == 0)
        let out = tempDir() + "/merged"
        let status = LockedBox(Int32(-1))
        // A hang would be the merge waiting in open(2) for a writer; opening the write end
        // (non-blocking) releases it so that the test can report instead of hanging.
        let unblock = {
            let fd = open(path, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
        }
        let merge: @Sendable () -> Void = {
            let s = MergeCommand.run([parts, "--out", out])
            status.withLock { $0 = s }
        }
        let returned = finishes(within: 60, unblock: unblock, merge)
        #expect(returned, "merge waited on the FIFO")
        guard returned else { return }
        #expect(status.withLock { $0 } == 1)
        do {
            _ = try MergeCommand.check(try MergeCommand.collect([parts]))
            Issue.record("expected a refusal")
        } catch {
            #expect("\(error)".contains(path), "\(error)")
            #expect("\(error)".contains("FIFO"), "\(error)")
        }
        #expect(t.files(out).isEmpty)
    }

    @Test("a symbolic link in place of a shard .npy or summary is refused, not followed", arguments: ["s.value.shard-0-of-2.npy", "summary.shard-0-of-2.json"])
    func symbolicLink(_ name: String) throws {
        let (parts, _) = try twoShards()
        let path = parts + "/" + name
        let elsewhere = tempDir() + "/" + name
        try FileManager.default.moveItem(atPath: path, toPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: elsewhere)
        refused([parts], [path, "symbolic link"])
    }

    @Test(
        "shard counts above 1,000,000 are refused before anything is sized by them",
        arguments: ["summary.shard-0-of-1000000000000.json", "summary.shard-5-of-1000001.json", "summary.shard-999999999999998-of-999999999999999.json"])
    func hugeShardCount(_ name: String) throws {
        let dir = tempDir()
        try "{}".write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        refused([dir], ["\(dir)/\(name)", "is not a shard (0 <= K < N <= 1000000)"])
    }

    @Test(
        "counts and sizes in a summary beyond batch's limits are refused, naming the field",
        arguments: [
            ("totalRows", JSONValue.number(1e15), "jobs[0].totalRows"),
            ("totalRows", .number(-1), "jobs[0].totalRows"),
            ("totalRows", .number(2.5), "jobs[0].totalRows"),
            ("totalRows", .string("10"), "jobs[0].totalRows"),
            ("shape", .array([.number(5), .number(1e12)]), "jobs[0].shape[1]"),
            ("shape", .array([.number(5), .number(1e300)]), "jobs[0].shape[1]"),
            ("rows", .array([.number(-5), .number(0)]), "jobs[0].rows[0]"),
            ("rows", .array([.number(5), .number(1e14)]), "jobs[0].rows[1]"),
            ("seconds", .number(1e300), "jobs[0].seconds"),
            ("seconds", .string("fast"), "jobs[0].seconds"),
            ("outputs", .array(Array(repeating: .string("value"), count: 1000)), "jobs[0].outputs"),
            ("axes", .array([.string(String(repeating: "x", count: 10_000))]), "jobs[0].axes[0]"),
            ("kind", .string("\u{1B}[2Jspring.batch"), "jobs[0].kind"),
            // A file name is printed with its control characters as "?".
            ("files", .array([.string("\u{1B}[2J"), .string("x")]), "jobs[0].files[0] is '?[2J'"),
        ])
    func hugeJobFields(_ key: String, _ value: JSONValue, _ field: String) throws {
        let (parts, _) = try twoShards()
        let path = parts + "/summary.shard-1-of-2.json"
        var o = try readObject(path)
        guard case .array(var jobs)? = o["jobs"], case .object(var job) = jobs[0] else { throw BatchFailure("no jobs") }
        job[key] = value
        jobs[0] = .object(job)
        o["jobs"] = .array(jobs)
        try writeObject(o, path)
        refused([parts], [path, field])
    }

    @Test("top-level fields beyond batch's limits are refused: job count, threads, shard fields, version, format")
    func hugeTopFields() throws {
        let cases: [(String, JSONValue, String)] = [
            ("jobs", .array(Array(repeating: .object(JSONObject()), count: BatchSpec.maxJobs + 1)), "jobs has 1001 jobs"),
            ("threads", .number(1e18), "threads"), ("threads", .number(0), "threads"), ("threads", .null, "threads"),
            ("shardCount", .number(1e12), "shardCount"), ("shardIndex", .number(-1), "shardIndex"),
            ("version", .string("1.0\u{1B}]0;pwn\u{07}"), "version"), ("version", .string(String(repeating: "9", count: 1000)), "version"),
            ("format", .string("npy\n"), "format"),
        ]
        for (key, value, needle) in cases {
            let (parts, _) = try twoShards()
            let path = parts + "/summary.shard-0-of-2.json"
            var o = try readObject(path)
            o[key] = value
            try writeObject(o, path)
            refused([parts], [path, needle])
        }
    }

    /// `b` (an `.npy` file of format 1.0) with its header's shape replaced by `shape`, the
    /// header padded again to a multiple of 64 bytes.
    static func withShape(_ b: [UInt8], _ shape: String) throws -> [UInt8] {
        let length = Int(b[8]) | Int(b[9]) << 8
        let dict = String(decoding: b[10..<(10 + length)], as: UTF8.self)
        guard let r = dict.range(of: #"'shape': \([^)]*\)"#, options: .regularExpression) else { throw BatchFailure("no shape") }
        var text = dict.replacingCharacters(in: r, with: "'shape': \(shape)").trimmingCharacters(in: .whitespacesAndNewlines)
        while (10 + text.utf8.count + 1) % 64 != 0 { text += " " }
        text += "\n"
        let n = text.utf8.count
        return Array(b[0..<8]) + [UInt8(n & 0xFF), UInt8(n >> 8)] + Array(text.utf8) + Array(b[(10 + length)...])
    }

    @Test(
        "an .npy header whose shape is huge, negative, not a number or of another rank is refused, naming the file",
        arguments: ["(999999999999999, 999999999999999)", "(-3, 16)", "(3e9, 16)", "(18446744073709551617, 16)", "(3, 16, 1, 1, 1)", "(+3, 16)"])
    func hugeHeaderShape(_ shape: String) throws {
        let (parts, _) = try twoShards()
        let path = parts + "/t.matrix.shard-1-of-2.npy"
        try Data(try Self.withShape(t.bytes(path), shape)).write(to: URL(fileURLWithPath: path))
        refused([parts], [path])
    }

    @Test("the merged summary has every field of the unsharded summary; threads and itemsPerSecond come from the shards")
    func mergedSummaryFields() throws {
        let spec = try writeSpec(MergeCommandTests.small)
        let whole = tempDir() + "/whole"
        #expect(t.batch(spec, whole, ["--threads", "3"]) == 0)
        // Shard k runs with 1 + k % 2 threads.
        let dirs = t.sharded(spec, n: 3, folders: 2)
        let out = tempDir() + "/merged"
        #expect(MergeCommand.run(dirs + ["--out", out]) == 0)
        let merged = try t.summary(out + "/summary.json"), reference = try t.summary(whole + "/summary.json")
        #expect(Set(merged.keys) == Set(reference.keys).union(["mergedShards"]))
        #expect(merged["threads"] == .number(2))
        guard case .array(let mj)? = merged["jobs"], case .array(let rj)? = reference["jobs"], mj.count == rj.count else {
            Issue.record("no jobs")
            return
        }
        // The shards' seconds per job, summed independently of merge.
        var shardSeconds = [Double](repeating: 0, count: mj.count)
        for k in 0..<3 {
            let s = try t.summary("\(dirs[k % 2])/summary.shard-\(k)-of-3.json")
            guard case .array(let jobs)? = s["jobs"] else { continue }
            for (j, v) in jobs.enumerated() { if case .object(let o) = v, case .number(let x)? = o["seconds"] { shardSeconds[j] += x } }
        }
        for (j, (m, r)) in zip(mj, rj).enumerated() {
            guard case .object(let a) = m, case .object(let b) = r else { continue }
            #expect(Set(a.keys) == Set(b.keys), "jobs[\(j)]")
            guard case .number(let seconds)? = a["seconds"], case .number(let rate)? = a["itemsPerSecond"],
                case .array(let shape)? = a["shape"], case .number(let rows) = shape[0], case .number(let columns) = shape[1],
                case .array(let outputs)? = a["outputs"]
            else {
                Issue.record("jobs[\(j)] lacks seconds, itemsPerSecond, shape or outputs")
                continue
            }
            // The sum of three doubles in the same order: merge and this loop add the same
            // numbers left to right, so they agree exactly.
            #expect(seconds == shardSeconds[j])
            #expect(rate == rows * columns * Double(outputs.count) / max(seconds, 1e-12))
        }
    }
}

/// A value behind a lock, for results handed back from another thread.
final class LockedBox<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ v: Value) { value = v }
    func withLock<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&value) } }
}
