/*
 * mk_math.c — self-contained, deterministic C math library for the wasm32 (Embedded Swift,
 * no libc / no libm) build of MotionKernel.  Declarations: include/mk_wasm_runtime.h.
 *
 * Build (wasm):   clang --target=wasm32-unknown-unknown -O2 -ffreestanding -fno-builtin \
 *                       -ffp-contract=off -nostdlib -c web/runtime/mk_math.c
 * Build (tests):  gcc -O2 -ffp-contract=off -fno-builtin -DMK_MATH_PREFIX ...   (symbols become mk_exp, ...)
 *                 see web/runtime/tests/mk_math_test.c.  (Natively, gcc's default -fmath-errno keeps an
 *                 unreachable errno fallback call to sqrt() next to each sqrtsd; the arguments are never
 *                 negative.  The wasm object has no undefined symbols at all.)
 *
 * Determinism.  Only IEEE-754 binary64/binary32 basic operations (+ - * /, sqrt via
 * __builtin_sqrt, which is the exactly rounded wasm f64.sqrt / SSE sqrtsd), integer arithmetic
 * and bit manipulation through unions are used; no FP contraction (compile with
 * -ffp-contract=off), no global mutable state, no library calls.  The results are therefore
 * bit-identical on every IEEE platform and optimisation level, in round-to-nearest mode.
 * Every NaN result is the canonical quiet NaN 0x7ff8000000000000 (0x7fc00000 for float), so
 * even NaN payloads are deterministic (wasm does not guarantee NaN payload propagation).
 * All loops are bounded (the only data-dependent one, in fmod, runs <= 191 times).  Special values follow C99 Annex F (exception flags are not
 * a goal: wasm has no floating-point environment).
 *
 * Notation for the error analyses: u = 2^-53 (unit roundoff); "dd" = double-double, an
 * unevaluated sum hi + lo with |lo| <= ulp(hi)/2.  An error bound "0.5 + e ulp" means the
 * final rounding (0.5 ulp) plus e ulp contributed by the relative error d of the unrounded
 * double-double approximation; since ulp(y) >= 2^-53 |y|, d = 2^-k contributes at most
 * 2^(53-k) ulp.  All approximations are truncated Taylor series (coefficients are the exact
 * rationals, rounded once by the compiler), and every table entry is generated with mpmath at
 * 2000-bit precision and rounded to nearest (hi = RN(v), lo = RN(v - hi)), so table errors are
 * <= 2^-106 relative.  The stated bounds were checked by web/runtime/tests/mk_math_test.c
 * (>= 10^6 random arguments per function against x86-64 long double libm).
 *
 * Summary of bounds (ulps of the correctly rounded result):
 *   exp 0.51, expm1 0.53, log 0.51, log1p 0.51, sin 0.59, cos 0.59, tan 0.65, atan 0.51,
 *   atan2 0.52, asin 0.52, acos 0.52, sinh 0.53, cosh 0.52, tanh 0.53, pow 0.62, cbrt 0.501,
 *   hypot 0.501;  fma, fmod, round (and float versions): exact / correctly rounded.
 *   float versions: computed in double, rounded once: <= 0.5 + 2^-28 ulp (of float).
 */
#include <stdint.h>
#include <stddef.h>
#include <float.h>

/* helpers with output pointers are force-inlined so that no function needs a stack frame in
   linear memory (the wasm object then references no __stack_pointer global) */
#define MK_INLINE static inline __attribute__((always_inline))

#ifdef MK_MATH_PREFIX
#define MKN(n) mk_##n
#else
#define MKN(n) n
#endif

/* ------------------------------------------------------------------------------------------ */
/* bit access                                                                                 */

typedef union { double f; uint64_t u; } mk_d64;
typedef union { float f; uint32_t u; } mk_f32;
static inline uint64_t asu(double x) { mk_d64 v; v.f = x; return v.u; }
static inline double asd(uint64_t u) { mk_d64 v; v.u = u; return v.f; }
static inline uint32_t asuf(float x) { mk_f32 v; v.f = x; return v.u; }
static inline float asf(uint32_t u) { mk_f32 v; v.u = u; return v.f; }

#define SIGN64 0x8000000000000000ULL
#define ABS64  0x7fffffffffffffffULL
#define INF64  0x7ff0000000000000ULL
#define MANT64 0x000fffffffffffffULL
#define MK_NAN  asd(0x7ff8000000000000ULL)
#define MK_NANF asf(0x7fc00000u)
#define MK_INF  asd(INF64)

static inline double fabs_(double x) { return asd(asu(x) & ABS64); }
static inline int isnan_(double x) { return (asu(x) & ABS64) > INF64; }
static inline double neg_if(double x, int s) { return s ? -x : x; }

/* 2^k for -1022 <= k <= 1023 */
static inline double pow2i(int k) { return asd((uint64_t)(k + 1023) << 52); }

/* x * 2^k in at most three multiplications.  Exact whenever the result is representable and,
   for k < -1022, x*2^-1022 is normal (true for all callers). */
static double mul_pow2(double x, int k)
{
    if (k > 1023) {
        x *= 0x1p1023; k -= 1023;
        if (k > 1023) { x *= 0x1p1023; k -= 1023; if (k > 1023) k = 1023; }
    } else if (k < -1022) {
        x *= 0x1p-1022; k += 1022;
        if (k < -1022) { x *= 0x1p-1022; k += 1022; if (k < -1022) k = -1022; }
    }
    return x * pow2i(k);
}

/* exponent of a finite nonzero x: |x| in [2^e, 2^(e+1)) */
static int ilogb_(double x)
{
    uint64_t u = asu(x) & ABS64;
    int e = (int)(u >> 52);
    if (e) return e - 1023;
    return -1011 - __builtin_clzll(u);
}

/* ------------------------------------------------------------------------------------------ */
/* double-double primitives (Knuth two-sum, Dekker fast-two-sum, Veltkamp/Dekker product).     */
/* two_prod is exact provided |a|,|b| < 2^995 and a*b does not underflow.                     */

MK_INLINE void two_sum(double a, double b, double *s, double *e)
{
    double x = a + b, bb = x - a;
    *e = (a - (x - bb)) + (b - bb);
    *s = x;
}
MK_INLINE void fast_two_sum(double a, double b, double *s, double *e)
{   /* requires |a| >= |b| or a == 0 */
    double x = a + b;
    *e = b - (x - a);
    *s = x;
}
MK_INLINE void split(double a, double *h, double *l)
{
    double t = a * 134217729.0; /* 2^27 + 1 */
    double hh = t - (t - a);
    *h = hh; *l = a - hh;
}
MK_INLINE void two_prod(double a, double b, double *p, double *e)
{
    double ah, al, bh, bl, x = a * b;
    split(a, &ah, &al); split(b, &bh, &bl);
    *e = ((ah * bh - x) + ah * bl + al * bh) + al * bl;
    *p = x;
}
/* (ah+al)/(bh+bl) as dd, relative error < 2^-100 (no overflow in the operands' range used) */
MK_INLINE void dd_div(double ah, double al, double bh, double bl, double *qh, double *ql)
{
    double q = ah / bh, p, pe;
    two_prod(q, bh, &p, &pe);
    double r = (((ah - p) - pe) + al - q * bl) / bh;
    fast_two_sum(q, r, qh, ql);
}

/* Correctly rounded value of (hi+lo)*2^k, 2^-3 <= |hi| < 2^3, |lo| <= 2^-50 |hi|, any k:
   one rounding also when the result is subnormal (no double rounding): there the value is
   scaled to units of 2^-1074 and rounded to an integer using both hi and lo. */
static double round_scaled(double hi, double lo, int k)
{
    if (k > -1015) return mul_pow2(hi + lo, k); /* result normal or overflowing */
    if (k < -1080) return hi * 0x1p-1000 * 0x1p-100; /* |result| < 2^-1077: rounds to 0 */
    double vh = mul_pow2(hi, k + 1074), vl = mul_pow2(lo, k + 1074); /* exact, k+1074 in [-6,59] */
    int neg = vh < 0;
    if (neg) { vh = -vh; vl = -vl; }
    double n;
    if (vh >= 0x1p53) {
        n = vh + vl; /* normal result, 53-bit rounding is the right one */
        return neg_if(mul_pow2(n, -1074), neg);
    }
    n = vh < 0x1p52 ? (vh + 0x1p52) - 0x1p52 : vh; /* nearest integer to vh */
    double d = (vh - n) + vl;                         /* vh - n exact, |vh - n| <= 1/2 */
    int odd = (int)((uint64_t)n & 1u); /* n is an integer < 2^53 */
    if (d > 0.5 || (d == 0.5 && odd)) n += 1.0;
    else if (d < -0.5 || (d == -0.5 && odd)) n -= 1.0;
    return neg_if(mul_pow2(n, -1074), neg); /* n <= 2^53: exact */
}

/* ------------------------------------------------------------------------------------------ */
/* tables, generated with Python + mpmath (mp.prec = 2000), e.g.                              */
/*   EXP_T:  v = 2**(mpf(j)/128);            hi = float(v); lo = float(v - hi)                 */
/*   LOG_T:  c = float(1/centre_i) (1 for i = 74, 75); v = -log(mpf(c)); hi, lo as above       */
/*   ATAN_T: v = atan(mpf(i)/16)                                                               */
/*   TWO_OVER_PI: W = int(floor(2/pi * 2**1216)); word k = (W >> 32*(39-k)) & 0xffffffff       */
/*   (2000 bits is far more than the 1216 needed; words 2.. start a2f9836e 4e441529 fc2757d1,  */
/*   the well-known hexadecimal expansion of 2/pi)                                             */

