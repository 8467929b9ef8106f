"""SimulationResult.save and cardsim.load_result round-trip a run, arrays included."""

from __future__ import annotations

import json

import numpy as np
import pytest

import cardsim


def same(a, b):
    assert a.to_dict() == b.to_dict()
    assert a.summary.to_state() == b.summary.to_state()
    for name in cardsim.run.result.ARRAYS:
        x, y = getattr(a, name), getattr(b, name)
        assert (x is None) == (y is None), name
        if x is not None:
            assert x.dtype == y.dtype and x.shape == y.shape and np.array_equal(x, y), name


@pytest.mark.parametrize("arrays", ["npz", "parquet"])
def test_round_trip_with_arrays(tmp_path, arrays):
    if arrays == "parquet":
        pytest.importorskip("pyarrow")
    r = cardsim.simulate("racing_demon", players=3, games=200, seed=11, first_game=40)
    path = r.save(tmp_path / "demon.json", arrays=arrays)
    assert (tmp_path / f"demon.{arrays}").exists()
    loaded = cardsim.load_result(path)
    same(r, loaded)
    assert loaded.times is not None and loaded.first_game == 40
    record = json.loads(path.read_text())
    for key in ("cardsim", "game", "options", "seed", "first_game", "games", "summary"):
        assert key in record
    assert record["cardsim"] == cardsim.__version__ == loaded.version


def test_round_trip_summary_only_and_default_format(tmp_path):
    r = cardsim.simulate("rummy", players=3, games=500, seed=2, summary_only=True)
    loaded = cardsim.load_result(r.save(tmp_path / "rummy.json"))
    same(r, loaded)
    assert loaded.win_rate(1) == r.win_rate(1) and loaded.scores is None
    full = cardsim.simulate("clock", games=100, seed=2)
    full.save(tmp_path / "clock.json")
    # Without a choice: parquet when pyarrow is installed, else npz.
    try:
        import pyarrow  # noqa: F401

        want = "clock.parquet"
    except ImportError:
        want = "clock.npz"
    assert (tmp_path / want).exists()
    same(full, cardsim.load_result(tmp_path / "clock.json"))


def test_sharded_result_round_trips(tmp_path):
    r = cardsim.simulate("clock_duel", games=3000, seed=4, shard_size=1000)
    same(r, cardsim.load_result(r.save(tmp_path / "s.json")))


def test_bad_paths_and_files(tmp_path):
    r = cardsim.simulate("clock", games=10, seed=1)
    with pytest.raises(ValueError, match=r"\.json"):
        r.save(tmp_path / "x.txt")
    with pytest.raises(ValueError, match="npz"):
        r.save(tmp_path / "x.json", arrays="hdf5")
    (tmp_path / "bad.json").write_text('{"hello": 1}')
    with pytest.raises(ValueError, match="not a saved cardsim result"):
        cardsim.load_result(tmp_path / "bad.json")
    with pytest.raises(ValueError, match="not a saved cardsim result"):
        cardsim.load_result(tmp_path / "missing.json")


def test_to_pandas_matches_the_arrays():
    pd = pytest.importorskip("pandas")
    r = cardsim.simulate("clock_duel", games=50, seed=1)
    df = r.to_pandas()
    assert isinstance(df, pd.DataFrame) and len(df) == 50
    assert (df["score_1"].to_numpy() == r.scores[:, 1]).all()
