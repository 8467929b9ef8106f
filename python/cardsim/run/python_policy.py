"""Batch runs with your own Python policies at some seats (docs/strategy.md,
"Your own policy").

A Python policy is any callable ``policy(obs, mask) -> actions``. It is called
with batches: ``obs`` is a writable float32 array of shape (k, D), the exact
observation tensor (``game.observation_tensor_shape``) of the seat to move in
each of the k games currently waiting on that seat, and ``mask`` a writable
bool array of shape (k, A) of their legal actions (copies of the core's buffers,
so ``torch.as_tensor`` takes them without a warning, and editing them changes
nothing in the games). It returns k action ids (an
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

import time

import numpy as np

from .. import _core
from ..contract.errors import IllegalActionError
from .plan import RunPlan
from .progress import Progress
from .result import RunOutput, per_game_arrays

__all__ = ["DEFAULT_BATCH_SIZE", "run"]

#: Games in flight at once by default: bounds the memory of a run (states,
#: observation and mask buffers) whatever its length, and is large enough for
#: a numpy policy's per-call cost to vanish.
DEFAULT_BATCH_SIZE = 4096


def _actions(returned: object, k: int, where: str, games: np.ndarray) -> np.ndarray:
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


def run(plan: RunPlan) -> RunOutput:
    """Plays the plan's deals with its seats (callables are played from Python).
    Returns (summary, seconds, by_policy or None, arrays) for a SimulationResult.
    Raises, and returns nothing, if a policy fails or returns a bad action.
    """
    g, n, progress = plan.game, plan.games, plan.progress
    if not hasattr(g, "_policy_batch"):
        raise ValueError(f"{g.name} has no observation tensor, which Python policies read")
    if n >= 2**64:
        # The core's batch counts its games in a uint64 (the built-in runner splits the
        # run instead; with a Python policy 2**64 - 1 games are as endless).
        raise ValueError(f"games must be at most 2**64 - 1 with a Python policy, got {n}")
    np_, rotations = plan.num_players, plan.rotations
    names, callables = plan.seats.names, plan.seats.callables
    arrays = per_game_arrays(plan.rows, np_, g.traits.timed, plan.summary_only)
    # A Python seat's parsed spec is None: the core asks the caller for its moves.
    batch = g._policy_batch(
        plan.seed,
        plan.first_game,
        n,
        list(plan.seats.parsed),
        plan.threads,
        plan.batch_size,
        plan.seat_rotation,
        **arrays,
        by_policy=plan.seat_rotation,
    )
    bufs = batch._buffers()
    obs_buf, mask_buf, game_buf = bufs["obs"], bufs["action_mask"], bufs["game"]
    # The policy gets writable views of buffers of its own, refilled before each call:
    # torch takes them without a warning, and the core's buffers (whose masks act()
    # checks against) stay out of its reach.
    obs_out, mask_out = np.empty_like(obs_buf), np.empty_like(mask_buf)
    bar = Progress(n, g.name, force=bool(progress)) if progress is not False else None
    start = time.perf_counter()
    reported = 0
    try:
        while (group := batch.next_group()) is not None:
            j, seat, k = group
            fn = callables[j]
            where = f"seat {seat} (policy {j}: {names[j]})"
            try:
                np.copyto(obs_out[:k], obs_buf[:k])
                np.copyto(mask_out[:k], mask_buf[:k])
                returned = fn(obs_out[:k], mask_out[:k])
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
    by_policy = _core.Summary(np_) if plan.seat_rotation else None
    batch.merge_into(summary, by_policy)
    return summary, time.perf_counter() - start, by_policy, arrays
