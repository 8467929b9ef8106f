"""One game played by a person at one seat against policies: the state the web
page and the terminal drive, one move at a time.

Opponents play any spec ``simulate`` takes. The simple specs (``random``,
``greedy``, ``first``) and ``module:attr`` Python policies choose exactly as
their definitions say, from this game's own seeded stream. The search specs
(``pimc[:N]``, ``ismcts[:N]``, with their keys) are the C++ search players of
the batch runner, asked for their move at the position the person reached
(``_core._search_action``), with the spec's budget.

A timed game (Racing Demon) is a race in real time (``Race``): the opponents act
on the timed simulator's clock (each action after a delay drawn uniformly from
[mean/2, 3*mean/2], a pending choice carried out at its event if it is still
legal, else dropped), while the person moves whenever they like.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from itertools import zip_longest
from typing import Protocol, TypeAlias, TypedDict, cast

import numpy as np

from .. import _core
from .._typing import JSONValue
from ..contract.constants import SIMULTANEOUS, TERMINAL
from ..contract.policies import SEARCH_POLICIES, PolicyFn, Seats, parse_seats, resolve_policies
from ..contract.protocols import Game
from ..contract.protocols import State as ContractState
from ..games import make
from ..records.format import record
from ..reference.racing_demon import parse_speeds

__all__ = [
    "LogEntry",
    "PlayState",
    "Race",
    "Session",
    "StaleError",
    "cards_of",
    "moved_cards",
    "opponent_action",
]


class PlayState(ContractState, Protocol):
    """A C++ core state as play uses it: the contract, plus the greedy choice
    and the observation tensor a Python policy reads."""

    @property
    def game(self) -> Game: ...
    def clone(self) -> PlayState: ...
    def _greedy_action(self, seed: int, player: int | None = None) -> int: ...
    def observation_tensor(self, player: int) -> np.ndarray: ...


class LogEntry(TypedDict):
    """One move of the game as the page and the terminal tell it."""

    seat: int
    action: int
    text: str
    revealed: list[str]  # the cards the person's seat sees anew (a card drawn), by name
    moved: list[str]  # where the cards it saw move lie now (key paths, as cards_of)


class StaleError(ValueError):
    """A request made for a position the game has left (an old tab, a double click)."""


def _is_card(value: object) -> bool:
    return (
        isinstance(value, str)
        and len(value) == 2
        and (value == "JK" or (value[0] in "A23456789TJQK" and value[1] in "CDHS"))
    )


def cards_of(view: object, path: str = "") -> dict[str, str]:
    """Every card of an observation by its place: the key path to it, every dict
    key and list index on the way (``/players/1/line/2/0``). The drawing gives
    each card's element the same path (``data-place``), so two cards of one name
    (two decks, or each player's own deck) stay two."""
    found: dict[str, str] = {}
    if isinstance(view, dict):
        for k, v in view.items():
            found.update(cards_of(v, f"{path}/{k}"))
    elif isinstance(view, list):
        for i, v in enumerate(view):
            found.update(cards_of(v, f"{path}/{i}"))
    elif _is_card(view):
        assert isinstance(view, str)
        found[path] = view
    return found


#: One place cards lie in, in order: each card's key path and text (None: an empty slot).
_Place: TypeAlias = list[tuple[str, str | None]]


def _places(view: object, path: str = "") -> dict[str, _Place]:
    """The places of an observation by key path: a list of cards (a hand, a pile,
    a row of slots) is one place, a card on its own (a pile's top) another."""
    found: dict[str, _Place] = {}
    if isinstance(view, dict):
        for k, v in view.items():
            found.update(_places(v, f"{path}/{k}"))
    elif isinstance(view, list) and view and all(v is None or isinstance(v, str) for v in view):
        found[path] = [(f"{path}/{i}", v if _is_card(v) else None) for i, v in enumerate(view)]
    elif isinstance(view, list):
        for i, v in enumerate(view):
            found.update(_places(v, f"{path}/{i}"))
    elif _is_card(view):
        assert isinstance(view, str)
        found[path] = [(path, view)]
    return found


def _changes(before: object, after: object) -> tuple[list[str], list[str]]:
    """What changed between two observations of one seat: (left, came), the key
    paths in ``before`` of the cards that left their place, and in ``after`` of
    the cards that came to a place (moved there, or newly seen)."""
    old_places, new_places = _places(before), _places(after)
    left: list[str] = []
    came: list[str] = []
    for place in old_places.keys() | new_places.keys():
        old, new = old_places.get(place, []), new_places.get(place, [])
        old_cards, new_cards = [c for _, c in old], [c for _, c in new]
        if old_cards == new_cards:
            continue
        if None in old_cards or None in new_cards:
            # A row of slots (a grid): each slot is a place of its own.
            for o, n in zip_longest(old, new):
                if o is not None and n is not None and o[1] == n[1]:
                    continue
                if o is not None and o[1] is not None:
                    left.append(o[0])
                if n is not None and n[1] is not None:
                    came.append(n[0])
            continue
        # A hand or a pile: a card keeps its place when another joins or leaves it.
        diff = SequenceMatcher(None, old_cards, new_cards, autojunk=False)
        for tag, i1, i2, j1, j2 in diff.get_opcodes():
            if tag != "equal":
                left += [p for p, _ in old[i1:i2]]
                came += [p for p, _ in new[j1:j2]]
    return sorted(left), sorted(came)


def moved_cards(state: PlayState, seat: int, action: int) -> list[str]:
    """Where the cards lie that ``action`` moves, as seat ``seat`` sees them now
    (their key paths, as ``cards_of`` and the drawing's ``data-place`` give them):
    what a click on a card of the drawing stands for. Only cards visible before
    the move count, so a card the move would reveal (a draw) is never named
    ahead of time."""
    after_state = state.clone()
    after_state.apply_action(action)
    left, _ = _changes(state.observation(seat), after_state.observation(seat))
    return left


def _movers(state: PlayState) -> list[int]:
    cp = state.current_player()
    if cp == SIMULTANEOUS:
        return [p for p in range(state.num_players) if state.legal_actions_for(p)]
    return [] if cp == TERMINAL else [cp]


#: A race's clock as the C++ race search reads it: each seat's next event, its
#: pending action (-1: none) and its mean time per action, in microseconds.
RaceClock: TypeAlias = tuple[list[int], list[int], list[int]]


def opponent_action(
    state: PlayState,
    seat: int,
    entry: str | PolicyFn,
    kind: str,
    rng: np.random.Generator,
    race: RaceClock | None = None,
) -> int:
    """The action policy ``entry`` (of ``kind``, as ``parse_seats`` reads it) plays at
    ``seat``; a search player in a timed race also reads the race's clock."""
    legal: list[int] = state.legal_actions_for(seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal move now")
    if kind == "first":
        return legal[0]
    if kind == "random":
        return legal[int(rng.integers(len(legal)))]
    if kind == "greedy":
        return int(state._greedy_action(int(rng.integers(2**63)), seat))
    if kind in SEARCH_POLICIES:
        assert isinstance(entry, str)
        seed = int(rng.integers(2**63))
        return int(_core._search_action(state, seat, entry, seed, race))
    assert callable(entry)
    obs = np.asarray(state.observation_tensor(seat), dtype=np.float32)[None, :].copy()
    mask = np.asarray(state.legal_action_mask(), dtype=bool)[None, :].copy()
    if state.current_player() == SIMULTANEOUS:
        mask[:] = False
        mask[0, legal] = True
    a = int(np.asarray(entry(obs, mask)).reshape(-1)[0])
    if a not in legal:
        raise ValueError(f"seat {seat}'s policy chose action {a}, which is not legal")
    return a


@dataclass
class Race:
    """The timed simulator's clock for a race against a person: the opponents'
    next events and pending choices, in race time (microseconds), which runs
    with the wall clock while ``running`` and is stepped event by event
    otherwise. The person's seat has no events: they move whenever they like."""

    seat: int
    mean: list[int]  # microseconds per action, each seat
    at: list[int] = field(default_factory=list)
    pending: list[int] = field(default_factory=list)
    now: int = 0
    running: bool = False
    wall: float = 0.0  # time.monotonic() when `now` was last brought up to date

    def clock(self) -> RaceClock:
        """The clock as the C++ race search reads it: the person's seat is seen
        as a rival at its own mean speed, its next event one mean from now."""
        at = list(self.at)
        at[self.seat] = self.now + self.mean[self.seat]
        pending = list(self.pending)
        pending[self.seat] = -1
        return at, pending, list(self.mean)

    def next_seat(self) -> int | None:
        """The opponent whose event comes first (ties: the lower seat)."""
        seats = [p for p in range(len(self.mean)) if p != self.seat]
        return min(seats, key=lambda q: (self.at[q], q)) if seats else None


@dataclass
class _Snapshot:
    state: PlayState
    rng: Mapping[str, object]
    log: list[LogEntry]


#: The opponents' time per action the page offers in a race, milliseconds.
RACE_SPEEDS_MS = (250, 500, 1000, 2000, 4000)


@dataclass
class Session:
    """One game: ``seat`` is the person's, the others play ``opponents``.

    Every change the person makes raises ``version``, and so does every
    opponent's move outside a race; a request naming another version is stale
    and refused (StaleError), so a double click or an old tab changes nothing.
    In a race the opponents' moves leave ``version`` alone (they come in real
    time, and a move of yours is checked by the rules at the moment it arrives).
    """

    game: str
    seat: int = 0
    opponents: str | Sequence[str | PolicyFn] | PolicyFn = "greedy"
    seed: int | None = None
    options: dict[str, object] = field(default_factory=dict)
    hint_policy: str = "greedy"
    race_ms: int | None = None
    sid: str = field(default_factory=lambda: secrets.token_hex(8))

    def __post_init__(self) -> None:
        self.g: Game = make(self.game, "cpp", **self.options)
        n = self.g.num_players
        if isinstance(self.seat, bool) or not isinstance(self.seat, int):
            raise TypeError(f"seat must be an int, got {type(self.seat).__name__}")
        if not 0 <= self.seat < n:
            raise ValueError(f"seat must be in [0, {n}), got {self.seat}")
        spec = self.opponents
        self.seats: Seats = parse_seats(
            resolve_policies(spec) if isinstance(spec, str) else spec, n
        )
        hint = parse_seats(self.hint_policy, n)
        self._hint = (hint.entries[0], hint.kinds[0])
        self.timed = bool(self.g.traits.timed)
        if self.race_ms is not None:
            if not self.timed:
                raise ValueError(f"{self.game} is not a race: a time per action applies to none")
            _check_ms(self.race_ms)
        if self.seed is None:
            self.seed = secrets.randbits(63)
        self.version = 0
        self.deal(self.seed)

    # --- the game ------------------------------------------------------------------
    def deal(self, seed: int) -> None:
        """A new deal from ``seed`` (the same seed deals the same game again)."""
        self.seed = seed
        # A C++ core state (make's default backend), which has PlayState's extras.
        self.state: PlayState = cast(PlayState, self.g.new_game(seed=seed))
        self.rng = np.random.default_rng(seed)
        self.log: list[LogEntry] = []
        self.undo_stack: list[_Snapshot] = []
        self.race: Race | None = self._start_race() if self.timed else None
        self.version += 1

    def _start_race(self) -> Race:
        n = self.g.num_players
        opts = self.g.options
        speeds = opts.get("speeds", "") if isinstance(opts, dict) else ""
        mean = [ms * 1000 for ms in parse_speeds(str(speeds), n)]
        if self.race_ms is not None:
            mean = [self.race_ms * 1000] * n
        race = Race(self.seat, mean, [0] * n, [-1] * n)
        self._restart_race(race)
        return race

    def _restart_race(self, race: Race) -> None:
        """A round's start, at time 0 of a deal and when match play deals the next
        round: every opponent, in seat order, chooses and draws a delay from now (as
        the batch runner's timed simulator restarts every seat)."""
        for p in range(len(race.mean)):
            if p != self.seat:
                race.at[p] = race.now
                race.pending[p] = self._race_choice(race, p)
                race.at[p] += self._delay(race, p)

    def _round(self) -> object:
        """Which round of a match the state is in (a timed game's match deals its
        rounds within one state); None for a game without rounds."""
        return self.state.to_dict().get("round")

    def _delay(self, race: Race, p: int) -> int:
        m = race.mean[p]
        return m // 2 + int(self.rng.integers(m + 1))

    def _race_choice(self, race: Race, p: int) -> int:
        if not self.state.legal_actions_for(p):
            return -1
        entry, kind = self.seats.entries[p], self.seats.kinds[p]
        clock = race.clock() if kind in SEARCH_POLICIES else None
        return opponent_action(self.state, p, entry, kind, self.rng, clock)

    def _race_event(self, race: Race, p: int) -> None:
        """Seat ``p``'s event: its pending choice is carried out if still legal
        (a faster rival may have taken the place: then it is dropped), then it
        chooses again and draws its next delay."""
        race.now = max(race.now, race.at[p])
        a = race.pending[p]
        round_before = self._round()
        if a >= 0 and a in self.state.legal_actions_for(p):
            self._apply(p, a, bump=False)
        if self.state.is_terminal():
            return
        if self._round() != round_before:
            self._restart_race(race)
            return
        race.pending[p] = self._race_choice(race, p)
        race.at[p] += self._delay(race, p)

    def tick(self, wall: float | None = None) -> None:
        """Brings a race up to the wall clock: every opponent event due by now
        happens, in order. Nothing outside a race or while it is paused."""
        race = self.race
        if race is None or not race.running or self.state.is_terminal():
            return
        wall = time.monotonic() if wall is None else wall
        if wall > race.wall:  # the clock never runs backwards
            race.now += int((wall - race.wall) * 1e6)
            race.wall = wall
        while not self.state.is_terminal():
            p = race.next_seat()
            if p is None or race.at[p] > race.now:
                break
            self._race_event(race, p)

    def set_clock(self, running: object, mean_ms: object = None) -> None:
        """Starts or pauses a race's clock; ``mean_ms`` sets the opponents' mean time
        per action (milliseconds, from their next choice on)."""
        race = self.race
        if race is None:
            raise ValueError(f"{self.game} is not played in real time")
        if not isinstance(running, bool):
            raise TypeError(f"running must be true or false, got {type(running).__name__}")
        if mean_ms is not None:
            _check_ms(mean_ms)
            assert isinstance(mean_ms, int)
            for p in range(len(race.mean)):
                if p != self.seat:
                    race.mean[p] = mean_ms * 1000
        self.tick()
        race.running = running
        race.wall = time.monotonic()

    def _check(self, version: object) -> None:
        if isinstance(version, bool) or not isinstance(version, int):
            raise TypeError(f"version must be an int, got {type(version).__name__}")
        if version != self.version:
            raise StaleError(
                f"this page showed move {version}, the game is at {self.version}: reloaded"
            )

    def _apply(self, p: int, a: int, bump: bool = True) -> None:
        before = self.state.observation(self.seat)
        text = self.state.action_to_string(a)
        self.state.apply_action(a)
        after = self.state.observation(self.seat)
        left, came = _changes(before, after)
        # A card that came where a card of its name left was moved there; any
        # other that came is newly seen (a card drawn, a pile's next card).
        gone = {cards_of(before)[p] for p in left}
        now = cards_of(after)
        revealed = sorted({now[p] for p in came} - gone)
        moved = [p for p in came if now[p] in gone]
        self.log.append(
            {"seat": p, "action": a, "text": text, "revealed": revealed, "moved": moved}
        )
        if bump:
            self.version += 1

    def my_turn(self) -> bool:
        """Whether the person's seat has a legal move now."""
        return not self.state.is_terminal() and self.seat in _movers(self.state)

    def legal(self) -> list[int]:
        """The person's legal moves now (empty when it is not their turn)."""
        return list(self.state.legal_actions_for(self.seat)) if self.my_turn() else []

    def move(self, action: object, version: object) -> None:
        """Plays the person's ``action``; refuses a stale version or an illegal action,
        changing nothing. In a race the clock is brought up to now first, so a
        rival who got there first makes the move illegal, as at a real table."""
        self._check(version)
        if isinstance(action, bool) or not isinstance(action, int):
            raise TypeError(f"action must be an int, got {type(action).__name__}")
        self.tick()
        if action not in self.legal():
            raise ValueError(f"action {action} is not one of your legal moves now")
        if self.race is None:
            self.undo_stack.append(
                _Snapshot(self.state.clone(), self.rng.bit_generator.state, list(self.log))
            )
            self._apply(self.seat, action)
            return
        round_before = self._round()
        self._apply(self.seat, action)
        if not self.state.is_terminal() and self._round() != round_before:
            self._restart_race(self.race)

    def waiting_on(self) -> list[int]:
        """The opponents who have a move now."""
        if self.state.is_terminal():
            return []
        return [p for p in _movers(self.state) if p != self.seat]

    def step(self, version: object) -> bool:
        """One opponent's move (in a race: the next event of its clock, which pauses;
        in another simultaneous game, the next opponent in turn); False when no
        opponent has one."""
        self._check(version)
        race = self.race
        if race is not None:
            race.running = False
            p = race.next_seat()
            if p is None or self.state.is_terminal():
                return False
            n = len(self.log)
            # Events of seats with nothing to do pass silently: on to the next move.
            while len(self.log) == n and not self.state.is_terminal():
                p = race.next_seat()
                assert p is not None
                if not self.waiting_on():
                    return False
                self._race_event(race, p)
            return True
        waiting = self.waiting_on()
        if not waiting:
            return False
        if self.state.current_player() == SIMULTANEOUS:
            p = waiting[len(self.log) % len(waiting)]
        else:
            p = waiting[0]
        a = opponent_action(self.state, p, self.seats.entries[p], self.seats.kinds[p], self.rng)
        self._apply(p, a)
        return True

    def undo(self, version: object) -> None:
        """Back to just before the person's last move (opponents then replay as before:
        their stream is restored with the position). A race cannot be undone."""
        self._check(version)
        if self.race is not None:
            raise ValueError("a race in real time cannot be undone")
        if not self.undo_stack:
            raise ValueError("nothing to undo: you have not moved yet")
        snap = self.undo_stack.pop()
        self.state = snap.state
        self.rng.bit_generator.state = snap.rng
        self.log = snap.log
        self.version += 1

    def hint(self) -> int | None:
        """The hint policy's move for the person's seat, or None when it is not their turn."""
        self.tick()
        if not self.my_turn():
            return None
        rng = np.random.default_rng(self.version + len(self.log))
        entry, kind = self._hint
        clock = self.race.clock() if self.race is not None and kind in SEARCH_POLICIES else None
        return opponent_action(self.state, self.seat, entry, kind, rng, clock)

    def record(self) -> dict[str, JSONValue]:
        """The game's record (``cardsim.load_record`` reads it)."""
        rec: dict[str, JSONValue] = record(
            self.state, source={"seed": self.seed, "policy": self.seats.label}
        )
        return rec

    def status(self) -> str:
        """Whose turn it is, or the result."""
        s = self.state
        if s.is_terminal():
            if s.is_truncated():
                return "game over: stopped by the move cap, no winner"
            if s.is_draw():
                return "game over: a draw"
            w = list(s.winners())
            if self.seat in w:
                return "game over: you win" if len(w) == 1 else f"game over: you share the win {w}"
            return f"game over: winners {w}" if w else "game over: nobody wins"
        if self.race is not None:
            if not self.race.running:
                return "the race is paused: move, or play the next event with 'next'"
            return "racing: move whenever you like" if self.my_turn() else "racing: wait"
        if self.my_turn():
            return "your move"
        waiting = self.waiting_on()
        return f"seat {waiting[0]} to play" if len(waiting) == 1 else "the others are playing"


def _check_ms(ms: object) -> None:
    if isinstance(ms, bool) or not isinstance(ms, int):
        raise TypeError(f"the race's time per action must be an int (ms), got {type(ms).__name__}")
    if not 10 <= ms <= 60_000:
        raise ValueError(f"the race's time per action must lie in [10, 60000] ms, got {ms}")
