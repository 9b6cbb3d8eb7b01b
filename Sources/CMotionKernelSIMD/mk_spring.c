// The per-spring batch kernel (mk_kernels.h's mk_spring_rows_*), built per ISA level from
// mk_spring_body.h.
#include "mk_kernel.h"
#include "mk_kernels.h"

/// Springs per group: the setup runs on 16-lane vectors (two or more independent instructions
/// per operation at every level, which hides the latency of its long dependency chains).
#define MK_SPRING_GROUP 16
/// Bytes of one output's group scratch (a group's rows in L1 before the streamed copy).
#define MK_SPRING_GROUP_BYTES 16384
/// The longest anchor interval the kernel accepts (samples).
#define MK_SPRING_MAX_INTERVAL 256

typedef double mk_d16 __attribute__((vector_size(128)));
#define MK_SPLAT16D(x) ((mk_d16){(x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x)})
typedef struct {
    mk_d16 p11, p12, p21, p22;
} mk_m16;

// 1/(2n)! (odd: 1/(2n+1)!), n ≤ 11: the same constant expressions as the Swift twin's
// SpringKernelSeries.coefficient, so the same doubles.
static inline double mk_series_coefficient(int n, int odd) {
    static const double even_c[12] = {1, 1.0 / 2.0, 1.0 / 24.0, 1.0 / 720.0, 1.0 / 40320.0, 1.0 / 3628800.0,
                                      1.0 / 479001600.0, 1.0 / 87178291200.0, 1.0 / 20922789888000.0,
                                      1.0 / 6402373705728000.0, 1.0 / 2432902008176640000.0,
                                      1.0 / 1124000727777607680000.0};
    static const double odd_c[12] = {1, 1.0 / 6.0, 1.0 / 120.0, 1.0 / 5040.0, 1.0 / 362880.0, 1.0 / 39916800.0,
                                     1.0 / 6227020800.0, 1.0 / 1307674368000.0, 1.0 / 355687428096000.0,
                                     1.0 / 121645100408832000.0, 1.0 / 51090942171709440000.0,
                                     1.0 / 25852016738884976640000.0};
    return odd ? odd_c[n] : even_c[n];
}

#define MK_BODY "mk_spring_body.h"
#define MK_TAG f32
#define MK_E float
#define MK_EV mk_f8
#define MK_EV2 mk_f16
#define MK_CVT(x) __builtin_convertvector((x), mk_f8)
#define MK_COPY mk_store_copy_f32
#include "mk_levels.h"

#define MK_BODY "mk_spring_body.h"
#define MK_TAG f64
#define MK_E double
#define MK_EV mk_d8
#define MK_EV2 mk_d16
#define MK_CVT(x) (x)
#define MK_COPY mk_store_copy_f64
#include "mk_levels.h"

int mk_spring_rows_f32(const mk_spring_job *job, float *out, float *vout, int isa, int stream) {
    if (job->interval == 0 || job->interval % 8 != 0 || job->interval > MK_SPRING_MAX_INTERVAL) return 1;
    int lv = mk_level(isa);
    return MK_DISPATCH(lv, spring_rows_f32, job, out, vout, lv, stream);
}

int mk_spring_rows_f64(const mk_spring_job *job, double *out, double *vout, int isa, int stream) {
    if (job->interval == 0 || job->interval % 8 != 0 || job->interval > MK_SPRING_MAX_INTERVAL) return 1;
    int lv = mk_level(isa);
    return MK_DISPATCH(lv, spring_rows_f64, job, out, vout, lv, stream);
}
