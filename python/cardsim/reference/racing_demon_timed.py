"""Racing Demon's timed race, played from Python.

The core takes actions in any order; this simulator decides who acts when,
exactly as the C++ batch runner does (``RacingDemonGame::play_out``), so that
``play_timed(cardsim.make("racing_demon"), seed=s, index=i)`` repeats game i of
``cardsim.simulate("racing_demon", seed=s)`` action for action, on either backend:

- each player has a mean time per action (option ``speeds``, seconds; every
  delay is drawn uniformly from [mean/2, 3*mean/2] in whole microseconds);
- at time 0 every player, in seat order, chooses an action and draws a delay;
- the earliest event runs next (ties: the lower seat). The player carries out
  the action chosen at their previous event if it is still legal (a faster
  rival may have taken the card's place: then it is simply dropped), then
  chooses again from the state as it stands and draws the next delay;
- a player with nothing legal chooses nothing and looks again after a delay;
- in match play (``match=True``) the race runs on, round after round, on the same
  state: when a round ends and the next is dealt, every player in seat order
  chooses afresh and draws a delay from that moment, as at time 0.

Random choices draw ``below(len(legal))`` unless only one action is legal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from .racing_demon import (
    SOURCES,
    RacingDemon,
    builds_on,
    other_column,
    parse_speeds,
    per_player_actions,
)
from .rng import GameRng

if TYPE_CHECKING:
    from ..contract.protocols import Game
    from ..records.format import RecordedState

__all__ = ["TimedGame", "greedy_choice", "play_timed", "race"]


@dataclass
class TimedGame:
    """One timed game: the final state and what the batch runner records of it."""

    state: RecordedState
    scores: list[int]
    winner: int  # the OUT player (a match: the highest total), or -1
    moves: int
    times: list[float]  # each player's last action, in simulated seconds (over the match)
    truncated: bool


def greedy_choice(state: RecordedState, legal: list[int]) -> int:
    """The documented greedy heuristic on one player's legal actions (lowest id
    within the best kind): Pile to the middle, a line card to the middle, the
    Pile onto the line, a line move that empties a column, the waste to the
    middle, the waste onto the line, turn; a part-column move last."""
    n = state.num_players
    per, slots = per_player_actions(n), 4 * n
    after_middle = 1 + len(SOURCES) * (slots + 1)
    seats = None
    best, best_rank = legal[0], 99
    for a in legal:
        p, local = divmod(a, per)
        if local == 0:
            r = 7
        elif local < after_middle:
            source = (local - 1) // (slots + 1)
            r = 1 if source == 0 else 5 if source == len(SOURCES) - 1 else 2
        else:
            b = local - after_middle
            if b < 4:
                r = 3
            elif b < 8:
                r = 6
            else:
                if seats is None:
                    seats = state.to_dict()["players"]
                i, k = divmod(b - 8, 3)
                line = seats[p]["line"]
                r = 4 if builds_on(line[i][0], line[other_column(i, k)][-1]) else 8
        if r < best_rank:
            best, best_rank = a, r
    return best


def race(state: RecordedState, rng: GameRng, seat_policy: list[str]) -> tuple[int, list[int]]:
    """Plays ``state`` to its end by the timed race (a round, or every round of a
    match), seat p choosing by ``seat_policy[p]``; returns (actions applied, each
    player's last action time in microseconds)."""
    n = state.num_players
    opts = state.game.options
    match = bool(opts["match"])
    mean = [ms * 1000 for ms in parse_speeds(opts["speeds"], n)]

    def choose(p: int) -> int:
        legal = state.legal_actions_for(p)
        if not legal:
            return -1
        if seat_policy[p] == "random":
            return legal[0] if len(legal) == 1 else legal[rng.below(len(legal))]
        if seat_policy[p] == "greedy":
            return greedy_choice(state, legal)
        return legal[0]

    def delay(p: int) -> int:
        return mean[p] // 2 + rng.below(mean[p] + 1)

    at, pending, last = [0] * n, [-1] * n, [0] * n

    def start(now: int) -> None:
        for p in range(n):
            pending[p] = choose(p)
            at[p] = now + delay(p)

    def round_number() -> int:
        return int(state.to_dict()["round"]) if match else 0

    start(0)
    moves = 0
    while not state.is_terminal():
        p = min(range(n), key=lambda q: (at[q], q))
        if pending[p] >= 0 and pending[p] in state.legal_actions_for(p):
            before = round_number()
            state.apply_action(pending[p])
            moves += 1
            last[p] = at[p]
            if state.is_terminal():
                break
            if round_number() != before:
                start(at[p])
                continue
        pending[p] = choose(p)
        at[p] += delay(p)
    return moves, last


def _seats(game: Game, policy: str | list[str]) -> list[str]:
    """One simple policy per seat (search players play in the C++ race only)."""
    n = game.num_players
    seats = [policy] * n if isinstance(policy, str) else list(policy)
    if len(seats) != n:
        raise ValueError(f"expected one policy, or one per seat ({n}), got {len(seats)}: {seats!r}")
    for p, name in enumerate(seats):
        if name not in ("random", "greedy", "first"):
            raise ValueError(
                f"seat {p}: the timed race plays random, greedy or first, not {name!r}"
            )
    return seats


def play_timed(
    game: Game, seed: int = 0, index: int = 0, policy: str | list[str] = "random"
) -> TimedGame:
    """Plays game ``index`` of the run with ``seed`` as the timed simulator does
    (with ``match=True``: the whole match, round after round).

    ``game`` is a Racing Demon game from ``cardsim.make`` (either backend);
    ``policy`` is one simple policy for every seat or a list of one per seat.
    """
    g, seats = game, _seats(game, policy)
    rng = GameRng.for_game(seed, index)
    # The reference deals exactly the cards the core deals from the stream.
    # Either backend's state names its game (the contract's State does not say so).
    state = cast("RecordedState", g.new_game(deck=RacingDemon(**g.options).random_deck(rng)))
    moves, last = race(state, rng, seats)
    winners = state.winners()
    return TimedGame(
        state=state,
        scores=state.scores(),
        winner=winners[0] if winners else -1,
        moves=moves,
        times=[t / 1e6 for t in last],
        truncated=state.is_truncated(),
    )


#: The games whose timed race this module plays (the package finds them here).
TIMED_GAMES = ("racing_demon",)