/* 2^(j/128), j=0..127, as double-double (hi = RN(2^(j/128)), lo = RN(2^(j/128)-hi)); generated with mpmath at 2000 bits. */
static const double EXP_T[256] = {
  0x1.0000000000000p+0, 0.0,
  0x1.0163da9fb3335p+0, 0x1.b61299ab8cdb7p-54,
  0x1.02c9a3e778061p+0, -0x1.19083535b085dp-56,
  0x1.04315e86e7f85p+0, -0x1.0a31c1977c96ep-54,
  0x1.059b0d3158574p+0, 0x1.d73e2a475b465p-55,
  0x1.0706b29ddf6dep+0, -0x1.c91dfe2b13c27p-55,
  0x1.0874518759bc8p+0, 0x1.186be4bb284ffp-57,
  0x1.09e3ecac6f383p+0, 0x1.1487818316136p-54,
  0x1.0b5586cf9890fp+0, 0x1.8a62e4adc610bp-54,
  0x1.0cc922b7247f7p+0, 0x1.01edc16e24f71p-54,
  0x1.0e3ec32d3d1a2p+0, 0x1.03a1727c57b53p-59,
  0x1.0fb66affed31bp+0, -0x1.b9bedc44ebd7bp-57,
  0x1.11301d0125b51p+0, -0x1.6c51039449b3ap-54,
  0x1.12abdc06c31ccp+0, -0x1.1b514b36ca5c7p-58,
  0x1.1429aaea92de0p+0, -0x1.32fbf9af1369ep-54,
  0x1.15a98c8a58e51p+0, 0x1.2406ab9eeab0ap-55,
  0x1.172b83c7d517bp+0, -0x1.19041b9d78a76p-55,
  0x1.18af9388c8deap+0, -0x1.11023d1970f6cp-54,
  0x1.1a35beb6fcb75p+0, 0x1.e5b4c7b4968e4p-55,
  0x1.1bbe084045cd4p+0, -0x1.95386352ef607p-54,
  0x1.1d4873168b9aap+0, 0x1.e016e00a2643cp-54,
  0x1.1ed5022fcd91dp+0, -0x1.1df98027bb78cp-54,
  0x1.2063b88628cd6p+0, 0x1.dc775814a8495p-55,
  0x1.21f49917ddc96p+0, 0x1.2a97e9494a5eep-55,
  0x1.2387a6e756238p+0, 0x1.9b07eb6c70573p-54,
  0x1.251ce4fb2a63fp+0, 0x1.ac155bef4f4a4p-55,
  0x1.26b4565e27cddp+0, 0x1.2bd339940e9d9p-55,
  0x1.284dfe1f56381p+0, -0x1.a4c3a8c3f0d7ep-54,
  0x1.29e9df51fdee1p+0, 0x1.612e8afad1255p-55,
  0x1.2b87fd0dad990p+0, -0x1.10adcd6381aa4p-59,
  0x1.2d285a6e4030bp+0, 0x1.0024754db41d5p-54,
  0x1.2ecafa93e2f56p+0, 0x1.1ca0f45d52383p-56,
  0x1.306fe0a31b715p+0, 0x1.6f46ad23182e4p-55,
  0x1.32170fc4cd831p+0, 0x1.a9ce78e18047cp-55,
  0x1.33c08b26416ffp+0, 0x1.32721843659a6p-54,
  0x1.356c55f929ff1p+0, -0x1.b5cee5c4e4628p-55,
  0x1.371a7373aa9cbp+0, -0x1.63aeabf42eae2p-54,
  0x1.38cae6d05d866p+0, -0x1.e958d3c9904bdp-54,
  0x1.3a7db34e59ff7p+0, -0x1.5e436d661f5e3p-56,
  0x1.3c32dc313a8e5p+0, -0x1.efff8375d29c3p-54,
  0x1.3dea64c123422p+0, 0x1.ada0911f09ebcp-55,
  0x1.3fa4504ac801cp+0, -0x1.7d023f956f9f3p-54,
  0x1.4160a21f72e2ap+0, -0x1.ef3691c309278p-58,
  0x1.431f5d950a897p+0, -0x1.1c7dde35f7999p-55,
  0x1.44e086061892dp+0, 0x1.89b7a04ef80d0p-59,
  0x1.46a41ed1d0057p+0, 0x1.c944bd1648a76p-54,
  0x1.486a2b5c13cd0p+0, 0x1.3c1a3b69062f0p-56,
  0x1.4a32af0d7d3dep+0, 0x1.9cb62f3d1be56p-54,
  0x1.4bfdad5362a27p+0, 0x1.d4397afec42e2p-56,
  0x1.4dcb299fddd0dp+0, 0x1.8ecdbbc6a7833p-54,
  0x1.4f9b2769d2ca7p+0, -0x1.4b309d25957e3p-54,
  0x1.516daa2cf6642p+0, -0x1.f768569bd93efp-55,
  0x1.5342b569d4f82p+0, -0x1.07abe1db13cadp-55,
  0x1.551a4ca5d920fp+0, -0x1.d689cefede59bp-55,
  0x1.56f4736b527dap+0, 0x1.9bb2c011d93adp-54,
  0x1.58d12d497c7fdp+0, 0x1.295e15b9a1de8p-55,
  0x1.5ab07dd485429p+0, 0x1.6324c054647adp-54,
  0x1.5c9268a5946b7p+0, 0x1.c4b1b816986a2p-60,
  0x1.5e76f15ad2148p+0, 0x1.ba6f93080e65ep-54,
  0x1.605e1b976dc09p+0, -0x1.3e2429b56de47p-54,
  0x1.6247eb03a5585p+0, -0x1.383c17e40b497p-54,
  0x1.6434634ccc320p+0, -0x1.c483c759d8933p-55,
  0x1.6623882552225p+0, -0x1.bb60987591c34p-54,
  0x1.68155d44ca973p+0, 0x1.038ae44f73e65p-57,
  0x1.6a09e667f3bcdp+0, -0x1.bdd3413b26456p-54,
  0x1.6c012750bdabfp+0, -0x1.2895667ff0b0dp-56,
  0x1.6dfb23c651a2fp+0, -0x1.bbe3a683c88abp-57,
  0x1.6ff7df9519484p+0, -0x1.83c0f25860ef6p-55,
  0x1.71f75e8ec5f74p+0, -0x1.16e4786887a99p-55,
  0x1.73f9a48a58174p+0, -0x1.0a8d96c65d53cp-54,
  0x1.75feb564267c9p+0, -0x1.0245957316dd3p-54,
  0x1.780694fde5d3fp+0, 0x1.866b80a02162dp-54,
  0x1.7a11473eb0187p+0, -0x1.41577ee04992fp-55,
  0x1.7c1ed0130c132p+0, 0x1.f124cd1164dd6p-54,
  0x1.7e2f336cf4e62p+0, 0x1.05d02ba15797ep-56,
  0x1.80427543e1a12p+0, -0x1.27c86626d972bp-54,
  0x1.82589994cce13p+0, -0x1.d4c1dd41532d8p-54,
  0x1.8471a4623c7adp+0, -0x1.8d684a341cdfbp-55,
  0x1.868d99b4492edp+0, -0x1.fc6f89bd4f6bap-54,
  0x1.88ac7d98a6699p+0, 0x1.994c2f37cb53ap-54,
  0x1.8ace5422aa0dbp+0, 0x1.6e9f156864b27p-54,
  0x1.8cf3216b5448cp+0, -0x1.0d55e32e9e3aap-56,
  0x1.8f1ae99157736p+0, 0x1.5cc13a2e3976cp-55,
  0x1.9145b0b91ffc6p+0, -0x1.dd6792e582524p-54,
  0x1.93737b0cdc5e5p+0, -0x1.75fc781b57ebcp-57,
  0x1.95a44cbc8520fp+0, -0x1.64b7c96a5f039p-56,
  0x1.97d829fde4e50p+0, -0x1.d185b7c1b85d1p-54,
  0x1.9a0f170ca07bap+0, -0x1.173bd91cee632p-54,
  0x1.9c49182a3f090p+0, 0x1.c7c46b071f2bep-56,
  0x1.9e86319e32323p+0, 0x1.824ca78e64c6ep-56,
  0x1.a0c667b5de565p+0, -0x1.359495d1cd533p-54,
  0x1.a309bec4a2d33p+0, 0x1.6305c7ddc36abp-54,
  0x1.a5503b23e255dp+0, -0x1.d2f6edb8d41e1p-54,
  0x1.a799e1330b358p+0, 0x1.bcb7ecac563c7p-54,
  0x1.a9e6b5579fdbfp+0, 0x1.0fac90ef7fd31p-54,
  0x1.ac36bbfd3f37ap+0, -0x1.f9234cae76cd0p-55,
  0x1.ae89f995ad3adp+0, 0x1.7a1cd345dcc81p-54,
  0x1.b0e07298db666p+0, -0x1.bdef54c80e425p-54,
  0x1.b33a2b84f15fbp+0, -0x1.2805e3084d708p-57,
  0x1.b59728de5593ap+0, -0x1.c71dfbbba6de3p-54,
  0x1.b7f76f2fb5e47p+0, -0x1.5584f7e54ac3bp-56,
  0x1.ba5b030a1064ap+0, -0x1.efcd30e54292ep-54,
  0x1.bcc1e904bc1d2p+0, 0x1.23dd07a2d9e84p-55,
  0x1.bf2c25bd71e09p+0, -0x1.efdca3f6b9c73p-54,
  0x1.c199bdd85529cp+0, 0x1.11065895048ddp-55,
  0x1.c40ab5fffd07ap+0, 0x1.b4537e083c60ap-54,
  0x1.c67f12e57d14bp+0, 0x1.2884dff483cadp-54,
  0x1.c8f6d9406e7b5p+0, 0x1.1acbc48805c44p-56,
  0x1.cb720dcef9069p+0, 0x1.503cbd1e949dbp-56,
  0x1.cdf0b555dc3fap+0, -0x1.dd83b53829d72p-55,
  0x1.d072d4a07897cp+0, -0x1.cbc3743797a9cp-54,
  0x1.d2f87080d89f2p+0, -0x1.d487b719d8578p-54,
  0x1.d5818dcfba487p+0, 0x1.2ed02d75b3707p-55,
  0x1.d80e316c98398p+0, -0x1.11ec18beddfe8p-54,
  0x1.da9e603db3285p+0, 0x1.c2300696db532p-54,
  0x1.dd321f301b460p+0, 0x1.2da5778f018c3p-54,
  0x1.dfc97337b9b5fp+0, -0x1.1a5cd4f184b5cp-54,
  0x1.e264614f5a129p+0, -0x1.7b627817a1496p-54,
  0x1.e502ee78b3ff6p+0, 0x1.39e8980a9cc8fp-55,
  0x1.e7a51fbc74c83p+0, 0x1.2d522ca0c8de2p-54,
  0x1.ea4afa2a490dap+0, -0x1.e9c23179c2893p-54,
  0x1.ecf482d8e67f1p+0, -0x1.c93f3b411ad8cp-54,
  0x1.efa1bee615a27p+0, 0x1.dc7f486a4b6b0p-54,
  0x1.f252b376bba97p+0, 0x1.3a1a5bf0d8e43p-54,
  0x1.f50765b6e4540p+0, 0x1.9d3e12dd8a18bp-54,
  0x1.f7bfdad9cbe14p+0, -0x1.dbb12d006350ap-54,
  0x1.fa7c1819e90d8p+0, 0x1.74853f3a5931ep-55,
  0x1.fd3c22b8f71f1p+0, 0x1.2eb74966579e7p-57,
};
/* log table, i=0..127: c_i = RN(1/centre of subinterval i of [0x1.6ap-1, 0x1.6ap0)), c_i=1 for the two
   subintervals next to 1 (i=74,75); then -log(c_i) as double-double. Generated with mpmath at 2000 bits. */
