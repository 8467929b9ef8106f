"""The C++ core against the pure-Python reference, in lockstep, for every game.

The public toolkit drives it: ``cardsim.testing.check_lockstep`` with the reference
backend as the candidate. At every step both must agree on whose turn it is, the legal
actions and the mask, the full state (to_dict), every player's observation and, for a
game with an exact observation tensor, every player's tensor, scores, winners, draw,
terminal and truncated flags, and action strings both ways; an illegal action must
raise IllegalActionError on both and change neither. Seeded deals must deal the same
deck on both.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardsim
from cardsim import testing as ct
from game_configs import STEP_LIMIT, all_configs, config_id

CONFIGS = all_configs()
IDS = [config_id(n, o) for n, o in CONFIGS]

# Each example plays a whole game, checked at every step: the suite's costliest
# test, so it runs 5/8 of the profile's count (25 in CI).
LOCKSTEP_EXAMPLES = max(1, settings.default.max_examples * 5 // 8)
#: Without a step limit the lines run to the end of the game (none is this long).
MAX_LEN = STEP_LIMIT or 100_000


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_lockstep(name, options):
    report = ct.check_lockstep(
        lambda **opts: cardsim.make(name, backend="reference", **opts),
        name,
        options=options,
        examples=LOCKSTEP_EXAMPLES,
        max_len=MAX_LEN,
        illegal_rate=0.25,
        deal="seed",
        actions="ids",
        illegal_error=cardsim.IllegalActionError,
        # A derandomized profile (CI) repeats the same lines; others draw new ones.
        seed=0 if settings.default.derandomize else None,
    )
    wanted = {"current_player", "legal_actions", "legal_action_mask", "to_dict", "observation"}
    wanted |= {"scores", "winners", "is_draw", "is_terminal", "is_truncated", "illegal actions"}
    wanted |= {"action_to_string", "string_to_action"}
    if hasattr(cardsim.make(name, **options), "observation_tensor_shape"):
        wanted.add("observation_tensor")
    assert wanted <= report.compared


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
@given(seed=st.integers(0, 2**64 - 1))
def test_explicit_deck_matches_seeded_deal(name, options, seed):
    for backend in cardsim.BACKENDS:
        game = cardsim.make(name, backend=backend, **options)
        seeded = game.new_game(seed=seed)
        explicit = game.new_game(deck=seeded.deck)
        assert explicit == seeded
        assert (seeded.seed, explicit.seed) == (seed, None)
        assert explicit.to_dict() == {**seeded.to_dict(), "seed": None}
