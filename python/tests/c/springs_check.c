/* Checks mk_spring_settle_f64, mk_spring_convert_f64 and mk_preset_frames_f64 through
 * include/motionkernel.h (compiled by test_native_springs.py with gcc). References are closed
 * forms; tolerances are derived in the comments. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "motionkernel.h"

static int failures = 0;

/* Counts and reports a failed check (the condition's text and line). */
static void check(int ok, const char *what, int line) {
    if (!ok) {
        fprintf(stderr, "springs_check.c:%d: check failed: %s\n", line, what);
        failures++;
    }
}
#define CHECK(cond) check((cond) ? 1 : 0, #cond, __LINE__)

static const double u = 1.1102230246251565e-16; /* unit roundoff of double */
static const double PI = 3.14159265358979323846;

/* The status and field of a failed call. */
static int fails_naming(int32_t status, int32_t expected, const mk_error *err, const char *field) {
    if (status != expected || err->code != expected || strcmp(err->field, field) != 0) {
        fprintf(stderr, "  got status %d, field \"%s\", message \"%s\"; expected %d, \"%s\"\n", status, err->field, err->message,
                expected, field);
        return 0;
    }
    return strncmp(err->message, field, strlen(field)) == 0;
}

/* y(t) of the underdamped spring m = 1, k, c from y0 = 1 with v0 = 0. */
static double underdamped(double k, double c, double t) {
    double lam = c / 2, wd = sqrt(k - lam * lam);
    return exp(-lam * t) * (cos(wd * t) + lam / wd * sin(wd * t));
}

