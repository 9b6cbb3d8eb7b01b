// Body of the Double transform interpolation for one ISA level (included by mk_interpolate.c
// with MK_SUFFIX and MK_ATTR set): 8 pairs per step, each lane the operations of
// Transform3D.interpolate (DecomposedTransform.decompose, interpolated(to:fraction:),
// Quaternion.slerp, DecomposedTransform.matrix) in their order, with the C library's acos, sin
// and cos per lane as the Swift code calls them, so the same bits. The spec's branches are
// blends: the handedness flip (a sign mask), Shepperd's four quaternion cases (one square root
// of the selected argument, the components selected), the slerp's parallel case (|dot| = 1
// keeps a). A pair is left to the scalar path (its `fallback` byte set, its output untouched)
// when either matrix has a perspective part, is singular or m44 = 0, a row's squared length is
// not a normal number (where the Swift code switches to hypot), or anything the Swift code
// checks for finiteness is not finite.

// a where m, else b (m all ones or all zeros per lane).
#define MK_TI_SEL(m, a, b) ((mk_d8)(((m) & (mk_l8)(a)) | (~(m) & (mk_l8)(b))))
// x negated where m.
#define MK_TI_NEG(m, x) ((mk_d8)((mk_l8)(x) ^ ((m) & MK_TI_SIGN)))
#define MK_TI_SIGN ((mk_l8){INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN})

// One matrix's decomposition (no perspective part): translation, scale, skew, quaternion, and
// the lanes where it is the one DecomposedTransform.decompose returns.
typedef struct {
    mk_d8 t[3], s[3], k[3], q[4];
    mk_l8 ok;
} MK_FN(ti_parts);

// Lanes of 8 matrices (row-major, 16 doubles each, `count` of them at p; identity beyond),
// transposed through memory (indexing a vector's lanes with a variable is slow below AVX-512).
MK_ATTR MK_INLINE static inline void MK_FN(ti_load)(mk_d8 m[16], const double *p, size_t count) {
    double lanes[16][8];
    for (size_t k = 0; k < 8; k++)
        for (int j = 0; j < 16; j++) lanes[j][k] = k < count ? p[16 * k + j] : (j % 5 == 0 ? 1.0 : 0.0);
    memcpy(m, lanes, sizeof lanes);
}

