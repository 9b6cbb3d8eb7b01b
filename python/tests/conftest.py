"""Shared helpers: unit roundoffs and error bounds (Higham's γ_k = k·u / (1 − k·u))."""

import numpy as np

U32 = float(np.finfo(np.float32).eps) / 2
U64 = float(np.finfo(np.float64).eps) / 2


def unit_roundoff(dtype) -> float:
    """u = ulpOfOne / 2 of ``dtype``."""
    return float(np.finfo(dtype).eps) / 2


def gamma(k: int, dtype) -> float:
    """γ_k for ``dtype``: the relative bound of k roundings, valid for any order and FMA use."""
    u = unit_roundoff(dtype)
    return k * u / (1 - k * u)


def run_python(args, env_update=None, unset=()):
    """Runs a fresh interpreter of this Python with ``args`` (``["-c", code]``, ``["-m", ...]``)
    and returns its standard output, asserting exit status 0. The environment is this process's,
    without the names in ``unset`` and updated with ``env_update``."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in unset}
    env.update(env_update or {})
    run = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    return run.stdout


def run_c_check(name, tmp_path):
    """Compiles ``python/tests/c/<name>.c`` with gcc (C11, every warning an error) against
    ``include/motionkernel.h`` and the loaded library, runs it, and asserts it printed ``ok``."""
    import subprocess
    from pathlib import Path

    from motionkernel._lib import lib

    here = Path(__file__).parent
    library = Path(lib._name).resolve().parent
    exe = tmp_path / name
    command = ["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", str(here.parents[1] / "include"), str(here / "c" / f"{name}.c"),
               "-o", str(exe), "-L", str(library), "-lMotionKernelC", f"-Wl,-rpath,{library}", "-lm"]
    subprocess.run(command, check=True)
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=120)
    assert (run.returncode, run.stdout.strip()) == (0, "ok"), run.stderr
