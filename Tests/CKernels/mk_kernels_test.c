// The C kernels (Sources/CMotionKernelSIMD) on their own, without Swift, so that they can be
// built and run on any architecture (Tools/ckernels-test: natively, and for arm64 under
// qemu-aarch64).
//
// For every kernel, on deterministic inputs:
//   - every level this CPU supports (portable; on x86-64 also AVX2 and AVX-512) and both store
//     modes (plain and streaming) write the same bytes;
//   - where the kernel's contract is a closed formula (mk_kernels.h: shared rows, spline
//     Horner rows, decay rows, the Bézier table's cell interpolant), the output equals a
//     scalar evaluation of that formula, bit for bit (each operation rounded in the element
//     type, contraction off);
//   - a 64-bit FNV-1a hash of the portable level's output is printed, one line per kernel.
//     The portable build is plain C over fixed-width vector types (SSE2 on x86-64, NEON on
//     arm64), so those lines must be the same on every architecture: Tools/ckernels-test
//     compares them between x86-64 and arm64.
// Exit status 0 when every check holds.
#pragma STDC FP_CONTRACT OFF
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mk_exp.h"
#include "mk_isa.h"
#include "mk_kernels.h"

static int failures;
/// Counts a failure when `ok` is false, printing the first 20 (printf-style message).
static void check(int ok, const char *format, ...) {
    if (ok || failures++ >= 20) return;
    va_list args;
    va_start(args, format);
    fputs("FAIL ckernels: ", stdout);
    vprintf(format, args);
    fputc('\n', stdout);
    va_end(args);
}
#define CHECK check

static uint64_t fnv(const void *p, size_t n) {
    const unsigned char *b = p;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t rng_state = 0x853c49e6748fea9bull;
/// Uniform in [lo, hi), from a fixed xorshift sequence (the same on every machine).
static double uniform(double lo, double hi) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return lo + (hi - lo) * ((double)(rng_state >> 11) * 0x1p-53);
}

static const int levels[] = {MK_ISA_PORTABLE, MK_ISA_AVX2, MK_ISA_AVX512};
static const char *level_names[] = {"portable", "avx2", "avx512"};

/// Runs `fill(level, stream, out)` at every supported level and store mode, checks that they all
/// write `bytes` identical bytes, leaves the portable plain-store output in `out`, and prints
/// its hash as `name`.
typedef void (*runner)(int level, int stream, void *out);
static void all_levels(const char *name, runner fill, void *out, size_t bytes) {
    void *other = malloc(bytes);
    for (int k = 2; k >= 0; k--) {
        if (!mk_isa_supported(levels[k])) continue;
        for (int stream = 1; stream >= 0; stream--) {
            memset(other, 0xA5, bytes);
            fill(levels[k], stream, other);
            if (k == 0 && stream == 0) memcpy(out, other, bytes);
        }
    }
    memset(out, 0x5A, bytes);
    fill(MK_ISA_PORTABLE, 0, out);
    for (int k = 1; k <= 2; k++) {
        if (!mk_isa_supported(levels[k])) continue;
        for (int stream = 0; stream <= 1; stream++) {
            memset(other, 0xA5, bytes);
            fill(levels[k], stream, other);
            CHECK(memcmp(other, out, bytes) == 0, "%s: level %s (stream %d) differs from portable", name, level_names[k], stream);
        }
    }
    memset(other, 0xA5, bytes);
    fill(MK_ISA_PORTABLE, 1, other);
    CHECK(memcmp(other, out, bytes) == 0, "%s: streaming stores differ from plain ones", name);
    printf("%s %016llx\n", name, (unsigned long long)fnv(out, bytes));
    free(other);
}

// ---- shared rows: out = (to + a·y0) + b·v0 ----------------------------------------------------

