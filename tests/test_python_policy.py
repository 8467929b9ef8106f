"""Python callables as policies in batch runs (cardsim.run.python_policy).

A Python seat draws nothing from a game's stream, so a callable that copies
`first` must give exactly the batch runner's arrays; a deterministic callable
must give the same arrays for any thread count, batch size or split of the
range; bad returns raise, naming the seat and the game, and give no result.
"""

from __future__ import annotations

import json
import sys
import textwrap
from typing import Any

import numpy as np
import pytest

import cardsim
from cardsim import cli

FIELDS = ("scores", "winner", "winners_mask", "moves", "truncated")


def copy_first(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The built-in `first`: the lowest legal action id."""
    return mask.argmax(1)


def copy_last(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The highest legal action id (differs from every built-in)."""
    return mask.shape[1] - 1 - mask[:, ::-1].argmax(1)


class Linear:
    """A fixed linear scorer of the observation, masked: deterministic, reads obs."""

    def __init__(self, game: Any, seed: int = 1) -> None:
        d = game.observation_tensor_shape[0]
        self.w = np.random.default_rng(seed).standard_normal((d, game.num_actions))

    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Masked argmax of obs @ w."""
        logits = obs.astype(np.float64) @ self.w
        return np.where(mask, logits, -np.inf).argmax(1)


def assert_same(a: Any, b: Any) -> None:
    for f in FIELDS:
        np.testing.assert_array_equal(getattr(a, f), getattr(b, f), err_msg=f)
    assert a.summary.to_state() == b.summary.to_state()
    assert a.by_policy.to_state() == b.by_policy.to_state()


# 1-, 2- and 3-player games, turn-based, every game with a tensor but the race.
COPY_CASES = [
    ("rummy", {}),
    ("rummy", {"players": 3}),
    ("code9", {}),
    ("code9", {"players": 3}),
    ("hole_in_the_wall", {"players": 3}),
    ("stack_gap", {"players": 2}),
    ("the_wall", {"move_cap": 300}),
    ("code9_solitaire", {}),
    ("clock", {}),
]


@pytest.mark.parametrize(("name", "options"), COPY_CASES)
def test_copy_of_first_gives_the_first_run(name: str, options: dict[str, Any]) -> None:
    g = cardsim.make(name, **options)
    built = cardsim.simulate(g, games=40, seed=11, policy="first", threads=1)
    mine = cardsim.simulate(g, games=40, seed=11, policy=copy_first, threads=2, batch_size=7)
    assert_same(built, mine)
    assert mine.policies == ["copy_first"] * g.num_players


@pytest.mark.parametrize(
    ("name", "options", "mine", "builtin"),
    [
        ("rummy", {}, [copy_first, "random"], ["first", "random"]),
        ("rummy", {}, ["greedy", copy_first], ["greedy", "first"]),
        ("code9", {"players": 3}, [copy_first, "greedy", copy_first], ["first", "greedy", "first"]),
        ("hole_in_the_wall", {"players": 3}, ["random", copy_first, "greedy"], None),
        ("stack_gap", {"players": 2}, [copy_first, "random"], ["first", "random"]),
    ],
)
def test_copy_mixed_with_builtins(
    name: str, options: dict[str, Any], mine: list[Any], builtin: list[str] | None
) -> None:
    g = cardsim.make(name, **options)
    builtin = builtin or ["first" if callable(p) else p for p in mine]
    a = cardsim.simulate(g, games=50, seed=3, policy=builtin, threads=2)
    b = cardsim.simulate(g, games=50, seed=3, policy=mine, threads=1, batch_size=5)
    assert_same(a, b)


@pytest.mark.parametrize(("name", "options"), [("rummy", {}), ("code9", {"players": 3})])
def test_copy_with_seat_rotation(name: str, options: dict[str, Any]) -> None:
    g = cardsim.make(name, **options)
    n = g.num_players
    builtin = ["first"] + ["greedy"] * (n - 1)
    mine = [copy_first] + ["greedy"] * (n - 1)
    a = cardsim.simulate(g, games=30, seed=5, policy=builtin, seat_rotation=True, threads=1)
    b = cardsim.simulate(
        g, games=30, seed=5, policy=mine, seat_rotation=True, threads=2, batch_size=9
    )
    assert b.games == 30 * n
    assert_same(a, b)


def test_copy_next_to_a_search_player() -> None:
    g = cardsim.make("code9")
    a = cardsim.simulate(g, games=4, seed=2, policy=["first", "pimc:2"], threads=1)
    b = cardsim.simulate(g, games=4, seed=2, policy=[copy_first, "pimc:2"], threads=2)
    assert_same(a, b)


def test_deterministic_for_threads_batch_size_and_split() -> None:
    g = cardsim.make("rummy", players=3)
    lin = Linear(g)
    policy = [lin, "random", copy_last]
    a = cardsim.simulate(g, games=36, seed=9, policy=policy, threads=1)
    b = cardsim.simulate(g, games=36, seed=9, policy=policy, threads=2, batch_size=5)
    assert_same(a, b)
    lo = cardsim.simulate(g, games=13, seed=9, policy=policy, threads=2, batch_size=3)
    hi = cardsim.simulate(g, games=23, seed=9, policy=policy, first_game=13, threads=1)
    for f in FIELDS:
        np.testing.assert_array_equal(
            np.concatenate([getattr(lo, f), getattr(hi, f)]), getattr(a, f), err_msg=f
        )
    # The policy really plays: it is not `first` in disguise.
    assert not np.array_equal(
        a.moves, cardsim.simulate(g, games=36, seed=9, policy=["first", "random", "first"]).moves
    )


def test_batches_are_the_waiting_games_of_one_seat() -> None:
    g = cardsim.make("code9", players=3)
    d, actions = g.observation_tensor_shape[0], g.num_actions
    seen: list[tuple[int, int]] = []

    def spy(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        assert obs.dtype == np.float32 and obs.shape[1] == d
        assert mask.dtype == np.bool_ and mask.shape == (obs.shape[0], actions)
        assert mask.any(1).all()
        seen.append(obs.shape)
        return mask.argmax(1)

    cardsim.simulate(g, games=20, seed=0, policy=[spy, "random", "random"], batch_size=8)
    assert seen and max(k for k, _ in seen) <= 8 and max(k for k, _ in seen) > 1


def test_summary_only_and_progress(capsys: pytest.CaptureFixture[str]) -> None:
    g = cardsim.make("rummy")
    r = cardsim.simulate(
        g, games=20, seed=1, policy=[copy_first, "greedy"], summary_only=True, progress=True
    )
    assert r.scores is None and r.summary.games == 20
    ref = cardsim.simulate(g, games=20, seed=1, policy=["first", "greedy"], summary_only=True)
    assert r.summary.to_state() == ref.summary.to_state()
    assert "rummy" in capsys.readouterr().err


def test_returns_a_list_or_a_sequence() -> None:
    g = cardsim.make("rummy")
    a = cardsim.simulate(g, games=10, seed=4, policy=lambda o, m: [int(x) for x in m.argmax(1)])
    b = cardsim.simulate(g, games=10, seed=4, policy="first")
    assert_same(a, b)


# --- Bad input ---------------------------------------------------------------------


def _run(policy: Any, **kw: Any) -> Any:
    return cardsim.simulate("rummy", games=10, seed=0, policy=policy, **kw)


@pytest.mark.parametrize(
    ("returns", "error", "words"),
    [
        (lambda o, m: (~m).argmax(1), cardsim.IllegalActionError, "is illegal"),
        (lambda o, m: np.full(len(m), m.shape[1]), cardsim.IllegalActionError, "out of range"),
        (lambda o, m: np.full(len(m), -1), cardsim.IllegalActionError, "out of range"),
        (lambda o, m: np.full(len(m), 2**64 - 1, np.uint64), cardsim.IllegalActionError, "range"),
        (lambda o, m: np.zeros(len(m) + 1, int), ValueError, "shape"),
        (lambda o, m: m.argmax(1)[:, None], ValueError, "shape"),
        (lambda o, m: 0, ValueError, "shape"),
        (lambda o, m: m.argmax(1).astype(float), TypeError, "float64"),
        (lambda o, m: m[:, 0], TypeError, "bool"),
        (lambda o, m: np.array([None] * len(m)), TypeError, "object"),
        (lambda o, m: None, TypeError, "dtype"),
    ],
)
def test_bad_returns_name_the_seat_and_game(returns: Any, error: type, words: str) -> None:
    with pytest.raises(error, match=words) as info:
        _run(["greedy", returns], threads=2)
    assert "seat 1" in str(info.value) and "game" in str(info.value)


def test_a_failing_policy_is_reraised_with_context() -> None:
    def broken(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        raise ZeroDivisionError("no luck")

    with pytest.raises(RuntimeError, match=r"seat 0 \(policy 0: .*broken\).*ZeroDivisionError"):
        _run([broken, "random"])
    try:
        _run([broken, "random"])
    except RuntimeError as e:
        assert isinstance(e.__cause__, ZeroDivisionError)


def test_an_illegal_action_under_rotation_names_the_rotation() -> None:
    with pytest.raises(cardsim.IllegalActionError, match=r"seat \d \(policy 1.*rotation"):
        _run(["greedy", lambda o, m: (~m).argmax(1)], seat_rotation=True)


def test_bad_policy_lists() -> None:
    with pytest.raises(TypeError, match="seat 1"):
        _run([copy_first, 3])
    with pytest.raises(ValueError, match="seat 1"):
        _run([copy_first, "nope"])
    with pytest.raises(ValueError, match="one per seat"):
        _run([copy_first, "greedy", "greedy"])
    with pytest.raises(ValueError, match="in this process"):
        _run([copy_first, "greedy"], shard_size=5)
    with pytest.raises(ValueError, match="batch_size"):
        _run([copy_first, "greedy"], batch_size=0)
    with pytest.raises(ValueError, match="Python policy only"):
        _run("greedy", batch_size=10)


@pytest.mark.parametrize(
    ("options", "mine", "builtin"),
    [
        ({"players": 2, "move_cap": 300}, ["greedy", copy_first], ["greedy", "first"]),
        ({"players": 3, "speeds": "1.0,0.8,1.25"}, copy_first, "first"),
        ({"players": 1, "turn": 1}, copy_first, "first"),
        # A match: the race stops and resumes across the rounds it deals.
        ({"players": 3, "match": True, "target": 30}, [copy_first, "greedy", "random"], None),
        # A search seat stops the race too; its draws are the batch runner's.
        ({"players": 2, "move_cap": 300}, ["ismcts:8", copy_first], None),
        ({"players": 3, "move_cap": 300}, [copy_first, "pimc:1", "random"], None),
    ],
)
def test_the_timed_race_takes_python_policies(
    options: dict[str, Any], mine: Any, builtin: Any
) -> None:
    """Racing Demon's race stops for a Python seat's choice and resumes with the same draws."""
    g = cardsim.make("racing_demon", **options)
    builtin = builtin or ["first" if callable(p) else p for p in mine]
    a = cardsim.simulate(g, games=20, seed=8, policy=builtin, threads=1)
    b = cardsim.simulate(g, games=20, seed=8, policy=mine, threads=2, batch_size=6)
    assert_same(a, b)
    np.testing.assert_array_equal(a.times, b.times)
    assert b.summary.stalemates == a.summary.stalemates
    if g.traits.match:
        assert (a.scores.max(axis=1) >= 30).any()  # matches ran to the target


def test_the_timed_race_with_rotation_and_a_reading_policy() -> None:
    g = cardsim.make("racing_demon", players=2, move_cap=300)
    policy = [Linear(g), "random"]
    a = cardsim.simulate(g, games=10, seed=4, policy=policy, seat_rotation=True, threads=1)
    b = cardsim.simulate(
        g, games=10, seed=4, policy=policy, seat_rotation=True, threads=2, batch_size=3
    )
    assert_same(a, b)
    np.testing.assert_array_equal(a.times, b.times)


# --- Tournaments and the CLI --------------------------------------------------------


def test_tournament_takes_callables() -> None:
    t = cardsim.tournament("rummy", policies=[copy_first, "greedy"], games=10, seed=1)
    ref = cardsim.tournament("rummy", policies=["first", "greedy"], games=10, seed=1)
    assert t.policies == ["copy_first", "greedy"]
    assert [p.win_rate for p in t.pairings] == [p.win_rate for p in ref.pairings]


@pytest.fixture
def policy_module(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "my_policies_mod.py").write_text(
        textwrap.dedent(
            """
            def lowest(obs, mask):
                return mask.argmax(1)
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "my_policies_mod"
    sys.modules.pop("my_policies_mod", None)


def test_cli_imports_module_attr(policy_module: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "rummy", "--games", "20", "--json", "--threads", "1"]
    assert cli.main([*argv, "--policy", f"{policy_module}:lowest,greedy"]) == 0
    mine = capsys.readouterr().out
    assert cli.main([*argv, "--policy", "first,greedy"]) == 0
    ref = capsys.readouterr().out
    a, b = json.loads(mine), json.loads(ref)
    assert a["policies"] == ["lowest", "greedy"]
    for key in ("players", "mean_moves", "draw_rate", "no_winner_rate"):
        assert a[key] == b[key]


def test_cli_import_failure_is_clear(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["simulate", "rummy", "--games", "2", "--policy", "no_such_mod_xyz:f,greedy"])
    assert code != 0
    assert "cannot import module 'no_such_mod_xyz'" in capsys.readouterr().err


def test_policies_get_writable_arrays_that_change_nothing():
    # torch.as_tensor warns on a read-only array; a policy that scribbles on what it
    # got must not change the games either.
    seen = []

    def scribble(obs, mask):
        seen.append(obs.flags.writeable and mask.flags.writeable)
        actions = mask.argmax(1)
        obs[:] = 0.0
        mask[:] = True
        return actions

    r = cardsim.simulate("rummy", games=20, seed=3, policy=[scribble, "random"])
    ref = cardsim.simulate("rummy", games=20, seed=3, policy=["first", "random"])
    assert seen and all(seen)
    assert np.array_equal(r.scores, ref.scores) and np.array_equal(r.moves, ref.moves)
