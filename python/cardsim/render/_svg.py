"""Shared drawing pieces: an SVG canvas, cards face up and face down, counts.

Every string that reaches the drawing goes through ``escape``, so a card or
label from a record (data from elsewhere) can never inject markup.
"""

from __future__ import annotations

from html import escape as _escape

from .._typing import KnownJSON

__all__ = ["CARD_H", "CARD_W", "GAP", "Canvas", "PlacedStr", "escape", "placed", "suit_colour"]

#: Card size and spacing, in SVG user units (pixels at 100%).
CARD_W = 34
CARD_H = 48
GAP = 6

_SUIT_SYMBOL = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
_RED = "#c0102a"
_BLACK = "#111111"
_FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"


def escape(value: object) -> str:
    """``value`` as text safe inside SVG/HTML content and attribute values."""
    return _escape(str(value), quote=True)


def suit_colour(card: str) -> str:
    """Red for diamonds and hearts, black for clubs, spades and jokers."""
    return _RED if len(card) == 2 and card[1] in "DH" else _BLACK


class PlacedStr(str):
    """A text of the drawn view that knows where it lies there: ``place``, its key
    path (every dict key and list index on the way, ``/players/1/line/2/0``).
    A card drawn from one carries the path as ``data-place``, so the page tells
    two cards of one name apart (two decks, or each player's own deck)."""

    place: str


def placed(value: object, path: str = "") -> object:
    """``value`` (a view: dicts, lists, texts, numbers) with every text a
    ``PlacedStr`` that knows its key path; all else as it was."""
    if isinstance(value, dict):
        return {k: placed(v, f"{path}/{k}") for k, v in value.items()}
    if isinstance(value, list):
        return [placed(v, f"{path}/{i}") for i, v in enumerate(value)]
    if isinstance(value, str):
        text = PlacedStr(value)
        text.place = path
        return text
    return value


def _card_label(card: str) -> tuple[str, str]:
    """(rank, suit symbol) of a card text like ``TH`` or ``JK``."""
    if card == "JK":
        return "JK", "\u2605"
    if len(card) == 2 and card[1] in _SUIT_SYMBOL:
        rank = "10" if card[0] == "T" else card[0]
        return rank, _SUIT_SYMBOL[card[1]]
    return card, ""