static const double LOG_T[384] = {
  0x1.691473a88d0c0p+0, -0x1.602d08af091ecp-2, -0x1.a45db7cfd9230p-56, /* [0.70703125, 0.7109375) */
  0x1.6719f3601671ap+0, -0x1.5a8cadbbedfa1p-2, -0x1.64f5081307f22p-60, /* [0.7109375, 0.71484375) */
  0x1.6524f853b4aa3p+0, -0x1.54f431b7be1a8p-2, 0x1.0b3f6ef6ae452p-58, /* [0.71484375, 0.71875) */
  0x1.63356b88ac0dep+0, -0x1.4f637ebba9810p-2, 0x1.68cb3124b9245p-56, /* [0.71875, 0.72265625) */
  0x1.614b36831ae94p+0, -0x1.49da7f3bcc420p-2, 0x1.d964a168ccacbp-57, /* [0.72265625, 0.7265625) */
  0x1.5f66434292dfcp+0, -0x1.44591e0539f49p-2, -0x1.a76d6dc2782dap-59, /* [0.7265625, 0.73046875) */
  0x1.5d867c3ece2a5p+0, -0x1.3edf463c1683ep-2, 0x1.c852fe587def8p-57, /* [0.73046875, 0.734375) */
  0x1.5babcc647fa91p+0, -0x1.396ce359bbf53p-2, 0x1.5c5663663d163p-59, /* [0.734375, 0.73828125) */
  0x1.59d61f123ccaap+0, -0x1.3401e12aecba0p-2, -0x1.f95523adc5c9fp-57, /* [0.73828125, 0.7421875) */
  0x1.5805601580560p+0, -0x1.2e9e2bce12286p-2, 0x1.f3ed72e23e134p-57, /* [0.7421875, 0.74609375) */
  0x1.56397ba7c52e2p+0, -0x1.2941afb186b7cp-2, -0x1.6a4678ebaa300p-59, /* [0.74609375, 0.75) */
  0x1.54725e6bb82fep+0, -0x1.23ec5991eba49p-2, -0x1.76eba35bbf0dfp-61, /* [0.75, 0.75390625) */
  0x1.52aff56a8054bp+0, -0x1.1e9e1678899f5p-2, -0x1.64b0dd2687939p-58, /* [0.75390625, 0.7578125) */
  0x1.50f22e111c4c5p+0, -0x1.1956d3b9bc2f9p-2, -0x1.0e75a3542856fp-58, /* [0.7578125, 0.76171875) */
  0x1.4f38f62dd4c9bp+0, -0x1.14167ef367784p-2, -0x1.ef824daaf53e9p-56, /* [0.76171875, 0.765625) */
  0x1.4d843bedc2c4cp+0, -0x1.0edd060b78082p-2, -0x1.2d4b610d7d4f5p-57, /* [0.765625, 0.76953125) */
  0x1.4bd3edda68fe1p+0, -0x1.09aa572e6c6d4p-2, -0x1.f9e17343426a9p-56, /* [0.76953125, 0.7734375) */
  0x1.4a27fad76014ap+0, -0x1.047e60cde83b7p-2, -0x1.08869cbf9e344p-56, /* [0.7734375, 0.77734375) */
  0x1.4880522014880p+0, -0x1.feb2233ea07cbp-3, -0x1.8de00938b4c30p-61, /* [0.77734375, 0.78125) */
  0x1.46dce34596066p+0, -0x1.f474b134df228p-3, 0x1.9f1df7b5daab7p-60, /* [0.78125, 0.78515625) */
  0x1.453d9e2c776cap+0, -0x1.ea4449f04aaf5p-3, 0x1.f33919ab94074p-57, /* [0.78515625, 0.7890625) */
  0x1.43a2730abee4dp+0, -0x1.e020cc6235ab5p-3, 0x1.f0adb91423f18p-57, /* [0.7890625, 0.79296875) */
  0x1.420b5265e5951p+0, -0x1.d60a17f903514p-3, 0x1.50df841a71b7ap-57, /* [0.79296875, 0.796875) */
  0x1.40782d10e6566p+0, -0x1.cc000c9db3c52p-3, -0x1.67a2a8500729ep-58, /* [0.796875, 0.80078125) */
  0x1.3ee8f42a5af07p+0, -0x1.c2028ab17f9b5p-3, -0x1.c11aa3853a5f0p-57, /* [0.80078125, 0.8046875) */
  0x1.3d5d991aa75c6p+0, -0x1.b811730b823d4p-3, 0x1.d7c46328983c6p-58, /* [0.8046875, 0.80859375) */
  0x1.3bd60d9232955p+0, -0x1.ae2ca6f672bd8p-3, 0x1.a4a356155f779p-57, /* [0.80859375, 0.8125) */
  0x1.3a524387ac822p+0, -0x1.a454082e6ab03p-3, 0x1.e0df823a3cb3dp-58, /* [0.8125, 0.81640625) */
  0x1.38d22d366088ep+0, -0x1.9a8778debaa3ap-3, -0x1.28fbfb0e3f0fcp-58, /* [0.81640625, 0.8203125) */
  0x1.3755bd1c945eep+0, -0x1.90c6db9fcbcdbp-3, 0x1.357718d7ca4cfp-58, /* [0.8203125, 0.82421875) */
  0x1.35dce5f9f2af8p+0, -0x1.871213750e994p-3, 0x1.a97a0ca115d60p-57, /* [0.82421875, 0.828125) */
  0x1.34679ace01346p+0, -0x1.7d6903caf5acdp-3, 0x1.0b17c301d6e14p-57, /* [0.828125, 0.83203125) */
  0x1.32f5ced6a1dfap+0, -0x1.73cb9074fd14dp-3, 0x1.721a000b4cf01p-57, /* [0.83203125, 0.8359375) */
  0x1.3187758e9ebb6p+0, -0x1.6a399dabbd383p-3, -0x1.76332bd4b341fp-57, /* [0.8359375, 0.83984375) */
  0x1.301c82ac40260p+0, -0x1.60b3100b09474p-3, -0x1.526cee0fd7f4ap-57, /* [0.83984375, 0.84375) */
  0x1.2eb4ea1fed14bp+0, -0x1.5737cc9018cddp-3, 0x1.00b28ef013c72p-57, /* [0.84375, 0.84765625) */
  0x1.2d50a012d50a0p+0, -0x1.4dc7b897bc1c7p-3, -0x1.b60ae1ff0e82ep-59, /* [0.84765625, 0.8515625) */
  0x1.2bef98e5a3711p+0, -0x1.4462b9dc9b3dcp-3, 0x1.85388d830c709p-59, /* [0.8515625, 0.85546875) */
  0x1.2a91c92f3c105p+0, -0x1.3b08b6757f2a7p-3, -0x1.5e1ad9be0a4cdp-57, /* [0.85546875, 0.859375) */
  0x1.293725bb804a5p+0, -0x1.31b994d3a4f86p-3, 0x1.1238b5efe0665p-57, /* [0.859375, 0.86328125) */
  0x1.27dfa38a1ce4dp+0, -0x1.28753bc11aba2p-3, 0x1.7394d9fa33313p-57, /* [0.86328125, 0.8671875) */
  0x1.268b37cd60127p+0, -0x1.1f3b925f25d44p-3, -0x1.08b27be4e6b15p-57, /* [0.8671875, 0.87109375) */
  0x1.2539d7e9177b2p+0, -0x1.160c8024b27b0p-3, 0x1.355bfd870afebp-59, /* [0.87109375, 0.875) */
  0x1.23eb79717605bp+0, -0x1.0ce7ecdccc28bp-3, -0x1.1b57fea88da98p-59, /* [0.875, 0.87890625) */
  0x1.22a0122a0122ap+0, -0x1.03cdc0a51ec0dp-3, -0x1.19e2d3f8b7d10p-57, /* [0.87890625, 0.8828125) */
  0x1.21579804855e6p+0, -0x1.f57bc7d9005dbp-4, 0x1.d361574fb24e2p-58, /* [0.8828125, 0.88671875) */
  0x1.2012012012012p+0, -0x1.e3707ee30487bp-4, -0x1.9399d9aaf3b33p-59, /* [0.88671875, 0.890625) */
  0x1.1ecf43c7fb84cp+0, -0x1.d179788219362p-4, 0x1.b12841044a96cp-58, /* [0.890625, 0.89453125) */
  0x1.1d8f5672e4abdp+0, -0x1.bf968769fca18p-4, 0x1.06e4fb7af9c69p-58, /* [0.89453125, 0.8984375) */
  0x1.1c522fc1ce059p+0, -0x1.adc77ee5aea8ep-4, -0x1.d7d8f39bee658p-58, /* [0.8984375, 0.90234375) */
  0x1.1b17c67f2bae3p+0, -0x1.9c0c32d4d254dp-4, 0x1.627a0e199f569p-58, /* [0.90234375, 0.90625) */
  0x1.19e0119e0119ep+0, -0x1.8a6477a91dc29p-4, 0x1.3d4190a482421p-58, /* [0.90625, 0.91015625) */
  0x1.18ab083902bdbp+0, -0x1.78d02263d82d7p-4, -0x1.cbca5b4fdb87ep-58, /* [0.91015625, 0.9140625) */
  0x1.1778a191bd684p+0, -0x1.674f089365a78p-4, -0x1.ca64e9980e048p-59, /* [0.9140625, 0.91796875) */
  0x1.1648d50fc3201p+0, -0x1.55e10050e0382p-4, -0x1.9a0629e3973e4p-58, /* [0.91796875, 0.921875) */
  0x1.151b9a3fdd5c9p+0, -0x1.4485e03dbdfb0p-4, -0x1.3ba349aadbc6dp-58, /* [0.921875, 0.92578125) */
  0x1.13f0e8d344724p+0, -0x1.333d7f8183f4ap-4, 0x1.adaa06e211e9ep-59, /* [0.92578125, 0.9296875) */
  0x1.12c8b89edc0acp+0, -0x1.2207b5c7854a1p-4, -0x1.b3f0431efb154p-58, /* [0.9296875, 0.93359375) */
  0x1.11a3019a74826p+0, -0x1.10e45b3cae829p-4, -0x1.9b5ed72e6d974p-58, /* [0.93359375, 0.9375) */
  0x1.107fbbe011080p+0, -0x1.ffa6911ab9309p-5, 0x1.cd9f1f95c2ef1p-59, /* [0.9375, 0.94140625) */
  0x1.0f5edfab325a2p+0, -0x1.dda8adc67ee59p-5, 0x1.31936790bb3b2p-59, /* [0.94140625, 0.9453125) */
  0x1.0e40655826011p+0, -0x1.bbcebfc68f424p-5, 0x1.cd1862f854848p-59, /* [0.9453125, 0.94921875) */
  0x1.0d24456359e3ap+0, -0x1.9a187b573de81p-5, -0x1.b13b26f298a6ap-64, /* [0.94921875, 0.953125) */
  0x1.0c0a7868b4171p+0, -0x1.788595a3577c8p-5, -0x1.2f7c4c5b3c8bdp-62, /* [0.953125, 0.95703125) */
  0x1.0af2f722eecb5p+0, -0x1.5715c4c03cee1p-5, -0x1.5101dc4ebf91fp-59, /* [0.95703125, 0.9609375) */
  0x1.09ddba6af8360p+0, -0x1.35c8bfaa13069p-5, 0x1.50830a65543a8p-63, /* [0.9609375, 0.96484375) */
  0x1.08cabb37565e2p+0, -0x1.149e3e4005a8dp-5, 0x1.a9a4168fcebebp-60, /* [0.96484375, 0.96875) */
  0x1.07b9f29b8eae2p+0, -0x1.e72bf2813ce6ap-6, 0x1.8a4bba6a354fap-60, /* [0.96875, 0.97265625) */
  0x1.06ab59c7912fbp+0, -0x1.a55f548c5c427p-6, -0x1.f60d2fc36a0d9p-61, /* [0.97265625, 0.9765625) */
  0x1.059eea0727586p+0, -0x1.63d6178690bbep-6, 0x1.18ed4d357c9dcp-60, /* [0.9765625, 0.98046875) */
  0x1.04949cc1664c5p+0, -0x1.228fb1fea2e0ap-6, -0x1.3284991fe3d5cp-61, /* [0.98046875, 0.984375) */
  0x1.038c6b78247fcp+0, -0x1.c317384c75f0dp-7, -0x1.806208c04c21fp-61, /* [0.984375, 0.98828125) */
  0x1.02864fc7729e9p+0, -0x1.41929f968330cp-7, -0x1.3aae809b43dd0p-61, /* [0.98828125, 0.9921875) */
  0x1.0182436517a37p+0, -0x1.8121214586b02p-8, 0x1.c7d68c0d910f2p-62, /* [0.9921875, 0.99609375) */
  0x1.0000000000000p+0, 0.0, 0.0, /* [0.99609375, 1.0) */
  0x1.0000000000000p+0, 0.0, 0.0, /* [1.0, 1.0078125) */
  0x1.fa11caa01fa12p-1, 0x1.7dc475f810a69p-7, 0x1.74944bc161072p-61, /* [1.0078125, 1.015625) */
  0x1.f6310aca0dbb5p-1, 0x1.3cea44346a584p-6, -0x1.865ad48159d00p-61, /* [1.015625, 1.0234375) */
  0x1.f25f644230ab5p-1, 0x1.b9fc027af919ap-6, -0x1.90ae69229dc86p-60, /* [1.0234375, 1.03125) */
  0x1.ee9c7f8458e02p-1, 0x1.1b0d98923d97fp-5, -0x1.74d7444dd6241p-59, /* [1.03125, 1.0390625) */
  0x1.eae807aba01ebp-1, 0x1.58a5bafc8e4d3p-5, -0x1.cab8569c56e40p-64, /* [1.0390625, 1.046875) */
  0x1.e741aa59750e4p-1, 0x1.95c830ec8e3f2p-5, 0x1.eb41d00a417e9p-60, /* [1.046875, 1.0546875) */
  0x1.e3a9179dc1a73p-1, 0x1.d276b8adb0b56p-5, 0x1.078f14c95ff53p-59, /* [1.0546875, 1.0625) */
  0x1.e01e01e01e01ep-1, 0x1.075983598e471p-4, 0x1.006d2999e22dcp-58, /* [1.0625, 1.0703125) */
  0x1.dca01dca01dcap-1, 0x1.253f62f0a1417p-4, 0x1.1f6d34e01d981p-61, /* [1.0703125, 1.078125) */
  0x1.d92f2231e7f8ap-1, 0x1.42edcbea646eep-4, -0x1.511583653349bp-58, /* [1.078125, 1.0859375) */
  0x1.d5cac807572b2p-1, 0x1.60658a93750c4p-4, -0x1.f108b1d8436d3p-59, /* [1.0859375, 1.09375) */
  0x1.d272ca3fc5b1ap-1, 0x1.7da766d7b12d0p-4, 0x1.a2240644d7da2p-59, /* [1.09375, 1.1015625) */
  0x1.cf26e5c44bfc6p-1, 0x1.9ab42462033aep-4, -0x1.a099e1c184e8ep-59, /* [1.1015625, 1.109375) */
  0x1.cbe6d9601cbe7p-1, 0x1.b78c82bb0eda0p-4, -0x1.3ef0e61f9b03cp-58, /* [1.109375, 1.1171875) */
  0x1.c8b265afb8a42p-1, 0x1.d4313d66cb35dp-4, 0x1.b90dd951d90fap-58, /* [1.1171875, 1.125) */
  0x1.c5894d10d4986p-1, 0x1.f0a30c01162a4p-4, 0x1.8be64b8b7759bp-59, /* [1.125, 1.1328125) */
  0x1.c26b5392ea01cp-1, 0x1.0671512ca596fp-3, -0x1.2f39b81479b67p-58, /* [1.1328125, 1.140625) */
  0x1.bf583ee868d8bp-1, 0x1.14785846742acp-3, 0x1.94409f1d3f83ap-60, /* [1.140625, 1.1484375) */
  0x1.bc4fd65883e7bp-1, 0x1.2266f190a5acdp-3, -0x1.dab840e7f6177p-57, /* [1.1484375, 1.15625) */
  0x1.b951e2b18ff23p-1, 0x1.303d718e47fd5p-3, -0x1.b5ae71f658247p-57, /* [1.15625, 1.1640625) */
  0x1.b65e2e3beee05p-1, 0x1.3dfc2b0ecc62ap-3, 0x1.ba62b8c13f7f4p-57, /* [1.1640625, 1.171875) */
  0x1.b37484ad806cep-1, 0x1.4ba36f39a55e5p-3, -0x1.f767e433c98aap-57, /* [1.171875, 1.1796875) */
  0x1.b094b31d922a4p-1, 0x1.59338d9982085p-3, 0x1.8d16eaaba9419p-57, /* [1.1796875, 1.1875) */
  0x1.adbe87f94905ep-1, 0x1.66acd4272ad51p-3, -0x1.9201c9c3d5165p-59, /* [1.1875, 1.1953125) */
  0x1.aaf1d2f87ebfdp-1, 0x1.740f8f54037a3p-3, 0x1.6d9bf9d57b326p-58, /* [1.1953125, 1.203125) */
  0x1.a82e65130e159p-1, 0x1.815c0a14357e9p-3, 0x1.141b7f8c5fa9ep-58, /* [1.203125, 1.2109375) */
  0x1.a574107688a4ap-1, 0x1.8e928de886d41p-3, 0x1.2589eb96a6240p-59, /* [1.2109375, 1.21875) */
  0x1.a2c2a87c51ca0p-1, 0x1.9bb362e7dfb85p-3, -0x1.51439c1ff83e7p-58, /* [1.21875, 1.2265625) */
  0x1.a01a01a01a01ap-1, 0x1.a8becfc882f19p-3, -0x1.a8c37918c39ebp-58, /* [1.2265625, 1.234375) */
  0x1.9d79f176b682dp-1, 0x1.b5b519e8fb5a6p-3, -0x1.d5d8023e61e5fp-57, /* [1.234375, 1.2421875) */
  0x1.9ae24ea5510dap-1, 0x1.c2968558c18c2p-3, 0x1.6108e3ae024acp-60, /* [1.2421875, 1.25) */
  0x1.9852f0d8ec0ffp-1, 0x1.cf6354e09c5ddp-3, 0x1.339a07d55b696p-57, /* [1.25, 1.2578125) */
  0x1.95cbb0be377aep-1, 0x1.dc1bca0abec7bp-3, 0x1.c698a33316dfbp-58, /* [1.2578125, 1.265625) */
  0x1.934c67f9b2ce6p-1, 0x1.e8c0252aa5a60p-3, -0x1.dc074737f9135p-60, /* [1.265625, 1.2734375) */
  0x1.90d4f120190d5p-1, 0x1.f550a564b7b37p-3, -0x1.13a09202fe73dp-57, /* [1.2734375, 1.28125) */
  0x1.8e6527af1373fp-1, 0x1.00e6c45ad501dp-2, -0x1.3b9568ff6feadp-57, /* [1.28125, 1.2890625) */
  0x1.8bfce8062ff3ap-1, 0x1.071b85fcd590dp-2, 0x1.08b83fcbdef40p-57, /* [1.2890625, 1.296875) */
  0x1.899c0f601899cp-1, 0x1.0d46b579ab74bp-2, 0x1.21f640e1e5ec9p-56, /* [1.296875, 1.3046875) */
  0x1.87427bcc092b9p-1, 0x1.136870293a8b0p-2, 0x1.86cc531dba494p-57, /* [1.3046875, 1.3125) */
  0x1.84f00c2780614p-1, 0x1.1980d2dd4236fp-2, -0x1.02c2e4f1b2eb9p-56, /* [1.3125, 1.3203125) */
  0x1.82a4a0182a4a0p-1, 0x1.1f8ff9e48a2f3p-2, -0x1.93fbf3418960dp-57, /* [1.3203125, 1.328125) */
  0x1.8060180601806p-1, 0x1.2596010df763ap-2, -0x1.9eed8ae0ebd3cp-59, /* [1.328125, 1.3359375) */
  0x1.7e225515a4f1dp-1, 0x1.2b9303ab89d25p-2, -0x1.85ad7f614ab51p-58, /* [1.3359375, 1.34375) */
  0x1.7beb3922e017cp-1, 0x1.31871c9544185p-2, -0x1.ea3598981366fp-57, /* [1.34375, 1.3515625) */
  0x1.79baa6bb6398bp-1, 0x1.3772662bfd85cp-2, 0x1.02a7589fba088p-57, /* [1.3515625, 1.359375) */
  0x1.77908119ac60dp-1, 0x1.3d54fa5c1f710p-2, 0x1.53668e578d9cdp-58, /* [1.359375, 1.3671875) */
  0x1.756cac201756dp-1, 0x1.432ef2a04e813p-2, -0x1.83262e2b59206p-57, /* [1.3671875, 1.375) */
  0x1.734f0c541fe8dp-1, 0x1.49006804009d0p-2, -0x1.bff0d07c5df6dp-59, /* [1.375, 1.3828125) */
  0x1.713786d9c7c09p-1, 0x1.4ec9732600269p-2, -0x1.1aa87d977dc5ep-56, /* [1.3828125, 1.390625) */
  0x1.6f26016f26017p-1, 0x1.548a2c3add263p-2, -0x1.58ce7bf1846eep-56, /* [1.390625, 1.3984375) */
  0x1.6d1a62681c861p-1, 0x1.5a42ab0f4cfe2p-2, -0x1.c6bcb7dee9a3dp-56, /* [1.3984375, 1.40625) */
  0x1.6b1490aa31a3dp-1, 0x1.5ff3070a793d4p-2, -0x1.063077d7e37b7p-56, /* [1.40625, 1.4140625) */
};
/* atan(i/16), i=0..16, double-double, mpmath 2000 bits */
static const double ATAN_T[34] = {
  0.0, 0.0,
  0x1.ff55bb72cfdeap-5, -0x1.c934d86d23f1dp-60,
  0x1.fd5ba9aac2f6ep-4, -0x1.cd37686760c17p-59,
  0x1.7b97b4bce5b02p-3, 0x1.347b0b4f881cap-58,
  0x1.f5b75f92c80ddp-3, 0x1.8ab6e3cf7afbdp-57,
  0x1.362773707ebccp-2, -0x1.963a544b672d8p-57,
  0x1.6f61941e4def1p-2, -0x1.c63aae6f6e918p-56,
  0x1.a64eec3cc23fdp-2, -0x1.24dec1b50b7ffp-56,
  0x1.dac670561bb4fp-2, 0x1.a2b7f222f65e2p-56,
  0x1.0657e94db30d0p-1, -0x1.d5b495f6349e6p-56,
  0x1.1e00babdefeb4p-1, -0x1.928df287a668fp-58,
  0x1.345f01cce37bbp-1, 0x1.1021137c71102p-55,
  0x1.4978fa3269ee1p-1, 0x1.2419a87f2a458p-56,
  0x1.5d58987169b18p-1, 0x1.0028e4bc5e7cap-57,
  0x1.700a7c5784634p-1, -0x1.8c34d25aadef6p-56,
  0x1.819d0b7158a4dp-1, -0x1.bf76229d3b917p-56,
  0x1.921fb54442d18p-1, 0x1.1a62633145c07p-55,
};
/* Bits of 2/pi for Payne-Hanek: the 1280-bit integer W = floor(2/pi * 2^1216) as 40 32-bit words,
   most significant first, i.e. 2/pi = sum_k TWO_OVER_PI[k] 2^(-32(k+1) + 64) up to 2^-1216.
   Words 0 and 1 are zero (the integer bits of 2/pi, padding); bit q (0 = msb of word 0) has
   weight 2^(63-q). */
