"""``motionkernel.dask`` is imported on first access after ``import motionkernel`` (a module
``__getattr__``, PEP 562, as SciPy does for its submodules), and not by ``import motionkernel``."""

import sys
import types

import pytest

import motionkernel as mk
from conftest import run_python


def test_dask_submodule_is_an_attribute_after_import_motionkernel():
    pytest.importorskip("dask.array")
    sub = mk.dask
    assert isinstance(sub, types.ModuleType)
    assert sub is sys.modules["motionkernel.dask"]
    assert mk.dask is sub  # bound in the package after the first access
    assert "dask" in dir(mk)
    assert callable(mk.dask.spring_batch)
    values = mk.dask.spring_batch([0.0, 0.5], stiffness=[100.0, 200.0], damping=10.0, dtype="float64").compute()
    assert values.shape == (2, 2) and values[0, 0] == 0.0


def test_unknown_attribute_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'dasc'"):
        mk.dasc  # noqa: B018
    assert not hasattr(mk, "_not_a_submodule")


def test_import_motionkernel_does_not_import_dask():
    # In a fresh interpreter (this one may have imported Dask already: test_dask.py, the test above).
    out = run_python(["-c", "import sys, motionkernel\n"
                            "print(sorted(m for m in sys.modules if m.partition('.')[0] in ('dask', 'distributed')\n"
                            "             or m == 'motionkernel.dask'))"])
    assert out.strip() == "[]"


def test_first_access_imports_the_submodule():
    pytest.importorskip("dask.array")
    out = run_python(["-c", "import sys, motionkernel\n"
                            "print(type(motionkernel.dask).__name__, 'dask' in sys.modules, 'motionkernel.dask' in sys.modules)"])
    assert out.strip() == "module True True"
