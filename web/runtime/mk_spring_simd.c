// The WebAssembly module's Float32 spring batch kernel: one spring's row of T samples, four
// times per 128-bit vector (wasm SIMD128), for `mk.springBatch` on Float32Array input.
//
// The formulas are those of the core's Spring.directPropagator (Spring+State.swift), applied
// to y0 = from − to and v0 = velocity, with B = v0 + λ·y0:
//   |q|·t² ≤ 1 (near critical, or early):  x = to + e^{−λt}·(C·y0 + S·B), with the series
//       C = Σ zⁿ/(2n)!, S = t·Σ zⁿ/(2n+1)!, z = −q·t² (|z| ≤ 1; terms to z⁷, < 1/16! ≈ 5·10⁻¹⁴);
//   under-damped (q > 0):                  x = to + e^{−λt}·(y0·cos(st) + (B/s)·sin(st));
//   over-damped (q < 0, μt > 1):           x = to + c1·e^{r1 t} + c2·e^{r2 t}, with the slow root
//       r1 = −ω0²/(λ+μ), the fast root r2 = −(λ+μ), c1 = (v0 − r2·y0)/(2μ), c2 = (r1·y0 − v0)/(2μ);
//   t ≤ 0:                                 x = from (the motion has not started).
//
// Arithmetic and error, for the bound 10⁻⁵ of the motion's scale (max(|from|, |to|, |v0|/ω0,…))
// that the Float32 batch promises:
//   - The phase st is formed and reduced modulo π/2 in Double (Cody–Waite with fdlibm's 33-bit
//     split of π/2, exact for a quotient below 2²⁰), so a long time costs no accuracy; only the
//     reduced angle |r| ≤ π/4 goes to Float. A row whose largest phase exceeds 2¹⁹ rad is left
//     to the scalar path (status 1), which reduces exactly.
//   - sin r and cos r are Taylor polynomials to r⁹ and r¹⁰ (remainders r¹¹/11! and r¹²/12!,
//     below 2·10⁻⁹ and 2·10⁻¹⁰ at π/4), evaluated in Float: a few ulps of Float (6·10⁻⁸).
//   - e^x (x ≤ 0) is 2ⁿ·p(r), n = round(x/ln 2), r = x − n·ln 2 in two Float steps (Cody–Waite:
//     ln 2's high part has 9 significant bits, so n·ln2_hi is exact for |n| ≤ 2¹⁵), p the Taylor
//     polynomial to r⁷ (remainder r⁸/8! < 6·10⁻⁹ for |r| ≤ ln 2/2): a few ulps. Below
//     x = −87.3, e^x (< 2⁻¹²⁶) is 0, which is below 10⁻³⁸ of the scale.
//   - The decay exponent −λt is rounded to Float before e^x: a relative error |λt|·2⁻²⁴ in
//     e^{−λt}, and |λt|·e^{−λt} ≤ 1/e, so at most 2.2·10⁻⁸ of the scale.
//   - The constants (λ, s, B/s, c1, c2, …) are computed in Double from the Float32 parameters
//     and rounded once to Float.
// The sum of these stays far below 10⁻⁵ of the scale; web/tests/compare.mjs checks every row
// against the Double eval answer for under-, critically and over-damped springs.
#include <stdint.h>
#include <wasm_simd128.h>

#include "mk_wasm_runtime.h"

typedef float mk_f4 __attribute__((vector_size(16), aligned(4)));
typedef int32_t mk_i4 __attribute__((vector_size(16), aligned(4)));
typedef double mk_d2 __attribute__((vector_size(16), aligned(8)));
typedef int64_t mk_l2 __attribute__((vector_size(16), aligned(8)));

#define MK_SPLAT4(x) ((mk_f4){(x), (x), (x), (x)})

