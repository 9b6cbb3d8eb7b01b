// Native test of the WebAssembly module's allocator (web/runtime/mk_runtime.c), built by
// `Tools/wasm --test` with the host's C compiler. A static arena stands in for linear memory
// (growing by 64 KiB pages up to a limit), and the allocator's entry points are renamed
// mk_test_malloc, mk_test_free and mk_test_posix_memalign.
//
// What it checks:
//   - the size classes: each is a multiple of 16, the smallest class that holds a request
//     holds it, the class below does not, and at most a fifth of a block (beyond 16 bytes) is
//     waste;
//   - 400,000 random allocations and frees of mixed sizes (16 B … 3 MiB) and alignments: every
//     pointer is aligned and inside the arena, and every block keeps the bytes written into it
//     until it is freed (two live blocks never overlap);
//   - reuse: after everything is freed, the same workload run again grows memory by at most
//     1/32 (blocks land elsewhere on warm free lists) and a third run not at all; a
//     doubling array (copy to twice the size, free the old) up to 64 MiB needs at most 4 × its
//     final size, and repeating it grows nothing;
//   - memory freed by one size class serves the others: 96 MiB of 32-byte blocks, freed, make
//     room for 96 MiB of 3,000-byte blocks and then of 1 MiB blocks;
//   - failure without a trap: a size beyond 32-bit addresses, a bad alignment and an exhausted
//     arena return null (or the errno code), and memory is usable again after frees.
//   - the Hasher's seed: a seed given before the first read changes the bytes, the same state
//     gives the same bytes, and a seed given after the first read is reported as late.
#define MK_RUNTIME_NATIVE_TEST 1
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARENA_PAGES 6144  // 384 MiB
_Alignas(65536) unsigned char mk_test_arena[(size_t)ARENA_PAGES * 65536];
size_t mk_test_arena_pages = 0, mk_test_arena_limit = ARENA_PAGES;

#include "../mk_runtime.c"

static int failures;
#define CHECK(cond, ...)                         \
    do {                                         \
        if (!(cond)) {                           \
            if (failures++ < 20) {               \
                printf("FAIL %s:%d: ", __FILE__, __LINE__); \
                printf(__VA_ARGS__);             \
                printf("\n");                    \
            }                                    \
        }                                        \
    } while (0)

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

typedef struct {
    unsigned char *p;
    size_t size;
    unsigned char tag;
} live_block;

enum { SLOTS = 4096 };
static live_block live[SLOTS];

static size_t random_size(void) {
    switch (next() % 8) {
    case 0: case 1: case 2: return 1 + next() % 64;
    case 3: case 4: return 1 + next() % 2048;
    case 5: return 1 + next() % 70000;
    case 6: return 60000 + next() % 140000;
    default: return (next() % 16 == 0) ? 1 + next() % (3u << 20) : 1 + next() % 300000;
    }
}

static int intact(const live_block *b) {
    size_t n = b->size < 64 ? b->size : 64;  // the first and last bytes, and a sample between
    for (size_t k = 0; k < n; k++) {
        if (b->p[k] != b->tag || b->p[b->size - 1 - k] != b->tag) return 0;
    }
    for (size_t k = 0; k < b->size; k += 4093) {
        if (b->p[k] != b->tag) return 0;
    }
    return 1;
}

static void workload(int rounds) {
    for (int r = 0; r < rounds; r++) {
        live_block *b = &live[next() % SLOTS];
        if (b->p) {
            CHECK(intact(b), "block of %zu bytes overwritten", b->size);
            mk_test_free(b->p);
            b->p = 0;
            continue;
        }
        size_t size = random_size();
        size_t align = 16;
        void *p = 0;
        if (next() % 16 == 0) {
            align = (size_t)32 << (next() % 8);  // 32 … 4096
            CHECK(mk_test_posix_memalign(&p, align, size) == 0, "posix_memalign(%zu, %zu) failed", align, size);
        } else {
            p = mk_test_malloc(size);
            CHECK(p != 0, "malloc(%zu) failed", size);
        }
        if (!p) continue;
        uintptr_t at = (uintptr_t)p;
        CHECK(at % align == 0, "pointer %p not aligned to %zu", p, align);
        CHECK(at >= (uintptr_t)mk_test_arena && at + size <= (uintptr_t)mk_test_arena + mk_test_arena_pages * 65536,
              "block outside the memory in use");
        b->p = p;
        b->size = size;
        b->tag = (unsigned char)(1 + next() % 255);
        memset(b->p, b->tag, size);
    }
}

