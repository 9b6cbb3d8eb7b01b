#!/usr/bin/env python3
"""NumPy/SciPy peers of the MotionKernel benchmark workloads (docs/benchmarks.md).

    python3 Benchmarks/peers/bench_numpy.py [--filter NAME] [--label single|default]

Prints one JSON line per workload in the schema of `motionkernel-bench --json` (workload,
precision, threads, items, seconds = median, p25, p75, itemsPerSecond, maxAbsError, correct),
plus "peer" (what was run) and "label"; a first line {"environment": ...} records the NumPy and
SciPy versions, threadpoolctl's view of the BLAS (library, version, kernel "architecture",
threads) and this process's single-thread limits measured with NumPy: the SGEMM rate of a
1024^3 float32 product and the store rate of `ndarray.fill` at each workload's output size.

Thread control is the caller's: run once with OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 (label
"single") and once without (label "default"); `make bench` does both. Only BLAS calls
(matmul) use threads; NumPy's elementwise ufuncs run on one thread either way.

Inputs are the Swift benchmark's own: the same SplitMix64 streams (seed and draw order) as
Benchmarks/MotionKernelBenchmarks/*Bench.swift, evaluated here vectorised, so both sides compute on the
same numbers. Float32 where the workload says so. Each workload: one warm-up call, then timed
calls until at least 7 and about 0.5 s of kernel time; median and quartiles; inputs prepared and
outputs preallocated outside the timed region, as a caller would. maxAbsError is measured
against an independent float64 reference (a different method where one exists) on a slice.

The peers, written the way a NumPy user would:
  spring.batch       vectorised closed form per damping regime (masks, float32 grid, exp/sin/cos)
  spring.shared      positions = target + displacement as broadcast products with out= into the
                     preallocated N x T array (variant: one (N x 3)(3 x T) matmul)
  spline.channels    scipy.interpolate.CubicSpline(bc_type="natural", axis=0) built once, timed
                     call cs(times) (SciPy computes and returns float64; no cast is timed)
                     (variant: the basis matrix B (T x K) from SciPy, timed float32 B @ values)
  bezier.solve       vectorised Newton (up to 8 steps from t = x) + bisection fallback, eps 5e-8
                     (the target peer is the C solver, bezier_peer.c)
  css.linear         numpy.interp over the same 100 points of a CSS linear() easing
  transform.build    s*cos, s*sin, then the 16 columns of the preallocated N x 16 output assigned
                     (variant: np.stack(16 columns, axis=1, out=), slower here)
  transform.apply    np.matmul(points, M, out=) (points as rows, CATransform3D layout)
                     (variant: np.einsum)
  transform.interpolate  a faithful vectorised CSS Transforms Level 2 matrix interpolation:
                     decompose both matrices (translation, Gram-Schmidt scale and skew, sign flip,
                     quaternion), lerp translation/scale/skew, slerp the quaternions, recompose.
                     The perspective branch is not implemented: it is detected (and counted in the
                     time) and the run fails if any input has a perspective column; these inputs
                     have none.
  batch.csv          numpy.savetxt(fmt="%s") (shortest float32 digits; variants: the default
                     "%.18e", and pandas.DataFrame.to_csv when pandas is installed) of the same
                     2,000 x 120 float32 to a CSV file, read back in float32 to check every bit
"""
import argparse
import json
import os
import platform
import sys
import time

import numpy as np
import scipy
from scipy.interpolate import CubicSpline
from scipy.linalg import expm

try:
    from threadpoolctl import threadpool_info
except ImportError:  # reported as unavailable
    threadpool_info = None

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
    kernel()  # warm-up (and first touch of the outputs)
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


