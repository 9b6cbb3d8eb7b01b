// Streaming block copies; see include/mk_store.h.
#include "mk_store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__x86_64__)
#include <immintrin.h>
#define MK_X86 1
#else
#define MK_X86 0
#endif

// Parses a sysfs cache size such as "32K", "1024K" or "300M" into bytes (0 on failure).
static int64_t parse_size(const char *s) {
    char *end = NULL;
    long long v = strtoll(s, &end, 10);
    if (end == s || v <= 0) return 0;
    if (*end == 'K' || *end == 'k') return (int64_t)v * 1024;
    if (*end == 'M' || *end == 'm') return (int64_t)v * 1024 * 1024;
    return (int64_t)v;
}

// Reads one small sysfs file into buf (NUL-terminated); 0 on failure.
static int read_line(const char *path, char *buf, size_t size) {
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    int ok = fgets(buf, (int)size, f) != NULL;
    fclose(f);
    return ok;
}

int64_t mk_store_llc_bytes(void) {
#ifdef _SC_LEVEL3_CACHE_SIZE
    long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
    if (l3 > 0) return (int64_t)l3;
#endif
    int best_level = 0;
    int64_t best = 0;
    for (int i = 0; i < 16; i++) {
        char path[96], buf[64];
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
        if (!read_line(path, buf, sizeof buf)) break;
        int level = atoi(buf);
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
        if (!read_line(path, buf, sizeof buf)) continue;
        int64_t size = parse_size(buf);
        if (level > best_level || (level == best_level && size > best)) {
            best_level = level;
            best = size;
        }
    }
    return best;
}

// Plain-store copy of the bytes before the first `align`-aligned address of dst (at most
// `bytes`); returns how many bytes it copied.
static size_t head_bytes(const void *dst, size_t bytes, size_t align) {
    size_t mis = (size_t)((uintptr_t)dst & (align - 1));
    size_t head = mis == 0 ? 0 : align - mis;
    return head < bytes ? head : bytes;
}

#if MK_X86
// Copies `bytes` from src to dst: plain stores up to the first `width`-byte aligned address of
// dst and after the last whole vector, aligned non-temporal stores of `width` bytes between.
// The bytes are src's whatever the element type, so one copy per width serves floats and
// doubles.
#define MK_STREAM_COPY(name, target_, width, load, store)                                          \
    __attribute__((target(target_))) static void name(char *dst, const char *src, size_t bytes) { \
        size_t head = head_bytes(dst, bytes, width);                                               \
        memcpy(dst, src, head);                                                                    \
        dst += head; src += head; bytes -= head;                                                   \
        size_t body = bytes & ~(size_t)(width - 1);                                                \
        for (size_t i = 0; i < body; i += width) store((float *)(dst + i), load((const float *)(src + i))); \
        memcpy(dst + body, src + body, bytes - body);                                              \
    }
MK_STREAM_COPY(copy512, "avx512f", 64, _mm512_loadu_ps, _mm512_stream_ps)
MK_STREAM_COPY(copy256, "avx2", 32, _mm256_loadu_ps, _mm256_stream_ps)
#undef MK_STREAM_COPY
#endif

// Copies `bytes` with `isa`'s stores (memcpy for PORTABLE and for a level the CPU lacks).
static void copy_bytes(char *dst, const char *src, size_t bytes, int isa) {
    if (bytes == 0) return;
#if MK_X86
    if (isa == MK_ISA_AVX512 && mk_isa_supported(isa)) {
        copy512(dst, src, bytes);
        return;
    }
    if (isa == MK_ISA_AVX2 && mk_isa_supported(isa)) {
        copy256(dst, src, bytes);
        return;
    }
#endif
    (void)isa;
    memcpy(dst, src, bytes);
}

void mk_store_fence(void) {
#if MK_X86
    _mm_sfence();
#endif
}

void mk_store_copy_f32(float *dst, const float *src, size_t count, int isa) {
    copy_bytes((char *)dst, (const char *)src, count * sizeof(float), isa);
}

void mk_store_copy_f64(double *dst, const double *src, size_t count, int isa) {
    copy_bytes((char *)dst, (const char *)src, count * sizeof(double), isa);
}
