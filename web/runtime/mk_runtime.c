// What the WebAssembly module needs from a C library besides the elementary functions
// (mk_math.c): memory allocation, the mem* functions, the Hasher's seed and a 64 × 64 → 128-bit
// multiply. wasm32-unknown-none has none of them. Compiled by Tools/wasm with the toolchain's
// clang (--target=wasm32-unknown-unknown -ffreestanding -nostdlib).
#include <stddef.h>
#include <stdint.h>

// ---- memory -------------------------------------------------------------------------------
//
// Two layers over linear memory, which grows by whole 64 KiB pages and never shrinks.
//
// Pages: the heap above __heap_base is cut into spans of whole pages. A freed span goes onto an
// address-ordered list and merges with free neighbours; a free span that reaches the top of the
// heap lowers the top. A request takes the first free span that is large enough, else pages
// from the top, growing memory only when the top passes its end. So memory grows only when the
// live data needs it: a request that builds and frees a 512 MiB array leaves that span free for
// the next one.
//
// Blocks: every block has a 16-byte header before the pointer returned: its class, the
// distance from the block's start to the pointer (non-zero only for alignments above 16), and
// its region (small) or its page count (large).
//   - Small blocks (header included, at most 64 KiB) come in 43 classes: 32 … 128 bytes in
//     steps of 16, then four per doubling (160, 192, 224, 256, 320, …, 65536), so at most a
//     fifth of a block is waste. Each class cuts its blocks from regions of whole pages (room
//     for at least four blocks); a region keeps its own free blocks and a count of live ones.
//     A freed block is reused by the next request of its class; a region whose blocks are all
//     free goes back to the page layer (except the class's last one, kept for the next
//     request), so memory freed by one class serves every other class and every size.
//   - Large blocks are spans of whole pages, returned to the page layer when freed.
//
// So whatever a request builds and frees, the memory in use afterwards is what the live data
// needs plus the free spans, and the free spans serve the next request: the module's memory
// is bounded by the largest request's peak, not by the sum of all requests.
//
// Every size is checked before any arithmetic that could wrap; a request that memory cannot
// hold gets null (ENOMEM from posix_memalign), never a trap.

#ifdef MK_RUNTIME_NATIVE_TEST
// The native test (web/runtime/tests/mk_runtime_test.c) stands a static arena in for linear
// memory and renames the entry points so that they do not replace the C library's.
#define MKR(n) mk_test_##n
extern unsigned char mk_test_arena[];
extern size_t mk_test_arena_pages, mk_test_arena_limit;
#define MK_HEAP_BASE ((uintptr_t)mk_test_arena)
static uint64_t mk_memory_pages(void) { return mk_test_arena_pages; }
static uint64_t mk_memory_end(void) { return (uint64_t)(uintptr_t)mk_test_arena + (uint64_t)mk_test_arena_pages * 65536; }
static size_t mk_memory_grow(size_t pages) {
    if (pages > mk_test_arena_limit - mk_test_arena_pages) return (size_t)-1;
    size_t old = mk_test_arena_pages;
    mk_test_arena_pages += pages;
    return old;
}
#else
#define MKR(n) n
extern unsigned char __heap_base;
#define MK_HEAP_BASE ((uintptr_t)&__heap_base)
static uint64_t mk_memory_pages(void) { return __builtin_wasm_memory_size(0); }
static uint64_t mk_memory_end(void) { return mk_memory_pages() * 65536; }
static size_t mk_memory_grow(size_t pages) { return __builtin_wasm_memory_grow(0, pages); }
#endif

enum {
    MK_HEADER = 16,
    MK_SMALL_MAX = 65536,  // the largest small block, header included
    MK_CLASSES = 43,
    MK_LARGE = 0xFFFF,  // the class field of a large block
};
#define MK_PAGE ((uint64_t)65536)
#define MK_SIZE_LIMIT ((uint64_t)1 << 32)  // wasm32 addresses: no block reaches this size
#ifdef MK_RUNTIME_NATIVE_TEST
#define MK_ADDRESS_END ((uint64_t)(uintptr_t)mk_test_arena + (uint64_t)mk_test_arena_limit * MK_PAGE)
#else
#define MK_ADDRESS_END MK_SIZE_LIMIT
#endif

