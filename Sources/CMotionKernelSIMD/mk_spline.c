// The spline-channel Horner kernels (mk_kernels.h), built per ISA level from mk_spline_body.h.
#include "mk_kernel.h"
#include "mk_kernels.h"

#define MK_T float
#define MK_V mk_f16
#define MK_W 16
#define MK_SUFFIX f32_portable
#define MK_ATTR 
#include "mk_spline_body.h"
#undef MK_SUFFIX
#undef MK_ATTR
#if MK_X86
#define MK_SUFFIX f32_avx2
#define MK_ATTR MK_ATTR_AVX2
#include "mk_spline_body.h"
#undef MK_SUFFIX
#undef MK_ATTR
#define MK_SUFFIX f32_avx512
#define MK_ATTR MK_ATTR_AVX512
#include "mk_spline_body.h"
#undef MK_SUFFIX
#undef MK_ATTR
#endif
#undef MK_T
#undef MK_V
#undef MK_W

#define MK_T double
#define MK_V mk_d8
#define MK_W 8
#define MK_SUFFIX f64_portable
#define MK_ATTR 
#include "mk_spline_body.h"
#undef MK_SUFFIX
#undef MK_ATTR
#if MK_X86
#define MK_SUFFIX f64_avx2
#define MK_ATTR MK_ATTR_AVX2
#include "mk_spline_body.h"
#undef MK_SUFFIX
#undef MK_ATTR
#define MK_SUFFIX f64_avx512
#define MK_ATTR MK_ATTR_AVX512
#include "mk_spline_body.h"
#undef MK_SUFFIX
#undef MK_ATTR
#endif
#undef MK_T
#undef MK_V
#undef MK_W

void mk_spline_time_major_f32(const float *coef, size_t channels, const intptr_t *segment, const float *local, size_t times,
                                size_t first, size_t count, float *out, int isa, int stream) {
#if MK_X86
    if (isa >= MK_STORE_AVX512F && mk_store_isa_supported(MK_STORE_AVX512F)) {
        sp_time_major_f32_avx512(coef, channels, segment, local, times, first, count, out, MK_STORE_AVX512F, stream);
        return;
    }
    if (isa >= MK_STORE_AVX2 && mk_store_isa_supported(MK_STORE_AVX2)) {
        sp_time_major_f32_avx2(coef, channels, segment, local, times, first, count, out, MK_STORE_AVX2, stream);
        return;
    }
#endif
    sp_time_major_f32_portable(coef, channels, segment, local, times, first, count, out, MK_STORE_PORTABLE, stream);
}

void mk_spline_channel_major_f32(const float *coef, size_t segments, const intptr_t *runs, size_t run_count, const float *local,
                                   size_t times, size_t first, size_t count, float *out, int isa, int stream) {
#if MK_X86
    if (isa >= MK_STORE_AVX512F && mk_store_isa_supported(MK_STORE_AVX512F)) {
        sp_channel_major_f32_avx512(coef, segments, runs, run_count, local, times, first, count, out, MK_STORE_AVX512F, stream);
        return;
    }
    if (isa >= MK_STORE_AVX2 && mk_store_isa_supported(MK_STORE_AVX2)) {
        sp_channel_major_f32_avx2(coef, segments, runs, run_count, local, times, first, count, out, MK_STORE_AVX2, stream);
        return;
    }
#endif
    sp_channel_major_f32_portable(coef, segments, runs, run_count, local, times, first, count, out, MK_STORE_PORTABLE, stream);
}

void mk_spline_time_major_f64(const double *coef, size_t channels, const intptr_t *segment, const double *local, size_t times,
                                size_t first, size_t count, double *out, int isa, int stream) {
#if MK_X86
    if (isa >= MK_STORE_AVX512F && mk_store_isa_supported(MK_STORE_AVX512F)) {
        sp_time_major_f64_avx512(coef, channels, segment, local, times, first, count, out, MK_STORE_AVX512F, stream);
        return;
    }
    if (isa >= MK_STORE_AVX2 && mk_store_isa_supported(MK_STORE_AVX2)) {
        sp_time_major_f64_avx2(coef, channels, segment, local, times, first, count, out, MK_STORE_AVX2, stream);
        return;
    }
#endif
    sp_time_major_f64_portable(coef, channels, segment, local, times, first, count, out, MK_STORE_PORTABLE, stream);
}

void mk_spline_channel_major_f64(const double *coef, size_t segments, const intptr_t *runs, size_t run_count, const double *local,
                                   size_t times, size_t first, size_t count, double *out, int isa, int stream) {
#if MK_X86
    if (isa >= MK_STORE_AVX512F && mk_store_isa_supported(MK_STORE_AVX512F)) {
        sp_channel_major_f64_avx512(coef, segments, runs, run_count, local, times, first, count, out, MK_STORE_AVX512F, stream);
        return;
    }
    if (isa >= MK_STORE_AVX2 && mk_store_isa_supported(MK_STORE_AVX2)) {
        sp_channel_major_f64_avx2(coef, segments, runs, run_count, local, times, first, count, out, MK_STORE_AVX2, stream);
        return;
    }
#endif
    sp_channel_major_f64_portable(coef, segments, runs, run_count, local, times, first, count, out, MK_STORE_PORTABLE, stream);
}
