"""The contract every game keeps, on both backends: its errors, the player ids
that are not seats, the traits and the typing Protocols of games and states.

Nothing here imports the rest of the package, so every other wing may import it.
"""

from __future__ import annotations

from .constants import MAX_PLAYERS, SIMULTANEOUS, TERMINAL
from .errors import IllegalActionError
from .protocols import Game, State
from .traits import GameTraits

__all__ = [
    "MAX_PLAYERS",
    "SIMULTANEOUS",
    "TERMINAL",
    "Game",
    "GameTraits",
    "IllegalActionError",
    "State",
]
