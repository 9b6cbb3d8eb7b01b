#!/usr/bin/env python3
"""Checks `motionkernel eval`'s spline.sample against SciPy, and times SciPy's peer of the
`spline.channels` benchmark.

    python3 Benchmarks/peers/check_splines.py [--bin PATH/motionkernel] [--seed N] [--cases N]
    python3 Benchmarks/peers/check_splines.py --bench      # SciPy side of spline.channels

Check: random knots (2…40 of them, spacings spread over three decades), random values
(scalar and 3-channel), sample times inside, outside and exactly at the knots, derivatives
0, 1, 2; kinds cubic (notAKnot, natural, clamped, periodic), pchip, akima, makima against
CubicSpline, PchipInterpolator, Akima1DInterpolator(method=…, extrapolate=True) — SciPy's
Akima returns NaN outside the knots by default; the protocol extrapolates, as
extrapolate=True does. catmullRom has no SciPy peer: its values are compared with a direct
Barry–Goldman pyramid written here (reflected phantom end points, as documented).

Error measure per number: |ours − ref| / max(|ref|, 1e-3 · scale), where scale is the largest
|ref| of that request (so that values crossing zero are not judged by a vanishing
denominator). The check passes when the maximum is ≤ 1e-9.
"""
import argparse
import json
import os
import subprocess
import sys

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np  # noqa: E402
from scipy.interpolate import Akima1DInterpolator, CubicSpline, PchipInterpolator  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peer_common import median_time  # noqa: E402

TOL = 1e-9


def default_bin():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=root, capture_output=True,
                          text=True, check=True).stdout.strip()
    return os.path.join(path, "motionkernel")


def random_knots(rng, n):
    dx = 10.0 ** rng.uniform(-1.5, 1.5, n - 1)
    return rng.uniform(-5, 5) + np.concatenate([[0.0], np.cumsum(dx)])


def sample_times(rng, x):
    lo, hi = x[0], x[-1]
    span = hi - lo
    inside = rng.uniform(lo, hi, 12)
    outside = np.concatenate([rng.uniform(lo - 0.5 * span, lo, 3), rng.uniform(hi, hi + 0.5 * span, 3)])
    return np.concatenate([inside, outside, x, [lo, hi]])


def barry_goldman(x, pts, alpha, at):
    """Catmull–Rom by the Barry–Goldman pyramid, evaluated directly (reference)."""
    pts = np.asarray(pts, dtype=float)
    if pts.ndim == 1:
        pts = pts[:, None]
    p = np.vstack([2 * pts[0] - pts[1], pts, 2 * pts[-1] - pts[-2]])
    d = np.linalg.norm(np.diff(p, axis=0), axis=1)
    du = np.ones_like(d) if alpha == 0 else d ** alpha
    u = np.concatenate([[0.0], np.cumsum(du)])
    out = []
    for t in at:
        i = np.searchsorted(x, t, side="right") - 1
        i = min(max(i, 0), len(x) - 2)
        # segment i of the data is between p[i+1] and p[i+2]
        u0, u1, u2, u3 = u[i], u[i + 1], u[i + 2], u[i + 3]
        P0, P1, P2, P3 = p[i], p[i + 1], p[i + 2], p[i + 3]
        s = u1 + (u2 - u1) * (t - x[i]) / (x[i + 1] - x[i])
        A1 = ((u1 - s) * P0 + (s - u0) * P1) / (u1 - u0)
        A2 = ((u2 - s) * P1 + (s - u1) * P2) / (u2 - u1)
        A3 = ((u3 - s) * P2 + (s - u2) * P3) / (u3 - u2)
        B1 = ((u2 - s) * A1 + (s - u0) * A2) / (u2 - u0)
        B2 = ((u3 - s) * A2 + (s - u1) * A3) / (u3 - u1)
        out.append(((u2 - s) * B1 + (s - u1) * B2) / (u2 - u1))
    return np.array(out)


