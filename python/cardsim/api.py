"""The high-level API: make a game, list games, run batches."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from . import _core, policy_batch, reference
from .progress import ChunkSizer, Progress
from .protocols import Game
from .result import SimulationResult, per_game_arrays
from .shards import run_sharded

__all__ = [
    "BACKENDS",
    "POLICIES",
    "SEARCH_POLICIES",
    "GameInfo",
    "games",
    "make",
    "policy_list",
    "simulate",
]

#: Backend names accepted by ``make``.
BACKENDS = ("cpp", "reference")
#: The simple policies of the C++ batch runner: uniform random, the game's
#: documented heuristic, and always the lowest legal action id.
POLICIES = ("random", "greedy", "first")
#: Search players, named by specs with parameters: ``pimc[:N][:key=value...]``
#: and ``ismcts[:N][:key=value...]`` (grammar in docs/strategy.md).
SEARCH_POLICIES = ("pimc", "ismcts")


@dataclass(frozen=True)
class GameInfo:
    """A registered game: its name, one-line description, seats and options."""

    name: str
    description: str
    num_players: int
    num_actions: int
    options: list[dict[str, Any]]


def games() -> list[GameInfo]:
    """Every registered game, with its default configuration and option specs."""
    out = []
    for name, description in sorted(_core.games().items()):
        g = _core.make(name, {})
        out.append(
            GameInfo(name, description, g.num_players, g.num_actions, _core.option_specs(name))
        )
    return out


def make(name: str, backend: str = "cpp", **options: Any) -> Game:
    """Game ``name`` with ``options``, from the C++ core (default) or the Python reference.

    Raises ValueError for an unknown game, backend, option or option value, and
    TypeError for an option of the wrong type. Call ``new_game(seed=...)`` or
    ``new_game(deck=[...])`` on the result to deal.
    """
    if not isinstance(backend, str) or backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    if backend == "reference":
        return reference.make(name, **options)
    game: Game = _core.make(name, options)
    return game


def _check_count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be an int, got {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{what} must be >= 0, got {value}")
    return int(value)


def policy_list(policy: str | Sequence[str], num_players: int) -> list[str]:
    """One checked policy spec per seat from ``policy``: a spec, a comma-separated
    list of specs, or a sequence of specs. A single spec means every seat.

    Raises TypeError for a non-string and ValueError for a wrong count or a bad
    spec, naming the seat.
    """
    if isinstance(policy, str):
        items: list[Any] = policy.split(",") if "," in policy else [policy]
    elif isinstance(policy, Sequence):
        items = list(policy)
    else:
        raise TypeError(f"policy must be a spec or a list of specs, got {type(policy).__name__}")
    if len(items) not in (1, num_players):
        raise ValueError(
            f"expected one policy, or one per seat ({num_players}), got {len(items)}: {items!r}"
        )
    for i, item in enumerate(items):
        where = f"seat {i}: " if len(items) > 1 else ""
        if not isinstance(item, str):
            raise TypeError(f"{where}a policy must be a spec string, got {type(item).__name__}")
        _core.parse_policy_spec(item.strip(), where)
    specs = [item.strip() for item in items]
    return specs * num_players if len(specs) == 1 else specs


def simulate(
    game: str | Any,
    games: int = 1000,
    seed: int = 0,
    policy: str | Callable[..., Any] | Sequence[str | Callable[..., Any]] = "random",
    threads: int | None = None,
    first_game: int = 0,
    summary_only: bool | None = None,
    progress: bool | None = None,
    executor: Any | None = None,
    shard_size: int | None = None,
    max_in_flight: int | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    seat_rotation: bool = False,
    batch_size: int | None = None,
    **options: Any,
) -> SimulationResult:
    """Plays games ``first_game .. first_game + games - 1`` of the run with ``seed`` in C++.

    ``game`` is a registered name (``options`` then configure it) or a game from
    ``make``. ``policy`` is one spec for every seat or one per seat (a list, or
    specs joined by commas): ``random``, ``greedy``, ``first``, ``pimc:N``,
    ``ismcts:N`` (docs/strategy.md), or your own Python policy: a callable
    ``policy(obs, mask) -> actions`` called with the observation tensors (k, D)
    and legal-action masks (k, A) of all k games waiting on its seat, returning
    k action ids (cardsim.policy_batch). ``batch_size`` bounds the games in
    flight at once in such a run (default 4096); it changes no result.
    ``seat_rotation`` plays each deal once under
    every cyclic rotation of the seats (policy j sits at seat (j - r) mod n in
    rotation r), so ``games`` deals give ``games * num_players`` results, row
    ``k * num_players + r``; ``result.by_policy`` then holds the totals per policy.
    Game i depends on (seed, i) alone, so any thread count and any
    split of the range give identical results. ``threads=None`` uses every
    core; the GIL is released while games run. ``summary_only`` keeps only the
    streaming totals, whose memory does not grow with ``games``. ``progress``
    reports on stderr: by default (None) once a run has taken more than about
    2 s, as a bar on a terminal and as a plain line every few seconds elsewhere;
    True from the start; False never.

    Sharded runs (any of ``executor``, ``shard_size``, ``max_in_flight``,
    ``checkpoint``): the range is cut into shards of ``shard_size`` games, each a
    task submitted to ``executor`` (anything with ``submit(fn, *args)`` returning
    a future: a process pool, Dask's ``client.get_executor()``,
    ``cardsim.executors.RayExecutor``; default: in this process), at most
    ``max_in_flight`` at a time. Results merge exactly, so they equal an unsharded
    run. ``checkpoint`` names a JSON file recording finished shards: rerunning the
    same call after an interruption plays only the missing ones. Sharded runs keep
    the summary only.
    """
    g: Any = make(game, **options) if isinstance(game, str) else game
    if not hasattr(g, "_simulate"):
        raise TypeError("simulate needs a game name or a C++ game from cardsim.make")
    if options and not isinstance(game, str):
        raise ValueError("pass options to make(), not to simulate(), when giving a game object")
    n = _check_count(games, "games")
    first = _check_count(first_game, "first_game")
    s = _check_count(seed, "seed")
    if s >= 2**64 or first + n > 2**64:
        raise ValueError("seed and first_game + games must be below 2**64")
    np_ = g.num_players
    python_policy = policy_batch.has_python_policy(policy)
    entries = policy_batch.seat_entries(policy, np_) if python_policy else []
    policies = (
        [policy_batch.policy_name(e) for e in entries]
        if python_policy
        else policy_list(cast("str | Sequence[str]", policy), np_)
    )
    if not isinstance(seat_rotation, bool):
        raise TypeError(f"seat_rotation must be a bool, got {type(seat_rotation).__name__}")
    if batch_size is not None and _check_count(batch_size, "batch_size") == 0:
        raise ValueError("batch_size must be >= 1")
    if batch_size is not None and not python_policy:
        raise ValueError("batch_size applies to runs with a Python policy only")
    rotations = np_ if seat_rotation else 1
    t = (os.cpu_count() or 1) if threads is None else _check_count(threads, "threads")
    if t == 0:
        raise ValueError("threads must be >= 1")
    if progress is not None and not isinstance(progress, bool):
        raise TypeError(f"progress must be True, False or None, got {type(progress).__name__}")

    label = policies[0] if len(set(policies)) == 1 else ",".join(policies)

    def result(
        summary: Any, seconds: float, by_policy: Any = None, **arrays: Any
    ) -> SimulationResult:
        return SimulationResult(
            game=g.name,
            options=g.options,
            policy=label,
            policies=policies,
            seat_rotation=seat_rotation,
            by_policy=by_policy if by_policy is not None else summary,
            seed=s,
            first_game=first,
            games=n * rotations,
            threads=t,
            seconds=seconds,
            summary=summary,
            **arrays,
        )

    if any(x is not None for x in (executor, shard_size, max_in_flight, checkpoint)):
        if summary_only is False:
            raise ValueError("sharded runs keep the summary only: drop summary_only=False")
        if shard_size is not None and _check_count(shard_size, "shard_size") == 0:
            raise ValueError("shard_size must be >= 1")
        if max_in_flight is not None and _check_count(max_in_flight, "max_in_flight") == 0:
            raise ValueError("max_in_flight must be >= 1")
        if executor is not None and not callable(getattr(executor, "submit", None)):
            raise TypeError("executor must have a submit(fn, *args) method returning a future")
        if seat_rotation:
            raise ValueError("sharded runs do not rotate seats: drop seat_rotation or the sharding")
        if python_policy:
            raise ValueError(
                "a Python policy runs in this process: drop executor, shard_size,"
                " max_in_flight and checkpoint"
            )
        return result(
            *run_sharded(
                g,
                s,
                ",".join(policies),
                first,
                n,
                t,
                executor,
                shard_size,
                max_in_flight,
                checkpoint,
                progress,
            )
        )

    if python_policy:
        summary, seconds, by_policy, py_arrays = policy_batch.run(
            g,
            s,
            first,
            n,
            entries,
            t,
            seat_rotation,
            summary_only,
            progress,
            policy_batch.DEFAULT_BATCH_SIZE if batch_size is None else int(batch_size),
        )
        return result(summary, seconds, by_policy, **py_arrays)

    summary = _core.Summary(np_)
    by_policy = _core.Summary(np_) if seat_rotation else None
    rows = n * rotations
    arrays = per_game_arrays(rows, np_, g.traits.timed, summary_only)
    # Chunks of about a quarter second serve progress and Ctrl-C; they change no
    # result. Without progress the run is one call. Search players are slow per
    # game, so their first chunk is small.
    searching = any(_core.parse_policy_spec(p)["kind"] in SEARCH_POLICIES for p in policies)
    bar = Progress(n, g.name, force=bool(progress)) if progress is not False else None
    sizer = ChunkSizer(first=4 if searching else 256) if bar else None
    start = time.perf_counter()
    try:
        lo = 0
        while True:  # at least one call, so that an empty run still has its summary
            size = sizer.next(n - lo) if sizer else n
            hi = min(n, lo + size)
            views = {
                k: (None if v is None else v[lo * rotations : hi * rotations])
                for k, v in arrays.items()
            }
            t0 = time.perf_counter()
            g._simulate(
                s,
                first + lo,
                hi - lo,
                policies,
                t,
                summary,
                **views,
                seat_rotation=seat_rotation,
                by_policy=by_policy,
            )
            if sizer:
                sizer.measured(hi - lo, time.perf_counter() - t0)
            if bar:
                bar.update(hi - lo)
            if hi >= n:
                break
            lo = hi
    finally:
        if bar:
            bar.close()
    return result(summary, time.perf_counter() - start, by_policy, **arrays)
