// Includes the kernel body MK_BODY (a quoted file name) once per ISA level (see mk_kernel.h):
// portable, then AVX2 and AVX-512 on x86-64, with MK_ATTR the level's function attribute and
// MK_SUFFIX = <MK_TAG>_<level>, so that a body's MK_FN(name) is name_<MK_TAG>_<level>. The
// includer defines MK_BODY, MK_TAG and the body's own parameters, and undefines them after.
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
