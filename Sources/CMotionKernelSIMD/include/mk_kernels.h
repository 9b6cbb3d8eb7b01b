// The hot kernels of MotionKernel in C, each built for several instruction-set levels and
// dispatched at run time (mk_store.h's MK_STORE_* constants name the levels). Internal to
// MotionKernel: the Swift façades live next to the Swift code they accelerate.
//
// Conventions of every kernel here:
// - `isa` is the level to run (an unsupported level falls back to the best supported one below
//   it); every level gives the same bits (see mk_kernel.h), so the level is a speed choice only.
// - `stream` nonzero writes the output through an L1 scratch block and non-temporal stores (for
//   outputs larger than the cache; fenced before returning), zero writes it with plain stores.
//   The bytes written are the same either way.
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

#ifdef __cplusplus
}
#endif

#endif
