"""The games: make one by name on either backend, list them with their options."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from . import _core, reference
from .contract.declaration import declaration, declarations
from .contract.protocols import Game
from .guards.text import did_you_mean

__all__ = ["BACKENDS", "MAX_THREADS", "GameInfo", "check_count", "check_threads", "games", "make"]

#: The most threads a batch run takes (simulate, tournament, solve_batch): more
#: than any machine's cores, and each thread holds its own game buffers.
MAX_THREADS = 1024

#: Backend names accepted by ``make``.
BACKENDS = ("cpp", "reference")


@dataclass(frozen=True)
class GameInfo:
    """A registered game, as its one declaration states it (the core's literal,
    ``cardsim.contract.declaration``): its name, one-line description, seats and options.

    ``num_players`` and ``num_actions`` are the default configuration's; ``min_players``
    and ``max_players`` bound every configuration's (the range of its ``players`` option,
    or the one count of a game without one). ``options`` holds one dict per option:
    ``name``, ``default`` (whose type is the option's), ``doc``, and ``range`` for an int
    or ``choices`` for a word. ``dynamics`` is ``"sequential"`` or ``"simultaneous"``;
    ``timed``: batch runs race the players and report their finishing times;
    ``policies``: the policy kinds the batch runner plays in the game (the search players
    only where they can search it).
    """

    name: str
    description: str
    num_players: int
    num_actions: int
    options: list[dict[str, Any]]
    min_players: int = 0
    max_players: int = 0
    dynamics: Literal["sequential", "simultaneous"] = "sequential"
    timed: bool = False
    policies: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.min_players and not self.max_players:
            lo, hi = self.num_players, self.num_players
            for spec in self.options:
                if spec["name"] == "players" and "range" in spec:
                    lo, hi = spec["range"]
            object.__setattr__(self, "min_players", int(lo))
            object.__setattr__(self, "max_players", int(hi))


def games() -> list[GameInfo]:
    """Every registered game, as it is declared, with its default configuration's seats
    and action count."""
    out = []
    for d in declarations().values():
        out.append(
            GameInfo(
                d.name,
                d.title,
                d.default_players,
                d.num_actions[d.default_players],
                [dict(copy.deepcopy(o)) for o in d.options],  # the caller's to change
                min_players=d.min_players,
                max_players=d.max_players,
                dynamics=d.dynamics,
                timed=d.timed,
                policies=d.policies,
            )
        )
    return out


def make(name: str, backend: str = "cpp", **options: object) -> Game:
    """Game ``name`` with ``options``, from the C++ core (default) or the Python reference.

    Raises ValueError for an unknown game, backend, option or option value, and
    TypeError for an option of the wrong type. Call ``new_game(seed=...)`` or
    ``new_game(deck=[...])`` on the result to deal.
    """
    if not isinstance(backend, str) or backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    try:
        if backend == "reference":
            return reference.make(name, **options)
        if options:  # the specs cost more than the game when there is nothing to check
            _check_int_ranges(name, options)
        game: Game = _core.make(name, options)
    except ValueError as e:
        hint = _hint(name, options)
        if not hint:
            raise
        raise ValueError(f"{e}{hint}") from None
    return game


def _hint(name: object, options: dict[str, object]) -> str:
    """ "did you mean" for a misspelt game name, else for a misspelt option name."""
    names = list(declarations())
    if name not in names:
        return did_you_mean(name, names)
    known = [s["name"] for s in declaration(name).options]
    for key in options:
        if key not in known:
            return did_you_mean(key, known)
    return ""


def _check_int_ranges(name: object, options: dict[str, object]) -> None:
    """An int option out of its range, reported with its real value (the core sees
    an int beyond 64 bits only after it was clamped)."""
    try:
        specs = {s["name"]: s for s in declaration(name).options}
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


def check_threads(value: object) -> int:
    """A thread count: an int in [1, MAX_THREADS], else TypeError / ValueError."""
    t = check_count(value, "threads")
    if not 1 <= t <= MAX_THREADS:
        raise ValueError(f"threads must be between 1 and {MAX_THREADS}, got {t}")
    return t


def check_count(value: object, what: str) -> int:
    """``value`` as a count (an int >= 0), else TypeError / ValueError naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be an int, got {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{what} must be >= 0, got {value}")
    return int(value)
