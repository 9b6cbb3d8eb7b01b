"""decay, velocity_estimate and rubber_band: the native entry points against eval's answers (the
same Swift models through JSON), closed forms and the anchors' own numbers."""

import math
import shutil

import numpy as np
import pytest

import motionkernel as mk
from conftest import run_c_check

T = [0.0, 0.004, 0.05, 0.3, 1.0, 2.5]
MODELS = [
    ("uikit", {"decelerationRate": "fast"}),
    ("uikit", {"restDelta": 0.1}),
    ("reactNative", {"deceleration": 0.995}),
    ("compose", {"absVelocityThreshold": 2.0}),
    ("androidFling", {"density": 2.625}),
    ("motionInertia", {"max": 250.0, "timeConstant": 0.5}),
    ("motionInertia", {"snapTo": [0.0, 150.0, 400.0]}),
]


def eval_decay(model, params, x0, v0):
    answer = mk.eval({"op": "decay.sample", "decay": {"model": model, **params}, "from": x0, "velocity": v0, "times": T})
    assert answer["ok"], answer
    return answer["result"]


@pytest.mark.parametrize("model,params", MODELS)
def test_decay_equals_eval(model, params):
    x0 = np.array([0.0, 100.0, -20.0])
    v0 = np.array([1500.0, -800.0, 30.0])
    vel = np.empty((3, len(T)))
    got = mk.decay(np.array(T), model=model, from_=x0, velocity=v0, velocity_out=vel, **params)
    assert got.shape == (3, len(T)) and got.dtype == np.float64
    for i in range(3):
        ref = eval_decay(model, params, float(x0[i]), float(v0[i]))
        assert got[i].tolist() == ref["values"]
        assert vel[i].tolist() == ref["velocities"]


@pytest.mark.parametrize("model,params", [
    ("uikit", {"decelerationRate": [0.998, 0.99, 0.995], "restDelta": 0.2}),
    ("reactNative", {"deceleration": np.array([0.998, 0.99, 0.9])}),
    ("compose", {"friction_multiplier": [1.0, 0.5, 2.0], "absVelocityThreshold": [0.1, 1.0, 5.0]}),
    ("androidFling", {"density": [1.0, 2.625, 3.0], "friction": 0.02}),
    ("motionInertia", {"max": [250.0, 100.0, 1e9], "timeConstant": [0.5, 0.325, 0.2], "snapTo": [0.0, 150.0, 400.0]}),
])
def test_decay_parameters_per_release_equal_eval(model, params):
    """A parameter given as N numbers: release i is eval's answer for its own numbers."""
    x0 = np.array([0.0, 100.0, -20.0])
    v0 = np.array([1500.0, -800.0, 30.0])
    vel = np.empty((3, len(T)))
    got = mk.decay(np.array(T), model=model, from_=x0, velocity=v0, velocity_out=vel, **params)
    for i in range(3):
        own = {mk_key: (v[i] if not np.isscalar(v) and mk_key != "snapTo" else v) for mk_key, v in params.items()}
        own = {("frictionMultiplier" if k == "friction_multiplier" else k): (float(v) if np.ndim(v) == 0 else list(v))
               for k, v in own.items()}
        ref = eval_decay(model, own, float(x0[i]), float(v0[i]))
        assert got[i].tolist() == ref["values"]
        assert vel[i].tolist() == ref["velocities"]


@pytest.mark.parametrize("model,params", [
    ("uikit", {}),
    ("uikit", {"decelerationRate": np.linspace(0.99, 0.999, 5000)}),
    ("reactNative", {"deceleration": 0.995}),
    ("reactNative", {"deceleration": np.linspace(0.98, 0.999, 5000)}),
    ("compose", {"absVelocityThreshold": 2.0}),
    ("compose", {"frictionMultiplier": np.linspace(0.3, 3.0, 5000)}),
])
def test_decay_bulk_rows_equal_eval(model, params):
    """Many releases (the exponential models' vector rows, beyond the cache): every 97th release
    is eval's answer to the bit, with -0 written as +0 as eval prints it (a negative velocity
    whose e^(kt) underflows, a from of -0)."""
    n = 5000
    times = np.array([0.0, 0.003, 0.1, 0.7, 2.0, 9.0, 400.0, 1e4] * 5)
    x0 = np.where(np.arange(n) % 7 == 0, -0.0, np.linspace(-300.0, 300.0, n))
    v0 = np.linspace(-5000.0, 4000.0, n)
    vel = np.empty((n, times.shape[0]))
    got = mk.decay(times, model=model, from_=x0, velocity=v0, velocity_out=vel, **params)
    assert not np.signbit(got[got == 0]).any() and not np.signbit(vel[vel == 0]).any()
    for i in range(0, n, 97):
        own = {k: (float(v[i]) if np.ndim(v) else v) for k, v in params.items()}
        answer = mk.eval({"op": "decay.sample", "decay": {"model": model, **own}, "from": float(x0[i]), "velocity": float(v0[i]),
                          "times": times.tolist()})
        assert answer["ok"], answer
        assert got[i].tolist() == answer["result"]["values"], i
        assert vel[i].tolist() == answer["result"]["velocities"], i


