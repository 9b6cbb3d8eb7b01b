/*
 * C peers of three MotionKernel workloads (docs/benchmarks.md), written the way a performance
 * engineer would write them in C and built by `make bench` at -O3 -march=native:
 *
 *   spring.batch     100,000 springs x 120 samples (t = j/120 s), Float32, N x T rows.
 *                    Per block of 8 springs (one 8-lane vector): the exact one-step propagator
 *                    Phi(dt) = exp(A dt), A = [[0, 1], [-k, -c]], from branch-free power series
 *                    (cos/cosh and sin/sinh of sqrt(k - c^2/4) dt as series in z = (c^2/4 - k) dt^2,
 *                    e^(-c dt / 2) as its Taylor series; lanes outside the series range fall back
 *                    to libm), then the recurrence (x, v) <- Phi (x, v) in double across the 8
 *                    lanes (four interleaved chains stepped by Phi^4), rounded once to Float32 into a 120 x 8 tile in L1, transposed 8 x 8 at a
 *                    time into the 8 output rows.
 *   spline.channels  natural cubic spline, 16 shared key times, 10,000 channels, 1,000 times,
 *                    Float32, T x C rows. Setup (untimed, as SciPy's CubicSpline and MotionKernel's
 *                    SplineChannels are built once): second derivatives per channel (double,
 *                    tridiagonal solve), per-segment power-form coefficients in Float32, segment
 *                    major. Timed: the segment and local offset of each time (one sorted sweep),
 *                    then, in blocks of 1,024 channels (one segment's coefficients: 16 KB, L1),
 *                    every time's Horner ((d u + c) u + b) u + a across the block.
 *   transform.build  10^6 transforms from (tx, ty, angle, scale) in CATransform3D layout, Float32,
 *                    N x 16. Per tile of 256: a branch-free Float32 sincos (quadrant reduction by
 *                    pi/2 in three FMA parts, minimax polynomials on [-pi/4, pi/4] with the
 *                    published Cephes sinf/cosf coefficients), then the 16-float records (with
 *                    AVX-512F one 64-byte register per record, built by two permutes).
 *
 * Stores: when the output is larger than the last-level cache (sysconf(_SC_LEVEL3_CACHE_SIZE),
 * else /sys/devices/system/cpu/cpu0/cache/index3/size), each tile is computed into an L1 buffer
 * and copied out with non-temporal stores (_mm512_stream_ps under __AVX512F__, _mm256_stream_ps
 * under __AVX2__), full 64-byte lines; below it, plain stores straight into the output.
 * `--variants` also times each workload with the other store kind (lines "<workload>.plain" or
 * "<workload>.nontemporal"), so the rule can be read against the machine.
 *
 * Inputs: the Swift benchmarks' own SplitMix64 streams (same seeds, same draw order), outputs
 * preallocated (64-byte aligned) outside the timed region. Timing: one warm-up call, then timed
 * calls until at least 7 and about 0.5 s; median and quartiles (CLOCK_MONOTONIC). Checks against
 * float64/long double references by a different method, with the Swift workloads' tolerances:
 * spring - the closed form at each t in long double on every 97th spring (1e-5); spline - the
 * second-derivative form from a long double tridiagonal solve on every 37th channel (1e-4);
 * transform - cos/sin in double on every transform (1e-6). One JSON line per workload in the
 * schema of `motionkernel-bench --json`, plus "peer", "compiler", "stores", "llcBytes".
 *
 *   c_peers [--filter NAME] [--variants]
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "peer_timing.h"

#ifndef BUILD_FLAGS
#define BUILD_FLAGS "unknown"
#endif

/* ------------------------------------------------------------------------------------------ */
/* Inputs: SplitMix64 as in Sources/MotionKernel/Support/SplitMix64.swift. */

typedef struct { uint64_t s; } Rng;
static double unit(Rng *r) {
    r->s += 0x9E3779B97F4A7C15ULL;
    uint64_t z = r->s;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return (double)(z >> 11) * 0x1p-53;
}

static void *alloc64(size_t bytes) {
    void *p = aligned_alloc(64, (bytes + 63) / 64 * 64);
    if (!p) { fprintf(stderr, "c_peers: cannot allocate %zu bytes\n", bytes); exit(2); }
    return p;
}

/* ------------------------------------------------------------------------------------------ */
/* Stores */

static size_t llc_bytes(void) {
    long s = -1;
#ifdef _SC_LEVEL3_CACHE_SIZE
    s = sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
    if (s > 0) return (size_t)s;
    FILE *f = fopen("/sys/devices/system/cpu/cpu0/cache/index3/size", "r");
    if (f) {
        unsigned long v = 0;
        char unit_c = 0;
        if (fscanf(f, "%lu%c", &v, &unit_c) >= 1) {
            s = (long)v;
            if (unit_c == 'K') s <<= 10;
            else if (unit_c == 'M') s <<= 20;
        }
        fclose(f);
    }
    return s > 0 ? (size_t)s : 0;
}

