"""spline, keyframes, preset_frames and eval."""

import numpy as np
import pytest
from scipy.interpolate import Akima1DInterpolator, CubicSpline, PchipInterpolator

import motionkernel as mk
from conftest import gamma


def test_cubic_reproduces_a_cubic_polynomial():
    # A not-a-knot cubic spline reproduces any cubic exactly; so do SciPy's (an independent
    # method). p(x) = 1 − 2x + 0.5x² + 0.25x³ on integer knots: every knot value is exact.
    x = np.arange(8.0)
    p = lambda v: 1 - 2 * v + 0.5 * v**2 + 0.25 * v**3  # noqa: E731
    at = np.linspace(-1, 8, 91)
    got = mk.spline("cubic", x, p(x), at)
    # Error bound: the tridiagonal solve is strictly diagonally dominant (‖A⁻¹‖∞·‖A‖∞ ≤ 3),
    # backward stable with relative error γ₃ₙ per coefficient; evaluation is a degree-3 Horner
    # rule, γ₆ of Σ|cᵢ||h|ⁱ. Both scaled by the largest term magnitude S = Σ|coefficients|·|x|ⁱ.
    scale = 1 + 2 * np.abs(at) + 0.5 * at**2 + 0.25 * np.abs(at) ** 3
    assert np.all(np.abs(got - p(at)) <= (3 * gamma(3 * len(x), np.float64) + gamma(6, np.float64)) * 8 * scale)


@pytest.mark.parametrize("kind, ref", [("cubic", CubicSpline), ("pchip", PchipInterpolator), ("akima", Akima1DInterpolator)])
def test_matches_scipy(kind, ref):
    x = np.array([0.0, 0.5, 1.3, 2.0, 3.1, 4.0, 5.5])
    y = np.array([0.0, 1.0, 0.3, -0.7, 2.0, 2.2, 0.1])
    at = np.linspace(0, 5.5, 57)
    got = mk.spline(kind, x, y, at)
    want = ref(x, y)(at)
    # Both sides evaluate the same piecewise cubic from coefficients computed with O(n) roundings
    # of data of size ≤ max|y| and slopes ≤ max|Δy/Δx|; 64·n·u of that scale bounds the two
    # computations together (the solve is diagonally dominant; pchip/akima are local formulas).
    s = np.max(np.abs(y)) + np.max(np.abs(np.diff(y) / np.diff(x))) * np.max(np.diff(x))
    assert np.all(np.abs(got - want) <= 64 * len(x) * gamma(1, np.float64) * s)


def test_channels_and_derivative_shape():
    x = np.arange(5.0)
    y = np.c_[x, 2 * x]  # linear data: every kind reproduces it
    at = np.array([0.5, 1.5, 3.25])
    got = mk.spline("pchip", x, y, at)
    assert got.shape == (3, 2)
    assert np.all(np.abs(got - np.c_[at, 2 * at]) <= 8 * gamma(4, np.float64) * (1 + 2 * at[:, None]))
    d = mk.spline("cubic", x, x**2, at, derivative=1)
    assert np.all(np.abs(d - 2 * at) <= 64 * gamma(3 * len(x), np.float64) * 16)


def test_spline_errors_name_fields():
    with pytest.raises(mk.InvalidValue) as e:
        mk.spline("cubic", [0, 1, 1, 3], [0, 1, 0, 1], [0.5])
    assert e.value.field == "spline.x[2]"
    with pytest.raises(mk.InvalidValue) as e:
        mk.spline("cubic", [0, 1, 2], [0, 1, 0], [0.5, np.inf])
    assert e.value.field == "at[1]"


def test_keyframes_linear_closed_form():
    got = mk.keyframes([0.0, 10.0, 5.0], [0.0, 0.25, 0.5, 0.75, 1.0])
    assert np.array_equal(got, [0.0, 5.0, 10.0, 7.5, 5.0])
    v = mk.keyframes([[0.0, 1.0], [2.0, 3.0]], [0.5], key_times=[0.0, 1.0])
    assert v.shape == (1, 2) and np.array_equal(v, [[1.0, 2.0]])
    # Discrete without keyTimes: n values hold for 1/n of the time each (CAKeyframeAnimation).
    d = mk.keyframes([0.0, 1.0, 2.0], [0.2, 0.5, 0.9], calculation_mode="discrete")
    assert np.array_equal(d, [0.0, 1.0, 2.0])


def test_preset_frames_and_eval():
    listing = mk.eval({"op": "presets.list", "id": 7})
    assert listing["ok"] and listing["id"] == 7
    name = listing["result"][0]["name"]
    fr = mk.preset_frames(name, fps=30)
    assert fr["time"][0] == 0.0 and fr["time"][-1] == fr["duration"]
    layer = [k for k in fr if k.endswith(".transform")][0]
    assert fr[layer].shape == (len(fr["time"]), 16)
    bad = mk.eval({"op": "nope"})
    assert bad["ok"] is False and bad["error"]["code"] == "unknownOp"
    with pytest.raises(mk.Error) as e:
        mk.preset_frames("no-such-preset")
    assert e.value.field == "preset"
    with pytest.raises(mk.InvalidValue):
        mk.eval({"op": "timing.sample", "at": [float("nan")]})
