// Includes the kernel body MK_BODY (a quoted file name) once per ISA level (see mk_kernel.h):
// portable, then AVX2 and AVX-512 on x86-64, with MK_ATTR the level's function attribute and
// MK_SUFFIX = <MK_TAG>_<level>, so that a body's MK_FN(name) is name_<MK_TAG>_<level>. The
// includer defines MK_BODY, MK_TAG and the body's own parameters (the names undefined at the end
// of this file), so that the next instantiation can define them afresh.
// (No include guard: included once per instantiation.)
#define MK_SUFFIX MK_CAT(MK_TAG, portable)
#define MK_ATTR
#include MK_BODY
#undef MK_SUFFIX
#undef MK_ATTR
#if MK_X86
#define MK_SUFFIX MK_CAT(MK_TAG, avx2)
#define MK_ATTR MK_ATTR_AVX2
#include MK_BODY
#undef MK_SUFFIX
#undef MK_ATTR
#define MK_SUFFIX MK_CAT(MK_TAG, avx512)
#define MK_ATTR MK_ATTR_AVX512
#include MK_BODY
#undef MK_SUFFIX
#undef MK_ATTR
#endif
#undef MK_BODY
#undef MK_TAG
// The bodies' parameters: mk_shared_body.h and mk_spline_body.h (MK_T, MK_V, MK_W, MK_SPLAT,
// MK_I, MK_IT), mk_spring_body.h (MK_E, MK_EV, MK_EV2, MK_CVT, MK_COPY).
#undef MK_T
#undef MK_V
#undef MK_W
#undef MK_SPLAT
#undef MK_I
#undef MK_IT
#undef MK_E
#undef MK_EV
#undef MK_EV2
#undef MK_CVT
#undef MK_COPY
