"""Sharded runs: identical to unsharded runs on any executor, exact merges, resumable."""

from __future__ import annotations

import itertools
import os
from concurrent.futures import Future, ProcessPoolExecutor

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardsim
from cardsim.run import shards

GAME, N, SEED = "clock_duel", 20_000, 77


@pytest.fixture(scope="module")
def whole():
    return cardsim.simulate(GAME, games=N, seed=SEED, summary_only=True).summary.to_state()


@pytest.mark.parametrize("count", [1, 3, 7])
def test_shard_counts_give_identical_results(whole, count):
    size = -(-N // count)
    r = cardsim.simulate(GAME, games=N, seed=SEED, shard_size=size)
    assert r.summary.to_state() == whole
    assert len(shards.plan(0, N, size)) == count


def test_process_pool_gives_identical_results(whole):
    with ProcessPoolExecutor(2) as pool:
        r = cardsim.simulate(GAME, games=N, seed=SEED, executor=pool, shard_size=3000)
    assert r.summary.to_state() == whole


def test_dask_local_cluster_gives_identical_results(whole):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        r = cardsim.simulate(
            GAME, games=N, seed=SEED, executor=client.get_executor(pure=False), shard_size=3000
        )
    assert r.summary.to_state() == whole


def test_ray_gives_identical_results(whole):
    # CI installs the test extra, which brings ray: there a missing ray fails, never skips.
    if os.environ.get("CI"):
        import ray
    else:
        ray = pytest.importorskip("ray")
    from cardsim.run.executors import RayExecutor

    ray.init(num_cpus=2, include_dashboard=False)
    try:
        r = cardsim.simulate(GAME, games=N, seed=SEED, executor=RayExecutor(), shard_size=5000)
    finally:
        ray.shutdown()
    assert r.summary.to_state() == whole


class FailingAfter:
    """An executor whose futures fail after k shards: a killed worker or machine."""

    def __init__(self, k: int) -> None:
        self.left = k

    def submit(self, fn, *args):
        f: Future = Future()
        if self.left > 0:
            self.left -= 1
            f.set_result(fn(*args))
        else:
            f.set_exception(ConnectionError("worker lost"))
        return f


def test_resume_after_failure_equals_uninterrupted_run(whole, tmp_path):
    ckpt = tmp_path / "run.json"
    with pytest.raises(ConnectionError):
        cardsim.simulate(
            GAME,
            games=N,
            seed=SEED,
            shard_size=1500,
            executor=FailingAfter(4),
            checkpoint=ckpt,
            max_in_flight=1,
        )
    # The four finished shards are kept (the log is compacted when the run stops).
    assert '"ranges":[[0,6000]]' in ckpt.read_text()
    r = cardsim.simulate(GAME, games=N, seed=SEED, shard_size=1500, checkpoint=ckpt)
    assert r.summary.to_state() == whole
    assert r.summary.games == N  # no game counted twice
    # A finished checkpoint reruns instantly to the same result.
    again = cardsim.simulate(GAME, games=N, seed=SEED, shard_size=1500, checkpoint=ckpt)
    assert again.summary.to_state() == whole


def test_checkpoint_of_another_run_is_refused(tmp_path):
    ckpt = tmp_path / "run.json"
    cardsim.simulate(GAME, games=3000, seed=1, shard_size=1000, checkpoint=ckpt)
    with pytest.raises(ValueError, match=r"different run.*seed"):
        cardsim.simulate(GAME, games=3000, seed=2, shard_size=1000, checkpoint=ckpt)
    with pytest.raises(ValueError, match=r"different run.*game"):
        cardsim.simulate("clock", games=3000, seed=1, shard_size=1000, checkpoint=ckpt)
    ckpt.write_text("{not json")
    with pytest.raises(ValueError, match="not readable"):
        cardsim.simulate(GAME, games=3000, seed=1, shard_size=1000, checkpoint=ckpt)


def test_coverage_check_catches_gaps_and_overlaps():
    r = [shards.ShardResult(0, 10, {}), shards.ShardResult(5, 10, {})]
    with pytest.raises(RuntimeError, match="twice"):
        shards.check_coverage(0, 15, r)
    with pytest.raises(RuntimeError, match="missing"):
        shards.check_coverage(0, 20, [shards.ShardResult(0, 10, {})])


def test_bad_sharding_arguments():
    with pytest.raises(ValueError):
        cardsim.simulate(GAME, games=10, shard_size=0)
    with pytest.raises(TypeError):
        cardsim.simulate(GAME, games=10, executor=object())
    with pytest.raises(ValueError):
        cardsim.simulate(GAME, games=10, shard_size=5, summary_only=False)


@given(cuts=st.lists(st.integers(1, 1999), max_size=6, unique=True), order=st.randoms())
def test_merge_is_exact_associative_and_commutative(cuts, order):
    n = 2000
    edges = [0, *sorted(cuts), n]
    parts = [
        shards.run_shard("clock", {}, 5, ["random"], lo, hi - lo)
        for lo, hi in itertools.pairwise(edges)
    ]
    whole_run = shards.run_shard("clock", {}, 5, ["random"], 0, n)
    order.shuffle(parts)
    merged = shards.merge(1, parts)
    assert merged.to_state() == whole_run.summary
    # Associativity: merge pairwise in another grouping.
    left = shards.merge(1, parts[: len(parts) // 2])
    right = shards.merge(1, parts[len(parts) // 2 :])
    left.merge(right)
    assert left.to_state() == whole_run.summary
    # The empty summary is the identity.
    empty = cardsim.Summary(1)
    empty.merge(merged)
    assert empty.to_state() == merged.to_state()


def test_sums_of_squares_do_not_overflow():
    s = cardsim.Summary(1).to_state()
    big = 2**70  # beyond int64: the state keeps exact Python ints
    s["score"][0].update(n=1, sum=2**40, sum_sq=big, min=0, max=0)
    s["games"] = 1
    a = cardsim.Summary.from_state(s)
    a.merge(cardsim.Summary.from_state(s))
    assert a.to_state()["score"][0]["sum_sq"] == 2 * big
