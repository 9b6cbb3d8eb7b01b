"""Zero-copy inputs and outputs, the GIL released during kernels, and typed errors (fuzzed)."""

import threading

import numpy as np
import pytest

import motionkernel as mk
from motionkernel import _api


def test_contiguous_inputs_of_the_right_dtype_are_not_copied():
    a = np.arange(10, dtype=np.float32)
    assert _api._array("x", a, np.dtype(np.float32)) is a
    b = _api._array("x", a[::2], np.dtype(np.float32))
    assert b.flags.c_contiguous and not np.shares_memory(a, b)  # strided input: one copy
    n, cols = _api._columns({"k": np.ones(4), "c": 2.0}, np.dtype(np.float64))
    assert n == 4 and cols["c"].shape == (4,)


def test_out_arrays_written_in_place():
    times = np.linspace(0, 1, 9, dtype=np.float32)
    out = np.full((2, 9), np.nan, dtype=np.float32)
    res = mk.spring_batch(times, stiffness=np.array([100, 200], dtype=np.float32), damping=10.0, out=out)
    assert res is out and np.shares_memory(res, out) and np.all(np.isfinite(out))
    m = np.empty((2, 16), dtype=np.float32)
    assert np.shares_memory(mk.transform_build(angle=[0.1, 0.2], out=m), m)
    base = np.empty((4, 16))
    view = base[1:3]  # a C-contiguous view: written in place too
    mk.transform_interpolate(np.tile(np.eye(4).reshape(16), (2, 1)), np.tile(np.eye(4).reshape(16), (2, 1)), 0.5, out=view)
    assert np.array_equal(base[1:3], np.tile(np.eye(4).reshape(16), (2, 1)))


@pytest.mark.parametrize(
    "out, why",
    [(np.empty((2, 9), dtype=np.float64), "dtype"), (np.empty((2, 8), dtype=np.float32), "shape"),
     (np.empty((9, 2), dtype=np.float32).T, "C-contiguous"), ([[0.0] * 9] * 2, "ndarray")],
)
def test_bad_out_is_a_value_error_before_work(out, why):
    with pytest.raises(ValueError, match=why) as e:
        mk.spring_batch(np.linspace(0, 1, 9), stiffness=[100.0, 200.0], damping=10.0, out=out)
    assert e.value.field == "out"


def test_read_only_out_refused():
    out = np.empty((1, 3), dtype=np.float32)
    out.flags.writeable = False
    with pytest.raises(mk.InvalidValue, match="writeable"):
        mk.spring_batch([0.0, 1.0, 2.0], stiffness=100.0, damping=1.0, out=out)


def test_error_classes_and_fields():
    assert issubclass(mk.Error, ValueError)
    for cls in (mk.InvalidValue, mk.MissingField, mk.Unsupported):
        assert issubclass(cls, mk.Error)
    with pytest.raises(mk.InvalidValue) as e:
        mk.spring_batch([0.0], stiffness=[1.0, 2.0, 3.0, 0.0], damping=1.0)
    assert e.value.field == "stiffness[3]" and e.value.code == "invalidValue"
    with pytest.raises(mk.MissingField) as e:
        mk.spring_batch([0.0], stiffness=1.0)
    assert e.value.field == "damping"
    with pytest.raises(mk.InvalidValue) as e:
        mk.spring_batch([0.0, -1.0], stiffness=1.0, damping=1.0)
    assert e.value.field == "times[1]"
    with pytest.raises(mk.InvalidValue) as e:
        mk.spring_batch([0.0], stiffness=1.0, damping=1.0, dtype=np.int32)
    assert e.value.field == "dtype"
    from motionkernel._errors import from_answer, from_status

    e3 = from_status(3, "timing", "timing: not supported")
    assert type(e3) is mk.Unsupported and e3.field == "timing" and e3.reason == "not supported"
    ea = from_answer({"code": "missingField", "message": "spring.stiffness: is required"})
    assert type(ea) is mk.MissingField and ea.field == "spring.stiffness"