def css_decompose(m):
    """CSS Transforms Level 2 "decomposing a 3D matrix" over a stack (N, 4, 4) of row-convention
    matrices without perspective. Returns (translate, scale, skew, quaternion)."""
    w = m[:, 3, 3]
    if np.any(w == 0):
        raise ValueError("singular matrix (m44 = 0)")
    if np.any(m[:, :3, 3] != 0):
        raise ValueError("perspective branch not implemented in this peer")
    m = m / w[:, None, None]
    translate = m[:, 3, :3]
    r0 = m[:, 0, :3]
    r1 = m[:, 1, :3]
    r2 = m[:, 2, :3]
    sx = np.sqrt(np.einsum("ij,ij->i", r0, r0))
    r0 = r0 / sx[:, None]
    kxy = np.einsum("ij,ij->i", r0, r1)
    r1 = r1 - kxy[:, None] * r0
    sy = np.sqrt(np.einsum("ij,ij->i", r1, r1))
    r1 = r1 / sy[:, None]
    kxy = kxy / sy
    kxz = np.einsum("ij,ij->i", r0, r2)
    r2 = r2 - kxz[:, None] * r0
    kyz = np.einsum("ij,ij->i", r1, r2)
    r2 = r2 - kyz[:, None] * r1
    sz = np.sqrt(np.einsum("ij,ij->i", r2, r2))
    r2 = r2 / sz[:, None]
    kxz = kxz / sz
    kyz = kyz / sz
    scale = np.stack([sx, sy, sz], 1)
    flip = np.einsum("ij,ij->i", r0, np.cross(r1, r2)) < 0
    if np.any(flip):
        f = np.where(flip, -1.0, 1.0)[:, None]
        scale = scale * f
        r0, r1, r2 = r0 * f, r1 * f, r2 * f
    qx = 0.5 * np.sqrt(np.maximum(1 + r0[:, 0] - r1[:, 1] - r2[:, 2], 0))
    qy = 0.5 * np.sqrt(np.maximum(1 - r0[:, 0] + r1[:, 1] - r2[:, 2], 0))
    qz = 0.5 * np.sqrt(np.maximum(1 - r0[:, 0] - r1[:, 1] + r2[:, 2], 0))
    qw = 0.5 * np.sqrt(np.maximum(1 + r0[:, 0] + r1[:, 1] + r2[:, 2], 0))
    qx = np.where(r2[:, 1] > r1[:, 2], -qx, qx)
    qy = np.where(r0[:, 2] > r2[:, 0], -qy, qy)
    qz = np.where(r1[:, 0] > r0[:, 1], -qz, qz)
    return translate, scale, np.stack([kxy, kxz, kyz], 1), np.stack([qx, qy, qz, qw], 1)


def css_interpolate(a, b, t, out):
    """Interpolates stacks of matrices a, b (N, 4, 4) at fraction t into out (N, 16)."""
    ta, sa, ka, qa = css_decompose(a)
    tb, sb, kb, qb = css_decompose(b)
    tr = ta + (tb - ta) * t
    sc = sa + (sb - sa) * t
    sk = ka + (kb - ka) * t
    dot = np.clip(np.einsum("ij,ij->i", qa, qb), -1.0, 1.0)
    theta = np.arccos(dot)
    same = np.abs(dot) == 1.0
    denom = np.sqrt(np.where(same, 1.0, 1.0 - dot * dot))
    w = np.where(same, 0.0, np.sin(t * theta) / denom)
    ca = np.where(same, 1.0, np.cos(t * theta) - dot * w)
    q = qa * ca[:, None] + qb * w[:, None]
    x, y, z, qw = q[:, 0], q[:, 1], q[:, 2], q[:, 3]
    # Row-convention rotation (transpose of the column-convention quaternion matrix), matching
    # the sign convention of the decomposition above.
    r = np.empty((len(q), 3, 3))
    r[:, 0, 0] = 1 - 2 * (y * y + z * z)
    r[:, 1, 0] = 2 * (x * y - z * qw)
    r[:, 2, 0] = 2 * (x * z + y * qw)
    r[:, 0, 1] = 2 * (x * y + z * qw)
    r[:, 1, 1] = 1 - 2 * (x * x + z * z)
    r[:, 2, 1] = 2 * (y * z - x * qw)
    r[:, 0, 2] = 2 * (x * z - y * qw)
    r[:, 1, 2] = 2 * (y * z + x * qw)
    r[:, 2, 2] = 1 - 2 * (x * x + y * y)
    # Upper 3x3 = diag(scale) . K . R with K unit lower triangular (skews).
    u = r.copy()
    u[:, 1] += sk[:, 0, None] * r[:, 0]
    u[:, 2] += sk[:, 1, None] * r[:, 0] + sk[:, 2, None] * r[:, 1]
    u *= sc[:, :, None]
    o = out.reshape(-1, 4, 4)
    o[:, :3, :3] = u
    o[:, :3, 3] = 0.0
    o[:, 3, :3] = tr
    o[:, 3, 3] = 1.0


