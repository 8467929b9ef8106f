"""Public playthroughs: recorded games that any implementation of the rules replays.

Each game has one file, ``cardsim/testing/playthrough_files/<game>.json``, shipped in
the wheel. A file holds a few games per option combination, recorded from the
pure-Python reference: the deck, the options, and every action with what the
state looks like after it. The project replays them on both of its backends;
``check_playthroughs`` replays them on yours. docs/testing.md, "Playthroughs",
describes the format (``FORMAT``, version ``VERSION``).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ..contract.constants import TERMINAL
from ..games import make
from ..render.status import status

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


def _folder() -> Any:
    # Package data beside this module (a folder, not a package: it holds only files).
    return resources.files("cardsim.testing") / "playthrough_files"


def state_digest(state_dict: Mapping[str, Any]) -> str:
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

    def to_json(self) -> dict[str, Any]:
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
        self, source: str, index: int, step: int, field: str, expected: Any, got: Any
    ) -> None:
        self.source, self.index, self.step = source, index, step
        self.field, self.expected, self.got = field, expected, got
        where = "at the deal" if step == 0 else f"after action {step}"
        super().__init__(
            f"{source} case {index}, {where}: {field} differs: expected {expected!r}, got {got!r}"
        )


def _step_json(s: Step) -> dict[str, Any]:
    return {
        "action": s.action,
        "id": s.id,
        "player": s.player,
        "legal": s.legal,
        "digest": s.digest,
        "text": s.text,
    }


def _step(state: Any, action: str, action_id: int) -> Step:
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
    options: Mapping[str, Any],
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

    def line(value: Any) -> str:
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


def _read_step(d: Mapping[str, Any]) -> Step:
    return Step(d["action"], d["id"], d["player"], d["legal"], d["digest"], d["text"])


def playthrough_games() -> list[str]:
    """The games that have a playthrough file."""
    return sorted(
        p.name.removesuffix(".json") for p in _folder().iterdir() if p.name.endswith(".json")
    )


def playthroughs(game: str) -> Iterator[Playthrough]:
    """The recorded games of ``game``, in file order. ValueError (at once, not when
    iterated) for a game with no file."""
    if not isinstance(game, str):
        raise TypeError(f"game name must be a str, got {type(game).__name__}")
    path = _folder() / f"{game}.json"
    if not path.is_file():
        raise ValueError(f"no playthroughs for {game!r} (known: {', '.join(playthrough_games())})")
    return iter(load_playthroughs(path))


def load_playthroughs(path: Any) -> list[Playthrough]:
    """The recorded games of a playthrough file at ``path`` (a path or a package
    resource): one shipped with cardsim or one of your own in the same format.
    ValueError for a file of another format or version."""
    file = Path(path) if isinstance(path, (str, os.PathLike)) else path
    name = file.name  # the file name alone, wherever it lies
    data = json.loads(file.read_text())
    head = data if isinstance(data, dict) else {}
    if head.get("format") != FORMAT or head.get("version") != VERSION:
        raise ValueError(
            f"{name} is format {head.get('format')!r} version {head.get('version')!r};"
            f" this cardsim reads {FORMAT!r} version {VERSION}"
        )
    return [
        Playthrough(
            data["game"],
            case["options"],
            case["deck"],
            _read_step(case["start"]),
            [_read_step(s) for s in case["steps"]],
            case["terminal"],
            case["truncated"],
            case["scores"],
            case["winners"],
            source=name,
            index=i,
        )
        for i, case in enumerate(data["cases"])
    ]


_REQUIRED = ("current_player", "legal_actions", "apply_action", "is_terminal", "scores")


def _check_state_methods(state: Any) -> None:
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

    def fail(self, step: int, field: str, expected: Any, got: Any) -> PlaythroughMismatch:
        return PlaythroughMismatch(self.pt.source, self.pt.index, step, field, expected, got)

    def ask(self, step: int, field: str, call: Callable[[], Any]) -> Any:
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
            got = self.ask(step, "to_dict", lambda: state_digest(s.to_dict()))
            if got != expected.digest:
                raise self.fail(step, "to_dict digest", expected.digest, got)
        terminal = self.ask(step, "is_terminal", s.is_terminal)
        if bool(terminal) != (expected.player == TERMINAL):
            raise self.fail(step, "is_terminal", expected.player == TERMINAL, terminal)

    def play(self, step: int, expected: Step) -> None:
        s = self.state
        action: Any = expected.id
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
        checks: list[tuple[str, Any, Callable[[], Any]]] = [
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


def _resolved(game: str, options: Mapping[str, Any]) -> dict[str, Any]:
    return make(game, **options).options


def check_playthroughs(
    candidate: Any, game: str, *, options: Mapping[str, Any] | None = None
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

    Raises PlaythroughMismatch at the first difference (file, case, step, field,
    both values), a candidate's exception included; TypeError for a candidate
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
