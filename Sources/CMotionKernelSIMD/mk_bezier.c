// The bulk cubic-Bézier kernel (mk_kernels.h's mk_bezier_table_f64), built per ISA level from
// mk_bezier_body.h.
//
// The one exception to "no FMA" in these kernels: CubicBezier.InverseTable evaluates its cells
// with fused multiply-adds (Swift's addingProduct, one rounding each, in every Swift build), and
// this kernel keeps those bits, so it calls fma explicitly (__builtin_elementwise_fma). A fused
// multiply-add is correctly rounded, so every level still gives the same bits: the AVX2 and
// AVX-512 builds use the vfmadd instructions (the AVX2 build is compiled with the fma target
// as well, and runs only where the CPU has FMA; otherwise the portable build runs), the portable
// build calls the C library's fma (hardware where the CPU has it, exact software otherwise).
// Contraction stays off: no other multiply and add is fused.
#include "mk_kernel.h"
#include "mk_kernels.h"
#include "mk_isa.h"

#if MK_X86
// This file's AVX2 build may use FMA instructions (mk_levels.h expands MK_ATTR_AVX2 here).
#undef MK_ATTR_AVX2
#define MK_ATTR_AVX2 __attribute__((target("avx2,fma")))
#endif

/// 4 doubles: one cell's coefficients.
typedef double mk_d4 __attribute__((vector_size(32)));

#define MK_BODY "mk_bezier_body.h"
#define MK_TAG f64
#include "mk_levels.h"

size_t mk_bezier_table_f64(const mk_bezier_table *table, const double *x, size_t count, double *y, size_t *pending,
                           size_t capacity, size_t *done, int isa) {
    int lv = mk_level(isa);
#if MK_X86
    if (lv == MK_ISA_AVX2 && !__builtin_cpu_supports("fma")) lv = MK_ISA_PORTABLE;
#endif
    return MK_DISPATCH(lv, bz_table_f64, table, x, count, y, pending, capacity, done);
}
