"""Clock Patience and its two-pack duel, from the rules (docs/rules/clock.md).

The deal puts deck[i] on pile (i mod 13) + 1; piles 1..12 are the hours A..Q
and pile 13 the centre, where the kings go. Play turns the top face-down card
of the current pile, tucks it face up under the pile of its rank, and goes on
from that pile, until the pile to turn from has nothing face down left.

In the duel each player works their own clock; they take turns one card at a
time, and a player whose clock has stopped is skipped.
"""

from __future__ import annotations

from .._typing import JSONObject, KnownJSON
from ..contract.constants import TERMINAL
from .base import ReferenceGame, ReferenceState
from .cards import check_packs, rank, shuffled_packs
from .rng import GameRng
from .tensor import CARD_PLANE, TensorWriter, card_plane_index

__all__ = ["Clock", "ClockDuel", "ClockState"]

CENTRE = 13
PILE_NAMES = "A23456789TJQK"
TURN = 0


class PlayerClock:
    """One player's thirteen piles; ``down[p]`` and ``up[p]`` hold pile p+1, bottom first."""

    def __init__(self, pack: list[str]) -> None:
        self.down: list[list[str]] = [[] for _ in range(13)]
        self.up: list[list[str]] = [[] for _ in range(13)]
        for i, card in enumerate(pack):
            self.down[i % 13].append(card)  # dealt last = on top = end of the list
        self.pile = CENTRE

    def stopped(self) -> bool:
        return not self.down[self.pile - 1]

    def turned(self) -> int:
        return sum(len(u) for u in self.up)

    def turn(self) -> None:
        card = self.down[self.pile - 1].pop()
        home = rank(card)  # the kings (13) go to the centre, which is pile 13
        self.up[home - 1].append(card)
        self.pile = home

    def view(self, hidden: bool) -> JSONObject:
        return {
            ("face_down_count" if hidden else "face_down"): (
                [len(d) for d in self.down] if hidden else [list(d) for d in self.down]
            ),
            "face_up": [list(u) for u in self.up],
            "next_pile": self.pile,
            "turned": self.turned(),
            "stopped": self.stopped(),
        }


class ClockState(ReferenceState):
    def __init__(self, game: ReferenceGame, packs: list[list[str]]) -> None:
        super().__init__(game)
        self.clocks = [PlayerClock(p) for p in packs]
        self.turn_of = 0

    def current_player(self) -> int:
        return self.turn_of

    def is_terminal(self) -> bool:
        return all(c.stopped() for c in self.clocks)

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else [TURN]

    def why_illegal(self, action: int) -> str:
        return "the game is over" if self.is_terminal() else ""

    def _apply(self, action: int) -> None:
        self.clocks[self.turn_of].turn()
        n = len(self.clocks)
        live = [p for p in range(n) if not self.clocks[p].stopped()]
        if not live:
            self.turn_of = TERMINAL
            return
        # The next player round the table whose clock still runs (possibly the same one).
        self.turn_of = min(live, key=lambda p: (p - self.turn_of - 1) % n)

    def scores(self) -> list[int]:
        return [c.turned() for c in self.clocks]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        s = self.scores()
        if len(s) == 1:
            return [0] if s[0] == 52 else []
        best = max(s)
        top = [p for p in range(len(s)) if s[p] == best]
        return top if len(top) == 1 else []

    def is_draw(self) -> bool:
        s = self.scores()
        return self.is_terminal() and len(s) == 2 and s[0] == s[1]

    def to_dict(self) -> JSONObject:
        return {
            "current_player": self.current_player(),
            "players": [c.view(hidden=False) for c in self.clocks],
        }

    def observation(self, player: object) -> JSONObject:
        self.check_player(player)
        return {
            "current_player": self.current_player(),
            "players": [c.view(hidden=True) for c in self.clocks],
        }

    def _encode_observation(self, obs: KnownJSON, player: int, w: TensorWriter) -> None:
        """The layout of docs/rules/clock.md, "Observation tensor", read off an
        observation dict alone."""
        n = self.num_players
        cp = obs["current_player"]
        w.one_hot(player, n)
        w.one_hot(None if cp == TERMINAL else (cp - player) % n, n)
        w.flag(cp == TERMINAL)
        for k in range(n):
            seat = obs["players"][(player + k) % n]
            up = w.block(CARD_PLANE)
            for pile in seat["face_up"]:
                for j, card in enumerate(pile):
                    up[card_plane_index(card)] = (j + 1) / 4
            for count in seat["face_down_count"]:
                w.value(count / 4)
            w.one_hot(seat["next_pile"] - 1, 13)
            w.value(seat["turned"] / 52)
            w.flag(seat["stopped"])

    def action_to_string(self, action: object) -> str:
        self.check_action(action)
        return "turn"

    def _parse_action(self, text: str) -> int:
        if text != "turn":
            raise ValueError(f"unknown action {text!r} (clock has only 'turn')")
        return TURN

    def __str__(self) -> str:
        lines = []
        for p, c in enumerate(self.clocks):
            where = "stopped" if c.stopped() else f"next from pile {PILE_NAMES[c.pile - 1]}"
            lines.append(f"player {p}: {c.turned()} turned, {where}")
            for i in range(13):
                up = "".join(" " + u for u in c.up[i])
                lines.append(f"  {PILE_NAMES[i]}: {len(c.down[i])} down, up{up}")
        return "\n".join(lines) + "\n"


class Clock(ReferenceGame):
    """Clock Patience: one pack, no decisions."""

    name = "clock"

    @property
    def num_actions(self) -> int:
        return 1

    def _observation_tensor_size(self) -> int:
        seat = CARD_PLANE + 13 + 13 + 1 + 1
        return 2 * self.num_players + 1 + self.num_players * seat

    def random_deck(self, rng: GameRng) -> list[str]:
        return shuffled_packs(rng, self.num_players)

    def parse_deck(self, deck: object) -> list[str]:
        return check_packs(deck, self.num_players, self.name)

    def deal(self, deck: list[str]) -> ClockState:
        return ClockState(self, [deck[52 * p : 52 * (p + 1)] for p in range(self.num_players)])


class ClockDuel(Clock):
    """The two-pack game: each player works their own clock; more cards out wins."""

    name = "clock_duel"


#: The games this module implements (the package finds them here).
GAMES: tuple[type[ReferenceGame], ...] = (Clock, ClockDuel)