// e^x for x ≤ 0 (see above).
static inline mk_f4 mk_vexp_nonpositive(mk_f4 x) {
    const float log2e = 1.44269504088896341f, ln2_hi = 0.693359375f, ln2_lo = -2.12194440e-4f;
    mk_f4 n = (mk_f4)wasm_f32x4_nearest((v128_t)(x * log2e));
    mk_f4 r = x - n * ln2_hi;
    r = r - n * ln2_lo;
    mk_f4 p = MK_SPLAT4(1.0f / 5040);
    p = p * r + 1.0f / 720;
    p = p * r + 1.0f / 120;
    p = p * r + 1.0f / 24;
    p = p * r + 1.0f / 6;
    p = p * r + 0.5f;
    p = p * r + 1.0f;
    p = p * r + 1.0f;
    mk_i4 ni = __builtin_convertvector(n, mk_i4);
    mk_i4 bits = (ni + 127) << 23;
    mk_f4 scaled = p * (mk_f4)bits;
    mk_i4 tiny = x < -87.3f;  // all ones where e^x < 2^-126: also keeps n + 127 ≥ 1 above
    return (mk_f4)((mk_i4)scaled & ~tiny);
}

// sin and cos of the Double phases (a: lanes 0–1, b: lanes 2–3), |phase| < 2¹⁹·π/2.
static inline void mk_vsincos(mk_d2 a, mk_d2 b, mk_f4 *sine, mk_f4 *cosine) {
    const double two_over_pi = 6.36619772367581382433e-01;
    const double pio2_1 = 1.57079632673412561417e+00;   // the first 33 bits of π/2
    const double pio2_1t = 6.07710050650619224932e-11;  // π/2 − pio2_1
    mk_d2 ka = (mk_d2)wasm_f64x2_nearest((v128_t)(a * two_over_pi));
    mk_d2 kb = (mk_d2)wasm_f64x2_nearest((v128_t)(b * two_over_pi));
    mk_d2 ra = (a - ka * pio2_1) - ka * pio2_1t;
    mk_d2 rb = (b - kb * pio2_1) - kb * pio2_1t;
    mk_f4 r = {(float)ra[0], (float)ra[1], (float)rb[0], (float)rb[1]};
    // The quadrants' low bits from k + 1.5·2⁵² (a bit cast: a float-to-integer conversion traps
    // out of range in WebAssembly, and times ≤ 0 reach here with any phase before being masked).
    mk_l2 qa = (mk_l2)(ka + 6755399441055744.0), qb = (mk_l2)(kb + 6755399441055744.0);
    mk_i4 quadrant = {(int32_t)qa[0], (int32_t)qa[1], (int32_t)qb[0], (int32_t)qb[1]};
    quadrant &= 3;
    mk_f4 r2 = r * r;
    mk_f4 s = MK_SPLAT4(1.0f / 362880);
    s = s * r2 - 1.0f / 5040;
    s = s * r2 + 1.0f / 120;
    s = s * r2 - 1.0f / 6;
    s = s * r2 * r + r;
    mk_f4 c = MK_SPLAT4(-1.0f / 3628800);
    c = c * r2 + 1.0f / 40320;
    c = c * r2 - 1.0f / 720;
    c = c * r2 + 1.0f / 24;
    c = c * r2 - 0.5f;
    c = c * r2 + 1.0f;
    // Quadrant k: sin θ = (sin r, cos r, −sin r, −cos r)[k], cos θ = (cos r, −sin r, −cos r, sin r)[k].
    mk_i4 odd = (quadrant & 1) != 0;
    mk_i4 sinNeg = (quadrant & 2) != 0;
    mk_i4 cosNeg = ((quadrant + 1) & 2) != 0;
    mk_f4 sv = (mk_f4)(((mk_i4)s & ~odd) | ((mk_i4)c & odd));
    mk_f4 cv = (mk_f4)(((mk_i4)c & ~odd) | ((mk_i4)s & odd));
    const mk_i4 sign = {INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN};
    *sine = (mk_f4)((mk_i4)sv ^ (sign & sinNeg));
    *cosine = (mk_f4)((mk_i4)cv ^ (sign & cosNeg));
}

