#!/usr/bin/env python3
"""Prints MotionKernel's benchmark results side by side with its peers.

    python3 Tools/bench_table.py --dir .build/bench            # print from files already there
    python3 Tools/bench_table.py --run --dir DIR --bin BIN [--rounds 3] [--c-peer PATH]
                                 [--c-peers PATH] [--limits PATH] [--store-sizes B,B,...]   # run, then print

`make bench` builds the programs and calls the second form. With --run, each round runs, workload
by workload, `motionkernel-bench --json --threads 1 --filter W`, then the peer of W (NumPy/SciPy:
Benchmarks/peers/bench_numpy.py with OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 and
OPENBLAS_CORETYPE unset; bezier.solve also the C peer, Benchmarks/peers/bezier_peer.c), then the
Numba peer of W (Benchmarks/peers/bench_numba.py) and, for spring.batch, spline.channels and
transform.build, the C -O3 -march=native peer (Benchmarks/peers/c_peers.c, with its other store
kind as a variant line), so every side of a ratio runs seconds apart on this shared machine; then
once MotionKernel with 2 threads and NumPy with its default threads; machine_limits (store rates at
each output size, SGEMM 1024^3 through the system OpenBLAS, one thread) before and after.

Files in DIR (JSON Lines, each line with a "round"; any may be missing: a missing figure prints
"—"): swift-1.jsonl, swift-2.jsonl, numpy-single.jsonl, numpy-default.jsonl, c-peer.jsonl,
numba.jsonl, c-peers.jsonl, limits.jsonl.

Per workload and side, the figure is the best round's median (the least disturbed round; the same
rule for every side). Table: workload | MotionKernel items/s (1 thread) | peer items/s (1 thread) |
ratio | the same-round ratios (min–max) | target | met? | peer with default threads |
MotionKernel 2 threads | share of the machine limit reached by MotionKernel: output bytes/s over
the store ceiling (the best of plain vector stores, memset and non-temporal stores measured on a
buffer of the same size; in brackets, over plain write-allocate vector stores alone, what an
ordinary output loop can reach), and for spline.channels also its GEMM-equivalent FLOP/s
(2·K·T·C) over the best single-thread SGEMM 1024^3 measured in the run (NumPy's or the system's) |
strongest peer: the fastest correct peer of the workload among NumPy/SciPy (the peer of record and
its idioms), Numba and C (bezier_peer, c_peers), by the same best-round rule, measured in the same
interleaved rounds | MotionKernel / strongest peer | the same-round ratios against that peer |
share of store bound: output bytes/s (items x the workload's element size) over the store ceiling
measured for that output size, for MotionKernel and for the strongest peer. A wrong peer is
marked WRONG, never counts as the strongest, and fails the run.
A second table lists every other line measured: MotionKernel's alternative paths and the peers'
lines not shown in the first (NumPy idioms, Numba, C, the C peers' other store kind).

Exit status: 0 when every run reported and every result was correct, 1 otherwise.
"""
import argparse
import json
import os
import platform
import subprocess
import sys

# Targets: single thread, ratio against the peer in the same run.
TARGETS = {
    "spring.batch": 20.0,
    "spring.shared": 3.0,
    "decay.batch": 10.0,
    "decay.batch.compose": 10.0,
    "decay.batch.varied": 10.0,
    "spline.channels": 8.0,
    "bezier.solve": 3.0,
    "css.linear": None,
    "transform.build": 8.0,
    "transform.apply": 1.5,
    "transform.interpolate": None,
    "batch.csv": None,
}
MAIN = list(TARGETS)
# The peer of record for each workload ("c" = Benchmarks/peers/bezier_peer.c, else NumPy/SciPy).
PEER_SOURCE = {"bezier.solve": "c"}
BYTES = {"float": 4, "double": 8}
# Workloads with a C -O3 peer in Benchmarks/peers/c_peers.c.
C_PEERS = {"spring.batch", "spline.channels", "transform.build"}
# FLOPs of one call where the workload is a dense product (spline.channels: T x K times K x C).
FLOPS = {"spline.channels": 2 * 16 * 1_000 * 10_000}
DASH = "—"


def read_jsonl(path):
    rows = []
    if not os.path.exists(path):
        return rows
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line.startswith("{"):
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return rows


