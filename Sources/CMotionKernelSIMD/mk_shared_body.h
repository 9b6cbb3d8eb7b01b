// Body of the shared-spring row kernel for one ISA level and one element type (included by
// mk_shared.c with MK_SUFFIX, MK_ATTR, MK_T, MK_V, MK_W set).

// n elements (to + a[j]·y0) + b[j]·v0 at p; `acc` collects x − x (NaN for a non-finite x).
// With `spill`, a last partial vector is computed whole and stored whole (up to MK_W − 1
// elements past p + n, which the caller overwrites or ignores); a and b must then be readable
// (and finite) up to n + MK_W − 1.
MK_ATTR static inline void MK_FN(span)(MK_T *p, const MK_T *a, const MK_T *b, size_t n, MK_T to, MK_T y0, MK_T v0, MK_V *acc,
                                       int spill) {
    MK_V vt = MK_SPLAT(to), vy = MK_SPLAT(y0), vv = MK_SPLAT(v0), s = *acc;
    size_t j = 0;
    size_t end = spill ? n : n - n % MK_W;
    for (; j < end; j += MK_W) {
        MK_V va, vb;
        memcpy(&va, a + j, sizeof va);
        memcpy(&vb, b + j, sizeof vb);
        MK_V x = (vt + va * vy) + vb * vv;
        s += x - x;
        memcpy(p + j, &x, sizeof x);
    }
    MK_T t = 0;
    for (; j < n; j++) {
        MK_T x = (to + a[j] * y0) + b[j] * v0;
        t += x - x;
        p[j] = x;
    }
    s[0] += t;
    *acc = s;
}

// The first row i < rows of out with a non-finite element, or −1 (the rare path: reads the output).
MK_ATTR static int64_t MK_FN(first_bad)(const MK_T *out, size_t rows, size_t tcount) {
    for (size_t i = 0; i < rows; i++)
        for (size_t j = 0; j < tcount; j++) {
            MK_T x = out[i * tcount + j];
            if (x - x != 0) return (int64_t)i;
        }
    return -1;
}

MK_ATTR static int64_t MK_FN(rows)(const MK_T *to, const MK_T *y0, const MK_T *v0, const MK_T *a, const MK_T *b, size_t rows,
                                   size_t tcount, MK_T *out, int isa, int stream) {
    (void)isa; // the level is the build itself; kept for a uniform signature
    MK_V acc = {0};
    if (!stream) {
        for (size_t i = 0; i < rows; i++)
            MK_FN(span)(out + i * tcount, a, b, tcount, to ? to[i] : 0, y0[i], v0[i], &acc, i + 1 < rows && tcount >= MK_W);
    } else if (tcount < MK_W || rows * tcount < 4 * MK_W) {
        for (size_t i = 0; i < rows; i++)
            MK_FN(span)(out + i * tcount, a, b, tcount, to ? to[i] : 0, y0[i], v0[i], &acc, i + 1 < rows && tcount >= MK_W);
    } else {
        // Whole aligned lines, each computed in registers and stored non-temporally; a line that
        // straddles rows i and i + 1 blends row i's vector (lanes < tcount − j) with row i + 1's
        // (computed at j − tcount: a and b are readable 16 elements before their start).
        size_t total = rows * tcount;
        size_t head = (size_t)((64 - ((uintptr_t)out & 63)) & 63) / sizeof(MK_T);
        if ((uintptr_t)out % sizeof(MK_T) != 0) head = total;
        size_t i = 0, e = 0;
        // Head: plain stores, row by row.
        while (e < head && e < total) {
            size_t j = e - i * tcount, n = tcount - j;
            if (n > head - e) n = head - e;
            MK_FN(span)(out + e, a + j, b + j, n, to ? to[i] : 0, y0[i], v0[i], &acc, 0);
            e += n;
            if (e == (i + 1) * tcount) i++;
        }
        size_t j = e - i * tcount;
        MK_I lane;
        for (int l = 0; l < MK_W; l++) lane[l] = l;
        for (; e + MK_W <= total; e += MK_W) {
            MK_T t0 = to ? to[i] : 0;
            MK_V va, vb;
            memcpy(&va, a + j, sizeof va);
            memcpy(&vb, b + j, sizeof vb);
            MK_V x = (MK_SPLAT(t0) + va * y0[i]) + vb * v0[i];
            if (j + MK_W > tcount) {
                size_t k = tcount - j;  // lanes >= k belong to row i + 1 (which exists: e + MK_W <= total)
                MK_T t1 = to ? to[i + 1] : 0;
                memcpy(&va, a + j - tcount, sizeof va);
                memcpy(&vb, b + j - tcount, sizeof vb);
                MK_V x1 = (MK_SPLAT(t1) + va * y0[i + 1]) + vb * v0[i + 1];
                MK_I m = lane >= (MK_I){0} + (MK_IT)k;
                x = (MK_V)(((MK_I)x & ~m) | ((MK_I)x1 & m));
                j = j + MK_W - tcount;
                i++;
            } else {
                j += MK_W;
                if (j == tcount) { j = 0; i++; }
            }
            acc += x - x;
            __builtin_nontemporal_store(x, (MK_V *)(out + e));
        }
        // Tail: plain stores.
        while (e < total) {
            size_t n = tcount - j;
            if (n > total - e) n = total - e;
            MK_FN(span)(out + e, a + j, b + j, n, to ? to[i] : 0, y0[i], v0[i], &acc, 0);
            e += n; j = 0; i++;
        }
        mk_store_fence();
    }
    int clean = 1;
    for (int l = 0; l < MK_W; l++) clean &= acc[l] == 0;
    return clean ? -1 : MK_FN(first_bad)(out, rows, tcount);
}
