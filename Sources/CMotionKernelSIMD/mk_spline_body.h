// Body of the spline-channel Horner kernels for one ISA level and one element type (included
// by mk_spline.c with MK_SUFFIX, MK_ATTR, MK_T, MK_V, MK_W set). Every value is
// ((a3·s + a2)·s + a1)·s + a0, each operation rounded in MK_T, as SplineChannels' Swift loops.

// Coefficient block (elements of one coefficient row held per pass over the times: 4 rows of
// 8 KB, in L1 on the AVX-512 Xeon) of the time-major kernel; a multiple of MK_W. Measured on
// that Xeon (spline.channels, K = 16, C = 10,000, T = 1,000, alternating runs): 8 KB rows ran
// ~4 % faster than 4 KB ones, whole rows (coefficients from L2, 40 KB contiguous writes)
// ~40 % slower.
#define MK_SP_BLOCK (8192 / sizeof(MK_T))

// p[j] for j < n, channels a0[j] (rows a0, a0 + c, a0 + 2c, a0 + 3c) at local time s; whole
// vectors stored non-temporally when `nt` (p then 64-byte aligned), plain stores otherwise.
MK_ATTR __attribute__((always_inline)) static inline void MK_FN(sp_row)(MK_T *p, const MK_T *a0, size_t c, MK_T s,
                                                                        size_t n, int nt) {
    const MK_T *a1 = a0 + c, *a2 = a0 + 2 * c, *a3 = a0 + 3 * c;
    MK_V vs = (MK_V){0} + s;
    size_t j = 0;
    for (; j + MK_W <= n; j += MK_W) {
        MK_V v0, v1, v2, v3;
        memcpy(&v0, a0 + j, sizeof v0);
        memcpy(&v1, a1 + j, sizeof v1);
        memcpy(&v2, a2 + j, sizeof v2);
        memcpy(&v3, a3 + j, sizeof v3);
        MK_V x = ((v3 * vs + v2) * vs + v1) * vs + v0;
        if (nt) __builtin_nontemporal_store(x, (MK_V *)(p + j));
        else memcpy(p + j, &x, sizeof x);
    }
    for (; j < n; j++) p[j] = ((a3[j] * s + a2[j]) * s + a1[j]) * s + a0[j];
}

// Elements lo ..< hi of a row at p (channels from a0): the whole aligned lines inside with
// non-temporal stores, the partial ones at either end with plain stores.
MK_ATTR __attribute__((always_inline)) static inline void MK_FN(sp_row_nt)(MK_T *p, const MK_T *a0, size_t c, MK_T s,
                                                                           size_t lo, size_t hi) {
    size_t off = (size_t)((uintptr_t)(p + lo) & 63) / sizeof(MK_T);
    size_t ja = lo + (MK_W - off) % MK_W;
    if (ja > hi) ja = hi;
    size_t jb = ja + (hi - ja) / MK_W * MK_W;
    MK_FN(sp_row)(p + lo, a0 + lo, c, s, ja - lo, 0);
    MK_FN(sp_row)(p + ja, a0 + ja, c, s, jb - ja, 1);
    MK_FN(sp_row)(p + jb, a0 + jb, c, s, hi - jb, 0);
}

MK_ATTR static void MK_FN(sp_time_major)(const MK_T *coef, size_t channels, const intptr_t *segment, const MK_T *local,
                                         size_t times, size_t first, size_t count, MK_T *out, int isa, int stream) {
    size_t n = count, c = channels;
    if (stream && (n < 4 * MK_W || (uintptr_t)out % sizeof(MK_T) != 0)) {
        // Narrow rows (or an unaligned output): through the L1 scratch writer, in output order.
        MK_T scratch[MK_SCRATCH_BYTES / sizeof(MK_T) + 64 / sizeof(MK_T)] __attribute__((aligned(64)));
        mk_writer w;
        mk_writer_init(&w, out, scratch, sizeof(MK_T), isa);
        for (size_t r = 0; r < times; r++) {
            const MK_T *a0 = coef + (size_t)segment[r] * 4 * c + first;
            size_t j0 = 0;
            while (j0 < n) {
                size_t m = mk_writer_room(&w);
                if (m > n - j0) m = n - j0;
                MK_FN(sp_row)((MK_T *)mk_writer_span(&w), a0 + j0, c, local[r], m, 0);
                mk_writer_advance(&w, m);
                j0 += m;
            }
        }
        mk_writer_finish(&w);
        return;
    }
    // Channel blocks of MK_SP_BLOCK, every time per block. Streamed, row r's blocks are shifted
    // by its misalignment m_r (elements past the last aligned line) so that every boundary
    // inside a row is a line boundary.
    size_t blocks = (n + MK_W + MK_SP_BLOCK - 1) / MK_SP_BLOCK;
    for (size_t k = 0; k < blocks; k++) {
        for (size_t r = 0; r < times; r++) {
            MK_T *p = out + r * n;
            size_t m = stream ? (size_t)((uintptr_t)p & 63) / sizeof(MK_T) : 0;
            size_t lo = k * MK_SP_BLOCK, hi = lo + MK_SP_BLOCK;
            lo = lo > m ? lo - m : 0;
            hi = hi > m ? hi - m : 0;
            if (hi > n) hi = n;
            if (lo >= hi) continue;
            const MK_T *a0 = coef + (size_t)segment[r] * 4 * c + first;
            if (stream) MK_FN(sp_row_nt)(p, a0, c, local[r], lo, hi);
            else MK_FN(sp_row)(p + lo, a0 + lo, c, local[r], hi - lo, 0);
        }
    }
    if (stream) mk_store_fence();
}

