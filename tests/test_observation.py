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
