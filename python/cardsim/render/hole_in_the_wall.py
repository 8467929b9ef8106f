"""Hole in the Wall: the wall (rows bottom up, holes dark), hands, stock and points."""

from __future__ import annotations

from .._typing import KnownJSON
from ._svg import CARD_H, CARD_W, GAP, Canvas, hands

#: Placement points are public; the hands are not, but scores do not depend on them.
#: The games this module draws, by registered name.
GAMES = ("hole_in_the_wall",)
PUBLIC_SCORES = True


def draw(c: Canvas, view: KnownJSON, top: float, player: int | None) -> None:
    """The wall with row numbers (row 0, the base, at the bottom), then the seats."""
    rows = view["display"]
    holes = {tuple(h) for h in view["holes"]}
    placed = {tuple(h) for h in view["placed_this_turn"]}
    x0, y0 = 34, top + 10
    n = len(rows)
    for r in range(n - 1, -1, -1):
        y = y0 + (n - 1 - r) * (CARD_H + GAP)
        c.text(x0 - 14, y + CARD_H / 2 + 4, r, size=11, colour="#444", anchor="middle")
        for col, card in enumerate(rows[r]):
            x = x0 + col * (CARD_W + GAP)
            if (r, col) in holes:
                c.rect(x, y, CARD_W, CARD_H, fill="#3a3a3a", stroke="#000")
                c.text(
                    x + CARD_W / 2,
                    y + CARD_H / 2 + 4,
                    "hole",
                    size=9,
                    colour="#fff",
                    anchor="middle",
                )
            else:
                c.card(x, y, card, highlight=(r, col) in placed)
    y = y0 + n * (CARD_H + GAP) + 8
    x = x0 + 7 * (CARD_W + GAP) + 24
    stock = view["stock_size"] if "stock_size" in view else len(view["stock"])
    c.text(
        x,
        y0 + 12,
        f"deal {view['deal']}, dealer seat {view['dealer']}, turns {view['turns']}",
        size=12,
    )
    c.text(x, y0 + 30, f"stock: {stock} cards", size=12)
    c.back(x, y0 + 38, stock) if stock else c.card(x, y0 + 38, None)
    c.text(x, y0 + 106, f"holes worth {view['hole_points']} to the dealer", size=12)
    pts = view["placement_points"]
    c.text(x, y0 + 124, "placement points: " + ", ".join(map(str, pts)), size=12)
    if any(view["match_points"]):
        c.text(x, y0 + 142, "match points: " + ", ".join(map(str, view["match_points"])), size=12)
    y = hands(c, x0, y, view)
    if "stock" in view:  # the full view: the stock's cards, bottom first (top last)
        c.text(x0, y + 12, "stock, top last", size=11, bold=True)
        c.fan(x0, y + 18, list(view["stock"]), step=9, down=True)
