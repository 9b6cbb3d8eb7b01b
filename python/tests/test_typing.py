"""PEP 561: the package ships ``py.typed``, and ``mypy --strict`` accepts a user's script that
calls every public function (``typecheck/user_script.py``) as well as the package's own sources.
The mypy checks run when mypy is installed (``Tools/setup`` puts it in the test venv)."""

import importlib.util
import os
import site
import subprocess
import sys
from pathlib import Path

import pytest

import motionkernel as mk

SCRIPT = Path(__file__).resolve().parent / "typecheck" / "user_script.py"
SOURCES = Path(__file__).resolve().parents[1] / "motionkernel"
HOME = Path(mk.__file__).resolve().parent.parent  # the folder `import motionkernel` found the package in

needs_mypy = pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")


def _installed() -> bool:
    """Whether the imported package is an installed one (in site-packages), not a source checkout."""
    return HOME in {Path(p).resolve() for p in site.getsitepackages() + [site.getusersitepackages()]}


@pytest.fixture(scope="module")
def mypy_cache(tmp_path_factory):
    """One mypy cache for the module's runs (NumPy's and Dask's stubs are read once)."""
    return tmp_path_factory.mktemp("mypy_cache")


def _mypy(args, cwd, cache, env=None):
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-color-output", "--cache-dir", str(cache), *args],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=900,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success: no issues found" in run.stdout


def test_py_typed_ships_with_the_package():
    assert (HOME / "motionkernel" / "py.typed").is_file()


@needs_mypy
def test_user_script_passes_mypy_strict(tmp_path, mypy_cache):
    # From a folder of its own, so that mypy finds the package as a user's mypy would: the
    # installed one through its py.typed (mypy ignores installed packages without one), or a
    # source checkout through MYPYPATH.
    env = dict(os.environ)
    if not _installed():
        env["MYPYPATH"] = str(HOME)
    _mypy([str(SCRIPT)], cwd=tmp_path, cache=mypy_cache, env=env)


@needs_mypy
def test_package_sources_pass_mypy_strict(mypy_cache):
    # Every function and class of the package, private helpers included, is annotated.
    _mypy([str(SOURCES)], cwd=SOURCES.parent, cache=mypy_cache)


def test_user_script_runs():
    run = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert [line.split()[0] for line in run.stdout.splitlines()] == ["spring", "curves", "transforms", "error", "presets", "gestures",
                                                                     "dask"]