typedef struct mk_free_block {
    struct mk_free_block *next;
} mk_free_block;

// A region of one class's small blocks; this header sits at its start.
typedef struct mk_region {
    struct mk_region *prev, *next;  // the class's regions that have room
    mk_free_block *free;            // freed blocks of this region
    uintptr_t carve, end;           // never-used room: [carve, end)
    uint32_t live, pages, cls;
} mk_region;
enum { MK_REGION_HEADER = 64 };

// The header before every block's pointer (12 bytes in wasm32, 16 natively; MK_HEADER is 16).
typedef struct mk_header {
    uint32_t cls;     // the class, or MK_LARGE
    uint32_t offset;  // from the block's start to the pointer
    uintptr_t owner;  // the region (small) or the page count (large)
} mk_header;
_Static_assert(sizeof(mk_header) <= 16, "the block header must fit in MK_HEADER bytes");

typedef struct mk_span {
    struct mk_span *next;
    uint32_t pages;
} mk_span;

static mk_region *mk_room[MK_CLASSES];  // per class: regions with a free block or room to cut one
static mk_span *mk_spans;           // free spans, by address
static uintptr_t mk_first, mk_top;  // the first page of the heap; the end of the spans in use

// The size of class c (0 … 42): 32 … 128 in steps of 16, then 4 per doubling up to 65536.
static uint32_t mk_class_size(int c) {
    if (c < 7) return 32u + 16u * (uint32_t)c;
    int k = 7 + (c - 7) / 4, q = (c - 7) % 4 + 1;  // 2^k · (1 + q/4)
    return (1u << k) + (uint32_t)q * (1u << (k - 2));
}

// The smallest class holding `bytes` (≤ MK_SMALL_MAX).
static int mk_class_of(uint32_t bytes) {
    if (bytes <= 128) return bytes <= 32 ? 0 : (int)((bytes - 32 + 15) / 16);
    int k = 31 - __builtin_clz(bytes - 1);  // 2^k < bytes ≤ 2^(k+1), k ≥ 7
    uint32_t quarter = 1u << (k - 2);
    int q = (int)((bytes - (1u << k) + quarter - 1) / quarter);  // 1 … 4
    return 7 + (k - 7) * 4 + q - 1;
}

// `pages` whole pages, page-aligned, or 0.
static uintptr_t mk_pages_take(uint64_t pages) {
    if (!mk_first) mk_first = mk_top = (uintptr_t)((MK_HEAP_BASE + MK_PAGE - 1) & ~(MK_PAGE - 1));
    if (pages == 0 || pages > MK_SIZE_LIMIT / MK_PAGE) return 0;
    for (mk_span **link = &mk_spans; *link; link = &(*link)->next) {
        mk_span *s = *link;
        if (s->pages < pages) continue;
        if (s->pages == pages) {
            *link = s->next;
        } else {
            mk_span *rest = (mk_span *)((uintptr_t)s + (uintptr_t)(pages * MK_PAGE));
            rest->next = s->next;
            rest->pages = s->pages - (uint32_t)pages;
            *link = rest;
        }
        return (uintptr_t)s;
    }
    uint64_t end = (uint64_t)mk_top + pages * MK_PAGE;
    if (end > MK_ADDRESS_END) return 0;
    uint64_t have = mk_memory_end();
    if (end > have) {
        // Grow by at least an eighth of the memory so far: each grow can cost the host time
        // in proportion to the whole memory, so small steps would make a run of many small
        // regions quadratic. Exactly what is needed, when the larger step does not fit.
        uint64_t needed = (end - have + MK_PAGE - 1) / MK_PAGE, step = mk_memory_pages() / 8;
        if (step <= needed || mk_memory_grow((size_t)step) == (size_t)-1) {
            if (mk_memory_grow((size_t)needed) == (size_t)-1) return 0;
        }
    }
    uintptr_t at = mk_top;
    mk_top = (uintptr_t)end;
    return at;
}

