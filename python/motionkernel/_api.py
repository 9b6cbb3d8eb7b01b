"""The in-process API of :mod:`motionkernel` over the C ABI."""

from __future__ import annotations

import array
import ctypes
import json
import math
import numbers
import struct
import threading
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
from numpy.typing import ArrayLike, DTypeLike, NDArray

from ._errors import Error, InvalidValue, MissingField, Unsupported, from_answer, from_status
from ._lib import MKError, MKSplineEnd, MKTimingSpec, lib

#: What the functions return: arrays of float32 or float64 (the requested or the input dtype).
FloatArray = NDArray[np.floating[Any]]
#: Arrays of float64 (the results answered through eval, and ``timing``).
Float64Array = NDArray[np.float64]
#: A dtype this module works in: float32 or float64.
_DType = np.dtype[Any]
#: Any array handled internally.
_Array = NDArray[Any]
#: The C ABI's entry points as ctypes gives them.
_CFunction = Callable[..., int]

#: The most numbers one output may hold (2**40, as the C ABI).
MAX_OUTPUT_NUMBERS = 1 << 40

_SUFFIX: Dict[_DType, str] = {np.dtype(np.float32): "f32", np.dtype(np.float64): "f64"}


def _by_dtype(prefix: str) -> Dict[_DType, _CFunction]:
    """The C entry points ``prefix`` + ``f32``/``f64`` by dtype, bound once at import."""
    return {dt: getattr(lib, prefix + sfx) for dt, sfx in _SUFFIX.items()}


def _dtype(dtype: Any, field: str = "dtype") -> _DType:
    try:
        dt: _DType = np.dtype(dtype)
    except Exception as exc:  # np.dtype raises TypeError, ValueError, SyntaxError, … for junk
        raise InvalidValue(field, f"expected numpy.float32 or numpy.float64, got {dtype!r}") from exc
    if dt not in _SUFFIX:
        raise InvalidValue(field, f"expected numpy.float32 or numpy.float64, got {dt}")
    return dt


_ADDRESSOF = ctypes.addressof
_FROM_BUFFER: Any = ctypes.c_char.from_buffer


def _ptr(a: Optional[_Array]) -> Optional[int]:
    """The address of ``a``'s first number (None for None). A writeable C-contiguous array's
    address is read through the buffer protocol (``c_char.from_buffer``: less than half the
    cost of ``a.ctypes.data``); others (read-only, empty) through ``a.ctypes``."""
    if a is None:
        return None
    try:
        return _ADDRESSOF(_FROM_BUFFER(a))
    except (TypeError, ValueError, BufferError):
        return a.ctypes.data


_local = threading.local()


def _error_record() -> Tuple[MKError, Any]:
    """This thread's error record and a reference to it, made on first use."""
    try:
        record: Tuple[MKError, Any] = _local.err
    except AttributeError:
        err = MKError()
        record = _local.err = (err, ctypes.byref(err))
    return record


def _raise(status: int, err: MKError) -> None:
    """Raises the typed error that a failed call with status ``status`` left in ``err``."""
    raise from_status(status, err.field.decode("utf-8", "replace"), err.message.decode("utf-8", "replace"))


def _call(fn: _CFunction, *args: Any) -> None:
    """Calls ``fn(*args, &err)`` with this thread's error record; raises the typed error."""
    err, ref = _error_record()
    status = fn(*args, ref)
    if status != 0:
        _raise(status, err)


def _raw(name: str, value: Any, ndim: Optional[int] = None, limit: int = MAX_OUTPUT_NUMBERS) -> _Array:
    """``value`` as an array as it is (no conversion, no copy of an array: a broadcast view stays
    a view), checked: real numbers (integers or floats; booleans are refused, as eval refuses
    JSON true/false), ``ndim`` dimensions, at most ``limit`` numbers."""
    if type(value) is _NDARRAY:
        a = value
    else:
        try:
            a = np.asarray(value)
        except (TypeError, ValueError, OverflowError, MemoryError, RecursionError) as exc:
            raise InvalidValue(name, f"expected numbers ({type(exc).__name__}: {exc})") from None
        if a.dtype.kind in "iuf" and (type(value) is list or type(value) is tuple):
            # NumPy turns True among numbers into 1: refused as eval refuses a JSON boolean there.
            where = _first_bool(value, a.ndim)
            if where is not None:
                raise InvalidValue(f"{name}{where}", "expected a number, got a boolean")
    if a.dtype.kind not in "iuf":
        # Booleans are not numbers here, as in eval's JSON.
        raise InvalidValue(name, f"expected real numbers, got dtype {a.dtype}")
    if ndim is not None and a.ndim != ndim:
        raise InvalidValue(name, f"expected a {ndim}-dimensional array, got shape {a.shape}")
    if a.size > limit:
        raise InvalidValue(name, f"has {a.size} numbers, at most {limit} allowed")
    return a


def _first_bool(value: Any, depth: int) -> Optional[str]:
    """The index path (``[1]``, ``[2][0]``) of the first ``bool`` in nested lists or tuples
    ``depth`` levels deep, or None."""
    if depth <= 1:
        if bool not in set(map(type, value)):
            return None
        return next(f"[{i}]" for i, v in enumerate(value) if type(v) is bool)
    for i, row in enumerate(value):
        if type(row) is bool:
            return f"[{i}]"
        if type(row) is list or type(row) is tuple:
            inner = _first_bool(row, depth - 1)
            if inner is not None:
                return f"[{i}]{inner}"
    return None


def _convert(name: str, a: _Array, dtype: _DType) -> _Array:
    """``a`` (from ``_raw``) as a C-contiguous array of ``dtype`` (no copy when it already is one)."""
    adt = a.dtype
    if adt is dtype or adt == dtype:
        if a.flags.c_contiguous:
            return a
    if adt.kind != "f" or adt.itemsize <= dtype.itemsize or (a.ndim == 0 and not abs(float(a)) > _MAX[dtype]):
        return _cast(name, a, dtype)  # integers, widening, one number in range: nothing overflows
    with np.errstate(over="ignore", invalid="ignore"):  # out-of-range values become ±inf: the kernel names them
        return _cast(name, a, dtype)


def _cast(name: str, a: _Array, dtype: _DType) -> _Array:
    """``numpy.asarray(a, dtype, order="C")``, out of memory as ``InvalidValue`` naming ``name``
    (the caller decides about ``numpy.errstate``)."""
    try:
        return np.asarray(a, dtype=dtype, order="C")
    except MemoryError:
        raise InvalidValue(name, f"{a.size} numbers of {dtype} do not fit in memory") from None


#: The largest finite number of each dtype.
_MAX: Dict[_DType, float] = {dt: float(np.finfo(dt).max) for dt in _SUFFIX}


def _array(name: str, value: Any, dtype: _DType, ndim: Optional[int] = None, limit: int = MAX_OUTPUT_NUMBERS) -> _Array:
    """``value`` as a C-contiguous array of ``dtype`` (no copy when it already is one), checked by
    ``_raw`` before anything is allocated."""
    return _convert(name, _raw(name, value, ndim, limit), dtype)


def _empty(name: str, shape: Tuple[int, ...], dtype: _DType) -> _Array:
    try:
        return np.empty(shape, dtype=dtype)
    except MemoryError:
        raise InvalidValue(name, f"an output of {'×'.join(map(str, shape))} numbers does not fit in memory") from None


def _check_finite(name: str, a: _Array) -> None:
    flat = a.reshape(-1)
    bad = np.flatnonzero(~np.isfinite(flat))
    if bad.size:
        raise InvalidValue(f"{name}[{int(bad[0])}]", f"expected a finite number, got {flat[bad[0]]}")


def _output(name: str, out: Optional[_Array], shape: Tuple[int, ...], dtype: _DType) -> _Array:
    """A new output array, or ``out`` checked (exact shape and dtype, C-contiguous, writeable)."""
    count = 1
    for d in shape:
        count *= d
    if count > MAX_OUTPUT_NUMBERS:
        raise InvalidValue(name, f"an output of {'×'.join(map(str, shape))} numbers exceeds the limit of {MAX_OUTPUT_NUMBERS}")
    if out is None:
        return _empty(name, shape, dtype)
    if not isinstance(out, np.ndarray):
        raise InvalidValue(name, f"expected a numpy.ndarray, got {type(out).__name__}")
    if out.dtype != dtype:
        raise InvalidValue(name, f"expected dtype {dtype}, got {out.dtype}")
    if out.shape != tuple(shape):
        raise InvalidValue(name, f"expected shape {tuple(shape)}, got {out.shape}")
    if not out.flags.c_contiguous:
        raise InvalidValue(name, "expected a C-contiguous array")
    if not out.flags.writeable:
        raise InvalidValue(name, "expected a writeable array")
    return out


def _is_scalar_like(v: Any) -> bool:
    """Whether a parameter is one number (Python or NumPy scalar, 0-d array) rather than a column."""
    return isinstance(v, (int, float, np.number)) or (isinstance(v, np.ndarray) and v.ndim == 0)


def _columns(
    named: Mapping[str, Any], dtype: _DType, per_row: int = 1, out: str = "out"
) -> Tuple[int, Dict[str, Optional[_Array]]]:
    """Scalars or 1-D arrays, broadcast to one length N (1 when all are scalars). Shapes and the
    output size N·``per_row`` (named ``out``) are checked before any column is converted."""
    raws: Dict[str, Optional[_Array]] = {}
    n = None
    for name, v in named.items():
        if v is None:
            raws[name] = None
            continue
        a = _raw(name, v)
        if a.ndim > 1:
            raise InvalidValue(name, f"expected a number or a 1-dimensional array, got shape {a.shape}")
        if a.ndim == 1:
            if n is None:
                n, first = a.shape[0], name
            elif a.shape[0] != n:
                raise InvalidValue(name, f"has {a.shape[0]} items; expected {n} (as {first})")
        raws[name] = a
    n = 1 if n is None else n
    if n * per_row > MAX_OUTPUT_NUMBERS:
        raise InvalidValue(out, f"an output of {n}×{per_row} numbers exceeds the limit of {MAX_OUTPUT_NUMBERS}")
    arrays: Dict[str, Optional[_Array]] = {}
    # One errstate for all the columns (_convert's, per column, costs about a microsecond each).
    with np.errstate(over="ignore", invalid="ignore"):  # out-of-range values become ±inf: the kernel names them
        for name, r in raws.items():
            if r is None:
                arrays[name] = None
                continue
            a = r if (r.dtype is dtype or r.dtype == dtype) and r.flags.c_contiguous else _cast(name, r, dtype)
            if a.ndim == 0:
                try:
                    a = np.full(n, a, dtype=dtype)
                except MemoryError:
                    raise InvalidValue(name, f"{n} numbers of {dtype} do not fit in memory") from None
            arrays[name] = a
    return n, arrays


def _disjoint(a_name: str, a: _Array, b_name: str, b: Optional[_Array]) -> None:
    """Refuses two outputs of one call that share memory (one would overwrite the other)."""
    if b is not None and np.may_share_memory(a, b):
        raise InvalidValue(b_name, f"shares memory with {a_name}; give two separate arrays")


def _threads(threads: Any) -> int:
    if isinstance(threads, bool) or not isinstance(threads, numbers.Integral) or not 1 <= int(threads) <= 64:
        raise InvalidValue("threads", f"expected an integer in 1…64, got {threads!r}")
    return int(threads)


