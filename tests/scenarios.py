"""Scenario helpers shared by the rules tests: deal a chosen deck, play moves by their
text, list the legal moves' texts, and check that a refused move changes nothing.

Each rules file keeps only what is its own game's (how a deck is laid out for a
scenario, what a place or a seat looks like in its dict).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import cardsim


def deal(name: str, backend: str, deck: list[str], **options: Any) -> Any:
    """A new game of ``name`` on ``backend`` dealt from ``deck`` (card strings, top first)."""
    return cardsim.make(name, backend=backend, **options).new_game(deck=deck)


def play(state: Any, *moves: str) -> None:
    """Plays each move, named by its text (as ``action_to_string`` writes it), in turn."""
    for move in moves:
        state.apply_action(state.string_to_action(move))


def legal_texts(state: Any) -> set[str]:
    """The texts of the legal actions."""
    return {state.action_to_string(a) for a in state.legal_actions()}


def refused(state: Any, move: Any, match: str | None = None) -> None:
    """Asserts that ``move`` (an action id, or its text) raises IllegalActionError, with a
    message matching ``match`` if given, and leaves the state as it was."""
    before = json.dumps(state.to_dict())
    with pytest.raises(cardsim.IllegalActionError, match=match):
        state.apply_action(state.string_to_action(move) if isinstance(move, str) else move)
    assert json.dumps(state.to_dict()) == before