BAD = [np.nan, np.inf, -np.inf, -1.0, 0.0, 1e308, -1e308, 5e-324]


@pytest.mark.parametrize("value", BAD)
@pytest.mark.parametrize("field", ["stiffness", "damping", "mass", "from_", "to", "velocity"])
def test_fuzz_spring_parameters_never_crash(field, value):
    kwargs = dict(stiffness=100.0, damping=10.0, mass=1.0, from_=0.0, to=1.0, velocity=0.0)
    kwargs[field] = np.array([1.0, value]) if field != "stiffness" else np.array([100.0, value])
    try:
        v = mk.spring_batch(np.array([0.0, 0.5, 1e6]), dtype=np.float64, **kwargs)
    except mk.Error as e:
        assert e.field.startswith(field.rstrip("_")) or e.field.startswith(("stiffness", "velocity", "to", "from"))
    else:
        assert np.all(np.isfinite(v))


@pytest.mark.parametrize("value", BAD + [1e39])
def test_fuzz_transforms_and_timing_never_crash(value):
    for call in (
        lambda: mk.transform_build(angle=[0.0, value], scale=[1.0, value]),
        lambda: mk.transform_apply(np.array([value] + [0.0] * 15), [[1.0, 2.0]]),
        lambda: mk.transform_interpolate(np.full((1, 16), value), np.eye(4).reshape(1, 16), 0.5),
        lambda: mk.transform_interpolate(np.eye(4).reshape(1, 16), np.eye(4).reshape(1, 16), value),
        lambda: mk.timing("ease", [value]),
        lambda: mk.timing(f"cubic-bezier(0.5, {value}, 0.5, 1)", [0.5]),
    ):
        try:
            r = call()
        except mk.Error:
            continue
        assert np.all(np.isfinite(r))


def test_empty_and_huge_sizes():
    assert mk.spring_batch(np.empty(0), stiffness=[100.0, 200.0], damping=1.0).shape == (2, 0)
    assert mk.spring_batch([0.0], stiffness=np.empty(0), damping=1.0).shape == (0, 1)
    assert mk.transform_build(tx=np.empty(0)).shape == (0, 16)
    assert mk.timing("ease", np.empty(0)).shape == (0,)
    huge = np.broadcast_to(np.float32(0.0), (1 << 21,))  # a view: no memory behind it
    with pytest.raises(mk.InvalidValue, match="exceeds the limit"):
        mk.spring_batch(huge, stiffness=np.ones(1 << 20, dtype=np.float32), damping=1.0)
    for bad in ("", "(", "steps(0)", "linear(", "cubic-bezier(0,0,0)", "\x00", "é" * 5000, "steps(99999999999999999999)"):
        with pytest.raises(mk.Error):
            mk.timing(bad, [0.5])


def test_threads_release_the_gil_and_agree_with_serial():
    rng = np.random.default_rng(11)
    jobs = [rng.uniform(10, 500, 20000) for _ in range(4)]
    times = np.linspace(0, 2, 120)
    serial = [mk.spring_batch(times, stiffness=k, damping_ratio=0.3) for k in jobs]
    results = [None] * 4
    barrier = threading.Barrier(4)

    def work(i):
        barrier.wait()
        results[i] = mk.spring_batch(times, stiffness=jobs[i], damping_ratio=0.3)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for a, b in zip(serial, results):
        assert np.array_equal(a, b)


def test_ctypes_releases_the_gil():
    # ctypes.CDLL (not PyDLL) drops the GIL around each foreign call: a Python thread keeps
    # counting while the main thread is inside one long kernel call.
    import ctypes

    from motionkernel._lib import lib

    assert isinstance(lib, ctypes.CDLL) and not isinstance(lib, ctypes.PyDLL)
    ticks = [0]
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks[0] += 1

    t = threading.Thread(target=count)
    t.start()
    before = ticks[0]
    mk.spring_batch(np.linspace(0, 2, 400), stiffness=np.linspace(10, 500, 100000), damping_ratio=0.3, dtype=np.float64)
    during = ticks[0] - before
    stop.set()
    t.join()
    assert during > 0
