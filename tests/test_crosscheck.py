"""The C++ core against the pure-Python reference, in lockstep, for every game.

At every step both must agree on: whose turn it is, the legal actions and the
mask, the full state (to_dict), every player's observation, scores, winners,
draw, terminal and truncated flags, action strings and, for a game with an
exact observation tensor, every player's tensor; and an illegal action
must raise IllegalActionError on both and change neither.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardsim
from game_configs import STEP_LIMIT, all_configs, config_id

CONFIGS = all_configs()
IDS = [config_id(n, o) for n, o in CONFIGS]


def assert_same(cpp, ref, where: str) -> None:
    assert cpp.current_player() == ref.current_player(), where
    assert cpp.legal_actions() == ref.legal_actions(), where
    assert (cpp.legal_action_mask() == ref.legal_action_mask()).all(), where
    assert cpp.to_dict() == ref.to_dict(), where
    for p in range(cpp.num_players):
        assert cpp.observation(p) == ref.observation(p), f"{where}, observation({p})"
    assert hasattr(cpp.game, "observation_tensor_shape") == hasattr(
        ref.game, "observation_tensor_shape"
    ), where
    if hasattr(cpp.game, "observation_tensor_shape"):
        for p in range(cpp.num_players):
            c, r = cpp.observation_tensor(p), ref.observation_tensor(p)
            assert c.dtype == r.dtype == np.float32, where
            if not np.array_equal(c, r):
                bad = np.flatnonzero(c != r)[:8].tolist()
                pytest.fail(f"{where}, observation_tensor({p}) differs at entries {bad}")
    assert cpp.scores() == ref.scores(), where
    assert cpp.winners() == ref.winners(), where
    assert cpp.is_draw() == ref.is_draw(), where
    assert cpp.is_terminal() == ref.is_terminal(), where
    assert cpp.is_truncated() == ref.is_truncated(), where
    for a in cpp.legal_actions():
        text = cpp.action_to_string(a)
        assert text == ref.action_to_string(a), where
        assert cpp.string_to_action(text) == a == ref.string_to_action(text), where


def check_illegal(cpp, ref, action: int) -> None:
    before_c, before_r = json.dumps(cpp.to_dict()), json.dumps(ref.to_dict())
    with pytest.raises(cardsim.IllegalActionError):
        cpp.apply_action(action)
    with pytest.raises(cardsim.IllegalActionError):
        ref.apply_action(action)
    assert json.dumps(cpp.to_dict()) == before_c
    assert json.dumps(ref.to_dict()) == before_r


# Each example plays a whole game, checked at every step: the suite's costliest
# test (two fifths of its time), so it runs 5/8 of the profile's count (25 in CI).
LOCKSTEP_EXAMPLES = max(1, settings.default.max_examples * 5 // 8)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
@settings(max_examples=LOCKSTEP_EXAMPLES)
@given(
    seed=st.integers(0, 2**64 - 1),
    choices=st.lists(st.integers(0, 2**16), max_size=400),
    probes=st.lists(st.integers(-3, 2**16), max_size=40),
)
def test_lockstep(name, options, seed, choices, probes):
    cpp = cardsim.make(name, **options).new_game(seed=seed)
    ref = cardsim.make(name, backend="reference", **options).new_game(seed=seed)
    assert cpp.deck == ref.deck
    num_actions = cpp.game.num_actions
    step = 0
    while not cpp.is_terminal():
        if STEP_LIMIT and step >= STEP_LIMIT:
            assert_same(cpp, ref, f"{name} {options} seed={seed} at the step limit")
            return
        where = f"{name} {options} seed={seed} step={step}"
        assert_same(cpp, ref, where)
        legal = cpp.legal_actions()
        if probes:  # an action that is not legal now: in range or out of it
            probe = probes[step % len(probes)] % (num_actions + 3) - 1
            if probe not in legal:
                check_illegal(cpp, ref, probe)
        pick = choices[step % len(choices)] if choices else step
        action = legal[pick % len(legal)]
        cpp.apply_action(action)
        ref.apply_action(action)
        step += 1
    assert_same(cpp, ref, f"{name} {options} seed={seed} at the end")
    assert cpp.legal_actions() == []
    check_illegal(cpp, ref, 0)


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
