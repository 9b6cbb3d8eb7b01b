"""The ``motionkernel`` command a wheel installs (its console entry point): the package's own
build of the command line, ``motionkernel/_bin/motionkernel``, run in place of this Python
process with the same arguments, so standard input, output, error and the exit status are the
command line's own (docs/batch.md, docs/eval-protocol.md).

A source install (``pip install ./python``) bundles only the C library; there the command says
so and exits with status 127, as a shell does for a missing command.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

_NAME = "motionkernel.exe" if sys.platform == "win32" else "motionkernel"


def executable() -> Path:
    """The bundled command line's path (whether or not this install has it).

    Returns
    -------
    pathlib.Path
        ``motionkernel/_bin/motionkernel`` inside the installed package.
    """
    return Path(__file__).resolve().parent / "_bin" / _NAME


def main() -> None:
    """Replaces this process with the bundled command line (``os.execv``), passing
    ``sys.argv[1:]``; returns only by exiting, with status 127 when this install has no bundled
    command line or it cannot be run."""
    exe = executable()
    if not os.access(exe, os.X_OK):
        sys.stderr.write(
            f"motionkernel: this install has no command line ({exe} is missing): the wheel bundles it;"
            " from a checkout, `swift build -c release --product motionkernel` builds it\n"
        )
        sys.exit(127)
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        os.execv(exe, ["motionkernel", *sys.argv[1:]])
    except OSError as error:
        sys.stderr.write(f"motionkernel: cannot run {exe}: {error.strerror}\n")
        sys.exit(127)
