"""The state contract, checked generically on every registered game and both backends.

A new game gets these checks by being registered and listed in game_configs.py.
"""

from __future__ import annotations

import copy
import json
import pickle

import numpy as np
import pytest

import cardsim
from cardsim import reference
from game_configs import CONFIGS, all_configs, config_id

CASES = [(n, o, b) for n, o in all_configs() for b in cardsim.BACKENDS]
IDS = [f"{config_id(n, o)}-{b}" for n, o, b in CASES]


def test_every_game_has_both_backends_and_configs():
    names = {g.name for g in cardsim.games()}
    assert names == set(reference.GAMES), "C++ and reference registries differ"
    assert names == set(CONFIGS), "every game needs option combinations in game_configs.py"


def test_option_specs_agree_between_backends():
    """Names, order, defaults, ranges, choices and descriptions, option by option."""
    for info in cardsim.games():
        ref = reference.GAMES[info.name]
        assert [o["name"] for o in info.options] == [o.name for o in ref.option_specs]
        for o, r in zip(info.options, ref.option_specs, strict=True):
            where = (info.name, o["name"])
            assert o["default"] == r.default and type(o["default"]) is type(r.default), where
            assert o.get("range") == (tuple(r.range) if r.range else None), where
            assert tuple(o.get("choices", ())) == tuple(r.choices or ()), where
            assert o["doc"] == r.doc, where
        assert cardsim.make(info.name).options == cardsim.make(info.name, "reference").options


def playout(state, seed: int, limit: int = 100_000) -> list:
    """Random legal play; returns the states seen (clones) for later checks."""
    rng = np.random.default_rng(seed)
    seen = [state.clone()]
    for _ in range(limit):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[rng.integers(len(legal))])
        if len(seen) < 50:
            seen.append(state.clone())
    return seen


@pytest.mark.parametrize(("name", "options", "backend"), CASES, ids=IDS)
def test_contract(name, options, backend):
    game = cardsim.make(name, backend=backend, **options)
    assert game.name == name
    assert game == cardsim.make(name, backend=backend, **options)
    assert pickle.loads(pickle.dumps(game)) == game
    for seed in (0, 1, 2**64 - 1):
        state = game.new_game(seed=seed)
        assert state == game.new_game(seed=seed), "same seed, same deal"
        assert json.loads(json.dumps(state.to_dict())) == state.to_dict()
        for s in playout(state, seed):
            c = s.clone()
            assert c == s and c is not s
            assert copy.deepcopy(s) == s
            assert pickle.loads(pickle.dumps(s)) == s
            legal = s.legal_actions()
            assert legal == sorted(set(legal))
            mask = s.legal_action_mask()
            assert mask.dtype == bool and mask.shape == (game.num_actions,)
            assert list(np.flatnonzero(mask)) == legal
            for a in legal:
                assert s.string_to_action(s.action_to_string(a)) == a
            json.dumps(s.to_dict())
            for p in range(game.num_players):
                json.dumps(s.observation(p))
            assert isinstance(str(s), str) and str(s)
            assert len(s.scores()) == game.num_players
        assert state.is_terminal()
        assert state.legal_actions() == []
        assert not state.legal_action_mask().any()
        assert state.current_player() == cardsim.TERMINAL
        assert not (state.winners() and state.is_draw())


@pytest.mark.parametrize(("name", "options", "backend"), CASES, ids=IDS)
def test_clone_is_independent(name, options, backend):
    state = cardsim.make(name, backend=backend, **options).new_game(seed=5)
    before = state.to_dict()
    copy_ = state.clone()
    copy_.apply_action(copy_.legal_actions()[0])
    assert state.to_dict() == before
    assert copy_ != state


def test_reference_reprs_name_the_game_and_the_moves_made():
    game = cardsim.make("clock", backend="reference")
    assert repr(game) == "<cardsim reference game clock>"
    assert hash(game) == hash(cardsim.make("clock", backend="reference"))
    state = game.new_game(seed=2)
    assert repr(state) == "<clock reference state, 0 actions>"
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert repr(state) == f"<clock reference state, {len(state.history)} actions, terminal>"
