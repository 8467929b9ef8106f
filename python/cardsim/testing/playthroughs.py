"""Public playthroughs: recorded games that any implementation of the rules replays.

Each game has one file, ``cardsim/testing/playthrough_files/<game>.json``, shipped in
the wheel. A file holds a few games per option combination, recorded from the
pure-Python reference: the deck, the options, and every action with what the
state looks like after it. The project replays them on both of its backends;
``check_playthroughs`` replays them on yours. docs/testing.md, "Playthroughs",
describes the format (``FORMAT``, version ``VERSION``).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from ..contract.constants import TERMINAL
from ..games import games, make
from ..render.status import status
from .compare import first_difference

if TYPE_CHECKING:  # importlib.resources.abc from Python 3.11 on
    from importlib.abc import Traversable

    from ..contract.protocols import State

__all__ = [
    "FORMAT",
    "VERSION",
    "Playthrough",
    "PlaythroughMismatch",
    "Step",
    "check_playthroughs",
    "dump_playthroughs",
    "load_playthroughs",
    "playthrough_games",
    "playthroughs",
    "record_playthrough",
    "state_digest",
]

#: The ``format`` field of every playthrough file.
FORMAT = "cardsim-playthrough"
#: The ``version`` field this module reads and writes.
VERSION = 1

_T = TypeVar("_T")


def _folder() -> Traversable:
    # Package data beside this module (a folder, not a package: it holds only files).
    return resources.files("cardsim.testing") / "playthrough_files"


def state_digest(state_dict: Mapping[str, object]) -> str:
    """The digest of a state's ``to_dict()``: the first 16 hex digits of the SHA-256
    of its JSON with keys sorted, no spaces (separators ``,`` and ``:``) and non-ASCII
    escaped, leaving out ``seed`` (how a game was dealt, not where it stands)."""
    d = {k: v for k, v in state_dict.items() if k != "seed"}
    text = json.dumps(d, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Step:
    """One recorded action and the state it leads to.

    ``action`` is the action's text (``action_to_string``) and ``id`` its id in
    cardsim's numbering; ``player``, ``legal``, ``digest`` and ``text`` describe
    the state after it: the player to act (``TERMINAL`` at the end), how many
    actions are legal, ``state_digest(to_dict())`` and a one-line status.
    """

    action: str
    id: int
    player: int
    legal: int
    digest: str
    text: str


@dataclass(frozen=True)
class Playthrough:
    """One recorded game: how it was dealt, each step, and how it ended.

    ``start`` describes the state at the deal (its ``action`` is "" and ``id`` -1);
    ``source`` and ``index`` say where it was read (file name, case number).
    """

    game: str
    options: dict[str, Any]
    deck: list[str]
    start: Step
    steps: list[Step]
    terminal: bool
    truncated: bool
    scores: list[int]
    winners: list[int]
    source: str = ""
    index: int = 0

    def to_json(self) -> dict[str, Any]:  # JSON, read back by key
        """The case as it is written in a playthrough file."""
        return {
            "options": self.options,
            "deck": self.deck,
            "start": _step_json(self.start),
            "steps": [_step_json(s) for s in self.steps],
            "terminal": self.terminal,
            "truncated": self.truncated,
            "scores": self.scores,
            "winners": self.winners,
        }


class PlaythroughMismatch(AssertionError):
    """A candidate replayed a playthrough differently from the recording.

    An AssertionError, not a ValueError: nothing the caller passed is malformed;
    the implementation under test disagrees with the recorded rules, which is a
    failed check (pytest reports it as a test failure). ``source``, ``index``,
    ``step`` (0 for the deal, k after the k-th action), ``field``, ``expected``
    and ``got`` name the first difference.
    """

    def __init__(
        self, source: str, index: int, step: int, field: str, expected: object, got: object
    ) -> None:
        self.source, self.index, self.step = source, index, step
        self.field, self.expected, self.got = field, expected, got
        where = "at the deal" if step == 0 else f"after action {step}"
        super().__init__(
            f"{source} case {index}, {where}: {field} differs: expected {expected!r}, got {got!r}"
        )


def _step_json(s: Step) -> dict[str, object]:
    return {
        "action": s.action,
        "id": s.id,
        "player": s.player,
        "legal": s.legal,
        "digest": s.digest,
        "text": s.text,
    }


def _step(state: State, action: str, action_id: int) -> Step:
    return Step(
        action,
        action_id,
        state.current_player(),
        len(state.legal_actions()),
        state_digest(state.to_dict()),
        status(state),
    )


def record_playthrough(
    game: str,
    options: Mapping[str, object],
    seed: int,
    choose: Callable[[list[int]], int],
    *,
    max_actions: int,
) -> Playthrough:
    """Plays one game of the reference from ``seed``, ``choose`` picking each action
    from the legal ones, for at most ``max_actions`` actions, and records it."""
    state = make(game, backend="reference", **options).new_game(seed=seed)
    start = _step(state, "", -1)
    steps: list[Step] = []
    while not state.is_terminal() and len(steps) < max_actions:
        a = choose(state.legal_actions())
        text = state.action_to_string(a)
        state.apply_action(a)
        steps.append(_step(state, text, a))
    return Playthrough(
        game,
        dict(options),
        list(state.deck),
        start,
        steps,
        state.is_terminal(),
        state.is_truncated(),
        state.scores(),
        state.winners(),
    )


def dump_playthroughs(game: str, cases: list[Playthrough]) -> str:
    """The text of a playthrough file of ``game`` holding ``cases``: JSON, one step a
    line and the deck on one line, so that a diff shows the step that changed."""

    def line(value: object) -> str:
        return json.dumps(value, separators=(", ", ": "))

    out = [
        "{",
        f' "format": {line(FORMAT)},',
        f' "version": {VERSION},',
        f' "game": {line(game)},',
        ' "cases": [',
    ]
    for i, pt in enumerate(cases):
        case = pt.to_json()
        out.append("  {")
        for key in ("options", "deck", "start"):
            out.append(f'   "{key}": {line(case[key])},')
        out.append('   "steps": [')
        steps = case["steps"]
        out += [
            f"    {line(st)}" + ("," if j + 1 < len(steps) else "") for j, st in enumerate(steps)
        ]
        out.append("   ],")
        for key in ("terminal", "truncated", "scores"):
            out.append(f'   "{key}": {line(case[key])},')
        out.append(f'   "winners": {line(case["winners"])}')
        out.append("  }" + ("," if i + 1 < len(cases) else ""))
    out += [" ]", "}", ""]
    return "\n".join(out)


class _Reader:
    """Reads a playthrough file's JSON, checking each field's type and range; a field
    that is wrong is a ValueError naming the file and the field (``cases[2].steps[5].id``)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def fail(self, where: str, want: str, got: object) -> NoReturn:
        shown = repr(got)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        raise ValueError(f"{self.name}: {where} must be {want}, got {shown}")

    def field(self, d: object, key: str, where: str) -> object:
        if not isinstance(d, dict):
            self.fail(where or "the file", "a JSON object", d)
        if key not in d:
            self.fail(f"{where}.{key}" if where else key, "present", "nothing")
        return d[key]

    def int_(self, value: object, where: str, low: int | None = None) -> int:
        # JSON's true and false are not numbers here, and NaN is no int.
        if type(value) is not int or (low is not None and value < low):
            self.fail(where, "an int" + (f" >= {low}" if low is not None else ""), value)
        return value

    def str_(self, value: object, where: str) -> str:
        if type(value) is not str:
            self.fail(where, "a string", value)
        return value

    def bool_(self, value: object, where: str) -> bool:
        if type(value) is not bool:
            self.fail(where, "true or false", value)
        return value

    def list_(self, value: object, where: str) -> list[object]:
        if type(value) is not list:
            self.fail(where, "a list", value)
        return value

    def ints(self, value: object, where: str) -> list[int]:
        return [self.int_(v, f"{where}[{i}]") for i, v in enumerate(self.list_(value, where))]

    def step(self, d: object, where: str) -> Step:
        get = functools.partial(self.field, d)
        digest = self.str_(get("digest", where), f"{where}.digest")
        if not _DIGEST.fullmatch(digest):
            self.fail(f"{where}.digest", "16 lowercase hex digits", digest)
        return Step(
            self.str_(get("action", where), f"{where}.action"),
            self.int_(get("id", where), f"{where}.id", -1),
            self.int_(get("player", where), f"{where}.player", TERMINAL),
            self.int_(get("legal", where), f"{where}.legal", 0),
            digest,
            self.str_(get("text", where), f"{where}.text"),
        )

    def case(self, game: str, d: object, i: int) -> Playthrough:
        where = f"cases[{i}]"
        get = functools.partial(self.field, d)
        options = get("options", where)
        if not isinstance(options, dict):
            self.fail(f"{where}.options", "a JSON object", options)
        try:
            make(game, **options)
        except (ValueError, TypeError) as e:
            raise ValueError(f"{self.name}: {where}.options: {e}") from None
        deck = [
            self.str_(c, f"{where}.deck[{j}]")
            for j, c in enumerate(self.list_(get("deck", where), f"{where}.deck"))
        ]
        steps = self.list_(get("steps", where), f"{where}.steps")
        return Playthrough(
            game,
            options,
            deck,
            self.step(get("start", where), f"{where}.start"),
            [self.step(st, f"{where}.steps[{k}]") for k, st in enumerate(steps)],
            self.bool_(get("terminal", where), f"{where}.terminal"),
            self.bool_(get("truncated", where), f"{where}.truncated"),
            self.ints(get("scores", where), f"{where}.scores"),
            self.ints(get("winners", where), f"{where}.winners"),
            source=self.name,
            index=i,
        )

    def file(self, data: object) -> list[Playthrough]:
        fmt, version = self.field(data, "format", ""), self.field(data, "version", "")
        if type(fmt) is not str or fmt != FORMAT or type(version) is not int or version != VERSION:
            raise ValueError(
                f"{self.name} is format {fmt!r} version {version!r};"
                f" this cardsim reads {FORMAT!r} version {VERSION}"
            )
        game = self.str_(self.field(data, "game", ""), "game")
        if game not in {info.name for info in games()}:
            self.fail("game", "a game cardsim knows", game)
        cases = self.list_(self.field(data, "cases", ""), "cases")
        return [self.case(game, c, i) for i, c in enumerate(cases)]


