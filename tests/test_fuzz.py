"""Fuzzing the Python boundary on every game and both backends.

The only acceptable outcome of bad input is the documented exception
(ValueError, which IllegalActionError is, or TypeError) with the state
unchanged: never a crash, a hang, or a silent acceptance.
"""

from __future__ import annotations

import contextlib
import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardsim
from cardsim import _core
from game_configs import all_configs, config_id

CASES = [(n, o, b) for n, o in all_configs() for b in cardsim.BACKENDS]
IDS = [f"{config_id(n, o)}-{b}" for n, o, b in CASES]
NAMES = sorted({n for n, _ in all_configs()})

anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**80), 2**80),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.binary(max_size=8),
    st.lists(st.integers(), max_size=3),
    st.integers(-(2**62), 2**62).map(np.int64),
    st.integers(0, 255).map(np.uint8),
    st.floats(width=32).map(np.float32),
    st.just(np.bool_(True)),
)


def frozen(state) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


@pytest.mark.parametrize(("name", "options", "backend"), CASES, ids=IDS)
@given(
    seed=st.integers(0, 2**64 - 1), junk=st.lists(anything, max_size=12), steps=st.integers(0, 30)
)
def test_actions_of_every_kind(name, options, backend, seed, junk, steps):
    state = cardsim.make(name, backend=backend, **options).new_game(seed=seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[0])
    for action in junk:
        before = frozen(state)
        legal = state.legal_actions()
        is_int = isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_))
        if is_int and int(action) in legal:
            state.apply_action(action)  # a legal id of any integer type is accepted
            continue
        with pytest.raises((ValueError, TypeError)) as err:
            state.apply_action(action)
        if is_int:
            assert err.type is cardsim.IllegalActionError
        assert frozen(state) == before
        for call in (state.action_to_string, state.observation):
            with contextlib.suppress(ValueError, TypeError):
                call(action)


@pytest.mark.parametrize("name", NAMES)
@given(
    deck=st.one_of(
        st.lists(st.text(max_size=3), max_size=120),
        st.lists(st.sampled_from(["AS", "KH", "TD", "10C", "JK", "2c", "xx", ""]), max_size=120),
        anything.filter(lambda x: x is not None),  # deck=None means "deal from a seed"
    )
)
def test_decks_of_every_kind(backend, name, deck):
    game = cardsim.make(name, backend=backend)
    try:
        state = game.new_game(deck=deck)
    except (ValueError, TypeError):
        return
    assert sorted(state.deck) == sorted(s.upper().replace("10", "T") for s in deck)


def _escaped(text: str) -> str:
    """``text`` as the core's messages show it: C0 (but newline and tab), DEL and C1 as \\xNN."""
    return "".join(
        f"\\x{ord(c):02x}" if (ord(c) < 0x20 and c not in "\n\t") or 0x7F <= ord(c) < 0xA0 else c
        for c in text
    )


@pytest.mark.parametrize("name", NAMES)
@given(
    options=st.dictionaries(
        st.one_of(
            st.sampled_from(["players", "jokers", "discards", "move_cap", "turn", "speed"]),
            st.text(max_size=6),
        ),
        anything,
        max_size=3,
    )
)
def test_options_of_every_kind(backend, name, options):
    try:
        game = cardsim.make(name, backend=backend, **options)
    except (ValueError, TypeError) as e:
        # A refusal names the option it refuses.
        # The core writes control characters of a name as \xNN (no raw escapes reach a terminal).
        assert any(
            key in str(e) or repr(key) in str(e) or _escaped(key) in str(e) for key in options
        ), (options, str(e))
        return
    # Accepted options are the game's own, kept with the defaults filled in, and they
    # give a working game.
    assert set(options) <= set(game.options)
    state = game.new_game(seed=1)
    assert state.legal_actions() or state.is_terminal()


@pytest.mark.parametrize(
    ("name", "options"), all_configs(), ids=[config_id(*c) for c in all_configs()]
)
@given(field=st.integers(0, 3), junk=anything, extra=st.booleans())
def test_corrupted_state_pickles(name, options, field, junk, extra):
    state = cardsim.make(name, **options).new_game(seed=9)
    state.apply_action(state.legal_actions()[0])
    good = list(state.__getstate__())
    bad = list(good)
    bad[field] = junk
    if extra:
        bad.append(junk)
    try:
        blank = _core._restore_state(tuple(bad))
    except (ValueError, TypeError):
        return
    # Accepted only if it really describes a valid game: then it must work fully.
    assert json.dumps(blank.to_dict())
    blank.legal_actions()


@pytest.mark.parametrize(("name", "options", "backend"), CASES, ids=IDS)
@given(text=st.one_of(st.text(max_size=30), anything))
def test_string_to_action_garbage(name, options, backend, text):
    state = cardsim.make(name, backend=backend, **options).new_game(seed=2)
    try:
        a = state.string_to_action(text)
    except (ValueError, TypeError):
        return
    assert state.action_to_string(a) == text or isinstance(a, int)
