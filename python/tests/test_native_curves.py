"""spline, keyframes and TimingSpec objects through the typed curve entry points
(mk_spline_sample_f64, mk_keyframes_sample_f64, mk_timing_spec_values): bit for bit what eval
answers for the same request, SciPy's splines within derived bounds, and eval's errors."""

import ctypes

import numpy as np
import pytest
from scipy.interpolate import Akima1DInterpolator, CubicSpline

import motionkernel as mk
from conftest import gamma
from motionkernel import _lib
from motionkernel._lib import MKError, MKSplineEnd, MKTimingSpec, lib

X = [0.0, 0.5, 1.3, 2.0, 3.1, 4.0, 5.5]
Y = [0.0, 1.0, 0.3, -0.7, 2.0, 2.2, 0.1]
Y2 = [[0.0, 1.0], [1.0, -2.0], [0.3, 0.5], [-0.7, 0.0], [2.0, 1.5], [2.2, -1.0], [0.1, 0.25]]
# Inside, on the knots and outside (extrapolation), with a negative-zero input.
AT = [-1.0, -0.0, 0.0, 0.25, 0.5, 1.0, 2.0, 2.9, 3.1, 4.7, 5.5, 6.5]


def bits(a):
    """The float64 bit patterns of ``a`` (so that -0.0 and 0.0 differ and NaN equals itself)."""
    return np.ascontiguousarray(np.asarray(a, dtype=np.float64)).view(np.uint64)


def eval_result(op, **fields):
    answer = mk.eval({"op": op, **fields})
    assert answer["ok"], answer
    return np.asarray(answer["result"], dtype=np.float64)


def eval_error(op, **fields):
    answer = mk.eval({"op": op, **fields})
    assert answer["ok"] is False, answer
    return answer["error"]


# MARK: bit for bit with eval


SPLINES = [
    ("cubic", {}), ("pchip", {}), ("akima", {}), ("makima", {}), ("catmullRom", {}), ("catmullRom", {"alpha": 0.0}),
    ("catmullRom", {"alpha": 1.0}), ("cubic", {"boundary": "natural"}), ("cubic", {"boundary": "clamped"}),
    ("cubic", {"boundary": "notAKnot"}), ("cubic", {"boundary": ["natural", [1, 0.5]]}),
    ("cubic", {"boundary": [[2, -1], "clamped"]}), ("cubic", {"boundary": [[1, 2.0], [2, -3.0]]}),
]


@pytest.mark.parametrize("kind, options", SPLINES)
@pytest.mark.parametrize("derivative", [0, 1, 2])
def test_spline_scalar_items_bit_for_bit_with_eval(kind, options, derivative):
    got = mk.spline(kind, X, Y, AT, derivative=derivative, **options)
    want = eval_result("spline.sample", spline={"kind": kind, "x": X, "y": Y, **options}, at=AT, derivative=derivative)
    assert got.shape == (len(AT),) and got.dtype == np.float64
    assert np.array_equal(bits(got), bits(want))


@pytest.mark.parametrize("kind, options", SPLINES[:7] + [
    ("cubic", {"boundary": [[1, [0.5, -1.0]], [2, [0.0, 3.0]]]}), ("cubic", {"boundary": ["natural", [1, 2.0]]}),
])
@pytest.mark.parametrize("derivative", [0, 2])
def test_spline_vector_items_bit_for_bit_with_eval(kind, options, derivative):
    got = mk.spline(kind, np.array(X), np.array(Y2), np.array(AT), derivative=derivative, **options)
    want = eval_result("spline.sample", spline={"kind": kind, "x": X, "y": Y2, **options}, at=AT, derivative=derivative)
    assert got.shape == (len(AT), 2)
    assert np.array_equal(bits(got), bits(want))


def test_spline_periodic_and_inputs_of_every_form():
    y = [0.0, 1.0, -0.5, 0.25, 0.0]
    x = [0, 1, 2, 3, 5]
    want = eval_result("spline.sample", spline={"kind": "cubic", "x": x, "y": y, "boundary": "periodic"}, at=AT)
    for xs, ys, ats in [(x, y, AT), (np.array(x, dtype=np.int64), np.array(y, dtype=np.float32).astype(np.float64), tuple(AT)),
                        (np.array(x)[::-1][::-1], np.array(y), np.array(AT)[::1])]:
        assert np.array_equal(bits(mk.spline("cubic", xs, ys, ats, boundary="periodic")), bits(want))
    # Empty at, numpy scalars for the options.
    assert mk.spline("catmullRom", X, Y, [], alpha=np.float64(0.5), derivative=np.int64(1)).shape == (0,)
    assert mk.spline("cubic", X, Y2, np.array([], dtype=np.float64)).shape == (0, 2)