/* Copies n floats from an L1 tile to dst with non-temporal stores where dst is 64-byte aligned
 * (plain stores for a misaligned head and the tail). The caller fences once per call. */
static void stream_copy(float *dst, const float *src, size_t n) {
    size_t i = 0;
#if defined(__AVX2__)
    while (i < n && ((uintptr_t)(dst + i) & 63)) { dst[i] = src[i]; i++; }
#if defined(__AVX512F__)
    for (; i + 16 <= n; i += 16) _mm512_stream_ps(dst + i, _mm512_loadu_ps(src + i));
#else
    for (; i + 8 <= n; i += 8) _mm256_stream_ps(dst + i, _mm256_loadu_ps(src + i));
#endif
#endif
    for (; i < n; i++) dst[i] = src[i];
}

static void store_fence(void) {
#if defined(__AVX2__)
    _mm_sfence();
#endif
}

/* ------------------------------------------------------------------------------------------ */
/* spring.batch */

#define LANES 8
enum { SPRING_N = 100000, SPRING_T = 120 };

typedef struct {
    size_t n, tc;
    float *k, *c, *from, *to, *v;
    double dt;
} SpringIn;

static void spring_inputs(SpringIn *s) {
    s->n = SPRING_N;
    s->tc = SPRING_T;
    s->dt = (double)(1.0f / 120.0f); /* the Float grid step, as the Swift workload's TimeGrid<Float> */
    s->k = alloc64(s->n * 4); s->c = alloc64(s->n * 4); s->from = alloc64(s->n * 4);
    s->to = alloc64(s->n * 4); s->v = alloc64(s->n * 4);
    Rng r = {42};
    for (size_t i = 0; i < s->n; i++) {
        double kk = 50 + 450 * unit(&r);
        double zeta = i % 10 == 0 ? 1.0 : 0.1 + 1.9 * unit(&r);
        s->k[i] = (float)kk;
        s->c[i] = (float)(2 * zeta * sqrt(kk));
        s->from[i] = (float)(unit(&r) * 2 - 1);
        s->to[i] = (float)(unit(&r) * 2 - 1);
        s->v[i] = (float)(unit(&r) * 20 - 10);
    }
}

/* Phi(dt) for one spring from libm (lanes outside the series range). */
static void spring_phi_libm(double k, double c, double dt, double m[4]) {
    double a = 0.5 * c, q = k - a * a, e = exp(-a * dt), C, S;
    if (q > 0) { double w = sqrt(q); C = cos(w * dt); S = sin(w * dt) / w; }
    else if (q < 0) { double w = sqrt(-q); C = cosh(w * dt); S = sinh(w * dt) / w; }
    else { C = 1; S = dt; }
    m[0] = e * (C + a * S); m[1] = e * S; m[2] = -k * e * S; m[3] = e * (C - a * S);
}

/* 8 lanes of double / float (GCC and Clang vector extensions: one zmm, or two ymm, per v8d). */
typedef double v8d __attribute__((vector_size(64)));
typedef float v8f __attribute__((vector_size(32)));

