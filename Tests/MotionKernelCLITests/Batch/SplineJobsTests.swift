import Testing
@testable import MotionKernel
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// Evaluates rows `range` of a job's first output.
private func run<T: MotionScalar>(_ job: BatchJob, _: T.Type, rows range: Range<Int>) throws -> [T] {
    var out = [T](repeating: .nan, count: range.count * job.columns)
    try out.withUnsafeMutableBufferPointer { try job.evaluate(range, into: [$0]) }
    return out
}

private func specError(_ text: String) -> String {
    do { _ = try BatchSpec.parse(text) } catch let e as MotionKernelError { return e.field } catch { return "?" }
    return "no error"
}

@Suite("spline and keyframe batch jobs")
struct SplineJobsTests {
    @Test("spline.channels: channel rows match per-channel splines; shards concatenate to the whole, on both paths")
    func splineChannels() throws {
        for path in ["automatic", "gemm", "direct"] {
            let spec = #"""
                {"jobs": [{"name": "s", "kind": "spline.channels", "seed": 3, "channels": 37,
                  "spline": {"kind": "cubic", "boundary": "natural"}, "x": {"linspace": [0, 1], "count": 9},
                  "values": {"uniform": [-1, 1]}, "times": {"start": 0, "step": 0.01, "count": 101}, "path": "\#(path)"}]}
                """#
            let job = try #require(try BatchSpec.parse(spec).first)
            #expect(job.rows == 37 && job.columns == 101 && job.axes == ["channel", "time"])
            let whole = try run(job, Double.self, rows: 0..<37)
            // Reference: the same values through CubicSpline, channel by channel.
            let values = try SplineJobs.channelValues(
                Fields(JSONObject([("values", .object(JSONObject([("uniform", .array([.number(-1), .number(1)]))])))])),
                keys: 9, channels: 37, seed: 3)
            let x = (0..<9).map { Double($0) / 8 }
            let times = (0..<101).map { Double($0) * 0.01 }
            let ref = try CubicSpline(x: x, values: values, channels: 37, boundary: .natural).sample(at: times)
            for c in 0..<37 { for j in 0..<101 { #expect(abs(whole[c * 101 + j] - ref[j * 37 + c]) <= 1e-12, "\(path)") } }
            // Shards by rows (as `--shard K/N` cuts them) concatenate exactly.
            for n in [2, 3, 5] {
                var joined: [Double] = []
                for k in 0..<n { joined += try run(job, Double.self, rows: BatchCommand.shardRange(rows: 37, k: k, n: n)) }
                #expect(joined == whole, "\(path) \(n) shards")
            }
        }
    }

    @Test("spline.channels values as per-channel arrays, in Float, Kochanek–Bartels")
    func arraysAndFloat() throws {
        let spec = #"""
            {"jobs": [{"name": "kb", "kind": "spline.channels", "precision": "float", "channels": 2,
              "spline": {"kind": "kochanekBartels", "tension": 1}, "x": [0, 1, 2],
              "values": [[0, 1, 0], [2, 4, 6]], "times": [0.5, 1.5]}]}
            """#
        let job = try #require(try BatchSpec.parse(spec).first)
        let out = try run(job, Float.self, rows: 0..<2)
        // Tension 1: zero tangents, so each segment's midpoint is the average of its ends.
        #expect(out == [0.5, 0.5, 3, 5])
    }

    @Test("keyframes.channels: GEMM and per-channel paths agree; paced falls back to per-channel tracks")
    func keyframeChannels() throws {
        func job(_ mode: String, _ path: String) throws -> BatchJob {
            try #require(
                try BatchSpec.parse(
                    #"""
                    {"jobs": [{"name": "k", "kind": "keyframes.channels", "seed": 9, "channels": 11, "keys": 5,
                      "keyframes": {"calculationMode": "\#(mode)", "keyTimes": [0, 0.1, 0.5, 0.6, 1],
                                    "timingFunctions": ["easeIn", "linear", "easeOut", "linear"], "tensionValues": [0.2]},
                      "values": {"uniform": [-2, 2]}, "times": {"start": 0, "step": 0.02, "count": 51}, "path": "\#(path)"}]}
                    """#
                ).first)
        }
        for mode in ["linear", "cubic"] {
            let g = try run(job(mode, "automatic"), Double.self, rows: 0..<11)
            let d = try run(job(mode, "direct"), Double.self, rows: 0..<11)
            for i in g.indices { #expect(abs(g[i] - d[i]) <= 1e-12 * 4, "\(mode)") }
            var joined: [Double] = []
            for k in 0..<3 { joined += try run(job(mode, "automatic"), Double.self, rows: BatchCommand.shardRange(rows: 11, k: k, n: 3)) }
            #expect(joined == g)
        }
        let paced = try run(job("paced", "automatic"), Double.self, rows: 0..<11)
        #expect(paced.allSatisfy { $0.isFinite })
        #expect(
            specError(
                #"{"jobs": [{"kind": "keyframes.channels", "channels": 2, "keys": 3, "keyframes": {"calculationMode": "paced"}, "values": 1, "times": [0], "path": "gemm"}]}"#
            )
                == "jobs[0].path")
    }

    @Test("spec errors name the field")
    func errors() {
        let base = #""kind": "spline.channels", "channels": 2, "x": [0, 1, 2], "values": 1, "times": [0.5]"#
        #expect(specError(#"{"jobs": [{\#(base), "spline": {"kind": "pchip"}}]}"#) == "jobs[0].spline.kind")
        #expect(specError(#"{"jobs": [{\#(base), "spline": {"kind": "catmullRom", "boundary": "natural"}}]}"#) == "jobs[0].spline.boundary")
        #expect(specError(#"{"jobs": [{\#(base), "spline": {"kind": "cubic"}, "path": "fast"}]}"#) == "jobs[0].path")
        #expect(
            specError(#"{"jobs": [{"kind": "spline.channels", "channels": 2, "x": [0, 1, 1], "values": 1, "times": [0.5], "spline": {"kind": "cubic"}}]}"#)
                == "jobs[0].x[2]")
        #expect(
            specError(
                #"{"jobs": [{"kind": "spline.channels", "channels": 2, "x": [0, 1], "values": [[1, 2], [3]], "times": [0.5], "spline": {"kind": "cubic"}}]}"#)
                == "jobs[0].values[1]")
        #expect(
            specError(#"{"jobs": [{"kind": "keyframes.channels", "channels": 2, "keyframes": {}, "values": 1, "times": [0]}]}"#)
                == "jobs[0].keys")
        #expect(
            specError(#"{"jobs": [{"kind": "keyframes.channels", "channels": 2, "keys": 3, "keyframes": {"keyTimes": [0, 1]}, "values": 1, "times": [0]}]}"#)
                == "jobs[0].keyframes.keyTimes")
    }
}
