"""Observation tensors and resample_hidden, on every registered game and both backends.

- Tensors (a game's exact tensor, and the generic encoding every game also
  has) keep the encoder's fixed shape and bounds all game long, and show
  nothing p cannot see: two deals that p cannot tell apart give p the same
  tensors.
- resample_hidden keeps every card the player has seen where it was (and the
  player's whole observation history), moves only unseen cards, and does move
  them for some seed when at least two distinct cards are unseen.
"""

from __future__ import annotations

import numpy as np
import pytest

import cardsim
from cardsim.envs.resample import hidden_positions, observations_along, resample_hidden, seen_cards
from cardsim.envs.tensor import card_index, encode, encoder_for, generic_encoder
from envs_support import random_steps, toy
from game_configs import all_configs, config_id

CASES = [(n, o, b) for n, o in all_configs() for b in cardsim.BACKENDS]
IDS = [f"{config_id(n, o)}-{b}" for n, o, b in CASES]


def make(name, options, backend):
    return toy() if name == "snap_race" else cardsim.make(name, backend=backend, **options)


ALL = [*CASES, ("snap_race", {}, "reference")]
ALL_IDS = [*IDS, "snap_race-toy"]


def obs_history(game, deck, history, player):
    seen = observations_along(game.new_game(deck=deck), list(history), player)
    assert seen is not None
    return seen


def tensors_along(game, enc, deck, history, player):
    """p's tensors from the deal and after each action of ``history``."""
    state = game.new_game(deck=deck)
    out = [enc.encode_state(state, player)]
    for a in history:
        state.apply_action(a)
        out.append(enc.encode_state(state, player))
    return out


@pytest.mark.parametrize(("name", "options", "backend"), ALL, ids=ALL_IDS)
def test_tensor_shape_is_fixed_and_in_bounds(name, options, backend):
    game = make(name, options, backend)
    seat_keys = game.traits.per_seat_keys
    encoders = [encoder_for(game), generic_encoder(game.name, game.num_players, seat_keys)]
    # A game with an exact tensor gets it; an outside game (the toy) the generic one.
    assert encoders[0].exact == hasattr(game, "observation_tensor_shape")
    rng = np.random.default_rng(0)
    for seed in range(3):
        state = game.new_game(seed=seed)
        for _ in range(40):
            for p in range(game.num_players):
                for enc in encoders:
                    v = enc.encode_state(state, p)
                    assert v.shape == enc.shape and v.dtype == np.float32
                    assert np.all(np.isfinite(v))
                    assert np.all(v >= enc.low) and np.all(v <= enc.high)
            if state.is_terminal():
                break
            random_steps(state, rng, int(rng.integers(1, 6)))


@pytest.mark.parametrize(("name", "options", "backend"), ALL, ids=ALL_IDS)
def test_tensor_shows_no_hidden_card(name, options, backend):
    """A redeal of what p has not seen leaves every tensor p ever got unchanged."""
    game = make(name, options, backend)
    seat_keys = game.traits.per_seat_keys
    encoders = [encoder_for(game), generic_encoder(game.name, game.num_players, seat_keys)]
    rng = np.random.default_rng(1)
    for seed in range(4):
        state = random_steps(game.new_game(seed=seed), rng, 25)
        for p in range(game.num_players):
            other = resample_hidden(state, p, rng)
            for enc in encoders:
                a = tensors_along(game, enc, state.deck, state.history, p)
                b = tensors_along(game, enc, other.deck, other.history, p)
                for x, y in zip(a, b, strict=True):
                    assert np.array_equal(x, y)


@pytest.mark.parametrize(("name", "options", "backend"), ALL, ids=ALL_IDS)
def test_resample_hidden_keeps_what_was_seen(name, options, backend):
    game = make(name, options, backend)
    rng = np.random.default_rng(2)
    changed = 0
    could_change = 0
    for seed in range(8):
        state = random_steps(game.new_game(seed=seed), rng, int(rng.integers(0, 30)))
        before = (list(state.deck), list(state.history), state.to_dict())
        for p in range(game.num_players):
            seen = seen_cards(state, p)
            hidden = hidden_positions(state, p)
            # The generic redeal (a redealt deck); the C++ states' own method
            # redeals in place and has no deck (tests/test_resample_core.py).
            other = (
                state.resample_hidden(p, rng)
                if backend == "reference"
                else resample_hidden(state, p, rng)
            )
            assert (list(state.deck), list(state.history), state.to_dict()) == before
            assert list(other.history) == list(state.history)
            assert sorted(other.deck) == sorted(state.deck)
            for i, card in enumerate(state.deck):
                if card in seen:
                    assert other.deck[i] == card, f"seen card {card} moved"
                else:
                    assert i in hidden
            assert obs_history(game, other.deck, other.history, p) == obs_history(
                game, state.deck, state.history, p
            )
            if len({state.deck[i] for i in hidden}) >= 2:
                could_change += 1
                changed += list(other.deck) != list(state.deck)
    if could_change:
        assert changed > 0, "resample_hidden never redealt anything"


def test_resample_hidden_seeds_and_player_range(backend):
    state = cardsim.make("clock", backend=backend).new_game(seed=3)
    state.apply_action(0)
    assert resample_hidden(state, 0, 7).deck == resample_hidden(state, 0, 7).deck
    with pytest.raises(ValueError):
        resample_hidden(state, 1, 0)


def test_clock_duel_exact_layout():
    """The offsets of docs/rules/clock.md, "Observation tensor", on a real deal."""
    game = cardsim.make("clock_duel")
    enc = encoder_for(game)
    assert enc.exact and enc.shape == (167,)
    state = game.new_game(seed=5)
    v = enc.encode_state(state, 1)
    assert v[0:2].tolist() == [0, 1]  # seat 1 observes
    assert v[2:4].tolist() == [0, 1]  # seat 0 moves first: one seat after the observer
    assert v[4] == 0  # not over
    for k in range(2):
        block = 5 + 81 * k
        assert np.all(v[block : block + 53] == 0)  # nothing face up yet
        assert np.all(v[block + 53 : block + 66] == 1.0)  # 4 face-down cards on each pile
        assert v[block + 66 + 12] == 1.0  # play starts at the centre, pile 13
    state.apply_action(0)
    turned = state.observation(0)["players"][0]["face_up"]
    card = next(c for pile in turned for c in pile)
    mine, theirs = enc.encode_state(state, 0), enc.encode_state(state, 1)
    assert mine[5 + card_index(card)] == 0.25  # first on its pile; the observer's block first
    assert theirs[5 + 81 + card_index(card)] == 0.25
    assert mine[5 + 79] == 1 / 52  # seat 0 turned one card
    # The generic encoder still reads the dict, for games registered from outside.
    g = encode("clock_duel", state.observation(0), num_players=2, player=0)
    assert g.shape == generic_encoder("clock_duel", 2).shape