static const uint32_t TWO_OVER_PI[40] = {
  0x00000000u, 0x00000000u, 0xa2f9836eu, 0x4e441529u, 0xfc2757d1u, 0xf534ddc0u,
  0xdb629599u, 0x3c439041u, 0xfe5163abu, 0xdebbc561u, 0xb7246e3au, 0x424dd2e0u,
  0x06492eeau, 0x09d1921cu, 0xfe1deb1cu, 0xb129a73eu, 0xe88235f5u, 0x2ebb4484u,
  0xe99c7026u, 0xb45f7e41u, 0x3991d639u, 0x835339f4u, 0x9c845f8bu, 0xbdf9283bu,
  0x1ff897ffu, 0xde05980fu, 0xef2f118bu, 0x5a0a6d1fu, 0x6d367ecfu, 0x27cb09b7u,
  0x4f463f66u, 0x9e5fea2du, 0x7527bac7u, 0xebe5f17bu, 0x3d0739f7u, 0x8a5292eau,
  0x6bfb5fb1u, 0x1f8d5d08u, 0x56033046u, 0xfc7b6babu,
};
#define LN2_H 0x1.62e42fefa2000p-1
#define LN2_L 0x1.9ef35793c7673p-41
#define LN2_128_1 0x1.62e42fef80000p-8
#define LN2_128_2 0x1.1cf79abc9e3b4p-43
#define INV_LN2_128 0x1.71547652b82fep+7
#define PIO2_1 0x1.921fb54400000p+0
#define PIO2_2 0x1.0b4611a600000p-34
#define PIO2_3 0x1.3198a2e000000p-69
#define PIO2_4 0x1.b839a252049c1p-104
#define PIO2_H 0x1.921fb54442d18p+0
#define PIO2_L 0x1.1a62633145c07p-54
#define PI_H 0x1.921fb54442d18p+1
#define PI_L 0x1.1a62633145c07p-53
#define PIO4_H 0x1.921fb54442d18p-1
#define PIO4_L 0x1.1a62633145c07p-55
#define THREEPIO4 0x1.2d97c7f3321d2p+1
#define TWO_OVER_PI_D 0x1.45f306dc9c883p-1

/* ------------------------------------------------------------------------------------------ */
/* exp                                                                                        */

/* e^(xh+xl) = (*h + *l) * 2^*k for |xh| <= 1000, |xl| <= 2^-40.
   Reduction: N = nearest(xh*128/ln2), r = xh - N*ln2/128 + xl with ln2/128 = L1 + L2 (L1 has 34
   bits so N*L1 is exact for |N| < 2^19, and xh - N*L1 is exact by Sterbenz); r = rh + rl is
   obtained with an exact two-sum, |r| <= ln2/256 * 1.0001 = 0.002708; the error of the
   reduction (L2 product rounding and truncation of ln2/128 after L1+L2) is < 2^-76.
   e^r - 1 = r + q, q = r^2/2 + ... + r^6/720 (Taylor; truncation r^7/5040 < 2^-72).
   Result 2^(j/128) (1 + r + q) with the table value T = th + tl (2^-106 accurate), T*rh exact
   (two_prod); the remaining rounding errors are below 2^-53 * 2^-16.4 (T*(rl+q)) and the lo
   summation (|lo| < 2^-16), so the relative error of (*h + *l) is < 2^-67. */
MK_INLINE void exp_core(double xh, double xl, double *h, double *l, int *k)
{
    double t = xh * INV_LN2_128;
    double nd = (t + 0x1.8p52) - 0x1.8p52;
    int n = (int)nd;
    double a = xh - nd * LN2_128_1; /* exact */
    double b = nd * LN2_128_2;
    double rh, rl;
    two_sum(a, -b, &rh, &rl);
    two_sum(rh, rl + xl, &rh, &rl);
    int j = n & 127;
    *k = (n - j) / 128;
    double th = EXP_T[2 * j], tl = EXP_T[2 * j + 1];
    double q = (rh * rh) * (0.5 + rh * ((1.0 / 6) + rh * ((1.0 / 24) + rh * ((1.0 / 120) + rh * (1.0 / 720)))));
    double ph, pl;
    two_prod(th, rh, &ph, &pl);
    double lo = (pl + tl) + (th * (rl + q) + tl * rh);
    double s, e;
    fast_two_sum(th, ph, &s, &e);
    fast_two_sum(s, e + lo, h, l);
}

/* exp: 0.5 ulp final rounding (round_scaled: a single rounding, also for subnormal results)
   + 2^-67 relative (exp_core) => <= 0.51 ulp.  Overflow for x > 709.78, 0 below -745.14. */
double MKN(exp)(double x)
{
    uint64_t ax = asu(x) & ABS64;
    if (ax >= 0x4087500000000000ULL) { /* |x| >= 746, inf, nan */
        if (ax > INF64) return MK_NAN;
        if (asu(x) >> 63) return 0x1p-1022 * 0x1p-1022; /* +0 (underflow) */
        return ax == INF64 ? x : 0x1p1023 * 2.0;                      /* +inf */
    }
    if (ax < 0x3c90000000000000ULL) return 1.0 + x; /* |x| < 2^-54 */
    double h, l;
    int k;
    exp_core(x, 0.0, &h, &l, &k);
    return round_scaled(h, l, k);
}