#: Scalar types the fast paths take as they are (bool is not among them: eval refuses true/false).
_SCALAR_TYPES = frozenset((float, int, np.float64, np.float32))
_FLOAT_DTYPES = frozenset(_SUFFIX)
_FLOAT_TYPES = frozenset((float, np.float64, np.float32))
#: What ``_one`` answers for a value that is not one number.
_NOT_ONE: Any = object()
_NDARRAY, _NP_F64, _NP_F32 = np.ndarray, np.float64, np.float32


def _one(v: Any) -> Any:
    """``v`` as one Python number when it holds exactly one: a float (Python, float32, float64)
    or an int within ±2**53, a 0-d or one-item 1-D float32/float64 ndarray, or a one-item list of
    such a float or int; else ``_NOT_ONE``. Such a number converts to float32 or float64 exactly as
    ``numpy.asarray(v)`` converted to that dtype would (one rounding from the exact value), so
    the one-spring kernels see the same numbers, and name the same fields, as the array path."""
    t = type(v)
    if t is float:
        return v
    if t is _NDARRAY:  # module-level aliases: quicker than numpy's attributes on every call
        if v.size == 1 and v.ndim <= 1:
            d = v.dtype
            if d is _F64 or d is _F32 or d in _FLOAT_DTYPES:
                return v.item()
        return _NOT_ONE
    if t is _NP_F64 or t is _NP_F32:
        return v
    if t is int:
        return v if -(1 << 53) <= v <= 1 << 53 else _NOT_ONE
    if t is list and len(v) == 1:
        x = v[0]
        tx = type(x)
        if tx is float or tx is _NP_F64 or tx is _NP_F32 or (tx is int and -(1 << 53) <= x <= 1 << 53):
            return x
    return _NOT_ONE


def _ones(values: Tuple[Any, ...]) -> Tuple[Optional[Tuple[Any, ...]], bool]:
    """``_one`` of each value, or None when one is not one number; and whether any value is a
    one-item list or 1-D array (the result then is an array of one item, as the array path's)."""
    ones: List[Any] = []
    one_d = False
    for v in values:
        t = type(v)
        if t is not float:
            x = _one(v)
            if x is _NOT_ONE:
                return None, False
            if t is list or (t is _NDARRAY and v.ndim == 1):
                one_d = True
            v = x
        ones.append(v)
    return tuple(ones), one_d


def _is_list(v: Any) -> bool:
    """Whether ``v`` is exactly a list (not a subclass)."""
    return type(v) is list


# MARK: springs


def _damping_given(damping: Any, damping_ratio: Any) -> bool:
    """Whether the spring is given by ``damping`` (True) or by ``damping_ratio`` (False): exactly
    one of them must be."""
    if damping is not None and damping_ratio is not None:
        raise InvalidValue("damping", "give damping or damping_ratio, not both")
    if damping is None and damping_ratio is None:
        raise MissingField("damping", "is required (or damping_ratio)")
    return damping is not None


_DAMPING_ONE = ctypes.c_double * 4


def _damping(stiffness: Any, damping: Any, damping_ratio: Any, mass: Any) -> Any:
    """The damping of the spring(s): ``damping``, or c = 2 ζ √(k m) from ``damping_ratio`` by the
    library's one conversion of that parameter set (``mk_spring_damping_f64``, float64)."""
    if _damping_given(damping, damping_ratio):
        return damping
    ones = (stiffness, mass, damping_ratio)
    s = _SCALAR_TYPES
    if not (type(stiffness) in s and type(mass) in s and type(damping_ratio) in s):
        ones = (_one(stiffness), _one(mass), _one(damping_ratio))
    if _NOT_ONE not in ones:
        stiffness, mass, damping_ratio = ones
        # One spring: k, ζ, m and the result in one ctypes array. An int beyond float64 takes
        # the checked path below.
        try:
            one = _DAMPING_ONE(float(stiffness), float(damping_ratio), float(mass), 0.0)
        except OverflowError:
            pass
        else:
            base = ctypes.addressof(one)
            _call(lib.mk_spring_damping_f64, 1, base, base + 8, base + 16, base + 24)
            return one[3]
    f64 = np.dtype(np.float64)
    named = {"stiffness": stiffness, "mass": mass, "damping_ratio": damping_ratio}
    k, m, z = (_array(name, v, f64) for name, v in named.items())
    lengths = {name: a.shape[0] for name, a in zip(named, (k, m, z)) if a.ndim == 1}
    for name, a in zip(named, (k, m, z)):
        if a.ndim > 1:
            raise InvalidValue(name, f"expected a number or a 1-dimensional array, got shape {a.shape}")
    if len(set(lengths.values())) > 1:
        (a_name, a_len), (b_name, b_len) = [(nm, ln) for nm, ln in lengths.items()][:2]
        raise InvalidValue(b_name, f"has {b_len} items; expected {a_len} (as {a_name})")
    shape = next((a.shape for a in (k, m, z) if a.ndim == 1), ())  # the arrays' length, checked above
    k, m, z = (a if a.shape == shape else np.full(shape, a, dtype=f64) for a in (k, m, z))
    c = np.empty(shape)
    _call(lib.mk_spring_damping_f64, c.size, _ptr(k), _ptr(z), _ptr(m), _ptr(c))
    return c if c.ndim else c[()]


def spring_batch(
    times: ArrayLike,
    *,
    stiffness: ArrayLike,
    damping: Optional[ArrayLike] = None,
    damping_ratio: Optional[ArrayLike] = None,
    mass: ArrayLike = 1.0,
    from_: ArrayLike = 0.0,
    to: ArrayLike = 1.0,
    velocity: ArrayLike = 0.0,
    dtype: DTypeLike = np.float32,
    out: Optional[FloatArray] = None,
    velocity_out: Optional[FloatArray] = None,
    threads: int = 1,
) -> FloatArray:
    """Sample N damped springs at T times.

    Spring i obeys ``m x'' + c x' + k (x - to) = 0`` with ``x(0) = from_``, ``x'(0) = velocity``.

    Parameters
    ----------
    times : array_like, shape (T,)
        Sample times in seconds, each finite and >= 0, in any order.
    stiffness, damping, mass : float or array_like, shape (N,)
        Physical parameters k > 0, c >= 0, m > 0. Give ``damping`` or ``damping_ratio``
        (ζ, with c = 2 ζ √(k m), computed in float64).
    from_, to, velocity : float or array_like, shape (N,)
        Initial value, target value and initial velocity (units per second).
    dtype : numpy.float32 or numpy.float64
        Arithmetic and output precision.
    out, velocity_out : numpy.ndarray, shape (N, T), optional
        C-contiguous writeable arrays of ``dtype`` written in place (velocities are only
        computed when ``velocity_out`` is given).
    threads : int
        Threads for this call (1…64); the results are bit-identical for every value.

    Returns
    -------
    numpy.ndarray, shape (N, T)
        The values (``out`` itself when given). N is 1 when every parameter is a scalar.

    Notes
    -----
    Times that are exactly ``t[0] + j·(t[1] − t[0])`` in ``dtype`` (``numpy.arange``-like) take the
    uniform-grid kernel: the exact state-transition matrix per step, re-anchored from the closed
    form every 256 samples. Times within 1/64 of a step of such a grid (float32 ``j/120``, which
    is not exact) take the same kernel with a Taylor correction per sample whose remainder is
    bounded below 2⁻³² (float32) or 2⁻⁵⁸ (float64) of the motion's amplitude; other times, and
    springs too fast for that bound, take the closed form per sample.

    Raises
    ------
    motionkernel.Error
        ``InvalidValue``/``MissingField`` naming the field (``stiffness[3]``, ``times[0]``,
        ``out``) before any work.
    """
    if velocity_out is None and _FAST_SPRING_BATCH is not None:
        fast = _FAST_SPRING_BATCH(times, stiffness, damping, damping_ratio, mass, from_, to, velocity, dtype, out, threads)
        if fast is not None:
            return fast  # type: ignore[no-any-return]
    dt = _KNOWN_DTYPES.get(dtype) if type(dtype) is type or type(dtype) is np.dtype else None
    if dt is None:
        dt = _dtype(dtype)
    if type(threads) is not int or not 1 <= threads <= 64:
        threads = _threads(threads)
    if damping is None or damping_ratio is not None:
        damping = _damping(stiffness, damping, damping_ratio, mass)
    s = _SCALAR_TYPES
    scalars = (stiffness, damping, mass, from_, to, velocity)
    if not (type(stiffness) in s and type(damping) in s and type(mass) in s and type(from_) in s and type(to) in s
            and type(velocity) in s):
        # One spring given as one-item arrays or lists: the same numbers as scalars.
        scalars = (_one(stiffness), _one(damping), _one(mass), _one(from_), _one(to), _one(velocity))
    if _NOT_ONE not in scalars:
        try:
            if type(times) is _NDARRAY:
                if times.shape == (1,) and times.dtype.kind in "iuf":
                    return _spring_one(float(times[0]), scalars, dt, out, velocity_out)
            else:
                t0 = _one(times) if _is_list(times) else _NOT_ONE
                if t0 is not _NOT_ONE:
                    return _spring_one(float(t0), scalars, dt, out, velocity_out)
            return _spring_batch_scalar(times, scalars, dt, out, velocity_out, threads)
        except _PackError:
            pass  # an int beyond the dtype's range: the checked path below names it
    for name, v in (("stiffness", stiffness), ("from", from_), ("to", to)):
        if v is None:
            raise MissingField(name, "is required")
    traw = _raw("times", times, ndim=1)
    n, cols = _columns(
        {"stiffness": stiffness, "damping": damping, "mass": mass, "from": from_, "to": to, "velocity": velocity}, dt,
        per_row=traw.shape[0],
    )
    t = _convert("times", traw, dt)
    shape = (n, t.shape[0])
    values = _output("out", out, shape, dt)
    vel = None if velocity_out is None else _output("velocity_out", velocity_out, shape, dt)
    _disjoint("out", values, "velocity_out", vel)
    params = (n, _ptr(cols["mass"]), _ptr(cols["stiffness"]), _ptr(cols["damping"]), _ptr(cols["from"]),
              _ptr(cols["to"]), _ptr(cols["velocity"]))
    grid = _uniform_grid(t)
    if grid is not None:
        _call(_SPRING_UNIFORM[dt], *params, grid[0], grid[1], t.shape[0], _ptr(values), _ptr(vel), threads)
    else:
        _call(_SPRING_LIST[dt], *params, _ptr(t), t.shape[0], _ptr(values), _ptr(vel), threads)
    return values


class _PackError(Exception):
    """A scalar of the fast paths that ctypes or struct cannot convert (an int beyond float64)."""

_KNOWN_DTYPES: Dict[Any, _DType] = {np.float32: np.dtype(np.float32), np.float64: np.dtype(np.float64)}
_KNOWN_DTYPES.update({d: d for d in list(_KNOWN_DTYPES.values())})
_SPRING_ONE: Dict[_DType, _CFunction] = _by_dtype("mk_spring_one_")
_PAIR: Dict[_DType, Any] = {np.dtype(np.float32): ctypes.c_float * 2, np.dtype(np.float64): ctypes.c_double * 2}


def _output_1x1(name: str, out: Any, dtype: _DType, shape: Tuple[int, int] = (1, 1)) -> _Array:
    """``_output(name, out, shape, dtype)`` for one row (1×1 or 1×16) with the common case
    checked in one step."""
    if type(out) is _NDARRAY and out.shape == shape and out.dtype == dtype:
        flags = out.flags
        if flags.c_contiguous and flags.writeable:
            return out
    return _output(name, out, shape, dtype)


