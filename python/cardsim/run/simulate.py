"""``simulate``: one batch run, checked, then played by the runner its mode needs."""

from __future__ import annotations

import os
import warnings
from collections.abc import Sequence
from typing import cast

from ..contract.policies import PolicyFn, Seats, parse_seats
from ..contract.protocols import Game
from ..games import check_count, check_threads, make
from ..guards.memory import check_memory, format_bytes
from . import chunked, python_policy
from .plan import CoreGame, Executor, RunPlan, ShardPlan
from .result import RunOutput, SimulationResult
from .shards import run_sharded

__all__ = ["PER_GAME_ROWS", "execute", "plan_run", "simulate"]

#: With ``summary_only=None`` (the default), a run of more rows than this keeps no
#: per-game arrays, with a warning: pass ``summary_only=False`` to keep them.
PER_GAME_ROWS = 10**7


def simulate(
    game: str | Game,
    games: int = 1000,
    seed: int = 0,
    policy: str | PolicyFn | Sequence[str | PolicyFn] = "random",
    threads: int | None = None,
    first_game: int = 0,
    summary_only: bool | None = None,
    progress: bool | None = None,
    executor: Executor | None = None,
    shard_size: int | None = None,
    max_in_flight: int | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    seat_rotation: bool = False,
    batch_size: int | None = None,
    **options: object,
) -> SimulationResult:
    """Plays games ``first_game .. first_game + games - 1`` of the run with ``seed`` in C++
    (``games`` >= 1).

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
    (cardsim.guards.memory: the memory available now, at most ``MAX_BYTES``)
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
    plan = plan_run(
        game,
        games,
        seed,
        policy,
        threads,
        first_game,
        summary_only,
        progress,
        executor,
        shard_size,
        max_in_flight,
        checkpoint,
        seat_rotation,
        batch_size,
        **options,
    )
    return execute(plan)


def plan_run(
    game: str | Game,
    games: int = 1000,
    seed: int = 0,
    policy: str | PolicyFn | Sequence[str | PolicyFn] | Seats = "random",
    threads: int | None = None,
    first_game: int = 0,
    summary_only: bool | None = None,
    progress: bool | None = None,
    executor: Executor | None = None,
    shard_size: int | None = None,
    max_in_flight: int | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    seat_rotation: bool = False,
    batch_size: int | None = None,
    **options: object,
) -> RunPlan:
    """The checked plan of ``simulate(...)`` with these arguments (see simulate):
    TypeError / ValueError for a bad one, before anything runs."""
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

    shards = None
    if any(x is not None for x in (executor, shard_size, max_in_flight, checkpoint)):
        _check_sharding(summary_only, shard_size, max_in_flight, executor, seat_rotation, python)
        shards = ShardPlan(
            executor,
            None if shard_size is None else int(shard_size),
            None if max_in_flight is None else int(max_in_flight),
            checkpoint,
        )
        summary_only = True
    else:
        rows = n * (np_ if seat_rotation else 1)
        summary_only = _summary_only(summary_only, rows, np_, bool(g.traits.timed))
    return RunPlan(
        game=g,
        seats=seats,
        seed=s,
        first_game=first,
        games=n,
        threads=t,
        seat_rotation=seat_rotation,
        summary_only=summary_only,
        progress=progress,
        batch_size=python_policy.DEFAULT_BATCH_SIZE if batch_size is None else int(batch_size),
        shards=shards,
    )


def execute(plan: RunPlan) -> SimulationResult:
    """Plays a checked plan with the runner it needs and gathers its result."""
    games_played = None  # every game, unless a checkpoint held some
    if plan.shards is not None:
        summary, seconds, games_played = run_sharded(plan)
        out: RunOutput = (summary, seconds, None, {})
    elif plan.seats.python:
        out = python_policy.run(plan)
    else:
        out = chunked.run(plan)
    summary, seconds, by_policy, arrays = out
    seats = plan.seats
    return SimulationResult(
        game=plan.game.name,
        options=plan.game.options,
        policy=seats.label,
        policies=seats.names,
        seat_rotation=plan.seat_rotation,
        by_policy=by_policy if by_policy is not None else summary,
        seed=plan.seed,
        first_game=plan.first_game,
        games=plan.rows,
        threads=plan.threads,
        seconds=seconds,
        summary=summary,
        games_played=games_played,
        scores=arrays.get("scores"),
        winner=arrays.get("winner"),
        winners_mask=arrays.get("winners_mask"),
        moves=arrays.get("moves"),
        truncated=arrays.get("truncated"),
        times=arrays.get("times"),
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
            stacklevel=4,  # the caller of simulate (or tournament)
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
    game: str | Game, games: object, seed: object, first_game: object, options: dict[str, object]
) -> tuple[CoreGame, int, int, int]:
    """The game and the checked (games, first_game, seed) of a run."""
    made = make(game, "cpp", **options) if isinstance(game, str) else game
    if not hasattr(made, "_simulate"):
        raise TypeError("simulate needs a game name or a C++ game from cardsim.make")
    g = cast("CoreGame", made)  # a C++ game: it has the runners' entry points
    if options and not isinstance(game, str):
        raise ValueError("pass options to make(), not to simulate(), when giving a game object")
    n = check_count(games, "games")
    if n == 0:
        # As the command line: a run of no games has no rates to report.
        raise ValueError("games must be >= 1, got 0")
    first = check_count(first_game, "first_game")
    s = check_count(seed, "seed")
    if s >= 2**64:
        raise ValueError(f"seed must be below 2**64, got {s}")
    if first + n > 2**64:
        # Games first .. first + n - 1 are indexed by 64-bit ints: 2**64 games from 0 fit.
        raise ValueError(
            f"first_game + games must be at most 2**64, got {first} + {n} = {first + n}"
        )
    return g, n, first, s


def _check_sharding(
    summary_only: bool | None,
    shard_size: object,
    max_in_flight: object,
    executor: object,
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