# ---------------------------------------------------------------------------------------------
# Workloads. Each returns a list of (name, precision, items, output bytes, kernel, check, tol,
# peer description); the first entry is the peer of record, the others are variants.

def spring_batch():
    n, tc = 100_000, 120
    i = np.arange(n)
    draws = np.where(i % 10 == 0, 4, 5)  # Swift draws no damping ratio for every 10th spring
    start = np.cumsum(draws) - draws
    u = splitmix_units(42, int(draws.sum()))
    kk = 50 + 450 * u[start]
    zeta_in = np.where(i % 10 == 0, 1.0, 0.1 + 1.9 * u[np.minimum(start + 1, len(u) - 1)])
    base = start + draws - 3
    k = kk.astype(np.float32)
    c = (2 * zeta_in * np.sqrt(kk)).astype(np.float32)
    frm = (u[base] * 2 - 1).astype(np.float32)
    to = (u[base + 1] * 2 - 1).astype(np.float32)
    v = (u[base + 2] * 20 - 10).astype(np.float32)
    t = (np.arange(tc, dtype=np.float32) / np.float32(120))[None, :]
    out = np.empty((n, tc), np.float32)
    f32 = np.float32

    def kernel():
        # Per-spring constants (N of them) in float64; the N x T grid in float32.
        kd, cd = k.astype(np.float64), c.astype(np.float64)
        x0 = frm.astype(np.float64) - to
        vd = v.astype(np.float64)
        w0 = np.sqrt(kd)
        zeta = cd / (2 * w0)
        crit = np.abs(zeta - 1) <= 1e-6
        under = np.flatnonzero((zeta < 1) & ~crit)
        over = np.flatnonzero((zeta > 1) & ~crit)
        crit = np.flatnonzero(crit)
        # underdamped: to + e^{-a t} (x0 cos wd t + B sin wd t)
        a = (zeta * w0)[under]
        wd = w0[under] * np.sqrt(1 - zeta[under] ** 2)
        bb = (vd[under] + a * x0[under]) / wd
        out[under] = to[under, None] + np.exp(-a.astype(f32)[:, None] * t) * (
            x0[under].astype(f32)[:, None] * np.cos(wd.astype(f32)[:, None] * t)
            + bb.astype(f32)[:, None] * np.sin(wd.astype(f32)[:, None] * t))
        # critically damped: to + (x0 + (v + w0 x0) t) e^{-w0 t}
        wc = w0[crit]
        bc = vd[crit] + wc * x0[crit]
        out[crit] = to[crit, None] + (x0[crit].astype(f32)[:, None] + bc.astype(f32)[:, None] * t) * np.exp(
            -wc.astype(f32)[:, None] * t)
        # overdamped: to + C1 e^{r1 t} + C2 e^{r2 t}
        wo, zo = w0[over], zeta[over]
        sq = wo * np.sqrt(zo * zo - 1)
        r1 = -zo * wo + sq
        r2 = -zo * wo - sq
        c2 = (vd[over] - r1 * x0[over]) / (r2 - r1)
        c1 = x0[over] - c2
        out[over] = to[over, None] + c1.astype(f32)[:, None] * np.exp(r1.astype(f32)[:, None] * t) + c2.astype(
            f32)[:, None] * np.exp(r2.astype(f32)[:, None] * t)

    def check():
        err = 0.0
        for s in range(0, n, 97):
            ref = float(to[s]) + spring_reference(float(k[s]), float(c[s]), float(frm[s]) - float(to[s]),
                                                  float(v[s]), 1.0 / 120, tc)
            err = max(err, float(np.max(np.abs(out[s].astype(np.float64) - ref))))
        return err

    return [("spring.batch", "float", n * tc, out.nbytes, kernel, check, 1e-5,
             "NumPy vectorised closed form per damping regime (float32 grid)")]


