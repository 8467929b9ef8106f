"""Hole in the Wall, from the rules (docs/rules/hole_in_the_wall.md).

Two to four players build one wall of cards, seven columns wide, upward from a
base row. Cards go on in rank sequences; a card scores for every orthogonal
neighbour one rank away; empty cells cut off from the open air above the wall
are holes, which score for the dealer at the end.

This is the readable version: the display is a dict from (row, col) to card
text, the open air a breadth-first search from the row above the wall, and
every rule is a small function named after the rules' words.

Action ids (shared with the C++ core, cpp/games/hole_in_the_wall/hole_in_the_wall.hpp):

* ``0..2519``: place the card in hand slot ``slot`` on cell (row, col) as a new
  sequence (mode 0) or continuing the current one (mode 1):
  ``((slot * 315 + col * 45 + row - 1) * 2 + mode)``, rows 1..45, columns 0..6.
* ``2520``: end the turn; ``2520 + mask`` (1..15): exchange the hand slots in
  ``mask`` (bit i = slot i); ``2536``: pass.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Sequence
from typing import Any

import numpy as np

from .._typing import JSONObject, KnownJSON
from ..contract.constants import TERMINAL
from .base import ReferenceGame, ReferenceState
from .cards import check_deck, colour, full_pack, normalize_card, rank, suit
from .rng import GameRng
from .tensor import TensorWriter

__all__ = [
    "HoleInTheWall",
    "HoleInTheWallState",
    "encode_observation",
    "observation_tensor_size",
]

COLUMNS = 7
HIGHEST_ROW = 45  # 52 - 7 base cards = 45 cards at most, so no card goes higher
CELLS = COLUMNS * HIGHEST_ROW
HAND_SIZE = 4
END_TURN = 2 * HAND_SIZE * CELLS  # 2520
EXCHANGE = END_TURN  # exchange of slot mask m (1..15) is EXCHANGE + m
PASS = END_TURN + 16  # 2536
NUM_ACTIONS = PASS + 1

Cell = tuple[int, int]  # (row, col); row 0 is the base


def place_action(slot: int, cell: Cell, continuing: bool) -> int:
    row, col = cell
    return (slot * CELLS + col * HIGHEST_ROW + row - 1) * 2 + int(continuing)


def decode_place(action: int) -> tuple[int, Cell, bool]:
    continuing = action % 2 == 1
    slot, where = divmod(action // 2, CELLS)
    col, row_less_one = divmod(where, HIGHEST_ROW)
    return slot, (row_less_one + 1, col), continuing


def _around(cell: Cell) -> tuple[Cell, ...]:
    row, col = cell
    around = [(row + 1, col), (row - 1, col), (row, col - 1), (row, col + 1)]
    return tuple((r, c) for r, c in around if r >= 0 and 0 <= c < COLUMNS)


_NEIGHBOURS = {(r, c): _around((r, c)) for r in range(HIGHEST_ROW + 2) for c in range(COLUMNS)}


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The cells orthogonally next to ``cell`` inside the seven columns, base row included."""
    return _NEIGHBOURS[cell]


def pair_points(card: str, other: str) -> int:
    """What placing ``card`` next to ``other`` scores: 0 unless one rank apart."""
    if abs(rank(card) - rank(other)) != 1:
        return 0
    if suit(card) == suit(other):
        return 4
    return 2 if colour(card) == colour(other) else 1


def cell_text(cell: Cell) -> str:
    return f"r{cell[0]}c{cell[1]}"


# --- the observation tensor (docs/rules/hole_in_the_wall.md, "Observation tensor") ---
# Encoded from observation(p) alone. The wall is a grid of rows 0..45 (the base
# is row 0) by 7 columns, cell index row * 7 + col, one feature per grid plane.
GRID = (HIGHEST_ROW + 1) * COLUMNS  # 322
GRID_CARD, GRID_RANK, GRID_SUIT, GRID_HOLE, GRID_PLACED, GRID_LAST = 0, 1, 2, 6, 7, 8
GRID_PLANES = 9
CARD_ON_DISPLAY, CARD_SLOT = 0, 1  # card planes of 52 after the grid; slots 0..3
CARD_PLANES = 1 + HAND_SIZE
MAX_DEALS = 4


