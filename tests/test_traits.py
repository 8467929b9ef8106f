"""``game.traits``: both backends declare the same, and what they declare is true.

Adapters trust the traits instead of probing games, so each trait is checked
here against the game's behaviour on every configuration of game_configs.py, on
both backends: the reference reads its traits from the game's declaration in the
core rather than stating them, so its own play is what keeps them honest there.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import cardsim
from cardsim.contract.traits import GameTraits
from game_configs import all_configs, config_id

CONFIGS = all_configs()
IDS = [config_id(n, o) for n, o in CONFIGS]


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_backends_declare_the_same_traits(name, options):
    core = cardsim.make(name, **options).traits
    ref = cardsim.make(name, backend="reference", **options).traits
    assert isinstance(core, GameTraits) and isinstance(ref, GameTraits)
    assert dataclasses.asdict(core) == dataclasses.asdict(ref)


def test_defaults_agree_too():
    for info in cardsim.games():
        assert cardsim.make(info.name).traits == cardsim.make(info.name, "reference").traits


def _segments(game, deck):
    n = game.num_players if game.traits.deal == "per_seat_packs" else 1
    size = len(deck) // n
    return [deck[s * size : (s + 1) * size] for s in range(n)]


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_deal_layout_is_true(name, options, backend):
    game = cardsim.make(name, backend=backend, **options)
    deal = game.traits.deal
    decks = [list(game.new_game(seed=s).deck) for s in range(4)]
    rng = np.random.default_rng(0)
    if deal == "seeded_only":
        # Some seeded deck is not a shuffle of the others' multiset, or a shuffle
        # of a seeded deck is refused.
        differ = any(sorted(d) != sorted(decks[0]) for d in decks[1:])
        if not differ:
            with pytest.raises(ValueError):
                game.new_game(deck=rng.permutation(decks[0]).tolist())
        return
    # Each segment of every seeded deck holds the same multiset, and any
    # shuffle within segments deals.
    want = [sorted(seg) for seg in _segments(game, decks[0])]
    for d in decks[1:]:
        assert [sorted(seg) for seg in _segments(game, d)] == want
    shuffled = [c for seg in _segments(game, decks[0]) for c in rng.permutation(seg).tolist()]
    game.new_game(deck=shuffled)
    if deal == "per_seat_packs":
        assert len(decks[0]) % game.num_players == 0 and len(want[0]) == 52
    if deal == "per_seat_packs" and game.num_players > 1:
        # Moving a card from one pack to another is refused.
        d = list(decks[0])
        size = len(d) // game.num_players
        j = next(k for k in range(size, len(d)) if d[k] != d[0])
        d[0], d[j] = d[j], d[0]
        with pytest.raises(ValueError):
            game.new_game(deck=d)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_dynamics_timed_and_observation_keys_are_true(name, options, backend):
    game = cardsim.make(name, backend=backend, **options)
    t = game.traits
    state = game.new_game(seed=3)
    assert (state.current_player() == cardsim.SIMULTANEOUS) == t.simultaneous
    # Only a simultaneous game can race its players.
    assert not t.timed or t.simultaneous
    for p in range(game.num_players):
        obs = state.observation(p)
        for key in t.per_seat_keys:
            assert key in obs, f"{name}: per-seat key {key!r} missing from the observation"
            assert isinstance(obs[key], list) and len(obs[key]) == game.num_players


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_max_decisions_bounds_random_play(name, options):
    game = cardsim.make(name, **options)
    bound = game.traits.max_decisions
    # A full random game in C++ (the batch runner counts every action).
    result = cardsim.simulate(game, games=20, seed=5, threads=1)
    assert int(result.moves.max()) <= bound
    if game.traits.match:
        assert game.traits.max_decisions > game.options["move_cap"]


def test_max_decisions_follows_the_move_cap():
    for info in cardsim.games():
        if any(o["name"] == "move_cap" for o in info.options):
            small = cardsim.make(info.name, move_cap=7).traits.max_decisions
            large = cardsim.make(info.name, move_cap=70).traits.max_decisions
            assert small * 10 == large, info.name


def test_traits_reject_bad_values():
    fields = {
        "dynamics": "sequential",
        "deal": "one_multiset",
        "max_decisions": 5,
        "per_seat_keys": (),
        "timed": False,
        "match": False,
    }
    GameTraits(**fields)
    for key, bad in (("dynamics", "turns"), ("deal", "two"), ("max_decisions", 0)):
        with pytest.raises(ValueError, match=key):
            GameTraits(**{**fields, key: bad})