KEYFRAMES = [
    {}, {"calculationMode": "discrete"}, {"calculationMode": "paced"}, {"calculationMode": "cubic"},
    {"calculationMode": "cubicPaced"}, {"keyTimes": [0, 0.2, 0.7, 1]},
    {"keyTimes": [0, 0.2, 0.7, 1], "calculationMode": "discrete"},
    {"timingFunctions": ["easeIn", {"cubicBezier": [0.1, 0.7, 0.9, 0.2]}, {"steps": 3, "position": "jump-both"}]},
    {"timingFunctions": [{"spring": {"stiffness": 200, "damping": 12}, "initialVelocity": 1.5}, "steps(2, start)",
                         {"spring": {"duration": 0.4, "bounce": 0.3}}], "keyTimes": [0, 0.1, 0.5, 1]},
    {"timingFunctions": [{"steps": 4.0}, "linear(0, 0.25 75%, 1)", {"spring": {"response": 0.5, "dampingRatio": 0.6}}],
     "calculationMode": "cubic"},
]
KAT = [-0.5, 0.0, 0.05, 0.1, 0.3, 0.5, 0.55, 0.7, 0.99, 1.0, 3.0]


def _snake(options):
    names = {"keyTimes": "key_times", "calculationMode": "calculation_mode", "timingFunctions": "timing_functions"}
    return {names[k]: v for k, v in options.items()}


@pytest.mark.parametrize("options", KEYFRAMES)
@pytest.mark.parametrize("values", [[0.0, 10.0, -5.0, 2.5], [[0.0, 1.0, 2.0], [10.0, -1.0, 0.5], [-5.0, 4.0, 4.0], [2.5, 0.0, -2.0]]])
def test_keyframes_bit_for_bit_with_eval(options, values):
    got = mk.keyframes(values, KAT, **_snake(options))
    want = eval_result("keyframes.sample", keyframes={"values": values, **options}, at=KAT)
    assert got.shape == want.shape
    assert np.array_equal(bits(got), bits(want))


def test_keyframes_empty_key_times_and_timing_functions_are_present():
    # An empty list is given, not absent: key times are then wrong for 2 values (eval's error),
    # and no timing functions is linear (eval's result).
    with pytest.raises(mk.Error) as e:
        mk.keyframes([0.0, 1.0], [0.5], key_times=[])
    err = eval_error("keyframes.sample", keyframes={"values": [0.0, 1.0], "keyTimes": []}, at=[0.5])
    assert (e.value.code, str(e.value)) == (err["code"], err["message"])
    got = mk.keyframes([0.0, 1.0], [0.25], timing_functions=[])
    assert np.array_equal(bits(got), bits(eval_result("keyframes.sample", keyframes={"values": [0.0, 1.0], "timingFunctions": []}, at=[0.25])))


TIMINGS = [
    {"cubicBezier": [0.25, 0.1, 0.25, 1.0]}, {"cubicBezier": [0.5, -2.0, 0.5, 3.0]}, {"steps": 4}, {"steps": 3, "position": "start"},
    {"steps": 2, "position": "jump-none"}, {"steps": 5, "position": "jump-both"}, {"steps": 3, "position": None},
    {"spring": {"stiffness": 100, "damping": 10}}, {"spring": {"stiffness": 300, "damping": 8, "mass": 2}, "initialVelocity": -2},
    {"spring": {"stiffness": 100, "dampingRatio": 0.5}}, {"spring": {"response": 0.3, "dampingRatio": 0.8}},
    {"spring": {"duration": 0.5, "bounce": 0.25}}, {"spring": {"duration": 0.5}}, {"spring": {"tension": 170, "friction": 26}},
    {"spring": {"bounciness": 10, "speed": 12}}, {"spring": {"visualDuration": 0.3, "bounce": 0.2}},
    {"spring": {"stiffness": 100, "damping": 10, "mass": None}, "initialVelocity": None}, "ease", "steps(3, jump-start)",
]
TAT = [-0.5, -0.0, 0.0, 0.1, 1 / 3, 0.5, 2 / 3, 0.9, 1.0, 1.5]


