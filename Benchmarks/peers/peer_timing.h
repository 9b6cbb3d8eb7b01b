/*
 * Timing helpers shared by the C peers (bezier_peer.c, c_peers.c, machine_limits.c): a monotonic
 * clock in seconds, the comparison for sorting timings (medians, never means) and the timing loop
 * of a benchmark kernel.
 */
#ifndef PEER_TIMING_H
#define PEER_TIMING_H
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median and quartiles of a kernel's timed calls, in seconds. */
typedef struct {
    double med, p25, p75;
} PeerTimes;

/*
 * Times call(ctx): one warm-up call (and first touch of the outputs), then timed calls until at
 * least 7 and about 0.5 s of kernel time (at most 200); each call is timed on its own.
 */
static inline PeerTimes peer_measure(void (*call)(void *), void *ctx) {
    double times[200];
    call(ctx);
    int reps = 0;
    double total = 0.0;
    while (reps < 7 || (total < 0.5 && reps < 200)) {
        double t0 = now();
        call(ctx);
        times[reps] = now() - t0;
        total += times[reps];
        reps++;
    }
    qsort(times, (size_t)reps, sizeof(double), cmp);
#define Q(f) times[(int)((f) * (reps - 1) + 0.5)]
    PeerTimes r = {Q(0.5), Q(0.25), Q(0.75)};
#undef Q
    return r;
}

#endif
