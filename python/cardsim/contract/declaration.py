"""What each game is, as it declares itself once: the core's literal, read back.

Every registered game is declared by one literal in C++, beside its rules
(``cpp/core/declaration.hpp``): its name, one-line title, player range, options
(type, default, range or choices, meaning), dynamics, whether batch runs time
its players, and the policy kinds the batch runner plays in it. Everything in
Python that needs one of these facts reads it here (``cardsim.games()``, the
reference games, the option checks), so no fact is written twice.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, TypedDict, cast

from .. import _core
from .._typing import OptionValue

__all__ = ["Declaration", "OptionSpec", "OptionValue", "declaration", "declarations"]


class _OptionFields(TypedDict):
    name: str
    default: OptionValue
    doc: str


class OptionSpec(_OptionFields, total=False):
    """One option a game declares: its name, default (whose type is the option's),
    meaning, and the inclusive ``range`` of an int or the ``choices`` of a word."""

    range: tuple[int, int]
    choices: list[str]


@dataclass(frozen=True)
class Declaration:
    """A registered game's declaration (the facts no configuration changes).

    ``min_players``/``max_players`` bound every configuration's seats and
    ``default_players`` is the default configuration's (a game with a
    ``players`` option takes all three from it); ``num_actions``: the number of
    action ids, by number of seats (the seats change it in some games, the
    other options in none); ``options`` are in the order
    the game lists them; ``dynamics``: one seat acts at a time, or every seat
    at once; ``timed``: batch runs race the players and report finishing
    times; ``policies``: the policy kinds (``cardsim.contract.policies``) the
    batch runner plays in this game, the search players only where they can
    search it.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    num_actions: Mapping[int, int]
    options: tuple[OptionSpec, ...]
    dynamics: Literal["sequential", "simultaneous"]
    timed: bool
    policies: tuple[str, ...]


def _from_core(d: dict[str, object]) -> Declaration:
    options = cast("list[OptionSpec]", d["options"])
    return Declaration(
        name=str(d["name"]),
        title=str(d["title"]),
        min_players=cast(int, d["min_players"]),
        max_players=cast(int, d["max_players"]),
        default_players=cast(int, d["default_players"]),
        num_actions=MappingProxyType(dict(cast("dict[int, int]", d["num_actions"]))),
        options=tuple(options),
        dynamics=cast(Literal["sequential", "simultaneous"], d["dynamics"]),
        timed=bool(d["timed"]),
        policies=tuple(cast("tuple[str, ...]", d["policies"])),
    )


@functools.cache
def declarations() -> dict[str, Declaration]:
    """Every registered game's declaration, by name (in name order)."""
    return {d.name: d for d in map(_from_core, _core.declarations())}


def declaration(name: object) -> Declaration:
    """Game ``name``'s declaration; ValueError for an unknown name (TypeError for
    a name that is not a str)."""
    if not isinstance(name, str):
        raise TypeError(f"game name must be a str, got {type(name).__name__}")
    found = declarations().get(name)
    if found is None:
        raise ValueError(f"unknown game '{name}' (known: {', '.join(declarations())})")
    return found
