"""The Wall, a two-pack patience, from the rules (docs/rules/the_wall.md).

Layout: 4 upper piles and 8 lower piles with one face-up card each, a reserve
of 13 face-down cards, a stock, a one-card waste, ``discards`` discard piles and
8 foundations built up by suit from the ace. Every pile here is a list of card
strings, bottom first, so its playable top card is the last item.

A move takes the top card of a source (an upper pile, a lower pile, the waste,
a discard pile) to a destination (a lower pile, the foundations, a discard
pile). Whatever the move empties is refilled at once, as the rules say: an upper
pile from the reserve, a lower pile from the waste, the waste from the stock.

Action id = source * 17 + destination, where the sources are U0..U3 (0..3),
L0..L7 (4..11), W (12), D0..D7 (13..20) and the destinations L0..L7 (0..7),
F (8), D0..D7 (9..16). A card sent to F goes to the first foundation (lowest
number) that takes it: any two that take it hold the same cards.
"""

from __future__ import annotations

from .._typing import JSONObject, KnownJSON
from ..contract.constants import TERMINAL
from .base import ReferenceGame, ReferenceState
from .cards import canonical_deck, check_deck, rank, suit
from .rng import GameRng
from .tensor import CARD_PLANE, TensorWriter

__all__ = ["TheWall", "TheWallState"]

UPPER_PILES = 4
LOWER_PILES = 8
FOUNDATIONS = 8
MAX_DISCARDS = 8
DECK_SIZE = 104
RESERVE = 13
#: Cards in the stock once the deal has turned the first one into the waste.
STOCK = DECK_SIZE - UPPER_PILES - LOWER_PILES - RESERVE - 1
#: Every card a discard pile can hold passed through the waste: the stock and
#: the first waste card.
MAX_DISCARD_PILE = STOCK + 1
#: The tensor shows the move count also modulo this, to tell apart counts that
#: a cap of up to 10^8 would round together in float32.
MOVE_LOW = 4096

# Sources and destinations, in id order, as (kind, index) pairs.
SOURCES: list[tuple[str, int]] = (
    [("U", i) for i in range(UPPER_PILES)]
    + [("L", i) for i in range(LOWER_PILES)]
    + [("W", 0)]
    + [("D", i) for i in range(MAX_DISCARDS)]
)
DESTINATIONS: list[tuple[str, int]] = (
    [("L", i) for i in range(LOWER_PILES)] + [("F", 0)] + [("D", i) for i in range(MAX_DISCARDS)]
)
NUM_ACTIONS = len(SOURCES) * len(DESTINATIONS)


def _label(kind: str, index: int) -> str:
    return kind if kind in "WF" else f"{kind}{index}"


ACTION_TEXT = [f"{_label(*s)}>{_label(*d)}" for s in SOURCES for d in DESTINATIONS]
ACTION_OF_TEXT = {text: a for a, text in enumerate(ACTION_TEXT)}


def goes_down_on(card: str, top: str) -> bool:
    """A lower pile builds down by suit: ``card`` fits on ``top`` of its suit, one rank higher."""
    return suit(card) == suit(top) and rank(card) + 1 == rank(top)