enum { SR_ROWS = 37, SR_T = 123, PAD = 16 };
static double sr_to[SR_ROWS], sr_y0[SR_ROWS], sr_v0[SR_ROWS], sr_a[SR_T + 2 * PAD], sr_b[SR_T + 2 * PAD];
static float sf_to[SR_ROWS], sf_y0[SR_ROWS], sf_v0[SR_ROWS], sf_a[SR_T + 2 * PAD], sf_b[SR_T + 2 * PAD];
static int sr_with_to = 1;

static void shared_f64(int level, int stream, void *out) {
    mk_shared_rows_f64(sr_with_to ? sr_to : NULL, sr_y0, sr_v0, sr_a + PAD, sr_b + PAD, SR_ROWS, SR_T, out, level, stream);
}
static void shared_f32(int level, int stream, void *out) {
    mk_shared_rows_f32(sr_with_to ? sf_to : NULL, sf_y0, sf_v0, sf_a + PAD, sf_b + PAD, SR_ROWS, SR_T, out, level, stream);
}

static void test_shared(void) {
    for (int i = 0; i < SR_ROWS; i++) {
        sr_to[i] = uniform(-100, 100), sr_y0[i] = uniform(-50, 50), sr_v0[i] = uniform(-500, 500);
        sf_to[i] = (float)sr_to[i], sf_y0[i] = (float)sr_y0[i], sf_v0[i] = (float)sr_v0[i];
    }
    for (int j = 0; j < SR_T + 2 * PAD; j++) {
        sr_a[j] = uniform(-1, 1), sr_b[j] = uniform(-0.1, 0.1);
        sf_a[j] = (float)sr_a[j], sf_b[j] = (float)sr_b[j];
    }
    static double d[SR_ROWS * SR_T];
    static float f[SR_ROWS * SR_T];
    for (sr_with_to = 1; sr_with_to >= 0; sr_with_to--) {
        all_levels(sr_with_to ? "shared_rows_f64" : "shared_rows_f64_velocity", shared_f64, d, sizeof d);
        all_levels(sr_with_to ? "shared_rows_f32" : "shared_rows_f32_velocity", shared_f32, f, sizeof f);
        for (int i = 0; i < SR_ROWS; i++) {
            for (int j = 0; j < SR_T; j++) {
                double rd = ((sr_with_to ? sr_to[i] : 0.0) + sr_a[PAD + j] * sr_y0[i]) + sr_b[PAD + j] * sr_v0[i];
                float rf = ((sr_with_to ? sf_to[i] : 0.0f) + sf_a[PAD + j] * sf_y0[i]) + sf_b[PAD + j] * sf_v0[i];
                CHECK(memcmp(&d[i * SR_T + j], &rd, 8) == 0, "shared_rows_f64[%d, %d] %.17g, formula %.17g", i, j, d[i * SR_T + j], rd);
                CHECK(memcmp(&f[i * SR_T + j], &rf, 4) == 0, "shared_rows_f32[%d, %d] %.9g, formula %.9g", i, j, f[i * SR_T + j], rf);
            }
        }
    }
}

// ---- spline rows: Horner in the element type ---------------------------------------------------

enum { SP_CH = 11, SP_SEG = 9, SP_T = 150, SP_FIRST = 2, SP_COUNT = 7 };
static double sp_coef_tm[SP_SEG * 4 * SP_CH], sp_coef_cm[SP_CH * SP_SEG * 4], sp_local[SP_T];
static float spf_coef_tm[SP_SEG * 4 * SP_CH], spf_coef_cm[SP_CH * SP_SEG * 4], spf_local[SP_T];
static intptr_t sp_segment[SP_T], sp_runs[3 * SP_T];
static size_t sp_run_count;

