import MotionKernel
import MotionKernelEval
import MotionPresets

extension MotionKernelCommand {
    /// The text after the usage line of each subcommand's `--help` (plot's is
    /// ``PlotCommand/details``, bench's ``BenchLauncher/help``): what it does, every option,
    /// the exit statuses.
    enum Help {
        static let eval = """
            Reads one JSON request per line from standard input and writes one JSON answer per line
            to standard output, in order, until the end of the input (docs/eval-protocol.md). A
            request is {"id"?, "op", …fields, "precision"?: "double" | "float"}; an answer is
            {"id", "ok": true, "result"} or {"id", "ok": false, "error": {"code", "field", "message"}}.
            A line longer than \(Eval.maxLineBytes >> 20) MiB is answered with one invalidValue error and skipped.

            Ops: \(Eval.protocolOps.joined(separator: ", ")).

            Options:
              -h, --help         show this help (eval takes no other option or argument)

            Exit status: 0 at the end of the input; 1 when standard input cannot be read or
            standard output cannot be written; 64 on a usage error.

            """

        static let batch = """
            Evaluates every job of SPEC.json (without it, the built-in example spec) with the bulk
            kernels, writes each output as DIR/<job>.<output>.npy (or .csv / .json) and
            DIR/summary.json, and prints a one-screen summary (docs/batch.md). The whole spec is
            validated before any work starts; on a failure nothing is left in DIR.

            Arguments:
              SPEC.json          the job spec, a regular file or a pipe of at most \(BatchSpec.maxSpecBytes >> 20) MiB

            Options:
              --out DIR          output folder, created when missing (default: out)
              --format FMT       npy (default), csv or json
              --threads N        worker threads of the bulk kernels, 1 to 64 (default 1); the
                                 outputs are the same for every N
              --shard K/N        evaluate only the K-th of N contiguous row ranges (0 <= K < N);
                                 files are named <job>.<output>.shard-K-of-N.<ext> and
                                 summary.shard-K-of-N.json; `motionkernel merge` joins the shards
                                 into the unsharded output, byte for byte
              --shard auto       take K and N from a Slurm job array (SLURM_ARRAY_TASK_ID with
                                 SLURM_ARRAY_TASK_MIN/MAX/STEP or SLURM_ARRAY_TASK_COUNT) or a
                                 Kubernetes Indexed Job (JOB_COMPLETION_INDEX); a missing or
                                 inconsistent environment is a usage error (docs/cluster.md)
              --shard-count N    with --shard auto: N for a Kubernetes Indexed Job (else
                                 MOTIONKERNEL_SHARD_COUNT); with Slurm, a check of the array's size
              --chunk-numbers N  numbers per output evaluated and written at a time, 1 to \(1 << 26)
                                 (default \(BatchCommand.chunkNumbers)); memory is O(N), outputs do not depend on it
              -h, --help         show this help

            Exit status: 0 when every output and summary.json were written; 1 for an unreadable or
            invalid spec, a failed evaluation or a failed write; 64 on a usage error.

            """

        static let merge = """
            Joins the .npy shards of a sharded batch run (--shard K/N or --shard auto) into
            OUT/<job>.<output>.npy and OUT/summary.json: the same bytes as the unsharded run. The
            shards are found by their summary.shard-K-of-N.json in the folders given, and checked
            before anything is written: every index 0..N-1 exactly once, one shard count, spec
            hash and version, the same jobs, dtypes and trailing shapes, and every file's size
            against its header. The data are copied through a fixed \(MergeCommand.bufferBytes >> 20) MiB buffer into
            temporary files renamed at the end, summary.json last; on a failure nothing is left.
            CSV and JSON shards are refused (rerun them with --format npy).

            Arguments:
              DIR...             folders holding the shards (each at least one)

            Options:
              --out DIR          output folder, created when missing (default: the first DIR)
              -h, --help         show this help

            Exit status: 0 when every output and summary.json were written; 1 for missing,
            duplicated, mismatched or truncated shards or a failed write; 64 on a usage error.

            """

        static let presets = """
            Without arguments, lists the presets with their layers, options and defaults.
            With `sample NAME`, writes the frames of one preset to standard output.

            Arguments:
              sample NAME        the preset to sample (`motionkernel presets` lists the names)

            Options (after sample NAME):
              --fps N            frames per second, a number in (0, \(Int(FrameTimes.maxFPS))] (default 60)
              --option KEY=VALUE set one option of the preset to a finite number; repeatable, each
                                 key at most once (default: the preset's defaults)
              --format FMT       json (default): the preset.sample result, {"duration", "frames": [...]};
                                 csv: a header time,<layer>.m11,…,<layer>.m44,<layer>.opacity,… and
                                 one row per frame; npy: a float64 array of shape
                                 (frames, 1 + 17 × layers), columns as in the CSV
              -h, --help         show this help

            Exit status: 0 on success; 1 when standard output cannot be written; 64 on a usage
            error or a bad preset, option or fps.

            """

        static let version = """
            Prints `motionkernel VERSION` (also `motionkernel --version`).

            Options:
              -h, --help         show this help

            """

        static let help = """
            Without SUBCOMMAND, prints the list of subcommands; with it, the subcommand's complete
            help (the same as `motionkernel SUBCOMMAND --help`). `motionkernel plot help KIND`
            describes one plot kind.

            Options:
              -h, --help         show this help

            """
    }
}