// out[j] = ((a3·s_j + a2)·s_j + a1)·s_j + a0 for j < n (one channel's coefficients a of one
// segment, the local times s); whole vectors stored non-temporally when `nt`.
MK_ATTR __attribute__((always_inline)) static inline void MK_FN(sp_run)(MK_T *p, const MK_T *a, const MK_T *s, size_t n,
                                                                        int nt) {
    MK_T a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
    MK_V v0 = (MK_V){0} + a0, v1 = (MK_V){0} + a1, v2 = (MK_V){0} + a2, v3 = (MK_V){0} + a3;
    size_t j = 0;
    for (; j + MK_W <= n; j += MK_W) {
        MK_V vs;
        memcpy(&vs, s + j, sizeof vs);
        MK_V x = ((v3 * vs + v2) * vs + v1) * vs + v0;
        if (nt) __builtin_nontemporal_store(x, (MK_V *)(p + j));
        else memcpy(p + j, &x, sizeof x);
    }
    for (; j < n; j++) p[j] = ((a3 * s[j] + a2) * s[j] + a1) * s[j] + a0;
}

MK_ATTR static void MK_FN(sp_channel_major)(const MK_T *coef, size_t segments, const intptr_t *runs, size_t run_count,
                                            const MK_T *local, size_t times, size_t first, size_t count, MK_T *out,
                                            int isa, int stream) {
    // Streamed with short runs (or an unaligned output): through the L1 scratch writer.
    if (stream && (run_count * 4 * MK_W > times || (uintptr_t)out % sizeof(MK_T) != 0)) {
        MK_T scratch[MK_SCRATCH_BYTES / sizeof(MK_T) + 64 / sizeof(MK_T)] __attribute__((aligned(64)));
        mk_writer w;
        mk_writer_init(&w, out, scratch, sizeof(MK_T), isa);
        for (size_t ch = first; ch < first + count; ch++)
            for (size_t q = 0; q < run_count; q++) {
                const MK_T *a = coef + (ch * segments + (size_t)runs[3 * q]) * 4;
                size_t j0 = (size_t)runs[3 * q + 1], end = (size_t)runs[3 * q + 2];
                while (j0 < end) {
                    size_t m = mk_writer_room(&w);
                    if (m > end - j0) m = end - j0;
                    MK_FN(sp_run)((MK_T *)mk_writer_span(&w), a, local + j0, m, 0);
                    mk_writer_advance(&w, m);
                    j0 += m;
                }
            }
        mk_writer_finish(&w);
        return;
    }
    for (size_t row = 0; row < count; row++) {
        MK_T *p = out + row * times;
        for (size_t q = 0; q < run_count; q++) {
            const MK_T *a = coef + ((first + row) * segments + (size_t)runs[3 * q]) * 4;
            size_t lo = (size_t)runs[3 * q + 1], hi = (size_t)runs[3 * q + 2];
            if (!stream) {
                MK_FN(sp_run)(p + lo, a, local + lo, hi - lo, 0);
                continue;
            }
            size_t off = (size_t)((uintptr_t)(p + lo) & 63) / sizeof(MK_T);
            size_t ja = lo + (MK_W - off) % MK_W;
            if (ja > hi) ja = hi;
            size_t jb = ja + (hi - ja) / MK_W * MK_W;
            MK_FN(sp_run)(p + lo, a, local + lo, ja - lo, 0);
            MK_FN(sp_run)(p + ja, a, local + ja, jb - ja, 1);
            MK_FN(sp_run)(p + jb, a, local + jb, hi - jb, 0);
        }
    }
    if (stream) mk_store_fence();
}

#undef MK_SP_BLOCK
