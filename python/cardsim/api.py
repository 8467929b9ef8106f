"""The high-level API: make a game, list games, run batches."""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _core, reference
from .progress import ProgressBar
from .protocols import Game
from .result import SimulationResult
from .shards import run_sharded

__all__ = ["BACKENDS", "POLICIES", "GameInfo", "games", "make", "simulate"]

#: Backend names accepted by ``make``.
BACKENDS = ("cpp", "reference")
#: Policies of the C++ batch runner: uniform random, the game's documented
#: heuristic, and always the lowest legal action id.
POLICIES = ("random", "greedy", "first")

_PROGRESS_MIN_GAMES = 200_000


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


def simulate(
    game: str | Any,
    games: int = 1000,
    seed: int = 0,
    policy: str = "random",
    threads: int | None = None,
    first_game: int = 0,
    summary_only: bool | None = None,
    progress: bool | None = None,
    executor: Any | None = None,
    shard_size: int | None = None,
    max_in_flight: int | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    **options: Any,
) -> SimulationResult:
    """Plays games ``first_game .. first_game + games - 1`` of the run with ``seed`` in C++.

    ``game`` is a registered name (``options`` then configure it) or a game from
    ``make``. Game i depends on (seed, i) alone, so any thread count and any
    split of the range give identical results. ``threads=None`` uses every
    core; the GIL is released while games run. ``summary_only`` keeps only the
    streaming totals, whose memory does not grow with ``games``. ``progress``
    shows a bar on stderr (default: when stderr is a terminal and the run is long).

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
    if not isinstance(policy, str) or policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r} (known: {', '.join(POLICIES)})")
    t = (os.cpu_count() or 1) if threads is None else _check_count(threads, "threads")
    if t == 0:
        raise ValueError("threads must be >= 1")
    np_ = g.num_players
    show = progress if progress is not None else (sys.stderr.isatty() and n >= _PROGRESS_MIN_GAMES)

    def result(summary: Any, seconds: float, **arrays: Any) -> SimulationResult:
        return SimulationResult(
            game=g.name,
            options=g.options,
            policy=policy,
            seed=s,
            first_game=first,
            games=n,
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
        return result(
            *run_sharded(
                g, s, policy, first, n, t, executor, shard_size, max_in_flight, checkpoint, show
            )
        )

    summary = _core.Summary(np_)
    arrays: dict[str, np.ndarray | None] = dict.fromkeys(
        ("scores", "winner", "winners_mask", "moves", "truncated")
    )
    if not summary_only:
        arrays = {
            "scores": np.zeros((n, np_), dtype=np.int32),
            "winner": np.zeros(n, dtype=np.int8),
            "winners_mask": np.zeros(n, dtype=np.uint16),
            "moves": np.zeros(n, dtype=np.int32),
            "truncated": np.zeros(n, dtype=bool),
        }
    # Simultaneous games time their players: each one's finishing time, in seconds.
    arrays["times"] = (
        np.zeros((n, np_), dtype=np.float64) if g.traits.timed and not summary_only else None
    )
    # Chunks only serve the progress bar and Ctrl-C; they change no result.
    chunk = max(n // 100, 50_000) if show else max(n, 1)
    bar = ProgressBar(n, g.name) if show else None
    start = time.perf_counter()
    try:
        for lo in range(0, n, chunk):
            hi = min(n, lo + chunk)
            views = {k: (None if v is None else v[lo:hi]) for k, v in arrays.items()}
            g._simulate(s, first + lo, hi - lo, policy, t, summary, **views)
            if bar:
                bar.update(hi - lo)
    finally:
        if bar:
            bar.close()
    return result(summary, time.perf_counter() - start, **arrays)