_DIGEST = re.compile(r"[0-9a-f]{16}")


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number JSON allows")


def playthrough_games() -> list[str]:
    """The games that have a playthrough file."""
    return sorted(
        p.name.removesuffix(".json") for p in _folder().iterdir() if p.name.endswith(".json")
    )


def playthroughs(game: str) -> Iterator[Playthrough]:
    """The recorded games of ``game``, in file order. ValueError (at once, not when
    iterated) for a game with no file: only the names ``playthrough_games()`` lists are
    read, never a path."""
    if not isinstance(game, str):
        raise TypeError(f"game name must be a str, got {type(game).__name__}")
    known = playthrough_games()
    if game not in known:
        raise ValueError(f"no playthroughs for {game!r} (known: {', '.join(known)})")
    return iter(load_playthroughs(_folder() / f"{game}.json"))


def load_playthroughs(path: str | os.PathLike[str] | Traversable) -> list[Playthrough]:
    """The recorded games of a playthrough file at ``path`` (a path or a package
    resource): one shipped with cardsim or one of your own in the same format.

    Every field is checked as it is read: the format and version as exact values, the
    game a name cardsim knows, the options ones it accepts, and each field's type and
    range (an int is not ``true``, and no number is NaN). ValueError, naming the file
    and the field (``cases[2].steps[5].id``), for anything else."""
    file = Path(path) if isinstance(path, (str, os.PathLike)) else path
    name = file.name  # the file name alone, wherever it lies
    try:
        data = json.loads(file.read_text(), parse_constant=_no_constant)
    except ValueError as e:  # json.JSONDecodeError is one
        raise ValueError(f"{name} is not a playthrough file: {e}") from None
    return _Reader(name).file(data)


