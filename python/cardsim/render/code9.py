"""Code 9: the 6 x 6 grid, each seat's suit and ten, captures and the cards set aside."""

from __future__ import annotations

from .._typing import KnownJSON
from ._svg import CARD_H, CARD_W, GAP, Canvas

#: Everything in Code 9 is face up.
#: The games this module draws, by registered name.
GAMES = ("code9", "code9_solitaire")
PUBLIC_SCORES = True


def draw(c: Canvas, view: KnownJSON, top: float, player: int | None) -> None:
    """Grid with row numbers and column letters; seats on the right; set-aside cards below."""
    grid = view["grid"]
    x0, y0 = 30, top + 16
    for col in range(len(grid[0])):
        c.text(
            x0 + col * (CARD_W + GAP) + CARD_W / 2,
            y0 - 4,
            "abcdef"[col],
            size=11,
            colour="#444",
            anchor="middle",
        )
    own = set(view["suits"][player]) if player is not None and view["tens"] else set()
    for r, row in enumerate(grid):
        y = y0 + r * (CARD_H + GAP)
        c.text(x0 - 14, y + CARD_H / 2 + 4, r + 1, size=11, colour="#444", anchor="middle")
        for col, card in enumerate(row):
            c.card(
                x0 + col * (CARD_W + GAP), y, card, highlight=card is not None and card[-1] in own
            )
    x = x0 + 6 * (CARD_W + GAP) + 24
    y = y0
    for p, suit in enumerate(view["suits"]):
        you = " (you)" if player == p else ""
        c.text(
            x,
            y + 12,
            f"seat {p}{you}: suit {suit}, captured {view['captured'][p]}",
            size=12,
            bold=True,
        )
        if view["tens"]:
            c.card(x, y + 18, view["tens"][p])
            c.text(x + CARD_W + 6, y + 46, "suit marker", size=10, colour="#444")
        y += CARD_H + 34
    c.text(x, y + 12, f"moves {view['moves']}, passes in a row {view['passes']}", size=11)
    y_aside = y0 + 6 * (CARD_H + GAP) + 10
    c.text(x0, y_aside + 12, f"set aside ({len(view['set_aside'])}), in order:", size=11)
    c.fan(x0, y_aside + 18, list(view["set_aside"]), step=14)
