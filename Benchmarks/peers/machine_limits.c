/*
 * Machine limits for reading the MotionKernel benchmarks against (docs/benchmarks.md):
 * single-thread store bandwidth and single-thread SGEMM 1024^3 rate through the system OpenBLAS
 * (the library MotionKernel links). Part of `make bench`; prints one JSON line per figure.
 *
 *   machine_limits [BYTES ...]  store bandwidth at each buffer size (default: 48 MiB and 512 MiB),
 *                               three ways: plain (write-allocate) vector stores, memset, and
 *                               non-temporal (streaming) stores where the compiler offers them;
 *                               then the SGEMM rate. Each size is also timed with non-temporal
 *                               stores from two threads (halves of the buffer), the bound a
 *                               two-thread run of a store-bound kernel meets.
 *
 * Each figure is the median of 9 timed repetitions after one warm-up (which also first-touches
 * the pages), CLOCK_MONOTONIC.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <pthread.h>
#include <cblas.h>
#if defined(__AVX__)
#include <immintrin.h>
#endif

#include "peer_timing.h"

#define REPS 9
static volatile float sink;

static void plain_store(float *p, size_t n, float v) {
#if defined(__AVX__)
    /* Ordinary (write-allocate) 32-byte vector stores: what a vectorised kernel's output loop does. */
    __m256 x = _mm256_set1_ps(v);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) _mm256_store_ps(p + i, x);
    for (; i < n; i++) p[i] = v;
#else
    for (size_t i = 0; i < n; i++) p[i] = v;
#endif
}

static void memset_store(float *p, size_t n, float v) {
    (void)v;
    memset(p, 0, n * sizeof(float));
}

#if defined(__AVX__)
static void stream_store(float *p, size_t n, float v) {
    __m256 x = _mm256_set1_ps(v);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) _mm256_stream_ps(p + i, x);
    for (; i < n; i++) p[i] = v;
    _mm_sfence();
}
#endif

#if defined(__AVX__)
typedef struct { float *p; size_t n; float v; } Half;
static void *stream_half(void *arg) {
    Half *h = arg;
    stream_store(h->p, h->n, h->v);
    return NULL;
}
/* Non-temporal stores from two threads, each on its own half (thread creation is timed too, as
 * a kernel's two-thread run pays it). */
static void stream_store2(float *p, size_t n, float v) {
    size_t h = n / 2 / 16 * 16;
    Half a = {p, h, v}, b = {p + h, n - h, v};
    pthread_t t;
    if (pthread_create(&t, NULL, stream_half, &a) != 0) { stream_half(&a); stream_half(&b); return; }
    stream_half(&b);
    pthread_join(t, NULL);
}
#endif

static double time_store(void (*f)(float *, size_t, float), float *p, size_t n) {
    double t[REPS];
    f(p, n, 1.0f);
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
        f(p, n, (float)r);
        t[r] = now() - t0;
        sink = p[n / 2];
    }
    qsort(t, REPS, sizeof(double), cmp);
    return t[REPS / 2];
}

static void stores(size_t bytes) {
    size_t n = bytes / sizeof(float);
    bytes = n * sizeof(float);
    if (n < 64) { fprintf(stderr, "machine_limits: buffer too small\n"); exit(1); }
    float *p = aligned_alloc(64, (bytes + 63) / 64 * 64);
    if (!p) { fprintf(stderr, "machine_limits: cannot allocate %zu bytes\n", bytes); exit(1); }
    struct { const char *name; void (*f)(float *, size_t, float); int threads; } ways[] = {
        {"plain", plain_store, 1},
        {"memset", memset_store, 1},
#if defined(__AVX__)
        {"nontemporal", stream_store, 1},
        {"nontemporal", stream_store2, 2},
#endif
    };
    for (size_t w = 0; w < sizeof ways / sizeof ways[0]; w++) {
        double s = time_store(ways[w].f, p, n);
        printf("{\"limit\":\"store\",\"method\":\"%s\",\"bytes\":%zu,\"threads\":%d,\"seconds\":%.9g,\"bytesPerSecond\":%.6g}\n",
               ways[w].name, bytes, ways[w].threads, s, (double)bytes / s);
    }
    free(p);
}

static void sgemm(void) {
    const int n = 1024;
    float *a = malloc(sizeof(float) * n * n), *b = malloc(sizeof(float) * n * n), *c = malloc(sizeof(float) * n * n);
    if (!a || !b || !c) { fprintf(stderr, "machine_limits: cannot allocate\n"); exit(1); }
    for (size_t i = 0; i < (size_t)n * n; i++) { a[i] = (float)((i * 7919u) % 1000u) * 1e-3f; b[i] = (float)((i * 104729u) % 997u) * 1e-3f; }
    double t[REPS];
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
        t[r] = now() - t0;
    }
    sink = c[n * n / 2];
    qsort(t, REPS, sizeof(double), cmp);
    double s = t[REPS / 2];
    printf("{\"limit\":\"sgemm\",\"library\":\"system OpenBLAS\",\"config\":\"%s\",\"core\":\"%s\",\"n\":%d,\"threads\":%d,\"seconds\":%.9g,\"flopsPerSecond\":%.6g}\n",
           openblas_get_config(), openblas_get_corename(), n, openblas_get_num_threads(), s, 2.0 * n * n * (double)n / s);
    free(a); free(b); free(c);
}

int main(int argc, char **argv) {
    if (argc > 1) {
        for (int i = 1; i < argc; i++) stores((size_t)strtoull(argv[i], NULL, 10));
    } else {
        stores((size_t)48 << 20);
        stores((size_t)512 << 20);
    }
    sgemm();
    return 0;
}
