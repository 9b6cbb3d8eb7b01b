// Shared machinery of the C kernels (private to this target): the per-ISA function attributes,
// fixed-width vector types, unaligned loads and stores, and the scratch-block writer that
// streams outputs with non-temporal stores.
//
// Dispatch. Each kernel's body lives in a `*_body.h` file that is included once per ISA level,
// with MK_SUFFIX naming the level and MK_ATTR giving the function attribute:
//   portable: no attribute (SSE2 on x86-64, NEON on arm64);
//   avx2:     target("avx2");
//   avx512:   target("avx512f,avx512dq,avx512vl,avx512bw").
// The public entry point picks the level at run time (mk_isa_supported). Kernels use only
// vector types of a fixed width (8 doubles, 16 floats: one zmm, two ymm or four xmm), so the
// level changes how many instructions an operation takes, never what it computes.
//
// Determinism. Floating-point contraction is off for every file that includes this header: each
// lane's result is the same sequence of correctly rounded IEEE operations (add, subtract,
// multiply, divide, square root, conversion) at every level, so all levels give the same bits,
// and so does the Swift fallback where a kernel mirrors it operation for operation.
#ifndef MK_KERNEL_H
#define MK_KERNEL_H

#pragma STDC FP_CONTRACT OFF
#if defined(__clang__)
#pragma clang fp contract(off)
#endif

#include <stddef.h>
#include <stdint.h>
#include <string.h>

// Kernel helpers take and return fixed-width vectors and are always inlined into their level's
// entry function, so no vector ever crosses a call boundary; the ABI note clang gives for
// 64-byte vectors below AVX-512 does not apply.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpsabi"
#endif

#include "mk_store.h"

#if defined(__x86_64__)
#define MK_X86 1
#define MK_ATTR_AVX2 __attribute__((target("avx2")))
#define MK_ATTR_AVX512 __attribute__((target("avx512f,avx512dq,avx512vl,avx512bw")))
#else
#define MK_X86 0
#endif

#define MK_CAT2(a, b) a##_##b
#define MK_CAT(a, b) MK_CAT2(a, b)
/// Helpers are always inlined into their level's entry function.
#define MK_INLINE __attribute__((always_inline))
/// `name` with the current level's suffix (inside a body file).
#define MK_FN(name) MK_CAT(name, MK_SUFFIX)

/// The level to run for a requested `isa`: the best level the CPU supports, not above it.
static inline int mk_level(int isa) {
#if MK_X86
    if (isa >= MK_ISA_AVX512 && mk_isa_supported(MK_ISA_AVX512)) return MK_ISA_AVX512;
    if (isa >= MK_ISA_AVX2 && mk_isa_supported(MK_ISA_AVX2)) return MK_ISA_AVX2;
#endif
    (void)isa;
    return MK_ISA_PORTABLE;
}

