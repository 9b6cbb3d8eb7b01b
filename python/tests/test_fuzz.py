"""A seeded fuzz over the public functions' arguments: random types, values, shapes, dtypes,
strides and overlapping outputs. Every call returns a finite result or raises a motionkernel.Error;
nothing else (no ctypes, NumPy, Unicode or overflow exception, no crash)."""

import random

import numpy as np
import pytest

import motionkernel as mk

SEED = 0x6D6B_7079


def _arrays(rng: random.Random, shape_hint):
    """A NumPy array of a random dtype, shape and layout."""
    shape = rng.choice([(), (0,), (1,), (3,), shape_hint, (2, 3), (3, 16), (2, 2), (4, 4), (16,), (1, 1)])
    dtype = rng.choice([np.float32, np.float64, np.int64, np.uint8, np.bool_, np.float16, np.complex128, object, "U3",
                        "datetime64[s]", np.longdouble])
    try:
        base = np.asarray(np.random.default_rng(rng.randrange(1 << 30)).uniform(-3, 3, size=shape)).astype(dtype)
    except (TypeError, ValueError):
        base = np.zeros(shape, dtype=dtype)
    kind = rng.randrange(6)
    if kind == 0 and base.ndim >= 1 and base.shape[0] > 1:
        base = base[::-1]  # negative stride
    elif kind == 1 and base.ndim >= 1:
        big = np.repeat(base, 2, axis=0)
        base = big[::2]  # strided
    elif kind == 2:
        base = base.copy()
        base.flags.writeable = False
    elif kind == 3 and base.dtype.kind == "f" and base.size:
        base = base.copy()
        base.reshape(-1)[rng.randrange(base.size)] = rng.choice([np.nan, np.inf, -np.inf])
    elif kind == 4:
        base = np.broadcast_to(np.asarray(0.5, dtype=np.float64), rng.choice([(1 << 41,), (1 << 20, 1 << 21), (3,)]))
    return base


def _value(rng: random.Random, shape_hint=(3,)):
    """Anything a caller might pass."""
    pool = [
        lambda: rng.uniform(-5, 5), lambda: rng.randrange(-3, 400), lambda: 10**400, lambda: -(10**400),
        lambda: float("nan"), lambda: float("inf"), lambda: True, lambda: None, lambda: "ease", lambda: "\ud800",
        lambda: "x\x00y", lambda: b"1", lambda: [0.0, 0.5, 1.0], lambda: [[0.0], [1.0, 2.0]], lambda: [10**400],
        lambda: [True, 0.5], lambda: {"a": 1}, lambda: {1: 2}, lambda: object(), lambda: np.float32(1e30),
        lambda: np.float64(2.5), lambda: np.int64(-7), lambda: complex(1, 2), lambda: (1.0, 2.0),
        lambda: _arrays(rng, shape_hint), lambda: _arrays(rng, shape_hint), lambda: _arrays(rng, shape_hint),
        lambda: 1e308, lambda: -0.0, lambda: 5e-324,
    ]
    return rng.choice(pool)()


def _out(rng: random.Random, shape, others):
    """None, a fitting array, a wrong one, or a view overlapping another output."""
    choice = rng.randrange(6)
    if choice == 0 and others:
        return rng.choice(others)
    if choice == 1 and others and others[0].size:
        flat = others[0].reshape(-1)
        return flat[::-1].reshape(others[0].shape) if rng.random() < 0.5 else flat.reshape(others[0].shape)
    if choice == 2:
        return np.zeros(shape, dtype=rng.choice([np.float32, np.float64]))
    if choice == 3:
        return _value(rng, shape)
    return None


def _timing_spec(rng):
    return rng.choice([
        "ease", "cubic-bezier(0.5, 2, 0.5, 1)", "steps(3, start)", "linear(0, 1)", "EASE", "ease\x00x", "\ud800",
        {"steps": 3, "position": "start"}, {"steps": 3, "position": "START"}, {"cubicBezier": [True, 0, 0.5, 1]},
        {"cubicBezier": [0.1, 0.2, 0.3, 10**400]}, {"cubicBezier": [0.1, float("nan"), 0.3, 1]},
        {"spring": {"stiffness": 100, "damping": 10}}, {1: 2}, 3, None, [1], _value(rng),
    ])


