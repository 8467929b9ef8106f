"""Racing Demon, from the rules (docs/rules/racing_demon.md).

Every player has their own pack and works it at the same time as everyone
else. Out of each pack: 13 cards make the Pile (its top face up), 4 the line,
and the other 35 the hand, turned 1, 2 or 3 at a time onto the player's waste.
Aces start foundations in the middle, shared by all; they are built up by suit
to the king, and whoever plays the king claims that foundation. The first to
empty their Pile is OUT and play stops at once.

With ``match=True`` one state is a whole match: each round that ends adds its
scores to the running totals and, while no total has reached ``target``, the
next round is dealt at once (every pack shuffled from a key folded from the
first deal, mixed with the round number), up to ``max_rounds`` rounds.

There are no turns: ``current_player()`` is SIMULTANEOUS and each action id
names the player making it (``id = player * per_player + local``). A rival's
earlier action can make an action illegal, like any other state change.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from .._typing import JSONObject, KnownJSON
from ..contract.constants import SIMULTANEOUS, TERMINAL
from .base import ReferenceGame, ReferenceState
from .cards import canonical_index, check_packs, colour, rank, shuffled_packs, suit
from .rng import GameRng, splitmix_mix
from .tensor import TensorWriter

__all__ = [
    "RacingDemon",
    "RacingDemonState",
    "encode_observation",
    "observation_tensor_size",
    "parse_speeds",
]

PILE, LINE, HAND = 13, 4, 35
SOURCES = ("pile", "line0", "line1", "line2", "line3", "waste")


# --- the observation tensor (docs/rules/racing_demon.md, "Observation tensor") ------
# Encoded from observation(p) alone: one block per seat (relative to p), then the
# cards the middle wants next, the foundation slots and the scalars.
SEAT_PILE_TOP, SEAT_COLUMN_TOP, SEAT_WASTE_TOP, SEAT_COLUMN_DEPTH = 0, 1, 5, 6
SEAT_SCALARS = 5
SLOT_SIZE = 20  # started, suit x4, height, owner of each of 13 cards, claimed by


def _seat_block(build_on_line: bool) -> int:
    return 52 * (SEAT_COLUMN_DEPTH + (LINE if build_on_line else 0)) + SEAT_SCALARS


def observation_tensor_size(players: int, build_on_line: bool, match: bool = False) -> int:
    """Floats in the tensor of a configuration (match play adds the round and the totals)."""
    size = players * _seat_block(build_on_line) + 52 + 4 * players * SLOT_SIZE + 2 * players + 6
    return size + (1 + 2 * players if match else 0)


def encode_observation(obs: KnownJSON, options: dict[str, Any]) -> np.ndarray:
    """The observation tensor of ``obs`` (an ``observation(p)`` dict) as float32."""
    n = int(options["players"])
    build = bool(options["build_on_line"])
    me = int(obs["player"])
    match = bool(options["match"])
    out = np.zeros(observation_tensor_size(n, build, match), dtype=np.float32)
    block = _seat_block(build)

    def card_id(card: str) -> int:
        return "CDHS".index(suit(card)) * 13 + rank(card) - 1

    def rel(seat: int) -> int:
        return (seat - me) % n

    for q, seat in enumerate(obs["players"]):
        base = rel(q) * block
        if seat["pile_top"] is not None:
            out[base + 52 * SEAT_PILE_TOP + card_id(seat["pile_top"])] = 1.0
        for c, column in enumerate(seat["line"]):
            if column:
                out[base + 52 * (SEAT_COLUMN_TOP + c) + card_id(column[-1])] = 1.0
            if build:
                for i, card in enumerate(column):
                    out[base + 52 * (SEAT_COLUMN_DEPTH + c) + card_id(card)] = (i + 1) / 13
        if seat["waste_top"] is not None:
            out[base + 52 * SEAT_WASTE_TOP + card_id(seat["waste_top"])] = 1.0
        out[base + block - SEAT_SCALARS : base + block] = [
            seat["pile_count"] / PILE,
            seat["hand_count"] / HAND,
            seat["waste_count"] / HAND,
            min(seat["turned"], HAND) / HAND,  # what the stalemate rule compares
            seat["turned"] / (3 * options["move_cap"]),  # exact: at most 3 cards a move
        ]
    wanted = n * block
    takers = [0] * 52
    for f in obs["foundations"]:
        top = f["cards"][-1]
        if f["claimed_by"] < 0 and rank(top) < 13:
            takers[card_id(top) + 1] += 1
    out[wanted : wanted + 52] = [k / n for k in takers]
    for i, f in enumerate(obs["foundations"]):
        slot = wanted + 52 + i * SLOT_SIZE
        out[slot] = 1.0
        out[slot + 1 + "CDHS".index(f["suit"])] = 1.0
        out[slot + 5] = len(f["cards"]) / 13
        for j, owner in enumerate(f["owners"]):
            out[slot + 6 + j] = (rel(owner) + 1) / n
        if f["claimed_by"] >= 0:
            out[slot + 19] = (rel(f["claimed_by"]) + 1) / n
    s = wanted + 52 + 4 * n * SLOT_SIZE
    out[s + me] = 1.0
    if obs["out_player"] >= 0:
        out[s + n + rel(obs["out_player"])] = 1.0
    out[s + 2 * n : s + 2 * n + 6] = [
        float(obs["current_player"] == TERMINAL),
        float(obs["stalemate"]),
        float(obs["rotations"]),
        obs["moves"] / options["move_cap"],
        options["turn"] / 3,
        float(build),
    ]
    if match:
        s += 2 * n + 6
        out[s] = obs["round"] / options["max_rounds"]
        # Against the target (clipped), and exactly against the most a match can
        # score: OUT, a king on every foundation, a whole pack in the middle, each round.
        most = (10 + 2 * 4 * n + 52) * options["max_rounds"]
        for q, total in enumerate(obs["totals"]):
            out[s + 1 + rel(q)] = max(-1.0, min(1.0, total / options["target"]))
            out[s + 1 + n + rel(q)] = total / most
    return out


def per_player_actions(players: int) -> int:
    """turn + 6 sources x (4n foundation slots + new) + 20 line builds."""
    return 1 + len(SOURCES) * (4 * players + 1) + 20


def other_column(i: int, k: int) -> int:
    """The k-th column other than i (k = 0, 1, 2)."""
    return k if k < i else k + 1


def builds_on(card: str, target: str) -> bool:
    """Line building: one rank lower and the other colour."""
    return rank(card) + 1 == rank(target) and colour(card) != colour(target)


def parse_speeds(text: str, players: int) -> list[int]:
    """The ``speeds`` option in whole milliseconds per action, one per player."""
    if text == "":
        return [1000] * players
    out = []
    for item in text.split(","):
        m = re.fullmatch(r" *(\d{0,4})(?:\.(\d{1,3}))? *", item)
        if not m or (m.group(1) == "" and m.group(2) is None):
            raise ValueError(
                f"racing_demon option 'speeds' must be seconds per action like '1.0,0.8'"
                f" (at most 3 decimals), got {text!r}"
            )
        ms = int(m.group(1) or "0") * 1000 + int((m.group(2) or "").ljust(3, "0"))
        if not 1 <= ms <= 1_000_000:
            raise ValueError(
                "racing_demon option 'speeds' must lie between 0.001 and 1000 seconds,"
                f" got {text!r}"
            )
        out.append(ms)
    if len(out) == 1:
        return out * players
    if len(out) != players:
        raise ValueError(
            f"racing_demon option 'speeds' needs one speed, or one per player ({players}),"
            f" got {text!r}"
        )
    return out


class Seat:
    """One player's cards. Every list runs bottom to top, so [-1] is the top."""

    def __init__(self, pack: list[str]) -> None:
        self.pile = pack[:PILE]
        self.line = [[c] for c in pack[PILE : PILE + LINE]]
        # pack[17] is the first card turned: the top of the hand.
        self.hand = list(reversed(pack[PILE + LINE :]))
        self.waste: list[str] = []
        self.turned = 0  # cards turned from the hand since the last play

    def stock(self) -> int:
        return len(self.hand) + len(self.waste)

    def source_card(self, source: int) -> str | None:
        if source == 0:
            return self.pile[-1]
        if source == 5:
            return self.waste[-1] if self.waste else None
        return self.line[source - 1][-1]


