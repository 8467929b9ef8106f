"""observation(p) never reveals a card p cannot see, on every game and both backends.

Generic test: play a game from a deck, collecting every card text p's
observations ever showed. Swap two cards of the deck that p never saw and
replay the same actions. Wherever the replay is still legal and shows p the
same cards, p's observations must be identical: a leak of a hidden card (its
identity, or the order of the stock) would show as a difference. So must p's
exact observation tensors, in a game that has them.
"""

from __future__ import annotations

import json
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardsim
from game_configs import all_configs, config_id

CASES = [(n, o, b) for n, o in all_configs() for b in cardsim.BACKENDS]
IDS = [f"{config_id(n, o)}-{b}" for n, o, b in CASES]
CARD = re.compile(r'"((?:[A2-9TJQK][CDHS])|JK)"')


def cards_in(obs) -> set[str]:
    return set(CARD.findall(json.dumps(obs)))


def tensor_of(state, player):
    """p's exact observation tensor as bytes, or None for a game without one."""
    if not hasattr(state.game, "observation_tensor_shape"):
        return None
    return state.observation_tensor(player).tobytes()


def replay(game, deck, actions, player):
    state = game.new_game(deck=deck)
    seen = [state.observation(player)]
    tensors = [tensor_of(state, player)]
    for a in actions:
        state.apply_action(a)
        seen.append(state.observation(player))
        tensors.append(tensor_of(state, player))
    return seen, tensors


@pytest.mark.parametrize(("name", "options", "backend"), CASES, ids=IDS)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60), pick=st.randoms(use_true_random=False))
def test_hidden_cards_do_not_show(name, options, backend, seed, steps, pick):
    game = cardsim.make(name, backend=backend, **options)
    state = game.new_game(seed=seed)
    deck = list(state.deck)
    actions = []
    for _ in range(steps):
        if state.is_terminal():
            break
        a = pick.choice(state.legal_actions())
        state.apply_action(a)
        actions.append(a)
    for player in range(game.num_players):
        seen, tensors = replay(game, deck, actions, player)
        visible = set().union(*(cards_in(o) for o in seen))
        hidden = [i for i, c in enumerate(deck) if c not in visible]
        if len(hidden) < 2:
            continue
        i, j = pick.sample(hidden, 2)
        swapped = list(deck)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        try:
            other = game.new_game(deck=swapped)
        except ValueError:
            continue  # the swap broke a per-player pack rule: not a legal deal
        for step in range(len(actions) + 1):
            obs = other.observation(player)
            if cards_in(obs) != cards_in(seen[step]):
                # The rules themselves look at card identity (a joker or a repeated rank
                # set aside while dealing): other cards became visible, so stop here.
                break
            assert obs == seen[step], f"player {player} sees a swap of {deck[i]}/{deck[j]}"
            assert tensor_of(other, player) == tensors[step], (
                f"player {player}'s tensor shows a swap of {deck[i]}/{deck[j]}"
            )
            if step == len(actions) or actions[step] not in other.legal_actions():
                break  # a rival's hidden cards decided this action: stop comparing here
            other.apply_action(actions[step])


CORE_CASES = all_configs()


@pytest.mark.parametrize(("name", "options"), CORE_CASES, ids=[config_id(*c) for c in CORE_CASES])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 80), pick=st.randoms(use_true_random=False))
def test_every_seat_at_once_is_each_seat_alone(name, options, seed, steps, pick):
    # The core's _observations() (what cardsim.testing reads at every step) must be
    # observation(p) for every seat, whatever the game shares between the dicts.
    state = cardsim.make(name, **options).new_game(seed=seed)
    for _ in range(steps + 1):
        every = state._observations()
        assert every == [state.observation(p) for p in range(state.num_players)]
        assert [o.get("player", p) for p, o in enumerate(every)] == list(range(len(every)))
        if state.is_terminal():
            break
        state.apply_action(pick.choice(state.legal_actions()))


#: The methods ``State._answers`` reads of a candidate, by the bit of ``what`` that asks.
_READ = {
    0: ["current_player", "legal_actions", "is_terminal", "scores"],
    1: ["is_truncated"],
    2: ["is_draw"],
    4: ["winners"],
    8: ["action_to_string"],
    256: ["string_to_action"],
    16: ["to_dict"],
    32: ["observation"],
    64: ["legal_action_mask"],
    128: ["observation_tensor"],
}


class _Spoilt:
    """A state as a candidate, with one answer of one method made different by
    ``change`` (given the true answer, it returns another)."""

    def __init__(self, state, method: str, change) -> None:
        self._state, self._method, self._change = state, method, change

    def __getattr__(self, name: str):
        real = getattr(self._state, name)
        if name != self._method:
            return real
        return lambda *args: self._change(real(*args))


