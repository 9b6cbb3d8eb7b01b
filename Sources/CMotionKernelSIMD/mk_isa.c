// Run-time detection of the instruction-set levels; see include/mk_isa.h.
#include "mk_isa.h"

// __builtin_cpu_supports reads the CPU model that the compiler runtime fills in from a load-time
// constructor (cpuid, and xgetbv for the OS-enabled AVX/AVX-512 state), so calls after start-up
// only read it: no __builtin_cpu_init here, no state of our own.
int mk_isa_supported(int isa) {
    switch (isa) {
    case MK_ISA_PORTABLE: return 1;
#if defined(__x86_64__)
    case MK_ISA_AVX2: return __builtin_cpu_supports("avx2") ? 1 : 0;
    case MK_ISA_AVX512:
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
                       __builtin_cpu_supports("avx512bw")
                   ? 1
                   : 0;
#endif
    default: return 0;
    }
}

int mk_isa_best(void) {
    if (mk_isa_supported(MK_ISA_AVX512)) return MK_ISA_AVX512;
    if (mk_isa_supported(MK_ISA_AVX2)) return MK_ISA_AVX2;
    return MK_ISA_PORTABLE;
}