// Returns the span [at, at + pages·64 KiB) to the free list, merging it with its neighbours.
static void mk_pages_give(uintptr_t at, uint32_t pages) {
    mk_span **link = &mk_spans, **before = 0;  // before: the link to the span just below `at`
    while (*link && (uintptr_t)*link < at) {
        before = link;
        link = &(*link)->next;
    }
    mk_span *s = (mk_span *)at;
    s->pages = pages;
    s->next = *link;
    *link = s;
    mk_span **self = link;
    if (s->next && at + (uintptr_t)((uint64_t)s->pages * MK_PAGE) == (uintptr_t)s->next) {
        s->pages += s->next->pages;
        s->next = s->next->next;
    }
    if (before && (uintptr_t)*before + (uintptr_t)((uint64_t)(*before)->pages * MK_PAGE) == at) {
        (*before)->pages += s->pages;
        (*before)->next = s->next;
        self = before;
        s = *before;
    }
    if (!s->next && (uintptr_t)s + (uintptr_t)((uint64_t)s->pages * MK_PAGE) == mk_top) {
        mk_top = (uintptr_t)s;
        *self = 0;
    }
}

static void mk_room_unlink(mk_region *r) {
    if (r->prev) r->prev->next = r->next;
    else mk_room[r->cls] = r->next;
    if (r->next) r->next->prev = r->prev;
    r->prev = r->next = 0;
}

static void mk_room_push(mk_region *r) {
    r->prev = 0;
    r->next = mk_room[r->cls];
    if (r->next) r->next->prev = r;
    mk_room[r->cls] = r;
}

static int mk_region_full(const mk_region *r, uint32_t size) { return !r->free && r->end - r->carve < size; }

// A small block of class c and its region, or 0.
static unsigned char *mk_small_take(int c, mk_region **owner) {
    uint32_t size = mk_class_size(c);
    mk_region *r = mk_room[c];
    if (!r) {
        uint64_t pages = ((uint64_t)size * 4 + MK_REGION_HEADER + MK_PAGE - 1) / MK_PAGE;
        uintptr_t at = mk_pages_take(pages);
        if (!at) return 0;
        r = (mk_region *)at;
        r->free = 0;
        r->carve = at + MK_REGION_HEADER;
        r->end = at + (uintptr_t)(pages * MK_PAGE);
        r->live = 0;
        r->pages = (uint32_t)pages;
        r->cls = (uint32_t)c;
        mk_room_push(r);
    }
    unsigned char *b;
    if (r->free) {
        b = (unsigned char *)r->free;
        r->free = r->free->next;
    } else {
        b = (unsigned char *)r->carve;
        r->carve += size;
    }
    r->live++;
    if (mk_region_full(r, size)) mk_room_unlink(r);
    *owner = r;
    return b;
}

static void mk_small_give(mk_region *r, unsigned char *b) {
    uint32_t size = mk_class_size((int)r->cls);
    if (mk_region_full(r, size)) mk_room_push(r);
    mk_free_block *f = (mk_free_block *)b;
    f->next = r->free;
    r->free = f;
    r->live--;
    if (r->live == 0 && (r->prev || r->next)) {  // empty, and not the class's last region
        mk_room_unlink(r);
        mk_pages_give((uintptr_t)r, r->pages);
    }
}

