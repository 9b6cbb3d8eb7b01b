"""Edges of the typed entry points that a hostile caller reaches: results that overflow, counts
that disagree with each other (refused before the arrays behind them are read), an output that is
one of the inputs, and booleans among numbers. Every refusal is compared with what eval answers
for the same request, the reference the entry points promise to match."""

import ctypes

import numpy as np
import pytest

import motionkernel as mk
from motionkernel._lib import MKError, MKSplineEnd, MKTimingSpec, lib


def eval_error(request):
    answer = mk.eval(request)
    assert answer["ok"] is False, answer
    return answer["error"]


def assert_same_error(call, request):
    """``call`` raises the typed error whose "field: reason" is eval's message for ``request``."""
    expected = eval_error(request)
    with pytest.raises(mk.Error) as info:
        call()
    e = info.value
    assert e.code == expected["code"]
    assert (f"{e.field}: {e.reason}" if e.field else e.reason) == expected["message"]


def ptr(a):
    return a.ctypes.data_as(ctypes.c_void_p)


# MARK: results that are not finite numbers


@pytest.mark.parametrize(
    "spline, at",
    [
        # Extrapolating a cubic to 1e308 overflows; so do Catmull-Rom and makima there.
        ({"kind": "cubic", "x": [0, 1, 2, 3], "y": [0, 1, 0, 1]}, [1e308]),
        ({"kind": "catmullRom", "x": [0, 1, 2, 3], "y": [0, 1, 0, 1]}, [0.5, -1e308]),
        ({"kind": "makima", "x": [0, 1, 2, 3], "y": [0, 1, 0, 1]}, [1e308]),
        # Vector items: the place is named by row and channel.
        ({"kind": "cubic", "x": [0, 1, 2, 3], "y": [[0, 0], [1, 1], [0, 0], [1, 1]]}, [0.5, 1e308]),
    ],
)
def test_spline_overflow_is_evals_error(spline, at):
    assert_same_error(lambda: mk.spline(spline["kind"], spline["x"], spline["y"], at),
                      {"op": "spline.sample", "spline": spline, "at": at})


def test_spline_overflow_writes_nothing_from_c():
    x = np.array([0.0, 1.0, 2.0, 3.0])
    y = np.array([0.0, 1.0, 0.0, 1.0])
    at = np.array([1e308])
    out = np.full(1, 7.0)
    err = MKError()
    status = lib.mk_spline_sample_f64(b"cubic", 5, ptr(x), 4, ptr(y), 4, 1, 0, None, 0, None, None, 0, ptr(at), 1,
                                      ptr(out), ctypes.byref(err))
    assert status == 1 and err.field == b"" and b"result[0]" in err.message
    assert out[0] == 7.0


def test_keyframes_overflow_is_evals_error():
    k = {"values": [-1e308, 1e308], "timingFunctions": [{"cubicBezier": [0.1, -100, 0.9, 100]}]}
    at = [0.1, 0.9]
    assert_same_error(lambda: mk.keyframes(k["values"], at, timing_functions=k["timingFunctions"]),
                      {"op": "keyframes.sample", "keyframes": k, "at": at})


# MARK: counts compared before the arrays are read


def test_spline_counts_refused_before_reading():
    x, y, at, out = np.array([0.0, 1.0, 2.0, 3.0]), np.zeros(4), np.array([0.5]), np.zeros(1)
    err = MKError()
    # y_count beyond y's 4 numbers (within the knot limit): refused from the counts alone.
    status = lib.mk_spline_sample_f64(b"cubic", 5, ptr(x), 4, ptr(y), 1000, 1, 0, None, 0, None, None, 0, ptr(at), 1,
                                      ptr(out), ctypes.byref(err))
    assert status == 1 and err.field == b"spline.y"
    assert err.message == b"spline.y: expected 4 items (one per x), got 1000"
    # An end's value_count of 2^40 with one number behind it: refused, nothing allocated.
    one = np.array([1.0])
    ends = (MKSplineEnd * 2)()
    for e in ends:
        e.order, e.value, e.value_count, e.per_channel = 1.0, one.ctypes.data, 1 << 40, 0
    status = lib.mk_spline_sample_f64(b"cubic", 5, ptr(x), 4, ptr(y), 4, 1, 0, None, 0, ends, None, 0, ptr(at), 1,
                                      ptr(out), ctypes.byref(err))
    assert status == 1 and err.field == b"spline.boundary[0][1]"
    for e in ends:
        e.per_channel = 1
    status = lib.mk_spline_sample_f64(b"cubic", 5, ptr(x), 4, ptr(y), 4, 1, 0, None, 0, ends, None, 0, ptr(at), 1,
                                      ptr(out), ctypes.byref(err))
    # Number items: eval's message for an array where a number goes.
    assert status == 1 and err.field == b"spline.boundary[0][1]"
    assert err.message.endswith(b"the y items are numbers, so the value is a number, got an array")


