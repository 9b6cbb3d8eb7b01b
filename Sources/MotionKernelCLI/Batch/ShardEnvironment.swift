import MotionKernelEval

/// `--shard auto`: the shard index and count of a cluster scheduler's array task, read from
/// the environment (passed in, so tests never touch the process environment).
///
/// - Slurm job arrays (`sbatch --array=A-B[:S]`): `SLURM_ARRAY_TASK_ID` with
///   `SLURM_ARRAY_TASK_MIN` and `SLURM_ARRAY_TASK_MAX` (and `SLURM_ARRAY_TASK_STEP`, default 1):
///   index = (ID − MIN) / STEP, count = ⌊(MAX − MIN) / STEP⌋ + 1. An array with a step, such as
///   `--array=0-15:4` (IDs 0, 4, 8, 12), thus maps to shards 0…3 of 4. When
///   `SLURM_ARRAY_TASK_COUNT` is set too it must equal that count: an array whose IDs are not
///   one evenly spaced range (`--array=1,2,7`) is refused, since its shards could not be told
///   apart from missing ones. Without MIN and MAX, `SLURM_ARRAY_TASK_ID` with
///   `SLURM_ARRAY_TASK_COUNT` means index = ID, count = COUNT (an array `0-(COUNT−1)`).
/// - Kubernetes Indexed Jobs (`completionMode: Indexed`): `JOB_COMPLETION_INDEX` is the index;
///   the count is `--shard-count N` or `MOTIONKERNEL_SHARD_COUNT` (the Job's `completions`),
///   which must agree when both are given.
///
/// Everything else is a usage error naming the variable: neither scheduler's variables or
/// both, a value that is not a plain decimal number, an index outside 0..<count, a count
/// outside 1...`maxCount` (whichever source gives it: `--shard K/N`, `--shard-count`,
/// `MOTIONKERNEL_SHARD_COUNT`, `SLURM_ARRAY_TASK_COUNT` or Slurm's MIN/MAX/STEP), and
/// `--shard-count` without `--shard auto`. Every value is at most 15 digits (below 10¹⁵), so
/// no arithmetic on them can overflow.
enum ShardEnvironment {
    /// The most shards (as for `--shard K/N`).
    static let maxCount = 1_000_000

