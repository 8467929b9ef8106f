"""Rummy for 2-6 players and match play, from the rules (docs/rules/rummy.md).

Written from the rules, for clarity: hands are lists of card strings, melds
are lists of cards, and every legality question is answered by asking the
rules directly. See docs/rules/rummy.md for the rulings and the action ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .._typing import JSONObject, KnownJSON
from ..contract.constants import TERMINAL
from .base import ReferenceGame, ReferenceState
from .cards import RANKS, SUITS, canonical_index, check_deck, full_pack, rank, suit
from .rng import GameRng, splitmix_mix
from .tensor import TensorWriter

__all__ = ["Rummy", "RummyState", "encode_observation", "observation_tensor_size"]

# --- the action ids (docs/rules/rummy.md, "Actions") ---------------------------------
DRAW_STOCK, TAKE_DISCARD, TURN_OVER, CALL, DECLINE = range(5)
CONTROL_NAMES = ["draw_stock", "take_discard", "turn_over", "call_rummy", "decline"]
LAY_OFF_ENDS = ["set", "low", "high"]


def card_of(s: str, ext_rank: int) -> str:
    """The card of suit ``s`` at a run position 1..14 (14 is the ace above the king)."""
    return RANKS[(ext_rank - 1) % 13] + s


@dataclass(frozen=True)
class ActionSpec:
    kind: str  # control, discard, run, set, lay_off
    cards: tuple[str, ...] = ()
    end: str = ""  # lay_off: set, low or high
    low: int = 0  # runs: first rank (1..12) and last (up to 14)
    high: int = 0


def _all_actions() -> list[ActionSpec]:
    acts = [ActionSpec("control") for _ in CONTROL_NAMES]
    acts += [ActionSpec("discard", (c,)) for c in full_pack()]
    for s in SUITS:
        for low in range(1, 13):
            for length in range(3, min(13, 15 - low) + 1):
                high = low + length - 1
                cards = tuple(card_of(s, r) for r in range(low, high + 1))
                acts.append(ActionSpec("run", cards, low=low, high=high))
    for r in RANKS:
        for missing in [*SUITS, None]:
            acts.append(ActionSpec("set", tuple(r + s for s in SUITS if s != missing)))
    for c in full_pack():
        for end in LAY_OFF_ENDS:
            acts.append(ActionSpec("lay_off", (c,), end=end))
    return acts


ACTIONS = _all_actions()
NUM_ACTIONS = len(ACTIONS)  # 586
RUN_FIRST = 5 + 52


def action_text(a: int) -> str:
    spec = ACTIONS[a]
    if spec.kind == "control":
        return CONTROL_NAMES[a]
    if spec.kind == "discard":
        return "discard " + spec.cards[0]
    if spec.kind in ("run", "set"):
        return "meld " + " ".join(spec.cards)
    return f"lay_off {spec.cards[0]} {spec.end}"


TEXT_TO_ACTION = {action_text(a): a for a in range(NUM_ACTIONS)}
# The actions that play a given card (to look only at what a hand could do).
ACTIONS_WITH_CARD: dict[str, list[int]] = {c: [] for c in full_pack()}
for _a, _spec in enumerate(ACTIONS):
    for _c in _spec.cards:
        ACTIONS_WITH_CARD[_c].append(_a)


def standard_value(card: str) -> int:
    """A=1, J/Q/K=10, others face value."""
    return min(rank(card), 10)


def table_value(card: str, ace_low_in_run: bool) -> int:
    """The table-scoring variation: courts 10; an ace 15, but 5 in an A-2-3 run; the rest 5."""
    if rank(card) == 1:
        return 5 if ace_low_in_run else 15
    return 10 if rank(card) >= 11 else 5


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=canonical_index)


@dataclass
class Meld:
    kind: str  # "run" or "set"
    cards: list[str]  # a run from its low end up; a set in suit order
    by: dict[str, int] = field(default_factory=dict)  # who put each card down
    low: int = 0  # runs: rank span, set cards bridged over included
    high: int = 0

    def view(self) -> JSONObject:
        d: JSONObject = {
            "kind": self.kind,
            "cards": list(self.cards),
            "by": [self.by[c] for c in self.cards],
        }
        if self.kind == "run":
            d["low"], d["high"] = self.low, self.high
        return d


def is_meld(cards: list[str], ace_high: bool) -> bool:
    """Three or more cards forming a set (one rank) or a run (one suit, consecutive)."""
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return False
    if len(cards) <= 4 and len({rank(c) for c in cards}) == 1:
        return True
    if len({suit(c) for c in cards}) != 1:
        return False
    ranks = sorted(rank(c) for c in cards)
    if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
        return True
    if ace_high and ranks[0] == 1:  # the ace above the king: Q-K-A
        high = sorted([*ranks[1:], 14])
        return high == list(range(high[0], high[0] + len(high)))
    return False


class RummyState(ReferenceState):
    def __init__(self, game: Rummy, deck: list[str]) -> None:
        super().__init__(game)
        self.o = game.options
        self.n = self.o["players"]
        self.hand_size = game.hand_size
        self.match = game.match
        self.totals = [0] * self.n
        self.deal_number = 0
        self.match_over_by_cap = False
        self.over = False
        # Later deals of a match are shuffled from a key folded from the first deck.
        key = 0
        for c in deck:
            key = splitmix_mix(key ^ canonical_index(c))
        self.key = key
        self.start_deal(deck)

    # --- dealing and turns ---------------------------------------------------------
    def start_deal(self, deck: list[str]) -> None:
        n = self.n
        self.dealer = (n - 1 + self.deal_number) % n
        first = (self.dealer + 1) % n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        dealt = n * self.hand_size
        for i in range(dealt):
            self.hands[(first + i) % n].append(deck[i])
        self.pile = [deck[dealt]]  # bottom first
        self.stock = list(deck[dealt + 1 :])  # top first
        self.melds: list[Meld] = []
        self.laid_down = [False] * n
        self.turn = 0
        self.turn_overs = 0
        self.went_out: int | None = None
        self.rummy = False
        self.truncated = False
        self.void = False
        self.begin_turn(first)

    def begin_turn(self, player: int) -> None:
        self.player = player
        self.phase = "draw"
        self.taken: str | None = None
        self.call: dict[str, int] | None = None
        self.fresh = not self.laid_down[player]
        if self.turn >= self.o["move_cap"]:
            self.end_deal(truncated=True)
            return
        self.turn += 1
        if not self.stock:
            # Both are ends the rules make (a void deal), not a cap: terminal, not truncated.
            if self.turn_overs >= self.o["max_turn_overs"]:
                self.end_deal(void=True)  # the stock would need one turn-over too many
            elif not self.can_take_discard() and not self.can_turn_over():
                self.end_deal(void=True)  # nothing can be drawn at all

    def can_take_discard(self) -> bool:
        # A player without cards could not discard another card, so must draw from the stock.
        return bool(self.pile) and bool(self.hands[self.player])

    def can_turn_over(self) -> bool:
        return (
            not self.stock
            and self.turn_overs < self.o["max_turn_overs"]
            and len(self.pile) >= 2  # one card is turned up, and one must be left to draw
        )

    def end_deal(self, truncated: bool = False, void: bool = False) -> None:
        self.truncated = truncated
        self.void = void
        if not self.match:
            self.over = True
            return
        deal = self.deal_scores()
        self.totals = [t + d for t, d in zip(self.totals, deal, strict=True)]
        played = self.deal_number + 1
        o = self.o
        if (played >= o["deals"]) if o["deals"] > 0 else max(self.totals) >= o["target"]:
            self.over = True
            return
        if played >= o["max_deals"]:
            self.match_over_by_cap = True
            self.over = True
            return
        deck = full_pack()
        GameRng(splitmix_mix(self.key ^ played)).shuffle(deck)
        self.deal_number = played
        self.start_deal(deck)

    # --- the contract ----------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.over else self.player

    def is_terminal(self) -> bool:
        return self.over

    def is_truncated(self) -> bool:
        if not self.over:
            return False
        return self.match_over_by_cap if self.match else self.truncated

    def ended_void(self) -> bool:
        """A single deal that ended void: terminal, no winner, nobody scores."""
        return self.over and not self.match and self.void

    def legal_actions(self) -> list[int]:
        if self.over:
            return []
        if self.phase == "call":
            return [CALL, DECLINE]
        if self.phase == "draw":
            return [a for a in (DRAW_STOCK, TAKE_DISCARD, TURN_OVER) if not self.why_illegal(a)]
        hand = set(self.hands[self.player])
        candidates = {a for c in hand for a in ACTIONS_WITH_CARD[c]}
        return sorted(
            a for a in candidates if set(ACTIONS[a].cards) <= hand and not self.why_illegal(a)
        )

    def why_illegal(self, action: int) -> str:
        if self.over:
            return "the game is over"
        if self.phase == "call":
            if action in (CALL, DECLINE):
                return ""
            return "a rummy-on-board call is open: call_rummy or decline"
        if action in (CALL, DECLINE):
            return "no rummy-on-board call is open"
        if self.phase == "draw":
            return self.why_not_draw(action)
        if action in (DRAW_STOCK, TAKE_DISCARD, TURN_OVER):
            return "the player has already drawn this turn"
        spec = ACTIONS[action]
        hand = self.hands[self.player]
        missing = [c for c in spec.cards if c not in hand]
        if missing:
            return "the player does not hold " + " ".join(sort_cards(missing))
        if spec.kind == "discard":
            if spec.cards[0] == self.taken:
                return "the card taken from the discard pile cannot be discarded this turn"
            return ""
        if spec.kind == "run" and spec.high == 14 and not self.o["ace_high"]:
            return "Q-K-A runs need the ace_high option"
        if spec.kind == "lay_off" and self.lay_off_target(spec.cards[0], spec.end) is None:
            where = {"set": "a set", "low": "the low end of a run", "high": "the high end of a run"}
            return f"{spec.cards[0]} does not fit {where[spec.end]} on the table"
        rest = [c for c in hand if c not in spec.cards]
        if not rest:
            if self.o["discard_to_go_out"] and not self.o["go_out_next_turn"]:
                return "the last card must be a discard (discard_to_go_out)"
            return ""
        if rest == [self.taken]:
            return "it would leave only the card taken from the discard pile, which cannot go"
        return ""

    def why_not_draw(self, action: int) -> str:
        if action == DRAW_STOCK:
            return "" if self.stock else "the stock is empty"
        if action == TAKE_DISCARD:
            if not self.pile:
                return "the discard pile is empty"
            return (
                "" if self.hands[self.player] else "a player with no cards must draw from the stock"
            )
        if action == TURN_OVER:
            if self.stock:
                return "the stock is not empty"
            if self.turn_overs >= self.o["max_turn_overs"]:
                return "no turn-overs of the stock are left"
            return "" if len(self.pile) >= 2 else "the discard pile has fewer than two cards"
        return "the player must draw first"

    def set_cards_on_table(self) -> set[str]:
        return {c for m in self.melds if m.kind == "set" for c in m.cards}

    def lay_off_target(self, card: str, end: str) -> Meld | None:
        """The meld ``card`` can be laid off onto at ``end``, or None."""
        if end == "set":
            for m in self.melds:
                if m.kind == "set" and rank(m.cards[0]) == rank(card):
                    return m
            return None
        for m in self.melds:
            if m.kind != "run" or suit(m.cards[0]) != suit(card):
                continue
            r = self.next_rank(m, end)
            if r is not None and card_of(suit(card), r) == card:
                return m
        return None

    def next_rank(self, m: Meld, end: str) -> int | None:
        """The position a run takes next at ``end``; with lay_off_through_sets it
        reaches past cards of its suit that stand in sets on the table."""
        s = suit(m.cards[0])
        in_sets = self.set_cards_on_table()
        top = 14 if self.o["ace_high"] else 13
        step = -1 if end == "low" else 1
        r = (m.low if end == "low" else m.high) + step
        while 1 <= r <= top and self.o["lay_off_through_sets"] and card_of(s, r) in in_sets:
            r += step
        return r if 1 <= r <= top else None

    def _apply(self, action: int) -> None:
        p = self.player
        if self.phase == "call":
            assert self.call is not None
            if action == CALL:
                k = self.call["size"]
                self.hands[p] += self.pile[-k:]
                del self.pile[-k:]
                self.begin_turn((self.call["discarder"] + 1) % self.n)
            else:
                asked = (p - self.call["discarder"]) % self.n + 1
                if asked == self.n:
                    self.begin_turn((self.call["discarder"] + 1) % self.n)
                else:
                    self.player = (p + 1) % self.n
            return
        if self.phase == "draw":
            if action == DRAW_STOCK:
                self.hands[p].append(self.stock.pop(0))
                self.phase = "play"
            elif action == TAKE_DISCARD:
                self.taken = self.pile.pop()
                self.hands[p].append(self.taken)
                self.phase = "play"
            else:
                # Turned over unshuffled: the pile's bottom card is now on top,
                # and it is turned up at once to start the new discard pile.
                self.turn_overs += 1
                self.stock = self.pile[1:]
                self.pile = self.pile[:1]
            return
        spec = ACTIONS[action]
        hand = self.hands[p]
        if spec.kind == "discard":
            card = spec.cards[0]
            hand.remove(card)
            self.pile.append(card)
            if not hand:
                self.go_out(p)
                return
            size = self.board_meld_size() if self.o["rummy_on_board"] else 0
            if size:
                self.phase = "call"
                self.call = {"discarder": p, "size": size}
                return
            self.begin_turn((p + 1) % self.n)
            return
        if spec.kind in ("run", "set"):
            meld = Meld(spec.kind, list(spec.cards), {c: p for c in spec.cards})
            if spec.kind == "run":
                meld.low, meld.high = spec.low, spec.high
            self.melds.append(meld)
        else:
            card = spec.cards[0]
            target = self.lay_off_target(card, spec.end)
            assert target is not None
            if spec.end == "set":
                target.cards = [c for c in full_pack() if c in target.cards or c == card]
            else:
                r = self.next_rank(target, spec.end)
                assert r is not None
                if spec.end == "low":
                    target.low = r
                    target.cards.insert(0, card)
                else:
                    target.high = r
                    target.cards.append(card)
            target.by[card] = p
        for c in spec.cards:
            hand.remove(c)
        self.laid_down[p] = True
        if not hand:
            if self.o["discard_to_go_out"]:
                # go_out_next_turn: the turn ends without a discard; a later discard goes out.
                self.begin_turn((p + 1) % self.n)
            else:
                self.go_out(p)

    def board_meld_size(self) -> int:
        """How many top cards of the discard pile form a meld (the most), or 0."""
        best = 0
        for k in range(3, min(len(self.pile), 13) + 1):
            if is_meld(self.pile[-k:], self.o["ace_high"]):
                best = k
        return best

    def go_out(self, p: int) -> None:
        self.went_out = p
        self.rummy = self.fresh
        self.end_deal()

    # --- scores ----------------------------------------------------------------------
    def deal_scores(self) -> list[int]:
        n = self.n
        s = [0] * n
        if self.void:
            return s  # nobody scores a void deal
        if self.o["scoring"] == "table":
            for m in self.melds:
                for c in m.cards:
                    ace_low = m.kind == "run" and m.low == 1
                    s[m.by[c]] += table_value(c, ace_low)
            for p in range(n):
                s[p] -= sum(table_value(c, False) for c in self.hands[p])
            if self.went_out is not None and self.rummy:
                s[self.went_out] *= 2
        elif self.went_out is not None:
            total = sum(standard_value(c) for h in self.hands for c in h)
            s[self.went_out] = 2 * total if self.rummy else total
        return s

    def scores(self) -> list[int]:
        return list(self.totals) if self.match else self.deal_scores()

    def winners(self) -> list[int]:
        if not self.over:
            return []
        if not self.match:
            return [] if self.went_out is None else [self.went_out]
        if self.match_over_by_cap:
            return []
        best = max(self.totals)
        top = [p for p in range(self.n) if self.totals[p] == best]
        return top if len(top) == 1 else []

    def is_draw(self) -> bool:
        if not (self.over and self.match and not self.match_over_by_cap):
            return False
        return self.totals.count(max(self.totals)) > 1

    # --- views -------------------------------------------------------------------------
    def public_view(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "phase": "over" if self.over else self.phase,
            "current_player": self.current_player(),
            "dealer": self.dealer,
            "turn": self.turn,
            "turn_overs": self.turn_overs,
            "discard_pile": list(self.pile),
            "melds": [m.view() for m in self.melds],
            "taken": self.taken,
            "laid_down": list(self.laid_down),
            "call": dict(self.call) if self.call else None,
            "went_out": self.went_out,
            "rummy": self.rummy,
            "truncated": self.truncated,
            "void": self.void,
        }
        if self.match:
            d["deal"] = self.deal_number
            d["totals"] = list(self.totals)
        return d

    def to_dict(self) -> JSONObject:
        d = self.public_view()
        d["hands"] = [sort_cards(h) for h in self.hands]
        d["stock"] = self.stock[::-1]  # kept top first here; a dict lists every pile bottom first
        return d

    def observation(self, player: object) -> JSONObject:
        p = self.check_player(player)
        d = self.public_view()
        d["player"] = p
        d["hand"] = sort_cards(self.hands[p])
        d["hand_sizes"] = [len(h) for h in self.hands]
        d["stock_size"] = len(self.stock)
        return d

    def _write_observation_tensor(self, player: int, w: TensorWriter) -> None:
        """The layout of docs/rules/rummy.md, encoded from ``observation(player)``."""
        t = encode_observation(self.observation(player), self.game.options, self.match)
        w.out[w.offset : w.offset + t.size] = t
        w.offset += t.size

    def action_to_string(self, action: object) -> str:
        return action_text(self.check_action(action))

    def _parse_action(self, text: str) -> int:
        if text not in TEXT_TO_ACTION:
            raise ValueError(
                f"unknown action {text!r} (rummy actions read e.g. 'draw_stock', 'discard 7H',"
                " 'meld 3H 4H 5H', 'lay_off 6H high')"
            )
        return TEXT_TO_ACTION[text]

    def __str__(self) -> str:
        lines = [
            f"deal {self.deal_number}, turn {self.turn}, phase {self.phase}, player {self.player}"
        ]
        for p, h in enumerate(self.hands):
            lines.append(f"  hand {p}: {' '.join(sort_cards(h))}")
        lines.append(
            f"  stock: {len(self.stock)} cards; discard pile (top last): {' '.join(self.pile)}"
        )
        for m in self.melds:
            lines.append(f"  {m.kind}: {' '.join(m.cards)}")
        return "\n".join(lines) + "\n"


# --- the observation tensor (docs/rules/rummy.md, "Observation tensor") -------------
# Encoded from observation(p) alone, so that it shows exactly what p may see.
MAX_MELDS = 17  # 52 cards, three a meld at least: the meld index is (i + 1) / 17
PLANE_HAND, PLANE_PILE, PLANE_PILE_TOP, PLANE_PILE_DEPTH, PLANE_TAKEN = range(5)
PLANE_IN_RUN, PLANE_IN_SET, PLANE_MELD_INDEX, PLANE_ACE_HIGH, PLANE_OWNERS = range(5, 10)


def _card_id(card: str) -> int:
    return SUITS.index(suit(card)) * 13 + rank(card) - 1


def observation_tensor_size(players: int, match: bool) -> int:
    """Floats in the tensor of a configuration: card planes, then the scalars."""
    return 52 * (PLANE_OWNERS + players) + 7 * players + 16 + (1 + 2 * players if match else 0)


def encode_observation(obs: KnownJSON, options: dict[str, Any], match: bool) -> np.ndarray:
    """The observation tensor of ``obs`` (an ``observation(p)`` dict) as float32."""
    n = int(options["players"])
    me = int(obs["player"])
    out = np.zeros(observation_tensor_size(n, match), dtype=np.float32)

    def rel(seat: int) -> int:  # seats are written relative to the observer
        return (seat - me) % n

    def mark(plane: int, card: str, value: float = 1.0) -> None:
        out[52 * plane + _card_id(card)] = value

    for card in obs["hand"]:
        mark(PLANE_HAND, card)
    pile = obs["discard_pile"]
    for i, card in enumerate(pile):
        mark(PLANE_PILE, card)
        mark(PLANE_PILE_DEPTH, card, (len(pile) - i) / 52)  # the top card: 1/52
    if pile:
        mark(PLANE_PILE_TOP, pile[-1])
    if obs["taken"] is not None:
        mark(PLANE_TAKEN, obs["taken"])
    for i, meld in enumerate(obs["melds"]):
        for card, by in zip(meld["cards"], meld["by"], strict=True):
            mark(PLANE_IN_RUN if meld["kind"] == "run" else PLANE_IN_SET, card)
            mark(PLANE_MELD_INDEX, card, (i + 1) / MAX_MELDS)
            mark(PLANE_OWNERS + rel(by), card)
        if meld["kind"] == "run" and meld["high"] == 14:
            mark(PLANE_ACE_HIGH, "A" + suit(meld["cards"][0]))

    values: list[float] = []

    def one_hot(seat: int | None, relative: bool = True) -> None:
        block = [0.0] * n
        if seat is not None:
            block[rel(seat) if relative else seat] = 1.0
        values.extend(block)

    def per_seat(vals: list[float]) -> None:
        block = [0.0] * n
        for q, v in enumerate(vals):
            block[rel(q)] = v
        values.extend(block)

    one_hot(me, relative=False)
    one_hot(None if obs["phase"] == "over" else obs["current_player"])
    values.extend(float(obs["phase"] == ph) for ph in ("draw", "play", "call", "over"))
    one_hot(obs["dealer"])
    per_seat([k / 52 for k in obs["hand_sizes"]])
    values.append(obs["stock_size"] / 52)
    per_seat([float(x) for x in obs["laid_down"]])
    call = obs["call"]
    one_hot(call["discarder"] if call else None)
    values.append(call["size"] / 13 if call else 0.0)
    one_hot(obs["went_out"])
    values.append(float(obs["rummy"]))
    # How the deal ended without a winner: 1 cut by move_cap, 0.5 void.
    values.append(1.0 if obs["truncated"] else 0.5 if obs["void"] else 0.0)
    values.append(obs["turn"] / options["move_cap"])
    values.append(obs["turn_overs"] / max(1, options["max_turn_overs"]))
    for flag in (
        "ace_high",
        "lay_off_through_sets",
        "discard_to_go_out",
        "go_out_next_turn",
        "rummy_on_board",
    ):
        values.append(float(options[flag]))
    values.append(float(options["scoring"] == "table"))
    if match:
        values.append(obs["deal"] / options["max_deals"])
        # A deal scores at most 720 either way; a match has at most this many deals.
        deals = (
            options["deals"]
            if 0 < options["deals"] < options["max_deals"]
            else options["max_deals"]
        )
        per_seat([max(-1.0, min(1.0, t / options["target"])) for t in obs["totals"]])
        per_seat([t / (720 * deals) for t in obs["totals"]])
    out[52 * (PLANE_OWNERS + n) :] = values
    return out


#: Options that only match play reads.
_MATCH_ONLY = ("target", "deals", "max_deals")


class Rummy(ReferenceGame):
    """One deal of Rummy or, with ``match=True``, a match: deals, the deal passing
    on, to a target score or a number of deals."""

    name = "rummy"

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        self.match = bool(self._options["match"])
        if not self.match:
            for spec in self.option_specs:
                if spec.name in _MATCH_ONLY and self._options[spec.name] != spec.default:
                    raise ValueError(
                        f"{self.name} option {spec.name!r} applies to match play only"
                        " (give match=True)"
                    )
        players = self._options["players"]
        self.hand_size = self._options["hand_size"] or (
            9 if players == 2 else 7 if players <= 4 else 6
        )
        if players * self.hand_size + 2 > 52:
            raise ValueError(
                f"{self.name}: {players} hands of {self.hand_size} cards leave no stock"
                " (players * hand_size must be at most 50)"
            )

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def random_deck(self, rng: GameRng) -> list[str]:
        deck = full_pack()
        rng.shuffle(deck)
        return deck

    def parse_deck(self, deck: object) -> list[str]:
        return check_deck(deck, full_pack(), self.name)

    def deal(self, deck: list[str]) -> RummyState:
        return RummyState(self, deck)

    def _observation_tensor_size(self) -> int:
        return observation_tensor_size(self.num_players, self.match)


#: The games this module implements (the package finds them here).
GAMES: tuple[type[ReferenceGame], ...] = (Rummy,)