// Vector3.dot and Vector3.cross, the same operations in the same order.
MK_ATTR MK_INLINE static inline mk_d8 MK_FN(ti_dot)(const mk_d8 a[3], const mk_d8 b[3]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
MK_ATTR MK_INLINE static inline void MK_FN(ti_cross)(const mk_d8 a[3], const mk_d8 b[3], mk_d8 out[3]) {
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

// |r| and 1/|r| as Vector3.length and normalizeRow take them (the square root of the sum of
// squares; lanes where that sum is not a normal number are cleared from *ok), r normalized.
MK_ATTR MK_INLINE static inline void MK_FN(ti_normalize)(mk_d8 r[3], mk_d8 *length, mk_d8 *inverse, mk_l8 *ok) {
    mk_d8 ss = MK_FN(ti_dot)(r, r);
    *ok &= (ss >= 0x1p-1022) & (ss <= 0x1.fffffffffffffp+1023);
    *length = __builtin_elementwise_sqrt(ss);
    *inverse = 1.0 / *length;
    for (int c = 0; c < 3; c++) r[c] = r[c] * *inverse;
}

MK_ATTR MK_INLINE static inline void MK_FN(ti_decompose)(const mk_d8 m[16], MK_FN(ti_parts) *d) {
    const mk_d8 w = m[15];
    mk_l8 ok = w != 0.0;
    mk_d8 iw = 1.0 / w;
    mk_d8 r0[3] = {m[0] * iw, m[1] * iw, m[2] * iw};
    mk_d8 r1[3] = {m[4] * iw, m[5] * iw, m[6] * iw};
    mk_d8 r2[3] = {m[8] * iw, m[9] * iw, m[10] * iw};
    mk_d8 pc[3] = {m[3] * iw, m[7] * iw, m[11] * iw};
    for (int c = 0; c < 3; c++) d->t[c] = m[12 + c] * iw;
    // x − x is 0 for a finite x and NaN otherwise: one sum checks everything the Swift code
    // checks for finiteness.
    mk_d8 poison = MK_SPLAT8(0.0);
    for (int c = 0; c < 3; c++) poison += (((r0[c] - r0[c]) + (r1[c] - r1[c])) + (r2[c] - r2[c])) + ((pc[c] - pc[c]) + (d->t[c] - d->t[c]));
    ok &= (pc[0] == 0.0) & (pc[1] == 0.0) & (pc[2] == 0.0);  // the perspective branch: scalar path
    mk_d8 c12[3];
    MK_FN(ti_cross)(r1, r2, c12);
    mk_d8 det = MK_FN(ti_dot)(r0, c12);
    mk_d8 ds = __builtin_elementwise_abs(r0[0] * c12[0]) + __builtin_elementwise_abs(r0[1] * c12[1]);
    ds = ds + __builtin_elementwise_abs(r0[2] * c12[2]);
    poison += ((c12[0] - c12[0]) + (c12[1] - c12[1])) + ((c12[2] - c12[2]) + ((det - det) + (ds - ds)));
    ok &= (det != 0.0) & (__builtin_elementwise_abs(det) > (16 * 0x1p-52) * ds);

    mk_d8 len, inv;
    MK_FN(ti_normalize)(r0, &len, &inv, &ok);
    d->s[0] = len;
    d->k[0] = MK_FN(ti_dot)(r0, r1);
    for (int c = 0; c < 3; c++) r1[c] = r1[c] - d->k[0] * r0[c];
    poison += (d->k[0] - d->k[0]) + (((r1[0] - r1[0]) + (r1[1] - r1[1])) + (r1[2] - r1[2]));
    MK_FN(ti_normalize)(r1, &len, &inv, &ok);
    d->s[1] = len;
    d->k[0] = d->k[0] * inv;
    d->k[1] = MK_FN(ti_dot)(r0, r2);
    for (int c = 0; c < 3; c++) r2[c] = r2[c] - d->k[1] * r0[c];
    d->k[2] = MK_FN(ti_dot)(r1, r2);
    for (int c = 0; c < 3; c++) r2[c] = r2[c] - d->k[2] * r1[c];
    poison += ((d->k[1] - d->k[1]) + (d->k[2] - d->k[2])) + (((r2[0] - r2[0]) + (r2[1] - r2[1])) + (r2[2] - r2[2]));
    MK_FN(ti_normalize)(r2, &len, &inv, &ok);
    d->s[2] = len;
    d->k[1] = d->k[1] * inv;
    d->k[2] = d->k[2] * inv;

    // The handedness flip negates the scales and the rows.
    mk_d8 x12[3];
    MK_FN(ti_cross)(r1, r2, x12);
    mk_l8 flip = MK_FN(ti_dot)(r0, x12) < 0.0;
    for (int c = 0; c < 3; c++) {
        d->s[c] = MK_TI_NEG(flip, d->s[c]);
        r0[c] = MK_TI_NEG(flip, r0[c]);
        r1[c] = MK_TI_NEG(flip, r1[c]);
        r2[c] = MK_TI_NEG(flip, r2[c]);
    }

    // Shepperd's method: the case's argument, one square root, the components selected.
    mk_d8 trace = r0[0] + r1[1] + r2[2];
    mk_l8 b0 = trace > 0.0;
    mk_l8 b1 = ~b0 & (r0[0] >= r1[1]) & (r0[0] >= r2[2]);
    mk_l8 b2 = ~b0 & ~b1 & (r1[1] >= r2[2]);
    mk_d8 a1 = 1.0 + r0[0] - r1[1] - r2[2], a2 = 1.0 - r0[0] + r1[1] - r2[2], a3 = 1.0 - r0[0] - r1[1] + r2[2];
    // Swift's max(a, 0): 0 where 0 >= a.
    a1 = MK_TI_SEL(MK_SPLAT8(0.0) >= a1, MK_SPLAT8(0.0), a1);
    a2 = MK_TI_SEL(MK_SPLAT8(0.0) >= a2, MK_SPLAT8(0.0), a2);
    a3 = MK_TI_SEL(MK_SPLAT8(0.0) >= a3, MK_SPLAT8(0.0), a3);
    mk_d8 arg = MK_TI_SEL(b0, 1.0 + trace, MK_TI_SEL(b1, a1, MK_TI_SEL(b2, a2, a3)));
    mk_d8 sq = __builtin_elementwise_sqrt(arg);
    mk_d8 f = 1.0 / (2.0 * sq), half = sq / 2.0;
    mk_d8 A = (r1[2] - r2[1]) * f, B = (r2[0] - r0[2]) * f, C = (r0[1] - r1[0]) * f;
    mk_d8 P = (r1[0] + r0[1]) * f, Q = (r2[0] + r0[2]) * f, R = (r2[1] + r1[2]) * f;
    mk_d8 qx = MK_TI_SEL(b0, A, MK_TI_SEL(b1, half, MK_TI_SEL(b2, P, Q)));
    mk_d8 qy = MK_TI_SEL(b0, B, MK_TI_SEL(b1, P, MK_TI_SEL(b2, half, R)));
    mk_d8 qz = MK_TI_SEL(b0, C, MK_TI_SEL(b1, Q, MK_TI_SEL(b2, R, half)));
    mk_d8 qw = MK_TI_SEL(b0, half, MK_TI_SEL(b1, A, MK_TI_SEL(b2, B, C)));
    mk_l8 neg = qw < 0.0;
    d->q[0] = MK_TI_NEG(neg, qx);
    d->q[1] = MK_TI_NEG(neg, qy);
    d->q[2] = MK_TI_NEG(neg, qz);
    d->q[3] = MK_TI_NEG(neg, qw);
    for (int c = 0; c < 4; c++) poison += d->q[c] - d->q[c];
    for (int c = 0; c < 3; c++) poison += (d->s[c] - d->s[c]) + (d->k[c] - d->k[c]);
    d->ok = ok & (poison == 0.0);
}

// lerpComponent: a where a == b, else (1 − t)·a + t·b.
MK_ATTR MK_INLINE static inline mk_d8 MK_FN(ti_lerp)(mk_d8 a, mk_d8 b, double t) {
    return MK_TI_SEL(a == b, a, (1.0 - t) * a + t * b);
}

// Pairs i ..< i + count (count ≤ 8) of from and to at fraction t: the outputs of the lanes the
// kernel completes, and their fallback bytes.
MK_ATTR __attribute__((noinline)) static size_t MK_FN(ti_group)(const double *from, const double *to, double t, size_t count,
                                                                double *out, uint8_t *fallback) {
    mk_d8 m[16];
    MK_FN(ti_parts) a, b;
    MK_FN(ti_load)(m, from, count);
    MK_FN(ti_decompose)(m, &a);
    MK_FN(ti_load)(m, to, count);
    MK_FN(ti_decompose)(m, &b);
    mk_l8 ok = a.ok & b.ok;
    mk_d8 tr[3], sc[3], sk[3];
    for (int c = 0; c < 3; c++) {
        tr[c] = MK_FN(ti_lerp)(a.t[c], b.t[c], t);
        sc[c] = MK_FN(ti_lerp)(a.s[c], b.s[c], t);
        sk[c] = MK_FN(ti_lerp)(a.k[c], b.k[c], t);
    }
    // Quaternion.slerp: the dot product clamped to [−1, 1] as Swift's min and max do.
    mk_d8 dot = a.q[0] * b.q[0] + a.q[1] * b.q[1] + a.q[2] * b.q[2] + a.q[3] * b.q[3];
    dot = MK_TI_SEL(MK_SPLAT8(1.0) < dot, MK_SPLAT8(1.0), dot);
    dot = MK_TI_SEL(MK_SPLAT8(-1.0) >= dot, MK_SPLAT8(-1.0), dot);
    mk_l8 same = __builtin_elementwise_abs(dot) == 1.0;
    double dots[8], ws[8], sas[8];
    int64_t skip[8];
    mk_d8 wt, sa;
    memcpy(dots, &dot, sizeof dots);
    mk_l8 skipv = same | ~ok;
    memcpy(skip, &skipv, sizeof skip);
    for (int k = 0; k < 8; k++) {
        ws[k] = 0;
        sas[k] = 1;
        if (skip[k]) continue;
        double p = dots[k], theta = acos(p);
        double w = sin(t * theta) / __builtin_sqrt(1 - p * p);
        ws[k] = w;
        sas[k] = cos(t * theta) - p * w;
    }
    memcpy(&wt, ws, sizeof ws);
    memcpy(&sa, sas, sizeof sas);
    mk_d8 q[4];
    for (int c = 0; c < 4; c++) q[c] = MK_TI_SEL(same, a.q[c], a.q[c] * sa + b.q[c] * wt);
    mk_d8 poison = MK_SPLAT8(0.0);
    for (int c = 0; c < 3; c++) poison += ((tr[c] - tr[c]) + (sc[c] - sc[c])) + (sk[c] - sk[c]);
    for (int c = 0; c < 4; c++) poison += q[c] - q[c];
    // DecomposedTransform.matrix with the perspective (0, 0, 0, 1) that both ends had.
    mk_d8 x = q[0], y = q[1], z = q[2], w = q[3];
    mk_d8 xx = x * x, yy = y * y, zz = z * z, xy = x * y, xz = x * z, yz = y * z, xw = x * w, yw = y * w, zw = z * w;
    mk_d8 rot0[3] = {1.0 - 2.0 * (yy + zz), 2.0 * (xy + zw), 2.0 * (xz - yw)};
    mk_d8 rot1[3] = {2.0 * (xy - zw), 1.0 - 2.0 * (xx + zz), 2.0 * (yz + xw)};
    mk_d8 rot2[3] = {2.0 * (xz + yw), 2.0 * (yz - xw), 1.0 - 2.0 * (xx + yy)};
    mk_d8 r[16];
    for (int c = 0; c < 3; c++) {
        r[c] = sc[0] * rot0[c];
        r[4 + c] = sc[1] * (rot1[c] + sk[0] * rot0[c]);
        r[8 + c] = sc[2] * (rot2[c] + sk[1] * rot0[c] + sk[2] * rot1[c]);
        r[12 + c] = tr[c];
    }
    const mk_d8 zero = MK_SPLAT8(0.0);
    r[3] = r[0] * zero + r[1] * zero + r[2] * zero;
    r[7] = r[4] * zero + r[5] * zero + r[6] * zero;
    r[11] = r[8] * zero + r[9] * zero + r[10] * zero;
    r[15] = (r[12] * zero + r[13] * zero + r[14] * zero) + 1.0;
    for (int j = 0; j < 16; j++) poison += r[j] - r[j];
    ok &= poison == 0.0;
    double res[16][8];
    int64_t good[8];
    memcpy(res, r, sizeof res);
    memcpy(good, &ok, sizeof good);
    size_t slow = 0;
    for (size_t k = 0; k < count; k++) {
        fallback[k] = good[k] ? 0 : 1;
        if (!good[k]) {
            slow++;
            continue;
        }
        for (int j = 0; j < 16; j++) out[16 * k + j] = res[j][k];
    }
    return slow;
}

MK_ATTR static size_t MK_FN(ti_pairs)(const double *from, const double *to, double t, size_t n, double *out, uint8_t *fallback) {
    size_t slow = 0;
    for (size_t i = 0; i < n; i += 8) {
        size_t count = n - i < 8 ? n - i : 8;
        slow += MK_FN(ti_group)(from + 16 * i, to + 16 * i, t, count, out + 16 * i, fallback + i);
    }
    return slow;
}

#undef MK_TI_SEL
#undef MK_TI_NEG
#undef MK_TI_SIGN
