"""Unseeded deals are reproducible: new_game() draws a fresh seed and records it."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

import cardsim
from game_configs import CONFIGS

NAMES = sorted(CONFIGS)


@pytest.mark.parametrize("name", NAMES)
def test_unseeded_game_records_a_seed_that_deals_it_again(name, backend):
    game = cardsim.make(name, backend=backend)
    state = game.new_game()
    seed = state.seed
    assert isinstance(seed, int) and 0 <= seed < 2**64
    assert state.to_dict()["seed"] == seed
    json.dumps(state.to_dict())  # still JSON-safe
    again = game.new_game(seed=seed)
    assert again.deck == state.deck
    assert again == state and again.seed == seed


def test_fresh_seeds_differ(backend):
    game = cardsim.make("clock", backend=backend)
    assert len({game.new_game().seed for _ in range(8)}) == 8


def test_seeded_and_dealt_games_record_their_seed(backend):
    game = cardsim.make("clock_duel", backend=backend)
    seeded = game.new_game(seed=2**64 - 1)
    assert seeded.seed == 2**64 - 1 and seeded.to_dict()["seed"] == 2**64 - 1
    dealt = game.new_game(deck=seeded.deck)
    assert dealt.seed is None and dealt.to_dict()["seed"] is None
    assert dealt == seeded  # equality is about the position, not how it was dealt


def test_copies_and_pickles_keep_the_seed(backend):
    state = cardsim.make("rummy", backend=backend).new_game()
    state.apply_action(state.legal_actions()[0])
    for copied in (
        pickle.loads(pickle.dumps(state)),
        copy.deepcopy(state),
        copy.copy(state),
        state.clone(),
    ):
        assert copied.seed == state.seed
        assert copied.to_dict() == state.to_dict()
    dealt = cardsim.make("rummy", backend=backend).new_game(deck=state.deck)
    assert pickle.loads(pickle.dumps(dealt)).seed is None


def test_observation_never_reveals_the_seed():
    for backend in cardsim.BACKENDS:
        state = cardsim.make("code9", backend=backend).new_game(seed=5)
        assert "seed" not in state.observation(0)
