"""Per-seat policies, policy specs and seat rotation in the C++ batch runner."""

from __future__ import annotations

import numpy as np
import pytest

import cardsim
from cardsim.cli import main


def _same(a: cardsim.SimulationResult, b: cardsim.SimulationResult) -> None:
    for name in ("scores", "winner", "winners_mask", "moves", "truncated"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name


def test_one_name_means_every_seat():
    a = cardsim.simulate("rummy", games=300, seed=4, policy="greedy")
    b = cardsim.simulate("rummy", games=300, seed=4, policy=["greedy", "greedy"])
    c = cardsim.simulate("rummy", games=300, seed=4, policy=["greedy"])
    _same(a, b)
    _same(a, c)
    assert a.policies == ["greedy", "greedy"] and a.policy == "greedy"


def test_policy_per_seat_changes_who_wins():
    r = cardsim.simulate("rummy", games=2000, seed=1, policy=["greedy", "random"])
    assert r.win_rate(0).low > 0.9 and r.win_rate(1).high < 0.1
    s = cardsim.simulate("rummy", games=2000, seed=1, policy="random,greedy")
    assert s.win_rate(1).low > 0.9
    assert r.policy == "greedy,random"


@pytest.mark.parametrize(
    "game", ["rummy", "code9", "stack_gap", "hole_in_the_wall", "racing_demon"]
)
def test_mixed_seats_are_deterministic_for_any_thread_count(game):
    n = cardsim.make(game).num_players
    pols = (["greedy", "random", "first"] * 3)[:n]
    a = cardsim.simulate(game, games=150, seed=9, policy=pols, threads=1)
    b = cardsim.simulate(game, games=150, seed=9, policy=pols, threads=2)
    _same(a, b)
    lo = cardsim.simulate(game, games=70, seed=9, policy=pols, threads=2)
    hi = cardsim.simulate(game, games=80, seed=9, policy=pols, first_game=70)
    assert np.array_equal(np.concatenate([lo.scores, hi.scores]), a.scores)


def test_seat_rotation_rows_and_per_policy_totals():
    plain = cardsim.simulate("rummy", games=400, seed=3, policy=["greedy", "random"])
    swapped = cardsim.simulate("rummy", games=400, seed=3, policy=["random", "greedy"])
    rot = cardsim.simulate(
        "rummy", games=400, seed=3, policy=["greedy", "random"], seat_rotation=True, threads=2
    )
    assert rot.games == 800 and rot.scores.shape == (800, 2)
    # Rotation 0 is the unrotated run; rotation 1 seats policy j at seat (j - 1) mod 2,
    # which is the swapped list, played from the same generator state.
    assert np.array_equal(rot.scores[0::2], plain.scores)
    assert np.array_equal(rot.scores[1::2], swapped.scores)
    # Per-policy totals: greedy's wins are seat 0's wins in rotation 0 and seat 1's in rotation 1.
    greedy_wins = int((plain.winner == 0).sum() + (swapped.winner == 1).sum())
    assert rot.by_policy.wins[0] == greedy_wins
    assert rot.by_policy.games == 800
    assert rot.policy_win_rate(0).value == greedy_wins / 800
    expected = plain.scores[:, 0].sum() + swapped.scores[:, 1].sum()
    assert rot.by_policy.score[0]["sum"] == expected
    # Seats are balanced: each policy sat in each seat once per deal.
    assert abs(rot.win_rate(0).value - rot.win_rate(1).value) < 0.05
    df_cols = set(rot.to_dict()["by_policy"][0])
    assert {"policy", "win_rate", "mean_score"} <= df_cols


def test_seat_rotation_three_players_and_summary_only():
    r = cardsim.simulate(
        "code9", games=60, seed=2, players=3, policy="greedy,random,first", seat_rotation=True
    )
    s = cardsim.simulate(
        "code9",
        games=60,
        seed=2,
        players=3,
        policy="greedy,random,first",
        seat_rotation=True,
        summary_only=True,
    )
    assert r.games == 180 and s.scores is None
    assert s.by_policy.to_state() == r.by_policy.to_state()
    assert sum(s.by_policy.wins) == sum(s.summary.wins)


def test_racing_demon_policies_per_seat_match_the_python_race():
    from cardsim.reference.racing_demon_timed import play_timed

    pols = ["greedy", "random"]
    r = cardsim.simulate("racing_demon", games=3, seed=5, players=2, policy=pols)
    for i in range(3):
        t = play_timed(
            cardsim.make("racing_demon", backend="cpp", players=2), seed=5, index=i, policy=pols
        )
        assert t.scores == r.scores[i].tolist() and t.moves == r.moves[i]


@pytest.mark.parametrize(
    ("policy", "error", "text"),
    [
        ("bogus", ValueError, "unknown policy 'bogus'"),
        (["greedy", "bogus"], ValueError, "seat 1: unknown policy 'bogus'"),
        (["greedy", "greedy", "random"], ValueError, r"one per seat \(2\), got 3"),
        ([], ValueError, r"one per seat \(2\), got 0"),
        (["ismcts:-1", "greedy"], ValueError, "seat 0: bad policy 'ismcts:-1'"),
        (["greedy", "pimc:x"], ValueError, "seat 1: bad policy 'pimc:x'"),
        (["greedy", "ismcts:5:zeta=1"], ValueError, "seat 1: .*unknown key 'zeta'"),
        (["greedy", "pimc:5:c=1"], ValueError, "unknown key 'c'"),
        (["greedy", "ismcts:5:c=-2"], ValueError, "c must be a number"),
        (["greedy", "ismcts:5:prior=1"], ValueError, r"prior must be a number in \[0, 1\)"),
        (["greedy", "ismcts:5:prior=x"], ValueError, "prior must be a number"),
        (["greedy", "pimc:5:prior=0.5"], ValueError, "unknown key 'prior'"),
        (["greedy", "ismcts:0"], ValueError, "budget must be an integer in"),
        (["greedy", "pimc:5:rollout=smart"], ValueError, "rollout must be"),
        (["greedy", "greedy:3"], ValueError, "takes no parameters"),
        (["greedy", 3], TypeError, "seat 1: a policy must be a spec string"),
        (7, TypeError, "policy must be a spec"),
    ],
)
def test_bad_policies_name_the_seat(policy, error, text):
    with pytest.raises(error, match=text):
        cardsim.simulate("rummy", games=2, policy=policy)


def test_search_players_play_forced_moves_where_there_is_no_choice():
    # Clock has no choices: a search player there simply plays the forced moves.
    a = cardsim.simulate("clock", games=50, seed=1, policy="pimc")
    b = cardsim.simulate("clock", games=50, seed=1, policy="first")
    assert np.array_equal(a.scores, b.scores)


def test_spec_parser_fills_defaults():
    assert cardsim._core.parse_policy_spec("ismcts") == {
        "kind": "ismcts",
        "budget": 200,
        "rollout": "greedy",
        "sees": "rules",
        "c": 1.0,
        "prior": 0.5,
    }
    assert cardsim._core.parse_policy_spec("pimc:7:rollout=random:sees=all") == {
        "kind": "pimc",
        "budget": 7,
        "rollout": "random",
        "sees": "all",
    }
    assert cardsim._core.parse_policy_spec("ismcts:50:c=1.5")["c"] == 1.5
    assert cardsim._core.parse_policy_spec("ismcts:50:prior=0")["prior"] == 0.0


def test_cli_policy_per_seat_and_rotation(capsys):
    argv = ["simulate", "rummy", "--games", "300", "--policy", "greedy,random"]
    assert main([*argv, "--seat-rotation"]) == 0
    out = capsys.readouterr().out
    assert "policy 0 (greedy), every seat" in out and "seats rotated" in out
    assert main(["simulate", "rummy", "--games", "3", "--policy", "greedy,nope"]) == 2
    assert "seat 1: unknown policy 'nope'" in capsys.readouterr().err


def test_sharded_runs_take_policies_per_seat():
    a = cardsim.simulate("rummy", games=500, seed=6, policy="greedy,random", summary_only=True)
    b = cardsim.simulate("rummy", games=500, seed=6, policy="greedy,random", shard_size=100)
    assert a.summary.to_state() == b.summary.to_state()
    with pytest.raises(ValueError, match="rotate"):
        cardsim.simulate("rummy", games=10, shard_size=5, seat_rotation=True)


# --- search players ------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "opts", "policy"),
    [
        ("code9", {}, ["ismcts:20", "greedy"]),
        ("rummy", {}, ["greedy", "pimc:2"]),
        ("stack_gap", {"players": 2}, ["ismcts:30:c=1.2", "random"]),
        ("hole_in_the_wall", {}, ["pimc:1:rollout=first", "greedy"]),
        ("the_wall", {"move_cap": 300}, ["pimc:1"]),
        ("code9_solitaire", {}, ["ismcts:10:rollout=random"]),
        ("hole_in_the_wall", {}, ["greedy", "ismcts:15:prior=0"]),
        # The timed race: search seats choose where the race stops for them.
        ("racing_demon", {"players": 2}, ["ismcts:10", "greedy"]),
        ("racing_demon", {"players": 3, "move_cap": 400}, ["random", "pimc:1", "ismcts:5:prior=0"]),
        ("racing_demon", {"players": 2, "match": True, "target": 40}, ["greedy", "pimc:1"]),
    ],
)
def test_search_players_are_deterministic_for_any_thread_count(game, opts, policy):
    a = cardsim.simulate(game, games=6, seed=3, policy=policy, threads=1, **opts)
    b = cardsim.simulate(game, games=6, seed=3, policy=policy, threads=2, **opts)
    _same(a, b)
    c = cardsim.simulate(game, games=3, seed=3, policy=policy, first_game=3, threads=2, **opts)
    assert np.array_equal(c.scores, a.scores[3:])


