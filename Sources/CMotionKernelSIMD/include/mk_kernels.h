// The hot kernels of MotionKernel in C, each built for several instruction-set levels and
// dispatched at run time (mk_isa.h's MK_ISA_* constants name the levels). Internal to
// MotionKernel: the Swift façades live next to the Swift code they accelerate.
//
// Conventions of every kernel here:
// - `isa` is the level to run (an unsupported level falls back to the best supported one below
//   it); every level gives the same bits (see mk_kernel.h), so the level is a speed choice only.
// - `stream` nonzero writes the output with non-temporal stores of whole 64-byte lines (from
//   registers, or through an L1 block for layouts that need one; plain stores only for partial
//   lines at the ends; fenced before returning), zero writes it with plain stores. The bytes
//   written are the same either way.
// - Outputs are checked for non-finite values while still in registers; the kernels report the
//   first offending row instead of reading their output back.
#ifndef MK_KERNELS_H
#define MK_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Rows of a one-spring batch: out[i·tcount + j] = (to[i] + a[j]·y0[i]) + b[j]·v0[i] for
/// i < rows, j < tcount, each operation rounded in the element type (`to` NULL: 0 in its place,
/// as for velocity rows). `a` and `b` must be readable from index −16 to tcount + 15, and finite
/// there (the kernel computes whole vectors across row ends and keeps only the lanes inside).
/// Returns the first row i with a non-finite element, or −1.
int64_t mk_shared_rows_f32(const float *to, const float *y0, const float *v0, const float *a, const float *b, size_t rows,
                           size_t tcount, float *out, int isa, int stream);
/// `mk_shared_rows_f32` in Double.
int64_t mk_shared_rows_f64(const double *to, const double *y0, const double *v0, const double *a, const double *b,
                           size_t rows, size_t tcount, double *out, int isa, int stream);

/// One call of the per-spring batch kernel (SpringBatch on a uniform or near-uniform grid): rows
/// `first … first + rows − 1` of the batch, each `tcount` samples at t = start + j·step (+ dev[j]).
typedef struct {
    /// The batch's kernel columns, indexed by spring: λ = c/(2m), q = ω₀² − λ², ω₀², target,
    /// from − to, initial velocity (all Double).
    const double *lam, *q, *w2, *target, *y0, *v0;
    /// Per row of this call (may be NULL when no flag is set): bit 0 = the row's one-step
    /// propagator Φ(step) is given in `phi` (4 numbers p11, p12, p21, p22 per row), because the
    /// row lies outside the kernel's series range (|q·step²| > 1 or λ·step > 1/2).
    const uint8_t *flags;
    const double *phi;
    /// Per row of this call, the state (displacement from the target, velocity) at the start of
    /// each anchor interval k, t = start + k·interval·step: anchors[(r·intervals + k)·2 + {0, 1}].
    /// NULL means the only interval starts at t = 0 with the columns' (from − to, velocity).
    const double *anchors;
    /// Near-uniform deviations δ_j in seconds, readable to index ⌈tcount/8⌉·8 + 7 (zeros past
    /// tcount); NULL for an exact grid. With δ, each sample is the third-order Taylor
    /// polynomial of the grid state in δ_j.
    const double *dev;
    size_t first, rows, tcount;
    /// Samples per anchor interval (a positive multiple of 8).
    size_t interval;
    /// The grid step, seconds.
    double step;
} mk_spring_job;

/// Rows of `job` into out (row r at out + r·tcount) and, when `vout` is not NULL, their
/// velocities. The arithmetic is Double throughout, rounded once to Float32 on store. Returns
/// nonzero when some written number is not finite (the caller then locates it).
int mk_spring_rows_f32(const mk_spring_job *job, float *out, float *vout, int isa, int stream);
/// `mk_spring_rows_f32` with Double outputs.
int mk_spring_rows_f64(const mk_spring_job *job, double *out, double *vout, int isa, int stream);
// MARK: transform build

