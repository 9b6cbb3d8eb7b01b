// Body of the Float transform build for one ISA level (included by mk_transform.c with
// MK_SUFFIX and MK_ATTR set). 16 objects per step, each lane the same operations in the same
// order as TransformBatch.buildKernelFloat and sinCos8 (the Swift twin in the tests), so the
// same bits.

// 16 lanes of channel p from index i (count valid, the default d elsewhere and when absent).
MK_ATTR __attribute__((always_inline)) static inline void MK_FN(tb_load)(mk_f16 *v, const float *p, size_t i,
                                                                         size_t count, float d) {
    *v = (mk_f16){0} + d;
    if (!p) return;
    if (count == 16) {
        memcpy(v, p + i, sizeof *v);
        return;
    }
    for (size_t k = 0; k < count; k++) (*v)[k] = p[i + k];
}

// Sine and cosine of 16 angles: TransformBatch.sinCos8 (the Swift twin), lane for lane.
MK_ATTR __attribute__((always_inline)) static inline void MK_FN(tb_sincos)(const mk_f16 *xp, mk_f16 *sn, mk_f16 *cs) {
    mk_f16 x = *xp;
    const mk_f16 magic = (mk_f16){0} + MK_TB_MAGIC;
    mk_f16 v = x * MK_TB_TWO_OVER_PI + magic;
    mk_u16 q = (mk_u16)v;
    mk_f16 j = v - magic;
    mk_f16 y = x - j * MK_TB_C1;
    y = y - j * MK_TB_C2;
    y = y - j * MK_TB_C3;
    mk_f16 z = y * y;
    mk_f16 ps = (mk_f16){0} + MK_TB_S0;
    ps = ps * z + MK_TB_S1;
    ps = ps * z - MK_TB_S2;
    mk_f16 s = y + y * z * ps;
    mk_f16 pc = (mk_f16){0} + MK_TB_K0;
    pc = pc * z - MK_TB_K1;
    pc = pc * z + MK_TB_K2;
    mk_f16 c = (1.0f - 0x1p-1f * z) + z * z * pc;
    mk_u16 sb = (mk_u16)s, cb = (mk_u16)c;
    mk_u16 odd = (q & 1) * 0xFFFFFFFFu;
    mk_u16 sv = (sb & ~odd) | (cb & odd);
    mk_u16 cv = (cb & ~odd) | (sb & odd);
    sv ^= (q & 2) << 30;
    cv ^= ((q + 1) & 2) << 30;
    *sn = (mk_f16)sv;
    *cs = (mk_f16)cv;
}

// The record of lane 4g + r from PQ (groups a11 a12 a21 a22) and XZ (groups x y z 1):
// a11 a12 0 0 | a21 a22 0 0 | 0 0 1 0 | x y z 1.
#define MK_TB_REC(PQ, XZ, r)                                                                                    \
    ((mk_f16)(((mk_u16)__builtin_shufflevector(PQ, XZ, 4 * (r), 4 * (r) + 1, 0, 0, 4 * (r) + 2, 4 * (r) + 3, 0, 0, \
                                                0, 0, 0, 0, 16 + 4 * (r), 17 + 4 * (r), 18 + 4 * (r),          \
                                                19 + 4 * (r)) &                                                \
               keep) |                                                                                          \
              one10))

