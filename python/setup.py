"""Puts libMotionKernelC (and, for a wheel, the command line) inside the package; the metadata is
in pyproject.toml.

By default (``pip install ./python``) it builds the library with SwiftPM (release): the
repository root is this file's parent folder (``python/..``); set MOTIONKERNEL_ROOT to build from
another checkout, MOTIONKERNEL_SWIFT to use another ``swift``, and MOTIONKERNEL_SWIFT_FLAGS for
extra build flags (the Makefile passes its release CPU flags, so that `make build` and the
package share one release build).

With MOTIONKERNEL_PREBUILT_LIB set (Tools/wheel), nothing is built: that file is copied as the
library, and MOTIONKERNEL_PREBUILT_BIN, when set, as the command line ``motionkernel/_bin/motionkernel``
(the ``motionkernel`` console script runs it).

The extension ``motionkernel._fast`` (the per-call fast paths, C against CPython's stable ABI)
is compiled by setuptools with the system's C compiler, so the wheel is ``cp311-abi3``: for
CPython 3.11 and later.
"""

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
LIB = "libMotionKernelC.dylib" if sys.platform == "darwin" else "libMotionKernelC.so"
BIN = "motionkernel"


def _prebuilt(name):
    value = os.environ.get(name)
    if not value:
        return None
    path = Path(value).resolve()
    if not path.is_file():
        raise SystemExit(f"motionkernel: {name}={value} is not a file")
    return path


class BuildSwift(build_py):
    """build_py that copies the prebuilt library (and command line), or first runs `swift build
    -c release --product MotionKernelC`."""

    def run(self):
        lib = _prebuilt("MOTIONKERNEL_PREBUILT_LIB")
        exe = _prebuilt("MOTIONKERNEL_PREBUILT_BIN")
        if lib is None:
            if exe is not None:
                raise SystemExit("motionkernel: MOTIONKERNEL_PREBUILT_BIN needs MOTIONKERNEL_PREBUILT_LIB too")
            lib = self._build_library()
        super().run()
        package = Path(self.build_lib) / "motionkernel"
        (package / "_lib").mkdir(parents=True, exist_ok=True)
        shutil.copy2(lib, package / "_lib" / LIB)
        if exe is not None:
            (package / "_bin").mkdir(parents=True, exist_ok=True)
            shutil.copy2(exe, package / "_bin" / BIN)

    def _build_library(self):
        root = Path(os.environ.get("MOTIONKERNEL_ROOT", HERE.parent)).resolve()
        if not (root / "Package.swift").is_file():
            raise SystemExit(f"motionkernel: no Package.swift in {root} (set MOTIONKERNEL_ROOT)")
        swift = os.environ.get("MOTIONKERNEL_SWIFT", "swift")
        flags = shlex.split(os.environ.get("MOTIONKERNEL_SWIFT_FLAGS", ""))
        base = [swift, "build", "-c", "release", *flags]
        subprocess.run(base + ["--product", "MotionKernelC"], cwd=root, check=True)
        bin_dir = subprocess.run(base + ["--show-bin-path"], cwd=root, check=True, capture_output=True, text=True).stdout.strip()
        return Path(bin_dir) / LIB


#: The oldest CPython whose stable ABI the extension is compiled against (Py_LIMITED_API in
#: motionkernel/_fast.c): one ``cp311-abi3`` wheel serves 3.11 and every later CPython.
LIMITED_API = "cp311"

setup(
    cmdclass={"build_py": BuildSwift},
    # The per-call fast paths (motionkernel/_fast.c): CPython's stable ABI only, no NumPy headers;
    # it calls the library through the addresses motionkernel._lib resolves, so it links nothing.
    ext_modules=[Extension("motionkernel._fast", ["motionkernel/_fast.c"], py_limited_api=True)],
    options={"bdist_wheel": {"py_limited_api": LIMITED_API}},
)
