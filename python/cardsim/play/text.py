"""A seat's view for the terminal, laid out as the drawing lays it out: the SVG
of ``cardsim.render.svg(state, player=seat)`` read back and set on a grid of
characters. Each text of the drawing stays where it was; each card becomes its
name (``QS``, ``TD``, ``JK``) at its place; a face-down card is ``##`` (with a
pile's count, ``#33``). A squared pile shows its top card only, as the
drawing does, and a fanned hand or a column shows each card. Since the SVG is
drawn from ``observation(seat)`` alone, so is this text.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from ..render import svg
from .session import PlayState

__all__ = ["COLUMN_PX", "ROW_PX", "layout", "seat_view"]

#: Drawing units per character: a column (about one letter of 12-unit text)
#: and a row (about one line of the drawings' text).
COLUMN_PX = 7.0
ROW_PX = 14.0

_NS = "{http://www.w3.org/2000/svg}"
# Cards closer than this (in both directions) lie squared in one pile: only the
# top one (drawn last) shows.
_SQUARED = 6.0


@dataclass
class _Item:
    x: float  # left edge, drawing units
    y: float  # where it reads, drawing units
    text: str


def _f(el: ET.Element, name: str) -> float:
    return float(el.get(name, "0"))


def _items(root: ET.Element) -> list[_Item]:
    items: list[_Item] = []
    cards: list[tuple[float, float, str]] = []
    backs: list[tuple[float, float, float, float]] = []
    for el in root.iter():
        tag = el.tag.removeprefix(_NS)
        cls = el.get("class", "")
        if tag == "g" and (cls == "card" or cls.startswith("card ")):
            rect = el.find(f"{_NS}rect")
            if rect is not None:
                cards.append((_f(rect, "x"), _f(rect, "y"), el.get("data-card", "??")))
        elif tag == "g" and cls == "back":
            rect = el.find(f"{_NS}rect")
            if rect is not None:
                x, y = _f(rect, "x"), _f(rect, "y")
                backs.append((x, y, x + _f(rect, "width"), y + _f(rect, "height")))
    inside = {id(t) for g in root.iter(f"{_NS}g") for t in g.iter(f"{_NS}text")}
    counts: dict[int, str] = {}
    for el in root.iter(f"{_NS}text"):
        if id(el) in inside:
            continue  # a card's own rank and suit: the card's name stands for them
        value = "".join(el.itertext()).strip()
        if not value:
            continue
        x, y = _f(el, "x"), _f(el, "y")
        hit = next(
            (i for i, (x0, y0, x1, y1) in enumerate(backs) if x0 <= x <= x1 and y0 <= y <= y1),
            None,
        )
        if hit is not None:
            counts[hit] = value  # a face-down pile's count, written on its back
            continue
        width = len(value) * COLUMN_PX
        anchor = el.get("text-anchor", "start")
        left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
        items.append(_Item(left, y, value))
    for i, (x, y, card) in enumerate(cards):
        covered = any(
            abs(x2 - x) < _SQUARED and abs(y2 - y) < _SQUARED for x2, y2, _ in cards[i + 1 :]
        )
        if not covered:
            items.append(_Item(x + 2, y + 12, card))  # where the card's rank reads
    for i, (x0, y0, _, _) in enumerate(backs):
        squared = any(
            abs(x2 - x0) < _SQUARED and abs(y2 - y0) < _SQUARED for x2, y2, _, _ in backs[i + 1 :]
        )
        if not squared or i in counts:
            items.append(_Item(x0 + 2, y0 + 12, "#" + counts.get(i, "#")))
    return items


def layout(drawing: str) -> str:
    """The drawing (an SVG document of ``cardsim.render``) as lines of text."""
    root = ET.fromstring(drawing)
    rows: dict[int, list[_Item]] = {}
    for item in _items(root):
        rows.setdefault(round(item.y / ROW_PX), []).append(item)
    lines: list[str] = []
    for r in range(max(rows, default=-1) + 1):
        line = ""
        for item in sorted(rows.get(r, []), key=lambda it: it.x):
            col = max(round(item.x / COLUMN_PX), len(line) + 1 if line else 0)
            line = line.ljust(col) + item.text
        if line or (lines and lines[-1]):
            lines.append(line)  # one blank line at most between two of text
    # The drawing's margin is no use on a terminal.
    margin = min((len(x) - len(x.lstrip()) for x in lines if x), default=0)
    return "\n".join(x[margin:] for x in lines).rstrip("\n")


def seat_view(state: PlayState, seat: int) -> str:
    """What ``seat`` may see of ``state``, laid out as its drawing."""
    return layout(svg(state, player=seat))
