// The vector instruction-set levels of the C kernels and their run-time detection.
// Internal to MotionKernel: the Swift façade is Sources/MotionKernel/Support/KernelISA.swift.
#ifndef MK_ISA_H
#define MK_ISA_H

#ifdef __cplusplus
extern "C" {
#endif

/// The instruction-set levels (the raw values of the Swift `KernelISA`).
enum {
    /// The kernels' portable builds and plain stores (memcpy): every CPU.
    MK_ISA_PORTABLE = 0,
    /// The kernels' AVX2 builds and 32-byte `vmovntps`/`vmovntpd` (x86-64 CPUs with AVX2).
    MK_ISA_AVX2 = 1,
    /// The kernels' AVX-512 builds and 64-byte `vmovntps`/`vmovntpd` (x86-64 CPUs with
    /// AVX-512 F, DQ, VL and BW: Skylake-X and later Xeons, Zen 4 and later).
    MK_ISA_AVX512 = 2,
};

/// Whether `isa` (one of the constants above) may run on this CPU (PORTABLE: always).
int mk_isa_supported(int isa);

/// The best level this CPU and OS support, checked at run time (`MK_ISA_PORTABLE` on other
/// architectures). Pure: no state of its own.
int mk_isa_best(void);

#ifdef __cplusplus
}
#endif

#endif
