#!/usr/bin/env python3
"""Python-side benchmarks of the motionkernel package (run by `make bench`).

    python Benchmarks/peers/bench_python.py [--rounds 5] [--rows 100000] [--quick] [--matrix-only]

py.spring.batch — ROWS springs x 120 samples (stiffness uniform in [50, 500], damping ratio in
[0.1, 2], from in [-1, 1], to 0, velocity in [-5, 5], t = j/120 s, float32) through
motionkernel.spring_batch into a preallocated array, against NumPy's closed form in the same
process (float64 coefficients per spring, float32 exp/cos/sin of the samples, into a
preallocated float32 array), alternating, ROUNDS times after one warm-up; figures are medians.
Target: >= 10x. Both outputs are checked against the closed form in float64 on every 997th row
(MotionKernel to 1e-5 of the motion's scale, the propagator's documented Float accuracy; NumPy to
1e-4), or the run is reported as wrong.

py.call.overhead — the per-call cost of every shape a user calls with: spring_batch, timing,
spring_settle, spline and transform_build with Python scalars, 1-element ndarrays or Python
lists as inputs, float32 or float64, with and without out= where the function has it (the cells
of MATRIX). Each round times CALLS calls of every cell in turn; a cell's figure is the median over
the rounds of its mean per call, in microseconds. One line per cell
(py.call.overhead.<function>.<inputs>.<dtype>[.out]) and the summary line py.call.overhead with
the worst cell (target <= 5 us for every cell). Each cell also reports cpu_us, the same median in the
thread's CPU time (time.thread_time), which a busy machine inflates less than the wall time (the
summary's worst_cpu_us). ctypes.floor is the cost of one bare ctypes call
of a C entry point with the same argument count (mk_spring_value_f64: 3 pointer arguments), the
floor under any ctypes binding.

py.spring.settle — exact settling times of ROWS springs from Python, on one thread and two, at
rest and moving (spring_settle_row; target <= 1 us a spring on one thread), against eval's
JSON spring.settle once per spring in the same run.

py.spring.batch.threads — two Python threads each calling spring_batch on ROWS x 120 float64
(t = j/120, damping ratios, no out=: the output's allocation and first touch are timed) against
the same two calls in a row; ratio = in a row / threaded (target >= 1.7x on 2 cores), the median
of ROUNDS rounds (and their range). Also, in the same rounds: the same with out= (pages already
touched: out_ratio, the kernel alone without the page faults of a new output), and the two calls
in a row each with threads=2 (kernel_threads2_ratio: the kernel's own two-thread scaling, the
machine's bound at that moment); numpy_touch_ratio is the same comparison for NumPy alone
allocating and first-touching an output of that size (np.empty, then a[...] = 1.0, which releases
the GIL): what the memory system and the page faults of this machine allow two threads;
numpy_exp_ratio the same for a compute-bound NumPy loop in cache (np.exp over 2 MB, out=): whether
the machine has a second core free at all;
page_faults_per_call counts the minor faults of one call.

Prints one JSON line per workload.
"""
import argparse
import json
import resource
import statistics
import struct
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


