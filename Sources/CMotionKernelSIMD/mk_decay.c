// The shared-decay row kernel (mk_kernels.h), built per ISA level from mk_decay_body.h.
#include "mk_kernel.h"
#include "mk_kernels.h"

#define MK_BODY "mk_decay_body.h"
#define MK_TAG f32
#define MK_T float
#define MK_TV mk_f8
// One 64-byte line of two vectors, stored non-temporally.
#define MK_STORE_LINE(p, part) \
    __builtin_nontemporal_store(__builtin_shufflevector((part)[0], (part)[1], 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), (mk_f16 *)(void *)(p))
#include "mk_levels.h"
#undef MK_TV
#undef MK_STORE_LINE

#define MK_BODY "mk_decay_body.h"
#define MK_TAG f64
#define MK_T double
#define MK_TV mk_d8
#define MK_STORE_LINE(p, part) __builtin_nontemporal_store((part)[0], (mk_d8 *)(void *)(p))
#include "mk_levels.h"
#undef MK_TV
#undef MK_STORE_LINE

int64_t mk_decay_rows_f32(const double *x0, const double *v0, const double *stop, const double *rest_x, const double *rest_v,
                          size_t rows, const double *t, const double *g, const double *h, size_t tcount, float *values,
                          float *velocities, int isa, int stream) {
    int lv = mk_level(isa);
    int64_t a = values ? MK_DISPATCH(lv, decay_values_f32, x0, v0, stop, rest_x, rows, t, g, tcount, values, lv, stream) : -1;
    int64_t b = velocities ? MK_DISPATCH(lv, decay_velocities_f32, x0, v0, stop, rest_v, rows, t, h, tcount, velocities, lv, stream) : -1;
    return a < 0 ? b : (b < 0 || a < b ? a : b);
}

int64_t mk_decay_rows_f64(const double *x0, const double *v0, const double *stop, const double *rest_x, const double *rest_v,
                          size_t rows, const double *t, const double *g, const double *h, size_t tcount, double *values,
                          double *velocities, int isa, int stream) {
    int lv = mk_level(isa);
    int64_t a = values ? MK_DISPATCH(lv, decay_values_f64, x0, v0, stop, rest_x, rows, t, g, tcount, values, lv, stream) : -1;
    int64_t b = velocities ? MK_DISPATCH(lv, decay_velocities_f64, x0, v0, stop, rest_v, rows, t, h, tcount, velocities, lv, stream) : -1;
    return a < 0 ? b : (b < 0 || a < b ? a : b);
}

int64_t mk_decay_varied_rows_f32(const double *x0, const double *v0, const double *k, const double *stop, const double *rest_x,
                                 const double *rest_v, size_t rows, const double *t, size_t tcount, float *values, float *velocities,
                                 int isa, int stream) {
    int lv = mk_level(isa);
    int64_t a = values ? MK_DISPATCH(lv, decay_varied_values_f32, x0, v0, k, stop, rest_x, rows, t, tcount, values, lv, stream) : -1;
    int64_t b = velocities ? MK_DISPATCH(lv, decay_varied_velocities_f32, x0, v0, k, stop, rest_v, rows, t, tcount, velocities, lv, stream)
                           : -1;
    return a < 0 ? b : (b < 0 || a < b ? a : b);
}

int64_t mk_decay_varied_rows_f64(const double *x0, const double *v0, const double *k, const double *stop, const double *rest_x,
                                 const double *rest_v, size_t rows, const double *t, size_t tcount, double *values,
                                 double *velocities, int isa, int stream) {
    int lv = mk_level(isa);
    int64_t a = values ? MK_DISPATCH(lv, decay_varied_values_f64, x0, v0, k, stop, rest_x, rows, t, tcount, values, lv, stream) : -1;
    int64_t b = velocities ? MK_DISPATCH(lv, decay_varied_velocities_f64, x0, v0, k, stop, rest_v, rows, t, tcount, velocities, lv, stream)
                           : -1;
    return a < 0 ? b : (b < 0 || a < b ? a : b);
}
