/* Checks the curve entry points through include/motionkernel.h (compiled by test_c_curves.py
 * with gcc): mk_timing_spec_values, mk_spline_sample_f64, mk_keyframes_sample_f64. References
 * are closed forms: a spline through a straight line is that line, keyframes interpolate
 * linearly, steps are floor((n x)) / n. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "motionkernel.h"

static int failures = 0;

/* Counts and reports a failed check (the expression's text and its line). */
static void check(int ok, const char *what, int line) {
    if (!ok) {
        fprintf(stderr, "curves_check.c:%d: check failed: %s\n", line, what);
        failures++;
    }
}
#define CHECK(cond) check((cond) != 0, #cond, __LINE__)

#define S(text) (const uint8_t *)(text), strlen(text)

/* The field of a failed call, and its message starts "field: ". */
static int failed_with(int32_t status, int32_t expected, const mk_error *err, const char *field) {
    size_t n = strlen(field);
    return status == expected && err->code == expected && strcmp(err->field, field) == 0 &&
           strncmp(err->message, field, n) == 0 && strncmp(err->message + n, ": ", 2) == 0;
}

int main(void) {
    mk_error err;
    double out[8];

    /* The structs' layouts, as the library reads them (natural alignment, pointer size P). */
    CHECK(sizeof(mk_timing_spec) == 8 + 2 * sizeof(void *) + 13 * sizeof(double));
    CHECK(offsetof(mk_timing_spec, numbers) == 8 + 2 * sizeof(void *));
    CHECK(sizeof(void *) != 8 || (sizeof(mk_spline_end) == 48 && offsetof(mk_spline_end, per_channel) == 40));

    /* Timing: steps(4, end) at x is floor(4x)/4 for x in [0, 1). */
    mk_timing_spec steps;
    memset(&steps, 0, sizeof steps);
    steps.kind = MK_TIMING_STEPS;
    steps.numbers[0] = 4;
    double x[4] = {0.0, 0.3, 0.55, 0.99};
    CHECK(mk_timing_spec_values(&steps, x, 4, out, &err) == MK_OK);
    CHECK(out[0] == 0.0 && out[1] == 0.25 && out[2] == 0.5 && out[3] == 0.75);
    /* steps(4, start) is ceil(4x)/4 (x > 0), given by its position name. */
    steps.text = (const uint8_t *)"start";
    steps.text_length = 5;
    CHECK(mk_timing_spec_values(&steps, x + 1, 3, out, &err) == MK_OK);
    CHECK(out[0] == 0.5 && out[1] == 0.75 && out[2] == 1.0);
    steps.text = (const uint8_t *)"middle";
    steps.text_length = 6;
    CHECK(failed_with(mk_timing_spec_values(&steps, x, 4, out, &err), MK_INVALID_VALUE, &err, "timing.position"));
    steps.text = NULL;
    steps.numbers[0] = 2.5;
    CHECK(failed_with(mk_timing_spec_values(&steps, x, 4, out, &err), MK_INVALID_VALUE, &err, "timing.steps"));

    /* cubic-bezier(0, 0, 1, 1) is the identity; x1 outside [0, 1] names cubicBezier[0]. */
    mk_timing_spec bezier;
    memset(&bezier, 0, sizeof bezier);
    bezier.kind = MK_TIMING_CUBIC_BEZIER;
    bezier.fields = 4;
    bezier.numbers[2] = 1.0;
    bezier.numbers[3] = 1.0;
    CHECK(mk_timing_spec_values(&bezier, x, 4, out, &err) == MK_OK);
    for (int i = 0; i < 4; i++) CHECK(fabs(out[i] - x[i]) <= 4e-16);
    bezier.numbers[0] = 1.5;
    CHECK(failed_with(mk_timing_spec_values(&bezier, x, 4, out, &err), MK_INVALID_VALUE, &err, "timing.cubicBezier[0]"));
    bezier.fields = 3;
    CHECK(failed_with(mk_timing_spec_values(&bezier, x, 4, out, &err), MK_INVALID_VALUE, &err, "timing.cubicBezier"));

    /* A spring from 0 to 1: starts at 0 and ends within its settling epsilon 0.001 of 1 (plus rounding). */
    mk_timing_spec spring;
    memset(&spring, 0, sizeof spring);
    spring.kind = MK_TIMING_SPRING;
    enum { STIFFNESS = 1, DAMPING = 2 }; /* key positions: bit b of fields, numbers[b] */
    spring.fields = (1u << STIFFNESS) | (1u << DAMPING);
    spring.numbers[STIFFNESS] = 100.0;
    spring.numbers[DAMPING] = 10.0;
    double ends[2] = {0.0, 1.0};
    CHECK(mk_timing_spec_values(&spring, ends, 2, out, &err) == MK_OK);
    CHECK(out[0] == 0.0 && fabs(out[1] - 1.0) <= 0.001 * (1 + 1e-9));
    /* initialVelocity (bit MK_TIMING_INITIAL_VELOCITY, numbers[12]) changes the curve. */
    double plain, moving;
    CHECK(mk_timing_spec_values(&spring, x + 1, 1, &plain, &err) == MK_OK);
    spring.fields |= MK_TIMING_INITIAL_VELOCITY;
    spring.numbers[12] = 5.0;
    CHECK(mk_timing_spec_values(&spring, x + 1, 1, &moving, &err) == MK_OK);
    CHECK(moving != plain);
    spring.fields &= ~MK_TIMING_INITIAL_VELOCITY;
    spring.fields = 1u << STIFFNESS;
    CHECK(failed_with(mk_timing_spec_values(&spring, ends, 2, out, &err), MK_MISSING_FIELD, &err, "timing.spring.damping"));
    CHECK(failed_with(mk_timing_spec_values(NULL, ends, 2, out, &err), MK_MISSING_FIELD, &err, "timing"));
    bezier.fields = 4;
    bezier.numbers[0] = 0.0;
    CHECK(failed_with(mk_timing_spec_values(&bezier, NULL, (size_t)1 << 41, out, &err), MK_INVALID_VALUE, &err, "at"));

    /* Splines of y(x) through the line y = 2x + 1 reproduce it; Catmull-Rom (a parametric curve
       through the points) passes through the knots. A few roundings of numbers below 8: 1e-14. */
    double kx[4] = {0.0, 1.0, 2.5, 3.0}, ky[4] = {1.0, 3.0, 6.0, 7.0}, at[3] = {0.5, 2.0, 2.75};
    const char *kinds[4] = {"cubic", "pchip", "akima", "makima"};
    for (int k = 0; k < 4; k++) {
        CHECK(mk_spline_sample_f64(S(kinds[k]), kx, 4, ky, 4, 1, 0, NULL, 0, NULL, NULL, 0, at, 3, out, &err) == MK_OK);
        for (int i = 0; i < 3; i++) CHECK(fabs(out[i] - (2 * at[i] + 1)) <= 1e-14);
    }
    CHECK(mk_spline_sample_f64(S("catmullRom"), kx, 4, ky, 4, 1, 0, NULL, 0, NULL, NULL, 0, kx, 4, out, &err) == MK_OK);
    for (int i = 0; i < 4; i++) CHECK(fabs(out[i] - ky[i]) <= 1e-14);
    CHECK(mk_spline_sample_f64(S("cubic"), kx, 4, ky, 4, 1, 0, S("natural"), NULL, NULL, 1, at, 3, out, &err) == MK_OK);
    for (int i = 0; i < 3; i++) CHECK(fabs(out[i] - 2.0) <= 1e-14);
    /* Ends given as (order, value): clamped to slope 2 at both ends is the line again. */
    double slope = 2.0;
    mk_spline_end clamp[2] = {{NULL, 0, 1.0, &slope, 1, 0}, {NULL, 0, 1.0, &slope, 1, 0}};
    CHECK(mk_spline_sample_f64(S("cubic"), kx, 4, ky, 4, 1, 0, NULL, 0, clamp, NULL, 0, at, 3, out, &err) == MK_OK);
    for (int i = 0; i < 3; i++) CHECK(fabs(out[i] - (2 * at[i] + 1)) <= 1e-14);
    clamp[1].order = 3.0;
    CHECK(failed_with(mk_spline_sample_f64(S("cubic"), kx, 4, ky, 4, 1, 0, NULL, 0, clamp, NULL, 0, at, 3, out, &err),
                      MK_INVALID_VALUE, &err, "spline.boundary[1][0]"));
    /* Two channels: (x, -x). */
    double ky2[8] = {0.0, 0.0, 1.0, -1.0, 2.5, -2.5, 3.0, -3.0};
    CHECK(mk_spline_sample_f64(S("pchip"), kx, 4, ky2, 4, 2, 1, NULL, 0, NULL, NULL, 0, at, 3, out, &err) == MK_OK);
    for (int i = 0; i < 3; i++) CHECK(fabs(out[2 * i] - at[i]) <= 1e-14 && fabs(out[2 * i + 1] + at[i]) <= 1e-14);
    /* Errors name eval's fields. */
    double bad[4] = {0.0, 2.0, 1.0, 3.0};
    CHECK(failed_with(mk_spline_sample_f64(S("cubic"), bad, 4, ky, 4, 1, 0, NULL, 0, NULL, NULL, 0, at, 3, out, &err),
                      MK_INVALID_VALUE, &err, "spline.x[2]"));
    bad[1] = NAN;
    CHECK(failed_with(mk_spline_sample_f64(S("cubic"), bad, 4, ky, 4, 1, 0, NULL, 0, NULL, NULL, 0, at, 3, out, &err),
                      MK_INVALID_VALUE, &err, "spline.x[1]"));
    CHECK(failed_with(mk_spline_sample_f64(S("bezier"), kx, 4, ky, 4, 1, 0, NULL, 0, NULL, NULL, 0, at, 3, out, &err),
                      MK_INVALID_VALUE, &err, "spline.kind"));
    CHECK(failed_with(mk_spline_sample_f64(NULL, 0, kx, 4, ky, 4, 1, 0, NULL, 0, NULL, NULL, 0, at, 3, out, &err),
                      MK_MISSING_FIELD, &err, "spline.kind"));
    CHECK(failed_with(mk_spline_sample_f64(S("cubic"), kx, 4, ky, 3, 1, 0, NULL, 0, NULL, NULL, 0, at, 3, out, &err),
                      MK_INVALID_VALUE, &err, "spline.y"));
    CHECK(failed_with(mk_spline_sample_f64(S("cubic"), kx, 4, ky, 4, 1, 0, NULL, 0, NULL, NULL, 3, at, 3, out, &err),
                      MK_INVALID_VALUE, &err, "derivative"));
    CHECK(failed_with(mk_spline_sample_f64(S("cubic"), NULL, (size_t)1 << 41, ky, 4, 1, 0, NULL, 0, NULL, NULL, 0, at, 3, out, &err),
                      MK_INVALID_VALUE, &err, "spline.x"));
    CHECK(failed_with(mk_spline_sample_f64(S("cubic"), kx, 4, ky, 4, 1, 0, NULL, 0, NULL, NULL, 0, NULL, (size_t)1 << 41, out, &err),
                      MK_INVALID_VALUE, &err, "at"));
    CHECK(failed_with(mk_spline_sample_f64(S("cubic"), kx, 4, ky, 4, 1, 0, NULL, 0, NULL, NULL, 0, at, 3, NULL, &err),
                      MK_INVALID_VALUE, &err, "out"));

    /* Keyframes 0 → 10 → 5, linear at evenly spaced key times; the second segment eased by steps(2). */
    double values[3] = {0.0, 10.0, 5.0}, p[5] = {-1.0, 0.25, 0.5, 0.8, 2.0};
    CHECK(mk_keyframes_sample_f64(values, 3, 1, 0, NULL, 0, NULL, 0, NULL, 0, p, 5, out, &err) == MK_OK);
    CHECK(out[0] == 0.0 && out[1] == 5.0 && out[2] == 10.0 && fabs(out[3] - 7.0) <= 4e-15 && out[4] == 5.0);
    mk_timing_spec eases[2];
    memset(eases, 0, sizeof eases);
    eases[0].kind = MK_TIMING_TEXT;
    eases[0].text = (const uint8_t *)"linear";
    eases[0].text_length = 6;
    eases[1].kind = MK_TIMING_STEPS;
    eases[1].numbers[0] = 2;
    CHECK(mk_keyframes_sample_f64(values, 3, 1, 0, NULL, 0, S("linear"), eases, 2, p, 5, out, &err) == MK_OK);
    CHECK(out[1] == 5.0 && out[3] == 7.5); /* progress 0.6 in the segment, steps(2) gives 0.5 */
    eases[1].numbers[0] = 0;
    CHECK(failed_with(mk_keyframes_sample_f64(values, 3, 1, 0, NULL, 0, NULL, 0, eases, 2, p, 5, out, &err), MK_INVALID_VALUE,
                      &err, "keyframes.timingFunctions[1].steps"));
    double times[3] = {0.0, 0.7, 0.5};
    CHECK(mk_keyframes_sample_f64(values, 3, 1, 0, times, 3, NULL, 0, NULL, 0, p, 5, out, &err) == MK_INVALID_VALUE);
    CHECK(strncmp(err.field, "keyframes.keyTimes", 18) == 0);
    CHECK(failed_with(mk_keyframes_sample_f64(values, 3, 1, 0, NULL, 0, S("bouncy"), NULL, 0, p, 5, out, &err), MK_INVALID_VALUE,
                      &err, "keyframes.calculationMode"));
    CHECK(failed_with(mk_keyframes_sample_f64(NULL, (size_t)1 << 41, 1, 0, NULL, 0, NULL, 0, NULL, 0, p, 5, out, &err),
                      MK_INVALID_VALUE, &err, "keyframes.values"));
    CHECK(failed_with(mk_keyframes_sample_f64(values, 3, 1, 0, NULL, 0, NULL, 0, NULL, (size_t)1 << 41, p, 5, out, &err),
                      MK_INVALID_VALUE, &err, "keyframes.timingFunctions"));

    if (failures == 0) printf("ok\n");
    return failures == 0 ? 0 : 1;
}