def spring_shared():
    n, tc = 100_000, 120
    u = splitmix_units(7, 3 * n)
    frm = (u[:n] * 2 - 1).astype(np.float32)
    to = (u[n:2 * n] * 2 - 1).astype(np.float32)
    v = (u[2 * n:] * 20 - 10).astype(np.float32)
    k, zeta = 200.0, 0.6
    c = 2 * zeta * np.sqrt(k)
    t = np.arange(tc, dtype=np.float32) / np.float32(120)
    out = np.empty((n, tc), np.float32)
    tmp = np.empty((n, tc), np.float32)
    w0 = np.sqrt(k)
    a = np.float32(zeta * w0)
    wd = np.float32(w0 * np.sqrt(1 - zeta * zeta))

    def kernel():
        decay = np.exp(-a * t)
        p = decay * np.cos(wd * t)          # response to unit displacement
        q = decay * np.sin(wd * t) / wd     # response to unit (velocity + a * displacement)
        x0 = frm - to
        b = v + a * x0
        np.multiply(x0[:, None], p, out=out)
        np.multiply(b[:, None], q, out=tmp)
        np.add(out, tmp, out=out)
        np.add(out, to[:, None], out=out)

    ones = np.ones(tc, np.float32)
    lhs = np.empty((n, 3), np.float32)

    def kernel_matmul():
        decay = np.exp(-a * t)
        basis = np.stack([ones, decay * np.cos(wd * t), decay * np.sin(wd * t) / wd])
        x0 = frm - to
        lhs[:, 0] = to
        lhs[:, 1] = x0
        lhs[:, 2] = v + a * x0
        np.matmul(lhs, basis, out=out)

    def check():
        err = 0.0
        for s in range(0, n, 101):
            ref = float(to[s]) + spring_reference(k, c, float(frm[s]) - float(to[s]), float(v[s]), 1.0 / 120, tc)
            err = max(err, float(np.max(np.abs(out[s].astype(np.float64) - ref))))
        return err

    return [("spring.shared", "float", n * tc, out.nbytes, kernel, check, 1e-5,
             "NumPy broadcast target + x0*p(t) + b*q(t), out= into N x T float32"),
            ("spring.shared.matmul", "float", n * tc, out.nbytes, kernel_matmul, check, 1e-5,
             "NumPy (N x 3) @ (3 x T) float32 matmul")]


def spline_channels():
    kn, ch, tc = 16, 10_000, 1_000
    u = splitmix_units(0x5EED5B1E, kn - 2 + kn * ch)
    x = np.sort(u[:kn - 2].astype(np.float32))
    keys = np.concatenate([[np.float32(0)], x, [np.float32(1)]]).astype(np.float32)
    for i in range(1, kn):
        if keys[i] <= keys[i - 1]:
            keys[i] = np.nextafter(keys[i - 1], np.float32(2))
    values = (2 * u[kn - 2:] - 1).astype(np.float32).reshape(kn, ch)
    times = (np.arange(tc) / (tc - 1)).astype(np.float32)
    cs = CubicSpline(keys, values, axis=0, bc_type="natural")
    box = {}

    def kernel():
        box["out"] = cs(times)

    basis = CubicSpline(keys.astype(np.float64), np.eye(kn), axis=0, bc_type="natural")(
        times.astype(np.float64)).astype(np.float32)
    out32 = np.empty((tc, ch), np.float32)

    def kernel_matmul():
        np.matmul(basis, values, out=out32)
        box["out"] = out32

    cols = np.arange(0, ch, 37)
    ref = natural_spline_reference(keys, values[:, cols], times.astype(np.float64))

    def check():
        return float(np.max(np.abs(box["out"][:, cols].astype(np.float64) - ref)))

    return [("spline.channels", "float", tc * ch, tc * ch * 4, kernel, check, 1e-4,
             "SciPy CubicSpline(natural, axis=0) built once; timed cs(times), float64 result"),
            ("spline.channels.matmul", "float", tc * ch, tc * ch * 4, kernel_matmul, check, 1e-4,
             "NumPy float32 basis (T x K) @ values (K x C) matmul, basis from SciPy")]


