"""The C header and library: a C program compiled with gcc against include/motionkernel.h."""

import shutil
import subprocess
from pathlib import Path

import pytest

from motionkernel import _lib

HEADER_DIR = Path(__file__).resolve().parents[2] / "include"


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")
def test_c_program_against_header(tmp_path):
    so = Path(_lib.lib._name).resolve()
    exe = tmp_path / "abi_check"
    subprocess.run(
        ["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", str(HEADER_DIR), str(Path(__file__).parent / "c" / "abi_check.c"),
         "-o", str(exe), "-L", str(so.parent), "-lMotionKernelC", f"-Wl,-rpath,{so.parent}", "-lm"],
        check=True,
    )
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"