class Foundation:
    def __init__(self, ace: str, owner: int) -> None:
        self.cards = [ace]
        self.owners = [owner]
        self.claimed_by = -1

    def needs(self) -> str | None:
        """The card that goes on next, or None once the king is on."""
        top = self.cards[-1]
        if rank(top) == 13:
            return None
        return "A23456789TJQK"[rank(top)] + suit(top)


class RacingDemonState(ReferenceState):
    def __init__(self, game: RacingDemon, packs: list[list[str]]) -> None:
        super().__init__(game)
        self.rd = game
        self.match = bool(game.options["match"])
        self.round = 0
        self.totals = [0] * len(packs)
        self.match_truncated = False
        key = 0
        if self.match:
            for pack in packs:
                for card in pack:
                    key = splitmix_mix(key ^ canonical_index(card))
        self.key = key
        self.start_round(packs)

    def start_round(self, packs: list[list[str]]) -> None:
        self.seats = [Seat(p) for p in packs]
        self.foundations: list[Foundation] = []
        self.out_player = -1
        self.stalemate = False
        self.truncated = False
        self.rotations = 0  # stalemate rotations since the last play
        self.moves = 0  # in this round

    def end_round(self) -> None:
        """Match play: the round's scores join the totals; the match ends at the
        target or the round cap, else the next round is dealt."""
        self.totals = [t + s for t, s in zip(self.totals, self.round_scores(), strict=True)]
        played = self.round + 1
        if max(self.totals) >= self.rd.options["target"]:
            return
        if played >= self.rd.options["max_rounds"]:
            self.match_truncated = True
            return
        rng = GameRng(splitmix_mix(self.key ^ played))
        deck = shuffled_packs(rng, self.num_players)
        self.round = played
        self.start_round([deck[52 * p : 52 * (p + 1)] for p in range(self.num_players)])

    # --- action ids -------------------------------------------------------------
    @property
    def slots(self) -> int:
        return 4 * self.num_players

    @property
    def per_player(self) -> int:
        return per_player_actions(self.num_players)

    def actor(self, action: int) -> int:
        return action // self.per_player

    def decode(self, action: int) -> tuple[int, str, int, int]:
        """(player, kind, a, b): ("turn",0,0), ("middle", source, slot or -1 for new),
        ("pile_line"|"waste_line", 0, column), ("line_line", from, to)."""
        p, local = divmod(action, self.per_player)
        if local == 0:
            return p, "turn", 0, 0
        local -= 1
        if local < len(SOURCES) * (self.slots + 1):
            source, target = divmod(local, self.slots + 1)
            return p, "middle", source, (-1 if target == self.slots else target)
        b = local - len(SOURCES) * (self.slots + 1)
        if b < 4:
            return p, "pile_line", 0, b
        if b < 8:
            return p, "waste_line", 0, b - 4
        i, k = divmod(b - 8, 3)
        return p, "line_line", i, other_column(i, k)

    def encode(self, p: int, kind: str, a: int, b: int) -> int:
        base = p * self.per_player
        after_middle = 1 + len(SOURCES) * (self.slots + 1)
        if kind == "turn":
            return base
        if kind == "middle":
            return base + 1 + a * (self.slots + 1) + (self.slots if b < 0 else b)
        if kind == "pile_line":
            return base + after_middle + b
        if kind == "waste_line":
            return base + after_middle + 4 + b
        return base + after_middle + 8 + 3 * a + (b if b < a else b - 1)

    # --- the rules --------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.out_player >= 0 or self.stalemate or self.truncated

    def is_truncated(self) -> bool:
        return self.match_truncated if self.match else self.truncated

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else SIMULTANEOUS

    def why_illegal(self, action: int) -> str:
        if self.match and self.is_terminal():
            return "the match is over" + (": round cap reached" if self.match_truncated else "")
        if self.out_player >= 0:
            return f"the game is over: player {self.out_player} is OUT"
        if self.stalemate:
            return "the game is over: stalemate"
        if self.truncated:
            return "the game is over: move cap reached"
        p, kind, a, b = self.decode(action)
        seat = self.seats[p]
        if kind == "turn":
            return "" if seat.stock() else f"player {p} has nothing left to turn"
        if kind == "middle":
            card = seat.source_card(a)
            if card is None:
                return f"player {p} has no waste card"
            if b < 0:
                return "" if rank(card) == 1 else f"{card} is not an ace: it starts no foundation"
            if b >= len(self.foundations):
                return f"foundation {b} has not been started"
            need = self.foundations[b].needs()
            if need != card:
                return f"foundation {b} takes {need or 'nothing more'}, not {card}"
            return ""
        if not self.rd.options["build_on_line"]:
            return "line building is off (option build_on_line)"
        if kind in ("pile_line", "waste_line"):
            if kind == "waste_line" and not seat.waste:
                return f"player {p} has no waste card"
            card = seat.pile[-1] if kind == "pile_line" else seat.waste[-1]
            target = seat.line[b][-1]
            return "" if builds_on(card, target) else f"{card} does not build on {target}"
        if self.line_move_start(seat, a, b) is None:
            return f"nothing in line column {a} builds on {seat.line[b][-1]}"
        return ""

    @staticmethod
    def line_move_start(seat: Seat, i: int, j: int) -> int | None:
        target = seat.line[j][-1]
        for d, card in enumerate(seat.line[i]):
            if builds_on(card, target):
                return d
        return None

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        out = []
        for p, seat in enumerate(self.seats):
            if seat.stock():
                out.append(self.encode(p, "turn", 0, 0))
            for source in range(len(SOURCES)):
                card = seat.source_card(source)
                if card is None:
                    continue
                if rank(card) == 1:
                    out.append(self.encode(p, "middle", source, -1))
                for t, f in enumerate(self.foundations):
                    if f.needs() == card:
                        out.append(self.encode(p, "middle", source, t))
            if self.rd.options["build_on_line"]:
                for j in range(LINE):
                    target = seat.line[j][-1]
                    if builds_on(seat.pile[-1], target):
                        out.append(self.encode(p, "pile_line", 0, j))
                    if seat.waste and builds_on(seat.waste[-1], target):
                        out.append(self.encode(p, "waste_line", 0, j))
                    for i in range(LINE):
                        if i != j and self.line_move_start(seat, i, j) is not None:
                            out.append(self.encode(p, "line_line", i, j))
        return sorted(out)

    def legal_actions_for(self, player: object) -> list[int]:
        p = self.check_player(player)
        return [a for a in self.legal_actions() if self.actor(a) == p]

    def _apply(self, action: int) -> None:
        p, kind, a, b = self.decode(action)
        seat = self.seats[p]
        self.moves += 1
        progress = True  # a card to the middle, or a new card onto the line
        if kind == "turn":
            progress = False
            if not seat.hand:  # the waste, turned over, becomes the hand
                seat.hand = list(reversed(seat.waste))
                seat.waste = []
            else:
                n = min(self.rd.options["turn"], len(seat.hand))
                for _ in range(n):
                    seat.waste.append(seat.hand.pop())
                seat.turned += n
        elif kind == "middle":
            card = self.take(seat, a)
            if b < 0:
                self.foundations.append(Foundation(card, p))
            else:
                f = self.foundations[b]
                f.cards.append(card)
                f.owners.append(p)
                if rank(card) == 13:
                    f.claimed_by = p
        elif kind in ("pile_line", "waste_line"):
            card = self.take(seat, 0 if kind == "pile_line" else 5)
            seat.line[b].append(card)
        else:
            d = self.line_move_start(seat, a, b)
            assert d is not None
            seat.line[b] += seat.line[a][d:]
            del seat.line[a][d:]
            if not seat.line[a]:
                seat.line[a].append(seat.pile.pop())
            else:
                progress = False  # part of a column shifted: no new card in play
        if not seat.pile:
            self.out_player = p
        else:
            if progress:
                self.rotations = 0
                for s in self.seats:
                    s.turned = 0
            self.settle_stalemate()
            if not self.is_terminal() and self.moves >= self.rd.options["move_cap"]:
                self.truncated = True
        if self.match and self.is_terminal():
            self.end_round()

    @staticmethod
    def take(seat: Seat, source: int) -> str:
        if source == 0:
            return seat.pile.pop()
        if source == 5:
            return seat.waste.pop()
        column = seat.line[source - 1]
        card = column.pop()
        if not column:  # refilled at once from the Pile
            column.append(seat.pile.pop())
        return card

    def could_play(self, seat: Seat) -> bool:
        """Could this player play to the middle, or bring a card onto the line?"""
        for source in range(len(SOURCES)):
            card = seat.source_card(source)
            if card is None:
                continue
            if rank(card) == 1 or any(f.needs() == card for f in self.foundations):
                return True
        if self.rd.options["build_on_line"]:
            for j, column in enumerate(seat.line):
                top = column[-1]
                if builds_on(seat.pile[-1], top) or (seat.waste and builds_on(seat.waste[-1], top)):
                    return True
                # a whole column moving empties it, and the Pile refills it
                if any(builds_on(seat.line[i][0], top) for i in range(LINE) if i != j):
                    return True
        return False

    def settle_stalemate(self) -> None:
        while all(s.turned >= s.stock() for s in self.seats) and not any(
            self.could_play(s) for s in self.seats
        ):
            if self.rotations >= 1:
                self.stalemate = True
                return
            self.rotations += 1
            for s in self.seats:
                s.turned = 0
                order = list(reversed(s.hand)) + s.waste  # in the order they would turn
                if order:
                    order = order[1:] + order[:1]
                s.hand = list(reversed(order))
                s.waste = []

    # --- results and views ------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.totals) if self.match else self.round_scores()

    def round_scores(self) -> list[int]:
        """What the round being played (or the last one) scores as it stands."""
        out = [-len(s.pile) for s in self.seats]
        if self.out_player >= 0:
            out[self.out_player] += 10
        for f in self.foundations:
            if f.claimed_by >= 0:
                out[f.claimed_by] += 2
            for owner in f.owners:
                out[owner] += 1
        return out

    def winners(self) -> list[int]:
        if not self.match:
            return [self.out_player] if self.out_player >= 0 else []
        if not self.is_terminal() or self.match_truncated:
            return []
        top = [p for p, t in enumerate(self.totals) if t == max(self.totals)]
        return top if len(top) == 1 else []

    def is_draw(self) -> bool:
        if not (self.match and self.is_terminal() and not self.match_truncated):
            return False
        return self.totals.count(max(self.totals)) > 1

    def common(self) -> JSONObject:
        d: JSONObject = {
            "current_player": self.current_player(),
            "foundations": [
                {
                    "suit": suit(f.cards[0]),
                    "cards": list(f.cards),
                    "owners": list(f.owners),
                    "claimed_by": f.claimed_by,
                }
                for f in self.foundations
            ],
            "out_player": self.out_player,
            "stalemate": self.stalemate,
            "rotations": self.rotations,
            "moves": self.moves,
        }
        if self.match:
            d["round"] = self.round
            d["totals"] = list(self.totals)
        return d

    def to_dict(self) -> JSONObject:
        d = self.common()
        d["players"] = [
            {
                "pile": list(s.pile),
                "line": [list(c) for c in s.line],
                "hand": list(s.hand),
                "waste": list(s.waste),
                "turned": s.turned,
            }
            for s in self.seats
        ]
        return d

    def observation(self, player: object) -> JSONObject:
        p = self.check_player(player)
        d = self.common()
        d["player"] = p
        d["players"] = [
            {
                "pile_top": s.pile[-1] if s.pile else None,
                "pile_count": len(s.pile),
                "line": [list(c) for c in s.line],
                "hand_count": len(s.hand),
                "waste_top": s.waste[-1] if s.waste else None,
                "waste_count": len(s.waste),
                "turned": s.turned,
            }
            for s in self.seats
        ]
        return d

    def _write_observation_tensor(self, player: int, w: TensorWriter) -> None:
        """The layout of docs/rules/racing_demon.md, encoded from ``observation(player)``."""
        t = encode_observation(self.observation(player), self.game.options)
        w.out[w.offset : w.offset + t.size] = t
        w.offset += t.size

    def action_to_string(self, action: object) -> str:
        a = self.check_action(action)
        p, kind, x, y = self.decode(a)
        if kind == "turn":
            what = "turn"
        elif kind == "middle":
            what = f"{SOURCES[x]}>" + ("new" if y < 0 else f"f{y}")
        elif kind == "pile_line":
            what = f"pile>line{y}"
        elif kind == "waste_line":
            what = f"waste>line{y}"
        else:
            what = f"line{x}>line{y}"
        return f"p{p} {what}"

    def _parse_action(self, text: str) -> int:
        m = re.fullmatch(r"p([0-7]) (?:(turn)|(\w+)>(\w+))", text)
        if m and int(m.group(1)) < self.num_players:
            p = int(m.group(1))
            if m.group(2):
                return self.encode(p, "turn", 0, 0)
            src, dst = m.group(3), m.group(4)
            fm = re.fullmatch(r"f(\d+)", dst)
            if src in SOURCES and (dst == "new" or (fm and int(fm.group(1)) < self.slots)):
                if fm and str(int(fm.group(1))) != fm.group(1):
                    raise ValueError(f"unknown action {text!r}")
                return self.encode(p, "middle", SOURCES.index(src), int(fm.group(1)) if fm else -1)
            lm = re.fullmatch(r"line([0-3])", dst)
            if lm:
                col = int(lm.group(1))
                if src == "pile":
                    return self.encode(p, "pile_line", 0, col)
                if src == "waste":
                    return self.encode(p, "waste_line", 0, col)
                sm = re.fullmatch(r"line([0-3])", src)
                if sm and int(sm.group(1)) != col:
                    return self.encode(p, "line_line", int(sm.group(1)), col)
        raise ValueError(f"unknown action {text!r} (e.g. 'p0 turn', 'p1 line2>f3', 'p0 waste>new')")

    def __str__(self) -> str:
        lines = []
        for p, s in enumerate(self.seats):
            out = " (OUT)" if self.out_player == p else ""
            top = f" top {s.pile[-1]}" if s.pile else ""
            line = " ".join("[" + " ".join(c) + "]" for c in s.line)
            waste = f" top {s.waste[-1]}" if s.waste else ""
            lines.append(
                f"player {p}{out}: Pile {len(s.pile)}{top}, line {line},"
                f" hand {len(s.hand)}, waste {len(s.waste)}{waste}"
            )
        middle = "".join(
            f" f{i}={f.cards[-1]}" + (f"(p{f.claimed_by})" if f.claimed_by >= 0 else "")
            for i, f in enumerate(self.foundations)
        )
        lines.append("middle:" + middle)
        if self.stalemate:
            lines.append("ended in stalemate")
        if self.truncated:
            lines.append("truncated")
        if self.match:
            lines.append(f"round {self.round}, totals " + " ".join(map(str, self.totals)))
            if self.match_truncated:
                lines.append("match truncated")
        return "\n".join(lines) + "\n"


