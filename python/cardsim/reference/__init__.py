"""Pure-Python reference implementations of every game, written from the rules.

They follow the same state contract as the C++ core and exist to check it:
the cross-check tests drive both in lockstep. Use ``cardsim.make(name,
backend="reference")`` to get one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .base import Option, ReferenceGame, ReferenceState
from .clock import Clock, ClockDuel
from .code9 import Code9, Code9Solitaire
from .hole_in_the_wall import HoleInTheWall
from .racing_demon import RacingDemon
from .racing_demon_timed import play_timed as racing_demon_play_timed
from .rummy import Rummy
from .stack_gap import StackGap
from .the_wall import TheWall

__all__ = ["GAMES", "PLAY_TIMED", "Option", "ReferenceGame", "ReferenceState", "make"]

#: Reference game classes by registered name.
GAMES: dict[str, type[ReferenceGame]] = {
    "clock": Clock,
    "clock_duel": ClockDuel,
    "stack_gap": StackGap,
    "the_wall": TheWall,
    "code9": Code9,
    "code9_solitaire": Code9Solitaire,
    "hole_in_the_wall": HoleInTheWall,
    "racing_demon": RacingDemon,
    "rummy": Rummy,
}

#: The Python timed race of each game whose batch runs are timed
#: (``game.traits.timed``), by registered name: ``f(game, seed=, index=, policy=)``
#: repeats game ``index`` of ``cardsim.simulate(game, seed=seed)`` and returns an
#: object whose ``state`` is the final state.
PLAY_TIMED: dict[str, Callable[..., Any]] = {
    "racing_demon": racing_demon_play_timed,
}


def make(name: Any, **options: Any) -> ReferenceGame:
    """The reference implementation of game ``name`` with ``options``."""
    if not isinstance(name, str):
        raise TypeError(f"game name must be a str, got {type(name).__name__}")
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(sorted(GAMES))})")
    return GAMES[name](**options)
