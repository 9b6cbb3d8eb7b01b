// Body of the bulk cubic-Bézier kernel for one ISA level (included by mk_bezier.c with
// MK_SUFFIX and MK_ATTR set). 8 inputs per step; each lane is the same operations in the same
// order as the Swift twin (Tests/MotionKernelTests/Support/SwiftTwins/CubicBezier+SwiftTwin.swift),
// the fused multiply-adds included (see mk_bezier.c), so the same bits at every level.

// fma(a, b, c) = a·b + c with one rounding, lane by lane.
#define MK_BZ_FMA(a, b, c) __builtin_elementwise_fma((a), (b), (c))

// Lanes of m (all bits set or clear) select a, the others b.
MK_ATTR MK_INLINE static inline mk_d8 MK_FN(bz_select)(mk_l8 m, mk_d8 a, mk_d8 b) {
    return (mk_d8)(((mk_l8)a & m) | ((mk_l8)b & ~m));
}

// The cell of each lane (the index into the table, ×4 for its coefficients) and the local
// coordinate u = s − ⌊s⌋ ∈ [0, 1), where s = x·cells clamped into [0, top] (NaN → 0). ⌊s⌋ by
// the 2⁵² trick: exact for 0 ≤ s < 2⁵¹, so the same double as floor(s).
MK_ATTR MK_INLINE static inline void MK_FN(bz_cell)(mk_d8 x, const mk_bezier_table *tb, mk_l8 *index, mk_d8 *u) {
    const mk_d8 zero = MK_SPLAT8(0.0), magic = MK_SPLAT8(0x1p52), one = MK_SPLAT8(1.0);
    mk_d8 s = x * MK_SPLAT8(tb->cells);
    mk_d8 s0 = MK_FN(bz_select)(s > zero, s, zero);
    mk_d8 sc = MK_FN(bz_select)(s0 > MK_SPLAT8(tb->top), MK_SPLAT8(tb->top), s0);
    mk_d8 v = sc + magic;  // sc rounded to an integer, in the low mantissa bits
    mk_d8 r = v - magic;
    mk_l8 above = r > sc;  // rounded up: ⌊sc⌋ = r − 1
    mk_d8 f = r - (mk_d8)((mk_l8)one & above);
    *index = ((mk_l8)v - (mk_l8)magic) + above;
    *u = sc - f;
}

// One cell's 4 coefficients as a vector.
MK_ATTR MK_INLINE static inline mk_d4 MK_FN(bz_row)(const double *t, int64_t index) {
    mk_d4 r;
    memcpy(&r, t + 4 * index, sizeof r);
    return r;
}

// Coefficients k = 0…3 of four lanes from their cells' rows a, b, c, d: a 4×4 transpose
// (shuffles only).
MK_ATTR MK_INLINE static inline void MK_FN(bz_t4)(mk_d4 a, mk_d4 b, mk_d4 c, mk_d4 d, mk_d4 out[4]) {
    mk_d4 t0 = __builtin_shufflevector(a, b, 0, 4, 2, 6), t1 = __builtin_shufflevector(a, b, 1, 5, 3, 7);
    mk_d4 t2 = __builtin_shufflevector(c, d, 0, 4, 2, 6), t3 = __builtin_shufflevector(c, d, 1, 5, 3, 7);
    out[0] = __builtin_shufflevector(t0, t2, 0, 1, 4, 5);
    out[1] = __builtin_shufflevector(t1, t3, 0, 1, 4, 5);
    out[2] = __builtin_shufflevector(t0, t2, 2, 3, 6, 7);
    out[3] = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
}