def by_workload(rows):
    """One row per workload: the round with the highest items/s (the least disturbed on a shared
    machine; the same rule for every side), marked incorrect if any round was, with "rounds" (how
    many) and "byRound" ({round: items/s})."""
    best = {}
    for r in rows:
        if "workload" not in r:
            continue
        w = r["workload"]
        b = best.get(w)
        per = dict(b["byRound"]) if b else {}
        per[r.get("round", len(per) + 1)] = r.get("itemsPerSecond") or 0.0
        correct = (b is None or b.get("correct", True)) and r.get("correct", True)
        if b is None or (r.get("itemsPerSecond") or 0.0) > (b.get("itemsPerSecond") or 0.0):
            b = dict(r)
        b["correct"] = correct
        b["byRound"] = per
        b["rounds"] = len(per)
        best[w] = b
    return best


def round_ratios(m, p):
    """MotionKernel over peer items/s in each round where both ran."""
    if not m or not p:
        return []
    return [m["byRound"][k] / p["byRound"][k] for k in sorted(m["byRound"]) if p["byRound"].get(k)]


def fmt_rate(x):
    if x is None:
        return DASH
    e = 0
    while abs(x) >= 10 and e < 30:
        x /= 10
        e += 1
    return f"{x:.2f}e{e}"


def fmt_ratio(x):
    if x is None:
        return DASH
    return f"{x:.1f}×" if x >= 10 else f"{x:.2f}×"


def rate(row):
    if not row:
        return None
    v = row.get("itemsPerSecond")
    return float(v) if v else None


def mark(row):
    """' (WRONG)' when a run reported an incorrect result."""
    return "" if not row or row.get("correct", True) else " WRONG"


def store_ceiling(limits, nbytes, threads=1):
    """Best measured store rate with `threads` threads on a buffer of nbytes (nearest size
    measured; the best over the runs of machine_limits), overall and per store kind."""
    stores = [r for r in limits if r.get("limit") == "store" and r.get("threads", 1) == threads]
    if not stores:
        return None, None
    size = min({r["bytes"] for r in stores}, key=lambda b: abs(b - nbytes))
    at = {}
    for r in stores:
        if r["bytes"] == size:
            at[r["method"]] = max(at.get(r["method"], 0.0), r["bytesPerSecond"])
    return max(at.values()), at


def best_sgemm(limits, env):
    figures = []
    for r in limits:
        if r.get("limit") == "sgemm":
            figures.append((r["flopsPerSecond"], f"system OpenBLAS ({r.get('core', '?')})"))
    if env and env.get("sgemm1024FlopsPerSecond"):
        figures.append((env["sgemm1024FlopsPerSecond"], "NumPy's OpenBLAS"))
    return max(figures) if figures else (None, None)