def _timing_json(spec, x):
    """``mk_timing_values_json`` (the C ABI's JSON path) on the same spec, as the package called it before."""
    import json

    data = json.dumps(spec).encode()
    x = np.asarray(x, dtype=np.float64)
    out = np.empty_like(x)
    err = MKError()
    assert lib.mk_timing_values_json(data, len(data), x.ctypes.data, x.size, out.ctypes.data, ctypes.byref(err)) == 0
    return out


@pytest.mark.parametrize("spec", TIMINGS)
def test_timing_objects_bit_for_bit_with_the_json_path_and_eval(spec):
    got = mk.timing(spec, TAT)
    assert np.array_equal(bits(got), bits(_timing_json(spec, TAT)))
    # eval's answer writes a zero as +0 (timing.sample adds 0): equal as numbers.
    assert np.array_equal(got, eval_result("timing.sample", timing=spec, at=TAT))
    # A 2-D input keeps its shape.
    assert mk.timing(spec, np.array(TAT).reshape(2, 5)).shape == (2, 5)


# MARK: SciPy references


def _scale(x, y):
    """max|y| + max slope × longest interval: the size of every coefficient term (see below)."""
    y = np.asarray(y).reshape(len(x), -1)
    return np.max(np.abs(y)) + np.max(np.abs(np.diff(y, axis=0)) / np.diff(x)[:, None]) * np.max(np.diff(x))


# Both sides build a piecewise cubic from O(n) roundings of data of size ≤ S = _scale (the cubic
# solve is strictly diagonally dominant, ‖A⁻¹‖∞‖A‖∞ ≤ 3; the others are local formulas) and
# evaluate it by Horner's rule: 64·n·u·S bounds both together for the values; the k-th
# derivative divides by h^k (h the shortest interval), at most 3·h⁻ᵏ more.
def _bound(x, y, derivative):
    h = np.min(np.diff(x))
    return 64 * len(x) * gamma(1, np.float64) * _scale(x, y) * (3 / h**derivative if derivative else 1)


@pytest.mark.parametrize("derivative", [0, 1, 2])
@pytest.mark.parametrize("boundary, bc_type", [
    ("natural", "natural"), ("clamped", "clamped"), (["natural", [1, 0.5]], ((2, 0.0), (1, 0.5))),
    ([[2, -1.0], [1, 2.0]], ((2, -1.0), (1, 2.0))),
])
def test_cubic_boundaries_match_scipy(boundary, bc_type, derivative):
    x, y = np.array(X), np.array(Y)
    at = np.linspace(-0.5, 6.0, 53)
    got = mk.spline("cubic", x, y, at, boundary=boundary, derivative=derivative)
    want = CubicSpline(x, y, bc_type=bc_type)(at, derivative)
    assert np.all(np.abs(got - want) <= _bound(x, y, derivative) * (1 + np.abs(at) ** 3))


def test_periodic_and_vector_boundaries_match_scipy():
    x = np.array([0.0, 0.7, 1.5, 2.2, 3.0])
    y = np.c_[[0.0, 1.0, -0.5, 0.3, 0.0], [1.0, 0.0, 2.0, -1.0, 1.0]]
    at = np.linspace(0, 3, 31)
    got = mk.spline("cubic", x, y, at, boundary="periodic")
    assert np.all(np.abs(got - CubicSpline(x, y, bc_type="periodic")(at)) <= _bound(x, y, 0))
    got = mk.spline("cubic", x, y, at, boundary=[[1, [0.5, -1.0]], [2, [0.0, 3.0]]], derivative=1)
    want = CubicSpline(x, y, bc_type=((1, [0.5, -1.0]), (2, [0.0, 3.0])))(at, 1)
    assert np.all(np.abs(got - want) <= _bound(x, y, 1))


@pytest.mark.parametrize("method", ["akima", "makima"])
def test_akima_methods_match_scipy_in_every_channel(method):
    x = np.array(X)
    y = np.array(Y2)
    at = np.linspace(0, 5.5, 45)
    got = mk.spline(method, x, y, at)
    want = Akima1DInterpolator(x, y, method=method)(at)
    assert np.all(np.abs(got - want) <= _bound(x, y, 0))


