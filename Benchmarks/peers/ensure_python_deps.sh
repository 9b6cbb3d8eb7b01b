#!/usr/bin/env bash
# Makes NumPy, SciPy, threadpoolctl, Numba and pandas importable for the benchmark peers (`make bench`).
# Quiet and idempotent: does nothing when they import. Otherwise pip installs them (retrying with
# --break-system-packages where the interpreter is marked externally managed), and as a last
# resort on Debian installs python3-numpy, python3-scipy, python3-threadpoolctl and python3-numba
# with apt-get. Numba is installed with the NumPy already there pinned, so that adding the Numba
# peers never changes the NumPy the NumPy peers run on. Exits 1 when any of them stays missing.
set -euo pipefail
PY="${1:-python3}"
have() { "$PY" -c 'import numpy, scipy, threadpoolctl' >/dev/null 2>&1; }
have_numba() { "$PY" -c 'import numba' >/dev/null 2>&1; }
have_pandas() { "$PY" -c 'import pandas' >/dev/null 2>&1; }
have && have_numba && have_pandas && exit 0

export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore
pip_install() {
  "$PY" -m pip install -q "$@" >/dev/null 2>&1 ||
    "$PY" -m pip install -q --break-system-packages "$@" >/dev/null 2>&1
}
if "$PY" -m pip --version >/dev/null 2>&1; then
  if ! have; then
    echo "ensure_python_deps: installing numpy scipy threadpoolctl for $PY" >&2
    pip_install numpy scipy threadpoolctl || true
  fi
  if have && ! have_numba; then
    echo "ensure_python_deps: installing numba for $PY (numpy pinned)" >&2
    pip_install numba "numpy==$("$PY" -c 'import numpy; print(numpy.__version__)')" || true
  fi
  if have && ! have_pandas; then
    echo "ensure_python_deps: installing pandas for $PY (numpy pinned)" >&2
    pip_install pandas "numpy==$("$PY" -c 'import numpy; print(numpy.__version__)')" || true
  fi
fi
have && have_numba && have_pandas && exit 0

if command -v apt-get >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  pkgs=()
  have || pkgs+=(python3-numpy python3-scipy python3-threadpoolctl)
  have_numba || pkgs+=(python3-numba)
  have_pandas || pkgs+=(python3-pandas)
  $SUDO apt-get update -qq >/dev/null || true
  $SUDO apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null || true
fi
have && have_numba && have_pandas && exit 0
echo "ensure_python_deps: could not make numpy, scipy, threadpoolctl, numba and pandas importable for $PY; install them and rerun" >&2
exit 1
