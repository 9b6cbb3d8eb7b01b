import Foundation
import Testing
@testable import MotionKernel
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// Batch runs: the same bytes for any thread count, chunk size and shard split; all-or-nothing
/// writes that never follow a planted link; every limit checked before work.
@Suite("batch robustness", .serialized)
struct BatchRobustnessTests {
    /// One job of every kind, each with more rows than one chunk of the small chunk sizes used
    /// below, so chunk boundaries fall inside every job.
    static let everyKind = #"""
        {"jobs": [
          {"name": "sb", "kind": "spring.batch", "precision": "float", "count": 203, "seed": 3,
           "spring": {"stiffness": {"uniform": [20, 900]}, "dampingRatio": {"uniform": [0.05, 3]}},
           "from": {"uniform": [-2, 2]}, "to": {"linspace": [0, 1]}, "velocity": {"uniform": [-8, 8]},
           "times": {"start": 0, "step": 0.0125, "count": 37}, "outputs": ["value", "velocity"]},
          {"name": "sbd", "kind": "spring.batch", "count": 101, "seed": 4,
           "spring": {"response": {"uniform": [0.2, 1.2]}, "dampingRatio": {"uniform": [0.3, 1.5]}},
           "from": 1, "to": 0, "times": [0, 0.01, 0.3, 0.31, 2.5]},
          {"name": "ss", "kind": "spring.shared", "precision": "float", "count": 157, "seed": 5,
           "spring": {"stiffness": 300, "dampingRatio": 0.45}, "from": {"uniform": [-1, 1]}, "to": 2,
           "relativeVelocity": {"uniform": [-3, 3]}, "times": {"fps": 60, "duration": 0.5}, "outputs": ["value", "velocity"]},
          {"name": "ssd", "kind": "spring.shared", "count": 131, "seed": 6,
           "spring": {"duration": 0.4, "bounce": 0.2}, "to": {"uniform": [0, 5]}, "times": {"fps": 30, "duration": 1}},
          {"name": "tb", "kind": "transform.build", "precision": "float", "count": 149, "seed": 7,
           "translationX": {"linspace": [0, 390]}, "translationY": {"uniform": [0, 844]},
           "rotation": {"uniform": [-3.2, 3.2]}, "scale": {"uniform": [0.5, 2]}},
          {"name": "tbd", "kind": "transform.build", "count": 97, "seed": 8,
           "rotation": {"uniform": [-10, 10]}, "scaleX": {"uniform": [-2, 2]}, "scaleY": 3, "translationZ": 1},
          {"name": "ta", "kind": "transform.apply", "precision": "float", "count": 211, "seed": 9,
           "transform": {"operations": [{"rotate": 0.3}, {"perspective": 800}, {"translate": [4, 5, 6]}]},
           "x": {"uniform": [-100, 100]}, "y": {"uniform": [-100, 100]}, "z": {"uniform": [-10, 10]}},
          {"name": "scg", "kind": "spline.channels", "precision": "float", "channels": 173, "seed": 10,
           "spline": {"kind": "cubic", "boundary": "natural"}, "x": {"linspace": [0, 1], "count": 16},
           "values": {"uniform": [-100, 100]}, "times": {"fps": 120, "duration": 1}, "path": "gemm"},
          {"name": "scd", "kind": "spline.channels", "channels": 89, "seed": 11,
           "spline": {"kind": "kochanekBartels", "tension": 0.3}, "x": [0, 0.1, 0.5, 0.55, 1],
           "values": {"uniform": [-1, 1]}, "times": {"start": 0, "step": 0.01, "count": 101}, "path": "direct"},
          {"name": "sca", "kind": "spline.channels", "precision": "float", "channels": 120, "seed": 12,
           "spline": {"kind": "catmullRom"}, "x": {"linspace": [0, 2], "count": 9},
           "values": {"uniform": [0, 10]}, "times": {"fps": 50, "duration": 2}},
          {"name": "kf", "kind": "keyframes.channels", "precision": "float", "channels": 111, "seed": 13, "keys": 6,
           "keyframes": {"calculationMode": "cubic"}, "values": {"uniform": [-5, 5]}, "times": {"fps": 100, "duration": 1}},
          {"name": "kfp", "kind": "keyframes.channels", "channels": 61, "seed": 14, "keys": 5,
           "keyframes": {"calculationMode": "paced"}, "values": {"uniform": [-5, 5]}, "times": {"fps": 40, "duration": 1}},
          {"name": "po", "kind": "preset.objects", "precision": "float", "preset": "wiggle", "count": 23, "seed": 15,
           "options": {"delay": {"uniform": [0, 0.5]}}, "times": {"fps": 20, "duration": 2}},
          {"name": "db", "kind": "decay.batch", "count": 143, "seed": 16,
           "decay": {"model": "androidFling", "density": {"uniform": [1, 3]}}, "from": {"uniform": [-10, 10]},
           "velocity": {"uniform": [-6000, 6000]}, "times": {"fps": 60, "duration": 1}, "outputs": ["value", "velocity"]},
          {"name": "dbi", "kind": "decay.batch", "precision": "float", "count": 97, "seed": 17,
           "decay": {"model": "motionInertia", "max": 120, "timeConstant": {"uniform": [0.2, 0.5]}},
           "velocity": {"uniform": [-500, 2500]}, "times": [0, 0.1, 0.35, 1, 2.5]}
        ]}
        """#

    struct Run {
        var status: Int32
        var out: String
    }

    func run(_ args: [String], spec: String = BatchRobustnessTests.everyKind, out: String? = nil) throws -> Run {
        let dir = tempDir()
        let specPath = dir + "/spec.json"
        try spec.write(toFile: specPath, atomically: true, encoding: .utf8)
        let outDir = out ?? dir + "/out"
        return Run(status: BatchCommand.run([specPath, "--out", outDir] + args), out: outDir)
    }

    func bytes(_ path: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }

    func outputFiles(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".npy") && !$0.contains(".shard-") }.sorted()
    }

    @Test("every kind gives the same bytes for threads 1, 2, 3 and 7 and for any chunk size")
    func threadsAndChunks() throws {
        let reference = try run(["--threads", "1"])
        #expect(reference.status == 0)
        let names = outputFiles(reference.out)
        #expect(names.count == 18)
        for args in [
            ["--threads", "2"], ["--threads", "3"], ["--threads", "7"], ["--chunk-numbers", "64"],
            ["--chunk-numbers", "500", "--threads", "2"], ["--chunk-numbers", "4097", "--threads", "3"],
        ] {
            let other = try run(args)
            #expect(other.status == 0)
            #expect(outputFiles(other.out) == names)
            for name in names {
                let same = bytes("\(other.out)/\(name)") == bytes("\(reference.out)/\(name)")
                #expect(same, "\(name) with \(args)")
            }
        }
    }

    @Test("shards 1, 3 and 7 concatenate to exactly the unsharded bytes", arguments: [1, 3, 7])
    func shards(_ n: Int) throws {
        let whole = try run([])
        #expect(whole.status == 0)
        for name in outputFiles(whole.out) {
            let full = try readNPY("\(whole.out)/\(name)")
            var values: [Double] = []
            var rows = 0
            for k in 0..<n {
                let part = try run(["--shard", "\(k)/\(n)", "--chunk-numbers", "777", "--threads", "\(1 + k % 3)"])
                #expect(part.status == 0)
                let stem = String(name.dropLast(4))
                let a = try readNPY("\(part.out)/\(stem).shard-\(k)-of-\(n).npy")
                #expect(a.dtype == full.dtype && a.shape.count == 2 && a.shape[1] == full.shape[1])
                values += a.values
                rows += a.shape[0]
            }
            #expect(rows == full.shape[0], "\(name)")
            // Bit patterns, so that -0 and NaN could not hide a difference.
            let same = values.map(\.bitPattern) == full.values.map(\.bitPattern)
            #expect(same, "\(name) in \(n) shards")
        }
    }

    @Test("CSV and JSON are streamed in chunks and hold the .npy's numbers")
    func textFormats() throws {
        let spec =
            #"{"jobs": [{"name": "s", "kind": "spring.batch", "count": 45, "spring": {"stiffness": {"uniform": [10, 100]}, "damping": 2}, "times": {"start": 0, "step": 0.1, "count": 7}}]}"#
        let npy = try run([], spec: spec)
        let csv = try run(["--format", "csv", "--chunk-numbers", "20"], spec: spec)
        let json = try run(["--format", "json", "--chunk-numbers", "13"], spec: spec)
        #expect(npy.status == 0 && csv.status == 0 && json.status == 0)
        let ref = try readNPY(npy.out + "/s.value.npy")
        let lines = try String(contentsOfFile: csv.out + "/s.value.csv", encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 45)
        let csvValues = lines.flatMap { $0.split(separator: ",").map { Double(String($0))! } }
        #expect(csvValues == ref.values)
        let parsed = try JSONParser.parse(String(contentsOfFile: json.out + "/s.value.json", encoding: .utf8))
        guard case .object(let o) = parsed, case .array(let data)? = o["data"], case .array(let shape)? = o["shape"] else {
            Issue.record("bad JSON output"); return
        }
        #expect(shape == [.number(45), .number(7)])
        #expect(data.map { v -> Double in if case .number(let d) = v { return d } else { return .nan } } == ref.values)
    }

    @Test("uniform columns evaluated by index equal the sequential SplitMix64 stream")
    func columnsByIndex() throws {
        var rng = SplitMix64(seed: 77)
        let sequential = (0..<1000).map { _ in rng.nextUnit() }
        #expect((0..<1000).map { SplitMix64.unit(seed: 77, index: $0) } == sequential)
        let col = BatchColumn(source: .uniform(lo: -3, hi: 5, seed: 77), count: 1000)
        #expect(col.values(400..<700) == sequential[400..<700].map { -3 + 8 * $0 })
    }

    @Test("the chunk check finds every infinity and NaN at every position, and nothing else")
    func nonFiniteCheck() {
        var rng = SplitMix64(seed: 31)
        for n in 0..<70 {
            var f = (0..<n).map { _ in Float(rng.nextUnit() * 2 - 1) * .greatestFiniteMagnitude }
            var d = (0..<n).map { _ in (rng.nextUnit() * 2 - 1) * .greatestFiniteMagnitude }
            // Finite Doubles whose low 32-bit word looks like a Float infinity or an exponent mask.
            if n > 3 { d[1] = Double(bitPattern: 0x3FF0_0000_7FF0_0000); d[2] = Double(bitPattern: 0x0000_0001_FFFF_FFFF); d[3] = -0.0 }
            let fOK = f.withUnsafeBufferPointer { allFinite($0) }
            let dOK = d.withUnsafeBufferPointer { allFinite($0) }
            #expect(fOK && dOK, "n = \(n)")
            for i in 0..<n {
                for bad in [Double.infinity, -.infinity, .nan] {
                    let (f0, d0) = (f[i], d[i])
                    f[i] = Float(bad); d[i] = bad
                    #expect(!f.withUnsafeBufferPointer { allFinite($0) })
                    #expect(!d.withUnsafeBufferPointer { allFinite($0) })
                    f[i] = f0; d[i] = d0
                }
            }
        }
    }

    @Test("a non-finite number from a job fails the run naming the job, output, row and column", arguments: ["float", "double"])
    func nonFiniteRow(_ precision: String) throws {
        // Row i holds i in every column, but for -infinity in row 7, column 2 of `velocity`.
        func job<T: MotionScalar>(_: T.Type) -> BatchJob {
            BatchJob(name: "bad", kind: "spring.batch", scalar: T.self, rows: 10, columns: 3, outputs: ["value", "velocity"], axes: ["row", "column"]) {
                range, outputs in
                for (o, out) in outputs.enumerated() {
                    for (j, i) in range.enumerated() {
                        for c in 0..<3 { out[j * 3 + c] = o == 1 && i == 7 && c == 2 ? -.infinity : T(Double(i)) }
                    }
                }
            }
        }
        let folder = try BatchOutputFolder(tempDir())
        var options = BatchCommand.Options()
        options.chunkNumbers = 6  // two rows per chunk
        do {
            try BatchCommand.execute(
                [precision == "float" ? job(Float.self) : job(Double.self)], options: options, folder: folder, summaryName: "summary.json", specHash: "")
            Issue.record("expected an error")
        } catch let e as MotionKernelError {
            #expect(
                e.message
                    == "jobs[0]: velocity of row 7 (column 2) is -inf in \(precision) precision: that row's inputs are outside the representable range")
        }
        #expect(folder.abort() == 2)
    }

    // MARK: safe writes

    @Test("a run that fails partway writes nothing and removes its temporary files")
    func failurePartway() throws {
        // The second job's springs pass the corner check but one row overflows Float at run time.
        let spec = #"""
            {"jobs": [
              {"name": "ok", "kind": "spring.batch", "count": 10, "spring": {"stiffness": 100, "damping": 5}, "times": [0, 0.1]},
              {"name": "bad", "kind": "spring.batch", "precision": "float", "count": 10, "spring": {"stiffness": 100, "damping": 5},
               "from": [0, 0, 0, 0, 0, 0, 0, 1e300, 0, 0], "times": [0, 0.1]}
            ]}
            """#
        let r = try run([], spec: spec)
        #expect(r.status == 1)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: r.out)) ?? []
        #expect(left.isEmpty, "\(left)")
    }

    @Test("a symlink, folder or FIFO at an output's name is refused before any work")
    func plantedNames() throws {
        for kind in ["symlink", "folder", "fifo"] {
            let dir = tempDir() + "/out"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let victim = tempDir() + "/victim.txt"
            try "keep me".write(toFile: victim, atomically: true, encoding: .utf8)
            let planted = dir + "/ok.value.npy"
            switch kind {
            case "symlink": try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
            case "folder": try FileManager.default.createDirectory(atPath: planted, withIntermediateDirectories: false)
            default: #expect(mkfifo(planted, 0o644) == 0)
            }
            let spec = #"{"jobs": [{"name": "ok", "kind": "spring.batch", "count": 4, "spring": {"stiffness": 100, "damping": 5}, "times": [0, 0.1]}]}"#
            let r = try run([], spec: spec, out: dir)
            #expect(r.status == 1, "\(kind)")
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
            let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0 != "ok.value.npy" }
            #expect(left.isEmpty, "\(kind): \(left)")
        }
    }

    @Test("temporary files are created exclusively under unpredictable names that do not end in .npy")
    func temporaryNames() throws {
        let folder = try BatchOutputFolder(tempDir() + "/t")
        let a = try folder.createTemporary(final: "x.value.npy"), b = try folder.createTemporary(final: "x.value.npy")
        #expect(a.path != b.path)
        for f in [a, b] {
            let name = (f.path as NSString).lastPathComponent
            #expect(name.hasPrefix(".motionkernel-\(getpid()).") && name.hasSuffix(".tmp") && !name.hasSuffix(".npy"))
            #expect(name.count == ".motionkernel-\(getpid()).".count + 16 + ".tmp".count)
        }
        #expect(folder.abort() == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("temporary files of a run whose process is gone are removed by the next run")
    func staleTemporaries() throws {
        let dir = tempDir() + "/out"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // A process id that does not exist now.
        var pid: Int32 = 4_000_000
        while kill(pid, 0) == 0 || errno != ESRCH { pid -= 1 }
        let stale = "\(dir)/.motionkernel-\(pid).0123456789abcdef.tmp"
        let alive = "\(dir)/.motionkernel-\(getpid()).fedcba9876543210.tmp"
        #expect(FileManager.default.createFile(atPath: stale, contents: Data([1, 2, 3])))
        #expect(FileManager.default.createFile(atPath: alive, contents: Data([1, 2, 3])))
        let spec = #"{"jobs": [{"name": "ok", "kind": "spring.batch", "count": 4, "spring": {"stiffness": 100, "damping": 5}, "times": [0, 0.1]}]}"#
        let r = try run([], spec: spec, out: dir)
        #expect(r.status == 0)
        #expect(!FileManager.default.fileExists(atPath: stale))
        // A live process's temporary file (here: our own) is never touched.
        #expect(FileManager.default.fileExists(atPath: alive))
        #expect(FileManager.default.fileExists(atPath: dir + "/ok.value.npy"))
    }

    @Test("--out naming a regular file, and unreadable specs, fail with the OS's reason")
    func badPaths() throws {
        let file = tempDir() + "/plain"
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        let spec = #"{"jobs": [{"name": "ok", "kind": "spring.batch", "count": 4, "spring": {"stiffness": 100, "damping": 5}, "times": [0, 0.1]}]}"#
        #expect(try run([], spec: spec, out: file).status == 1)
        #expect(throws: BatchFailure.self) { try BatchCommand.readSpec("/nonexistent/spec.json") }
        do { _ = try BatchCommand.readSpec("/nonexistent/spec.json") } catch let e as BatchFailure {
            #expect(e.description.contains("No such file or directory"))
        }
        do { _ = try BatchCommand.readSpec(NSTemporaryDirectory()) } catch let e as BatchFailure {
            #expect(e.description.contains("directory"))
        }
    }

    // MARK: limits before work

    func field(_ spec: String) -> String {
        do { _ = try BatchSpec.parse(spec); return "" } catch let e as MotionKernelError { return e.field } catch { return "?" }
    }

    @Test("names, counts, columns and job counts are checked before work, naming the field")
    func limits() throws {
        let job = { (name: String, count: String, times: String) in
            #"{"jobs": [{"name": "\#(name)", "kind": "spring.batch", "count": \#(count), "spring": {"stiffness": 100, "damping": 5}, "times": \#(times)}]}"#
        }
        #expect(field(job(String(repeating: "a", count: 250), "4", "[0]")) == "jobs[0].name")
        #expect(field(job("caf\u{E9}", "4", "[0]")) == "jobs[0].name")
        #expect(field(job("a/b", "4", "[0]")) == "jobs[0].name")
        #expect(field(job("ok", "0", "[0]")) == "jobs[0].count")
        #expect(field(job("ok", "1e300", "[0]")) == "jobs[0].count")
        #expect(field(job("ok", "4", #"{"start": 0, "step": 1, "count": 20000000}"#)) == "jobs[0].times.count")
        #expect(field(job("ok", "4", #"{"fps": 10000, "duration": 1e9}"#)) == "jobs[0].times.duration")
        #expect(
            field(#"{"jobs": [{"name": "ok", "kind": "spring.batch", "count": 4, "seed": -5, "spring": {"stiffness": 100, "damping": 5}, "times": [0]}]}"#)
                == "")
        #expect(
            field(
                #"{"jobs": [{"kind": "spline.channels", "channels": 10000000, "spline": {"kind": "cubic"}, "x": {"linspace": [0, 1], "count": 100}, "values": 1, "times": [0]}]}"#
            ) == "jobs[0].values")
        #expect(
            field(
                #"{"jobs": [{"kind": "spline.channels", "channels": 2, "spline": {"kind": "cubic"}, "x": {"linspace": [0, 1], "count": 100000}, "values": 1, "times": {"fps": 10000, "duration": 100}}]}"#
            ) == "jobs[0].times")
        let many =
            "{\"jobs\": ["
            + (0..<1001).map { #"{"name": "j\#($0)", "kind": "spring.batch", "count": 1, "spring": {"stiffness": 1, "damping": 1}, "times": [0]}"# }.joined(
                separator: ",") + "]}"
        #expect(field(many) == "jobs")
        // A huge job parses without materialising anything, and is refused for the free space.
        let huge = job("huge", "\(1 << 39)", #"{"start": 0, "step": 0.01, "count": 120}"#)
        #expect(field(huge) == "")
        let r = try run([], spec: huge)
        #expect(r.status == 1)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: r.out)) ?? []).isEmpty)
    }

    @Test("a parameter range that is invalid at a corner is refused before work; a row error names the row")
    func springColumns() throws {
        let spec = { (spring: String) in
            #"{"jobs": [{"name": "s", "kind": "spring.batch", "count": 50, "spring": \#(spring), "times": [0, 0.1]}]}"#
        }
        #expect(field(spec(#"{"stiffness": {"uniform": [-1, 10]}, "damping": 1}"#)) == "jobs[0].spring.stiffness")
        #expect(field(spec(#"{"stiffness": 10, "dampingRatio": {"linspace": [1, -1]}}"#)) == "jobs[0].spring.dampingRatio")
        #expect(field(spec(#"{"duration": 0.5, "bounce": {"uniform": [0, 2]}}"#)) == "jobs[0].spring.bounce")
        #expect(field(spec(#"{"stiffness": 10, "dampingRatio": 0.5, "bounce": 1}"#)).hasPrefix("jobs[0].spring"))
        let job = try #require(
            try BatchSpec.parse(
                spec(#"{"stiffness": [1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1], "damping": 1}"#)
            ).first)
        #expect(job.rows == 50)
    }

    @Test("motions that overflow the precision at a corner of the ranges are refused before work")
    func motionCorners() throws {
        let spec = { (precision: String, extra: String) in
            #"{"jobs": [{"name": "s", "kind": "spring.batch", "precision": "\#(precision)", "count": 1000, "spring": {"stiffness": {"uniform": [1, 100]}, "damping": 1}, "times": [0, 0.1]\#(extra)}]}"#
        }
        // Float: values up to |to| + 2·|from − to| must stay below 2¹²⁶.
        #expect(field(spec("float", #", "from": {"uniform": [-1e38, 1e38]}"#)) == "jobs[0].from")
        #expect(field(spec("double", #", "from": {"uniform": [-1e38, 1e38]}"#)) == "")
        #expect(field(spec("float", #", "relativeVelocity": {"linspace": [0, 1e37]}, "to": 1e30, "from": 0"#)).hasPrefix("jobs[0]."))
        // Velocities are bounded only when they are an output.
        #expect(field(spec("float", #", "from": 1e37, "to": 0, "outputs": ["value"]"#)) == "")
        #expect(field(spec("float", #", "from": 1e37, "to": 0, "outputs": ["velocity"]"#)).hasPrefix("jobs[0]."))
    }

    // MARK: fuzzing

    @Test("mutated specs never trap: each gives an error or a finished run")
    func fuzzSpecs() throws {
        var rng = SplitMix64(seed: 0xBA7C_F022)
        let hostile: [JSONValue] = [
            .number(0), .number(-1), .number(1e308), .number(-1e308), .number(Double.leastNonzeroMagnitude), .number(1e-17), .number(2e9),
            .number(Double(1 << 40)), .number(0.5), .number(3), .string(""), .string("x"), .null, .bool(true),
            .array([]), .array([.number(1)]), .object(JSONObject()),
            .object(JSONObject([("uniform", .array([.number(-1e308), .number(1e308)]))])),
            .object(JSONObject([("linspace", .array([.number(0), .number(1e300)]))])),
            .object(JSONObject([("uniform", .array([.number(5), .number(1)]))])),
        ]
        guard case .object(let root) = try JSONParser.parse(BatchRobustnessTests.everyKind),
            case .array(let jobs)? = root["jobs"]
        else { Issue.record("bad corpus"); return }
        let base = tempDir()
        var ran = 0, refused = 0
        for iteration in 0..<400 {
            guard case .object(var job) = jobs[Int(rng.next() % UInt64(jobs.count))] else { continue }
            // One to three mutations: replace a member (top level or one level down) with a hostile value.
            for _ in 0..<(rng.next() % 4 == 0 ? 2 : 1) {
                let key = job.keys[Int(rng.next() % UInt64(job.keys.count))]
                if case .object(var inner)? = job[key], !inner.keys.isEmpty, rng.next() % 2 == 0 {
                    inner[inner.keys[Int(rng.next() % UInt64(inner.keys.count))]] = hostile[Int(rng.next() % UInt64(hostile.count))]
                    job[key] = .object(inner)
                } else {
                    job[key] = hostile[Int(rng.next() % UInt64(hostile.count))]
                }
            }
            let text = JSONWriter.string(.object(JSONObject([("jobs", .array([.object(job)]))])))
            let parsed: [BatchJob]
            do { parsed = try BatchSpec.parse(text) } catch is MotionKernelError { refused += 1; continue }
            // Run only what is small; the rest was parsed without allocating its outputs.
            guard parsed.allSatisfy({ $0.rows * $0.columns <= 200_000 }) else { continue }
            let specPath = "\(base)/spec\(iteration).json"
            try text.write(toFile: specPath, atomically: true, encoding: .utf8)
            let status = BatchCommand.run([specPath, "--out", "\(base)/out\(iteration)", "--chunk-numbers", "1000"])
            #expect(status == 0 || status == 1, "\(text)")
            if status == 1 {
                #expect(((try? FileManager.default.contentsOfDirectory(atPath: "\(base)/out\(iteration)")) ?? []).isEmpty, "\(text)")
            }
            ran += 1
        }
        #expect(ran > 30, "ran \(ran), refused \(refused)")
        #expect(refused > 100, "ran \(ran), refused \(refused)")
    }
}
