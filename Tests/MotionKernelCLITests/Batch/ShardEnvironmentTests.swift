import Foundation
import Testing
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// `--shard auto` from an injected environment (the process environment is never changed).
@Suite("batch --shard auto")
struct ShardEnvironmentTests {
    func resolve(_ shard: String?, _ count: String? = nil, _ env: [String: String]) throws(ArgumentError) -> [Int]? {
        try ShardEnvironment.resolve(shard: shard, shardCount: count, environment: env).map { [$0.k, $0.n] }
    }

    @Test(
        "Slurm arrays: ID − MIN over STEP, with COUNT as a check",
        arguments: [
            // sbatch --array=0-15: task 5
            (["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "15", "SLURM_ARRAY_TASK_COUNT": "16"], [5, 16]),
            // --array=1-7 (MIN 1): task 7 is the last of 7
            (["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "7", "SLURM_ARRAY_TASK_STEP": "1"], [6, 7]),
            // --array=0-15:4 (IDs 0, 4, 8, 12; MAX is the highest ID, 12): task 8 is shard 2 of 4
            (
                [
                    "SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "12", "SLURM_ARRAY_TASK_STEP": "4",
                    "SLURM_ARRAY_TASK_COUNT": "4",
                ], [2, 4]
            ),
            // --array=0-15:4 with MAX as the range's end rather than the last ID
            (["SLURM_ARRAY_TASK_ID": "12", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "15", "SLURM_ARRAY_TASK_STEP": "4"], [3, 4]),
            // --array=1-7:2 (1, 3, 5, 7): task 1
            (["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "7", "SLURM_ARRAY_TASK_STEP": "2"], [0, 4]),
            // ID and COUNT only: an array 0-(COUNT-1)
            (["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "3"], [2, 3]),
            // a single-task array
            (["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "4", "SLURM_ARRAY_TASK_MAX": "4", "SLURM_ARRAY_TASK_COUNT": "1"], [0, 1]),
        ])
    func slurm(_ env: [String: String], _ want: [Int]) throws {
        #expect(try resolve("auto", nil, env) == want)
        // MOTIONKERNEL_SHARD_COUNT and --shard-count may confirm the count.
        #expect(try resolve("auto", "\(want[1])", env.merging(["MOTIONKERNEL_SHARD_COUNT": "\(want[1])"]) { a, _ in a }) == want)
    }

    @Test("Kubernetes Indexed Jobs: JOB_COMPLETION_INDEX with --shard-count or MOTIONKERNEL_SHARD_COUNT")
    func kubernetes() throws {
        #expect(try resolve("auto", "7", ["JOB_COMPLETION_INDEX": "6"]) == [6, 7])
        #expect(try resolve("auto", nil, ["JOB_COMPLETION_INDEX": "0", "MOTIONKERNEL_SHARD_COUNT": "3"]) == [0, 3])
        #expect(try resolve("auto", "3", ["JOB_COMPLETION_INDEX": "1", "MOTIONKERNEL_SHARD_COUNT": "3"]) == [1, 3])
    }

    @Test("no sharding, and --shard K/N as before")
    func explicit() throws {
        #expect(try resolve(nil, nil, ["SLURM_ARRAY_TASK_ID": "3"]) == nil)
        #expect(try resolve("2/5", nil, ["SLURM_ARRAY_TASK_ID": "3"]) == [2, 5])
    }

    @Test(
        "a missing or inconsistent environment is a usage error naming the variable",
        arguments: [
            ("auto", nil, [:], "neither SLURM_ARRAY_TASK_ID"),
            (
                "auto", nil, ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "2", "JOB_COMPLETION_INDEX": "1"],
                "both SLURM_ARRAY_TASK_ID and JOB_COMPLETION_INDEX"
            ),
            ("auto", nil, ["SLURM_ARRAY_TASK_ID": "x", "SLURM_ARRAY_TASK_COUNT": "2"], "SLURM_ARRAY_TASK_ID='x'"),
            ("auto", nil, ["SLURM_ARRAY_TASK_ID": "-1", "SLURM_ARRAY_TASK_COUNT": "2"], "SLURM_ARRAY_TASK_ID='-1'"),
            ("auto", nil, ["SLURM_ARRAY_TASK_ID": " 1", "SLURM_ARRAY_TASK_COUNT": "2"], "SLURM_ARRAY_TASK_ID=' 1'"),
            ("auto", nil, ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "0"], "SLURM_ARRAY_TASK_COUNT='0'"),
            ("auto", nil, ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "2"], "SLURM_ARRAY_TASK_ID=2 is not below SLURM_ARRAY_TASK_COUNT=2"),
            ("auto", nil, ["SLURM_ARRAY_TASK_ID": "2"], "neither SLURM_ARRAY_TASK_COUNT nor SLURM_ARRAY_TASK_MIN/MAX"),
            ("auto", nil, ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "0"], "SLURM_ARRAY_TASK_MAX is not"),
            ("auto", nil, ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MAX": "3"], "SLURM_ARRAY_TASK_MIN is not"),
            ("auto", nil, ["SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "7"], "outside SLURM_ARRAY_TASK_MIN"),
            ("auto", nil, ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_MAX": "1"], "SLURM_ARRAY_TASK_MIN=5 is above"),
            // --array=0-15:4 with a task ID off the step
            (
                "auto", nil, ["SLURM_ARRAY_TASK_ID": "6", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "12", "SLURM_ARRAY_TASK_STEP": "4"],
                "not on the array's range 0-12:4"
            ),
            (
                "auto", nil, ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "12", "SLURM_ARRAY_TASK_STEP": "0"],
                "SLURM_ARRAY_TASK_STEP='0'"
            ),
            // --array=1,2,7: COUNT 3 but MIN..MAX has 7 indexes
            (
                "auto", nil, ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "7", "SLURM_ARRAY_TASK_COUNT": "3"],
                "SLURM_ARRAY_TASK_COUNT=3 but 1-7:1"
            ),
            ("auto", "5", ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4"], "--shard-count 5 disagrees with the Slurm array's size, 4"),
            // task 5 of a 16-task array resubmitted alone (--array=5) is a one-task array: the guard catches it
            (
                "auto", "16",
                ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_MAX": "5", "SLURM_ARRAY_TASK_COUNT": "1"],
                "--shard-count 16 disagrees with the Slurm array's size, 1"
            ),
            (
                "auto", nil, ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4", "MOTIONKERNEL_SHARD_COUNT": "3"],
                "MOTIONKERNEL_SHARD_COUNT 3 disagrees"
            ),
            ("auto", nil, ["JOB_COMPLETION_INDEX": "0"], "give --shard-count N or set MOTIONKERNEL_SHARD_COUNT"),
            ("auto", "3", ["JOB_COMPLETION_INDEX": "3"], "JOB_COMPLETION_INDEX=3 is not below the shard count 3 (--shard-count)"),
            (
                "auto", nil, ["JOB_COMPLETION_INDEX": "3", "MOTIONKERNEL_SHARD_COUNT": "2"],
                "JOB_COMPLETION_INDEX=3 is not below the shard count 2 (MOTIONKERNEL_SHARD_COUNT)"
            ),
            ("auto", nil, ["JOB_COMPLETION_INDEX": "1.5", "MOTIONKERNEL_SHARD_COUNT": "2"], "JOB_COMPLETION_INDEX='1.5'"),
            ("auto", nil, ["JOB_COMPLETION_INDEX": "1", "MOTIONKERNEL_SHARD_COUNT": "two"], "MOTIONKERNEL_SHARD_COUNT='two'"),
            ("auto", "3", ["JOB_COMPLETION_INDEX": "1", "MOTIONKERNEL_SHARD_COUNT": "4"], "--shard-count 3 disagrees with MOTIONKERNEL_SHARD_COUNT=4"),
            ("auto", "0", ["JOB_COMPLETION_INDEX": "0"], "--shard-count needs a whole number from 1 to 1000000"),
            (nil, "3", ["JOB_COMPLETION_INDEX": "1"], "--shard-count is only for --shard auto"),
            ("1/3", "3", [:], "--shard-count is only for --shard auto"),
            ("3/3", nil, [:], "--shard needs K/N"),
            ("+1/3", nil, [:], "--shard needs K/N"),
            ("1/3/4", nil, [:], "--shard needs K/N"),
            ("Auto", nil, ["JOB_COMPLETION_INDEX": "0"], "--shard needs K/N"),
        ] as [(String?, String?, [String: String], String)])
    func refused(_ shard: String?, _ count: String?, _ env: [String: String], _ message: String) {
        do {
            let r = try resolve(shard, count, env)
            Issue.record("expected a usage error, got \(String(describing: r))")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test("batch --shard auto writes the shard the environment names; a bad environment exits 64 and writes nothing")
    func command() throws {
        let dir = tempDir()
        let spec = dir + "/spec.json"
        try #"{"jobs": [{"name": "t", "kind": "transform.build", "count": 11, "rotation": {"linspace": [0, 1]}}]}"#.write(
            toFile: spec, atomically: true, encoding: .utf8)
        let env = ["SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "12", "SLURM_ARRAY_TASK_STEP": "4"]
        #expect(BatchCommand.run([spec, "--out", dir + "/out", "--shard", "auto"], environment: env) == 0)
        let part = try readNPY(dir + "/out/t.matrix.shard-2-of-4.npy")
        #expect(part.shape == [BatchCommand.shardRange(rows: 11, k: 2, n: 4).count, 16])
        #expect(FileManager.default.fileExists(atPath: dir + "/out/summary.shard-2-of-4.json"))
        #expect(BatchCommand.run([spec, "--out", dir + "/bad", "--shard", "auto"], environment: [:]) == 64)
        #expect(BatchCommand.run([spec, "--out", dir + "/bad", "--shard-count", "3"], environment: ["JOB_COMPLETION_INDEX": "1"]) == 64)
        #expect(!FileManager.default.fileExists(atPath: dir + "/bad"))
    }
}