def build_cases(rng, count):
    cases = []
    specs = [("cubic", b) for b in ("notAKnot", "natural", "clamped", "periodic")]
    specs += [("pchip", None), ("akima", None), ("makima", None), ("catmullRom", None)]
    sizes = [2, 3, 4, 5, 6, 9, 17, 40]
    for k in range(count):
        kind, boundary = specs[k % len(specs)]
        n = sizes[(k // len(specs)) % len(sizes)]
        channels = 1 if (k // (len(specs) * len(sizes))) % 2 == 0 else 3
        x = random_knots(rng, n)
        y = rng.normal(0, 10 ** rng.uniform(-2, 3), (n, channels))
        if kind in ("pchip", "akima", "makima") and k % 3 == 0:
            # flat runs and repeated values exercise the degenerate branches
            y[rng.integers(0, n, max(1, n // 2))] = y[0]
        if boundary == "periodic":
            y[-1] = y[0]
        at = sample_times(rng, x)
        der = 0 if kind == "catmullRom" else int(k % 3)
        alpha = [0.0, 0.5, 1.0][k % 3] if kind == "catmullRom" else None
        spline = {"kind": kind, "x": x.tolist(), "y": (y[:, 0] if channels == 1 else y).tolist()}
        if boundary:
            spline["boundary"] = boundary
        if alpha is not None:
            spline["alpha"] = alpha
        req = {"id": k, "op": "spline.sample", "spline": spline, "at": at.tolist(), "derivative": der}
        cases.append((req, x, y if channels > 1 else y[:, 0], at, der, kind, boundary, alpha))
    return cases


def reference(x, y, at, der, kind, boundary, alpha):
    if kind == "cubic":
        bc = {"notAKnot": "not-a-knot", "natural": "natural", "clamped": "clamped", "periodic": "periodic"}[boundary]
        return CubicSpline(x, y, bc_type=bc, axis=0)(at, nu=der)
    if kind == "pchip":
        return PchipInterpolator(x, y, axis=0)(at, nu=der)
    if kind in ("akima", "makima"):
        return Akima1DInterpolator(x, y, axis=0, method=kind, extrapolate=True)(at, nu=der)
    return barry_goldman(x, y, alpha, at).reshape((len(at),) + np.shape(y)[1:])


def check(args):
    rng = np.random.default_rng(args.seed)
    cases = build_cases(rng, args.cases)
    lines = "\n".join(json.dumps(c[0]) for c in cases) + "\n"
    proc = subprocess.run([args.bin, "eval"], input=lines, capture_output=True, text=True, check=True)
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == len(cases), "one answer per request"
    worst = {}
    failures = 0
    for (req, x, y, at, der, kind, boundary, alpha), ans in zip(cases, answers):
        label = kind + (f"/{boundary}" if boundary else "") + (f"/α={alpha}" if alpha is not None else "")
        if not ans["ok"]:
            print(f"FAIL {label} id={req['id']}: {ans['error']}")
            failures += 1
            continue
        ours = np.array(ans["result"], dtype=float)
        ref = np.asarray(reference(x, y, at, der, kind, boundary, alpha), dtype=float)
        scale = max(np.max(np.abs(ref)), 1e-300)
        err = np.max(np.abs(ours - ref) / np.maximum(np.abs(ref), 1e-3 * scale))
        key = f"{label} d{der}" if kind != "catmullRom" else label
        worst[key] = max(worst.get(key, 0.0), err)
        if not err <= TOL:
            failures += 1
            print(f"FAIL {label} id={req['id']} n={len(x)} der={der}: error {err:.3e}")
    for key in sorted(worst):
        print(f"{key:28s} max error {worst[key]:.3e}")
    overall = max(worst.values()) if worst else float("nan")
    print(f"{len(cases)} requests, {failures} failures, max error {overall:.3e} (tolerance {TOL:g})")
    return 0 if failures == 0 else 1


def bench(args):
    """SciPy side of spline.channels: natural cubic, K=16, C=10,000, T=1,000."""
    rng = np.random.default_rng(1)
    K, C, T = 16, 10_000, 1_000
    x = np.sort(rng.uniform(0, 1, K))
    x[0], x[-1] = 0.0, 1.0
    values = rng.uniform(-1, 1, (K, C))
    t = np.linspace(0, 1, T)
    cs = CubicSpline(x, values, bc_type="natural", axis=0)
    s_eval = median_time(lambda: cs(t), reps=7)
    basis = CubicSpline(x, np.eye(K), bc_type="natural", axis=0)(t).astype(np.float32)
    v32 = values.astype(np.float32)
    out = np.empty((T, C), dtype=np.float32)
    s_gemm = median_time(lambda: np.matmul(basis, v32, out=out), reps=7)
    err = float(np.max(np.abs(out - cs(t))))
    print(json.dumps({"workload": "spline.channels", "peer": "scipy CubicSpline.__call__ (float64)",
                      "threads": 1, "items": T * C, "seconds": s_eval, "itemsPerSecond": T * C / s_eval}))
    print(json.dumps({"workload": "spline.channels", "peer": "numpy float32 basis @ values",
                      "threads": 1, "items": T * C, "seconds": s_gemm, "itemsPerSecond": T * C / s_gemm,
                      "maxAbsError": err}))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", help="path to the motionkernel executable (default: debug build)")
    ap.add_argument("--seed", type=int, default=20260501)
    ap.add_argument("--cases", type=int, default=640)
    ap.add_argument("--bench", action="store_true", help="time SciPy's peer of spline.channels")
    args = ap.parse_args()
    if args.bench:
        return bench(args)
    args.bin = args.bin or default_bin()
    return check(args)


if __name__ == "__main__":
    sys.exit(main())
