/* Checks the C ABI through include/motionkernel.h (compiled by test_c_abi.py with gcc). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "motionkernel.h"

static int failures = 0;
#define CHECK(cond)                                                      \
    do {                                                                 \
        if (!(cond)) {                                                   \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                  \
        }                                                                \
    } while (0)

int main(void) {
    CHECK(mk_abi_version() == MK_ABI_VERSION);
    CHECK(sizeof(mk_error) == 1284);

    /* Two springs at three times; x(0) = from and x'(0) = velocity exactly. */
    double k[2] = {100.0, 400.0}, c[2] = {20.0, 4.0}, from[2] = {1.0, -2.0}, to[2] = {0.0, 3.0}, v[2] = {0.5, 0.0};
    double t[3] = {0.0, 0.5, 50.0}, x[6], xv[6];
    mk_error err;
    CHECK(mk_spring_batch_f64(2, NULL, k, c, from, to, v, t, 3, x, xv, 2, &err) == MK_OK);
    CHECK(x[0] == 1.0 && x[3] == -2.0 && xv[0] == 0.5 && xv[3] == 0.0);
    /* Critically damped (c² = 4km) from 1 to 0 with v0 = 0.5: x(t) = (1 + (ω + 0.5)t)e^{−ωt}, ω = 10;
       |Δ| ≤ 32u·(1 + 10.5t)·e^{−10t}·(1 + 10t) bounds both computations (a few roundings per term,
       the argument's relative error becoming an absolute error in exp). */
    double ref = (1 + 10.5 * 0.5) * exp(-5.0), u = 1.1102230246251565e-16;
    CHECK(fabs(x[1] - ref) <= 32 * u * (1 + 10.5 * 0.5) * exp(-5.0) * 6);
    CHECK(fabs(x[2] - 0.0) <= 1e-200 && fabs(x[5] - 3.0) <= 1e-12);

    /* A bad parameter: status, code, field path and message. */
    k[1] = -1.0;
    memset(&err, 0, sizeof err);
    CHECK(mk_spring_batch_f64(2, NULL, k, c, from, to, v, t, 3, x, NULL, 1, &err) == MK_INVALID_VALUE);
    CHECK(err.code == MK_INVALID_VALUE && strcmp(err.field, "stiffness[1]") == 0);
    CHECK(strncmp(err.message, "stiffness[1]: ", 14) == 0);
    CHECK(mk_spring_batch_f64(2, NULL, k, c, from, to, v, t, 3, x, NULL, 0, &err) == MK_INVALID_VALUE);
    CHECK(strcmp(err.field, "threads") == 0);

    /* One spring at one time by value: the same numbers as the batch with N = T = 1. */
    double one[2], x1[1], v1[1];
    CHECK(mk_spring_one_f64(1.0, 400.0, 4.0, -2.0, 3.0, 0.0, 0.5, one, 1, &err) == MK_OK);
    k[1] = 400.0;
    CHECK(mk_spring_batch_f64(1, NULL, k + 1, c + 1, from + 1, to + 1, v + 1, t + 1, 1, x1, v1, 1, &err) == MK_OK);
    CHECK(one[0] == x1[0] && one[1] == v1[0]);
    CHECK(mk_spring_one_f64(1.0, 400.0, 4.0, -2.0, 3.0, 0.0, -1.0, one, 1, &err) == MK_INVALID_VALUE);
    CHECK(strcmp(err.field, "times[0]") == 0);
    CHECK(mk_spring_one_f32(1.0f, -1.0f, 4.0f, 0.0f, 1.0f, 0.0f, 0.5f, (float *)one, 0, &err) == MK_INVALID_VALUE);
    CHECK(strcmp(err.field, "stiffness[0]") == 0);

    /* The packed form gives the same bits and errors. */
    double packed[7] = {1.0, 400.0, 4.0, -2.0, 3.0, 0.0, 0.5}, two[2];
    CHECK(mk_spring_one_f64(1.0, 400.0, 4.0, -2.0, 3.0, 0.0, 0.5, one, 1, &err) == MK_OK);
    CHECK(mk_spring_state_f64(packed, two, &err) == MK_OK && two[0] == one[0] && two[1] == one[1]);
    CHECK(mk_spring_value_f64(packed, two, &err) == MK_OK && two[0] == one[0] && two[1] == 0.0);
    float packedf[7] = {1.0f, -1.0f, 4.0f, 0.0f, 1.0f, 0.0f, 0.5f}, twof[2];
    CHECK(mk_spring_value_f32(packedf, twof, &err) == MK_INVALID_VALUE && strcmp(err.field, "stiffness[0]") == 0);
    CHECK(mk_spring_state_f32(NULL, twof, &err) == MK_INVALID_VALUE && strcmp(err.field, "params") == 0);

    /* Floats and a transform. */
    float tx[1] = {3.0f}, out[16];
    CHECK(mk_transform_build_f32(1, tx, NULL, NULL, NULL, out, &err) == MK_OK);
    CHECK(out[0] == 1.0f && out[5] == 1.0f && out[12] == 3.0f && out[15] == 1.0f && out[1] == 0.0f);
    float pts[2] = {1.0f, 2.0f}, moved[2];
    CHECK(mk_transform_apply_f32(out, pts, 1, 2, moved, &err) == MK_OK);
    CHECK(moved[0] == 4.0f && moved[1] == 2.0f);
    /* Homogeneous points: (x, y, z, w)*M with no divide; w = 2 scales the translation by 2. */
    double tm[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, -4, 5, 1}, hp[8] = {1, 2, 3, 2, 0, 0, 0, 1}, ho[8];
    CHECK(mk_transform_apply_homogeneous_f64(tm, hp, 2, ho, &err) == MK_OK);
    CHECK(ho[0] == 7.0 && ho[1] == -6.0 && ho[2] == 13.0 && ho[3] == 2.0);
    CHECK(ho[4] == 3.0 && ho[5] == -4.0 && ho[6] == 5.0 && ho[7] == 1.0);
    float hpf[4] = {1.0f, 2.0f, 3.0f, 0.0f}, hof[4];
    CHECK(mk_transform_apply_homogeneous_f32(out, hpf, 1, hof, &err) == MK_OK);
    CHECK(hof[0] == 1.0f && hof[1] == 2.0f && hof[2] == 3.0f && hof[3] == 0.0f);
    hp[5] = NAN;
    CHECK(mk_transform_apply_homogeneous_f64(tm, hp, 2, ho, &err) == MK_INVALID_VALUE);
    CHECK(strcmp(err.field, "points[1]") == 0);

    /* The kernels' vector level: a static string naming one of the three levels. */
    const char *level = mk_kernel_level();
    CHECK(level != NULL && (strcmp(level, "portable") == 0 || strcmp(level, "avx2") == 0 || strcmp(level, "avx512") == 0));
    CHECK(mk_kernel_level() == level);

    /* Timing and eval. */
    double in[3] = {0.0, 0.3, 1.0}, y[3];
    CHECK(mk_timing_values("steps(2, jump-start)", in, 3, y, &err) == MK_OK);
    CHECK(y[0] == 0.5 && y[1] == 0.5 && y[2] == 1.0);
    CHECK(mk_timing_values("cubic-bezier(2, 0, 1, 1)", in, 3, y, &err) == MK_INVALID_VALUE);
    CHECK(strcmp(err.field, "timing") == 0);
    const char *req = "{\"id\":5,\"op\":\"presets.list\"}";
    uint8_t *answer = NULL;
    size_t len = 0;
    CHECK(mk_eval((const uint8_t *)req, strlen(req), &answer, &len) == 0);
    CHECK(answer != NULL && strncmp((const char *)answer, "{\"id\":5,\"ok\":true", 17) == 0 && strlen((char *)answer) == len);
    mk_free(answer);
    CHECK(mk_eval((const uint8_t *)"  ", 2, &answer, &len) == 1 && answer == NULL);

    if (failures == 0) printf("ok\n");
    return failures == 0 ? 0 : 1;
}