_PACK: Dict[_DType, Callable[..., bytes]] = {
    np.dtype(np.float32): struct.Struct("7f").pack, np.dtype(np.float64): struct.Struct("7d").pack
}
#: One number's bytes in each dtype (passed by address to the C ABI).
_PACK_ONE: Dict[_DType, Callable[..., bytes]] = {
    np.dtype(np.float32): struct.Struct("f").pack, np.dtype(np.float64): struct.Struct("d").pack
}
_F64 = np.dtype(np.float64)
_F32 = np.dtype(np.float32)
_SPRING_VALUE: Dict[_DType, _CFunction] = _by_dtype("mk_spring_value_")
_SPRING_STATE: Dict[_DType, _CFunction] = _by_dtype("mk_spring_state_")
#: This thread's error record, its reference, a two-number ctypes array per dtype and their addresses.
_OneState = Tuple[MKError, Any, Dict[_DType, Any], Dict[_DType, int]]


def _one_state() -> _OneState:
    """This thread's error record (``_error_record``), its reference and a two-number output
    per dtype."""
    try:
        state: _OneState = _local.one
    except AttributeError:
        err, ref = _error_record()
        pairs = {dt: kind() for dt, kind in _PAIR.items()}
        state = _local.one = (err, ref, pairs, {dt: ctypes.addressof(p) for dt, p in pairs.items()})
    return state


def _spring_one(
    t: float, scalars: Tuple[Any, ...], dt: _DType, out: Optional[_Array], velocity_out: Optional[_Array]
) -> _Array:
    """spring_batch for one spring (scalars) at one time: the seven numbers packed into one
    buffer (three arguments for ctypes to convert instead of ten), the value and velocity back
    through this thread's two-number array (the per-call overhead path; the same numbers as the
    batch kernel with N = T = 1)."""
    values = None if out is None else _output_1x1("out", out, dt)
    vel = None if velocity_out is None else _output_1x1("velocity_out", velocity_out, dt)
    if vel is not None and values is not None:
        _disjoint("out", values, "velocity_out", vel)
    k, c, m, x0, x1, v0 = scalars
    try:
        packed = _PACK[dt](m, k, c, x0, x1, v0, t)
    except (OverflowError, struct.error):
        # A number beyond float32's range: by value, where it becomes ±inf and gets its
        # typed error from the library (an int beyond float64: the checked path).
        pair = _PAIR[dt]()
        try:
            args = [float(v) for v in (m, k, c, x0, x1, v0, t)]
        except OverflowError:
            raise _PackError from None
        _call(_SPRING_ONE[dt], *args, pair, vel is not None)
    else:
        err, ref, pairs, addrs = _one_state()
        pair = pairs[dt]
        status = (_SPRING_STATE if vel is not None else _SPRING_VALUE)[dt](packed, addrs[dt], ref)
        if status != 0:
            _raise(status, err)
    if vel is not None:
        vel[0, 0] = pair[1]
    if values is None:
        values = np.empty((1, 1), dtype=dt)
    values[0, 0] = pair[0]
    return values


_SPRING_LIST: Dict[_DType, _CFunction] = _by_dtype("mk_spring_batch_")
_SPRING_UNIFORM: Dict[_DType, _CFunction] = _by_dtype("mk_spring_batch_uniform_")
_REAL: Dict[_DType, Any] = {np.dtype(np.float32): ctypes.c_float * 6, np.dtype(np.float64): ctypes.c_double * 6}


def _spring_batch_scalar(
    times: Any, scalars: Tuple[Any, ...], dt: _DType, out: Optional[_Array], velocity_out: Optional[_Array], threads: int
) -> _Array:
    """spring_batch for one spring given as scalars: the six parameters travel in one ctypes
    array (the per-call overhead path)."""
    try:
        pack = _REAL[dt](*scalars)  # stiffness, damping, mass, from, to, velocity
    except OverflowError:
        raise _PackError from None
    base, size = ctypes.addressof(pack), dt.itemsize
    t = times if type(times) is _NDARRAY and times.dtype == dt and times.ndim == 1 and times.flags.c_contiguous else _array("times", times, dt, ndim=1)
    shape = (1, t.shape[0])
    values = _output("out", out, shape, dt)
    vel = None if velocity_out is None else _output("velocity_out", velocity_out, shape, dt)
    _disjoint("out", values, "velocity_out", vel)
    params = (1, base + 2 * size, base, base + size, base + 3 * size, base + 4 * size, base + 5 * size)
    grid = _uniform_grid(t) if t.shape[0] > 1 else None
    if grid is not None:
        _call(_SPRING_UNIFORM[dt], *params, grid[0], grid[1], t.shape[0], _ptr(values), _ptr(vel), threads)
    else:
        _call(_SPRING_LIST[dt], *params, _ptr(t), t.shape[0], _ptr(values), _ptr(vel), threads)
    return values


def _uniform_grid(t: _Array) -> Optional[Tuple[float, float]]:
    """(start, step) when ``t`` is exactly start + j·step in its dtype (as ``numpy.arange`` or
    an exact ``numpy.linspace`` gives), start >= 0 and step > 0; else None. The grid is computed
    in ``t``'s dtype, without ``numpy.errstate`` when start + step·T is far from overflowing."""
    n = t.shape[0]
    if n < 2:
        return None
    t0 = t[0]
    f0, f1 = float(t0), float(t[1])
    if not (math.isfinite(f0) and math.isfinite(f1)):
        return None
    start, step = t0, t[1] - t0
    if not (start >= 0 and step > 0):
        return None
    fstep = float(step)
    if f0 + fstep * n < _HALF_MAX[t.dtype]:  # no product or sum below can overflow
        grid = np.arange(n, dtype=t.dtype)
        grid *= step
        grid += start
    else:
        with np.errstate(all="ignore"):
            grid = start + np.arange(n, dtype=t.dtype) * step
    return (f0, fstep) if (grid == t).all() else None


#: Half the largest finite number of each dtype.
_HALF_MAX: Dict[_DType, float] = {dt: m / 2 for dt, m in _MAX.items()}


#: Seven packed numbers for ``mk_spring_settle_one_f64`` and the result.
_SETTLE_ONE = ctypes.c_double * 8
#: The spring parameters whose errors eval names inside the ``spring`` object.
_SPRING_PARAMS = frozenset(("mass", "stiffness", "damping", "dampingRatio"))


def _settle_error(status: int, err: MKError, scalar: bool, value: Callable[[str], Optional[float]]) -> Error:
    """The error of a failed ``mk_spring_settle_*`` call. Its fields are the row-indexed names of
    the vectorised API (``stiffness[3]``, ``epsilon[3]``, ``[3]``); for one spring given by
    scalars, eval's names of ``spring.settle`` (``spring.stiffness``, ``epsilon``, ``from``, ``""``),
    except for a non-finite number, named as in an array (``stiffness[0]``). ``value(name)`` is
    the number given for column ``name`` (None when there is no such column)."""
    field = err.field.decode("utf-8", "replace")
    error = from_status(status, field, err.message.decode("utf-8", "replace"))
    if scalar and field.endswith("]"):  # a column's name (or none) and the row: stiffness[0], [0]
        name = field.partition("[")[0]
        v = value(name) if name else None
        if v is None or math.isfinite(v):
            return type(error)(f"spring.{name}" if name in _SPRING_PARAMS else name, error.reason)
    return error


def _settle_scalar(p: Tuple[Any, ...], ratio: bool, scalar: bool = True) -> Optional[float]:
    """The settling duration of one spring given by Python numbers ``p`` = (mass, stiffness,
    damping or damping ratio, from, to, velocity, epsilon) through ``mk_spring_settle_one_f64``;
    None when a number does not convert to a double (the array path then checks it). Errors are
    named as ``_settle_error`` names them for ``scalar`` (False: a one-item array's row names)."""
    try:
        one, base, err, ref = _local.settle
    except AttributeError:
        one = _SETTLE_ONE()
        err = MKError()
        one, base, err, ref = _local.settle = (one, ctypes.addressof(one), err, ctypes.byref(err))
    try:
        one[0:7] = p
    except (TypeError, OverflowError):
        return None
    status = lib.mk_spring_settle_one_f64(base, ratio, base + 56, ref)
    if status != 0:
        names = ("mass", "stiffness", "dampingRatio" if ratio else "damping", "from", "to", "velocity", "epsilon")
        values = one[0:7]
        raise _settle_error(status, err, scalar, lambda name: values[names.index(name)] if name in names else None)
    t: float = one[7]
    return t


def spring_settle(
    *,
    stiffness: ArrayLike,
    damping: Optional[ArrayLike] = None,
    damping_ratio: Optional[ArrayLike] = None,
    mass: ArrayLike = 1.0,
    from_: ArrayLike = 0.0,
    to: ArrayLike = 1.0,
    velocity: ArrayLike = 0.0,
    epsilon: ArrayLike,
    threads: int = 1,
) -> Union[float, Float64Array]:
    """Settling durations: the smallest T >= 0 with ``|x(t) - to| <= epsilon`` for all t >= T.

    Parameters are those of :func:`spring_batch` (scalars or length-N arrays) and ``epsilon``
    (> 0, absolute, in the units of ``to``). Computed by the eval protocol's ``spring.settle``
    code (exact to 1e-9 s) through ``mk_spring_settle_f64``: all N springs in one call, on
    ``threads`` threads (1…64; the results, and the error reported, are the same for every
    value).

    Returns
    -------
    float or numpy.ndarray, shape (N,)
        Seconds; a float when every argument is a scalar.

    Raises
    ------
    motionkernel.Error
        Naming the field; a spring with zero damping never settles (``InvalidValue``).
    """
    if _FAST_SETTLE is not None:
        fast = _FAST_SETTLE(mass, stiffness, damping, damping_ratio, from_, to, velocity, epsilon, threads)
        if fast is not None:
            return fast  # type: ignore[no-any-return]
    if type(threads) is not int or not 1 <= threads <= 64:
        threads = _threads(threads)
    c = damping_ratio if damping is None else damping
    if damping is None or damping_ratio is None:
        p = (mass, stiffness, c, from_, to, velocity, epsilon)
        s = _SCALAR_TYPES
        if (
            type(stiffness) in s and type(c) in s and type(mass) in s and type(from_) in s and type(to) in s
            and type(velocity) in s and type(epsilon) in s
        ):
            t = _settle_scalar(p, damping is None)
            if t is not None:
                return t
        else:
            # One spring given as one-item arrays or lists (or 0-d arrays): the same numbers, the
            # same library call (mk_spring_settle_f64 with N = 1 is mk_spring_settle_one_f64).
            ones, one_d = _ones(p)
            if ones is not None:
                t = _settle_scalar(ones, damping is None, not one_d)
                if t is not None:
                    return np.array((t,)) if one_d else t
    named = {"stiffness": stiffness, "damping": damping, "dampingRatio": damping_ratio, "mass": mass, "from": from_,
             "to": to, "velocity": velocity, "epsilon": epsilon}
    for name in ("stiffness", "mass", "from", "to", "velocity", "epsilon"):
        if named[name] is None:
            raise MissingField(name, "is required")
    scalar = all(_raw(k, v).ndim == 0 for k, v in named.items() if v is not None)
    n, cols = _columns(named, np.dtype(np.float64), out="epsilon")
    if (damping is None) == (damping_ratio is None):
        # Both or neither: reported, as for one spring at a time, after every column's check.
        for name, a in cols.items():
            if a is not None:
                _check_finite(name, a)
        try:
            _damping_given(damping, damping_ratio)
        except Error as e:
            raise type(e)(e.field if scalar else _indexed(e.field, 0), e.reason) from None
    ratio = damping is None
    result = np.empty(n)
    err, ref = _error_record()
    status = lib.mk_spring_settle_f64(
        n, _ptr(cols["mass"]), _ptr(cols["stiffness"]), _ptr(cols["dampingRatio" if ratio else "damping"]), int(ratio),
        _ptr(cols["from"]), _ptr(cols["to"]), _ptr(cols["velocity"]), _ptr(cols["epsilon"]), n, _ptr(result), threads, ref)
    if status != 0:
        def first(name: str) -> Optional[float]:
            a = cols.get(name)
            return None if a is None else float(a[0])

        raise _settle_error(status, err, scalar, first)
    return float(result[0]) if scalar else result


