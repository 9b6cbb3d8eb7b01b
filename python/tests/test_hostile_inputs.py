"""Hostile inputs: every bad argument is a motionkernel.Error naming the field, refused before any
allocation sized by it; the C ABI's eval keeps its limits and its promises."""

import ctypes
import shutil
import subprocess
import sys
import textwrap
import tracemalloc

import numpy as np
import pytest

import motionkernel as mk
from motionkernel import _lib

HUGE_INT = 10**400
SURROGATE = "\ud800"
# A zero-stride view of 2⁴¹ numbers: no memory behind it, 16 TiB once converted.
HUGE = np.broadcast_to(np.float64(0.5), (1 << 41,))


def peak_bytes(call):
    """Runs ``call`` and returns the peak of memory traced (NumPy reports its buffers) above the start."""
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        call()
        return tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()


def raises_field(field, call, cls=mk.Error):
    with pytest.raises(cls) as e:
        call()
    assert e.value.field == field, (e.value.field, str(e.value))
    return e.value


# MARK: eval through the C ABI


def _mk_eval(data, length=None):
    answer = ctypes.c_void_p(1)  # a non-null sentinel: a failure must set it to NULL
    size = ctypes.c_size_t(7)
    status = _lib.lib.mk_eval(data, len(data) if length is None else length, ctypes.byref(answer), ctypes.byref(size))
    text = None
    if answer.value and answer.value != 1:
        text = ctypes.string_at(answer.value, size.value).decode("utf-8")
        _lib.lib.mk_free(answer)
    return status, answer.value, size.value, text


def test_mk_eval_failures_set_answer_to_null():
    assert _mk_eval(None, 5)[:3] == (1, None, 0)
    assert _mk_eval(b"  ")[:3] == (1, None, 0)
    assert _mk_eval(b"{", 2**64 - 1)[:3] == (1, None, 0)