/* One block of 8 springs starting at i0 (lanes past n repeat the last spring): tile[j][l]. */
static void spring_block(const SpringIn *s, size_t i0, float *tile) {
    double kl[LANES], cl[LANES], xl[LANES], vl[LANES], tl[LANES];
    for (int l = 0; l < LANES; l++) {
        size_t i = i0 + (size_t)l < s->n ? i0 + (size_t)l : s->n - 1;
        kl[l] = s->k[i]; cl[l] = s->c[i];
        tl[l] = s->to[i]; xl[l] = (double)s->from[i] - (double)s->to[i]; vl[l] = s->v[i];
    }
    v8d k, c, x, v, tg;
    memcpy(&k, kl, sizeof k); memcpy(&c, cl, sizeof c); memcpy(&x, xl, sizeof x);
    memcpy(&v, vl, sizeof v); memcpy(&tg, tl, sizeof tg);
    const double dt = s->dt;
    v8d a = 0.5 * c, z = (a * a - k) * (dt * dt), y = a * dt;
    /* C = sum z^n/(2n)!, S/dt = sum z^n/(2n+1)!, n <= 10: for |z| <= 1 the first omitted
     * terms are below 1/22! < 1e-21 relative. e^(-y) by Taylor to y^18, 0 <= y <= 1/2:
     * truncation below 0.5^19/19! < 2e-23. */
    v8d C = z * (1.0 / 2432902008176640000.0) + 1.0 / 6402373705728000.0;   /* 1/20!, 1/18! */
    v8d S = z * (1.0 / 51090942171709440000.0) + 1.0 / 121645100408832000.0; /* 1/21!, 1/19! */
    C = C * z + 1.0 / 20922789888000.0;    S = S * z + 1.0 / 355687428096000.0;
    C = C * z + 1.0 / 87178291200.0;       S = S * z + 1.0 / 1307674368000.0;
    C = C * z + 1.0 / 479001600.0;         S = S * z + 1.0 / 6227020800.0;
    C = C * z + 1.0 / 3628800.0;           S = S * z + 1.0 / 39916800.0;
    C = C * z + 1.0 / 40320.0;             S = S * z + 1.0 / 362880.0;
    C = C * z + 1.0 / 720.0;               S = S * z + 1.0 / 5040.0;
    C = C * z + 1.0 / 24.0;                S = S * z + 1.0 / 120.0;
    C = C * z + 1.0 / 2.0;                 S = S * z + 1.0 / 6.0;
    C = C * z + 1.0;                       S = (S * z + 1.0) * dt;
    static const double inv_fact[19] = {
        1.0, 1.0, 1.0 / 2, 1.0 / 6, 1.0 / 24, 1.0 / 120, 1.0 / 720, 1.0 / 5040, 1.0 / 40320,
        1.0 / 362880, 1.0 / 3628800, 1.0 / 39916800, 1.0 / 479001600, 1.0 / 6227020800.0,
        1.0 / 87178291200.0, 1.0 / 1307674368000.0, 1.0 / 20922789888000.0, 1.0 / 355687428096000.0,
        1.0 / 6402373705728000.0};
    v8d e = y * 0.0 + inv_fact[18];
    for (int p = 17; p >= 0; p--) e = e * -y + inv_fact[p];
    v8d m11 = e * (C + a * S), m12 = e * S, m21 = -k * e * S, m22 = e * (C - a * S);
    for (int l = 0; l < LANES; l++) {
        if (fabs(z[l]) <= 1.0 && y[l] >= 0.0 && y[l] <= 0.5) continue; /* series range */
        double m[4];
        spring_phi_libm(k[l], c[l], dt, m);
        m11[l] = m[0]; m12[l] = m[1]; m21[l] = m[2]; m22[l] = m[3];
    }
    /* Four independent chains (samples j, j+1, j+2, j+3, each advanced by Phi^4 = (Phi^2)^2)
     * so that the FMA latency of one chain does not bound the loop. */
    v8d p11 = m11 * m11 + m12 * m21, p12 = m11 * m12 + m12 * m22;
    v8d p21 = m21 * m11 + m22 * m21, p22 = m21 * m12 + m22 * m22;
    v8d q11 = p11 * p11 + p12 * p21, q12 = p11 * p12 + p12 * p22;
    v8d q21 = p21 * p11 + p22 * p21, q22 = p21 * p12 + p22 * p22;
    v8d x0 = x, v0 = v;
    v8d x1 = m11 * x0 + m12 * v0, v1 = m21 * x0 + m22 * v0;
    v8d x2 = m11 * x1 + m12 * v1, v2 = m21 * x1 + m22 * v1;
    v8d x3 = m11 * x2 + m12 * v2, v3 = m21 * x2 + m22 * v2;
    size_t j = 0;
    for (; j + 4 <= s->tc; j += 4) {
        v8f o0 = __builtin_convertvector(tg + x0, v8f), o1 = __builtin_convertvector(tg + x1, v8f);
        v8f o2 = __builtin_convertvector(tg + x2, v8f), o3 = __builtin_convertvector(tg + x3, v8f);
        memcpy(tile + j * LANES, &o0, sizeof o0);
        memcpy(tile + (j + 1) * LANES, &o1, sizeof o1);
        memcpy(tile + (j + 2) * LANES, &o2, sizeof o2);
        memcpy(tile + (j + 3) * LANES, &o3, sizeof o3);
        v8d n0 = q11 * x0 + q12 * v0, n1 = q11 * x1 + q12 * v1, n2 = q11 * x2 + q12 * v2, n3 = q11 * x3 + q12 * v3;
        v0 = q21 * x0 + q22 * v0; v1 = q21 * x1 + q22 * v1; v2 = q21 * x2 + q22 * v2; v3 = q21 * x3 + q22 * v3;
        x0 = n0; x1 = n1; x2 = n2; x3 = n3;
    }
    for (; j < s->tc; j++) { /* at most 3 left: chain 0 steps by Phi */
        v8f o = __builtin_convertvector(tg + x0, v8f);
        memcpy(tile + j * LANES, &o, sizeof o);
        v8d nx = m11 * x0 + m12 * v0;
        v0 = m21 * x0 + m22 * v0;
        x0 = nx;
    }
}

