import MotionKernelEval

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `motionkernel bench …`: runs the benchmark binary `motionkernel-bench` found next to the
/// running `motionkernel`, passing the arguments through (CONTRIBUTING.md says why the
/// subcommand stays). The benchmark code lives in `Benchmarks/MotionKernelBenchmarks`, so the
/// shipped CLI holds none of it; its usage and help are `BenchUsage`'s, shared with
/// `motionkernel-bench`.
package enum BenchLauncher {
    /// Replaces this process with `motionkernel-bench ARGS…`; returns only on failure (status 1,
    /// the reason on standard error).
    static func run(_ args: [String]) -> Int32 {
        guard let folder = executableFolder() else {
            Terminal.err("Error: motionkernel bench: cannot find the folder of the running motionkernel\n")
            return MotionKernelCommand.Status.failure
        }
        let path = SafeFile.join(folder, BenchUsage.binaryName)
        guard access(path, X_OK) == 0 else {
            let reason = String(cString: strerror(errno))
            Terminal.err(
                "Error: motionkernel bench: cannot run '\(path)': \(reason); build it with `make build` "
                    + "(swift build -c release --product \(BenchUsage.binaryName))\n")
            return MotionKernelCommand.Status.failure
        }
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + args).map { strdup($0) }
        argv.append(nil)
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        for p in argv { free(p) }
        Terminal.err("Error: motionkernel bench: cannot run '\(path)': \(reason)\n")
        return MotionKernelCommand.Status.failure
    }

    /// The folder of the running executable, symbolic links resolved (`realpath` of
    /// `/proc/self/exe`, or of `_NSGetExecutablePath` on Darwin); nil when it cannot be found.
    static func executableFolder() -> String? {
        #if canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var raw = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&raw, &size) == 0, let resolved = realpath(raw, nil) else { return nil }
        #else
        guard let resolved = realpath("/proc/self/exe", nil) else { return nil }
        #endif
        defer { free(resolved) }
        let path = String(cString: resolved)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
