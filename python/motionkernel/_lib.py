"""Loads ``libMotionKernelC`` and declares its C ABI (``include/motionkernel.h``) for ctypes.

``ctypes.CDLL`` releases the GIL for the duration of every foreign call, so kernels run while
other Python threads proceed.
"""

from __future__ import annotations

import ctypes
import os
import sys
from pathlib import Path
from typing import Iterator

_NAME = "libMotionKernelC.dylib" if sys.platform == "darwin" else "libMotionKernelC.so"


class MKError(ctypes.Structure):
    """``mk_error``: code, field path, message."""

    _fields_ = [("code", ctypes.c_int32), ("field", ctypes.c_char * 256), ("message", ctypes.c_char * 1024)]


def _candidates() -> Iterator[Path]:
    env = os.environ.get("MOTIONKERNEL_LIBRARY")
    if env:
        yield Path(env)
    here = Path(__file__).resolve().parent
    yield here / "_lib" / _NAME
    root = here.parent.parent  # a source checkout: python/motionkernel → repository root
    for config in ("release", "debug"):
        yield root / ".build" / config / _NAME


def _load() -> ctypes.CDLL:
    tried = []
    for path in _candidates():
        if path.is_file():
            return ctypes.CDLL(str(path))
        tried.append(str(path))
    raise ImportError(f"motionkernel: cannot find {_NAME}; looked in {', '.join(tried)} (set MOTIONKERNEL_LIBRARY)")


lib = _load()

# The entry points added after ABI version 1 first shipped: a library from an older checkout
# (MOTIONKERNEL_LIBRARY) lacks them.
_ADDED = (
    "mk_kernel_level",
    "mk_transform_apply_homogeneous_f32",
    "mk_transform_apply_homogeneous_f64",
    "mk_timing_spec_values",
    "mk_spline_sample_f64",
    "mk_keyframes_sample_f64",
    "mk_spring_settle_f64",
    "mk_spring_settle_one_f64",
    "mk_spring_convert_f64",
    "mk_preset_frames_f64",
    "mk_decay_sample_f64",
    "mk_decay_sample_rows_f64",
    "mk_velocity_estimate_f64",
    "mk_rubber_band_f64",
)
_missing = [name for name in _ADDED if not hasattr(lib, name)]
if _missing:
    raise ImportError(f"motionkernel: {lib._name} lacks {', '.join(_missing)}; rebuild it from this checkout")

_p = ctypes.c_void_p
_n = ctypes.c_size_t
_e = ctypes.POINTER(MKError)
_i32 = ctypes.c_int32
# The size_t counts of the per-call overhead paths are declared c_void_p: the same width and
# passing as size_t on every platform (both are pointer-sized unsigned integers), and ctypes
# converts a Python int to c_void_p in a third of the time, which matters for calls of a few
# microseconds.
_z = ctypes.c_void_p

lib.mk_abi_version.restype = _i32
lib.mk_abi_version.argtypes = []
lib.mk_kernel_level.restype = ctypes.c_char_p
lib.mk_kernel_level.argtypes = []
lib.mk_eval.restype = _i32
lib.mk_eval.argtypes = [ctypes.c_char_p, _n, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(_n)]
lib.mk_free.restype = None
lib.mk_free.argtypes = [_p]
lib.mk_spring_damping_f64.restype = _i32
lib.mk_spring_damping_f64.argtypes = [_n, _p, _p, _p, _p, _e]
for suffix, real in (("f32", ctypes.c_float), ("f64", ctypes.c_double)):
    f = getattr(lib, f"mk_spring_batch_{suffix}")
    f.restype = _i32
    f.argtypes = [_n, _p, _p, _p, _p, _p, _p, _p, _n, _p, _p, _i32, _e]
    f = getattr(lib, f"mk_spring_batch_uniform_{suffix}")
    f.restype = _i32
    f.argtypes = [_n, _p, _p, _p, _p, _p, _p, real, real, _n, _p, _p, _i32, _e]
    f = getattr(lib, f"mk_spring_one_{suffix}")
    f.restype = _i32
    f.argtypes = [real, real, real, real, real, real, real, _p, _i32, _e]
    for name in ("value", "state"):
        f = getattr(lib, f"mk_spring_{name}_{suffix}")
        f.restype = _i32
        f.argtypes = [ctypes.c_char_p, _p, _e]
    f = getattr(lib, f"mk_transform_build_{suffix}")
    f.restype = _i32
    f.argtypes = [_z, _p, _p, _p, _p, _p, _e]
    f = getattr(lib, f"mk_transform_apply_{suffix}")
    f.restype = _i32
    f.argtypes = [_p, _p, _n, _n, _p, _e]
    f = getattr(lib, f"mk_transform_apply_homogeneous_{suffix}")
    f.restype = _i32
    f.argtypes = [_p, _p, _n, _p, _e]
    f = getattr(lib, f"mk_transform_interpolate_{suffix}")
    f.restype = _i32
    f.argtypes = [_p, _p, _n, real, _p, _e]
