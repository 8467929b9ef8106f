"""Racing Demon: the foundations in the centre, then each player's Pile, line, hand and waste."""

from __future__ import annotations

from .._typing import KnownJSON
from ._svg import CARD_H, CARD_W, GAP, Canvas

#: Scores count cards in the middle and left in each Pile: all open.
#: The games this module draws, by registered name.
GAMES = ("racing_demon",)
PUBLIC_SCORES = True

_FAN = 14


def draw(c: Canvas, view: KnownJSON, top: float, player: int | None) -> None:
    """Centre row of foundations (top card, owner of each card below), one row per player."""
    x0, y = 10, top + 12
    step = CARD_W + GAP
    status = f"moves {view['moves']}"
    if view["out_player"] >= 0:
        status += f", seat {view['out_player']} is OUT"
    if view["stalemate"]:
        status += ", ended in stalemate"
    c.text(x0, y, f"centre: {len(view['foundations'])} foundations; {status}", size=12, bold=True)
    y += 8
    per_row = 16
    for i, f in enumerate(view["foundations"]):
        fx, fy = x0 + (i % per_row) * step, y + (i // per_row) * (CARD_H + 50)
        cards = list(f["cards"])
        c.pile(fx, fy, cards)
        if f["claimed_by"] >= 0:
            # Below the pile's count (Canvas.pile writes it under a pile of two or more),
            # never on it: a claimed foundation holds all thirteen, its count lowest.
            count_y = fy + 2 * max(len(cards) - 1, 0) + CARD_H + 12
            y_k = count_y + 11 if len(cards) > 1 else count_y
            c.text(fx, y_k, f"K: {f['claimed_by']}", size=9, colour="#a00")
    rows = max(1, (len(view["foundations"]) + per_row - 1) // per_row)
    y += rows * (CARD_H + 50) + 12
    for p, seat in enumerate(view["players"]):
        you = " (you)" if player == p else ""
        c.text(x0, y, f"seat {p}{you}", size=12, bold=True)
        y += 6
        # The Pile: only its top is face up (the full view fans all of it, top last).
        full = "pile" in seat
        if full:
            pile, top_card = len(seat["pile"]), (seat["pile"][-1] if seat["pile"] else None)
            x = c.fan(x0, y, list(seat["pile"]), step=8, down=True, up_last=True) + GAP
        else:
            pile, top_card = seat["pile_count"], seat["pile_top"]
            c.card(x0, y, top_card)
            x = x0 + step
        c.text(x0, y + CARD_H + 12, f"Pile {pile}", size=10, colour="#444")
        x += 10
        deepest = 1
        for i, col in enumerate(seat["line"]):
            c.fan(x + i * step, y, list(col), step=_FAN, vertical=True)
            deepest = max(deepest, len(col))
        x += 4 * step + 10
        if full:
            hand, waste = len(seat["hand"]), len(seat["waste"])
            c.text(x, y + CARD_H + 12, f"hand {hand}", size=10, colour="#444")
            x = max(c.fan(x, y, list(seat["hand"]), step=8, down=True), x + 90) + 10
            c.text(
                x,
                y + CARD_H + 12,
                f"waste {waste}, turned {seat['turned']}",
                size=10,
                colour="#444",
            )
            c.fan(x, y, list(seat["waste"]), step=8, down=True, up_last=True)
        else:
            hand, waste = seat["hand_count"], seat["waste_count"]
            c.back(x, y, hand) if hand else c.card(x, y, None)
            c.text(x, y + CARD_H + 12, f"hand {hand}", size=10, colour="#444")
            x += step + 20
            c.card(x, y, seat["waste_top"])
            c.text(
                x,
                y + CARD_H + 12,
                f"waste {waste}, turned {seat['turned']}",
                size=10,
                colour="#444",
            )
        y += CARD_H + _FAN * (deepest - 1) + 26
