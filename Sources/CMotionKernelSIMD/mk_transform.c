// The Float transform build (mk_kernels.h), built per ISA level from mk_transform_body.h.
#include <math.h>

#include "mk_kernel.h"
#include "mk_kernels.h"

typedef uint32_t mk_u16 __attribute__((vector_size(64)));

// The constants of TransformBatch.sinCos8 (the Swift twin in the tests), bit for bit: 1.5·2²³
// (rounds to an integer and keeps j mod 4 in the low mantissa bits), 2/π, π/2 in three parts,
// Cephes' sinf and cosf coefficients, and sinCosLimit.
#define MK_TB_MAGIC 0x1.8p+23f
#define MK_TB_TWO_OVER_PI 0x1.45f306p-1f
#define MK_TB_C1 0x1.92p+0f
#define MK_TB_C2 0x1.fb4p-12f
#define MK_TB_C3 0x1.4442d2p-24f
#define MK_TB_S0 (-0x1.9943f2p-13f)
#define MK_TB_S1 0x1.11073cp-7f
#define MK_TB_S2 0x1.555546p-3f
#define MK_TB_K0 0x1.99eb9cp-16f
#define MK_TB_K1 0x1.6c0c34p-10f
#define MK_TB_K2 0x1.55554ap-5f
#define MK_TB_LIMIT 0x1p+13f

#define MK_BODY "mk_transform_body.h"
#define MK_TAG f32
#include "mk_levels.h"

int mk_kernel_transform_f32(const float *tx, const float *ty, const float *tz, const float *rot, const float *s,
                            const float *sx, const float *sy, size_t count, float *out, int isa, int stream) {
    int lv = mk_level(isa);
    return MK_DISPATCH(lv, tb_f32, tx, ty, tz, rot, s, sx, sy, count, out, stream);
}
