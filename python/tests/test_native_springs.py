"""spring_settle, spring_convert and preset_frames over their typed C entry points
(mk_spring_settle_f64, mk_spring_convert_f64, mk_preset_frames_f64): bit for bit what the eval
protocol answers for the same request (an independent entry point, JSON in and out, over the same
Swift), settling times against closed forms, errors naming the field, hostile inputs, and a C
program against the header."""

import ctypes
import math
import shutil

import numpy as np
import pytest

import motionkernel as mk
from conftest import run_c_check
from conftest import U64
from motionkernel import _lib

lib = _lib.lib


def eval_result(request):
    answer = mk.eval(request)
    assert answer["ok"], answer
    return answer["result"]


def eval_error(request):
    answer = mk.eval(request)
    assert not answer["ok"], answer
    return answer["error"]


def bits(x):
    return np.asarray(x, dtype=np.float64).tobytes()


# MARK: spring_settle


def random_springs(n, seed):
    rng = np.random.default_rng(seed)
    return {
        "stiffness": rng.uniform(1, 2000, n),
        "damping_ratio": rng.uniform(0.05, 3, n),
        "mass": rng.uniform(0.1, 5, n),
        "from_": rng.uniform(-100, 100, n),
        "to": rng.uniform(-100, 100, n),
        "velocity": rng.uniform(-500, 500, n),
        "epsilon": 10.0 ** rng.uniform(-9, 0, n),
    }


def settle_request(s, i, ratio):
    spring = {"mass": float(s["mass"][i]), "stiffness": float(s["stiffness"][i])}
    if ratio:
        spring["dampingRatio"] = float(s["damping_ratio"][i])
    else:
        spring["damping"] = float(s["damping"][i])
    return {"op": "spring.settle", "spring": spring, "from": float(s["from_"][i]), "to": float(s["to"][i]),
            "velocity": float(s["velocity"][i]), "epsilon": float(s["epsilon"][i])}


@pytest.mark.parametrize("ratio", [True, False])
def test_settle_equals_eval_bit_for_bit(ratio):
    s = random_springs(300, 1 if ratio else 2)
    if not ratio:
        s["damping"] = s.pop("damping_ratio") * 2 * np.sqrt(s["stiffness"] * s["mass"])
    native = mk.spring_settle(**s)
    assert native.dtype == np.float64 and native.shape == (300,)
    for i in range(300):
        expected = eval_result(settle_request(s, i, ratio))["settlingDuration"]
        assert bits(native[i]) == bits(float(expected)), i
        # One spring given by scalars: the same number, as a float.
        one = {k: float(v[i]) for k, v in s.items()}
        t = mk.spring_settle(**one)
        assert type(t) is float and bits(t) == bits(native[i])


def test_settle_one_epsilon_and_broadcasting():
    s = random_springs(50, 3)
    s["epsilon"] = 1e-3
    native = mk.spring_settle(**s)
    each = mk.spring_settle(**{**s, "epsilon": np.full(50, 1e-3)})
    assert bits(native) == bits(each)
    s2 = {**s, "mass": 2.0, "velocity": 0}
    native2 = mk.spring_settle(**s2)
    for i in range(0, 50, 7):
        expected = eval_result({**settle_request({**s, "mass": np.full(50, 2.0), "velocity": np.zeros(50), "epsilon": np.full(50, 1e-3)},
                                                 i, True)})["settlingDuration"]
        assert bits(native2[i]) == bits(float(expected))


