"""``simulate``: one batch run, checked, then played by the runner its mode needs."""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from ..contract.memory import check_memory, format_bytes
from ..contract.policies import parse_seats
from ..games import check_count, check_threads, make
from . import chunked, python_policy
from .result import SimulationResult
from .shards import run_sharded

__all__ = ["PER_GAME_ROWS", "simulate"]

#: With ``summary_only=None`` (the default), a run of more rows than this keeps no
#: per-game arrays, with a warning: pass ``summary_only=False`` to keep them.
PER_GAME_ROWS = 10**7


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
    k action ids (cardsim.run.python_policy). ``batch_size`` bounds the games in
    flight at once in such a run (default 4096); it changes no result.
    ``seat_rotation`` plays each deal once under
    every cyclic rotation of the seats (policy j sits at seat (j - r) mod n in
    rotation r), so ``games`` deals give ``games * num_players`` results, row
    ``k * num_players + r``; ``result.by_policy`` then holds the totals per policy.
    Game i depends on (seed, i) alone, so any thread count and any
    split of the range give identical results. ``threads=None`` uses every
    core; the GIL is released while games run. ``summary_only`` keeps only the
    streaming totals, whose memory does not grow with ``games``; by default
    (None) per-game arrays are kept up to ``PER_GAME_ROWS`` rows (10**7) and
    dropped above it with a warning. Arrays that would not fit in memory
    (cardsim.contract.memory: the memory available now, at most ``MAX_BYTES``)
    are refused with a ValueError before the run starts. ``progress``
    reports on stderr: by default (None) once a run has taken more than about
    2 s, as a bar on a terminal and as a plain line every few seconds elsewhere;
    True from the start; False never.

    Sharded runs (any of ``executor``, ``shard_size``, ``max_in_flight``,
    ``checkpoint``): the range is cut into shards of ``shard_size`` games, each a
    task submitted to ``executor`` (anything with ``submit(fn, *args)`` returning
    a future: a process pool, Dask's ``client.get_executor()``,
    ``cardsim.run.executors.RayExecutor``; default: in this process), at most
    ``max_in_flight`` at a time. Results merge exactly, so they equal an unsharded
    run. ``checkpoint`` names a JSON file recording finished shards: rerunning the
    same call after an interruption plays only the missing ones. Sharded runs keep
    the summary only.
    """
    g, n, first, s = _checked_range(game, games, seed, first_game, options)
    np_ = g.num_players
    seats = parse_seats(policy, np_)
    python = seats.python
    if not isinstance(seat_rotation, bool):
        raise TypeError(f"seat_rotation must be a bool, got {type(seat_rotation).__name__}")
    if batch_size is not None and check_count(batch_size, "batch_size") == 0:
        raise ValueError("batch_size must be >= 1")
    if batch_size is not None and not python:
        raise ValueError("batch_size applies to runs with a Python policy only")
    t = (os.cpu_count() or 1) if threads is None else check_threads(threads)
    if progress is not None and not isinstance(progress, bool):
        raise TypeError(f"progress must be True, False or None, got {type(progress).__name__}")

    games_played = None  # every game, unless a checkpoint held some
    sharded = any(x is not None for x in (executor, shard_size, max_in_flight, checkpoint))
    if not sharded:
        rows = n * (np_ if seat_rotation else 1)
        summary_only = _summary_only(summary_only, rows, np_, bool(g.traits.timed))
    if sharded:
        _check_sharding(summary_only, shard_size, max_in_flight, executor, seat_rotation, python)
        shard = (executor, shard_size, max_in_flight, checkpoint, progress)
        summary, seconds, games_played = run_sharded(g, s, seats.specs, first, n, t, *shard)
        out: tuple[Any, float, Any, dict[str, Any]] = (summary, seconds, None, {})
    elif python:
        size = python_policy.DEFAULT_BATCH_SIZE if batch_size is None else int(batch_size)
        rest = (t, seat_rotation, summary_only, progress, size)
        out = python_policy.run(g, s, first, n, seats, *rest)
    else:
        out = chunked.run(g, s, first, n, seats, t, seat_rotation, summary_only, progress)
    summary, seconds, by_policy, arrays = out
    return SimulationResult(
        game=g.name,
        options=g.options,
        policy=seats.label,
        policies=seats.names,
        seat_rotation=seat_rotation,
        by_policy=by_policy if by_policy is not None else summary,
        seed=s,
        first_game=first,
        games=n * (np_ if seat_rotation else 1),
        threads=t,
        seconds=seconds,
        summary=summary,
        games_played=games_played,
        **arrays,
    )


def _summary_only(summary_only: bool | None, rows: int, players: int, timed: bool) -> bool:
    """Whether a run of ``rows`` results keeps the summary only; ValueError if its
    arrays would not fit in memory."""
    if summary_only is not None and not isinstance(summary_only, bool):
        kind = type(summary_only).__name__
        raise TypeError(f"summary_only must be True, False or None, got {kind}")
    if summary_only:
        return True
    # scores and times per seat, winner, winners_mask, moves, truncated per row
    needed = rows * (players * (4 + (8 if timed else 0)) + 1 + 2 + 4 + 1)
    if summary_only is None and rows > PER_GAME_ROWS:
        warnings.warn(
            f"simulate: {rows:,} games keep the summary only (per-game arrays above"
            f" {PER_GAME_ROWS:,} games are off by default; they would take about"
            f" {format_bytes(needed)}): pass summary_only=False to keep them,"
            " or summary_only=True to silence this",
            stacklevel=3,
        )
        return True
    check_memory(
        needed,
        f"simulate's per-game arrays for {rows:,} games",
        "pass summary_only=True (the summary's memory does not grow with games),"
        " or play fewer games per call (first_game= continues a run)",
    )
    return False


def _checked_range(
    game: str | Any, games: Any, seed: Any, first_game: Any, options: dict[str, Any]
) -> tuple[Any, int, int, int]:
    """The game and the checked (games, first_game, seed) of a run."""
    g: Any = make(game, **options) if isinstance(game, str) else game
    if not hasattr(g, "_simulate"):
        raise TypeError("simulate needs a game name or a C++ game from cardsim.make")
    if options and not isinstance(game, str):
        raise ValueError("pass options to make(), not to simulate(), when giving a game object")
    n = check_count(games, "games")
    first = check_count(first_game, "first_game")
    s = check_count(seed, "seed")
    if s >= 2**64 or first + n > 2**64:
        raise ValueError("seed and first_game + games must be below 2**64")
    return g, n, first, s


def _check_sharding(
    summary_only: bool | None,
    shard_size: Any,
    max_in_flight: Any,
    executor: Any,
    seat_rotation: bool,
    python: bool,
) -> None:
    if summary_only is False:
        raise ValueError("sharded runs keep the summary only: drop summary_only=False")
    if shard_size is not None and check_count(shard_size, "shard_size") == 0:
        raise ValueError("shard_size must be >= 1")
    if max_in_flight is not None and check_count(max_in_flight, "max_in_flight") == 0:
        raise ValueError("max_in_flight must be >= 1")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError("executor must have a submit(fn, *args) method returning a future")
    if seat_rotation:
        raise ValueError("sharded runs do not rotate seats: drop seat_rotation or the sharding")
    if python:
        raise ValueError(
            "a Python policy runs in this process: drop executor, shard_size,"
            " max_in_flight and checkpoint"
        )
