import Foundation
import Testing
@testable import MotionKernel
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// A seeded fuzz of `motionkernel merge`: shard summaries and `.npy` headers mutated at random
/// (fields replaced by huge, negative, fractional, wrongly typed values or traversal names,
/// fields removed, files truncated, bytes changed). Each merge must return (no trap or hang),
/// exit 1 with nothing in `--out`, or exit 0 with the unsharded run's bytes, and never change
/// anything outside `--out`.
@Suite("merge: fuzzed shards", .serialized)
struct MergeFuzzTests {
    let h = MergeHostileInputTests()

    static let names = [
        "../x", "../../victim/pwn", "/etc/passwd", "/tmp/pwn", "..", ".", "a/b", "a\u{0}b", String(repeating: "a", count: 300), "",
        "t", "s", "value", "velocity", "matrix", "npy", "csv", "<f8", "<f4", "spring.batch", "summary", "s.value.shard-0-of-2.npy",
        "../s.value.shard-0-of-2.npy",
    ]
    static let numbers: [Double] = [
        0, 1, 2, 5, 10, 16, 64, 65, 1_000, 1_001, 999_999, 1_000_000, 1_000_001, 0x1p40, 0x1p40 + 1, 0x1p52, 0x1p53, 0x1p63, 1e15, 1e18, 1e300,
        -1, -0x1p63, 0.5, 2.5, 1e-300,
    ]

    static func hostile(_ r: inout SplitMix64) -> JSONValue {
        switch r.next() % 10 {
        case 0, 1: return .number(numbers[Int(r.next() % UInt64(numbers.count))])
        case 2: return .number(Double(Int64(bitPattern: r.next()) >> Int(r.next() % 64)))
        case 3, 4: return .string(names[Int(r.next() % UInt64(names.count))])
        case 5: return .bool(r.next() % 2 == 0)
        case 6: return .null
        case 7: return .array((0..<(r.next() % 4)).map { _ in .number(numbers[Int(r.next() % UInt64(numbers.count))]) })
        case 8: return .array((0..<(r.next() % 3)).map { _ in .string(names[Int(r.next() % UInt64(names.count))]) })
        default: return .object(JSONObject())
        }
    }

    /// Replaces (or removes) one field of the object, at the top or in one job, or one element
    /// of an array field.
    static func mutate(_ top: inout JSONObject, _ r: inout SplitMix64) {
        func change(_ o: inout JSONObject) {
            let keys = o.keys + ["extra"]
            let key = keys[Int(r.next() % UInt64(keys.count))]
            if r.next() % 6 == 0 {
                o[key] = nil
            } else if case .array(var a)? = o[key], !a.isEmpty, r.next() % 2 == 0 {
                a[Int(r.next() % UInt64(a.count))] = hostile(&r)
                o[key] = .array(a)
            } else {
                o[key] = hostile(&r)
            }
        }
        if r.next() % 3 == 0 {
            change(&top)
        } else if case .array(var jobs)? = top["jobs"], !jobs.isEmpty {
            let j = Int(r.next() % UInt64(jobs.count))
            if case .object(var job) = jobs[j] {
                change(&job)
                jobs[j] = .object(job)
            }
            top["jobs"] = .array(jobs)
        }
    }

    static let shapes = [
        "(999999999999999, 16)", "(-1, 16)", "(1e3, 16)", "(18446744073709551617, 16)", "()", "(5,)", "(5, 16, 2)", "(0, 16)",
        "(5, 0)", "(5, 16", "(+5, 16)", "( 5 , 16 )", "(1099511627776, 10000000)",
    ]

    /// One random change of a shard's `.npy` file (never of its data: a changed number is data
    /// merge copies faithfully, not an error).
    static func mutateNPY(_ b: inout [UInt8], _ r: inout SplitMix64) {
        let header = 10 + (Int(b[8]) | Int(b[9]) << 8)
        // A file already cut inside its header (or whose length field was changed) gets more bytes.
        guard b.count >= header else {
            b += [UInt8](repeating: 0x20, count: Int(r.next() % 64))
            return
        }
        switch r.next() % 5 {
        case 0: b = (try? MergeHostileInputTests.withShape(b, shapes[Int(r.next() % UInt64(shapes.count))])) ?? b
        case 1: b[Int(r.next() % UInt64(header))] = UInt8(truncatingIfNeeded: r.next())
        case 2: b.removeLast(1 + Int(r.next() % UInt64(b.count)))
        case 3: b += (0..<(1 + r.next() % 64)).map { _ in UInt8(truncatingIfNeeded: r.next()) }
        default:
            let text = String(decoding: b.prefix(header), as: UTF8.self)
            let swaps = [("'<f8'", "'<f4'"), ("'<f4'", "'<f8'"), ("False", "True "), ("'<f", "'>f"), ("'descr'", "'descx'")]
            let (from, to) = swaps[Int(r.next() % UInt64(swaps.count))]
            b.replaceSubrange(0..<header, with: Array(text.replacingOccurrences(of: from, with: to).utf8))
        }
    }

