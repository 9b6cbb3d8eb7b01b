// The shared-spring row kernel (mk_kernels.h), built per ISA level from mk_shared_body.h.
#include "mk_kernel.h"
#include "mk_kernels.h"


#define MK_T float
#define MK_V mk_f16
#define MK_W 16
#define MK_SPLAT MK_SPLAT16F
#define MK_I mk_i16
#define MK_IT int32_t
#define MK_SUFFIX f32_portable
#define MK_ATTR
#include "mk_shared_body.h"
#undef MK_SUFFIX
#undef MK_ATTR
#if MK_X86
#define MK_SUFFIX f32_avx2
#define MK_ATTR MK_ATTR_AVX2
#include "mk_shared_body.h"
#undef MK_SUFFIX
#undef MK_ATTR
#define MK_SUFFIX f32_avx512
#define MK_ATTR MK_ATTR_AVX512
#include "mk_shared_body.h"
#undef MK_SUFFIX
#undef MK_ATTR
#endif
#undef MK_T
#undef MK_V
#undef MK_W
#undef MK_SPLAT
#undef MK_I
#undef MK_IT

#define MK_T double
#define MK_V mk_d8
#define MK_W 8
#define MK_SPLAT MK_SPLAT8
#define MK_I mk_l8
#define MK_IT int64_t
#define MK_SUFFIX f64_portable
#define MK_ATTR
#include "mk_shared_body.h"
#undef MK_SUFFIX
#undef MK_ATTR
#if MK_X86
#define MK_SUFFIX f64_avx2
#define MK_ATTR MK_ATTR_AVX2
#include "mk_shared_body.h"
#undef MK_SUFFIX
#undef MK_ATTR
#define MK_SUFFIX f64_avx512
#define MK_ATTR MK_ATTR_AVX512
#include "mk_shared_body.h"
#undef MK_SUFFIX
#undef MK_ATTR
#endif
#undef MK_T
#undef MK_V
#undef MK_W
#undef MK_SPLAT
#undef MK_I
#undef MK_IT

int64_t mk_shared_rows_f32(const float *to, const float *y0, const float *v0, const float *a, const float *b, size_t rows,
                           size_t tcount, float *out, int isa, int stream) {
#if MK_X86
    if (isa >= MK_STORE_AVX512F && mk_store_isa_supported(MK_STORE_AVX512F))
        return rows_f32_avx512(to, y0, v0, a, b, rows, tcount, out, MK_STORE_AVX512F, stream);
    if (isa >= MK_STORE_AVX2 && mk_store_isa_supported(MK_STORE_AVX2))
        return rows_f32_avx2(to, y0, v0, a, b, rows, tcount, out, MK_STORE_AVX2, stream);
#endif
    return rows_f32_portable(to, y0, v0, a, b, rows, tcount, out, MK_STORE_PORTABLE, stream);
}

int64_t mk_shared_rows_f64(const double *to, const double *y0, const double *v0, const double *a, const double *b,
                           size_t rows, size_t tcount, double *out, int isa, int stream) {
#if MK_X86
    if (isa >= MK_STORE_AVX512F && mk_store_isa_supported(MK_STORE_AVX512F))
        return rows_f64_avx512(to, y0, v0, a, b, rows, tcount, out, MK_STORE_AVX512F, stream);
    if (isa >= MK_STORE_AVX2 && mk_store_isa_supported(MK_STORE_AVX2))
        return rows_f64_avx2(to, y0, v0, a, b, rows, tcount, out, MK_STORE_AVX2, stream);
#endif
    return rows_f64_portable(to, y0, v0, a, b, rows, tcount, out, MK_STORE_PORTABLE, stream);
}
