// e^x and e^x − 1 for x ≤ 0, deterministic: the exponential decays' factors (x = k·t with the
// decay constant k < 0 and t ≥ 0). Internal to MotionKernel.
//
// Why the project's own: a system libm's exp and expm1 differ between platforms (glibc, Apple's
// libm) and releases in the last bit, and cannot be vectorised with the same bits. These use
// only correctly rounded IEEE operations (add, subtract, multiply) with contraction off, so the
// scalar functions here and the vector lanes of the C kernels (mk_vexp.h, the same operations in
// the same order) give the same bits on every CPU and at every instruction-set level.
//
// Method. x is clamped below (to −45 for expm1, where e^x < 2⁻⁶⁴ and the result rounds to −1;
// to −760 for exp, where the result rounds to 0), then reduced: n = round(x/ln 2) (by adding
// and subtracting 1.5·2⁵², ties to even), r = (x − n·L₁) − n·L₂ with ln 2 = L₁ + L₂ split so that
// n·L₁ is exact (L₁ has 33 significant bits, |n| ≤ 1097) and x − n·L₁ is exact (Sterbenz:
// x and n·L₁ are within a factor 2 of each other when n ≠ 0), |r| ≤ ln 2/2 + 2⁻⁴⁰. Then
// p = r + r²·P(r) with P the Taylor series of (e^r − 1 − r)/r² through r¹¹/13! (truncation
// below 2⁻⁵⁶·|r|; evaluated by Estrin's scheme), and
//   expm1: 2ⁿ·p + (2ⁿ − 1)   (2ⁿ·p and 2ⁿ − 1 exact for −65 ≤ n ≤ 0; n = 0 gives p itself),
//   exp:   (2ᵃ + 2ᵃ·p)·2ᵇ     (a = ⌊n/2⌋, b = n − a: each power normal; exact scalings unless
//                              the result is subnormal).
//
// Error bound (u = 2⁻⁵³), derived term by term:
// - r: x − n·L₁ is exact; n·L₂ is rounded (≤ 2⁻⁷² absolute), and so is the last subtraction
//   (≤ u·|r|). The error in e^r from r's is at most e^r·|r|·u.
// - p: P(r) ∈ [0.44, 0.57] is computed within about 4·u relative (Estrin's levels: each adds at
//   most 2·u to terms of decreasing size), r² within u, and |r²·P| ≤ 0.2·|r|; with the final
//   addition (0.5·u·|p|), r's error (e^r·|r|·u ≤ 1.42·|r|·u) and |p| ≥ 0.84·|r|, p is within
//   (0.5 + 0.2·6/0.84 + 1.42/0.84)·u ≤ 3.6·u of e^r − 1, relative.
// - expm1: n = 0 gives p (3.6·u). For n = −1, |2ⁿ·p| ≤ 0.21 and |y| ≥ 0.29: 0.5·u + 3.6·u·0.21/0.29
//   ≤ 3.1·u; for n ≤ −2, |2ⁿ·p| ≤ 0.11 and |y| ≥ 0.64: ≤ 1.7·u (the rounding of 2ⁿ − 1 below
//   n = −53 included).
// - exp: 1 + p is within 3.6·u·0.42 + 0.5·u ≤ 2.1·u (|p|/(1 + p) ≤ 0.42); the scalings are
//   exact for normal results (subnormal ones round once more: one subnormal ulp).
// So both are within 4·u relative (the tests check this bound against a 64-bit-significand
// reference).
#ifndef MK_EXP_H
#define MK_EXP_H

#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/// 1.5·2⁵²: x + S − S rounds x to an integer (ties to even) for |x| < 2⁵¹, and the low bits of
/// x + S then hold that integer.
#define MK_EXP_SHIFT 0x1.8p52
#define MK_EXP_SHIFT_BITS 0x4338000000000000LL
#define MK_EXP_INVLN2 0x1.71547652b82fep0
#define MK_EXP_LN2_HI 0x1.62e42feep-1
#define MK_EXP_LN2_LO 0x1.a39ef35793c76p-33

