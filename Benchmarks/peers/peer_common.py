"""What the Python peers of the MotionKernel benchmarks share (bench_numpy.py, bench_numba.py,
check_splines.py): the inputs of each workload, the timing loop and the independent float64
references that check every measured output. Each peer's measured code (its kernels) stays in
its own file; nothing here is timed but the kernel a peer hands to `measure`.

Inputs are the Swift benchmark's own: the same SplitMix64 streams (seed and draw order) as
Benchmarks/MotionKernelBenchmarks/*Bench.swift, evaluated here vectorised, so every side computes
on the same numbers.
"""
import time

import numpy as np
from scipy.linalg import expm

# ---------------------------------------------------------------------------------------------
# Inputs: SplitMix64, as in Sources/MotionKernel/Support/SplitMix64.swift (state += golden gamma; mix; 53-bit unit).

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)


def splitmix_units(seed, count):
    """The first `count` draws of SplitMix64(seed).nextUnit(), as float64 in [0, 1)."""
    k = np.arange(1, count + 1, dtype=np.uint64)
    z = k * _GAMMA + np.uint64(seed)  # uint64 arrays wrap silently, as Swift's &+ and &*
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    z = z ^ (z >> np.uint64(31))
    return (z >> np.uint64(11)).astype(np.float64) * 2.0**-53


# ---------------------------------------------------------------------------------------------
# Timing

def measure(kernel, min_reps=7, min_seconds=0.5, max_reps=200):
    """One warm-up call (and first touch of the outputs), then timed calls until at least
    `min_reps` and about `min_seconds` of kernel time: (median, p25, p75) in seconds."""
    kernel()
    times = []
    total = 0.0
    while len(times) < min_reps or (total < min_seconds and len(times) < max_reps):
        t0 = time.perf_counter()
        kernel()
        dt = time.perf_counter() - t0
        times.append(dt)
        total += dt
    times.sort()

    def q(f):
        return times[min(len(times) - 1, int(f * (len(times) - 1) + 0.5))]

    return q(0.5), q(0.25), q(0.75)


