"""Clock (and Clock Duel): each player's 13 piles laid out as a clock face.

Piles 1..12 sit at their hour, pile 13 (the kings) in the centre. Each shows
its face-down cards as one back with their count and the cards tucked face up
fanned below; the pile the next card is turned from is ringed.
"""

from __future__ import annotations

import math

from .._typing import KnownJSON
from ._svg import CARD_H, CARD_W, Canvas

#: Everything in Clock is a count of face-up cards, so scores are public.
#: The games this module draws, by registered name.
GAMES = ("clock", "clock_duel")
PUBLIC_SCORES = True

_NAMES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
_RADIUS = 195
_FAN = 10


def _pile(
    c: Canvas,
    x: float,
    y: float,
    down: int,
    up: list[str],
    label: str,
    next_: bool,
    hidden: list[str] | None,
) -> None:
    if next_:
        c.rect(
            x - 4,
            y - 4,
            CARD_W + 8,
            CARD_H + 8 + _FAN * max(len(up) - 1, 0) + 4,
            stroke="#e0a000",
            radius=5,
        )
    if hidden:  # the full view: the face-down cards themselves, bottom first
        c.fan(x - 6, y - 3, hidden, step=3, down=True)
    elif down:
        c.back(x, y, down)
    for i, card in enumerate(up):
        c.card(x + (6 if down else 0), y + (14 if down else 0) + i * _FAN, card)
    if not down and not up:
        c.card(x, y, None)
    c.text(x + CARD_W / 2, y - 7, label, size=10, colour="#444", anchor="middle")


def draw(c: Canvas, view: KnownJSON, top: float, player: int | None) -> None:
    """Draws every player's clock side by side."""
    size = 2 * _RADIUS + CARD_W + 60
    for p, seat in enumerate(view["players"]):
        ox = 10 + p * (size + 20)
        cx, cy = ox + size / 2, top + 30 + _RADIUS + CARD_H / 2
        you = " (you)" if player == p else ""
        status = "stopped" if seat["stopped"] else f"next from pile {_NAMES[seat['next_pile'] - 1]}"
        c.text(
            ox, top + 12, f"seat {p}{you}: {seat['turned']} turned, {status}", size=12, bold=True
        )
        downs = (
            seat["face_down_count"]
            if "face_down_count" in seat
            else [len(pile) for pile in seat["face_down"]]
        )
        for i in range(13):
            if i == 12:
                x, y = cx - CARD_W / 2, cy - CARD_H / 2
            else:
                angle = math.radians(30 * (i + 1))
                x = cx + _RADIUS * math.sin(angle) - CARD_W / 2
                y = cy - _RADIUS * math.cos(angle) - CARD_H / 2
            hidden = seat["face_down"][i] if "face_down" in seat else None
            _pile(
                c, x, y, downs[i], seat["face_up"][i], _NAMES[i], seat["next_pile"] == i + 1, hidden
            )
        c._grow(ox + size, cy + _RADIUS + CARD_H + 60)
