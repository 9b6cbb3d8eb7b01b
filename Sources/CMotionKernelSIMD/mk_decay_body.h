// Body of the shared-decay row kernel for one ISA level and one output type (included by
// mk_decay.c with MK_SUFFIX, MK_ATTR, MK_T and MK_TV set: MK_TV is 8 of MK_T).
//
// Every number is computed in Double with the operations of the Swift models' `state(at:)` in the
// same order and rounded once to MK_T; eight samples per vector, the branches as blends, so the
// bytes are those of the scalar path at every level.

// Row modes (bits): MK_DECAY_AT0, a lane with t ≤ 0 may need the initial state blended in;
// MK_DECAY_PAST, a lane may be at or past the row's stop; MK_DECAY_CHECK, a number may not be
// finite in the output type. A row without a bit skips that work; its numbers are the same.
#include "mk_vexp.h"

#ifndef MK_DECAY_MODES
#define MK_DECAY_MODES
enum { MK_DECAY_AT0 = 1, MK_DECAY_PAST = 2, MK_DECAY_CHECK = 4 };
#endif

// Eight values (`vel` 0) or velocities (`vel` 1) of one row from time index j, in Double: t ≤ 0
// gives the initial state, t ≥ stop the rest state, else x0 + v0·g or v0·h. With `k` not 0 (a
// row's own decay constant) g = mk_expm1_neg(k·t)/k and h = mk_exp_neg(k·t) are computed here
// and f is not read.
MK_ATTR MK_INLINE static inline mk_d8 MK_FN(eightd)(const double *t, const double *f, size_t j, double x0, double v0,
                                                     double stop, double rest, int vel, int mode, double k) {
    mk_d8 vf;
    if (k != 0) {
        mk_d8 tt;
        memcpy(&tt, t + j, sizeof tt);
        mk_d8 vk = MK_SPLAT8(k), kt = vk * tt;
        vf = vel ? MK_FN(v_exp_neg)(kt) : MK_FN(v_expm1_neg)(kt) / vk;
    } else {
        memcpy(&vf, f + j, sizeof vf);
    }
    mk_d8 a = MK_SPLAT8(vel ? v0 : x0), b = MK_SPLAT8(v0);
    mk_d8 m = vel ? b * vf : a + b * vf;
    if (!(mode & (MK_DECAY_AT0 | MK_DECAY_PAST))) return m;
    mk_d8 vt;
    memcpy(&vt, t + j, sizeof vt);
    mk_l8 r = (mk_l8)m;
    if (mode & MK_DECAY_PAST) {
        mk_l8 past = vt >= MK_SPLAT8(stop);
        r = (r & ~past) | ((mk_l8)MK_SPLAT8(rest) & past);
    }
    // Then the initial state where t ≤ 0 (the models test that first).
    if (mode & MK_DECAY_AT0) {
        mk_l8 at0 = vt <= (mk_d8){0};
        r = (r & ~at0) | ((mk_l8)a & at0);
    }
    return (mk_d8)r;
}

// `eightd` rounded to the output type.
MK_ATTR MK_INLINE static inline MK_TV MK_FN(eight)(const double *t, const double *f, size_t j, double x0, double v0,
                                                    double stop, double rest, int vel, int mode, double k) {
    return __builtin_convertvector(MK_FN(eightd)(t, f, j, x0, v0, stop, rest, vel, mode, k), MK_TV);
}

// The facts of one call's times that the row modes need.
typedef struct {
    double tmax;       // the largest time (−∞ for none)
    double fmax;       // the largest |f| (f = g or h), and 1 for velocities
    int zero_start;    // every t ≤ 0 has f = 0 (values) or f = 1 (velocities)
} MK_FN(decay_times);

// With `varied` (each row its own k) f is not read: zero_start says every t ≤ 0 is ±0 (where
// g = ±0 and h = 1 exactly), and fmax is the rows' (row_mode).
MK_ATTR MK_INLINE static inline MK_FN(decay_times) MK_FN(times_facts)(const double *t, const double *f, size_t tcount, int vel,
                                                                      int varied) {
    MK_FN(decay_times) d = {-__builtin_inf(), vel ? 1.0 : 0.0, 1};
    for (size_t j = 0; j < tcount; j++) {
        if (t[j] > d.tmax) d.tmax = t[j];
        if (varied) {
            if (t[j] <= 0 && t[j] != 0) d.zero_start = 0;
            continue;
        }
        double a = f[j] < 0 ? -f[j] : f[j];
        if (!(a <= d.fmax)) d.fmax = a;  // NaN makes fmax NaN: every row is then checked
        if (t[j] <= 0 && f[j] != (vel ? 1.0 : 0.0)) d.zero_start = 0;
    }
    return d;
}