def matrix():
    """The cells of py.call.overhead: {name: zero-argument callable}. Inputs per cell: "scalar"
    (Python floats; spring_batch's times and spline's knots and points stay 1-D ndarrays of the
    dtype, since those parameters are arrays by definition), "array1" (every input a 1-element
    ndarray of the dtype) and "list" (Python lists of floats)."""
    cells = {}
    for dt in (np.float32, np.float64):
        dn = np.dtype(dt).name
        one = np.empty((1, 1), dtype=dt)
        m16 = np.empty((1, 16), dtype=dt)
        a1 = lambda v, dt=dt: np.array([v], dtype=dt)  # noqa: E731
        t1 = a1(0.25)
        inputs = {
            "scalar": dict(t=t1, k=100.0, c=10.0, x=0.5, f=0.2, ang=0.3, sc=1.5, eps=1e-3),
            "array1": dict(t=t1, k=a1(100.0), c=a1(10.0), x=a1(0.5), f=a1(0.2), ang=a1(0.3), sc=a1(1.5), eps=a1(1e-3)),
            "list": dict(t=[0.25], k=[100.0], c=[10.0], x=[0.5], f=[0.2], ang=[0.3], sc=[1.5], eps=[1e-3]),
        }
        knots = {"scalar": (np.array([0.0, 1.0, 2.0, 3.0], dtype=dt), np.array([0.0, 1.0, 0.0, 1.0], dtype=dt),
                            np.array([1.5], dtype=dt)),
                 "list": ([0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 0.0, 1.0], [1.5])}
        knots["array1"] = knots["scalar"]
        for shape, v in inputs.items():
            def sb(v=v, dt=dt, out=None):
                return mk.spring_batch(v["t"], stiffness=v["k"], damping=v["c"], from_=v["x"], dtype=dt, out=out)

            def tb(v=v, dt=dt, out=None):
                return mk.transform_build(v["f"], v["f"], v["ang"], v["sc"], dtype=dt, out=out)

            def settle(v=v):
                return mk.spring_settle(stiffness=v["k"], damping=v["c"], epsilon=v["eps"])

            def tm(v=v):
                return mk.timing("ease", v["x"])

            def sp(kn=knots[shape]):
                return mk.spline("cubic", kn[0], kn[1], kn[2])

            base = f"{shape}.{dn}"
            cells[f"spring_batch.{base}"] = sb
            cells[f"spring_batch.{base}.out"] = lambda sb=sb, one=one: sb(out=one)
            cells[f"transform_build.{base}"] = tb
            cells[f"transform_build.{base}.out"] = lambda tb=tb, m16=m16: tb(out=m16)
            cells[f"spring_settle.{base}"] = settle
            cells[f"timing.{base}"] = tm
            if shape != "array1":  # spline's inputs are arrays: "scalar" already is the ndarray cell
                cells[f"spline.{'array' if shape == 'scalar' else shape}.{dn}"] = sp
    return cells


def call_overhead(rounds, calls):
    """Times every cell of matrix(); prints one line per cell and the summary; returns the worst
    figure in microseconds."""
    import ctypes

    from motionkernel._lib import MKError, lib

    cells = matrix()
    # The floor: one bare ctypes call with three pointer arguments (argtypes declared: bytes,
    # address, error record).
    p = struct.pack("7d", 1.0, 100.0, 10.0, 0.0, 1.0, 0.0, 0.25)
    o = (ctypes.c_double * 2)()
    err = MKError()
    oa, ea = ctypes.addressof(o), ctypes.byref(err)
    fn = lib.mk_spring_value_f64
    cells["ctypes.floor"] = lambda: fn(p, oa, ea)
    for f in cells.values():
        f()  # warm-up (and any first-call error surfaces here)
    per = {name: [] for name in cells}
    cpu = {name: [] for name in cells}
    for _ in range(rounds):
        for name, f in cells.items():
            s, c = time.perf_counter(), time.thread_time()
            for _ in range(calls):
                f()
            per[name].append((time.perf_counter() - s) / calls * 1e6)
            cpu[name].append((time.thread_time() - c) / calls * 1e6)
    med = {name: statistics.median(v) for name, v in per.items()}
    med_cpu = {name: statistics.median(v) for name, v in cpu.items()}
    for name, us in med.items():
        print(json.dumps({"workload": f"py.call.overhead.{name}", "calls": calls, "rounds": rounds, "per_call_us": us,
                          "range_us": [min(per[name]), max(per[name])], "cpu_us": med_cpu[name]}))
    user = {k: v for k, v in med.items() if not k.startswith("ctypes.")}
    worst = max(user, key=user.get)
    worst_cpu = max(user, key=med_cpu.get)
    print(json.dumps({"workload": "py.call.overhead", "calls": calls, "rounds": rounds, "cells": len(user),
                      "per_call_us": user[worst], "worst": worst, "best_us": min(user.values()),
                      "median_cell_us": statistics.median(user.values()), "ctypes_floor_us": med["ctypes.floor"],
                      "worst_cpu_us": med_cpu[worst_cpu], "worst_cpu": worst_cpu, "target_us": 5, "met": user[worst] <= 5}))
    return user[worst]