static void spline_tm_f64(int l, int s, void *out) { mk_spline_time_major_f64(sp_coef_tm, SP_CH, sp_segment, sp_local, SP_T, SP_FIRST, SP_COUNT, out, l, s); }
static void spline_tm_f32(int l, int s, void *out) { mk_spline_time_major_f32(spf_coef_tm, SP_CH, sp_segment, spf_local, SP_T, SP_FIRST, SP_COUNT, out, l, s); }
static void spline_cm_f64(int l, int s, void *out) { mk_spline_channel_major_f64(sp_coef_cm, SP_SEG, sp_runs, sp_run_count, sp_local, SP_T, SP_FIRST, SP_COUNT, out, l, s); }
static void spline_cm_f32(int l, int s, void *out) { mk_spline_channel_major_f32(spf_coef_cm, SP_SEG, sp_runs, sp_run_count, spf_local, SP_T, SP_FIRST, SP_COUNT, out, l, s); }

/// Checks out[r·cols + j] (r < rows, j < cols) against Horner's rule in type T on the four
/// coefficients at `coef` (an expression of r and j), `stride` apart, at `local`.
#define SPLINE_CHECK(T, out, name, rows, cols, coef, stride, local)                          \
    for (int r = 0; r < (rows); r++) {                                                       \
        for (int j = 0; j < (cols); j++) {                                                   \
            const T *a = (coef);                                                             \
            T s = (local);                                                                   \
            T x = ((a[3 * (stride)] * s + a[2 * (stride)]) * s + a[stride]) * s + a[0];      \
            CHECK(memcmp(&(out)[r * (cols) + j], &x, sizeof(T)) == 0, "%s[%d, %d]", name, r, j); \
        }                                                                                    \
    }

static void test_spline(void) {
    for (size_t k = 0; k < sizeof sp_coef_tm / sizeof *sp_coef_tm; k++) {
        sp_coef_tm[k] = uniform(-3, 3), sp_coef_cm[k] = uniform(-3, 3);
        spf_coef_tm[k] = (float)sp_coef_tm[k], spf_coef_cm[k] = (float)sp_coef_cm[k];
    }
    // Times in increasing segments (runs of 1 … 30 samples), local coordinates in [0, 1).
    int seg = 0;
    sp_run_count = 0;
    for (int r = 0; r < SP_T;) {
        int len = 1 + (int)uniform(0, 30);
        if (r + len > SP_T) len = SP_T - r;
        sp_runs[3 * sp_run_count] = seg, sp_runs[3 * sp_run_count + 1] = r, sp_runs[3 * sp_run_count + 2] = r + len;
        sp_run_count++;
        for (int j = r; j < r + len; j++) sp_segment[j] = seg;
        r += len;
        seg = (seg + 1) % SP_SEG;
    }
    for (int j = 0; j < SP_T; j++) sp_local[j] = uniform(0, 1), spf_local[j] = (float)sp_local[j];
    static double d[SP_T * SP_COUNT];
    static float f[SP_T * SP_COUNT];
    all_levels("spline_time_major_f64", spline_tm_f64, d, sizeof d);
    SPLINE_CHECK(double, d, "spline_time_major_f64", SP_T, SP_COUNT, sp_coef_tm + (size_t)sp_segment[r] * 4 * SP_CH + SP_FIRST + j, SP_CH, sp_local[r]);
    all_levels("spline_time_major_f32", spline_tm_f32, f, sizeof f);
    SPLINE_CHECK(float, f, "spline_time_major_f32", SP_T, SP_COUNT, spf_coef_tm + (size_t)sp_segment[r] * 4 * SP_CH + SP_FIRST + j, SP_CH, spf_local[r]);
    all_levels("spline_channel_major_f64", spline_cm_f64, d, sizeof d);
    SPLINE_CHECK(double, d, "spline_channel_major_f64", SP_COUNT, SP_T, sp_coef_cm + ((size_t)(SP_FIRST + r) * SP_SEG + (size_t)sp_segment[j]) * 4, 1, sp_local[j]);
    all_levels("spline_channel_major_f32", spline_cm_f32, f, sizeof f);
    SPLINE_CHECK(float, f, "spline_channel_major_f32", SP_COUNT, SP_T, spf_coef_cm + ((size_t)(SP_FIRST + r) * SP_SEG + (size_t)sp_segment[j]) * 4, 1, spf_local[j]);
}