// A row's mode. Without MK_DECAY_AT0: f is 0 (values) or 1 (velocities) where t ≤ 0 and stop > 0,
// so x0 + v0·0 = x0 (unless x0 is −0) and v0·1 = v0. Without MK_DECAY_PAST: stop > every t.
// Without MK_DECAY_CHECK: |x0| + |v0|·max|f| (or |v0|·max|h|) and the rest are at most half the
// type's largest number, so every number rounds to a finite one. A row with its own k (not 0)
// bounds its |g| by 2·min(max t, 1/|k|) (|e^{kt} − 1| ≤ min(|k|t, 1), with room for the
// roundings) and its |h| by 1.
MK_ATTR MK_INLINE static inline int MK_FN(row_mode)(const MK_FN(decay_times) * d, double x0, double v0, double stop, double rest,
                                                    int vel, double k) {
    double fmax = d->fmax;
    if (k != 0 && !vel) {
        double tm = d->tmax > 0 ? d->tmax : 0, inv = -1 / k;
        fmax = 2 * (tm < inv ? tm : inv);
    }
    int mode = 0;
    // A row's k of −∞ (a finite parameter whose decay constant overflows) makes k·0 NaN: its
    // initial state is blended in at t ≤ 0, as the scalar models test t > 0 first.
    if (k != 0 && !(k > -__builtin_inf())) mode |= MK_DECAY_AT0 | MK_DECAY_CHECK;
    if (!d->zero_start || !(stop > 0) || (!vel && x0 == 0 && __builtin_signbit(x0))) mode |= MK_DECAY_AT0;
    if (!(stop > d->tmax)) mode |= MK_DECAY_PAST;
    double limit = 0.5 * (double)(sizeof(MK_T) == 4 ? __FLT_MAX__ : __DBL_MAX__);
    double av = v0 < 0 ? -v0 : v0, ax = x0 < 0 ? -x0 : x0, ar = rest < 0 ? -rest : rest;
    double bound = vel ? av * fmax : ax + av * fmax;
    if (!(bound <= limit) || (vel && !(av <= limit)) || ((mode & MK_DECAY_PAST) && !(ar <= limit))) mode |= MK_DECAY_CHECK;
    return mode;
}

// n ≤ 64 numbers of one row from time index j into p, vectors of eight; with `spill` the last
// partial vector is stored whole (up to seven numbers past p + n, and t, f read past j + n).
// Adds x − x of each number to `acc` (NaN once one is not finite).
MK_ATTR MK_INLINE static inline void MK_FN(span)(MK_T *p, const double *t, const double *f, size_t j, size_t n, double x0,
                                                  double v0, double stop, double rest, int vel, int spill, int mode,
                                                  MK_TV *accp, double kk) {
    MK_TV acc = *accp;
    size_t k = 0;
    size_t whole = spill ? n : n - n % 8;
    for (; k < whole; k += 8) {
        MK_TV x = MK_FN(eight)(t, f, j + k, x0, v0, stop, rest, vel, mode, kk);
        if (mode & MK_DECAY_CHECK) {
            MK_TV d = x - x;
            if (k + 8 > n) {
                // Only the lanes < n − k count.
                for (size_t l = n - k; l < 8; l++) d[l] = 0;
            }
            acc += d;
        }
        memcpy(p + k, &x, sizeof x);
    }
    MK_T s = 0;
    for (; k < n; k++) {
        double tt = t[j + k], x;
        if (tt <= 0) {
            x = vel ? v0 : x0;
        } else if (tt >= stop) {
            x = rest;
        } else {
            double fj = kk == 0 ? f[j + k] : vel ? mk_exp_neg(kk * tt) : mk_expm1_neg(kk * tt) / kk;
            x = vel ? v0 * fj : x0 + v0 * fj;
        }
        p[k] = (MK_T)x;
        s += p[k] - p[k];
    }
    acc[0] += s;
    *accp = acc;
}

