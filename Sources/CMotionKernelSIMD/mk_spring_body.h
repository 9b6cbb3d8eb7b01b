// Body of the per-spring batch kernel (mk_kernels.h's mk_spring_rows_*) for one ISA level and one
// output type; included by mk_spring.c with MK_SUFFIX, MK_ATTR, MK_E (float or double), MK_EV (8
// of MK_E), MK_EV2 (16 of MK_E), MK_CVT (8 doubles to MK_EV) and MK_COPY (mk_store_copy_*) set.
//
// The arithmetic is the Swift twin's (Tests/MotionKernelTests/Support/SwiftTwins/SpringBatch+SwiftTwin.swift),
// operation for operation, sixteen springs per setup vector (MK_SPRING_GROUP, 16-lane mk_d16)
// instead of four: Φ(Δt) from the series of the propagator, Φ², Φ⁴, Φ⁸ by squaring, the first
// rows of Φ⁰…Φ⁷ by row–matrix products, transposed into per-spring eight-sample coefficients;
// states every eight samples by Φ⁸ across the sixteen springs; each row expanded eight samples
// at a time from its states.

// Sixteen springs' column c from spring `first` (lanes ≥ valid repeat the last valid spring).
MK_ATTR MK_INLINE static inline mk_d16 MK_FN(col)(const double *c, size_t first, int valid) {
    mk_d16 r;
    if (valid == MK_SPRING_GROUP) {
        memcpy(&r, c + first, sizeof r);
        return r;
    }
    for (int l = 0; l < MK_SPRING_GROUP; l++) r[l] = c[first + (size_t)(l < valid ? l : valid - 1)];
    return r;
}

// Σ zⁿ/(2n)! (odd: Σ zⁿ/(2n+1)!) over n < terms, Horner from the last term.
MK_ATTR MK_INLINE static inline mk_d16 MK_FN(series)(mk_d16 z, int terms, int odd) {
    mk_d16 r = MK_SPLAT16D(mk_series_coefficient(terms - 1, odd));
    for (int n = terms - 2; n >= 0; n--) r = r * z + mk_series_coefficient(n, odd);
    return r;
}

MK_ATTR MK_INLINE static inline mk_m16 MK_FN(mul)(mk_m16 a, mk_m16 b) {
    mk_m16 r = {a.p11 * b.p11 + a.p12 * b.p21, a.p11 * b.p12 + a.p12 * b.p22, a.p21 * b.p11 + a.p22 * b.p21,
               a.p21 * b.p12 + a.p22 * b.p22};
    return r;
}

