"""motionkernel.dask on a LocalCluster of two worker processes (one thread each): the workers
import this very package and load this very library, and spring_batch, transform_build and
spline computed there are bit-identical to one in-process call.

The workers are spawned processes: they get this process's environment (MOTIONKERNEL_LIBRARY,
PYTHONPATH) and, through multiprocessing's spawn, its sys.path, so a source checkout works as an
installed wheel does. The first test checks exactly that, so a worker that picked up another
copy of the package or of the library fails by name rather than by a mismatch of numbers.
"""

import os

import numpy as np
import pytest

distributed = pytest.importorskip(
    "distributed", reason="motionkernel.dask on a cluster needs the distributed package (pip install distributed)"
)
da = pytest.importorskip("dask.array")

import motionkernel as mk  # noqa: E402
import motionkernel.dask as mkd  # noqa: E402


def _where_loaded():
    """Runs on a worker: the package file, the library file and level this process uses."""
    import os as worker_os

    import motionkernel as worker_mk
    from motionkernel._lib import kernel_level, lib as worker_lib

    return {"pid": worker_os.getpid(), "package": worker_mk.__file__, "library": worker_lib._name,
            "level": kernel_level()}


@pytest.fixture(scope="module")
def cluster_client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        client.wait_for_workers(2, timeout=60)
        yield client


def test_workers_are_separate_processes_with_this_package_and_library(cluster_client):
    from motionkernel._lib import lib

    here = _where_loaded()
    seen = cluster_client.run(_where_loaded)
    assert len(seen) == 2
    pids = {info["pid"] for info in seen.values()}
    assert len(pids) == 2 and os.getpid() not in pids
    for address, info in seen.items():
        assert info["package"] == here["package"] == mk.__file__, address
        assert os.path.realpath(info["library"]) == os.path.realpath(lib._name), address
        assert info["level"] == here["level"], address


def _same_bits(got, want):
    """Bit-identical: dtype, shape and every byte (so -0.0 and 0.0 differ)."""
    assert got.dtype == want.dtype and got.shape == want.shape
    assert got.tobytes() == want.tobytes()


def _computed_on_workers(client, lazy):
    """``lazy`` computed on the cluster, and the set of worker addresses its tasks ran on."""
    with distributed.get_task_stream(client) as stream:
        result = client.compute(lazy).result()
    return result, {task["worker"] for task in stream.data}


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_spring_batch_on_the_cluster_is_bit_identical(cluster_client, dtype):
    rng = np.random.default_rng(11)
    n = 2_000
    k, zeta = rng.uniform(20, 800, n), rng.uniform(0.05, 1.8, n)
    x0, v0 = rng.uniform(-2, 2, n), rng.uniform(-10, 10, n)
    times = np.arange(90) / 60  # a uniform grid: the kernel's grid path
    lazy = mkd.spring_batch(times, stiffness=da.from_array(k, chunks=250), damping_ratio=da.from_array(zeta, chunks=250),
                            from_=da.from_array(x0, chunks=250), to=0.5, velocity=v0, dtype=dtype)
    assert lazy.numblocks[0] == 8
    got, workers = _computed_on_workers(cluster_client, lazy)
    assert workers and workers <= set(cluster_client.scheduler_info()["workers"])
    _same_bits(got, mk.spring_batch(times, stiffness=k, damping_ratio=zeta, from_=x0, to=0.5, velocity=v0, dtype=dtype))
    irregular = np.sort(rng.uniform(0, 2, 33))  # any times: the per-sample path
    lazy = mkd.spring_batch(irregular, stiffness=da.from_array(k, chunks=300), damping=3.0, dtype=dtype)
    _same_bits(cluster_client.compute(lazy).result(), mk.spring_batch(irregular, stiffness=k, damping=3.0, dtype=dtype))


def test_transform_build_on_the_cluster_is_bit_identical(cluster_client):
    rng = np.random.default_rng(12)
    n = 3_001
    tx, ty = rng.uniform(-50, 50, n), rng.uniform(-50, 50, n)
    angle, scale = rng.uniform(-7, 7, n), rng.uniform(0.1, 3, n)
    for dtype in (np.float32, np.float64):
        lazy = mkd.transform_build(da.from_array(tx, chunks=400), ty, da.from_array(angle, chunks=400),
                                   da.from_array(scale, chunks=400), dtype=dtype)
        _same_bits(cluster_client.compute(lazy).result(), mk.transform_build(tx, ty, angle, scale, dtype=dtype))


def test_spline_on_the_cluster_is_bit_identical(cluster_client):
    rng = np.random.default_rng(13)
    x = np.cumsum(rng.uniform(0.2, 1.0, 12))
    y = rng.uniform(-1, 1, (12, 3))
    at = rng.uniform(x[0] - 0.5, x[-1] + 0.5, 1_500)
    for kind, values, derivative in (("cubic", y, 0), ("pchip", y[:, 1], 1), ("makima", y, 2)):
        lazy = mkd.spline(kind, x, values, da.from_array(at, chunks=200), derivative=derivative)
        _same_bits(cluster_client.compute(lazy).result(), mk.spline(kind, x, values, at, derivative=derivative))
