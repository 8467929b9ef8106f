"""Game records: save a game as JSON, load it back with every move re-checked,
pull one game out of a batch run, and export a game's history for learning.

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
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from . import _core, api
from .errors import IllegalActionError

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "Step",
    "load_record",
    "record",
    "replay_game",
    "trajectory",
]

#: The ``format`` field every record carries.
RECORD_FORMAT = "cardsim-record"
#: The record layout this cardsim writes and reads.
RECORD_VERSION = 1

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


def _backend_of(state: Any) -> str:
    from .reference.base import ReferenceState

    return "reference" if isinstance(state, ReferenceState) else "cpp"


def _outcome(state: Any) -> dict[str, Any]:
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


def _digest(state: Any) -> str:
    # The seed names how the deck was made, not the position: a replay from the
    # recorded deck has none, and must still match.
    position = {k: v for k, v in state.to_dict().items() if k != "seed"}
    return hashlib.sha256(
        json.dumps(position, sort_keys=True, separators=(",", ":")).encode()
    ).hexdigest()[:32]


def record(state: Any, source: dict[str, Any] | None = None) -> dict[str, Any]:
    """The game so far as a JSON-safe record (also ``state.record()``).

    ``source`` optionally notes where the game came from (``seed``, ``index``,
    ``policy`` of a batch run); it is informative only.
    """
    if not callable(getattr(state, "to_dict", None)) or not hasattr(state, "history"):
        raise TypeError(f"record needs a game state, got {type(state).__name__}")
    from . import __version__

    out: dict[str, Any] = {
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


def _check_source(source: Any) -> dict[str, Any]:
    if not isinstance(source, dict):
        raise TypeError(f"record field 'source' must be a dict, got {type(source).__name__}")
    unknown = sorted(set(map(str, source)) - set(_SOURCE))
    if unknown:
        raise ValueError(
            f"record field 'source' has unknown keys {unknown} (known: {list(_SOURCE)})"
        )
    for key in ("seed", "index"):
        v = source.get(key)
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 0):
            raise ValueError(f"record source {key} must be an int >= 0, got {v!r}")
    if "policy" in source:
        policy = source["policy"]
        specs = policy.split(",") if isinstance(policy, str) else policy
        if not isinstance(specs, list) or not all(isinstance(p, str) for p in specs):
            raise ValueError(f"record source policy must be a policy spec, got {policy!r}")
        for p in specs:
            try:
                _core.parse_policy_spec(p.strip(), "")
            except (ValueError, TypeError) as e:
                raise ValueError(f"record source policy: {e}") from None
    return dict(source)


def _read(path: str | os.PathLike[str]) -> Any:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise ValueError(f"cannot read record {os.fspath(path)!r}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise ValueError(f"record {os.fspath(path)!r} is not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        where = "truncated" if e.pos >= len(text.rstrip()) else "corrupted"
        raise ValueError(
            f"record {os.fspath(path)!r} is not valid JSON ({where}: {e.msg} at line {e.lineno},"
            f" column {e.colno})"
        ) from None


def load_record(data: Any, backend: str = "cpp") -> Any:
    """The state a record describes, replayed move by move with every check.

    ``data`` is a record dict (from ``state.record()``), or the path of a JSON
    file holding one. Raises ValueError for a wrong format or version, an
    unknown or missing field, an unknown game or option, a bad deck, an illegal
    action, a truncated file or an outcome the replay does not reach; TypeError
    for a field of the wrong type.
    """
    if isinstance(data, (str, os.PathLike)):
        data = _read(data)
    if not isinstance(data, dict):
        raise TypeError(f"a record must be a dict, got {type(data).__name__}")
    unknown = sorted(str(k) for k in data if k not in _REQUIRED and k not in _OPTIONAL)
    if unknown:
        raise ValueError(f"record has unknown fields {unknown}")
    missing = [k for k in _REQUIRED if k not in data]
    if missing:
        raise ValueError(f"record is missing fields {missing} (truncated?)")
    if data["format"] != RECORD_FORMAT:
        raise ValueError(
            f"not a cardsim record: format is {data['format']!r}, not {RECORD_FORMAT!r}"
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
        raise ValueError(f"record names unknown game {game_name!r} (known: {', '.join(known)})")
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
    if sorted(outcome) != sorted(_OUTCOME):
        raise ValueError(f"record outcome must have exactly the keys {list(_OUTCOME)}")
    if "source" in data:
        _check_source(data["source"])
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ValueError(f"record seed must be an int >= 0 or absent, got {seed!r}")
    try:
        game = api.make(game_name, backend=backend, **options)
        state = game.new_game(deck=deck) if seed is None else game.new_game(seed=seed)
    except (ValueError, TypeError) as e:
        raise type(e)(f"record {game_name}: {e}") from None
    if seed is not None and [str(c) for c in state.deck] != deck:
        raise ValueError(f"record {game_name}: its deck is not the deal of its seed {seed}")
    for k, a in enumerate(actions):
        if isinstance(a, bool) or not isinstance(a, int):
            raise TypeError(f"record action {k} must be an int, got {a!r}")
        try:
            state.apply_action(a)
        except IllegalActionError as e:
            raise IllegalActionError(f"record action {k} ({a}) is illegal: {e}") from None
    got = _outcome(state)
    if got != outcome:
        diff = [k for k in _OUTCOME if got[k] != outcome[k]]
        raise ValueError(
            f"record outcome does not match its replay ({', '.join(diff)} differ: recorded"
            f" {[outcome[k] for k in diff]}, replayed {[got[k] for k in diff]}); the actions may"
            " be truncated or altered"
        )
    return state


def _check_index(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be an int, got {type(value).__name__}")
    v = int(value)
    if not 0 <= v < 2**64:
        raise ValueError(f"{what} must be in [0, 2**64), got {v}")
    return v


def replay_game(
    game: str | Any,
    seed: int = 0,
    index: int = 0,
    policy: str = "random",
    backend: str = "cpp",
    **options: Any,
) -> Any:
    """The final state of game ``index`` of ``cardsim.simulate(game, seed=seed, policy=policy)``.

    It deals and plays from the runner's own stream (the same C++ code path), so
    its scores, winners and number of actions equal row ``index - first_game``
    of that run, and its ``history`` holds every action. A timed game
    (``game.traits.timed``) is replayed by its Python timed race
    (``cardsim.reference.PLAY_TIMED``), which repeats the runner's schedule;
    with a search seat (``pimc``, ``ismcts``) it is replayed by the C++ race.
    ``backend="reference"`` re-plays the same deal and actions on the Python
    reference (every action re-checked there).
    """
    g = api.make(game, **options) if isinstance(game, str) else game
    if options and not isinstance(game, str):
        raise ValueError("pass options to make(), not to replay_game(), when giving a game object")
    if not hasattr(g, "_replay_game"):
        raise TypeError("replay_game needs a game name or a C++ game from cardsim.make")
    s = _check_index(seed, "seed")
    i = _check_index(index, "index")
    policies = api.policy_list(policy, g.num_players)
    if not isinstance(backend, str) or backend not in api.BACKENDS:
        raise ValueError(f"unknown backend {backend!r} (known: {', '.join(api.BACKENDS)})")
    searching = any(_core.parse_policy_spec(p)["kind"] in api.SEARCH_POLICIES for p in policies)
    if g.traits.timed and not searching:
        from .reference import PLAY_TIMED

        state = PLAY_TIMED[g.name](g, seed=s, index=i, policy=policies).state
    else:
        state = g._replay_game(s, i, policies)
    if backend == "reference":
        state = load_record(record(state), backend="reference")
    return state


class Step(NamedTuple):
    """One decision of a game: who chose, what they saw, what they did, what it earned."""

    player: int
    observation: Any  # observation(player): a dict, or a float32 tensor
    action: int
    reward: float  # the seat's score change from this decision to its next one (or the end)


def _actor(state: Any, action: int) -> int:
    cp = state.current_player()
    if cp >= 0:
        return int(cp)
    for p in range(state.num_players):
        if action in state.legal_actions_for(p):
            return p
    raise ValueError(f"action {action} is legal for no seat")  # a corrupted history


def trajectory(state: Any, player: Any = None, observation: str = "dict") -> list[Step]:
    """The (observation, action, reward) sequence of ``state``'s game so far.

    Replays ``state.deck`` and ``state.history`` from the deal. Each decision
    gives a ``Step``: the acting seat, its view before acting
    (``observation="dict"``: ``observation(p)``; ``"tensor"``: the float32
    observation tensor, ``state.observation_tensor(p)`` where the state has it,
    else ``cardsim.envs.tensor``), the action id, and the reward: the change of
    that seat's score from this decision to its next one (or to the end), so a
    seat's rewards add up to its final score minus its score at its first
    decision. ``player=p`` keeps p's decisions only (imitation of one seat).
    """
    if not callable(getattr(state, "observation", None)) or not hasattr(state, "history"):
        raise TypeError(f"trajectory needs a game state, got {type(state).__name__}")
    if observation not in ("dict", "tensor"):
        raise ValueError(f"observation must be 'dict' or 'tensor', got {observation!r}")
    n = state.num_players
    if player is not None:
        if isinstance(player, bool) or not isinstance(player, (int, np.integer)):
            raise TypeError(f"player must be an int or None, got {type(player).__name__}")
        if not 0 <= int(player) < n:
            raise ValueError(f"player must be in [0, {n}), got {int(player)}")
    replay = state.game.new_game(deck=list(state.deck))

    def view(p: int) -> Any:
        if observation == "dict":
            return replay.observation(p)
        if hasattr(replay, "observation_tensor"):
            return replay.observation_tensor(p)
        from .envs.tensor import encoder_for

        return encoder_for(replay.game).encode(replay.observation(p), player=p)

    steps: list[tuple[int, Any, int, int]] = []  # seat, view, action, score before
    for a in state.history:
        p = _actor(replay, a)
        if player is None or p == int(player):
            steps.append((p, view(p), int(a), int(replay.scores()[p])))
        replay.apply_action(a)
    final = replay.scores()
    out: list[Step] = []
    for k, (p, obs, a, before) in enumerate(steps):
        after = next((b for q, _, _, b in steps[k + 1 :] if q == p), int(final[p]))
        out.append(Step(p, obs, a, float(after - before)))
    return out


def install() -> None:
    """Gives every state class (both backends) ``record()``."""
    from . import _core
    from .reference.base import ReferenceState

    def _record(self: Any) -> dict[str, Any]:
        """This game as a JSON-safe record (``cardsim.load_record`` reads it back)."""
        return record(self)

    classes: list[type] = [ReferenceState]
    classes += [
        getattr(_core, n)
        for n in dir(_core)
        if n.endswith("State") and isinstance(getattr(_core, n), type)
    ]
    for cls in classes:
        cls.record = _record  # type: ignore[attr-defined]
