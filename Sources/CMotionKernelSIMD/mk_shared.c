// The shared-spring row kernel (mk_kernels.h), built per ISA level from mk_shared_body.h.
#include "mk_kernel.h"
#include "mk_kernels.h"

#define MK_BODY "mk_shared_body.h"
#define MK_TAG f32
#define MK_T float
#define MK_V mk_f16
#define MK_W 16
#define MK_SPLAT MK_SPLAT16F
#define MK_I mk_i16
#define MK_IT int32_t
#include "mk_levels.h"

#define MK_BODY "mk_shared_body.h"
#define MK_TAG f64
#define MK_T double
#define MK_V mk_d8
#define MK_W 8
#define MK_SPLAT MK_SPLAT8
#define MK_I mk_l8
#define MK_IT int64_t
#include "mk_levels.h"

int64_t mk_shared_rows_f32(const float *to, const float *y0, const float *v0, const float *a, const float *b, size_t rows,
                           size_t tcount, float *out, int isa, int stream) {
    int lv = mk_level(isa);
    return MK_DISPATCH(lv, rows_f32, to, y0, v0, a, b, rows, tcount, out, lv, stream);
}

int64_t mk_shared_rows_f64(const double *to, const double *y0, const double *v0, const double *a, const double *b,
                           size_t rows, size_t tcount, double *out, int isa, int stream) {
    int lv = mk_level(isa);
    return MK_DISPATCH(lv, rows_f64, to, y0, v0, a, b, rows, tcount, out, lv, stream);
}