@pytest.mark.skipif(shutil.which("prlimit") is None, reason="prlimit (util-linux) is not installed")
def test_mk_eval_300_mb_request_under_4_gb_address_space():
    """The 300 MB request is answered with eval's line-limit error under a 4 GiB address-space cap
    (Tools/stress's cap), in a subprocess so a failed allocation cannot take the suite down."""
    code = textwrap.dedent(
        """
        import ctypes
        from motionkernel import _lib
        data = b'{"op":"timing.sample","timing":"linear","at":[' + b"0," * 150_000_000 + b'0]}'
        answer, size = ctypes.c_void_p(), ctypes.c_size_t()
        status = _lib.lib.mk_eval(data, len(data), ctypes.byref(answer), ctypes.byref(size))
        print(status, ctypes.string_at(answer.value, size.value).decode())
        """
    )
    run = subprocess.run(["prlimit", f"--as={4 << 30}", "--", sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    status, answer = run.stdout.split(" ", 1)
    assert status == "0"
    assert answer.startswith('{"id":null,"ok":false,"error":{"code":"invalidValue"')
    assert "longer than the limit of 67108864 bytes" in answer


# MARK: strings with their length


def test_timing_string_with_nul_is_refused_as_eval_refuses_it():
    e = raises_field("timing", lambda: mk.timing("ease\x00garbage", [0.5]), mk.InvalidValue)
    answer = mk.eval({"op": "timing.sample", "timing": "ease\x00garbage", "at": [0.5]})
    # The error record writes the quoted NUL as \u0000 (the record is a C string).
    assert answer["ok"] is False and answer["error"]["message"].replace("\x00", "\\u0000") == str(e)


def test_timing_lone_surrogate():
    raises_field("timing", lambda: mk.timing("ease" + SURROGATE, [0.5]), mk.InvalidValue)
    raises_field("timing.position", lambda: mk.timing({"steps": 2, "position": SURROGATE}, [0.5]), mk.InvalidValue)


# MARK: one TimingSpec validator


@pytest.mark.parametrize("spec", [
    {"steps": 3, "position": "START"}, {"cubicBezier": [True, 0, 0.5, 1]}, {"cubicBezier": [0, 0, 1]},
    {"steps": 2.5}, {"steps": True}, {"steps": 2, "extra": 1}, "EASEIN", 3, [0.5], None,
    {"spring": {"stiffness": 100, "damping": 10, "velocity": 1}},
])
def test_timing_objects_refused_exactly_as_eval(spec):
    with pytest.raises(mk.Error) as e:
        mk.timing(spec, [0.5])
    answer = mk.eval({"op": "timing.sample", "timing": spec, "at": [0.5]})
    assert answer["ok"] is False and answer["error"]["message"] == str(e.value)
    assert answer["error"]["code"] == e.value.code
    assert e.value.field.startswith("timing")


# MARK: outputs that overlap


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("springs", [1, 3])
def test_spring_outputs_sharing_memory_are_refused(dtype, springs):
    times = np.array([0.0, 0.25, 0.5])
    k = 100.0 if springs == 1 else np.full(springs, 100.0)
    a = np.zeros((springs, 3), dtype=dtype)
    e = raises_field("velocity_out", lambda: mk.spring_batch(times, stiffness=k, damping=10.0, dtype=dtype, out=a, velocity_out=a))
    assert "out" in e.reason
    buffer = np.zeros(springs * 3 + 1, dtype=dtype)
    first, shifted = buffer[:-1].reshape(springs, 3), buffer[1:].reshape(springs, 3)
    raises_field("velocity_out", lambda: mk.spring_batch(times, stiffness=k, damping=10.0, dtype=dtype, out=first,
                                                         velocity_out=shifted))
    # One spring at one time (the packed path).
    one = np.zeros((1, 1), dtype=dtype)
    raises_field("velocity_out", lambda: mk.spring_batch(np.array([0.5]), stiffness=100.0, damping=10.0, dtype=dtype,
                                                         out=one, velocity_out=one))
    # Separate outputs work; x(0) = from and v(0) = velocity exactly.
    v = np.full((springs, 3), np.nan, dtype=dtype)
    x = mk.spring_batch(times, stiffness=k, damping=10.0, dtype=dtype, out=a, velocity_out=v)
    assert x is a and np.all(a[:, 0] == 0) and np.all(v[:, 0] == 0)


# MARK: hostile numbers, strings and sizes


def test_booleans_are_not_numbers_as_in_eval():
    # eval refuses {"stiffness": true}; the array entry points refuse boolean arrays and scalars alike.
    raises_field("stiffness", lambda: mk.spring_batch([0.5], stiffness=True, damping=1.0), mk.InvalidValue)
    raises_field("damping", lambda: mk.spring_batch([0.5], stiffness=[1.0, 2.0], damping=np.array([True, False])), mk.InvalidValue)
    raises_field("times", lambda: mk.spring_batch(np.array([True]), stiffness=1.0, damping=1.0), mk.InvalidValue)
    raises_field("at", lambda: mk.timing("ease", np.array([False, True])), mk.InvalidValue)


def test_huge_int_named_in_every_spring_parameter():
    for name in ("stiffness", "damping", "mass", "to", "velocity"):
        kwargs = {"stiffness": 100.0, "damping": 10.0, name: HUGE_INT}
        for times in (np.array([0.5]), [0.0, 0.5], np.array([0.0, 0.5, 1.0])):
            raises_field(name, lambda: mk.spring_batch(times, **kwargs), mk.InvalidValue)
    raises_field("from", lambda: mk.spring_batch([0.5], stiffness=1.0, damping=1.0, from_=HUGE_INT))
    raises_field("damping_ratio", lambda: mk.spring_batch([0.5], stiffness=1.0, damping_ratio=HUGE_INT))
    raises_field("times", lambda: mk.spring_batch([HUGE_INT], stiffness=1.0, damping=1.0))
    raises_field("threads", lambda: mk.spring_batch([0.5], stiffness=1.0, damping=1.0, threads=HUGE_INT))
    raises_field("fraction", lambda: mk.transform_interpolate(np.eye(4).reshape(1, 16), np.eye(4).reshape(1, 16), HUGE_INT))
    raises_field("fraction", lambda: mk.transform_interpolate(np.eye(4).reshape(1, 16), np.eye(4).reshape(1, 16), True))
    raises_field("spring.stiffness", lambda: mk.spring_convert(stiffness=HUGE_INT, damping=1.0))
    raises_field("fps", lambda: mk.preset_frames("shake", fps=HUGE_INT))
    raises_field("epsilon", lambda: mk.spring_settle(stiffness=1.0, damping=1.0, epsilon=HUGE_INT))


def test_lone_surrogates_named():
    raises_field("spline.kind", lambda: mk.spline(SURROGATE, [0, 1], [0, 1], [0.5]))
    raises_field("preset", lambda: mk.preset_frames(SURROGATE))
    raises_field("keyframes.calculationMode", lambda: mk.keyframes([0, 1], [0.5], calculation_mode=SURROGATE))
    raises_field("keyframes.timingFunctions[0]", lambda: mk.keyframes([0, 1], [0.5], timing_functions=[SURROGATE]))
    raises_field("op", lambda: mk.eval({"op": SURROGATE}))


@pytest.mark.parametrize("call, field", [
    (lambda: mk.spring_batch(HUGE, stiffness=1.0, damping=1.0), "times"),
    (lambda: mk.spring_batch([0.5], stiffness=HUGE, damping=1.0), "stiffness"),
    (lambda: mk.spring_batch(HUGE[: 1 << 30], stiffness=np.ones(1 << 11), damping=1.0), "out"),
    (lambda: mk.transform_build(HUGE), "tx"),
    (lambda: mk.transform_build(HUGE[: 1 << 37]), "out"),
    (lambda: mk.transform_apply(np.eye(4), np.broadcast_to(np.float64(1), (1 << 40, 2))), "points"),
    (lambda: mk.transform_interpolate(np.broadcast_to(np.float64(1), (1 << 37, 16)), np.zeros((2, 16)), 0.5), "from"),
    (lambda: mk.timing("ease", HUGE), "at"),
    (lambda: mk.spline("cubic", HUGE, [0.0, 1.0], [0.5]), "spline.x"),
    (lambda: mk.keyframes(HUGE, [0.5]), "keyframes.values"),
    (lambda: mk.spring_settle(stiffness=HUGE, damping=1.0, epsilon=0.01), "stiffness"),
])
def test_broadcast_inputs_over_the_limit_refused_before_allocating(call, field):
    peak = peak_bytes(lambda: raises_field(field, call, mk.InvalidValue))
    assert peak < 1 << 20


def test_spline_over_eval_limit_refused_before_json():
    """1.2·10⁷ evaluation points: eval's 10⁷ output numbers, checked on the shape (no list, no JSON)."""
    at = np.broadcast_to(np.float64(0.5), (12_000_000,))
    e = raises_field("at", lambda: mk.spline("cubic", [0.0, 1.0, 2.0], [0.0, 1.0, 0.0], at), mk.InvalidValue)
    assert "10000000" in e.reason
    assert peak_bytes(lambda: raises_field("at", lambda: mk.spline("cubic", [0.0, 1.0], [0.0, 1.0], at))) < 1 << 20
    # Channels count: 4·10⁶ points × 3 channels.
    y3 = np.zeros((2, 3))
    raises_field("at", lambda: mk.spline("cubic", [0.0, 1.0], y3, at[:4_000_000]))
    knots = np.broadcast_to(np.float64(0.0), (1_000_001,))
    raises_field("spline.x", lambda: mk.spline("cubic", knots, knots, [0.5]))
    raises_field("at", lambda: mk.keyframes(np.zeros((2, 2)), at[:6_000_000]))


# MARK: eval's request must be JSON, faithfully


@pytest.mark.parametrize("request_, field", [
    ({"op": "presets.list", 1: 2}, "1"),
    ({"op": "timing.sample", "timing": "ease", "at": [0.5, float("nan")]}, "at[1]"),
    ({"op": "timing.sample", "timing": "ease", "at": [float("inf")]}, "at[0]"),
    ({"op": "timing.sample", "timing": "ease", "at": [HUGE_INT]}, "at[0]"),
    ({"op": "timing.sample", "timing": {"cubicBezier": {(1, 2): 3}}, "at": [0.5]}, "timing.cubicBezier.(1, 2)"),
    ({"op": "timing.sample", "timing": "ease", "at": np.array([0.5, np.nan])}, "at"),
    ({"op": "timing.sample", "timing": "ease", "at": {0.5}}, "at"),
    ({"op": "timing.sample", "timing": "ease", "at": b"0.5"}, "at"),
])
def test_eval_refuses_what_json_cannot_carry(request_, field):
    raises_field(field, lambda: mk.eval(request_), mk.InvalidValue)


def test_eval_deep_nesting_and_cycles_are_errors():
    deep = [0]
    for _ in range(200):
        deep = [deep]
    raises_field("at" + "[0]" * 127, lambda: mk.eval({"op": "timing.sample", "at": deep}), mk.InvalidValue)
    cyclic: dict = {"op": "presets.list"}
    cyclic["self"] = cyclic
    with pytest.raises(mk.InvalidValue):
        mk.eval(cyclic)
    raises_field("", lambda: mk.eval([1, 2]), mk.InvalidValue)


def test_eval_big_int_id_is_echoed():
    answer = mk.eval({"id": 10**30, "op": "presets.list"})
    assert answer["ok"] and answer["id"] == 10**30


# MARK: Dask names the global row


def test_dask_names_the_global_row():
    da = pytest.importorskip("dask.array")
    import motionkernel.dask as mkd

    k = np.array([1.0, 2.0, 3.0, -1.0, 5.0])
    e_in = raises_field("stiffness[3]", lambda: mk.spring_batch([0.0, 1.0], stiffness=k, damping=1.0))
    lazy = mkd.spring_batch([0.0, 1.0], stiffness=da.from_array(k, chunks=2), damping=1.0)
    e_da = raises_field("stiffness[3]", lambda: lazy.compute(scheduler="synchronous"))
    assert str(e_da) == str(e_in)
    ratio = mkd.spring_batch([0.0, 1.0], stiffness=1.0, damping_ratio=da.from_array(np.array([1.0, 1.0, np.nan]), chunks=2))
    raises_field("damping[2]", lambda: ratio.compute(scheduler="synchronous"))
    tx = np.array([0.0, 1.0, 2.0, np.inf])
    raises_field("tx[3]", lambda: mkd.transform_build(da.from_array(tx, chunks=3)).compute(scheduler="synchronous"))
    at = np.array([0.0, 0.5, 1.0, np.nan])
    raises_field("at[3]", lambda: mkd.spline("cubic", [0.0, 1.0, 2.0], [0.0, 1.0, 0.0], da.from_array(at, chunks=2))
                 .compute(scheduler="synchronous"))