/// The Float transform build (TransformBatch.build): for i < count, the 16 floats of object i
/// at out + 16·i, in CATransform3D layout: (ax·c, ax·s, 0, 0, −ay·s, ay·c, 0, 0, 0, 0, 1, 0,
/// x, y, z, 1), where ax = u·sx, ay = u·sy (u = s[i], sx[i], sy[i]; 1 when absent), x, y, z =
/// tx[i], ty[i], tz[i] (0 when absent), and (s, c) the sine and cosine of rot[i] (0 and 1 when
/// absent) by a vector polynomial (the Swift twin's TransformBatch.sinCos8) for |rot[i]| ≤ 8192,
/// the C library's sinf and cosf beyond: the same operations in the same order as the Swift
/// builder, so the same bits. Any channel pointer may be NULL (absent). With `stream`, the
/// whole 64-byte lines of the output are written with non-temporal stores from registers
/// (plain stores for the partial lines at either end) and fenced before returning.
/// Returns 1 if an input (or a product u·sx, u·sy) was non-finite (the output is then
/// unspecified), else 0.
int mk_kernel_transform_f32(const float *tx, const float *ty, const float *tz, const float *rot, const float *s,
                            const float *sx, const float *sy, size_t count, float *out, int isa, int stream);

// MARK: transform interpolation

/// Double matrix interpolation (TransformBatch.interpolate): for i < count, pair i (the 16
/// row-major doubles at from + 16·i and to + 16·i) interpolated at fraction t by CSS Transforms
/// Level 2 (Transform3D.interpolate: decompose, lerp and slerp, recompose), the same operations
/// in the same order with the C library's acos, sin and cos, so the same bits as the Swift code
/// at every level. Pairs the kernel leaves to the scalar path get fallback[i] = 1 and their
/// output untouched (a perspective part, a singular matrix or m44 = 0, a row whose squared
/// length is not a normal number, or an intermediate that is not finite); the others
/// fallback[i] = 0. t must be finite and neither 0 nor 1 (the exact ends are the caller's).
/// Returns the number of pairs left to the scalar path.
size_t mk_kernel_interpolate_f64(const double *from, const double *to, double t, size_t count, double *out,
                                    uint8_t *fallback, int isa);

// MARK: spline channels

/// The time-major direct path of SplineChannels: for r < times and j < count,
/// out[r·count + j] = ((a3·s + a2)·s + a1)·s + a0 with s = local[r] and ap =
/// coef[(segment[r]·4 + p)·channels + first + j] (segment-major Horner coefficients), each
/// operation rounded in the element type (the Swift loop's bits). With `stream`, whole 64-byte
/// lines are written non-temporally from registers (narrow rows through an L1 scratch block)
/// and fenced before returning.
void mk_spline_time_major_f32(const float *coef, size_t channels, const intptr_t *segment, const float *local, size_t times,
                              size_t first, size_t count, float *out, int isa, int stream);
/// `mk_spline_time_major_f32` in Double.
void mk_spline_time_major_f64(const double *coef, size_t channels, const intptr_t *segment, const double *local,
                              size_t times, size_t first, size_t count, double *out, int isa, int stream);
/// The channel-major direct path of SplineChannels: for row < count (channel ch = first + row)
/// and each run q (runs[3q] the segment, times runs[3q + 1] ..< runs[3q + 2]),
/// out[row·times + j] = ((a3·s + a2)·s + a1)·s + a0 with s = local[j] and ap =
/// coef[(ch·segments + segment)·4 + p] (channel-major coefficients). The runs must cover
/// 0 ..< times. Stores as in `mk_spline_time_major_f32` (short runs through the scratch block).
void mk_spline_channel_major_f32(const float *coef, size_t segments, const intptr_t *runs, size_t run_count,
                                 const float *local, size_t times, size_t first, size_t count, float *out, int isa,
                                 int stream);
/// `mk_spline_channel_major_f32` in Double.
void mk_spline_channel_major_f64(const double *coef, size_t segments, const intptr_t *runs, size_t run_count,
                                 const double *local, size_t times, size_t first, size_t count, double *out, int isa,
                                 int stream);

// MARK: cubic Bézier

/// A cubic-Bézier inverse table (CubicBezier.InverseTable) as mk_bezier_table_f64 reads it.
typedef struct {
    /// Per cell j < cells, the coefficients (c0, c1, c2, c3) at table[4j …] of the Hermite
    /// interpolant of y in the local coordinate u ∈ [0, 1]: y = (c0 + c1 u) + u² (c2 + c3 u);
    /// NaN in all four for the cells that are not directly certified.
    const double *table;
    /// Per cell, the same form for the Hermite interpolant of t(u) where one Newton step certifies
    /// the cell (NaN where the scalar solver is needed); NULL when no cell uses the Newton step.
    const double *guess;
    /// The number of cells (16…65,536, as a double) and the largest double below it.
    double cells, top;
    /// The curve's power-basis coefficients, x(t) = ((ax t + bx) t + cx) t and y(t) likewise,
    /// with ax3 = 3·ax and bx2 = 2·bx (x′(t) = (ax3 t + bx2) t + cx).
    double ax, bx, cx, ax3, bx2, ay, by, cy;
} mk_bezier_table;

