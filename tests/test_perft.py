"""perft: the C++ count equals the reference's, matches the published tables, and
refuses bad input."""

from __future__ import annotations

import numpy as np
import pytest

import cardsim
from cardsim.testing import PerftCounts, perft, perft_from
from game_configs import all_configs, config_id

#: Lines the reference counts in a test, at most: the depth is the deepest below it.
_REFERENCE_LINES = 150


def _depth_for(name: str, opts: dict) -> int:
    depth = 1
    while depth < 4 and perft(name, depth + 1, seed=3, **opts).total <= _REFERENCE_LINES:
        depth += 1
    return depth


@pytest.mark.parametrize(
    ("name", "opts"), all_configs(), ids=[config_id(n, o) for n, o in all_configs()]
)
def test_both_backends_count_alike(name, opts):
    depth = _depth_for(name, opts)
    for d in range(depth + 1):
        assert perft(name, d, seed=3, **opts) == perft(
            name, d, seed=3, backend="reference", **opts
        ), f"depth {d}"


# A handful of the tables in docs/testing.md ("perft"), all from seed 0.
PUBLISHED = [
    ("clock", {}, 52, PerftCounts(0, 1, 0)),
    ("stack_gap", {}, 5, PerftCounts(72, 162, 0)),
    ("stack_gap", {}, 7, PerftCounts(0, 378, 0)),
    ("rummy", {}, 5, PerftCounts(1814, 0, 0)),
    ("rummy", {}, 8, PerftCounts(222219, 0, 0)),
    ("racing_demon", {}, 5, PerftCounts(9668, 0, 0)),
    ("racing_demon", {"move_cap": 3}, 4, PerftCounts(0, 0, 286)),
    ("code9", {}, 5, PerftCounts(146786, 0, 0)),
]


@pytest.mark.parametrize(
    ("name", "opts", "depth", "expected"),
    PUBLISHED,
    ids=[f"{config_id(p[0], p[1])}-{p[2]}" for p in PUBLISHED],
)
def test_published_counts(name, opts, depth, expected):
    assert perft(name, depth, seed=0, **opts) == expected
    if expected.total <= 2000:
        assert perft(name, depth, seed=0, backend="reference", **opts) == expected


def test_lines_that_end_early_are_leaves_at_their_depth():
    # Stack Gap from seed 0: every line has ended by depth 7, so deeper depths
    # count the same games.
    assert perft("stack_gap", 7, seed=0) == perft("stack_gap", 30, seed=0)
    # A move cap of 3 ends every Racing Demon line after its third action.
    three = perft("racing_demon", 3, seed=0)
    assert perft("racing_demon", 5, seed=0, move_cap=3) == PerftCounts(0, 0, three.total)


def test_depth_0_and_1():
    state = cardsim.make("rummy").new_game(seed=0)
    assert perft("rummy", 0, seed=0) == PerftCounts(1, 0, 0)
    assert perft("rummy", 1, seed=0).total == len(state.legal_actions())


def test_simultaneous_play_branches_on_every_seats_action():
    state = cardsim.make("racing_demon").new_game(seed=0)
    assert state.current_player() == cardsim.SIMULTANEOUS
    assert perft("racing_demon", 1, seed=0).total == len(state.legal_actions())
    actors = {state.action_to_string(a).split()[0] for a in state.legal_actions()}
    assert len(actors) == 4


def test_a_deck_deals_as_its_seed_does():
    deck = cardsim.make("code9").new_game(seed=5).deck
    assert perft("code9", 3, deck=deck) == perft("code9", 3, seed=5)


def test_a_depth_past_every_game_is_the_complete_games():
    assert perft("clock", 10**30, seed=0) == PerftCounts(0, 1, 0)


def test_perft_from_any_state_leaves_it_unchanged():
    state = cardsim.make("the_wall", backend="reference").new_game(seed=0)
    before = state.to_dict()
    assert perft_from(state, 2) == perft("the_wall", 2, seed=0)
    assert state.to_dict() == before


def test_the_core_counts_a_copy():
    state = cardsim.make("rummy").new_game(seed=0)
    assert state._perft(3) == tuple(perft("rummy", 3, seed=0))
    assert state.history == []


@pytest.mark.parametrize("backend", cardsim.BACKENDS)
def test_bad_input(backend):
    with pytest.raises(ValueError, match="depth must be >= 0, got -1"):
        perft("rummy", -1, seed=0, backend=backend)
    for bad in (True, 1.0, "2", None):
        with pytest.raises(TypeError, match="depth must be an int"):
            perft("rummy", bad, seed=0, backend=backend)
    assert perft("rummy", np.int64(1), seed=0, backend=backend).total == 2
    with pytest.raises(ValueError, match="unknown game"):
        perft("chess", 1, seed=0, backend=backend)
    with pytest.raises(ValueError, match="unknown option"):
        perft("rummy", 1, seed=0, backend=backend, colour=2)
    with pytest.raises(ValueError, match="give seed= or deck="):
        perft("rummy", 1, backend=backend)
    with pytest.raises(ValueError, match="give seed= or deck="):
        perft("rummy", 1, seed=0, deck=["AH"], backend=backend)
