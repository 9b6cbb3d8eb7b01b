#!/usr/bin/env python3
"""Python-side benchmarks of the motionkernel package (run by `make bench`).

    python Benchmarks/peers/bench_python.py [--rounds 5] [--rows 100000] [--quick]

py.spring.batch — ROWS springs x 120 samples (stiffness uniform in [50, 500], damping ratio in
[0.1, 2], from in [-1, 1], to 0, velocity in [-5, 5], t = j/120 s, float32) through
motionkernel.spring_batch into a preallocated array, against NumPy's closed form in the same
process (float64 coefficients per spring, float32 exp/cos/sin of the samples, into a
preallocated float32 array). Target: >= 10x. py.call.overhead — one spring at one time, per
call (target <= 5 us). Both run alternately, ROUNDS times after one warm-up; figures are
medians. Both outputs are checked against the closed form in float64 on every 997th row
(MotionKernel to 1e-5 of the motion's scale, the propagator's documented Float accuracy; NumPy to
1e-4), or the run is reported as wrong. Prints one JSON line per workload.
"""
import argparse
import json
import statistics
import sys
import time

import numpy as np

import motionkernel as mk

T = 120


def inputs(rows, seed=1):
    rng = np.random.default_rng(seed)
    k = rng.uniform(50, 500, rows)
    z = rng.uniform(0.1, 2.0, rows)
    x0 = rng.uniform(-1, 1, rows)
    v0 = rng.uniform(-5, 5, rows)
    return k, z, x0, v0


def closed_form(k, z, x0, v0, t, dtype):
    """x(t) for m = 1, to = 0: coefficients in float64, exp/cos/sin of the samples in `dtype`."""
    w0 = np.sqrt(k)
    lam = -z * w0
    out = np.empty((k.shape[0], t.shape[0]), dtype=dtype)
    under, crit, over = z < 1, z == 1, z > 1
    tt = t.astype(dtype)[None, :]
    if under.any():
        wd = w0[under] * np.sqrt(1 - z[under] ** 2)
        b = (v0[under] - lam[under] * x0[under]) / wd
        e = np.exp((lam[under][:, None]).astype(dtype) * tt)
        ph = (wd[:, None]).astype(dtype) * tt
        out[under] = e * ((x0[under][:, None]).astype(dtype) * np.cos(ph) + (b[:, None]).astype(dtype) * np.sin(ph))
    if crit.any():
        e = np.exp((lam[crit][:, None]).astype(dtype) * tt)
        out[crit] = e * (x0[crit][:, None] + (v0[crit] - lam[crit] * x0[crit])[:, None] * tt).astype(dtype)
    if over.any():
        s = w0[over] * np.sqrt(z[over] ** 2 - 1)
        r1, r2 = lam[over] + s, lam[over] - s
        c1 = (v0[over] - r2 * x0[over]) / (r1 - r2)
        c2 = x0[over] - c1
        out[over] = (c1[:, None]).astype(dtype) * np.exp((r1[:, None]).astype(dtype) * tt) + (c2[:, None]).astype(dtype) * np.exp(
            (r2[:, None]).astype(dtype) * tt)
    return out


def check(name, got, k, z, x0, v0, t, rel):
    idx = np.arange(0, k.shape[0], 997)
    ref = closed_form(k[idx], z[idx], x0[idx], v0[idx], t, np.float64)
    scale = np.abs(x0[idx]) + np.abs(v0[idx]) / np.sqrt(k[idx])
    err = np.max(np.abs(got[idx].astype(np.float64) - ref) / scale[:, None])
    return {"check": name, "max_rel_error": float(err), "ok": bool(err <= rel)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--calls", type=int, default=20_000)
    ap.add_argument("--quick", action="store_true", help="a small smoke run (1000 rows, 1 round)")
    a = ap.parse_args()
    if a.quick:
        a.rows, a.rounds, a.calls = 1000, 1, 1000
    k, z, x0, v0 = inputs(a.rows)
    t = np.arange(T, dtype=np.float32) * np.float32(1 / 120)
    kf, x0f, v0f = k.astype(np.float32), x0.astype(np.float32), v0.astype(np.float32)
    c = (2 * z * np.sqrt(kf.astype(np.float64))).astype(np.float32)
    out_mk = np.empty((a.rows, T), dtype=np.float32)

    def run_mk():
        mk.spring_batch(t, stiffness=kf, damping=c, from_=x0f, to=0.0, velocity=v0f, dtype=np.float32, out=out_mk)

    def run_np():
        return closed_form(k, z, x0, v0, t, np.float32)

    run_mk()
    out_np = run_np()
    mk_times, np_times, ratios = [], [], []
    for _ in range(a.rounds):
        s = time.perf_counter(); run_mk(); m = time.perf_counter() - s
        s = time.perf_counter(); out_np = run_np(); n = time.perf_counter() - s
        mk_times.append(m); np_times.append(n); ratios.append(n / m)
    # The kernel saw float32 parameters: check against the closed form of those.
    k32, z32 = kf.astype(np.float64), c.astype(np.float64) / (2 * np.sqrt(kf.astype(np.float64)))
    checks = [check("motionkernel", out_mk, k32, z32, x0f.astype(np.float64), v0f.astype(np.float64), t, 1e-5),
              check("numpy", out_np, k, z, x0, v0, t, 1e-4)]
    print(json.dumps({"workload": "py.spring.batch", "rows": a.rows, "samples": T, "rounds": a.rounds,
                      "motionkernel_s": statistics.median(mk_times), "numpy_s": statistics.median(np_times),
                      "ratio": statistics.median(ratios), "target_ratio": 10, "checks": checks}))

    one_t = np.zeros(1, dtype=np.float32)
    one = np.empty((1, 1), dtype=np.float32)
    per_call = []
    for _ in range(a.rounds):
        s = time.perf_counter()
        for _ in range(a.calls):
            mk.spring_batch(one_t, stiffness=100.0, damping=10.0, out=one)
        per_call.append((time.perf_counter() - s) / a.calls)
    print(json.dumps({"workload": "py.call.overhead", "calls": a.calls, "rounds": a.rounds,
                      "per_call_us": statistics.median(per_call) * 1e6, "target_us": 5}))
    return 0 if all(ch["ok"] for ch in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