def observation_tensor_size(players: int) -> int:
    """Floats in the tensor for ``players`` seats: grid planes, card planes, scalars."""
    return GRID * GRID_PLANES + 52 * CARD_PLANES + 6 * players + 9


def encode_observation(obs: KnownJSON, options: dict[str, Any]) -> np.ndarray:
    """The observation tensor of ``obs`` (an ``observation(p)`` dict) as float32."""
    n = int(options["players"])
    me = int(obs["player"])
    out = np.zeros(observation_tensor_size(n), dtype=np.float32)

    def card_id(card: str) -> int:
        return "CDHS".index(suit(card)) * 13 + rank(card) - 1

    def grid(plane: int, row: int, col: int, value: float = 1.0) -> None:
        out[GRID * plane + row * COLUMNS + col] = value

    cards_at = GRID * GRID_PLANES
    for row, cells in enumerate(obs["display"]):
        for col, card in enumerate(cells):
            if card is None:
                continue
            grid(GRID_CARD, row, col)
            grid(GRID_RANK, row, col, rank(card) / 13)
            grid(GRID_SUIT + "CDHS".index(suit(card)), row, col)
            out[cards_at + 52 * CARD_ON_DISPLAY + card_id(card)] = 1.0
    for row, col in obs["holes"]:
        grid(GRID_HOLE, row, col)
    for i, (row, col) in enumerate(obs["placed_this_turn"]):
        grid(GRID_PLACED, row, col, (i + 1) / HAND_SIZE)
    sequence = obs["sequence"]
    if sequence is not None:
        grid(GRID_LAST, *sequence["last"])
    for slot, card in enumerate(obs["hand"]):
        out[cards_at + 52 * (CARD_SLOT + slot) + card_id(card)] = 1.0

    def rel(seat: int) -> int:  # seats relative to the observer
        return (seat - me) % n

    def per_seat(vals: list[float]) -> list[float]:
        block = [0.0] * n
        for q, v in enumerate(vals):
            block[rel(q)] = v
        return block

    over = obs["current_player"] == TERMINAL
    values: list[float] = [float(q == me) for q in range(n)]
    values += [0.0] * n if over else per_seat([float(q == obs["current_player"]) for q in range(n)])
    values.append(float(over))
    values += per_seat([float(q == obs["dealer"]) for q in range(n)])
    values.append(obs["deal"] / MAX_DEALS)
    values.append(obs["turns"] / options["move_cap"])
    values.append(float(sequence["direction"]) if sequence is not None else 0.0)
    # Points against bounds they cannot reach: a deal's placements score at most
    # 4 x 104 adjacent pairs, its holes 10 x 315 cells; a match has 4 deals.
    values += per_seat([x / 512 for x in obs["placement_points"]])
    values.append(obs["hole_points"] / 4096)
    values += per_seat([x / 16384 for x in obs["match_points"]])
    values += per_seat([k / HAND_SIZE for k in obs["hand_sizes"]])
    values.append(obs["stock_size"] / 52)
    values += [float(options["teams"]), float(options["match"]), float(options["score_holes"])]
    out[cards_at + 52 * CARD_PLANES :] = values
    return out


