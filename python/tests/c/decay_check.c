/* Checks mk_decay_sample_f64, mk_decay_sample_rows_f64, mk_velocity_estimate_f64 and mk_rubber_band_f64 through
 * include/motionkernel.h (compiled by test_decay.py with gcc). References are closed forms and
 * the anchors' published numbers; tolerances are derived in the comments. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "motionkernel.h"

static int failures = 0;

static void check(int ok, const char *what, int line) {
    if (!ok) {
        fprintf(stderr, "decay_check.c:%d: check failed: %s\n", line, what);
        failures++;
    }
}
#define CHECK(cond) check((cond) ? 1 : 0, #cond, __LINE__)

static const double u = 1.1102230246251565e-16;

static int names(int32_t status, const mk_error *err, const char *field) {
    if (status != MK_INVALID_VALUE || strcmp(err->field, field) != 0) {
        fprintf(stderr, "  got status %d, field \"%s\" (%s); expected \"%s\"\n", status, err->field, err->message, field);
        return 0;
    }
    return 1;
}

static void decay(void) {
    mk_error err;
    /* UIKit at r = 0.99 ("fast"): x(t) = x0 + v0 (r^(1000t) - 1)/(1000 ln r). The library uses
       expm1, the reference pow: both within (12 + 4|kt|)u of the scale x0 + |v0/k|. */
    const char *names_packed = "decelerationRaterestDelta";
    size_t lengths[2] = {16, 9};
    double params[2] = {0.99, 0.5};
    double from[2] = {5, -3}, velocity[2] = {1200, -700}, times[4] = {0, 0.01, 0.2, 1.5};
    double values[8], velocities[8], resting[2], durations[2], extra[2];
    int32_t s = mk_decay_sample_f64((const uint8_t *)"uikit", 5, 2, (const uint8_t *)names_packed, lengths, params, NULL, 0, 2, from,
                                    velocity, times, 4, values, velocities, resting, durations, extra, &err);
    CHECK(s == MK_OK);
    double k = 1000 * log(0.99);
    for (int i = 0; i < 2; i++) {
        for (int j = 0; j < 4; j++) {
            double p = pow(0.99, 1000 * times[j]);
            double x = from[i] + velocity[i] * (p - 1) / k, v = velocity[i] * p;
            double kt = fabs(k * times[j]);
            CHECK(fabs(values[i * 4 + j] - x) <= (12 + 4 * kt) * u * (fabs(from[i]) + fabs(velocity[i] / k)) + 4 * u * fabs(x));
            CHECK(fabs(velocities[i * 4 + j] - v) <= (8 + 4 * kt) * u * fabs(velocity[i]));
        }
        /* The limit x0 - v0/k, and WWDC's projection x0 + (v0/1000) r/(1 - r), in extra. */
        CHECK(fabs(resting[i] - (from[i] - velocity[i] / k)) <= 8 * u * (fabs(from[i]) + fabs(velocity[i] / k)));
        /* r is the double nearest 0.99, and 1 - r is exact for it (Sterbenz). */
        CHECK(fabs(extra[i] - (from[i] + velocity[i] / 1000 * 0.99 / (1 - 0.99))) <= 8 * u * (fabs(from[i]) + fabs(velocity[i] / 10)));
        /* |x(T) - rest| = restDelta: |v0| e^{kT}/|k| = 0.5. */
        CHECK(fabs(fabs(velocity[i]) * exp(k * durations[i]) / fabs(k) - 0.5) <= (8 + 8 * fabs(k * durations[i])) * u * 0.5);
    }
    /* Errors name eval's fields, and a failed call writes nothing. */
    double sentinel = 12345;
    values[0] = sentinel;
    params[0] = 1.5;
    s = mk_decay_sample_f64((const uint8_t *)"uikit", 5, 2, (const uint8_t *)names_packed, lengths, params, NULL, 0, 2, from, velocity,
                            times, 4, values, NULL, NULL, NULL, NULL, &err);
    CHECK(names(s, &err, "decay.decelerationRate") && values[0] == sentinel);
    velocity[1] = NAN;
    params[0] = 0.99;
    s = mk_decay_sample_f64((const uint8_t *)"uikit", 5, 0, NULL, NULL, NULL, NULL, 0, 2, from, velocity, times, 4, values, NULL, NULL,
                            NULL, NULL, &err);
    CHECK(names(s, &err, "velocity[1]") && values[0] == sentinel);
    s = mk_decay_sample_f64((const uint8_t *)"bogus", 5, 0, NULL, NULL, NULL, NULL, 0, 0, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL,
                            &err);
    CHECK(names(s, &err, "decay.model"));
    double snap[2] = {1, INFINITY};
    s = mk_decay_sample_f64((const uint8_t *)"motionInertia", 13, 0, NULL, NULL, NULL, snap, 2, 0, NULL, NULL, NULL, 0, NULL, NULL, NULL,
                            NULL, NULL, &err);
    CHECK(names(s, &err, "decay.snapTo[1]"));
}