_REQUIRED = ("current_player", "legal_actions", "apply_action", "is_terminal", "scores")


def _check_state_methods(state: object) -> None:
    missing = [m for m in _REQUIRED if not callable(getattr(state, m, None))]
    if missing:
        raise TypeError(
            f"the candidate's state lacks {', '.join(missing)} (a state needs"
            f" {', '.join(_REQUIRED)})"
        )


class _Replay:
    """One playthrough replayed on one candidate state, field by field."""

    def __init__(self, pt: Playthrough, state: Any) -> None:
        self.pt, self.state = pt, state
        self.speaks_text = callable(getattr(state, "string_to_action", None))
        self.has_dict = callable(getattr(state, "to_dict", None))
        self.has_truncated = callable(getattr(state, "is_truncated", None))
        self.has_winners = callable(getattr(state, "winners", None))

    def fail(self, step: int, field: str, expected: object, got: object) -> PlaythroughMismatch:
        return PlaythroughMismatch(self.pt.source, self.pt.index, step, field, expected, got)

    def ask(self, step: int, field: str, call: Callable[[], _T]) -> _T:
        # A candidate that raises is a difference, not a crash of the checker.
        try:
            return call()
        except Exception as e:
            raise self.fail(step, field, "a value", f"{type(e).__name__}: {e}") from e

    def compare(self, step: int, expected: Step) -> None:
        s = self.state
        got_player = self.ask(step, "current_player", s.current_player)
        if got_player != expected.player:
            raise self.fail(step, "current_player", expected.player, got_player)
        legal = self.ask(step, "legal_actions", s.legal_actions)
        if len(legal) != expected.legal:
            raise self.fail(step, "number of legal actions", expected.legal, len(legal))
        if self.has_dict:
            got_dict = self.ask(step, "to_dict", s.to_dict)
            got = self.ask(step, "to_dict", lambda: state_digest(got_dict))
            if got != expected.digest:
                raise self._dict_difference(step, got_dict, expected.digest, got)
        terminal = self.ask(step, "is_terminal", s.is_terminal)
        if bool(terminal) != (expected.player == TERMINAL):
            raise self.fail(step, "is_terminal", expected.player == TERMINAL, terminal)

    def _dict_difference(
        self, step: int, got: Mapping[str, object], digest: str, got_digest: str
    ) -> PlaythroughMismatch:
        """The field of the candidate's ``to_dict`` that differs from the recording's
        (whose digest alone is in the file): cardsim replays the recording to that step,
        and its dict, whose digest is the recorded one, is compared field by field."""
        pt = self.pt
        core = make(pt.game, **pt.options).new_game(deck=list(pt.deck))
        for s in pt.steps[:step]:
            core.apply_action(s.id)
        want = {k: v for k, v in core.to_dict().items() if k != "seed"}
        if state_digest(want) == digest:
            d = first_difference(got, want, "to_dict()")
            if d is not None:
                return self.fail(step, d.path, d.expected, d.candidate)
            try:
                keys = sorted(str(k) for k in got if k != "seed")
            except Exception:  # a candidate's Mapping that cannot be listed
                keys = []
            if keys and keys != sorted(want):  # keys the recording lacks
                return self.fail(step, "to_dict() keys", sorted(want), keys)
        return self.fail(step, "to_dict digest", digest, got_digest)

    def play(self, step: int, expected: Step) -> None:
        s = self.state
        action: object = expected.id
        if self.speaks_text:
            action = self.ask(
                step,
                f"string_to_action({expected.action!r})",
                lambda: s.string_to_action(expected.action),
            )
        self.ask(
            step,
            f"apply_action({action!r}) for {expected.action!r}",
            lambda: s.apply_action(action),
        )

    def run(self) -> None:
        pt = self.pt
        self.compare(0, pt.start)
        for k, step in enumerate(pt.steps, start=1):
            self.play(k, step)
            self.compare(k, step)
        end = len(pt.steps)
        checks: list[tuple[str, object, Callable[[], object]]] = [
            ("is_terminal", pt.terminal, lambda: bool(self.state.is_terminal())),
            ("scores", pt.scores, lambda: [int(x) for x in self.state.scores()]),
        ]
        if self.has_truncated:
            checks.append(("is_truncated", pt.truncated, lambda: bool(self.state.is_truncated())))
        if self.has_winners:
            checks.append(("winners", pt.winners, lambda: sorted(self.state.winners())))
        for field, expected, get in checks:
            got = self.ask(end, field, get)
            if got != expected:
                raise self.fail(end, field, expected, got)


