"""The game record format: save a game as JSON, load it back with every move re-checked.

A record is a plain JSON-safe dict::

    {"format": "cardsim-record", "version": 1, "cardsim_version": "<version>",
     "game": "rummy", "options": {...}, "deck": ["7H", ...], "actions": [12, 40, ...],
     "outcome": {"terminal": true, "truncated": false, "scores": [..],
                 "winners": [0], "draw": false, "moves": 57,
                 "digest": "..."},   # sha256 of the final to_dict(), 32 hex digits
     "source": {"seed": 7, "index": 3, "policy": "greedy"}}   # optional

``load_record`` deals ``deck``, replays ``actions`` through ``apply_action``
(so an illegal action is refused) and checks the replay ends with
``outcome``; it refuses unknown fields, so a record is data, never code.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from typing import Any, Protocol, cast

from .. import _core
from .._typing import JSONObject, JSONValue, PathArg
from .._version import __version__
from ..contract.errors import IllegalActionError
from ..contract.policies import check_entry
from ..contract.protocols import Game, State
from ..games import make
from ..guards.limits import TooLarge, read_capped
from ..guards.text import printable, shown
from ..reference.base import ReferenceState

__all__ = [
    "MAX_RECORD_BYTES",
    "MAX_RECORD_DEPTH",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "load_record",
    "read_file",
    "record",
]

#: The ``format`` field every record carries.
RECORD_FORMAT = "cardsim-record"
#: The record layout this cardsim writes and reads.
RECORD_VERSION = 1
#: The largest record file ``read_file`` reads (64 MiB; a long game's record is a
#: few hundred KB): a larger file, or an endless one such as /dev/zero, is refused.
MAX_RECORD_BYTES = 64 * 2**20
#: The deepest nesting of lists and dicts a record field may hold (records nest
#: three deep at most); deeper is refused before anything recurses into it.
MAX_RECORD_DEPTH = 16

_REQUIRED = (
    "format",
    "version",
    "cardsim_version",
    "game",
    "options",
    "deck",
    "actions",
    "outcome",
)
_OPTIONAL = ("source", "seed")
_OUTCOME = ("terminal", "truncated", "scores", "winners", "draw", "moves", "digest")
_SOURCE = ("seed", "index", "policy")


class RecordedState(State, Protocol):
    """A state as a record reads it: the contract's State, with its game and the
    seed it was dealt from (None for a given deck)."""

    @property
    def game(self) -> Game: ...


def _backend_of(state: State) -> str:
    return "reference" if isinstance(state, ReferenceState) else "cpp"


def _outcome(state: State) -> JSONObject:
    return {
        "terminal": bool(state.is_terminal()),
        "truncated": bool(state.is_truncated()),
        "scores": [int(s) for s in state.scores()],
        "winners": [int(w) for w in state.winners()],
        "draw": bool(state.is_draw()),
        "moves": len(state.history),
        # The final position's fingerprint: a replay that ends anywhere else fails.
        "digest": _digest(state),
    }


def _digest(state: State) -> str:
    # The seed names how the deck was made, not the position: a replay from the
    # recorded deck has none, and must still match.
    position = {k: v for k, v in state.to_dict().items() if k != "seed"}
    return hashlib.sha256(
        json.dumps(position, sort_keys=True, separators=(",", ":")).encode()
    ).hexdigest()[:32]


def record(state: object, source: Mapping[str, JSONValue] | None = None) -> dict[str, Any]:  # JSON
    """The game so far as a JSON-safe record (also ``state.record()``).

    ``source`` optionally notes where the game came from (``seed``, ``index``,
    ``policy`` of a batch run); it is informative only.
    """
    if not callable(getattr(state, "to_dict", None)) or not hasattr(state, "history"):
        raise TypeError(f"record needs a game state, got {type(state).__name__}")
    return _record(cast(RecordedState, state), source)


def _record(state: RecordedState, source: Mapping[str, JSONValue] | None) -> JSONObject:
    out: JSONObject = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "cardsim_version": __version__,
        "game": state.game.name,
        "options": json.loads(json.dumps(state.game.options)),
        "deck": [str(c) for c in state.deck],
        "actions": [int(a) for a in state.history],
        "outcome": _outcome(state),
    }
    seed = getattr(state, "seed", None)
    if seed is not None:  # dealt by new_game(seed=...): load_record deals it the same way
        out["seed"] = int(seed)
    if source is not None:
        out["source"] = _check_source(source)
    return out


def _check_source(source: object) -> JSONObject:
    if not isinstance(source, dict):
        raise TypeError(f"record field 'source' must be a dict, got {type(source).__name__}")
    unknown = sorted(set(map(str, source)) - set(_SOURCE))
    if unknown:
        raise ValueError(
            f"record field 'source' has unknown keys {unknown} (known: {list(_SOURCE)})"
        )
    _check_nesting(source, "source")
    for key in ("seed", "index"):
        v = source.get(key)
        if v is not None:
            _check_u64(v, f"record source {key}")
    if "policy" in source:
        policy = source["policy"]
        specs = policy.split(",") if isinstance(policy, str) else policy
        if not isinstance(specs, list) or not all(isinstance(p, str) for p in specs):
            raise ValueError(f"record source policy must be a policy spec, got {shown(policy)}")
        for p in specs:
            try:
                check_entry(p, "", python_ok=False)
            except (ValueError, TypeError) as e:
                raise ValueError(f"record source policy: {e}") from None
    return dict(source)


def _check_u64(value: object, what: str) -> None:
    """Seeds and game indices: ints in [0, 2**64), as everywhere else."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int, got {type(value).__name__}")
    if not 0 <= value < 2**64:
        raise ValueError(f"{what} must be an int >= 0 below 2**64, got {shown(value)}")