/* expm1(x) = (*h + *l) * 2^*k with relative error < 2^-58.4, for -60 < x < 710.
   |x| < 0x1.62p-9: Taylor x + x^2/2 + ... + x^7/5040 (truncation < 2^-75 relative); the part
   after x is < 2^-9.5 |x| and evaluated in double (relative error < 3u), so < 2^-61 relative.
   Otherwise e^x = (h+l)*2^k from exp_core (2^-67) and e^x - 1 = (h - 2^-k + l) * 2^k, h - 2^-k
   by an exact two-sum; since |e^x - 1| >= 2^-8.6 e^x for |x| >= 0x1.62p-9, the cancellation
   magnifies 2^-67 to < 2^-58.4. */
MK_INLINE void expm1_core(double x, double *h, double *l, int *k)
{
    if (fabs_(x) < 0x1.62p-9) {
        double q = (x * x) * (0.5 + x * ((1.0 / 6) + x * ((1.0 / 24) + x * ((1.0 / 120) + x * ((1.0 / 720) + x * (1.0 / 5040))))));
        fast_two_sum(x, q, h, l);
        *k = 0;
        return;
    }
    double eh, el, s, e;
    int kk;
    exp_core(x, 0.0, &eh, &el, &kk);
    two_sum(eh, -mul_pow2(1.0, -kk), &s, &e);
    two_sum(s, e + el, h, l);
    *k = kk;
}

/* expm1: 0.5 ulp + 2^-58.4 relative (expm1_core) => <= 0.53 ulp. */
double MKN(expm1)(double x)
{
    uint64_t ax = asu(x) & ABS64;
    if (ax > INF64) return MK_NAN;
    if (ax < 0x3c90000000000000ULL) return x; /* |x| < 2^-54: x + x^2/2 rounds to x; keeps -0 */
    if (x >= 710.0) return ax == INF64 ? x : 0x1p1023 * 2.0;
    if (x < -60.0) return -1.0; /* e^x < 2^-86: -1 + e^x rounds to -1 */
    double h, l;
    int k;
    expm1_core(x, &h, &l, &k);
    return mul_pow2(h + l, k); /* |result| >= 2^-54, never subnormal; exact scaling or overflow */
}

/* ------------------------------------------------------------------------------------------ */
/* log                                                                                        */

/* log(xh + xl) as dd, xh > 0 finite, |xl| <= ulp(xh).  Relative error < 2^-66.
   x = 2^e m, m in [0x1.6ap-1, 0x1.6ap0); i = subinterval of m (128 of them, width 2^-8 below 1,
   2^-7 above); c = LOG_T[3i] ~ 1/m (c = 1 for the two subintervals adjacent to 1, so there
   is no cancellation for x near 1), r = m*c - 1 computed EXACTLY as a dd (two_prod, and
   m*c - 1 is exact by Sterbenz), plus xl*2^-e*c; |r| <= 2^-7.
   log x = e*ln2 + (-log c) + log1p(r), log1p(r) = r - r^2/2 + r^3 P(r), P the Taylor series
   1/3 - r/4 + ... - r^7/10 (truncation r^10/11 < 2^-73.4 relative).  r - r^2/2 is formed as a
   dd (r^2 exact by two_prod); r^3 P(r) <= |r|^3/3 is evaluated in double (relative error
   < 2^-51, i.e. < 2^-67.5 relative to log1p(r) since r^2/3 <= 2^-15.6); e*LN2_H is exact
   (LN2_H has 40 bits); the three leading terms are summed with exact two-sums and the tails
   (each < 2^-50 of the result) in double.  When c != 1, |log x| >= 2^-8.5 and |r| <= 2^-8. */
MK_INLINE void log_core(double xh, double xl, double *h, double *l)
{
    uint64_t u = asu(xh);
    int eadj = 0;
    if (u < 0x0010000000000000ULL) { /* subnormal */
        xh *= 0x1p52; xl *= 0x1p52;
        u = asu(xh);
        eadj = -52;
    }
    int e = (int)(u >> 52) - 1023;
    uint64_t mb = u & MANT64;
    uint64_t mu;
    if (mb >= 0x6a00000000000ULL) { e += 1; mu = mb | 0x3fe0000000000000ULL; }
    else mu = mb | 0x3ff0000000000000ULL;
    double m = asd(mu);
    int i = (int)(((mu - 0x3fe6a00000000000ULL) >> 45) & 127);
    if (xl != 0.0) xl = mul_pow2(xl, -e);
    e += eadj;
    double c = LOG_T[3 * i], lch = LOG_T[3 * i + 1], lcl = LOG_T[3 * i + 2];
    double p, pe, rh, rl;
    two_prod(m, c, &p, &pe);
    two_sum(p - 1.0, pe + xl * c, &rh, &rl);
    double sh, sl;
    two_prod(rh, rh, &sh, &sl);
    sl += 2.0 * rh * rl;
    sh *= -0.5; sl *= -0.5;
    double P = (1.0 / 3) - rh * (0.25 - rh * ((1.0 / 5) - rh * ((1.0 / 6) - rh * ((1.0 / 7) - rh * ((1.0 / 8) - rh * ((1.0 / 9) - rh * 0.1))))));
    double T = (rh * (rh * rh)) * P;
    double de = (double)e;
    double s1, t1, s2, t2, s3, t3;
    two_sum(de * LN2_H, lch, &s1, &t1);
    two_sum(s1, rh, &s2, &t2);
    two_sum(s2, sh, &s3, &t3);
    double lo = (t1 + t2 + t3) + (de * LN2_L + lcl) + ((rl + sl) + T);
    fast_two_sum(s3, lo, h, l);
}

/* log: 0.5 ulp + 2^-66 relative => <= 0.51 ulp. */
double MKN(log)(double x)
{
    uint64_t u = asu(x);
    if ((u & ABS64) == 0) return -1.0 / fabs_(x); /* -inf, divide-by-zero */
    if (u >> 63) return MK_NAN;                    /* x < 0, -inf, -nan */
    if (u >= INF64) return u == INF64 ? x : MK_NAN;
    double h, l;
    log_core(x, 0.0, &h, &l);
    return h + l;
}

/* log1p: 1 + x = uh + ul exactly (two-sum), then log_core(uh, ul): for |x| small the
   subinterval has c = 1 and r = (uh - 1) + ul = x exactly, so relative accuracy is kept.
   0.5 ulp + 2^-66 => <= 0.51 ulp. */
double MKN(log1p)(double x)
{
    uint64_t u = asu(x), ax = u & ABS64;
    if (ax > INF64) return MK_NAN;
    if (ax < 0x3c90000000000000ULL) return x; /* |x| < 2^-54 (incl. +-0, subnormal): rounds to x */
    if (x == -1.0) return -1.0 / (x + 1.0); /* -inf, divide-by-zero */
    if (x < -1.0) return MK_NAN;
    if (ax == INF64) return x;
    double uh, ul, h, l;
    two_sum(1.0, x, &uh, &ul);
    log_core(uh, ul, &h, &l);
    return h + l;
}

/* ------------------------------------------------------------------------------------------ */
/* trigonometric argument reduction                                                           */

/* x - n*pi/2 = *rh + *rl (dd), returns n mod 4; |r| <= pi/4 (1 + 2^-40).  x finite.
   |x| <= pi/4: r = x.
   |x| < 2^19: Cody-Waite with pi/2 = P1 + P2 + P3 + P4 (P1..P3 have 33 bits, so n*Pi is exact for
   n < 2^20; P4 = RN(rest), so the represented pi/2 is within 2^-157 of pi/2).  x - n*P1 is exact
   (Sterbenz), the following subtractions are exact two-sums, and the only rounding errors are
   n*P4 (< 2^-138), the truncation of pi/2 (< 2^-138) and the sum of the tails (< 2^-106 |r|,
   since a tail is nonzero only when no cancellation happened in that step).  As no double
   is closer than 2^-62 to a nonzero multiple of pi/2 (the worst case over ALL doubles,
   6381956970095103*2^797, has |r| ~ 2^-60.9), the relative error of r is < 2^-75.
   |x| >= 2^19: Payne-Hanek, see rem_pio2_large. */
MK_INLINE int rem_pio2_large(double x, double *rh, double *rl);
MK_INLINE int rem_pio2(double x, double *rh, double *rl)
{
    double ax = fabs_(x);
    if (ax <= PIO4_H) { *rh = x; *rl = 0.0; return 0; }
    if (ax < 0x1p19) {
        double t = x * TWO_OVER_PI_D;
        double nd = (t + 0x1.8p52) - 0x1.8p52;
        double y = x - nd * PIO2_1; /* exact */
        double s, se, s2, se2;
        two_sum(y, -(nd * PIO2_2), &s, &se);
        two_sum(s, -(nd * PIO2_3), &s2, &se2);
        two_sum(s2, (se + se2) - nd * PIO2_4, rh, rl);
        return (int)((unsigned)(int)nd & 3u);
    }
    return rem_pio2_large(x, rh, rl);
}

/* Payne-Hanek for 2^19 <= |x| < 2^1024.  x = m 2^e, m a 53-bit integer, e in [-33, 971].
   Bits of 2/pi with weight 2^-i, i <= e-2, contribute multiples of 4 to x*2/pi and are skipped;
   the 192 bits i = e-1 ... e+190 (C) are taken from TWO_OVER_PI (whose words 0,1 are zero padding
   so that the bit index e+62 >= 29 is never negative) and V = m*C mod 2^192 is computed exactly
   with 32-bit limbs (no 128-bit integer type needed).  V * 2^-190 = x*2/pi mod 4 up to the
   neglected bits i > e+190, which contribute < m 2^e 2^-(e+190) < 2^-137.  The top 2 bits of
   V give n mod 4, the remaining 190 bits the fraction f (rounded to the nearest quadrant:
   |f| <= 1/2).  Since |f| >= 2^-62 for every double (see above), f has >= 128 significant bits
   before the 2^-137 error: its leading 128 bits are converted to a dd (relative error < 2^-116)
   and multiplied by pi/2 (dd) => relative error of r < 2^-74. */
MK_INLINE int rem_pio2_large(double x, double *rh, double *rl)
{
    uint64_t u = asu(x);
    int neg = (int)(u >> 63);
    u &= ABS64;
    uint64_t m = (u & MANT64) | (1ULL << 52);
    int e = (int)(u >> 52) - 1075;
    int q0 = e + 62; /* bit index (0 = msb of word 0) of the bit of weight 2^-(e-1) */
    int w = q0 >> 5, sh = q0 & 31;
    uint32_t c0, c1, c2, c3, c4, c5; /* c0 least significant limb of C */
#define MK_CHUNK(k) (sh ? ((TWO_OVER_PI[w + (k)] << sh) | (TWO_OVER_PI[w + (k) + 1] >> (32 - sh))) : TWO_OVER_PI[w + (k)])
    c5 = MK_CHUNK(0); c4 = MK_CHUNK(1); c3 = MK_CHUNK(2);
    c2 = MK_CHUNK(3); c1 = MK_CHUNK(4); c0 = MK_CHUNK(5);
#undef MK_CHUNK
    uint64_t m0 = m & 0xffffffffu, m1 = m >> 32;
    uint32_t r0, r1, r2, r3, r4, r5;
    uint64_t acc;
    acc = (uint64_t)c0 * m0;                  r0 = (uint32_t)acc; acc >>= 32;
    acc += (uint64_t)c1 * m0;                 r1 = (uint32_t)acc; acc >>= 32;
    acc += (uint64_t)c2 * m0;                 r2 = (uint32_t)acc; acc >>= 32;
    acc += (uint64_t)c3 * m0;                 r3 = (uint32_t)acc; acc >>= 32;
    acc += (uint64_t)c4 * m0;                 r4 = (uint32_t)acc; acc >>= 32;
    acc += (uint64_t)c5 * m0;                 r5 = (uint32_t)acc;
    acc = (uint64_t)r1 + (uint64_t)c0 * m1;   r1 = (uint32_t)acc; acc >>= 32;
    acc += (uint64_t)r2 + (uint64_t)c1 * m1;  r2 = (uint32_t)acc; acc >>= 32;
    acc += (uint64_t)r3 + (uint64_t)c2 * m1;  r3 = (uint32_t)acc; acc >>= 32;
    acc += (uint64_t)r4 + (uint64_t)c3 * m1;  r4 = (uint32_t)acc; acc >>= 32;
    acc += (uint64_t)r5 + (uint64_t)c4 * m1;  r5 = (uint32_t)acc;
    unsigned n = r5 >> 30;
    /* fraction: 190 bits G2:G1:G0 (G2 has 62 bits) */
    uint64_t g2 = ((uint64_t)(r5 & 0x3fffffffu) << 32) | r4;
    uint64_t g1 = ((uint64_t)r3 << 32) | r2;
    uint64_t g0 = ((uint64_t)r1 << 32) | r0;
    int fneg = 0;
    if (g2 >> 61) { /* f >= 1/2: use f - 1 */
        n += 1;
        fneg = 1;
        g0 = ~g0; g1 = ~g1; g2 = ~g2;
        g0 += 1;
        if (g0 == 0) { g1 += 1; if (g1 == 0) g2 += 1; }
        g2 &= 0x3fffffffffffffffULL; /* 2^190 - f */
    }
    int base = 128; /* weight of bit 0 of g2 is 2^(base-190) */
    if (g2 == 0) { g2 = g1; g1 = g0; g0 = 0; base -= 64; }
    if (g2 == 0) { g2 = g1; g1 = g0; g0 = 0; base -= 64; }
    if (g2 == 0) { *rh = 0.0; *rl = 0.0; return (int)(neg ? (0u - n) & 3u : n & 3u); } /* impossible */
    int lz = __builtin_clzll(g2);
    uint64_t hi64 = lz ? (g2 << lz) | (g1 >> (64 - lz)) : g2;
    uint64_t nx64 = lz ? (g1 << lz) | (g0 >> (64 - lz)) : g1;
    int p = base + 63 - lz; /* value = hi64 * 2^(p-63-190) + nx64 * 2^(p-127-190) + ... */
    double fh = (double)(hi64 >> 11) * pow2i(p - 52 - 190);
    double fl = ((double)(hi64 & 0x7ff) * 0x1p64 + (double)nx64) * pow2i(p - 127 - 190);
    double ph, pl;
    two_prod(fh, PIO2_H, &ph, &pl);
    pl += fh * PIO2_L + fl * PIO2_H;
    fast_two_sum(ph, pl, rh, rl);
    if (fneg ^ neg) { *rh = -*rh; *rl = -*rl; }
    return (int)(neg ? (0u - n) & 3u : n & 3u);
}