@pytest.mark.parametrize("bad", ["ismcts:sees=all:5", "pimc:3:sees=some", "greedy:sees=all"])
def test_sees_key_is_checked(bad):
    with pytest.raises(ValueError, match=r"sees|budget|parameters"):
        cardsim.simulate("stack_gap", games=2, players=2, policy=[bad, "greedy"])


def test_a_search_that_sees_every_card_is_a_different_player_and_deterministic():
    # sees=all skips the redeal: in a game of hidden cards the choices change, in
    # Code 9 (every card face up, nothing to redeal) they cannot.
    kw = {"games": 40, "seed": 5, "summary_only": False, "progress": False}
    fair = cardsim.simulate("stack_gap", players=2, policy=["ismcts:30", "greedy"], **kw)
    sees = cardsim.simulate("stack_gap", players=2, policy=["ismcts:30:sees=all", "greedy"], **kw)
    again = cardsim.simulate(
        "stack_gap", players=2, policy=["ismcts:30:sees=all", "greedy"], threads=2, **kw
    )
    assert np.array_equal(sees.scores, again.scores)
    assert not np.array_equal(fair.scores, sees.scores)
    open_a = cardsim.simulate("code9", policy=["ismcts:20", "greedy"], **kw)
    open_b = cardsim.simulate("code9", policy=["ismcts:20:sees=all", "greedy"], **kw)
    assert np.array_equal(open_a.scores, open_b.scores)