class RacingDemon(ReferenceGame):
    """Racing Demon for 1-8 players, all acting at once."""

    name = "racing_demon"

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        self.speeds_ms = parse_speeds(self._options["speeds"], self.num_players)
        if not self._options["match"]:
            for spec in self.option_specs:
                stray = self._options[spec.name] != spec.default
                if spec.name in ("target", "max_rounds") and stray:
                    raise ValueError(
                        f"{self.name} option {spec.name!r} applies to match play only"
                        " (give match=True)"
                    )

    @property
    def num_actions(self) -> int:
        return self.num_players * per_player_actions(self.num_players)

    def random_deck(self, rng: GameRng) -> list[str]:
        return shuffled_packs(rng, self.num_players)

    def parse_deck(self, deck: object) -> list[str]:
        return check_packs(deck, self.num_players, self.name)

    def deal(self, deck: list[str]) -> RacingDemonState:
        packs = [deck[52 * p : 52 * (p + 1)] for p in range(self.num_players)]
        return RacingDemonState(self, packs)

    def _observation_tensor_size(self) -> int:
        return observation_tensor_size(
            self.num_players, bool(self._options["build_on_line"]), bool(self._options["match"])
        )


#: The games this module implements (the package finds them here).
GAMES: tuple[type[ReferenceGame], ...] = (RacingDemon,)