def spring_threads(k, z, x0, v0, rounds):
    """py.spring.batch.threads: two Python threads each calling spring_batch on the rows (float64,
    no out=) against the same two calls in a row; and the same into preallocated outputs."""
    import threading

    t = np.arange(T, dtype=np.float64) / 120

    def call(out=None, threads=1):
        return mk.spring_batch(t, stiffness=k, damping_ratio=z, from_=x0, to=0.0, velocity=v0, dtype=np.float64, out=out,
                               threads=threads)

    def two_threads(fn):
        ths = [threading.Thread(target=fn) for _ in range(2)]
        s = time.perf_counter()
        for th in ths:
            th.start()
        for th in ths:
            th.join()
        return time.perf_counter() - s

    def in_a_row(fn):
        s = time.perf_counter()
        fn(); fn()
        return time.perf_counter() - s

    outs = [np.empty((k.shape[0], T)), np.empty((k.shape[0], T))]
    box = iter(())

    def with_out():
        call(next(box))

    def kernel_two():
        call(threads=2)

    xs = np.random.default_rng(2).uniform(0, 1, 1 << 18)  # 2 MB: in cache, compute-bound
    exp_out = [np.empty_like(xs), np.empty_like(xs)]
    exp_box = iter(())

    def numpy_exp():  # the machine's free cores: a compute-bound NumPy loop that releases the GIL
        o = next(exp_box)
        for _ in range(40):
            np.exp(xs, out=o)

    def numpy_touch():  # the machine's own bound: allocate and first-touch the same 96 MB in NumPy
        a = np.empty((k.shape[0], T))
        a[...] = 1.0

    call(); call(outs[0]); call(outs[1])
    f0 = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    call()
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - f0
    serial, threaded, serial_out, threaded_out, kernel2, touch_serial, touch_threaded = [], [], [], [], [], [], []
    exp_serial, exp_threaded = [], []
    for _ in range(rounds):
        serial.append(in_a_row(call))
        threaded.append(two_threads(call))
        kernel2.append(in_a_row(kernel_two))
        touch_serial.append(in_a_row(numpy_touch))
        touch_threaded.append(two_threads(numpy_touch))
        exp_box = iter(exp_out)
        exp_serial.append(in_a_row(numpy_exp))
        exp_box = iter(exp_out)
        exp_threaded.append(two_threads(numpy_exp))
        box = iter(outs)
        serial_out.append(in_a_row(with_out))
        box = iter(outs)
        threaded_out.append(two_threads(with_out))
    ratios = [a / b for a, b in zip(serial, threaded)]
    ratios_out = [a / b for a, b in zip(serial_out, threaded_out)]
    ratios_k2 = [a / b for a, b in zip(serial, kernel2)]
    ratios_touch = [a / b for a, b in zip(touch_serial, touch_threaded)]
    ratios_exp = [a / b for a, b in zip(exp_serial, exp_threaded)]
    return {"workload": "py.spring.batch.threads", "rows": k.shape[0], "samples": T, "rounds": rounds, "dtype": "float64",
            "serial_s": statistics.median(serial), "threaded_s": statistics.median(threaded),
            "ratio": statistics.median(ratios), "ratio_range": [min(ratios), max(ratios)],
            "out_serial_s": statistics.median(serial_out), "out_threaded_s": statistics.median(threaded_out),
            "out_ratio": statistics.median(ratios_out), "out_ratio_range": [min(ratios_out), max(ratios_out)],
            "kernel_threads2_s": statistics.median(kernel2), "kernel_threads2_ratio": statistics.median(ratios_k2),
            "kernel_threads2_ratio_range": [min(ratios_k2), max(ratios_k2)], "page_faults_per_call": faults,
            "numpy_touch_serial_s": statistics.median(touch_serial), "numpy_touch_ratio": statistics.median(ratios_touch),
            "numpy_touch_ratio_range": [min(ratios_touch), max(ratios_touch)],
            "numpy_exp_ratio": statistics.median(ratios_exp), "numpy_exp_ratio_range": [min(ratios_exp), max(ratios_exp)],
            "target_ratio": 1.7}


