"""The compiled per-call fast paths (``motionkernel._fast``) against the general paths.

Every fast path either answers a call exactly as the general path would (same type, shape,
dtype and bits; ``out`` itself when given) or declines it (None), and the general path then
answers. So for every input below, the public function with the fast paths and the same
function with them switched off must agree: the same result, or the same error type, field and
reason. The inputs cover the shapes the fast paths take (numbers, one-item arrays and lists,
short lists, float64 arrays) and the edges where they must decline (ints beyond 2**53, float32
overflow, non-finite numbers, booleans, bad dtypes, bad ``out``, bad threads, empty lists,
non-ASCII names, lone surrogates, subclasses, big-endian arrays, 2-D inputs).
"""

import itertools
import math

import numpy as np
import pytest

import motionkernel as mk
from motionkernel import _api

FAST_NAMES = ("_FAST_SPRING_BATCH", "_FAST_TRANSFORM_BUILD", "_FAST_SETTLE", "_FAST_TIMING", "_FAST_SPLINE")

pytestmark = pytest.mark.skipif(_api._FAST_SPRING_BATCH is None, reason="motionkernel._fast is not built (a source checkout)")


class SubArray(np.ndarray):
    pass


def outcome(call):
    """(result, None) or (None, (error type, field, reason))."""
    try:
        return call(), None
    except mk.Error as e:
        return None, (type(e), e.field, e.reason)


