"""Planted mutations: each a reference game with one rule changed, one or more per game
(and one more, slow to shrink, kept to show why); and for every game, an illegal action
that a candidate accepts.

The toolkit's own tests (tests/test_testing.py, tests/test_checker.py) check that
``check_lockstep`` catches every one with a short line; docs/testing.md quotes the lines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardsim.contract.constants import TERMINAL
from cardsim.reference.cards import JOKER, rank, suit
from cardsim.reference.clock import ClockDuel, ClockState
from cardsim.reference.code9 import (
    DIRECTIONS,
    KINDS,
    SIDE,
    Code9Solitaire,
    Code9State,
    action_id,
    on_edge,
)
from cardsim.reference.hole_in_the_wall import (
    HoleInTheWall,
    HoleInTheWallState,
    neighbours,
    place_action,
)
from cardsim.reference.racing_demon import RacingDemon, RacingDemonState
from cardsim.reference.rummy import ACTIONS, Rummy, RummyState
from cardsim.reference.stack_gap import StackGap, StackGapState
from cardsim.reference.the_wall import TheWall, TheWallState
from cardsim.testing.strategies import action_kind


class KeepTurningState(ClockState):
    """Clock duel: a player keeps turning until their clock stops (the rule: players
    take turns one card at a time)."""

    def _apply(self, action: int) -> None:
        self.clocks[self.turn_of].turn()
        if self.clocks[self.turn_of].stopped():
            live = [p for p in range(len(self.clocks)) if not self.clocks[p].stopped()]
            self.turn_of = live[0] if live else TERMINAL


class KeepTurning(ClockDuel):
    def deal(self, deck: list[str]) -> ClockState:
        return KeepTurningState(self, [deck[:52], deck[52:]])


class FitsOnBoundState(StackGapState):
    """Stack Gap: a card may also go into a gap whose lower bound has its rank (the
    rule: strictly between the two bounds)."""

    @staticmethod
    def fits(card: str, low: int, high: int) -> bool:
        if card == JOKER:
            return high - low - 1 >= 1
        return low <= rank(card) < high


class FitsOnBound(StackGap):
    def deal(self, deck: list[str]) -> StackGapState:
        return FitsOnBoundState(self, deck)


class DiscardFromAnywhereState(TheWallState):
    """The Wall: discard piles take a card from any source (the rule: from the waste only)."""

    def _takes(self, card: str, s_kind: str, s_index: int, d_kind: str, d_index: int) -> bool:
        if d_kind == "D":
            return d_index < self.num_discards
        return super()._takes(card, s_kind, s_index, d_kind, d_index)


class DiscardFromAnywhere(TheWall):
    def deal(self, deck: list[str]) -> TheWallState:
        return DiscardFromAnywhereState(self, deck)


class AnyCardLeavesState(Code9State):
    """Code 9: any card of yours on the edge may leave the grid (the rule: only your
    lowest card on the grid)."""

    def normal_moves(self, player: int) -> list[int]:
        out = []
        for card, r, c in self.my_cards(player):
            for kind, (dr, dc) in DIRECTIONS.items():
                nr, nc = r + dr, c + dc
                if not (0 <= nr < SIDE and 0 <= nc < SIDE):
                    continue
                there = self.grid[nr][nc]
                if there is None or (suit(there) != suit(card) and rank(there) < rank(card)):
                    out.append(action_id(rank(card), kind))
            if on_edge(r, c):
                out.append(action_id(rank(card), "off"))
        return sorted(set(out))


class AnyCardLeaves(Code9Solitaire):
    def deal(self, deck: list[str]) -> Code9State:
        return AnyCardLeavesState(self, deck, ["S"])


class TurnSequenceState(HoleInTheWallState):
    """Hole in the Wall: a sequence may turn back (the rule: it keeps its direction)."""

    def continues_sequence(self, card: str, cell: Any) -> bool:
        last = self.sequence_last
        if last is None or cell not in neighbours(last):
            return False
        return rank(card) - rank(self.display[last]) in (1, -1)


class StartFromThisTurnState(HoleInTheWallState):
    """Hole in the Wall: a sequence may start next to a card placed earlier in the same
    turn (the rule: next to a card that was on the display before this turn)."""

    def placements(self, hand: list[str]) -> list[int]:
        out = []
        for cell in self.frontier():
            every, _ = self.neighbour_ranks(cell)
            for slot, card in enumerate(hand):
                r = rank(card)
                if r in every:
                    continue
                if r - 1 in every or r + 1 in every:
                    out.append(place_action(slot, cell, continuing=False))
                if self.continues_sequence(card, cell):
                    out.append(place_action(slot, cell, continuing=True))
        return out


class StartFromThisTurn(HoleInTheWall):
    def deal(self, deck: list[str]) -> HoleInTheWallState:
        packs = [deck[52 * k : 52 * (k + 1)] for k in range(len(deck) // 52)]
        return StartFromThisTurnState(self, packs)


class RediscardState(RummyState):
    """Rummy: the card taken from the discard pile may be discarded again at once (the
    rule: never in the turn it was taken)."""

    def why_illegal(self, action: int) -> str:
        if (
            not self.over
            and self.phase == "play"
            and 0 <= action < len(ACTIONS)
            and ACTIONS[action].kind == "discard"
            and ACTIONS[action].cards[0] == self.taken
            and self.taken in self.hands[self.player]
        ):
            return ""
        return super().why_illegal(action)


class Rediscard(Rummy):
    def deal(self, deck: list[str]) -> RummyState:
        return RediscardState(self, deck)


class AceScoresNothingState(RacingDemonState):
    """Racing Demon: an ace put out scores nothing (the rule: every card a player puts on
    a foundation scores them a point)."""

    def round_scores(self) -> list[int]:
        out = [-len(s.pile) for s in self.seats]
        if self.out_player >= 0:
            out[self.out_player] += 10
        for f in self.foundations:
            if f.claimed_by >= 0:
                out[f.claimed_by] += 2
            for owner in f.owners[1:]:
                out[owner] += 1
        return out


class AceScoresNothing(RacingDemon):
    def deal(self, deck: list[str]) -> RacingDemonState:
        return AceScoresNothingState(
            self, [deck[52 * p : 52 * (p + 1)] for p in range(self.num_players)]
        )


class TurnSequence(HoleInTheWall):
    def deal(self, deck: list[str]) -> HoleInTheWallState:
        packs = [deck[52 * k : 52 * (k + 1)] for k in range(len(deck) // 52)]
        return TurnSequenceState(self, packs)


#: A mutation shrinking poorly, measured for docs/testing.md but not in the suite: it shows
#: only when a hand holds two cards of one rank and one of a rank next to it, played as a
#: three-card sequence, which a random deal rarely offers before a hundred actions; no
#: shorter line exists on that deal, and shrinking the deal (a seed) loses the situation.
SLOW_MUTANTS: list[tuple[str, str, Any]] = [
    ("hole_in_the_wall", "a sequence may turn back", TurnSequence),
]

#: (game, what the mutation changes, the mutant factory).
MUTANTS: list[tuple[str, str, Any]] = [
    ("clock_duel", "a player keeps turning until their clock stops", KeepTurning),
    ("stack_gap", "a card may go into a gap on its lower bound", FitsOnBound),
    ("the_wall", "discard piles take cards from any source", DiscardFromAnywhere),
    ("code9_solitaire", "any edge card may leave the grid", AnyCardLeaves),
    ("racing_demon", "an ace put out scores nothing", AceScoresNothing),
    ("hole_in_the_wall", "a sequence may start next to a card of this turn", StartFromThisTurn),
    ("rummy", "the card taken from the discard pile may go back at once", Rediscard),
]


# --- illegal actions a candidate accepts ------------------------------------------------
# Each says whether an action the rules refuse in ``state`` (a reference state) is one a
# candidate wrongly accepts: an action of a kind that is legal elsewhere in the game, not
# here, as a port that leaves one check out would accept it.


def no_action(state: Any, action: int) -> bool:
    """An id of no action at all (the game's only kind is always legal when it plays)."""
    return not 0 <= action < state.game.num_actions


def of_kind(kind: str) -> Callable[[Any, int], bool]:
    """Any action of ``kind`` (as ``action_kind`` reads its text), whenever it is illegal."""

    def accepts(state: Any, action: int) -> bool:
        ok = 0 <= action < state.game.num_actions
        return ok and action_kind(state.action_to_string(action)) == kind

    return accepts


def code9_onto_a_card_it_may_not_take(state: Any, action: int) -> bool:
    """A card of the mover's, on the grid, moved onto a card of its own suit or a higher one."""
    if not 0 <= action < 5 * 9 or KINDS[action % 5] == "off":
        return False
    dr, dc = DIRECTIONS[KINDS[action % 5]]
    for card, r, c in state.my_cards(state.current_player()):
        if rank(card) == action // 5 + 1:
            inside = 0 <= r + dr < SIDE and 0 <= c + dc < SIDE
            return inside and state.grid[r + dr][c + dc] is not None
    return False


def rummy_discard_before_drawing(state: Any, action: int) -> bool:
    """A discard before the player has drawn."""
    return of_kind("discard")(state, action) and state.phase == "draw"


def wall_waste_onto_a_lower_pile(state: Any, action: int) -> bool:
    """The waste card onto a lower pile that does not take it (not one of its suit a rank
    higher)."""
    return of_kind("W>L")(state, action) and bool(state.waste)


#: For every game (a new one adds its row): what a candidate that wrongly accepts an
#: illegal action accepts, and the test of it. tests/test_checker.py plants each (the
#: candidate accepts such an action and does nothing) and requires ``check_lockstep`` at
#: its default settings to find it with a short line.
ACCEPTED_ILLEGAL: dict[str, tuple[str, Callable[[Any, int], bool]]] = {
    "clock": ("an id of no action", no_action),
    "clock_duel": ("an id of no action", no_action),
    "code9": ("a card moved onto one it may not take", code9_onto_a_card_it_may_not_take),
    "code9_solitaire": (
        "a card moved onto one it may not take",
        code9_onto_a_card_it_may_not_take,
    ),
    "hole_in_the_wall": ("a card placed as continuing a sequence", of_kind("place rc cont")),
    "racing_demon": ("the waste card to a new foundation it may not start", of_kind("p waste>new")),
    "rummy": ("a discard before drawing", rummy_discard_before_drawing),
    "stack_gap": ("a discard while a placement is possible", of_kind("discard :")),
    "the_wall": (
        "the waste card onto a lower pile that does not take it",
        wall_waste_onto_a_lower_pile,
    ),
}
