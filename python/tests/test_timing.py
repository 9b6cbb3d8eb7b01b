"""timing(): CSS strings, Core Animation names and protocol objects against closed forms."""

import numpy as np
import pytest

import motionkernel as mk
from conftest import U64, gamma


def bezier_reference(x1, y1, x2, y2, x):
    """y at each x in [0, 1] by bisection on x(t) (monotone for x1, x2 in [0, 1]), 200 steps:
    exact to the float64 rounding of x(t)."""
    x = np.asarray(x, dtype=np.float64)
    lo, hi = np.zeros_like(x), np.ones_like(x)

    def bx(t):
        return 3 * (1 - t) ** 2 * t * x1 + 3 * (1 - t) * t**2 * x2 + t**3

    for _ in range(200):
        mid = (lo + hi) / 2
        below = bx(mid) < x
        lo, hi = np.where(below, mid, lo), np.where(below, hi, mid)
    t = (lo + hi) / 2
    return 3 * (1 - t) ** 2 * t * y1 + 3 * (1 - t) * t**2 * y2 + t**3


@pytest.mark.parametrize(
    "spec, points",
    [("ease", (0.25, 0.1, 0.25, 1.0)), ("default", (0.25, 0.1, 0.25, 1.0)),
     ("cubic-bezier(0.3, 0.2, 0.6, 0.9)", (0.3, 0.2, 0.6, 0.9)),
     ({"cubicBezier": [0.3, 0.2, 0.6, 0.9]}, (0.3, 0.2, 0.6, 0.9))],
)
def test_cubic_bezier_within_documented_solve_tolerance(spec, points):
    x1, y1, x2, y2 = points
    x = np.linspace(0, 1, 101)
    got = mk.timing(spec, x)
    ref = bezier_reference(*points, x)
    # Solved to 1e-7 in x (eval protocol): |Δy| ≤ max|y'(t)| / min|x'(t)| · 1e-7. Bernstein
    # hull bounds: |y'| ≤ 3·max(|y1|, |y2 − y1|, |1 − y2|); x'(t) = 3[(1−t)²x1 + 2t(1−t)(x2−x1)
    # + t²(1−x2)]; with x2 ≥ x1 the middle term is ≥ 0, and a(1−t)² + c·t² ≥ a·c/(a + c)
    # (its minimum over t), a = x1, c = 1 − x2.
    ymax = 3 * max(abs(y1), abs(y2 - y1), abs(1 - y2))
    assert x2 >= x1
    xmin = 3 * x1 * (1 - x2) / (x1 + 1 - x2)
    assert np.all(np.abs(got - ref) <= ymax / xmin * 1e-7 + gamma(16, np.float64))


def test_steps_and_linear_are_exact():
    x = np.array([0.0, 0.1, 0.25, 0.49, 0.5, 0.99, 1.0])
    assert np.array_equal(mk.timing("steps(4, jump-end)", x), np.floor(x * 4) / 4)
    assert np.array_equal(mk.timing({"steps": 4}, x), np.floor(x * 4) / 4)
    assert np.array_equal(mk.timing("step-start", [0.0, 0.5, 1.0]), [1.0, 1.0, 1.0])
    assert np.array_equal(mk.timing("linear", x), x)
    # linear(0, 0.25 50%, 1): numpy.interp through (0,0), (0.5,0.25), (1,1); per point one
    # subtraction, division, product and add on each side: γ₄·(|y| + slope·|x|) each.
    ref = np.interp(x, [0, 0.5, 1], [0, 0.25, 1])
    assert np.all(np.abs(mk.timing("linear(0, 0.25 50%, 1)", x) - ref) <= 2 * gamma(4, np.float64) * (1 + 1.5 * np.abs(x)))


def test_shape_kept_and_extrapolation():
    x = np.array([[-0.5, 0.0], [1.0, 1.5]])
    y = mk.timing("linear(0, 1)", x)
    assert y.shape == (2, 2) and np.array_equal(y, x)


def test_spring_timing_goes_through_protocol():
    y = mk.timing({"spring": {"stiffness": 100, "damping": 20}}, [0.0, 1.0])
    assert y[0] == 0.0 and abs(y[1] - 1) <= 1e-3 + 8 * U64  # settles to ε = 0.001 at u = 1


def test_errors_name_fields():
    with pytest.raises(mk.InvalidValue) as e:
        mk.timing("cubic-bezier(2, 0, 1, 1)", [0.5])
    assert e.value.field == "timing"
    with pytest.raises(mk.InvalidValue) as e:
        mk.timing({"cubicBezier": [2, 0, 1, 1]}, [0.5])
    assert e.value.field == "timing.cubicBezier[0]"
    with pytest.raises(mk.InvalidValue) as e:
        mk.timing("ease", [0.5, np.nan])
    assert e.value.field == "at[1]"
