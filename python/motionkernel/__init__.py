"""MotionKernel from Python: springs, easings, splines, keyframes, transforms and presets.

The kernels run in-process in ``libMotionKernelC`` through ``ctypes``; the GIL is released
during every call. See ``docs/python.md``.

The submodule :mod:`motionkernel.dask` (Dask versions of the bulk functions, with the ``dask``
extra installed) is imported on first use, as SciPy imports its submodules: after
``import motionkernel``, ``motionkernel.dask`` works, and ``import motionkernel`` alone does not
import Dask.
"""

import importlib as _importlib
import typing as _typing

from ._api import (
    MAX_OUTPUT_NUMBERS,
    decay,
    eval,
    keyframes,
    preset_frames,
    spline,
    spring_batch,
    spring_convert,
    rubber_band,
    spring_settle,
    timing,
    transform_apply,
    transform_build,
    transform_interpolate,
    velocity_estimate,
)
from ._errors import Error, InvalidValue, MissingField, Unsupported

__version__ = "0.1.0"

__all__ = [
    "Error",
    "InvalidValue",
    "MissingField",
    "Unsupported",
    "MAX_OUTPUT_NUMBERS",
    "decay",
    "eval",
    "keyframes",
    "preset_frames",
    "spline",
    "spring_batch",
    "spring_convert",
    "rubber_band",
    "spring_settle",
    "timing",
    "transform_apply",
    "transform_build",
    "transform_interpolate",
    "velocity_estimate",
]

#: The submodules imported on first access (not at ``import motionkernel``).
_LAZY_SUBMODULES = frozenset({"dask"})

if _typing.TYPE_CHECKING:
    # Type checkers see the submodule as an attribute, as it is at run time after first use.
    from . import dask as dask
else:

    def __getattr__(name: str) -> object:
        """``motionkernel.dask``, imported on first access (PEP 562).

        Parameters
        ----------
        name : str
            The attribute that normal lookup did not find.

        Returns
        -------
        module
            The submodule; ``importlib`` also binds it in this module, so later accesses do not
            come here.

        Raises
        ------
        AttributeError
            For any other name.
        ImportError
            When the submodule's dependencies (``pip install "motionkernel[dask]"``) are
            missing.
        """
        if name in _LAZY_SUBMODULES:
            return _importlib.import_module(f"{__name__}.{name}")
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's attributes and the lazily imported submodules (for ``dir()`` and completion).

    Returns
    -------
    list of str
        Sorted names.
    """
    return sorted(set(globals()) | _LAZY_SUBMODULES)
