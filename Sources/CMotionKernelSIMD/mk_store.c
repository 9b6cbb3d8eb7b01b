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

// __builtin_cpu_supports reads the CPU model that the compiler runtime fills in from a load-time
// constructor (cpuid, and xgetbv for the OS-enabled AVX/AVX-512 state), so calls after start-up
// only read it: no __builtin_cpu_init here, no state of our own.
int mk_store_isa_supported(int isa) {
    switch (isa) {
    case MK_STORE_PORTABLE: return 1;
#if MK_X86
    case MK_STORE_AVX2: return __builtin_cpu_supports("avx2") ? 1 : 0;
    case MK_STORE_AVX512F:
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
                       __builtin_cpu_supports("avx512bw")
                   ? 1
                   : 0;
#endif
    default: return 0;
    }
}

int mk_store_best_isa(void) {
    if (mk_store_isa_supported(MK_STORE_AVX512F)) return MK_STORE_AVX512F;
    if (mk_store_isa_supported(MK_STORE_AVX2)) return MK_STORE_AVX2;
    return MK_STORE_PORTABLE;
}

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
__attribute__((target("avx512f"))) static void copy512(char *dst, const char *src, size_t bytes) {
    size_t head = head_bytes(dst, bytes, 64);
    memcpy(dst, src, head);
    dst += head; src += head; bytes -= head;
    size_t body = bytes & ~(size_t)63;
    for (size_t i = 0; i < body; i += 64) {
        _mm512_stream_ps((float *)(dst + i), _mm512_loadu_ps((const float *)(src + i)));
    }
    memcpy(dst + body, src + body, bytes - body);
}

__attribute__((target("avx2"))) static void copy256(char *dst, const char *src, size_t bytes) {
    size_t head = head_bytes(dst, bytes, 32);
    memcpy(dst, src, head);
    dst += head; src += head; bytes -= head;
    size_t body = bytes & ~(size_t)31;
    for (size_t i = 0; i < body; i += 32) {
        _mm256_stream_ps((float *)(dst + i), _mm256_loadu_ps((const float *)(src + i)));
    }
    memcpy(dst + body, src + body, bytes - body);
}

__attribute__((target("avx512f"))) static void copy512d(char *dst, const char *src, size_t bytes) {
    size_t head = head_bytes(dst, bytes, 64);
    memcpy(dst, src, head);
    dst += head; src += head; bytes -= head;
    size_t body = bytes & ~(size_t)63;
    for (size_t i = 0; i < body; i += 64) {
        _mm512_stream_pd((double *)(dst + i), _mm512_loadu_pd((const double *)(src + i)));
    }
    memcpy(dst + body, src + body, bytes - body);
}

__attribute__((target("avx2"))) static void copy256d(char *dst, const char *src, size_t bytes) {
    size_t head = head_bytes(dst, bytes, 32);
    memcpy(dst, src, head);
    dst += head; src += head; bytes -= head;
    size_t body = bytes & ~(size_t)31;
    for (size_t i = 0; i < body; i += 32) {
        _mm256_stream_pd((double *)(dst + i), _mm256_loadu_pd((const double *)(src + i)));
    }
    memcpy(dst + body, src + body, bytes - body);
}
#endif

void mk_store_fence(void) {
#if MK_X86
    _mm_sfence();
#endif
}

void mk_store_copy_f32(float *dst, const float *src, size_t count, int isa) {
    if (count == 0) return;
#if MK_X86
    if (isa == MK_STORE_AVX512F && mk_store_isa_supported(isa)) {
        copy512((char *)dst, (const char *)src, count * sizeof(float));
        return;
    }
    if (isa == MK_STORE_AVX2 && mk_store_isa_supported(isa)) {
        copy256((char *)dst, (const char *)src, count * sizeof(float));
        return;
    }
#endif
    (void)isa;
    memcpy(dst, src, count * sizeof(float));
}

void mk_store_copy_f64(double *dst, const double *src, size_t count, int isa) {
    if (count == 0) return;
#if MK_X86
    if (isa == MK_STORE_AVX512F && mk_store_isa_supported(isa)) {
        copy512d((char *)dst, (const char *)src, count * sizeof(double));
        return;
    }
    if (isa == MK_STORE_AVX2 && mk_store_isa_supported(isa)) {
        copy256d((char *)dst, (const char *)src, count * sizeof(double));
        return;
    }
#endif
    (void)isa;
    memcpy(dst, src, count * sizeof(double));
}