/* Parameters per release: release i equals mk_decay_sample_f64 with its own numbers, bit for bit,
   and an invalid column entry names its release. */
static void decay_rows(void) {
    mk_error err;
    const char *names_packed = "decelerationRaterestDelta";
    size_t lengths[2] = {16, 9};
    double columns[6] = {0.998, 0.99, 0.995, 0.5, 0.1, 2.0}; /* rates of 3 releases, then restDeltas */
    double from[3] = {5, -3, 0}, velocity[3] = {1200, -700, 40}, times[4] = {0, 0.01, 0.2, 1.5};
    double values[12], velocities[12], durations[3];
    int32_t s = mk_decay_sample_rows_f64((const uint8_t *)"uikit", 5, 2, (const uint8_t *)names_packed, lengths, columns, NULL, 0, 3,
                                         from, velocity, times, 4, values, velocities, NULL, durations, NULL, &err);
    CHECK(s == MK_OK);
    for (int i = 0; i < 3; i++) {
        double own[2] = {columns[i], columns[3 + i]}, v1[4], w1[4], d1;
        s = mk_decay_sample_f64((const uint8_t *)"uikit", 5, 2, (const uint8_t *)names_packed, lengths, own, NULL, 0, 1, from + i,
                                velocity + i, times, 4, v1, w1, NULL, &d1, NULL, &err);
        CHECK(s == MK_OK && d1 == durations[i]);
        for (int j = 0; j < 4; j++) CHECK(v1[j] == values[i * 4 + j] && w1[j] == velocities[i * 4 + j]);
    }
    columns[4] = -1;
    s = mk_decay_sample_rows_f64((const uint8_t *)"uikit", 5, 2, (const uint8_t *)names_packed, lengths, columns, NULL, 0, 3, from,
                                 velocity, times, 4, values, NULL, NULL, NULL, NULL, &err);
    CHECK(names(s, &err, "decay.restDelta[1]"));
    columns[4] = 0.1;
    columns[2] = NAN;
    s = mk_decay_sample_rows_f64((const uint8_t *)"uikit", 5, 2, (const uint8_t *)names_packed, lengths, columns, NULL, 0, 3, from,
                                 velocity, times, 4, values, NULL, NULL, NULL, NULL, &err);
    CHECK(names(s, &err, "decay.decelerationRate[2]"));
    /* A name given twice is an error in both entry points (its other value would go unchecked). */
    const char *twice = "restDeltarestDelta";
    size_t twice_lengths[2] = {9, 9};
    double twice_values[2] = {-1, 0.5};
    s = mk_decay_sample_f64((const uint8_t *)"uikit", 5, 2, (const uint8_t *)twice, twice_lengths, twice_values, NULL, 0, 1, from,
                            velocity, times, 4, values, NULL, NULL, NULL, NULL, &err);
    CHECK(names(s, &err, "decay.restDelta"));
    s = mk_decay_sample_rows_f64((const uint8_t *)"uikit", 5, 2, (const uint8_t *)twice, twice_lengths, twice_values, NULL, 0, 1, from,
                                 velocity, times, 4, values, NULL, NULL, NULL, NULL, &err);
    CHECK(names(s, &err, "decay.restDelta"));
    /* No releases: names are still checked, and the empty columns may be NULL. */
    s = mk_decay_sample_rows_f64((const uint8_t *)"uikit", 5, 1, (const uint8_t *)"stiffness", twice_lengths, NULL, NULL, 0, 0, NULL, NULL,
                                 NULL, 0, NULL, NULL, NULL, NULL, NULL, &err);
    CHECK(names(s, &err, "decay.stiffness"));
    s = mk_decay_sample_rows_f64((const uint8_t *)"uikit", 5, 1, (const uint8_t *)"restDelta", twice_lengths, NULL, NULL, 0, 0, NULL, NULL,
                                 NULL, 0, NULL, NULL, NULL, NULL, NULL, &err);
    CHECK(s == MK_OK);
}

