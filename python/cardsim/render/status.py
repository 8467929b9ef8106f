"""The words every drawing shares: whose turn it is, how a game ended, which seat."""

from __future__ import annotations

from ..contract.constants import SIMULTANEOUS, TERMINAL
from ..contract.protocols import State

__all__ = ["check_player", "status"]


def check_player(state: State, player: object) -> int | None:
    """``player`` as a seat of ``state`` (None stays None), else TypeError / ValueError."""
    if player is None:
        return None
    if isinstance(player, bool) or not hasattr(player, "__index__"):
        raise TypeError(f"player must be an int or None, got {type(player).__name__}")
    p = int(player.__index__())
    n = state.num_players
    if not 0 <= p < n:
        raise ValueError(f"player must be in [0, {n}), got {p}")
    return p


def status(state: State) -> str:
    """Whose turn it is, or how the game ended, in words."""
    cp = state.current_player()
    if cp == SIMULTANEOUS:
        return "all seats play at once"
    if cp != TERMINAL:
        return f"seat {cp} to play"
    if state.is_truncated():
        return "game over: stopped by the move cap, no winner"
    if state.is_draw():
        return "game over: a draw"
    w = state.winners()
    if not w:
        return "game over: nobody won"
    return "game over: " + (f"seat {w[0]} wins" if len(w) == 1 else f"seats {w} win")
