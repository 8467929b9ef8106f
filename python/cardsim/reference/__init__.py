"""Pure-Python reference implementations of every game, written from the rules.

They follow the same state contract as the C++ core and exist to check it:
the cross-check tests drive both in lockstep. Use ``cardsim.make(name,
backend="reference")`` to get one.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from .base import Option, ReferenceGame, ReferenceState

if TYPE_CHECKING:
    from ..records.format import RecordedState

__all__ = ["GAMES", "PLAY_TIMED", "Option", "ReferenceGame", "ReferenceState", "make"]

# The shared modules here; every other module declares the games it implements
# (GAMES) or the timed races it plays (TIMED_GAMES, with its play_timed).
_SHARED = frozenset({"base", "cards", "rng", "tensor"})


class TimedRun(Protocol):
    """What a timed race returns: at least the final state of the game it played."""

    @property
    def state(self) -> RecordedState: ...


def _discover() -> tuple[dict[str, type[ReferenceGame]], dict[str, Callable[..., TimedRun]]]:
    games: dict[str, type[ReferenceGame]] = {}
    timed: dict[str, Callable[..., TimedRun]] = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_") or info.name in _SHARED:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for cls in getattr(module, "GAMES", ()):
            games[cls.name] = cls
        for name in getattr(module, "TIMED_GAMES", ()):
            timed[name] = module.play_timed
    return dict(sorted(games.items())), dict(sorted(timed.items()))


#: Reference game classes by registered name; the Python timed race of each game
#: whose batch runs are timed (``game.traits.timed``), by registered name:
#: ``f(game, seed=, index=, policy=)`` repeats game ``index`` of
#: ``cardsim.simulate(game, seed=seed)`` and returns an object whose ``state`` is
#: the final state.
GAMES, PLAY_TIMED = _discover()


def make(name: object, **options: object) -> ReferenceGame:
    """The reference implementation of game ``name`` with ``options``."""
    if not isinstance(name, str):
        raise TypeError(f"game name must be a str, got {type(name).__name__}")
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(sorted(GAMES))})")
    return GAMES[name](**options)