int mk_spring_row_f32(double mass, double stiffness, double damping, double from, double to, double velocity,
                      const float *times, int count, double tmax, float *out) {
    double lambda = damping / (2 * mass), w2 = stiffness / mass, w = __builtin_sqrt(w2);
    double q = (w - lambda) * (w + lambda);
    double y0 = from - to, v0 = velocity, b = v0 + lambda * y0;
    double s = __builtin_sqrt(q < 0 ? -q : q);
    if (q > 0 && s * tmax >= 823549.6) return 1;  // 2¹⁹ rad: the scalar path reduces exactly
    double r1 = 0, r2 = 0, c1 = 0, c2 = 0;
    if (q < 0) {
        r1 = -w2 / (lambda + s);
        r2 = -(lambda + s);
        c1 = (v0 - r2 * y0) / (2 * s);
        c2 = (r1 * y0 - v0) / (2 * s);
    }
    const float qf = (float)q, lf = (float)lambda, tof = (float)to, fromf = (float)from;
    const float y0f = (float)y0, bf = (float)b, bsf = q > 0 ? (float)(b / s) : 0.0f;
    const float r1f = (float)r1, r2f = (float)r2, c1f = (float)c1, c2f = (float)c2;
    const mk_d2 sd = {s, s};
    int bad = 0;
    for (int32_t j = 0; j < count; j += 4) {
        mk_f4 t = {0, 0, 0, 0};
        int32_t lanes = count - j < 4 ? count - j : 4;
        if (lanes == 4) __builtin_memcpy(&t, times + j, 16);
        else for (int32_t k = 0; k < lanes; k++) t[k] = times[j + k];
        mk_f4 z = -qf * t * t;
        mk_i4 series = (z <= 1.0f) & (z >= -1.0f);
        mk_f4 x = MK_SPLAT4(0.0f);
        int anySeries = wasm_v128_any_true((v128_t)series), allSeries = wasm_i32x4_all_true((v128_t)series);
        if (anySeries) {
            mk_f4 c = MK_SPLAT4(1.0f / 87178291200.0f), sn = MK_SPLAT4(1.0f / 1307674368000.0f);
            const float even[7] = {1.0f / 479001600, 1.0f / 3628800, 1.0f / 40320, 1.0f / 720, 1.0f / 24, 0.5f, 1.0f};
            const float odd[7] = {1.0f / 6227020800.0f, 1.0f / 39916800, 1.0f / 362880, 1.0f / 5040, 1.0f / 120,
                                  1.0f / 6, 1.0f};
            for (int n = 0; n < 7; n++) {
                c = c * z + even[n];
                sn = sn * z + odd[n];
            }
            mk_f4 e = mk_vexp_nonpositive(-lf * t);
            x = tof + e * (c * y0f + sn * t * bf);
        }
        if (!allSeries) {
            mk_f4 y;
            if (q > 0) {
                mk_d2 ta = {(double)t[0], (double)t[1]}, tb = {(double)t[2], (double)t[3]};
                mk_f4 sine, cosine;
                mk_vsincos(ta * sd, tb * sd, &sine, &cosine);
                mk_f4 e = mk_vexp_nonpositive(-lf * t);
                y = tof + e * (y0f * cosine + bsf * sine);
            } else {
                y = tof + c1f * mk_vexp_nonpositive(r1f * t) + c2f * mk_vexp_nonpositive(r2f * t);
            }
            x = (mk_f4)(((mk_i4)x & series) | ((mk_i4)y & ~series));
        }
        mk_i4 started = t > 0.0f;
        x = (mk_f4)(((mk_i4)x & started) | ((mk_i4)MK_SPLAT4(fromf) & ~started));
        mk_i4 finite = (x - x) == 0.0f;
        bad |= !wasm_i32x4_all_true((v128_t)(finite | (mk_i4){lanes > 0 ? 0 : -1, lanes > 1 ? 0 : -1, lanes > 2 ? 0 : -1, lanes > 3 ? 0 : -1}));
        if (lanes == 4) __builtin_memcpy(out + j, &x, 16);
        else for (int32_t k = 0; k < lanes; k++) out[j + k] = x[k];
    }
    return bad ? 2 : 0;
}

