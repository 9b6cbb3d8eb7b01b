// The spline-channel Horner kernels (mk_kernels.h), built per ISA level from mk_spline_body.h.
#include "mk_kernel.h"
#include "mk_kernels.h"

#define MK_BODY "mk_spline_body.h"
#define MK_TAG f32
#define MK_T float
#define MK_V mk_f16
#define MK_W 16
#include "mk_levels.h"

#define MK_BODY "mk_spline_body.h"
#define MK_TAG f64
#define MK_T double
#define MK_V mk_d8
#define MK_W 8
#include "mk_levels.h"

void mk_spline_time_major_f32(const float *coef, size_t channels, const intptr_t *segment, const float *local, size_t times,
                              size_t first, size_t count, float *out, int isa, int stream) {
    int lv = mk_level(isa);
    MK_DISPATCH(lv, sp_time_major_f32, coef, channels, segment, local, times, first, count, out, lv, stream);
}

void mk_spline_channel_major_f32(const float *coef, size_t segments, const intptr_t *runs, size_t run_count, const float *local,
                                 size_t times, size_t first, size_t count, float *out, int isa, int stream) {
    int lv = mk_level(isa);
    MK_DISPATCH(lv, sp_channel_major_f32, coef, segments, runs, run_count, local, times, first, count, out, lv, stream);
}

void mk_spline_time_major_f64(const double *coef, size_t channels, const intptr_t *segment, const double *local, size_t times,
                              size_t first, size_t count, double *out, int isa, int stream) {
    int lv = mk_level(isa);
    MK_DISPATCH(lv, sp_time_major_f64, coef, channels, segment, local, times, first, count, out, lv, stream);
}

void mk_spline_channel_major_f64(const double *coef, size_t segments, const intptr_t *runs, size_t run_count,
                                 const double *local, size_t times, size_t first, size_t count, double *out, int isa,
                                 int stream) {
    int lv = mk_level(isa);
    MK_DISPATCH(lv, sp_channel_major_f64, coef, segments, runs, run_count, local, times, first, count, out, lv, stream);
}