def _indexed(field: str, i: int) -> str:
    """``spring.stiffness`` → ``stiffness[i]`` for per-row errors of vectorised calls."""
    name = field.split(".")[-1] if field else ""
    return f"{name}[{i}]" if name else f"[{i}]"


def _camel(name: str) -> str:
    head, *rest = name.rstrip("_").split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


#: The keys of eval's SpringSpec in the order of the header's MK_SPRING_KEY_* bits.
_SPRING_KEYS = ("mass", "stiffness", "damping", "dampingRatio", "response", "duration", "bounce", "tension", "friction",
                "bounciness", "speed", "visualDuration")
_SPRING_KEY_BIT = {k: b for b, k in enumerate(_SPRING_KEYS)}
#: ``mk_spring_convert_f64``'s outputs, in the order of eval's ``spring.convert`` answer.
_CONVERTED = ("mass", "stiffness", "damping", "dampingRatio", "response", "duration", "bounce", "tension", "friction",
              "undampedPeriod")
_CONVERT_IO = ctypes.c_double * 22
_NP_REALS = frozenset((np.float64, np.float32))
#: ``_camel`` of the keys ``spring_convert`` knows, in either spelling (computed once).
_CAMEL_KEYS = {k: _camel(k) for k in _SPRING_KEYS + ("damping_ratio", "visual_duration")}


def spring_convert(**spring: float) -> Dict[str, float]:
    """One spring in every parameterisation the eval protocol knows.

    Parameters
    ----------
    **spring : float
        One SpringSpec of the eval protocol, in camelCase or snake_case:
        ``stiffness, damping[, mass]``, ``stiffness, damping_ratio[, mass]``,
        ``response, damping_ratio``, ``duration, bounce``, ``visual_duration, bounce``,
        ``tension, friction``, ``bounciness, speed``.

    Returns
    -------
    dict
        ``mass, stiffness, damping, dampingRatio, response, duration, bounce, tension,
        friction, undampedPeriod`` (floats), computed by the eval protocol's ``spring.convert``
        code through ``mk_spring_convert_f64``.

    Raises
    ------
    motionkernel.Error
        Naming the field (``spring.stiffness``).
    """
    fields = {_CAMEL_KEYS.get(k) or _camel(k): v for k, v in spring.items()}
    io = _CONVERT_IO()
    keys = 0
    for k, v in fields.items():
        t = type(v)
        b = _SPRING_KEY_BIT.get(k)
        if t is float and not math.isfinite(v):
            raise InvalidValue(f"spring.{k}", f"expected a finite number, got {v}")
        if v is None and b is not None:  # JSON null: absent, as eval reads it
            continue
        if b is None or not (t is float or (t is int and abs(v) <= 1 << 53) or (t in _NP_REALS and math.isfinite(v))):
            # An unknown key or another type: the request as it was, for eval's own error.
            return dict(_eval_checked({"op": "spring.convert", "spring": _json_value(fields, "spring")}))
        keys |= 1 << b
        io[b] = v
    base = ctypes.addressof(io)
    _call(lib.mk_spring_convert_f64, keys, base, base + 96)
    return dict(zip(_CONVERTED, io[12:]))


# MARK: timing


#: eval's names of JSON types in its messages ("expected a number, got a boolean").
_JSON_TYPE_NAMES: Dict[type, str] = {
    dict: "an object", list: "an array", str: "a string", bool: "a boolean", int: "a number", float: "a number", type(None): "null"
}
#: TimingSpec objects' discriminating keys, in eval's order.
_TIMING_KINDS = ("cubicBezier", "steps", "spring")
#: The keys each TimingSpec object form accepts, sorted as eval lists them.
_TIMING_ALLOWED = {"cubicBezier": ("cubicBezier",), "steps": ("position", "steps"), "spring": ("initialVelocity", "spring")}
#: SpringSpec keys in the order of mk_timing_spec's numbers and presence bits (MK_SPRING_KEY_*).
_SPRING_KEYS = (
    "mass", "stiffness", "damping", "dampingRatio", "response", "duration", "bounce", "tension", "friction", "bounciness", "speed",
    "visualDuration",
)
_SPRING_BIT = {k: i for i, k in enumerate(_SPRING_KEYS)}
_SPRING_KEYS_SORTED = ", ".join(sorted(_SPRING_KEYS))
_TIMING_SPEC = lib.mk_timing_spec_values


def _json_type(value: Any) -> str:
    """eval's name of the JSON type of ``value`` (plain JSON types; "a value" for others)."""
    return _JSON_TYPE_NAMES.get(type(value), "a value")


def _spec_number(value: Any, path: str) -> float:
    """A number of a TimingSpec, boundary or option: finite, within float64 (``_json_value``'s
    checks and messages), or eval's ``InvalidValue`` for another JSON type."""
    v = _json_value(value, path)
    if type(v) is int or type(v) is float:
        return float(v)
    raise InvalidValue(path, f"expected a number, got {_json_type(v)}")


def _number_or_none(value: Any) -> Optional[float]:
    """``value`` as a float when it is a finite float or an integer exact in float64 (no path
    formatted: the common case), else None for ``_spec_number`` to check and name."""
    t = type(value)
    if t is float and value - value == 0.0:
        return float(value)
    if t is int and -_EXACT <= value <= _EXACT:
        return float(value)
    return None


def _spec_text(value: Any, path: str) -> bytes:
    """A string of a TimingSpec (any ``str``) as UTF-8, refused as ``_json_value`` refuses it
    when it is not valid Unicode."""
    try:
        data: bytes = value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidValue(path, f"not valid Unicode text ({exc.reason} at {exc.start})") from None
    return data


def _timing_struct(spec: Any, path: str, into: MKTimingSpec) -> None:
    """Fills ``into`` with the TimingSpec ``spec`` at ``path``.

    JSON types are checked here with eval's messages (which key is present, unknown keys, a bool
    or string where a number goes); the values (step counts, positions, Bézier ranges, spring
    parameter sets) by eval's own parser behind ``mk_timing_spec``. On any error, what JSON
    cannot carry anywhere in ``spec`` is named first (``_json_value``), as when the spec went to
    eval as JSON."""
    try:
        _timing_fill(spec if type(spec) is str or type(spec) is dict else _json_value(spec, path), path, into)
    except Error:
        _json_value(spec, path)
        raise


def _timing_fill(spec: Any, path: str, into: MKTimingSpec) -> None:
    """``_timing_struct`` without its error ordering."""
    if isinstance(spec, str):
        data = _spec_text(spec, path)
        into.kind, into.text, into.text_length = 0, data, len(data)
        return
    if type(spec) is not dict:
        raise InvalidValue(path, f"expected a timing name or an object, got {_json_type(spec)}")

    def sub(key: str) -> str:
        return f"{path}.{key}" if path else key

    present = [k for k in _TIMING_KINDS if spec.get(k) is not None]
    if len(present) != 1:
        names = ", ".join(_TIMING_KINDS)
        raise InvalidValue(path, f"expected one of the fields {names}" if not present else f"expected exactly one of {names}; got {', '.join(present)}")
    kind = present[0]
    allowed = _TIMING_ALLOWED[kind]
    for key in spec:
        if key not in allowed:
            raise InvalidValue(sub(str(key)), f"unknown field; expected one of {', '.join(allowed)}")
    value = spec[kind]
    if kind == "cubicBezier":
        if type(value) is not list:
            value = _json_value(value, sub(kind))
            if type(value) is not list:
                raise InvalidValue(sub(kind), f"expected an array, got {_json_type(value)}")
        if len(value) > 4:
            raise InvalidValue(sub(kind), f"has {len(value)} items, at most 4 allowed")
        for i, v in enumerate(value):
            n = _number_or_none(v)
            into.numbers[i] = _spec_number(v, f"{sub(kind)}[{i}]") if n is None else n
        into.kind, into.fields = 1, len(value)
    elif kind == "steps":
        n = _number_or_none(value)
        into.numbers[0] = _spec_number(value, sub(kind)) if n is None else n
        position = spec.get("position")
        if position is not None:
            if not isinstance(position, str):
                raise InvalidValue(sub("position"), f"expected a string, got {_json_type(_json_value(position, sub('position')))}")
            data = _spec_text(position, sub("position"))
            into.text, into.text_length = data, len(data)
        into.kind = 2
    else:
        if not isinstance(value, Mapping):
            raise InvalidValue(sub(kind), f"expected an object, got {_json_type(_json_value(value, sub(kind)))}")
        bits = 0
        for key in value:
            if key not in _SPRING_BIT:
                raise InvalidValue(f"{sub(kind)}.{key}", f"unknown field; expected one of {_SPRING_KEYS_SORTED}")
        for key, v in value.items():
            if v is not None:
                bit = _SPRING_BIT[key]
                n = _number_or_none(v)
                into.numbers[bit] = _spec_number(v, f"{sub(kind)}.{key}") if n is None else n
                bits |= 1 << bit
        velocity = spec.get("initialVelocity")
        if velocity is not None:
            into.numbers[12] = _spec_number(velocity, sub("initialVelocity"))
            bits |= 1 << 12
        into.kind, into.fields = 3, bits


#: Lists of at most this many plain numbers go to the library as ctypes arrays, without NumPy.
_SMALL = 64
#: Integers up to 2**53 in magnitude are exact in float64 (as NumPy would convert them).
_EXACT = float(1 << 53)


def _small(value: Any) -> "Optional[array.array[float]]":
    """``value`` as an array of C doubles when it is a list or tuple of at most ``_SMALL`` floats
    and integers exact in float64 (what NumPy converts to the same float64 values), or a 1-D
    float64 or float32 ndarray of at most ``_SMALL`` numbers, else None. Non-finite numbers pass: the
    library names them."""
    t = type(value)
    if (t is list or t is tuple) and len(value) <= _SMALL:
        for v in value:
            tv = type(v)
            if tv is not float and (tv is not int or not -_EXACT <= v <= _EXACT):
                return None
        return array.array("d", value)
    if t is np.ndarray and value.ndim == 1 and value.shape[0] <= _SMALL:
        dt = value.dtype
        if dt is _F64 or dt == _F64:
            # Copying a few bytes is quicker than asking NumPy for the address of its buffer.
            a = array.array("d")
            a.frombytes(value.tobytes())
            return a
        if dt is _F32 or dt == _F32:
            return array.array("d", value.tolist())  # float32 → float64 is exact, as NumPy's conversion
    return None


def _address(a: "array.array[float]") -> int:
    """The address of ``a``'s numbers; never 0, so that an empty list is given, not absent."""
    address: int = a.buffer_info()[0]
    return address or _ONE_ADDRESS


#: One zero, the storage of empty results and the address of empty lists.
_ZERO = array.array("d", [0.0])
_ONE_ADDRESS: int = _ZERO.buffer_info()[0]


def _as_f64(name: str, raw: _Array) -> _Array:
    """``raw`` (from ``_raw``) as C-contiguous float64, without a conversion when it is one."""
    if raw.dtype is _F64 or raw.dtype == _F64:
        if raw.flags.c_contiguous:
            return raw
    return _convert(name, raw, _F64)