// ---------------------------------------------------------------------------------------------
// The Float64 kernel: two samples per 128-bit vector, the core's direct propagator
// (Spring.directPropagator, Spring+State.swift) operation for operation, with the spring's own
// constants (λ, q, s = √|q|, ω₀², ρ from Spring<Double>), so that only exp, sin and cos differ
// from the scalar path: here vector polynomials within about 1 ulp, there the module's libm
// (mk_math.c, within 0.65 ulp).
//
//   - e^x, −708 ≤ x ≤ 0: 2^m·2^(j/32)·(1 + q(r)), n = round(32x/ln 2) = 32m + j, r = x − n·hi −
//     n·lo with hi + lo = ln 2/32 (hi with 21 trailing zero bits, so n·hi is exact and x − n·hi
//     exact by Sterbenz), |r| ≤ ln 2/64; q the Taylor polynomial of e^r − 1 to r⁶ (remainder
//     r⁷/7! < 4·10⁻¹⁸, below ulp(1)/30); 2^(j/32) from a table of 32 correctly rounded values,
//     added as t + t·q so that q's rounding errors scale by |q| ≤ 0.011: within one ulp (measured
//     at most 0.997 ulp over 2·10⁵ arguments against 40-digit decimal exp). Below −708,
//     e^x < 2⁻¹⁰²¹ is 0: the row values it multiplies are bounded by the
//     motion's scale times a factor polynomial in t (the core's own bound on Φ), so the loss
//     is below 10⁻³⁰⁰ of the scale.
//   - sin θ, cos θ for 0 ≤ θ ≤ 65536 (the core's direct range): θ reduced modulo π/2 as in
//     fdlibm's medium case, r = (θ − k·pio2_1) − k·pio2_1t with k < 2¹⁶ (k·pio2_1 exact, the
//     first difference exact), absolute error below 10⁻²¹; then the minimax polynomials of
//     fdlibm's kernels on |r| ≤ π/4 (error below 2⁻⁵⁸), about one ulp after rounding.
// A row is handed back to the scalar path (status 1) when any time leaves the direct range
// (λ·tmax or ρ·tmax above the decay limit, or the phase above 65536 rad), and when any entry of
// Φ is not finite (as the core does); so every row written here uses the core's branch and
// formulas, and its values differ from the scalar path's by a few ulps of the scale.

#define MK_SPLAT2(x) ((mk_d2){(x), (x)})

// 2^(j/32), j = 0 … 31, each correctly rounded.
static const double mk_exp2_32[32] = {
0x1.0000000000000p+0,
0x1.059b0d3158574p+0,
0x1.0b5586cf9890fp+0,
0x1.11301d0125b51p+0,
0x1.172b83c7d517bp+0,
0x1.1d4873168b9aap+0,
0x1.2387a6e756238p+0,
0x1.29e9df51fdee1p+0,
0x1.306fe0a31b715p+0,
0x1.371a7373aa9cbp+0,
0x1.3dea64c123422p+0,
0x1.44e086061892dp+0,
0x1.4bfdad5362a27p+0,
0x1.5342b569d4f82p+0,
0x1.5ab07dd485429p+0,
0x1.6247eb03a5585p+0,
0x1.6a09e667f3bcdp+0,
0x1.71f75e8ec5f74p+0,
0x1.7a11473eb0187p+0,
0x1.82589994cce13p+0,
0x1.8ace5422aa0dbp+0,
0x1.93737b0cdc5e5p+0,
0x1.9c49182a3f090p+0,
0x1.a5503b23e255dp+0,
0x1.ae89f995ad3adp+0,
0x1.b7f76f2fb5e47p+0,
0x1.c199bdd85529cp+0,
0x1.cb720dcef9069p+0,
0x1.d5818dcfba487p+0,
0x1.dfc97337b9b5fp+0,
0x1.ea4afa2a490dap+0,
0x1.f50765b6e4540p+0};