def median_time(f, reps=9):
    """One warm-up call, then the median of `reps` (odd) timed calls, in seconds."""
    f()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        f()
        ts.append(time.perf_counter() - t0)
    ts.sort()
    return ts[len(ts) // 2]


# ---------------------------------------------------------------------------------------------
# Independent references

def spring_reference(k, c, x0, v0, dt, steps):
    """Float64 displacement of x'' + c x' + k x = 0 at t = j*dt, j < steps, from the exact
    one-step propagator exp(A dt) (scipy.linalg.expm), A = [[0, 1], [-k, -c]]."""
    e = expm(np.array([[0.0, 1.0], [-k, -c]]) * dt)
    out = np.empty(steps)
    s = np.array([x0, v0])
    for j in range(steps):
        out[j] = s[0]
        s = e @ s
    return out


def spring_error(out, k, c, frm, to, v, stride):
    """The largest |out - reference| over every `stride`-th spring (row of `out`, one sample per
    1/120 s); `k` and `c` are per-spring arrays or one spring's scalars."""
    err = 0.0
    for s in range(0, out.shape[0], stride):
        ks, cs = (float(k[s]), float(c[s])) if np.ndim(k) else (k, c)
        ref = float(to[s]) + spring_reference(ks, cs, float(frm[s]) - float(to[s]), float(v[s]), 1.0 / 120,
                                              out.shape[1])
        err = max(err, float(np.max(np.abs(out[s].astype(np.float64) - ref))))
    return err


def natural_spline_reference(x, y, t):
    """Natural cubic spline through (x, y[:, c]) at t, float64, from a dense solve for the
    second derivatives (independent of SciPy's banded solver and PPoly)."""
    x = np.asarray(x, np.float64)
    y = np.asarray(y, np.float64)
    n = len(x)
    h = np.diff(x)
    a = np.zeros((n, n))
    r = np.zeros((n,) + y.shape[1:])
    a[0, 0] = a[-1, -1] = 1.0
    for i in range(1, n - 1):
        a[i, i - 1] = h[i - 1]
        a[i, i] = 2.0 * (h[i - 1] + h[i])
        a[i, i + 1] = h[i]
        r[i] = 6.0 * ((y[i + 1] - y[i]) / h[i] - (y[i] - y[i - 1]) / h[i - 1])
    m = np.linalg.solve(a, r)
    i = np.clip(np.searchsorted(x, t, side="right") - 1, 0, n - 2)
    hi = h[i][:, None]
    u = (x[i + 1][:, None] - t[:, None])
    w = (t[:, None] - x[i][:, None])
    return (m[i] * u**3 / (6 * hi) + m[i + 1] * w**3 / (6 * hi)
            + (y[i] / hi - m[i] * hi / 6) * u + (y[i + 1] / hi - m[i + 1] * hi / 6) * w)


def bezier_reference(x1, y1, x2, y2, x):
    """y at x by 100 bisection steps on t of the Bernstein form, float64, vectorised."""
    lo = np.zeros_like(x)
    hi = np.ones_like(x)
    for _ in range(100):
        mid = 0.5 * (lo + hi)
        s = 1.0 - mid
        xm = 3 * s * s * mid * x1 + 3 * s * mid * mid * x2 + mid**3
        below = xm < x
        lo = np.where(below, mid, lo)
        hi = np.where(below, hi, mid)
    t = 0.5 * (lo + hi)
    s = 1.0 - t
    return 3 * s * s * t * y1 + 3 * s * t * t * y2 + t**3


# ---------------------------------------------------------------------------------------------
# Transforms in CATransform3D layout: row-vector convention, p' = p M, translation in row 3.

def rotation_rows(angle, axis):
    """Row-convention rotation matrices (..., 3, 3) by `angle` about `axis` (normalised):
    the transpose of the column-convention Rodrigues matrix, so that m12 = sin for the z axis."""
    angle = np.asarray(angle, np.float64)
    u = np.asarray(axis, np.float64)
    u = u / np.linalg.norm(u, axis=-1, keepdims=True)
    c = np.cos(angle)[..., None, None]
    s = np.sin(angle)[..., None, None]
    x, y, z = u[..., 0], u[..., 1], u[..., 2]
    zero = np.zeros_like(x)
    cross = np.stack([np.stack([zero, -z, y], -1), np.stack([z, zero, -x], -1), np.stack([-y, x, zero], -1)], -2)
    outer = u[..., :, None] * u[..., None, :]
    col = c * np.eye(3) + s * cross + (1 - c) * outer
    return np.swapaxes(col, -1, -2)


def srt_matrix(scale, angle, axis, translation):
    """scale(s) . rotate(angle, axis) . translate(t) as (..., 4, 4) row-convention matrices."""
    r = rotation_rows(angle, axis)
    m = np.zeros(r.shape[:-2] + (4, 4))
    m[..., :3, :3] = np.asarray(scale)[..., :, None] * r
    m[..., 3, :3] = translation
    m[..., 3, 3] = 1.0
    return m


# ---------------------------------------------------------------------------------------------
# The workloads' inputs (built outside the timed region) and their checks

def spring_batch_inputs(n):
    """spring.batch: n springs (k, c, from, to, v) as float32, as SpringBench.swift draws them, and
    the check of an output (n x T) on every 97th spring."""
    i = np.arange(n)
    draws = np.where(i % 10 == 0, 4, 5)  # Swift draws no damping ratio for every 10th spring
    start = np.cumsum(draws) - draws
    u = splitmix_units(42, int(draws.sum()))
    kk = 50 + 450 * u[start]
    zeta = np.where(i % 10 == 0, 1.0, 0.1 + 1.9 * u[np.minimum(start + 1, len(u) - 1)])
    base = start + draws - 3
    k = kk.astype(np.float32)
    c = (2 * zeta * np.sqrt(kk)).astype(np.float32)
    frm = (u[base] * 2 - 1).astype(np.float32)
    to = (u[base + 1] * 2 - 1).astype(np.float32)
    v = (u[base + 2] * 20 - 10).astype(np.float32)

    def error(out):
        return spring_error(out, k, c, frm, to, v, 97)

    return k, c, frm, to, v, error


def spring_shared_inputs(n):
    """spring.shared: the one spring (k, c; a = zeta w0 and wd as float32), n objects (from, to, v)
    as float32, and the check of an output (n x T) on every 101st object."""
    u = splitmix_units(7, 3 * n)
    frm = (u[:n] * 2 - 1).astype(np.float32)
    to = (u[n:2 * n] * 2 - 1).astype(np.float32)
    v = (u[2 * n:] * 20 - 10).astype(np.float32)
    k, zeta = 200.0, 0.6
    c = 2 * zeta * np.sqrt(k)
    w0 = np.sqrt(k)
    a = np.float32(zeta * w0)
    wd = np.float32(w0 * np.sqrt(1 - zeta * zeta))

    def error(out):
        return spring_error(out, k, c, frm, to, v, 101)

    return frm, to, v, a, wd, error


def decay_inputs(n):
    """decay.batch: n releases, from uniform [-300, 300] then velocity uniform [-5000, 5000]
    (float64, SplitMix64 seed 11 in that order), and the check of an output (n x T, t = j/120)
    against the model `reference(x0, v0, t)` in float64 on every 97th release: the largest error
    relative to the motion's scale |x0| + |v0|·|g(t)| + |x(t)| (the peers compute in float32)."""
    u = splitmix_units(11, 2 * n)
    x0 = u[:n] * 600 - 300
    v0 = u[n:] * 10_000 - 5000

    def error(out, reference):
        idx = np.arange(0, n, 97)
        t = np.arange(out.shape[1], dtype=np.float64) / 120
        ref, scale = reference(x0[idx], v0[idx], t)
        return float(np.max(np.abs(out[idx].astype(np.float64) - ref) / scale))

    return x0, v0, error


def decay_varied_inputs(n):
    """decay.batch.varied: decay_inputs' releases, each with its own UIKit rate uniform in
    [0.99, 0.999] (SplitMix64 seed 12), and the check of an output (n x T, t = j/120) against
    x0 + v0*expm1(k t)/k, k = 1000 ln rate, in float64 on every 97th release: the largest error
    relative to the motion's scale |x0| + |v0|*|g(t)|. Returns (x0, v0, rate, error)."""
    x0, v0, _ = decay_inputs(n)
    rate = 0.99 + 0.009 * splitmix_units(12, n)

    def error(out):
        idx = np.arange(0, n, 97)
        t = np.arange(out.shape[1], dtype=np.float64) / 120
        k = 1000 * np.log(rate[idx])[:, None]
        g = np.expm1(k * t[None, :]) / k
        ref = x0[idx][:, None] + v0[idx][:, None] * g
        scale = np.abs(x0[idx])[:, None] + np.abs(v0[idx])[:, None] * np.abs(g) + 1e-300
        return float(np.max(np.abs(out[idx].astype(np.float64) - ref) / scale))

    return x0, v0, rate, error


def uikit_reference(rate):
    """UIKit's decay x0 + v0·expm1(k t)/k, k = 1000 ln rate, in float64: (values, scales)."""
    k = 1000 * np.log(rate)

    def ref(x0, v0, t):
        g = np.expm1(k * t) / k
        return x0[:, None] + v0[:, None] * g[None, :], np.abs(x0)[:, None] + np.abs(v0)[:, None] * g[None, :] + 1e-300

    return ref


def compose_reference(friction, threshold):
    """Compose's exponentialDecay in float64: x0 + v0·expm1(k t)/k until the duration
    ln(threshold/|v0|)/k (0 when |v0| <= threshold), then its target: (values, scales)."""
    k = -4.2 * max(1e-4, friction)

    def ref(x0, v0, t):
        speed = np.abs(v0)
        moving = speed > threshold
        dur = np.where(moving, np.log(threshold / np.maximum(speed, threshold)) / k, 0.0)
        rest = np.where(moving, x0 + v0 * ((threshold / np.maximum(speed, threshold) - 1) / k), x0)
        g = np.expm1(k * t) / k
        val = x0[:, None] + v0[:, None] * g[None, :]
        past = (t[None, :] >= dur[:, None]) & (t[None, :] > 0)
        return np.where(past, rest[:, None], val), np.abs(x0)[:, None] + speed[:, None] * np.abs(g)[None, :] + 1e-300

    return ref


def spline_channels_inputs(kn, ch, tc):
    """spline.channels: kn float32 knots in [0, 1] (strictly increasing), kn x ch values, tc times,
    and the check of an output (tc x ch) on every 37th channel against the dense-solve reference."""
    u = splitmix_units(0x5EED5B1E, kn - 2 + kn * ch)
    x = np.sort(u[:kn - 2].astype(np.float32))
    keys = np.concatenate([[np.float32(0)], x, [np.float32(1)]]).astype(np.float32)
    for i in range(1, kn):
        if keys[i] <= keys[i - 1]:
            keys[i] = np.nextafter(keys[i - 1], np.float32(2))
    values = (2 * u[kn - 2:] - 1).astype(np.float32).reshape(kn, ch)
    times = (np.arange(tc) / (tc - 1)).astype(np.float32)
    cols = np.arange(0, ch, 37)
    ref = natural_spline_reference(keys, values[:, cols], times.astype(np.float64))

    def error(out):
        return float(np.max(np.abs(out[:, cols].astype(np.float64) - ref)))

    return keys, values, times, error


def bezier_solve_inputs(n):
    """bezier.solve: n inputs x in [0, 1), the curve (0.42, 0, 0.58, 1), eps, the power-form
    coefficients (ax, bx, cx, ay, by, cy) of the browsers' UnitBezier, and the check of an output
    on every 50th input against the bisection reference."""
    x = splitmix_units(0x5EEDBE21, n)
    x1, y1, x2, y2, eps = 0.42, 0.0, 0.58, 1.0, 5e-8
    cx = 3 * x1
    bx = 3 * (x2 - x1) - cx
    ax = 1 - cx - bx
    cy = 3 * y1
    by = 3 * (y2 - y1) - cy
    ay = 1 - cy - by
    idx = np.arange(0, n, 50)
    ref = bezier_reference(x1, y1, x2, y2, x[idx])

    def error(out):
        return float(np.max(np.abs(out[idx] - ref)))

    return x, eps, (ax, bx, cx, ay, by, cy), error


def css_linear_inputs(n):
    """css.linear: n inputs x in [0, 1), the 100 points (u, fp) of the easing, and the check of an
    output on every 50th input against the segment's interpolation found by searchsorted."""
    x = splitmix_units(0x5EEDBE21, n)
    u = np.arange(100) / 99
    fp = 1 - np.exp(-5 * u) * np.cos(12 * u)
    idx = np.arange(0, n, 50)
    j = np.clip(np.searchsorted(u, x[idx], side="right") - 1, 0, len(u) - 2)
    ref = fp[j] + (x[idx] - u[j]) * (fp[j + 1] - fp[j]) / (u[j + 1] - u[j])

    def error(out):
        return float(np.max(np.abs(out[idx] - ref)))

    return x, u, fp, error


def transform_build_inputs(n):
    """transform.build: n translations (tx, ty), angles and scales as float32, and the check of an
    output (n x 16) against the float64 matrices."""
    u = splitmix_units(0x7B17, 4 * n)
    tx = (-500 + 1000 * u[:n]).astype(np.float32)
    ty = (-500 + 1000 * u[n:2 * n]).astype(np.float32)
    ang = (-np.pi + 2 * np.pi * u[2 * n:3 * n]).astype(np.float32)
    sc = (0.25 + 1.75 * u[3 * n:]).astype(np.float32)

    def error(out):
        s = sc.astype(np.float64)
        a = ang.astype(np.float64)
        ref = np.zeros((n, 16))
        ref[:, 0] = ref[:, 5] = s * np.cos(a)
        ref[:, 1] = s * np.sin(a)
        ref[:, 4] = -ref[:, 1]
        ref[:, 10] = ref[:, 15] = 1
        ref[:, 12] = tx
        ref[:, 13] = ty
        return float(np.max(np.abs(out - ref)))

    return tx, ty, ang, sc, error


def transform_apply_inputs(p):
    """transform.apply: p points (x, y, z, 1) as float32 rows, the float32 matrix
    rotate . translate . perspective, and the check of an output (p x 4) against float64."""
    u = splitmix_units(0xA991, 3 * p)
    pts = np.ones((p, 4), np.float32)
    pts[:, :3] = (-1 + 2 * u.reshape(p, 3)).astype(np.float32)
    rot = np.eye(4)
    rot[:3, :3] = rotation_rows(0.7, [1.0, 2.0, 3.0])
    tr = np.eye(4)
    tr[3, :3] = [0.5, -0.25, 0.1]
    persp = np.eye(4)
    persp[2, 3] = -1 / 8
    m = (rot @ tr @ persp).astype(np.float32)

    def error(out):
        ref = pts.astype(np.float64) @ m.astype(np.float64)
        return float(np.max(np.abs(out - ref)))

    return pts, m, error


def transform_interpolate_inputs(n, frac):
    """transform.interpolate: n pairs of float64 matrices (from, to) and the check of an output
    (n x 16) against the closed-form interpolation at `frac`: with a shared axis, angles less than
    pi apart and positive scales, CSS interpolation is
    scale(lerp) . rotate(axis, lerp angle) . translate(lerp)."""
    u = splitmix_units(0x1E2B, 17 * n).reshape(n, 17)
    axis = -1 + 2 * u[:, 0:3]
    a0 = -1.5 + 3 * u[:, 3]
    a1 = -1.5 + 3 * u[:, 4]
    s0 = 0.5 + 1.5 * u[:, 5:8]
    s1 = 0.5 + 1.5 * u[:, 8:11]
    t0 = -100 + 200 * u[:, 11:14]
    t1 = -100 + 200 * u[:, 14:17]
    frm = srt_matrix(s0, a0, axis, t0)
    to = srt_matrix(s1, a1, axis, t1)
    ref = srt_matrix(s0 + (s1 - s0) * frac, a0 + (a1 - a0) * frac, axis, t0 + (t1 - t0) * frac).reshape(n, 16)

    def error(out):
        return float(np.max(np.abs(out - ref)))

    return frm, to, error


def entry(name, precision, items, out, kernel, error, tol, peer):
    """A workload entry (name, precision, items, output bytes, kernel, check, tol, peer description)
    whose check is error(out), called after the timed calls."""
    return (name, precision, items, out.nbytes, kernel, lambda: error(out), tol, peer)


def run_entry(kernel, check, tol):
    """Times `kernel` (`measure`) and checks its output afterwards: (median, p25, p75, error,
    correct), correct when the error is finite and within `tol`."""
    med, p25, p75 = measure(kernel)
    err = check()
    return med, p25, p75, err, bool(np.isfinite(err) and err <= tol)
