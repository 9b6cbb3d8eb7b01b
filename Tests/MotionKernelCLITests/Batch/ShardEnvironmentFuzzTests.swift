import Foundation
import Testing
@testable import MotionKernel
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// `--shard auto` and `--shard K/N` against hostile environments: every value is a valid
/// `(k, n)` with 0 ≤ k < n ≤ 1,000,000 consistent with the variables, or a usage error; no
/// value traps.
@Suite("batch --shard: hostile environments")
struct ShardEnvironmentFuzzTests {
    static let variables = [
        "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_STEP", "SLURM_ARRAY_TASK_COUNT",
        "JOB_COMPLETION_INDEX", "MOTIONKERNEL_SHARD_COUNT",
    ]

    /// Values that a scheduler would set, values at the limits, and values no parser should
    /// take as a count.
    static let special = [
        "0", "1", "2", "3", "7", "16", "999999", "1000000", "1000001", "2000000", "999999999999998", "999999999999999",
        "1000000000000000", "9223372036854775807", "9223372036854775808", "18446744073709551616", "-1", "-0", "+5", " 5", "5 ",
        "\t5", "5\n", "0x10", "", "1e3", "5.0", "05", "٣", "５", "1_000", "NaN", "∞",
    ]

    static func value(_ r: inout SplitMix64) -> String {
        switch r.next() % 4 {
        case 0: return special[Int(r.next() % UInt64(special.count))]
        case 1: return String(r.next() % 20)
        case 2: return String((0..<(1 + r.next() % 25)).map { _ in Character(String(r.next() % 10)) })
        default:
            // A few characters around and among the digits.
            let alphabet = Array("0123456789 +-.eE_x\t\u{0}")
            return String((0..<(1 + r.next() % 8)).map { _ in alphabet[Int(r.next() % UInt64(alphabet.count))] })
        }
    }

    @Test("random environments: a valid shard consistent with the variables, or a usage error")
    func environments() throws {
        var r = SplitMix64(seed: 0x5EED_0001)
        var valid = 0, refused = 0
        for _ in 0..<20_000 {
            var env: [String: String] = [:]
            for name in Self.variables where r.next() % 2 == 0 { env[name] = Self.value(&r) }
            let flag: String? = r.next() % 4 == 0 ? Self.value(&r) : nil
            do {
                guard let shard = try ShardEnvironment.resolve(shard: "auto", shardCount: flag, environment: env) else {
                    Issue.record("--shard auto gave no shard for \(env)")
                    continue
                }
                let (k, n) = shard
                valid += 1
                #expect(0 <= k && k < n && n <= ShardEnvironment.maxCount, "\(env) → \(k)/\(n)")
                // The answer is what the variables say (plain decimals, so Int(_:) reads them).
                if let index = env["JOB_COMPLETION_INDEX"] {
                    #expect(Int(index) == k, "\(env)")
                    #expect(Int(flag ?? env["MOTIONKERNEL_SHARD_COUNT"] ?? "") == n, "\(env)")
                } else if let id = env["SLURM_ARRAY_TASK_ID"].flatMap({ Int($0) }) {
                    if let lo = env["SLURM_ARRAY_TASK_MIN"].flatMap({ Int($0) }), let hi = env["SLURM_ARRAY_TASK_MAX"].flatMap({ Int($0) }) {
                        let step = env["SLURM_ARRAY_TASK_STEP"].flatMap { Int($0) } ?? 1
                        #expect(lo + k * step == id && (hi - lo) / step + 1 == n, "\(env)")
                    } else {
                        #expect(id == k && Int(env["SLURM_ARRAY_TASK_COUNT"] ?? "") == n, "\(env)")
                    }
                } else {
                    Issue.record("a shard without a scheduler's variables: \(env)")
                }
                // The row range of any valid shard of the largest job is inside the job.
                let range = BatchCommand.shardRange(rows: BatchSpec.maxRows, k: k, n: n)
                #expect(range.lowerBound >= 0 && range.lowerBound <= range.upperBound && range.upperBound <= BatchSpec.maxRows)
            } catch {
                refused += 1
                #expect(error.message.hasPrefix("--shard"), "\(error.message)")
            }
        }
        // Both outcomes occur (the generator reaches valid environments, too).
        #expect(valid > 100 && refused > 100, "valid \(valid), refused \(refused)")
    }

    @Test("random --shard K/N: a valid shard or a usage error")
    func explicitShards() {
        var r = SplitMix64(seed: 0x5EED_0002)
        for _ in 0..<5_000 {
            let text = "\(Self.value(&r))/\(Self.value(&r))"
            do {
                guard let shard = try ShardEnvironment.resolve(shard: text, shardCount: nil, environment: [:]) else {
                    Issue.record("no shard for \(text)")
                    continue
                }
                let (k, n) = shard
                let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
                #expect(0 <= k && k < n && n <= ShardEnvironment.maxCount && parts == [k, n], "\(text)")
            } catch {
                #expect(error.message.hasPrefix("--shard"))
            }
        }
    }

    @Test(
        "Kubernetes and Slurm values beyond 1,000,000 shards or Int are a usage error (exit 64), not a trap",
        arguments: [
            ["JOB_COMPLETION_INDEX": "999999999999998", "MOTIONKERNEL_SHARD_COUNT": "999999999999999"],
            ["JOB_COMPLETION_INDEX": "0", "MOTIONKERNEL_SHARD_COUNT": "2000000"],
            ["JOB_COMPLETION_INDEX": "0", "MOTIONKERNEL_SHARD_COUNT": "1000000000000000"],
            ["JOB_COMPLETION_INDEX": "0", "MOTIONKERNEL_SHARD_COUNT": "1000001"],
            ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "2000000"],
            ["SLURM_ARRAY_TASK_ID": "999999999999998", "SLURM_ARRAY_TASK_COUNT": "999999999999999"],
            ["SLURM_ARRAY_TASK_ID": "999999999999999", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "999999999999999"],
            ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "999999999999999", "SLURM_ARRAY_TASK_COUNT": "1000000"],
        ])
    func beyondLimit(_ env: [String: String]) throws {
        #expect(throws: ArgumentError.self) { try ShardEnvironment.resolve(shard: "auto", shardCount: nil, environment: env) }
        let out = tempDir() + "/out"
        #expect(BatchCommand.run(["--out", out, "--shard", "auto"], environment: env) == 64)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("the limit itself is accepted: shard 999,999 of 1,000,000 from each source")
    func atLimit() throws {
        let last = [999_999, 1_000_000]
        #expect(
            try ShardEnvironment.resolve(
                shard: "auto", shardCount: nil, environment: ["JOB_COMPLETION_INDEX": "999999", "MOTIONKERNEL_SHARD_COUNT": "1000000"]
            ).map { [$0.k, $0.n] } == last)
        #expect(
            try ShardEnvironment.resolve(shard: "auto", shardCount: "1000000", environment: ["JOB_COMPLETION_INDEX": "999999"]).map { [$0.k, $0.n] } == last)
        #expect(
            try ShardEnvironment.resolve(shard: "auto", shardCount: nil, environment: ["SLURM_ARRAY_TASK_ID": "999999", "SLURM_ARRAY_TASK_COUNT": "1000000"])
                .map { [$0.k, $0.n] } == last)
        #expect(try ShardEnvironment.resolve(shard: "999999/1000000", shardCount: nil, environment: [:]).map { [$0.k, $0.n] } == last)
    }
}
