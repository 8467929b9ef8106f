"""Exact observation tensors, on every game that has one and both backends.

- The contract: the shape is fixed for a configuration and the same on both
  backends; every entry is written (a buffer full of NaN comes back clean),
  finite and in [-1, 1]; ``out=`` reuses a buffer; bad input is refused with
  nothing changed.
- Exact in both directions: over random play, different ``observation(p)``
  dicts never give the same tensor and equal ones always do (pairs from the
  same deal, from different deals, and from redeals of the hidden cards that p
  cannot tell apart). A field listed in ``game_configs.TENSOR_OMITS`` is left
  out of the comparison; nothing else may be.

- Reordered lists: a list whose order is open (``game_configs.ORDER_FIELDS``),
  reordered, gives the reference encoder of the observation dict a different
  tensor.

The lockstep test (test_crosscheck.py) checks that both backends give the same
tensor at every step, and test_observation.py that a swap of two cards p never
saw changes none of p's tensors. A game that implements the tensor is covered
with no edit here.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardsim
from cardsim.envs.resample import resample_hidden
from game_configs import ORDER_FIELDS, TENSOR_OMITS, all_configs, config_id

WITH_TENSOR = [
    (n, o) for n, o in all_configs() if hasattr(cardsim.make(n, **o), "observation_tensor_shape")
]
IDS = [config_id(n, o) for n, o in WITH_TENSOR]
#: Steps one random play-out records at most (random play can last thousands).
STEPS = 120
#: Actions tried from each position of a play-out (one position away from it).
SIBLINGS = 6
#: Steps of a play-out that also record redeals (each replays the history, so
#: they thin out along the game).
REDEAL_AT = frozenset({0, 1, 2, 3, 5, 8, 13, 21, 34, 55})


def key(name: str, obs: dict[str, Any], player: int) -> str:
    """The observation as compared: seat and dict, minus the game's omitted fields."""
    kept = {k: v for k, v in obs.items() if k not in TENSOR_OMITS.get(name, ())}
    return json.dumps([player, kept], sort_keys=True)


#: Built-in games still on the generic encoder. Remove a game from here when it
#: gains its exact tensor; the goal is an empty set.
WITHOUT_TENSOR_YET: set[str] = set()


def test_which_games_have_tensors():
    lacking = {g.name for g in cardsim.games()} - {n for n, _ in WITH_TENSOR}
    assert lacking == WITHOUT_TENSOR_YET


@pytest.mark.parametrize(("name", "options"), WITH_TENSOR, ids=IDS)
def test_both_backends_have_the_same_shape(name, options):
    cpp = cardsim.make(name, **options)
    ref = cardsim.make(name, backend="reference", **options)
    shape = cpp.observation_tensor_shape
    assert isinstance(shape, tuple) and len(shape) == 1 and shape[0] > 0
    assert ref.observation_tensor_shape == shape


@pytest.mark.parametrize(("name", "options"), WITH_TENSOR, ids=IDS)
def test_every_entry_is_written_and_in_range(name, options, backend):
    game = cardsim.make(name, backend=backend, **options)
    rng = np.random.default_rng(0)
    buf = np.empty(game.observation_tensor_shape, dtype=np.float32)
    for seed in range(3):
        state = game.new_game(seed=seed)
        for step in range(STEPS):
            for p in range(game.num_players):
                buf.fill(np.nan)
                assert state.observation_tensor(p, out=buf) is buf
                assert np.all(np.isfinite(buf)), f"{name} step {step}: an entry was not written"
                assert buf.min() >= -1.0 and buf.max() <= 1.0
                fresh = state.observation_tensor(p)
                assert fresh.dtype == np.float32 and fresh.shape == game.observation_tensor_shape
                assert np.array_equal(fresh, buf)
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize(("name", "options"), WITH_TENSOR, ids=IDS)
def test_bad_input_is_refused_and_changes_nothing(name, options, backend):
    game = cardsim.make(name, backend=backend, **options)
    state = game.new_game(seed=1)
    (size,) = game.observation_tensor_shape
    n = game.num_players
    for bad_player in (-1, n, 2**70):
        with pytest.raises(ValueError):
            state.observation_tensor(bad_player)
    for wrong_type in ("0", 0.0, None, True):
        with pytest.raises(TypeError):
            state.observation_tensor(wrong_type)
    cases: list[tuple[Any, type[Exception]]] = [
        (np.full(size, 7.0, dtype=np.float64), TypeError),
        (np.full(size, 7, dtype=np.int32), TypeError),
        ([7.0] * size, TypeError),
        (np.full(size + 1, 7.0, dtype=np.float32), ValueError),
        (np.full((1, size), 7.0, dtype=np.float32), ValueError),
        (np.full(2 * size, 7.0, dtype=np.float32)[::2], ValueError),
    ]
    readonly = np.full(size, 7.0, dtype=np.float32)
    readonly.flags.writeable = False
    cases.append((readonly, ValueError))
    for out, error in cases:
        before = np.array(out, copy=True)
        with pytest.raises(error):
            state.observation_tensor(0, out=out)
        assert np.array_equal(np.asarray(out), before)
    good = np.full(size, 7.0, dtype=np.float32)
    with pytest.raises(ValueError):
        state.observation_tensor(n, out=good)
    assert np.all(good == 7.0)


