"""cardsim: fast, checked simulation of card games.

    >>> import cardsim
    >>> state = cardsim.make("clock").new_game(seed=7)
    >>> while not state.is_terminal():
    ...     state.apply_action(state.legal_actions()[0])
    >>> result = cardsim.simulate("clock", games=100_000, seed=1)

See README.md and docs/ for the state contract shared by every game.
"""

from __future__ import annotations

from . import _core
from ._version import __version__
from .api import BACKENDS, POLICIES, SEARCH_POLICIES, GameInfo, games, make, simulate
from .constants import MAX_PLAYERS, SIMULTANEOUS, TERMINAL
from .envs import resample as _resample
from .errors import IllegalActionError
from .records import load_record, replay_game, trajectory
from .result import Estimate, SimulationResult, load_result
from .solve import Solution, SolveBatchResult, solve, solve_batch
from .tournament import TournamentResult, tournament
from .traits import GameTraits

__all__ = [
    "BACKENDS",
    "MAX_PLAYERS",
    "POLICIES",
    "SEARCH_POLICIES",
    "SIMULTANEOUS",
    "TERMINAL",
    "Estimate",
    "GameInfo",
    "GameTraits",
    "IllegalActionError",
    "SimulationResult",
    "Solution",
    "SolveBatchResult",
    "Summary",
    "TournamentResult",
    "VectorEnv",
    "__version__",
    "games",
    "load_record",
    "load_result",
    "make",
    "render",
    "replay_game",
    "simulate",
    "solve",
    "solve_batch",
    "tournament",
    "trajectory",
]

#: Exact, mergeable totals of a batch run (see SimulationResult.summary).
Summary = _core.Summary


def __getattr__(name: str) -> object:
    # VectorEnv imports Gymnasium when it is installed; only load it on use.
    if name == "VectorEnv":
        from .vector import VectorEnv

        return VectorEnv
    raise AttributeError(f"module 'cardsim' has no attribute {name!r}")


# Every state gets resample_hidden(player, rng) (numpy only, like the core).
_resample.install()
# ... and record() (a JSON-safe game record) and _repr_svg_ (Jupyter's drawing).
from . import records as _records  # noqa: E402
from . import render  # noqa: E402

_records.install()
render.install()
