"""Game records, replay of one game of a batch, and trajectories."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import cardsim
from cardsim.records import RECORD_VERSION, record
from game_configs import all_configs, config_id

CONFIGS = all_configs()
IDS = [config_id(*c) for c in CONFIGS]


def _played(game, seed: int, steps: int):
    state = game.new_game(seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rnd.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_records_round_trip_through_json(name, options):
    for steps in (0, 25, 100_000):
        state = _played(cardsim.make(name, **options), 11, steps)
        rec = json.loads(json.dumps(state.record()))
        assert rec["game"] == name and rec["version"] == RECORD_VERSION
        assert rec["cardsim_version"] == cardsim.__version__
        assert rec["actions"] == list(state.history)
        back = cardsim.load_record(rec)
        assert back == state and back.history == state.history
        ref = cardsim.load_record(rec, backend="reference")
        assert ref.to_dict() == state.to_dict()
        assert ref.record() == rec


def _good():
    state = _played(cardsim.make("rummy"), 2, 40)
    return state, state.record()


def test_load_record_from_a_file(tmp_path):
    state, rec = _good()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    assert cardsim.load_record(path) == state
    assert cardsim.load_record(str(path)) == state


@pytest.mark.parametrize(
    ("change", "error", "match"),
    [
        (lambda r: r.update(version=2), ValueError, "version 2 is not supported"),
        (lambda r: r.update(version="1"), TypeError, "version must be an int"),
        (lambda r: r.update(format="x"), ValueError, "not a cardsim record"),
        (lambda r: r.update(game="poker"), ValueError, "unknown game 'poker'"),
        (lambda r: r.update(game=3), TypeError, "game must be a str"),
        (lambda r: r.update(script="<script>"), ValueError, "unknown fields"),
        (lambda r: r.pop("deck"), ValueError, "missing fields"),
        (lambda r: r["actions"].__setitem__(3, 10**6), ValueError, "action 3 .* is illegal"),
        (lambda r: r["actions"].__setitem__(3, "x"), TypeError, "action 3 must be an int"),
        (lambda r: r["actions"].__setitem__(3, True), TypeError, "action 3 must be an int"),
        (lambda r: r.update(actions=r["actions"][:-5]), ValueError, "does not match its replay"),
        (lambda r: r["outcome"].update(scores=[9, 9]), ValueError, "does not match"),
        (lambda r: r["outcome"].pop("draw"), ValueError, "outcome must have"),
        (lambda r: r.update(deck=r["deck"][:-1]), ValueError, "record rummy"),
        (lambda r: r.update(deck="AC"), TypeError, "deck"),
        (lambda r: r["options"].update(players=99), ValueError, "players"),
        (lambda r: r["options"].update(colour=1), ValueError, "unknown option"),
        (lambda r: r.update(source={"seed": 1, "evil": 2}), ValueError, "unknown keys"),
    ],
)
def test_bad_records_are_refused_clearly(change, error, match):
    _, rec = _good()
    change(rec)
    with pytest.raises(error, match=match):
        cardsim.load_record(rec)


def test_a_truncated_file_is_refused(tmp_path):
    _, rec = _good()
    text = json.dumps(rec, indent=1)
    path = tmp_path / "cut.json"
    path.write_text(text[: len(text) // 2])
    with pytest.raises(ValueError, match="truncated"):
        cardsim.load_record(path)
    with pytest.raises(ValueError, match="cannot read record"):
        cardsim.load_record(tmp_path / "missing.json")
    with pytest.raises(TypeError, match="must be a dict"):
        cardsim.load_record([1, 2])


# --- replay_game: game i of a batch, row i of simulate ------------------------------------
def _policies(name: str) -> tuple[str, ...]:
    return cardsim.POLICIES


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_replay_game_matches_simulate_row_for_row(name, options):
    seed, first, n = 99, 300, 6
    for policy in _policies(name):
        r = cardsim.simulate(
            name, games=n, seed=seed, first_game=first, policy=policy, threads=1, **options
        )
        for k in range(n):
            state = cardsim.replay_game(name, seed=seed, index=first + k, policy=policy, **options)
            assert state.is_terminal()
            assert state.scores() == r.scores[k].tolist(), (policy, k)
            assert len(state.history) == r.moves[k], (policy, k)
            assert state.is_truncated() == bool(r.truncated[k])
            assert sum(1 << p for p in state.winners()) == r.winners_mask[k]
            # Its record replays to the same state.
            assert cardsim.load_record(state.record()) == state


def test_replay_game_on_the_reference_backend():
    cpp = cardsim.replay_game("stack_gap", seed=4, index=12, policy="greedy", players=2)
    ref = cardsim.replay_game(
        "stack_gap", seed=4, index=12, policy="greedy", backend="reference", players=2
    )
    assert ref.to_dict() == cpp.to_dict() and ref.history == cpp.history


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"index": -1}, ValueError, "index"),
        ({"index": 2**64}, ValueError, "index"),
        ({"index": 1.5}, TypeError, "index"),
        ({"index": True}, TypeError, "index"),
        ({"seed": "1"}, TypeError, "seed"),
        ({"policy": "smart"}, ValueError, "unknown policy"),
        ({"backend": "gpu"}, ValueError, "unknown backend"),
    ],
)
def test_replay_game_bad_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        cardsim.replay_game("clock", **kwargs)


def test_replay_game_bad_game():
    with pytest.raises(ValueError, match="unknown game"):
        cardsim.replay_game("poker")
    with pytest.raises(TypeError, match="C\\+\\+ game"):
        cardsim.replay_game(cardsim.make("clock", backend="reference"))


def test_the_timed_game_without_its_race_is_refused_clearly():
    g = cardsim.make("racing_demon")
    with pytest.raises(ValueError, match="timed race"):
        g._replay_game(1, 0, ["random"])


# --- trajectories ----------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["rummy", "racing_demon", "code9", "clock"])
def test_trajectory_replays_the_history(name):
    opts = {"move_cap": 300} if name == "racing_demon" else {}
    state = _played(cardsim.make(name, **opts), 5, 120)
    steps = cardsim.trajectory(state)
    assert [s.action for s in steps] == list(state.history)
    replay = state.game.new_game(deck=list(state.deck))
    for s in steps:
        assert s.observation == replay.observation(s.player)
        assert s.action in replay.legal_actions_for(s.player)
        replay.apply_action(s.action)
    assert replay == state
    first = {}
    for s in steps:
        first.setdefault(s.player, s)
    for p, s0 in first.items():
        total = sum(s.reward for s in steps if s.player == p)
        start = state.game.new_game(deck=list(state.deck))
        for a in state.history[: steps.index(s0)]:
            start.apply_action(a)
        assert total == state.scores()[p] - start.scores()[p]


def test_trajectory_of_one_seat_and_as_tensors():
    state = _played(cardsim.make("rummy"), 6, 60)
    mine = cardsim.trajectory(state, player=1, observation="tensor")
    assert mine and all(s.player == 1 for s in mine)
    assert all(
        isinstance(s.observation, np.ndarray) and s.observation.dtype == np.float32 for s in mine
    )
    assert len({s.observation.shape for s in mine}) == 1
    with pytest.raises(ValueError, match="player"):
        cardsim.trajectory(state, player=2)
    with pytest.raises(TypeError, match="player"):
        cardsim.trajectory(state, player="1")
    with pytest.raises(ValueError, match="observation"):
        cardsim.trajectory(state, observation="pixels")
    with pytest.raises(TypeError, match="game state"):
        cardsim.trajectory({"a": 1})


def test_record_of_a_non_state():
    with pytest.raises(TypeError, match="game state"):
        record(42)


@pytest.mark.parametrize("policy", [["pimc:4", "greedy"], ["random", "ismcts:30"]])
def test_a_race_with_search_seats_replays_row_for_row(policy):
    # The C++ race replays it (the Python timed race plays simple policies only):
    # the same scores and number of actions as the batch run's rows, and a
    # history that the reference re-checks action by action.
    seed, first, n = 7, 40, 3
    r = cardsim.simulate(
        "racing_demon", games=n, seed=seed, first_game=first, policy=policy, threads=1, players=2
    )
    for k in range(n):
        state = cardsim.replay_game(
            "racing_demon", seed=seed, index=first + k, policy=policy, players=2
        )
        assert state.is_terminal()
        assert state.scores() == r.scores[k].tolist(), k
        assert len(state.history) == r.moves[k], k
        assert cardsim.load_record(state.record()) == state
        ref = cardsim.load_record(state.record(), backend="reference")
        assert ref.scores() == state.scores() and ref.history == state.history
