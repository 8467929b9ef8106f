"""The plain batch runner: every seat a built-in or search spec, played by the C++
runner over all threads in chunks of about a quarter second."""

from __future__ import annotations

import time

from .. import _core
from .plan import RunPlan
from .progress import ChunkSizer, Progress
from .result import RunOutput, per_game_arrays

__all__ = ["run"]

_MOST_PER_CALL = 2**64 - 1


def run(plan: RunPlan) -> RunOutput:
    """Plays the plan's deals with its seats (built-in and search specs only).
    Returns (summary, seconds, by_policy or None, arrays) for a SimulationResult.
    """
    g, n, first = plan.game, plan.games, plan.first_game
    progress, rotations, specs = plan.progress, plan.rotations, plan.seats.bound
    summary = _core.Summary(plan.num_players)
    by_policy = _core.Summary(plan.num_players) if plan.seat_rotation else None
    arrays = per_game_arrays(plan.rows, plan.num_players, g.traits.timed, plan.summary_only)
    # Chunks of about a quarter second serve progress and Ctrl-C; they change no
    # result. Without progress the run is one call. Search players are slow per
    # game, so their first chunk is small.
    bar = Progress(n, g.name, force=bool(progress)) if progress is not False else None
    sizer = ChunkSizer(first=4 if plan.seats.searching else 256) if bar else None
    start = time.perf_counter()
    try:
        lo = 0
        while True:  # at least one call, so that an empty run still has its summary
            # The core counts games in a uint64: a run of all 2**64 games is two calls.
            size = min(sizer.next(n - lo) if sizer else n, _MOST_PER_CALL)
            hi = min(n, lo + size)
            views = {
                k: (None if v is None else v[lo * rotations : hi * rotations])
                for k, v in arrays.items()
            }
            t0 = time.perf_counter()
            g._simulate(
                plan.seed,
                first + lo,
                hi - lo,
                specs,
                plan.threads,
                summary,
                **views,
                seat_rotation=plan.seat_rotation,
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