// ---- decay rows ----------------------------------------------------------------------------------

enum { DR_ROWS = 29, DR_T = 101 };
static double dr_x0[DR_ROWS], dr_v0[DR_ROWS], dr_stop[DR_ROWS], dr_rx[DR_ROWS], dr_rv[DR_ROWS], dr_k[DR_ROWS];
static double dr_t[DR_T + 16], dr_g[DR_T + 16], dr_h[DR_T + 16];
static double *dr_values64, *dr_vel64;
static float *dr_values32, *dr_vel32;

static void decay_f64(int l, int s, void *out) {
    double *o = out;
    mk_decay_rows_f64(dr_x0, dr_v0, dr_stop, dr_rx, dr_rv, DR_ROWS, dr_t + 8, dr_g + 8, dr_h + 8, DR_T, o, o + DR_ROWS * DR_T, l, s);
}
static void decay_f32(int l, int s, void *out) {
    float *o = out;
    mk_decay_rows_f32(dr_x0, dr_v0, dr_stop, dr_rx, dr_rv, DR_ROWS, dr_t + 8, dr_g + 8, dr_h + 8, DR_T, o, o + DR_ROWS * DR_T, l, s);
}
static void decay_varied_f64(int l, int s, void *out) {
    double *o = out;
    mk_decay_varied_rows_f64(dr_x0, dr_v0, dr_k, dr_stop, dr_rx, dr_rv, DR_ROWS, dr_t + 8, DR_T, o, o + DR_ROWS * DR_T, l, s);
}
static void decay_varied_f32(int l, int s, void *out) {
    float *o = out;
    mk_decay_varied_rows_f32(dr_x0, dr_v0, dr_k, dr_stop, dr_rx, dr_rv, DR_ROWS, dr_t + 8, DR_T, o, o + DR_ROWS * DR_T, l, s);
}

static void test_decay(void) {
    for (int i = 0; i < DR_ROWS; i++) {
        dr_x0[i] = uniform(-200, 200), dr_v0[i] = uniform(-3000, 3000), dr_stop[i] = uniform(0.2, 1.6);
        dr_k[i] = -uniform(0.5, 12);
        dr_rx[i] = dr_x0[i] + dr_v0[i] * mk_expm1_neg(dr_k[i] * dr_stop[i]) / dr_k[i], dr_rv[i] = 0;
    }
    double k = -4.2;
    for (int j = 0; j < DR_T + 16; j++) {
        dr_t[j] = -0.1 + 0.02 * (j - 8);  // −0.26 … 1.9: before the start, moving, stopped
        dr_g[j] = mk_expm1_neg(k * dr_t[j]) / k;
        dr_h[j] = mk_exp_neg(k * dr_t[j]);
    }
    size_t n = (size_t)DR_ROWS * DR_T;
    dr_values64 = malloc(2 * n * sizeof(double));
    dr_values32 = malloc(2 * n * sizeof(float));
    dr_vel64 = dr_values64 + n, dr_vel32 = dr_values32 + n;
    for (int varied = 0; varied <= 1; varied++) {
        all_levels(varied ? "decay_varied_rows_f64" : "decay_rows_f64", varied ? decay_varied_f64 : decay_f64, dr_values64, 2 * n * sizeof(double));
        all_levels(varied ? "decay_varied_rows_f32" : "decay_rows_f32", varied ? decay_varied_f32 : decay_f32, dr_values32, 2 * n * sizeof(float));
        for (int i = 0; i < DR_ROWS; i++) {
            for (int j = 0; j < DR_T; j++) {
                double t = dr_t[8 + j], x, v;
                double g = varied ? mk_expm1_neg(dr_k[i] * t) / dr_k[i] : dr_g[8 + j];
                double h = varied ? mk_exp_neg(dr_k[i] * t) : dr_h[8 + j];
                if (t <= 0) x = dr_x0[i], v = dr_v0[i];
                else if (t >= dr_stop[i]) x = dr_rx[i], v = dr_rv[i];
                else x = dr_x0[i] + dr_v0[i] * g, v = dr_v0[i] * h;
                size_t at = (size_t)i * DR_T + j;
                float xf = (float)x, vf = (float)v;
                CHECK(memcmp(&dr_values64[at], &x, 8) == 0 && memcmp(&dr_vel64[at], &v, 8) == 0, "decay f64 varied %d [%d, %d]", varied, i, j);
                CHECK(memcmp(&dr_values32[at], &xf, 4) == 0 && memcmp(&dr_vel32[at], &vf, 4) == 0, "decay f32 varied %d [%d, %d]", varied, i, j);
            }
        }
    }
    free(dr_values64);
    free(dr_values32);
}

