"""cardsim.tournament and `cardsim tournament`: pairings, seat rotation, ratings."""

from __future__ import annotations

import json

import numpy as np
import pytest

import cardsim
from cardsim.cli import main
from cardsim.run.tournament import bradley_terry


def test_two_player_tournament_tables_and_rates():
    t = cardsim.tournament("rummy", policies=["random", "greedy", "first"], games=300, seed=2)
    assert t.tables == [("random", "greedy"), ("random", "first"), ("greedy", "first")]
    assert t.plays == 3 * 300 * 2
    g_r = t.pairing("greedy", "random")
    r_g = t.pairing("random", "greedy")
    assert g_r.games == r_g.games == 600
    assert g_r.win_rate.value == pytest.approx(1 - r_g.win_rate.value)
    assert g_r.win_rate.low > 0.9 and g_r.score_diff.low > 0
    assert g_r.score_diff.value == pytest.approx(-r_g.score_diff.value)
    # The same figures as a rotated simulate run of that table.
    r = cardsim.simulate(
        "rummy", games=300, seed=2, policy=["random", "greedy"], seat_rotation=True
    )
    assert g_r.win_rate.value == pytest.approx(
        (r.by_policy.wins[1] + 0.5 * (600 - r.by_policy.wins[0] - r.by_policy.wins[1])) / 600
    )
    elo = dict(zip(t.policies, t.ratings, strict=True))
    assert elo["greedy"].low > elo["random"].high
    assert sum(x.value for x in t.ratings) == pytest.approx(0, abs=1e-6)
    text = str(t)
    assert "ratings" in text and "greedy" in text and "win rate of row against column" in text


def test_win_rate_intervals_stay_within_zero_and_one():
    # Code 9 greedy beats random in nearly every deal: a normal interval on
    # so lopsided a rate passes 1, or shrinks to a point when every game is
    # won; 30 games cannot pin a rate down to a point.
    t = cardsim.tournament("code9", policies=["greedy", "random"], games=15, seed=1)
    for pairing in t.pairings:
        rate = pairing.win_rate
        assert 0.0 <= rate.low <= rate.value <= rate.high <= 1.0
        assert rate.high - rate.low > 0.05
    assert t.pairing("greedy", "random").win_rate.value > 0.9


def test_three_player_assignments_cover_every_seating():
    t = cardsim.tournament("code9", policies="greedy,random", games=20, seed=1, players=3)
    # Ordered assignments of 2 policies to 3 seats with both present, up to rotation.
    assert len(t.tables) == 2
    assert {tuple(sorted(x)) for x in t.tables} == {
        ("greedy", "random", "random"),
        ("greedy", "greedy", "random"),
    }
    assert t.pairing(0, 1).games > 0


def test_tournament_is_deterministic_and_serialises():
    kw = {"policies": ["random", "greedy"], "games": 200, "seed": 5, "players": 2}
    a = cardsim.tournament("stack_gap", threads=1, **kw)
    b = cardsim.tournament("stack_gap", threads=2, **kw)
    da, db = a.to_dict(), b.to_dict()
    da.pop("seconds"), db.pop("seconds")
    assert da == db
    json.dumps(da)
    pd = pytest.importorskip("pandas")
    df = a.to_pandas()
    assert isinstance(df, pd.DataFrame) and len(df) == 2
    assert {"policy", "opponent", "win_rate", "win_rate_low", "score_diff", "elo"} <= set(df)


@pytest.mark.parametrize(
    ("kwargs", "error", "text"),
    [
        ({"policies": ["greedy"]}, ValueError, "at least two"),
        ({"policies": ["greedy", "greedy"]}, ValueError, "must differ"),
        ({"policies": ["greedy", "nope"]}, ValueError, "policy 1: unknown policy 'nope'"),
        ({"policies": ["greedy", "ismcts:-1"]}, ValueError, "policy 1: bad policy"),
        ({"policies": ["greedy", 3]}, TypeError, "policy 1"),
        ({"policies": ["greedy", "random"], "games": 0}, ValueError, "games"),
    ],
)
def test_bad_tournaments(kwargs, error, text):
    with pytest.raises(error, match=text):
        cardsim.tournament("rummy", **kwargs)
    with pytest.raises(ValueError, match="one seat"):
        cardsim.tournament("the_wall", policies=["greedy", "random"])


def test_bradley_terry_recovers_known_strengths():
    # Three players with strengths 1, 2, 4: expected wins from many games.
    s = np.array([1.0, 2.0, 4.0])
    wins = np.array(
        [[0 if i == j else 1000 * s[i] / (s[i] + s[j]) for j in range(3)] for i in range(3)]
    )
    theta, se = bradley_terry(wins)
    assert np.allclose(theta - theta.mean(), np.log(s) - np.log(s).mean(), atol=1e-6)
    assert (se > 0).all() and (se < 0.1).all()


def test_cli_tournament(capsys):
    argv = ["tournament", "rummy", "--policies", "random,greedy", "--games", "100"]
    assert main(argv) == 0
    assert "ratings" in capsys.readouterr().out
    assert main([*argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["policies"] == ["random", "greedy"] and len(out["pairings"]) == 2
    assert main(["tournament", "rummy", "--policies", "random,bogus", "--games", "5"]) == 2
    assert "policy 1: unknown policy 'bogus'" in capsys.readouterr().err
