"""Results are easy to hold in a REPL: short reprs, checked seats, honest speeds."""

from __future__ import annotations

import io

import numpy as np
import pytest

import cardsim
from cardsim.run.progress import Progress


@pytest.fixture(scope="module")
def run():
    return cardsim.simulate("clock_duel", games=20_000, seed=1)


def test_reprs_are_short(run):
    text = repr(run)
    assert len(text) < 200 and "20,000 games" in text and "win rates [" in text
    assert run.scores is not None and run.scores.shape == (20_000, 2)  # arrays stay
    batch = cardsim.solve_batch("the_wall", deals=30, seed=1)
    assert len(repr(batch)) < 200 and "30 deals" in repr(batch) and "win rate" in repr(batch)
    state = cardsim.make("the_wall").new_game(seed=3)
    sol = cardsim.solve(state, node_limit=200_000)
    assert len(repr(sol)) < 200 and sol.outcome in repr(sol)
    assert f"{len(sol.actions)} actions" in repr(sol)


PER_SEAT = ["win_rate", "mean_score", "score_variance", "score_histogram"]
PER_POLICY = ["policy_win_rate", "policy_mean_score"]


@pytest.mark.parametrize("method", PER_SEAT + PER_POLICY)
def test_seats_are_checked(run, method):
    f = getattr(run, method)
    for bad in (2, 5, -1, -2):
        with pytest.raises(ValueError, match=r"must be in \[0, 2\)"):
            f(bad)
    for bad in ("0", 0.0, True, None):
        with pytest.raises(TypeError, match="must be an int"):
            f(bad)
    f(1)
    f(np.int64(1))


def test_speed_after_a_resume_counts_this_runs_games(tmp_path):
    path = tmp_path / "run.ckpt"
    first = cardsim.simulate("clock", games=4000, seed=1, shard_size=1000, checkpoint=path)
    assert first.games_played == 4000
    again = cardsim.simulate("clock", games=4000, seed=1, shard_size=1000, checkpoint=path)
    assert again.games == 4000 and again.games_played == 0
    assert again.games_per_second == 0.0  # nothing played: not 4,000 games in no time
    assert "4,000 games resumed from the checkpoint" in str(again)
    back = cardsim.load_result(again.save(tmp_path / "r.json"))
    assert back.games_played == 0 and back.games_per_second == 0.0


def test_the_progress_line_counts_only_this_runs_games():
    out = io.StringIO()
    bar = Progress(1_000_000, "clock", stream=out, force=True, terminal=False, interval=0)
    bar.resume(900_000)
    bar.start -= 10.0  # ten seconds have passed
    bar.update(1000)
    line = out.getvalue().splitlines()[-1]
    rate = float(line.split(" games/s")[0].rsplit(" ", 1)[1].replace(",", ""))
    assert rate < 1000  # 1,000 games in ten seconds (at most), not 90,000 a second
