"""Sizes refused before allocation: a VectorEnv or a simulate run whose buffers would
not fit is a ValueError naming the size and what to do instead, raised at once."""

from __future__ import annotations

import warnings

import pytest

import cardsim
from cardsim.guards import memory
from cardsim.run import simulate as simulate_module


@pytest.fixture
def small_bound(monkeypatch):
    """A 64 MB bound, so that the refusals hold on any machine."""
    monkeypatch.setattr(memory, "MAX_BYTES", 64 * 2**20)


def test_vector_env_too_large_is_refused_with_its_size(small_bound):
    with pytest.raises(ValueError, match=r"num_envs=1,000,000.* GB.*fewer envs"):
        cardsim.VectorEnv("racing_demon", num_envs=10**6)
    env = cardsim.VectorEnv("racing_demon", num_envs=100)  # a size that fits still works
    env.reset(seed=0)


def test_simulate_arrays_too_large_are_refused_before_the_run(small_bound):
    # 10**12 games: were the run started, this test would never end.
    with pytest.raises(ValueError, match=r"1,000,000,000,000 games.*summary_only=True"):
        cardsim.simulate("clock", games=10**12, summary_only=False)
    with pytest.raises(ValueError, match="summary_only=True"):
        cardsim.tournament("rummy", ["random", "greedy"], games=10**9)


def test_simulate_drops_per_game_arrays_above_the_default_size(monkeypatch):
    monkeypatch.setattr(simulate_module, "PER_GAME_ROWS", 1000)
    with pytest.warns(UserWarning, match=r"1,001 games keep the summary only.*summary_only=False"):
        r = cardsim.simulate("clock", games=1001, seed=2)
    assert r.scores is None and r.summary.games == 1001
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert cardsim.simulate("clock", games=1000, seed=2).scores.shape == (1000, 1)
        assert cardsim.simulate("clock", games=1001, seed=2, summary_only=False).moves.shape == (
            1001,
        )
        assert cardsim.simulate("clock", games=1001, seed=2, summary_only=True).scores is None
    with pytest.raises(TypeError, match="summary_only"):
        cardsim.simulate("clock", games=10, summary_only="yes")


def test_the_bound_is_the_available_memory_where_smaller(tmp_path, monkeypatch):
    info = tmp_path / "meminfo"
    info.write_text("MemTotal: 9000000 kB\nMemAvailable: 1000 kB\n")
    monkeypatch.setattr(memory, "MEMINFO", str(info))
    assert memory.available_bytes() == 1000 * 1024
    assert memory.allowed_bytes() == (1000 * 1024, "the memory available now")
    with pytest.raises(ValueError, match=r"more than the memory available now \(1000.0 KB\)"):
        memory.check_memory(2 * 2**20, "a test allocation", "allocate less")
    monkeypatch.setattr(memory, "MEMINFO", str(tmp_path / "absent"))
    assert memory.available_bytes() is None
    assert memory.allowed_bytes()[0] == memory.MAX_BYTES