def test_decay_infinite_decay_constant_per_release():
    """A friction multiplier whose decay constant overflows to -inf: at t = 0 the release's own
    state (from, velocity), as eval answers, in float64 and float32."""
    t = np.linspace(0, 0.9, 10)
    x0 = np.array([1.0, 2.0, 3.0, 4.0])
    v0 = np.full(4, 1000.0)
    fm = np.array([1e308, 1e308, 2.0, 1e308])
    vel = np.empty((4, 10))
    got = mk.decay(t, model="compose", from_=x0, velocity=v0, frictionMultiplier=fm, velocity_out=vel)
    for i in range(4):
        answer = mk.eval({"op": "decay.sample", "decay": {"model": "compose", "frictionMultiplier": float(fm[i])}, "from": float(x0[i]),
                          "velocity": float(v0[i]), "times": t.tolist()})
        assert answer["ok"], answer
        assert got[i].tolist() == answer["result"]["values"]
        assert vel[i].tolist() == answer["result"]["velocities"]
    got32 = mk.decay(t, model="compose", from_=x0, velocity=v0, frictionMultiplier=fm, dtype=np.float32)
    assert np.array_equal(got32, got.astype(np.float32))


def test_decay_parameters_per_release_errors_name_the_release():
    t = np.array(T)
    v0 = np.array([1500.0, -800.0, 30.0])
    with pytest.raises(mk.InvalidValue) as e:
        mk.decay(t, model="uikit", velocity=v0, decelerationRate=[0.998, 1.5, 0.99])
    assert e.value.field == "decay.decelerationRate[1]"
    with pytest.raises(mk.InvalidValue) as e:
        mk.decay(t, model="uikit", velocity=v0, decelerationRate=[0.998, 0.99, float("nan")])
    assert e.value.field == "decay.decelerationRate[2]"
    with pytest.raises(mk.InvalidValue) as e:
        mk.decay(t, model="uikit", velocity=v0, rest_delta=[0.5, 0.5])
    assert e.value.field == "decay.restDelta"
    # One parameter under both spellings: refused, whichever comes first.
    for kwargs in ({"rest_delta": [0.5, 0.5, 0.5], "restDelta": -5.0}, {"frictionMultiplier": 4.0, "friction_multiplier": 1.0}):
        with pytest.raises(mk.InvalidValue) as e:
            mk.decay(t, model="uikit" if "rest_delta" in kwargs else "compose", velocity=v0, **kwargs)
        assert "given twice" in str(e.value)


def test_decay_float32_out_and_snake_case():
    t = np.linspace(0, 2, 9)
    out = np.empty((1, 9), dtype=np.float32)
    r = mk.decay(t, model="uikit", velocity=2000.0, rest_delta=0.25, dtype=np.float32, out=out)
    assert r is out
    ref = mk.decay(t, model="uikit", velocity=2000.0, restDelta=0.25)
    assert out.tobytes() == ref.astype(np.float32).tobytes()


def test_decay_closed_forms():
    """UIKit and Compose against their formulas (pow and exp in NumPy): bounds from the two
    evaluations' rounding, u = 2**-53."""
    u = 2.0 ** -53
    t = np.linspace(0, 3, 31)
    r = 0.998
    got = mk.decay(t, model="uikit", from_=10.0, velocity=1200.0)[0]
    k = 1000 * math.log(r)
    ref = 10.0 + 1200.0 * (np.power(r, 1000 * t) - 1) / k
    assert np.all(np.abs(got - ref) <= (12 + 4 * np.abs(k * t)) * u * (10 + 1200 / abs(k)) + 4 * u * np.abs(ref))
    got = mk.decay(t, model="compose", velocity=-900.0)[0]
    f = -4.2
    # Compose's DecayAnimation: the curve until the speed reaches 0.1, then its target.
    duration = math.log(0.1 / 900) / f
    ref = np.where(t < duration, -900.0 * np.expm1(f * t) / f, -900.0 * (0.1 / 900 - 1) / f)
    assert np.all(np.abs(got - ref) <= (8 + 4 * np.abs(f * t)) * u * (900 / 4.2))