/* sin(rh + rl), |r| <= 0.786, as dd with relative error < 2^-60.
   sin r = r - r^3/6 + r^5 Q(r^2), Q Taylor up to r^17 (truncation r^19/19! < 2^-63 |r|).
   r^3/6 is formed in dd (two_prod twice, -1/6 as dd); r^5 Q(r^2) <= 0.0032|r| is evaluated in
   double (relative error < 5u, so < 2^-61.5 relative to sin r >= 0.9|r|); the rl contribution is
   rl cos(rh) ~ rl (1 - z/2 + z^2/24); the tail sum adds < 2^-61. */
MK_INLINE void sin_dd(double rh, double rl, double *h, double *l)
{
    double z, zl, w, wl, th, tl, s, e;
    two_prod(rh, rh, &z, &zl);
    two_prod(z, rh, &w, &wl);
    wl += zl * rh;
    two_prod(w, -0x1.5555555555555p-3, &th, &tl);
    tl += w * -0x1.5555555555555p-57 + wl * -0x1.5555555555555p-3;
    double q = (w * z) * ((1.0 / 120) + z * ((-1.0 / 5040) + z * ((1.0 / 362880) + z * ((-1.0 / 39916800) +
               z * ((1.0 / 6227020800.0) + z * ((-1.0 / 1307674368000.0) + z * (1.0 / 355687428096000.0)))))));
    two_sum(rh, th, &s, &e);
    double lo = (e + tl) + (rl * (1.0 - z * (0.5 - z * (1.0 / 24))) + q);
    fast_two_sum(s, lo, h, l);
}

/* cos(rh + rl), |r| <= 0.786, as dd with absolute error < 0.08u (u = 2^-53), i.e. < 0.08 ulp
   of the result (cos r >= 0.7, so ulp = u) and relative error < 2^-56.
   cos r = 1 - r^2/2 + r^4 Q(r^2), Q Taylor up to r^18 (truncation r^20/20! < 2^-67);
   1 - r^2/2 is exact as dd (two_prod + two_sum); r^4 Q <= 0.0159 is evaluated in double with
   relative error < 5u (z = RN(r^2): 2u after squaring, z*z, the Horner steps and the final
   product), i.e. < 0.08u absolute; the rl term is -rl sin(rh) ~ -rl rh (1 - z/6). */
MK_INLINE void cos_dd(double rh, double rl, double *h, double *l)
{
    double z, zl, a, ae;
    two_prod(rh, rh, &z, &zl);
    two_sum(1.0, -0.5 * z, &a, &ae);
    double q = (z * z) * ((1.0 / 24) + z * ((-1.0 / 720) + z * ((1.0 / 40320) + z * ((-1.0 / 3628800) +
               z * ((1.0 / 479001600) + z * ((-1.0 / 87178291200.0) + z * ((1.0 / 20922789888000.0) +
               z * (-1.0 / 6402373705728000.0))))))));
    double lo = (ae - 0.5 * zl) + (q - rl * rh * (1.0 - z * (1.0 / 6)));
    fast_two_sum(a, lo, h, l);
}

/* sin: reduction (relative error < 2^-74) + kernel (sin_dd: 2^-60; cos_dd, used in odd
   quadrants: 0.08 ulp) + 0.5 ulp final rounding => <= 0.59 ulp. */
double MKN(sin)(double x)
{
    uint64_t ax = asu(x) & ABS64;
    if (ax >= INF64) return MK_NAN;                /* sin(+-inf) invalid */
    if (ax < 0x3e40000000000000ULL) return x;      /* |x| < 2^-27: sin x rounds to x */
    double rh, rl, h, l;
    int n = rem_pio2(x, &rh, &rl);
    if (n & 1) cos_dd(rh, rl, &h, &l); else sin_dd(rh, rl, &h, &l);
    double r = h + l;
    return (n & 2) ? -r : r;
}

/* cos: reduction 2^-74 + kernel (cos_dd 0.08 ulp, sin_dd 2^-60) + 0.5 ulp => <= 0.59 ulp. */
double MKN(cos)(double x)
{
    uint64_t ax = asu(x) & ABS64;
    if (ax >= INF64) return MK_NAN;
    if (ax < 0x3e40000000000000ULL) return 1.0;     /* |x| < 2^-27: 1 - x^2/2 rounds to 1 */
    double rh, rl, h, l;
    int n = rem_pio2(x, &rh, &rl);
    if (n & 1) sin_dd(rh, rl, &h, &l); else cos_dd(rh, rl, &h, &l);
    double r = h + l;
    return ((n + 1) & 2) ? -r : r;
}

/* tan = sin/cos (n even) or -cos/sin (n odd), quotient of the two dd kernels in dd:
   relative 2^-74 + 2^-60 + 2^-56 + 2^-100 < 2^-55.9, i.e. < 0.14 ulp, + 0.5 ulp => <= 0.65 ulp. */
double MKN(tan)(double x)
{
    uint64_t ax = asu(x) & ABS64;
    if (ax >= INF64) return MK_NAN;
    if (ax < 0x3e30000000000000ULL) return x;       /* |x| < 2^-28: tan x rounds to x */
    double rh, rl, sh, sl, ch, cl, qh, ql;
    int n = rem_pio2(x, &rh, &rl);
    sin_dd(rh, rl, &sh, &sl);
    cos_dd(rh, rl, &ch, &cl);
    if (n & 1) dd_div(-ch, -cl, sh, sl, &qh, &ql);
    else dd_div(sh, sl, ch, cl, &qh, &ql);
    return qh + ql;
}

/* ------------------------------------------------------------------------------------------ */
/* inverse trigonometric                                                                      */

/* atan(xh + xl) for xh >= 0, as dd with relative error < 2^-61.
   x > 1: atan x = pi/2 - atan(1/x), 1/x formed as dd (two_prod residual); x > 2^60: pi/2 - 1/x.
   0 <= w <= 1: c = i/16 nearest to w, atan w = atan c + atan t, t = (w - c)/(1 + w c) as dd
   (w - c exact by Sterbenz, 1 + wc exact as dd via two_prod/two_sum, dd division), |t| <= 1/32;
   atan t = t - t^3/3 + ... + t^13/13 (Taylor, truncation t^15/15 < 2^-77 |t|), the
   t^3 part (<= 2^-11.6 |t|) evaluated in double; atan c from ATAN_T (2^-106).  No cancellation:
   all terms have the sign of the result except t, and |t| < atan(c)/2 when c != 0. */
MK_INLINE void atan_dd(double xh, double xl, double *h, double *l)
{
    int inv = 0;
    if (xh > 1.0) {
        if (xh > 0x1p60) { fast_two_sum(PIO2_H, PIO2_L - 1.0 / xh, h, l); return; }
        double vh = 1.0 / xh, p, pe;
        two_prod(vh, xh, &p, &pe);
        double vl = (((1.0 - p) - pe) - vh * xl) * vh;
        fast_two_sum(vh, vl, &xh, &xl);
        inv = 1;
    }
    int i = (int)(xh * 16.0 + 0.5);
    double c = (double)i * 0.0625;
    double nh, nl, ph, pe, dh, dl, th, tl;
    two_sum(xh - c, xl, &nh, &nl);
    two_prod(c, xh, &ph, &pe);
    two_sum(1.0, ph, &dh, &dl);
    dl += pe + c * xl;
    dd_div(nh, nl, dh, dl, &th, &tl);
    double z = th * th;
    double poly = (th * z) * ((-1.0 / 3) + z * ((1.0 / 5) + z * ((-1.0 / 7) + z * ((1.0 / 9) + z * ((-1.0 / 11) + z * (1.0 / 13))))));
    double s, e;
    two_sum(ATAN_T[2 * i], th, &s, &e);
    double lo = (e + ATAN_T[2 * i + 1]) + (tl * (1.0 - z) + poly);
    if (inv) {
        double s2, e2;
        fast_two_sum(s, lo, &s, &lo);
        two_sum(PIO2_H, -s, &s2, &e2);
        lo = e2 + (PIO2_L - lo);
        s = s2;
    }
    fast_two_sum(s, lo, h, l);
}

/* atan: 0.5 ulp + 2^-61 => <= 0.51 ulp. */
double MKN(atan)(double x)
{
    uint64_t u = asu(x), ax = u & ABS64;
    int neg = (int)(u >> 63);
    if (ax > INF64) return MK_NAN;
    if (ax == INF64) return neg_if(PIO2_H, neg);
    if (ax < 0x3e40000000000000ULL) return x; /* |x| < 2^-27: x - x^3/3 rounds to x */
    double h, l;
    atan_dd(asd(ax), 0.0, &h, &l);
    return neg_if(h + l, neg);
}

/* atan2(y, x): q = |y|/|x| as dd (operands scaled by a power of two so the dd residual cannot
   overflow or underflow), atan_dd(q), then pi - atan q (dd) if x < 0 (no cancellation, the
   result is >= pi/2), sign of y.  |y/x| > 2^60 or < 2^-60 handled directly (the correction
   terms are below 2^-60 relative).  0.5 ulp + 2^-60 => <= 0.52 ulp. */
double MKN(atan2)(double y, double x)
{
    if (isnan_(x) || isnan_(y)) return MK_NAN;
    uint64_t uy = asu(y), ux = asu(x);
    int sy = (int)(uy >> 63), sx = (int)(ux >> 63);
    double ay = fabs_(y), ax = fabs_(x);
    if (ay == 0.0) return sx ? neg_if(PI_H, sy) : y;
    if (ax == 0.0) return neg_if(PIO2_H, sy);
    if (ax == MK_INF) {
        if (ay == MK_INF) return neg_if(sx ? THREEPIO4 : PIO4_H, sy);
        return neg_if(sx ? PI_H : 0.0, sy);
    }
    if (ay == MK_INF) return neg_if(PIO2_H, sy);
    int ey = ilogb_(ay), ex = ilogb_(ax);
    if (ey - ex > 60) return neg_if(PIO2_H, sy);
    if (ex - ey > 60) return neg_if(sx ? PI_H : ay / ax, sy); /* atan q = q(1 - q^2/3) */
    double a = mul_pow2(ay, -ex), b = mul_pow2(ax, -ex);      /* exact; b in [1,2) */
    double qh = a / b, p, pe, h, l, r;
    two_prod(qh, b, &p, &pe);
    double ql = ((a - p) - pe) / b;
    atan_dd(qh, ql, &h, &l);
    if (sx) {
        double s, e;
        two_sum(PI_H, -h, &s, &e);
        r = s + (e + (PI_L - l));
    } else r = h + l;
    return neg_if(r, sy);
}

