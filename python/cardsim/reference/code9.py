"""Code 9 Attack and its solitaire form, from the rules (docs/rules/code9.md).

The 36 cards A-9 lie face up on a 6x6 grid, deck[r*6 + c] at row r, column c.
Every player owns a suit (given by the ten they hold); the other suits are
neutral cards that nobody moves. On a turn a player moves one of their cards
one step up, down, left or right: into an empty place, onto a lower card of
another suit (which is set aside), or, from the edge, off the grid, which only
their lowest card on the grid may do. When none of that is possible the
special rule forces a card onto its lowest neighbour of another suit, whatever
its rank; if even that is impossible the player passes. Whoever's 9 leaves the
grid first, by any means, wins.

Actions name the mover's card by rank: ``(rank - 1) * 5 + k`` with k = 0 up,
1 down, 2 left, 3 right, 4 off; 45 is ``pass``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._typing import JSONObject, KnownJSON
from ..contract.constants import TERMINAL
from .base import ReferenceGame, ReferenceState
from .cards import SUITS, check_deck, normalize_card, rank, suit
from .rng import GameRng
from .tensor import CARD_PLANE, TensorWriter

__all__ = ["Code9", "Code9Solitaire", "Code9State"]

SIDE = 6
GRID_RANKS = "A23456789"
DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
KINDS = ["up", "down", "left", "right", "off"]
PASS = 45
NUM_ACTIONS = 46
#: Cards of the other suits one player could capture (observation tensor scale).
MAX_CAPTURED = SIDE * SIDE - len(GRID_RANKS)


def tensor_size(players: int) -> int:
    """Length of the observation tensor (docs/rules/code9.md)."""
    place = 4 + len(GRID_RANKS) + players + 1
    seat = 4 + 1 + len(GRID_RANKS)
    return 3 * players + 1 + SIDE * SIDE * place + players * seat + CARD_PLANE + 2


def action_id(card_rank: int, kind: str) -> int:
    return (card_rank - 1) * 5 + KINDS.index(kind)


def grid_cards() -> list[str]:
    """The 36 grid cards in card-id order: A-9 of clubs, then diamonds, hearts, spades."""
    return [r + s for s in SUITS for r in GRID_RANKS]


def on_edge(row: int, col: int) -> bool:
    return row in (0, SIDE - 1) or col in (0, SIDE - 1)


class Code9State(ReferenceState):
    def __init__(self, game: Code9, grid: list[str], suits: list[str]) -> None:
        super().__init__(game)
        # grid[row][col] is a card string or None for an empty place.
        self.grid: list[list[str | None]] = [
            [grid[r * SIDE + c] for c in range(SIDE)] for r in range(SIDE)
        ]
        self.suits = suits  # player -> suit letter
        self.captured = [0] * len(suits)
        self.set_aside: list[str] = []
        self.moves = 0
        self.passes = 0
        self.winner: int | None = None
        self.truncated = False
        self.stuck = False  # solitaire only: no move at all is possible
        self.to_move = 0
        self._check_stuck()

    # --- reading the grid ----------------------------------------------------------
    def where(self, card: str) -> tuple[int, int] | None:
        for r in range(SIDE):
            for c in range(SIDE):
                if self.grid[r][c] == card:
                    return r, c
        return None

    def my_cards(self, player: int) -> list[tuple[str, int, int]]:
        """The player's cards on the grid, lowest first, with their places."""
        mine = []
        for r in range(SIDE):
            for c in range(SIDE):
                card = self.grid[r][c]
                if card is not None and suit(card) == self.suits[player]:
                    mine.append((card, r, c))
        return sorted(mine, key=lambda m: rank(m[0]))

    def owner(self, suit_letter: str) -> int | None:
        return self.suits.index(suit_letter) if suit_letter in self.suits else None

    # --- the moves -----------------------------------------------------------------
    def normal_moves(self, player: int) -> list[int]:
        mine = self.my_cards(player)
        out = []
        for i, (card, r, c) in enumerate(mine):
            for kind, (dr, dc) in DIRECTIONS.items():
                nr, nc = r + dr, c + dc
                if not (0 <= nr < SIDE and 0 <= nc < SIDE):
                    continue
                there = self.grid[nr][nc]
                if there is None or (suit(there) != suit(card) and rank(there) < rank(card)):
                    out.append(action_id(rank(card), kind))
            if i == 0 and on_edge(r, c):  # only the lowest card on the grid may leave
                out.append(action_id(rank(card), "off"))
        return sorted(out)

    def special_moves(self, player: int) -> list[int]:
        out = []
        for card, r, c in self.my_cards(player):
            foreign = {}
            for kind, (dr, dc) in DIRECTIONS.items():
                nr, nc = r + dr, c + dc
                if 0 <= nr < SIDE and 0 <= nc < SIDE:
                    there = self.grid[nr][nc]
                    if there is not None and suit(there) != suit(card):
                        foreign[kind] = rank(there)
            if foreign:
                lowest = min(foreign.values())
                out += [action_id(rank(card), k) for k, v in foreign.items() if v == lowest]
        return sorted(out)

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.to_move

    def is_terminal(self) -> bool:
        return self.winner is not None or self.truncated or self.stuck or self.is_draw()

    def is_truncated(self) -> bool:
        return self.truncated

    def is_draw(self) -> bool:
        return self.num_players > 1 and self.passes >= self.num_players

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        return self.normal_moves(self.to_move) or self.special_moves(self.to_move) or [PASS]

    def why_illegal(self, action: int) -> str:
        if self.is_terminal():
            return "the game is over"
        if action in self.legal_actions():
            return ""
        if action == PASS:
            return "a player may pass only when no move is possible"
        if self.legal_actions() == [PASS]:
            return "no move is possible, so the player must pass"
        card = GRID_RANKS[action // 5] + self.suits[self.to_move]
        kind = KINDS[action % 5]
        place = self.where(card)
        if place is None:
            return f"{card} is not on the grid any more"
        r, c = place
        if kind == "off":
            if not on_edge(r, c):
                return f"{card} may not leave the grid: it is not on an edge"
            return f"{card} may not leave the grid: only the lowest card on the grid may"
        dr, dc = DIRECTIONS[kind]
        if not (0 <= r + dr < SIDE and 0 <= c + dc < SIDE):
            return f"{card} is on the edge: leaving the grid is '{GRID_RANKS[action // 5]} off'"
        there = self.grid[r + dr][c + dc]
        if there is not None and suit(there) == suit(card):
            return f"{card} cannot move onto {there}, a card of its own suit"
        if not self.normal_moves(self.to_move):
            return f"under the special rule {card} may only move onto its lowest foreign neighbour"
        return f"{card} may only move onto an empty place or a lower card of another suit"

    def _apply(self, action: int) -> None:
        player = self.to_move
        self.moves += 1
        if action == PASS:
            self.passes += 1
        else:
            self.passes = 0
            card = GRID_RANKS[action // 5] + self.suits[player]
            kind = KINDS[action % 5]
            r, c = self.where(card)  # type: ignore[misc]
            self.grid[r][c] = None
            if kind == "off":
                self.set_aside.append(card)
                if card[0] == "9":
                    self.winner = player
            else:
                dr, dc = DIRECTIONS[kind]
                victim = self.grid[r + dr][c + dc]
                self.grid[r + dr][c + dc] = card
                if victim is not None:
                    self.set_aside.append(victim)
                    self.captured[player] += 1
                    # A 9 leaving the grid by any means wins for its owner (if it has one).
                    if victim[0] == "9" and self.owner(suit(victim)) is not None:
                        self.winner = self.owner(suit(victim))
        if self.winner is not None or self.is_draw():
            return
        if self.moves >= self.game.options["move_cap"]:
            self.truncated = True
            return
        self.to_move = (player + 1) % self.num_players
        self._check_stuck()

    def _check_stuck(self) -> None:
        if self.num_players == 1:
            self.stuck = not (self.normal_moves(0) or self.special_moves(0))

    def scores(self) -> list[int]:
        if self.num_players == 1:
            return [self.moves]
        return list(self.captured)

    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]

    def to_dict(self) -> JSONObject:
        return {
            "current_player": self.current_player(),
            "grid": [list(row) for row in self.grid],
            "suits": list(self.suits),
            # The ten each seat holds as its suit marker (none in the solitaire).
            "tens": [] if self.game.name == "code9_solitaire" else ["T" + x for x in self.suits],
            "captured": list(self.captured),
            "set_aside": list(self.set_aside),
            "moves": self.moves,
            "passes": self.passes,
            "winner": self.winner,
        }

    def observation(self, player: object) -> JSONObject:
        p = self.check_player(player)
        # Nothing is hidden in this game, but the seed would tell the deal to come.
        d = self.to_dict()
        del d["seed"]
        return {**d, "player": p}

    def _encode_observation(self, obs: KnownJSON, player: int, w: TensorWriter) -> None:
        """The layout of docs/rules/code9.md, "Observation tensor", read off an
        observation dict alone."""
        n = self.num_players
        suits = obs["suits"]

        def seat(q: int | None) -> int | None:  # a seat as the observer counts it
            return None if q is None or q < 0 else (q - player) % n

        w.one_hot(obs["player"], n)
        w.one_hot(seat(obs["current_player"]), n)
        w.flag(obs["current_player"] == TERMINAL)
        places = [card for row in obs["grid"] for card in row]
        for card in places:
            owner = None if card is None or card[1] not in suits else suits.index(card[1])
            w.one_hot(None if card is None else SUITS.index(card[1]), 4)
            w.one_hot(None if card is None else rank(card) - 1, len(GRID_RANKS))
            w.one_hot(seat(owner), n)
            w.flag(card is not None and owner is None)
        for k in range(n):
            q = (player + k) % n
            w.one_hot(SUITS.index(suits[q]), 4)
            w.value(obs["captured"][q] / MAX_CAPTURED)
            mine = [rank(c) for c in places if c is not None and c[1] == suits[q]]
            w.one_hot(min(mine) - 1 if mine else None, len(GRID_RANKS))
        w.card_order(obs["set_aside"], SIDE * SIDE)
        w.value(obs["moves"] / self.game.options["move_cap"])
        w.value(obs["passes"] / n)
        w.one_hot(seat(obs["winner"]), n)

    def action_to_string(self, action: object) -> str:
        a = self.check_action(action)
        return "pass" if a == PASS else f"{GRID_RANKS[a // 5]} {KINDS[a % 5]}"

    def _parse_action(self, text: str) -> int:
        if text == "pass":
            return PASS
        parts = text.split(" ")
        if len(parts) == 2 and len(parts[0]) == 1 and parts[0] in GRID_RANKS and parts[1] in KINDS:
            return action_id(GRID_RANKS.index(parts[0]) + 1, parts[1])
        raise ValueError(f"unknown action {text!r} (e.g. '7 up', '9 off' or 'pass')")

    def __str__(self) -> str:
        lines = ["     " + "  ".join("abcdef")]
        for r in range(SIDE):
            lines.append(f" {r + 1}  " + " ".join(x or ".." for x in self.grid[r]))
        for p, s in enumerate(self.suits):
            lines.append(f"player {p}: {s}, captured {self.captured[p]}")
        if self.winner is not None:
            end = f"player {self.winner} won"
        elif self.is_terminal():
            end = "truncated" if self.truncated else ("no move left" if self.stuck else "draw")
        else:
            end = f"player {self.to_move} to move"
        lines.append(f"moves {self.moves}, {end}")
        return "\n".join(lines) + "\n"


def _read_suits(players: int, given: list[str]) -> list[str]:
    if not given:
        return []
    if len(given) != players:
        raise ValueError(
            f"code9 option 'suits' must name one suit per player ({players}), got {len(given)}"
        )
    out: list[str] = []
    for text in given:
        s = text.upper()
        if len(s) != 1 or s not in SUITS:
            raise ValueError(f"code9 option 'suits': unknown suit {text!r} (expected C, D, H or S)")
        if s in out:
            raise ValueError(f"code9 option 'suits' names {s} twice")
        out.append(s)
    return out


class Code9(ReferenceGame):
    """Code 9 Attack for 2-4 players."""

    name = "code9"

    def __init__(self, **options: Any) -> None:
        if isinstance(options.get("suits"), str):  # the short form: "SH" for ["S", "H"]
            options["suits"] = list(options["suits"])
        super().__init__(**options)
        self.named_suits = _read_suits(self.num_players, self._options["suits"])

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def random_deck(self, rng: GameRng) -> list[str]:
        cards = grid_cards()
        rng.shuffle(cards)
        if self.named_suits:
            return cards + ["T" + s for s in self.named_suits]
        tens = ["T" + s for s in SUITS]
        rng.shuffle(tens)
        return cards + tens[: self.num_players]

    def parse_deck(self, deck: object) -> list[str]:
        if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
            raise TypeError(f"deck must be a list of card strings, got {type(deck).__name__}")
        for i, text in enumerate(deck):
            if not isinstance(text, str):
                raise TypeError(f"deck position {i} must be a str, got {type(text).__name__}")
        n = self.num_players
        if len(deck) not in (36, 36 + n):
            raise ValueError(
                f"code9 needs a deck of 36 cards, or 36 followed by the {n} players' tens,"
                f" got {len(deck)}"
            )
        cards = check_deck(list(deck[:36]), grid_cards(), self.name)
        if len(deck) == 36:
            suits = self.named_suits or list(SUITS[:n])
            return cards + ["T" + s for s in suits]
        tens = []
        for i in range(36, len(deck)):
            try:
                ten = normalize_card(deck[i])
            except ValueError as e:
                raise ValueError(f"deck position {i}: {e}") from None
            if ten[0] != "T":
                raise ValueError(f"deck position {i}: after the grid come the tens, not {ten}")
            if ten in tens:
                raise ValueError(f"the deck deals {ten} to two players")
            tens.append(ten)
        if self.named_suits and [t[1] for t in tens] != self.named_suits:
            raise ValueError("the tens at the end of the deck disagree with the option suits")
        return cards + tens

    def deck_layout(self, template: list[str]) -> list[tuple[list[str], int]]:
        """The 36 grid cards, then one ten per seat: of the named suits, or of any."""
        tens = ["T" + s for s in (self.named_suits or SUITS)]
        return [(template[:36], 36), (tens, len(template) - 36)]

    def _observation_tensor_size(self) -> int:
        return tensor_size(self.num_players)

    def deal(self, deck: list[str]) -> Code9State:
        return Code9State(self, deck[:36], [t[1] for t in deck[36:]])


class Code9Solitaire(ReferenceGame):
    """The solitaire: spades are yours, everything else is neutral."""

    name = "code9_solitaire"

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def random_deck(self, rng: GameRng) -> list[str]:
        cards = grid_cards()
        rng.shuffle(cards)
        return cards

    def parse_deck(self, deck: object) -> list[str]:
        return check_deck(deck, grid_cards(), self.name)

    def _observation_tensor_size(self) -> int:
        return tensor_size(1)

    def deal(self, deck: list[str]) -> Code9State:
        return Code9State(self, deck, ["S"])


#: The games this module implements (the package finds them here).
GAMES: tuple[type[ReferenceGame], ...] = (Code9, Code9Solitaire)