def _call(rng: random.Random, name: str):
    def v(hint=(3,)):
        return _value(rng, hint)

    def pick(good):
        """A fitting value most of the time (so that the calls get past the first check), else anything."""
        return good() if rng.random() < 0.85 else v()

    n = rng.choice([1, 3])
    pos = lambda lo=0.1, hi=500.0: (rng.uniform(lo, hi) if rng.random() < 0.5  # noqa: E731
                                    else np.random.default_rng(rng.randrange(1 << 30)).uniform(lo, hi, n))
    if name == "spring_batch":
        kwargs = {"stiffness": pick(pos), "mass": pick(lambda: pos(0.5, 2)), "from_": pick(pos), "to": pick(pos),
                  "velocity": pick(pos)}
        if rng.random() < 0.5:
            kwargs["damping"] = pick(lambda: pos(0, 50))
        else:
            kwargs["damping_ratio"] = pick(lambda: pos(0, 2))
        kwargs["dtype"] = pick(lambda: rng.choice([np.float32, np.float64, "float32", np.dtype(np.float64)]))
        kwargs["threads"] = pick(lambda: rng.choice([1, 2, 3]))
        times = pick(lambda: rng.choice([np.array([0.5]), np.arange(4) / 60, [0.0, 0.3, 0.1], np.arange(5.0)[::-2]]))
        rows = 1 if all(not isinstance(kwargs[k], (list, np.ndarray)) for k in kwargs if k not in ("dtype", "threads")) else n
        shape = (rows, len(times) if isinstance(times, (list, np.ndarray)) and getattr(times, "ndim", 1) == 1 else 1)
        dt = kwargs["dtype"] if rng.random() < 0.8 and any(kwargs["dtype"] is d for d in (np.float32, np.float64)) else np.float64
        out = rng.choice([None, np.zeros(shape, dtype=dt), _out(rng, shape, [])])
        kwargs["out"] = out
        kwargs["velocity_out"] = rng.choice([None, np.zeros(shape, dtype=dt),
                                             _out(rng, shape, [out] if isinstance(out, np.ndarray) else [])])
        return mk.spring_batch(times, **kwargs)
    if name == "spring_settle":
        kwargs = {k: pick(lambda: pos(1, 100)) for k in ("stiffness", "damping", "mass", "velocity")}
        kwargs["epsilon"] = pick(lambda: pos(1e-4, 0.1))
        return mk.spring_settle(**kwargs)
    if name == "spring_convert":
        keys = rng.choice([("stiffness", "damping"), ("stiffness", "damping_ratio"), ("response", "damping_ratio"),
                           ("duration", "bounce"), ("stiffness",), ("bounce", "stiffness", "mass")])
        return mk.spring_convert(**{k: pick(lambda: rng.uniform(0.1, 0.9)) for k in keys})
    if name == "timing":
        return mk.timing(_timing_spec(rng), pick(lambda: np.linspace(-0.5, 1.5, rng.randrange(0, 9))))
    if name == "spline":
        k = rng.randrange(2, 6)
        x = np.cumsum(np.random.default_rng(rng.randrange(1 << 30)).uniform(0.1, 1, k))
        y = np.random.default_rng(rng.randrange(1 << 30)).uniform(-1, 1, rng.choice([(k,), (k, 2)]))
        return mk.spline(pick(lambda: rng.choice(["cubic", "pchip", "akima", "makima", "catmullRom"])), pick(lambda: x),
                         pick(lambda: y), pick(lambda: np.linspace(x[0] - 1, x[-1] + 1, 7)),
                         boundary=rng.choice([None, None, "natural", [[1, 0.0], "natural"], v()]),
                         derivative=pick(lambda: rng.choice([0, 1, 2])), alpha=rng.choice([None, None, 0.5, v()]))
    if name == "keyframes":
        return mk.keyframes(pick(lambda: rng.choice([[0.0, 1.0, 0.5], np.zeros((3, 2))])), pick(lambda: np.linspace(0, 1, 5)),
                            key_times=rng.choice([None, [0.0, 0.4, 1.0], v()]),
                            calculation_mode=pick(lambda: rng.choice(["linear", "paced", "cubic", "discrete"])),
                            timing_functions=rng.choice([None, [_timing_spec(rng)] * 2, ["ease", "linear"], v()]))
    if name == "transform_build":
        cols = {k: pick(lambda: pos(-3, 3)) for k in ("tx", "ty", "angle", "scale") if rng.random() < 0.7}
        rows = 1 if all(not isinstance(c, (list, np.ndarray)) for c in cols.values()) else n
        dt = pick(lambda: rng.choice([np.float32, np.float64]))
        out = rng.choice([None, None, np.zeros((rows, 16), dtype=np.float32), _out(rng, (rows, 16), [])])
        return mk.transform_build(dtype=dt, out=out, **cols)
    if name == "transform_apply":
        pts = pick(lambda: np.random.default_rng(rng.randrange(1 << 30)).uniform(-5, 5, (n, rng.choice([2, 3]))))
        return mk.transform_apply(pick(lambda: rng.choice([np.eye(4), np.arange(16.0)])), pts,
                                  out=rng.choice([None, None, _out(rng, (n, 2), [])]))
    if name == "transform_interpolate":
        a = np.tile(np.eye(4).reshape(1, 16), (n, 1))
        return mk.transform_interpolate(pick(lambda: a), pick(lambda: a * 2), pick(lambda: rng.uniform(-1, 2)),
                                        out=rng.choice([None, None, _out(rng, (n, 16), [])]))
    if name == "preset_frames":
        return mk.preset_frames(pick(lambda: rng.choice(["shake", "pop", "spin"])), fps=pick(lambda: rng.choice([10, 30])),
                                **({"duration": v()} if rng.random() < 0.3 else {}))
    if name == "eval":
        op = rng.choice(["timing.sample", "spring.convert", "presets.list"])
        request = {"op": pick(lambda: op)}
        if op == "timing.sample":
            request.update(timing=_timing_spec(rng), at=pick(lambda: [0.0, 0.5, 1.0]))
        elif op == "spring.convert":
            request["spring"] = pick(lambda: {"stiffness": rng.uniform(1, 100), "damping": rng.uniform(0, 20)})
        for key in rng.sample(["id", "precision", "extra"], rng.randrange(3)):
            request[key] = v()
        if rng.random() < 0.1:
            request[rng.choice([1, None, (1,), True])] = v()
        return mk.eval(pick(lambda: request))
    raise AssertionError(name)