/// The bulk cubic-Bézier solve through an inverse table: for i < count, y[i] = the table's value
/// at x[i], 8 inputs at a time. With s = x·cells clamped into [0, top] (NaN → 0), cell
/// j = ⌊s⌋ and u = s − j, y = fma(fma(c3, u, c2), u·u, fma(c1, u, c0)) with the cell's
/// coefficients (fma: one rounding). Where that is NaN (a cell not directly certified) and
/// `guess` is given, t0 is the same form on the guess coefficients and
/// y = fma(fma(ay, t1, by), t1, cy)·t1 with t1 = t0 − fx/d, fx = fma(fma(fma(ax, t0, bx), t0, cx),
/// t0, 0 − x), d = fma(fma(ax3, t0, bx2), t0, cx). The same bits at every level.
///
/// Inputs not settled that way — x ≤ 0, x ≥ 1, NaN, and cells left to the scalar solver (still
/// NaN) — are listed in `pending` (their offsets from x, ascending; their y[i] is unspecified)
/// for the caller to solve. The kernel stops before a group of 8 when fewer than 8 slots of
/// `capacity` are left (`capacity` ≥ 8): y[0 ..< *done] is then written and the caller resumes at
/// x + *done. Returns the number of offsets written to `pending`.
size_t mk_bezier_table_f64(const mk_bezier_table *table, const double *x, size_t count, double *y, size_t *pending,
                           size_t capacity, size_t *done, int isa);

/// Rows of exponential decays that share their decay constant (the `decay.batch` job kind): for
/// row i < rows and time j < tcount, with t = t[j],
///   (x, v) = (x0[i], v0[i])            if t ≤ 0,
///            (rest_x[i], rest_v[i])    if t ≥ stop[i],
///            (x0[i] + v0[i]·g[j], v0[i]·h[j])  otherwise,
/// computed in Double in that order and rounded once to the output type, written to
/// values[i·tcount + j] and velocities[i·tcount + j] (either may be NULL). t, g and h must be
/// readable from index −8 to tcount + 7 (the kernel computes whole vectors across a row's ends
/// and keeps only the lanes inside it). Returns the first row with a non-finite output number, or −1
/// (every row is written either way).
int64_t mk_decay_rows_f32(const double *x0, const double *v0, const double *stop, const double *rest_x, const double *rest_v,
                          size_t rows, const double *t, const double *g, const double *h, size_t tcount, float *values,
                          float *velocities, int isa, int stream);
/// `mk_decay_rows_f32` with Double outputs.
int64_t mk_decay_rows_f64(const double *x0, const double *v0, const double *stop, const double *rest_x, const double *rest_v,
                          size_t rows, const double *t, const double *g, const double *h, size_t tcount, double *values,
                          double *velocities, int isa, int stream);

/// Rows of exponential decays that each have their own decay constant k[i] < 0 (the
/// `decay.batch` job kind with parameter columns): `mk_decay_rows_f32` with g = mk_expm1_neg(k[i]·t)/k[i]
/// and h = mk_exp_neg(k[i]·t) computed per sample (mk_exp.h: the same bits as those scalar
/// functions). t must be readable from index −8 to tcount + 7.
int64_t mk_decay_varied_rows_f32(const double *x0, const double *v0, const double *k, const double *stop, const double *rest_x,
                                 const double *rest_v, size_t rows, const double *t, size_t tcount, float *values, float *velocities,
                                 int isa, int stream);
/// `mk_decay_varied_rows_f32` with Double outputs.
int64_t mk_decay_varied_rows_f64(const double *x0, const double *v0, const double *k, const double *stop, const double *rest_x,
                                 const double *rest_v, size_t rows, const double *t, size_t tcount, double *values,
                                 double *velocities, int isa, int stream);

#ifdef __cplusplus
}
#endif

#endif
