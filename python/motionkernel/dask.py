"""Dask versions of the bulk functions: inputs chunked along rows, outputs built lazily with
``map_blocks`` (meta, dtype and chunks declared; nothing runs until ``.compute()``).

Every block calls the in-process function on its rows, and each row's numbers depend only on
its own inputs, so the results are bit-identical to the single-process call for any chunking.
Blocks may run on any worker of a ``distributed`` cluster that has ``motionkernel`` installed.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, FrozenSet, List, Optional, Sequence, Tuple, Union

import dask.array as da
import numpy as np
from numpy.typing import ArrayLike, DTypeLike, NDArray

import re

from . import _api
from ._errors import Error, InvalidValue

__all__ = ["spring_batch", "transform_build", "spline"]

#: A column: a number, a NumPy array (or anything ``numpy.asarray`` reads) or a Dask array.
DaskArrayLike = Union[ArrayLike, da.Array]

# dask.array's from_array and map_blocks carry no annotations: they are called through these
# names, and their results are annotated as dask.array.Array where they are used.
_from_array: Any = da.from_array
_map_blocks: Any = da.map_blocks


def _rows(named: Dict[str, Any]) -> Tuple[Optional[Tuple[int, ...]], Dict[str, Any]]:
    """The row chunks of the first Dask (or NumPy) 1-D argument; the others rechunked to them.
    Scalars and None stay as they are."""
    chunks = None
    n = None
    for name, v in named.items():
        if v is not None and not isinstance(v, da.Array):
            named[name] = v = _api._raw(name, v)  # checked (type, size) without conversion
        if v is None or np.ndim(v) == 0:
            continue
        if np.ndim(v) != 1:
            raise InvalidValue(name, f"expected a number or a 1-dimensional array, got shape {np.shape(v)}")
        if n is None:
            n, first = v.shape[0] if hasattr(v, "shape") else len(v), name
        elif (v.shape[0] if hasattr(v, "shape") else len(v)) != n:
            raise InvalidValue(name, f"has {len(v)} items; expected {n} (as {first})")
        if isinstance(v, da.Array) and chunks is None:
            chunks = v.chunks[0]
    if n is None:
        return None, named
    if chunks is None:
        chunks = (n,)
    out = {}
    for name, v in named.items():
        if v is None or np.ndim(v) == 0:
            out[name] = v
        else:
            a = v if isinstance(v, da.Array) else _from_array(np.asarray(v), chunks=(chunks,))
            out[name] = a.rechunk((chunks,))
    return chunks, out


def _split(named: Dict[str, Any]) -> Tuple[List[str], List[da.Array], Dict[str, Any]]:
    """The Dask arrays of ``named`` (their names, in order, and the arrays) and the rest."""
    arrays: List[da.Array] = []
    names: List[str] = []
    scalars: Dict[str, Any] = {}
    for name, v in named.items():
        if isinstance(v, da.Array):
            names.append(name)
            arrays.append(v)
        else:
            scalars[name] = v
    return names, arrays, scalars


_ROW_FIELD = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\[([0-9]+)\](.*)$")


def _global_rows(call: Callable[[], NDArray[Any]], block_info: Optional[Dict[Any, Any]], rows: FrozenSet[str]) -> NDArray[Any]:
    """Runs ``call()`` for one block; an error naming row i of a chunked argument (a name in
    ``rows``: ``stiffness[1]``) is re-raised naming the global row (``stiffness[3]`` when the
    block starts at row 2), as the in-process call over all rows would."""
    try:
        return call()
    except Error as e:
        m = _ROW_FIELD.match(e.field)
        if m is None or m.group(1) not in rows or not block_info or None not in block_info:
            raise
        start = block_info[None]["array-location"][0][0]
        raise type(e)(f"{m.group(1)}[{int(m.group(2)) + start}]{m.group(3)}", e.reason) from None


def _spring_block(
    *blocks: NDArray[Any], names: Sequence[str], scalars: Dict[str, Any], times: NDArray[Any], out_dtype: np.dtype[Any],
    threads: int, block_info: Optional[Dict[Any, Any]] = None,
) -> NDArray[Any]:
    kwargs = dict(scalars)
    kwargs.update(zip(names, blocks))
    # Row fields of spring_batch's errors (the kernel's names: from_ is "from").
    rows = frozenset(n.rstrip("_") for n in names) | (frozenset(("damping",)) if "damping_ratio" in names else frozenset())
    return _global_rows(lambda: _api.spring_batch(times, dtype=out_dtype, threads=threads, **kwargs), block_info, rows)


def spring_batch(
    times: ArrayLike, *, stiffness: DaskArrayLike, damping: Optional[DaskArrayLike] = None,
    damping_ratio: Optional[DaskArrayLike] = None, mass: DaskArrayLike = 1.0, from_: DaskArrayLike = 0.0,
    to: DaskArrayLike = 1.0, velocity: DaskArrayLike = 0.0, dtype: DTypeLike = np.float32, threads: int = 1,
) -> da.Array:
    """:func:`motionkernel.spring_batch` over Dask arrays chunked along springs.

    Parameters
    ----------
    times : array_like, shape (T,)
        Sample times (a NumPy array; shipped whole to every block).
    stiffness, damping, damping_ratio, mass, from_, to, velocity : scalar or 1-D array
        As in :func:`motionkernel.spring_batch`; Dask arrays of length N set the row chunks
        (the first one's chunks; the others are rechunked to match).
    dtype, threads
        As in :func:`motionkernel.spring_batch` (``threads`` per block).

    Returns
    -------
    dask.array.Array, shape (N, T), chunks (row chunks, (T,))
        Lazy values.

    Raises
    ------
    motionkernel.Error
        Shape mismatches and a bad dtype at once; value errors when computed.
    """
    dt = _api._dtype(dtype)
    t = _api._array("times", times, dt, ndim=1)
    chunks, named = _rows(
        {"stiffness": stiffness, "damping": damping, "damping_ratio": damping_ratio, "mass": mass,
         "from_": from_, "to": to, "velocity": velocity}
    )
    if chunks is None:
        whole: da.Array = _from_array(_api.spring_batch(t, dtype=dt, threads=threads, **named), chunks=-1)
        return whole
    names, arrays, scalars = _split(named)
    lazy: da.Array = _map_blocks(
        _spring_block, *arrays, names=names, scalars=scalars, times=t, out_dtype=dt, threads=threads, dtype=dt,
        chunks=(chunks, (t.shape[0],)), new_axis=1, meta=np.empty((0, 0), dtype=dt),
    )
    return lazy


def _build_block(
    *blocks: NDArray[Any], names: Sequence[str], scalars: Dict[str, Any], out_dtype: np.dtype[Any],
    block_info: Optional[Dict[Any, Any]] = None,
) -> NDArray[Any]:
    kwargs = dict(scalars)
    kwargs.update(zip(names, blocks))
    return _global_rows(lambda: _api.transform_build(dtype=out_dtype, **kwargs), block_info, frozenset(names))


def transform_build(
    tx: Optional[DaskArrayLike] = None, ty: Optional[DaskArrayLike] = None, angle: Optional[DaskArrayLike] = None,
    scale: Optional[DaskArrayLike] = None, *, dtype: DTypeLike = np.float32,
) -> da.Array:
    """:func:`motionkernel.transform_build` over Dask arrays chunked along objects.

    Returns
    -------
    dask.array.Array, shape (N, 16), chunks (row chunks, (16,))
    """
    dt = _api._dtype(dtype)
    chunks, named = _rows({"tx": tx, "ty": ty, "angle": angle, "scale": scale})
    if chunks is None:
        whole: da.Array = _from_array(_api.transform_build(dtype=dt, **named), chunks=-1)
        return whole
    names, arrays, scalars = _split(named)
    lazy: da.Array = _map_blocks(
        _build_block, *arrays, names=names, scalars=scalars, out_dtype=dt, dtype=dt,
        chunks=(chunks, (16,)), new_axis=1, meta=np.empty((0, 0), dtype=dt),
    )
    return lazy


def _spline_block(
    at: NDArray[Any], *, kind: str, x: NDArray[Any], y: NDArray[Any], options: Dict[str, Any],
    block_info: Optional[Dict[Any, Any]] = None,
) -> NDArray[Any]:
    return _global_rows(lambda: _api.spline(kind, x, y, at, **options), block_info, frozenset(("at",)))


def spline(
    kind: str, x: ArrayLike, y: ArrayLike, at: DaskArrayLike, *, boundary: Optional[Union[str, Sequence[Any]]] = None,
    derivative: int = 0, alpha: Optional[float] = None,
) -> da.Array:
    """:func:`motionkernel.spline` with the evaluation points ``at`` a Dask array (chunked along
    points); the knots ``x``, ``y`` are NumPy arrays shipped whole to every block.

    Returns
    -------
    dask.array.Array of float64, shape (M,) or (M, C)
    """
    xa = _api._array("spline.x", x, np.dtype(np.float64), ndim=1)
    ya = _api._array("spline.y", y, np.dtype(np.float64))
    if ya.ndim not in (1, 2):
        raise InvalidValue("spline.y", f"expected shape (K,) or (K, C), got {ya.shape}")
    points: Any  # a dask.array.Array (whose astype carries no annotations)
    if isinstance(at, da.Array):
        points = at
    else:
        points = _from_array(_api._array("at", at, np.dtype(np.float64), ndim=1), chunks=-1)
    if points.ndim != 1:
        raise InvalidValue("at", f"expected a 1-dimensional array, got shape {points.shape}")
    points = points.astype(np.float64)
    options = {"boundary": boundary, "derivative": derivative, "alpha": alpha}
    lazy: da.Array
    if ya.ndim == 1:
        lazy = _map_blocks(_spline_block, points, kind=kind, x=xa, y=ya, options=options, dtype=np.float64,
                           chunks=points.chunks, meta=np.empty((0,), dtype=np.float64))
    else:
        lazy = _map_blocks(_spline_block, points, kind=kind, x=xa, y=ya, options=options, dtype=np.float64,
                           chunks=(points.chunks[0], (ya.shape[1],)), new_axis=1, meta=np.empty((0, 0), dtype=np.float64))
    return lazy
