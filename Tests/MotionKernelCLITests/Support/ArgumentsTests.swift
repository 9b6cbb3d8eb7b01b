import Testing
@testable import MotionKernelCLI
@testable import MotionKernelEval

@Suite("argument parser")
struct ArgumentsTests {
    @Test("values, repeated options, flags, positional words and --help")
    func parses() throws {
        let a = try Arguments(
            ["in.json", "--out", "-dir", "--option", "a=1", "--json", "--option", "b=2", "-3", "-h"],
            options: ["--out"], repeatable: ["--option"], flags: ["--json"], maxPositional: 2)
        #expect(a["--out"] == "-dir")  // a value may start with "-"
        #expect(a.repeated["--option"] == ["a=1", "b=2"])
        #expect(a.flags == ["--json"])
        #expect(a.positional == ["in.json", "-3"])  // a negative number is a word, not an option
        #expect(a.wantsHelp)
        #expect(try !Arguments([], options: [], maxPositional: 0).wantsHelp)
    }

    @Test(
        "usage errors name the option",
        arguments: [
            (["--out"], "--out needs a value"),
            (["--out", "a", "--out", "b"], "--out given more than once"),
            (["--json", "--json"], "--json given more than once"),
            (["--bogus"], "unknown option '--bogus'; expected one of --help, --json, --out"),
            (["-x"], "unknown option '-x'"),
            (["a", "b"], "unexpected argument 'b'"),
        ])
    func errors(_ c: ([String], String)) {
        #expect(throws: ArgumentError.self) { try Arguments(c.0, options: ["--out"], flags: ["--json"], maxPositional: 1) }
        do { _ = try Arguments(c.0, options: ["--out"], flags: ["--json"], maxPositional: 1) } catch {
            #expect(error.message.hasPrefix(c.1), "\(error.message)")
        }
    }

    @Test("integer and choice check their ranges")
    func typed() throws {
        let a = try Arguments(["--n", "65", "--f", "xml"], options: ["--n", "--f"], maxPositional: 0)
        #expect(throws: ArgumentError("--n needs a whole number from 1 to 64")) { try a.integer("--n", in: 1...64) }
        #expect(throws: ArgumentError("--f must be npy, csv or json")) { try a.choice("--f", ["npy", "csv", "json"]) }
        #expect(try a.integer("--m", in: 1...64) == nil)
    }

    @Test("every subcommand's --help documents each option its parser accepts")
    func helpIsComplete() {
        let options: [String: [String]] = [
            "batch": [
                "--out", "--format", "--threads", "--shard", "--chunk-numbers", "--help",
                "--shard auto", "--shard-count", "SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX",
            ],
            "merge": ["DIR...", "--out", "--help"],
            "presets": ["sample", "--fps", "--option", "--format", "--help"],
            "bench": ["--json", "--filter", "--threads", "--help"],
            "eval": ["--help"], "version": ["--help"], "help": ["--help"],
            "plot": ["spring", "timing", "keyframes", "preset", "plot help KIND"],
        ]
        for sub in MotionKernelCommand.subcommands {
            let help = MotionKernelCommand.help(sub)
            #expect(help.contains("Usage: motionkernel \(sub.name)"), "\(sub.name)")
            for o in options[sub.name] ?? ["?"] { #expect(help.contains(o), "\(sub.name) --help lacks \(o)") }
        }
    }
}