/* tile (T x 8, sample major) -> rows[l * ld + j], l < rows_valid. */
static void transpose_tile(const float *tile, size_t tc, float *rows, size_t ld, int rows_valid) {
    size_t j = 0;
#if defined(__AVX2__)
    if (rows_valid == LANES) {
        for (; j + 8 <= tc; j += 8) {
            const float *t = tile + j * LANES;
            __m256 r0 = _mm256_loadu_ps(t), r1 = _mm256_loadu_ps(t + 8), r2 = _mm256_loadu_ps(t + 16), r3 = _mm256_loadu_ps(t + 24);
            __m256 r4 = _mm256_loadu_ps(t + 32), r5 = _mm256_loadu_ps(t + 40), r6 = _mm256_loadu_ps(t + 48), r7 = _mm256_loadu_ps(t + 56);
            __m256 a0 = _mm256_unpacklo_ps(r0, r1), a1 = _mm256_unpackhi_ps(r0, r1);
            __m256 a2 = _mm256_unpacklo_ps(r2, r3), a3 = _mm256_unpackhi_ps(r2, r3);
            __m256 a4 = _mm256_unpacklo_ps(r4, r5), a5 = _mm256_unpackhi_ps(r4, r5);
            __m256 a6 = _mm256_unpacklo_ps(r6, r7), a7 = _mm256_unpackhi_ps(r6, r7);
            __m256 b0 = _mm256_shuffle_ps(a0, a2, 0x44), b1 = _mm256_shuffle_ps(a0, a2, 0xEE);
            __m256 b2 = _mm256_shuffle_ps(a1, a3, 0x44), b3 = _mm256_shuffle_ps(a1, a3, 0xEE);
            __m256 b4 = _mm256_shuffle_ps(a4, a6, 0x44), b5 = _mm256_shuffle_ps(a4, a6, 0xEE);
            __m256 b6 = _mm256_shuffle_ps(a5, a7, 0x44), b7 = _mm256_shuffle_ps(a5, a7, 0xEE);
            _mm256_storeu_ps(rows + 0 * ld + j, _mm256_permute2f128_ps(b0, b4, 0x20));
            _mm256_storeu_ps(rows + 1 * ld + j, _mm256_permute2f128_ps(b1, b5, 0x20));
            _mm256_storeu_ps(rows + 2 * ld + j, _mm256_permute2f128_ps(b2, b6, 0x20));
            _mm256_storeu_ps(rows + 3 * ld + j, _mm256_permute2f128_ps(b3, b7, 0x20));
            _mm256_storeu_ps(rows + 4 * ld + j, _mm256_permute2f128_ps(b0, b4, 0x31));
            _mm256_storeu_ps(rows + 5 * ld + j, _mm256_permute2f128_ps(b1, b5, 0x31));
            _mm256_storeu_ps(rows + 6 * ld + j, _mm256_permute2f128_ps(b2, b6, 0x31));
            _mm256_storeu_ps(rows + 7 * ld + j, _mm256_permute2f128_ps(b3, b7, 0x31));
        }
    }
#endif
    for (; j < tc; j++)
        for (int l = 0; l < rows_valid; l++) rows[(size_t)l * ld + j] = tile[j * LANES + (size_t)l];
}

__attribute__((noinline)) static void spring_kernel(const SpringIn *s, float *out, int nt, float *tile, float *rows) {
    for (size_t i0 = 0; i0 < s->n; i0 += LANES) {
        int valid = s->n - i0 < LANES ? (int)(s->n - i0) : LANES;
        spring_block(s, i0, tile);
        if (nt) {
            transpose_tile(tile, s->tc, rows, s->tc, valid);
            stream_copy(out + i0 * s->tc, rows, (size_t)valid * s->tc);
        } else {
            transpose_tile(tile, s->tc, out + i0 * s->tc, s->tc, valid);
        }
    }
    if (nt) store_fence();
}

/* Reference: the closed form at each t in long double (underdamped cos/sin, overdamped
 * cosh/sinh, critical polynomial), every 97th spring. */
static double spring_check(const SpringIn *s, const float *out) {
    double worst = 0.0;
    for (size_t i = 0; i < s->n; i += 97) {
        long double k = s->k[i], c = s->c[i], a = c / 2, q = k - a * a;
        long double x0 = (long double)s->from[i] - (long double)s->to[i], v0 = s->v[i];
        for (size_t j = 0; j < s->tc; j++) {
            long double t = (long double)j / 120, C, S; /* the documented times j/120 (the kernel steps by Float(1/120), as the Swift grid) */
            if (q > 0) { long double w = sqrtl(q); C = cosl(w * t); S = t == 0 ? 0 : sinl(w * t) / w; }
            else if (q < 0) { long double w = sqrtl(-q); C = coshl(w * t); S = t == 0 ? 0 : sinhl(w * t) / w; }
            else { C = 1; S = t; }
            long double x = expl(-a * t) * (x0 * (C + a * S) + v0 * S);
            double e = fabs((double)((long double)out[i * s->tc + j] - ((long double)s->to[i] + x)));
            if (!(e <= worst)) worst = e; /* NaN propagates */
        }
    }
    return worst;
}

