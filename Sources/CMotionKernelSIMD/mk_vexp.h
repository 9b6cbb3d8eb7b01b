// Eight lanes of mk_expm1_neg and mk_exp_neg (include/mk_exp.h): the same operations in the same
// order on mk_d8, so every lane has the scalar function's bits. Included by a kernel body once
// per ISA level (MK_ATTR, MK_FN: see mk_kernel.h), after mk_kernel.h; no include guard.
#include "mk_exp.h"

#ifndef MK_VEXP_SELECT
/// The lanes of `a` where `m` is set, else those of `b`.
#define MK_VEXP_SELECT(m, a, b) ((mk_d8)(((mk_l8)(a) & (m)) | ((mk_l8)(b) & ~(m))))
#endif

MK_ATTR MK_INLINE static inline mk_d8 MK_FN(v_exp_poly)(mk_d8 r) {
#pragma clang fp contract(off)
    mk_d8 r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
    mk_d8 a0 = MK_EXP_C2 + MK_EXP_C3 * r, a1 = MK_EXP_C4 + MK_EXP_C5 * r, a2 = MK_EXP_C6 + MK_EXP_C7 * r;
    mk_d8 a3 = MK_EXP_C8 + MK_EXP_C9 * r, a4 = MK_EXP_C10 + MK_EXP_C11 * r, a5 = MK_EXP_C12 + MK_EXP_C13 * r;
    mk_d8 b0 = a0 + a1 * r2, b1 = a2 + a3 * r2, b2 = a4 + a5 * r2;
    return r + r2 * ((b0 + b1 * r4) + b2 * r8);
}

/// The reduction of x (clamped below at `lo`): p = e^r − 1 and n, as the scalar functions form them.
MK_ATTR MK_INLINE static inline mk_d8 MK_FN(v_exp_reduce)(mk_d8 x, double lo, mk_l8 *n) {
#pragma clang fp contract(off)
    mk_d8 vlo = MK_SPLAT8(lo);
    mk_d8 xc = MK_VEXP_SELECT(x < vlo, vlo, x);
    mk_d8 z = xc * MK_EXP_INVLN2 + MK_EXP_SHIFT;
    mk_d8 nd = z - MK_EXP_SHIFT;
    mk_d8 r = (xc - nd * MK_EXP_LN2_HI) - nd * MK_EXP_LN2_LO;
    *n = (mk_l8)z - MK_EXP_SHIFT_BITS;
    return MK_FN(v_exp_poly)(r);
}

/// 2^e lane by lane for −1022 ≤ e ≤ 1023.
MK_ATTR MK_INLINE static inline mk_d8 MK_FN(v_exp_pow2)(mk_l8 e) { return (mk_d8)((e + 1023) << 52); }

/// mk_expm1_neg in each lane.
MK_ATTR MK_INLINE static inline mk_d8 MK_FN(v_expm1_neg)(mk_d8 x) {
#pragma clang fp contract(off)
    mk_l8 n;
    mk_d8 p = MK_FN(v_exp_reduce)(x, -45.0, &n);
    mk_d8 s = MK_FN(v_exp_pow2)(n);
    mk_d8 y = s * p + (s - 1.0);
    return MK_VEXP_SELECT(x == 0, x, y);
}

/// mk_exp_neg in each lane.
MK_ATTR MK_INLINE static inline mk_d8 MK_FN(v_exp_neg)(mk_d8 x) {
#pragma clang fp contract(off)
    mk_l8 n;
    mk_d8 p = MK_FN(v_exp_reduce)(x, -760.0, &n);
    mk_l8 a = n >> 1;
    mk_d8 sa = MK_FN(v_exp_pow2)(a), sb = MK_FN(v_exp_pow2)(n - a);
    return (sa + sa * p) * sb;
}