def timing(spec: Union[str, Mapping[str, Any]], x: ArrayLike) -> Float64Array:
    """Evaluate an easing at input progress values.

    Parameters
    ----------
    spec : str or dict
        A Core Animation name (``easeIn``, ``easeInEaseOut``, ``default``, …), any CSS
        ``<easing-function>`` string (``ease``, ``cubic-bezier(…)``, ``steps(…)``,
        ``linear(…)``), or the eval protocol's TimingSpec object (``{"cubicBezier": [...]}``,
        ``{"steps": n, "position": ...}``, ``{"spring": {...}}``), checked by the same parser as
        eval's ``timing`` field (bools are not numbers, names are case-sensitive).
    x : array_like
        Input progress, any finite reals (outside [0, 1] extrapolates as CSS does).

    Returns
    -------
    numpy.ndarray of float64, shape of ``x``
        Output progress.

    Raises
    ------
    motionkernel.Error
        Naming ``timing…`` for a bad spec or ``at[i]`` for a non-finite input.
    """
    if _FAST_TIMING is not None:
        fast = _FAST_TIMING(spec, x)
        if fast is not None:
            return fast  # type: ignore[no-any-return]
    if spec is None:
        raise MissingField("timing", "is required")  # as eval reads a null field
    if type(spec) is str:
        # The exact bytes with their length: an embedded NUL reaches the grammar (which refuses it).
        try:
            data = spec.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise InvalidValue("timing", f"not valid Unicode text ({exc.reason} at {exc.start})") from None
        fn = lib.mk_timing_values_n
        spec_args: Tuple[Any, ...] = (data, len(data))
    else:
        # Objects (and anything else) as a typed mk_timing_spec, checked by eval's own TimingSpec parser.
        typed = MKTimingSpec()
        _timing_struct(spec, "timing", typed)
        fn, spec_args = _TIMING_SPEC, (ctypes.byref(typed),)
    one = _one(x)
    if one is not _NOT_ONE:
        # One input (a number, a one-item array or list): packed by value, the output the shape of x.
        try:
            packed = _PACK_ONE[_F64](one)
        except (OverflowError, struct.error):
            pass  # the array path below names it
        else:
            value = _ZERO[:]  # the result's storage: its address without NumPy's buffer export
            _call(fn, *spec_args, packed, 1, value.buffer_info()[0])
            return np.ndarray(x.shape if type(x) is _NDARRAY else (1,) if _is_list(x) else (), _F64, value)
    xs = _array("at", x, np.dtype(np.float64))
    flat = xs.reshape(-1)
    out = _empty("at", flat.shape, np.dtype(np.float64))
    _call(fn, *spec_args, _ptr(flat), flat.shape[0], _ptr(out))
    return out.reshape(xs.shape)


# MARK: splines and keyframes


def spline(
    kind: str,
    x: ArrayLike,
    y: ArrayLike,
    at: ArrayLike,
    *,
    boundary: Optional[Union[str, Sequence[Any]]] = None,
    derivative: int = 0,
    alpha: Optional[float] = None,
) -> Float64Array:
    """Evaluate an interpolating spline through (x, y) at ``at``.

    Parameters
    ----------
    kind : {"cubic", "pchip", "akima", "makima", "catmullRom"}
        ``cubic``, ``pchip``, ``akima`` and ``makima`` agree with SciPy's ``CubicSpline``,
        ``PchipInterpolator`` and ``Akima1DInterpolator`` (extrapolation included).
    x : array_like, shape (K,)
        Strictly increasing knots.
    y : array_like, shape (K,) or (K, C)
        Values, or C channels per knot.
    at : array_like, shape (M,)
        Evaluation points.
    boundary : str or [start, end], optional
        ``cubic`` only: ``"notAKnot"`` (default), ``"natural"``, ``"clamped"``, ``"periodic"``,
        or per end ``"notAKnot"``/``"natural"``/``"clamped"``/``[order, value]`` as SciPy's
        ``bc_type``.
    derivative : {0, 1, 2}
        Derivative order.
    alpha : float, optional
        ``catmullRom`` only: 0 uniform, 0.5 centripetal, 1 chordal.

    Returns
    -------
    numpy.ndarray of float64, shape (M,) or (M, C)

    Raises
    ------
    motionkernel.Error
        Naming the field (``spline.x[2]``, ``at[0]``).
    """
    if boundary is None and alpha is None and _FAST_SPLINE is not None:
        fast = _FAST_SPLINE(kind, x, y, at, derivative)
        if fast is not None:
            return fast  # type: ignore[no-any-return]
    name = kind.encode("utf-8") if type(kind) is str and kind.isascii() else _spline_kind(kind)
    names, ends, keep = (None, None, None) if boundary is None else _spline_boundary(boundary)
    alpha_ref = None if alpha is None else ctypes.byref(ctypes.c_double(_spec_number(alpha, "spline.alpha")))
    order = derivative if type(derivative) is int and 0 <= derivative <= 2 else _derivative(derivative)
    name_length, names_length = len(name), 0 if names is None else len(names)
    xs, ys, ats = _small(x), _small(y), _small(at)
    if xs is not None and ys is not None and ats is not None:
        # Small lists of numbers (within every limit): ctypes arrays, no NumPy until the result.
        result = _ZERO * len(ats)
        err, ref = _error_record()
        status = _SPLINE(
            name, name_length, _address(xs), len(xs), _address(ys), len(ys), 1, 0, names, names_length, ends, alpha_ref, order,
            _address(ats), len(ats), _address(result), ref,
        )
        if status:
            _raise(status, err)
        return np.frombuffer(result, _F64)
    # eval's limits (docs/eval-protocol.md), checked on the shapes before any copy.
    xr = _raw("spline.x", x, ndim=1, limit=_EVAL_MAX_KNOTS)
    yr = _raw("spline.y", y, limit=_EVAL_MAX_OUTPUT)
    if yr.ndim not in (1, 2):
        raise InvalidValue("spline.y", f"expected shape (K,) or (K, C), got {yr.shape}")
    if yr.shape[0] > _EVAL_MAX_KNOTS:
        raise InvalidValue("spline.y", f"has {yr.shape[0]} items, at most {_EVAL_MAX_KNOTS} knots allowed")
    atr = _raw("at", at, ndim=1)
    channels = max(yr.shape[1], 1) if yr.ndim == 2 else 1
    if atr.shape[0] * channels > _EVAL_MAX_OUTPUT:
        raise InvalidValue("at", f"an output of {atr.shape[0]}×{channels} numbers exceeds the limit of {_EVAL_MAX_OUTPUT}")
    xa, ya, ata = _as_f64("spline.x", xr), _as_f64("spline.y", yr), _as_f64("at", atr)
    m = ata.shape[0]
    out = np.empty(m * channels, dtype=_F64)
    _call(
        _SPLINE, name, name_length, _ptr(xa), xa.shape[0], _ptr(ya), ya.shape[0], ya.shape[1] if ya.ndim == 2 else 1, ya.ndim == 2,
        names, names_length, ends, alpha_ref, order, _ptr(ata), m, _ptr(out),
    )
    del keep  # the boundary's value arrays, alive until the call returned
    return out.reshape((m,) + ya.shape[1:])


_SPLINE = lib.mk_spline_sample_f64
_KEYFRAMES = lib.mk_keyframes_sample_f64


def _spline_kind(kind: Any) -> bytes:
    """``spline.kind`` as UTF-8 (any string: unknown kinds are named by the library)."""
    if type(kind) is not str:
        kind = _json_value(kind, "spline.kind")
        if kind is None:
            raise MissingField("spline.kind", "is required")
        if type(kind) is not str:
            raise InvalidValue("spline.kind", f"expected a string, got {_json_type(kind)}")
    return _spec_text(kind, "spline.kind")


def _spline_boundary(boundary: Any) -> Tuple[Optional[bytes], Any, Any]:
    """``spline.boundary`` as ``mk_spline_sample_f64`` takes it: (name, None, None), (None, two
    ``mk_spline_end``, the value arrays to keep alive) or all None when absent. JSON types are
    checked here with eval's messages; names, orders and value counts by the library."""
    if boundary is None:
        return None, None, None
    b = _json_value(boundary, "spline.boundary")
    if b is None:
        return None, None, None
    if type(b) is str:
        return b.encode("utf-8"), None, None
    if type(b) is not list:
        raise InvalidValue("spline.boundary", f"expected a boundary name or [start, end], got {_json_type(b)}")
    if len(b) != 2:
        raise InvalidValue("spline.boundary", f"expected [start, end] (2 items), got {len(b)} items")
    ends = (MKSplineEnd * 2)()
    keep: List[Any] = []
    for i, end in enumerate(b):
        path, e = f"spline.boundary[{i}]", ends[i]
        if type(end) is str:
            data = end.encode("utf-8")
            keep.append(data)
            e.name, e.name_length = data, len(data)
            continue
        if type(end) is not list:
            raise InvalidValue(path, f"expected an end condition name or [order, value], got {_json_type(end)}")
        if len(end) != 2:
            raise InvalidValue(path, f"expected [order, value] (2 items), got {len(end)} items")
        e.order = _spec_number(end[0], f"{path}[0]")
        value = end[1]
        items = value if type(value) is list else [value]
        numbers = np.array([_spec_number(v, f"{path}[1][{j}]" if type(value) is list else f"{path}[1]") for j, v in enumerate(items)],
                           dtype=np.float64)
        keep.append(numbers)
        e.value, e.value_count, e.per_channel = _ptr(numbers) if numbers.size else None, numbers.size, type(value) is list
    return None, ends, keep


def _derivative(derivative: Any) -> int:
    """``derivative`` checked as eval checks it: an integer (2.0 is one) in 0…2."""
    d = _json_value(derivative, "derivative")
    if d is None:
        return 0
    n = _spec_number(d, "derivative")
    if not n.is_integer() or abs(n) >= 2.0**63:
        raise InvalidValue("derivative", f"expected an integer, got {n!r}")
    if not 0 <= n <= 2:
        raise InvalidValue("derivative", f"expected 0, 1 or 2, got {int(n)}")
    return int(n)


