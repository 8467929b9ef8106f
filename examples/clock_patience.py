"""Clock Patience written from its rules alone, then checked against cardsim.

Run it: ``python examples/clock_patience.py``. docs/testing.md walks through it.

Rules: the 52 cards are dealt face down to 13 piles, card i to pile (i mod 13) + 1, the
last card dealt to a pile on top; piles 1..12 are the hours A..Q, pile 13 the centre
(kings). Turn the top face-down card of the centre, tuck it face up under the pile of
its rank, turn the top face-down card of that pile, and so on, until the pile to turn
from has no face-down card left. The score is the number of cards turned face up.
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
TERMINAL = -4  # cardsim's player id of a finished game


class ClockPatience:
    """The game: ``new_game(deck=...)`` deals 52 card strings, top first."""

    def new_game(self, deck=None, seed=None):
        if deck is None:
            raise ValueError("this port deals explicit decks only")
        return ClockState(list(deck))


class ClockState:
    """A game in progress: face-down and face-up piles, and the pile to turn from."""

    def __init__(self, deck):
        self.down = [[] for _ in range(13)]  # pile 1..13, bottom first
        for i, card in enumerate(deck):
            self.down[i % 13].append(card)
        self.up = [[] for _ in range(13)]  # in the order tucked
        self.pile = 13  # play starts at the centre

    def is_terminal(self):
        return not self.down[self.pile - 1]

    def current_player(self):
        return TERMINAL if self.is_terminal() else 0

    def legal_actions(self):
        return [] if self.is_terminal() else [0]

    def apply_action(self, action):
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action!r}")
        card = self.down[self.pile - 1].pop()
        self.pile = RANKS.index(card[0]) + 1
        self.up[self.pile - 1].append(card)

    def scores(self):
        return [sum(len(pile) for pile in self.up)]

    def winners(self):
        return [0] if self.scores() == [52] else []

    def to_dict(self):
        me = {"face_down": self.down, "face_up": self.up, "next_pile": self.pile}
        me.update(turned=self.scores()[0], stopped=self.is_terminal())
        return {"current_player": self.current_player(), "players": [me]}


if __name__ == "__main__":
    from cardsim.testing import check_lockstep

    print(check_lockstep(ClockPatience, "clock", examples=50))