# MARK: errors, as eval names them


BAD_SPLINES = [
    ({"kind": "bezier"}, {}),
    ({"kind": "cubic", "x": [0, 1, 1, 3], "y": [0, 1, 0, 1]}, {}),
    ({"kind": "cubic", "x": [0, 2, 1, 3], "y": [0, 1, 0, 1]}, {}),
    ({"kind": "cubic", "x": [0, 1], "y": [0, 1, 2]}, {}),
    ({"kind": "cubic", "x": [0], "y": [0]}, {}),
    ({"kind": "pchip", "boundary": "natural"}, {}),
    ({"kind": "cubic", "boundary": "free"}, {}),
    ({"kind": "cubic", "boundary": ["natural", "periodic"]}, {}),
    ({"kind": "cubic", "boundary": ["natural", [3, 1.0]]}, {}),
    ({"kind": "cubic", "boundary": ["natural", [1.5, 1.0]]}, {}),
    ({"kind": "cubic", "boundary": ["natural", [1, [1.0]]]}, {}),
    ({"kind": "cubic", "y": Y2, "boundary": ["natural", [1, [1.0]]]}, {}),
    ({"kind": "cubic", "boundary": ["natural", [1, 1.0, 2.0]]}, {}),
    ({"kind": "cubic", "boundary": ["natural"]}, {}),
    ({"kind": "cubic", "boundary": "periodic"}, {}),  # y[0] ≠ y[-1]
    ({"kind": "cubic", "alpha": 0.5}, {}),
    ({"kind": "catmullRom", "alpha": 1.5}, {}),
    ({"kind": "catmullRom", "alpha": -0.0001}, {}),
    ({"kind": "cubic"}, {"derivative": 3}),
    ({"kind": "cubic"}, {"derivative": -1}),
    ({"kind": "cubic"}, {"derivative": 1.5}),
    ({"kind": "cubic"}, {"derivative": True}),
    ({"kind": "cubic"}, {"derivative": "1"}),
    ({"kind": 3}, {}),
    ({"kind": "cubic", "alpha": True}, {}),
    ({"kind": "cubic", "boundary": 2}, {}),
    ({"kind": "cubic", "boundary": ["natural", [True, 1.0]]}, {}),
    ({"kind": "cubic", "boundary": ["natural", [1, "a"]]}, {}),
    ({"kind": "cubic", "boundary": ["natural", {"a": 1}]}, {}),
    ({"kind": "cubic", "y": Y2, "boundary": ["natural", [1, [1.0, None]]]}, {}),
]


@pytest.mark.parametrize("spec, extra", BAD_SPLINES)
def test_spline_errors_exactly_as_eval(spec, extra):
    spec = {"x": X, "y": Y, **spec}
    with pytest.raises(mk.Error) as e:
        mk.spline(spec["kind"], spec["x"], spec["y"], [0.5], boundary=spec.get("boundary"), alpha=spec.get("alpha"), **extra)
    err = eval_error("spline.sample", spline=spec, at=[0.5], **extra)
    assert (e.value.code, str(e.value)) == (err["code"], err["message"])
    assert e.value.field.startswith(("spline.", "derivative"))


def test_non_finite_inputs_name_eval_fields():
    cases = [
        (lambda: mk.spline("cubic", [0, np.nan, 2], [0, 1, 2], [0.5]), "spline.x[1]"),
        (lambda: mk.spline("cubic", [0, 1, 2], [0, 1, np.inf], [0.5]), "spline.y[2]"),
        (lambda: mk.spline("cubic", [0, 1, 2], [[0, 1], [1, np.nan], [2, 2]], [0.5]), "spline.y[1][1]"),
        (lambda: mk.spline("cubic", [0, 1, 2], [0, 1, 2], [0.5, -np.inf]), "at[1]"),
        (lambda: mk.spline("cubic", [0, 1, 2], [0, 1, 2], [0.5], boundary=["natural", [1, np.nan]]), "spline.boundary[1][1]"),
        (lambda: mk.spline("catmullRom", [0, 1, 2], [0, 1, 2], [0.5], alpha=np.nan), "spline.alpha"),
        (lambda: mk.keyframes([0, np.nan], [0.5]), "keyframes.values[1]"),
        (lambda: mk.keyframes([[0, 1], [2, np.nan]], [0.5]), "keyframes.values[1][1]"),
        (lambda: mk.keyframes([0, 1], [0.5, np.nan]), "at[1]"),
        (lambda: mk.keyframes([0, 1], [0.5], key_times=[0, np.inf]), "keyframes.keyTimes[1]"),
        (lambda: mk.timing({"cubicBezier": [0.1, np.nan, 0.2, 1]}, [0.5]), "timing.cubicBezier[1]"),
        (lambda: mk.timing({"steps": 2}, [0.5, np.nan]), "at[1]"),
        (lambda: mk.timing({"spring": {"stiffness": np.inf, "damping": 1}}, [0.5]), "timing.spring.stiffness"),
    ]
    for call, field in cases:
        with pytest.raises(mk.InvalidValue) as e:
            call()
        assert e.value.field == field