class HoleInTheWallState(ReferenceState):
    def __init__(self, game: HoleInTheWall, packs: list[list[str]]) -> None:
        super().__init__(game)
        self.players: int = game.options["players"]
        self.teams: bool = game.options["teams"]
        self.match: bool = game.options["match"]
        self.move_cap: int = game.options["move_cap"]
        self.score_holes: bool = game.options["score_holes"]
        self.packs = packs
        self.match_points = [0] * self.players
        self.over = False
        self.truncated = False
        self._legal: list[int] | None = None
        self.deal(0)

    # --- the deal ------------------------------------------------------------------
    def deal(self, number: int) -> None:
        """Deal ``number`` (0-based): the dealer builds the base, then four cards each."""
        self.deal_number = number
        self.dealer = (self.players - 1 + number) % self.players
        self.turn_of = (self.dealer + 1) % self.players
        self.turns = 0
        self.display: dict[Cell, str] = {}
        self.holes: set[Cell] = set()
        self.placement_points = [0] * self.players
        self.placed_this_turn: list[Cell] = []
        self.sequence_last: Cell | None = None
        self.sequence_direction = 0

        stock = list(self.packs[number])
        base_ranks: set[int] = set()
        col = 0
        while col < COLUMNS:
            card = stock.pop(0)
            if rank(card) in base_ranks:
                stock.append(card)  # a repeated rank goes to the bottom of the stock
                continue
            base_ranks.add(rank(card))
            self.display[(0, col)] = card
            col += 1
        self.hands: list[list[str]] = [[] for _ in range(self.players)]
        for k in range(HAND_SIZE * self.players):  # one at a time, from the dealer's left
            self.hands[(self.dealer + 1 + k) % self.players].append(stock.pop(0))
        self.stock = stock  # top first

    # --- the wall ------------------------------------------------------------------
    def top_row(self) -> int:
        return max(row for row, _ in self.display)

    def open_cells(self) -> set[Cell]:
        """Empty cells joined to the air above the top row through empty cells.

        Only rows up to one above the top card matter: nothing higher touches a card.
        """
        air_row = self.top_row() + 1
        start = [(air_row, c) for c in range(COLUMNS)]
        seen = set(start)
        queue = deque(start)
        while queue:
            cell = queue.popleft()
            for n in neighbours(cell):
                if n[0] >= 1 and n[0] <= air_row and n not in self.display and n not in seen:
                    seen.add(n)
                    queue.append(n)
        return seen

    def find_holes(self) -> set[Cell]:
        """Every empty cell above the base and below the air row that the air cannot reach."""
        reachable = self.open_cells()
        return {
            (row, col)
            for row in range(1, self.top_row() + 1)
            for col in range(COLUMNS)
            if (row, col) not in self.display and (row, col) not in reachable
        }

    def hole_points(self) -> int:
        """5 per cell for a hole touching column 0 or 6, else 10 per cell."""
        points = 0
        left = set(self.holes)
        while left:
            region = {left.pop()}
            queue = deque(region)
            while queue:
                for n in neighbours(queue.popleft()):
                    if n in left:
                        left.remove(n)
                        region.add(n)
                        queue.append(n)
            at_side = any(col in (0, COLUMNS - 1) for _, col in region)
            points += len(region) * (5 if at_side else 10)
        return points

    def frontier(self) -> list[Cell]:
        """Open cells that a card could take: above the base, next to a card."""
        return sorted(
            cell
            for cell in self.open_cells()
            if 1 <= cell[0] <= HIGHEST_ROW and any(n in self.display for n in neighbours(cell))
        )

    # --- the placing rules -----------------------------------------------------------
    def clashes(self, card: str, cell: Cell) -> bool:
        """A card may never sit orthogonally next to a card of its own rank."""
        return any(
            n in self.display and rank(self.display[n]) == rank(card) for n in neighbours(cell)
        )

    def continues_sequence(self, card: str, cell: Cell) -> bool:
        """Next to the sequence's previous card, one rank on, in the sequence's direction."""
        last = self.sequence_last
        if last is None or cell not in neighbours(last):
            return False
        step = rank(card) - rank(self.display[last])
        return step in (1, -1) and self.sequence_direction in (0, step)

    def neighbour_ranks(self, cell: Cell) -> tuple[set[int], set[int]]:
        """Ranks of the cards next to ``cell``: all of them, and those from earlier turns."""
        around = [n for n in neighbours(cell) if n in self.display]
        every = {rank(self.display[n]) for n in around}
        earlier = {rank(self.display[n]) for n in around if n not in self.placed_this_turn}
        return every, earlier

    def placements(self, hand: list[str]) -> list[int]:
        out = []
        for cell in self.frontier():
            every, earlier = self.neighbour_ranks(cell)
            for slot, card in enumerate(hand):
                r = rank(card)
                if r in every:  # never next to a card of its own rank
                    continue
                if r - 1 in earlier or r + 1 in earlier:
                    out.append(place_action(slot, cell, continuing=False))
                if self.continues_sequence(card, cell):
                    out.append(place_action(slot, cell, continuing=True))
        return out

    def nothing_can_be_placed(self) -> bool:
        """No card in any hand or the stock could start a sequence anywhere now."""
        away = {rank(c) for h in self.hands for c in h} | {rank(c) for c in self.stock}
        for cell in self.frontier():
            every, earlier = self.neighbour_ranks(cell)
            if any(r not in every and (r - 1 in earlier or r + 1 in earlier) for r in away):
                return False
        return True

    # --- the contract ------------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.over else self.turn_of

    def is_terminal(self) -> bool:
        return self.over

    def is_truncated(self) -> bool:
        return self.truncated

    def legal_actions(self) -> list[int]:
        # Cached until the next action: the cross-check asks several times per step.
        if self._legal is None:
            self._legal = self._find_legal_actions()
        return list(self._legal)

    def _find_legal_actions(self) -> list[int]:
        if self.over:
            return []
        hand = self.hands[self.turn_of]
        actions = self.placements(hand)
        if self.placed_this_turn:
            actions.append(END_TURN)
        else:
            for mask in range(1, 16):
                slots = [i for i in range(HAND_SIZE) if mask >> i & 1]
                if max(slots) < len(hand) and len(slots) <= len(self.stock):
                    actions.append(EXCHANGE + mask)
            if not actions:
                actions.append(PASS)
        return sorted(actions)

    def why_illegal(self, action: int) -> str:
        if self.over:
            return "the game is over"
        if action in self.legal_actions():
            return ""
        hand = self.hands[self.turn_of]
        if action < END_TURN:
            slot, cell, continuing = decode_place(action)
            if slot >= len(hand):
                return f"hand slot {slot} is empty"
            card = hand[slot]
            if cell in self.display:
                return f"{cell_text(cell)} is taken"
            if cell in self.holes:
                return f"{cell_text(cell)} is in a hole"
            if self.clashes(card, cell):
                return f"{card} may not sit next to a card of the same rank"
            if continuing:
                return f"{card} at {cell_text(cell)} does not continue the sequence"
            return (
                f"{card} at {cell_text(cell)} would start a new sequence, which needs a card"
                " from an earlier turn one rank away next to it"
            )
        if action == END_TURN:
            return "nothing has been placed this turn"
        if action < PASS:
            if self.placed_this_turn:
                return "an exchange must be the only act of its turn"
            return "the exchange names an empty slot or more cards than the stock holds"
        return "passing is not allowed while a card can be placed or exchanged"

    def _apply(self, action: int) -> None:
        self._legal = None
        hand = self.hands[self.turn_of]
        if action < END_TURN:
            slot, cell, continuing = decode_place(action)
            card = hand.pop(slot)
            self.placement_points[self.turn_of] += sum(
                pair_points(card, self.display[n]) for n in neighbours(cell) if n in self.display
            )
            if continuing:
                assert self.sequence_last is not None
                self.sequence_direction = rank(card) - rank(self.display[self.sequence_last])
            else:
                self.sequence_direction = 0
            self.display[cell] = card
            self.placed_this_turn.append(cell)
            self.sequence_last = cell
            self.holes = self.find_holes()
            if not hand:
                self.end_turn()
        elif action in (END_TURN, PASS):
            self.end_turn()
        else:
            mask = action - EXCHANGE
            given = [c for i, c in enumerate(hand) if mask >> i & 1]
            kept = [c for i, c in enumerate(hand) if not mask >> i & 1]
            drawn, self.stock = self.stock[: len(given)], self.stock[len(given) :]
            self.hands[self.turn_of] = kept + drawn
            self.stock += given  # after drawing, the given-up cards go to the bottom
            self.end_turn()

    def end_turn(self) -> None:
        self.turns += 1
        self.placed_this_turn = []
        self.sequence_last = None
        self.sequence_direction = 0
        if self.nothing_can_be_placed():
            if self.match and self.deal_number + 1 < self.players:
                for p in range(self.players):
                    self.match_points[p] += self.placement_points[p]
                if self.score_holes:
                    self.match_points[self.dealer] += self.hole_points()
                self.deal(self.deal_number + 1)
            else:
                self.over = True
            return
        if self.turns >= self.move_cap:
            self.over = self.truncated = True
            return
        self.turn_of = (self.turn_of + 1) % self.players
        hand = self.hands[self.turn_of]
        while len(hand) < HAND_SIZE and self.stock:  # refill as far as the stock goes
            hand.append(self.stock.pop(0))

    def scores(self) -> list[int]:
        s = [m + p for m, p in zip(self.match_points, self.placement_points, strict=True)]
        if self.over and self.score_holes:
            s[self.dealer] += self.hole_points()
        return s

    def winners(self) -> list[int]:
        if not self.over or self.truncated:
            return []
        s = self.scores()
        if self.teams:
            first, second = s[0] + s[1], s[2] + s[3]
            if first == second:
                return []
            return [0, 1] if first > second else [2, 3]
        best = max(s)
        top = [p for p in range(self.players) if s[p] == best]
        return top if len(top) == 1 else []

    def is_draw(self) -> bool:
        return self.over and not self.truncated and not self.winners()

    def public_view(self) -> dict[str, Any]:
        top = self.top_row()
        return {
            "current_player": self.current_player(),
            "dealer": self.dealer,
            "deal": self.deal_number,
            "turns": self.turns,
            "display": [
                [self.display.get((row, col)) for col in range(COLUMNS)] for row in range(top + 1)
            ],
            "holes": [[row, col] for row, col in sorted(self.holes)],
            "placed_this_turn": [[row, col] for row, col in self.placed_this_turn],
            "sequence": None
            if self.sequence_last is None
            else {"last": list(self.sequence_last), "direction": self.sequence_direction},
            "placement_points": list(self.placement_points),
            "hole_points": self.hole_points(),
            "match_points": list(self.match_points),
        }

    def to_dict(self) -> JSONObject:
        d = self.public_view()
        d["hands"] = [list(h) for h in self.hands]
        d["stock"] = self.stock[::-1]  # kept top first here; a dict lists every pile bottom first
        return d

    def observation(self, player: object) -> JSONObject:
        p = self.check_player(player)
        d = self.public_view()
        d["player"] = p
        d["hand"] = list(self.hands[p])
        d["hand_sizes"] = [len(h) for h in self.hands]
        d["stock_size"] = len(self.stock)
        return d

    def _write_observation_tensor(self, player: int, w: TensorWriter) -> None:
        """The layout of docs/rules/hole_in_the_wall.md, encoded from ``observation(player)``."""
        t = encode_observation(self.observation(player), self.game.options)
        w.out[w.offset : w.offset + t.size] = t
        w.offset += t.size

    def action_to_string(self, action: object) -> str:
        a = self.check_action(action)
        if a < END_TURN:
            slot, cell, continuing = decode_place(a)
            return f"place {slot} {cell_text(cell)} {'cont' if continuing else 'new'}"
        if a == END_TURN:
            return "end"
        if a == PASS:
            return "pass"
        mask = a - EXCHANGE
        return "exchange " + ",".join(str(i) for i in range(HAND_SIZE) if mask >> i & 1)

    _PLACE = re.compile(r"place (\d{1,3}) r(\d{1,3})c(\d{1,3}) (new|cont)")
    _EXCHANGE = re.compile(r"exchange (\d{1,3}(?:,\d{1,3})*)")

    def _slots_for_cards(self, text: str) -> str:
        """A card may name the hand slot holding it ("place QD r1c0 new",
        "exchange 3C,QD"); returns the text in the slot form."""
        m = re.fullmatch(r"(place |exchange )([^ ]+)(.*)", text)
        if not m:
            return text
        head, names, rest = m[1], m[2], m[3]
        if head == "exchange " and rest:
            return text
        slots = []
        for word in names.split(","):
            try:
                card = normalize_card(word)
            except ValueError:
                return text  # slot numbers, or a typo the parser reports
            hand = [] if self.over else self.hands[self.turn_of]
            if card not in hand:
                raise ValueError(
                    f"unknown action {text!r}: {card} is not in the hand of the player to move"
                )
            slots.append(hand.index(card))
        return head + ",".join(str(i) for i in sorted(slots)) + rest

    def _parse_action(self, text: str) -> int:
        text = self._slots_for_cards(text)
        if text == "end":
            return END_TURN
        if text == "pass":
            return PASS
        m = self._PLACE.fullmatch(text)
        if m:
            slot, row, col = int(m[1]), int(m[2]), int(m[3])
            if slot < HAND_SIZE and 1 <= row <= HIGHEST_ROW and col < COLUMNS:
                return place_action(slot, (row, col), continuing=m[4] == "cont")
        m = self._EXCHANGE.fullmatch(text)
        if m:
            slots = [int(x) for x in m[1].split(",")]
            if slots == sorted(set(slots)) and slots[-1] < HAND_SIZE:
                return EXCHANGE + sum(1 << i for i in slots)
        raise ValueError(
            f"unknown action {text!r} (expected 'place <slot or card> r<row>c<col> new|cont',"
            " 'end', 'exchange <slots or cards>' such as 'exchange 0,2', or 'pass')"
        )

    def __str__(self) -> str:
        state = "over" if self.over and not self.truncated else "truncated" if self.over else ""
        head = f"deal {self.deal_number}, dealer {self.dealer}, turn {self.turns} {state}"
        lines = [head.strip()]
        for row in range(self.top_row() + 1, -1, -1):
            cells = [
                self.display.get((row, c), "##" if (row, c) in self.holes else "..")
                for c in range(COLUMNS)
            ]
            lines.append(f"{row:2d} | " + " ".join(cells))
        for p, hand in enumerate(self.hands):
            lines.append(f"player {p}: {' '.join(hand)}  points {self.scores()[p]}")
        lines.append(f"stock {len(self.stock)} cards, holes worth {self.hole_points()}")
        return "\n".join(lines) + "\n"


