"""One game of a batch run, replayed from the runner's own stream."""

from __future__ import annotations

from typing import cast

import numpy as np

from ..contract.policies import parse_seats
from ..contract.protocols import Game
from ..games import BACKENDS, make
from ..records.format import RecordedState, load_record, record
from ..reference import PLAY_TIMED
from .plan import CoreGame, RunPlan

__all__ = ["replay_game"]


def _check_index(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be an int, got {type(value).__name__}")
    v = int(value)
    if not 0 <= v < 2**64:
        raise ValueError(f"{what} must be in [0, 2**64), got {v}")
    return v


def replay_game(
    game: str | Game,
    seed: int = 0,
    index: int = 0,
    policy: str = "random",
    backend: str = "cpp",
    **options: object,
) -> RecordedState:
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
    made = make(game, "cpp", **options) if isinstance(game, str) else game
    if options and not isinstance(game, str):
        raise ValueError("pass options to make(), not to replay_game(), when giving a game object")
    if not hasattr(made, "_replay_game"):
        raise TypeError("replay_game needs a game name or a C++ game from cardsim.make")
    g = cast("CoreGame", made)  # a C++ game: it has the runner's entry points
    s = _check_index(seed, "seed")
    i = _check_index(index, "index")
    seats = parse_seats(policy, g.num_players, python_ok=False)
    if not isinstance(backend, str) or backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    # The one game of the run, planned as simulate plans a run.
    plan = RunPlan(game=g, seats=seats, seed=s, first_game=i, games=1, threads=1)
    state: RecordedState
    if g.traits.timed and not seats.searching:
        state = PLAY_TIMED[g.name](g, seed=s, index=i, policy=seats.specs).state
    else:
        # A C++ state: it has its game, as every state does.
        state = cast("RecordedState", g._replay_game(plan.seed, plan.first_game, plan.seats.bound))
    if backend == "reference":
        state = load_record(record(state), backend="reference")
    return state