lib.mk_timing_values.restype = _i32
lib.mk_timing_values.argtypes = [ctypes.c_char_p, _p, _n, _p, _e]
for name in ("mk_timing_values_n", "mk_timing_values_json"):
    f = getattr(lib, name)
    f.restype = _i32
    f.argtypes = [ctypes.c_char_p, _z, _p, _z, _p, _e]


# Curves (the header's section after mk_timing_values_json): eval's spline.sample,
# keyframes.sample and TimingSpec objects over arrays and small structs.


class MKTimingSpec(ctypes.Structure):
    """``mk_timing_spec``: one TimingSpec (kind ``MK_TIMING_*``, fields, text, 13 numbers)."""

    _fields_ = [("kind", _i32), ("fields", ctypes.c_uint32), ("text", ctypes.c_char_p), ("text_length", _n), ("numbers", ctypes.c_double * 13)]


class MKSplineEnd(ctypes.Structure):
    """``mk_spline_end``: a boundary end's name, or (order, value numbers, per channel)."""

    _fields_ = [
        ("name", ctypes.c_char_p), ("name_length", _n), ("order", ctypes.c_double), ("value", _p), ("value_count", _n),
        ("per_channel", _i32),
    ]


_s = ctypes.c_char_p
lib.mk_timing_spec_values.restype = _i32
lib.mk_timing_spec_values.argtypes = [ctypes.POINTER(MKTimingSpec), _p, _z, _p, _e]
lib.mk_spline_sample_f64.restype = _i32
lib.mk_spline_sample_f64.argtypes = [
    _s, _z, _p, _z, _p, _z, _z, _i32, _s, _z, ctypes.POINTER(MKSplineEnd), ctypes.POINTER(ctypes.c_double), _i32, _p, _z, _p, _e
]
lib.mk_keyframes_sample_f64.restype = _i32
lib.mk_keyframes_sample_f64.argtypes = [_p, _z, _z, _i32, _p, _z, _s, _z, ctypes.POINTER(MKTimingSpec), _z, _p, _z, _p, _e]

ABI_VERSION = 1
if lib.mk_abi_version() != ABI_VERSION:
    raise ImportError(f"motionkernel: {_NAME} has ABI version {lib.mk_abi_version()}, expected {ABI_VERSION}")


def kernel_level() -> str:
    """The vector level the library's C kernels run at for calls from this thread.

    Returns
    -------
    str
        ``"portable"``, ``"avx2"`` or ``"avx512"`` (``mk_kernel_level``: the best level the CPU
        supports, capped by the environment variable ``MOTIONKERNEL_ISA``).
    """
    name: bytes = lib.mk_kernel_level()
    return name.decode("ascii")

# Settling, conversion and presets (the header's section after mk_spring_batch_uniform_*).
lib.mk_spring_settle_f64.restype = _i32
lib.mk_spring_settle_f64.argtypes = [_n, _p, _p, _p, _i32, _p, _p, _p, _p, _n, _p, _i32, _e]
lib.mk_spring_settle_one_f64.restype = _i32
lib.mk_spring_settle_one_f64.argtypes = [_p, _i32, _p, _e]
lib.mk_spring_convert_f64.restype = _i32
lib.mk_spring_convert_f64.argtypes = [ctypes.c_uint32, _p, _p, _e]
lib.mk_preset_frames_f64.restype = _i32
lib.mk_preset_frames_f64.argtypes = [ctypes.c_char_p, _n, ctypes.c_double, _n, ctypes.c_char_p, _p, _p, _n, _n, _n, _p, _p,
                                     _p, _p, _p, _p, _e]

# Released gestures (the header's last section).
lib.mk_decay_sample_f64.restype = _i32
lib.mk_decay_sample_f64.argtypes = [_p, _n, _n, _p, _p, _p, _p, _n, _n, _p, _p, _p, _n, _p, _p, _p, _p, _p, _e]
lib.mk_decay_sample_rows_f64.restype = _i32
lib.mk_decay_sample_rows_f64.argtypes = lib.mk_decay_sample_f64.argtypes
lib.mk_velocity_estimate_f64.restype = _i32
lib.mk_velocity_estimate_f64.argtypes = [_n, _n, _p, _p, _p, _n, _p, _p, _e]
lib.mk_rubber_band_f64.restype = _i32
lib.mk_rubber_band_f64.argtypes = [_n, _p, ctypes.c_double, ctypes.c_double, _i32, _p, _e]
