/*
 * The `bezier.solve` peer (docs/benchmarks.md): the cubic-Bézier timing-function solver
 * that browsers have long used (WebKit's UnitBezier, which Chromium's and Firefox's solvers
 * derive from), written here in plain C from its published description:
 *
 *   - polynomial coefficients of x(t) and y(t) in power form, from the control points
 *     (0,0), (x1,y1), (x2,y2), (1,1);
 *   - up to 8 Newton iterations on x(t) = x starting from t = x, stopping when |x(t) - x| < eps
 *     and giving up when |x'(t)| < 1e-6;
 *   - otherwise bisection on [0, 1] starting from t = x, stopping when |x(t) - x| < eps;
 *   - the answer is y(t).
 *
 * eps: the browsers pick eps from the animation duration (1 / (200 * duration ms)), far looser
 * than 1e-7. Here eps = 5e-8 on x: the error in y is about |dy/dx| * eps, and |dy/dx| <= 1.72 on
 * cubic-bezier(0.42, 0, 0.58, 1), so the y error stays below 1e-7 (the measured maxAbsError
 * against a 100-step bisection of the Bernstein form, over every input, is printed).
 *
 * Workload: cubic-bezier(0.42, 0, 0.58, 1) at 10^6 inputs in [0, 1) drawn by SplitMix64 with the
 * seed the Swift benchmark uses (0x5EEDBE21), Double. Timing: one warm-up pass, then timed passes
 * until at least 7 and about 0.5 s of kernel time; median and quartiles (CLOCK_MONOTONIC).
 * Prints one JSON line in the schema of `motionkernel-bench --json`.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef BUILD_FLAGS
#define BUILD_FLAGS "unknown"
#endif

typedef struct {
    double ax, bx, cx, ay, by, cy;
} Curve;

static Curve curve_make(double x1, double y1, double x2, double y2) {
    Curve c;
    c.cx = 3.0 * x1;
    c.bx = 3.0 * (x2 - x1) - c.cx;
    c.ax = 1.0 - c.cx - c.bx;
    c.cy = 3.0 * y1;
    c.by = 3.0 * (y2 - y1) - c.cy;
    c.ay = 1.0 - c.cy - c.by;
    return c;
}

static inline double curve_x(const Curve *c, double t) { return ((c->ax * t + c->bx) * t + c->cx) * t; }
static inline double curve_y(const Curve *c, double t) { return ((c->ay * t + c->by) * t + c->cy) * t; }
static inline double curve_dx(const Curve *c, double t) { return (3.0 * c->ax * t + 2.0 * c->bx) * t + c->cx; }

/* t with x(t) = x, to |x(t) - x| < eps. */
static inline double solve_t(const Curve *c, double x, double eps) {
    double t = x;
    for (int i = 0; i < 8; i++) {
        double r = curve_x(c, t) - x;
        if (fabs(r) < eps) return t;
        double d = curve_dx(c, t);
        if (fabs(d) < 1e-6) break;
        t -= r / d;
    }
    double lo = 0.0, hi = 1.0;
    t = x;
    if (t < lo) return lo;
    if (t > hi) return hi;
    while (lo < hi) {
        double xt = curve_x(c, t);
        if (fabs(xt - x) < eps) return t;
        if (x > xt) lo = t; else hi = t;
        double next = (hi - lo) * 0.5 + lo;
        if (next == t) break; /* interval exhausted in Double */
        t = next;
    }
    return t;
}

/* The timed kernel: a library function over arrays, as a caller would use it. */
__attribute__((noinline)) static void solve_all(const Curve *c, const double *x, double *y, size_t n, double eps) {
    for (size_t i = 0; i < n; i++) y[i] = curve_y(c, solve_t(c, x[i], eps));
}

/* Independent reference: plain bisection on t of the Bernstein form. */
static double reference(double x1, double y1, double x2, double y2, double x) {
    double lo = 0.0, hi = 1.0;
    for (int i = 0; i < 100; i++) {
        double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        double s = 1.0 - mid;
        double xm = 3.0 * s * s * mid * x1 + 3.0 * s * mid * mid * x2 + mid * mid * mid;
        if (xm < x) lo = mid; else hi = mid;
    }
    double t = 0.5 * (lo + hi), s = 1.0 - t;
    return 3.0 * s * s * t * y1 + 3.0 * s * t * t * y2 + t * t * t;
}

static uint64_t splitmix_state;
static double splitmix_unit(void) {
    splitmix_state += 0x9E3779B97F4A7C15ULL;
    uint64_t z = splitmix_state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return (double)(z >> 11) * 0x1p-53;
}

#include "peer_timing.h"

typedef struct {
    const Curve *c;
    const double *x;
    double *y;
    size_t n;
    double eps;
} SolveCall;

static void solve_call(void *ctx) {
    const SolveCall *s = ctx;
    solve_all(s->c, s->x, s->y, s->n, s->eps);
}

int main(void) {
    const size_t n = 1000000;
    const double x1 = 0.42, y1 = 0.0, x2 = 0.58, y2 = 1.0, eps = 5e-8;
    double *x = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double));
    if (!x || !y) { fprintf(stderr, "bezier_peer: cannot allocate\n"); return 1; }
    splitmix_state = 0x5EEDBE21ULL;
    for (size_t i = 0; i < n; i++) x[i] = splitmix_unit();
    Curve c = curve_make(x1, y1, x2, y2);

    SolveCall call = {&c, x, y, n, eps};
    PeerTimes tm = peer_measure(solve_call, &call);
    double med = tm.med, p25 = tm.p25, p75 = tm.p75;

    double worst = 0.0;
    for (size_t i = 0; i < n; i++) {
        double e = fabs(y[i] - reference(x1, y1, x2, y2, x[i]));
        if (!(e <= worst)) worst = e; /* NaN propagates */
    }
    int correct = worst <= 1e-7;
    printf("{\"workload\":\"bezier.solve\",\"precision\":\"double\",\"threads\":1,\"items\":%zu,"
           "\"seconds\":%.9g,\"p25\":%.9g,\"p75\":%.9g,\"itemsPerSecond\":%.9g,\"maxAbsError\":%.6g,"
           "\"correct\":%s,\"peer\":\"C UnitBezier (Newton x8 from t = x, bisection fallback, eps 5e-8)\","
           "\"compiler\":\"cc %s (%s)\"}\n",
           n, med, p25, p75, (double)n / med, worst, correct ? "true" : "false", BUILD_FLAGS, __VERSION__);
    free(x);
    free(y);
    return correct ? 0 : 1;
}
