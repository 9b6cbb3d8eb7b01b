"""motionkernel.dask on a real two-process LocalCluster: lazy graphs, bit-identical results."""

import numpy as np
import pytest

da = pytest.importorskip("dask.array")
distributed = pytest.importorskip("distributed")

import motionkernel as mk  # noqa: E402
import motionkernel.dask as mkd  # noqa: E402


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    )
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


@pytest.mark.parametrize("chunks", [7, 64, 250, 1000])
def test_spring_batch_bit_identical_for_any_chunking(client, chunks):
    rng = np.random.default_rng(1)
    k = rng.uniform(10, 500, 1000)
    v = rng.uniform(-5, 5, 1000)
    times = np.linspace(0, 2, 50)
    lazy = mkd.spring_batch(times, stiffness=da.from_array(k, chunks=chunks), damping_ratio=0.4,
                            velocity=da.from_array(v, chunks=333), dtype=np.float32)
    assert isinstance(lazy, da.Array)
    assert lazy.shape == (1000, 50) and lazy.dtype == np.float32
    assert lazy.chunks[0] == da.from_array(k, chunks=chunks).chunks[0] and lazy.chunks[1] == (50,)
    assert isinstance(lazy._meta, np.ndarray)
    got = client.compute(lazy).result()
    assert np.array_equal(got, mk.spring_batch(times, stiffness=k, damping_ratio=0.4, velocity=v, dtype=np.float32))


def test_transform_build_and_spline(client):
    rng = np.random.default_rng(2)
    n = 777
    tx, ang = rng.uniform(-9, 9, n), rng.uniform(-3, 3, n)
    lazy = mkd.transform_build(da.from_array(tx, chunks=100), 2.0, da.from_array(ang, chunks=50), dtype=np.float64)
    assert lazy.chunks == (da.from_array(tx, chunks=100).chunks[0], (16,))
    assert np.array_equal(client.compute(lazy).result(), mk.transform_build(tx, 2.0, ang, dtype=np.float64))
    x = np.arange(6.0)
    y = np.c_[np.sin(x), np.cos(x)]
    at = rng.uniform(-1, 6, 301)
    ls = mkd.spline("cubic", x, y, da.from_array(at, chunks=40))
    assert ls.shape == (301, 2) and ls.chunks[1] == (2,)
    assert np.array_equal(client.compute(ls).result(), mk.spline("cubic", x, y, at))
    l1 = mkd.spline("akima", x, y[:, 0], da.from_array(at, chunks=77), derivative=1)
    assert np.array_equal(client.compute(l1).result(), mk.spline("akima", x, y[:, 0], at, derivative=1))


def test_nothing_runs_until_compute():
    # A bad stiffness is only found when the block runs: building the graph succeeds.
    lazy = mkd.spring_batch([0.0, 1.0], stiffness=da.from_array(np.array([1.0, -1.0]), chunks=1), damping=1.0)
    with pytest.raises(mk.InvalidValue) as e:
        lazy.compute(scheduler="synchronous")
    assert e.value.field == "stiffness[1]"  # the global row, as the in-process call names it


def _readme_python_blocks():
    import pathlib
    import re

    text = (pathlib.Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Python"):]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def test_readme_python_section_runs(client, capsys):
    """The README's Python section, run as written: the in-process block verbatim, and the Dask
    block with only the scheduler address (this test's LocalCluster) and the row count (10⁶
    instead of 10⁷, to keep the suite short) replaced."""
    in_process, on_dask = _readme_python_blocks()[:2]
    scope: dict = {}
    exec(compile(in_process, "README.md (Python)", "exec"), scope)
    assert capsys.readouterr().out.strip() == "stiffness[1]"
    assert scope["x"].shape == (10_000, 120) and scope["m"].shape == (2, 16)
    assert "tcp://scheduler:8786" in on_dask and "size=10_000_000" in on_dask
    code = on_dask.replace("tcp://scheduler:8786", client.scheduler.address).replace("size=10_000_000", "size=1_000_000")
    exec(compile(code, "README.md (Dask)", "exec"), scope)
    mean = scope["mean"]
    assert mean.shape == (120,) and np.all(np.isfinite(mean))
    # Every spring starts at 0 and heads for 1: the mean starts at 0 and rises.
    assert mean[0] == 0 and mean[60] > 0.5
    scope["client"].close()