static void velocity_and_rubber_band(void) {
    mk_error err;
    /* AOSP VelocityTracker_test.cpp, ThreePointsLinearVelocityTest: 0 -> 0, 10 ms -> 5, 20 ms -> 10 is
       500 px/s; a line is fitted exactly (relative error of a few u of the sums). */
    double t[6] = {0, 0.01, 0.02, 0, 0.01, 0.02}, x[6] = {0, 5, 10, 0, -1, -2}, out[2];
    CHECK(mk_velocity_estimate_f64(2, 3, t, x, (const uint8_t *)"lsq2", 4, NULL, out, &err) == MK_OK);
    CHECK(fabs(out[0] - 500) <= 1e-9 * 500 && fabs(out[1] + 100) <= 1e-9 * 100);
    CHECK(mk_velocity_estimate_f64(1, 3, t, x, (const uint8_t *)"impulse", 7, NULL, out, &err) == MK_OK && fabs(out[0] - 500) <= 1e-9 * 500);
    CHECK(names(mk_velocity_estimate_f64(1, 1, t, x, NULL, 0, NULL, out, &err), &err, "samples"));
    CHECK(names(mk_velocity_estimate_f64(1, 3, t, x, (const uint8_t *)"wlsq", 4, NULL, out, &err), &err, "strategy"));
    /* The published rubber-band table (d = 960, c = 0.55, printed to two decimals). */
    double offsets[5] = {5, 10, 100, 400, 960}, printed[5] = {2.74, 5.47, 52.02, 178.98, 340.65}, band[5], back[5];
    CHECK(mk_rubber_band_f64(5, offsets, 960, 0.55, 0, band, &err) == MK_OK);
    for (int i = 0; i < 5; i++) CHECK(fabs(band[i] - printed[i]) <= 0.005 + 1e-4);
    /* The inverse: conditioning d^2/(c (d - y)^2) times the forward rounding 4u y, plus 6u x. */
    CHECK(mk_rubber_band_f64(5, band, 960, 0.55, 1, back, &err) == MK_OK);
    for (int i = 0; i < 5; i++) {
        double slope = 960.0 * 960.0 / (0.55 * (960 - band[i]) * (960 - band[i]));
        CHECK(fabs(back[i] - offsets[i]) <= 6 * u * offsets[i] + slope * 4 * u * band[i]);
    }
    double bad[2] = {0.5, 2};
    CHECK(names(mk_rubber_band_f64(2, bad, 1, 0.55, 1, back, &err), &err, "offset[1]"));
    CHECK(names(mk_rubber_band_f64(1, bad, 0, 0.55, 0, back, &err), &err, "dimension"));
}

int main(void) {
    decay_rows();
    decay();
    velocity_and_rubber_band();
    if (failures) return 1;
    printf("ok\n");
    return 0;
}