def _leaves(value, path=()):
    """Every place in a dict form that holds a value, as a path of keys and indices."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    yield path


def _changed(value, path, how: int):
    """``value`` (a dict form) with the place at ``path`` made different in one of four
    ways the core must see, some of them equal under ==: another value, another type, a
    key or an item more or less, a container of another kind."""
    if path:
        head, rest = path[0], path[1:]
        if isinstance(value, dict):
            return {**value, head: _changed(value[head], rest, how)}
        out = list(value)
        out[head] = _changed(value[head], rest, how)
        return out
    if isinstance(value, dict):
        fewer = dict(list(value.items())[1:])
        options = [{**value, "extra": 1}, fewer if value else None, list(value.items()), None]
    elif isinstance(value, list):
        options = [[*value, None], value[:-1] if value else [0], tuple(value), None]
    elif isinstance(value, bool):
        options = [not value, int(value), None, str(value)]
    elif isinstance(value, int):
        same_bool = bool(value) if value in (0, 1) else -value - 1
        options = [value + 1, float(value), same_bool, str(value)]
    elif isinstance(value, str):
        options = [value + "x", None, 0, value.encode()]
    else:
        options = [0, False, "", []]
    return options[how % 4]


def _spoilt(arrays: list, how: int) -> list:
    """``arrays`` with one of them made different from the core's: in one value, in
    dtype, in shape, or as a strided view of the same values."""
    out = list(arrays)
    i = how % len(out)
    a = out[i]
    kind = how // len(out) % 4
    if kind == 3 and len(a) < 2:
        kind = 0  # a view of one item is contiguous, hence the same buffer
    if kind == 0:
        b = a.copy()
        b[len(b) // 2] = not b[len(b) // 2] if b.dtype == bool else b[len(b) // 2] + 1
    elif kind == 1:
        b = a.astype(np.float64 if a.dtype == np.float32 else np.int8)
    elif kind == 2:
        b = np.concatenate([a, a[:1]])
    else:
        b = np.repeat(a, 2)[::2]  # equal values, but not a contiguous buffer
    out[i] = b
    return out


@pytest.mark.parametrize(("name", "options"), CORE_CASES, ids=[config_id(*c) for c in CORE_CASES])
@given(
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 80),
    what=st.integers(0, 255),
    how=st.integers(0, 2**16),
    pick=st.randoms(use_true_random=False),
)
def test_all_answers_at_once_are_each_answer_alone(name, options, seed, steps, what, how, pick):
    # cardsim.testing compares a candidate with the core's _answers at every step: its
    # answers must be exactly the methods they stand for, types included, in their order,
    # and it must find the core's own arrays equal, and no others.
    state = cardsim.make(name, **options).new_game(seed=seed)
    read = [m for bit, ms in _READ.items() if bit == 0 or what & bit for m in ms]
    if not what & 8:
        read = [m for m in read if m != "string_to_action"]  # ids are read of the texts
    if not hasattr(state.game, "observation_tensor_shape"):
        read = [m for m in read if m != "observation_tensor"]
    for _ in range(steps + 1):
        legal, d, raised = state._answers(what, state)
        assert legal == state.legal_actions() and raised is None
        assert d == (state.to_dict() if what & 16 else None)
        method = read[how % len(read)]
        legal_now = state.legal_actions()
        if method in ("action_to_string", "string_to_action") and not legal_now:
            method = "current_player"  # no text is asked for where nothing is legal
        args = {
            "observation": [0],
            "observation_tensor": [0],
            "action_to_string": legal_now[:1],
            "string_to_action": [state.action_to_string(a) for a in legal_now[:1]],
        }.get(method, [])
        answer = getattr(state, method)(*args)
        place = None
        if isinstance(answer, np.ndarray):
            spoilt = _Spoilt(state, method, lambda a: _spoilt([a], how // 11)[0])
        else:
            places = list(_leaves(answer))
            place = places[how // 7 % len(places)]
            spoilt = _Spoilt(state, method, lambda a, place=place: _changed(a, place, how // 3))
        kind = how // 3 % 4
        # Of the flags only their truth is read (bool(1) is True), and of these sequences
        # list() of them (a tuple of the same ids is the same answer).
        kept = (method in ("is_terminal", "is_truncated", "is_draw") and kind != 0) or (
            method in ("legal_actions", "scores", "winners") and kind == 2 and place == ()
        )
        if not kept:
            assert state._answers(what, spoilt) == (None, None, None), method
        if state.is_terminal():
            break
        # A step played by _answers itself, on a candidate and then on the state.
        action = pick.choice(state.legal_actions())
        candidate, before = state.clone(), state.clone()
        assert state._answers(what, candidate, action)[0] == candidate.legal_actions()
        before.apply_action(action)
        assert state == candidate == before and state.history == before.history


def test_answers_refuse_what_they_cannot_read() -> None:
    # Internal, but a method of every state: bad arguments are errors, never a crash, and
    # a candidate that raises, or lacks a method asked for, is simply not the core.
    state = cardsim.make("rummy").new_game(seed=1)
    with pytest.raises(TypeError):
        state._answers("all", state)
    assert state._answers(0, object()) == (None, None, None)
    assert state._answers(16, cardsim.make("rummy").new_game(seed=2)) == (None, None, None)

    class Raises:
        def __getattr__(self, name: str):
            raise RuntimeError(name)

    assert state._answers(511, Raises()) == (None, None, None)

    class Interrupts:
        def current_player(self):
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        state._answers(0, Interrupts())

    # A step the candidate refuses is given back, with the state not moved.
    class Refuses:
        def apply_action(self, action):
            raise cardsim.IllegalActionError(f"no {action}")

    before = state.clone()
    legal, d, raised = state._answers(0, Refuses(), state.legal_actions()[0])
    assert (legal, d) == (None, None) and isinstance(raised, cardsim.IllegalActionError)
    assert state == before and state.history == before.history
    with pytest.raises(cardsim.IllegalActionError):
        state._answers(0, state.clone(), -1)  # an id out of range is refused first
    assert state._matches_dict(state.to_dict()) is True
    assert state._matches_dict("not a dict") is False

    class Hostile:
        def __init__(self, d: dict) -> None:
            self.d = d

        def __hash__(self) -> int:
            return hash("phase")  # collides with a key the core looks up

        def __eq__(self, other: object) -> bool:
            self.d.clear()  # empties the dict under the lookup
            raise RuntimeError("compared")

    hostile = state.to_dict()
    del hostile["phase"]
    hostile[Hostile(hostile)] = 1
    assert state._matches_dict(hostile) is False


@pytest.mark.parametrize(("name", "options"), CORE_CASES, ids=[config_id(*c) for c in CORE_CASES])
@given(
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 80),
    probes=st.lists(st.integers(-3, 5000), min_size=1, max_size=8),
    pick=st.randoms(use_true_random=False),
)
def test_refuses_is_apply_action_refusing(name, options, seed, steps, probes, pick):
    # cardsim.testing probes illegal actions with _refuses: None exactly when
    # apply_action raises IllegalActionError, "accepted" when it plays, and never a
    # change to the state itself.
    state = cardsim.make(name, **options).new_game(seed=seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(pick.choice(state.legal_actions()))
    for a in [*probes, *state.legal_actions()[:2]]:
        before = state.clone()
        refused = state._refuses(a)
        assert state == before and state.history == before.history
        try:
            before.apply_action(a)
        except cardsim.IllegalActionError:
            assert refused is None
        else:
            assert refused == "accepted"
    with pytest.raises(TypeError, match="an action must be an int"):
        state._refuses("1")


def test_probe_is_both_refusing_and_the_dict_after():
    # cardsim.testing's probe of an illegal action in one call: None when the state and
    # the candidate both refuse and the candidate's dict is still the state's; else
    # where it went otherwise, with the state itself never moved.
    state = cardsim.make("rummy").new_game(seed=3)
    illegal = next(a for a in range(state.game.num_actions) if a not in state.legal_actions())
    before = state.clone()
    err = cardsim.IllegalActionError
    assert state._probe(state.clone(), illegal, err, True) is None
    assert state._probe(state.clone(), -1, err, True) is None
    assert state._probe(state.clone(), state.legal_actions()[0], err, True) == ("core", "accepted")

    class Accepts:
        def apply_action(self, action):
            return None

    class RaisesOther:
        def apply_action(self, action):
            raise KeyError(action)

    class OtherDict:
        def apply_action(self, action):
            raise err("no")

        def to_dict(self):
            return {"not": "the state"}

    assert state._probe(Accepts(), illegal, err, True) == ("apply", None)
    stage, raised = state._probe(RaisesOther(), illegal, err, True)
    assert stage == "apply" and isinstance(raised, KeyError)
    assert state._probe(OtherDict(), illegal, err, True) == ("dict", {"not": "the state"})
    assert state._probe(OtherDict(), illegal, err, False) is None
    assert state == before and state.history == before.history
    with pytest.raises(TypeError, match="an action must be an int"):
        state._probe(state.clone(), "1", err, True)