def test_settle_threads_are_bit_identical():
    s = random_springs(5000, 4)
    n = 5000
    cols = {k: np.ascontiguousarray(v, dtype=np.float64) for k, v in s.items()}
    results = []
    for threads in (1, 2, 3, 8):
        out = np.empty(n)
        err = _lib.MKError()
        status = lib.mk_spring_settle_f64(
            n, cols["mass"].ctypes.data, cols["stiffness"].ctypes.data, cols["damping_ratio"].ctypes.data, 1,
            cols["from_"].ctypes.data, cols["to"].ctypes.data, cols["velocity"].ctypes.data, cols["epsilon"].ctypes.data, n,
            out.ctypes.data, threads, ctypes.byref(err))
        assert status == 0, err.message
        results.append(out.tobytes())
    assert len(set(results)) == 1
    assert results[0] == mk.spring_settle(**s).tobytes()
    # The Python threads= argument: the same bytes for every value, and checked like spring_batch's.
    for threads in (2, 3, 64):
        assert mk.spring_settle(**s, threads=threads).tobytes() == results[0]
    for bad in (0, 65, 1.5, True, "2"):
        with pytest.raises(mk.InvalidValue) as info:
            mk.spring_settle(**s, threads=bad)  # type: ignore[arg-type]
        assert info.value.field == "threads"
    # The error is the first row's for every thread count.
    cols["stiffness"][[4100, 2000, 3999]] = -1.0
    out = np.empty(n)
    for threads in (1, 2, 5):
        err = _lib.MKError()
        status = lib.mk_spring_settle_f64(
            n, None, cols["stiffness"].ctypes.data, cols["damping_ratio"].ctypes.data, 1, cols["from_"].ctypes.data,
            cols["to"].ctypes.data, None, cols["epsilon"].ctypes.data, n, out.ctypes.data, threads, ctypes.byref(err))
        assert status == 1 and err.field == b"stiffness[2000]"


def critical_reference(k, m, y0, eps):
    """The settling time of the critically damped spring from y0 at rest: y(t) = y0 (1 + w t)
    e^{-w t}, w = sqrt(k/m), decreasing in |y|, so T solves |y0| (1 + w T) e^{-w T} = eps,
    bisected to adjacent doubles."""
    w = math.sqrt(k / m)
    lo, hi = 0.0, 1.0
    while abs(y0) * (1 + w * hi) * math.exp(-w * hi) > eps:
        hi *= 2
    while True:
        mid = 0.5 * (lo + hi)
        if mid <= lo or mid >= hi:
            return hi, w
        if abs(y0) * (1 + w * mid) * math.exp(-w * mid) > eps:
            lo = mid
        else:
            hi = mid


@pytest.mark.parametrize("k,m,y0,eps", [(100.0, 1.0, 1.0, 1e-3), (400.0, 2.0, -50.0, 1e-6), (3.0, 0.5, 1e3, 1e-9)])
def test_settle_critically_damped_closed_form(k, m, y0, eps):
    """The reference evaluates g(T) = |y0|(1 + wT)e^{-wT} with a relative error of at most 8u
    (exp, two products, a sum, w's rounding amplified by wT <= 30), which moves the root by at
    most 8u·eps·(1 + wT)/|g'(T)|, |g'(T)| = |y0| w² T e^{-wT}; the library's T is the root within
    adjacent doubles of its own evaluation, with an error of the same kind: twice the bound plus
    4 ulps of T."""
    c = 2 * math.sqrt(k * m)  # the damping ratio 1 gives c = (2·1)·sqrt(k·m), the same number
    t = mk.spring_settle(stiffness=k, damping_ratio=1.0, mass=m, from_=y0, to=0.0, epsilon=eps)
    ref, w = critical_reference(k, m, y0, eps)
    slope = abs(y0) * w * w * ref * math.exp(-w * ref)
    bound = 2 * 8 * U64 * eps * (1 + w * ref) / slope + 4 * U64 * ref
    assert abs(t - ref) <= bound
    assert bits(mk.spring_settle(stiffness=k, damping=c, mass=m, from_=y0, to=0.0, epsilon=eps)) == bits(
        float(eval_result({"op": "spring.settle", "spring": {"mass": m, "stiffness": k, "damping": c}, "from": y0, "to": 0.0,
                           "epsilon": eps})["settlingDuration"]))


def test_settle_underdamped_closed_form():
    """m = 1, k = 100, c = 2 (ζ = 0.1) from 1 at rest: y(t) = e^{-t}(cos(wd t) + sin(wd t)/wd),
    wd = sqrt(99). T is the last time |y| = eps: |y(T)| = eps up to |y'(T)|·δT (δT <= 1e-9 s, the
    documented accuracy; |y'| <= (wd + 1)(1 + 1/wd)·e^{-T} <= 12·eps·1.1 there) plus the error of
    evaluating y (<= 16u); |y| exceeds eps just before T (by ~|y'|·1e-6 >> both errors) and never
    after the envelope bound T_env = ln((1 + 1/wd)/eps)."""
    eps = 1e-3
    wd = math.sqrt(99.0)

    def y(t):
        return math.exp(-t) * (math.cos(wd * t) + math.sin(wd * t) / wd)

    t = mk.spring_settle(stiffness=100.0, damping=2.0, epsilon=eps)
    assert abs(abs(y(t)) - eps) <= 1e-9 * 14 * eps + 16 * U64
    assert abs(y(t - 1e-6)) > eps
    t_env = math.log((1 + 1 / wd) / eps)
    assert t <= t_env
    assert all(abs(y(s)) <= eps * (1 + 1e-9) for s in np.linspace(t, t_env, 2001)[1:])


