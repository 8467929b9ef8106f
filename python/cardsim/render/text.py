"""A plain-text view of what one seat may see (terminal play, "ansi" rendering).

Built from ``observation(p)`` only, never from the full state, so it cannot
show a card the seat does not see. Lists of cards print as one line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..contract.constants import SIMULTANEOUS, TERMINAL
from .status import check_player, status

if TYPE_CHECKING:
    from ..records.format import RecordedState

__all__ = ["text"]


def _fmt(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} {_fmt(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        if all(isinstance(v, str) for v in value):
            return " ".join(value) if value else "(none)"
        flat = not any(isinstance(v, (list, dict)) for v in value)
        return "[" + (", " if flat else " | ").join(_fmt(v) for v in value) + "]"
    return str(value)


def _lines(key: str, value: object, indent: str) -> list[str]:
    # A list of dicts (players, wall levels, melds) gets one line per entry.
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        out = [f"{indent}{key}:"]
        for i, v in enumerate(value):
            out.append(f"{indent}  {i}: " + ", ".join(f"{k} {_fmt(x)}" for k, x in v.items()))
        return out
    return [f"{indent}{key}: {_fmt(value)}"]


def text(state: object, player: object) -> str:
    """What seat ``player`` may see, as lines of text, with whose turn it is."""
    if not callable(getattr(state, "observation", None)) or not hasattr(state, "game"):
        raise TypeError(f"text needs a game state, got {type(state).__name__}")
    return _text(cast("RecordedState", state), player)


def _text(state: RecordedState, player: object) -> str:
    p = check_player(state, player)
    if p is None:
        raise TypeError("text needs a seat (an int): it shows one seat's view only")
    obs = state.observation(p)
    cp = state.current_player()
    if cp == p:
        turn = "your turn"
    elif cp in (SIMULTANEOUS, TERMINAL):
        turn = status(state)
    else:
        turn = f"seat {cp} to play"
    lines = [f"{state.game.name}, seat {p}'s view ({turn})"]
    for key, value in obs.items():
        if key in ("player", "current_player"):
            continue
        lines += _lines(key, value, "  ")
    return "\n".join(lines)