def _finite(result) -> bool:
    if isinstance(result, dict):
        return all(_finite(x) for k, x in result.items() if k not in ("id", "ok", "error"))
    if isinstance(result, (list, tuple)):
        return all(_finite(x) for x in result)
    if isinstance(result, (float, np.ndarray, np.floating)):
        return bool(np.all(np.isfinite(result)))
    return True


@pytest.mark.parametrize("name", ["spring_batch", "spring_settle", "spring_convert", "timing", "spline", "keyframes",
                                  "transform_build", "transform_apply", "transform_interpolate", "preset_frames", "eval"])
def test_fuzz_only_typed_errors(name):
    rng = random.Random(f"{SEED}:{name}")
    outcomes = {"ok": 0, "error": 0}
    for i in range(300):
        state = rng.getstate()
        try:
            result = _call(rng, name)
        except mk.Error as e:
            assert isinstance(e.field, str) and isinstance(e.reason, str)
            outcomes["error"] += 1
            continue
        except Exception as e:  # noqa: BLE001 - the point of the test
            rng.setstate(state)
            pytest.fail(f"{name} call {i} raised {type(e).__name__}: {e}")
        assert _finite(result), f"{name} call {i} returned a non-finite number"
        outcomes["ok"] += 1
    assert outcomes["error"] > 0