// The 8×8 transpose of r (r[k][l] → out[l][k]).
MK_ATTR MK_INLINE static inline void MK_FN(transpose8)(const mk_d8 r[8], mk_d8 out[8]) {
    mk_d8 t0 = __builtin_shufflevector(r[0], r[1], 0, 8, 2, 10, 4, 12, 6, 14);
    mk_d8 t1 = __builtin_shufflevector(r[0], r[1], 1, 9, 3, 11, 5, 13, 7, 15);
    mk_d8 t2 = __builtin_shufflevector(r[2], r[3], 0, 8, 2, 10, 4, 12, 6, 14);
    mk_d8 t3 = __builtin_shufflevector(r[2], r[3], 1, 9, 3, 11, 5, 13, 7, 15);
    mk_d8 t4 = __builtin_shufflevector(r[4], r[5], 0, 8, 2, 10, 4, 12, 6, 14);
    mk_d8 t5 = __builtin_shufflevector(r[4], r[5], 1, 9, 3, 11, 5, 13, 7, 15);
    mk_d8 t6 = __builtin_shufflevector(r[6], r[7], 0, 8, 2, 10, 4, 12, 6, 14);
    mk_d8 t7 = __builtin_shufflevector(r[6], r[7], 1, 9, 3, 11, 5, 13, 7, 15);
    mk_d8 u0 = __builtin_shufflevector(t0, t2, 0, 1, 8, 9, 4, 5, 12, 13);
    mk_d8 u1 = __builtin_shufflevector(t1, t3, 0, 1, 8, 9, 4, 5, 12, 13);
    mk_d8 u2 = __builtin_shufflevector(t0, t2, 2, 3, 10, 11, 6, 7, 14, 15);
    mk_d8 u3 = __builtin_shufflevector(t1, t3, 2, 3, 10, 11, 6, 7, 14, 15);
    mk_d8 u4 = __builtin_shufflevector(t4, t6, 0, 1, 8, 9, 4, 5, 12, 13);
    mk_d8 u5 = __builtin_shufflevector(t5, t7, 0, 1, 8, 9, 4, 5, 12, 13);
    mk_d8 u6 = __builtin_shufflevector(t4, t6, 2, 3, 10, 11, 6, 7, 14, 15);
    mk_d8 u7 = __builtin_shufflevector(t5, t7, 2, 3, 10, 11, 6, 7, 14, 15);
    out[0] = __builtin_shufflevector(u0, u4, 0, 1, 2, 3, 8, 9, 10, 11);
    out[4] = __builtin_shufflevector(u0, u4, 4, 5, 6, 7, 12, 13, 14, 15);
    out[1] = __builtin_shufflevector(u1, u5, 0, 1, 2, 3, 8, 9, 10, 11);
    out[5] = __builtin_shufflevector(u1, u5, 4, 5, 6, 7, 12, 13, 14, 15);
    out[2] = __builtin_shufflevector(u2, u6, 0, 1, 2, 3, 8, 9, 10, 11);
    out[6] = __builtin_shufflevector(u2, u6, 4, 5, 6, 7, 12, 13, 14, 15);
    out[3] = __builtin_shufflevector(u3, u7, 0, 1, 2, 3, 8, 9, 10, 11);
    out[7] = __builtin_shufflevector(u3, u7, 4, 5, 6, 7, 12, 13, 14, 15);
}

// Transposes sixteen springs' eight coefficient rows r[k] (lane = spring) into out[l] (lane = k).
MK_ATTR MK_INLINE static inline void MK_FN(transpose)(const mk_d16 r[8], mk_d8 out[16]) {
    mk_d8 lo[8], hi[8];
    for (int k = 0; k < 8; k++) {
        lo[k] = __builtin_shufflevector(r[k], r[k], 0, 1, 2, 3, 4, 5, 6, 7);
        hi[k] = __builtin_shufflevector(r[k], r[k], 8, 9, 10, 11, 12, 13, 14, 15);
    }
    MK_FN(transpose8)(lo, out);
    MK_FN(transpose8)(hi, out + 8);
}

// One row k < 8 of Φᵏ for sixteen springs, given that row of Φ⁰, Φ¹, Φ², Φ⁴ as (x_k, y_k): rows 3,
// 5, 6, 7 by row–matrix products with Φ² and Φ⁴, then transposed into per-spring coefficient
// vectors X[l], Y[l] (lane = k). The first rows give a, b; the second rows give c, d.
MK_ATTR MK_INLINE static inline void MK_FN(power_rows)(mk_d16 x0, mk_d16 y0, mk_d16 x1, mk_d16 y1, mk_d16 x2, mk_d16 y2,
                                                       mk_d16 x4, mk_d16 y4, mk_m16 m2, mk_m16 m4, mk_d8 X[16], mk_d8 Y[16]) {
    mk_d16 x[8], y[8];
    x[0] = x0; y[0] = y0;
    x[1] = x1; y[1] = y1;
    x[2] = x2; y[2] = y2;
    x[3] = x[1] * m2.p11 + y[1] * m2.p21; y[3] = x[1] * m2.p12 + y[1] * m2.p22;
    x[4] = x4; y[4] = y4;
    x[5] = x[1] * m4.p11 + y[1] * m4.p21; y[5] = x[1] * m4.p12 + y[1] * m4.p22;
    x[6] = x[2] * m4.p11 + y[2] * m4.p21; y[6] = x[2] * m4.p12 + y[2] * m4.p22;
    x[7] = x[3] * m4.p11 + y[3] * m4.p21; y[7] = x[3] * m4.p12 + y[3] * m4.p22;
    MK_FN(transpose)(x, X);
    MK_FN(transpose)(y, Y);
}

