"""Writing an observation tensor in the reference: a flat float32 vector, block by block.

The same building blocks as the core's writer (a card plane is 53 wide: the 52
cards in canonical order, clubs A..K, diamonds, hearts, spades, then the joker),
written from each game's documented layout ("Observation tensor" in
docs/rules/<game>.md), usually from the game's own ``observation(p)`` dict.
Fractions are worked out in double precision and rounded once to float32, as
the core does, so the two tensors agree bit for bit.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from .cards import canonical_index

__all__ = ["CARD_PLANE", "TensorWriter", "card_plane_index"]

#: Width of a card plane: 52 cards and the joker.
CARD_PLANE = 53


def card_plane_index(card: str) -> int:
    """A card's entry in a card plane: 0..51 in canonical order, 52 for the joker."""
    return canonical_index(card)


class TensorWriter:
    """Fills ``out`` (zeroed first) front to back; ``offset`` is where the next block starts."""

    def __init__(self, out: np.ndarray) -> None:
        out[:] = 0.0
        self.out = out
        self.offset = 0

    def value(self, v: float) -> None:
        """One number (a Python float is a double; numpy rounds it once to float32)."""
        self.out[self.offset] = float(v)
        self.offset += 1

    def flag(self, b: bool) -> None:
        self.value(1.0 if b else 0.0)

    def one_hot(self, i: int | None, n: int) -> None:
        """``n`` entries with entry ``i`` set; none when ``i`` is None or outside [0, n)."""
        if i is not None and 0 <= i < n:
            self.out[self.offset + i] = 1.0
        self.offset += n

    def zeros(self, n: int) -> None:
        self.offset += n

    def block(self, n: int) -> np.ndarray:
        """``n`` zeros to fill by hand (a view into ``out``)."""
        view = self.out[self.offset : self.offset + n]
        self.offset += n
        return view

    def card(self, card: str | None) -> None:
        """A card plane holding one card, or nothing for an empty place (None)."""
        self.one_hot(None if card is None else card_plane_index(card), CARD_PLANE)

    def cards(self, cards: Iterable[str]) -> None:
        """A card plane counting ``cards`` (a card held twice counts 2)."""
        for c in cards:
            self.out[self.offset + card_plane_index(c)] += 1.0
        self.offset += CARD_PLANE

    def card_order(self, cards: Iterable[str], scale: int, layers: int = 1) -> None:
        """Card planes of a list's order: its k-th card (from 0) gets (k + 1) / scale,
        in the first of ``layers`` planes where that card is not yet marked (the
        j-th copy of a card, in a game of several packs, goes to plane j)."""
        for k, c in enumerate(cards):
            i = card_plane_index(c)
            layer = next(
                j for j in range(layers) if self.out[self.offset + j * CARD_PLANE + i] == 0
            )
            self.out[self.offset + layer * CARD_PLANE + i] = (k + 1) / scale
        self.offset += layers * CARD_PLANE

    def card_slots(self, cards: Iterable[str], slots: int) -> None:
        """``slots`` card planes, the i-th holding the list's i-th card (a hand, in order)."""
        for i, c in enumerate(cards):
            if i == slots:
                raise ValueError(f"more than {slots} cards for {slots} slots")
            self.out[self.offset + i * CARD_PLANE + card_plane_index(c)] = 1.0
        self.offset += slots * CARD_PLANE
