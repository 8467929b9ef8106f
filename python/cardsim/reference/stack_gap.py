"""Stack Gap Wall Builder, from the rules (docs/rules/stack_gap.md).

The wall is a pyramid of five rows: row 1 (the foundation, dealt) has five
places, row 5 one. A place on row L+1 sits on the gap between the two cards
below it. A card fits a gap when its value lies strictly between the two
values; it scores the gap's width (the count of values that would fit) plus
the row's number. A joker fits any gap of width one or more, scores nothing,
and takes the lower or the upper value of its gap, as the player declares.

Each turn the player must place a card if any card in hand fits any open gap;
otherwise they throw one card on their rubble pile. Then they draw back up to
three while the draw pile lasts. Placing on row 5 wins at once, a third rubble
card loses at once; with every hand and the draw pile empty, solo is lost and
two players compare points.

Action ids (the same as the core's): placing the card at hand index ``h`` on
wall place ``w`` (0..14, row by row from the foundation, left to right) with
declaration ``d`` (0 plain, 1 joker low, 2 joker high) is ``(h * 15 + w) * 3 + d``;
discarding the card at hand index ``h`` is ``135 + h``.
"""

from __future__ import annotations

from typing import Any

from .._typing import KnownJSON
from ..contract.constants import TERMINAL
from .base import ReferenceGame, ReferenceState
from .cards import JOKER, canonical_deck, check_deck, normalize_card, rank
from .rng import GameRng
from .tensor import CARD_PLANE, TensorWriter

__all__ = ["StackGap", "StackGapState"]

ROWS = 5
HAND = 3
RUBBLE_LOSES = 3
PLACES = 15  # 5 + 4 + 3 + 2 + 1
DISCARD = HAND * PLACES * 3  # first discard id
NUM_ACTIONS = DISCARD + HAND
PLAIN, LOW, HIGH = 0, 1, 2
DECLARED = {LOW: "low", HIGH: "high"}
ENDINGS = ("level 5", "rubble", "exhausted")
#: Most points a player can score: each place above the foundation scores at
#: most 11 (the widest gap, A..K) plus its row.
MAX_POINTS = sum((11 + row) * (6 - row) for row in range(2, ROWS + 1))


def place_of(row: int, i: int) -> int:
    """Wall place number of position ``i`` (from 0) on ``row`` (from 1)."""
    return sum(6 - r for r in range(1, row)) + i


def row_and_index(place: int) -> tuple[int, int]:
    row = 1
    while place >= 6 - row:
        place -= 6 - row
        row += 1
    return row, place