class TheWallState(ReferenceState):
    def __init__(self, game: TheWall, deck: list[str]) -> None:
        super().__init__(game)
        self.num_discards: int = game.options["discards"]
        self.move_cap: int = game.options["move_cap"]
        self.upper: list[list[str]] = [[deck[i]] for i in range(0, 4)]
        self.lower: list[list[str]] = [[deck[i]] for i in range(4, 12)]
        self.reserve: list[str] = deck[12:25]  # deck[24] on top, last in the list
        self.stock: list[str] = list(reversed(deck[25:]))  # deck[25] on top
        self.waste: list[str] = []
        self.discards: list[list[str]] = [[] for _ in range(self.num_discards)]
        self.foundations: list[list[str]] = [[] for _ in range(FOUNDATIONS)]
        self.moves = 0
        self._turn_waste()
        self.outcome = ""  # "" while play goes on, else "won", "lost" or "truncated"
        self._legal: list[int] = []
        self._check_end()

    # --- the layout --------------------------------------------------------------
    def _pile(self, kind: str, index: int) -> list[str] | None:
        """The pile a source or destination names, or None if this game lacks it."""
        if kind == "U":
            return self.upper[index]
        if kind == "L":
            return self.lower[index]
        if kind == "W":
            return self.waste
        if kind == "D":
            return self.discards[index] if index < self.num_discards else None
        raise AssertionError(kind)

    def _turn_waste(self) -> None:
        if not self.waste and self.stock:
            self.waste.append(self.stock.pop())

    def _foundation_for(self, card: str) -> int | None:
        for f, pile in enumerate(self.foundations):
            if rank(card) == 1 and not pile:
                return f
            if pile and suit(pile[-1]) == suit(card) and rank(pile[-1]) + 1 == rank(card):
                return f
        return None

    # --- the rules of a move -----------------------------------------------------
    def _takes(self, card: str, s_kind: str, s_index: int, d_kind: str, d_index: int) -> bool:
        """Whether ``card``, on top of source (s_kind, s_index), may go to the destination."""
        if d_kind == "D":
            # Discard piles take any card, but only from the waste.
            return s_kind == "W" and d_index < self.num_discards
        if d_kind == "F":
            return self._foundation_for(card) is not None
        if s_kind == "L" and s_index == d_index:
            return False
        target = self.lower[d_index]
        if not target:
            # Refilled from the waste at once while it has a card; after that,
            # an empty lower pile takes any playable card.
            return not self.waste
        return goes_down_on(card, target[-1])

    def _refusal(self, action: int) -> str:
        s_kind, s_index = SOURCES[action // len(DESTINATIONS)]
        d_kind, d_index = DESTINATIONS[action % len(DESTINATIONS)]
        source = self._pile(s_kind, s_index)
        if source is None:
            return f"there is no discard pile {s_index} (this game has {self.num_discards})"
        if d_kind == "D" and d_index >= self.num_discards:
            return f"there is no discard pile {d_index} (this game has {self.num_discards})"
        if not source:
            return f"{_label(s_kind, s_index)} has no card"
        card = source[-1]
        if self._takes(card, s_kind, s_index, d_kind, d_index):
            return ""
        if d_kind == "D":
            return "only the waste card may go to a discard pile"
        if d_kind == "F":
            return f"no foundation takes {card}"
        if s_kind == "L" and s_index == d_index:
            return f"{card} is already on lower pile {d_index}"
        top = self.lower[d_index][-1] if self.lower[d_index] else "nothing"
        return f"lower pile {d_index} builds down by suit and its top {top} refuses {card}"

    def _moves(self) -> list[int]:
        if self.outcome:
            return []
        out = []
        for s, (s_kind, s_index) in enumerate(SOURCES):
            source = self._pile(s_kind, s_index)
            if not source:
                continue
            card = source[-1]
            to_foundation = self._foundation_for(card) is not None
            for d, (d_kind, d_index) in enumerate(DESTINATIONS):
                if (
                    to_foundation
                    if d_kind == "F"
                    else self._takes(card, s_kind, s_index, d_kind, d_index)
                ):
                    out.append(s * len(DESTINATIONS) + d)
        return out

    def _check_end(self) -> None:
        # The moves are listed once per position: ending the game needs them.
        self._legal = self._moves()
        if sum(len(f) for f in self.foundations) == DECK_SIZE:
            self.outcome = "won"
        elif not self._legal:
            self.outcome = "lost"
        elif self.moves >= self.move_cap:
            # Only a game that could go on is cut short; a natural end on the
            # last move allowed stands.
            self.outcome = "truncated"

    # --- the contract ------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.outcome else 0

    def legal_actions(self) -> list[int]:
        return [] if self.outcome else list(self._legal)

    def why_illegal(self, action: int) -> str:
        if self.outcome:
            return "the game is over"
        return self._refusal(action)

    def _apply(self, action: int) -> None:
        s_kind, s_index = SOURCES[action // len(DESTINATIONS)]
        d_kind, d_index = DESTINATIONS[action % len(DESTINATIONS)]
        source = self._pile(s_kind, s_index)
        assert source is not None
        card = source.pop()
        if d_kind == "F":
            f = self._foundation_for(card)
            assert f is not None
            self.foundations[f].append(card)
        else:
            target = self._pile(d_kind, d_index)
            assert target is not None
            target.append(card)
        # The automatic refills, from the pile emptied.
        if s_kind == "U" and not source and self.reserve:
            source.append(self.reserve.pop())
        if s_kind == "L" and not source and self.waste:
            source.append(self.waste.pop())
        self._turn_waste()
        self.moves += 1
        self._check_end()

    def is_terminal(self) -> bool:
        return bool(self.outcome)

    def is_truncated(self) -> bool:
        return self.outcome == "truncated"

    def scores(self) -> list[int]:
        return [sum(len(f) for f in self.foundations)]

    def winners(self) -> list[int]:
        return [0] if self.outcome == "won" else []

    def _view(self, hidden: bool) -> JSONObject:
        d: JSONObject = {
            "current_player": self.current_player(),
            "upper": [list(p) for p in self.upper],
            "lower": [list(p) for p in self.lower],
        }
        if hidden:
            d["reserve_count"] = len(self.reserve)
            d["stock_count"] = len(self.stock)
        else:
            d["reserve"] = list(self.reserve)
            d["stock"] = list(self.stock)
        d["waste"] = list(self.waste)
        d["discards"] = [list(p) for p in self.discards]
        d["foundations"] = [list(p) for p in self.foundations]
        d["on_foundations"] = self.scores()[0]
        d["moves"] = self.moves
        return d

    def to_dict(self) -> JSONObject:
        return self._view(hidden=False)

    def observation(self, player: object) -> JSONObject:
        self.check_player(player)
        return self._view(hidden=True)

    def _encode_observation(self, obs: KnownJSON, player: int, w: TensorWriter) -> None:
        """The layout of docs/rules/the_wall.md, "Observation tensor", read off an
        observation dict alone."""
        w.flag(obs["current_player"] == TERMINAL)
        for pile in obs["upper"]:
            w.card(pile[-1] if pile else None)
        for pile in obs["lower"]:
            w.cards(pile)
            w.card(pile[-1] if pile else None)
            w.value(len(pile) / 13)
        w.card(obs["waste"][-1] if obs["waste"] else None)
        for pile in obs["discards"]:
            w.card_order(pile, MAX_DISCARD_PILE, layers=2)
            w.card(pile[-1] if pile else None)
            w.value(len(pile) / MAX_DISCARD_PILE)
        for pile in obs["foundations"]:
            w.card(pile[-1] if pile else None)
        w.value(obs["reserve_count"] / RESERVE)
        w.value(obs["stock_count"] / STOCK)
        w.value(obs["on_foundations"] / DECK_SIZE)
        w.value(obs["moves"] / self.game.options["move_cap"])
        w.value(obs["moves"] % MOVE_LOW / MOVE_LOW)

    def action_to_string(self, action: object) -> str:
        return ACTION_TEXT[self.check_action(action)]

    def _parse_action(self, text: str) -> int:
        if text not in ACTION_OF_TEXT:
            raise ValueError(
                f"unknown action {text!r} (source U0-U3, L0-L7, W or D0-D7, '>',"
                " then L0-L7, F or D0-D7)"
            )
        return ACTION_OF_TEXT[text]

    def __str__(self) -> str:
        def show(cards: list[str]) -> str:
            return " ".join(cards) if cards else "-"

        lines = [
            f"upper: {show([p[0] if p else '--' for p in self.upper])}"
            f"   reserve: {len(self.reserve)}"
        ]
        lines += [f"L{i}: {show(p)}" for i, p in enumerate(self.lower)]
        lines.append(f"waste: {show(self.waste)}   stock: {len(self.stock)}")
        lines += [f"D{i}: {show(p)}" for i, p in enumerate(self.discards)]
        lines.append(f"foundations: {show([p[-1] if p else '--' for p in self.foundations])}")
        lines.append(f"{self.scores()[0]} on foundations, {self.moves} moves {self.outcome}")
        return "\n".join(lines) + "\n"


class TheWall(ReferenceGame):
    """The Wall: two packs, build the eight foundations from ace to king."""

    name = "the_wall"

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def _observation_tensor_size(self) -> int:
        lower = 2 * CARD_PLANE + 1
        discard = 3 * CARD_PLANE + 1
        return (
            1
            + UPPER_PILES * CARD_PLANE
            + LOWER_PILES * lower
            + CARD_PLANE
            + self._options["discards"] * discard
            + FOUNDATIONS * CARD_PLANE
            + 5
        )

    def random_deck(self, rng: GameRng) -> list[str]:
        deck = canonical_deck(packs=2)
        rng.shuffle(deck)
        return deck

    def parse_deck(self, deck: object) -> list[str]:
        return check_deck(deck, canonical_deck(packs=2), self.name)

    def deal(self, deck: list[str]) -> TheWallState:
        return TheWallState(self, deck)


#: The games this module implements (the package finds them here).
GAMES: tuple[type[ReferenceGame], ...] = (TheWall,)
