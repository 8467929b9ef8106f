"""Observation tensors and resample_hidden, on every registered game and both backends.

- Tensors have the encoder's fixed shape and bounds all game long, and read
  nothing but observation(p): two deals that p cannot tell apart give p the
  same tensors.
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


@pytest.mark.parametrize(("name", "options", "backend"), ALL, ids=ALL_IDS)
def test_tensor_shape_is_fixed_and_in_bounds(name, options, backend):
    game = make(name, options, backend)
    seat_keys = game.traits.per_seat_keys
    encoders = [encoder_for(game), generic_encoder(game.name, game.num_players, seat_keys)]
    rng = np.random.default_rng(0)
    for seed in range(3):
        state = game.new_game(seed=seed)
        for _ in range(40):
            for p in range(game.num_players):
                obs = state.observation(p)
                for enc in encoders:
                    v = enc.encode(obs, p)
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
    enc = encoder_for(game)
    rng = np.random.default_rng(1)
    for seed in range(4):
        state = random_steps(game.new_game(seed=seed), rng, 25)
        for p in range(game.num_players):
            other = resample_hidden(state, p, rng)
            a = obs_history(game, state.deck, state.history, p)
            b = obs_history(game, other.deck, other.history, p)
            for x, y in zip(a, b, strict=True):
                assert np.array_equal(enc.encode(x, p), enc.encode(y, p))


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
            other = state.resample_hidden(p, rng)  # the method form, on both backends
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


@pytest.mark.parametrize("backend", cardsim.BACKENDS)
def test_resample_hidden_seeds_and_player_range(backend):
    state = cardsim.make("clock", backend=backend).new_game(seed=3)
    state.apply_action(0)
    assert resample_hidden(state, 0, 7).deck == resample_hidden(state, 0, 7).deck
    with pytest.raises(ValueError):
        resample_hidden(state, 1, 0)


def test_clock_encoder_layout():
    game = cardsim.make("clock_duel")
    state = game.new_game(seed=5)
    v = encode("clock_duel", state.observation(1), num_players=2, player=1)
    assert v.shape == (2 + 2 * 80,)
    assert v[0] == 0 and v[1] == 0  # seat 0 moves first; not over
    assert np.all(v[2 + 52 : 2 + 65] == 1.0)  # 4 face-down cards on each of 13 piles
    assert v[2 + 65 + 12] == 1.0  # play starts at the centre, pile 13
    state.apply_action(0)
    turned = state.observation(0)["players"][0]["face_up"]
    card = next(c for pile in turned for c in pile)
    mine = encode("clock_duel", state.observation(0), num_players=2, player=0)
    theirs = encode("clock_duel", state.observation(1), num_players=2, player=1)
    assert mine[2 + card_index(card)] == 1.0  # the observer's own block comes first
    assert theirs[2 + 80 + card_index(card)] == 1.0