// Builds the records of objects i ..< i + count (count ≤ 16) into rec[0 ..< 16]; accumulates
// the poison (x − x over the inputs, NaN for a non-finite one).
MK_ATTR __attribute__((always_inline)) static inline void MK_FN(tb_records)(const float *tx, const float *ty, const float *tz, const float *rot,
                                             const float *s, const float *sx, const float *sy, size_t i, size_t count,
                                             mk_f16 *poison, mk_f16 rec[16]) {
    mk_f16 th, sn, cs, u, sxv, syv, x, y, z;
    MK_FN(tb_load)(&th, rot, i, count, 0);
    if (rot) {
        MK_FN(tb_sincos)(&th, &sn, &cs);
        mk_i16 huge = (th > MK_TB_LIMIT) | (th < -MK_TB_LIMIT);
        int any = 0;
        for (int k = 0; k < 16; k++) any |= huge[k];
        if (any)
            for (int k = 0; k < 16; k++)
                if (huge[k]) {
                    sn[k] = sinf(th[k]);
                    cs[k] = cosf(th[k]);
                }
    } else {
        sn = (mk_f16){0};
        cs = (mk_f16){0} + 1.0f;
    }
    MK_FN(tb_load)(&u, s, i, count, 1);
    MK_FN(tb_load)(&sxv, sx, i, count, 1);
    MK_FN(tb_load)(&syv, sy, i, count, 1);
    MK_FN(tb_load)(&x, tx, i, count, 0);
    MK_FN(tb_load)(&y, ty, i, count, 0);
    MK_FN(tb_load)(&z, tz, i, count, 0);
    mk_f16 ax = u * sxv, ay = u * syv;
    *poison += (((((th - th) + (x - x)) + (y - y)) + (z - z)) + (ax - ax)) + (ay - ay);
    mk_f16 a11 = ax * cs, a12 = ax * sn, a21 = -ay * sn, a22 = ay * cs;
    const mk_f16 ones = (mk_f16){0} + 1.0f;
    const mk_u16 keep = {~0u, ~0u, 0, 0, ~0u, ~0u, 0, 0, 0, 0, 0, 0, ~0u, ~0u, ~0u, ~0u};
    const mk_u16 one10 = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x3F800000u, 0, 0, 0, 0, 0};
    // Pairs (a11, a12), (a21, a22), (x, y), (z, 1) of lanes 0–7 and 8–15.
    mk_f16 p0 = __builtin_shufflevector(a11, a12, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    mk_f16 p1 = __builtin_shufflevector(a11, a12, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    mk_f16 q0 = __builtin_shufflevector(a21, a22, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    mk_f16 q1 = __builtin_shufflevector(a21, a22, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    mk_f16 x0 = __builtin_shufflevector(x, y, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    mk_f16 x1 = __builtin_shufflevector(x, y, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    mk_f16 z0 = __builtin_shufflevector(z, ones, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    mk_f16 z1 = __builtin_shufflevector(z, ones, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    // Quadruples of lanes 0–3, 4–7, 8–11, 12–15.
#define MK_TB_LO4(a, b) __builtin_shufflevector(a, b, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23)
#define MK_TB_HI4(a, b) __builtin_shufflevector(a, b, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31)
    mk_f16 pq0 = MK_TB_LO4(p0, q0), pq1 = MK_TB_HI4(p0, q0), pq2 = MK_TB_LO4(p1, q1), pq3 = MK_TB_HI4(p1, q1);
    mk_f16 xz0 = MK_TB_LO4(x0, z0), xz1 = MK_TB_HI4(x0, z0), xz2 = MK_TB_LO4(x1, z1), xz3 = MK_TB_HI4(x1, z1);
    rec[0] = MK_TB_REC(pq0, xz0, 0); rec[1] = MK_TB_REC(pq0, xz0, 1);
    rec[2] = MK_TB_REC(pq0, xz0, 2); rec[3] = MK_TB_REC(pq0, xz0, 3);
    rec[4] = MK_TB_REC(pq1, xz1, 0); rec[5] = MK_TB_REC(pq1, xz1, 1);
    rec[6] = MK_TB_REC(pq1, xz1, 2); rec[7] = MK_TB_REC(pq1, xz1, 3);
    rec[8] = MK_TB_REC(pq2, xz2, 0); rec[9] = MK_TB_REC(pq2, xz2, 1);
    rec[10] = MK_TB_REC(pq2, xz2, 2); rec[11] = MK_TB_REC(pq2, xz2, 3);
    rec[12] = MK_TB_REC(pq3, xz3, 0); rec[13] = MK_TB_REC(pq3, xz3, 1);
    rec[14] = MK_TB_REC(pq3, xz3, 2); rec[15] = MK_TB_REC(pq3, xz3, 3);
}

// The 16 records of a whole group, each named by a constant index (so that they stay in
// registers: a variable index would put the group on the stack).
#define MK_TB_EACH(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)

// The group of objects i ..< i + count with a variable count (the last, short group): plain
// stores, record k at out + 16 (i + k).
MK_ATTR __attribute__((noinline)) static void MK_FN(tb_plain_part)(const float *tx, const float *ty, const float *tz,
                                                                   const float *rot, const float *s, const float *sx,
                                                                   const float *sy, size_t i, size_t count, float *out,
                                                                   mk_f16 *poison) {
    mk_f16 rec[16];
    MK_FN(tb_records)(tx, ty, tz, rot, s, sx, sy, i, count, poison, rec);
    for (size_t k = 0; k < count; k++) memcpy(out + 16 * (i + k), &rec[k], 64);
}

// Plain stores: record k at out + 16 k (any alignment).
MK_ATTR static int MK_FN(tb_plain)(const float *tx, const float *ty, const float *tz, const float *rot, const float *s,
                                   const float *sx, const float *sy, size_t n, float *out) {
    mk_f16 poison = {0};
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        mk_f16 rec[16];
        MK_FN(tb_records)(tx, ty, tz, rot, s, sx, sy, i, 16, &poison, rec);
#define MK_TB_PLAIN(k) memcpy(out + 16 * (i + k), &rec[k], 64);
        MK_TB_EACH(MK_TB_PLAIN)
#undef MK_TB_PLAIN
    }
    if (i < n) MK_FN(tb_plain_part)(tx, ty, tz, rot, s, sx, sy, i, n - i, out, &poison);
    int clean = 1;
    for (int l = 0; l < 16; l++) clean &= poison[l] == 0;
    return !clean;
}

// Non-temporal stores of whole aligned lines, for an output whose first aligned line starts H
// floats in (H = (64 − out mod 64) mod 64 / 4). Line k (out + H + 16 k) holds record k's
// fields H… and record k + 1's fields …H − 1: one two-source shuffle of consecutive records.
// Record 0's first H fields and the last record's fields H… are plain stores. Whole groups
// after the first run with every record in registers; the first and the last group go through
// the `_part` function (variable count, records on the stack).
#define MK_TB_LINE(a, b, H)                                                                                    \
    __builtin_shufflevector(a, b, H + 0, H + 1, H + 2, H + 3, H + 4, H + 5, H + 6, H + 7, H + 8, H + 9, H + 10, \
                            H + 11, H + 12, H + 13, H + 14, H + 15)
#define MK_TB_STREAM(H)                                                                                               \
    MK_ATTR __attribute__((noinline)) static void MK_FN(tb_stream_part_##H)(                                          \
        const float *tx, const float *ty, const float *tz, const float *rot, const float *s, const float *sx,         \
        const float *sy, size_t i, size_t count, float *out, mk_f16 *poison, mk_f16 *prev) {                          \
        mk_f16 rec[16];                                                                                               \
        MK_FN(tb_records)(tx, ty, tz, rot, s, sx, sy, i, count, poison, rec);                                         \
        for (size_t k = 0; k < count; k++) {                                                                          \
            size_t o = i + k;                                                                                         \
            if (H == 0) {                                                                                             \
                __builtin_nontemporal_store(rec[k], (mk_f16 *)(out + 16 * o));                                        \
            } else if (o == 0) {                                                                                      \
                memcpy(out, &rec[k], (H) * sizeof(float));                                                            \
            } else {                                                                                                  \
                mk_f16 line = MK_TB_LINE(*prev, rec[k], H);                                                           \
                __builtin_nontemporal_store(line, (mk_f16 *)(out + (H) + 16 * (o - 1)));                              \
            }                                                                                                         \
            *prev = rec[k];                                                                                           \
        }                                                                                                             \
    }                                                                                                                 \
    MK_ATTR static int MK_FN(tb_stream_##H)(const float *tx, const float *ty, const float *tz, const float *rot,       \
                                            const float *s, const float *sx, const float *sy, size_t n, float *out) {   \
        mk_f16 poison = {0}, prev = {0};                                                                              \
        size_t first = n < 16 ? n : 16, i = first;                                                                    \
        MK_FN(tb_stream_part_##H)(tx, ty, tz, rot, s, sx, sy, 0, first, out, &poison, &prev);                         \
        for (; i + 16 <= n; i += 16) {                                                                                \
            mk_f16 rec[16];                                                                                           \
            MK_FN(tb_records)(tx, ty, tz, rot, s, sx, sy, i, 16, &poison, rec);                                       \
            MK_TB_EACH(MK_TB_EMIT_##H)                                                                                \
            prev = rec[15];                                                                                           \
        }                                                                                                             \
        if (i < n) MK_FN(tb_stream_part_##H)(tx, ty, tz, rot, s, sx, sy, i, n - i, out, &poison, &prev);              \
        if (H != 0 && n > 0) memcpy(out + 16 * (n - 1) + (H), (float *)&prev + (H), (16 - (H)) * sizeof(float));       \
        mk_store_fence();                                                                                             \
        int clean = 1;                                                                                                \
        for (int l = 0; l < 16; l++) clean &= poison[l] == 0;                                                         \
        return !clean;                                                                                                \
    }
// Record k of a whole group at i > 0: its line (H = 0), or the line it completes.
#define MK_TB_EMIT(H, k)                                                                                 \
    if (H == 0) __builtin_nontemporal_store(rec[k], (mk_f16 *)(out + 16 * (i + k)));                     \
    else __builtin_nontemporal_store(MK_TB_LINE((k) == 0 ? prev : rec[(k) == 0 ? 0 : (k) - 1], rec[k], H), \
                                     (mk_f16 *)(out + (H) + 16 * (i + k - 1)));
#define MK_TB_EMIT_0(k) MK_TB_EMIT(0, k)
#define MK_TB_EMIT_1(k) MK_TB_EMIT(1, k)
#define MK_TB_EMIT_2(k) MK_TB_EMIT(2, k)
#define MK_TB_EMIT_3(k) MK_TB_EMIT(3, k)
#define MK_TB_EMIT_4(k) MK_TB_EMIT(4, k)
#define MK_TB_EMIT_5(k) MK_TB_EMIT(5, k)
#define MK_TB_EMIT_6(k) MK_TB_EMIT(6, k)
#define MK_TB_EMIT_7(k) MK_TB_EMIT(7, k)
#define MK_TB_EMIT_8(k) MK_TB_EMIT(8, k)
#define MK_TB_EMIT_9(k) MK_TB_EMIT(9, k)
#define MK_TB_EMIT_10(k) MK_TB_EMIT(10, k)
#define MK_TB_EMIT_11(k) MK_TB_EMIT(11, k)
#define MK_TB_EMIT_12(k) MK_TB_EMIT(12, k)
#define MK_TB_EMIT_13(k) MK_TB_EMIT(13, k)
#define MK_TB_EMIT_14(k) MK_TB_EMIT(14, k)
#define MK_TB_EMIT_15(k) MK_TB_EMIT(15, k)
MK_TB_STREAM(0)
MK_TB_STREAM(1)
MK_TB_STREAM(2)
MK_TB_STREAM(3)
MK_TB_STREAM(4)
MK_TB_STREAM(5)
MK_TB_STREAM(6)
MK_TB_STREAM(7)
MK_TB_STREAM(8)
MK_TB_STREAM(9)
MK_TB_STREAM(10)
MK_TB_STREAM(11)
MK_TB_STREAM(12)
MK_TB_STREAM(13)
MK_TB_STREAM(14)
MK_TB_STREAM(15)

MK_ATTR static int MK_FN(tb)(const float *tx, const float *ty, const float *tz, const float *rot, const float *s,
                             const float *sx, const float *sy, size_t n, float *out, int stream) {
    if (!stream || (uintptr_t)out % sizeof(float) != 0)
        return MK_FN(tb_plain)(tx, ty, tz, rot, s, sx, sy, n, out);
    switch ((size_t)((64 - ((uintptr_t)out & 63)) & 63) / sizeof(float)) {
    case 0: return MK_FN(tb_stream_0)(tx, ty, tz, rot, s, sx, sy, n, out);
    case 1: return MK_FN(tb_stream_1)(tx, ty, tz, rot, s, sx, sy, n, out);
    case 2: return MK_FN(tb_stream_2)(tx, ty, tz, rot, s, sx, sy, n, out);
    case 3: return MK_FN(tb_stream_3)(tx, ty, tz, rot, s, sx, sy, n, out);
    case 4: return MK_FN(tb_stream_4)(tx, ty, tz, rot, s, sx, sy, n, out);
    case 5: return MK_FN(tb_stream_5)(tx, ty, tz, rot, s, sx, sy, n, out);
    case 6: return MK_FN(tb_stream_6)(tx, ty, tz, rot, s, sx, sy, n, out);
    case 7: return MK_FN(tb_stream_7)(tx, ty, tz, rot, s, sx, sy, n, out);
    case 8: return MK_FN(tb_stream_8)(tx, ty, tz, rot, s, sx, sy, n, out);
    case 9: return MK_FN(tb_stream_9)(tx, ty, tz, rot, s, sx, sy, n, out);
    case 10: return MK_FN(tb_stream_10)(tx, ty, tz, rot, s, sx, sy, n, out);
    case 11: return MK_FN(tb_stream_11)(tx, ty, tz, rot, s, sx, sy, n, out);
    case 12: return MK_FN(tb_stream_12)(tx, ty, tz, rot, s, sx, sy, n, out);
    case 13: return MK_FN(tb_stream_13)(tx, ty, tz, rot, s, sx, sy, n, out);
    case 14: return MK_FN(tb_stream_14)(tx, ty, tz, rot, s, sx, sy, n, out);
    default: return MK_FN(tb_stream_15)(tx, ty, tz, rot, s, sx, sy, n, out);
    }
}

#undef MK_TB_REC
#undef MK_TB_LO4
#undef MK_TB_HI4
#undef MK_TB_LINE
#undef MK_TB_STREAM
#undef MK_TB_EMIT
#undef MK_TB_EACH
#undef MK_TB_EMIT_0
#undef MK_TB_EMIT_1
#undef MK_TB_EMIT_2
#undef MK_TB_EMIT_3
#undef MK_TB_EMIT_4
#undef MK_TB_EMIT_5
#undef MK_TB_EMIT_6
#undef MK_TB_EMIT_7
#undef MK_TB_EMIT_8
#undef MK_TB_EMIT_9
#undef MK_TB_EMIT_10
#undef MK_TB_EMIT_11
#undef MK_TB_EMIT_12
#undef MK_TB_EMIT_13
#undef MK_TB_EMIT_14
#undef MK_TB_EMIT_15
