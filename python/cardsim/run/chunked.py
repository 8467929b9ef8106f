"""The plain batch runner: every seat a built-in or search spec, played by the C++
runner over all threads in chunks of about a quarter second."""

from __future__ import annotations

import time
from typing import Any

from .. import _core
from ..contract.policies import Seats
from .progress import ChunkSizer, Progress
from .result import per_game_arrays

__all__ = ["run"]


def run(
    g: Any,
    seed: int,
    first: int,
    n: int,
    seats: Seats,
    threads: int,
    seat_rotation: bool,
    summary_only: bool | None,
    progress: bool | None,
) -> tuple[Any, float, Any, dict[str, Any]]:
    """Plays deals ``first .. first + n - 1`` with ``seats`` (specs only).
    Returns (summary, seconds, by_policy or None, arrays) for a SimulationResult.
    """
    np_ = g.num_players
    rotations = np_ if seat_rotation else 1
    summary = _core.Summary(np_)
    by_policy = _core.Summary(np_) if seat_rotation else None
    arrays = per_game_arrays(n * rotations, np_, g.traits.timed, summary_only)
    # Chunks of about a quarter second serve progress and Ctrl-C; they change no
    # result. Without progress the run is one call. Search players are slow per
    # game, so their first chunk is small.
    bar = Progress(n, g.name, force=bool(progress)) if progress is not False else None
    sizer = ChunkSizer(first=4 if seats.searching else 256) if bar else None
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
                seed,
                first + lo,
                hi - lo,
                seats.specs,
                threads,
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
    return summary, time.perf_counter() - start, by_policy, arrays