def _check_int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int, got {type(value).__name__} {shown(value)}")
    return value


def _check_nesting(value: object, field: str) -> None:
    """Refuses lists and dicts nested deeper than MAX_RECORD_DEPTH, walking them with
    a stack of its own: any later check, comparison or repr of the field is then safe."""
    todo: list[tuple[object, int, str]] = [(value, 0, field)]
    while todo:
        v, depth, where = todo.pop()
        if isinstance(v, (list, tuple, dict)):
            if depth >= MAX_RECORD_DEPTH:
                raise ValueError(
                    f"record field {where!r} nests lists or dicts more than {MAX_RECORD_DEPTH} deep"
                )
            if isinstance(v, dict):
                todo.extend(
                    (x, depth + 1, f"{where}.{shown(k, 40).strip(chr(39))}") for k, x in v.items()
                )
            else:
                todo.extend((x, depth + 1, where) for x in v)


def _check_outcome_types(outcome: Mapping[str, JSONValue]) -> None:
    """Each outcome field of its exact JSON type: an int is not a float, a bool not an int."""
    for key in ("terminal", "truncated", "draw"):
        if not isinstance(outcome[key], bool):
            raise TypeError(
                f"record outcome {key} must be true or false, got {shown(outcome[key])}"
            )
    _check_int(outcome["moves"], "record outcome moves")
    for key in ("scores", "winners"):
        values = outcome[key]
        if not isinstance(values, list):
            raise TypeError(f"record outcome {key} must be a list of ints")
        for v in values:
            _check_int(v, f"record outcome {key} entry")
    if not isinstance(outcome["digest"], str):
        raise TypeError(f"record outcome digest must be a str, got {shown(outcome['digest'])}")


def read_file(path: PathArg) -> Any:  # JSON, as json.loads gives it
    """The JSON held in file ``path``, else a ValueError saying why it cannot be read."""
    name = printable(repr(os.fspath(path)))
    try:
        raw = read_capped(path, MAX_RECORD_BYTES)
    except OSError as e:
        raise ValueError(f"cannot read record {name}: {e.strerror or e}") from None
    except TooLarge:
        raise ValueError(
            f"record {name} is larger than {MAX_RECORD_BYTES // 2**20} MiB: not a game record"
        ) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"record {name} is not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        # Truncated: the parser ran out of file (a string left open runs to the end).
        ran_out = e.pos >= len(text.rstrip()) or e.msg.startswith("Unterminated string")
        where = "truncated" if ran_out else "corrupted"
        raise ValueError(
            f"record {name} is not valid JSON ({where}: {e.msg} at line {e.lineno},"
            f" column {e.colno})"
        ) from None
    except RecursionError:
        raise ValueError(
            f"record {name} nests lists or dicts too deep to read: not a game record"
        ) from None