/// Calls the build of `name` (name_avx512, name_avx2 or name_portable, from mk_levels.h) for
/// level `lv` (a value of mk_level) with the given arguments.
#if MK_X86
#define MK_DISPATCH(lv, name, ...)                                                                                     \
    ((lv) == MK_ISA_AVX512 ? name##_avx512(__VA_ARGS__)                                                             \
                              : (lv) == MK_ISA_AVX2 ? name##_avx2(__VA_ARGS__) : name##_portable(__VA_ARGS__))
#else
#define MK_DISPATCH(lv, name, ...) ((void)(lv), name##_portable(__VA_ARGS__))
#endif

typedef double mk_d8 __attribute__((vector_size(64)));
typedef float mk_f16 __attribute__((vector_size(64)));
typedef float mk_f8 __attribute__((vector_size(32)));
typedef int32_t mk_i16 __attribute__((vector_size(64)));
typedef int64_t mk_l8 __attribute__((vector_size(64)));

/// Every lane set to x (an exact broadcast: 0 + x would turn −0 into +0).
#define MK_SPLAT8(x) ((mk_d8){(x), (x), (x), (x), (x), (x), (x), (x)})
#define MK_SPLAT16F(x) ((mk_f16){(x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x)})

/// Bytes of a kernel's scratch block (a multiple of 64; stays in L1). Kernels allocate 64 bytes
/// more, so that a whole vector stored at the end of a span may spill past it.
#define MK_SCRATCH_BYTES 8192

/// A contiguous output written in order through an L1 scratch block and copied out with
/// `isa`'s non-temporal stores (mk_store_copy_*). The first block is shortened so that every
/// later one starts 64-byte aligned. Call mk_writer_finish once at the end (flush and fence).
typedef struct {
    char *dst;
    char *scratch;
    size_t filled, limit, esize;
    int isa;
} mk_writer;

static inline void mk_writer_init(mk_writer *w, void *dst, void *scratch, size_t esize, int isa) {
    w->dst = (char *)dst;
    w->scratch = (char *)scratch;
    w->esize = esize;
    w->isa = isa;
    w->filled = 0;
    size_t mis = (size_t)((uintptr_t)dst & 63);
    w->limit = mis % esize == 0 ? MK_SCRATCH_BYTES - mis : MK_SCRATCH_BYTES;
}

static inline void mk_writer_flush(mk_writer *w) {
    if (w->filled == 0) return;
    if (w->esize == 4) {
        mk_store_copy_f32((float *)w->dst, (const float *)w->scratch, w->filled / 4, w->isa);
    } else {
        mk_store_copy_f64((double *)w->dst, (const double *)w->scratch, w->filled / 8, w->isa);
    }
    w->dst += w->filled;
    w->filled = 0;
    w->limit = MK_SCRATCH_BYTES;
}

/// The next free scratch span (elements available: mk_writer_room).
static inline void *mk_writer_span(const mk_writer *w) { return w->scratch + w->filled; }
static inline size_t mk_writer_room(const mk_writer *w) { return (w->limit - w->filled) / w->esize; }
/// Commits `count` elements written at the span.
static inline void mk_writer_advance(mk_writer *w, size_t count) {
    w->filled += count * w->esize;
    if (w->filled >= w->limit) mk_writer_flush(w);
}
static inline void mk_writer_finish(mk_writer *w) {
    mk_writer_flush(w);
    mk_store_fence();
}

/// A contiguous output appended to in order and written with whole-line non-temporal stores:
/// bytes up to the first 64-byte boundary go through plain stores, then every full line is
/// stored once, non-temporally (`__builtin_nontemporal_store`: `vmovntps` on x86-64 at every
/// level, `stnp` on arm64), a partial line waits in `carry` until the next append completes
/// it, and `mk_nt_finish` stores the last partial line plainly and fences. No line is written
/// partly plain and partly streamed except at the two ends, so appends of any size and
/// alignment cost no read-for-ownership. The helpers are `static inline` without a target:
/// inlined into a level's kernel, they take its vector width.
typedef struct {
    char *dst;
    size_t head;
    size_t cn;
    _Alignas(64) char carry[64];
} mk_nt;

static inline void mk_nt_init(mk_nt *s, void *dst) {
    s->dst = (char *)dst;
    s->head = (size_t)((64 - ((uintptr_t)dst & 63)) & 63);
    s->cn = 0;
}

static inline void mk_nt_line(char *dst, const char *src) {
    mk_f16 x;
    memcpy(&x, src, sizeof x);
    __builtin_nontemporal_store(x, (mk_f16 *)(void *)dst);
}

static inline void mk_nt_append(mk_nt *s, const void *data, size_t n) {
    const char *src = (const char *)data;
    if (s->head) {
        size_t k = n < s->head ? n : s->head;
        memcpy(s->dst, src, k);
        s->dst += k; src += k; n -= k; s->head -= k;
        if (n == 0) return;
    }
    if (s->cn) {
        size_t k = n < 64 - s->cn ? n : 64 - s->cn;
        memcpy(s->carry + s->cn, src, k);
        s->cn += k; src += k; n -= k;
        if (s->cn < 64) return;
        mk_nt_line(s->dst, s->carry);
        s->dst += 64;
        s->cn = 0;
    }
    for (; n >= 64; n -= 64, src += 64, s->dst += 64) mk_nt_line(s->dst, src);
    if (n) {
        memcpy(s->carry, src, n);
        s->cn = n;
    }
}

static inline void mk_nt_finish(mk_nt *s) {
    if (s->cn) memcpy(s->dst, s->carry, s->cn);
    s->dst += s->cn;
    s->cn = 0;
    mk_store_fence();
}

#endif
