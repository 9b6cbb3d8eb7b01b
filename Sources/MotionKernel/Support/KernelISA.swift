internal import CMotionKernelSIMD

/// A vector instruction-set level of the C kernels (the `CMotionKernelSIMD` target): the build
/// a kernel runs (`KernelDispatch`) and the stores a streaming copy uses (`StreamingStores`).
///
/// The case names are the values of the environment variable `MOTIONKERNEL_ISA`
/// (`KernelDispatch.parseLevel`); the raw values are the C constants `MK_ISA_*` of `mk_isa.h`.
@usableFromInline
enum KernelISA: Int32, Sendable, CaseIterable {
    /// The portable build (SSE2 on x86-64, NEON on arm64) and plain stores (`memcpy`): every CPU.
    case portable = 0
    /// The AVX2 build and 32-byte non-temporal stores (x86-64 with AVX2).
    case avx2 = 1
    /// The AVX-512 build (F, DQ, VL, BW) and 64-byte non-temporal stores.
    case avx512 = 2

    /// Whether this CPU and OS can run the level (checked at run time; `portable`: always).
    var isSupported: Bool { mk_isa_supported(rawValue) != 0 }

    /// The best level this CPU and OS support, detected at run time.
    static var best: KernelISA { KernelISA(rawValue: mk_isa_best()) ?? .portable }
}
