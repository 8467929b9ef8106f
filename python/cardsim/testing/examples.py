"""A worked example, shipped with cardsim: Clock Patience written from its rules alone
(docs/rules/clock.md), as a port of a game would be, to be checked with
``check_lockstep(ClockPatience, "clock")``. docs/testing.md walks through it.

Rules: the 52 cards are dealt face down to 13 piles, card i to pile (i mod 13) + 1, the
last card dealt to a pile on top; piles 1..12 are the hours A..Q, pile 13 the centre
(kings). Turn the top face-down card of the centre, tuck it face up under the pile of
its rank, turn the top face-down card of that pile, and so on, until the pile to turn
from has no face-down card left. The score is the number of cards turned face up.

It uses nothing of cardsim's (not even its constants), as a port would not.
"""

from __future__ import annotations

__all__ = ["ClockPatience", "ClockState"]

RANKS = "A23456789TJQK"
TERMINAL = -4  # cardsim's player id of a finished game


class ClockPatience:
    """The game: ``new_game(deck=...)`` deals 52 card strings, top first."""

    def new_game(self, deck: list[str] | None = None, seed: int | None = None) -> ClockState:
        if deck is None:
            raise ValueError("this port deals explicit decks only")
        return ClockState(list(deck))


class ClockState:
    """A game in progress: face-down and face-up piles, and the pile to turn from."""

    def __init__(self, deck: list[str]) -> None:
        self.down: list[list[str]] = [[] for _ in range(13)]  # pile 1..13, bottom first
        for i, card in enumerate(deck):
            self.down[i % 13].append(card)
        self.up: list[list[str]] = [[] for _ in range(13)]  # in the order tucked
        self.pile = 13  # play starts at the centre

    def is_terminal(self) -> bool:
        return not self.down[self.pile - 1]

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else 0

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else [0]

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action!r}")
        card = self.down[self.pile - 1].pop()
        self.pile = RANKS.index(card[0]) + 1
        self.up[self.pile - 1].append(card)

    def scores(self) -> list[int]:
        return [sum(len(pile) for pile in self.up)]

    def winners(self) -> list[int]:
        return [0] if self.scores() == [52] else []

    def to_dict(self) -> dict[str, object]:
        me: dict[str, object] = {"face_down": self.down, "face_up": self.up, "next_pile": self.pile}
        me.update(turned=self.scores()[0], stopped=self.is_terminal())
        return {"current_player": self.current_player(), "players": [me]}
