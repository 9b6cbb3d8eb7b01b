"""spring_batch, spring_settle and spring_convert against closed forms."""

import numpy as np
import pytest

import motionkernel as mk
from conftest import U64, gamma, unit_roundoff


def closed_form(t, k, c, m, x0, to, v0):
    """x(t) and |terms| envelope of m x'' + c x' + k (x − to) = 0, in float64, from the roots of
    m r² + c r + k = 0 (underdamped, critical and overdamped branches)."""
    y0 = x0 - to
    disc = c * c - 4 * k * m
    if disc < 0:
        lam, wd = -c / (2 * m), np.sqrt(-disc) / (2 * m)
        b = (v0 - lam * y0) / wd
        e = np.exp(lam * t)
        x = to + e * (y0 * np.cos(wd * t) + b * np.sin(wd * t))
        env = e * (abs(y0) + abs(b))
        arg = abs(lam) * t + wd * t
    elif disc == 0:
        lam = -c / (2 * m)
        e = np.exp(lam * t)
        x = to + e * (y0 + (v0 - lam * y0) * t)
        env = e * (abs(y0) + abs(v0 - lam * y0) * t)
        arg = abs(lam) * t
    else:
        s = np.sqrt(disc)
        r1, r2 = (-c + s) / (2 * m), (-c - s) / (2 * m)
        c1 = (v0 - r2 * y0) / (r1 - r2)
        c2 = y0 - c1
        x = to + c1 * np.exp(r1 * t) + c2 * np.exp(r2 * t)
        env = abs(c1) * np.exp(r1 * t) + abs(c2) * np.exp(r2 * t)
        arg = abs(r2) * t
    return x, env, arg


SPRINGS = [  # k, c, m, from, to, v0: under-, critically and over-damped
    (100.0, 10.0, 1.0, 0.0, 1.0, 0.0),
    (300.0, 5.0, 2.0, -3.0, 4.0, 10.0),
    (100.0, 20.0, 1.0, 1.0, 0.0, 0.0),
    (50.0, 40.0, 1.0, 0.0, 2.0, -5.0),
]
TIMES = np.array([0.0, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 0.3, 0.0625])


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_values_match_closed_form(dtype):
    cols = np.array(SPRINGS, dtype=dtype).T
    got = mk.spring_batch(TIMES, stiffness=cols[0], damping=cols[1], mass=cols[2], from_=cols[3], to=cols[4],
                          velocity=cols[5], dtype=dtype)
    assert got.shape == (len(SPRINGS), len(TIMES)) and got.dtype == dtype
    t = TIMES.astype(dtype).astype(np.float64)
    u = unit_roundoff(dtype)
    for i, row in enumerate(cols.T.astype(np.float64)):  # the parameters as the kernel sees them
        ref, env, arg = closed_form(t, *row)
        # Error bound, both sides together: each term is a coefficient (≤ 8 roundings from the
        # parameters) times exp/cos/sin (libm: ≤ 1 ulp each), and the arguments λt, ω_d t carry
        # relative error ≤ γ₃, i.e. an absolute error ≤ γ₃·|arg| that becomes a relative
        # error of the same size in exp and an absolute one in cos/sin. Per term:
        # (γ₁₂ + γ₃·|arg|)·env, plus the final add to `to` and the output rounding (γ₂·(|to| + |x|)).
        # The float64 reference adds the same expression with U64.
        g = gamma(12, dtype) + gamma(3, dtype) * arg
        bound = g * env + gamma(2, dtype) * (abs(row[4]) + abs(ref)) + (24 * U64) * (env * (1 + arg) + abs(row[4]))
        assert np.all(np.abs(got[i].astype(np.float64) - ref) <= bound), (i, got[i] - ref, bound)


def test_velocity_out_is_the_derivative_and_written_in_place():
    n, times = 3, np.linspace(0, 1, 7)
    out = np.empty((n, 7))
    vel = np.full((n, 7), np.nan)
    k = np.array([100.0, 200.0, 300.0])
    res = mk.spring_batch(times, stiffness=k, damping=10.0, dtype=np.float64, out=out, velocity_out=vel, velocity=1.0)
    assert res is out
    assert np.shares_memory(res, out)
    assert np.all(np.isfinite(vel))
    assert np.all(vel[:, 0] == 1.0)  # x'(0) = v0 exactly
    assert np.all(out[:, 0] == 0.0)  # x(0) = from exactly