int MKR(posix_memalign)(void **out, size_t align, size_t size) {
    if (align < 16) align = 16;
    if (align & (align - 1)) return 22;  // EINVAL: not a power of two
    if (align > MK_PAGE / 2) return 12;  // ENOMEM: the header must stay in the first page
    if ((uint64_t)size >= MK_SIZE_LIMIT) return 12;
    // Room for the header and, above 16-byte alignment, for moving the pointer up.
    uint64_t need = (uint64_t)size + MK_HEADER + (align > 16 ? align - 16 : 0);
    if (need >= MK_SIZE_LIMIT) return 12;
    unsigned char *block;
    uint32_t c;
    uintptr_t owner;
    if (need <= MK_SMALL_MAX) {
        c = (uint32_t)mk_class_of((uint32_t)need);
        mk_region *r = 0;
        block = mk_small_take((int)c, &r);
        owner = (uintptr_t)r;
    } else {
        c = MK_LARGE;
        owner = (uintptr_t)((need + MK_PAGE - 1) / MK_PAGE);
        block = (unsigned char *)mk_pages_take(owner);
    }
    if (!block) return 12;
    uintptr_t p = ((uintptr_t)block + MK_HEADER + align - 1) & ~(uintptr_t)(align - 1);
    mk_header *header = (mk_header *)(p - MK_HEADER);
    header->cls = c;
    header->offset = (uint32_t)(p - (uintptr_t)block);
    header->owner = owner;
    *out = (void *)p;
    return 0;
}

void *MKR(malloc)(size_t size) {
    void *p;
    return MKR(posix_memalign)(&p, 16, size) ? 0 : p;
}

void MKR(free)(void *ptr) {
    if (!ptr) return;
    mk_header *header = (mk_header *)((uintptr_t)ptr - MK_HEADER);
    unsigned char *block = (unsigned char *)ptr - header->offset;
    if (header->cls == MK_LARGE) {
        mk_pages_give((uintptr_t)block, (uint32_t)header->owner);
    } else if (header->cls < MK_CLASSES) {
        mk_small_give((mk_region *)header->owner, block);
    }  // anything else is not ours: never happens, never traps
}

#ifdef MK_RUNTIME_NATIVE_TEST
// For the test: the page layer's state (the top of the spans in use, free pages listed).
uintptr_t mk_test_heap_top(void) { return mk_top; }
uintptr_t mk_test_heap_first(void) { return mk_first; }
uint64_t mk_test_free_pages(void) {
    uint64_t n = 0;
    for (mk_span *s = mk_spans; s; s = s->next) n += s->pages;
    return n;
}
#endif

// ---- the Hasher's seed --------------------------------------------------------------------
//
// Swift seeds its Hasher from here, once, at the first hash. Nothing MotionKernel prints
// depends on hash order, but the JSON key index's worst case does: with a seed every instance
// shares, keys chosen offline to collide would make one request's parse quadratic. So the
// JavaScript module seeds each instance from crypto.getRandomValues (mk_seed) before any
// request; SplitMix64 then expands the seed. Unseeded (the native test), the sequence starts
// from a constant.
static uint64_t mk_seed_state = 0x4D4B5741534D0001ull;
static int mk_seed_used = 0;

int mk_runtime_seed(uint32_t hi, uint32_t lo) {
    mk_seed_state ^= ((uint64_t)hi << 32) | lo;
    return mk_seed_used;
}

void MKR(arc4random_buf)(void *buf, size_t n) {
    unsigned char *p = buf;
    mk_seed_used = 1;
    while (n) {
        mk_seed_state += 0x9E3779B97F4A7C15ull;
        uint64_t z = mk_seed_state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        for (int k = 0; k < 8 && n; k++, n--) *p++ = (unsigned char)(z >> (8 * k));
    }
}

// ---- the mem* functions (the compiler also emits calls to these) --------------------------

#ifndef MK_RUNTIME_NATIVE_TEST
// Built with bulk memory (-mbulk-memory), these lower to single memory.copy and memory.fill
// instructions, which handle overlap as memmove does.
void *memcpy(void *restrict dst, const void *restrict src, size_t n) {
    __builtin_memcpy(dst, src, n);
    return dst;
}

void *memmove(void *dst, const void *src, size_t n) {
    __builtin_memmove(dst, src, n);
    return dst;
}

void *memset(void *dst, int c, size_t n) {
    __builtin_memset(dst, c, n);
    return dst;
}

int memcmp(const void *a, const void *b, size_t n) {
    const unsigned char *x = a, *y = b;
    for (; n; n--, x++, y++) {
        if (*x != *y) return *x < *y ? -1 : 1;
    }
    return 0;
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
#endif  // MK_RUNTIME_NATIVE_TEST
