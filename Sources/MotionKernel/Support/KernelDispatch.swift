#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which build of the C kernels (the `CMotionKernelSIMD` target) runs: the run-time dispatch
/// on the CPU's vector width.
///
/// Each C kernel is compiled three times — portable (SSE2 on x86-64, NEON on arm64), AVX2, and
/// AVX-512 (F, DQ, VL, BW) — from one source, with fixed-width vector types and floating-point
/// contraction off. The level therefore changes how many instructions an operation takes, never
/// its result: every level writes the same bytes (tested on every level the machine has). The
/// best level the CPU and OS support is detected once at start-up (`cpuid` and `xgetbv` through
/// the compiler runtime).
///
/// The environment variable `MOTIONKERNEL_ISA` (`portable`, `avx2` or `avx512`, read once per
/// process) caps the level, for comparison and for running the test suite on each build; a level
/// the CPU lacks runs the best one below it, and any other value is ignored.
enum KernelDispatch {
    /// The level named by `MOTIONKERNEL_ISA`, or nil when unset or not a level's name.
    static let environmentLevel: KernelISA? = parseLevel(getenv("MOTIONKERNEL_ISA").map { String(cString: $0) })

    /// Test switch: run this level (capped by the CPU) in the current task.
    @TaskLocal static var forcedLevel: KernelISA?

    /// The level kernels run at in the current task (read it on the calling thread: task-local
    /// switches do not reach `Parallel` worker threads).
    static var level: KernelISA {
        let want = forcedLevel ?? environmentLevel ?? StreamingStores.bestISA
        return KernelISA.allCases.last { $0.rawValue <= want.rawValue && $0.isSupported } ?? .portable
    }

    /// The levels this CPU can run, lowest first.
    static var supportedLevels: [KernelISA] {
        KernelISA.allCases.filter(\.isSupported)
    }

    /// `portable`, `avx2` or `avx512` (case-sensitive), else nil.
    static func parseLevel(_ text: String?) -> KernelISA? {
        switch text {
        case "portable": return .portable
        case "avx2": return .avx2
        case "avx512": return .avx512
        default: return nil
        }
    }

    /// Runs `body` with kernels at `level` (capped by the CPU) in the current task.
    static func withLevel<R, E: Error>(_ level: KernelISA, _ body: () throws(E) -> R) throws(E) -> R {
        try $forcedLevel.withValue(level, typed: body)
    }
}