def table(rows, headers):
    widths = [max(len(str(r[i])) for r in [headers] + rows) for i in range(len(headers))]
    out = ["| " + " | ".join(str(h).ljust(w) for h, w in zip(headers, widths)) + " |",
           "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    for r in rows:
        out.append("| " + " | ".join(str(c).ljust(w) for c, w in zip(r, widths)) + " |")
    return "\n".join(out)


def machine_lines(limits, env, cpeer, numba_env=None, cfast=None):
    lines = []
    model = DASH
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        model = platform.processor() or DASH
    flags = set()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("flags"):
                    flags = set(line.split(":", 1)[1].split())
                    break
    except OSError:
        pass
    isa = ", ".join(x for x in ("avx2", "fma", "avx512f") if x in flags) or DASH
    lines.append(f"CPU: {model} ({os.cpu_count()} logical cores; {isa}); {platform.system()} {platform.release()}")
    try:
        with open("/proc/loadavg", encoding="utf-8") as f:
            la = f.read().split()[:3]
        lines.append(f"Load average at the end of the run (1, 5, 15 min): {', '.join(la)} "
                     f"(above ~{os.cpu_count()} the machine was shared during the run; rerun for cleaner figures)")
    except OSError:
        pass
    try:
        sv = subprocess.run(["swift", "--version"], capture_output=True, text=True, timeout=60)
        first = (sv.stdout or sv.stderr).strip().splitlines()
        lines.append(f"Swift: {first[0] if first else DASH}")
    except (OSError, subprocess.SubprocessError):
        lines.append("Swift: " + DASH)
    sg_rows = [r for r in limits if r.get("limit") == "sgemm"]
    if sg_rows:
        r = sg_rows[0]
        lines.append(f"MotionKernel's BLAS: {r.get('config', DASH)}; core in use {r.get('core', DASH)}")
    if env:
        blas = [d for d in env.get("threadpoolctl", []) if isinstance(d, dict) and d.get("user_api") == "blas"]
        desc = "; ".join(f"{os.path.basename(d.get('filepath', '?'))} {d.get('version', '?')} "
                         f"kernels {d.get('architecture', '?')}" for d in blas) or str(env.get("threadpoolctl"))
        lines.append(f"Peers: Python {env.get('python')}, NumPy {env.get('numpy')}, SciPy {env.get('scipy')}; "
                     f"BLAS (threadpoolctl): {desc}; OPENBLAS_CORETYPE {env.get('OPENBLAS_CORETYPE') or 'unset'}")
    if cpeer:
        lines.append(f"C peer: {cpeer.get('peer', DASH)}; built with {cpeer.get('compiler', DASH)}")
    if numba_env:
        lines.append(f"Numba peers: Numba {numba_env.get('numba')}, llvmlite {numba_env.get('llvmlite')}, "
                     f"NumPy {numba_env.get('numpy')}; {numba_env.get('jit', DASH)}")
    if cfast:
        llc = cfast.get("llcBytes")
        lines.append(f"C -O3 peers (c_peers.c): built with {cfast.get('compiler', DASH)}; last-level cache read at run time "
                     f"{llc / 2**20:.0f} MiB: non-temporal stores for outputs above it, plain below (the other kind is "
                     f"timed too, as the .plain/.nontemporal lines; both count for the strongest peer)" if llc else
                     f"C -O3 peers (c_peers.c): built with {cfast.get('compiler', DASH)}; last-level cache size unknown (plain stores)")
    stores = [r for r in limits if r.get("limit") == "store" and r.get("threads", 1) == 1]
    stores2 = [r for r in limits if r.get("limit") == "store" and r.get("threads", 1) == 2]
    if stores2:
        by2 = {}
        for r in stores2:
            by2[r["bytes"]] = max(by2.get(r["bytes"], 0.0), r["bytesPerSecond"])
        lines.append("Two-thread non-temporal store rates, GB/s (machine_limits, best of its runs; the bound of a "
                     "two-thread run): " + "; ".join(f"{b / 1e6:g} MB {v / 1e9:.1f}" for b, v in sorted(by2.items())))
    if stores:
        by_size = {}
        for r in stores:
            m = by_size.setdefault(r["bytes"], {})
            m[r["method"]] = max(m.get(r["method"], 0.0), r["bytesPerSecond"])
        parts = []
        for size in sorted(by_size):
            m = by_size[size]
            parts.append(f"{size / 1e6:g} MB: " + ", ".join(f"{k} {m[k] / 1e9:.1f}" for k in ("plain", "memset", "nontemporal") if k in m))
        lines.append("Single-thread store rates, GB/s (machine_limits, best of its runs): " + "; ".join(parts))
    if env and env.get("fillBytesPerSecond"):
        fills = env["fillBytesPerSecond"]
        lines.append("NumPy ndarray.fill, GB/s: " + ", ".join(f"{int(k) / 1e6:g} MB {v / 1e9:.1f}" for k, v in sorted(fills.items(), key=lambda kv: int(kv[0]))))
    sg = []
    if sg_rows:
        b = max(sg_rows, key=lambda r: r["flopsPerSecond"])
        sg.append(f"system OpenBLAS ({b.get('core')}) {b['flopsPerSecond'] / 1e9:.0f}"
                  + (" (runs: " + ", ".join(f"{r['flopsPerSecond'] / 1e9:.0f}" for r in sg_rows) + ")" if len(sg_rows) > 1 else ""))
    if env and env.get("sgemm1024FlopsPerSecond"):
        sg.append(f"NumPy's OpenBLAS {env['sgemm1024FlopsPerSecond'] / 1e9:.0f}")
    if sg:
        lines.append("Single-thread SGEMM 1024³, GFLOP/s: " + ", ".join(sg))
    return lines


def python_section(rows):
    """The lines of Benchmarks/peers/bench_python.py (python.jsonl, written by `make bench` after this
    table; print them with `--dir` afterwards): py.spring.batch, py.call.overhead (its worst cell and the
    matrix: function.inputs by dtype and out=), py.spring.settle and py.spring.batch.threads. Returns (correct, text);
    text is empty when the file is missing."""
    by = {r["workload"]: r for r in rows if "workload" in r}
    if not by:
        return True, ""
    ok = True
    out = ["Python (Benchmarks/peers/bench_python.py, in process through the C ABI; medians):"]
    summary = []
    b = by.get("py.spring.batch")
    if b:
        right = all(c.get("ok", False) for c in b.get("checks", []))
        ok = ok and right
        summary.append(["py.spring.batch", f"{b['motionkernel_s'] * 1e3:.1f} ms vs NumPy {b['numpy_s'] * 1e3:.1f} ms"
                        + ("" if right else " WRONG"), fmt_ratio(b["ratio"]), f"≥ {b['target_ratio']:g}×",
                        "yes" if b["ratio"] >= b["target_ratio"] else "no"])
    c = by.get("py.call.overhead")
    if c:
        summary.append(["py.call.overhead (worst cell)", f"{c['per_call_us']:.2f} µs ({c['worst']}; median cell "
                        f"{c['median_cell_us']:.2f} µs, bare ctypes call {c['ctypes_floor_us']:.2f} µs; worst in thread CPU time "
                        f"{c.get('worst_cpu_us', float('nan')):.2f} µs, {c.get('worst_cpu', DASH)})", DASH,
                        f"≤ {c['target_us']:g} µs", "yes" if c["per_call_us"] <= c["target_us"] else "no"])
    st = by.get("py.spring.settle")
    if st:
        ok = ok and st.get("ok", False)
        summary.append(["py.spring.settle", f"{st['rows']} springs, one thread: at rest {st['rest_us_per_spring']:.2f} µs a spring "
                        f"(range {st['rest_us_range'][0]:.2f}–{st['rest_us_range'][1]:.2f}), moving {st['moving_us_per_spring']:.2f}; "
                        f"threads=2: {st['rest_threads2_us_per_spring']:.2f} and {st['moving_threads2_us_per_spring']:.2f}; "
                        f"eval's JSON op per spring {st['eval_json_us_per_spring']:.1f}" + ("" if st.get("ok") else " WRONG"), DASH,
                        f"≤ {st['target_us']:g} µs", "yes" if st.get("met") else "no"])
    t = by.get("py.spring.batch.threads")
    if t:
        summary.append(["py.spring.batch.threads", f"2 threads {t['threaded_s'] * 1e3:.1f} ms vs in a row "
                        f"{t['serial_s'] * 1e3:.1f} ms (range {t['ratio_range'][0]:.2f}–{t['ratio_range'][1]:.2f}; "
                        f"into out= {t['out_ratio']:.2f}×; the kernel's threads=2 {t['kernel_threads2_ratio']:.2f}×; "
                        f"NumPy allocate + first touch {t.get('numpy_touch_ratio', float('nan')):.2f}×, NumPy exp in cache "
                        f"{t.get('numpy_exp_ratio', float('nan')):.2f}×)",
                        fmt_ratio(t["ratio"]), f"≥ {t['target_ratio']:g}×", "yes" if t["ratio"] >= t["target_ratio"] else "no"])
    out.append(table(summary, ["workload", "figure", "ratio", "target", "met?"]))
    cells = {w[len("py.call.overhead."):]: r for w, r in by.items() if w.startswith("py.call.overhead.")}
    if cells:
        kinds = [("float32", ""), ("float32", ".out"), ("float64", ""), ("float64", ".out")]
        grid = []
        for name in sorted({k.rsplit(".", 2)[0] if k.endswith(".out") else k.rsplit(".", 1)[0] for k in cells}):
            row = [name]
            for dtn, o in kinds:
                r = cells.get(f"{name}.{dtn}{o}")
                row.append(DASH if not r else f"{r['per_call_us']:.2f} ({r['cpu_us']:.2f})" if "cpu_us" in r else f"{r['per_call_us']:.2f}")
            if any(v != DASH for v in row[1:]):
                grid.append(row)
        out.append("")
        out.append("py.call.overhead per cell, median µs per call (in brackets: thread CPU time):")
        out.append(table(grid, ["function.inputs", "float32", "float32 out=", "float64", "float64 out="]))
        floor = cells.get("ctypes.floor")
        if floor:
            out.append(f"bare ctypes call (mk_spring_value_f64, 3 arguments): {floor['per_call_us']:.2f} µs")
    return ok, "\n".join(out)


def run_all(d, binary, python, cpeer, limits_bin, rounds, store_sizes, cpeers=None):
    """Runs every benchmark into DIR, interleaved: in each round, for each workload, MotionKernel
    (one thread) and then its peer (one thread), so that both sides of a ratio are measured
    seconds apart on this shared machine. Then, once, MotionKernel with 2 threads and NumPy with
    its default threads; machine limits before the first and after the last round. Every line
    gets a "round" field. MotionKernel runs with this process's environment (the Makefile sets
    OPENBLAS_CORETYPE for it); NumPy with OPENBLAS_CORETYPE unset."""
    os.makedirs(d, exist_ok=True)
    here = os.path.dirname(os.path.abspath(__file__))
    numpy_script = os.path.join(os.path.dirname(here), "Benchmarks", "peers", "bench_numpy.py")
    numba_script = os.path.join(os.path.dirname(here), "Benchmarks", "peers", "bench_numba.py")
    for f in os.listdir(d):
        if f.endswith(".jsonl"):
            os.remove(os.path.join(d, f))
    single = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}

    def go(cmd, out, rnd, env_update=None, unset=()):
        env = dict(os.environ)
        env.update(env_update or {})
        for k in unset:
            env.pop(k, None)
        try:
            r = subprocess.run(cmd, stdout=subprocess.PIPE, env=env, check=False, text=True)
        except OSError as e:
            print(f"bench_table: cannot run {cmd[0]}: {e}", file=sys.stderr)
            return
        with open(os.path.join(d, out), "a", encoding="utf-8") as f:
            for line in r.stdout.splitlines():
                try:
                    o = json.loads(line)
                except json.JSONDecodeError:
                    continue
                o["round"] = rnd
                f.write(json.dumps(o) + "\n")

    bench = os.path.join(binary, "motionkernel-bench")
    if limits_bin:
        go([limits_bin] + [str(b) for b in store_sizes], "limits.jsonl", 0, single)
    for rnd in range(1, rounds + 1):
        print(f"bench_table: round {rnd} of {rounds}", file=sys.stderr, flush=True)
        for w in MAIN + ["transform.gemm.apply"]:
            go([bench, "--json", "--threads", "1", "--filter", w], "swift-1.jsonl", rnd, single)
            if PEER_SOURCE.get(w) == "c":
                if cpeer:
                    go([cpeer], "c-peer.jsonl", rnd)
            if w in MAIN:
                go([python, numpy_script, "--label", "single", "--filter", w] + ([] if rnd == 1 and w == MAIN[0] else ["--no-limits"]),
                   "numpy-single.jsonl", rnd, single, unset=("OPENBLAS_CORETYPE",))
                go([python, numba_script, "--filter", w], "numba.jsonl", rnd,
                   dict(single, NUMBA_NUM_THREADS="1"), unset=("OPENBLAS_CORETYPE",))
            if w in C_PEERS and cpeers:
                go([cpeers, "--filter", w, "--variants"], "c-peers.jsonl", rnd)
    go([bench, "--json", "--threads", "2"], "swift-2.jsonl", 1)
    go([python, numpy_script, "--label", "default", "--no-limits"], "numpy-default.jsonl", 1,
       unset=("OPENBLAS_CORETYPE", "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"))
    if limits_bin:
        go([limits_bin] + [str(b) for b in store_sizes], "limits.jsonl", rounds + 1, single)
    # batch.endToEnd: whole processes, spec to .npy on disk, against NumPy + np.save.
    go([python, os.path.join(os.path.dirname(here), "Benchmarks", "peers", "bench_end_to_end.py"), "--bin", binary,
        "--rounds", str(max(3, rounds)), "--dir", os.path.join(d, "e2e")], "e2e.jsonl", 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dir", default=".build/bench")
    ap.add_argument("--run", action="store_true", help="run the Swift bench and the NumPy peers first")
    ap.add_argument("--bin", help="directory holding the release `motionkernel` and `motionkernel-bench` (with --run)")
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds (with --run)")
    ap.add_argument("--c-peer", help="the built bezier_peer (with --run)")
    ap.add_argument("--c-peers", help="the built c_peers (with --run)")
    ap.add_argument("--limits", help="the built machine_limits (with --run)")
    ap.add_argument("--store-sizes", default="8000000,12800000,16000000,40000000,48000000,64000000",
                    help="buffer sizes in bytes for machine_limits (with --run)")
    args = ap.parse_args()
    if args.run:
        if not args.bin:
            ap.error("--run needs --bin")
        run_all(args.dir, args.bin, args.python, args.c_peer, args.limits, max(1, args.rounds),
                [int(x) for x in args.store_sizes.replace(",", " ").split()], args.c_peers)

    d = args.dir
    mk1 = by_workload(read_jsonl(os.path.join(d, "swift-1.jsonl")))
    mk2 = by_workload(read_jsonl(os.path.join(d, "swift-2.jsonl")))
    single_rows = read_jsonl(os.path.join(d, "numpy-single.jsonl"))
    np1 = by_workload(single_rows)
    npd = by_workload(read_jsonl(os.path.join(d, "numpy-default.jsonl")))
    cpeer_rows = read_jsonl(os.path.join(d, "c-peer.jsonl"))
    cpeer = by_workload(cpeer_rows)
    numba_rows = read_jsonl(os.path.join(d, "numba.jsonl"))
    numba = by_workload(numba_rows)
    cfast = by_workload(read_jsonl(os.path.join(d, "c-peers.jsonl")))
    limits = read_jsonl(os.path.join(d, "limits.jsonl"))
    envs = [r["environment"] for r in single_rows if "environment" in r]
    env = next((e for e in envs if "sgemm1024FlopsPerSecond" in e), envs[0] if envs else None)
    numba_env = next((r["environment"] for r in numba_rows if "environment" in r), None)
    sgemm, sgemm_src = best_sgemm(limits, env)

    def store_share(row):
        """Output bytes/s of a line over the store ceiling at its output size, or None."""
        if not row or not rate(row) or not row.get("seconds"):
            return None
        nbytes = row["items"] * BYTES.get(row.get("precision"), 4)
        ceiling, _ = store_ceiling(limits, nbytes)
        return nbytes / row["seconds"] / ceiling if ceiling else None

    def two_threads(w):
        """MotionKernel's 2-thread rate, its ratio to the 1-thread rate, and (for outputs beyond
        the cache) the share of the two-thread store bound it reaches."""
        r2, r1 = mk2.get(w), mk1.get(w)
        if not r2 or not rate(r2):
            return DASH
        cell = fmt_rate(rate(r2)) + mark(r2)
        if r1 and rate(r1):
            cell += f" ({rate(r2) / rate(r1):.2f}× 1T"
            nbytes = r2["items"] * BYTES.get(r2.get("precision"), 4)
            c2, _ = store_ceiling(limits, nbytes, threads=2)
            if c2 and r2.get("seconds"):
                cell += f", {100 * nbytes / r2['seconds'] / c2:.0f}% of 2T store"
            cell += ")"
        return cell

    def candidates(w):
        """Every peer line of workload w: (label, row). NumPy/SciPy: the peer of record and its
        idioms (w.*); Numba; C: bezier_peer and c_peers, with c_peers' other store kind."""
        out = []
        for name, r in np1.items():
            if name == w or name.startswith(w + "."):
                base = "SciPy" if name == "spline.channels" else "NumPy"
                if name.endswith(".pandas"):
                    out.append(("pandas", r))
                else:
                    out.append((base if name == w else f"NumPy {name[len(w) + 1:]}", r))
        if numba.get(w):
            out.append(("Numba", numba[w]))
        if cpeer.get(w):
            out.append(("C", cpeer[w]))
        for name, r in cfast.items():
            if name == w or name.startswith(w + "."):
                out.append((f"C, {r.get('stores', '?')} stores", r))
        return out

    ok = True
    rows = []
    for w in MAIN:
        m = mk1.get(w)
        if PEER_SOURCE.get(w) == "c":
            p, pd, who = cpeer.get(w), None, "C"
        else:
            p, pd, who = np1.get(w), npd.get(w), ("SciPy" if w == "spline.channels" else "NumPy")
        ok = ok and (m is None or m.get("correct", True)) and (p is None or p.get("correct", True))
        ratio = rate(m) / rate(p) if rate(m) and rate(p) else None
        per_round = round_ratios(m, p)
        spread = f"{min(per_round):.2f}–{max(per_round):.2f}" if len(per_round) > 1 else DASH
        target = TARGETS[w]
        met = DASH if ratio is None or target is None else ("yes" if ratio >= target else "no")
        limit = DASH
        if m and rate(m):
            nbytes = m["items"] * BYTES.get(m.get("precision"), 4)
            ceiling, at = store_ceiling(limits, nbytes)
            parts = []
            if ceiling:
                plain = f" (plain {100 * nbytes / m['seconds'] / at['plain']:.0f}%)" if at.get("plain") else ""
                parts.append(f"{100 * nbytes / m['seconds'] / ceiling:.0f}% store{plain}")
            if w in FLOPS and sgemm:
                parts.append(f"{100 * FLOPS[w] / m['seconds'] / sgemm:.0f}% SGEMM")
            limit = ", ".join(parts) or DASH
        # The strongest peer: the fastest correct line among every peer of the workload.
        cands = candidates(w)
        ok = ok and all(r.get("correct", True) for _, r in cands)
        correct = [(label, r) for label, r in cands if r.get("correct", True) and rate(r)]
        strongest = max(correct, key=lambda lr: rate(lr[1]), default=None)
        s_cell = s_ratio = s_spread = DASH
        if strongest:
            label, sr = strongest
            s_cell = f"{fmt_rate(rate(sr))} ({label})"
            if rate(m):
                s_ratio = fmt_ratio(rate(m) / rate(sr))
            pr = round_ratios(m, sr)
            s_spread = f"{min(pr):.2f}–{max(pr):.2f}" if len(pr) > 1 else (f"{pr[0]:.2f}" if pr else DASH)
        elif cands:
            s_cell = "all WRONG"
        shares = [store_share(m), store_share(strongest[1]) if strongest else None]
        share_cell = " / ".join(DASH if x is None else f"{100 * x:.0f}%" for x in shares)
        rows.append([w, m.get("precision") if m else (p or {}).get("precision", DASH),
                     fmt_rate(rate(m)) + mark(m), f"{fmt_rate(rate(p))}{mark(p)} ({who})" if p else DASH,
                     fmt_ratio(ratio), spread, f"≥ {target:g}×" if target else DASH, met,
                     fmt_rate(rate(pd)) + mark(pd) if pd else DASH, two_threads(w),
                     limit, s_cell, s_ratio, s_spread, share_cell])
    headers = ["workload", "prec", "MotionKernel 1T items/s", "peer 1T items/s", "ratio", "ratio per round", "target", "met?",
               "peer default threads", "MotionKernel 2T (scaling)", "MotionKernel vs machine limit", "strongest peer 1T items/s",
               "ratio vs strongest", "per round vs strongest", "share of store bound (MotionKernel / strongest)"]

    # Everything else measured in the same run: MotionKernel's alternative paths and the peers'
    # other lines (the ratio is the main MotionKernel workload over that line).
    extra = []
    for name, r in sorted(mk1.items()):
        if name not in TARGETS:
            ok = ok and r.get("correct", True)
            r2 = mk2.get(name)
            extra.append([name, "MotionKernel", r.get("precision", DASH), fmt_rate(rate(r)) + mark(r),
                          fmt_rate(rate(r2)) + mark(r2) if r2 else DASH, DASH])

    def base_of(name):
        return next((t for t in MAIN if name == t or name.startswith(t + ".")), None)

    def extra_line(label, r, default=None):
        base = base_of(label.split(" (")[0])
        ratio = rate(mk1.get(base)) / rate(r) if base and rate(mk1.get(base)) and rate(r) else None
        extra.append([label, r.get("peer", DASH), r.get("precision", DASH), fmt_rate(rate(r)) + mark(r),
                      fmt_rate(rate(default)) if default else DASH, fmt_ratio(ratio) + (f" vs {base}" if ratio else "")])

    for name, r in sorted(np1.items()):
        if name in TARGETS and PEER_SOURCE.get(name) != "c":
            continue
        ok = ok and r.get("correct", True)
        extra_line(name + ("" if name != base_of(name) else " (NumPy)"), r, npd.get(name))
    for name, r in sorted(numba.items()):
        ok = ok and r.get("correct", True)
        extra_line(name + " (Numba)", r)
    for name, r in sorted(cfast.items()):
        ok = ok and r.get("correct", True)
        extra_line(name + " (C -O3)", r)
    extra_headers = ["line", "what", "prec", "items/s 1T", "items/s default threads (MotionKernel: 2T)",
                     "MotionKernel ratio"]

    nrounds = max([r.get("rounds", 1) for r in list(mk1.values()) + list(np1.values())] or [1])
    print(f"MotionKernel benchmarks against peers, single thread unless stated. Each figure: the median of >= 7 timed "
          f"calls; with {nrounds} interleaved round(s), the best round's median for every side; ratio = "
          f"MotionKernel / peer (best / best), ratio per round = min–max of the same-round ratios.")
    for line in machine_lines(limits, env, next(iter(cpeer.values()), None), numba_env, next(iter(cfast.values()), None)):
        print("  " + line)
    # The C kernels' instruction-set level each MotionKernel run used (the bench rows' kernelLevel).
    levels = sorted({r["kernelLevel"] for r in list(mk1.values()) + list(mk2.values()) if r.get("kernelLevel")})
    print(f"  C kernels' level in the MotionKernel rows: {', '.join(levels) or DASH}"
          f" (MOTIONKERNEL_ISA {os.environ.get('MOTIONKERNEL_ISA') or 'unset'})")
    if sgemm:
        print(f"  Machine limits used below: store ceiling per output size (best of the three store kinds); "
              f"SGEMM peak {sgemm / 1e9:.0f} GFLOP/s ({sgemm_src})")
    print()
    print(table(rows, headers))
    print()
    print(table(extra, extra_headers))
    for e in read_jsonl(os.path.join(d, "e2e.jsonl")):
        ok = ok and e.get("correct", False)
        kernel = f", {100 * e['shareOfKernelRate']:.0f}% of the kernel's rate" if e.get("shareOfKernelRate") else ""
        print(f"\nbatch.endToEnd (process wall time, spec to .npy, {e['rows']}×{e['columns']} {e['precision']}, medians of "
              f"{e['rounds']}): MotionKernel {e['motionkernelSeconds']:.3f} s = {fmt_rate(e['motionkernelItemsPerSecond'])} "
              f"values/s{kernel}; NumPy closed form + np.save {e['peerSeconds']:.3f} s; ratio {e['ratio']:.2f}× "
              f"(per round {e['ratioPerRound'][0]:.2f}–{e['ratioPerRound'][1]:.2f}); target ≥ 5× and ≥ 50% of the kernel: "
              f"{'met' if e['ratio'] >= 5 and (e.get('shareOfKernelRate') or 0) >= 0.5 else 'not met'}")
    py_ok, py_text = python_section(read_jsonl(os.path.join(d, "python.jsonl")))
    ok = ok and py_ok
    if py_text:
        print("\n" + py_text)
    missing = [n for n, f in (("MotionKernel", mk1), ("NumPy single", np1), ("NumPy default", npd), ("C peer", cpeer),
                              ("Numba", numba), ("C peers", cfast)) if not f]
    if not limits:
        missing.append("machine limits")
    if missing:
        print("\nmissing runs: " + ", ".join(missing))
    not_in_mk = [w for w in MAIN if w not in mk1]
    if not_in_mk and mk1:
        print("not (yet) in MotionKernel's bench: " + ", ".join(not_in_mk))
    if not ok:
        print("\nsome results were WRONG (maxAbsError above the workload's tolerance)")
    return 0 if ok and not missing else 1


if __name__ == "__main__":
    sys.exit(main())