# options: passed on to make(), which also takes its backend= from them.
def _resolved(game: str, options: Mapping[str, Any]) -> dict[str, Any]:
    return make(game, **options).options


def check_playthroughs(
    candidate: Any, game: str, *, options: Mapping[str, object] | None = None
) -> int:
    """Replays the playthroughs of ``game`` on ``candidate``; returns how many it replayed.

    ``candidate`` is either a game, an object whose ``new_game(deck=[...])`` deals
    a state, which replays the recordings of ``options`` (default: the game's
    default options); or a factory, a callable without ``new_game`` that takes
    the options as keywords and returns such a game (a class is one), which
    replays every recording. A state needs ``current_player``, ``legal_actions``,
    ``apply_action``, ``is_terminal`` and ``scores``; with ``string_to_action``
    it is given each action as text (so it may number actions its own way),
    else cardsim's id; ``to_dict``, ``is_truncated`` and ``winners`` are compared
    when it has them (``to_dict`` by ``state_digest``, so it must follow
    cardsim's documented format).

    Returns the number of recordings replayed (each from its deal to its last
    action). Raises PlaythroughMismatch at the first difference (file, case, step,
    field, both values: for ``to_dict``, the path of the field that differs, as
    ``to_dict().players[0].hand``), a candidate's exception included; TypeError for a candidate
    or state lacking a required method; ValueError for an unknown game, a bad
    option, or options no recording uses.
    """
    # A class is a factory, even one with new_game (its instances are the games).
    is_game = not isinstance(candidate, type) and callable(getattr(candidate, "new_game", None))
    if not is_game and not callable(candidate):
        raise TypeError(
            "the candidate must have new_game(deck=...) or be a factory candidate(**options),"
            f" got {type(candidate).__name__}"
        )
    cases = list(playthroughs(game))
    if is_game:
        want = _resolved(game, options or {})
        cases = [pt for pt in cases if _resolved(game, pt.options) == want]
        if not cases:
            raise ValueError(
                f"no playthrough of {game} has options {dict(options or {})!r}; recorded: "
                + ", ".join(sorted({json.dumps(pt.options) for pt in playthroughs(game)}))
            )
    elif options is not None:
        raise ValueError("options= selects recordings for a game candidate, not a factory")
    for pt in cases:
        g = candidate if is_game else candidate(**pt.options)
        try:
            state = g.new_game(deck=list(pt.deck))
        except Exception as e:
            raise PlaythroughMismatch(
                pt.source, pt.index, 0, "new_game(deck=...)", "a state", f"{type(e).__name__}: {e}"
            ) from e
        _check_state_methods(state)
        _Replay(pt, state).run()
    return len(cases)
