"""A user's script that calls every public function of :mod:`motionkernel` (and
:mod:`motionkernel.dask`), checked by ``mypy --strict`` (``test_typing.py``) and also run.

``assert_type`` pins what a type checker infers for each result: the package's annotations, as
PEP 561 (``py.typed``) publishes them.
"""

from __future__ import annotations

import sys
from typing import Any, Dict, Union

import dask.array as da
import numpy as np
from numpy.typing import NDArray

import motionkernel as mk

if sys.version_info >= (3, 11):
    from typing import assert_type
else:  # pragma: no cover - the test venv runs 3.11 or later
    from typing_extensions import assert_type

FloatArray = NDArray[np.floating[Any]]


def springs() -> None:
    """spring_batch, spring_settle and spring_convert."""
    times = np.arange(0.0, 1.0, 1 / 60)
    values = mk.spring_batch(times, stiffness=[100.0, 200.0], damping_ratio=0.7, dtype=np.float64, threads=2)
    assert_type(values, FloatArray)
    velocities = np.empty_like(values)
    again = mk.spring_batch(times, stiffness=np.array([100.0, 200.0]), damping=10.0, mass=1.0, from_=0.0, to=1.0,
                            velocity=0.0, dtype=np.float64, out=np.empty_like(values), velocity_out=velocities)
    assert_type(again, FloatArray)
    settle = mk.spring_settle(stiffness=100.0, damping=10.0, epsilon=1e-3, threads=1)
    assert_type(settle, Union[float, NDArray[np.float64]])
    converted = mk.spring_convert(stiffness=100.0, damping_ratio=0.5)
    assert_type(converted, Dict[str, float])
    print("spring", values.shape, float(settle) if isinstance(settle, float) else settle.shape, converted["damping"])


def curves() -> None:
    """timing, spline and keyframes."""
    eased = mk.timing("ease-in-out", [0.0, 0.5, 1.0])
    assert_type(eased, NDArray[np.float64])
    by_object = mk.timing({"steps": 4, "position": "start"}, np.linspace(0, 1, 5))
    assert_type(by_object, NDArray[np.float64])
    curve = mk.spline("cubic", [0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 0.0, 1.0], [0.5, 1.5], boundary="natural", derivative=1)
    assert_type(curve, NDArray[np.float64])
    sampled = mk.keyframes([0.0, 10.0, 5.0], [0.0, 0.25, 1.0], key_times=[0.0, 0.5, 1.0], calculation_mode="linear",
                           timing_functions=["easeIn", "easeOut"])
    assert_type(sampled, NDArray[np.float64])
    print("curves", eased.shape, by_object.shape, curve.shape, sampled.shape)


def transforms() -> None:
    """transform_build, transform_apply (Cartesian and homogeneous) and transform_interpolate."""
    matrices = mk.transform_build(tx=[0.0, 10.0], ty=5.0, angle=0.5, scale=[1.0, 2.0], dtype=np.float64)
    assert_type(matrices, FloatArray)
    flat = mk.transform_apply(matrices[0], [[1.0, 2.0], [3.0, 4.0]])
    assert_type(flat, FloatArray)
    homogeneous = mk.transform_apply(matrices[1].reshape(4, 4), np.ones((3, 4)), out=np.empty((3, 4)))
    assert_type(homogeneous, FloatArray)
    halfway = mk.transform_interpolate(matrices[:1], matrices[1:], 0.5)
    assert_type(halfway, FloatArray)
    print("transforms", flat.shape, homogeneous.shape, halfway.shape)


def presets_and_eval() -> None:
    """preset_frames, eval, the error types and the constants."""
    frames = mk.preset_frames("pop", fps=30)
    assert_type(frames, Dict[str, Any])
    answer = mk.eval({"id": 1, "op": "presets.list"})
    assert_type(answer, Dict[str, Any])
    try:
        mk.spring_batch([0.0], stiffness=-1.0, damping=1.0)
    except mk.InvalidValue as e:
        assert_type(e.code, str)
        assert_type(e.field, str)
        assert_type(e.reason, str)
        print("error", e.code, e.field)
    errors: tuple[type[mk.Error], ...] = (mk.Error, mk.InvalidValue, mk.MissingField, mk.Unsupported)
    limit: int = mk.MAX_OUTPUT_NUMBERS
    version: str = mk.__version__
    print("presets", len(frames), answer["ok"], len(errors), limit, version)


def released_gestures() -> None:
    """decay, velocity_estimate and rubber_band."""
    t = np.linspace(0.0, 1.0, 5)
    values = mk.decay(t, model="uikit", from_=0.0, velocity=np.array([1000.0, -400.0]), decelerationRate="fast")
    assert_type(values, NDArray[np.floating[Any]])
    inertia = mk.decay(t, model="motionInertia", velocity=300.0, max=50.0, snapTo=[0.0, 100.0], dtype=np.float32)
    v = mk.velocity_estimate([0.0, 0.01, 0.02], [0.0, 5.0, 10.0], "impulse", release_time=0.02)
    assert_type(v, Union[float, NDArray[np.float64]])
    band = mk.rubber_band(400.0, 960.0, coefficient=0.55, inverse=False)
    assert_type(band, Union[float, NDArray[np.float64]])
    print("gestures", values.shape, inertia.dtype, v, band)


def with_dask() -> None:
    """motionkernel.dask, reached as an attribute of the package (imported on first use). The
    inputs are NumPy arrays (one chunk): dask's own ``from_array`` carries no annotations, so a
    strict script cannot call it directly."""
    stiffness = np.array([100.0, 200.0, 300.0])
    lazy = mk.dask.spring_batch(np.linspace(0.0, 1.0, 4), stiffness=stiffness, damping=10.0)
    assert_type(lazy, da.Array)
    built = mk.dask.transform_build(tx=stiffness, dtype=np.float64)
    assert_type(built, da.Array)
    curve = mk.dask.spline("pchip", [0.0, 1.0, 2.0], [0.0, 1.0, 4.0], np.array([0.5, 1.5]))
    assert_type(curve, da.Array)
    print("dask", np.asarray(lazy).shape, np.asarray(built).shape, np.asarray(curve).shape)


if __name__ == "__main__":
    springs()
    curves()
    transforms()
    presets_and_eval()
    released_gestures()
    with_dask()
