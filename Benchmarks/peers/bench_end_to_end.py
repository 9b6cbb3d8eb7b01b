#!/usr/bin/env python3
"""batch.endToEnd: process wall time from a batch spec to a .npy on disk, against NumPy.

    python3 Benchmarks/peers/bench_end_to_end.py --bin DIR [--rounds 5] [--rows 1000000] [--dir D]

The workload: a Float spring.batch of ROWS springs x 120 samples (stiffness uniform in [50, 500],
damping ratio uniform in [0.1, 2], from uniform in [-1, 1], to 0, velocity uniform in [-5, 5],
t = j/120 s), written as one .npy. MotionKernel: `motionkernel batch SPEC --out D/mk` as a whole
process. The peer: a NumPy process that draws the same inputs (SplitMix64 by index, as the spec's
generators define them), evaluates the damped-oscillator closed form in float64 over row blocks
of 10^5 (per-spring coefficients in float64, the exp/cos/sin of the samples in float32, NumPy's
fastest idiom) into a preallocated float32 array, and saves it with np.save. Both run alternately,
ROUNDS times each after one warm-up; the figures are medians, and the ratio per round is taken
within the round. Both outputs are checked against the closed form in float64 on every 997th
row: MotionKernel to 2e-6 absolute (Float rounding of values of magnitude <= 2, plus the
propagator's bound), the peer to 1e-4, or the run is reported as wrong.

Prints one JSON line per side and one summary line (workload "batch.endToEnd"), plus the
kernel's own rate from `motionkernel-bench --json --filter spring.batch` for the share.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

PEER = r'''
import sys, numpy as np
rows, T, out = int(sys.argv[1]), 120, sys.argv[2]
dtype = np.float64 if len(sys.argv) > 3 and sys.argv[3] == "float64" else np.float32
stride = int(sys.argv[4]) if len(sys.argv) > 4 else 1
G = np.uint64(0x9E3779B97F4A7C15)
def fnv(s):
    h = 0xCBF29CE484222325
    for b in s.encode():
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h
def unit(seed, idx):
    with np.errstate(over="ignore"):
        z = np.uint64(seed) + (idx.astype(np.uint64) + np.uint64(1)) * G
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
    return (z >> np.uint64(11)).astype(np.float64) * 2.0 ** -53
allrows = np.arange(0, rows, stride)
t = (np.arange(T, dtype=np.float64) * (1.0 / 120.0)).astype(dtype)[None, :]
res = np.empty((allrows.size, T), dtype=np.float32)
B = 100000
for lo in range(0, allrows.size, B):
    idx = allrows[lo:lo + B]
    # Per-spring coefficients in float64; the time-dependent exp/cos/sin in `dtype` (float32:
    # NumPy's vectorised single-precision transcendentals, the fastest idiom it has).
    k = 50 + 450 * unit(1 ^ fnv("stiffness"), idx)
    zeta = 0.1 + 1.9 * unit(1 ^ fnv("dampingRatio"), idx)
    x0 = -1 + 2 * unit(1 ^ fnv("from"), idx)
    v0 = -5 + 10 * unit(1 ^ fnv("velocity"), idx)
    w0 = np.sqrt(k); lam = zeta * w0
    wd = w0 * np.sqrt(np.abs(1 - zeta * zeta))
    x = np.empty((idx.size, T), dtype=dtype)
    u = zeta < 1
    c = lambda a: a.astype(dtype)[:, None]
    x[u] = np.exp(-c(lam[u]) * t) * (c(x0[u]) * np.cos(c(wd[u]) * t) + c((v0[u] + lam[u] * x0[u]) / wd[u]) * np.sin(c(wd[u]) * t))
    o = ~u
    r1 = -lam[o] + wd[o]; r2 = -lam[o] - wd[o]
    c1 = (v0[o] - r2 * x0[o]) / (r1 - r2); c2 = x0[o] - c1
    x[o] = c(c1) * np.exp(c(r1) * t) + c(c2) * np.exp(c(r2) * t)
    res[lo:lo + idx.size] = x
np.save(out, res)
'''


def spec(rows):
    return {"jobs": [{"name": "springs", "kind": "spring.batch", "precision": "float", "count": rows, "seed": 1,
                      "spring": {"stiffness": {"uniform": [50, 500]}, "dampingRatio": {"uniform": [0.1, 2.0]}},
                      "from": {"uniform": [-1, 1]}, "to": 0, "velocity": {"uniform": [-5, 5]},
                      "times": {"start": 0, "step": 1 / 120, "count": 120}}]}


def timed(cmd, env=None):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, check=False)
    dt = time.perf_counter() - t0
    if r.returncode != 0:
        sys.exit(f"bench_end_to_end: {cmd[0]} failed: {r.stderr.decode()[-500:]}")
    return dt


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True, help="directory holding the release motionkernel and motionkernel-bench")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--dir", default=".build/bench/e2e")
    ap.add_argument("--python", default=sys.executable)
    a = ap.parse_args()
    import numpy as np
    os.makedirs(a.dir, exist_ok=True)
    spec_path = os.path.join(a.dir, "spec.json")
    with open(spec_path, "w") as f:
        json.dump(spec(a.rows), f)
    peer_path = os.path.join(a.dir, "peer.py")
    with open(peer_path, "w") as f:
        f.write(PEER)
    mk = os.path.join(a.bin, "motionkernel")
    mk_out, peer_out = os.path.join(a.dir, "mk"), os.path.join(a.dir, "peer.npy")
    env1 = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    peer_env = dict(env1)
    peer_env.pop("OPENBLAS_CORETYPE", None)
    mk_cmd = [mk, "batch", spec_path, "--out", mk_out, "--threads", "1"]
    peer_cmd = [a.python, peer_path, str(a.rows), peer_out]
    timed(mk_cmd, env1)
    timed(peer_cmd, peer_env)
    mk_t, peer_t = [], []
    for _ in range(a.rounds):
        shutil.rmtree(mk_out, ignore_errors=True)
        mk_t.append(timed(mk_cmd, env1))
        os.remove(peer_out)
        peer_t.append(timed(peer_cmd, peer_env))
    # The float64 reference: the same closed form evaluated in float64 for every 997th row.
    ref_out = os.path.join(a.dir, "reference.npy")
    subprocess.run([a.python, peer_path, str(a.rows), ref_out, "float64", "997"], check=True, env=peer_env)
    ref = np.load(ref_out).astype(np.float64)
    got = np.load(os.path.join(mk_out, "springs.value.npy"), mmap_mode="r")
    peer = np.load(peer_out, mmap_mode="r")
    err = float(np.max(np.abs(got[::997].astype(np.float64) - ref)))
    peer_err = float(np.max(np.abs(peer[::997].astype(np.float64) - ref)))
    # MotionKernel: Float rounding of |x| <= 2 (1.2e-7) plus the propagator's documented bound;
    # the peer: float32 transcendentals at |argument| <= 23 rad (about 1e-5 here).
    correct = bool(got.shape == (a.rows, 120) and err <= 2e-6 and peer_err <= 1e-4)
    kernel = None
    r = subprocess.run([os.path.join(a.bin, "motionkernel-bench"), "--json", "--threads", "1", "--filter", "spring.batch"], stdout=subprocess.PIPE,
                       env=env1, text=True, check=False)
    for line in r.stdout.splitlines():
        try:
            o = json.loads(line)
        except json.JSONDecodeError:
            continue
        if o.get("workload") == "spring.batch" and o.get("items") and o.get("seconds"):
            kernel = o["items"] / o["seconds"]
    items = a.rows * 120
    mk_med, peer_med = statistics.median(mk_t), statistics.median(peer_t)
    ratios = [p / m for m, p in zip(mk_t, peer_t)]
    out = {"workload": "batch.endToEnd", "rows": a.rows, "columns": 120, "precision": "float",
           "motionkernelSeconds": mk_med, "peerSeconds": peer_med,
           "motionkernelItemsPerSecond": items / mk_med, "peerItemsPerSecond": items / peer_med,
           "ratio": peer_med / mk_med, "ratioPerRound": [min(ratios), max(ratios)],
           "kernelItemsPerSecond": kernel, "shareOfKernelRate": (items / mk_med / kernel) if kernel else None,
           "maxAbsError": err, "peerMaxAbsError": peer_err, "correct": correct, "rounds": a.rounds}
    print(json.dumps(out))
    print(f"batch.endToEnd {a.rows}x120 float: MotionKernel {mk_med:.3f} s ({items / mk_med:.3g} values/s), "
          f"NumPy + np.save {peer_med:.3f} s; ratio {peer_med / mk_med:.2f}x (per round {min(ratios):.2f}-{max(ratios):.2f}); "
          + (f"kernel {kernel:.3g} values/s, end to end = {100 * items / mk_med / kernel:.0f}% of it; " if kernel else "")
          + f"max |error| {err:.2g}, peer's {peer_err:.2g} ({'ok' if correct else 'WRONG'})", file=sys.stderr)
    return 0 if correct else 1


if __name__ == "__main__":
    sys.exit(main())
