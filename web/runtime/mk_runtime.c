// What the WebAssembly module needs from a C library besides the elementary functions
// (mk_math.c): memory allocation, the mem* functions, the Hasher's seed and a 64 × 64 → 128-bit
// multiply. wasm32-unknown-none has none of them. Compiled by Tools/wasm with the toolchain's
// clang (--target=wasm32-unknown-unknown -ffreestanding -nostdlib).
#include <stddef.h>
#include <stdint.h>

// ---- memory -------------------------------------------------------------------------------
//
// Size-class allocator: a block holds 2^c bytes (c = 5 … 31) including a 16-byte header; a
// freed block goes onto its class's list and the next request of that class reuses it, so a
// loop of equal requests (eval after eval) keeps memory flat. New blocks are cut from the end
// of the heap, which grows linear memory by whole 64 KiB pages. At most half of a block is
// waste; nothing is ever returned to the host (WebAssembly memory cannot shrink).
//
// Header (16 bytes before the pointer returned): the class, and the distance from the block's
// start to the pointer (non-zero only for alignments above 16).

extern unsigned char __heap_base;

enum { MK_HEADER = 16, MK_MIN_CLASS = 5, MK_MAX_CLASS = 31 };

typedef struct mk_free_block {
    struct mk_free_block *next;
} mk_free_block;

static mk_free_block *mk_free_lists[MK_MAX_CLASS + 1];
static uintptr_t mk_heap_top;

static void *mk_heap_take(uintptr_t bytes) {
    if (!mk_heap_top) mk_heap_top = ((uintptr_t)&__heap_base + 15) & ~(uintptr_t)15;
    uintptr_t start = mk_heap_top;
    if (bytes > UINTPTR_MAX - start) return 0;
    uintptr_t end = start + bytes;
    uintptr_t have = (uintptr_t)__builtin_wasm_memory_size(0) * 65536u;
    if (end > have) {
        uintptr_t pages = (end - have + 65535u) / 65536u;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
    }
    mk_heap_top = end;
    return (void *)start;
}

static int mk_class_of(size_t bytes) {
    int c = MK_MIN_CLASS;
    while (c <= MK_MAX_CLASS && ((size_t)1 << c) < bytes) c++;
    return c;
}

int posix_memalign(void **out, size_t align, size_t size) {
    if (align < 16) align = 16;
    if (align & (align - 1)) return 22;  // EINVAL: not a power of two
    // Room for the header and, above 16-byte alignment, for moving the pointer up.
    size_t extra = MK_HEADER + (align > 16 ? align - 16 : 0);
    if (size > ((size_t)1 << MK_MAX_CLASS) - extra) return 12;  // ENOMEM
    int c = mk_class_of(size + extra);
    unsigned char *block;
    if (mk_free_lists[c]) {
        block = (unsigned char *)mk_free_lists[c];
        mk_free_lists[c] = mk_free_lists[c]->next;
    } else {
        block = mk_heap_take((uintptr_t)1 << c);
        if (!block) return 12;
    }
    uintptr_t p = ((uintptr_t)block + MK_HEADER + align - 1) & ~(uintptr_t)(align - 1);
    uint32_t *header = (uint32_t *)(p - MK_HEADER);
    header[0] = (uint32_t)c;
    header[1] = (uint32_t)(p - (uintptr_t)block);
    *out = (void *)p;
    return 0;
}

void *malloc(size_t size) {
    void *p;
    return posix_memalign(&p, 16, size) ? 0 : p;
}

void free(void *ptr) {
    if (!ptr) return;
    uint32_t *header = (uint32_t *)((uintptr_t)ptr - MK_HEADER);
    uint32_t c = header[0];
    if (c < MK_MIN_CLASS || c > MK_MAX_CLASS) return;  // not ours: never happens, never traps
    mk_free_block *block = (mk_free_block *)((uintptr_t)ptr - header[1]);
    block->next = mk_free_lists[c];
    mk_free_lists[c] = block;
}

// ---- the mem* functions (the compiler also emits calls to these) --------------------------

void *memcpy(void *restrict dst, const void *restrict src, size_t n) {
    unsigned char *d = dst;
    const unsigned char *s = src;
    while (n--) *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n) {
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (d < s) {
        while (n--) *d++ = *s++;
    } else if (d > s) {
        d += n;
        s += n;
        while (n--) *--d = *--s;
    }
    return dst;
}

void *memset(void *dst, int c, size_t n) {
    unsigned char *d = dst;
    while (n--) *d++ = (unsigned char)c;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n) {
    const unsigned char *x = a, *y = b;
    for (; n; n--, x++, y++) {
        if (*x != *y) return *x < *y ? -1 : 1;
    }
    return 0;
}

// ---- the Hasher's seed --------------------------------------------------------------------
//
// Swift seeds its Hasher from here. Nothing MotionKernel prints depends on hash order, and a
// fixed sequence (SplitMix64 from a constant) keeps every run of the module identical.
void arc4random_buf(void *buf, size_t n) {
    static uint64_t state = 0x4D4B5741534D0001ull;
    unsigned char *p = buf;
    while (n) {
        state += 0x9E3779B97F4A7C15ull;
        uint64_t z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        for (int k = 0; k < 8 && n; k++, n--) *p++ = (unsigned char)(z >> (8 * k));
    }
}

// ---- 128-bit multiply ---------------------------------------------------------------------
//
// compiler-rt's __multi3 (UInt64.multipliedFullWidth lowers to it on wasm32): the low 128 bits
// of a × b for 128-bit a = (a_hi, a_lo) and b = (b_hi, b_lo), from 32-bit pieces.
typedef struct {
    uint64_t lo, hi;
} mk_u128;

mk_u128 __multi3(uint64_t a_lo, uint64_t a_hi, uint64_t b_lo, uint64_t b_hi) {
    uint64_t a0 = (uint32_t)a_lo, a1 = a_lo >> 32, b0 = (uint32_t)b_lo, b1 = b_lo >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    mk_u128 r;
    r.lo = (mid << 32) | (uint32_t)p00;
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32) + a_lo * b_hi + a_hi * b_lo;
    return r;
}
