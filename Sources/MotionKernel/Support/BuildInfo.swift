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
}