class HoleInTheWall(ReferenceGame):
    """Hole in the Wall for 2-4 players, optionally in partnerships or as a match."""

    name = "hole_in_the_wall"

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        if self._options["teams"] and self._options["players"] != 4:
            raise ValueError(
                f"{self.name} option 'teams' needs players=4,"
                f" got players={self._options['players']}"
            )

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def num_deals(self) -> int:
        return self.num_players if self._options["match"] else 1

    def random_deck(self, rng: GameRng) -> list[str]:
        deck: list[str] = []
        for _ in range(self.num_deals()):  # a freshly shuffled pack for every deal
            pack = full_pack()
            rng.shuffle(pack)
            deck += pack
        return deck

    def parse_deck(self, deck: object) -> list[str]:
        deals = self.num_deals()
        if deals == 1:
            return check_deck(deck, full_pack(), self.name)
        if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
            raise TypeError(f"deck must be a list of card strings, got {type(deck).__name__}")
        if len(deck) != 52 * deals:
            raise ValueError(
                f"{self.name} with match=True needs a deck of {52 * deals} cards"
                f" (one pack per deal, one after another), got {len(deck)}"
            )
        out: list[str] = []
        for k in range(deals):
            out += check_deck(
                list(deck[52 * k : 52 * (k + 1)]), full_pack(), f"{self.name} (deal {k}'s pack)"
            )
        return out

    def deal(self, deck: list[str]) -> HoleInTheWallState:
        packs = [deck[52 * k : 52 * (k + 1)] for k in range(self.num_deals())]
        return HoleInTheWallState(self, packs)

    def _observation_tensor_size(self) -> int:
        return observation_tensor_size(self.num_players)


#: The games this module implements (the package finds them here).
GAMES: tuple[type[ReferenceGame], ...] = (HoleInTheWall,)