BAD_KEYFRAMES = [
    {"values": []}, {"calculationMode": "bezier"}, {"calculationMode": 3}, {"keyTimes": [0, 0.6, 0.5, 1]},
    {"keyTimes": [0, 1]}, {"keyTimes": [0.1, 0.5, 0.7, 1]},
    {"timingFunctions": ["ease", "bounce"]}, {"timingFunctions": ["ease", {"cubicBezier": [1.5, 0, 1, 1]}]},
    {"timingFunctions": ["ease", "ease", {"steps": 0}]}, {"timingFunctions": [{"steps": 2, "position": "middle"}]},
    {"timingFunctions": [{"spring": {"stiffness": -1, "damping": 1}}]}, {"timingFunctions": [None]},
    {"timingFunctions": [{"cubicBezier": [0, 0, 1, 1], "steps": 2}]}, {"timingFunctions": [{}]},
    {"timingFunctions": [7]}, {"timingFunctions": ["ease", "ease", "ease", "ease"]},
]


@pytest.mark.parametrize("options", BAD_KEYFRAMES)
def test_keyframes_errors_exactly_as_eval(options):
    values = options.pop("values", [0.0, 1.0, 3.0, 2.0])
    with pytest.raises(mk.Error) as e:
        mk.keyframes(values, [0.5], **_snake(options))
    err = eval_error("keyframes.sample", keyframes={"values": values, **options}, at=[0.5])
    assert (e.value.code, str(e.value)) == (err["code"], err["message"])
    assert e.value.field.startswith("keyframes")


@pytest.mark.parametrize("spec", [
    {"cubicBezier": [1.5, 0, 1, 1]}, {"cubicBezier": [0, 0, 1, 1, 0]}, {"cubicBezier": []}, {"cubicBezier": "ease"},
    {"cubicBezier": [0, "a", 1, 1]}, {"steps": 0}, {"steps": -2}, {"steps": 1, "position": "jump-none"}, {"steps": "3"},
    {"steps": 2, "position": 1}, {"steps": 1e300}, {"spring": 3}, {"spring": {}}, {"spring": {"stiffness": 100}},
    {"spring": {"stiffness": 100, "damping": 1, "response": 1}}, {"spring": {"stiffness": 100, "damping": -1}},
    {"spring": {"stiffness": 100, "damping": 10}, "initialVelocity": "fast"}, {"spring": {"stiffness": "a", "damping": 1}},
    {"spring": {"mass": 1, "stiffness": 100, "visualDuration": 0.3, "bounce": 0.1}},
    {"spring": {"stiffness": 100, "damping": 10}, "position": "start"}, {"steps": 2, "cubicBezier": [0, 0, 1, 1]}, {},
    {"spring": None}, {1: 2},
])
def test_timing_object_errors_exactly_as_eval(spec):
    with pytest.raises(mk.Error) as e:
        mk.timing(spec, [0.5])
    if all(type(k) is str for k in spec):
        err = eval_error("timing.sample", timing=spec, at=[0.5])
        assert (e.value.code, str(e.value)) == (err["code"], err["message"])
    assert e.value.field.startswith("timing") or e.value.field == "1"


# MARK: the C entry points with hostile arguments


HUGE = 1 << 41
SIZE_MAX = (1 << 64) - 1 if ctypes.sizeof(ctypes.c_size_t) == 8 else (1 << 32) - 1


def _c_call(fn, *args):
    err = MKError()
    status = fn(*args, ctypes.byref(err))
    return status, err.field.decode(), err.message.decode()