static void settle(void) {
    mk_error err;
    /* Critically damped, m = 1, k = 100, c = 20, from 1 to 0 at rest: y(t) = (1 + 10t)e^{-10t},
       decreasing, so T solves g(T) = (1 + 10T)e^{-10T} - eps = 0. The reference root is bisected
       to adjacent doubles; g is evaluated with a relative error of at most ~8u (exp, a product, a
       sum), which moves the root by at most 8u*eps/|g'(T)|, g'(T) = -100T e^{-10T}; the library
       answers its own root within 1e-9 s by its documentation, and in practice within the same
       bound; we allow the sum of both plus 4 ulps of T. */
    double k = 100, c = 20, from = 1, to = 0, eps = 1e-3, t = -1;
    CHECK(mk_spring_settle_f64(1, NULL, &k, &c, 0, &from, &to, NULL, &eps, 1, &t, 1, &err) == MK_OK);
    double lo = 0, hi = 10;
    for (int i = 0; i < 200; i++) {
        double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        if ((1 + 10 * mid) * exp(-10 * mid) > eps) lo = mid; else hi = mid;
    }
    double slope = 100 * hi * exp(-10 * hi);
    CHECK(fabs(t - hi) <= 16 * u * eps / slope + 4 * u * hi);

    /* The same spring given by its damping ratio 1: c = 2*1*sqrt(100*1) = 20 exactly. */
    double zeta = 1, t2 = -1;
    CHECK(mk_spring_settle_f64(1, NULL, &k, &zeta, 1, &from, &to, NULL, &eps, 1, &t2, 1, &err) == MK_OK);
    CHECK(t2 == t);

    /* Packed: the same numbers. */
    double p[7] = {1, 100, 20, 1, 0, 0, 1e-3}, t3 = -1;
    CHECK(mk_spring_settle_one_f64(p, 0, &t3, &err) == MK_OK && t3 == t);

    /* Underdamped (k = 100, c = 2, zeta = 0.1): T is the last crossing of |y| = eps, so |y(T)| =
       eps up to |y'(T)| times T's error (<= 1e-9 s: |y'| <= wd*eps*(1 + 1/wd) there), |y| > eps just
       before T (at T - 1e-6, y moves by ~1e-8 >> the 1e-15 error of evaluating y), and T is within
       the envelope bound e^{-lam T}(1 + lam/wd) <= eps. */
    double cu = 2, tu = -1;
    CHECK(mk_spring_settle_f64(1, NULL, &k, &cu, 0, &from, &to, NULL, &eps, 1, &tu, 1, &err) == MK_OK);
    double wd = sqrt(100 - 1.0);
    CHECK(fabs(fabs(underdamped(k, cu, tu)) - eps) <= 1e-9 * (wd + 1) * eps * 2 + 64 * u);
    CHECK(fabs(underdamped(k, cu, tu - 1e-6)) > eps);
    CHECK(tu <= log((1 + 1 / wd) / eps) + 1e-9);

    /* Several springs, one epsilon: bit-identical for every thread count; errors name the row. */
    enum { N = 3000 };
    double *ks = malloc(N * sizeof(double)), *zs = malloc(N * sizeof(double)), *fr = malloc(N * sizeof(double));
    double *tt = malloc(N * sizeof(double)), *a = malloc(N * sizeof(double)), *b = malloc(N * sizeof(double));
    for (int i = 0; i < N; i++) {
        ks[i] = 50 + (i % 97) * 5.0;
        zs[i] = 0.2 + (i % 13) * 0.1;
        fr[i] = (i % 7) - 3.0;
        tt[i] = 1.0;
    }
    CHECK(mk_spring_settle_f64(N, NULL, ks, zs, 1, fr, tt, NULL, &eps, 1, a, 1, &err) == MK_OK);
    CHECK(mk_spring_settle_f64(N, NULL, ks, zs, 1, fr, tt, NULL, &eps, 1, b, 5, &err) == MK_OK);
    CHECK(memcmp(a, b, N * sizeof(double)) == 0);
    ks[2500] = -1;
    ks[1700] = 0;
    CHECK(fails_naming(mk_spring_settle_f64(N, NULL, ks, zs, 1, fr, tt, NULL, &eps, 1, b, 7, &err), MK_INVALID_VALUE, &err,
                       "stiffness[1700]"));
    ks[1700] = NAN;
    CHECK(fails_naming(mk_spring_settle_f64(N, NULL, ks, zs, 1, fr, tt, NULL, &eps, 1, b, 1, &err), MK_INVALID_VALUE, &err,
                       "stiffness[1700]"));
    CHECK(strstr(err.message, "finite") != NULL);
    free(ks), free(zs), free(fr), free(tt), free(a), free(b);

    /* Hostile arguments: checked before anything is read. */
    CHECK(fails_naming(mk_spring_settle_f64((size_t)1 << 41, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, 1, NULL, 1, &err),
                       MK_INVALID_VALUE, &err, "count"));
    CHECK(fails_naming(mk_spring_settle_f64(SIZE_MAX, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, 1, NULL, 1, &err), MK_INVALID_VALUE,
                       &err, "count"));
    CHECK(fails_naming(mk_spring_settle_f64(5, NULL, NULL, NULL, 0, NULL, NULL, NULL, &eps, 1, NULL, 1, &err), MK_INVALID_VALUE, &err,
                       "stiffness"));
    CHECK(fails_naming(mk_spring_settle_f64(1, NULL, &k, &c, 0, &from, &to, NULL, &eps, 2, &t, 1, &err), MK_INVALID_VALUE, &err,
                       "epsilon"));
    CHECK(fails_naming(mk_spring_settle_f64(1, NULL, &k, &c, 0, &from, &to, NULL, &eps, 1, &t, 0, &err), MK_INVALID_VALUE, &err,
                       "threads"));
    CHECK(fails_naming(mk_spring_settle_f64(1, NULL, &k, &c, 2, &from, &to, NULL, &eps, 1, &t, 1, &err), MK_INVALID_VALUE, &err,
                       "damping_is_ratio"));
    CHECK(fails_naming(mk_spring_settle_f64(1, NULL, &k, &c, 0, &from, &to, NULL, &eps, 1, NULL, 1, &err), MK_INVALID_VALUE, &err,
                       "out"));
    CHECK(mk_spring_settle_f64(0, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, 0, NULL, 1, &err) == MK_OK);
    CHECK(fails_naming(mk_spring_settle_one_f64(NULL, 0, &t, &err), MK_INVALID_VALUE, &err, "params"));
    /* eval's checks: an undamped spring never settles, epsilon must be > 0. */
    double zero = 0, neg = -1;
    CHECK(fails_naming(mk_spring_settle_f64(1, NULL, &k, &zero, 0, &from, &to, NULL, &eps, 1, &t, 1, &err), MK_INVALID_VALUE, &err,
                       "damping[0]"));
    CHECK(fails_naming(mk_spring_settle_f64(1, NULL, &k, &c, 0, &from, &to, NULL, &neg, 1, &t, 1, &err), MK_INVALID_VALUE, &err,
                       "epsilon[0]"));
    CHECK(fails_naming(mk_spring_settle_f64(1, &neg, &k, &c, 0, &from, &to, NULL, &eps, 1, &t, 1, &err), MK_INVALID_VALUE, &err,
                       "mass[0]"));
}