// Whether any lane of acc is not 0.
MK_ATTR MK_INLINE static inline int MK_FN(dirty)(MK_TV acc) {
    int clean = 1;
    for (int l = 0; l < 8; l++) clean &= acc[l] == 0;
    return !clean;
}

// The first row with a non-finite number (the rare path: recomputes the rows one number at a
// time), or −1.
MK_ATTR static int64_t MK_FN(first_bad)(const double *x0, const double *v0, const double *stop, const double *rest,
                                        size_t rows, const double *t, const double *f, size_t tcount, int vel, const double *kr) {
    for (size_t i = 0; i < rows; i++) {
        for (size_t j = 0; j < tcount; j++) {
            MK_T x;
            MK_TV acc = {0};
            MK_FN(span)(&x, t, f, j, 1, x0[i], v0[i], stop[i], rest[i], vel, 0, MK_DECAY_AT0 | MK_DECAY_PAST | MK_DECAY_CHECK, &acc,
                        kr ? kr[i] : 0);
            if (MK_FN(dirty)(acc)) return (int64_t)i;
        }
    }
    return -1;
}

// One output (values with `vel` 0 and f = g, velocities with `vel` 1 and f = h) of every row;
// the first row with a non-finite number, or −1.
// With `kr` (not NULL) each row i has its own decay constant kr[i] (< 0) and f is not read.
MK_ATTR MK_INLINE static inline int64_t MK_FN(decay_output)(const double *x0, const double *v0, const double *stop,
                                                            const double *rest, size_t rows, const double *t, const double *f,
                                                            size_t tcount, MK_T *out, int vel, int isa, int stream,
                                                            const double *kr) {
    MK_TV acc = {0};
    MK_FN(decay_times) d = MK_FN(times_facts)(t, f, tcount, vel, kr != NULL);
#define MK_K(i) (kr ? kr[i] : 0.0)
#define MK_MODE(i) MK_FN(row_mode)(&d, x0[i], v0[i], stop[i], rest[i], vel, MK_K(i))
    if (!stream) {
        for (size_t i = 0; i < rows; i++) {
            MK_T *row = out + i * tcount;
            int mode = MK_MODE(i);
            // What spills past this row (up to seven numbers) lands in later rows, which overwrite it.
            int spill = (rows - 1 - i) * tcount >= 7;
            for (size_t j = 0; j < tcount; j += 64) {
                size_t n = tcount - j < 64 ? tcount - j : 64;
                MK_FN(span)(row + j, t, f, j, n, x0[i], v0[i], stop[i], rest[i], vel, spill && j + n == tcount, mode, &acc, MK_K(i));
            }
        }
    } else if (tcount < 8) {
        // Rows shorter than a vector: through an L1 scratch block, copied out with
        // non-temporal stores.
        _Alignas(64) char scratch[MK_SCRATCH_BYTES + 64];
        mk_writer w;
        mk_writer_init(&w, out, scratch, sizeof(MK_T), isa);
        for (size_t i = 0; i < rows; i++) {
            int mode = MK_MODE(i);
            for (size_t j = 0; j < tcount;) {
                size_t n = tcount - j, room = mk_writer_room(&w);
                if (n > room) n = room;
                // A spill lands in the scratch's slack or in the span that the next numbers fill.
                MK_FN(span)((MK_T *)mk_writer_span(&w), t, f, j, n, x0[i], v0[i], stop[i], rest[i], vel, 1, mode, &acc, MK_K(i));
                mk_writer_advance(&w, n);
                j += n;
            }
        }
        mk_writer_finish(&w);
    } else {
        // Whole aligned 64-byte lines computed in registers and stored non-temporally, eight
        // numbers per vector. A vector that straddles rows i and i + 1 blends row i's numbers
        // (lanes < tcount − j) with row i + 1's, computed at j − tcount (t and f are readable
        // from index −8).
        size_t total = rows * tcount;
        size_t head = (size_t)((64 - ((uintptr_t)out & 63)) & 63) / sizeof(MK_T);
        if ((uintptr_t)out % sizeof(MK_T) != 0) head = total;
        size_t i = 0, e = 0;
        // Head: plain stores, row by row.
        while (e < head && e < total) {
            size_t j = e - i * tcount, n = tcount - j;
            if (n > head - e) n = head - e;
            MK_FN(span)(out + e, t, f, j, n, x0[i], v0[i], stop[i], rest[i], vel, 0, MK_MODE(i), &acc, MK_K(i));
            e += n;
            if (e == (i + 1) * tcount) i++;
        }
        size_t j = e - i * tcount;
        int mode = i < rows ? MK_MODE(i) : 0;
        mk_l8 lane = {0, 1, 2, 3, 4, 5, 6, 7};
        enum { LINE = 64 / sizeof(MK_T) };  // numbers per line: two vectors (float) or one (double)
        for (; e + LINE <= total; e += LINE) {
            MK_TV part[LINE / 8];
#pragma clang loop unroll(full)
            for (int q = 0; q < LINE / 8; q++) {
                // Row i's vector at j, blended with row i + 1's where it straddles (rare: once a row).
                mk_d8 xd = MK_FN(eightd)(t, f, j, x0[i], v0[i], stop[i], rest[i], vel, mode, MK_K(i));
                int check = mode;
                j += 8;
                if (__builtin_expect(j >= tcount, 0)) {
                    size_t k = tcount - (j - 8);  // lanes ≥ k belong to row i + 1
                    i++;
                    j -= tcount;
                    if (i < rows) {
                        mode = MK_MODE(i);
                        if (k < 8) {
                            // Row i + 1 exists whenever lanes spill into it (e + LINE ≤ total).
                            check |= mode;
                            mk_d8 x1 = MK_FN(eightd)(t - tcount, f - tcount, j + tcount - 8, x0[i], v0[i], stop[i], rest[i], vel, mode,
                                                     MK_K(i));
                            mk_l8 m = lane >= (mk_l8){0} + (int64_t)k;
                            xd = (mk_d8)(((mk_l8)xd & ~m) | ((mk_l8)x1 & m));
                        }
                    }
                }
                MK_TV x = __builtin_convertvector(xd, MK_TV);
                if (check & MK_DECAY_CHECK) acc += x - x;
                part[q] = x;
            }
            MK_STORE_LINE(out + e, part);
        }
        // Tail: plain stores.
        while (e < total) {
            size_t n = tcount - j;
            if (n > total - e) n = total - e;
            MK_FN(span)(out + e, t, f, j, n, x0[i], v0[i], stop[i], rest[i], vel, 0, MK_MODE(i), &acc, MK_K(i));
            e += n;
            j = 0;
            i++;
        }
        mk_store_fence();
    }
#undef MK_MODE
#undef MK_K
    return MK_FN(dirty)(acc) ? MK_FN(first_bad)(x0, v0, stop, rest, rows, t, f, tcount, vel, kr) : -1;
}