def bezier_solve():
    n = 1_000_000
    x = splitmix_units(0x5EEDBE21, n)
    x1, y1, x2, y2, eps = 0.42, 0.0, 0.58, 1.0, 5e-8
    cx = 3 * x1
    bx = 3 * (x2 - x1) - cx
    ax = 1 - cx - bx
    cy = 3 * y1
    by = 3 * (y2 - y1) - cy
    ay = 1 - cy - by
    out = np.empty(n)

    def kernel():
        t = x.copy()
        for _ in range(8):
            r = ((ax * t + bx) * t + cx) * t - x
            if np.max(np.abs(r)) < eps:
                break
            d = (3 * ax * t + 2 * bx) * t + cx
            t -= r / np.where(np.abs(d) < 1e-6, np.inf, d)  # no step where the slope vanishes
        r = ((ax * t + bx) * t + cx) * t - x
        bad = np.flatnonzero(np.abs(r) >= eps)
        if bad.size:  # bisection fallback on what Newton left
            xb = x[bad]
            lo = np.zeros_like(xb)
            hi = np.ones_like(xb)
            for _ in range(60):
                mid = 0.5 * (lo + hi)
                below = ((ax * mid + bx) * mid + cx) * mid < xb
                lo = np.where(below, mid, lo)
                hi = np.where(below, hi, mid)
            t[bad] = 0.5 * (lo + hi)
        np.multiply(((ay * t + by) * t + cy), t, out=out)

    idx = np.arange(0, n, 50)
    ref = bezier_reference(x1, y1, x2, y2, x[idx])

    def check():
        return float(np.max(np.abs(out[idx] - ref)))

    return [("bezier.solve", "double", n, out.nbytes, kernel, check, 1e-7,
             "NumPy vectorised Newton (<= 8 steps from t = x) + bisection fallback, eps 5e-8")]


def css_linear():
    n = 1_000_000
    x = splitmix_units(0x5EEDBE21, n)
    u = np.arange(100) / 99
    fp = 1 - np.exp(-5 * u) * np.cos(12 * u)
    out = np.empty(n)

    def kernel():
        np.copyto(out, np.interp(x, u, fp))

    idx = np.arange(0, n, 50)
    j = np.clip(np.searchsorted(u, x[idx], side="right") - 1, 0, len(u) - 2)
    ref = fp[j] + (x[idx] - u[j]) * (fp[j + 1] - fp[j]) / (u[j + 1] - u[j])

    def check():
        return float(np.max(np.abs(out[idx] - ref)))

    return [("css.linear", "double", n, out.nbytes, kernel, check, 1e-14,
             "numpy.interp over the same 100 points")]


def transform_build():
    n = 1_000_000
    u = splitmix_units(0x7B17, 4 * n)
    tx = (-500 + 1000 * u[:n]).astype(np.float32)
    ty = (-500 + 1000 * u[n:2 * n]).astype(np.float32)
    ang = (-np.pi + 2 * np.pi * u[2 * n:3 * n]).astype(np.float32)
    sc = (0.25 + 1.75 * u[3 * n:]).astype(np.float32)
    out = np.empty((n, 16), np.float32)
    zero = np.zeros(n, np.float32)
    one = np.ones(n, np.float32)

    def kernel_columns():
        c = sc * np.cos(ang)
        s = sc * np.sin(ang)
        out[:, 0] = c
        out[:, 1] = s
        out[:, 2] = 0
        out[:, 3] = 0
        out[:, 4] = -s
        out[:, 5] = c
        out[:, 6:10] = 0
        out[:, 10] = 1
        out[:, 11] = 0
        out[:, 12] = tx
        out[:, 13] = ty
        out[:, 14] = 0
        out[:, 15] = 1

    def kernel_stack():
        c = sc * np.cos(ang)
        s = sc * np.sin(ang)
        np.stack([c, s, zero, zero, -s, c, zero, zero, zero, zero, one, zero, tx, ty, zero, one], axis=1, out=out)

    def check():
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

    return [("transform.build", "float", 16 * n, out.nbytes, kernel_columns, check, 1e-6,
             "NumPy s*cos, s*sin, then the 16 columns of the N x 16 float32 output assigned"),
            ("transform.build.stack", "float", 16 * n, out.nbytes, kernel_stack, check, 1e-6,
             "NumPy s*cos, s*sin, np.stack(16 columns, axis=1, out=) float32")]