static void convert(void) {
    mk_error err;
    double values[12] = {0}, out[10];
    /* response 0.5, damping ratio 0.8 (mass 1): k = (2pi/0.5)^2, c = 4 pi zeta / 0.5, each a few
       roundings (<= 4u relative), bounce = 1 - zeta = 0.2 up to the rounding of zeta (<= 4u). */
    values[4] = 0.5;
    values[3] = 0.8;
    CHECK(mk_spring_convert_f64(MK_SPRING_SET_RESPONSE_DAMPING_RATIO, values, out, &err) == MK_OK);
    double w = 2 * PI / 0.5;
    CHECK(out[0] == 1);
    CHECK(fabs(out[1] - w * w) <= 8 * u * w * w);
    CHECK(fabs(out[2] - 4 * PI * 0.8 / 0.5) <= 8 * u * 4 * PI * 0.8 / 0.5);
    CHECK(fabs(out[3] - 0.8) <= 8 * u);
    CHECK(fabs(out[4] - 0.5) <= 8 * u && out[5] == out[4] && out[9] == out[4]);
    CHECK(fabs(out[6] - 0.2) <= 16 * u);

    /* Physical with mass: the numbers given come back. */
    memset(values, 0, sizeof values);
    values[0] = 2;
    values[1] = 300;
    values[2] = 10;
    CHECK(mk_spring_convert_f64(MK_SPRING_SET_PHYSICAL | MK_SPRING_KEY_MASS, values, out, &err) == MK_OK);
    CHECK(out[0] == 2 && out[1] == 300 && out[2] == 10);

    /* eval's errors, named inside "spring". */
    CHECK(fails_naming(mk_spring_convert_f64(MK_SPRING_KEY_STIFFNESS, values, out, &err), MK_MISSING_FIELD, &err, "spring.damping"));
    CHECK(fails_naming(mk_spring_convert_f64(MK_SPRING_SET_PHYSICAL | MK_SPRING_KEY_RESPONSE, values, out, &err), MK_INVALID_VALUE,
                       &err, "spring.response"));
    values[1] = -1;
    CHECK(fails_naming(mk_spring_convert_f64(MK_SPRING_SET_PHYSICAL, values, out, &err), MK_INVALID_VALUE, &err, "spring.stiffness"));
    values[1] = NAN;
    CHECK(fails_naming(mk_spring_convert_f64(MK_SPRING_SET_PHYSICAL, values, out, &err), MK_INVALID_VALUE, &err, "spring.stiffness"));
    CHECK(fails_naming(mk_spring_convert_f64(1u << 12, values, out, &err), MK_INVALID_VALUE, &err, "keys"));
    CHECK(fails_naming(mk_spring_convert_f64(MK_SPRING_SET_PHYSICAL, NULL, out, &err), MK_INVALID_VALUE, &err, "values"));
    CHECK(fails_naming(mk_spring_convert_f64(0, NULL, out, &err), MK_MISSING_FIELD, &err, "spring.stiffness"));
}