MK_ATTR static int64_t MK_FN(decay_values)(const double *x0, const double *v0, const double *stop, const double *rest,
                                           size_t rows, const double *t, const double *g, size_t tcount, MK_T *out, int isa,
                                           int stream) {
    return MK_FN(decay_output)(x0, v0, stop, rest, rows, t, g, tcount, out, 0, isa, stream, NULL);
}

MK_ATTR static int64_t MK_FN(decay_velocities)(const double *x0, const double *v0, const double *stop, const double *rest,
                                               size_t rows, const double *t, const double *h, size_t tcount, MK_T *out, int isa,
                                               int stream) {
    return MK_FN(decay_output)(x0, v0, stop, rest, rows, t, h, tcount, out, 1, isa, stream, NULL);
}

MK_ATTR static int64_t MK_FN(decay_varied_values)(const double *x0, const double *v0, const double *k, const double *stop,
                                                  const double *rest, size_t rows, const double *t, size_t tcount, MK_T *out,
                                                  int isa, int stream) {
    return MK_FN(decay_output)(x0, v0, stop, rest, rows, t, t, tcount, out, 0, isa, stream, k);  // f: any readable pointer
}

MK_ATTR static int64_t MK_FN(decay_varied_velocities)(const double *x0, const double *v0, const double *k, const double *stop,
                                                      const double *rest, size_t rows, const double *t, size_t tcount, MK_T *out,
                                                      int isa, int stream) {
    return MK_FN(decay_output)(x0, v0, stop, rest, rows, t, t, tcount, out, 1, isa, stream, k);
}