def _spline_c(kind=b"cubic", x=None, n=3, y=None, y_count=3, channels=1, vector=0, boundary=None, ends=None, alpha=None,
              derivative=0, at=None, m=1, out=None):
    xs = (ctypes.c_double * 3)(0, 1, 2)
    ys = (ctypes.c_double * 3)(0, 1, 0)
    ats = (ctypes.c_double * 1)(0.5)
    res = (ctypes.c_double * 4)()
    pick = lambda given, default: ctypes.addressof(default) if given is None else (given or None)  # noqa: E731
    return _c_call(lib.mk_spline_sample_f64, kind, 0 if kind is None else len(kind), pick(x, xs), n, pick(y, ys), y_count, channels,
                   vector, boundary, 0 if boundary is None else len(boundary), ends, alpha, derivative, pick(at, ats), m,
                   pick(out, res))


def test_c_spline_hostile_arguments():
    assert _spline_c()[0] == 0
    cases = [
        (dict(kind=None), 2, "spline.kind"),
        (dict(kind=b"cub\xffic"), 1, "spline.kind"),
        (dict(kind=b"cubic\x00"), 1, "spline.kind"),
        (dict(x=0, n=HUGE), 1, "spline.x"),
        (dict(x=0, n=SIZE_MAX), 1, "spline.x"),
        (dict(y=0, y_count=HUGE), 1, "spline.y"),
        (dict(y=0, y_count=3, channels=HUGE, vector=1), 1, "at"),
        (dict(at=0, m=HUGE), 1, "at"),
        (dict(at=0, m=SIZE_MAX), 1, "at"),
        (dict(x=0), 1, "spline.x"),
        (dict(y=0), 1, "spline.y"),
        (dict(at=0), 1, "at"),
        (dict(out=0), 1, "out"),
        (dict(channels=2), 1, "channels"),
        (dict(channels=0, vector=1), 1, "spline.y[0]"),
        (dict(derivative=7), 1, "derivative"),
        (dict(derivative=-1), 1, "derivative"),
        (dict(boundary=b"natural", ends=(MKSplineEnd * 2)()), 1, "spline.boundary"),
        (dict(boundary=b"\xc3"), 1, "spline.boundary"),
        (dict(kind=b"pchip", alpha=ctypes.pointer(ctypes.c_double(0.5))), 1, "spline.alpha"),
        (dict(kind=b"catmullRom", alpha=ctypes.pointer(ctypes.c_double(float("nan")))), 1, "spline.alpha"),
    ]
    for kwargs, status, field in cases:
        got = _spline_c(**kwargs)
        assert got[:2] == (status, field), (kwargs, got)
        assert got[2].startswith(field + ": ")
    # An end given by (order, value) with a null value pointer for one number.
    ends = (MKSplineEnd * 2)()
    ends[0].name, ends[0].name_length = b"natural", 7
    ends[1].order, ends[1].value, ends[1].value_count = 1.0, None, 1
    assert _spline_c(ends=ends)[:2] == (1, "spline.boundary[1][1]")
    ends[1].value_count = 0
    assert _spline_c(ends=ends)[:2] == (1, "spline.boundary[1][1]")


