"""Every registry of games is found, not listed, and they all agree: the core's
registrars, the reference modules, the drawings, the timed races, the solvers, the
test configurations and the golden files name the same games."""

from __future__ import annotations

import pytest

import cardsim
from cardsim import _core, reference, render
from cardsim.solver import DEFAULT_NODE_LIMITS
from cardsim.testing.playthroughs import playthrough_games
from game_configs import CONFIGS

CORE = sorted(_core.games())


def test_the_core_has_every_game():
    # Registrars add themselves, and cardsim.games() is what they declared: nothing
    # here lists the games, so a new one needs no edit in this file.
    infos = cardsim.games()
    assert [g.name for g in infos] == CORE
    for g in infos:
        assert g.description and g.num_actions > 0, g.name
        assert 1 <= g.min_players <= g.num_players <= g.max_players, g.name
        assert cardsim.make(g.name).name == g.name


def test_reference_drawings_and_configs_agree_with_the_core():
    assert sorted(reference.GAMES) == CORE
    assert sorted(render.GAMES) == CORE
    assert sorted(CONFIGS) == CORE
    assert sorted(playthrough_games()) == CORE


def test_each_reference_class_serves_its_own_name():
    for name, cls in reference.GAMES.items():
        assert cls.name == name
        assert cardsim.make(name, backend="reference").name == name


def test_timed_races_are_the_timed_games():
    timed = sorted(n for n in CORE if cardsim.make(n).traits.timed)
    assert sorted(reference.PLAY_TIMED) == timed


@pytest.mark.parametrize("name", CORE)
def test_solvers_are_the_solvable_games(name):
    # A game with a default node limit is solved; any other is refused by name.
    state = cardsim.make(name).new_game(seed=1)
    if name in DEFAULT_NODE_LIMITS:
        assert cardsim.solve(state, node_limit=1_000).outcome in ("win", "loss", "unknown")
    else:
        with pytest.raises(ValueError, match=f"no solver for {name}"):
            cardsim.solve(state, node_limit=1_000)
