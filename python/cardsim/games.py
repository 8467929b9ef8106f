"""The games: make one by name on either backend, list them with their options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _core, reference
from .contract.protocols import Game

__all__ = ["BACKENDS", "GameInfo", "check_count", "games", "make"]

#: Backend names accepted by ``make``.
BACKENDS = ("cpp", "reference")


@dataclass(frozen=True)
class GameInfo:
    """A registered game: its name, one-line description, seats and options."""

    name: str
    description: str
    num_players: int
    num_actions: int
    options: list[dict[str, Any]]


def games() -> list[GameInfo]:
    """Every registered game, with its default configuration and option specs."""
    out = []
    for name, description in sorted(_core.games().items()):
        g = _core.make(name, {})
        out.append(
            GameInfo(name, description, g.num_players, g.num_actions, _core.option_specs(name))
        )
    return out


def make(name: str, backend: str = "cpp", **options: Any) -> Game:
    """Game ``name`` with ``options``, from the C++ core (default) or the Python reference.

    Raises ValueError for an unknown game, backend, option or option value, and
    TypeError for an option of the wrong type. Call ``new_game(seed=...)`` or
    ``new_game(deck=[...])`` on the result to deal.
    """
    if not isinstance(backend, str) or backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    if backend == "reference":
        return reference.make(name, **options)
    game: Game = _core.make(name, options)
    return game


def check_count(value: Any, what: str) -> int:
    """``value`` as a count (an int >= 0), else TypeError / ValueError naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be an int, got {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{what} must be >= 0, got {value}")
    return int(value)