def test_c_keyframes_and_timing_hostile_arguments():
    v = (ctypes.c_double * 2)(0, 1)
    at = (ctypes.c_double * 1)(0.5)
    out = (ctypes.c_double * 2)()
    a = ctypes.addressof

    def kf(values=a(v), k=2, d=1, vector=0, kt=None, ktn=0, mode=None, specs=None, count=0, ats=a(at), m=1, res=a(out)):
        return _c_call(lib.mk_keyframes_sample_f64, values, k, d, vector, kt, ktn, mode, 0 if mode is None else len(mode), specs,
                       count, ats, m, res)

    assert kf()[0] == 0 and out[0] == 0.5
    for kwargs, field in [
        (dict(values=None, k=HUGE), "keyframes.values"), (dict(values=None), "keyframes.values"), (dict(k=0), "keyframes.values"),
        (dict(d=3), "dimension"), (dict(d=0, vector=1), "keyframes.values[0]"), (dict(kt=None, ktn=HUGE), "keyframes.keyTimes"),
        (dict(ktn=2), "keyframes.keyTimes"), (dict(count=HUGE), "keyframes.timingFunctions"),
        (dict(count=SIZE_MAX), "keyframes.timingFunctions"), (dict(ats=None, m=HUGE), "at"), (dict(ats=None), "at"),
        (dict(res=None), "out"), (dict(mode=b"\xff"), "keyframes.calculationMode"),
    ]:
        got = kf(**kwargs)
        assert got[:2] == (1, field), (kwargs, got)
    spec = MKTimingSpec()
    spec.kind = 9
    specs = (MKTimingSpec * 1)(spec)
    assert kf(specs=specs, count=1)[:2] == (1, "keyframes.timingFunctions[0]")

    x = (ctypes.c_double * 1)(0.5)
    good = MKTimingSpec()
    good.kind, good.fields = 1, 4
    good.numbers[:4] = [0.25, 0.1, 0.25, 1.0]
    assert _c_call(lib.mk_timing_spec_values, ctypes.byref(good), a(x), 1, a(out))[0] == 0
    assert _c_call(lib.mk_timing_spec_values, None, a(x), 1, a(out))[:2] == (2, "timing")
    assert _c_call(lib.mk_timing_spec_values, ctypes.byref(good), None, HUGE, a(out))[:2] == (1, "at")
    assert _c_call(lib.mk_timing_spec_values, ctypes.byref(good), None, 1, a(out))[:2] == (1, "at")
    assert _c_call(lib.mk_timing_spec_values, ctypes.byref(good), a(x), 1, None)[:2] == (1, "out")
    for kind, fields, field in [(9, 0, "timing"), (1, 5, "timing.cubicBezier"), (-1, 0, "timing")]:
        bad = MKTimingSpec()
        bad.kind, bad.fields = kind, fields
        assert _c_call(lib.mk_timing_spec_values, ctypes.byref(bad), a(x), 1, a(out))[:2] == (1, field)
    text = MKTimingSpec()
    text.kind, text.text, text.text_length = 0, None, 4
    assert _c_call(lib.mk_timing_spec_values, ctypes.byref(text), a(x), 1, a(out))[:2] == (1, "timing")
    text.text, text.text_length = b"ease", HUGE
    assert _c_call(lib.mk_timing_spec_values, ctypes.byref(text), a(x), 1, a(out))[:2] == (1, "timing")


def test_the_library_declares_the_entry_points():
    for name in ("mk_spline_sample_f64", "mk_keyframes_sample_f64", "mk_timing_spec_values"):
        assert name in _lib._ADDED and hasattr(lib, name)
    assert ctypes.sizeof(MKTimingSpec) == 8 + 2 * ctypes.sizeof(ctypes.c_void_p) + 13 * 8


@pytest.mark.parametrize("count", [2, 64, 65, 300])
def test_small_and_array_inputs_give_the_same_bits(count):
    # Lists of up to 64 numbers go to the library as C arrays without NumPy, longer ones and
    # other inputs through NumPy: the same numbers either way.
    x = np.cumsum(np.linspace(0.5, 1.5, count))
    y = np.sin(x)
    at = np.linspace(x[0] - 1, x[-1] + 1, count)
    want = mk.spline("akima", x, y, at)
    for args in [(x.tolist(), y.tolist(), at.tolist()), (tuple(x), tuple(y), tuple(at)), (x[::-1][::-1], y.copy(), at[::1])]:
        assert np.array_equal(bits(mk.spline("akima", *args)), bits(want))
    times = np.linspace(0, 1, count)
    want = mk.keyframes(y, at / at[-1], key_times=times, calculation_mode="cubic")
    for args in [(y.tolist(), (at / at[-1]).tolist(), times.tolist()), (tuple(y), tuple(at / at[-1]), tuple(times))]:
        assert np.array_equal(bits(mk.keyframes(args[0], args[1], key_times=args[2], calculation_mode="cubic")), bits(want))
    want = mk.timing({"cubicBezier": [0.3, -0.5, 0.7, 1.5]}, at / at[-1])
    assert np.array_equal(bits(mk.timing({"cubicBezier": (0.3, -0.5, 0.7, 1.5)}, (at / at[-1]).tolist())), bits(want))
    # Integers (exact in float64) and NumPy integers as NumPy converts them.
    ints = list(range(count))
    assert np.array_equal(bits(mk.spline("pchip", ints, ints, [0.5])), bits(mk.spline("pchip", np.arange(count), np.arange(count), [0.5])))