def test_settle_errors_name_the_field():
    # One spring by scalars: eval's names.
    cases = [
        ({"stiffness": -1.0, "damping": 1.0, "epsilon": 1e-3}, "spring.stiffness"),
        ({"stiffness": 1.0, "damping": 0.0, "epsilon": 1e-3}, "spring.damping"),
        ({"stiffness": 1.0, "damping_ratio": -0.5, "epsilon": 1e-3}, "spring.dampingRatio"),
        ({"stiffness": 1.0, "damping": 1.0, "mass": 0.0, "epsilon": 1e-3}, "spring.mass"),
        ({"stiffness": 1.0, "damping": 1.0, "epsilon": 0.0}, "epsilon"),
        ({"stiffness": 1.0, "damping": 1.0, "from_": 1.7e308, "to": -1.7e308, "epsilon": 1.0}, "from"),
    ]
    for kwargs, field in cases:
        with pytest.raises(mk.InvalidValue) as e:
            mk.spring_settle(**kwargs)
        assert e.value.field == field, kwargs
        spring = {"mass": kwargs.get("mass", 1.0), "stiffness": kwargs["stiffness"]}
        if "damping" in kwargs:
            spring["damping"] = kwargs["damping"]
        else:
            spring["dampingRatio"] = kwargs["damping_ratio"]
        error = eval_error({"op": "spring.settle", "spring": spring, "from": kwargs.get("from_", 0.0), "to": kwargs.get("to", 1.0),
                            "epsilon": kwargs["epsilon"]})
        assert error["message"] == str(e.value)
    # Arrays: the row, with eval's reason.
    with pytest.raises(mk.InvalidValue) as e:
        mk.spring_settle(stiffness=[1.0, 2.0, -3.0, -4.0], damping=1.0, epsilon=1e-3)
    assert e.value.field == "stiffness[2]" and e.value.reason == "expected a number > 0, got -3.0"
    with pytest.raises(mk.InvalidValue) as e:
        mk.spring_settle(stiffness=[1.0, 2.0], damping=[1.0, 0.0], epsilon=1e-3)
    assert e.value.field == "damping[1]"
    with pytest.raises(mk.InvalidValue) as e:
        mk.spring_settle(stiffness=[1.0, 2.0], damping=1.0, epsilon=[1e-3, -1.0])
    assert e.value.field == "epsilon[1]"
    # Non-finite numbers, in either form.
    for stiffness, field in ((math.nan, "stiffness[0]"), ([1.0, math.inf], "stiffness[1]")):
        with pytest.raises(mk.InvalidValue) as e:
            mk.spring_settle(stiffness=stiffness, damping=1.0, epsilon=1e-3)
        assert e.value.field == field and "finite" in e.value.reason
    with pytest.raises(mk.InvalidValue) as e:
        mk.spring_settle(stiffness=1.0, damping=1.0, epsilon=-math.inf)
    assert e.value.field == "epsilon[0]"
    # Mismatched lengths, damping given twice or not at all, a missing argument.
    with pytest.raises(mk.InvalidValue) as e:
        mk.spring_settle(stiffness=[1.0, 2.0], damping=[1.0, 2.0, 3.0], epsilon=1e-3)
    assert e.value.field == "damping"
    with pytest.raises(mk.InvalidValue) as e:
        mk.spring_settle(stiffness=[1.0, 2.0], damping=1.0, epsilon=[1e-3] * 3)
    assert e.value.field == "epsilon"
    with pytest.raises(mk.InvalidValue) as e:
        mk.spring_settle(stiffness=1.0, damping=1.0, damping_ratio=1.0, epsilon=1e-3)
    assert e.value.field == "damping"
    with pytest.raises(mk.MissingField) as e:
        mk.spring_settle(stiffness=[1.0, 2.0], epsilon=1e-3)
    assert e.value.field == "damping[0]"
    with pytest.raises(mk.MissingField) as e:
        mk.spring_settle(stiffness=1.0, damping=1.0, epsilon=None)
    assert e.value.field == "epsilon"
    with pytest.raises(mk.InvalidValue) as e:
        mk.spring_settle(stiffness=True, damping=1.0, epsilon=1e-3)
    assert e.value.field == "stiffness"


