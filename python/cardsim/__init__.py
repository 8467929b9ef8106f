"""cardsim: fast, checked simulation of card games.

    >>> import cardsim
    >>> state = cardsim.make("clock").new_game(seed=7)
    >>> while not state.is_terminal():
    ...     state.apply_action(state.legal_actions()[0])
    >>> result = cardsim.simulate("clock", games=100_000, seed=1)

See README.md and docs/ for the state contract shared by every game.
"""

from __future__ import annotations

import importlib

from . import _core, render, state_methods
from ._version import __version__
from .contract import MAX_PLAYERS, SIMULTANEOUS, TERMINAL, GameTraits, IllegalActionError
from .contract.policies import POLICIES, SEARCH_POLICIES
from .games import BACKENDS, GameInfo, games, make
from .records import load_record, record, trajectory  # noqa: F401  (cardsim.record stays)
from .reference.base import ReferenceState as _ReferenceState
from .run.replay import replay_game
from .run.result import SimulationResult, load_result
from .run.simulate import simulate
from .run.stats import Estimate
from .run.tournament import TournamentResult, tournament
from .solver import Solution, SolveBatchResult, solve, solve_batch

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
        return importlib.import_module(".envs.vector", __name__).VectorEnv
    raise AttributeError(f"module 'cardsim' has no attribute {name!r}")


# The methods every state shares are StateMethods' (cardsim/state_methods.py). They call
# records and drawings, which sit above both backends, so the mixin joins each backend's
# state root here, once, as the package loads (pybind11 cannot bind a class on a Python
# base; the mixin has no slots, so neither layout changes).
_core._join_state_base(state_methods.StateMethods)
state_methods.join(_ReferenceState)