static void free_all(void) {
    for (int k = 0; k < SLOTS; k++) {
        if (live[k].p) {
            CHECK(intact(&live[k]), "block of %zu bytes overwritten", live[k].size);
            mk_test_free(live[k].p);
            live[k].p = 0;
        }
    }
}

int main(void) {
    // Size classes.
    for (uint32_t bytes = 1; bytes <= MK_SMALL_MAX; bytes++) {
        int c = mk_class_of(bytes);
        uint32_t size = mk_class_size(c);
        CHECK(c >= 0 && c < MK_CLASSES, "class %d of %u out of range", c, bytes);
        CHECK(size % 16 == 0 && size >= bytes, "class of %u holds %u", bytes, size);
        CHECK(c == 0 || mk_class_size(c - 1) < bytes, "class of %u is not the smallest", bytes);
        CHECK(size <= 32 || (uint64_t)size * 4 <= (uint64_t)bytes * 5 + 64, "class of %u wastes too much: %u", bytes, size);
    }
    CHECK(mk_class_size(MK_CLASSES - 1) == MK_SMALL_MAX, "largest class %u", mk_class_size(MK_CLASSES - 1));

    // Random workload, three times from the same seed. After the first, free lists and
    // regions are warm: the second may place blocks differently (first fit over a different
    // free list) and grow a little, the third must not grow at all.
    size_t pages[3];
    for (int pass = 0; pass < 3; pass++) {
        rng = 0x9E3779B97F4A7C15ull;
        workload(400000);
        free_all();
        pages[pass] = mk_test_arena_pages;
    }
    CHECK(pages[1] <= pages[0] + pages[0] / 32, "the same workload grew memory from %zu to %zu pages", pages[0], pages[1]);
    CHECK(pages[2] == pages[1], "the third run of the same workload grew memory from %zu to %zu pages", pages[1], pages[2]);
    size_t pages_after_first = pages[0];
    uint64_t top_pages = (mk_test_heap_top() - mk_test_heap_first()) / 65536;
    printf("random workload: %zu pages at most; %llu pages in use or free below the top after freeing everything\n",
           pages_after_first, (unsigned long long)top_pages);

    // Memory freed by one class serves another: 96 MiB of 32-byte blocks, freed, then 96 MiB
    // of 3,000-byte blocks and 96 MiB in 1 MiB blocks grow memory by at most a region per class.
    {
        enum { MANY = (96 << 20) / 32 };
        static void *blocks[MANY];
        size_t before_classes = mk_test_arena_pages;
        size_t sizes[3] = {16, 2980, (size_t)1 << 20};
        for (int k = 0; k < 3; k++) {
            size_t count = ((size_t)96 << 20) / (sizes[k] + 16);
            for (size_t j = 0; j < count; j++) {
                blocks[j] = mk_test_malloc(sizes[k]);
                CHECK(blocks[j] != 0, "block %zu of %zu bytes failed", j, sizes[k]);
                if (blocks[j]) *(unsigned char *)blocks[j] = (unsigned char)j;
            }
            for (size_t j = 0; j < count; j++) {
                if (blocks[j]) {
                    CHECK(*(unsigned char *)blocks[j] == (unsigned char)j, "block %zu overwritten", j);
                    mk_test_free(blocks[j]);
                }
            }
            if (k == 0) before_classes = mk_test_arena_pages;
        }
        CHECK(mk_test_arena_pages <= before_classes + 8, "other classes grew memory from %zu to %zu pages",
              before_classes, mk_test_arena_pages);
    }

    // A doubling array (as Swift's Array grows) up to 64 MiB, twice.
    size_t before = mk_test_arena_pages;
    for (int pass = 0; pass < 2; pass++) {
        size_t size = 256;
        unsigned char *a = mk_test_malloc(size);
        memset(a, 7, size);
        while (size < ((size_t)64 << 20)) {
            unsigned char *b = mk_test_malloc(2 * size);
            CHECK(b != 0, "doubling to %zu failed", 2 * size);
            if (!b) break;
            memcpy(b, a, size);
            memset(b + size, 7, size);
            mk_test_free(a);
            a = b;
            size *= 2;
        }
        CHECK(a[0] == 7 && a[size - 1] == 7, "doubling array lost its bytes");
        mk_test_free(a);
        size_t grown = mk_test_arena_pages - before;
        CHECK(grown * 65536 <= 4 * ((size_t)64 << 20), "doubling to 64 MiB grew %zu pages", grown);
        if (pass == 0) before = mk_test_arena_pages;
        else CHECK(grown == 0, "the second doubling pass grew %zu pages", grown);
    }
    CHECK(mk_test_free_pages() == 0 || mk_test_heap_top() > mk_test_heap_first(), "free list inconsistent");

    // Failures: no trap, null or an error code.
    void *p = (void *)1;
    CHECK(mk_test_malloc((size_t)1 << 32) == 0, "malloc(4 GiB) did not fail");
    CHECK(mk_test_malloc(SIZE_MAX) == 0, "malloc(SIZE_MAX) did not fail");
    CHECK(mk_test_posix_memalign(&p, 48, 16) == 22, "alignment 48 accepted");
    CHECK(mk_test_posix_memalign(&p, 65536, 16) == 12, "alignment 65536 accepted");
    unsigned char *big[64];
    int taken = 0;
    while (taken < 64 && (big[taken] = mk_test_malloc((size_t)32 << 20)) != 0) taken++;
    CHECK(taken > 0 && taken < 64, "arena exhaustion: %d blocks of 32 MiB", taken);
    CHECK(mk_test_malloc((size_t)32 << 20) == 0, "allocation beyond the arena succeeded");
    for (int k = 0; k < taken; k++) mk_test_free(big[k]);
    unsigned char *again = mk_test_malloc((size_t)200 << 20);
    CHECK(again != 0, "200 MiB not available after freeing the exhausted arena");
    mk_test_free(again);

    // The Hasher's seed: the same seed gives the same bytes, another seed other bytes, and
    // mk_runtime_seed reports whether the sequence had been read before it.
    {
        uint64_t saved = mk_seed_state;
        int used = mk_seed_used;
        unsigned char a[16], b[16], c[16];
        mk_seed_used = 0;
        CHECK(mk_runtime_seed(7, 9) == 0, "seed before any use reported as late");
        uint64_t start = mk_seed_state;
        mk_test_arc4random_buf(a, sizeof a);
        CHECK(mk_runtime_seed(0, 0) == 1, "seed after use reported as in time");
        mk_seed_state = start;
        mk_test_arc4random_buf(b, sizeof b);
        CHECK(memcmp(a, b, sizeof a) == 0, "the same state gave other bytes");
        mk_seed_state = start ^ 1;
        mk_test_arc4random_buf(c, sizeof c);
        CHECK(memcmp(a, c, sizeof a) != 0, "another seed gave the same bytes");
        mk_seed_state = saved;
        mk_seed_used = used;
    }

    if (failures) {
        printf("mk_runtime: %d failures\n", failures);
        return 1;
    }
    printf("mk_runtime: allocator checks passed (%zu pages of the %d-page arena used)\n", mk_test_arena_pages, ARENA_PAGES);
    return 0;
}
