// Streaming (non-temporal) block copies and the CPU facts that decide when to use them.
// Internal to MotionKernel: the Swift façade is Sources/MotionKernel/Support/StreamingStores.swift.
#ifndef MK_STORE_H
#define MK_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "mk_isa.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The last-level (L3, else the highest level listed) cache size in bytes, from
/// sysconf(_SC_LEVEL3_CACHE_SIZE) or /sys/devices/system/cpu/cpu0/cache; 0 when unknown.
int64_t mk_store_llc_bytes(void);

/// Copies `count` floats from `src` to `dst` (not overlapping). With an AVX isa the bytes up to
/// the first aligned address and after the last full vector go through plain stores, the rest
/// through aligned non-temporal stores (weakly ordered: call `mk_store_fence` once after a run
/// of copies, before the output is handed to another thread or read); an isa the CPU lacks
/// falls back to memcpy. The bytes written are `src`'s, whatever the isa.
void mk_store_copy_f32(float *dst, const float *src, size_t count, int isa);

/// `sfence` on x86-64 (orders the preceding non-temporal stores before later stores); a no-op
/// elsewhere. A fence per 4 KB copy would wait for each block to reach memory (measured: the
/// streamed build ran slower than plain stores), so callers fence once per block of work.
void mk_store_fence(void);

/// `mk_store_copy_f32` for doubles.
void mk_store_copy_f64(double *dst, const double *src, size_t count, int isa);

#ifdef __cplusplus
}
#endif

#endif