// ---- the Bézier inverse table ----------------------------------------------------------------------

enum { BZ_CELLS = 64, BZ_N = 1000 };
static double bz_table[4 * BZ_CELLS], bz_x[BZ_N];
static mk_bezier_table bz;
static size_t bz_pending[BZ_N + 8], bz_pending_count;

static void bezier(int level, int stream, void *out) {
    (void)stream;
    size_t done = 0, total = 0;
    while (done < BZ_N) {
        size_t step = 0;
        total += mk_bezier_table_f64(&bz, bz_x + done, BZ_N - done, (double *)out + done, bz_pending + total, BZ_N + 8 - total, &step, level);
        done += step;
        if (step == 0) break;
    }
    bz_pending_count = total;
    // Pending outputs are unspecified: zero them so that levels compare on the rest.
    for (size_t k = 0; k < BZ_N; k++) {
        if (!(bz_x[k] > 0 && bz_x[k] < 1) || isnan(bz_table[4 * (size_t)(bz_x[k] * BZ_CELLS)])) ((double *)out)[k] = 0;
    }
}

static void test_bezier(void) {
    for (int j = 0; j < BZ_CELLS; j++) {
        for (int c = 0; c < 4; c++) bz_table[4 * j + c] = (j % 9 == 4) ? NAN : uniform(-1, 1);
    }
    bz = (mk_bezier_table){.table = bz_table, .guess = NULL, .cells = BZ_CELLS, .top = nextafter(BZ_CELLS, 0),
                           .ax = 1.3, .bx = -1.8, .cx = 1.5, .ax3 = 3.9, .bx2 = -3.6, .ay = -0.4, .by = 0.9, .cy = 0.5};
    for (int k = 0; k < BZ_N; k++) bz_x[k] = (k % 97 == 0) ? uniform(-0.5, 0) : (k % 89 == 0) ? uniform(1, 1.5) : uniform(0, 1);
    static double y[BZ_N];
    all_levels("bezier_table_f64", bezier, y, sizeof y);
    size_t expected = 0;
    for (int k = 0; k < BZ_N; k++) {
        double x = bz_x[k];
        if (!(x > 0 && x < 1)) { expected++; continue; }
        double s = x * bz.cells;
        if (s > bz.top) s = bz.top;
        size_t j = (size_t)s;
        double u = s - (double)j;
        const double *c = bz_table + 4 * j;
        if (isnan(c[0])) { expected++; continue; }
        double r = fma(fma(c[3], u, c[2]), u * u, fma(c[1], u, c[0]));
        CHECK(memcmp(&y[k], &r, 8) == 0, "bezier_table_f64[%d] %.17g, formula %.17g", k, y[k], r);
    }
    CHECK(bz_pending_count == expected, "bezier_table_f64: %zu pending, expected %zu", bz_pending_count, expected);
}

// ---- transforms and springs: the same bytes at every level and on every architecture --------------

