"""The batch runner's random policy, replayed move by move in pure Python.

Game i of a run is dealt from GameRng.for_game(seed, i) and, under the random
policy, each move with k > 1 legal actions takes legal[below(k)] from the same
stream (a forced move draws nothing). Replaying that on the reference must give
the runner's scores, winner and move count exactly, for every game.
"""

from __future__ import annotations

import pytest

import cardsim
from cardsim import reference
from cardsim.reference.rng import GameRng
from game_configs import all_configs, config_id

# Games whose runner times the players itself (traits.timed) schedule moves differently.
CONFIGS = [(n, o) for n, o in all_configs() if not cardsim.make(n, **o).traits.timed]


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[config_id(*c) for c in CONFIGS])
def test_random_policy_replays_exactly(name, options):
    seed, first, n = 2026, 500, 12
    r = cardsim.simulate(name, games=n, seed=seed, first_game=first, policy="random", **options)
    game = reference.make(name, **options)
    for k in range(n):
        rng = GameRng.for_game(seed, first + k)
        state = game.deal(game.random_deck(rng))
        moves = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[0] if len(legal) == 1 else legal[rng.below(len(legal))])
            moves += 1
        assert r.scores[k].tolist() == state.scores(), f"game {first + k}"
        assert r.moves[k] == moves
        assert bool(r.truncated[k]) == state.is_truncated()
        winners = state.winners()
        assert r.winners_mask[k] == sum(1 << p for p in winners)
        expected = -2 if state.is_draw() else (winners[0] if winners else -1)
        assert r.winner[k] == expected


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[config_id(*c) for c in CONFIGS])
def test_replay_game_records_the_runners_actions(name, options):
    """cardsim.replay_game (the C++ runner's own loop, recording) plays exactly the
    actions the Python replay of the stream above chooses, on the reference too."""
    seed, first = 2026, 40
    game = reference.make(name, **options)
    for k in range(3):
        rng = GameRng.for_game(seed, first + k)
        deck = game.random_deck(rng)
        state = game.new_game(deck=deck)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[0] if len(legal) == 1 else legal[rng.below(len(legal))])
        cpp = cardsim.replay_game(name, seed=seed, index=first + k, **options)
        assert cpp.history == state.history
        assert list(cpp.deck) == deck
        assert cpp.to_dict() == state.to_dict()