def keyframes(
    values: ArrayLike,
    at: ArrayLike,
    *,
    key_times: Optional[ArrayLike] = None,
    calculation_mode: str = "linear",
    timing_functions: Optional[Sequence[Any]] = None,
) -> Float64Array:
    """Sample a keyframe animation (``CAKeyframeAnimation`` semantics) at progress values.

    Parameters
    ----------
    values : array_like, shape (K,) or (K, D)
        Keyframe values (numbers or D-vectors).
    at : array_like, shape (M,)
        Progress, 0…1.
    key_times : array_like, shape (K,), optional
        Increasing key times from 0 to 1.
    calculation_mode : {"linear", "discrete", "paced", "cubic", "cubicPaced"}
    timing_functions : sequence of TimingSpec, optional
        K − 1 easings, one per segment (strings or the protocol's objects).

    Returns
    -------
    numpy.ndarray of float64, shape (M,) or (M, D)

    Raises
    ------
    motionkernel.Error
        Naming the field (``keyframes.keyTimes[1]``).
    """
    mode = calculation_mode.encode("utf-8") if type(calculation_mode) is str and calculation_mode.isascii() else _keyframes_mode(calculation_mode)
    specs, count = (None, 0) if timing_functions is None else _timing_structs(timing_functions)
    mode_length = 0 if mode is None else len(mode)
    vs, ats = _small(values), _small(at)
    kts = None if key_times is None else _small(key_times)
    if vs is not None and ats is not None and (key_times is None or kts is not None):
        # Small lists of numbers (within every limit): ctypes arrays, no NumPy until the result.
        result = _ZERO * len(ats)
        kt_address, kt_length = (None, 0) if kts is None else (_address(kts), len(kts))
        err, ref = _error_record()
        status = _KEYFRAMES(
            _address(vs), len(vs), 1, 0, kt_address, kt_length, mode, mode_length, specs, count, _address(ats), len(ats), _address(result),
            ref,
        )
        if status:
            _raise(status, err)
        return np.frombuffer(result, _F64)
    # eval's limits (docs/eval-protocol.md), checked on the shapes before any copy.
    vr = _raw("keyframes.values", values, limit=_EVAL_MAX_OUTPUT)
    if vr.ndim not in (1, 2):
        raise InvalidValue("keyframes.values", f"expected shape (K,) or (K, D), got {vr.shape}")
    atr = _raw("at", at, ndim=1, limit=_EVAL_MAX_OUTPUT)
    dimension = vr.shape[1] if vr.ndim == 2 else 1
    if atr.shape[0] * dimension > _EVAL_MAX_OUTPUT:
        raise InvalidValue("at", f"an output of {atr.shape[0]}×{dimension} numbers exceeds the limit of {_EVAL_MAX_OUTPUT}")
    kt = None if key_times is None else _raw("keyframes.keyTimes", key_times, ndim=1, limit=_EVAL_MAX_OUTPUT)
    va, ata = _as_f64("keyframes.values", vr), _as_f64("at", atr)
    if kt is not None:
        kt = _as_f64("keyframes.keyTimes", kt)
    m = ata.shape[0]
    out = np.empty(m * dimension, dtype=_F64)
    _call(
        _KEYFRAMES, _ptr(va), va.shape[0], dimension, va.ndim == 2, None if kt is None else (_ptr(kt) or _ONE_ADDRESS),
        0 if kt is None else kt.shape[0], mode, mode_length, specs, count, _ptr(ata), m, _ptr(out),
    )
    return out.reshape((m,) + va.shape[1:])


def _keyframes_mode(mode: Any) -> Optional[bytes]:
    """``keyframes.calculationMode`` as UTF-8, None when absent (unknown modes are named by the library)."""
    if type(mode) is not str:
        mode = _json_value(mode, "keyframes.calculationMode")
        if mode is None:
            return None
        if type(mode) is not str:
            raise InvalidValue("keyframes.calculationMode", f"expected a string, got {_json_type(mode)}")
    return _spec_text(mode, "keyframes.calculationMode")


def _timing_structs(timing_functions: Any) -> Tuple[Any, int]:
    """``keyframes.timingFunctions`` as an array of ``mk_timing_spec`` and its length (None, 0
    when absent). On an error, what JSON cannot carry anywhere in the list is named first."""
    if timing_functions is None:
        return None, 0
    tf = timing_functions if type(timing_functions) is list else _json_value(timing_functions, "keyframes.timingFunctions")
    if tf is None:
        return None, 0
    if not isinstance(tf, list):
        raise InvalidValue("keyframes.timingFunctions", f"expected a sequence of TimingSpecs, got {type(timing_functions).__name__}")
    specs = (MKTimingSpec * max(len(tf), 1))()
    try:
        for i, item in enumerate(tf):
            _timing_struct(item, f"keyframes.timingFunctions[{i}]", specs[i])
    except Error:
        _json_value(tf, "keyframes.timingFunctions")
        raise
    return specs, len(tf)


# MARK: transforms

_BUILD: Dict[_DType, _CFunction] = _by_dtype("mk_transform_build_")
#: One zero row of 16 numbers per dtype (copied for each one-transform result).
_ROW16: Dict[_DType, "array.array[float]"] = {
    dt: array.array("f" if dt.itemsize == 4 else "d", bytes(16 * dt.itemsize)) for dt in _SUFFIX
}
_APPLY: Dict[_DType, _CFunction] = _by_dtype("mk_transform_apply_")
_APPLY_HOMOGENEOUS: Dict[_DType, _CFunction] = _by_dtype("mk_transform_apply_homogeneous_")
_INTERPOLATE: Dict[_DType, _CFunction] = _by_dtype("mk_transform_interpolate_")


def transform_build(
    tx: Optional[ArrayLike] = None,
    ty: Optional[ArrayLike] = None,
    angle: Optional[ArrayLike] = None,
    scale: Optional[ArrayLike] = None,
    *,
    dtype: DTypeLike = np.float32,
    out: Optional[FloatArray] = None,
) -> FloatArray:
    """Build N matrices ``translate(tx, ty) rotate(angle) scale(scale)``.

    Each row holds m11, m12, …, m44 in ``CATransform3D`` / CSS ``matrix3d()`` order
    (row-vector convention): m11 = s·cos θ, m12 = s·sin θ, m21 = −s·sin θ, m22 = s·cos θ,
    m33 = m44 = 1, m41 = tx, m42 = ty.

    Parameters
    ----------
    tx, ty : float or array_like, shape (N,), optional
        Translation (default 0).
    angle : float or array_like, shape (N,), optional
        Rotation about z in radians (default 0).
    scale : float or array_like, shape (N,), optional
        Uniform scale (default 1).
    dtype : numpy.float32 or numpy.float64
    out : numpy.ndarray, shape (N, 16), optional
        Written in place.

    Returns
    -------
    numpy.ndarray, shape (N, 16)

    Raises
    ------
    motionkernel.Error
        Naming the column and index (``angle[3]``) or ``out``.
    """
    if _FAST_TRANSFORM_BUILD is not None:
        fast = _FAST_TRANSFORM_BUILD(tx, ty, angle, scale, dtype, out)
        if fast is not None:
            return fast  # type: ignore[no-any-return]
    dt = _KNOWN_DTYPES.get(dtype) if type(dtype) is type or type(dtype) is np.dtype else None
    if dt is None:
        dt = _dtype(dtype)
    if tx is not None or ty is not None or angle is not None or scale is not None:
        # One transform (numbers, one-item arrays or lists): each column packed by value.
        s = _FLOAT_TYPES
        packed: Optional[Tuple[Any, ...]]
        try:
            if ((tx is None or type(tx) in s) and (ty is None or type(ty) in s) and (angle is None or type(angle) in s)
                    and (scale is None or type(scale) in s)):
                pack = _PACK_ONE[dt]
                packed = (None if tx is None else pack(tx), None if ty is None else pack(ty),
                          None if angle is None else pack(angle), None if scale is None else pack(scale))
            else:
                packed = (_packed_one(tx, dt), _packed_one(ty, dt), _packed_one(angle, dt), _packed_one(scale, dt))
                if _NOT_ONE in packed:
                    packed = None
        except (OverflowError, struct.error):
            packed = None  # beyond the dtype's range: the array path below lets the library name it
        if packed is not None:
            err, ref = _error_record()
            if out is None:
                # A new row in an array.array (its address without NumPy's buffer export).
                row = _ROW16[dt][:]
                status = _BUILD[dt](1, *packed, row.buffer_info()[0], ref)
                result = np.ndarray((1, 16), dt, row)
            else:
                result = _output_1x1("out", out, dt, (1, 16))
                status = _BUILD[dt](1, *packed, _ptr(result), ref)
            if status != 0:
                _raise(status, err)
            return result
    n, cols = _columns({"tx": tx, "ty": ty, "angle": angle, "scale": scale}, dt, per_row=16)
    if all(v is None for v in (tx, ty, angle, scale)):
        raise MissingField("tx", "give at least one of tx, ty, angle, scale")
    result = _output("out", out, (n, 16), dt)
    _call(_BUILD[dt], n, _ptr(cols["tx"]), _ptr(cols["ty"]), _ptr(cols["angle"]),
          _ptr(cols["scale"]), _ptr(result))
    return result


def _packed_one(v: Any, dt: _DType) -> Any:
    """``_PACK_ONE[dt](_one(v))``: one number's bytes in ``dt`` (a one-item ndarray of ``dt``
    gives its own bytes, the numbers the array path would pass); None for None, ``_NOT_ONE`` when
    ``v`` is not one number. Raises ``OverflowError``/``struct.error`` as the packing does."""
    if v is None:
        return None
    if type(v) is _NDARRAY and v.dtype is dt and v.size == 1 and v.ndim <= 1:
        return v.tobytes()
    x = _one(v)
    return x if x is _NOT_ONE else _PACK_ONE[dt](x)


def _float_dtype(a: _Array) -> _DType:
    return a.dtype if a.dtype in _SUFFIX else np.dtype(np.float64)


def transform_apply(matrix: ArrayLike, points: ArrayLike, out: Optional[FloatArray] = None) -> FloatArray:
    """Apply one matrix to P points (row vectors): Cartesian points with the perspective divide,
    homogeneous points without it.

    Parameters
    ----------
    matrix : array_like, shape (16,) or (4, 4)
        m11…m44 (``CATransform3D`` layout, row-vector convention: a point is the row vector
        ``(x, y, z, w)`` and maps to ``(x, y, z, w) @ M``; translation in m41…m43).
    points : array_like, shape (P, 2), (P, 3) or (P, 4)
        float32 or float64 (others are converted to float64); the result has this dtype.
        (P, 2) rows are ``(x, y)`` with z = 0 and w = 1, (P, 3) rows ``(x, y, z)`` with w = 1;
        both are divided by the resulting w′ (``(x′/w′, y′/w′[, z′/w′])``; no divide without
        perspective). (P, 4) rows are homogeneous ``(x, y, z, w)`` and the result is
        ``points @ M`` itself, in homogeneous coordinates (no divide), as the core's
        ``TransformBatch.applyHomogeneous`` computes it.
    out : numpy.ndarray, shape of ``points``, optional
        Written in place (C-contiguous, writeable, the dtype of the result).

    Returns
    -------
    numpy.ndarray, shape (P, 2), (P, 3) or (P, 4)

    Raises
    ------
    motionkernel.Error
        ``matrix`` (not 16 finite numbers), ``points`` (another shape), ``points[i]`` (maps
        to infinity, overflows, or, for homogeneous points, holds a non-finite number), ``out``.
    """
    pr = _raw("points", points, ndim=2)
    if pr.shape[1] not in (2, 3, 4):
        raise InvalidValue("points", f"expected shape (P, 2), (P, 3) or (P, 4), got {pr.shape}")
    dt = _float_dtype(pr)
    mr = _raw("matrix", matrix)
    if mr.shape not in ((16,), (4, 4)):
        raise InvalidValue("matrix", f"expected shape (16,) or (4, 4), got {mr.shape}")
    p, m = _convert("points", pr, dt), _convert("matrix", mr, dt)
    result = _output("out", out, p.shape, dt)
    if p.shape[1] == 4:
        _call(_APPLY_HOMOGENEOUS[dt], _ptr(m), _ptr(p), p.shape[0], _ptr(result))
    else:
        _call(_APPLY[dt], _ptr(m), _ptr(p), p.shape[0], p.shape[1], _ptr(result))
    return result