    /// The shard `(k, n)` for the options `--shard` (`text`, nil when absent) and
    /// `--shard-count` (`count`), or nil when neither asks for sharding.
    /// - Throws: ``ArgumentError`` naming the option or the environment variable at fault.
    static func resolve(shard text: String?, shardCount count: String?, environment env: [String: String]) throws(ArgumentError) -> (
        k: Int, n: Int
    )? {
        let flagCount: Int?
        if let count {
            guard let n = decimal(count), (1...maxCount).contains(n) else {
                throw ArgumentError("--shard-count needs a whole number from 1 to \(maxCount)")
            }
            flagCount = n
        } else {
            flagCount = nil
        }
        guard let text else {
            if flagCount != nil { throw ArgumentError("--shard-count is only for --shard auto") }
            return nil
        }
        guard text == "auto" else {
            if flagCount != nil { throw ArgumentError("--shard-count is only for --shard auto, not --shard K/N") }
            let s = text.split(separator: "/", omittingEmptySubsequences: false)
            guard s.count == 2, let k = decimal(s[0]), let n = decimal(s[1]), n >= 1, n <= maxCount, k < n else {
                throw ArgumentError("--shard needs K/N with 0 <= K < N <= \(maxCount), or auto")
            }
            return (k, n)
        }
        let slurm = env["SLURM_ARRAY_TASK_ID"] != nil
        let kubernetes = env["JOB_COMPLETION_INDEX"] != nil
        if slurm && kubernetes {
            throw ArgumentError(
                "--shard auto: both SLURM_ARRAY_TASK_ID and JOB_COMPLETION_INDEX are set; unset the one that does not belong to this scheduler")
        }
        let envCount = try variable("MOTIONKERNEL_SHARD_COUNT", env, min: 1, max: maxCount)
        if let a = flagCount, let b = envCount, a != b {
            throw ArgumentError("--shard auto: --shard-count \(a) disagrees with MOTIONKERNEL_SHARD_COUNT=\(b)")
        }
        let given = flagCount ?? envCount
        let givenName = flagCount != nil ? "--shard-count" : "MOTIONKERNEL_SHARD_COUNT"
        if kubernetes {
            guard let index = try variable("JOB_COMPLETION_INDEX", env, min: 0) else { return nil }
            guard let n = given else {
                throw ArgumentError(
                    "--shard auto: JOB_COMPLETION_INDEX is set but the shard count is not; give --shard-count N or set MOTIONKERNEL_SHARD_COUNT (the Job's completions)"
                )
            }
            guard index < n else {
                throw ArgumentError("--shard auto: JOB_COMPLETION_INDEX=\(index) is not below the shard count \(n) (\(givenName))")
            }
            return (index, n)
        }
        guard slurm, let id = try variable("SLURM_ARRAY_TASK_ID", env, min: 0) else {
            throw ArgumentError(
                "--shard auto: neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set")
        }
        let taskCount = try variable("SLURM_ARRAY_TASK_COUNT", env, min: 1, max: maxCount)
        let lo = try variable("SLURM_ARRAY_TASK_MIN", env, min: 0)
        let hi = try variable("SLURM_ARRAY_TASK_MAX", env, min: 0)
        let k: Int, n: Int
        switch (lo, hi) {
        case (let lo?, let hi?):
            let step = try variable("SLURM_ARRAY_TASK_STEP", env, min: 1) ?? 1
            guard lo <= hi else { throw ArgumentError("--shard auto: SLURM_ARRAY_TASK_MIN=\(lo) is above SLURM_ARRAY_TASK_MAX=\(hi)") }
            guard id >= lo, id <= hi else {
                throw ArgumentError("--shard auto: SLURM_ARRAY_TASK_ID=\(id) is outside SLURM_ARRAY_TASK_MIN..SLURM_ARRAY_TASK_MAX = \(lo)...\(hi)")
            }
            // (MAX − MIN) / STEP rounds down, so MAX may be the last ID (12 for 0-15:4, as
            // Slurm sets it) or the range's end (15).
            guard (id - lo) % step == 0 else {
                throw ArgumentError(
                    "--shard auto: SLURM_ARRAY_TASK_ID=\(id) is not on the array's range \(lo)-\(hi):\(step) (SLURM_ARRAY_TASK_STEP); submit with --array=A-B or --array=A-B:S"
                )
            }
            k = (id - lo) / step
            n = (hi - lo) / step + 1
            if let c = taskCount, c != n {
                throw ArgumentError(
                    "--shard auto: SLURM_ARRAY_TASK_COUNT=\(c) but \(lo)-\(hi):\(step) (SLURM_ARRAY_TASK_MIN, _MAX, _STEP) has \(n) indexes: the array is not one evenly spaced range; submit with --array=A-B or --array=A-B:S"
                )
            }
        case (nil, nil):
            guard let c = taskCount else {
                throw ArgumentError("--shard auto: SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_COUNT nor SLURM_ARRAY_TASK_MIN/MAX is")
            }
            guard id < c else {
                throw ArgumentError(
                    "--shard auto: SLURM_ARRAY_TASK_ID=\(id) is not below SLURM_ARRAY_TASK_COUNT=\(c) (without SLURM_ARRAY_TASK_MIN/MAX the array must be 0-(COUNT-1))"
                )
            }
            (k, n) = (id, c)
        case (nil, _):
            throw ArgumentError("--shard auto: SLURM_ARRAY_TASK_MAX is set but SLURM_ARRAY_TASK_MIN is not")
        case (_, nil):
            throw ArgumentError("--shard auto: SLURM_ARRAY_TASK_MIN is set but SLURM_ARRAY_TASK_MAX is not")
        }
        guard n <= maxCount else { throw ArgumentError("--shard auto: the Slurm array has \(n) tasks; the limit is \(maxCount)") }
        if let g = given, g != n {
            throw ArgumentError("--shard auto: \(givenName) \(g) disagrees with the Slurm array's size, \(n)")
        }
        return (k, n)
    }

    /// A variable's value as a whole number in `min...max` (nil when unset).
    /// - Throws: ``ArgumentError`` "`--shard auto: NAME=… is not …`".
    private static func variable(_ name: String, _ env: [String: String], min: Int, max: Int? = nil) throws(ArgumentError) -> Int? {
        guard let text = env[name] else { return nil }
        guard let v = decimal(Substring(text)), v >= min, v <= max ?? Int.max else {
            let escaped = text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? String($0) : "?" }.joined()
            let range = max.map { "from \(min) to \($0)" } ?? (min == 0 ? ">= 0" : ">= \(min)")
            throw ArgumentError("--shard auto: \(name)='\(escaped.prefix(40))' is not a whole number \(range)")
        }
        return v
    }

    /// A plain decimal number: 1 to 15 ASCII digits, nothing else (no sign, space or `0x`).
    static func decimal<S: StringProtocol>(_ s: S) -> Int? {
        guard !s.isEmpty, s.utf8.count <= 15, s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(s)
    }
}
