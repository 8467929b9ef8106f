"""Stack Gap: the five levels of the wall (level 1 at the bottom), hands, rubble, draw pile."""

from __future__ import annotations

from .._typing import KnownJSON
from ._svg import CARD_H, CARD_W, GAP, Canvas, hands

#: The scores are the wall's points, open to everyone.
#: The games this module draws, by registered name.
GAMES = ("stack_gap",)
PUBLIC_SCORES = True


def draw(c: Canvas, view: KnownJSON, top: float, player: int | None) -> None:
    """A pyramid: each level sits in the gaps of the one below; a joker shows its value."""
    wall = view["wall"]
    x0, y0 = 40, top + 10
    levels = len(wall)
    for lvl in range(levels - 1, -1, -1):
        y = y0 + (levels - 1 - lvl) * (CARD_H + 18)
        shift = lvl * (CARD_W + GAP) / 2
        c.text(x0 - 30, y + CARD_H / 2 + 4, f"L{lvl + 1}", size=11, colour="#444")
        for i, slot in enumerate(wall[lvl]):
            x = x0 + shift + i * (CARD_W + GAP)
            if slot is None:
                c.card(x, y, None)
            else:
                c.card(x, y, slot["card"])
                if slot["card"] == "JK":
                    c.text(
                        x + CARD_W / 2,
                        y + CARD_H + 11,
                        f"= {slot['value']}",
                        size=10,
                        anchor="middle",
                    )
    x = x0 + 5 * (CARD_W + GAP) + 30
    draw_pile = view["draw_pile_size"] if "draw_pile_size" in view else len(view["draw_pile"])
    c.text(x, y0 + 12, f"draw pile: {draw_pile} cards", size=12)
    c.back(x, y0 + 20, draw_pile) if draw_pile else c.card(x, y0 + 20, None)
    if view["ending"]:
        by = "" if view["ended_by"] is None else f" (seat {view['ended_by']})"
        c.text(x, y0 + 90, f"ended: {view['ending']}{by}", size=12, bold=True)
    y = y0 + levels * (CARD_H + 18) + 6
    y = hands(c, x0 - 30, y, view)
    for p, rubble in enumerate(view["rubble"]):
        c.text(x0 - 30, y + 28, f"rubble {p}", size=11, bold=True)
        c.fan(x0 + 40, y, list(rubble), step=16)
        y += CARD_H + 10
    if "draw_pile" in view:  # the full view: the draw pile's cards, bottom first (top last)
        c.text(x0 - 30, y + 12, "draw pile, top last", size=11, bold=True)
        c.fan(x0 - 30, y + 18, list(view["draw_pile"]), step=9, down=True)