def transform_interpolate(
    from_matrices: ArrayLike, to_matrices: ArrayLike, fraction: float, out: Optional[FloatArray] = None
) -> FloatArray:
    """Interpolate N pairs of matrices by CSS Transforms 2 matrix interpolation.

    Decompose, interpolate translation/scale/skew/perspective linearly and the rotation by
    quaternion slerp, recompose; a non-invertible pair switches discretely at 0.5; the ends
    are exact at 0 and 1.

    Parameters
    ----------
    from_matrices, to_matrices : array_like, shape (N, 16)
        float32 or float64 (the dtype of ``from_matrices`` is used).
    fraction : float
        Any finite real.
    out : numpy.ndarray, shape (N, 16), optional

    Returns
    -------
    numpy.ndarray, shape (N, 16)

    Raises
    ------
    motionkernel.Error
        ``from[i]``/``to[i]``, ``fraction``, ``out``.
    """
    ar = _raw("from", from_matrices, ndim=2)
    br = _raw("to", to_matrices, ndim=2)
    if ar.shape[1] != 16:
        raise InvalidValue("from", f"expected shape (N, 16), got {ar.shape}")
    if br.shape != ar.shape:
        raise InvalidValue("to", f"expected shape {ar.shape} like from, got {br.shape}")
    if isinstance(fraction, (bool, np.bool_)) or not isinstance(fraction, numbers.Real):
        raise InvalidValue("fraction", f"expected a number, got {type(fraction).__name__}")
    try:
        f = float(fraction)
    except (OverflowError, TypeError, ValueError):
        raise InvalidValue("fraction", f"expected a finite number, got {fraction!r}") from None
    dt = _float_dtype(ar)
    a, b = _convert("from", ar, dt), _convert("to", br, dt)
    result = _output("out", out, a.shape, dt)
    _call(_INTERPOLATE[dt], _ptr(a), _ptr(b), a.shape[0], f, _ptr(result))
    return result


# MARK: presets and eval


def preset_frames(name: str, fps: float = 60, **options: float) -> Dict[str, Any]:
    """Sample a preset animation at ``fps`` frames per second.

    Parameters
    ----------
    name : str
        A preset name (``eval({"op": "presets.list"})`` lists them).
    fps : float
        Frames per second (frames at 0, 1/fps, …, and the duration itself).
    **options : float
        The preset's numeric options.

    Returns
    -------
    dict
        ``"duration"`` (float, seconds), ``"time"`` (F,), and per layer L
        ``"L.transform"`` (F, 16) and ``"L.opacity"`` (F,); single-layer presets name their
        layer ``view``.

    Raises
    ------
    motionkernel.Error
        Naming the field (``preset``, ``options.duration``).
    """
    preset = _json_value(name, "preset")
    rate = _json_value(fps, "fps")
    given = _json_value(options, "options") if options else {}
    plain = type(rate) in (float, int) and all(type(v) in (float, int) or v is None for v in given.values())
    if type(preset) is not str or not plain:
        # Another type: the request as it was, for eval's own error.
        request: Dict[str, Any] = {"op": "preset.sample", "preset": preset, "fps": rate}
        if options:
            request["options"] = given
        _eval_checked(request)
        raise InvalidValue("", "eval accepted a request of types it refuses")  # not reached
    given = {k: v for k, v in given.items() if v is not None}  # JSON null: absent, as eval reads it
    text = preset.encode("utf-8")
    names = [k.encode("utf-8") for k in given]
    lengths = (ctypes.c_size_t * max(1, len(names)))(*map(len, names))
    values = (ctypes.c_double * max(1, len(names)))(*given.values())
    args = (text, len(text), float(rate), len(names), b"".join(names), ctypes.addressof(lengths), ctypes.addressof(values))
    sizes = (ctypes.c_size_t * 3)()
    duration = ctypes.c_double()
    # One call into this thread's scratch buffers holds most presets; a longer one gets a second
    # call into buffers of the sizes the first one answered.
    scratch, names_buffer = _preset_scratch()
    f_cap, l_cap = _PRESET_FRAMES, _PRESET_LAYERS
    time, transforms, opacities = scratch[:f_cap], scratch[f_cap : f_cap * (1 + 16 * l_cap)], scratch[f_cap * (1 + 16 * l_cap) :]
    _call(lib.mk_preset_frames_f64, *args, f_cap, l_cap, len(names_buffer), ctypes.addressof(sizes), ctypes.addressof(duration),
          _ptr(time), _ptr(transforms), _ptr(opacities), ctypes.addressof(names_buffer))
    frames, layers, name_bytes = sizes
    if frames <= f_cap and layers <= l_cap and name_bytes <= len(names_buffer):
        time = time[:frames].copy()
        transforms = transforms[: layers * frames * 16].reshape(layers, frames, 16).copy()
        opacities = opacities[: layers * frames].reshape(layers, frames).copy()
    else:
        time = _empty("fps", (frames,), np.dtype(np.float64))
        transforms = _empty("fps", (layers, frames, 16), np.dtype(np.float64))
        opacities = _empty("fps", (layers, frames), np.dtype(np.float64))
        names_buffer = ctypes.create_string_buffer(max(1, name_bytes))
        _call(lib.mk_preset_frames_f64, *args, frames, layers, name_bytes, ctypes.addressof(sizes), ctypes.addressof(duration),
              _ptr(time), _ptr(transforms), _ptr(opacities), ctypes.addressof(names_buffer))
    out: Dict[str, Any] = {"duration": duration.value, "time": time}
    for i, layer in enumerate(names_buffer.raw[:name_bytes].split(b"\0")[:layers]):
        key = layer.decode("utf-8")
        out[f"{key}.transform"] = transforms[i]
        out[f"{key}.opacity"] = opacities[i]
    return out


#: The capacities of ``preset_frames``' scratch buffers: frames and layers (122,880 bytes of
#: transforms), and bytes of layer names.
_PRESET_FRAMES, _PRESET_LAYERS, _PRESET_NAMES = 240, 4, 256


def _preset_scratch() -> Tuple[_Array, Any]:
    """This thread's scratch buffers for ``preset_frames``: numbers (times, transforms,
    opacities) and layer names, made on first use."""
    try:
        buffers: Tuple[_Array, Any] = _local.preset
    except AttributeError:
        buffers = _local.preset = (np.empty(_PRESET_FRAMES * (1 + 17 * _PRESET_LAYERS)), ctypes.create_string_buffer(_PRESET_NAMES))
    return buffers


def eval(request: Mapping[str, Any]) -> Dict[str, Any]:  # noqa: A001 - the protocol's name
    """Answer one eval-protocol request in process (``docs/eval-protocol.md``).

    Parameters
    ----------
    request : dict
        ``{"op": ..., ...}`` (``id`` is echoed).

    Returns
    -------
    dict
        The answer: ``{"id", "ok": True, "result"}`` or ``{"id", "ok": False, "error":
        {"code", "message"}}``. Protocol errors are answers, not exceptions.

    Raises
    ------
    motionkernel.InvalidValue
        Naming the field, when ``request`` is not a dict or holds what JSON cannot carry
        faithfully: NaN, infinities, ints beyond float64 (outside ``id``), non-string keys,
        strings that are not valid Unicode (lone surrogates), other types, nesting deeper than
        128. A request longer than eval's 64 MiB line limit is eval's error answer.
    """
    if not isinstance(request, Mapping):
        raise InvalidValue("", f"expected a dict, got {type(request).__name__}")
    return _eval_json(_json_value(request, ""))


def _eval_json(request: Dict[str, Any]) -> Dict[str, Any]:
    """``eval`` of a request made of JSON types only (``_json_value``'s output)."""
    try:
        text = json.dumps(request, allow_nan=False, separators=(",", ":"), ensure_ascii=False)
        data = text.encode("utf-8")
    except (TypeError, ValueError) as exc:  # an id with an int beyond Python's str conversion limit
        raise InvalidValue("", f"the request is not JSON: {exc}") from None
    answer = ctypes.c_void_p()
    length = ctypes.c_size_t()
    status = lib.mk_eval(data, len(data), ctypes.byref(answer), ctypes.byref(length))
    if status != 0 or not answer.value:
        raise InvalidValue("", "blank request")
    try:
        raw = ctypes.string_at(answer.value, length.value)
    finally:
        lib.mk_free(answer)
    parsed: Dict[str, Any] = json.loads(raw)
    return parsed


#: eval's limits (docs/eval-protocol.md): output numbers per request, spline knots, nesting depth.
_EVAL_MAX_OUTPUT = 10_000_000
_EVAL_MAX_KNOTS = 1_000_000
_EVAL_MAX_LINE_BYTES = 64 << 20
_JSON_MAX_DEPTH = 128
_FLOAT_MAX = float(np.finfo(np.float64).max)


def _json_value(value: Any, path: str, depth: int = 0) -> Any:
    """``value`` as plain JSON types (dict with str keys, list, str, int, float, bool, None;
    tuples and NumPy arrays and scalars converted), refusing with ``InvalidValue`` naming the
    field what JSON cannot carry faithfully: NaN and infinities, ints beyond float64 (except
    under ``id``, which eval echoes verbatim), non-string keys, strings that are not valid
    Unicode (lone surrogates), other types, nesting deeper than eval's parser accepts."""
    t = type(value)
    if t is str:
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise InvalidValue(path, f"not valid Unicode text ({exc.reason} at {exc.start})") from None
        return value
    if t is bool or value is None:
        return value
    if t is float:
        if value != value or value in (math.inf, -math.inf):
            raise InvalidValue(path, f"expected a finite number, got {value}")
        return value
    if t is int:
        if (value > _FLOAT_MAX or value < -_FLOAT_MAX) and path != "id" and not path.startswith(("id.", "id[")):
            raise InvalidValue(path, f"an integer of {value.bit_length()} bits is beyond float64")
        return value
    if depth >= _JSON_MAX_DEPTH:
        raise InvalidValue(path, f"nesting deeper than {_JSON_MAX_DEPTH}")
    if isinstance(value, Mapping):
        out = {}
        for k, v in value.items():
            if type(k) is not str:
                raise InvalidValue(f"{path}.{k!r}" if path else repr(k), f"expected a string key, got {type(k).__name__}")
            key = _json_value(k, f"{path}.{k}" if path else k, depth + 1)
            out[key] = _json_value(v, f"{path}.{k}" if path else k, depth + 1)
        return out
    if t is list or t is tuple:
        return [_json_value(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value)]
    if isinstance(value, (np.ndarray, np.generic)):
        a = np.asarray(value)
        if a.size > _EVAL_MAX_LINE_BYTES // 2:  # at least two bytes per number ("0,"): past eval's line limit
            raise InvalidValue(path, f"an array of {a.size} items does not fit in eval's {_EVAL_MAX_LINE_BYTES}-byte request")
        if a.dtype.kind in "iuf":
            if a.dtype.kind == "f" and a.size:
                bad = np.flatnonzero(~np.isfinite(a.reshape(-1)))
                if bad.size:
                    raise InvalidValue(path, f"expected finite numbers, got {a.reshape(-1)[bad[0]]} at flat index {int(bad[0])}")
            if a.ndim > _JSON_MAX_DEPTH - depth:
                raise InvalidValue(path, f"nesting deeper than {_JSON_MAX_DEPTH}")
            return a.tolist()
        if a.dtype.kind in "bU" or a.dtype == object:
            return _json_value(a.tolist(), path, depth)
        raise InvalidValue(path, f"expected JSON values, got an array of dtype {a.dtype}")
    if isinstance(value, str):  # a str subclass
        return _json_value(str(value), path, depth)
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, numbers.Integral):
        return _json_value(int(value), path, depth)
    if isinstance(value, numbers.Real):
        try:
            return _json_value(float(value), path, depth)
        except (OverflowError, TypeError, ValueError):
            raise InvalidValue(path, f"expected a finite number, got {value!r}") from None
    raise InvalidValue(path, f"expected a JSON value (dict, list, str, number, bool, None), got {t.__name__}")


def _eval_checked(request: Dict[str, Any]) -> Any:
    """The ``result`` of a request made of JSON types only; a protocol error raised typed."""
    answer = _eval_json(request)
    if not answer.get("ok"):
        raise from_answer(answer.get("error", {}))
    return answer["result"]


# MARK: the compiled fast paths