def test_settle_hostile_calls_of_the_entry_point():
    err = _lib.MKError()
    eps = (ctypes.c_double * 1)(1e-3)
    for n in (1 << 41, 2**64 - 1):
        status = lib.mk_spring_settle_f64(n, None, None, None, 0, None, None, None, ctypes.addressof(eps), 1, None, 1, ctypes.byref(err))
        assert status == 1 and err.field == b"count"
    status = lib.mk_spring_settle_f64(7, None, None, None, 0, None, None, None, ctypes.addressof(eps), 1, None, 1, ctypes.byref(err))
    assert status == 1 and err.field == b"stiffness"
    one = (ctypes.c_double * 8)(1, 100, 20, 1, 0, 0, 0, 0)
    status = lib.mk_spring_settle_one_f64(ctypes.addressof(one), 0, ctypes.addressof(one) + 56, ctypes.byref(err))
    assert status == 1 and err.field == b"epsilon[0]"
    status = lib.mk_spring_settle_one_f64(None, 0, None, ctypes.byref(err))
    assert status == 1 and err.field == b"params"


# MARK: spring_convert

CONVERT_SETS = [
    {"stiffness": 170.0, "damping": 26.0},
    {"stiffness": 170.0, "damping": 26.0, "mass": 2.5},
    {"stiffness": 300.0, "damping_ratio": 0.4},
    {"stiffness": 300.0, "dampingRatio": 1.7, "mass": 0.3},
    {"response": 0.55, "damping_ratio": 0.825},
    {"duration": 0.4},
    {"duration": 0.4, "bounce": 0.3},
    {"duration": 0.4, "bounce": -0.5},
    {"visual_duration": 0.3, "bounce": 0.25},
    {"tension": 40.0, "friction": 7.0},
    {"bounciness": 5, "speed": 12},
    {"stiffness": 1e-300, "damping": 1e-300},
]


@pytest.mark.parametrize("spring", CONVERT_SETS)
def test_convert_equals_eval_bit_for_bit(spring):
    native = mk.spring_convert(**spring)
    camel = {("dampingRatio" if k == "damping_ratio" else "visualDuration" if k == "visual_duration" else k): v for k, v in spring.items()}
    expected = eval_result({"op": "spring.convert", "spring": camel})
    assert list(native) == list(expected)
    for key, value in native.items():
        assert type(value) is float and bits(value) == bits(float(expected[key])), key


def test_convert_matches_the_formulas():
    """response 0.5, ζ 0.8: k = (2π/0.5)², c = 4πζ/0.5, bounce 1 − ζ (a few roundings each)."""
    r = mk.spring_convert(response=0.5, damping_ratio=0.8)
    w = 2 * math.pi / 0.5
    assert r["mass"] == 1.0
    assert abs(r["stiffness"] - w * w) <= 8 * U64 * w * w
    assert abs(r["damping"] - 4 * math.pi * 0.8 / 0.5) <= 8 * U64 * 4 * math.pi * 0.8 / 0.5
    assert abs(r["bounce"] - 0.2) <= 16 * U64


@pytest.mark.parametrize(
    "spring,cls,field",
    [
        ({"stiffness": -1.0, "damping": 1.0}, mk.InvalidValue, "spring.stiffness"),
        ({"stiffness": 1.0}, mk.MissingField, "spring.damping"),
        ({}, mk.MissingField, "spring.stiffness"),
        ({"stiffness": 1.0, "damping": 1.0, "response": 1.0}, mk.InvalidValue, "spring.response"),
        ({"mass": 1.0, "visual_duration": 0.3, "bounce": 0.1}, mk.InvalidValue, "spring.mass"),
        ({"bounciness": 25.0, "speed": 1.0}, mk.InvalidValue, "spring.bounciness"),
        ({"stiffness": math.nan, "damping": 1.0}, mk.InvalidValue, "spring.stiffness"),
        ({"stiffness": 1.0, "damping": 1.0, "bogus": 2.0}, mk.InvalidValue, "spring.bogus"),
        ({"stiffness": "x", "damping": 1.0}, mk.InvalidValue, "spring.stiffness"),
        ({"stiffness": True, "damping": 1.0}, mk.InvalidValue, "spring.stiffness"),
    ],
)
def test_convert_errors_are_evals(spring, cls, field):
    with pytest.raises(cls) as e:
        mk.spring_convert(**spring)
    assert e.value.field == field
    if not any(isinstance(v, float) and math.isnan(v) for v in spring.values()):
        camel = {("visualDuration" if k == "visual_duration" else k): v for k, v in spring.items()}
        assert eval_error({"op": "spring.convert", "spring": camel})["message"] == str(e.value)


