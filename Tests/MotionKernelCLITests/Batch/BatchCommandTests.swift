import Foundation
import Testing
@testable import MotionKernel
@testable import MotionKernelCLI
@testable import MotionKernelEval

@Suite("batch command", .serialized)
struct BatchTests {
    static let spec = #"""
        {"jobs": [
          \#(springsJob(count: 50, times: 37, motion: #" "from": {"uniform": [-1, 1]}, "to": 2, "velocity": {"uniform": [-3, 3]},"#)),
          {"name": "p", "kind": "spring.shared", "precision": "float", "count": 20,
           "spring": {"duration": 0.5, "bounce": 0.3}, "to": {"linspace": [1, 2]}, "relativeVelocity": 2,
           "times": [0, 0.1, 0.35]},
          {"name": "t", "kind": "transform.build", "count": 11, "rotation": {"linspace": [0, 1]}, "translationX": 5}
        ]}
        """#

    func run(_ args: [String], spec: String = BatchTests.spec) throws -> (Int32, String) {
        let dir = tempDir()
        let status = BatchCommand.run([try writeSpec(spec, in: dir), "--out", dir + "/out"] + args)
        return (status, dir + "/out")
    }

    @Test("writes .npy files whose values are the closed form, with the right shapes and dtypes")
    func values() throws {
        let (status, out) = try run([])
        #expect(status == 0)
        let v = try readNPY(out + "/s.value.npy"), vel = try readNPY(out + "/s.velocity.npy")
        #expect(v.shape == [50, 37] && v.dtype == .float64 && vel.shape == [50, 37])
        // Re-derive the inputs from the same seeded columns and compare with the closed form.
        let jobs = try BatchSpec.parse(BatchTests.spec)
        #expect(jobs.map(\.name) == ["s", "p", "t"])
        var rng = SplitMix64(seed: 9 ^ stableHash("stiffness"))
        let k = (0..<50).map { _ in 50 + 450 * rng.nextUnit() }
        var rf = SplitMix64(seed: 9 ^ stableHash("from"))
        let from = (0..<50).map { _ in -1 + 2 * rf.nextUnit() }
        var rv = SplitMix64(seed: 9 ^ stableHash("velocity"))
        let vel0 = (0..<50).map { _ in -3 + 6 * rv.nextUnit() }
        for i in [0, 17, 49] {
            let zeta = 0.2 + 1.8 * Double(i) / 49
            let s = try Spring<Double>(stiffness: k[i], dampingRatio: zeta)
            for j in [0, 5, 36] {
                let ref = s.state(at: Double(j) * 0.01, from: from[i], to: 2, initialVelocity: vel0[i])
                #expect(abs(v.values[i * 37 + j] - ref.value) < 1e-12)
                #expect(abs(vel.values[i * 37 + j] - ref.velocity) < 1e-10)
            }
        }
        let p = try readNPY(out + "/p.value.npy")
        #expect(p.shape == [20, 3] && p.dtype == .float32)
        let sp = try Spring<Double>(duration: 0.5, bounce: 0.3)
        #expect(abs(p.values[19 * 3 + 1] - sp.value(at: 0.1, from: 0, to: 2, initialVelocity: 4)) < 1e-6)
        let t = try readNPY(out + "/t.matrix.npy")
        #expect(t.shape == [11, 16])
        #expect(abs(t.values[10 * 16 + 0] - Double.cos(1)) < 1e-14 && abs(t.values[10 * 16 + 1] - Double.sin(1)) < 1e-14)
        #expect(t.values[10 * 16 + 12] == 5)
        let summary = try JSONParser.parse(String(contentsOfFile: out + "/summary.json", encoding: .utf8))
        guard case .object(let o) = summary, case .array(let js)? = o["jobs"] else { Issue.record("bad summary"); return }
        #expect(js.count == 3)
    }

    @Test("shards concatenate to exactly the unsharded output")
    func shards() throws {
        let (status, whole) = try run([])
        #expect(status == 0)
        for name in ["s.value", "p.value", "t.matrix"] {
            let full = try readNPY("\(whole)/\(name).npy")
            var parts: [Double] = []
            var rows = 0
            for k in 0..<3 {
                let (st, out) = try run(["--shard", "\(k)/3"])
                #expect(st == 0)
                let part = try readNPY("\(out)/\(name).shard-\(k)-of-3.npy")
                parts += part.values
                rows += part.shape[0]
            }
            #expect(rows == full.shape[0])
            #expect(parts == full.values, "\(name)")
        }
    }

    @Test("a bad spec fails before any work, naming the field, and writes nothing")
    func badSpec() throws {
        let bad = BatchTests.spec.replacingOccurrences(of: #""count": 11"#, with: #""count": -1"#)
        let (status, out) = try run([], spec: bad)
        #expect(status == 1)
        #expect(!FileManager.default.fileExists(atPath: out + "/s.value.npy"))
        do {
            _ = try BatchSpec.parse(bad)
            Issue.record("expected an error")
        } catch let e as MotionKernelError {
            #expect(e.field == "jobs[2].count")
        }
        for (needle, field) in [
            (#""dampingRatio": {"linspace": [0.2, 2]}"#, #""dampingRatio": -1"#),
            (#""kind": "transform.build""#, #""kind": "transform.bake""#),
        ] {
            #expect(throws: MotionKernelError.self) { try BatchSpec.parse(BatchTests.spec.replacingOccurrences(of: needle, with: field)) }
        }
        #expect(throws: MotionKernelError.self) { try BatchSpec.parse("{\"jobs\": []}") }
        #expect(throws: MotionKernelError.self) { try BatchSpec.parse("not json") }
    }

    @Test("the built-in default spec parses and stays within the output limits")
    func defaultSpec() throws {
        let jobs = try BatchSpec.parse(BatchSpec.defaultSpec)
        #expect(jobs.count >= 3)
        for j in jobs { #expect(j.rows * j.columns <= BatchSpec.maxNumbersPerOutput) }
    }

    @Test("usage errors exit 64")
    func usage() {
        #expect(BatchCommand.run(["--shard", "3/3"]) == 64)
        #expect(BatchCommand.run(["--format", "xml"]) == 64)
        #expect(BatchCommand.run(["--threads", "0"]) == 64)
        #expect(BatchCommand.run(["a.json", "b.json"]) == 64)
    }

    @Test(".npy headers are 64-byte aligned and numpy reads them when available")
    func npyFormat() throws {
        var values: [Float] = [1, 2, 3, 4, 5, 6]
        let data = values.withUnsafeMutableBufferPointer { NPY.encode(UnsafeBufferPointer($0), shape: [2, 3]) }
        let headerLen = Int(data[8]) | Int(data[9]) << 8
        #expect((10 + headerLen) % 64 == 0)
        let decoded = try NPY.decode(data)
        #expect(decoded.shape == [2, 3] && decoded.values == [1, 2, 3, 4, 5, 6])
        // numpy, when the machine has it, must read the same values.
        let dir = tempDir()
        let path = dir + "/a.npy"
        try SafeFile.writeReplacing(path: path, bytes: data)
        let py = Process()
        py.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        py.arguments = [
            "python3", "-c",
            "import numpy as n; a = n.load('\(path)'); assert a.dtype == n.float32 and a.shape == (2, 3) and a.tolist() == [[1,2,3],[4,5,6]]; print('ok')",
        ]
        let pipe = Pipe()
        py.standardOutput = pipe
        py.standardError = pipe
        if (try? py.run()) != nil {
            py.waitUntilExit()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if text.contains("No module named") {
                // numpy missing: the project's own reader above is the check.
            } else {
                #expect(text.contains("ok"), "\(text)")
            }
        }
    }
}
