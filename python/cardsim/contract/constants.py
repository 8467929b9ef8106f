"""Player ids that are not seats. The values are OpenSpiel's, so adapters map 1:1."""

from __future__ import annotations

__all__ = ["MAX_PLAYERS", "SIMULTANEOUS", "TERMINAL"]

#: ``current_player()`` of a finished game.
TERMINAL = -4
#: ``current_player()`` of a state where every player may act (a simultaneous game).
SIMULTANEOUS = -2
#: The most seats any game has.
MAX_PLAYERS = 8