def test_convert_hostile_calls_of_the_entry_point():
    err = _lib.MKError()
    values = (ctypes.c_double * 12)()
    out = (ctypes.c_double * 10)()
    assert lib.mk_spring_convert_f64(1 << 31, ctypes.addressof(values), ctypes.addressof(out), ctypes.byref(err)) == 1
    assert err.field == b"keys"
    assert lib.mk_spring_convert_f64(6, None, ctypes.addressof(out), ctypes.byref(err)) == 1 and err.field == b"values"
    values[1], values[2] = 1.0, 1.0
    assert lib.mk_spring_convert_f64(6, ctypes.addressof(values), None, ctypes.byref(err)) == 1 and err.field == b"out"


# MARK: preset_frames


def preset_names():
    return [p["name"] for p in eval_result({"op": "presets.list"})]


@pytest.mark.parametrize("fps", [60, 24.5, 1000])
def test_preset_frames_equal_eval_bit_for_bit(fps):
    for name in preset_names():
        native = mk.preset_frames(name, fps=fps)
        expected = eval_result({"op": "preset.sample", "preset": name, "fps": fps})
        frames = expected["frames"]
        assert bits(native["duration"]) == bits(float(expected["duration"]))
        assert bits(native["time"]) == bits([f["time"] for f in frames])
        layers = list(frames[0]["layers"])
        assert list(native) == ["duration", "time"] + [f"{layer}.{c}" for layer in layers for c in ("transform", "opacity")]
        for layer in layers:
            assert native[f"{layer}.transform"].shape == (len(frames), 16)
            assert bits(native[f"{layer}.transform"]) == bits([f["layers"][layer]["transform"] for f in frames])
            assert bits(native[f"{layer}.opacity"]) == bits([f["layers"][layer]["opacity"] for f in frames])


def test_preset_frames_with_options_and_many_frames():
    for name, fps, options in (("wiggle", 60, {"delay": 10}), ("shake", 1000, {"duration": 30.0, "amplitude": 3}),
                               ("toolbarReveal", 500, {"duration": 1.5})):
        native = mk.preset_frames(name, fps=fps, **options)
        expected = eval_result({"op": "preset.sample", "preset": name, "fps": fps, "options": options})
        frames = expected["frames"]
        assert native["time"].shape == (len(frames),) and len(frames) > 240
        assert bits(native["time"]) == bits([f["time"] for f in frames])
        for layer in frames[0]["layers"]:
            assert bits(native[f"{layer}.transform"]) == bits([f["layers"][layer]["transform"] for f in frames])


@pytest.mark.parametrize(
    "args,options,field",
    [
        (("nope",), {}, "preset"),
        (("shake", 0), {}, "fps"),
        (("shake", 1001), {}, "fps"),
        (("shake", math.nan), {}, "fps"),
        (("shake",), {"bogus": 1.0}, "options.bogus"),
        (("shake",), {"duration": -1.0}, "options.duration"),
        (("shake",), {"duration": math.inf}, "options.duration"),
        (("shake",), {"duration": "long"}, "options.duration"),
        (("shake", 1000), {"duration": 3600.0}, "fps"),
        ((3,), {}, "preset"),
    ],
)
def test_preset_frames_errors_are_evals(args, options, field):
    with pytest.raises(mk.Error) as e:
        mk.preset_frames(*args, **options)
    assert e.value.field == field
    finite = all(not (isinstance(v, float) and not math.isfinite(v)) for v in (*args[1:], *options.values()))
    if finite:
        request = {"op": "preset.sample", "preset": args[0], "fps": args[1] if len(args) > 1 else 60}
        if options:
            request["options"] = options
        assert eval_error(request)["message"] == str(e.value)


# MARK: C


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")
def test_c_program_for_settle_convert_presets(tmp_path):
    run_c_check("springs_check", tmp_path)