def same(a, b):
    """The same result: type, dtype, shape and bits (NaN equal to NaN)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def general(monkeypatch, call):
    with monkeypatch.context() as m:
        for name in FAST_NAMES:
            m.setattr(_api, name, None)
        return outcome(call)


def check(monkeypatch, make_call):
    """make_call() returns a fresh zero-argument call (fresh `out` arrays for each side)."""
    fast, fast_err = outcome(make_call())
    slow, slow_err = general(monkeypatch, make_call())
    assert fast_err == slow_err
    if fast_err is None:
        assert same(fast, slow), (fast, slow)
    return fast


def numbers(dtype):
    """One number in every form users pass it, plus edge values."""
    forms = []
    for v in (0.25, 2, -3, 1e-300, 1 << 53, (1 << 53) + 1, 10**400 // 10**300, 3.5e38, 1e39, float("nan"), float("inf"), True):
        forms += [v, [v]]
    forms += [np.float64(0.75), np.float32(0.75), np.array(0.5), np.array([0.5], dtype=dtype), np.array([0.5], dtype=">f8"),
              np.array([0.5, 0.6], dtype=dtype), np.array([[0.5]], dtype=dtype), np.array([1], dtype=np.int64), [0.5, 0.6],
              (0.5,), "0.5", None, np.array([0.5]).view(SubArray), [np.float32(0.5)], [[0.5]], []]
    return forms


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_spring_batch_one(monkeypatch, dtype):
    times_forms = [np.array([0.25], dtype=dtype), np.array([0.25], dtype=np.float32), [0.25], [1], np.array(0.25), 0.25,
                   np.array([0.0, 0.5]), [float("nan")], np.array([-1.0])]
    for k in numbers(dtype):
        check(monkeypatch, lambda: (lambda: mk.spring_batch(np.array([0.25], dtype=dtype), stiffness=k, damping=10.0, dtype=dtype)))
    for t in times_forms:
        check(monkeypatch, lambda: (lambda: mk.spring_batch(t, stiffness=100.0, damping=10.0, from_=0.5, dtype=dtype)))
    for c, z in ((10.0, None), (None, 0.5), (None, [0.5]), (None, np.array([2.0])), (10.0, 0.5), (None, None), (None, -1.0),
                 (None, 1e300), (np.float32(3.0), None), (-1.0, None)):
        for mass in (1.0, [2.0], 0.0, None):
            check(monkeypatch, lambda: (lambda: mk.spring_batch(
                [0.25], stiffness=100.0, damping=c, damping_ratio=z, mass=mass, to=2.0, velocity=-1.0, dtype=dtype)))
    for x0 in numbers(dtype):
        check(monkeypatch, lambda: (lambda: mk.spring_batch([0.5], stiffness=[100.0], damping=[10.0], from_=x0, dtype=dtype)))
    for dt in (np.float32, np.float64, np.dtype(np.float32), np.dtype(np.float64), "float32", np.float16, np.dtype(">f8"), int):
        check(monkeypatch, lambda: (lambda: mk.spring_batch([0.5], stiffness=100.0, damping=10.0, dtype=dt)))
    for threads in (1, 2, 64, 0, 65, True, 2.0, None):
        check(monkeypatch, lambda: (lambda: mk.spring_batch([0.5], stiffness=100.0, damping=10.0, dtype=dtype, threads=threads)))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_spring_batch_one_out(monkeypatch, dtype):
    other = np.float64 if dtype is np.float32 else np.float32
    outs = [lambda: np.empty((1, 1), dtype), lambda: np.empty((1, 1), other), lambda: np.empty((1,), dtype),
            lambda: np.empty((1, 2), dtype), lambda: np.empty((2, 2), dtype)[:1, :1], lambda: np.empty((1, 1), dtype).view(SubArray),
            lambda: np.zeros((1, 1), dtype).copy(order="F"), lambda: [[0.0]]]

    def read_only():
        a = np.empty((1, 1), dtype)
        a.flags.writeable = False
        return a

    for make_out in outs + [read_only]:
        def make():
            out = make_out()

            def call():
                r = mk.spring_batch(np.array([0.25]), stiffness=100.0, damping=10.0, dtype=dtype, out=out)
                assert r is out
                return r
            return call
        check(monkeypatch, make)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_transform_build_one(monkeypatch, dtype):
    for v in numbers(dtype):
        for position in range(4):
            args = [None, None, None, None]
            args[position] = v
            check(monkeypatch, lambda: (lambda: mk.transform_build(*args, dtype=dtype)))
    check(monkeypatch, lambda: (lambda: mk.transform_build(dtype=dtype)))
    for tx, ty, angle, scale in itertools.product((None, 0.2, [0.2], np.array([0.2], dtype=dtype)), repeat=4):
        check(monkeypatch, lambda: (lambda: mk.transform_build(tx, ty, angle, scale, dtype=dtype)))
    other = np.float64 if dtype is np.float32 else np.float32
    for make_out in (lambda: np.empty((1, 16), dtype), lambda: np.empty((1, 16), other), lambda: np.empty((16,), dtype),
                     lambda: np.empty((2, 16), dtype), lambda: np.empty((1, 32), dtype)[:, ::2]):
        def make():
            out = make_out()
            return lambda: mk.transform_build(0.2, 0.1, 0.3, 1.5, dtype=dtype, out=out)
        check(monkeypatch, make)


def test_spring_settle_one(monkeypatch):
    for k in numbers(np.float64):
        check(monkeypatch, lambda: (lambda: mk.spring_settle(stiffness=k, damping=10.0, epsilon=1e-3)))
    for eps in numbers(np.float64) + [0.0, -1e-3, 1e-320]:
        check(monkeypatch, lambda: (lambda: mk.spring_settle(stiffness=100.0, damping_ratio=0.5, epsilon=eps)))
    for c, z in ((10.0, None), (None, 0.5), (0.0, None), (10.0, 0.5), (None, None), ([10.0], None), (None, np.array(0.5))):
        for mass, x0, v0 in itertools.product((1.0, [2.0], None, float("inf")), (0.0, [3.0], 1e308), (0.0, -4.0, [5.0])):
            check(monkeypatch, lambda: (lambda: mk.spring_settle(
                stiffness=100.0, damping=c, damping_ratio=z, mass=mass, from_=x0, velocity=v0, epsilon=1e-3)))
    for threads in (1, 2, 0, 65, True, None):
        check(monkeypatch, lambda: (lambda: mk.spring_settle(stiffness=100.0, damping=10.0, epsilon=1e-3, threads=threads)))


def test_timing_text(monkeypatch):
    specs = ["ease", "linear", "steps(3, jump-both)", "cubic-bezier(0.1, 0.7, 1, 0.1)", "linear(0, 0.25 75%, 1)", "easeIn",
             "nonsense", "", "ease\x00", "\ud800", "é", {"cubicBezier": [0.1, 0.2, 0.3, 0.4]}, None, 3]
    xs = numbers(np.float64) + [np.linspace(-0.5, 1.5, 101), np.linspace(0, 1, 12).reshape(3, 4),
                                np.linspace(0, 1, 12).reshape(3, 4)[:, ::2], np.linspace(0, 1, 5, dtype=np.float32),
                                np.linspace(0, 1, 10000), list(np.linspace(0, 1, 64)), list(np.linspace(0, 1, 65)),
                                [0.1, 2, 3.5], [0.1, True], np.array([], dtype=np.float64), np.array([[0.5]])]
    for spec, x in itertools.product(specs, xs):
        check(monkeypatch, lambda: (lambda: mk.timing(spec, x)))


def test_spline_plain(monkeypatch):
    kx = [0.0, 1.0, 2.0, 3.0]
    ky = [0.0, 1.0, 0.0, 1.0]
    knots = [(kx, ky), (tuple(kx), tuple(ky)), (np.array(kx), np.array(ky)), (np.array(kx, np.float32), np.array(ky, np.float32)),
             ([0, 1, 2, 3], [0, 1, 0, 1]), ([0.0, 1.0, 1.0, 3.0], ky), ([0.0, 1.0, float("nan"), 3.0], ky), (kx, [0.0, 1.0, 0.0]),
             ([], []), (kx, np.array([[0.0, 1.0], [1.0, 0.0], [0.0, 1.0], [1.0, 0.0]])), (list(range(65)), [0.0] * 65),
             (np.arange(200.0), np.sin(np.arange(200.0))), (np.arange(4.0)[::-1], np.array(ky)), (kx, [0.0, 1.0, True, 1.0])]
    ats = [[1.5], [1.5, -1.0, 4.0], np.array([1.5]), np.linspace(-1, 4, 1000), np.linspace(-1, 4, 10).reshape(2, 5), 1.5,
           [float("inf")], [], np.array([1.5], np.float32), list(np.linspace(0, 3, 64))]
    for (x, y), at, kind, derivative in itertools.product(knots, ats, ("cubic", "pchip", "akima", "makima", "catmullRom", "bogus",
                                                                       "cübic"), (0, 1, 2, 3, True)):
        check(monkeypatch, lambda: (lambda: mk.spline(kind, x, y, at, derivative=derivative)))
    for boundary, alpha in ((None, None), ("natural", None), (None, 0.5)):
        check(monkeypatch, lambda: (lambda: mk.spline("cubic", kx, ky, [1.5], boundary=boundary, alpha=alpha)))


def test_fast_paths_are_taken():
    """The common cells reach the library through the fast paths (None would mean a decline)."""
    t = np.array([0.25], dtype=np.float32)
    assert _api._FAST_SPRING_BATCH(t, 100.0, 10.0, None, 1.0, 0.0, 1.0, 0.0, np.float32, None, 1) is not None
    assert _api._FAST_SPRING_BATCH([0.25], [100.0], None, [0.5], 1.0, 0.0, 1.0, 0.0, np.float64, np.empty((1, 1)), 1) is not None
    assert _api._FAST_TRANSFORM_BUILD(0.2, [0.2], np.array([0.3], np.float32), None, np.float32, None) is not None
    assert _api._FAST_SETTLE(1.0, [100.0], 10.0, None, 0.0, 1.0, 0.0, 1e-3, 1) is not None
    assert _api._FAST_TIMING("ease", [0.5, 0.25]) is not None
    assert _api._FAST_TIMING("ease", np.linspace(0, 1, 7)) is not None
    assert _api._FAST_SPLINE("cubic", [0.0, 1.0, 2.0], [0.0, 1.0, 0.0], [0.5], 0) is not None
    assert _api._FAST_SPLINE("cubic", np.arange(100.0), np.arange(100.0), np.linspace(0, 99, 1000), 1) is not None


def test_fast_paths_release_the_gil_for_large_arrays():
    """A large timing call from two threads gives each thread its own, correct answer."""
    import threading

    x = np.linspace(0, 1, 200_000)
    expected = mk.timing("ease", x)
    results = [None, None]

    def run(i):
        results[i] = mk.timing("ease", x)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    for r in results:
        assert r.tobytes() == expected.tobytes()
