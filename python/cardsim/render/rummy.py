"""Rummy: the melds on the table, stock and discard pile, and the hands."""

from __future__ import annotations

from .._typing import KnownJSON
from ._svg import CARD_H, CARD_W, Canvas, hands

#: Deal scores count the cards left in the hands, which a seat cannot see.
#: The games this module draws, by registered name.
GAMES = ("rummy",)
PUBLIC_SCORES = False


def draw(c: Canvas, view: KnownJSON, top: float, player: int | None) -> None:
    """Table info, stock and discard pile (top last), the melds, then one row per hand."""
    x0, y = 10, top + 12
    info = f"phase {view['phase']}, dealer seat {view['dealer']}, turn {view['turn']}"
    if "totals" in view:
        info += f"; deal {view['deal']}, match totals " + ", ".join(map(str, view["totals"]))
    if view["call"]:
        info += f"; rummy called on seat {view['call']['discarder']}'s discard"
    if view["went_out"] is not None:
        info += f"; seat {view['went_out']} went out" + (" (rummy)" if view["rummy"] else "")
    c.text(x0, y, info, size=12)
    y += 10
    stock = view["stock_size"] if "stock_size" in view else len(view["stock"])
    c.text(x0, y + CARD_H + 14, f"stock {stock}", size=10, colour="#444")
    c.back(x0, y, stock) if stock else c.card(x0, y, None)
    c.text(
        x0 + CARD_W + 16, y + CARD_H + 14, "discard pile (top on the right)", size=10, colour="#444"
    )
    c.fan(x0 + CARD_W + 16, y, list(view["discard_pile"]), step=14)
    y += CARD_H + 30
    c.text(x0, y, f"melds ({len(view['melds'])})", size=11, bold=True)
    y += 6
    mx, row_h = x0, CARD_H + 22
    for meld in view["melds"]:
        width = CARD_W + 14 * (len(meld["cards"]) - 1)
        if mx + width > 620:
            mx, y = x0, y + row_h
        c.fan(mx, y, list(meld["cards"]), step=14)
        by = sorted(set(meld["by"]))
        c.text(
            mx,
            y + CARD_H + 12,
            f"{meld['kind']} by {','.join(map(str, by))}",
            size=9,
            colour="#444",
        )
        mx += width + 14
    y += row_h + 6
    y = hands(c, x0, y, view)
    if "stock" in view:  # the full view: the stock's cards, bottom first (top last)
        c.text(x0, y + 12, "stock, top last", size=11, bold=True)
        c.fan(x0, y + 18, list(view["stock"]), step=9, down=True)
