"""Builds libMotionKernelC with SwiftPM (release) and installs it inside the package.

The repository root is this file's parent folder (``python/..``); set MOTIONKERNEL_ROOT to
build from another checkout, MOTIONKERNEL_SWIFT to use another ``swift``, and
MOTIONKERNEL_SWIFT_FLAGS for extra build flags (the Makefile passes its release CPU flags, so
that `make build` and the package share one release build).
"""

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = Path(__file__).resolve().parent
LIB = "libMotionKernelC.dylib" if sys.platform == "darwin" else "libMotionKernelC.so"


class BuildSwift(build_py):
    """build_py that first runs `swift build -c release --product MotionKernelC`."""

    def run(self):
        root = Path(os.environ.get("MOTIONKERNEL_ROOT", HERE.parent)).resolve()
        if not (root / "Package.swift").is_file():
            raise SystemExit(f"motionkernel: no Package.swift in {root} (set MOTIONKERNEL_ROOT)")
        swift = os.environ.get("MOTIONKERNEL_SWIFT", "swift")
        flags = shlex.split(os.environ.get("MOTIONKERNEL_SWIFT_FLAGS", ""))
        base = [swift, "build", "-c", "release", *flags]
        subprocess.run(base + ["--product", "MotionKernelC"], cwd=root, check=True)
        bin_dir = subprocess.run(base + ["--show-bin-path"], cwd=root, check=True, capture_output=True, text=True).stdout.strip()
        super().run()
        target = Path(self.build_lib) / "motionkernel" / "_lib"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(Path(bin_dir) / LIB, target / LIB)


class BinaryDistribution(Distribution):
    """The wheel holds a native library: platform-specific, not pure Python."""

    def has_ext_modules(self):
        return True


setup(
    name="motionkernel",
    version="0.1.0",
    description="MotionKernel's motion numerics (springs, easings, splines, transforms) in process via ctypes",
    packages=["motionkernel"],
    # PEP 561: the package's own annotations are its type information.
    package_data={"motionkernel": ["py.typed"]},
    python_requires=">=3.9",
    install_requires=["numpy"],
    extras_require={"dask": ["dask[array]", "distributed"]},
    cmdclass={"build_py": BuildSwift},
    distclass=BinaryDistribution,
    zip_safe=False,
)