enum { TR_N = 301 };
static float tr_tx[TR_N], tr_ty[TR_N], tr_tz[TR_N], tr_rot[TR_N], tr_s[TR_N], tr_sx[TR_N], tr_sy[TR_N];
static void transform(int l, int s, void *out) { mk_kernel_transform_f32(tr_tx, tr_ty, tr_tz, tr_rot, tr_s, tr_sx, tr_sy, TR_N, out, l, s); }

enum { SPR_ROWS = 21, SPR_T = 96 };
static double spr_lam[SPR_ROWS], spr_q[SPR_ROWS], spr_w2[SPR_ROWS], spr_to[SPR_ROWS], spr_y0[SPR_ROWS], spr_v0[SPR_ROWS];
static mk_spring_job spr_job;
static void spring_f64(int l, int s, void *out) { mk_spring_rows_f64(&spr_job, out, (double *)out + SPR_ROWS * SPR_T, l, s); }
static void spring_f32(int l, int s, void *out) { mk_spring_rows_f32(&spr_job, out, (float *)out + SPR_ROWS * SPR_T, l, s); }

static void test_transform_spring(void) {
    for (int i = 0; i < TR_N; i++) {
        tr_tx[i] = (float)uniform(-500, 500), tr_ty[i] = (float)uniform(-500, 500), tr_tz[i] = (float)uniform(-5, 5);
        tr_rot[i] = (float)uniform(-50, 50), tr_s[i] = (float)uniform(0.1, 3), tr_sx[i] = (float)uniform(0.5, 2), tr_sy[i] = (float)uniform(0.5, 2);
    }
    static float m[16 * TR_N];
    all_levels("transform_f32", transform, m, sizeof m);
    // Springs well inside the kernel's series range on a 1/240 s grid: |q·step²| ≤ 1, λ·step ≤ 1/2.
    for (int i = 0; i < SPR_ROWS; i++) {
        double k = uniform(20, 900), zeta = uniform(0.1, 1.8);
        spr_w2[i] = k, spr_lam[i] = zeta * sqrt(k), spr_q[i] = k - spr_lam[i] * spr_lam[i];
        spr_to[i] = uniform(-10, 10), spr_y0[i] = uniform(-100, 100), spr_v0[i] = uniform(-1000, 1000);
    }
    spr_job = (mk_spring_job){.lam = spr_lam, .q = spr_q, .w2 = spr_w2, .target = spr_to, .y0 = spr_y0, .v0 = spr_v0,
                              .flags = NULL, .phi = NULL, .anchors = NULL, .dev = NULL, .first = 0, .rows = SPR_ROWS,
                              .tcount = SPR_T, .interval = SPR_T, .step = 1.0 / 240};
    static double d[2 * SPR_ROWS * SPR_T];
    static float f[2 * SPR_ROWS * SPR_T];
    all_levels("spring_rows_f64", spring_f64, d, sizeof d);
    all_levels("spring_rows_f32", spring_f32, f, sizeof f);
    // A sanity bound, not a reference: at t = 0 a row is its start state (to + y0, v0).
    for (int i = 0; i < SPR_ROWS; i++) {
        CHECK(fabs(d[i * SPR_T] - (spr_to[i] + spr_y0[i])) <= 1e-12 * (fabs(spr_to[i]) + fabs(spr_y0[i])), "spring row %d at t = 0: %.17g", i, d[i * SPR_T]);
    }
}

int main(void) {
    printf("levels:");
    for (int k = 0; k < 3; k++) if (mk_isa_supported(levels[k])) printf(" %s", level_names[k]);
    printf("\n");
    test_shared();
    test_spline();
    test_decay();
    test_bezier();
    test_transform_spring();
    if (failures) {
        printf("ckernels: %d failures\n", failures);
        return 1;
    }
    printf("ckernels: every level, both store modes and the formulas agree\n");
    return 0;
}
