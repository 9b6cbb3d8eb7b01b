// The Double transform interpolation (mk_kernels.h), built per ISA level from
// mk_interpolate_body.h.
#include <math.h>

#include "mk_kernel.h"
#include "mk_kernels.h"

#define MK_BODY "mk_interpolate_body.h"
#define MK_TAG f64
#include "mk_levels.h"

size_t mk_kernel_interpolate_f64(const double *from, const double *to, double t, size_t count, double *out,
                                    uint8_t *fallback, int isa) {
    int lv = mk_level(isa);
    return MK_DISPATCH(lv, ti_pairs_f64, from, to, t, count, out, fallback);
}
