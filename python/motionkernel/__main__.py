"""``python -m motionkernel``: ``--version`` prints the package version and the vector level of
the library's kernels, e.g. ``motionkernel 0.1.0 (kernels: avx2)``."""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional

from . import __version__
from ._lib import kernel_level


def version_line() -> str:
    """The line ``--version`` prints.

    Returns
    -------
    str
        ``motionkernel VERSION (kernels: LEVEL)``, LEVEL being ``portable``, ``avx2`` or
        ``avx512`` as the library reports it (``MOTIONKERNEL_ISA`` caps it).
    """
    return f"motionkernel {__version__} (kernels: {kernel_level()})"


def main(argv: Optional[List[str]] = None) -> int:
    """Runs the command line.

    Parameters
    ----------
    argv : list of str, optional
        The arguments (default: ``sys.argv[1:]``).

    Returns
    -------
    int
        The exit status: 0 (argparse exits with 2 on a usage error).
    """
    parser = argparse.ArgumentParser(
        prog="python -m motionkernel",
        description="MotionKernel's motion numerics in process (docs/python.md).",
    )
    parser.add_argument("--version", action="store_true", help="print the version and the kernels' vector level")
    args = parser.parse_args(argv)
    if args.version:
        print(version_line())
    else:
        parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