#: Play-outs per example are long, so the profile's example count is cut down.
EXAMPLES = max(2, settings.default.max_examples // 10)


@pytest.mark.parametrize(("name", "options"), WITH_TENSOR, ids=IDS)
@settings(max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**63))
def test_tensor_is_exact_in_both_directions(name, options, seed):
    """Equal observations give equal tensors and different ones different tensors.

    Near misses are what would expose a lost field, so besides the positions of
    random play-outs (two deals, each played out twice) it records every
    position one action away (siblings differ in little), and at a few steps a
    redeal of what one seat has not seen followed by the same action (p's
    observations then differ only in what the action revealed, such as a
    drawn card), besides the redeal itself (the same observation).
    """
    game = cardsim.make(name, **options)
    rng = np.random.default_rng(seed)
    by_obs: dict[str, bytes] = {}
    by_tensor: dict[bytes, str] = {}

    def record(state: Any) -> None:
        for p in range(game.num_players):
            k = key(name, state.observation(p), p)
            t = state.observation_tensor(p).tobytes()
            assert by_obs.setdefault(k, t) == t, f"equal observations, different tensors: {k}"
            assert by_tensor.setdefault(t, k) == k, (
                f"one tensor for two observations:\n{by_tensor[t]}\n{k}"
            )

    for deal in (int(s) for s in rng.integers(0, 2**63, size=2)):
        for _ in range(2):
            state = game.new_game(seed=deal)
            for step in range(STEPS):
                record(state)
                if state.is_terminal():
                    break
                legal = state.legal_actions()
                for a in rng.permutation(legal)[:SIBLINGS]:
                    child = state.clone()
                    child.apply_action(int(a))
                    record(child)
                action = legal[int(rng.integers(len(legal)))]
                if step in REDEAL_AT:
                    for p in range(game.num_players):
                        other = resample_hidden(state, p, rng)
                        assert key(name, other.observation(p), p) == key(
                            name, state.observation(p), p
                        )
                        record(other)
                        if action in other.legal_actions():
                            other.apply_action(action)
                            record(other)
                state.apply_action(action)


def lists_at(obj: Any, path: list[str]) -> Iterator[list[Any]]:
    """Every list at a key path ("[]": each item of a list)."""
    if not path:
        yield obj
    elif path[0] == "[]":
        for item in obj:
            yield from lists_at(item, path[1:])
    else:
        yield from lists_at(obj[path[0]], path[1:])


def split_path(path: str) -> list[str]:
    return [t for part in path.split(".") for t in part.replace("[]", ".[]").split(".") if t]


ORDERED = [(n, o) for n, o in WITH_TENSOR if n in ORDER_FIELDS]


@pytest.mark.parametrize(("name", "options"), ORDERED, ids=[config_id(n, o) for n, o in ORDERED])
def test_reordering_an_open_list_changes_the_tensor(name, options):
    """The near misses random play seldom makes: the same observation with one
    list in another order (a rotation)."""
    game = cardsim.make(name, backend="reference", **options)
    rng = np.random.default_rng(7)
    checked = 0
    for seed in range(3):
        state = game.new_game(seed=seed)
        for _ in range(STEPS):
            for p in range(game.num_players):
                obs = state.observation(p)
                base = state.encode_observation(obs, p)
                assert np.array_equal(base, state.observation_tensor(p))
                for path in ORDER_FIELDS[name]:
                    tokens = split_path(path)
                    for k, original in enumerate(lists_at(obs, tokens)):
                        rotated = original[1:] + original[:1]
                        if rotated == original:
                            continue
                        other = copy.deepcopy(obs)
                        target = list(lists_at(other, tokens))[k]
                        target[:] = rotated
                        t = state.encode_observation(other, p)
                        assert not np.array_equal(t, base), f"{path} reordered: {original}"
                        checked += 1
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
    assert checked > 0


