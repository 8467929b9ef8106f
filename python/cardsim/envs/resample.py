"""Redeal the cards a player has not seen, consistently with what they have seen.

``resample_hidden(state, player, rng)`` returns a new state with the same
actions played from a deck in which the cards ``player`` never saw are
permuted among their positions, so that ``player``'s observations all along
the game are exactly the ones they had. Imperfect-information search (ISMCTS,
determinized MCTS) samples the worlds a player cannot tell apart this way.

It works on both backends and every game, through the state contract only:

1. replay ``state.deck`` and ``state.history`` from ``new_game(deck=...)``,
   recording ``observation(player)`` before and after each action;
2. the positions of the deck holding a card whose text never appeared in those
   observations are hidden (with several packs a card text seen once fixes
   every copy, which is safe, only less random);
3. draw a uniform permutation of the hidden cards among the hidden positions,
   deal it and replay the history: accept it if every action stays legal and
   ``player``'s observations are identical. A game dealing one pack per seat
   (``game.traits.deal == "per_seat_packs"``) permutes within each seat's
   segment instead;
4. after ``max_attempts`` rejected draws, return a copy of the true deal: still
   consistent with the player's information, but not a fresh sample.

Rejection keeps the accepted deals uniform among the permutations that
explain the observations.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .._typing import JSONObject
    from ..contract.protocols import Game, State

__all__ = ["hidden_positions", "observations_along", "resample_hidden", "seen_cards"]

_CARD = re.compile(r'"((?:[A2-9TJQK][CDHS])|JK)"')


def _cards_in(obs: JSONObject) -> set[str]:
    return set(_CARD.findall(json.dumps(obs)))


def observations_along(start: State, history: list[int], player: int) -> list[JSONObject] | None:
    """``player``'s observation of ``start`` and after each action of ``history``
    played on it (``start`` is changed), or None when an action is illegal there."""
    seen = [start.observation(player)]
    for a in history:
        if a not in start.legal_actions():
            return None
        start.apply_action(a)
        seen.append(start.observation(player))
    return seen


def _observations(
    game: Game, deck: list[str], history: list[int], player: int
) -> list[JSONObject] | None:
    """``player``'s observations along ``history`` from this deal, or None if the
    deal is refused or the history is not legal from it."""
    try:
        state = game.new_game(deck=deck)
    except ValueError:
        return None
    return observations_along(state, history, player)


def seen_cards(state: State, player: int) -> set[str]:
    """Every card text ``player``'s observations showed during the game so far."""
    seen = _observations(state.game, list(state.deck), list(state.history), player)
    assert seen is not None, "a state's own history is legal from its own deal"
    return set().union(*(_cards_in(o) for o in seen))


def hidden_positions(state: State, player: int) -> list[int]:
    """Deck positions whose card ``player`` has never seen."""
    visible = seen_cards(state, player)
    return [i for i, c in enumerate(state.deck) if c not in visible]


def resample_hidden(
    state: State, player: int, rng: np.random.Generator | int | None = None, max_attempts: int = 100
) -> State:
    """A state ``player`` cannot tell from ``state``, its unseen cards dealt afresh.

    ``rng`` is a numpy Generator or a seed. Returns a new state (``state`` is not
    changed); see the module docstring for the method and the fallback.
    """
    gen = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
    game = state.game
    if not 0 <= int(player) < game.num_players:
        raise ValueError(f"player {player} is out of range [0, {game.num_players})")
    player = int(player)
    deck = list(state.deck)
    history = list(state.history)
    original = _observations(game, deck, history, player)
    assert original is not None
    visible = set().union(*(_cards_in(o) for o in original))
    hidden = [i for i, c in enumerate(deck) if c not in visible]
    if len({deck[i] for i in hidden}) < 2:
        return state.clone()
    groups: list[list[int]] = [hidden]
    if game.traits.deal == "per_seat_packs":
        # One pack per seat: a card stays within its own pack.
        size = len(deck) // game.num_players
        groups = [[i for i in hidden if i // size == s] for s in range(game.num_players)]
        groups = [g for g in groups if len(g) > 1]
    for _ in range(max_attempts):
        new_deck = list(deck)
        for group in groups:
            cards = [deck[i] for i in group]
            for i, j in zip(group, gen.permutation(len(group)), strict=True):
                new_deck[i] = cards[j]
        try:
            out = game.new_game(deck=new_deck)
        except ValueError:
            continue  # a deal the game refuses (a seeded-only layout): draw again
        if _replays_alike(out, history, player, original):
            return out
    return state.clone()


def _replays_alike(
    start: State, history: list[int], player: int, original: list[JSONObject]
) -> bool:
    """Plays ``history`` on ``start``; False at the first illegal action or the first
    observation of ``player`` that differs from ``original`` (most rejections come early)."""
    if start.observation(player) != original[0]:
        return False
    for a, want in zip(history, original[1:], strict=True):
        if a not in start.legal_actions():
            return False
        start.apply_action(a)
        if start.observation(player) != want:
            return False
    return True