// Stores the first n (< 8) elements of x at p; returns their x − x sum (NaN when one is not finite).
MK_ATTR MK_INLINE static inline MK_E MK_FN(store_part)(MK_E *p, MK_EV x, size_t n) {
    MK_E s = 0;
    for (size_t k = 0; k < n; k++) {
        p[k] = x[k];
        s += x[k] - x[k];
    }
    return s;
}

MK_ATTR static int MK_FN(spring_rows)(const mk_spring_job *jb, MK_E *out, MK_E *vout, int isa, int stream) {
    const size_t T = jb->tcount, I = jb->interval, nint = (T + I - 1) / I;
    const int vel = vout != NULL, near = jb->dev != NULL, needCD = vel || near;
    const double dt = jb->step;
    // Group scratch (mode B): the sixteen rows of a group computed in L1, then stream-copied as one
    // contiguous span. Span scratch (mode C, long rows): one row's interval at a time.
    const int group_mode = stream && MK_SPRING_GROUP * T * sizeof(MK_E) <= MK_SPRING_GROUP_BYTES;
    _Alignas(64) MK_E gs[MK_SPRING_GROUP_BYTES / sizeof(MK_E)];
    _Alignas(64) MK_E gsv[MK_SPRING_GROUP_BYTES / sizeof(MK_E)];
    _Alignas(64) MK_E ss[MK_SPRING_MAX_INTERVAL + 8], ssv[MK_SPRING_MAX_INTERVAL + 8];
    _Alignas(64) double states[MK_SPRING_MAX_INTERVAL / 8][2][MK_SPRING_GROUP];
    MK_EV acc = {0};
    MK_E sacc = 0;
    const mk_d8 half = MK_SPLAT8(0.5), sixth = MK_SPLAT8(1.0 / 6);
    mk_nt nto, ntv;
    mk_nt_init(&nto, out);
    mk_nt_init(&ntv, vel ? vout : out);

    for (size_t g = 0; g < jb->rows; g += MK_SPRING_GROUP) {
        const int valid = jb->rows - g < MK_SPRING_GROUP ? (int)(jb->rows - g) : MK_SPRING_GROUP;
        const size_t s0 = jb->first + g;
        // The columns of the group after next (six streams of 64 bytes per group).
        if (g + 2 * MK_SPRING_GROUP < jb->rows) {
            const double *cols[6] = {jb->lam, jb->q, jb->w2, jb->target, jb->y0, jb->v0};
            for (int c6 = 0; c6 < 6; c6++) { __builtin_prefetch(cols[c6] + s0 + 2 * MK_SPRING_GROUP); __builtin_prefetch(cols[c6] + s0 + 2 * MK_SPRING_GROUP + 8); }
        }
        const mk_d16 lam = MK_FN(col)(jb->lam, s0, valid), q = MK_FN(col)(jb->q, s0, valid);
        const mk_d16 w2 = MK_FN(col)(jb->w2, s0, valid), tg = MK_FN(col)(jb->target, s0, valid);
        const mk_d16 y0 = MK_FN(col)(jb->y0, s0, valid), v0 = MK_FN(col)(jb->v0, s0, valid);

        // Φ(Δt) in the series branch; flagged rows bring their own.
        const mk_d16 z = -q * MK_SPLAT16D(dt * dt);
        const mk_d16 x = lam * dt;
        const mk_d16 w = x * x;
        const mk_d16 c = MK_FN(series)(z, 12, 0), sn = MK_FN(series)(z, 12, 1);
        const mk_d16 ce = MK_FN(series)(w, 8, 0), se = MK_FN(series)(w, 8, 1);
        const mk_d16 e = ce - x * se;
        const mk_d16 eC = e * c;
        const mk_d16 eS = e * sn * dt;
        mk_m16 m1 = {eC + lam * eS, eS, -w2 * eS, eC - lam * eS};
        if (jb->flags) {
            for (int l = 0; l < MK_SPRING_GROUP; l++) {
                size_t r = g + (size_t)(l < valid ? l : valid - 1);
                if (jb->flags[r] & 1) {
                    m1.p11[l] = jb->phi[4 * r];
                    m1.p12[l] = jb->phi[4 * r + 1];
                    m1.p21[l] = jb->phi[4 * r + 2];
                    m1.p22[l] = jb->phi[4 * r + 3];
                }
            }
        }
        const mk_m16 m2 = MK_FN(mul)(m1, m1), m4 = MK_FN(mul)(m2, m2), m8 = MK_FN(mul)(m4, m4);
        const mk_d16 zero = lam * 0, one = zero + 1;
        // First rows r_k of Φᵏ (a, b) and second rows s_k (c, d), k < 8, as per-spring
        // eight-sample coefficient vectors.
        mk_d8 A[MK_SPRING_GROUP], B[MK_SPRING_GROUP], C[MK_SPRING_GROUP], D[MK_SPRING_GROUP];
        MK_FN(power_rows)(one, zero, m1.p11, m1.p12, m2.p11, m2.p12, m4.p11, m4.p12, m2, m4, A, B);
        if (needCD) MK_FN(power_rows)(zero, one, m1.p21, m1.p22, m2.p21, m2.p22, m4.p21, m4.p22, m2, m4, C, D);

        for (size_t k = 0; k < nint; k++) {
            const size_t j0 = k * I, len = T - j0 < I ? T - j0 : I, blocks = (len + 7) / 8, full = len / 8;
            mk_d16 y = y0, v = v0;
            if (jb->anchors) {
                for (int l = 0; l < MK_SPRING_GROUP; l++) {
                    size_t r = g + (size_t)(l < valid ? l : valid - 1);
                    y[l] = jb->anchors[(r * nint + k) * 2];
                    v[l] = jb->anchors[(r * nint + k) * 2 + 1];
                }
            }
            for (size_t b = 0; b < blocks; b++) {
                memcpy(states[b][0], &y, sizeof y);
                memcpy(states[b][1], &v, sizeof v);
                mk_d16 ny = m8.p11 * y + m8.p12 * v;
                v = m8.p21 * y + m8.p22 * v;
                y = ny;
            }
            for (int l = 0; l < valid; l++) {
                const size_t r = g + (size_t)l;
                MK_E *o, *vo;
                if (group_mode) {
                    o = gs + (size_t)l * T + j0;
                    vo = gsv + (size_t)l * T + j0;
                } else if (stream) {
                    o = ss;
                    vo = ssv;
                } else {
                    o = out + r * T + j0;
                    vo = vel ? vout + r * T + j0 : NULL;
                }
                const mk_d8 tgl = MK_SPLAT8(tg[l]), Al = A[l], Bl = B[l];
                const double *sy = &states[0][0][l], *sv = &states[0][1][l];
#define MK_SB (2 * MK_SPRING_GROUP)
                if (!near && !vel) {
                    // Values only: two blocks per step, two accumulators (no long add chain).
                    MK_EV a0 = {0}, a1 = {0};
                    size_t b = 0;
                    for (; b + 2 <= full; b += 2) {
                        MK_EV x0 = MK_CVT((tgl + Al * sy[MK_SB * b]) + Bl * sv[MK_SB * b]);
                        MK_EV x1 = MK_CVT((tgl + Al * sy[MK_SB * (b + 1)]) + Bl * sv[MK_SB * (b + 1)]);
                        a0 += x0 - x0;
                        a1 += x1 - x1;
                        MK_EV2 x01 = __builtin_shufflevector(x0, x1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
                        memcpy(o + 8 * b, &x01, sizeof x01);
                    }
                    for (; b < blocks; b++) {
                        MK_EV x0 = MK_CVT((tgl + Al * sy[MK_SB * b]) + Bl * sv[MK_SB * b]);
                        if (b < full) {
                            a0 += x0 - x0;
                            memcpy(o + 8 * b, &x0, sizeof x0);
                        } else {
                            sacc += MK_FN(store_part)(o + 8 * b, x0, len - 8 * b);
                        }
                    }
                    acc += a0 + a1;
                } else if (!near) {
                    const mk_d8 Cl = C[l], Dl = D[l];
                    for (size_t b = 0; b < blocks; b++) {
                        const double yl = sy[MK_SB * b], vl = sv[MK_SB * b];
                        MK_EV xs = MK_CVT((tgl + Al * yl) + Bl * vl);
                        MK_EV us = MK_CVT(Cl * yl + Dl * vl);
                        if (b < full) {
                            acc += (xs - xs) + (us - us);
                            memcpy(o + 8 * b, &xs, sizeof xs);
                            memcpy(vo + 8 * b, &us, sizeof us);
                        } else {
                            sacc += MK_FN(store_part)(o + 8 * b, xs, len - 8 * b);
                            sacc += MK_FN(store_part)(vo + 8 * b, us, len - 8 * b);
                        }
                    }
                } else {
                    const mk_d8 Cl = C[l], Dl = D[l];
                    const mk_d8 mw2 = MK_SPLAT8(-w2[l]), ml2 = MK_SPLAT8(-(2 * lam[l]));
                    for (size_t b = 0; b < blocks; b++) {
                        const mk_d8 yl = MK_SPLAT8(sy[MK_SB * b]), vl = MK_SPLAT8(sv[MK_SB * b]);
                        mk_d8 d;
                        memcpy(&d, jb->dev + j0 + 8 * b, sizeof d);
                        const mk_d8 p = Al * yl + Bl * vl;
                        const mk_d8 u = Cl * yl + Dl * vl;
                        const mk_d8 ac = mw2 * p + ml2 * u;
                        const mk_d8 jerk = mw2 * u + ml2 * ac;
                        MK_EV xs = MK_CVT((p + tgl) + d * (u + d * (half * ac + d * (sixth * jerk))));
                        if (b < full) {
                            acc += xs - xs;
                            memcpy(o + 8 * b, &xs, sizeof xs);
                        } else {
                            sacc += MK_FN(store_part)(o + 8 * b, xs, len - 8 * b);
                        }
                        if (vel) {
                            const mk_d8 snap = mw2 * ac + ml2 * jerk;
                            MK_EV us = MK_CVT(u + d * (ac + d * (half * jerk + d * (sixth * snap))));
                            if (b < full) {
                                acc += us - us;
                                memcpy(vo + 8 * b, &us, sizeof us);
                            } else {
                                sacc += MK_FN(store_part)(vo + 8 * b, us, len - 8 * b);
                            }
                        }
                    }
                }
                if (stream && !group_mode) {
                    MK_COPY(out + r * T + j0, ss, len, isa);
                    if (vel) MK_COPY(vout + r * T + j0, ssv, len, isa);
                }
            }
        }
        // The whole group streams out in one burst of non-temporal stores: on AMD Zen 4 the
        // same stores issued row by row, between the next row's stores into the scratch,
        // took 6.8 ms for 10⁵ springs × 120 against 4.2 ms (rows of 2, 4 and 8: 6.0, 5.9,
        // 5.1 ms), as the C peer's per-block bursts do.
        if (group_mode) {
            mk_nt_append(&nto, gs, (size_t)valid * T * sizeof(MK_E));
            if (vel) mk_nt_append(&ntv, gsv, (size_t)valid * T * sizeof(MK_E));
        }
    }
    if (group_mode) {
        mk_nt_finish(&nto);
        if (vel) mk_nt_finish(&ntv);
    } else if (stream) {
        mk_store_fence();
    }
    for (int l = 0; l < 8; l++) sacc += acc[l];
    return sacc != 0;
#undef MK_SB
}
