/// Facts about this build of MotionKernel, for benchmark and batch reports.
public enum BuildInfo {
    /// The BLAS linked in: "OpenBLAS", "Accelerate", or a note that portable loops are used.
    public static var blasImplementation: String { BLAS.implementationName }
    /// The kernel family the BLAS chose for this CPU (OpenBLAS: `openblas_get_corename()`).
    /// A generic "Prescott" on an AVX2 machine means OpenBLAS did not recognise the CPU;
    /// `make bench` then sets `OPENBLAS_CORETYPE=Haswell`.
    public static var blasCore: String { BLAS.coreName }
    /// The thread count BLAS may use.
    public static var blasThreads: Int { BLAS.threadCount }
    /// Whether this is an optimised build (release) — benchmarks refuse debug builds.
    public static var isOptimized: Bool {
        #if DEBUG
        return false
        #else
        return true
        #endif
    }

    /// The vector level the C kernels run at on the calling thread: `"portable"`, `"avx2"` or
    /// `"avx512"` (`KernelDispatch.level`: the best level the CPU and OS support, capped by the
    /// environment variable `MOTIONKERNEL_ISA`), as a static string for the C ABI's
    /// `mk_kernel_level`.
    package static var kernelLevel: StaticString {
        switch KernelDispatch.level {
        case .portable: return "portable"
        case .avx2: return "avx2"
        case .avx512: return "avx512"
        }
    }
}