class StackGapState(ReferenceState):
    def __init__(self, game: StackGap, deck: list[str]) -> None:
        super().__init__(game)
        n = game.num_players
        cards = list(deck)
        # Each wall cell is None or (card, value); a joker's value is its declaration.
        self.wall: list[list[tuple[str, int] | None]] = [
            [None] * (6 - row) for row in range(1, ROWS + 1)
        ]
        set_aside: list[str] = []
        i = 0
        while i < len(self.wall[0]):
            card = cards.pop(0)
            if card == JOKER:
                set_aside.append(card)  # it will go under the draw pile
            else:
                self.wall[0][i] = (card, rank(card))
                i += 1
        self.hands: list[list[str]] = []
        for _ in range(n):
            self.hands.append(cards[:HAND])
            cards = cards[HAND:]
        self.draw_pile: list[str] = cards + set_aside  # top first
        self.rubble: list[list[str]] = [[] for _ in range(n)]
        self.points = [0] * n
        self.to_move = 0
        self.ending: str | None = None
        self.ended_by: int | None = None

    # --- the wall ------------------------------------------------------------
    def cell(self, place: int) -> tuple[str, int] | None:
        row, i = row_and_index(place)
        return self.wall[row - 1][i]

    def gap(self, place: int) -> tuple[int, int] | None:
        """(low, high) of the gap a place sits on, if it is open for a card now."""
        row, i = row_and_index(place)
        if row == 1 or self.wall[row - 1][i] is not None:
            return None
        below = self.wall[row - 2]
        left, right = below[i], below[i + 1]
        if left is None or right is None:
            return None
        return min(left[1], right[1]), max(left[1], right[1])

    @staticmethod
    def fits(card: str, low: int, high: int) -> bool:
        if card == JOKER:
            return high - low - 1 >= 1
        return low < rank(card) < high

    def placements(self) -> list[int]:
        if self.is_terminal():
            return []
        out = []
        for h, card in enumerate(self.hands[self.to_move]):
            for place in range(PLACES):
                g = self.gap(place)
                if g is None or not self.fits(card, *g):
                    continue
                if card == JOKER:
                    out += [(h * PLACES + place) * 3 + LOW, (h * PLACES + place) * 3 + HIGH]
                else:
                    out.append((h * PLACES + place) * 3 + PLAIN)
        return out

    # --- the contract ----------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.to_move

    def is_terminal(self) -> bool:
        return self.ending is not None

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        places = self.placements()
        if places:
            return sorted(places)
        return [DISCARD + h for h in range(len(self.hands[self.to_move]))]

    def why_illegal(self, action: int) -> str:
        if self.is_terminal():
            return "the game is over"
        hand = self.hands[self.to_move]
        if action >= DISCARD:
            h = action - DISCARD
            if h >= len(hand):
                return f"hand index {h} holds no card"
            if self.placements():
                return "discarding is not allowed while a card can be placed"
            return ""
        h, rest = divmod(action, PLACES * 3)
        place, declaration = divmod(rest, 3)
        if h >= len(hand):
            return f"hand index {h} holds no card"
        card = hand[h]
        row, i = row_and_index(place)
        if row == 1:
            return "the foundation (level 1) is dealt, never built"
        if self.cell(place) is not None:
            return f"level {row} place {i} already holds a card"
        g = self.gap(place)
        if g is None:
            return f"level {row} place {i} needs both cards below it first"
        if (card == JOKER) != (declaration != PLAIN):
            return "a joker, and only a joker, is declared low or high"
        if not self.fits(card, *g):
            return f"{card} does not fit the gap {g[0]}..{g[1]}"
        return ""

    def _apply(self, action: int) -> None:
        p = self.to_move
        hand = self.hands[p]
        if action >= DISCARD:
            self.rubble[p].append(hand.pop(action - DISCARD))
            if len(self.rubble[p]) == RUBBLE_LOSES:
                self._end("rubble", p)
                return
        else:
            h, rest = divmod(action, PLACES * 3)
            place, declaration = divmod(rest, 3)
            card = hand.pop(h)
            row, i = row_and_index(place)
            low, high = self.gap(place)  # type: ignore[misc]
            if card == JOKER:
                self.wall[row - 1][i] = (card, low if declaration == LOW else high)
            else:
                self.wall[row - 1][i] = (card, rank(card))
                self.points[p] += (high - low - 1) + row
            if row == ROWS:
                self._end("level 5", p)
                return
        while len(hand) < HAND and self.draw_pile:
            hand.append(self.draw_pile.pop(0))
        n = self.num_players
        # The other player moves next; one with an empty hand (the draw pile is
        # empty too then) is skipped.
        for k in range(1, n + 1):
            q = (p + k) % n
            if self.hands[q]:
                self.to_move = q
                return
        self._end("exhausted", None)

    def _end(self, how: str, by: int | None) -> None:
        self.ending = how
        self.ended_by = by

    def scores(self) -> list[int]:
        return list(self.points)

    def winners(self) -> list[int]:
        n = self.num_players
        if self.ending == "level 5":
            return [self.ended_by]  # type: ignore[list-item]
        if self.ending == "rubble" and n == 2:
            return [1 - self.ended_by]  # type: ignore[operator]
        if self.ending == "exhausted" and n == 2 and self.points[0] != self.points[1]:
            return [0 if self.points[0] > self.points[1] else 1]
        return []

    def is_draw(self) -> bool:
        return (
            self.ending == "exhausted"
            and self.num_players == 2
            and self.points[0] == self.points[1]
        )

    def _wall_view(self) -> list[list[dict[str, Any] | None]]:
        return [
            [None if c is None else {"card": c[0], "value": c[1]} for c in row] for row in self.wall
        ]

    def to_dict(self) -> dict[str, Any]:
        return {
            "current_player": self.current_player(),
            "wall": self._wall_view(),
            "hands": [list(h) for h in self.hands],
            "draw_pile": self.draw_pile[::-1],  # kept top first here; dicts list it bottom first
            "rubble": [list(r) for r in self.rubble],
            "scores": list(self.points),
            "ending": self.ending,
            "ended_by": self.ended_by,
        }

    def observation(self, player: object) -> dict[str, Any]:
        p = self.check_player(player)
        return {
            "player": p,
            "current_player": self.current_player(),
            "wall": self._wall_view(),
            "hand": list(self.hands[p]),
            "hand_sizes": [len(h) for h in self.hands],
            "draw_pile_size": len(self.draw_pile),
            "rubble": [list(r) for r in self.rubble],
            "scores": list(self.points),
            "ending": self.ending,
            "ended_by": self.ended_by,
        }

    def _encode_observation(self, obs: KnownJSON, player: int, w: TensorWriter) -> None:
        """The layout of docs/rules/stack_gap.md, "Observation tensor", read off an
        observation dict alone."""
        n = self.num_players
        cp = obs["current_player"]
        over = obs["ending"] is not None
        w.one_hot(obs["player"], n)
        w.one_hot(None if cp == TERMINAL else (cp - player) % n, n)
        w.flag(over)
        rows = obs["wall"]
        for row in range(1, ROWS + 1):
            for i, cell in enumerate(rows[row - 1]):
                w.card(None if cell is None else cell["card"])
                w.one_hot(None if cell is None else cell["value"] - 1, 13)
                below = rows[row - 2][i : i + 2] if row > 1 else [None]
                w.flag(not over and cell is None and None not in below)
        w.card_slots(obs["hand"], HAND)
        for k in range(n):
            q = (player + k) % n
            w.value(obs["hand_sizes"][q] / HAND)
            w.card_slots(obs["rubble"][q], RUBBLE_LOSES)
            w.value(obs["scores"][q] / MAX_POINTS)
        w.value(obs["draw_pile_size"] / 54)
        w.one_hot(ENDINGS.index(obs["ending"]) if over else None, len(ENDINGS))
        by = obs["ended_by"]
        w.one_hot(None if by is None else (by - player) % n, n)
        w.flag(self.game.options["jokers"])

    def _set_position(self, position: KnownJSON) -> None:
        """Test hook: load a position in play from its ``to_dict`` form."""
        if not isinstance(position, dict):
            raise TypeError(f"a position must be a dict, got {type(position).__name__}")
        for key in ("current_player", "wall", "hands", "draw_pile", "rubble", "scores", "ending"):
            if key not in position:
                raise ValueError(f"position lacks {key!r}")
        if position["ending"] is not None:
            raise ValueError("only a position in play can be loaded")
        if not position["hands"][position["current_player"]]:
            raise ValueError("the player to move must hold a card")
        self.wall = [
            [None if c is None else (c["card"], c["value"]) for c in row]
            for row in position["wall"]
        ]
        self.hands = [list(h) for h in position["hands"]]
        self.draw_pile = list(position["draw_pile"])[::-1]  # the dict lists it bottom first
        self.rubble = [list(r) for r in position["rubble"]]
        self.points = list(position["scores"])
        self.to_move = position["current_player"]
        self.ending = None
        self.ended_by = None

    def _hand_card(self, h: int) -> str | None:
        hand = self.hands[self.to_move] if not self.is_terminal() else self.hands[0]
        return hand[h] if h < len(hand) else None

    def action_to_string(self, action: object) -> str:
        a = self.check_action(action)
        if a >= DISCARD:
            h = a - DISCARD
            card = self._hand_card(h)
            return f"discard {h}" + (f":{card}" if card else "")
        h, rest = divmod(a, PLACES * 3)
        place, declaration = divmod(rest, 3)
        card = self._hand_card(h)
        row, i = row_and_index(place)
        text = f"place {h}" + (f":{card}" if card else "") + f" L{row}.{i}"
        if declaration in DECLARED:
            text += " " + DECLARED[declaration]
        return text

    def _parse_action(self, text: str) -> int:
        words = [w for w in text.split(" ") if w]

        def bad(why: str) -> ValueError:
            return ValueError(
                f"unknown action {text!r} ({why}; expected e.g. 'place 0:4H L2.1',"
                " 'place 2:JK L3.0 low', 'discard 1:KS')"
            )

        if len(words) < 2 or words[0] not in ("place", "discard"):
            raise bad("it must start with 'place' or 'discard' and name a hand index")
        index, _, card = words[1].partition(":")
        if index not in ("0", "1", "2"):
            raise bad("hand index must be 0, 1 or 2")
        h = int(index)
        if ":" in words[1]:
            try:
                card = normalize_card(card)
            except ValueError:
                raise bad("bad card") from None
            if self._hand_card(h) != card:
                raise bad(f"that card is not at hand index {h}")
        if words[0] == "discard":
            if len(words) != 2:
                raise bad("a discard names only the card")
            return DISCARD + h
        if len(words) not in (3, 4):
            raise bad("a placement names the card, the slot and maybe low/high")
        slot = words[2]
        if not (
            len(slot) == 4
            and slot[0] == "L"
            and slot[2] == "."
            and slot[1] in "12345"
            and slot[3] in "01234"
        ):
            raise bad("slot must read like L2.1")
        row, i = int(slot[1]), int(slot[3])
        if i >= 6 - row:
            raise bad(f"level {row} has only {6 - row} slots")
        declaration = PLAIN
        if len(words) == 4:
            names = {v: k for k, v in DECLARED.items()}
            if words[3] not in names:
                raise bad("the declaration must be low or high")
            declaration = names[words[3]]
        return (h * PLACES + place_of(row, i)) * 3 + declaration

    def __str__(self) -> str:
        lines = []
        for row in range(ROWS, 0, -1):
            cells = []
            for c in self.wall[row - 1]:
                if c is None:
                    cells.append(" -- ")
                elif c[0] == JOKER:
                    cells.append(f"JK{c[1]:<2}")
                else:
                    cells.append(f" {c[0]} ")
            lines.append(f"L{row}: " + "  " * (row - 1) + "".join(cells))
        for p in range(self.num_players):
            hand = "".join(" " + c for c in self.hands[p])
            rubble = "".join(" " + c for c in self.rubble[p])
            lines.append(f"player {p}: {self.points[p]} points, hand{hand}, rubble{rubble}")
        lines.append(f"draw pile: {len(self.draw_pile)} cards")
        lines.append(f"ended: {self.ending}" if self.ending else f"to play: player {self.to_move}")
        return "\n".join(lines) + "\n"


class StackGap(ReferenceGame):
    """Stack Gap Wall Builder, solo or two players sharing one wall."""

    name = "stack_gap"

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def _pack(self) -> list[str]:
        return canonical_deck(1, 2 if self._options["jokers"] else 0)

    def random_deck(self, rng: GameRng) -> list[str]:
        deck = self._pack()
        rng.shuffle(deck)
        return deck

    def parse_deck(self, deck: object) -> list[str]:
        return check_deck(deck, self._pack(), self.name)

    def _observation_tensor_size(self) -> int:
        n = self.num_players
        wall = PLACES * (CARD_PLANE + 13 + 1)
        seat = 1 + RUBBLE_LOSES * CARD_PLANE + 1
        return n + n + 1 + wall + HAND * CARD_PLANE + n * seat + 1 + len(ENDINGS) + n + 1

    def deal(self, deck: list[str]) -> StackGapState:
        return StackGapState(self, deck)


#: The games this module implements (the package finds them here).
GAMES: tuple[type[ReferenceGame], ...] = (StackGap,)
