"""The Wall: upper row, lower row, reserve, stock, waste, discards and the eight foundations."""

from __future__ import annotations

from .._typing import KnownJSON
from ._svg import CARD_H, CARD_W, GAP, Canvas

#: A patience: the score is the cards on the foundations.
#: The games this module draws, by registered name.
GAMES = ("the_wall",)
PUBLIC_SCORES = True

_FAN = 16


def draw(c: Canvas, view: KnownJSON, top: float, player: int | None) -> None:
    """Foundations on top, the upper row (with the reserve) and the lower row fanned
    down, then stock, waste and the discard piles."""
    x0, y = 10, top + 14
    step = CARD_W + GAP
    c.text(x0, y, f"foundations ({view['on_foundations']} cards)", size=11, bold=True)
    for i, f in enumerate(view["foundations"]):
        c.pile(x0 + i * step, y + 6, list(f))
    y += CARD_H + 58
    c.text(x0, y, "upper row", size=11, bold=True)
    for i, pile in enumerate(view["upper"]):
        c.pile(x0 + i * step, y + 6, list(pile))
    rx = x0 + 5 * step
    reserve = view["reserve_count"] if "reserve_count" in view else len(view["reserve"])
    c.text(rx, y, "reserve", size=11, bold=True)
    if view.get("reserve"):
        c.fan(rx, y + 6, list(view["reserve"]), step=14, down=True)
    else:
        c.back(rx, y + 6, reserve) if reserve else c.card(rx, y + 6, None)
    y += CARD_H + 34
    c.text(x0, y, "lower row", size=11, bold=True)
    deepest = 0
    for i, pile in enumerate(view["lower"]):
        c.fan(x0 + i * step, y + 6, list(pile), step=_FAN, vertical=True)
        deepest = max(deepest, len(pile))
    y += CARD_H + _FAN * max(deepest - 1, 0) + 30
    stock = view["stock_count"] if "stock_count" in view else len(view["stock"])
    c.text(x0, y, "stock", size=11, bold=True)
    c.back(x0, y + 6, stock) if stock else c.card(x0, y + 6, None)
    c.text(x0 + step, y, "waste", size=11, bold=True)
    c.pile(x0 + step, y + 6, list(view["waste"]))
    if view["discards"]:
        dx = x0 + 3 * step
        c.text(dx, y, "discard piles", size=11, bold=True)
        for i, pile in enumerate(view["discards"]):
            c.fan(dx + i * step, y + 6, list(pile), step=_FAN, vertical=True)
    c.text(x0, y + CARD_H + 28, f"moves {view['moves']}", size=11)
    if "stock" in view:  # the full view: the stock's cards, top last
        deep = max([len(d) for d in view["discards"]] + [1])
        sy = y + max(CARD_H + 40, CARD_H + _FAN * (deep - 1) + 16)
        c.text(x0, sy, "stock, top last", size=11, bold=True)
        c.fan(x0, sy + 6, list(view["stock"]), step=8, down=True)
