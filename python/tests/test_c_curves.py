"""The curve entry points from C: a program compiled with gcc against include/motionkernel.h."""

import shutil
import subprocess
from pathlib import Path

import pytest

from motionkernel import _lib

HEADER_DIR = Path(__file__).resolve().parents[2] / "include"


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")
def test_curve_entry_points_from_c(tmp_path):
    library = Path(_lib.lib._name).resolve()
    source = Path(__file__).parent / "c" / "curves_check.c"
    flags = ["-std=c11", "-Wall", "-Wextra", "-Werror", f"-I{HEADER_DIR}"]
    link = [f"-L{library.parent}", "-lMotionKernelC", f"-Wl,-rpath,{library.parent}", "-lm"]
    exe = tmp_path / source.stem
    subprocess.run(["gcc", *flags, str(source), "-o", str(exe), *link], check=True)
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert (run.returncode, run.stdout.strip()) == (0, "ok"), run.stderr