def spring_settle_row(rows, rounds):
    """py.spring.settle: mk.spring_settle over ROWS springs (k uniform in [50, 500], ζ in [0.1, 2],
    from 0, to 1, ε = 1e-3; at rest, and again with velocities uniform in [-5, 5]) on one thread
    and with threads=2, per spring in microseconds (medians over ROUNDS). The reference in the
    same run is what the package did before it had a typed entry point: eval's spring.settle
    once per spring (mk.eval, JSON both ways), timed on the first 2000 springs. Every 997th
    result is checked against the closed form in float64: |x(T) − 1| = ε to 1e-6 relative (T is
    the crossing after the last excursion beyond ε), or the row is reported as wrong."""
    rng = np.random.default_rng(3)
    k = rng.uniform(50, 500, rows)
    z = rng.uniform(0.1, 2.0, rows)
    v = rng.uniform(-5, 5, rows)
    eps = 1e-3
    row = {"workload": "py.spring.settle", "rows": rows, "rounds": rounds, "epsilon": eps, "target_us": 1}
    ok = True
    for label, vel in (("rest", 0.0), ("moving", v)):
        def call(threads=1, vel=vel):
            return mk.spring_settle(stiffness=k, damping_ratio=z, from_=0.0, to=1.0, velocity=vel, epsilon=eps, threads=threads)

        result = call()
        one, two = [], []
        for _ in range(rounds):
            s = time.perf_counter(); call(); one.append(time.perf_counter() - s)
            s = time.perf_counter(); call(2); two.append(time.perf_counter() - s)
        row[f"{label}_us_per_spring"] = statistics.median(one) / rows * 1e6
        row[f"{label}_us_range"] = [min(one) / rows * 1e6, max(one) / rows * 1e6]
        row[f"{label}_threads2_us_per_spring"] = statistics.median(two) / rows * 1e6
        idx = np.arange(0, rows, 997)
        w0 = np.sqrt(k[idx])
        zz, tt, vv = z[idx], result[idx], (vel[idx] if isinstance(vel, np.ndarray) else np.zeros(idx.shape[0]))
        y = np.empty(idx.shape[0])
        for j in range(idx.shape[0]):  # y(t) = x(t) − 1 from y(0) = −1, y'(0) = v
            lam, y0, v0, t = zz[j] * w0[j], -1.0, vv[j], tt[j]
            if zz[j] < 1:
                wd = w0[j] * np.sqrt(1 - zz[j] ** 2)
                y[j] = np.exp(-lam * t) * (y0 * np.cos(wd * t) + (v0 + lam * y0) / wd * np.sin(wd * t))
            elif zz[j] == 1:
                y[j] = np.exp(-lam * t) * (y0 + (v0 + lam * y0) * t)
            else:
                mu = w0[j] * np.sqrt(zz[j] ** 2 - 1)
                r1, r2 = -lam + mu, -lam - mu
                c1 = (v0 - r2 * y0) / (r1 - r2)
                y[j] = c1 * np.exp(r1 * t) + (y0 - c1) * np.exp(r2 * t)
        err = float(np.max(np.abs(np.abs(y) - eps) / eps))
        row[f"{label}_crossing_rel_error"] = err
        ok = ok and err <= 1e-6
    sub = 2000
    s = time.perf_counter()
    for i in range(sub):
        mk.eval({"op": "spring.settle", "spring": {"stiffness": float(k[i]), "dampingRatio": float(z[i])}, "from": 0.0, "to": 1.0,
                 "epsilon": eps})
    row["eval_json_us_per_spring"] = (time.perf_counter() - s) / sub * 1e6
    row["met"] = row["rest_us_per_spring"] <= 1 and row["moving_us_per_spring"] <= 1
    row["ok"] = ok
    return row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--calls", type=int, default=2_000, help="calls per cell and round (py.call.overhead)")
    ap.add_argument("--quick", action="store_true", help="a small smoke run (1000 rows, 1 round)")
    ap.add_argument("--matrix-only", action="store_true", help="only py.call.overhead (no py.spring.batch rows)")
    a = ap.parse_args()
    if a.quick:
        a.rows, a.rounds, a.calls = 1000, 1, 200
    if a.matrix_only:
        call_overhead(a.rounds, a.calls)
        return 0
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

    call_overhead(a.rounds, a.calls)
    settle_row = spring_settle_row(a.rows, a.rounds)
    print(json.dumps(settle_row))
    threads_row = spring_threads(k, z, x0, v0, a.rounds)
    print(json.dumps(threads_row))
    return 0 if all(ch["ok"] for ch in checks) and settle_row["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
