"""The batch runner: determinism across threads and splits, summaries, results."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest

import cardsim
from game_configs import all_configs, config_id

ARRAYS = ("scores", "winner", "winners_mask", "moves", "truncated")
CONFIGS = all_configs()
IDS = [config_id(n, o) for n, o in CONFIGS]


def same_arrays(a, b) -> None:
    for k in ARRAYS:
        assert np.array_equal(getattr(a, k), getattr(b, k)), k


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
@pytest.mark.parametrize("policy", cardsim.POLICIES)
def test_threads_and_splits_give_identical_results(name, options, policy):
    n, k = 3000, 1234
    one = cardsim.simulate(name, games=n, seed=42, policy=policy, threads=1, **options)
    two = cardsim.simulate(name, games=n, seed=42, policy=policy, threads=2, **options)
    same_arrays(one, two)
    assert one.summary.to_state() == two.summary.to_state()
    head = cardsim.simulate(name, games=k, seed=42, policy=policy, threads=2, **options)
    tail = cardsim.simulate(name, games=n - k, seed=42, policy=policy, first_game=k, **options)
    for key in ARRAYS:
        joined = np.concatenate([getattr(head, key), getattr(tail, key)])
        assert np.array_equal(joined, getattr(one, key)), key
    merged = cardsim.Summary.from_state(head.summary.to_state())
    merged.merge(tail.summary)
    assert merged.to_state() == one.summary.to_state()


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_arrays_are_consistent_with_the_summary(name, options):
    r = cardsim.simulate(name, games=2000, seed=7, **options)
    s = r.summary
    assert s.games == 2000 == len(r.moves)
    assert s.draws == int(np.sum(r.winner == -2))
    assert s.no_winner == int(np.sum(r.winner == -1))
    assert s.truncated == int(np.sum(r.truncated))
    for p in range(r.num_players):
        assert s.wins[p] == int(np.sum((r.winners_mask >> p) & 1))
        assert s.score[p]["sum"] == int(r.scores[:, p].astype(np.int64).sum())
        values, counts = r.score_histogram(p)
        assert int(counts.sum()) == 2000
        assert int((values * counts.astype(np.int64)).sum()) == s.score[p]["sum"]
    assert s.moves["sum"] == int(r.moves.sum())
    only = cardsim.simulate(name, games=2000, seed=7, summary_only=True, **options)
    assert only.scores is None
    assert only.summary.to_state() == s.to_state()


def test_different_seeds_differ_and_same_seed_repeats():
    a = cardsim.simulate("clock", games=500, seed=1)
    b = cardsim.simulate("clock", games=500, seed=2)
    c = cardsim.simulate("clock", games=500, seed=1)
    assert not np.array_equal(a.scores, b.scores)
    same_arrays(a, c)


def test_first_game_of_a_run_is_new_game_with_that_seed():
    r = cardsim.simulate("clock", games=1, seed=123)
    state = cardsim.make("clock").new_game(seed=123)
    while not state.is_terminal():
        state.apply_action(0)
    assert r.scores[0].tolist() == state.scores()


def test_result_summary_and_json():
    r = cardsim.simulate("clock_duel", games=5000, seed=3, progress=False)
    d = r.to_dict()
    json.dumps(d)
    assert d["games"] == 5000 and len(d["players"]) == 2
    w0, w1, dr = r.win_rate(0), r.win_rate(1), r.draw_rate()
    assert abs(w0.value + w1.value + dr.value - 1) < 1e-12
    for e in (w0, w1, dr, r.mean_score(0)):
        assert e.low <= e.value <= e.high
    text = str(r)
    assert "clock_duel" in text and "draws" in text


def test_summary_pickles_and_refuses_garbage():
    r = cardsim.simulate("clock", games=100, seed=3)
    s2 = pickle.loads(pickle.dumps(r.summary))
    assert s2.to_state() == r.summary.to_state()
    with pytest.raises((ValueError, TypeError)):
        cardsim.Summary.from_state({"games": 1})
    with pytest.raises(ValueError):
        cardsim.Summary(2).merge(cardsim.Summary(1))


def test_progress_bar_changes_no_result(capsys):
    a = cardsim.simulate("clock", games=120_000, seed=5, progress=True)
    b = cardsim.simulate("clock", games=120_000, seed=5, progress=False)
    same_arrays(a, b)
    assert "games/s" in capsys.readouterr().err


def test_zero_games_are_refused_as_by_the_command_line():
    with pytest.raises(ValueError, match="games must be >= 1, got 0"):
        cardsim.simulate("clock", games=0, seed=5)