def test_damping_ratio_is_2_zeta_sqrt_km():
    k, m, z = np.array([100.0, 400.0]), 2.0, 0.3
    a = mk.spring_batch(TIMES, stiffness=k, mass=m, damping_ratio=z, dtype=np.float64)
    b = mk.spring_batch(TIMES, stiffness=k, mass=m, damping=2 * z * np.sqrt(k * m), dtype=np.float64)
    assert np.array_equal(a, b)


def test_threads_do_not_change_bits():
    rng = np.random.default_rng(7)
    k = rng.uniform(10, 500, 1000)
    a = mk.spring_batch(TIMES, stiffness=k, damping_ratio=0.4, threads=1)
    b = mk.spring_batch(TIMES, stiffness=k, damping_ratio=0.4, threads=3)
    assert np.array_equal(a, b)


def test_settle_undamped_envelope_closed_form():
    # Critically damped from 1 to 0 at rest: |x(t)| = (1 + ωt)e^{−ωt} is decreasing, so the
    # settling time T solves (1 + ωT)e^{−ωT} = ε; check that residual (documented exact to 1e-9 s,
    # so |residual| ≤ 1e-9·max|x'| = 1e-9·ω·max(ωt e^{−ωt}) ≤ 1e-9·ω/e, plus rounding).
    w, eps = 10.0, 1e-3
    t = mk.spring_settle(stiffness=w * w, damping=2 * w, from_=1.0, to=0.0, epsilon=eps)
    assert isinstance(t, float)
    residual = (1 + w * t) * np.exp(-w * t) - eps
    assert abs(residual) <= 1e-9 * w / np.e + 8 * U64


def test_settle_vector_names_the_row():
    ts = mk.spring_settle(stiffness=[100.0, 200.0], damping=10.0, epsilon=1e-3)
    assert ts.shape == (2,) and np.all(ts > 0)
    with pytest.raises(mk.InvalidValue) as e:
        mk.spring_settle(stiffness=[100.0, -1.0], damping=10.0, epsilon=1e-3)
    assert e.value.field == "stiffness[1]"


def test_convert_round_trip():
    d = mk.spring_convert(stiffness=100.0, damping_ratio=0.5)
    assert d["mass"] == 1 and d["stiffness"] == 100 and d["damping"] == 10
    # response = 2π√(m/k) (eval protocol's SwiftUI mapping), one division, one sqrt, one product.
    assert abs(d["response"] - 2 * np.pi / 10) <= gamma(4, np.float64) * 2 * np.pi / 10
    assert mk.spring_convert(response=d["response"], damping_ratio=0.5)["dampingRatio"] == pytest.approx(0.5, abs=8 * U64)


