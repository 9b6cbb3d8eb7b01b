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
Benchmarks/MotionKernelBenchmarks/*Bench.swift, evaluated vectorised by peer_common.py (shared with
the Numba peers, as are the timing loop and the references), so all sides compute on the same
numbers. Float32 where the workload says so. Each workload: one warm-up call, then timed
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

import numpy as np
import scipy
from scipy.interpolate import CubicSpline

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peer_common as pc  # noqa: E402  (inputs, timing and references shared with the other peers)

try:
    from threadpoolctl import threadpool_info
except ImportError:  # reported as unavailable
    threadpool_info = None

# ---------------------------------------------------------------------------------------------
# Transforms in CATransform3D layout (row-vector convention, p' = p M, translation in row 3):
# the CSS Transforms Level 2 interpolation, vectorised (the transform.interpolate peer).


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
    k, c, frm, to, v, error = pc.spring_batch_inputs(n)
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

    return [pc.entry("spring.batch", "float", n * tc, out, kernel, error, 1e-5,
                     "NumPy vectorised closed form per damping regime (float32 grid)")]


def spring_shared():
    n, tc = 100_000, 120
    frm, to, v, a, wd, error = pc.spring_shared_inputs(n)
    t = np.arange(tc, dtype=np.float32) / np.float32(120)
    out = np.empty((n, tc), np.float32)
    tmp = np.empty((n, tc), np.float32)

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

    return [pc.entry("spring.shared", "float", n * tc, out, kernel, error, 1e-5,
                     "NumPy broadcast target + x0*p(t) + b*q(t), out= into N x T float32"),
            pc.entry("spring.shared.matmul", "float", n * tc, out, kernel_matmul, error, 1e-5,
                     "NumPy (N x 3) @ (3 x T) float32 matmul")]


def decay_batch():
    """decay.batch (UIKit's decay, rate 0.998, each release its own from and velocity) and
    decay.batch.compose (Compose's exponentialDecay: each release stops at its own duration):
    the vectorised NumPy a user writes, in float32 into a preallocated N x T output; the shared
    time factor g(t) = expm1(k t)/k once per time, then broadcasts."""
    n, tc = 100_000, 120
    x0, v0, error = pc.decay_inputs(n)
    t = np.arange(tc, dtype=np.float64) / 120
    x0f, v0f = x0.astype(np.float32), v0.astype(np.float32)
    out = np.empty((n, tc), np.float32)
    ku = 1000 * np.log(0.998)

    def uikit():
        g = (np.expm1(ku * t) / ku).astype(np.float32)
        np.multiply(v0f[:, None], g[None, :], out=out)
        np.add(out, x0f[:, None], out=out)

    out_c = np.empty((n, tc), np.float32)
    kc, thr = -4.2, 0.1

    def compose():
        g = (np.expm1(kc * t) / kc).astype(np.float32)
        speed = np.abs(v0)
        moving = speed > thr
        s = np.maximum(speed, thr)
        dur = np.where(moving, np.log(thr / s) / kc, 0.0)
        rest = np.where(moving, x0 + v0 * ((thr / s - 1) / kc), x0).astype(np.float32)
        np.multiply(v0f[:, None], g[None, :], out=out_c)
        np.add(out_c, x0f[:, None], out=out_c)
        past = (t[None, :] >= dur[:, None]) & (t[None, :] > 0)
        np.copyto(out_c, rest[:, None], where=past)

    return [pc.entry("decay.batch", "float", n * tc, out, uikit, lambda o: error(o, pc.uikit_reference(0.998)), 1e-6,
                     "NumPy broadcast x0 + v0*g(t), float32, out= into N x T"),
            pc.entry("decay.batch.compose", "float", n * tc, out_c, compose, lambda o: error(o, pc.compose_reference(1.0, 0.1)),
                     1e-6, "NumPy broadcast with each release's stop (copyto where t >= duration), float32")]


def decay_varied():
    """decay.batch.varied (UIKit's decay, each release its own rate): no shared factor, so NumPy
    evaluates expm1(k t) for every sample; float32 in place, in the fastest order found (float64
    temporaries and np.outer were slower)."""
    n, tc = 100_000, 120
    x0, v0, rate, error = pc.decay_varied_inputs(n)
    k32 = (1000 * np.log(rate)).astype(np.float32)
    t32 = (np.arange(tc, dtype=np.float64) / 120).astype(np.float32)
    x0f, v0f = x0.astype(np.float32), v0.astype(np.float32)
    out = np.empty((n, tc), np.float32)

    def run():
        np.multiply(k32[:, None], t32[None, :], out=out)
        np.expm1(out, out=out)
        np.divide(out, k32[:, None], out=out)
        np.multiply(out, v0f[:, None], out=out)
        np.add(out, x0f[:, None], out=out)

    return [pc.entry("decay.batch.varied", "float", n * tc, out, run, error, 1e-6,
                     "NumPy float32 in place: expm1(k t)/k per sample, then x0 + v0*g")]


def spline_channels():
    kn, ch, tc = 16, 10_000, 1_000
    keys, values, times, error = pc.spline_channels_inputs(kn, ch, tc)
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

    def check():
        return error(box["out"])

    return [("spline.channels", "float", tc * ch, tc * ch * 4, kernel, check, 1e-4,
             "SciPy CubicSpline(natural, axis=0) built once; timed cs(times), float64 result"),
            ("spline.channels.matmul", "float", tc * ch, tc * ch * 4, kernel_matmul, check, 1e-4,
             "NumPy float32 basis (T x K) @ values (K x C) matmul, basis from SciPy")]


def bezier_solve():
    n = 1_000_000
    x, eps, (ax, bx, cx, ay, by, cy), error = pc.bezier_solve_inputs(n)
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

    return [pc.entry("bezier.solve", "double", n, out, kernel, error, 1e-7,
                     "NumPy vectorised Newton (<= 8 steps from t = x) + bisection fallback, eps 5e-8")]


def css_linear():
    n = 1_000_000
    x, u, fp, error = pc.css_linear_inputs(n)
    out = np.empty(n)

    def kernel():
        np.copyto(out, np.interp(x, u, fp))

    return [pc.entry("css.linear", "double", n, out, kernel, error, 1e-14,
                     "numpy.interp over the same 100 points")]


def transform_build():
    n = 1_000_000
    tx, ty, ang, sc, error = pc.transform_build_inputs(n)
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

    return [pc.entry("transform.build", "float", 16 * n, out, kernel_columns, error, 1e-6,
                     "NumPy s*cos, s*sin, then the 16 columns of the N x 16 float32 output assigned"),
            pc.entry("transform.build.stack", "float", 16 * n, out, kernel_stack, error, 1e-6,
                     "NumPy s*cos, s*sin, np.stack(16 columns, axis=1, out=) float32")]


def transform_apply():
    p = 1_000_000
    pts, m, error = pc.transform_apply_inputs(p)
    out = np.empty((p, 4), np.float32)

    def kernel():
        np.matmul(pts, m, out=out)

    def kernel_einsum():
        np.einsum("pk,kj->pj", pts, m, out=out)

    return [pc.entry("transform.apply", "float", 4 * p, out, kernel, error, 1e-5,
                     "NumPy np.matmul(points (P x 4), M (4 x 4), out=) float32"),
            pc.entry("transform.apply.einsum", "float", 4 * p, out, kernel_einsum, error, 1e-5,
                     "NumPy np.einsum('pk,kj->pj', out=) float32")]


def transform_interpolate():
    n, frac = 100_000, 0.37
    frm, to, error = pc.transform_interpolate_inputs(n, frac)
    out = np.empty((n, 16))

    def kernel():
        css_interpolate(frm, to, frac, out)

    return [pc.entry("transform.interpolate", "double", 16 * n, out, kernel, error, 1e-10,
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
    a = (pc.splitmix_units(0xC5F, rows * cols) * 2 - 1).astype(np.float32).reshape(rows, cols)
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

WORKLOADS = [spring_batch, spring_shared, decay_batch, decay_varied, spline_channels, bezier_solve, css_linear, transform_build,
             transform_apply, transform_interpolate, batch_csv]


# ---------------------------------------------------------------------------------------------
# Limits measured from NumPy in this process

# Output sizes of the workloads (bytes), where NumPy's fill rate is measured.
FILL_SIZES = [8_000_000, 12_800_000, 16_000_000, 40_000_000, 48_000_000, 64_000_000]


def limits(output_bytes):
    a = np.random.default_rng(1).random((1024, 1024), dtype=np.float32)
    b = np.random.default_rng(2).random((1024, 1024), dtype=np.float32)
    c = np.empty_like(a)
    sgemm = 2 * 1024**3 / pc.median_time(lambda: np.matmul(a, b, out=c))
    fills = {}
    for nb in sorted(set(output_bytes)):
        buf = np.empty(nb // 4, np.float32)
        fills[str(nb)] = nb / pc.median_time(lambda: buf.fill(1.5))
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
        med, p25, p75, err, correct = pc.run_entry(kernel, check, tol)
        ok = ok and correct
        threads = (blas_threads or 1) if name in USES_BLAS else 1
        print(json.dumps({"workload": name, "precision": precision, "threads": threads, "items": items,
                          "seconds": med, "p25": p25, "p75": p75, "itemsPerSecond": items / med,
                          "maxAbsError": err, "correct": correct, "peer": peer, "label": args.label}), flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
