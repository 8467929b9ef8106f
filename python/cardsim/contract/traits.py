"""What a game declares about itself, the same on both backends.

Adapters (``cardsim.envs``) read ``game.traits`` instead of probing a game or
keeping per-game tables: every fact below belongs to the game and is fixed for
a configuration (its options).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["DEALS", "DYNAMICS", "GameTraits"]

#: ``dynamics`` values: one seat acts at a time, or every seat at once (an
#: action id then names its actor, and ``current_player()`` is SIMULTANEOUS).
DYNAMICS = ("sequential", "simultaneous")
#: ``deal`` values, how an explicit deck is laid out:
#: ``one_multiset``: any shuffle of the game's deck is a valid deal;
#: ``per_seat_packs``: ``num_players`` equal segments of one 52-card pack each,
#: valid exactly when each segment is a shuffle of its pack;
#: ``seeded_only``: seeded decks are not shuffles of one fixed multiset (part of
#: the deck is drawn apart), so a generic dealer deals from a seed.
DEALS = ("one_multiset", "per_seat_packs", "seeded_only")


@dataclass(frozen=True)
class GameTraits:
    """The facts an adapter needs to treat a game generically.

    ``max_decisions`` bounds the actions one game can take from the deal to the
    end (the move cap, or the rules alone, guarantee it); ``per_seat_keys``
    names the observation entries whose value is a list with one item per
    seat; ``timed``: batch runs race the players and report finishing times;
    ``match``: one game spans several deals whose scores add up.
    """

    dynamics: Literal["sequential", "simultaneous"]
    deal: Literal["one_multiset", "per_seat_packs", "seeded_only"]
    max_decisions: int
    per_seat_keys: tuple[str, ...]
    timed: bool
    match: bool

    def __post_init__(self) -> None:
        if self.dynamics not in DYNAMICS:
            raise ValueError(f"dynamics must be one of {DYNAMICS}, got {self.dynamics!r}")
        if self.deal not in DEALS:
            raise ValueError(f"deal must be one of {DEALS}, got {self.deal!r}")
        if self.max_decisions < 1:
            raise ValueError(f"max_decisions must be >= 1, got {self.max_decisions}")

    @property
    def simultaneous(self) -> bool:
        """True when every seat may act at once."""
        return self.dynamics == "simultaneous"