    /// Gives job `j` the name `name` in every shard's summary, with the file names that go
    /// with it, and puts each shard's data where those names point when that is a path inside
    /// `base` (so that only merge's own checks stand between the name and a write outside
    /// `--out`).
    static func rename(job j: Int, to name: String, parts: String, base: String) throws {
        let h = MergeHostileInputTests()
        for k in 0..<2 {
            let path = parts + "/summary.shard-\(k)-of-2.json"
            guard case .object(var o)? = try? JSONParser.parse(String(decoding: h.t.bytes(path), as: UTF8.self)),
                case .array(var jobs)? = o["jobs"], j < jobs.count, case .object(var job) = jobs[j],
                case .string(let old)? = job["name"], case .array(let outputs)? = job["outputs"]
            else { continue }
            let names = outputs.compactMap { v -> String? in if case .string(let s) = v { return s } else { return nil } }
            job["name"] = .string(name)
            job["files"] = .array(names.map { .string("\(name).\($0).shard-\(k)-of-2.npy") })
            jobs[j] = .object(job)
            o["jobs"] = .array(jobs)
            try h.writeObject(o, path)
            for output in names where !name.contains("\u{0}") {
                let target = ((parts + "/\(name).\(output).shard-\(k)-of-2.npy") as NSString).standardizingPath
                guard target.hasPrefix(base + "/") else { continue }
                try? FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try? FileManager.default.copyItem(atPath: parts + "/\(old).\(output).shard-\(k)-of-2.npy", toPath: target)
            }
        }
    }

    @Test("mutated summaries and .npy files: a refusal naming nothing outside --out, or the unsharded bytes")
    func fuzz() throws {
        let (pristine, whole) = try h.twoShards()
        // The unsharded bytes by job and output index (a job may be renamed in every shard).
        let reference = [["s.value.npy", "s.velocity.npy"], ["t.matrix.npy"]].map { $0.map { h.t.bytes(whole + "/" + $0) } }
        let shardFiles = try FileManager.default.contentsOfDirectory(atPath: pristine).filter { $0.hasSuffix(".npy") }.sorted()
        #expect(shardFiles.count == 6)
        var r = SplitMix64(seed: 0xF0_22ED)
        var merged = 0, refused = 0
        for round in 0..<240 {
            // Two levels below base, so that a name climbing out of --out lands inside the
            // snapshot.
            let base = tempDir()
            let parts = base + "/x/y/parts", out = base + "/x/y/out"
            try FileManager.default.createDirectory(atPath: base + "/x/y", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: pristine, toPath: parts)
            for _ in 0..<(1 + r.next() % 3) {
                let k = Int(r.next() % 2)
                let summary = parts + "/summary.shard-\(k)-of-2.json"
                switch r.next() % 7 {
                case 6:
                    // The same hostile name in every shard, files and data to match.
                    try Self.rename(job: Int(r.next() % 2), to: Self.names[Int(r.next() % UInt64(Self.names.count))], parts: parts, base: base)
                case 0, 1, 2:
                    guard case .object(var o)? = try? JSONParser.parse(String(decoding: h.t.bytes(summary), as: UTF8.self)) else { continue }
                    Self.mutate(&o, &r)
                    try h.writeObject(o, summary)
                case 3:
                    let b = h.t.bytes(summary)
                    try Data(b.prefix(Int(r.next() % UInt64(b.count + 1)))).write(to: URL(fileURLWithPath: summary))
                default:
                    let path = parts + "/" + shardFiles[Int(r.next() % UInt64(shardFiles.count))]
                    var b = h.t.bytes(path)
                    guard b.count > 10 else { continue }
                    Self.mutateNPY(&b, &r)
                    try Data(b).write(to: URL(fileURLWithPath: path))
                }
            }
            let before = h.snapshot(base, skip: out)
            let status = MergeCommand.run([parts, "--out", out])
            #expect(h.snapshot(base, skip: out) == before, "round \(round): merge changed something outside --out")
            if status == 0 {
                merged += 1
                let summary = try h.t.summary(out + "/summary.json")
                guard case .array(let jobs)? = summary["jobs"], jobs.count == reference.count else {
                    Issue.record("round \(round): the merged summary has no jobs or another count")
                    continue
                }
                var names = ["summary.json"]
                for (j, v) in jobs.enumerated() {
                    guard case .object(let job) = v, case .string(let name)? = job["name"], case .array(let files)? = job["files"],
                        case .array(let outs)? = job["outputs"], files.count == reference[j].count, outs.count == files.count
                    else {
                        Issue.record("round \(round): jobs[\(j)] is not as batch writes it")
                        continue
                    }
                    for (o, (file, output)) in zip(files, outs).enumerated() {
                        guard case .string(let f) = file, case .string(let outputName) = output else { continue }
                        #expect(f == "\(name).\(outputName).npy" && (try? BatchSpec.checkName(name, "")) != nil, "round \(round): \(f)")
                        names.append(f)
                        #expect(h.t.bytes(out + "/" + f) == reference[j][o], "round \(round): \(f) differs from the unsharded run")
                    }
                }
                #expect(h.t.files(out) == names.sorted(), "round \(round)")
            } else {
                refused += 1
                #expect(status == 1, "round \(round)")
                #expect(h.t.files(out).isEmpty, "round \(round): \(h.t.files(out))")
            }
            try? FileManager.default.removeItem(atPath: base)
        }
        // Both outcomes occur: harmless mutations (seconds, padding, an extra field) merge.
        #expect(merged > 0 && refused > 100, "merged \(merged), refused \(refused)")
    }
}
