"""MotionKernel from Python: springs, easings, splines, keyframes, transforms and presets.

The kernels run in-process in ``libMotionKernelC`` through ``ctypes``; the GIL is released
during every call. See ``docs/python.md``.
"""

from ._api import (
    MAX_OUTPUT_NUMBERS,
    eval,
    keyframes,
    preset_frames,
    spline,
    spring_batch,
    spring_convert,
    spring_settle,
    timing,
    transform_apply,
    transform_build,
    transform_interpolate,
)
from ._errors import Error, InvalidValue, MissingField, Unsupported

__version__ = "0.1.0"

__all__ = [
    "Error",
    "InvalidValue",
    "MissingField",
    "Unsupported",
    "MAX_OUTPUT_NUMBERS",
    "eval",
    "keyframes",
    "preset_frames",
    "spline",
    "spring_batch",
    "spring_convert",
    "spring_settle",
    "timing",
    "transform_apply",
    "transform_build",
    "transform_interpolate",
]