def transform_apply():
    p = 1_000_000
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
    out = np.empty((p, 4), np.float32)

    def kernel():
        np.matmul(pts, m, out=out)

    def kernel_einsum():
        np.einsum("pk,kj->pj", pts, m, out=out)

    def check():
        ref = pts.astype(np.float64) @ m.astype(np.float64)
        return float(np.max(np.abs(out - ref)))

    return [("transform.apply", "float", 4 * p, out.nbytes, kernel, check, 1e-5,
             "NumPy np.matmul(points (P x 4), M (4 x 4), out=) float32"),
            ("transform.apply.einsum", "float", 4 * p, out.nbytes, kernel_einsum, check, 1e-5,
             "NumPy np.einsum('pk,kj->pj', out=) float32")]


def transform_interpolate():
    n, frac = 100_000, 0.37
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
    # With a shared axis, angles less than pi apart and positive scales, CSS interpolation is
    # scale(lerp) . rotate(axis, lerp angle) . translate(lerp): the closed-form reference.
    ref = srt_matrix(s0 + (s1 - s0) * frac, a0 + (a1 - a0) * frac, axis, t0 + (t1 - t0) * frac).reshape(n, 16)
    out = np.empty((n, 16))

    def kernel():
        css_interpolate(frm, to, frac, out)

    def check():
        return float(np.max(np.abs(out - ref)))

    return [("transform.interpolate", "double", 16 * n, out.nbytes, kernel, check, 1e-10,
             "NumPy vectorised CSS Level 2 decompose/slerp/recompose (no perspective branch), float64")]


def batch_csv():
    """batch.csv: 2,000 x 120 float32, uniform in [-1, 1] (SplitMix64 seed 0xC5F, row-major, as
    OutputBench.swift), written to a CSV file. Peer of record: numpy.savetxt(fmt="%s"), whose
    str() of a float32 is NumPy's shortest round-trip float32 text (the same digits as
    MotionKernel's). Variants: numpy.savetxt's default fmt "%.18e" (19 significant digits, not
    shortest, 25 bytes a number) and pandas.DataFrame.to_csv (header and index off; pandas
    writes float32 columns with their shortest float32 repr). Checked by reading the file back
    in float32: every number must have the exact bits written (error 0), else the largest
    difference (infinite for a file of the wrong shape)."""
    import tempfile
    rows, cols = 2_000, 120
    a = (splitmix_units(0xC5F, rows * cols) * 2 - 1).astype(np.float32).reshape(rows, cols)
    path = os.path.join(tempfile.gettempdir(), f"motionkernel-peer-{os.getpid()}.csv")

    def savetxt_shortest():
        np.savetxt(path, a, fmt="%s", delimiter=",")

    def savetxt_default():
        np.savetxt(path, a, delimiter=",")

    def check():
        try:
            back = np.loadtxt(path, delimiter=",", dtype=np.float32)
        except ValueError:
            return float("inf")
        if back.shape != a.shape:
            return float("inf")
        if np.array_equal(back.view(np.uint32), a.view(np.uint32)):
            return 0.0
        return max(float(np.max(np.abs(back.astype(np.float64) - a))), 1e-45)

    entries = [("batch.csv", "float", a.size, a.nbytes, savetxt_shortest, check, 0.0,
                'numpy.savetxt(fmt="%s", delimiter=","): shortest float32 digits'),
               ("batch.csv.savetxtDefault", "float", a.size, a.nbytes, savetxt_default, check, 0.0,
                'numpy.savetxt default fmt "%.18e": 19 significant digits, not shortest')]
    try:
        import pandas as pd
    except ImportError:
        return entries
    frame = pd.DataFrame(a)

    def to_csv():
        frame.to_csv(path, header=False, index=False)

    entries.append(("batch.csv.pandas", "float", a.size, a.nbytes, to_csv, check, 0.0,
                    f"pandas {pd.__version__} DataFrame.to_csv(header=False, index=False): float32 repr"))
    return entries


