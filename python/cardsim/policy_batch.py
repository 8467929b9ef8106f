"""Batch runs with your own Python policies at some seats (docs/strategy.md,
"Your own policy").

A Python policy is any callable ``policy(obs, mask) -> actions``. It is called
with batches: ``obs`` is a read-only float32 array of shape (k, D), the exact
observation tensor (``game.observation_tensor_shape``) of the seat to move in
each of the k games currently waiting on that seat, and ``mask`` a read-only
bool array of shape (k, A) of their legal actions. It returns k action ids (an
integer numpy array, a torch tensor on the CPU, or a sequence of ints). The
arrays are views of buffers that the next call overwrites: copy them to keep
them.

The games run in C++ (cpp/runner/policy_batch.hpp): built-in seats play on
every thread with the GIL released, and only the Python seats' decisions come
back to Python, a whole group of games at a time. A Python seat draws nothing
from a game's stream, so results are exactly the batch runner's: a policy that
copies ``first`` (``mask.argmax(1)``) gives the arrays of ``policy="first"``.
A timed game's race (its play-out hook) stops where a Python seat has a choice
to make and resumes with it, drawing as a built-in run does.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from . import _core
from .errors import IllegalActionError
from .progress import Progress
from .result import per_game_arrays

__all__ = [
    "DEFAULT_BATCH_SIZE",
    "PolicyFn",
    "has_python_policy",
    "load_policy",
    "policy_name",
    "resolve_policies",
    "run",
    "seat_entries",
]

#: A Python policy: ``policy(obs, mask) -> actions`` for a batch of games.
PolicyFn = Callable[[np.ndarray, np.ndarray], Any]

#: Games in flight at once by default: bounds the memory of a run (states,
#: observation and mask buffers) whatever its length, and is large enough for
#: a numpy policy's per-call cost to vanish.
DEFAULT_BATCH_SIZE = 4096


def _is_python_policy(item: Any) -> bool:
    return callable(item) and not isinstance(item, (str, bytes))


def has_python_policy(policy: Any) -> bool:
    """Whether ``policy`` (one policy or a list of one per seat) holds a Python callable."""
    if _is_python_policy(policy):
        return True
    if isinstance(policy, (str, bytes)) or not isinstance(policy, Sequence):
        return False
    return any(_is_python_policy(item) for item in policy)


def policy_name(item: str | PolicyFn) -> str:
    """A policy's name in results: the spec itself, or a callable's qualified name."""
    if isinstance(item, str):
        return item
    name = getattr(item, "__qualname__", None) or getattr(item, "__name__", None)
    return str(name) if name else type(item).__name__


def seat_entries(policy: Any, num_players: int) -> list[str | PolicyFn]:
    """One checked policy per seat from ``policy``: a spec or a callable for
    every seat, or a sequence with one per seat (specs and callables mixed).

    Raises TypeError for an entry that is neither a string nor callable and
    ValueError for a wrong count or a bad spec, naming the seat.
    """
    if isinstance(policy, str) or _is_python_policy(policy):
        items: list[Any] = policy.split(",") if isinstance(policy, str) else [policy]
    elif isinstance(policy, Sequence) and not isinstance(policy, bytes):
        items = list(policy)
    else:
        raise TypeError(
            f"policy must be a spec, a callable or a list of them, got {type(policy).__name__}"
        )
    if len(items) not in (1, num_players):
        raise ValueError(
            f"expected one policy, or one per seat ({num_players}), got {len(items)}: {items!r}"
        )
    out: list[str | PolicyFn] = []
    for i, item in enumerate(items):
        where = f"seat {i}: " if len(items) > 1 else ""
        if isinstance(item, str):
            _core.parse_policy_spec(item.strip(), where)
            out.append(item.strip())
        elif _is_python_policy(item):
            out.append(item)
        else:
            raise TypeError(
                f"{where}a policy must be a spec string or a callable policy(obs, mask),"
                f" got {type(item).__name__}"
            )
    return out * num_players if len(out) == 1 else out


def load_policy(text: str) -> PolicyFn:
    """The callable named by ``"module:attr"`` (``attr`` may be dotted), imported.

    Raises ValueError when the module cannot be imported, lacks the attribute,
    or the attribute is not callable.
    """
    module_name, _, attr = text.partition(":")
    if not module_name or not attr:
        raise ValueError(f"a Python policy is named 'module:attr', got {text!r}")
    try:
        obj: Any = importlib.import_module(module_name)
    except Exception as e:
        raise ValueError(
            f"cannot import module {module_name!r} for policy {text!r}: {type(e).__name__}: {e}"
        ) from e
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise ValueError(f"module {module_name!r} has no attribute {attr!r} (policy {text!r})")
        obj = getattr(obj, part)
    if not callable(obj):
        raise ValueError(f"policy {text!r} is a {type(obj).__name__}, not a callable")
    return obj  # type: ignore[no-any-return]


#: Names that start a built-in spec: anything else of the form "module:attr"
#: names a Python policy to import.
_SPEC_NAMES = ("random", "greedy", "first", "pimc", "ismcts")


def resolve_policies(text: str) -> str | list[str | PolicyFn]:
    """Policies from the command line: specs joined by commas, where an item
    ``module:attr`` (a module that is not a spec name) is imported as a Python
    policy. Returns ``text`` unchanged when it names no Python policy.

    Raises ValueError when an import fails (see load_policy).
    """
    items = [item.strip() for item in text.split(",")]
    python = [":" in item and item.split(":", 1)[0] not in _SPEC_NAMES for item in items]
    if not any(python):
        return text
    return [load_policy(item) if is_py else item for item, is_py in zip(items, python, strict=True)]


def _actions(returned: Any, k: int, where: str, games: np.ndarray) -> np.ndarray:
    """The k action ids a policy returned, as an integer array, else TypeError/ValueError."""
    first_game = f"games {int(games[0])}..{int(games[k - 1])}" if k > 1 else f"game {int(games[0])}"
    try:
        arr = np.asarray(returned)
    except Exception as e:
        raise TypeError(
            f"{where}: returned a {type(returned).__name__} that is not an array of action ids"
            f" ({first_game}): {e}"
        ) from e
    if arr.dtype.kind not in "iu":
        raise TypeError(
            f"{where}: must return integer action ids, got dtype {arr.dtype}"
            f" ({type(returned).__name__}; {first_game})"
        )
    if arr.shape != (k,):
        raise ValueError(
            f"{where}: must return one action per game, shape ({k},), got shape {arr.shape}"
            f" ({first_game})"
        )
    return arr


def run(
    g: Any,
    seed: int,
    first: int,
    n: int,
    entries: list[str | PolicyFn],
    threads: int,
    seat_rotation: bool,
    summary_only: bool | None,
    progress: bool | None,
    batch_size: int,
) -> tuple[Any, float, Any, dict[str, np.ndarray | None]]:
    """Plays deals ``first .. first + n - 1`` with ``entries`` (one per seat;
    callables are played from Python). Returns (summary, seconds, by_policy or
    None, arrays) for a SimulationResult. Raises, and returns nothing, if a
    policy fails or returns a bad action.
    """
    if not hasattr(g, "_policy_batch"):
        raise ValueError(f"{g.name} has no observation tensor, which Python policies read")
    np_ = g.num_players
    specs = ["first" if _is_python_policy(e) else str(e) for e in entries]
    caller = [_is_python_policy(e) for e in entries]
    names = [policy_name(e) for e in entries]
    rotations = np_ if seat_rotation else 1
    rows = n * rotations
    arrays = per_game_arrays(rows, np_, g.traits.timed, summary_only)
    batch = g._policy_batch(
        seed,
        first,
        n,
        specs,
        caller,
        threads,
        batch_size,
        seat_rotation,
        **arrays,
        by_policy=seat_rotation,
    )
    bufs = batch._buffers()
    obs_buf, mask_buf, game_buf = bufs["obs"], bufs["action_mask"], bufs["game"]
    bar = Progress(n, g.name, force=bool(progress)) if progress is not False else None
    start = time.perf_counter()
    reported = 0
    try:
        while (group := batch.next_group()) is not None:
            j, seat, k = group
            fn = entries[j]
            assert callable(fn)
            where = f"seat {seat} (policy {j}: {names[j]})"
            try:
                returned = fn(obs_buf[:k], mask_buf[:k])
            except Exception as e:
                raise RuntimeError(
                    f"{where} raised {type(e).__name__} on a batch of {k} games"
                    f" (game {int(game_buf[0])} first): {e}"
                ) from e
            actions = _actions(returned, k, where, game_buf)
            try:
                batch.act(actions)
            except IllegalActionError as e:
                raise IllegalActionError(f"{where}: {e}") from e
            if bar:
                done = batch.finished // rotations
                if done > reported:
                    bar.update(done - reported)
                    reported = done
    finally:
        if bar:
            bar.close()
    summary = _core.Summary(np_)
    by_policy = _core.Summary(np_) if seat_rotation else None
    batch.merge_into(summary, by_policy)
    return summary, time.perf_counter() - start, by_policy, arrays