def _bind_fast() -> Tuple[Optional[Callable[..., Any]], ...]:
    """The per-call fast paths of ``motionkernel._fast`` (the compiled extension a wheel or
    ``pip install`` builds), bound to this library's entry points; five Nones when the extension
    is absent (a source checkout on ``PYTHONPATH``) or ``MOTIONKERNEL_PURE_PYTHON`` is set, and the
    general paths alone run. Each fast path returns None for any call it does not take, and the
    general path then runs: the results are the same either way (python/tests/test_fast_paths.py)."""
    import os

    if os.environ.get("MOTIONKERNEL_PURE_PYTHON"):
        return (None,) * 5
    try:
        from . import _fast
    except ImportError:
        return (None,) * 5
    names = ("mk_spring_value_f64", "mk_spring_value_f32", "mk_spring_damping_f64", "mk_transform_build_f64",
             "mk_transform_build_f32", "mk_timing_values_n", "mk_spring_settle_one_f64", "mk_spline_sample_f64")
    addresses = tuple(ctypes.cast(getattr(lib, name), ctypes.c_void_p).value or 0 for name in names)
    try:
        _fast.bind(addresses, np, _EVAL_MAX_KNOTS, _EVAL_MAX_OUTPUT)
    except (ValueError, TypeError, AttributeError):
        return (None,) * 5  # an extension from another version of the package
    return (_fast.spring_batch_one, _fast.transform_build_one, _fast.spring_settle_one, _fast.timing_text, _fast.spline_plain)


_FAST_SPRING_BATCH, _FAST_TRANSFORM_BUILD, _FAST_SETTLE, _FAST_TIMING, _FAST_SPLINE = _bind_fast()


# MARK: released gestures

#: The decay models (eval's ``decay.model``).
DECAY_MODELS = ("uikit", "reactNative", "compose", "androidFling", "motionInertia")
#: uikit's named deceleration rates.
_UIKIT_RATES = {"normal": 0.998, "fast": 0.99}


def _camel_param(name: str) -> str:
    """A parameter name as eval spells it: ``rest_delta`` → ``restDelta`` (camelCase passes)."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def decay(
    times: ArrayLike,
    *,
    model: str,
    from_: ArrayLike = 0.0,
    velocity: ArrayLike,
    dtype: DTypeLike = np.float64,
    out: Optional[FloatArray] = None,
    velocity_out: Optional[FloatArray] = None,
    **params: Any,
) -> FloatArray:
    """Sample N released motions (decays, flings, inertia) at T times.

    Parameters
    ----------
    times : array_like, shape (T,)
        Seconds after the release, each finite and >= 0.
    model : {"uikit", "reactNative", "compose", "androidFling", "motionInertia"}
        The platform's model (the DocC article "After the gesture" and docs/eval-protocol.md,
        "Released gestures", give each one's formulas and sources).
    from_, velocity : float or array_like, shape (N,)
        The value (units) and velocity (units per second) at release.
    dtype : numpy.float32 or numpy.float64
        Output precision (computed in float64).
    out, velocity_out : numpy.ndarray, shape (N, T), optional
        C-contiguous writeable arrays of ``dtype`` written in place.
    **params : float or str or array_like, shape (N,)
        The model's parameters, each shared by the N releases (a number) or one per release (an
        array of N numbers: release i uses element i), named as in eval's ``decay`` object
        (``decelerationRate`` — also ``"normal"`` or ``"fast"`` —, ``restDelta``, ``deceleration``,
        ``frictionMultiplier``, ``absVelocityThreshold``, ``density``, ``friction``, ``power``,
        ``timeConstant`` (seconds), ``min``, ``max``, ``bounceStiffness``, ``bounceDamping``,
        ``restSpeed``, ``snapTo`` (points)) or in snake_case (``rest_delta``).

    Returns
    -------
    numpy.ndarray, shape (N, T)
        The values (``out`` itself when given). N is the length of the arrays among ``from_``,
        ``velocity`` and the parameters (1 when all are scalars).

    Raises
    ------
    motionkernel.Error
        Naming the field: ``decay.model``, ``decay.restDelta`` (also a parameter given twice, as
        ``rest_delta`` and ``restDelta``), ``decay.restDelta[4]``, ``velocity[3]``, ``times[0]``, ``out``.
    """
    dt = _dtype(dtype)
    if type(model) is not str:
        raise InvalidValue("decay.model", f"expected a string, got {type(model).__name__}")
    names: List[bytes] = []
    values: List[float] = []
    per_release: Dict[str, Any] = {}
    snap: Optional[_Array] = None
    seen: Dict[str, str] = {}
    for key, v in params.items():
        name = _camel_param(key)
        if name in seen:
            raise InvalidValue(f"decay.{name}", f"given twice ({seen[name]} and {key})")
        seen[name] = key
        if name == "snapTo":
            snap = _as_f64("decay.snapTo", _raw("decay.snapTo", v, ndim=1, limit=1_000_000))
            continue
        if name == "decelerationRate" and type(v) is str:
            if v not in _UIKIT_RATES:
                raise InvalidValue("decay.decelerationRate", f"expected a number in (0, 1), \"normal\" or \"fast\", got {v!r}")
            v = _UIKIT_RATES[v]
        if not _is_scalar_like(v):
            per_release[name] = v  # one number per release: a column
            continue
        names.append(name.encode("utf-8"))
        values.append(_spec_number(v, f"decay.{name}"))
    if velocity is None:
        raise MissingField("velocity", "is required")
    traw = _raw("times", times, ndim=1)
    n, cols = _columns(dict({"from": from_, "velocity": velocity}, **{f"decay.{k}": v for k, v in per_release.items()}),
                       np.dtype(np.float64), per_row=max(traw.shape[0], 1))
    t = _as_f64("times", traw)
    shape = (n, t.shape[0])
    result = _output("out", out, shape, dt)
    vel = None if velocity_out is None else _output("velocity_out", velocity_out, shape, dt)
    _disjoint("out", result, "velocity_out", vel)
    direct = dt == _F64
    v64 = result if direct else np.empty(shape)
    w64 = vel if (vel is None or direct) else np.empty(shape)
    mname = model.encode("utf-8")
    lengths = (ctypes.c_size_t * max(len(names), 1))(*[len(b) for b in names])
    packed = b"".join(names)
    if per_release:
        # Every parameter as a column of n numbers (the shared ones repeated), parameter p of
        # release i at p*n + i.
        keys = [b.decode("utf-8") for b in names] + list(per_release)
        block = np.empty((len(keys), n))
        for p, key in enumerate(keys):
            block[p] = cols[f"decay.{key}"] if key in per_release else values[p]
        allnames = [k.encode("utf-8") for k in keys]
        lengths = (ctypes.c_size_t * len(allnames))(*[len(b) for b in allnames])
        _call(
            lib.mk_decay_sample_rows_f64, mname, len(mname), len(allnames), b"".join(allnames), ctypes.addressof(lengths),
            _ptr(block), _ptr(snap), 0 if snap is None else snap.shape[0], n, _ptr(cols["from"]), _ptr(cols["velocity"]), _ptr(t),
            t.shape[0], _ptr(v64), _ptr(w64), None, None, None,
        )
    else:
        pvalues = (ctypes.c_double * max(len(values), 1))(*values)
        _call(
            lib.mk_decay_sample_f64, mname, len(mname), len(names), packed, ctypes.addressof(lengths), ctypes.addressof(pvalues),
            _ptr(snap), 0 if snap is None else snap.shape[0], n, _ptr(cols["from"]), _ptr(cols["velocity"]), _ptr(t), t.shape[0],
            _ptr(v64), _ptr(w64), None, None, None,
        )
    if not direct:
        # float64 results that overflow float32 are errors, as eval's "precision": "float" answers them.
        with np.errstate(over="ignore"):
            cast = v64.astype(dt)
            vcast = None if w64 is None else w64.astype(dt)
        for a in (cast, vcast):
            if a is not None and not np.isfinite(a).all():
                i, j = np.argwhere(~np.isfinite(a))[0]
                raise InvalidValue(f"times[{j}]", f"release {i}'s state at t = {t[j]} s is not representable in {dt}")
        result[...] = cast
        if vel is not None:
            vel[...] = vcast
    return result


def velocity_estimate(
    t: ArrayLike, x: ArrayLike, strategy: str = "lsq2", release_time: Optional[ArrayLike] = None
) -> Union[float, Float64Array]:
    """Release velocity from pointer samples, as Android's ``VelocityTracker`` computes it.

    Parameters
    ----------
    t, x : array_like, shape (S,) or (N, S)
        Sample times (seconds, in order) and positions; N tracks of S samples each.
    strategy : {"lsq2", "impulse"}
        AOSP's quadratic least squares over the 100 ms horizon, or its impulse strategy.
    release_time : float or array_like, shape (N,), optional
        When the pointer lifted: more than 40 ms after the last sample means it had stopped
        (velocity 0).

    Returns
    -------
    float or numpy.ndarray, shape (N,)
        Units per second; a float for one track.

    Raises
    ------
    motionkernel.Error
        ``samples`` (fewer than 2), ``samples[i][0]`` (out of order), ``releaseTime``, ``strategy``.
    """
    tr = _raw("samples", t)
    xr = _raw("samples", x)
    if tr.shape != xr.shape or tr.ndim not in (1, 2):
        raise InvalidValue("samples", f"expected t and x of one shape (S,) or (N, S), got {tr.shape} and {xr.shape}")
    one = tr.ndim == 1
    rows, count = (1, tr.shape[0]) if one else tr.shape
    ta, xa = _as_f64("samples", tr), _as_f64("samples", xr)
    release = None
    if release_time is not None:
        release = _as_f64("releaseTime", _raw("releaseTime", release_time))
        if release.ndim == 0:
            release = np.full(rows, release)
        if release.shape != (rows,):
            raise InvalidValue("releaseTime", f"expected a number or {rows} numbers, got shape {release.shape}")
    if type(strategy) is not str:
        raise InvalidValue("strategy", f"expected a string, got {type(strategy).__name__}")
    s = strategy.encode("utf-8")
    out = np.empty(rows)
    _call(lib.mk_velocity_estimate_f64, rows, count, _ptr(ta), _ptr(xa), s, len(s), _ptr(release), _ptr(out))
    return float(out[0]) if one else out


def rubber_band(offset: ArrayLike, dimension: float, coefficient: float = 0.55, inverse: bool = False) -> Union[float, Float64Array]:
    """Rubber banding: the displayed offset for a drag ``offset`` past a bound.

    f(x) = (1 − 1/(abs(x)·c/d + 1))·d with x's sign (d = ``dimension``, c = ``coefficient``), or
    its exact inverse with ``inverse=True``.

    Parameters
    ----------
    offset : float or array_like
        The drag past the bound (or, with ``inverse``, the displayed offset, abs < dimension).
    dimension : float
        The extent along the axis, > 0.
    coefficient : float
        > 0; 0.55 is UIScrollView's feel.
    inverse : bool

    Returns
    -------
    float or numpy.ndarray
        The shape of ``offset``; a float for a number.

    Raises
    ------
    motionkernel.Error
        ``offset`` (``offset[i]``), ``dimension``, ``coefficient``.
    """
    o = _raw("offset", offset)
    oa = _as_f64("offset", o).reshape(-1)
    if type(inverse) is not bool:
        raise InvalidValue("inverse", f"expected True or False, got {inverse!r}")
    d = _spec_number(dimension, "dimension")
    c = _spec_number(coefficient, "coefficient")
    out = np.empty(oa.shape[0])
    _call(lib.mk_rubber_band_f64, oa.shape[0], _ptr(oa), d, c, int(inverse), _ptr(out))
    return float(out[0]) if o.ndim == 0 else out.reshape(o.shape)