def test_search_beats_random():
    # Code 9 is a game of skill (greedy beats random in nearly every deal).
    for policy in ("ismcts:20", "pimc:2"):
        r = cardsim.simulate(
            "code9", games=10, seed=1, policy=[policy, "random"], seat_rotation=True
        )
        assert r.policy_win_rate(0).value >= 0.8, policy


def test_search_beats_greedy_in_the_timed_race():
    # Racing Demon's race: both searchers model the race with greedy rollouts
    # (at every seat) and beat greedy itself, seats rotated.
    for policy in ("pimc", "ismcts:30"):
        r = cardsim.simulate(
            "racing_demon",
            games=40,
            seed=2,
            players=2,
            policy=[policy, "greedy"],
            seat_rotation=True,
        )
        assert r.policy_win_rate(0).value > r.policy_win_rate(1).value + 0.1, policy


def test_a_game_may_declare_its_own_search_budget():
    rummy, code9 = cardsim.make("rummy"), cardsim.make("code9")
    assert rummy.search_budget("ismcts") == 2000
    assert rummy.search_budget("ismcts:c=2") == 2000
    assert rummy.search_budget("ismcts:300") == 300  # a named N always wins
    assert rummy.search_budget("pimc") == 10
    assert code9.search_budget("ismcts") == 200
    assert code9.search_budget("pimc:3") == 3
    with pytest.raises(ValueError, match="takes a pimc or ismcts spec, got 'greedy'"):
        rummy.search_budget("greedy")
    with pytest.raises(ValueError, match="bad policy 'ismcts:-1'"):
        rummy.search_budget("ismcts:-1")
    # The effect: a bare `ismcts` plays exactly ismcts:2000 in Rummy, not the
    # shared 200.
    a = cardsim.simulate("rummy", games=1, seed=2, policy=["ismcts", "greedy"])
    b = cardsim.simulate("rummy", games=1, seed=2, policy=["ismcts:2000", "greedy"])
    c = cardsim.simulate("rummy", games=1, seed=2, policy=["ismcts:200", "greedy"])
    _same(a, b)
    assert not np.array_equal(a.moves, c.moves) or not np.array_equal(a.scores, c.scores)


@pytest.mark.parametrize("spec", ["ismcts:1:prior=0.9", "ismcts:1:prior=0"])
def test_one_iteration_plays_the_rollout_policys_move(spec):
    # With one iteration, the only child is the one tried first: the rollout
    # policy's choice (PUCT: it holds most of the prior; plain UCB1: it is
    # expanded first). Rummy's greedy draws nothing from the stream, so the
    # games are exactly greedy against greedy.
    a = cardsim.simulate("rummy", games=20, seed=4, policy=[spec, "greedy"])
    b = cardsim.simulate("rummy", games=20, seed=4, policy="greedy")
    _same(a, b)
