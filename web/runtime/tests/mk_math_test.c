/*
 * mk_math_test.c — native accuracy / exactness / special-value / determinism test for
 * web/runtime/mk_math.c (the libm replacement of the wasm build).
 *
 * Build and run (from the repository root; about 20-40 s at -O2 on one core):
 *   gcc -O2 -ffp-contract=off -fno-builtin -DMK_MATH_PREFIX -o /tmp/mk_math_test \
 *       web/runtime/tests/mk_math_test.c web/runtime/mk_math.c -lm
 *   /tmp/mk_math_test                      # full test; exit status 1 on any failure
 *
 * Determinism (the same inputs give the same bits at every optimisation level):
 *   gcc -O0 -ffp-contract=off -fno-builtin -DMK_MATH_PREFIX -c web/runtime/mk_math.c -o /tmp/mk_math_O0.o
 *   gcc -O2 -ffp-contract=off -fno-builtin -DMK_MATH_PREFIX -o /tmp/mk_math_test_O0 \
 *       web/runtime/tests/mk_math_test.c /tmp/mk_math_O0.o -lm
 *   test "$(/tmp/mk_math_test --hash)" = "$(/tmp/mk_math_test_O0 --hash)" && echo deterministic
 * (--hash evaluates only mk_math on the same inputs and prints the hash of all result bits;
 *  the full run prints the same hash on its last line but one.)
 *
 * wasm object check (must print nothing: no undefined symbols):
 *   /opt/swift/usr/bin/clang --target=wasm32-unknown-unknown -O2 -ffreestanding -fno-builtin \
 *       -ffp-contract=off -nostdlib -c web/runtime/mk_math.c -o /tmp/mk_math.o
 *   /opt/swift/usr/bin/llvm-nm /tmp/mk_math.o | grep ' U '
 *
 * References: the x86-64 80-bit long double libm (expl, sinl, powl, ...: ~2^-63 relative, i.e.
 * ~0.001 ulp of double) for the approximated functions; glibc's fma, fmaf, fmod, fmodf, round,
 * roundf (correctly rounded / exact, as IEEE 754 requires) for the exact ones (fmal is not a
 * usable reference for a double fma: it rounds to 64 bits); glibc double/float functions for
 * the C99 Annex F special values (results that are NaN, +-0 or +-inf must match bit for bit).
 * Errors are measured in ulps of the correctly rounded result (double or float).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <float.h>
#include <time.h>

#define D1(n) double mk_##n(double);
#define D2(n) double mk_##n(double, double);
#define F1(n) float mk_##n##f(float);
#define F2(n) float mk_##n##f(float, float);
D1(exp) D1(expm1) D1(log) D1(log1p) D1(sin) D1(cos) D1(tan) D1(atan) D2(atan2) D1(asin) D1(acos)
D1(sinh) D1(cosh) D1(tanh) D2(pow) D1(cbrt) D2(hypot) D2(fmod) D1(round)
F1(exp) F1(expm1) F1(log) F1(log1p) F1(sin) F1(cos) F1(tan) F1(atan) F2(atan2) F1(asin) F1(acos)
F1(sinh) F1(cosh) F1(tanh) F2(pow) F1(cbrt) F2(hypot) F2(fmod) F1(round)
double mk_fma(double, double, double);
float mk_fmaf(float, float, float);

static int hash_only = 0;
static int failures = 0;
static uint64_t H = 0xcbf29ce484222325ULL;
static void hash64(uint64_t v) { for (int i = 0; i < 8; i++) { H ^= (v >> (8 * i)) & 0xff; H *= 0x100000001b3ULL; } }
static uint64_t bits(double x) { uint64_t u; memcpy(&u, &x, 8); return u; }
static uint32_t bitsf(float x) { uint32_t u; memcpy(&u, &x, 4); return u; }
static double fromb(uint64_t u) { double x; memcpy(&x, &u, 8); return x; }
static void hashd(double x) { hash64(isnan(x) ? 0x7ff8000000000000ULL : bits(x)); }
static void hashf(float x) { hash64(isnan(x) ? 0x7fc00000u : bitsf(x)); }

/* ---- deterministic random inputs (integer-only generator) ---- */
static uint64_t rs;
static uint64_t rnd(void)
{
    uint64_t z = (rs += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
static double U01(void) { return (double)(rnd() >> 11) * 0x1p-53; }
static double U(double a, double b) { return a + (b - a) * U01(); }
static int ri(int a, int b) { return a + (int)(rnd() % (uint64_t)(b - a + 1)); }
static double rsg(double x) { return (rnd() & 1) ? -x : x; }
/* log-uniform positive double, exponent in [e0, e1]; e < -1022 gives subnormals */
static double logu(int e0, int e1)
{
    int e = ri(e0, e1);
    uint64_t m = rnd() & 0x000fffffffffffffULL;
    if (e >= -1022) return fromb(((uint64_t)(e + 1023) << 52) | m);
    int sh = -1022 - e;
    if (sh > 52) return fromb(1);
    uint64_t v = (m | (1ULL << 52)) >> sh;
    return fromb(v ? v : 1);
}
static double near_ulps(double c, int k) /* c +- up to k ulps */
{
    int64_t d = (int64_t)(rnd() % (uint64_t)(2 * k + 1)) - k;
    return fromb(bits(c) + (uint64_t)d);
}

/* ---- ulp errors ---- */
static double err_d(double got, long double ref)
{
    if (isnan(ref)) return isnan(got) ? 0.0 : 1e300;
    if (isnan(got)) return 1e300;
    double rd = (double)ref;
    if (isinf(rd) || isinf(got)) {
        if (got == rd) return 0.0;
        long double g = isinf(got) ? copysignl(0x1p1024L, got) : (long double)got;
        long double r = isinf(ref) ? copysignl(0x1p1024L, ref) : ref;
        return (double)(fabsl(g - r) / 0x1p971L);
    }
    int e = rd == 0.0 ? -1074 : ilogb(rd) - 52;
    if (e < -1074) e = -1074;
    return (double)(fabsl((long double)got - ref) / ldexpl(1.0L, e));
}
static double err_f(float got, long double ref)
{
    if (isnan(ref)) return isnan(got) ? 0.0 : 1e300;
    if (isnan(got)) return 1e300;
    float rf = (float)ref;
    if (isinf(rf) || isinf(got)) {
        if (got == rf) return 0.0;
        long double g = isinf(got) ? copysignl(0x1p128L, got) : (long double)got;
        long double r = isinf(ref) ? copysignl(0x1p128L, ref) : ref;
        return (double)(fabsl(g - r) / 0x1p104L);
    }
    int e = rf == 0.0f ? -149 : ilogbf(rf) - 23;
    if (e < -149) e = -149;
    return (double)(fabsl((long double)got - ref) / ldexpl(1.0L, e));
}

/* ---- function table ---- */
enum { EXP, EXPM1, LOG, LOG1P, SIN, COS, TAN, ATAN, ATAN2, ASIN, ACOS, SINH, COSH, TANH, POW, CBRT, HYPOT, NFUN };
static const char *names[NFUN] = { "exp", "expm1", "log", "log1p", "sin", "cos", "tan", "atan", "atan2", "asin",
                                   "acos", "sinh", "cosh", "tanh", "pow", "cbrt", "hypot" };
/* stated bounds (see the comments in mk_math.c), in ulps */
static const double bound_d[NFUN] = { 0.51, 0.53, 0.51, 0.51, 0.59, 0.59, 0.65, 0.51, 0.52, 0.52,
                                      0.52, 0.53, 0.52, 0.53, 0.62, 0.501, 0.501 };
static const double bound_f = 0.5 + 0x1p-28 + 0x1p-20; /* stated 0.5 + 2^-28, + reference slack */
static const int arity[NFUN] = { 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 2, 1, 2 };

static double call_d(int f, double x, double y)
{
    switch (f) {
    case EXP: return mk_exp(x); case EXPM1: return mk_expm1(x); case LOG: return mk_log(x);
    case LOG1P: return mk_log1p(x); case SIN: return mk_sin(x); case COS: return mk_cos(x);
    case TAN: return mk_tan(x); case ATAN: return mk_atan(x); case ATAN2: return mk_atan2(x, y);
    case ASIN: return mk_asin(x); case ACOS: return mk_acos(x); case SINH: return mk_sinh(x);
    case COSH: return mk_cosh(x); case TANH: return mk_tanh(x); case POW: return mk_pow(x, y);
    case CBRT: return mk_cbrt(x); default: return mk_hypot(x, y);
    }
}
static float call_f(int f, float x, float y)
{
    switch (f) {
    case EXP: return mk_expf(x); case EXPM1: return mk_expm1f(x); case LOG: return mk_logf(x);
    case LOG1P: return mk_log1pf(x); case SIN: return mk_sinf(x); case COS: return mk_cosf(x);
    case TAN: return mk_tanf(x); case ATAN: return mk_atanf(x); case ATAN2: return mk_atan2f(x, y);
    case ASIN: return mk_asinf(x); case ACOS: return mk_acosf(x); case SINH: return mk_sinhf(x);
    case COSH: return mk_coshf(x); case TANH: return mk_tanhf(x); case POW: return mk_powf(x, y);
    case CBRT: return mk_cbrtf(x); default: return mk_hypotf(x, y);
    }
}
static long double call_ref(int f, long double x, long double y)
{
    switch (f) {
    case EXP: return expl(x); case EXPM1: return expm1l(x); case LOG: return logl(x);
    case LOG1P: return log1pl(x); case SIN: return sinl(x); case COS: return cosl(x);
    case TAN: return tanl(x); case ATAN: return atanl(x); case ATAN2: return atan2l(x, y);
    case ASIN: return asinl(x); case ACOS: return acosl(x); case SINH: return sinhl(x);
    case COSH: return coshl(x); case TANH: return tanhl(x); case POW: return powl(x, y);
    case CBRT: return cbrtl(x); default: return hypotl(x, y);
    }
}
static double call_glibc(int f, double x, double y)
{
    switch (f) {
    case EXP: return exp(x); case EXPM1: return expm1(x); case LOG: return log(x);
    case LOG1P: return log1p(x); case SIN: return sin(x); case COS: return cos(x);
    case TAN: return tan(x); case ATAN: return atan(x); case ATAN2: return atan2(x, y);
    case ASIN: return asin(x); case ACOS: return acos(x); case SINH: return sinh(x);
    case COSH: return cosh(x); case TANH: return tanh(x); case POW: return pow(x, y);
    case CBRT: return cbrt(x); default: return hypot(x, y);
    }
}
static float call_glibcf(int f, float x, float y)
{
    switch (f) {
    case EXP: return expf(x); case EXPM1: return expm1f(x); case LOG: return logf(x);
    case LOG1P: return log1pf(x); case SIN: return sinf(x); case COS: return cosf(x);
    case TAN: return tanf(x); case ATAN: return atanf(x); case ATAN2: return atan2f(x, y);
    case ASIN: return asinf(x); case ACOS: return acosf(x); case SINH: return sinhf(x);
    case COSH: return coshf(x); case TANH: return tanhf(x); case POW: return powf(x, y);
    case CBRT: return cbrtf(x); default: return hypotf(x, y);
    }
}

#define PIO2L 1.570796326794896619231321691639751442L
/* a double near n*pi/2 for a random n (log-uniform up to 2^emax) */
static double near_pio2(int emax)
{
    long double n = floorl(ldexpl(1.0L + U01(), ri(0, emax)));
    double c = (double)(n * PIO2L);
    return rsg(near_ulps(c, 4));
}

/* random double inputs, by function, mixing full-range and hard regions */
static void gen_d(int f, double *x, double *y)
{
    int c = ri(0, 99);
    *y = 0.0;
    switch (f) {
    case EXP:
        if (c < 40) *x = U(-745.2, 709.8);
        else if (c < 60) *x = rsg(logu(-60, 9));
        else if (c < 70) *x = rsg(logu(-1074, -20));
        else if (c < 80) *x = 709.782712893384 + U(-0.01, 0.001);
        else if (c < 90) *x = U(-745.2, -708.3);      /* subnormal results */
        else *x = U(-1, 1);
        break;
    case EXPM1:
        if (c < 30) *x = rsg(logu(-60, 5));
        else if (c < 50) *x = U(-40, 40);
        else if (c < 60) *x = rsg(0x1.62e42fefa39efp-9 * (1 + U(-0.02, 0.02)));
        else if (c < 70) *x = U(-0.01, 0.01);
        else if (c < 80) *x = U(700, 709.8);
        else if (c < 90) *x = rsg(logu(-1074, -50));
        else *x = U(-60, -30);
        break;
    case LOG:
        if (c < 35) *x = logu(-1074, 1023);
        else if (c < 60) *x = 1.0 + U(-1, 1) * ldexp(1.0, -ri(1, 52));
        else if (c < 70) *x = near_ulps(1.0, 1 << 20);
        else if (c < 85) *x = U(0.5, 2.0);
        else *x = logu(-1074, -1023);
        break;
    case LOG1P:
        if (c < 30) *x = logu(-1074, 1023);
        else if (c < 50) *x = -logu(-60, -1);
        else if (c < 60) *x = -1.0 + logu(-53, -2);
        else if (c < 80) *x = rsg(logu(-60, -6));
        else *x = U(-0.5, 2.0);
        break;
    case SIN: case COS: case TAN:
        if (c < 25) *x = U(-4, 4);
        else if (c < 45) *x = rsg(logu(-30, 18));
        else if (c < 60) *x = rsg(logu(19, 1023));
        else if (c < 75) *x = near_pio2(18);
        else if (c < 85) *x = near_pio2(60);
        else if (c < 90) *x = rsg(logu(-1074, -20));
        else *x = U(-100, 100);
        break;
    case ATAN:
        if (c < 50) *x = rsg(logu(-1074, 1023));
        else if (c < 70) *x = U(-2, 2);
        else if (c < 80) *x = rsg(1.0 + U(-0.01, 0.01));
        else if (c < 90) *x = rsg(ri(0, 16) / 16.0 + U(-1, 1) / 32);
        else *x = rsg(logu(-60, -20));
        break;
    case ATAN2: {
        double a = logu(-1074, 1023);
        if (c < 50) { *y = rsg(a); *x = rsg(fmin(fmax(a * ldexp(1.0, ri(-70, 70)) * U(0.5, 2), 0x1p-1074), 0x1p1023)); }
        else if (c < 70) { *y = rsg(a); *x = rsg(logu(-1074, 1023)); }
        else if (c < 90) { *y = U(-1, 1); *x = U(-1, 1); }
        else { *y = rsg(logu(-1074, -1023)); *x = rsg(logu(-1074, -1000)); }
        break; }
    case ASIN: case ACOS:
        if (c < 40) *x = U(-1, 1);
        else if (c < 60) *x = rsg(1.0 - logu(-53, -2));
        else if (c < 80) *x = rsg(logu(-60, -1));
        else if (c < 90) *x = rsg(0.5 + U(-0.01, 0.01));
        else *x = rsg(logu(-1074, -25));
        break;
    case SINH: case COSH:
        if (c < 40) *x = U(-25, 25);
        else if (c < 60) *x = rsg(logu(-60, 4));
        else if (c < 80) *x = rsg(U(22, 711));
        else if (c < 90) *x = rsg(710.4758600739439 + U(-0.01, 0.001));
        else *x = rsg(logu(-1074, -25));
        break;
    case TANH:
        if (c < 40) *x = U(-25, 25);
        else if (c < 70) *x = rsg(logu(-60, 4));
        else if (c < 90) *x = U(-1, 1);
        else *x = rsg(logu(-1074, -25));
        break;
    case POW: {
        double lx;
        if (c < 30) { *x = logu(-1074, 1023); lx = log(*x); *y = lx != 0 ? U(-1, 1) * 745 / fabs(lx) : U(-10, 10); }
        else if (c < 50) { *x = 1.0 + U(-1, 1) * ldexp(1.0, -ri(1, 52)); lx = log(*x); *y = lx != 0 ? U(-1, 1) * 745 / fabs(lx) : U(-1e10, 1e10); }
        else if (c < 60) { *x = -logu(-30, 30); *y = ri(-40, 40); }
        else if (c < 70) { *x = U(0.5, 2); *y = U(-100, 100); }
        else if (c < 80) { *x = logu(-100, 100); lx = log(*x); *y = (rnd() & 1 ? 709.78 : -745.1) / lx * (1 + U(-1e-4, 1e-4)); }
        else if (c < 90) { *x = logu(-30, 30); *y = ri(-30, 30); }
        else { *x = rsg(logu(-1074, 1023)); *y = rsg(logu(-60, 60)); }
        break; }
    case CBRT:
        if (c < 50) *x = rsg(logu(-1074, 1023));
        else if (c < 80) *x = U(-10, 10);
        else { double k = ri(1, 200000); *x = rsg(near_ulps(k * k * k, 2)); }
        break;
    default: /* HYPOT */
        if (c < 40) { double a = logu(-1074, 1023); *x = rsg(a); *y = rsg(fmin(a * U(0.5, 2), DBL_MAX)); }
        else if (c < 60) { double a = logu(-1000, 1000); *x = rsg(a); *y = rsg(a * ldexp(U(1, 2), -ri(0, 70))); }
        else if (c < 80) { *x = U(-1, 1); *y = U(-1, 1); }
        else if (c < 90) { *x = rsg(logu(-1074, -1022)); *y = rsg(logu(-1074, -1022)); }
        else { *x = rsg(logu(1020, 1023)); *y = rsg(logu(1020, 1023)); }
        break;
    }
}
static void gen_f(int f, float *x, float *y)
{
    int c = ri(0, 99);
    double a = 0, b = 0;
    *y = 0.0f;
    switch (f) {
    case EXP: case EXPM1: a = c < 50 ? U(-104, 89) : rsg(logu(-150, 6)); break;
    case LOG: a = c < 60 ? logu(-149, 127) : 1.0 + U(-1, 1) * ldexp(1.0, -ri(1, 24)); break;
    case LOG1P: a = c < 40 ? logu(-149, 127) : c < 70 ? -logu(-30, -1) : rsg(logu(-30, -4)); break;
    case SIN: case COS: case TAN: a = c < 40 ? U(-10, 10) : c < 60 ? (float)near_pio2(20) : rsg(logu(-149, 127)); break;
    case ATAN: a = rsg(logu(-149, 127)); break;
    case ATAN2: a = rsg(logu(-149, 127)); b = c < 50 ? rsg(a * ldexp(U(0.5, 2), ri(-30, 30))) : rsg(logu(-149, 127)); break;
    case ASIN: case ACOS: a = c < 50 ? U(-1, 1) : rsg(1.0 - logu(-24, -2)); break;
    case SINH: case COSH: case TANH: a = c < 60 ? U(-90, 90) : rsg(logu(-149, 6)); break;
    case POW: a = logu(-126, 127); b = U(-1, 1) * 100 / fmax(fabs(log(a)), 1e-3); if (c < 20) { a = -a; b = ri(-20, 20); } break;
    case CBRT: a = rsg(logu(-149, 127)); break;
    default: a = rsg(logu(-149, 127)); b = c < 50 ? rsg(a * U(0.5, 2)) : rsg(logu(-149, 127)); break;
    }
    if (fabs(b) > FLT_MAX) b = copysign(FLT_MAX, b);
    *x = (float)a; *y = (float)b;
}

static double maxerr_d[NFUN], maxerr_f[NFUN];
static double worst_x[NFUN], worst_y[NFUN];
static long cnt_d[NFUN], cnt_f[NFUN];

static void check_d(int f, double x, double y)
{
    double g = call_d(f, x, y);
    hashd(g);
    cnt_d[f]++;
    if (hash_only) return;
    double e = err_d(g, call_ref(f, x, y));
    if (!(e <= maxerr_d[f])) {
        if (e > maxerr_d[f] || e != e) { maxerr_d[f] = e != e ? 1e300 : e; worst_x[f] = x; worst_y[f] = y; }
    }
}
static void check_f(int f, float x, float y)
{
    float g = call_f(f, x, y);
    hashf(g);
    cnt_f[f]++;
    if (hash_only) return;
    double e = err_f(g, call_ref(f, x, y));
    if (e > maxerr_f[f] || e != e) maxerr_f[f] = e != e ? 1e300 : e;
}

/* ---- special values ---- */
static const double SV[] = {
    0.0, -0.0, 0x1p-1074, -0x1p-1074, 0x1.fffffffffffffp-1023, -0x1.fffffffffffffp-1023, 0x1p-1022, -0x1p-1022,
    1e-300, -1e-300, 0x1p-60, -0x1p-60, 0.25, -0.25, 0.5, -0.5, 0.75, -0.75, 1.0, -1.0, 1.5, -1.5, 2.0, -2.0,
    3.0, -3.0, 0.5 + 0x1p-53, 1.0 - 0x1p-53, -1.0 + 0x1p-53, 1.0 + 0x1p-52, 10.0, -10.0, 22.0, 23.0, -23.0,
    709.78, 710.0, -745.2, -746.0, 711.0, -711.0, 1e22, 0x1p53, -0x1p53, 0x1p53 + 2, 9007199254740993.0 * 2 + 2,
    1e300, -1e300, DBL_MAX, -DBL_MAX, INFINITY, -INFINITY, NAN, -NAN
};
#define NSV (int)(sizeof SV / sizeof SV[0])
static int special_fail = 0;
static void sv_report(const char *what, double x, double y, double z, double got, double want)
{
    if (special_fail < 30)
        printf("SPECIAL FAIL %s(%a, %a, %a) = %a, want %a\n", what, x, y, z, got, want);
    special_fail++;
}
static int same_special(double got, double want)
{
    if (isnan(want)) return isnan(got);
    return bits(got) == bits(want);
}
static void specials(void)
{
    for (int f = 0; f < NFUN; f++) {
        for (int i = 0; i < NSV; i++) {
            for (int j = 0; j < (arity[f] == 2 ? NSV : 1); j++) {
                double x = SV[i], y = SV[j];
                double g = call_d(f, x, y);
                hashd(g);
                float xf = (float)x, yf = (float)y;
                float gf = call_f(f, xf, yf);
                hashf(gf);
                if (hash_only) continue;
                double w = call_glibc(f, x, y);
                if (isnan(w) || isinf(w) || w == 0.0) {
                    if (!same_special(g, w)) sv_report(names[f], x, y, 0, g, w);
                } else {
                    double e = err_d(g, call_ref(f, x, y));
                    if (e > maxerr_d[f]) { maxerr_d[f] = e; worst_x[f] = x; worst_y[f] = y; }
                }
                float wf = call_glibcf(f, xf, yf);
                if (isnan(wf) || isinf(wf) || wf == 0.0f) {
                    if (!same_special(gf, wf)) sv_report("(float)", xf, yf, f, gf, wf);
                } else {
                    double e = err_f(gf, call_ref(f, xf, yf));
                    if (e > maxerr_f[f]) maxerr_f[f] = e;
                }
            }
        }
    }
    /* explicit Annex F / exactness cases */
    struct { int f; double x, y, want; } T[] = {
        { POW, NAN, 0.0, 1.0 }, { POW, NAN, -0.0, 1.0 }, { POW, 1.0, NAN, 1.0 }, { POW, -1.0, INFINITY, 1.0 },
        { POW, -1.0, -INFINITY, 1.0 }, { POW, -0.0, -3.0, -INFINITY }, { POW, -0.0, -2.0, INFINITY },
        { POW, -0.0, 3.0, -0.0 }, { POW, -0.0, 2.5, 0.0 }, { POW, -INFINITY, 3.0, -INFINITY },
        { POW, -INFINITY, -3.0, -0.0 }, { POW, -INFINITY, 2.0, INFINITY }, { POW, 0.5, INFINITY, 0.0 },
        { POW, 0.5, -INFINITY, INFINITY }, { POW, 2.0, -INFINITY, 0.0 }, { POW, -2.0, 3.0, -8.0 },
        { POW, -2.0, 0.5, NAN }, { POW, 4.0, 0.5, 2.0 }, { POW, 2.0, -1074.0, 0x1p-1074 },
        { POW, 2.0, 1023.0, 0x1p1023 }, { POW, 2.0, 1024.0, INFINITY }, { POW, 10.0, 308.0, 1e308 },
        { ATAN2, 0.0, -0.0, M_PI }, { ATAN2, -0.0, -0.0, -M_PI }, { ATAN2, 0.0, 0.0, 0.0 }, { ATAN2, -0.0, 0.0, -0.0 },
        { ATAN2, INFINITY, -INFINITY, 3 * M_PI_4 }, { ATAN2, -INFINITY, INFINITY, -M_PI_4 },
        { HYPOT, INFINITY, NAN, INFINITY }, { HYPOT, NAN, -INFINITY, INFINITY }, { HYPOT, 3.0, 4.0, 5.0 },
        { HYPOT, 0x1p-1074, 0x1p-1074, 0x1p-1074 }, { HYPOT, 3e-323, 4e-323, 5e-323 }, { HYPOT, DBL_MAX, DBL_MAX, INFINITY },
        { CBRT, 27.0, 0, 3.0 }, { CBRT, -0x1p-1074 * 8.0, 0, -0x1p-357 }, { CBRT, 0x1p-1074, 0, 0x1p-358 },
        { CBRT, -0.0, 0, -0.0 }, { EXP, -0.0, 0, 1.0 }, { EXPM1, -0.0, 0, -0.0 }, { EXPM1, -INFINITY, 0, -1.0 },
        { LOG1P, -0.0, 0, -0.0 }, { LOG1P, -1.0, 0, -INFINITY }, { LOG, 1.0, 0, 0.0 }, { LOG, -0.0, 0, -INFINITY },
        { SIN, -0.0, 0, -0.0 }, { TAN, -0.0, 0, -0.0 }, { ATAN, -0.0, 0, -0.0 }, { ASIN, -0.0, 0, -0.0 },
        { ACOS, 1.0, 0, 0.0 }, { SINH, -0.0, 0, -0.0 }, { TANH, -0.0, 0, -0.0 }, { TANH, -INFINITY, 0, -1.0 },
        { COSH, -INFINITY, 0, INFINITY }, { SIN, INFINITY, 0, NAN }, { COS, -INFINITY, 0, NAN },
    };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        double g = call_d(T[i].f, T[i].x, T[i].y);
        hashd(g);
        if (hash_only) continue;
        double w = T[i].want;
        if (!same_special(g, w)) sv_report(names[T[i].f], T[i].x, T[i].y, 0, g, w);
    }
    /* exact powers */
    long double p10 = 1;
    for (int k = 0; k <= 22; k++, p10 *= 10) {
        double g = mk_pow(10.0, k); hashd(g);
        if (!hash_only && g != (double)p10) sv_report("pow10", 10.0, k, 0, g, (double)p10);
        double gi = mk_pow(0.1, -k); (void)gi;
    }
    for (int k = -1074; k <= 1023; k++) {
        double g = mk_pow(2.0, k), w = ldexp(1.0, k); hashd(g);
        if (!hash_only && g != w) sv_report("pow2", 2.0, k, 0, g, w);
        g = mk_pow(0.5, -k); hashd(g);
        if (!hash_only && g != w) sv_report("pow0.5", 0.5, -k, 0, g, w);
    }
    for (int b = 3; b <= 15; b++) {
        long double p = 1;
        for (int k = 0; k < 64; k++, p *= b) {
            double w = (double)p;
            if ((long double)w != p || w > 0x1p53) break;
            double g = mk_pow((double)b, k); hashd(g);
            if (!hash_only && g != w) sv_report("powint", b, k, 0, g, w);
            g = mk_pow(-(double)b, k); hashd(g);
            if (!hash_only && g != ((k & 1) ? -w : w)) sv_report("powneg", -b, k, 0, g, (k & 1) ? -w : w);
            if (k >= 1 && k <= 3) { g = mk_pow(w, 1.0 / k); if (k != 3) { hashd(g); if (!hash_only && g != b) sv_report("powroot", w, 1.0 / k, 0, g, b); } }
        }
    }
    for (int k = 1; k < 100000; k += 7) { /* perfect squares / cubes */
        double s = (double)k * k, cbv = (double)k * k * k;
        double g1 = mk_pow(s, 0.5), g2 = mk_cbrt(cbv), g3 = mk_hypot(3.0 * k, 4.0 * k);
        hashd(g1); hashd(g2); hashd(g3);
        if (hash_only) continue;
        if (g1 != k) sv_report("pow(k^2,.5)", s, 0.5, 0, g1, k);
        if (g2 != k) sv_report("cbrt(k^3)", cbv, 0, 0, g2, k);
        if (g3 != 5.0 * k) sv_report("hypot(3k,4k)", 3.0 * k, 4.0 * k, 0, g3, 5.0 * k);
    }
    /* hard trig arguments: the double closest to a multiple of pi/2 and friends */
    double hard[] = { 0x1.6ac5b262ca1ffp+849, 6381956970095103.0 * 0x1p797, 0x1.921fb54442d18p+0, 0x1.921fb54442d18p+1,
                      0x1.921fb54442d18p+2, 0x1.2d97c7f3321d2p+1, 0x1p1023, DBL_MAX, 1e22, 0x1.5fdbbe9bba775p+24 };
    for (size_t i = 0; i < sizeof hard / sizeof hard[0]; i++)
        for (int s = 0; s < 2; s++)
            for (int f = SIN; f <= TAN; f++) check_d(f, s ? -hard[i] : hard[i], 0);
}

/* ---- exact functions ---- */
static long exact_n[6], exact_bad[6];
static const char *exact_names[6] = { "fma", "fmod", "round", "fmaf", "fmodf", "roundf" };
static void exact_d(int which, double got, double want, double x, double y, double z)
{
    hashd(got);
    exact_n[which]++;
    if (hash_only) return;
    if (!same_special(got, want)) {
        if (exact_bad[which] < 5) printf("EXACT FAIL %s(%a, %a, %a) = %a, want %a\n", exact_names[which], x, y, z, got, want);
        exact_bad[which]++;
    }
}
static void exact_tests(long N)
{
    rs = 777;
    for (long i = 0; i < N; i++) {
        int c = ri(0, 99);
        double x, y, z;
        if (c < 25) { x = rsg(logu(-1074, 1023)); y = rsg(logu(-1074, 1023)); z = rsg(logu(-1074, 1023)); }
        else if (c < 50) { x = rsg(logu(-500, 500)); y = rsg(logu(-500, 500)); z = -(x * y); z = near_ulps(z, 3); }
        else if (c < 60) { x = rsg(logu(-600, -400)); y = rsg(logu(-700, -500)); z = rsg(logu(-1074, -1000)); }
        else if (c < 70) { x = rsg(logu(500, 1023)); y = rsg(logu(0, 523)); z = rsg(logu(900, 1023)); }
        else if (c < 80) { x = rsg(logu(-30, 30)); y = rsg(logu(-30, 30)); z = rsg(logu(-200, 200)); }
        else if (c < 90) { x = rsg(1.0 + U01()); y = rsg(1.0 + U01()); z = rsg(ldexp(1.0, ri(-110, 3))); }
        else { x = SV[ri(0, NSV - 1)]; y = (rnd() & 1) ? SV[ri(0, NSV - 1)] : rsg(logu(-1074, 1023)); z = SV[ri(0, NSV - 1)]; }
        exact_d(0, mk_fma(x, y, z), hash_only ? 0 : fma(x, y, z), x, y, z);
        /* fmod */
        if (c < 40) { x = rsg(logu(-1074, 1023)); y = rsg(logu(-1074, 1023)); }
        else if (c < 70) { x = rsg(logu(-60, 60)); y = rsg(logu(-60, 60)); }
        else if (c < 90) { x = rsg(logu(-1074, -1000)); y = rsg(logu(-1074, -1022)); }
        else { x = SV[ri(0, NSV - 1)]; y = SV[ri(0, NSV - 1)]; }
        exact_d(1, mk_fmod(x, y), hash_only ? 0 : fmod(x, y), x, y, 0);
        /* round */
        if (c < 40) x = rsg(logu(-1074, 1023));
        else if (c < 80) x = rsg(near_ulps(ri(0, 1 << 20) + 0.5, 2));
        else if (c < 95) x = rsg(logu(-2, 53));
        else x = SV[ri(0, NSV - 1)];
        exact_d(2, mk_round(x), hash_only ? 0 : round(x), x, 0, 0);
        /* float versions */
        float xf, yf, zf;
        if (c < 30) { xf = (float)rsg(logu(-149, 127)); yf = (float)rsg(logu(-149, 127)); zf = (float)rsg(logu(-149, 127)); }
        else if (c < 60) { xf = (float)rsg(logu(-60, 60)); yf = (float)rsg(logu(-60, 60)); zf = (float)(-(double)xf * yf); zf = nextafterf(zf, (rnd() & 1) ? INFINITY : -INFINITY); }
        else if (c < 75) { xf = (float)rsg(logu(-80, -60)); yf = (float)rsg(logu(-80, -60)); zf = (float)rsg(logu(-149, -126)); }
        else if (c < 90) { xf = (float)rsg(1.0 + U01()); yf = (float)rsg(1.0 + U01()); zf = (float)rsg(ldexp(1.0, ri(-50, 3))); }
        else { xf = (float)SV[ri(0, NSV - 1)]; yf = (float)SV[ri(0, NSV - 1)]; zf = (float)SV[ri(0, NSV - 1)]; }
        exact_d(3, mk_fmaf(xf, yf, zf), hash_only ? 0 : fmaf(xf, yf, zf), xf, yf, zf);
        if (c < 50) { xf = (float)rsg(logu(-149, 127)); yf = (float)rsg(logu(-149, 127)); }
        else if (c < 90) { xf = (float)rsg(logu(-20, 20)); yf = (float)rsg(logu(-20, 20)); }
        else { xf = (float)SV[ri(0, NSV - 1)]; yf = (float)SV[ri(0, NSV - 1)]; }
        exact_d(4, mk_fmodf(xf, yf), hash_only ? 0 : fmodf(xf, yf), xf, yf, 0);
        if (c < 40) xf = (float)rsg(logu(-149, 127));
        else if (c < 80) xf = (float)rsg(ri(0, 1 << 20) + 0.5);
        else xf = (float)rsg(logu(-2, 24));
        if (c >= 60 && c < 80) xf = nextafterf(xf, (rnd() & 1) ? INFINITY : -INFINITY);
        exact_d(5, mk_roundf(xf), hash_only ? 0 : roundf(xf), xf, 0, 0);
    }
}

int main(int argc, char **argv)
{
    long N = 1000000, NF = 1000000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--hash")) hash_only = 1;
        else if (!strcmp(argv[i], "--n") && i + 1 < argc) N = NF = atol(argv[++i]);
    }
    clock_t t0 = clock();
    specials();
    for (int f = 0; f < NFUN; f++) {
        rs = 1000 + f;
        for (long i = 0; i < N; i++) { double x, y; gen_d(f, &x, &y); check_d(f, x, y); }
        rs = 2000 + f;
        for (long i = 0; i < NF; i++) { float x, y; gen_f(f, &x, &y); check_f(f, x, y); }
    }
    exact_tests(N);
    if (hash_only) { printf("determinism hash: %016llx\n", (unsigned long long)H); return 0; }
    printf("%-8s %9s %12s %8s   %-7s %9s %12s %12s\n", "function", "inputs", "max ulp", "bound", "float", "inputs", "max ulp", "bound");
    for (int f = 0; f < NFUN; f++) {
        int okd = maxerr_d[f] <= bound_d[f], okf = maxerr_f[f] <= bound_f;
        char fn[16];
        snprintf(fn, sizeof fn, "%sf", names[f]);
        printf("%-8s %9ld %12.6f %8.3f %s %-7s %9ld %12.9f %12.9f %s\n", names[f], cnt_d[f], maxerr_d[f], bound_d[f],
               okd ? "  " : "!!", fn, cnt_f[f], maxerr_f[f], bound_f, okf ? "" : "!!");
        if (!okd) { printf("   worst %s(%a, %a)\n", names[f], worst_x[f], worst_y[f]); failures++; }
        if (!okf) failures++;
    }
    for (int i = 0; i < 6; i++) {
        printf("%-8s %9ld %12s %8s %s\n", exact_names[i], exact_n[i], exact_bad[i] ? "NOT EXACT" : "exact", "exact", exact_bad[i] ? "!!" : "");
        if (exact_bad[i]) failures++;
    }
    printf("special values: %s (%d failures)\n", special_fail ? "FAIL" : "ok", special_fail);
    if (special_fail) failures++;
    printf("determinism hash: %016llx\n", (unsigned long long)H);
    printf("time %.1f s\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
    printf("%d passed, %d failed\n", 17 * 2 + 6 + 1 - failures, failures);
    return failures ? 1 : 0;
}