/* ------------------------------------------------------------------------------------------ */
/* spline.channels */

enum { SPLINE_K = 16, SPLINE_C = 10000, SPLINE_T = 1000, SPLINE_BLOCK = 1024 };

typedef struct {
    size_t kn, ch, tc;
    float key[SPLINE_K];
    float *values; /* K x C */
    float *times;  /* T */
    float *coef;   /* (K - 1) x 4 x C: a, b, c, d of segment s at coef[(4 s + p) C + ch] */
    size_t *seg;   /* per time (timed) */
    float *u;      /* per time (timed) */
} SplineIn;

static int cmp_float(const void *a, const void *b) {
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

static void spline_inputs(SplineIn *s) {
    s->kn = SPLINE_K; s->ch = SPLINE_C; s->tc = SPLINE_T;
    Rng r = {0x5EED5B1EULL};
    float x[SPLINE_K - 2];
    for (size_t i = 0; i < s->kn - 2; i++) x[i] = (float)unit(&r);
    qsort(x, s->kn - 2, sizeof(float), cmp_float);
    s->key[0] = 0;
    for (size_t i = 0; i < s->kn - 2; i++) s->key[i + 1] = x[i];
    s->key[s->kn - 1] = 1;
    for (size_t i = 1; i < s->kn; i++)
        if (s->key[i] <= s->key[i - 1]) s->key[i] = nextafterf(s->key[i - 1], INFINITY);
    s->values = alloc64(s->kn * s->ch * 4);
    for (size_t i = 0; i < s->kn * s->ch; i++) s->values[i] = (float)(2 * unit(&r) - 1);
    s->times = alloc64(s->tc * 4);
    for (size_t j = 0; j < s->tc; j++) s->times[j] = (float)((double)j / (double)(s->tc - 1));
    s->seg = malloc(s->tc * sizeof(size_t));
    s->u = alloc64(s->tc * 4);
    /* Coefficients (untimed setup): natural spline second derivatives M by the Thomas algorithm
     * in double, then power form about each left knot. */
    size_t K = s->kn, C = s->ch, S = K - 1;
    s->coef = alloc64(S * 4 * C * 4);
    double h[SPLINE_K], M[SPLINE_K], cp[SPLINE_K], dp[SPLINE_K];
    for (size_t i = 0; i < S; i++) h[i] = (double)s->key[i + 1] - (double)s->key[i];
    for (size_t ch = 0; ch < C; ch++) {
        const float *y = s->values + ch;
#define Y(i) ((double)y[(i) * C])
        cp[0] = 0; dp[0] = 0;
        for (size_t i = 1; i < K - 1; i++) {
            double a = h[i - 1], b = 2 * (h[i - 1] + h[i]), c = h[i];
            double rhs = 6 * ((Y(i + 1) - Y(i)) / h[i] - (Y(i) - Y(i - 1)) / h[i - 1]);
            double den = b - a * cp[i - 1];
            cp[i] = c / den;
            dp[i] = (rhs - a * dp[i - 1]) / den;
        }
        M[K - 1] = 0;
        for (size_t i = K - 2; i >= 1; i--) M[i] = dp[i] - cp[i] * M[i + 1];
        M[0] = 0;
        for (size_t i = 0; i < S; i++) {
            float *p = s->coef + 4 * i * C + ch;
            p[0] = (float)Y(i);
            p[C] = (float)((Y(i + 1) - Y(i)) / h[i] - h[i] * (2 * M[i] + M[i + 1]) / 6);
            p[2 * C] = (float)(M[i] / 2);
            p[3 * C] = (float)((M[i + 1] - M[i]) / (6 * h[i]));
        }
#undef Y
    }
}

__attribute__((noinline)) static void spline_kernel(SplineIn *s, float *out, int nt, float *row) {
    size_t C = s->ch, S = s->kn - 1, seg = 0;
    for (size_t j = 0; j < s->tc; j++) { /* sorted times: one sweep */
        float t = s->times[j];
        while (seg + 1 < S && t >= s->key[seg + 1]) seg++;
        s->seg[j] = seg;
        s->u[j] = (float)((double)t - (double)s->key[seg]);
    }
    for (size_t cb = 0; cb < C; cb += SPLINE_BLOCK) {
        size_t w = C - cb < SPLINE_BLOCK ? C - cb : SPLINE_BLOCK;
        for (size_t j = 0; j < s->tc; j++) {
            const float *restrict a = s->coef + 4 * s->seg[j] * C + cb;
            const float *restrict b = a + C, *restrict c = a + 2 * C, *restrict d = a + 3 * C;
            const float u = s->u[j];
            float *restrict dst = nt ? row : out + j * C + cb;
            for (size_t q = 0; q < w; q++) dst[q] = ((d[q] * u + c[q]) * u + b[q]) * u + a[q];
            if (nt) stream_copy(out + j * C + cb, row, w);
        }
    }
    if (nt) store_fence();
}

/* Reference: every 37th channel, M from a long double tridiagonal solve, evaluated in the
 * second-derivative form M_i (x_{i+1} - t)^3/(6h) + M_{i+1} (t - x_i)^3/(6h) + ... */
static double spline_check(const SplineIn *s, const float *out) {
    size_t K = s->kn, C = s->ch;
    long double h[SPLINE_K], M[SPLINE_K], cp[SPLINE_K], dp[SPLINE_K], y[SPLINE_K];
    double worst = 0.0;
    for (size_t i = 0; i + 1 < K; i++) h[i] = (long double)s->key[i + 1] - (long double)s->key[i];
    for (size_t ch = 0; ch < C; ch += 37) {
        for (size_t i = 0; i < K; i++) y[i] = s->values[i * C + ch];
        cp[0] = dp[0] = 0;
        for (size_t i = 1; i < K - 1; i++) {
            long double den = 2 * (h[i - 1] + h[i]) - h[i - 1] * cp[i - 1];
            cp[i] = h[i] / den;
            dp[i] = (6 * ((y[i + 1] - y[i]) / h[i] - (y[i] - y[i - 1]) / h[i - 1]) - h[i - 1] * dp[i - 1]) / den;
        }
        M[K - 1] = M[0] = 0;
        for (size_t i = K - 2; i >= 1; i--) M[i] = dp[i] - cp[i] * M[i + 1];
        for (size_t j = 0; j < s->tc; j++) {
            long double t = s->times[j];
            size_t i = 0;
            while (i + 2 < K && t >= s->key[i + 1]) i++;
            long double hi = h[i], u = s->key[i + 1] - t, w = t - s->key[i];
            long double ref = M[i] * u * u * u / (6 * hi) + M[i + 1] * w * w * w / (6 * hi) +
                              (y[i] / hi - M[i] * hi / 6) * u + (y[i + 1] / hi - M[i + 1] * hi / 6) * w;
            double e = fabs((double)((long double)out[j * C + ch] - ref));
            if (!(e <= worst)) worst = e;
        }
    }
    return worst;
}

/* ------------------------------------------------------------------------------------------ */
/* transform.build */

enum { TRANSFORM_N = 1000000, TRANSFORM_TILE = 256 };

typedef struct {
    size_t n;
    float *tx, *ty, *ang, *sc;
} TransformIn;

static void transform_inputs(TransformIn *s) {
    s->n = TRANSFORM_N;
    s->tx = alloc64(s->n * 4); s->ty = alloc64(s->n * 4); s->ang = alloc64(s->n * 4); s->sc = alloc64(s->n * 4);
    Rng r = {0x7B17};
    float *cols[4] = {s->tx, s->ty, s->ang, s->sc};
    const double lo[4] = {-500, -500, -M_PI, 0.25}, hi[4] = {500, 500, M_PI, 2};
    for (int c = 0; c < 4; c++)
        for (size_t i = 0; i < s->n; i++) cols[c][i] = (float)(lo[c] + (hi[c] - lo[c]) * unit(&r));
}

/* sin and cos of a (|a| well below 2^20), Float32, branch-free. Quadrant k = round(a 2/pi),
 * r = a - k pi/2 in three parts (each part's product with |k| <= 2^8 exact), then the Cephes
 * minimax polynomials for sin and cos on [-pi/4, pi/4]. */
static inline void sincos_f(float a, float *sn, float *cs) {
    float k = __builtin_rintf(a * 0.636619772f);
    float r = a - k * 1.5703125f;
    r = r - k * 4.837512969970703125e-4f;
    r = r - k * 7.54978995489188216e-8f;
    float z = r * r;
    float s = ((-1.9515295891e-4f * z + 8.3321608736e-3f) * z - 1.6666654611e-1f) * z * r + r;
    float c = ((2.443315711809948e-5f * z - 1.388731625493765e-3f) * z + 4.166664568298827e-2f) * z * z - 0.5f * z + 1.0f;
    int q = (int)k & 3;
    float ss = (q & 1) ? c : s, cc = (q & 1) ? s : c;
    *sn = (q & 2) ? -ss : ss;
    *cs = ((q + 1) & 2) ? -cc : cc;
}

#if defined(__AVX512F__)
/* 16 records, one 64-byte line each, from 16 lanes of s cos, s sin, tx, ty: two two-source
 * permutes place (c, s, s, c) and (tx, ty), an XOR negates m21, an OR adds the constant ones;
 * stored with a non-temporal or a plain 512-bit store (dst is 64-byte aligned). */
static inline void transform_records16(const float *cs, const float *sn, const float *tx, const float *ty, float *dst, int nt) {
    const __m512 C = _mm512_loadu_ps(cs), S = _mm512_loadu_ps(sn), X = _mm512_loadu_ps(tx), Y = _mm512_loadu_ps(ty);
    const __m512i base_cs = _mm512_setr_epi32(0, 16, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m512i base_xy = _mm512_setr_epi32(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16, 0, 0);
    const __m512i ones = _mm512_castps_si512(_mm512_setr_ps(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1));
    const __m512i sign = _mm512_setr_epi32(0, 0, 0, 0, (int)0x80000000u, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    for (int i = 0; i < 16; i++) {
        __m512i off = _mm512_set1_epi32(i);
        __m512 a = _mm512_maskz_permutex2var_ps(0x0033, C, _mm512_add_epi32(base_cs, off), S);
        __m512 b = _mm512_maskz_permutex2var_ps(0x3000, X, _mm512_add_epi32(base_xy, off), Y);
        __m512i r = _mm512_or_si512(_mm512_or_si512(_mm512_castps_si512(a), _mm512_castps_si512(b)), ones);
        r = _mm512_xor_si512(r, sign);
        if (nt) _mm512_stream_ps(dst + 16 * i, _mm512_castsi512_ps(r));
        else _mm512_store_ps(dst + 16 * i, _mm512_castsi512_ps(r));
    }
}
#endif

/* Transforms i0 ..< i0 + w into dst (the output, or with AVX-512F and nt the output too:
 * its records are streamed from registers; without AVX-512F an L1 tile the caller streams). */
static inline void transform_tile(const TransformIn *s, size_t i0, size_t w, float *restrict dst, int nt) {
    float cs[TRANSFORM_TILE], sn[TRANSFORM_TILE];
    for (size_t i = 0; i < w; i++) {
        float sv, cv;
        sincos_f(s->ang[i0 + i], &sv, &cv);
        cs[i] = s->sc[i0 + i] * cv;
        sn[i] = s->sc[i0 + i] * sv;
    }
    size_t i = 0;
#if defined(__AVX512F__)
    if (((uintptr_t)dst & 63) == 0)
        for (; i + 16 <= w; i += 16) transform_records16(cs + i, sn + i, s->tx + i0 + i, s->ty + i0 + i, dst + 16 * i, nt);
#else
    (void)nt;
#endif
    for (; i < w; i++) {
        float *o = dst + 16 * i;
        o[0] = cs[i]; o[1] = sn[i]; o[2] = 0; o[3] = 0;
        o[4] = -sn[i]; o[5] = cs[i]; o[6] = 0; o[7] = 0;
        o[8] = 0; o[9] = 0; o[10] = 1; o[11] = 0;
        o[12] = s->tx[i0 + i]; o[13] = s->ty[i0 + i]; o[14] = 0; o[15] = 1;
    }
}

__attribute__((noinline)) static void transform_kernel(const TransformIn *s, float *out, int nt, float *tile) {
    for (size_t i0 = 0; i0 < s->n; i0 += TRANSFORM_TILE) {
        size_t w = s->n - i0 < TRANSFORM_TILE ? s->n - i0 : TRANSFORM_TILE;
#if defined(__AVX512F__)
        (void)tile;
        transform_tile(s, i0, w, out + 16 * i0, nt);
#else
        if (nt) {
            transform_tile(s, i0, w, tile, 0);
            stream_copy(out + 16 * i0, tile, 16 * w);
        } else {
            transform_tile(s, i0, w, out + 16 * i0, 0);
        }
#endif
    }
    if (nt) store_fence();
}

static double transform_check(const TransformIn *s, const float *out) {
    double worst = 0.0;
    for (size_t i = 0; i < s->n; i++) {
        double a = s->ang[i], sc = s->sc[i];
        double ref[16] = {sc * cos(a), sc * sin(a), 0, 0, -sc * sin(a), sc * cos(a), 0, 0,
                          0, 0, 1, 0, s->tx[i], s->ty[i], 0, 1};
        for (int j = 0; j < 16; j++) {
            double e = fabs((double)out[16 * i + j] - ref[j]);
            if (!(e <= worst)) worst = e;
        }
    }
    return worst;
}

/* ------------------------------------------------------------------------------------------ */
/* Driver */

typedef struct {
    const char *name;
    size_t items, bytes;
    double tol;
    const char *peer;
} Meta;

static SpringIn g_spring;
static SplineIn g_spline;
static TransformIn g_transform;
static float *g_out, *g_scratch;

static void run_spring(int nt) { spring_kernel(&g_spring, g_out, nt, g_scratch, g_scratch + LANES * SPRING_T); }
static void run_spline(int nt) { spline_kernel(&g_spline, g_out, nt, g_scratch); }
static void run_transform(int nt) { transform_kernel(&g_transform, g_out, nt, g_scratch); }

typedef struct {
    void (*kernel)(int);
    int nt;
} KernelCall;

static void kernel_call(void *ctx) {
    const KernelCall *k = ctx;
    k->kernel(k->nt);
}

static int measure(const Meta *m, void (*kernel)(int), double (*check)(void), int nt, const char *suffix, size_t llc) {
    KernelCall call = {kernel, nt};
    PeerTimes tm = peer_measure(kernel_call, &call); /* its warm-up call touches the output first */
    double med = tm.med, p25 = tm.p25, p75 = tm.p75;
    double err = check();
    int correct = err <= m->tol; /* false for NaN */
    printf("{\"workload\":\"%s%s\",\"precision\":\"float\",\"threads\":1,\"items\":%zu,\"seconds\":%.9g,"
           "\"p25\":%.9g,\"p75\":%.9g,\"itemsPerSecond\":%.9g,\"maxAbsError\":%.6g,\"tolerance\":%g,\"correct\":%s,"
           "\"peer\":\"C: %s, %s stores\",\"stores\":\"%s\",\"llcBytes\":%zu,\"outputBytes\":%zu,"
           "\"compiler\":\"cc %s (%s)\"}\n",
           m->name, suffix, m->items, med, p25, p75, (double)m->items / med, err, m->tol, correct ? "true" : "false",
           m->peer, nt ? "non-temporal" : "plain", nt ? "nontemporal" : "plain", llc, m->bytes, BUILD_FLAGS, __VERSION__);
    fflush(stdout);
    return correct;
}

static double check_spring(void) { return spring_check(&g_spring, g_out); }
static double check_spline(void) { return spline_check(&g_spline, g_out); }
static double check_transform(void) { return transform_check(&g_transform, g_out); }

int main(int argc, char **argv) {
    const char *filter = NULL;
    int variants = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--filter") && i + 1 < argc) filter = argv[++i];
        else if (!strcmp(argv[i], "--variants")) variants = 1;
        else { fprintf(stderr, "usage: c_peers [--filter NAME] [--variants]\n"); return 2; }
    }
    size_t llc = llc_bytes();
    struct {
        Meta m;
        void (*setup)(void);
        void (*kernel)(int);
        double (*check)(void);
    } all[] = {
        {{"spring.batch", (size_t)SPRING_N * SPRING_T, (size_t)SPRING_N * SPRING_T * 4, 1e-5,
          "exact propagator recurrence in double (4 chains by Phi^4), 8 springs per block, 8x8 transposes"},
         NULL, run_spring, check_spring},
        {{"spline.channels", (size_t)SPLINE_T * SPLINE_C, (size_t)SPLINE_T * SPLINE_C * 4, 1e-4,
          "power-form Float32 Horner, 1,024-channel blocks"},
         NULL, run_spline, check_spline},
        {{"transform.build", (size_t)TRANSFORM_N * 16, (size_t)TRANSFORM_N * 16 * 4, 1e-6,
          "branch-free Float32 sincos, 256-transform tiles"},
         NULL, run_transform, check_transform},
    };
    size_t max_bytes = 0;
    for (size_t w = 0; w < sizeof all / sizeof all[0]; w++)
        if (all[w].m.bytes > max_bytes) max_bytes = all[w].m.bytes;
    g_out = alloc64(max_bytes);
    g_scratch = alloc64(64 * 1024);
    int ok = 1, ran = 0;
    for (size_t w = 0; w < sizeof all / sizeof all[0]; w++) {
        const Meta *m = &all[w].m;
        if (filter && !strstr(m->name, filter)) continue;
        if (w == 0) spring_inputs(&g_spring);
        if (w == 1) spline_inputs(&g_spline);
        if (w == 2) transform_inputs(&g_transform);
        int nt = llc > 0 && m->bytes > llc;
        ok &= measure(m, all[w].kernel, all[w].check, nt, "", llc);
        if (variants) ok &= measure(m, all[w].kernel, all[w].check, !nt, nt ? ".plain" : ".nontemporal", llc);
        ran++;
    }
    if (!ran) { fprintf(stderr, "c_peers: no workload matches\n"); return 2; }
    return ok ? 0 : 1;
}
