/*
 * Timing helpers shared by the C peers (bezier_peer.c, machine_limits.c): a monotonic clock in
 * seconds and the comparison for sorting timings (medians, never means).
 */
#ifndef PEER_TIMING_H
#define PEER_TIMING_H
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

#endif