static void preset(void) {
    mk_error err;
    size_t sizes[3] = {0, 0, 0};
    const char *name = "shake";
    const char *option = "duration";
    size_t option_length = strlen(option);
    double option_value = 0.5;
    /* The query: capacities 0. 0.5 s at 60 fps: frames at j/60 for j = 0..29, and at 0.5. */
    CHECK(mk_preset_frames_f64((const uint8_t *)name, strlen(name), 60, 1, (const uint8_t *)option, &option_length, &option_value, 0,
                               0, 0, sizes, NULL, NULL, NULL, NULL, NULL, &err) == MK_OK);
    CHECK(sizes[0] == 31 && sizes[1] == 1 && sizes[2] == 5);
    size_t f = sizes[0], l = sizes[1], b = sizes[2];
    double duration = -1, *time = malloc(f * sizeof(double)), *tr = malloc(l * f * 16 * sizeof(double));
    double *op = malloc(l * f * sizeof(double));
    char *names = malloc(b);
    CHECK(mk_preset_frames_f64((const uint8_t *)name, strlen(name), 60, 1, (const uint8_t *)option, &option_length, &option_value, f,
                               l, b, sizes, &duration, time, tr, op, names, &err) == MK_OK);
    CHECK(duration == 0.5 && time[0] == 0 && time[1] == 1.0 / 60 && time[f - 1] == 0.5);
    CHECK(strcmp(names, "view") == 0);
    /* A shake translates in x only: a 2-D translation matrix, opacity 1. */
    for (size_t j = 0; j < f; j++) {
        const double *m = tr + j * 16;
        CHECK(m[0] == 1 && m[5] == 1 && m[10] == 1 && m[15] == 1 && m[13] == 0 && op[j] == 1);
    }
    free(time), free(tr), free(op), free(names);

    CHECK(fails_naming(mk_preset_frames_f64((const uint8_t *)"nope", 4, 60, 0, NULL, NULL, NULL, 0, 0, 0, sizes, NULL, NULL, NULL, NULL,
                                            NULL, &err),
                       MK_INVALID_VALUE, &err, "preset"));
    const char *bad = "bogus";
    size_t bad_length = strlen(bad);
    CHECK(fails_naming(mk_preset_frames_f64((const uint8_t *)name, strlen(name), 60, 1, (const uint8_t *)bad, &bad_length,
                                            &option_value, 0, 0, 0, sizes, NULL, NULL, NULL, NULL, NULL, &err),
                       MK_INVALID_VALUE, &err, "options.bogus"));
    CHECK(fails_naming(mk_preset_frames_f64((const uint8_t *)name, strlen(name), 0, 0, NULL, NULL, NULL, 0, 0, 0, sizes, NULL, NULL,
                                            NULL, NULL, NULL, &err),
                       MK_INVALID_VALUE, &err, "fps"));
    CHECK(fails_naming(mk_preset_frames_f64((const uint8_t *)name, SIZE_MAX, 60, 0, NULL, NULL, NULL, 0, 0, 0, sizes, NULL, NULL, NULL,
                                            NULL, NULL, &err),
                       MK_INVALID_VALUE, &err, "preset"));
    CHECK(fails_naming(mk_preset_frames_f64((const uint8_t *)name, strlen(name), 60, 3, NULL, NULL, NULL, 0, 0, 0, sizes, NULL, NULL,
                                            NULL, NULL, NULL, &err),
                       MK_INVALID_VALUE, &err, "option_name_lengths"));
    /* Capacities that hold the frames but null buffers. */
    CHECK(fails_naming(mk_preset_frames_f64((const uint8_t *)name, strlen(name), 60, 0, NULL, NULL, NULL, 1000, 1, 5, sizes, NULL, NULL,
                                            NULL, NULL, NULL, &err),
                       MK_INVALID_VALUE, &err, "duration"));
}

int main(void) {
    settle();
    convert();
    preset();
    if (failures) return 1;
    printf("ok\n");
    return 0;
}