// e^x for x ≤ 0 (see above); 0 below −708.
static inline mk_d2 mk_vexp2(mk_d2 x) {
    const double inv = 46.16624130844683;                                       // 32/ln 2
    const double hi = 0x1.62e42fee00000p-6, lo = 0x1.a39ef35793c76p-38;        // ln 2/32 = hi + lo
    mk_d2 n = (mk_d2)wasm_f64x2_nearest((v128_t)(x * inv));
    mk_d2 r = (x - n * hi) - n * lo;
    mk_d2 r2 = r * r;
    mk_d2 q = r + r2 * ((0.5 + r * (1.0 / 6)) + r2 * ((1.0 / 24 + r * (1.0 / 120)) + r2 * (1.0 / 720)));  // e^r − 1
    mk_l2 bits = (mk_l2)(n + 6755399441055744.0) - 0x4338000000000000LL;  // n, exactly
    mk_d2 t = {mk_exp2_32[bits[0] & 31], mk_exp2_32[bits[1] & 31]};
    mk_l2 scale = ((bits >> 5) + 1023) << 52;
    mk_l2 keep = x >= -708.0;
    return (mk_d2)((mk_l2)((t + t * q) * (mk_d2)scale) & keep);
}

// sin θ and cos θ, 0 ≤ θ ≤ 65536 (see above).
static inline void mk_vsincos2(mk_d2 th, mk_d2 *sine, mk_d2 *cosine) {
    const double two_over_pi = 6.36619772367581382433e-01;
    const double pio2_1 = 1.57079632673412561417e+00, pio2_1t = 6.07710050650619224932e-11;
    mk_d2 k = (mk_d2)wasm_f64x2_nearest((v128_t)(th * two_over_pi));
    mk_d2 r = (th - k * pio2_1) - k * pio2_1t;
    mk_d2 z = r * r;
    mk_d2 s = MK_SPLAT2(1.58969099521155010221e-10);
    s = s * z - 2.50507602534068634195e-08;
    s = s * z + 2.75573137070700676789e-06;
    s = s * z - 1.98412698298579493134e-04;
    s = s * z + 8.33333333332248946124e-03;
    s = s * z - 1.66666666666666324348e-01;
    s = r + (r * z) * s;
    mk_d2 c = MK_SPLAT2(-1.13596475577881948265e-11);
    c = c * z + 2.08757232129817482790e-09;
    c = c * z - 2.75573143513906633035e-07;
    c = c * z + 2.48015872894767294178e-05;
    c = c * z - 1.38888888888741095749e-03;
    c = c * z + 4.16666666666666019037e-02;
    c = 1.0 - (0.5 * z - (z * z) * c);
    // Quadrant k mod 4, as in the Float kernel.
    // k's low bits from k + 1.5·2⁵² (a bit cast: no float-to-integer conversion, which traps
    // out of range in WebAssembly; lanes with a huge k are masked off by the caller).
    mk_l2 q = (mk_l2)(k + 6755399441055744.0) & 3;
    mk_l2 odd = (q & 1) != 0, sinNeg = (q & 2) != 0, cosNeg = ((q + 1) & 2) != 0;
    mk_d2 sv = (mk_d2)(((mk_l2)s & ~odd) | ((mk_l2)c & odd));
    mk_d2 cv = (mk_d2)(((mk_l2)c & ~odd) | ((mk_l2)s & odd));
    const mk_l2 sign = {INT64_MIN, INT64_MIN};
    *sine = (mk_d2)((mk_l2)sv ^ (sign & sinNeg));
    *cosine = (mk_d2)((mk_l2)cv ^ (sign & cosNeg));
}

