"""transform_build / apply / interpolate against closed forms and NumPy products."""

import numpy as np
import pytest

import motionkernel as mk
from conftest import U64, gamma, unit_roundoff

# The vector sine/cosine's documented error (Float: within about 2 ulp of libm for |θ| ≤ 8192,
# bounded as 2e-7 + ε as in the Swift suite; Double: libm, ≤ 1 ulp) plus the float64 reference's.
TRIG = {np.dtype(np.float32): 2e-7 + float(np.finfo(np.float32).eps), np.dtype(np.float64): 2 * float(np.finfo(np.float64).eps)}


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_build_matches_closed_form(dtype):
    rng = np.random.default_rng(3)
    n = 1000
    tx, ty = rng.uniform(-500, 500, n).astype(dtype), rng.uniform(-500, 500, n).astype(dtype)
    th, s = rng.uniform(-10, 10, n).astype(dtype), rng.uniform(0.2, 3, n).astype(dtype)
    got = mk.transform_build(tx, ty, th, s, dtype=dtype)
    assert got.shape == (n, 16) and got.dtype == dtype
    t, c, sn = th.astype(np.float64), np.cos(th.astype(np.float64)), np.sin(th.astype(np.float64))
    s64 = s.astype(np.float64)
    ref = np.zeros((n, 16))
    ref[:, 0], ref[:, 1], ref[:, 4], ref[:, 5] = s64 * c, s64 * sn, -s64 * sn, s64 * c
    ref[:, 10] = ref[:, 15] = 1
    ref[:, 12], ref[:, 13] = tx, ty
    del t
    # Entries s·cos θ, ±s·sin θ: |Δ| ≤ |s|·(trig + γ₁) (one product rounding on each side);
    # translations and constants are copied exactly.
    bound = s64[:, None] * (TRIG[np.dtype(dtype)] + gamma(1, dtype) + gamma(1, np.float64))
    assert np.all(np.abs(got.astype(np.float64) - ref) <= bound)
    exact = [2, 3, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
    assert np.array_equal(got[:, exact].astype(np.float64), ref[:, exact])


def test_build_defaults_and_out():
    out = np.empty((3, 16), dtype=np.float64)
    res = mk.transform_build(tx=[1.0, 2.0, 3.0], dtype=np.float64, out=out)
    assert res is out
    eye = np.eye(4).reshape(16)
    for i in range(3):
        e = eye.copy()
        e[12] = i + 1
        assert np.array_equal(out[i], e)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_apply_matches_numpy_product(dtype):
    rng = np.random.default_rng(5)
    m = mk.transform_build(3.0, -2.0, 0.7, 1.5, dtype=dtype)[0]
    pts = rng.uniform(-100, 100, (257, 2)).astype(dtype)
    got = mk.transform_apply(m, pts)
    assert got.dtype == dtype and got.shape == pts.shape
    M = m.astype(np.float64).reshape(4, 4)
    h = np.c_[pts.astype(np.float64), np.zeros(len(pts)), np.ones(len(pts))]
    ref = h @ M  # w = m44 = 1 exactly (affine), so no divide error
    # Length-4 dot products: γ₄·Σ|xᵢ||mᵢⱼ| for the kernel's precision plus the reference's.
    abs_sum = np.abs(h) @ np.abs(M)
    bound = (gamma(4, dtype) + gamma(4, np.float64)) * abs_sum[:, :2]
    assert np.all(np.abs(got.astype(np.float64) - ref[:, :2]) <= bound)


def test_apply_out_in_place_and_point_at_infinity():
    m = np.eye(4).reshape(16).copy()
    pts = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    out = np.empty_like(pts)
    assert mk.transform_apply(m, pts, out=out) is out
    assert np.array_equal(out, pts)
    m[15] = 0.0  # w′ = 0 for every point
    with pytest.raises(mk.InvalidValue) as e:
        mk.transform_apply(m, pts)
    assert e.value.field == "points[0]"


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_interpolate_translation_and_scale(dtype):
    n, f = 64, 0.3
    rng = np.random.default_rng(9)
    a = mk.transform_build(rng.uniform(-50, 50, n), rng.uniform(-50, 50, n), None, rng.uniform(0.5, 2, n), dtype=dtype)
    b = mk.transform_build(rng.uniform(-50, 50, n), rng.uniform(-50, 50, n), None, rng.uniform(0.5, 2, n), dtype=dtype)
    got = mk.transform_interpolate(a, b, f).astype(np.float64)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    u = unit_roundoff(dtype)
    # Translations are read exactly and blended (1−f)·a + f·b: ≤ 4 roundings of |a| + |b|
    # (f itself, 1 − f, two products, the sum). Scales come from row lengths √(s²+0+0):
    # relative error ≤ γ₂ each, then the same blend, then the recomposition's ≤ 4 roundings.
    for j in (12, 13):
        ref = (1 - f) * a64[:, j] + f * b64[:, j]
        assert np.all(np.abs(got[:, j] - ref) <= gamma(5, dtype) * (np.abs(a64[:, j]) + np.abs(b64[:, j])))
    for j in (0, 5):
        ref = (1 - f) * a64[:, j] + f * b64[:, j]
        assert np.all(np.abs(got[:, j] - ref) <= (gamma(12, dtype) + 8 * U64) * (np.abs(a64[:, j]) + np.abs(b64[:, j])))
    assert u > 0
    # The ends are exact.
    assert np.array_equal(mk.transform_interpolate(a, b, 0.0), a)
    assert np.array_equal(mk.transform_interpolate(a, b, 1.0), b)


def test_interpolate_rotation_about_z():
    a = mk.transform_build(angle=[0.2], dtype=np.float64)
    b = mk.transform_build(angle=[1.0], dtype=np.float64)
    got = mk.transform_interpolate(a, b, 0.5)[0]
    # slerp between rotations about one axis is the rotation by the blended angle, 0.6 rad.
    # Decomposition and recomposition take O(10) roundings per step, each of entries ≤ 1,
    # plus the trig of both sides: 64u bounds it with margin for the square roots and atan2.
    ref = mk.transform_build(angle=[0.6], dtype=np.float64)[0]
    assert np.all(np.abs(got - ref) <= 64 * U64)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_apply_homogeneous_matches_numpy_product(dtype):
    rng = np.random.default_rng(11)
    # A general matrix, perspective column included, so w′ is not 1: the rows stay homogeneous
    # (no divide), as the core's TransformBatch.applyHomogeneous computes them.
    m = rng.uniform(-2, 2, (4, 4)).astype(dtype)
    pts = rng.uniform(-100, 100, (301, 4)).astype(dtype)
    got = mk.transform_apply(m.reshape(16), pts)
    assert got.dtype == dtype and got.shape == pts.shape
    p64, m64 = pts.astype(np.float64), m.astype(np.float64)
    # Row vectors in the CATransform3D layout (docs/python.md: translation in m41…m43): points @ M.
    ref = p64 @ m64
    assert np.any(np.abs(ref[:, 3] - 1) > 0.5)
    # Length-4 dot products: γ₄·Σ|pₖ||mₖⱼ| for the kernel's precision plus the float64 reference's.
    bound = (gamma(4, dtype) + gamma(4, np.float64)) * (np.abs(p64) @ np.abs(m64))
    assert np.all(np.abs(got.astype(np.float64) - ref) <= bound)
    # A (4, 4) matrix is the same 16 numbers.
    assert np.array_equal(mk.transform_apply(m, pts), got)


def test_apply_homogeneous_exact_out_and_errors():
    m = mk.transform_build(3.0, -4.0, dtype=np.float64)[0]
    pts = np.array([[1.0, 2.0, 3.0, 2.0], [0.0, 0.0, 0.0, 1.0], [1.0, 1.0, 1.0, 0.0]])
    # w scales the translation (w = 2: twice; w = 0, a direction: none); nothing is divided.
    expected = np.array([[7.0, -6.0, 3.0, 2.0], [3.0, -4.0, 0.0, 1.0], [1.0, 1.0, 1.0, 0.0]])
    assert np.array_equal(mk.transform_apply(m, pts), expected)
    out = np.empty((3, 4))
    assert mk.transform_apply(m, pts, out=out) is out and np.array_equal(out, expected)
    inplace = pts.copy()  # the library copies its inputs first: out may be the points themselves
    assert mk.transform_apply(m, inplace, out=inplace) is inplace and np.array_equal(inplace, expected)
    ints = mk.transform_apply(m, pts.astype(np.int64))
    assert ints.dtype == np.float64 and np.array_equal(ints, expected)
    assert mk.transform_apply(m, np.empty((0, 4))).shape == (0, 4)

    def field(matrix, points, out=None):
        with pytest.raises(mk.InvalidValue) as e:
            mk.transform_apply(matrix, points, out=out)
        return e.value.field

    bad = pts.copy()
    bad[1, 2] = np.nan
    assert field(m, bad) == "points[1]"
    big = m.copy()
    big[0] = 10.0
    bad = pts.copy()
    bad[2, 0] = 1e308  # 10·1e308 overflows
    assert field(big, bad) == "points[2]"
    assert field(big.astype(np.float32), (bad / 1e270).astype(np.float32)) == "points[2]"  # 10·1e38 in float32
    inf = m.copy()
    inf[3] = np.inf
    assert field(inf, pts) == "matrix"
    assert field(m, np.ones((3, 5))) == "points"
    assert field(m, pts, out=np.empty((3, 3))) == "out"
