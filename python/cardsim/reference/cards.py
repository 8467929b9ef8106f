"""Cards as the rules write them.

A card is the text itself, e.g. ``"TH"``; ``"JK"`` is a joker. The reference
works on these strings directly, so its state reads like the rules.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rng import GameRng

__all__ = [
    "JOKER",
    "RANKS",
    "SUITS",
    "canonical_card_words",
    "canonical_deck",
    "check_deck",
    "check_packs",
    "colour",
    "full_pack",
    "normalize_card",
    "rank",
    "shuffled_packs",
    "suit",
]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
JOKER = "JK"


def full_pack() -> list[str]:
    """The 52 cards in the order a seeded shuffle starts from: clubs A..K, then D, H, S."""
    return [r + s for s in SUITS for r in RANKS]


def rank(card: str) -> int:
    """A=1 .. K=13."""
    return RANKS.index(card[0]) + 1


def suit(card: str) -> str:
    return card[1]


def colour(card: str) -> str:
    return "red" if card[1] in "HD" else "black"


def normalize_card(text: object) -> str:
    """Reads ``"TH"``, ``"10h"`` or ``"jk"``; raises ValueError naming anything else."""
    if not isinstance(text, str):
        raise TypeError(f"a card must be a str, got {type(text).__name__}")
    t = text.upper()
    if t == JOKER:
        return t
    if len(t) == 3 and t.startswith("10"):
        t = "T" + t[2]
    if len(t) == 2 and t[0] in RANKS and t[1] in SUITS:
        return t
    raise ValueError(
        f"unknown card {text!r} (expected rank A23456789TJQK or 10, then suit CDHS, or JK)"
    )


_WORD = re.compile(r"[A-Za-z0-9]+")


def canonical_card_words(text: str) -> str:
    """``text`` with every word (a run of letters and digits) that reads as a card
    written the canonical way (``"10h"`` -> ``"TH"``); other words unchanged."""

    def fix(m: re.Match[str]) -> str:
        word = m.group(0)
        try:
            return normalize_card(word)
        except ValueError:
            return word

    return _WORD.sub(fix, text)


def check_deck(deck: object, expected: Iterable[str], game: str) -> list[str]:
    """Checks an explicit deal: a sequence of card strings holding exactly ``expected``."""
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
        raise TypeError(f"deck must be a list of card strings, got {type(deck).__name__}")
    cards = []
    for i, text in enumerate(deck):
        if not isinstance(text, str):
            raise TypeError(f"deck position {i} must be a str, got {type(text).__name__}")
        try:
            cards.append(normalize_card(text))
        except ValueError as e:
            raise ValueError(f"deck position {i}: {e}") from None
    want = Counter(expected)
    if len(cards) != sum(want.values()):
        raise ValueError(f"{game} needs a deck of {sum(want.values())} cards, got {len(cards)}")
    have = Counter(cards)
    # The most telling problem first: a stranger, then a duplicate, then a gap.
    for card in have:
        if want[card] == 0:
            raise ValueError(f"{game} does not use {card}, but the deck holds it")
    for too_many in (True, False):
        for card in sorted(want, key=canonical_index):
            if (have[card] > want[card]) if too_many else (have[card] < want[card]):
                raise ValueError(
                    f"the deck holds {card} {_times(have[card])},"
                    f" {game} uses it {_times(want[card])}"
                )
    return cards


def canonical_index(card: str) -> int:
    """The core's card id: suit-major (C, D, H, S), rank within; the joker last."""
    return 52 if card == JOKER else SUITS.index(card[1]) * 13 + RANKS.index(card[0])


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"


def canonical_deck(packs: int = 1, jokers: int = 0) -> list[str]:
    """The order a seeded shuffle of a multi-pack deck starts from: each card of
    ``full_pack()`` repeated ``packs`` times in a row, then the jokers."""
    return [c for c in full_pack() for _ in range(packs)] + [JOKER] * jokers


def shuffled_packs(rng: GameRng, players: int) -> list[str]:
    """Each player's own pack, shuffled in turn from one stream, one after another
    (the seeded deal of the games where every player has a pack)."""
    deck: list[str] = []
    for _ in range(players):
        pack = full_pack()
        rng.shuffle(pack)
        deck += pack
    return deck


def check_packs(deck: object, players: int, game: str) -> list[str]:
    """Checks an explicit deal of ``players`` packs, each a full 52, one after another."""
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
        raise TypeError(f"deck must be a list of card strings, got {type(deck).__name__}")
    n = 52 * players
    if len(deck) != n:
        each = " (each player's 52, one after another)" if players > 1 else ""
        raise ValueError(f"{game} needs a deck of {n} cards{each}, got {len(deck)}")
    if players == 1:
        return check_deck(deck, full_pack(), game)
    out: list[str] = []
    for p in range(players):
        out += check_deck(
            list(deck[52 * p : 52 * (p + 1)]), full_pack(), f"{game} (player {p}'s pack)"
        )
    return out
