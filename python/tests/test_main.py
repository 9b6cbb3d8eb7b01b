"""``python -m motionkernel --version``: the package version and the kernels' vector level as the
library reports it, checked against the CPU's flags and under ``MOTIONKERNEL_ISA``."""

import platform
import re
from pathlib import Path

import pytest

import motionkernel as mk
from conftest import run_python


def _cpu_best_level():
    """The best kernel level from the CPU flags the kernel reports (Linux), as the library
    defines the levels: avx512 needs AVX-512 F, DQ, VL and BW; avx2 needs AVX2 (x86-64 only)."""
    if platform.machine() not in ("x86_64", "AMD64"):
        return "portable"
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return None
    line = next((ln for ln in text.splitlines() if ln.startswith("flags")), None)
    if line is None:
        return None
    flags = set(line.split(":", 1)[1].split())
    if {"avx512f", "avx512dq", "avx512vl", "avx512bw"} <= flags:
        return "avx512"
    return "avx2" if "avx2" in flags else "portable"


LEVELS = ["portable", "avx2", "avx512"]
VERSION_LINE = re.compile(r"^motionkernel (\S+) \(kernels: (portable|avx2|avx512)\)$")


def _version(env_update=None, unset=("MOTIONKERNEL_ISA",)):
    out = run_python(["-m", "motionkernel", "--version"], env_update, unset)
    lines = out.splitlines()
    assert len(lines) == 1, out
    m = VERSION_LINE.match(lines[0])
    assert m, lines[0]
    return m.group(1), m.group(2)


def test_version_line_format_and_level():
    version, level = _version()
    assert version == mk.__version__
    best = _cpu_best_level()
    if best is None:
        pytest.skip("no /proc/cpuinfo flags to derive the CPU's level from")
    assert level == best


@pytest.mark.parametrize("cap", LEVELS)
def test_motionkernel_isa_caps_the_reported_level(cap):
    _, level = _version({"MOTIONKERNEL_ISA": cap})
    if cap == "portable":
        assert level == "portable"
    best = _cpu_best_level()
    if best is not None:
        assert level == LEVELS[min(LEVELS.index(cap), LEVELS.index(best))]


def test_unknown_motionkernel_isa_is_ignored():
    _, level = _version({"MOTIONKERNEL_ISA": "sse9"})
    assert level == _version()[1]


def test_no_arguments_prints_help():
    out = run_python(["-m", "motionkernel"])
    assert out.startswith("usage: python -m motionkernel") and "--version" in out