class Canvas:
    """An SVG document under construction; ``str(canvas)`` closes it."""

    def __init__(self, title: str) -> None:
        self.parts: list[str] = []
        self.width = 0.0
        self.height = 0.0
        self.title = title

    def _grow(self, x: float, y: float) -> None:
        self.width = max(self.width, x)
        self.height = max(self.height, y)

    def text(
        self,
        x: float,
        y: float,
        value: object,
        size: int = 12,
        colour: str = "#000",
        bold: bool = False,
        anchor: str = "start",
        cls: str = "",
    ) -> None:
        """A line of text with its baseline at y."""
        weight = ' font-weight="bold"' if bold else ""
        klass = f' class="{escape(cls)}"' if cls else ""
        self.parts.append(
            f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{colour}"'
            f' text-anchor="{anchor}"{weight}{klass}>{escape(value)}</text>'
        )
        self._grow(x + (0 if anchor != "start" else 0.62 * size * len(str(value))), y + 4)

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: str = "none",
        stroke: str = "#888",
        dash: bool = False,
        radius: float = 3,
    ) -> None:
        """A rectangle (a place, a pile outline, a background)."""
        d = ' stroke-dasharray="3,2"' if dash else ""
        self.parts.append(
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{radius:g}"'
            f' fill="{fill}" stroke="{stroke}"{d}/>'
        )
        self._grow(x + w, y + h)

    def card(
        self, x: float, y: float, card: str | None, highlight: bool = False, down: bool = False
    ) -> None:
        """A face-up card (rank and suit in its colour), or an empty place for None.

        ``down=True`` draws a card that lies face down in play but is shown in
        the full view: its face on a grey-blue ground."""
        if card is None:
            self.rect(x, y, CARD_W, CARD_H, stroke="#bbb", dash=True)
            return
        # The view's key path of this card, when the caller drew from a placed view.
        place = f' data-place="{escape(card.place)}"' if isinstance(card, PlacedStr) else ""
        card = str(card)
        rank, suit = _card_label(card)
        colour = suit_colour(card)
        stroke = "#e0a000" if highlight else "#555"
        fill, klass = ("#c9d3e6", "card down") if down else ("#fff", "card")
        self.parts.append(
            f'<g class="{klass}" data-card="{escape(card)}"{place}>'
            f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="3"'
            f' fill="{fill}" stroke="{stroke}" stroke-width="{2 if highlight else 1}"/>'
            f'<text x="{x + 2:g}" y="{y + 13:g}" font-size="12" font-weight="bold"'
            f' fill="{colour}" letter-spacing="-1">{escape(rank)}</text>'
            f'<text x="{x + 3:g}" y="{y + 25:g}" font-size="11" fill="{colour}">'
            f"{escape(suit)}</text>"
            # The suit again at the top right: a card in a column shows only its top strip.
            f'<text x="{x + CARD_W - 3:g}" y="{y + 12:g}" font-size="10" fill="{colour}"'
            f' text-anchor="end">{escape(suit)}</text>'
            f'<text x="{x + CARD_W / 2 + 4:g}" y="{y + 42:g}" font-size="18" fill="{colour}"'
            f' text-anchor="middle">{escape(suit)}</text></g>'
        )
        self._grow(x + CARD_W, y + CARD_H)

    def back(self, x: float, y: float, count: int | None = None) -> None:
        """A face-down card; with ``count``, a face-down pile showing how many cards it holds."""
        self.parts.append(
            f'<g class="back"><rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="3"'
            f' fill="#2b4c8c" stroke="#1a2f57"/>'
            f'<rect x="{x + 3:g}" y="{y + 3:g}" width="{CARD_W - 6}" height="{CARD_H - 6}"'
            f' rx="2" fill="none" stroke="#8fa8d8"/></g>'
        )
        if count is not None:
            self.parts.append(
                f'<text x="{x + CARD_W / 2:g}" y="{y + CARD_H / 2 + 5:g}" font-size="13"'
                f' fill="#fff" text-anchor="middle" font-weight="bold">{escape(count)}</text>'
            )
        self._grow(x + CARD_W, y + CARD_H)

    def pile(self, x: float, y: float, cards: list[str], label: str = "") -> None:
        """A squared pile seen from above: each card 2 units below the one under it,
        so the top (the last) shows whole and the pile's thickness its size."""
        if not cards:
            self.card(x, y, None)
        for i, card in enumerate(cards):
            self.card(x, y + 2 * i, card)
        if label or len(cards) > 1:
            self.text(
                x,
                y + 2 * max(len(cards) - 1, 0) + CARD_H + 12,
                f"{label} {len(cards)}".strip(),
                size=10,
                colour="#444",
            )

    def fan(
        self,
        x: float,
        y: float,
        cards: list[str],
        step: float = 14,
        vertical: bool = False,
        down: bool = False,
        up_last: bool = False,
    ) -> float:
        """Cards overlapped in a row (or column); returns the far edge. ``down``
        marks them face down (full view); ``up_last`` keeps the last one face up."""
        for i, c in enumerate(cards):
            d = down and not (up_last and i == len(cards) - 1)
            if vertical:
                self.card(x, y + i * step, c, down=d)
            else:
                self.card(x + i * step, y, c, down=d)
        if not cards:
            self.card(x, y, None)
            return (y if vertical else x) + (CARD_H if vertical else CARD_W)
        n = len(cards) - 1
        return (y + n * step + CARD_H) if vertical else (x + n * step + CARD_W)

    def backs(self, x: float, y: float, n: int, step: float = 8) -> float:
        """``n`` face-down cards overlapped in a row (a hidden hand); returns the far edge."""
        shown = min(n, 12)
        for i in range(shown):
            self.back(x + i * step, y)
        if n == 0:
            self.card(x, y, None)
            return x + CARD_W
        right = x + (shown - 1) * step + CARD_W
        self.text(right + 4, y + CARD_H / 2 + 4, f"\u00d7{n}", size=11, colour="#333")
        return right + 30

    def __str__(self) -> str:
        w, h = int(self.width + 10), int(self.height + 10)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}"'
            f' viewBox="0 0 {w} {h}" font-family="{_FONT}">'
            f"<title>{escape(self.title)}</title>"
            f'<rect x="0" y="0" width="{w}" height="{h}" fill="#f4f7f2"/>'
            + "".join(self.parts)
            + "</svg>"
        )


def hands(c: Canvas, x: float, y: float, view: KnownJSON, step: float = 16) -> float:
    """Every seat's hand, one row each: all cards in the full view (``hands``),
    in a seat's view its own cards (``hand``) and the others face down with
    their count (``hand_sizes``). Returns the y below the last row."""
    if "hands" in view:
        rows: list[tuple[list[str] | None, int]] = [(list(h), len(h)) for h in view["hands"]]
    else:
        me = view["player"]
        rows = [
            (list(view["hand"]) if p == me else None, n) for p, n in enumerate(view["hand_sizes"])
        ]
    for p, (cards, n) in enumerate(rows):
        who = " (you)" if view.get("player") == p else ""
        c.text(x, y + 28, f"seat {p}{who}", size=11, bold=True)
        if cards is None:
            c.backs(x + 84, y, n)
        else:
            c.fan(x + 84, y, cards, step=step)
        y += CARD_H + 10
    return y