# Peers whose time is a BLAS call (numpy.matmul -> OpenBLAS sgemm); the rest run NumPy ufuncs
# or SciPy's compiled evaluation on one thread whatever the thread settings.
USES_BLAS = {"spring.shared.matmul", "spline.channels.matmul", "transform.apply"}

WORKLOADS = [spring_batch, spring_shared, spline_channels, bezier_solve, css_linear, transform_build,
             transform_apply, transform_interpolate, batch_csv]


# ---------------------------------------------------------------------------------------------
# Limits measured from NumPy in this process

def median_time(f, reps=9):
    f()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        f()
        ts.append(time.perf_counter() - t0)
    ts.sort()
    return ts[len(ts) // 2]


# Output sizes of the workloads (bytes), where NumPy's fill rate is measured.
FILL_SIZES = [8_000_000, 12_800_000, 16_000_000, 40_000_000, 48_000_000, 64_000_000]


def limits(output_bytes):
    a = np.random.default_rng(1).random((1024, 1024), dtype=np.float32)
    b = np.random.default_rng(2).random((1024, 1024), dtype=np.float32)
    c = np.empty_like(a)
    sgemm = 2 * 1024**3 / median_time(lambda: np.matmul(a, b, out=c))
    fills = {}
    for nb in sorted(set(output_bytes)):
        buf = np.empty(nb // 4, np.float32)
        fills[str(nb)] = nb / median_time(lambda: buf.fill(1.5))
        del buf
    return {"sgemm1024FlopsPerSecond": sgemm, "fillBytesPerSecond": fills}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--filter", help="run only workloads whose name contains this")
    ap.add_argument("--label", default="single" if os.environ.get("OPENBLAS_NUM_THREADS") == "1" else "default")
    ap.add_argument("--no-limits", action="store_true", help="skip the SGEMM and store measurements")
    args = ap.parse_args()

    info = threadpool_info() if threadpool_info else None
    blas = [d for d in (info or []) if d.get("user_api") == "blas"]
    blas_threads = blas[0]["num_threads"] if blas else None
    entries = []
    for make in WORKLOADS:
        for e in make():
            if args.filter is None or args.filter in e[0]:
                entries.append(e)
    env = {
        "label": args.label,
        "python": platform.python_version(),
        "numpy": np.__version__,
        "scipy": scipy.__version__,
        "threadpoolctl": info if info is not None else "threadpoolctl not installed",
        "OPENBLAS_NUM_THREADS": os.environ.get("OPENBLAS_NUM_THREADS"),
        "OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS"),
        "OPENBLAS_CORETYPE": os.environ.get("OPENBLAS_CORETYPE"),
    }
    if not args.no_limits:
        env.update(limits(FILL_SIZES))
    print(json.dumps({"environment": env}), flush=True)
    ok = True
    for name, precision, items, _nbytes, kernel, check, tol, peer in entries:
        med, p25, p75 = measure(kernel)
        err = check()
        correct = bool(np.isfinite(err) and err <= tol)
        ok = ok and correct
        threads = (blas_threads or 1) if name in USES_BLAS else 1
        print(json.dumps({"workload": name, "precision": precision, "threads": threads, "items": items,
                          "seconds": med, "p25": p25, "p75": p75, "itemsPerSecond": items / med,
                          "maxAbsError": err, "correct": correct, "peer": peer, "label": args.label}), flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