def test_velocity_estimate_equals_eval_and_anchor_numbers():
    samples = [[0.0, 273.0], [0.012585, 293.0], [0.01473, 293.0]]
    for strategy in ("lsq2", "impulse"):
        ref = mk.eval({"op": "velocity.estimate", "samples": samples, "strategy": strategy})["result"]["velocity"]
        assert mk.velocity_estimate([s[0] for s in samples], [s[1] for s in samples], strategy) == ref
    # AOSP VelocityTracker_test.cpp, ThreePointsLinearVelocityTest: 0→0, 10 ms→5, 20 ms→10 is 500 px/s
    # for both strategies (the anchor's tolerance: 20 %; a line gives it exactly).
    for strategy in ("lsq2", "impulse"):
        assert abs(mk.velocity_estimate([0.0, 0.01, 0.02], [0.0, 5.0, 10.0], strategy) - 500) <= 1e-9 * 500
    rows = mk.velocity_estimate(np.array([[0.0, 0.01, 0.02], [0.0, 0.01, 0.02]]), np.array([[0.0, 5.0, 10.0], [0.0, -1.0, -2.0]]))
    assert rows.shape == (2,) and abs(rows[1] + 100) <= 1e-9 * 100
    # A release more than 40 ms after the last sample: the pointer had stopped.
    assert mk.velocity_estimate([0.0, 0.01, 0.02], [0.0, 5.0, 10.0], release_time=0.0601) == 0


def test_rubber_band():
    # The published table (d = 960, c = 0.55, printed to two decimals).
    for x, printed in [(5, 2.74), (10, 5.47), (100, 52.02), (400, 178.98), (960, 340.65)]:
        assert abs(mk.rubber_band(x, 960) - printed) <= 0.005 + 1e-4
    xs = np.array([-500.0, -1.0, 0.0, 3.0, 1e6])
    ys = mk.rubber_band(xs, 320.0)
    assert ys.shape == xs.shape
    back = mk.rubber_band(ys[:-1], 320.0, inverse=True)
    assert np.allclose(back, xs[:-1], rtol=1e-12, atol=0)
    ref = mk.eval({"op": "rubberBand", "offset": -500.0, "dimension": 320.0})["result"]["value"]
    assert ys[0] == ref


@pytest.mark.parametrize(
    "call,field",
    [
        (lambda: mk.decay([0.0], model="uikit", velocity=float("nan")), "velocity[0]"),
        (lambda: mk.decay([0.0], model="uikit", velocity=1.0, decelerationRate=1.0), "decay.decelerationRate"),
        (lambda: mk.decay([0.0], model="uikit", velocity=1.0, decelerationRate="slow"), "decay.decelerationRate"),
        (lambda: mk.decay([0.0], model="nope", velocity=1.0), "decay.model"),
        (lambda: mk.decay([0.0], model="uikit", velocity=1.0, stiffness=3.0), "decay.stiffness"),
        (lambda: mk.decay([-1.0], model="uikit", velocity=1.0), "times[0]"),
        (lambda: mk.decay([0.0], model="motionInertia", velocity=1.0, min=3.0, max=1.0), "decay.min"),
        (lambda: mk.decay([0.0], model="motionInertia", velocity=1.0, snapTo=[1.0, float("inf")]), "decay.snapTo[1]"),
        (lambda: mk.decay([0.0], model="uikit", velocity=[1.0, 2.0], from_=[0.0, 1.0, 2.0]), "velocity"),
        (lambda: mk.decay([0.0], model="uikit", velocity=1.0, out=np.empty((2, 1))), "out"),
        (lambda: mk.velocity_estimate([0.0], [1.0]), "samples"),
        (lambda: mk.velocity_estimate([0.1, 0.0], [1.0, 2.0]), "samples[1][0]"),
        (lambda: mk.velocity_estimate([0.0, 0.1], [1.0, 2.0], "wlsq2"), "strategy"),
        (lambda: mk.velocity_estimate([0.0, 0.1], [1.0, 2.0], release_time=0.05), "releaseTime"),
        (lambda: mk.rubber_band(2.0, 1.0, inverse=True), "offset"),
        (lambda: mk.rubber_band([0.5, 2.0], 1.0, inverse=True), "offset[1]"),
        (lambda: mk.rubber_band(1.0, 0.0), "dimension"),
        (lambda: mk.rubber_band(1.0, 1.0, coefficient=-1), "coefficient"),
    ],
)
def test_errors_name_the_field(call, field):
    with pytest.raises(mk.Error) as e:
        call()
    assert e.value.field == field


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")
def test_c_program_for_decay_velocity_rubber_band(tmp_path):
    run_c_check("decay_check", tmp_path)


def test_float32_overflow_is_an_error():
    with pytest.raises(mk.Error) as e:
        mk.decay([0.0, 1.0], model="uikit", velocity=1e39, dtype=np.float32)
    assert e.value.field.startswith("times[")


def test_non_finite_summaries_are_errors_in_the_c_abi():
    """A resting value or duration that overflows is eval's non-finite-result error, in both."""
    answer = mk.eval({"op": "decay.sample", "decay": {"model": "uikit", "decelerationRate": 0.9999999999999999}, "velocity": 1e300,
                      "times": [0]})
    assert not answer["ok"]
    with pytest.raises(mk.Error):
        mk.decay([0.0], model="uikit", decelerationRate=0.9999999999999999, velocity=1e300)