int mk_spring_row_f64(double lambda, double q, double s, double w2, double rho, double from, double to, double velocity,
                      const double *times, int count, double tmax, double *out) {
    const double limit = 1022 * 0.693 - 8;  // Spring<Double>.directDecayLimit
    if (!(lambda * tmax <= limit) || !(rho * tmax <= limit) || (q > 0 && !(s * tmax <= 65536))) return 1;
    // SpringSeries' reciprocal factorials 1/(2n)! and 1/(2n+1)!, n = 0 … 11, as the core forms them:
    // 1 / (1·2·…·m) with the product rounded to Double at each step (exact up to 18!).
    static const double even[12] = {
        0x1.0000000000000p+0, 0x1.0000000000000p-1, 0x1.5555555555555p-5,  0x1.6c16c16c16c17p-10,
        0x1.a01a01a01a01ap-16, 0x1.27e4fb7789f5cp-22, 0x1.1eed8eff8d898p-29, 0x1.93974a8c07c9dp-37,
        0x1.ae7f3e733b81fp-45, 0x1.6827863b97d97p-53, 0x1.e542ba4020225p-62, 0x1.0ce396db7f853p-70};
    static const double odd[12] = {
        0x1.0000000000000p+0, 0x1.5555555555555p-3, 0x1.1111111111111p-7, 0x1.a01a01a01a01ap-13,
        0x1.71de3a556c734p-19, 0x1.ae64567f544e4p-26, 0x1.6124613a86d09p-33, 0x1.ae7f3e733b81fp-41,
        0x1.952c77030ad4ap-49, 0x1.2f49b46814157p-57, 0x1.71b8ef6dcf572p-66, 0x1.761b413163819p-75};
    const double y0 = from - to, v0 = velocity;
    const double lm = lambda + s, r1 = -w2 / lm, r2 = -lm, inv = 1 / (2 * s);
    int bad = 0;
    for (int32_t j = 0; j < count; j += 2) {
        mk_d2 t = {times[j], j + 1 < count ? times[j + 1] : 0};
        mk_d2 qt2 = q * t * t;
        mk_l2 series = (qt2 <= 1.0) & (qt2 >= -1.0);
        mk_d2 p11 = MK_SPLAT2(0.0), p12 = p11, p21 = p11, p22 = p11;
        if (wasm_v128_any_true((v128_t)series)) {
            mk_d2 z = -qt2, c = MK_SPLAT2(even[11]), sn = MK_SPLAT2(odd[11]);
            for (int n = 10; n >= 0; n--) {
                c = c * z + even[n];
                sn = sn * z + odd[n];
            }
            mk_d2 e = mk_vexp2(-lambda * t);
            mk_d2 eC = e * c, eS = e * sn * t;
            p11 = eC + lambda * eS;
            p12 = eS;
            p21 = -w2 * eS;
            p22 = eC - lambda * eS;
        }
        if (!wasm_i64x2_all_true((v128_t)series)) {
            mk_d2 a11, a12, a21, a22;
            if (q > 0) {
                mk_d2 sine, cosine;
                mk_vsincos2(s * t, &sine, &cosine);
                mk_d2 e = mk_vexp2(-lambda * t);
                mk_d2 eC = e * cosine, eS = e * sine / s;
                a11 = eC + lambda * eS;
                a12 = eS;
                a21 = -w2 * eS;
                a22 = eC - lambda * eS;
            } else {
                mk_d2 e1 = mk_vexp2(r1 * t), e2 = mk_vexp2(r2 * t);
                mk_d2 d = (e1 - e2) * inv;
                a11 = (-r2 * e1 + r1 * e2) * inv;
                a12 = d;
                a21 = -w2 * d;
                a22 = (r1 * e1 - r2 * e2) * inv;
            }
            p11 = (mk_d2)(((mk_l2)p11 & series) | ((mk_l2)a11 & ~series));
            p12 = (mk_d2)(((mk_l2)p12 & series) | ((mk_l2)a12 & ~series));
            p21 = (mk_d2)(((mk_l2)p21 & series) | ((mk_l2)a21 & ~series));
            p22 = (mk_d2)(((mk_l2)p22 & series) | ((mk_l2)a22 & ~series));
        }
        // SpringMotion.state(at:) with no target velocity: ((to + 0) − 0) + (y0·φ11 + v0·φ12).
        mk_d2 x = (to + 0.0) + (y0 * p11 + v0 * p12);
        mk_l2 started = t > 0.0;
        x = (mk_d2)(((mk_l2)x & started) | ((mk_l2)MK_SPLAT2(from) & ~started));
        // The core leaves the direct form when an entry of Φ is not finite (started lanes only).
        mk_l2 finite = ((p11 - p11) == 0.0) & ((p12 - p12) == 0.0) & ((p21 - p21) == 0.0) & ((p22 - p22) == 0.0) & ((x - x) == 0.0);
        mk_l2 live = {-1, j + 1 < count ? -1 : 0};
        bad |= !wasm_i64x2_all_true((v128_t)(finite | ~(started & live)));
        out[j] = x[0];
        if (j + 1 < count) out[j + 1] = x[1];
    }
    return bad ? 1 : 0;
}