/* sqrt(1 - x^2) for 0 <= x < 1 as dd (relative error < 2^-100): 1 - x^2 = (1-x)(1+x) exactly as
   dd for x >= 1/2 (1-x exact), 1 - x*x via two_prod otherwise; dd square root by one
   correction step. */
MK_INLINE void sqrt1mx2(double x, double *h, double *l)
{
    double dh, dl, p, pe;
    if (x >= 0.5) {
        double a = 1.0 - x, bh, bl;
        two_sum(1.0, x, &bh, &bl);
        two_prod(a, bh, &dh, &dl);
        dl += a * bl;
    } else {
        two_prod(x, x, &p, &pe);
        two_sum(1.0, -p, &dh, &dl);
        dl -= pe;
    }
    fast_two_sum(dh, dl, &dh, &dl);
    double s = __builtin_sqrt(dh);
    two_prod(s, s, &p, &pe);
    *h = s;
    *l = (((dh - p) - pe) + dl) / (2.0 * s);
}

/* asin(x) = atan(x / sqrt(1 - x^2)), quotient as dd: 0.5 ulp + 2^-60 => <= 0.52 ulp. */
MK_INLINE void asin_dd(double ax, double *h, double *l)
{
    double sh, sl, qh, ql;
    sqrt1mx2(ax, &sh, &sl);
    dd_div(ax, 0.0, sh, sl, &qh, &ql);
    atan_dd(qh, ql, h, l);
}

double MKN(asin)(double x)
{
    uint64_t u = asu(x), ax = u & ABS64;
    int neg = (int)(u >> 63);
    if (ax > 0x3ff0000000000000ULL) return MK_NAN;      /* |x| > 1, nan */
    if (ax == 0x3ff0000000000000ULL) return neg_if(PIO2_H, neg);
    if (ax < 0x3e40000000000000ULL) return x;           /* |x| < 2^-27 */
    double h, l;
    asin_dd(asd(ax), &h, &l);
    return neg_if(h + l, neg);
}

/* acos: |x| < 1/2: pi/2 -+ asin|x| (dd, result >= pi/3: no cancellation);
   |x| >= 1/2: atan(sqrt(1-x^2)/|x|) or pi - that (dd).  0.5 ulp + 2^-60 => <= 0.52 ulp. */
double MKN(acos)(double x)
{
    uint64_t u = asu(x), ax = u & ABS64;
    int neg = (int)(u >> 63);
    if (ax > 0x3ff0000000000000ULL) return MK_NAN;
    if (ax == 0x3ff0000000000000ULL) return neg ? PI_H : 0.0;
    double h, l, s, e, a = asd(ax);
    if (a < 0.5) {
        if (ax < 0x3c80000000000000ULL) return PIO2_H; /* |x| < 2^-55 */
        asin_dd(a, &h, &l);
        if (neg) { h = -h; l = -l; }
        two_sum(PIO2_H, -h, &s, &e);
        return s + (e + (PIO2_L - l));
    }
    double sh, sl, qh, ql;
    sqrt1mx2(a, &sh, &sl);
    dd_div(sh, sl, a, 0.0, &qh, &ql);
    atan_dd(qh, ql, &h, &l);
    if (!neg) return h + l;
    two_sum(PI_H, -h, &s, &e);
    return s + (e + (PI_L - l));
}

/* ------------------------------------------------------------------------------------------ */
/* hyperbolic                                                                                 */

/* sinh: |x| <= 22: E = expm1|x| (dd, 2^-58.4), sinh = (E + E/(E+1))/2 in dd (all terms >= 0);
   |x| > 22: e^|x|/2 (the e^-|x| term is < 2^-63 relative) via exp_core and round_scaled.
   0.5 ulp + 2^-58 => <= 0.53 ulp. */
double MKN(sinh)(double x)
{
    uint64_t u = asu(x), ax = u & ABS64;
    int neg = (int)(u >> 63);
    if (ax > INF64) return MK_NAN;
    if (ax == INF64) return x;
    if (ax < 0x3e40000000000000ULL) return x; /* |x| < 2^-27: x + x^3/6 rounds to x */
    double a = asd(ax), h, l;
    int k;
    if (a > 22.0) {
        if (a > 711.0) return neg_if(0x1p1023 * 2.0, neg);
        exp_core(a, 0.0, &h, &l, &k);
        return neg_if(round_scaled(h, l, k - 1), neg);
    }
    double dh, dl, qh, ql, s, e;
    expm1_core(a, &h, &l, &k);
    h = mul_pow2(h, k); l = mul_pow2(l, k);   /* k in [0, 32]: exact */
    two_sum(1.0, h, &dh, &dl);
    dl += l;
    dd_div(h, l, dh, dl, &qh, &ql);
    two_sum(h, qh, &s, &e);
    return neg_if((s + (e + (l + ql))) * 0.5, neg);
}

/* cosh: |x| <= 22: W = 1 + expm1|x| (dd), cosh = (W + 1/W)/2 in dd; |x| > 22: e^|x|/2.
   0.5 ulp + 2^-58 => <= 0.52 ulp. */
double MKN(cosh)(double x)
{
    uint64_t ax = asu(x) & ABS64;
    if (ax > INF64) return MK_NAN;
    if (ax == INF64) return MK_INF;
    if (ax < 0x3e40000000000000ULL) return 1.0; /* 1 + x^2/2 rounds to 1 */
    double a = asd(ax), h, l;
    int k;
    if (a > 22.0) {
        if (a > 711.0) return 0x1p1023 * 2.0;
        exp_core(a, 0.0, &h, &l, &k);
        return round_scaled(h, l, k - 1);
    }
    double wh, wl, vh, vl, s, e;
    expm1_core(a, &h, &l, &k);
    h = mul_pow2(h, k); l = mul_pow2(l, k);
    two_sum(1.0, h, &wh, &wl);
    wl += l;
    dd_div(1.0, 0.0, wh, wl, &vh, &vl);
    two_sum(wh, vh, &s, &e);
    return (s + (e + (wl + vl))) * 0.5;
}

/* tanh: |x| < 22: E = expm1(2|x|) (dd), tanh = E/(E+2) in dd; |x| >= 22: +-1 (1 - tanh < 2^-62).
   0.5 ulp + 2^-57.5 => <= 0.53 ulp. */
double MKN(tanh)(double x)
{
    uint64_t u = asu(x), ax = u & ABS64;
    int neg = (int)(u >> 63);
    if (ax > INF64) return MK_NAN;
    if (ax < 0x3e40000000000000ULL) return x; /* x - x^3/3 rounds to x */
    double a = asd(ax), h, l, dh, dl, qh, ql;
    if (a >= 22.0) return neg_if(1.0, neg);
    int k;
    expm1_core(2.0 * a, &h, &l, &k);
    h = mul_pow2(h, k); l = mul_pow2(l, k);   /* k in [0, 64] */
    two_sum(2.0, h, &dh, &dl);
    dl += l;
    dd_div(h, l, dh, dl, &qh, &ql);
    return neg_if(qh + ql, neg);
}

/* ------------------------------------------------------------------------------------------ */
/* pow                                                                                        */

/* 0: not an integer, 1: odd integer, 2: even integer (y finite) */
static int int_class(double y)
{
    uint64_t u = asu(y) & ABS64;
    int e = (int)(u >> 52) - 1023;
    if (e >= 53) return 2;
    if (e < 0) return u == 0 ? 2 : 0;
    uint64_t fb = 52 - e; /* number of fraction bits */
    if (fb && (u & ((1ULL << fb) - 1))) return 0;
    return ((u >> fb) & 1) ? 1 : 2;
}

/* pow(x, y) = e^(y log|x|): log|x| = lh + ll from log_core (relative error < 2^-66);
   z = y*lh + y*ll as a dd (two_prod exact: here |y| < 2^63 because |y lh| <= 1000 and
   |lh| >= 2^-54 for x != 1).  Only |z| <= 745.2 gives a nonzero finite result, so the error
   of z is < 745.2 * 2^-66 + 2^-100 < 2^-56.4 absolute, i.e. relative error 2^-56.4 of e^z;
   exp_core adds 2^-67 and round_scaled rounds once (also for subnormal results).
   Total: 0.5 ulp + 2^-56.3 relative (< 0.11 ulp) => <= 0.62 ulp.  Because the unrounded value
   is within 2^-56.3 relative (< 1/8 ulp) of x^y, every exactly representable x^y (e.g. 10^k for
   k <= 22, 2^k, 3^k, (-2)^k, k^2 with y = 0.5) is returned exactly. */
double MKN(pow)(double x, double y)
{
    uint64_t ux = asu(x), uy = asu(y);
    if ((uy & ABS64) == 0) return 1.0;      /* pow(x, +-0) = 1, even for NaN x */
    if (ux == 0x3ff0000000000000ULL) return 1.0; /* pow(1, y) = 1, even for NaN y */
    if (isnan_(x) || isnan_(y)) return MK_NAN;
    double ax = fabs_(x), ayy = fabs_(y);
    int xneg = (int)(ux >> 63);
    if (ayy == MK_INF) {
        if (ax == 1.0) return 1.0;          /* pow(-1, +-inf) = 1 */
        return ((ax < 1.0) == (y > 0.0)) ? 0.0 : MK_INF;
    }
    int yc = int_class(y);
    if (ax == 0.0) {
        if (y < 0.0) return (yc == 1 && xneg) ? -1.0 / ax : 1.0 / ax; /* +-inf, divide-by-zero */
        return yc == 1 ? x : 0.0;
    }
    if (ax == MK_INF) {
        double r = y < 0.0 ? 0.0 : MK_INF;
        return (xneg && yc == 1) ? -r : r;
    }
    int sign = 0;
    if (xneg) {
        if (yc == 0) return MK_NAN;          /* negative ** non-integer: invalid */
        sign = yc == 1;
    }
    if (ax == 1.0) return neg_if(1.0, sign);  /* pow(-1, integer y); avoids splitting a huge y */
    double lh, ll, zh, zl, ph, pl, h, l;
    log_core(ax, 0.0, &lh, &ll);
    double z0 = y * lh;
    if (z0 > 1000.0) return neg_if(0x1p1023 * 2.0, sign);            /* overflow */
    if (z0 < -1000.0) return neg_if(0x1p-1022 * 0x1p-1022, sign);    /* underflow */
    two_prod(y, lh, &ph, &pl);
    pl += y * ll;
    two_sum(ph, pl, &zh, &zl);
    int k;
    exp_core(zh, zl, &h, &l, &k);
    return neg_if(round_scaled(h, l, k), sign);
}

/* ------------------------------------------------------------------------------------------ */
/* cbrt, hypot                                                                                */

/* cbrt: x = 2^(3q) mm, mm in [1,8); seed 2^(rem/3)(1 + t/3 - t^2/9 + 5t^3/81) (error < 2%),
   three Newton steps in double (error -> 4e-4 -> 2e-7 -> 2^-45 plus rounding), then one
   Newton step whose residual y^3 - mm is computed exactly in dd, leaving an unrounded
   error < 2^-90 + 2^-102; one final rounding and exact scaling => <= 0.5 + 2^-37 ulp. */
double MKN(cbrt)(double x)
{
    uint64_t u = asu(x), ax = u & ABS64;
    int neg = (int)(u >> 63);
    if (ax > INF64) return MK_NAN;
    if (ax == 0 || ax == INF64) return x;
    int eadj = 0;
    if (ax < 0x0010000000000000ULL) { ax = asu(asd(ax) * 0x1p54); eadj = -54; }
    int e = (int)(ax >> 52) - 1023 + eadj;
    double m = asd((ax & MANT64) | 0x3ff0000000000000ULL);
    int q = e >= 0 ? e / 3 : -((-e + 2) / 3);
    int rem = e - 3 * q;
    double mm = m * (double)(1 << rem);
    double t = m - 1.0;
    double y = 1.0 + t * ((1.0 / 3) - t * ((1.0 / 9) - t * (5.0 / 81)));
    if (rem == 1) y *= 0x1.428a2f98d728bp+0;      /* 2^(1/3) */
    else if (rem == 2) y *= 0x1.965fea53d6e3dp+0; /* 2^(2/3) */
    y = y - (y * y * y - mm) / (3.0 * y * y);
    y = y - (y * y * y - mm) / (3.0 * y * y);
    y = y - (y * y * y - mm) / (3.0 * y * y);
    double a, al, b, bl;
    two_prod(y, y, &a, &al);
    two_prod(a, y, &b, &bl);
    bl += al * y;
    double d = (b - mm) + bl; /* b - mm exact (Sterbenz) */
    y = y - d / (3.0 * y * y);
    return neg_if(mul_pow2(y, q), neg);
}