def plane(v: np.ndarray, at: int) -> list[int]:
    """The card ids set in the 53-wide card plane at offset ``at``."""
    return np.flatnonzero(v[at : at + 53]).tolist()


def card_id(text: str) -> int:
    return 52 if text == "JK" else "CDHS".index(text[1]) * 13 + "A23456789TJQK".index(text[0])


def test_documented_offsets(backend):
    """Spot checks of the offset tables in docs/rules/<game>.md on real positions."""
    rng = np.random.default_rng(11)

    def played(name: str, steps: int, **options: Any) -> Any:
        state = cardsim.make(name, backend=backend, **options).new_game(seed=4)
        for _ in range(steps):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
        return state

    # Stack Gap, two players: 1170 + 164 n entries.
    s = played("stack_gap", 3, players=2)
    n, obs, v = 2, s.observation(1), s.observation_tensor(1)
    assert v.shape == (1170 + 164 * n,)
    assert v[0:n].tolist() == [0, 1]
    for k, card in enumerate(obs["hand"]):
        assert plane(v, 2 * n + 1006 + 53 * k) == [card_id(card)]
    for slot in range(5):  # level 1
        cell = obs["wall"][0][slot]
        at = 2 * n + 1 + 67 * slot
        assert plane(v, at) == [card_id(cell["card"])]
        assert np.flatnonzero(v[at + 53 : at + 66]).tolist() == [cell["value"] - 1]
    for k in range(n):
        q = (1 + k) % n
        at = 2 * n + 1165 + 161 * k
        assert v[at] == np.float32(obs["hand_sizes"][q] / 3)
        assert v[at + 160] == np.float32(obs["scores"][q] / 140)
    assert v[163 * n + 1165] == np.float32(obs["draw_pile_size"] / 54)

    # Code 9, three players: 560 + 53 n entries.
    s = played("code9", 20, players=3)
    n, obs, v = 3, s.observation(2), s.observation_tensor(2)
    assert v.shape == (560 + 53 * n,)
    width = 14 + n
    for r in range(6):
        for c in range(6):
            card = obs["grid"][r][c]
            at = 2 * n + 1 + (r * 6 + c) * width
            if card is None:
                assert not v[at : at + width].any()
                continue
            assert np.flatnonzero(v[at : at + 4]).tolist() == ["CDHS".index(card[1])]
            assert np.flatnonzero(v[at + 4 : at + 13]).tolist() == ["A23456789".index(card[0])]
            owner = obs["suits"].index(card[1]) if card[1] in obs["suits"] else None
            expect = [] if owner is None else [(owner - 2) % n]
            assert np.flatnonzero(v[at + 13 : at + 13 + n]).tolist() == expect
            assert v[at + 13 + n] == (owner is None)
    order = v[52 * n + 505 : 52 * n + 558]
    for k, card in enumerate(obs["set_aside"]):
        assert order[card_id(card)] == np.float32((k + 1) / 36)
    assert v[52 * n + 558] == np.float32(obs["moves"] / 2000)

    # The Wall, default 4 discard piles: 1551 + 160 d entries.
    s = played("the_wall", 60)
    d, obs, v = 4, s.observation(0), s.observation_tensor(0)
    assert v.shape == (1551 + 160 * d,)
    for i, pile in enumerate(obs["upper"]):
        assert plane(v, 1 + 53 * i) == [card_id(c) for c in pile]
    for i, pile in enumerate(obs["lower"]):
        at = 213 + 107 * i
        assert plane(v, at) == sorted(card_id(c) for c in pile)
        assert plane(v, at + 53) == [card_id(c) for c in pile[-1:]]
    assert plane(v, 1069) == [card_id(c) for c in obs["waste"]]
    for i, pile in enumerate(obs["discards"]):
        at = 1122 + 160 * i
        assert plane(v, at + 106) == [card_id(c) for c in pile[-1:]]
        assert v[at + 159] == np.float32(len(pile) / 79)
    tail = 1546 + 160 * d
    assert v[tail + 1] == np.float32(obs["stock_count"] / 78)
    assert v[tail + 3] == np.float32(obs["moves"] / 5000)
