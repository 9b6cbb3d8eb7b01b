#!/usr/bin/env bash
# Makes NumPy, SciPy and threadpoolctl importable for the benchmark peers (`make bench`).
# Quiet and idempotent: does nothing when they import. Otherwise pip installs them (retrying with
# --break-system-packages where the interpreter is marked externally managed), and as a last
# resort on Debian installs python3-numpy, python3-scipy and python3-threadpoolctl with apt-get.
set -euo pipefail
PY="${1:-python3}"
have() { "$PY" -c 'import numpy, scipy, threadpoolctl' >/dev/null 2>&1; }
have && exit 0

echo "ensure_python_deps: installing numpy scipy threadpoolctl for $PY" >&2
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore
if "$PY" -m pip --version >/dev/null 2>&1; then
  "$PY" -m pip install -q numpy scipy threadpoolctl >/dev/null 2>&1 ||
    "$PY" -m pip install -q --break-system-packages numpy scipy threadpoolctl >/dev/null 2>&1 || true
fi
have && exit 0

if command -v apt-get >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq >/dev/null || true
  $SUDO apt-get install -y -qq --no-install-recommends python3-numpy python3-scipy python3-threadpoolctl >/dev/null || true
fi
have && exit 0
echo "ensure_python_deps: could not make numpy, scipy and threadpoolctl importable for $PY; install them and rerun" >&2
exit 1
