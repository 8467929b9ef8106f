"""Bad input gets a clear ValueError or TypeError on both backends and harms nothing."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest

import cardsim
from cardsim import _core
from cardsim.reference.cards import full_pack
from game_configs import all_configs, config_id

CASES = [(n, o, b) for n, o in all_configs() for b in cardsim.BACKENDS]
IDS = [f"{config_id(n, o)}-{b}" for n, o, b in CASES]


def test_unknown_game(backend):
    with pytest.raises(ValueError, match="unknown game 'poker'"):
        cardsim.make("poker", backend=backend)
    with pytest.raises(TypeError):
        cardsim.make(3, backend=backend)


def test_unknown_backend():
    with pytest.raises(ValueError, match="unknown backend 'java'"):
        cardsim.make("clock", backend="java")


def test_unknown_option(backend):
    with pytest.raises(ValueError, match="unknown option 'speed'"):
        cardsim.make("clock", backend=backend, speed=3)


@pytest.mark.parametrize(
    ("deck", "error", "text"),
    [
        (full_pack()[:51], ValueError, "52 cards, got 51"),
        (full_pack() + ["AS"], ValueError, "52 cards, got 53"),
        (full_pack()[:51] + ["AS"], ValueError, "AS 2 times"),
        (full_pack()[:51] + ["XX"], ValueError, "unknown card 'XX'"),
        (full_pack()[:51] + ["JK"], ValueError, "does not use JK"),
        (full_pack()[:51] + [7], TypeError, "must be a str"),
        ("AS 2S", TypeError, "list of card strings"),
        (52, TypeError, "list of card strings"),
    ],
)
def test_bad_decks(backend, deck, error, text):
    with pytest.raises(error, match=text):
        cardsim.make("clock", backend=backend).new_game(deck=deck)


def test_duel_packs_are_checked_one_by_one(backend):
    game = cardsim.make("clock_duel", backend=backend)
    with pytest.raises(ValueError, match="104 cards"):
        game.new_game(deck=full_pack())
    mixed = full_pack()[:51] + ["AC"] + full_pack()  # AC twice, KS missing, in pack 0
    with pytest.raises(ValueError, match="player 0's pack"):
        game.new_game(deck=mixed)


def test_card_text_forms(backend):
    deck = [c.replace("T", "10").lower() for c in full_pack()]
    game = cardsim.make("clock", backend=backend)
    assert game.new_game(deck=deck).to_dict() == game.new_game(deck=full_pack()).to_dict()


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"seed": -1}, ValueError),
        ({"seed": 2**64}, ValueError),
        ({"seed": 1.5}, TypeError),
        ({"seed": "7"}, TypeError),
        ({"seed": True}, TypeError),
        ({"seed": 1, "deck": full_pack()}, ValueError),
    ],
)
def test_bad_seeds(backend, kwargs, error):
    with pytest.raises(error):
        cardsim.make("clock", backend=backend).new_game(**kwargs)


# One case per error path of the shared action check (bind_game.hpp / convert.hpp in
# C++, ReferenceState.check_action in the reference). Every game goes through the
# same check, so one game stands for all; the one-past-the-end id is per game.
@pytest.mark.parametrize(
    ("action", "error", "text"),
    [
        pytest.param(-1, cardsim.IllegalActionError, "out of range", id="negative"),
        pytest.param("num_actions", cardsim.IllegalActionError, "out of range", id="past-the-end"),
        # Wider than any C++ integer, both ways: the conversion clamps, then refuses.
        pytest.param(2**70, cardsim.IllegalActionError, "out of range", id="huge"),
        pytest.param(-(2**70), cardsim.IllegalActionError, "out of range", id="huge-negative"),
        pytest.param(1.0, TypeError, "must be an int", id="float"),
        pytest.param("0", TypeError, "must be an int", id="str"),
        # A bool is an int to Python, but never an action id; numpy's bool is checked apart.
        pytest.param(True, TypeError, "must be an int", id="bool"),
        pytest.param(np.bool_(True), TypeError, "must be an int", id="numpy-bool"),
    ],
)
def test_bad_actions_change_nothing(backend, action, error, text):
    state = cardsim.make("hole_in_the_wall", backend=backend, players=3).new_game(seed=3)
    if isinstance(action, str) and action == "num_actions":
        action = state.game.num_actions
    before = json.dumps(state.to_dict())
    with pytest.raises(error, match=text):
        state.apply_action(action)
    assert json.dumps(state.to_dict()) == before
    assert issubclass(cardsim.IllegalActionError, ValueError)


# Each game has its own legality check (why_illegal), so this one runs per configuration:
# an in-range id that is not legal now, and the one-past-the-end id of that configuration.
@pytest.mark.parametrize(("name", "options", "backend"), CASES, ids=IDS)
def test_illegal_actions_change_nothing(name, options, backend):
    state = cardsim.make(name, backend=backend, **options).new_game(seed=3)
    for _ in range(5):  # a few moves in, past any deal-time special case
        if not state.is_terminal():
            state.apply_action(state.legal_actions()[-1])
    if len(state.legal_actions()) == state.game.num_actions:
        # Every id is legal now (Clock has a single action): at the end none is.
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
    legal = set(state.legal_actions())
    illegal = next(a for a in range(state.game.num_actions) if a not in legal)
    before = json.dumps(state.to_dict())
    with pytest.raises(cardsim.IllegalActionError, match=f"illegal action {illegal}: .+"):
        state.apply_action(illegal)
    with pytest.raises(cardsim.IllegalActionError, match="out of range"):
        state.apply_action(state.game.num_actions)
    assert json.dumps(state.to_dict()) == before


@pytest.mark.parametrize(("name", "options", "backend"), CASES, ids=IDS)
def test_numpy_int_actions_work(name, options, backend):
    state = cardsim.make(name, backend=backend, **options).new_game(seed=3)
    state.apply_action(np.int64(state.legal_actions()[0]))
    assert len(state.history) == 1


@pytest.mark.parametrize(("name", "options", "backend"), CASES, ids=IDS)
def test_bad_text_and_players(name, options, backend):
    state = cardsim.make(name, backend=backend, **options).new_game(seed=3)
    with pytest.raises(ValueError):
        state.string_to_action("fly to the moon")
    with pytest.raises(TypeError):
        state.string_to_action(5)
    with pytest.raises(ValueError):
        state.observation(state.num_players)
    with pytest.raises(TypeError):
        state.observation("0")
    with pytest.raises((ValueError, cardsim.IllegalActionError)):
        state.action_to_string(-1)


def test_corrupted_pickles_raise_clearly():
    state = cardsim.make("clock").new_game(seed=3)
    for bad in [
        ("clock", {}, ["AS"], []),
        ("clock", {}, full_pack(), [5]),
        ("clock", {}, full_pack(), ["x"]),
        ("poker", {}, full_pack(), []),
        ("clock", {"x": 1}, full_pack(), []),
        ("clock",),
    ]:
        # States pickle through this constructor; it re-checks every field.
        with pytest.raises((ValueError, TypeError)):
            _core._restore_state(bad)
    data = pickle.dumps(state)
    with pytest.raises(Exception):  # noqa: B017 - truncation is pickle's own error
        pickle.loads(data[: len(data) // 2])


def test_simulate_bad_arguments():
    with pytest.raises(ValueError, match="unknown game"):
        cardsim.simulate("poker", games=10)
    with pytest.raises(ValueError, match="unknown policy"):
        cardsim.simulate("clock", games=10, policy="clever")
    with pytest.raises(ValueError):
        cardsim.simulate("clock", games=-1)
    with pytest.raises(TypeError):
        cardsim.simulate("clock", games=1.5)
    with pytest.raises(ValueError):
        cardsim.simulate("clock", games=10, threads=0)
    with pytest.raises(ValueError, match="unknown option"):
        cardsim.simulate("clock", games=10, speed=2)
    with pytest.raises(TypeError):
        cardsim.simulate(cardsim.make("clock", backend="reference"), games=10)


def test_core_messages_keep_every_byte():
    # A C string ends at a NUL: the message once stopped at "unknown game 'rummy".
    with pytest.raises(ValueError) as e:
        cardsim.make("rummy\x00junk\x1b[2J")
    assert str(e.value).startswith("unknown game 'rummy\\x00junk\\x1b[2J' (known: ")
    with pytest.raises(ValueError, match=r"deck position 0: unknown card 'A\\x00S'"):
        cardsim.make("clock").new_game(deck=["A\x00S"] + ["2S"] * 51)
    with pytest.raises(ValueError, match=r"unknown card 'A\\x9b1m'"):
        cardsim.make("clock").new_game(deck=["A\x9b1m"] + ["2S"] * 51)
