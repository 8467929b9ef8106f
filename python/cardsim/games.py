"""The games: make one by name on either backend, list them with their options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _core, reference
from .contract.protocols import Game

__all__ = ["BACKENDS", "MAX_THREADS", "GameInfo", "check_count", "check_threads", "games", "make"]

#: The most threads a batch run takes (simulate, tournament, solve_batch): more
#: than any machine's cores, and each thread holds its own game buffers.
MAX_THREADS = 1024

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
    if options:  # the specs cost more than the game when there is nothing to check
        _check_int_ranges(name, options)
    game: Game = _core.make(name, options)
    return game


def _check_int_ranges(name: Any, options: dict[str, Any]) -> None:
    """An int option out of its range, reported with its real value (the core sees
    an int beyond 64 bits only after it was clamped)."""
    try:
        specs = {s["name"]: s for s in _core.option_specs(name)}
    except (ValueError, TypeError):  # an unknown game: the core says so
        return
    for key, value in options.items():
        spec = specs.get(key)
        if spec is None or isinstance(value, bool) or not isinstance(value, int):
            continue
        if isinstance(spec["default"], bool) or not isinstance(spec["default"], int):
            continue
        lo, hi = spec.get("range", (-(2**63), 2**63 - 1))
        if not lo <= value <= hi:
            raise ValueError(f"{name} option {key!r} must be between {lo} and {hi}, got {value}")


def check_threads(value: Any) -> int:
    """A thread count: an int in [1, MAX_THREADS], else TypeError / ValueError."""
    t = check_count(value, "threads")
    if not 1 <= t <= MAX_THREADS:
        raise ValueError(f"threads must be between 1 and {MAX_THREADS}, got {t}")
    return t


def check_count(value: Any, what: str) -> int:
    """``value`` as a count (an int >= 0), else TypeError / ValueError naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be an int, got {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{what} must be >= 0, got {value}")
    return int(value)