def test_spline_end_count_matches_evals_message():
    x, y2 = [0, 1, 2], [[0, 0], [1, 1], [0, 2]]
    request = {"op": "spline.sample", "spline": {"kind": "cubic", "x": x, "y": y2,
                                                  "boundary": [[1, [0, 0, 0]], "natural"]}, "at": [0.5]}
    assert_same_error(lambda: mk.spline("cubic", x, y2, [0.5], boundary=[[1, [0, 0, 0]], "natural"]), request)


def test_keyframes_counts_refused_before_reading():
    values, at, out = np.array([0.0, 1.0, 2.0]), np.array([0.5]), np.zeros(1)
    err = MKError()
    key_times = np.array([0.0, 1.0])
    status = lib.mk_keyframes_sample_f64(ptr(values), 3, 1, 0, ptr(key_times), 1000, None, 0, None, 0, ptr(at), 1,
                                         ptr(out), ctypes.byref(err))
    assert status == 1 and err.message == b"keyframes.keyTimes: expected 3 (one per value) key times, got 1000"
    # A million timing functions for three values: refused by the count, not read one by one.
    specs = (MKTimingSpec * 1)()
    status = lib.mk_keyframes_sample_f64(ptr(values), 3, 1, 0, None, 0, None, 0, specs, 1_000_000, ptr(at), 1,
                                         ptr(out), ctypes.byref(err))
    assert status == 1 and err.message == (
        b"keyframes.timingFunctions: expected 2 timing functions (one per segment between 3 values), got 1000000")


@pytest.mark.parametrize(
    "keyframes",
    [
        {"values": [0, 1, 2], "keyTimes": [0, 1]},
        {"values": [0, 1, 2], "keyTimes": [0, 1], "calculationMode": "discrete"},
        {"values": [0, 1, 2], "timingFunctions": ["ease"]},
    ],
)
def test_keyframes_count_errors_are_evals(keyframes):
    assert_same_error(
        lambda: mk.keyframes(keyframes["values"], [0.5], key_times=keyframes.get("keyTimes"),
                             calculation_mode=keyframes.get("calculationMode", "linear"),
                             timing_functions=keyframes.get("timingFunctions")),
        {"op": "keyframes.sample", "keyframes": keyframes, "at": [0.5]})


# MARK: an output that is an input


def test_settle_into_its_shared_epsilon():
    n = 1024
    k, c, f, t = np.full(n, 100.0), np.full(n, 10.0), np.zeros(n), np.ones(n)
    reference = mk.spring_settle(stiffness=k, damping=c, from_=f, to=t, epsilon=1e-3)
    for threads in (1, 2):
        eps = np.zeros(n)
        eps[0] = 1e-3
        err = MKError()
        status = lib.mk_spring_settle_f64(n, None, ptr(k), ptr(c), 0, ptr(f), ptr(t), None, ptr(eps), 1, ptr(eps),
                                          threads, ctypes.byref(err))
        assert status == 0, err.message
        assert eps.tobytes() == reference.tobytes()


# MARK: booleans among numbers


@pytest.mark.parametrize(
    "call, eval_request",
    [
        (lambda: mk.timing("ease", [0.5, True]), {"op": "timing.sample", "timing": "ease", "at": [0.5, True]}),
        (lambda: mk.keyframes([0, True, 2], [0.25]),
         {"op": "keyframes.sample", "keyframes": {"values": [0, True, 2]}, "at": [0.25]}),
        (lambda: mk.spline("cubic", [False, True, 2, 3], [0, 1, 0, 1], [0.5]),
         {"op": "spline.sample", "spline": {"kind": "cubic", "x": [False, True, 2, 3], "y": [0, 1, 0, 1]}, "at": [0.5]}),
        (lambda: mk.spline("cubic", [0, 1, 2], [[0, 1], [1, True], [0, 0]], [0.5]),
         {"op": "spline.sample", "spline": {"kind": "cubic", "x": [0, 1, 2], "y": [[0, 1], [1, True], [0, 0]]},
          "at": [0.5]}),
    ],
)
def test_booleans_among_numbers_are_refused_as_eval_does(call, eval_request):
    assert_same_error(call, eval_request)


def test_booleans_among_spring_columns_name_the_row():
    for call in (lambda: mk.spring_settle(stiffness=[100, True], damping=[10, 10], epsilon=1e-3),
                 lambda: mk.spring_batch([0.1, 0.2], stiffness=[100, True], damping=10.0)):
        with pytest.raises(mk.InvalidValue) as info:
            call()
        assert info.value.field == "stiffness[1]" and info.value.reason == "expected a number, got a boolean"