def load_record(data: JSONObject | PathArg, backend: str = "cpp") -> RecordedState:
    """The state a record describes, replayed move by move with every check.

    ``data`` is a record dict (from ``state.record()``), or the path of a JSON
    file holding one. Raises ValueError for a wrong format or version, an
    unknown or missing field, an unknown game or option, a bad deck, an illegal
    action, a truncated file or an outcome the replay does not reach; TypeError
    for a field of the wrong type.
    """
    if isinstance(data, (str, os.PathLike)):
        data = read_file(data)
    if not isinstance(data, dict):
        raise TypeError(f"a record must be a dict, got {type(data).__name__}")
    unknown = sorted(shown(k) for k in data if k not in _REQUIRED and k not in _OPTIONAL)
    if unknown:
        raise ValueError(f"record has unknown fields [{', '.join(unknown[:8])}]")
    for k, v in data.items():
        _check_nesting(v, k)
    missing = [k for k in _REQUIRED if k not in data]
    if missing:
        raise ValueError(f"record is missing fields {missing} (truncated?)")
    if data["format"] != RECORD_FORMAT:
        raise ValueError(
            f"not a cardsim record: format is {shown(data['format'])}, not {RECORD_FORMAT!r}"
        )
    version = data["version"]
    if isinstance(version, bool) or not isinstance(version, int):
        raise TypeError(f"record version must be an int, got {type(version).__name__}")
    if version != RECORD_VERSION:
        raise ValueError(
            f"record format version {version} is not supported (this cardsim reads version"
            f" {RECORD_VERSION})"
        )
    if not isinstance(data["cardsim_version"], str):
        raise TypeError("record cardsim_version must be a str")
    game_name = data["game"]
    if not isinstance(game_name, str):
        raise TypeError(f"record game must be a str, got {type(game_name).__name__}")
    known = sorted(_core.games())
    if game_name not in known:
        raise ValueError(
            f"record names unknown game {shown(game_name)} (known: {', '.join(known)})"
        )
    options = data["options"]
    if not isinstance(options, dict):
        raise TypeError(f"record options must be a dict, got {type(options).__name__}")
    deck, actions, outcome = data["deck"], data["actions"], data["outcome"]
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise TypeError("record deck must be a list of card strings")
    if not isinstance(actions, list):
        raise TypeError(f"record actions must be a list, got {type(actions).__name__}")
    if not isinstance(outcome, dict):
        raise TypeError(f"record outcome must be a dict, got {type(outcome).__name__}")
    if sorted(map(str, outcome)) != sorted(_OUTCOME) or not all(
        isinstance(k, str) for k in outcome
    ):
        raise ValueError(f"record outcome must have exactly the keys {list(_OUTCOME)}")
    _check_outcome_types(outcome)
    if "source" in data:
        _check_source(data["source"])
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"record seed must be an int or absent, got {type(seed).__name__}")
    if seed is not None and not 0 <= seed < 2**64:
        raise ValueError(f"record seed must be an int >= 0 below 2**64, got {shown(seed)}")
    try:
        game = make(game_name, backend=backend, **options)
        state: RecordedState = (
            game.new_game(deck=[str(c) for c in deck]) if seed is None else game.new_game(seed=seed)
        )
    except (ValueError, TypeError) as e:
        raise type(e)(f"record {game_name}: {e}") from None
    if seed is not None and [str(c) for c in state.deck] != deck:
        raise ValueError(f"record {game_name}: its deck is not the deal of its seed {seed}")
    for i, a in enumerate(actions):
        if isinstance(a, bool) or not isinstance(a, int):
            raise TypeError(f"record action {i} must be an int, got {shown(a)}")
        try:
            state.apply_action(a)
        except IllegalActionError as e:
            raise IllegalActionError(f"record action {i} ({a}) is illegal: {e}") from None
    got = _outcome(state)
    if got != outcome:
        diff = [k for k in _OUTCOME if got[k] != outcome[k]]
        raise ValueError(
            f"record outcome does not match its replay ({', '.join(diff)} differ: recorded"
            f" {shown([outcome[k] for k in diff])}, replayed {shown([got[k] for k in diff])});"
            " the actions may be truncated or altered"
        )
    return state