/* hypot: scale by 2^-ilogb(max) (exact), A^2 + B^2 exact to 2^-106 as dd, dd square root
   correction, one rounding by round_scaled (also correct for subnormal results).
   => <= 0.5 + 2^-45 ulp.  hypot(+-inf, y) = +inf even for NaN y. */
double MKN(hypot)(double x, double y)
{
    double a = fabs_(x), b = fabs_(y);
    if (a == MK_INF || b == MK_INF) return MK_INF;
    if (isnan_(a) || isnan_(b)) return MK_NAN;
    if (a < b) { double t = a; a = b; b = t; }
    if (b == 0.0) return a;
    int ea = ilogb_(a), eb = ilogb_(b);
    if (ea - eb > 60) return a + b;  /* sqrt(a^2+b^2) = a (1 + 2^-122): rounds to a */
    double A = mul_pow2(a, -ea), B = mul_pow2(b, -ea); /* exact: A in [1,2), B >= 2^-61 */
    double p, pl, q, ql, s, e, t, tl;
    two_prod(A, A, &p, &pl);
    two_prod(B, B, &q, &ql);
    two_sum(p, q, &s, &e);
    e += pl + ql;
    fast_two_sum(s, e, &s, &e);
    double h = __builtin_sqrt(s);
    two_prod(h, h, &t, &tl);
    double c = (((s - t) - tl) + e) / (2.0 * h);
    return round_scaled(h, c, ea);
}

/* ------------------------------------------------------------------------------------------ */
/* exact operations: fma, fmod, round                                                         */

/* 53x53 -> 106-bit product with 32-bit pieces (no 128-bit type, no compiler-rt call). */
MK_INLINE void mul53(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, mid = a0 * b1 + a1 * b0; /* mid < 2^54 */
    uint64_t l = p00 + (mid << 32);
    *hi = a1 * b1 + (mid >> 32) + (l < p00);
    *lo = l;
}
/* (h,l) >>= d with the shifted-out bits ORed into bit 0 (sticky) */
MK_INLINE void shr_sticky(uint64_t *h, uint64_t *l, int d)
{
    if (d == 0) return;
    if (d >= 128) { *l = (*h | *l) != 0; *h = 0; return; }
    uint64_t st;
    if (d >= 64) {
        st = (*l != 0) | ((d > 64 ? (*h << (128 - d)) : 0) != 0);
        *l = (d == 64 ? *h : *h >> (d - 64)) | st;
        *h = 0;
        return;
    }
    st = (*l << (64 - d)) != 0;
    *l = (*l >> d) | (*h << (64 - d)) | st;
    *h >>= d;
}
MK_INLINE void decompose(uint64_t u, uint64_t *m, int *e) /* finite nonzero: |x| = m 2^e, m in [2^52,2^53) */
{
    int be = (int)((u >> 52) & 0x7ff);
    uint64_t mm = u & MANT64;
    if (be) { *m = mm | (1ULL << 52); *e = be - 1075; return; }
    int sh = __builtin_clzll(mm) - 11;
    *m = mm << sh;
    *e = -1074 - sh;
}

/* fma: exact integer arithmetic.  The product (106 bits) and z are placed in 128-bit integers
   with >= 20 guard bits, the smaller operand is shifted right with a sticky bit (bits can only be
   lost when the exponents differ by > 20, and then the result keeps >= 124 bits, so the sticky
   bit, which makes the difference odd, is >= 2 bits below the rounding position), added or
   subtracted exactly, and rounded once to nearest-even at 53 bits or at 2^-1074 (subnormal).
   Correctly rounded (0.5 ulp), exact zero results are +0 (round to nearest). */
double MKN(fma)(double x, double y, double z)
{
    uint64_t ux = asu(x), uy = asu(y), uz = asu(z);
    if ((ux & INF64) == INF64 || (uy & INF64) == INF64) { /* x or y inf/nan: x*y exact */
        double r = x * y + z;
        return isnan_(r) ? MK_NAN : r;
    }
    if ((uz & INF64) == INF64) return isnan_(z) ? MK_NAN : z; /* x, y finite */
    if (x == 0.0 || y == 0.0) return x * y + z;              /* exact zero product */
    if (z == 0.0) return x * y;                               /* one rounding; sign of tiny products kept */
    uint64_t mx, my, mz, ph, pl, zh, zl, rh, rl;
    int ex, ey, ez;
    decompose(ux, &mx, &ex);
    decompose(uy, &my, &ey);
    decompose(uz, &mz, &ez);
    int sp = (int)((ux ^ uy) >> 63), sz = (int)(uz >> 63), sr;
    mul53(mx, my, &ph, &pl);            /* in [2^104, 2^106) */
    ph = (ph << 20) | (pl >> 44); pl <<= 20;
    int ep = ex + ey - 20;              /* product = (ph:pl) 2^ep, msb at 124 or 125 */
    zh = mz << 9; zl = 0;               /* z = (zh:zl) 2^(ez - 73), msb at 125 */
    int ezz = ez - 73, E;
    int d = ep - ezz;
    if (d >= 0) { shr_sticky(&zh, &zl, d); E = ep; }
    else { shr_sticky(&ph, &pl, -d); E = ezz; }
    if (sp == sz) {
        rl = pl + zl;
        rh = ph + zh + (rl < pl);
        sr = sp;
    } else {
        if (ph > zh || (ph == zh && pl >= zl)) {
            rl = pl - zl; rh = ph - zh - (pl < zl); sr = sp;
        } else {
            rl = zl - pl; rh = zh - ph - (zl < pl); sr = sz;
        }
        if (rh == 0 && rl == 0) return 0.0;  /* exact cancellation: +0 */
    }
    int msb = rh ? 127 - __builtin_clzll(rh) : 63 - __builtin_clzll(rl);
    int er = msb + E;                   /* |result| in [2^er, 2^(er+1)) before rounding */
    uint64_t sbit = (uint64_t)sr << 63;
    if (er > 1023) return asd(sbit | INF64);
    int shift = er >= -1022 ? msb - 52 : -1074 - E;
    uint64_t qv;
    if (shift <= 0) {
        qv = rl << -shift;              /* exact: fewer than 53 significant bits */
    } else if (shift > msb + 1) {
        return asd(sbit);               /* |result| < 2^-1075: rounds to zero */
    } else {
        uint64_t hh = rh, ll = rl, remh, reml, halfh, halfl;
        /* q = R >> shift, rem = R mod 2^shift, half = 2^(shift-1) */
        if (shift >= 64) {
            qv = hh >> (shift - 64);
            remh = shift == 64 ? 0 : hh & ((1ULL << (shift - 64)) - 1); reml = ll;
            halfh = shift == 64 ? 0 : 1ULL << (shift - 65); halfl = shift == 64 ? (1ULL << 63) : 0;
        } else {
            qv = (ll >> shift) | (shift ? hh << (64 - shift) : 0);
            remh = 0; reml = ll & ((1ULL << shift) - 1);
            halfh = 0; halfl = 1ULL << (shift - 1);
        }
        int gt = remh > halfh || (remh == halfh && reml > halfl);
        int eq = remh == halfh && reml == halfl;
        if (gt || (eq && (qv & 1))) qv += 1;
    }
    uint64_t bits;
    if (er >= -1022) bits = ((uint64_t)(er + 1022) << 52) + qv; /* carry into exponent ok, -> inf ok */
    else bits = qv;                                             /* subnormal (2^52 -> min normal) */
    return asd(sbit | bits);
}

/* fmod: exact.  |x| = mx 2^ex, |y| = my 2^ey (53-bit integers); r = mx mod my, then at most 11
   bits at a time r = (r << s) mod my until the exponents meet (<= 191 iterations); the result
   r 2^ey is exactly representable. */
double MKN(fmod)(double x, double y)
{
    uint64_t ux = asu(x), uy = asu(y), ax = ux & ABS64, ay = uy & ABS64;
    if (ay == 0 || ax >= INF64 || ay > INF64) return MK_NAN;
    if (ax < ay) return x;                       /* includes y = +-inf */
    if (ax == ay) return asd(ux & SIGN64);
    uint64_t mx, my;
    int ex, ey;
    decompose(ax, &mx, &ex);
    decompose(ay, &my, &ey);
    uint64_t r = mx % my;
    int d = ex - ey;
    while (d > 0 && r != 0) {
        int s = d > 11 ? 11 : d;
        r = (r << s) % my;
        d -= s;
    }
    if (r == 0) return asd(ux & SIGN64);
    return neg_if(mul_pow2((double)r, ey), (int)(ux >> 63));
}

/* round half away from zero: exact, by bit manipulation. */
double MKN(round)(double x)
{
    uint64_t u = asu(x);
    int e = (int)((u >> 52) & 0x7ff) - 1023;
    if (e >= 52) return e == 1024 && (u & MANT64) ? MK_NAN : x;
    if (e < -1) return asd(u & SIGN64);
    if (e == -1) return asd((u & SIGN64) | 0x3ff0000000000000ULL);
    uint64_t mask = (1ULL << (52 - e)) - 1;
    u += 1ULL << (51 - e);
    return asd(u & ~mask);
}

/* ------------------------------------------------------------------------------------------ */
/* float versions: argument converted exactly to double, the double function (error <= 0.62
   ulp(double) = 0.62 * 2^-29 ulp(float) in the same binade) evaluated, and rounded once to
   float: error <= 0.5 + 2^-28 ulp (float); subnormal float results are normal doubles, so
   this holds there too.  NaN results are the canonical float NaN. */
static inline float to_float(double d) { return isnan_(d) ? MK_NANF : (float)d; }

float MKN(expf)(float x) { return to_float(MKN(exp)((double)x)); }
float MKN(expm1f)(float x) { return to_float(MKN(expm1)((double)x)); }
float MKN(logf)(float x) { return to_float(MKN(log)((double)x)); }
float MKN(log1pf)(float x) { return to_float(MKN(log1p)((double)x)); }
float MKN(sinf)(float x) { return to_float(MKN(sin)((double)x)); }
float MKN(cosf)(float x) { return to_float(MKN(cos)((double)x)); }
float MKN(tanf)(float x) { return to_float(MKN(tan)((double)x)); }
float MKN(atanf)(float x) { return to_float(MKN(atan)((double)x)); }
float MKN(atan2f)(float y, float x) { return to_float(MKN(atan2)((double)y, (double)x)); }
float MKN(asinf)(float x) { return to_float(MKN(asin)((double)x)); }
float MKN(acosf)(float x) { return to_float(MKN(acos)((double)x)); }
float MKN(sinhf)(float x) { return to_float(MKN(sinh)((double)x)); }
float MKN(coshf)(float x) { return to_float(MKN(cosh)((double)x)); }
float MKN(tanhf)(float x) { return to_float(MKN(tanh)((double)x)); }
float MKN(powf)(float x, float y) { return to_float(MKN(pow)((double)x, (double)y)); }
float MKN(cbrtf)(float x) { return to_float(MKN(cbrt)((double)x)); }
float MKN(hypotf)(float x, float y) { return to_float(MKN(hypot)((double)x, (double)y)); }

/* fmaf: x*y is exact in double (48 bits); s + e = x*y + z exactly (two-sum); s is rounded to odd
   (if e != 0 and s is even, step s one double-ulp towards e), which makes the single rounding
   to float correct (round-to-odd with 29 >= 2 extra bits).  Correctly rounded. */
float MKN(fmaf)(float x, float y, float z)
{
    double p = (double)x * (double)y, s, e;
    two_sum(p, (double)z, &s, &e);
    if (isnan_(s)) return MK_NANF;
    if (e != 0.0 && (asu(s) & ABS64) < INF64 && !(asu(s) & 1)) {
        uint64_t us = asu(s);
        s = asd(((e > 0.0) == (s > 0.0)) ? us + 1 : us - 1);
    }
    if (s == 0.0 && e == 0.0) return (float)(p + (double)z); /* exact zero: sign by IEEE rules */
    return (float)s;
}

/* fmodf: exact (the float remainder is exactly representable; the double fmod is exact). */
float MKN(fmodf)(float x, float y) { return to_float(MKN(fmod)((double)x, (double)y)); }

/* roundf: exact, bit manipulation. */
float MKN(roundf)(float x)
{
    uint32_t u = asuf(x);
    int e = (int)((u >> 23) & 0xff) - 127;
    if (e >= 23) return e == 128 && (u & 0x7fffffu) ? MK_NANF : x;
    if (e < -1) return asf(u & 0x80000000u);
    if (e == -1) return asf((u & 0x80000000u) | 0x3f800000u);
    uint32_t mask = (1u << (23 - e)) - 1;
    u += 1u << (22 - e);
    return asf(u & ~mask);
}
