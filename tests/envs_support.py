"""What the adapter tests share: the games they run on and a few helpers.

Every registered game is covered (a game merged later is picked up with no
edit); the toy "snap race" (toy_games.py) adds a simultaneous game and a
two-player turn-based game with decisions, whatever is registered.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import cardsim
from toy_games import SnapRace

#: Every registered game, by name.
GAME_NAMES = [g.name for g in cardsim.games()]
#: Move caps set for the slow checkers (random play can run to a game's cap).
FAST_CAP = 150
#: A cap counting turns (several decisions each) is lowered to this instead.
FAST_TURN_CAP = 60
#: Matches play this many deals at most.
FAST_DEALS = 2


def fast_options(name: str) -> dict[str, Any]:
    """Options that keep random play short: the game's move cap, if it has one,
    lowered to FAST_CAP (FAST_TURN_CAP when the cap counts turns of several
    decisions), and a match's deals to FAST_DEALS (truncation is part of what the
    adapters must handle)."""
    out: dict[str, Any] = {}
    for spec in next(g for g in cardsim.games() if g.name == name).options:
        lo, hi = spec.get("range", (0, -1))
        cap = None
        if spec["name"] == "move_cap":
            per_unit = cardsim.make(name, move_cap=1).traits.max_decisions
            cap = FAST_CAP if per_unit == 1 else FAST_TURN_CAP
        elif spec["name"] == "max_deals" and cardsim.make(name).traits.match:
            cap = FAST_DEALS  # a match option: refused without match=True
        if cap is not None and lo <= cap <= hi and spec["default"] > cap:
            out[spec["name"]] = cap
    return out


def toy(simultaneous: bool = True, players: int = 2) -> SnapRace:
    return SnapRace(simultaneous=simultaneous, players=players)


def toy_turns(**options: Any) -> SnapRace:
    """The toy with turns (a factory for OpenSpiel registration)."""
    return SnapRace(**{"simultaneous": False, **options})


def toy_seeded(**options: Any) -> SnapRace:
    """The toy with turns, dealt from 40 of the 52 cards (a factory for OpenSpiel)."""
    return SnapRace(**{"simultaneous": False, "cards": 40, **options})


def random_steps(state: Any, rng: np.random.Generator, steps: int) -> Any:
    """Plays up to ``steps`` uniformly random legal actions on ``state``."""
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    return state