/// The coefficients of P: 1/k! for k = 2 … 13 (each constant rounded once, at compile time).
#define MK_EXP_C2 (1.0 / 2.0)
#define MK_EXP_C3 (1.0 / 6.0)
#define MK_EXP_C4 (1.0 / 24.0)
#define MK_EXP_C5 (1.0 / 120.0)
#define MK_EXP_C6 (1.0 / 720.0)
#define MK_EXP_C7 (1.0 / 5040.0)
#define MK_EXP_C8 (1.0 / 40320.0)
#define MK_EXP_C9 (1.0 / 362880.0)
#define MK_EXP_C10 (1.0 / 3628800.0)
#define MK_EXP_C11 (1.0 / 39916800.0)
#define MK_EXP_C12 (1.0 / 479001600.0)
#define MK_EXP_C13 (1.0 / 6227020800.0)

/// e^r − 1 for |r| ≤ ln 2/2: r + r²·P(r), P by Estrin's scheme (pairs, then the powers r², r⁴
/// and r⁸: a short dependency chain for the vector lanes), no fused operations.
static inline double mk_exp_poly(double r) {
#pragma clang fp contract(off)
    double r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
    double a0 = MK_EXP_C2 + MK_EXP_C3 * r, a1 = MK_EXP_C4 + MK_EXP_C5 * r, a2 = MK_EXP_C6 + MK_EXP_C7 * r;
    double a3 = MK_EXP_C8 + MK_EXP_C9 * r, a4 = MK_EXP_C10 + MK_EXP_C11 * r, a5 = MK_EXP_C12 + MK_EXP_C13 * r;
    double b0 = a0 + a1 * r2, b1 = a2 + a3 * r2, b2 = a4 + a5 * r2;
    return r + r2 * ((b0 + b1 * r4) + b2 * r8);
}

/// 2^e for −1022 ≤ e ≤ 1023, from its bits.
static inline double mk_exp_pow2(int64_t e) {
    int64_t b = (e + 1023) * ((int64_t)1 << 52);
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

/// e^x − 1 for x ≤ 0 (within 4·2⁻⁵³ relative; −1 below −45; −0 for −0; NaN for NaN). Positive x
/// is outside the domain (its result is unspecified).
static inline double mk_expm1_neg(double x) {
#pragma clang fp contract(off)
    double xc = x < -45.0 ? -45.0 : x;
    double z = xc * MK_EXP_INVLN2 + MK_EXP_SHIFT;
    double n = z - MK_EXP_SHIFT;
    double r = (xc - n * MK_EXP_LN2_HI) - n * MK_EXP_LN2_LO;
    double p = mk_exp_poly(r);
    int64_t zb;
    memcpy(&zb, &z, sizeof zb);
    double s = mk_exp_pow2(zb - MK_EXP_SHIFT_BITS);
    double y = s * p + (s - 1.0);
    return x == 0 ? x : y;
}

/// e^x for x ≤ 0 (within 4·2⁻⁵³ relative for normal results; 0 below −760; NaN for NaN). Positive
/// x is outside the domain (its result is unspecified).
static inline double mk_exp_neg(double x) {
#pragma clang fp contract(off)
    double xc = x < -760.0 ? -760.0 : x;
    double z = xc * MK_EXP_INVLN2 + MK_EXP_SHIFT;
    double n = z - MK_EXP_SHIFT;
    double r = (xc - n * MK_EXP_LN2_HI) - n * MK_EXP_LN2_LO;
    double p = mk_exp_poly(r);
    int64_t zb;
    memcpy(&zb, &z, sizeof zb);
    int64_t ni = zb - MK_EXP_SHIFT_BITS;
    int64_t a = ni >> 1;
    double sa = mk_exp_pow2(a), sb = mk_exp_pow2(ni - a);
    return (sa + sa * p) * sb;
}

#ifdef __cplusplus
}
#endif

#endif