// Coefficients k = 0…3 of each lane's cell in t (4 doubles per cell): each cell's 4 doubles
// loaded as one vector, then transposed (measured ~10 % faster than 32 scalar loads).
MK_ATTR MK_INLINE static inline void MK_FN(bz_gather)(const double *t, mk_l8 index, mk_d8 c[4]) {
    mk_d4 r0 = MK_FN(bz_row)(t, index[0]), r1 = MK_FN(bz_row)(t, index[1]), r2 = MK_FN(bz_row)(t, index[2]),
          r3 = MK_FN(bz_row)(t, index[3]), r4 = MK_FN(bz_row)(t, index[4]), r5 = MK_FN(bz_row)(t, index[5]),
          r6 = MK_FN(bz_row)(t, index[6]), r7 = MK_FN(bz_row)(t, index[7]);
    mk_d4 lo[4], hi[4];
    MK_FN(bz_t4)(r0, r1, r2, r3, lo);
    MK_FN(bz_t4)(r4, r5, r6, r7, hi);
    c[0] = __builtin_shufflevector(lo[0], hi[0], 0, 1, 2, 3, 4, 5, 6, 7);
    c[1] = __builtin_shufflevector(lo[1], hi[1], 0, 1, 2, 3, 4, 5, 6, 7);
    c[2] = __builtin_shufflevector(lo[2], hi[2], 0, 1, 2, 3, 4, 5, 6, 7);
    c[3] = __builtin_shufflevector(lo[3], hi[3], 0, 1, 2, 3, 4, 5, 6, 7);
}

// The cubic (c0 + c1 u) + u² (c2 + c3 u) in Estrin form, fused as the Swift twin.
MK_ATTR MK_INLINE static inline mk_d8 MK_FN(bz_estrin)(const mk_d8 c[4], mk_d8 u) {
    return MK_BZ_FMA(MK_BZ_FMA(c[3], u, c[2]), u * u, MK_BZ_FMA(c[1], u, c[0]));
}

// One Newton step on x(t) = x from the Hermite guess t0 (coefficients g), then y(t1).
MK_ATTR MK_INLINE static inline mk_d8 MK_FN(bz_newton)(mk_d8 x, const mk_d8 g[4], mk_d8 u, const mk_bezier_table *tb) {
    mk_d8 t0 = MK_FN(bz_estrin)(g, u);
    mk_d8 fx = MK_BZ_FMA(MK_BZ_FMA(MK_BZ_FMA(MK_SPLAT8(tb->ax), t0, MK_SPLAT8(tb->bx)), t0, MK_SPLAT8(tb->cx)), t0,
                         MK_SPLAT8(0.0) - x);
    mk_d8 d = MK_BZ_FMA(MK_BZ_FMA(MK_SPLAT8(tb->ax3), t0, MK_SPLAT8(tb->bx2)), t0, MK_SPLAT8(tb->cx));
    mk_d8 t1 = t0 - fx / d;
    return MK_BZ_FMA(MK_BZ_FMA(MK_SPLAT8(tb->ay), t1, MK_SPLAT8(tb->by)), t1, MK_SPLAT8(tb->cy)) * t1;
}

MK_ATTR static size_t MK_FN(bz_table)(const mk_bezier_table *tb, const double *x, size_t count, double *y,
                                      size_t *pending, size_t capacity, size_t *done) {
    const mk_d8 zero = MK_SPLAT8(0.0), one = MK_SPLAT8(1.0);
    size_t np = 0, i = 0;
    while (i < count && capacity - np >= 8) {
        size_t n = count - i < 8 ? count - i : 8;
        mk_d8 xv = MK_SPLAT8(0.5);  // in range: the lanes past the end compute harmlessly
        if (n == 8) memcpy(&xv, x + i, sizeof xv);
        else
            for (size_t k = 0; k < n; k++) xv[k] = x[i + k];
        mk_l8 index;
        mk_d8 u, c[4];
        MK_FN(bz_cell)(xv, tb, &index, &u);
        MK_FN(bz_gather)(tb->table, index, c);
        mk_d8 yv = MK_FN(bz_estrin)(c, u);
        // Settled: inputs inside (0, 1) in directly certified cells (the others hold NaN).
        mk_l8 ok = (xv > zero) & (xv < one) & (yv == yv);
        long bad = 0;
        for (int l = 0; l < 8; l++) bad |= ~ok[l];
        if (bad) {
            if (tb->guess) {
                mk_d8 g[4];
                MK_FN(bz_gather)(tb->guess, index, g);
                yv = MK_FN(bz_select)(yv != yv, MK_FN(bz_newton)(xv, g, u, tb), yv);
                ok = (xv > zero) & (xv < one) & (yv == yv);
            }
            for (size_t k = 0; k < n; k++)
                if (!ok[k]) pending[np++] = i + k;
        }
        if (n == 8) memcpy(y + i, &yv, sizeof yv);
        else
            for (size_t k = 0; k < n; k++) y[i + k] = yv[k];
        i += n;
    }
    *done = i;
    return np;
}

#undef MK_BZ_FMA