@pytest.mark.parametrize("dtype, rel", [(np.float64, 1e-12), (np.float32, 1e-5)])
def test_uniform_grid_path_matches_closed_form(dtype, rel):
    # start + j·step exactly: the propagator path. Its documented accuracy (the Swift suite's
    # SpringBatchTests.uniform bound): rel × the motion's scale |from − to| + |v0|/ω₀ + |to|.
    times = (dtype(0) + np.arange(700, dtype=dtype) * dtype(1.0 / 120)).astype(dtype)
    from motionkernel._api import _uniform_grid

    assert _uniform_grid(times) is not None
    cols = np.array(SPRINGS, dtype=dtype).T
    got = mk.spring_batch(times, stiffness=cols[0], damping=cols[1], mass=cols[2], from_=cols[3], to=cols[4],
                          velocity=cols[5], dtype=dtype)
    t = (np.float64(times[0]) + np.arange(700) * np.float64(times[1] - times[0]))
    for i, row in enumerate(cols.T.astype(np.float64)):
        ref, env, arg = closed_form(t, *row)
        k, c, m, x0, to, v0 = row
        scale = abs(x0 - to) + abs(v0) / np.sqrt(k / m) + abs(to)
        assert np.all(np.abs(got[i].astype(np.float64) - ref) <= rel * scale), i


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_one_spring_one_time_is_the_batch_with_one_row(dtype):
    """The per-call path (scalars, one time) gives the batch kernel's bits and its errors."""
    rng = np.random.default_rng(11)
    for _ in range(200):
        k, z = float(rng.uniform(1, 1000)), float(rng.uniform(0.05, 2.5))
        x0, x1, v0 = (float(v) for v in rng.uniform(-5, 5, 3))
        t = np.array([rng.uniform(0, 3)], dtype=dtype)
        one = mk.spring_batch(t, stiffness=k, damping_ratio=z, from_=x0, to=x1, velocity=v0, dtype=dtype)
        row = mk.spring_batch(t, stiffness=[k], damping_ratio=z, from_=x0, to=x1, velocity=v0, dtype=dtype)
        assert one.shape == (1, 1) and one.dtype == np.dtype(dtype)
        assert one.tobytes() == row.tobytes()
    with pytest.raises(mk.InvalidValue) as e:
        mk.spring_batch(np.array([np.nan], dtype=dtype), stiffness=1.0, damping=1.0, dtype=dtype)
    assert e.value.field == "times[0]"
    with pytest.raises(mk.InvalidValue) as e:
        mk.spring_batch(np.array([0.5]), stiffness=-3.0, damping=1.0)
    assert e.value.field == "stiffness[0]"


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_one_spring_packed_path_equals_by_value_path(dtype):
    """The per-call path packs its seven numbers into one buffer (mk_spring_value_*/state_*);
    it gives the by-value entry point's bits, velocities included, and a float32 parameter
    beyond float32's range still gets the library's typed error (by value, as +inf)."""
    from motionkernel import _api
    dt = np.dtype(dtype)
    rng = np.random.default_rng(5)
    for _ in range(100):
        k, c, m = (float(v) for v in rng.uniform(0.5, 800, 3))
        x0, x1, v0, t = (float(v) for v in rng.uniform(-4, 4, 4))
        t = abs(t)
        pair = _api._PAIR[dt]()
        _api._call(_api._SPRING_ONE[dt], m, k, c, x0, x1, v0, t, pair, True)
        vel = np.empty((1, 1), dt)
        got = mk.spring_batch(np.array([t], dt), stiffness=k, damping=c, mass=m, from_=x0, to=x1, velocity=v0,
                              dtype=dtype, velocity_out=vel)
        assert got[0, 0].tobytes() == dt.type(pair[0]).tobytes() and vel[0, 0].tobytes() == dt.type(pair[1]).tobytes()
    with pytest.raises(mk.InvalidValue) as e:
        mk.spring_batch(np.array([0.1], dt), stiffness=1e300 if dt == np.float32 else -1.0, damping=1.0, dtype=dtype)
    assert e.value.field == "stiffness[0]"


def test_one_spring_one_time_out_arrays_and_damping_ratio():
    """The per-call path writes out= and velocity_out= in place, and its damping from a damping
    ratio is NumPy's float64 2·ζ·√(k·m) to the bit."""
    t = np.array([0.25])
    out = np.empty((1, 1), np.float64)
    vel = np.empty((1, 1), np.float64)
    r = mk.spring_batch(t, stiffness=300.0, damping_ratio=0.35, mass=2.0, from_=1.0, to=0.0,
                        velocity=0.5, dtype=np.float64, out=out, velocity_out=vel)
    assert r is out
    ref_v = np.empty((1, 1)); ref = mk.spring_batch(t, stiffness=[300.0], damping=2.0 * 0.35 * np.sqrt(300.0 * 2.0),
                                                    mass=2.0, from_=1.0, to=0.0, velocity=0.5, dtype=np.float64,
                                                    velocity_out=ref_v)
    assert out.tobytes() == ref.tobytes() and vel.tobytes() == ref_v.tobytes()
    with pytest.raises(mk.InvalidValue) as e:
        mk.spring_batch(t, stiffness=1.0, damping=1.0, out=np.empty((1, 2), np.float32))
    assert e.value.field == "out"
    with pytest.raises(mk.InvalidValue) as e:
        mk.spring_batch(t, stiffness=-1.0, damping_ratio=0.5)
    assert e.value.field.startswith("stiffness") or e.value.field.startswith("damping")
